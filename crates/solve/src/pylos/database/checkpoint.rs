//! The checkpoints of a build: the values so far (and the counters of a build by layers)
//! written to the database's own file at a stage.

use std::path::Path;
use std::sync::atomic::AtomicU8;
use std::time::{Duration, Instant};

use pylos::Config;

use super::cells::{checksum_of, write_cells};
use super::counters::{counters_path, write_counters};
use super::header::MAGIC;
use super::{Header, Stage};
use crate::error::SolveError;
use crate::file::write_file;
use crate::pylos::frontier::Counters;

/// Where and for what a build writes its checkpoints.
pub(super) struct Checkpoint<'a> {
    pub(super) path: &'a Path,
    pub(super) config: Config,
    pub(super) min_balls: u32,
    pub(super) every: Duration,
}

impl Checkpoint<'_> {
    /// Whether a checkpoint is due, the last one having been written at `last`.
    pub(super) fn due(&self, last: Instant) -> bool {
        last.elapsed() >= self.every
    }

    /// Writes the values at `stage`, with the counters of a build by layers first.
    pub(super) fn write(
        &self,
        stage: Stage,
        cells: &[AtomicU8],
        counters: Option<&Counters>,
    ) -> Result<(), SolveError> {
        if let Some(counters) = counters {
            write_counters(&counters_path(self.path), stage, counters)?;
        }
        write_values(self.path, self.config, self.min_balls, stage, cells)
    }
}

/// Writes the values of `cells` at `stage` to the database file `path`.
pub(super) fn write_values(
    path: &Path,
    config: Config,
    min_balls: u32,
    stage: Stage,
    cells: &[AtomicU8],
) -> Result<(), SolveError> {
    let header = Header::sealed(config, min_balls, stage, cells.len() as u64, |hash| {
        checksum_of(hash, cells)
    });
    write_file(path, *MAGIC, &header.line(), |writer| {
        write_cells(writer, cells)
    })
}
