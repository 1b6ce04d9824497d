//! Why a solve did not give a value.

use std::path::{Path, PathBuf};

use crate::value::Value;

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
    /// A database, checkpoint or other file of a solve that cannot be used.
    #[error(transparent)]
    File(#[from] FileError),
}

/// A file of a solve (a Pylos database or its checkpoint, a compact database, a file of
/// results saved as they are found) that cannot be read, written or used: the file and what
/// is wrong with it.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {kind}")]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub kind: FileErrorKind,
}

impl FileError {
    /// The error `kind` of the file `path`.
    pub fn new(path: &Path, kind: FileErrorKind) -> FileError {
        FileError {
            path: path.to_owned(),
            kind,
        }
    }
}

/// What is wrong with a file of a solve.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileErrorKind {
    /// The system could not read or write it.
    #[error("{0}")]
    Io(#[source] std::io::Error),
    /// A directory where a file is wanted.
    #[error("a directory, not a database file")]
    Directory,
    /// A file where a new one is to be written (a compact database is never written over
    /// another file).
    #[error("the file exists; refusing to overwrite it (give a new file)")]
    Exists,
    /// A file that appeared while a new one was written in its place; it is left alone.
    #[error("the file appeared while it was written; left alone")]
    Appeared,
    /// A file that a build would overwrite, which is not a database or checkpoint of the
    /// build's options: the build refuses it, and why it is not one.
    #[error("{0}; refusing to overwrite it")]
    WouldOverwrite(Box<FileErrorKind>),
    /// A file shorter than a header.
    #[error("not a towers database: too short ({bytes} bytes)")]
    TooShort {
        /// Its size.
        bytes: u64,
    },
    /// A file that does not start with the magic of the format read.
    #[error("not a towers database")]
    NotThisFormat,
    /// A header that cannot be read: a damaged line, a field missing or unreadable, a
    /// version or options this program does not know.
    #[error("{reason}")]
    BadHeader {
        /// What is wrong with it.
        reason: String,
    },
    /// A database of another game.
    #[error("not a Pylos database")]
    OtherGame,
    /// A database of an earlier format, which this program no longer reads.
    #[error("{}", old_format(*version))]
    OldFormat {
        /// The format's version.
        version: u32,
    },
    /// A file shorter or longer than its header says.
    #[error("{bytes} bytes where the header says {expected}: truncated or damaged")]
    Truncated {
        /// The bytes there are.
        bytes: u64,
        /// The bytes the header says there are.
        expected: u64,
    },
    /// Contents that do not match the checksum that seals them.
    #[error("the {sealed} do not match their checksum")]
    Checksum {
        /// What the checksum covers ("header and values", "counters", …).
        sealed: &'static str,
    },
    /// A block of a compact database that cannot be decompressed or holds too few values.
    #[error("block {block} is damaged: {reason}")]
    DamagedBlock {
        /// The block.
        block: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// A checkpoint of a build that did not finish, where a finished database is wanted.
    #[error("an unfinished solve (a checkpoint): run the build again to resume it")]
    Unfinished,
    /// A database or checkpoint of other options than the build's.
    #[error("a database of other options ({found})")]
    WrongOptions {
        /// The options of the file.
        found: String,
    },
    /// A file of saved results of this kind, but of another solve.
    #[error("a checkpoint of another solve ({found})")]
    OtherSolve {
        /// The solve the file is of.
        found: String,
    },
    /// A file that is not one of saved results of this kind.
    #[error("not a checkpoint of this kind ({format})")]
    NotCheckpoint {
        /// The kind of file wanted.
        format: String,
    },
    /// A line of a file of saved results that is corrupt.
    #[error("line {line} is corrupt: {text:?}")]
    Corrupt {
        /// The line, counted from 1.
        line: usize,
        /// Its text.
        text: String,
    },
    /// Blocks too small for a compact database.
    #[error("blocks of {block} values: at least 1024 are needed")]
    BlockTooSmall {
        /// The values in a block.
        block: u32,
    },
    /// A zstd level that zstd does not have.
    #[error("zstd level {level}: from 1 to {max} only")]
    NoSuchLevel {
        /// The level given.
        level: i32,
        /// The highest level.
        max: i32,
    },
}

/// Why a database of the earlier format `version` is not read.
fn old_format(version: u32) -> String {
    let why = if version == 2 {
        "whose header no checksum covers: build it again with this program"
    } else {
        "which stores each position twice (once for each player to move): build it again \
         with this program, which stores it once in half the size"
    };
    format!("a database of format {version}, {why}")
}

/// A position whose value the values of the positions around it contradict, found by the
/// consistency check of a Pylos database or direct solve.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{position}: {kind}")]
pub struct Inconsistency {
    /// The position.
    pub position: pylos::State,
    /// What contradicts its value.
    pub kind: InconsistencyKind,
}

/// What contradicts the value of a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InconsistencyKind {
    /// The position, or a position a move leads to, has no value.
    #[error("no value")]
    NoValue,
    /// A move listed as legal that does not apply: a bug of the rules.
    #[error("{0}")]
    MoveFailed(pylos::boardcore::MoveError<pylos::Illegal>),
    /// A finished game whose value is not its outcome.
    #[error("{value} but the game is over: {end}")]
    NotTheOutcome {
        /// The value stored.
        value: Value,
        /// The value of the outcome.
        end: Value,
    },
    /// A value that the values after the moves do not give: a win without a move to a
    /// loss one ply shorter (or with a shorter one), a loss with a move to a draw or a
    /// loss or whose longest move is not one ply shorter, a draw with a move to a loss or
    /// none to a draw.
    #[error("{value} but moves lead to {children:?}")]
    NotTheBest {
        /// The value stored.
        value: Value,
        /// The values after each legal move, for the player to move then.
        children: Vec<Value>,
    },
}
