//! # crescendo
//!
//! A rules engine for **Crescendo**, the game for 2 to 4 players where the board itself is
//! laid by the players from 12 crosses, and each player races to stack all their pawns
//! into one tower while scattering the unprotected towers of the others.
//!
//! - The whole match is one [`State`]: three rounds for four players (towers of 5, then 6,
//!   then 8), from laying the crosses to the final ranking; matches may also start with 3
//!   or 2 players ([`Players`]). See `docs/crescendo.md` for every ruling.
//! - Every setup step and every scattered pawn is its own decision ([`Move`]), so the
//!   [`boardcore::Status`] always names the player deciding next.
//! - Move generation never allocates ([`MoveList`] is an `ArrayVec` of at most
//!   [`MAX_MOVES`], a proven bound); the movement phase runs on cell masks and a neighbour
//!   table; [`count_moves`] counts without building, [`legal_moves_into`] refills a list
//!   the caller keeps, and [`group_moves`] gives the movement phase's moves by cells.
//! - A notation for every move (`X2,-1r3`, `P0,0`, `E0,0`, `M1,0n2`, `S-3,0`, `pass`) and a
//!   position text form, both round-tripping; with the `serde` feature every type
//!   serializes, a [`State`] as its text form (a string), and states deserialize only
//!   through validation ([`Invalid`]).
//! - Illegal moves name the rule they break ([`Illegal`]).
//!
//! ```
//! use crescendo::boardcore::{perft, Game, Player, SignedCoord};
//! use crescendo::{apply, legal_moves, Config, Phase, Players, State};
//!
//! let start = State::new(Config::new(Players::Four));
//! assert_eq!(perft(&start, 2), 128);
//!
//! // Lay the 12 crosses (here as a tiling without holes), then set up the pawns.
//! let crosses = "X0,0r0 X2,1r1 X4,2r2 X6,3r3 X-1,2r0 X1,3r1 \
//!                X3,4r2 X5,5r3 X-2,4r0 X0,5r1 X2,6r2 X4,7r3";
//! let state = start.replay(crosses).unwrap();
//! assert_eq!(state.phase(), Phase::Placing);
//! assert_eq!(legal_moves(&state).len(), 12);
//! let state = apply(&state, "P0,0".parse().unwrap()).unwrap();
//! assert_eq!(state.tower_at(SignedCoord::ORIGIN).unwrap().owner, Player::FIRST);
//! assert_eq!(state.to_move(), Some(Player::SECOND));
//! ```
//!
//! # One way in
//!
//! `use crescendo::{Game, State};` is enough: the crate's root holds the engine's types
//! and, from [`boardcore`], what a program needs with them: the [`Game`] trait,
//! [`Player`], [`Status`], [`Actor`], [`Outcome`] and the errors ([`MoveError`],
//! [`RecordError`], [`ReplayError`], [`PositionError`], [`ParseError`]). The free
//! functions ([`apply`], [`legal_moves`], [`status`]) and the methods of [`Game`] on [`State`] are
//! one API: each method calls the function of the same name. [`State::to_move`] is the
//! player whose turn it is, `None` once the game is over, in every engine.
//!
//! ```
//! use crescendo::{Config, Game, State};
//!
//! let start = State::new(Config::default());
//! assert_eq!(crescendo::legal_moves(&start), start.legal_moves());
//! assert_eq!(crescendo::status(&start), start.status());
//! assert!(start.to_move().is_some());
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The examples of this crate's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod board;
mod config;
mod cross;
mod error;
mod game;
mod moves;
mod position;
mod rules;
mod state;

/// The shared core (`Game`, `Status`, `Player`, perft, errors…), re-exported so that one
/// dependency is enough.
pub use boardcore;
/// What a program needs of [`boardcore`] with this engine, at the root.
pub use boardcore::{
    Actor, Game, MoveError, Outcome, ParseError, Player, PositionError, RecordError, ReplayError,
    Status,
};

pub use board::{Board, CELLS, CROSSES, Cell};
pub use config::{Config, Players};
pub use cross::{Colour, Cross, Rotation, arm_direction, colour_towards};
pub use error::{Decision, Illegal, Invalid};
pub use moves::{GroupMove, GroupMoves, MAX_GROUP_MOVES, MAX_MOVES, Move, MoveList};
pub use rules::{
    apply, apply_in_place, count_moves, group_moves, legal_moves, legal_moves_into, status,
};
pub use state::{
    LONGEST_GAME, NO_PROGRESS_PER_PLAYER, Phase, ROUND_MOVES_PER_PLAYER, State, Tower,
    longest_match,
};
