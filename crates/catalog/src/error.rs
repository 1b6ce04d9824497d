//! The errors of every front-end: a kind (the same for Rust, JavaScript and Python) and a
//! message, and the structured errors of options, which each front-end may word with its
//! own spelling of an option's name.

use core::fmt;

use boardcore::{MoveError, PositionError, RecordError, ReplayError};
use thiserror::Error;

/// The most characters of a user's input that an error message repeats; longer input is
/// cut there, its last character kept being `…`, so that a huge bad record gives a short
/// message.
pub const MAX_ECHO: usize = 80;

/// `text` as an error message repeats it: at most [`MAX_ECHO`] characters, ending with `…`
/// when cut.
///
/// ```
/// assert_eq!(catalog::echo("Sa1"), "Sa1");
/// let cut = catalog::echo(&"x".repeat(500));
/// assert_eq!(cut.chars().count(), catalog::MAX_ECHO);
/// assert!(cut.ends_with('…'));
/// ```
pub fn echo(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHO) {
        Some(_) => {
            let kept: String = text.chars().take(MAX_ECHO - 1).collect();
            format!("{kept}…")
        }
        None => text.to_owned(),
    }
}

/// The longest message of an [`Error`](struct@Error), in characters; a longer one is cut there.
pub const MAX_MESSAGE: usize = 400;

/// `message` with every run of characters without a space that is longer than
/// [`MAX_ECHO`] cut by [`echo`], and the whole cut to at most [`MAX_MESSAGE`] characters:
/// input repeated inside a message (a move of a long record, a value on the command line)
/// does not flood a terminal or a dialog.
///
/// ```
/// let long = format!("cannot read move {:?}", "x".repeat(100_000));
/// assert!(catalog::shorten(&long).chars().count() <= catalog::MAX_ECHO + 20);
/// assert_eq!(catalog::shorten("ply 2, move Sd4: no"), "ply 2, move Sd4: no");
/// ```
pub fn shorten(message: &str) -> String {
    let mut shortened = String::with_capacity(message.len().min(MAX_MESSAGE));
    let mut rest = message;
    while !rest.is_empty() {
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        shortened.push_str(&echo(&rest[..word_end]));
        rest = &rest[word_end..];
        let space_end = rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len());
        shortened.push_str(&rest[..space_end]);
        rest = &rest[space_end..];
        if shortened.len() > 4 * MAX_MESSAGE {
            break;
        }
    }
    match shortened.char_indices().nth(MAX_MESSAGE) {
        Some(_) => {
            let kept: String = shortened.chars().take(MAX_MESSAGE - 1).collect();
            format!("{kept}…")
        }
        None => shortened,
    }
}

/// What kind of input was refused; JavaScript sees it as the `kind` property of the thrown
/// `Error`, Python as the exception's class.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
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
    /// No solution given covers the position (a Pylos position with fewer balls than a
    /// tablebase holds, or of other options), and it is too early to solve directly.
    NoDatabase,
    /// A solution file that cannot be used: not one, damaged, cut short, unreadable.
    BadFile,
}

impl ErrorKind {
    /// Every kind, in the order of their declaration.
    pub const ALL: [ErrorKind; 8] = [
        ErrorKind::Parse,
        ErrorKind::Illegal,
        ErrorKind::GameOver,
        ErrorKind::InvalidPosition,
        ErrorKind::BadOption,
        ErrorKind::OutOfBudget,
        ErrorKind::NoDatabase,
        ErrorKind::BadFile,
    ];

    /// The kind as JavaScript spells it: `"parse"`, `"illegal"`, `"gameOver"`,
    /// `"invalidPosition"`, `"badOption"`, `"outOfBudget"`, `"noDatabase"` or `"badFile"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::Illegal => "illegal",
            ErrorKind::GameOver => "gameOver",
            ErrorKind::InvalidPosition => "invalidPosition",
            ErrorKind::BadOption => "badOption",
            ErrorKind::OutOfBudget => "outOfBudget",
            ErrorKind::NoDatabase => "noDatabase",
            ErrorKind::BadFile => "badFile",
        }
    }
}

/// A refused input: its kind and the reason, worded as `towers` words it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    /// The kind of refusal.
    pub kind: ErrorKind,
    /// The reason, for a person.
    pub message: String,
}

impl Error {
    /// An error of `kind` saying `message`, [shortened](shorten) where it repeats long
    /// input.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: shorten(&message.into()),
        }
    }

    /// A [`ErrorKind::BadOption`] error.
    pub fn bad_option(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::BadOption, message)
    }

    /// The [`ErrorKind::GameOver`] error of a move or bot move asked for after the end.
    pub fn game_over() -> Error {
        Error::new(ErrorKind::GameOver, "the game is over")
    }

    /// The error of a move that could not be played.
    pub fn from_move<R: fmt::Display>(error: &MoveError<R>) -> Error {
        let kind = match error {
            MoveError::GameOver => ErrorKind::GameOver,
            MoveError::Illegal(_) => ErrorKind::Illegal,
        };
        Error::new(kind, error.to_string())
    }

    /// The error of a record that could not be replayed: the kind of its first bad move,
    /// and the message `ply N, move M: reason`.
    pub fn from_record<R: fmt::Display>(error: &RecordError<R>) -> Error {
        let kind = match &error.error {
            ReplayError::Parse(_) => ErrorKind::Parse,
            ReplayError::GameOver => ErrorKind::GameOver,
            ReplayError::Illegal(_) => ErrorKind::Illegal,
        };
        Error::new(kind, error.to_string())
    }

    /// The error of a position text that could not be read.
    pub fn from_position<R: fmt::Display>(error: &PositionError<R>) -> Error {
        let kind = match error {
            PositionError::Syntax(_) => ErrorKind::Parse,
            PositionError::Invalid(_) => ErrorKind::InvalidPosition,
        };
        Error::new(kind, error.to_string())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} error: {}", self.kind.as_str(), self.message)
    }
}

impl std::error::Error for Error {}

/// An option that does not fit a game. Its `Display` names options as JavaScript and
/// Python spell them (`buildingMatch`); [`OptionError::worded`] lets a front-end use its
/// own spelling (`--building-match`).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum OptionError {
    /// No game has an option of this name.
    #[error("{}", self.worded(str::to_owned))]
    Unknown {
        /// The name given.
        key: String,
        /// The game it was given to.
        game: &'static str,
        /// The options of that game.
        known: Vec<&'static str>,
    },
    /// The option belongs to another game.
    #[error("{}", self.worded(str::to_owned))]
    NotForGame {
        /// The option.
        key: String,
        /// The game it was given to.
        game: &'static str,
        /// The options of that game.
        known: Vec<&'static str>,
    },
    /// The value is not one the game knows.
    #[error("option {key} {:?}: expected {expected}", echo(value))]
    BadValue {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// The values allowed, in words.
        expected: String,
    },
}

impl OptionError {
    /// The message with each option name written by `spell` (for example as a command
    /// line flag); an unknown name is repeated as it was given.
    ///
    /// ```
    /// use catalog::OptionError;
    ///
    /// let error = OptionError::NotForGame {
    ///     key: "buildingMatch".to_owned(),
    ///     game: "pylos",
    ///     known: vec!["variant", "takeback", "end"],
    /// };
    /// assert_eq!(
    ///     error.to_string(),
    ///     "option buildingMatch does not apply to pylos (its options: variant, takeback, end)"
    /// );
    /// let flag = |key: &str| format!("--{}", key.to_lowercase());
    /// assert_eq!(
    ///     error.worded(flag),
    ///     "option --buildingmatch does not apply to pylos (its options: --variant, --takeback, --end)"
    /// );
    /// ```
    pub fn worded(&self, spell: impl Fn(&str) -> String) -> String {
        match self {
            OptionError::Unknown { key, game, known } => format!(
                "unknown option {:?} for {game} (options: {})",
                echo(key),
                listed(known, spell)
            ),
            OptionError::NotForGame { key, game, known } => format!(
                "option {} does not apply to {game} (its options: {})",
                spell(key),
                listed(known, &spell)
            ),
            OptionError::BadValue {
                key,
                value,
                expected,
            } => format!("{} {:?}: expected {expected}", spell(key), echo(value)),
        }
    }
}

/// The option names `keys` as a message lists them, each written by `spell`
/// (`variant, takeback, end`), or `none`.
fn listed(keys: &[&str], spell: impl Fn(&str) -> String) -> String {
    if keys.is_empty() {
        return "none".to_owned();
    }
    keys.iter()
        .map(|key| spell(key))
        .collect::<Vec<_>>()
        .join(", ")
}

impl From<OptionError> for Error {
    fn from(error: OptionError) -> Error {
        Error::bad_option(error.to_string())
    }
}
