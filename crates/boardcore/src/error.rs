//! The error types every game shares; each game supplies the reasons.

use thiserror::Error;

/// Why a move was refused by [`Game::apply`](crate::Game::apply).
///
/// `R` is the game's own reason enum, which names the rule the move breaks.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveError<R> {
    /// The game is already over; no move can be played.
    #[error("the game is over")]
    GameOver,
    /// The move breaks the rule that `R` names.
    #[error("{0}")]
    Illegal(R),
}

impl<R> MoveError<R> {
    /// The game's reason, unless the game was over.
    pub fn reason(&self) -> Option<&R> {
        match self {
            MoveError::GameOver => None,
            MoveError::Illegal(reason) => Some(reason),
        }
    }
}

/// Text that could not be read as what it claims to be (a move, a cell, a position…).
///
/// ```
/// use boardcore::Direction;
///
/// let error = "up".parse::<Direction>().unwrap_err();
/// assert_eq!(error.what(), "direction");
/// assert_eq!(error.input(), "up");
/// assert_eq!(error.to_string(), "cannot read direction \"up\": expected one of n, e, s, w");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("cannot read {what} {input:?}: {reason}")]
pub struct ParseError {
    what: String,
    input: String,
    reason: String,
}

impl ParseError {
    /// An error reading `input` as a `what`, for `reason`.
    pub fn new(what: &str, input: impl Into<String>, reason: impl Into<String>) -> ParseError {
        ParseError {
            what: what.to_owned(),
            input: input.into(),
            reason: reason.into(),
        }
    }

    /// What the text was read as: `move`, `cell`, `position`…
    pub fn what(&self) -> &str {
        &self.what
    }

    /// The text that could not be read.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// Why it could not be read.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

/// Why a position (from text or from a deserializer) was refused.
///
/// `R` is the game's own reason enum for positions that read well but cannot occur in the
/// game (too many pieces, a piece out of place…).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PositionError<R> {
    /// The text is not in the position form.
    #[error(transparent)]
    Syntax(#[from] ParseError),
    /// The position reads well but breaks a rule of the game.
    #[error("invalid position: {0}")]
    Invalid(R),
}

/// Why one move of a game record could not be played: one flat enum, so that a program
/// matches `ReplayError::Illegal(reason)` directly.
///
/// `R` is the game's reason enum for illegal moves.
///
/// ```
/// use boardcore::{MoveError, ReplayError};
///
/// let refused: ReplayError<&str> = MoveError::Illegal("square banned").into();
/// assert_eq!(refused, ReplayError::Illegal("square banned"));
/// assert_eq!(refused.reason(), Some(&"square banned"));
/// assert_eq!(ReplayError::<&str>::from(MoveError::GameOver), ReplayError::GameOver);
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ReplayError<R> {
    /// The move's text is not in the game's notation.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The game was already over before the move.
    #[error("the game is over")]
    GameOver,
    /// The move breaks the rule that `R` names.
    #[error("{0}")]
    Illegal(R),
}

impl<R> ReplayError<R> {
    /// The game's reason when the move was illegal; `None` for a text that cannot be read
    /// or a game already over.
    pub fn reason(&self) -> Option<&R> {
        match self {
            ReplayError::Illegal(reason) => Some(reason),
            ReplayError::Parse(_) | ReplayError::GameOver => None,
        }
    }
}

impl<R> From<MoveError<R>> for ReplayError<R> {
    fn from(error: MoveError<R>) -> ReplayError<R> {
        match error {
            MoveError::GameOver => ReplayError::GameOver,
            MoveError::Illegal(reason) => ReplayError::Illegal(reason),
        }
    }
}

/// A game record that could not be replayed: which move, and why.
///
/// ```
/// use boardcore::RecordError;
///
/// fn describe<R: std::fmt::Display>(error: &RecordError<R>) -> String {
///     format!("ply {} ({}) failed: {}", error.ply, error.text, error.error)
/// }
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("ply {ply}, move {text}: {error}")]
pub struct RecordError<R> {
    /// The position of the move in the record, from 1.
    pub ply: usize,
    /// The move as written in the record.
    pub text: String,
    /// Why it failed.
    pub error: ReplayError<R>,
}

impl<R> RecordError<R> {
    /// The game's reason when the move was illegal, as [`ReplayError::reason`].
    pub fn reason(&self) -> Option<&R> {
        self.error.reason()
    }
}
