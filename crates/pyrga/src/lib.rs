//! # pyrga
//!
//! A rules engine for **Pyrga** (Mathias Daval, 2014), the two-player game of building
//! towers on a 4×4 board where every piece you place tells your opponent where to play.
//!
//! - Exact rules, both rule sets ([`Rules::Standard`], the default, with the opening square
//!   ban; [`Rules::Classic`] without it). See `docs/pyrga.md` for every ruling.
//! - Bitboard move generation that never allocates ([`MoveList`] is an `ArrayVec` of at
//!   most [`MAX_MOVES`]); [`count_moves`] counts from the masks alone.
//! - The normative notation ([`Move`]: `Sb3`, `Ta1n`, `Cd1`), game records, and a position
//!   text form that round-trips ([`State`]'s `Display` / `FromStr`).
//! - Errors that name the rule a move breaks ([`Illegal`]) or why a position is invalid
//!   ([`Invalid`]); with the `serde` feature every type serializes, a [`State`] as its
//!   text form (a string) and a status as its text line (`"ongoing 0"`), and states
//!   deserialize only through validation, a bad text's error quoting it.
//! - [`boardcore::Game`] is implemented, so the generic tools (perft, playouts, bots) work.
//!
//! ```
//! use pyrga::boardcore::{perft, Actor, Outcome, Player, Status};
//! use pyrga::{apply, legal_moves, Config, Rules, State};
//!
//! let start = State::new(Config::new(Rules::Standard));
//! assert_eq!(legal_moves(&start).len(), 80);
//! assert_eq!(perft(&start, 3), 7000);
//!
//! // White builds on a1, Black must follow the cylinder onto the same cell.
//! let state = apply(&start, "Ca1".parse().unwrap()).unwrap();
//! assert!(legal_moves(&state).iter().all(|mv| mv.to_string().contains("a1")));
//!
//! // A whole game record, then the result.
//! let record = "Ca1 Ta1e Cb1 Sb1 Sa1";
//! let state = start.replay(record).unwrap();
//! assert_eq!(state.tally(Player::FIRST).complete, 1);
//! assert_eq!(pyrga::status(&state), Status::Ongoing(Actor::Player(Player::SECOND)));
//! ```
//!
//! # One way in
//!
//! `use pyrga::{Game, State};` is enough: the crate's root holds the engine's types
//! and, from [`boardcore`], what a program needs with them: the [`Game`] trait,
//! [`Player`], [`Status`], [`Actor`], [`Outcome`] and the errors ([`MoveError`],
//! [`RecordError`], [`ReplayError`], [`PositionError`], [`ParseError`]). The free
//! functions ([`apply`], [`legal_moves`], [`status`]) and the methods of [`Game`] on [`State`] are
//! one API: each method calls the function of the same name. [`State::to_move`] is the
//! player whose turn it is, `None` once the game is over, in every engine.
//!
//! ```
//! use pyrga::{Config, Game, State};
//!
//! let start = State::new(Config::default());
//! assert_eq!(pyrga::legal_moves(&start), start.legal_moves());
//! assert_eq!(pyrga::status(&start), start.status());
//! assert!(start.to_move().is_some());
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The examples of this crate's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod cell;
mod children;
mod config;
mod error;
mod game;
mod moves;
mod position;
mod rules;
mod shape;
mod state;
mod symmetry;

/// The shared core (`Game`, `Status`, `Player`, perft, errors…), re-exported so that one
/// dependency is enough.
pub use boardcore;
/// What a program needs of [`boardcore`] with this engine, at the root.
pub use boardcore::{
    Actor, Game, MoveError, Outcome, ParseError, Player, PositionError, RecordError, ReplayError,
    Status,
};

pub use cell::Cell;
pub use children::Children;
pub use config::{Config, Rules};
pub use error::{Illegal, Invalid};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use rules::{apply, count_moves, legal_moves, status};
pub use shape::Shape;
pub use state::{State, Tally, Tower};
