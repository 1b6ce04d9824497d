//! Why a solve did not give a value.

use std::path::PathBuf;

/// Why a solve stopped without a value.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// A node, time or position limit ran out first.
    #[error("the budget ran out after {nodes} nodes")]
    OutOfBudget {
        /// The nodes (or positions) visited.
        nodes: u64,
    },
    /// A move the engine listed did not apply: a bug in the engine or the solver.
    #[error("internal error: a listed move did not apply")]
    Internal,
    /// A move given to the solver that is not legal in the position.
    #[error("{mv} is not a legal move of the position")]
    IllegalMove {
        /// The move, in notation.
        mv: String,
    },
    /// A position the database does not cover.
    #[error("the database does not cover this position: {reason}")]
    NotCovered {
        /// Why not.
        reason: String,
    },
    /// A distance longer than the database format can hold.
    #[error("a distance of {plies} plies does not fit the format (at most {max})")]
    TooLong {
        /// The distance met.
        plies: u32,
        /// The longest distance the format holds.
        max: u32,
    },
    /// A database or checkpoint file that cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// A database file that is not what it should be.
    #[error("{path}: {reason}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}
