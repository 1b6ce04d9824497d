//! A Pylos database: the packed values of every position with at least `k` balls placed,
//! in a file with a header, built by a sweep (`children`) or by retrograde layers from the
//! ends (`standard`, `expert`), with checkpoints in the file.

#[cfg(feature = "database")]
mod build;
#[cfg(feature = "database")]
mod cells;
#[cfg(feature = "database")]
mod checkpoint;
#[cfg(feature = "database")]
pub(crate) mod compact;
#[cfg(feature = "database")]
mod counters;
mod header;
#[cfg(feature = "database")]
mod read;
pub(crate) mod reader;
#[cfg(feature = "database")]
#[cfg(test)]
mod tests;

#[cfg(feature = "database")]
pub use build::{BuildReport, BuildSettings};
pub use header::{Header, Stage};

#[cfg(feature = "database")]
use std::path::PathBuf;

#[cfg(feature = "database")]
use crate::pylos::index::PylosIndex;
#[cfg(feature = "database")]
use compact::CompactValues;

/// The values of every Pylos position with at least `min_balls` balls on the board, for
/// one set of options: one byte per index of [`PylosIndex`](crate::PylosIndex).
///
/// The positions with at least `k` balls are closed under moves only in `children` (no
/// take-backs); in the other variants only `k = 0`, the whole game, can be built.
///
/// A database is either the file a build writes, read whole into memory (one byte per
/// index), or its compact form ([`PylosDatabase::write_compact`]), whose values stay in the
/// file, compressed in blocks, and are read block by block as positions are looked up.
#[cfg(feature = "database")]
pub struct PylosDatabase {
    path: PathBuf,
    index: PylosIndex,
    header: Header,
    values: Values,
}

/// Where the values of a database are.
#[cfg(feature = "database")]
enum Values {
    /// In memory, one byte per index.
    Plain(Vec<u8>),
    /// In a compact file.
    Compact(Box<CompactValues>),
}

/// The form of an open database and what it takes.
#[cfg(feature = "database")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// The file of a build, read whole into memory.
    Plain {
        /// The bytes of memory the values take (one per index).
        bytes: u64,
    },
    /// A compact file, read block by block.
    Compact {
        /// The size of the file, in bytes.
        bytes: u64,
        /// The blocks of values in it.
        blocks: u64,
    },
}
