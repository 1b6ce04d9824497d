//! The errors of the JavaScript API, as plain Rust values: a kind and a message.

use core::fmt;

use boardcore::{MoveError, PositionError, RecordError, ReplayError};

/// What kind of input was refused; JavaScript sees it as the `kind` property of the thrown
/// `Error`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// A move, record or position text that does not read.
    Parse,
    /// A move the rules forbid here (also steps that lead to no legal move).
    Illegal,
    /// A move (or a bot move) asked for after the end of the game.
    GameOver,
    /// A position text that reads but is not a reachable arrangement.
    InvalidPosition,
    /// An unknown game, option, option value, bot, level, seed, depth or argument type;
    /// a solve asked of a game without a solver.
    BadOption,
    /// The solver's time or node budget ran out before it found the value.
    OutOfBudget,
}

impl ErrorKind {
    /// The kind as JavaScript spells it: `"parse"`, `"illegal"`, `"gameOver"`,
    /// `"invalidPosition"`, `"badOption"` or `"outOfBudget"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::Illegal => "illegal",
            ErrorKind::GameOver => "gameOver",
            ErrorKind::InvalidPosition => "invalidPosition",
            ErrorKind::BadOption => "badOption",
            ErrorKind::OutOfBudget => "outOfBudget",
        }
    }
}

/// A refused input: its kind and the reason, worded as `towers` words it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WebError {
    /// The kind of refusal.
    pub kind: ErrorKind,
    /// The reason, for a person.
    pub message: String,
}

impl WebError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> WebError {
        WebError {
            kind,
            message: message.into(),
        }
    }

    /// A [`ErrorKind::BadOption`] error.
    pub fn bad_option(message: impl Into<String>) -> WebError {
        WebError::new(ErrorKind::BadOption, message)
    }

    /// The error of a move that could not be played.
    pub fn from_move<R: fmt::Display>(error: &MoveError<R>) -> WebError {
        let kind = match error {
            MoveError::GameOver => ErrorKind::GameOver,
            MoveError::Illegal(_) => ErrorKind::Illegal,
        };
        WebError::new(kind, error.to_string())
    }

    /// The error of a record that could not be replayed: the kind of its first bad move,
    /// and the message `ply N, move M: reason`.
    pub fn from_record<R: fmt::Display>(error: &RecordError<R>) -> WebError {
        let kind = match &error.error {
            ReplayError::Parse(_) => ErrorKind::Parse,
            ReplayError::Illegal(MoveError::GameOver) => ErrorKind::GameOver,
            ReplayError::Illegal(MoveError::Illegal(_)) => ErrorKind::Illegal,
        };
        WebError::new(kind, error.to_string())
    }

    /// The error of a position text that could not be read.
    pub fn from_position<R: fmt::Display>(error: &PositionError<R>) -> WebError {
        let kind = match error {
            PositionError::Syntax(_) => ErrorKind::Parse,
            PositionError::Invalid(_) => ErrorKind::InvalidPosition,
        };
        WebError::new(kind, error.to_string())
    }
}

impl fmt::Display for WebError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} error: {}", self.kind.as_str(), self.message)
    }
}

impl std::error::Error for WebError {}
