//! # pylos
//!
//! A rules engine for **Pylos** (David G. Royffe, Gigamic, 1994), the two-player game of
//! building a pyramid of 30 balls where the player who crowns it wins and every square of
//! one's own colour wins back balls.
//!
//! - Exact rules with every option of [`Config`]: the variants `children`, `standard` (the
//!   default) and `expert` (lines as well as squares), take-back `1-2` (default) or `0-2`,
//!   end rule `nomove` (default) or `reserve`. See `docs/pylos.md` for every ruling.
//! - A [`Move`] is a whole turn: a placement or a raise, then the balls taken back as an
//!   unordered [`TakeBack`] set.
//! - Bitboard move generation over 30-bit masks that never allocates ([`MoveList`] is an
//!   `ArrayVec` of at most [`MAX_MOVES`], proved; [`legal_moves_into`] refills a list the
//!   caller keeps); [`count_moves`] counts take-back choices without building them, and
//!   [`perft`] walks the tree without building move lists at all.
//! - The normative notation (`0a1`, `0a1-1b2`, `1b2x1b2x0a1`), game records, and a position
//!   text form that round-trips ([`State`]'s `Display` / `FromStr`).
//! - Errors that name the rule a move breaks ([`Illegal`]) or why a position is invalid
//!   ([`Invalid`]); with the `serde` feature every type serializes, a [`State`] as its
//!   text form (a string) and a status as its text line (`"ongoing 0"`), and states
//!   deserialize only through validation, a bad text's error quoting it.
//! - A stable [`State::position_key`] and a [`State::symmetric_key`] shared by the 8
//!   rotations and reflections of a position.
//! - [`boardcore::Game`] is implemented, so the generic tools (perft, playouts, bots) work.
//!
//! ```
//! use pylos::boardcore::{Actor, Player, Status};
//! use pylos::{apply, legal_moves, perft, Config, State};
//!
//! let start = State::new(Config::default());
//! assert_eq!(legal_moves(&start).len(), 16);
//! assert_eq!(perft(&start, 4), 43680);
//!
//! // Light builds a square on 0a1 0b1 0a2 0b2 and takes two balls back.
//! let state = start.replay("0a1 0d4 0b1 0d3 0a2 0d2 0b2x0b2x0a1").unwrap();
//! assert_eq!(state.reserve(Player::FIRST), 13);
//! assert_eq!(pylos::status(&state), Status::Ongoing(Actor::Player(Player::SECOND)));
//!
//! // Moves are checked, with the reason.
//! let error = apply(&state, "1a1".parse().unwrap()).unwrap_err();
//! assert_eq!(error.to_string(), "1a1 is not supported: the four spots under it do not all hold a ball");
//! ```
//!
//! # One way in
//!
//! `use pylos::{Game, State};` is enough: the crate's root holds the engine's types
//! and, from [`boardcore`], what a program needs with them: the [`Game`] trait,
//! [`Player`], [`Status`], [`Actor`], [`Outcome`] and the errors ([`MoveError`],
//! [`RecordError`], [`ReplayError`], [`PositionError`], [`ParseError`]). The free
//! functions ([`apply`], [`legal_moves`], [`status`]) and the methods of [`Game`] on [`State`] are
//! one API: each method calls the function of the same name. [`State::to_move`] is the
//! player whose turn it is, `None` once the game is over, in every engine.
//!
//! ```
//! use pylos::{Config, Game, State};
//!
//! let start = State::new(Config::default());
//! assert_eq!(pylos::legal_moves(&start), start.legal_moves());
//! assert_eq!(pylos::status(&start), start.status());
//! assert!(start.to_move().is_some());
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The examples of this crate's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod config;
mod error;
mod game;
mod movegen;
mod moves;
mod pattern;
mod perft;
mod position;
mod predecessor;
mod rules;
mod spot;
mod state;
mod symmetry;

#[cfg(test)]
mod bound;

/// The shared core (`Game`, `Status`, `Player`, perft, errors…), re-exported so that one
/// dependency is enough.
pub use boardcore;
/// What a program needs of [`boardcore`] with this engine, at the root.
pub use boardcore::{
    Actor, Game, MoveError, Outcome, ParseError, Player, PositionError, RecordError, ReplayError,
    Status,
};

pub use config::{Config, EndRule, TakeBackRule, Variant};
pub use error::{Illegal, Invalid};
pub use movegen::{count_moves, for_each_child, legal_moves, legal_moves_into};
pub use moves::{MAX_MOVES, Move, MoveList, TakeBack};
pub use perft::perft;
pub use predecessor::for_each_predecessor;
pub use rules::{apply, status};
pub use spot::Spot;
pub use state::State;
