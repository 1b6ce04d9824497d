//! The rule sets.

use core::fmt;
use core::str::FromStr;

use boardcore::ParseError;

/// Which rules apply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Rules {
    /// The rules of the seed texts: if White's first piece is a square, White's second piece
    /// (the game's third move) may not be a square.
    #[default]
    Standard,
    /// The publisher's text (also Ludii's): no restriction on White's second piece.
    Classic,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rules::Standard => "standard",
            Rules::Classic => "classic",
        })
    }
}

impl FromStr for Rules {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "standard" => Ok(Rules::Standard),
            "classic" => Ok(Rules::Classic),
            _ => Err(ParseError::new(
                "rule set",
                text,
                "expected standard or classic",
            )),
        }
    }
}

/// The options of a game, fixed at the start.
///
/// ```
/// use pyrga::{Config, Rules};
///
/// assert_eq!(Config::default().rules, Rules::Standard);
/// assert_eq!("classic".parse::<Rules>().unwrap(), Rules::Classic);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// The rule set (default [`Rules::Standard`]).
    pub rules: Rules,
}

impl Config {
    /// The configuration with rule set `rules`.
    pub const fn new(rules: Rules) -> Config {
        Config { rules }
    }
}
