//! # solve
//!
//! Exact values of positions of the tower-building games, with the distance to the end:
//!
//! - [`PyrgaSolver`]: alpha-beta with a transposition table over scores that encode win,
//!   draw or loss and the distance (Pyrga has no cycles and lasts at most 30 plies).
//! - [`PyrgaBook`]: the opening book shipped for each rule set: the verdict, a move that
//!   keeps it and, where known, the exact value of every position a perfect player meets
//!   in the first plies.
//! - [`PylosIndex`]: a perfect index of Pylos positions (the rank of the filling times the
//!   rank of the colouring, times the player to move); the positions with at least `k`
//!   balls are a prefix of it.
//! - [`PylosDatabase`]: retrograde analysis over that index, in parallel slices (rayon),
//!   one byte per position: a single sweep for `children`, whose game graph has no
//!   cycles, and layers by distance going back from the ends through the moves played
//!   backwards ([`pylos::for_each_predecessor`](::pylos::for_each_predecessor)) for `standard` and `expert`. Checkpoints
//!   go to a file with a header and a checksum, so that a stopped build resumes; lookups,
//!   best moves and consistency checks.
//! - [`PylosDirect`]: retrograde passes over every position reachable from a late one.
//! - [`minimax`]: the plain exhaustive minimax the solvers are checked against.
//! - [`Value`]: win, draw or loss for the player to move and the distance in plies; its
//!   text is the contract line of `towers solve`.
//!
//! See `docs/solving.md` for the methods and `docs/solutions.md` for the results.
//!
//! ## Features
//!
//! - `database` (on by default): [`PylosDatabase`] and [`PylosDirect`], which need threads
//!   (rayon) and files. Without it (`default-features = false`)
//!   the crate holds [`PyrgaSolver`], [`PylosIndex`], [`minimax`] and the values, and
//!   builds for `wasm32-unknown-unknown`, where the Pyrga solver's time limit reads the
//!   browser's clock.

// Without `database`, the crate docs above still name its types.
#![cfg_attr(not(feature = "database"), allow(rustdoc::broken_intra_doc_links))]

/// The examples of this crate's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod error;
mod file;
mod minimax;
mod progress;
mod pylos;
mod pyrga;
mod turn;
mod value;

#[cfg(feature = "database")]
pub use crate::pylos::database::compact::{CompactReport, CompactSettings};
#[cfg(feature = "tablebase")]
pub use crate::pylos::database::reader::CompactReader;
#[cfg(feature = "database")]
pub use crate::pylos::database::{BuildReport, BuildSettings, PylosDatabase, Storage};
#[cfg(feature = "tablebase")]
pub use crate::pylos::database::{Header, Stage};
#[cfg(feature = "database")]
pub use crate::pylos::direct::PylosDirect;
pub use crate::pylos::index::{IndexWalk, PylosIndex};
#[cfg(feature = "database")]
pub use crate::pylos::report::{CountReport, LayerReport, SweepReport};
#[cfg(feature = "database")]
pub use crate::pylos::retro::{MAX_PLIES, SLICE};
pub use error::{FileError, FileErrorKind, Inconsistency, InconsistencyKind, SolveError};
pub use file::{fnv1a, fnv1a_continue};
pub use minimax::minimax;
pub use progress::{Event, Job, Progress, Quiet};
#[cfg(feature = "database")]
pub use pyrga::{BookCheckpoint, MoveValuesFile, build_shard, merge_shards};
pub use pyrga::{
    BookEntry, BookError, BookSettings, Limits, PyrgaBook, PyrgaProof, PyrgaSolver, PyrgaTable,
    Shard, TableError, TableSettings, known_move_values,
};
pub use turn::Turn;
pub use value::{Value, Verdict};
