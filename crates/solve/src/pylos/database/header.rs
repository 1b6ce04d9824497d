//! The header of a database file: the options, the positions covered, how far the build
//! got and the checksum, in the sealed line after the magic.

use std::path::Path;

use pylos::{Config, State};

use crate::error::{FileErrorKind, SolveError};
use crate::file::{bad_file, unseal_line};
#[cfg(feature = "database")]
use crate::file::{fnv1a, seal_line};
use crate::pylos::index::PylosIndex;

/// The first bytes of every database file.
#[cfg(feature = "database")]
pub(super) const MAGIC: &[u8; 8] = b"TOWERSDB";
/// The version of the file format: 2 indexes positions up to symmetry; 3 seals the header,
/// its checksum covering every byte of the header line before it as well as the values; 4
/// stores each position once, seen from the player to move (half the indices of 3).
const FORMAT: u32 = 4;

/// What a database file says about itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Header {
    /// The options of the game.
    pub config: Config,
    /// The fewest balls on the board of the positions covered.
    pub min_balls: u32,
    /// The number of indices (positions, valid or not) covered.
    pub positions: u64,
    /// How far the build got.
    pub stage: Stage,
    /// The FNV-1a 64-bit checksum of the header line before it, then of the values.
    pub checksum: u64,
}

/// How far the build of a database got.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// A checkpoint of a build by one sweep: the indices before this one are solved.
    Swept(u64),
    /// A checkpoint of a build by layers: the indices before this one are classified and
    /// their children counted.
    Counted(u64),
    /// A checkpoint of a build by layers: the parents of the positions up to this
    /// distance have been visited.
    Layer(u32),
    /// A complete database.
    Done,
}

impl Stage {
    #[cfg(feature = "database")]
    pub(super) fn text(self) -> String {
        match self {
            Stage::Swept(end) => format!("swept:{end}"),
            Stage::Counted(end) => format!("counted:{end}"),
            Stage::Layer(plies) => format!("layer:{plies}"),
            Stage::Done => "done".to_owned(),
        }
    }

    fn parse(text: &str) -> Option<Stage> {
        if text == "done" {
            return Some(Stage::Done);
        }
        let (kind, number) = text.split_once(':')?;
        match kind {
            "swept" => number.parse().ok().map(Stage::Swept),
            "counted" => number.parse().ok().map(Stage::Counted),
            "layer" => number.parse().ok().map(Stage::Layer),
            _ => None,
        }
    }
}

impl Header {
    /// The index of `state` in a file of this header, read with `index` (the file's own
    /// index of its options).
    ///
    /// # Errors
    /// [`SolveError::NotCovered`] for a position of other options or with fewer balls
    /// than the file holds.
    pub(crate) fn index_of(&self, index: &PylosIndex, state: &State) -> Result<u64, SolveError> {
        let not_covered = |reason: String| SolveError::NotCovered { reason };
        let at = index.index_of(state).ok_or_else(|| {
            not_covered(format!(
                "the database is for {}, the position for {}",
                self.config,
                state.config()
            ))
        })?;
        if at >= self.positions {
            return Err(not_covered(format!(
                "the database holds positions with at least {} balls",
                self.min_balls
            )));
        }
        Ok(at)
    }

    /// The header of `positions` values of these options at `stage`, its checksum sealing
    /// the header line and the values: `values_hash` continues the hash of the line over
    /// the values.
    #[cfg(feature = "database")]
    pub(super) fn sealed(
        config: Config,
        min_balls: u32,
        stage: Stage,
        positions: u64,
        values_hash: impl FnOnce(u64) -> u64,
    ) -> Header {
        let mut header = Header {
            config,
            min_balls,
            positions,
            stage,
            checksum: 0,
        };
        header.checksum = values_hash(fnv1a(header.fields().as_bytes()));
        header
    }

    /// The header line up to its checksum.
    #[cfg(feature = "database")]
    pub(crate) fn fields(&self) -> String {
        format!(
            "game=pylos format={FORMAT} variant={} takeback={} end={} min_balls={} positions={} stage={}",
            self.config.variant,
            self.config.takeback,
            self.config.end,
            self.min_balls,
            self.positions,
            self.stage.text(),
        )
    }

    #[cfg(feature = "database")]
    pub(super) fn line(&self) -> String {
        seal_line(&self.fields(), self.checksum)
    }

    pub(crate) fn parse(path: &Path, line: &str) -> Result<Header, SolveError> {
        let bad = |reason: &str| {
            bad_file(
                path,
                FileErrorKind::BadHeader {
                    reason: reason.to_owned(),
                },
            )
        };
        let field = |name: &str| {
            line.split_whitespace()
                .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
                .ok_or_else(|| bad(&format!("the header has no {name}")))
        };
        if field("game")? != "pylos" {
            return Err(bad_file(path, FileErrorKind::OtherGame));
        }
        match field("format")? {
            format if format == FORMAT.to_string() => {}
            old @ ("2" | "3") => {
                let version = if old == "2" { 2 } else { 3 };
                return Err(bad_file(path, FileErrorKind::OldFormat { version }));
            }
            _ => return Err(bad("an unknown format version")),
        }
        let config: Config = format!(
            "{} {} {}",
            field("variant")?,
            field("takeback")?,
            field("end")?
        )
        .parse()
        .map_err(|_| bad("unknown options"))?;
        let number = |name: &str| -> Result<u64, SolveError> {
            field(name)?
                .parse()
                .map_err(|_| bad(&format!("a bad {name}")))
        };
        let stage = Stage::parse(field("stage")?).ok_or_else(|| bad("a bad stage"))?;
        Ok(Header {
            config,
            min_balls: number("min_balls")? as u32,
            positions: number("positions")?,
            stage,
            checksum: unseal_line(line).ok_or_else(|| bad("a bad checksum"))?.1,
        })
    }
}
