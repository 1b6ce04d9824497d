//! The values and counters of a build, held in atomics: copied out a chunk at a time to be
//! hashed or written.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU8, Ordering};

use crate::file::fnv1a_continue;

/// The bytes copied out of the atomics at a time.
pub(super) const COPY_CHUNK: usize = 1 << 20;

/// The bytes of `cells` from `start`, at most [`COPY_CHUNK`] of them.
fn chunk_of(cells: &[AtomicU8], start: usize) -> Vec<u8> {
    cells[start..(start + COPY_CHUNK).min(cells.len())]
        .iter()
        .map(|c| c.load(Ordering::Relaxed))
        .collect()
}

/// The FNV-1a hash `hash` continued over the bytes of `cells`, read a chunk at a time
/// rather than copied.
pub(super) fn checksum_of(hash: u64, cells: &[AtomicU8]) -> u64 {
    (0..cells.len())
        .step_by(COPY_CHUNK)
        .fold(hash, |hash, start| {
            fnv1a_continue(hash, &chunk_of(cells, start))
        })
}

/// Writes the bytes of `cells`, a chunk at a time.
pub(super) fn write_cells(writer: &mut impl Write, cells: &[AtomicU8]) -> io::Result<()> {
    (0..cells.len())
        .step_by(COPY_CHUNK)
        .try_for_each(|start| writer.write_all(&chunk_of(cells, start)))
}
