//! # boardcore
//!
//! The shared vocabulary of the tower-building game engines (`pyrga`, `pylos`,
//! `architekton`, `crescendo`) and the generic tools that work on all of them.
//!
//! - [`Player`], [`PlayerSet`], [`PerPlayer`] and [`TurnOrder`]: seats, sets of seats,
//!   per-seat values and turn order with elimination.
//! - [`Direction`], [`Rotation`], [`Coord`], [`Grid`], [`Bitset`], [`SignedCoord`],
//!   [`PlaneSet`] and [`Symmetry`]: board geometry, with `const` tables for fixed boards, signed coordinates
//!   and windowed cell sets for open layouts, and the eight symmetries of a square board;
//!   [`Frame`] and [`RowSet`]: a window fitted around the cells of an open layout (wherever
//!   they lie), with row masks.
//! - [`Status`], [`Actor`], [`Outcome`] and [`Ranking`]: whose decision is next, and how
//!   a game ended.
//! - [`MoveError`], [`ParseError`], [`PositionError`] and [`RecordError`]: the error
//!   types, each carrying the game's own reason.
//! - [`Weighted`], [`sample`] and [`uniform_below`]: chance as explicit weighted decisions,
//!   sampled with the caller's generator; [`SeededRng`], a generator from a seed that
//!   needs no other crate.
//! - [`Game`]: the trait every engine implements, and the generic tools built on it:
//!   [`perft`], [`perft_divide`], [`random_move`], [`random_playout`],
//!   [`random_playout_until`], and (feature `testing`) the invariant `testing::Harness`
//!   and proptest strategies.
//!
//! ```
//! use boardcore::example::{Countdown, CountdownConfig};
//! use boardcore::{perft, Game, Status, Actor, Player};
//!
//! let start = Countdown::new(CountdownConfig { pile: 5, wind: false });
//! assert_eq!(start.status(), Status::Ongoing(Actor::Player(Player::FIRST)));
//! assert_eq!(perft(&start, 3), 7);
//! let next = start.apply(start.legal_moves()[0]).unwrap();
//! assert_eq!(next.status().to_move(), Some(Player::SECOND));
//! ```
//!
//! Features: `serde` (serialization of the shared types), `testing` (the harness and
//! strategies; it pulls in `proptest`).

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The examples of this crate's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod bitset;
mod chance;
mod error;
pub mod example;
mod game;
mod grid;
mod key;
mod notation;
mod perft;
mod plane;
mod player;
mod playout;
mod rng;
mod status;
mod symmetry;
#[cfg(feature = "testing")]
pub mod testing;
mod turn;
mod window;

pub use bitset::{Bitset, BitsetIter};
pub use chance::{NoChance, Weighted, sample, uniform_below};
pub use error::{MoveError, ParseError, PositionError, RecordError, ReplayError};
pub use game::{Game, format_record, sorted_move_texts};
pub use grid::{Coord, Direction, Grid, Rotation, SignedCoord};
pub use key::{finish_key, key_of_words, mix_word};
pub use notation::{LetterCase, parse_number};
pub use perft::{perft, perft_divide};
pub use plane::{OutsideWindow, PlaneSet};
pub use player::{MAX_PLAYERS, PerPlayer, Player, PlayerSet};
pub use playout::{Playout, random_move, random_playout, random_playout_until};
pub use rng::{Generator, SeededRng};
pub use status::{Actor, Outcome, Ranking, Status};
pub use symmetry::Symmetry;
pub use turn::{TurnOrder, TurnOrderError};
pub use window::{Frame, RowSet};

/// Implements serde's `Serialize` and `Deserialize` for a type through its text form:
/// it serializes as its `Display` string and deserializes through its `FromStr`, so every
/// value read passes the same validation as text. The crate using it needs `serde` as a
/// dependency (engines enable this under their `serde` feature).
///
/// ```
/// use std::fmt;
/// use std::str::FromStr;
///
/// #[derive(Debug, PartialEq)]
/// struct Even(u32);
///
/// impl fmt::Display for Even {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "{}", self.0)
///     }
/// }
///
/// impl FromStr for Even {
///     type Err = String;
///     fn from_str(text: &str) -> Result<Self, String> {
///         match text.parse::<u32>() {
///             Ok(n) if n % 2 == 0 => Ok(Even(n)),
///             _ => Err(format!("{text} is not even")),
///         }
///     }
/// }
///
/// boardcore::serde_as_text!(Even);
///
/// assert_eq!(serde_json::to_string(&Even(4)).unwrap(), "\"4\"");
/// assert_eq!(serde_json::from_str::<Even>("\"6\"").unwrap(), Even(6));
/// assert!(serde_json::from_str::<Even>("\"7\"").is_err());
/// ```
#[macro_export]
macro_rules! serde_as_text {
    ($type:ty) => {
        impl ::serde::Serialize for $type {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $type {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let text =
                    <::std::string::String as ::serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}

/// Re-exported so that engines and callers name the same generator traits.
pub use rand_core;
