//! # solve
//!
//! Exact values of positions of the tower-building games, with the distance to the end:
//!
//! - [`PyrgaSolver`]: alpha-beta with a transposition table over scores that encode win,
//!   draw or loss and the distance (Pyrga has no cycles and lasts at most 30 plies).
//! - [`minimax`]: the plain exhaustive minimax the solvers are checked against.
//!
//! See `docs/solving.md` for the methods and `docs/solutions.md` for the results.

mod database;
mod direct;
mod error;
mod index;
mod minimax;
mod pyrga;
mod retro;
mod turn;
mod value;

pub use database::{BuildReport, Header, PylosDatabase};
pub use direct::PylosDirect;
pub use error::SolveError;
pub use index::PylosIndex;
pub use minimax::minimax;
pub use pyrga::{Limits, PyrgaSolver};
pub use retro::{MAX_PLIES, PassReport, SLICE};
pub use turn::Turn;
pub use value::{Value, Verdict};
