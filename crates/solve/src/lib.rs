//! # solve
//!
//! Exact values of positions of the tower-building games, with the distance to the end:
//!
//! - [`PyrgaSolver`]: alpha-beta with a transposition table over scores that encode win,
//!   draw or loss and the distance (Pyrga has no cycles and lasts at most 30 plies).
//! - [`PylosIndex`]: a perfect index of Pylos positions (the rank of the filling times the
//!   rank of the colouring, times the player to move); the positions with at least `k`
//!   balls are a prefix of it.
//! - [`PylosDatabase`]: retrograde analysis over that index, in parallel slices (rayon),
//!   one byte per position: a single sweep for `children`, whose game graph has no
//!   cycles, and layers by distance going back from the ends through the moves played
//!   backwards ([`pylos::for_each_predecessor`]) for `standard` and `expert`. Checkpoints
//!   go to a file with a header and a checksum, so that a stopped build resumes; lookups,
//!   best moves and consistency checks.
//! - [`PylosDirect`]: retrograde passes over every position reachable from a late one.
//! - [`minimax`]: the plain exhaustive minimax the solvers are checked against.
//! - [`Value`]: win, draw or loss for the player to move and the distance in plies; its
//!   text is the contract line of `towers solve`.
//!
//! See `docs/solving.md` for the methods and `docs/solutions.md` for the results.

/// The examples of this crate's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod database;
mod direct;
mod error;
mod frontier;
mod index;
mod minimax;
mod pyrga;
mod retro;
mod turn;
mod value;

pub use database::{BuildReport, Header, PylosDatabase, Stage};
pub use direct::PylosDirect;
pub use error::SolveError;
pub use frontier::{CountReport, LayerReport};
pub use index::PylosIndex;
pub use minimax::minimax;
pub use pyrga::{Limits, PyrgaSolver};
pub use retro::{MAX_PLIES, SLICE, SweepReport};
pub use turn::Turn;
pub use value::{Value, Verdict};
