//! # architekton
//!
//! A rules engine for **Architekton** (Michael Schacht, 2005), the two-player game of
//! laying landscape and building tiles in a checkerboard, where every enclosed building
//! scores for the owner of the house on it.
//!
//! - Exact rules, as `docs/architekton.md` lists them: the tile set as configuration
//!   ([`TileSet`]), the matching rule for buildings ([`BuildingMatch::All`], the default,
//!   or [`BuildingMatch::AtLeastOne`]), houses, two tiles a turn as two moves, the redraw
//!   and the pass, scoring with the owner's keep/remove decision, bankruptcy, the last
//!   round and the final scoring ([`FinalScore`]).
//! - Chance as explicit moves: when a tile is turned up, [`status`] names chance,
//!   [`chance_outcomes`] lists the unseen tiles with their counts as weights, and applying
//!   a [`Move::Draw`] is deterministic; [`sample_chance`] draws one with the caller's
//!   generator. No generator lives in a [`State`], so a record replays exactly.
//! - Move generation that never allocates ([`MoveList`] is an `ArrayVec` of at most
//!   [`MAX_MOVES`], a proven bound).
//! - A notation for every move ([`Move`]: `p@0,2`, `wepf@-1,0r3`, `h@1,0`, `keep`,
//!   `remove`, `*p`, `pass`) and a position text form, both round-trip; with the `serde`
//!   feature every type serializes, a [`State`] as its text form (a string) and a status
//!   as its text line (`"ongoing 0"`), and states deserialize only through validation, a
//!   bad text's error quoting it.
//! - Errors that name the rule a move breaks ([`Illegal`]) or why a position is invalid
//!   ([`Invalid`]).
//! - [`boardcore::Game`] is implemented, so the generic tools (perft, playouts, bots) work.
//!
//! ```
//! use architekton::{apply, legal_moves, status, Config, Move, State};
//! use architekton::boardcore::{Actor, Player, Status};
//!
//! // Chance deals: the start tiles plain (0,0) and water (1,1), then the display.
//! let start = State::new(Config::default());
//! let dealt = start.replay("*p *w *w *e *f *wepf *wefp *wpfe").unwrap();
//! assert_eq!(status(&dealt), Status::Ongoing(Actor::Player(Player::FIRST)));
//!
//! // Player 0 lays a building west of the plain start tile, its plain side facing east,
//! // then an earth landscape north of it, against its earth side.
//! let state = dealt.replay("wepf@-1,0r3 e@-1,1").unwrap();
//! assert_eq!(state.tile_at("-1,0".parse().unwrap()).unwrap().house, Some(Player::FIRST));
//! // The turn is over: chance refills the display.
//! assert_eq!(status(&state), Status::Ongoing(Actor::Chance));
//! assert!(legal_moves(&state).iter().all(|m| matches!(m, Move::Draw(_))));
//! ```
//!
//! # One way in
//!
//! `use architekton::{Game, State};` is enough: the crate's root holds the engine's types
//! and, from [`boardcore`], what a program needs with them: the [`Game`] trait,
//! [`Player`], [`Status`], [`Actor`], [`Outcome`] and the errors ([`MoveError`],
//! [`RecordError`], [`ReplayError`], [`PositionError`], [`ParseError`]). The free
//! functions ([`apply`], [`legal_moves`], [`status`]) and the methods of [`Game`] on [`State`] are
//! one API: each method calls the function of the same name. [`State::to_move`] is the
//! player whose turn it is, `None` once the game is over, in every engine.
//!
//! ```
//! use architekton::{Config, Game, State};
//!
//! let start = State::new(Config::default());
//! assert_eq!(architekton::legal_moves(&start), start.legal_moves());
//! assert_eq!(architekton::status(&start), start.status());
//! assert!(start.to_move().is_some());
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The examples of this crate's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod config;
mod error;
mod frontier;
mod game;
mod generate;
mod key;
mod moves;
mod notation;
mod position;
mod rules;
mod score;
mod state;
mod table;
mod tile;

/// The shared core (`Game`, `Status`, `Player`, perft, errors…), re-exported so that one
/// dependency is enough.
pub use boardcore;
/// What a program needs of [`boardcore`] with this engine, at the root.
pub use boardcore::{
    Actor, Game, MoveError, Outcome, ParseError, Player, PositionError, RecordError, ReplayError,
    Status,
};

pub use config::{BuildingMatch, Config, TileSet, TileSetError};
pub use error::{Illegal, Invalid};
pub use moves::{ChanceList, Lay, MAX_MOVES, Move, MoveList};
pub use rules::{
    apply, apply_in_place, chance_outcomes, count_moves, legal_moves, legal_moves_into,
    sample_chance, status,
};
pub use score::FinalScore;
pub use state::{DISPLAY_SIZE, HOUSES, Pending, Phase, START_POINTS, State};
pub use table::PlacedTile;
pub use tile::{Building, Rotation, Stack, Terrain, Tile};
