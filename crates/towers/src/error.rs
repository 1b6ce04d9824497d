//! What can go wrong on the command line.

use thiserror::Error;

/// A failure of a `towers` command; it exits with status 2.
#[derive(Debug, Error)]
pub(crate) enum CliError {
    /// The game name is not one of ours.
    #[error("unknown game {:?} (games: {known})", catalog::echo(.name))]
    UnknownGame {
        /// The name given.
        name: String,
        /// The games there are.
        known: String,
    },
    /// An option that is unknown, of another game, or has a value the game does not know.
    #[error("{0}")]
    Option(String),
    /// A move of the record cannot be read or played ("ply N, move M: reason").
    #[error("{0}")]
    Record(String),
    /// A game, bot or input that the shared description of the games refuses.
    #[error("{}", .0.message)]
    Catalog(#[from] catalog::Error),
    /// The seat is not at the table.
    #[error("seat {seat} is not at this table ({seats} seats)")]
    BadSeat {
        /// The seat given.
        seat: usize,
        /// The seats there are.
        seats: usize,
    },
    /// The arena's bots do not fit the table.
    #[error("{0}")]
    BadArena(String),
    /// The ladder cannot be played or rated, or a level failed `--min-step`.
    #[error("ladder: {0}")]
    Ladder(String),
    /// A checkpoint file that cannot be used.
    #[error("checkpoint {path}: {reason}")]
    Checkpoint {
        /// The file.
        path: std::path::PathBuf,
        /// Why not.
        reason: String,
    },
    /// A file that `towers` refuses to use, and why.
    #[error("{path}: {reason}")]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// Why not.
        reason: String,
    },
    /// A Pylos database whose values the consistency check contradicts.
    #[error("{path}: inconsistent values: {inconsistency}")]
    Inconsistent {
        /// The database.
        path: std::path::PathBuf,
        /// The first position found whose value is contradicted.
        inconsistency: solve::Inconsistency,
    },
    /// A file that a Pylos build would overwrite, which is not a database or checkpoint of
    /// its options.
    #[error("{0} (give another file, or --force to overwrite it)")]
    WouldOverwrite(solve::FileError),
    /// A checkpointed solve whose budget ran out: what it proved is saved.
    #[error(
        "the budget ran out after {nodes} nodes; the values proven so far are saved in {path}: \
         run the same command again (with a larger --time) to go on"
    )]
    Unfinished {
        /// The nodes searched.
        nodes: u64,
        /// The checkpoint.
        path: std::path::PathBuf,
    },
    /// A Pyrga solve whose budget ran out before it found a value.
    #[error(
        "the budget ran out after {nodes} nodes (--time {seconds} s): give a larger --time or \
         --nodes; a position of the first plies can take an hour or more (the start's values \
         and times are in docs/solutions.md)"
    )]
    OutOfBudget {
        /// The nodes searched.
        nodes: u64,
        /// The time allowed, in seconds.
        seconds: f64,
    },
    /// A Pylos position that neither the database given nor the direct solve covers.
    #[error("{note}, and {reason}")]
    Uncovered {
        /// Why the database does not cover it.
        note: String,
        /// Why the direct solve does not.
        reason: String,
    },
    /// A solve gave no value.
    #[error(transparent)]
    Solve(#[from] solve::SolveError),
    /// An opening table's shards or file were refused, or a check found a wrong entry.
    #[error(transparent)]
    Table(#[from] solve::TableError),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}
