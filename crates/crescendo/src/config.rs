//! The options of a match: how many players start it.

use core::fmt;
use core::str::FromStr;

use boardcore::ParseError;

/// How many players start the match, which decides the rounds it runs.
///
/// Four players play three rounds (targets 5, 6 and 8), three players the last two rounds,
/// two players only the final round. The text form is the number: `4`, `3`, `2`.
///
/// ```
/// use crescendo::Players;
///
/// assert_eq!(Players::Four.count(), 4);
/// assert_eq!(Players::new(3), Some(Players::Three));
/// assert_eq!(Players::new(5), None);
/// assert_eq!("2".parse::<Players>().unwrap(), Players::Two);
/// assert_eq!(Players::Three.to_string(), "3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub enum Players {
    /// Two players: the final round only (towers of 8).
    Two,
    /// Three players: rounds with towers of 6, then 8.
    Three,
    /// Four players: rounds with towers of 5, 6, then 8 (the default).
    #[default]
    Four,
}

impl Players {
    /// The player count `count`, if it is 2, 3 or 4.
    pub const fn new(count: usize) -> Option<Players> {
        match count {
            2 => Some(Players::Two),
            3 => Some(Players::Three),
            4 => Some(Players::Four),
            _ => None,
        }
    }

    /// The number of players: 2, 3 or 4.
    pub const fn count(self) -> usize {
        match self {
            Players::Two => 2,
            Players::Three => 3,
            Players::Four => 4,
        }
    }
}

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.count())
    }
}

impl FromStr for Players {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        boardcore::parse_number::<usize>(text)
            .and_then(Players::new)
            .ok_or_else(|| ParseError::new("player count", text, "expected 2, 3 or 4"))
    }
}

impl From<Players> for u8 {
    fn from(players: Players) -> u8 {
        players.count() as u8
    }
}

impl TryFrom<u8> for Players {
    type Error = ParseError;

    fn try_from(count: u8) -> Result<Self, Self::Error> {
        Players::new(count as usize)
            .ok_or_else(|| ParseError::new("player count", count.to_string(), "expected 2, 3 or 4"))
    }
}

/// The options of a match, fixed at the start.
///
/// ```
/// use crescendo::{Config, Players};
///
/// assert_eq!(Config::default().players, Players::Four);
/// assert_eq!(Config::new(Players::Two).players.count(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// How many players start the match (default [`Players::Four`]).
    pub players: Players,
}

impl Config {
    /// The configuration of a match started by `players` players.
    pub const fn new(players: Players) -> Config {
        Config { players }
    }
}
