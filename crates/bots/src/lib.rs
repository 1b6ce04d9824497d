//! # bots
//!
//! Opponents for every game of the workspace, written once against [`boardcore::Game`]:
//! a [`Bot`] looks at a position where a player decides and returns one of the legal
//! moves. Chance decisions are not a bot's business: [`play`] samples them by weight
//! with its own generator.
//!
//! - [`RandomBot`]: a uniformly random legal move, for every game.
//! - [`Mcts`]: UCT Monte-Carlo tree search for every game (chance, 2 to 4 players,
//!   multi-step turns), with a playout [`Policy`] and a [`Budget`] of iterations or time.
//! - [`AlphaBeta`]: negamax with iterative deepening and a transposition table for
//!   two-player games without chance, using the [`Evaluate`] heuristic of each game
//!   (implemented here, outside the engines).
//! - `GreedyBot` and the `greedy` policy: Crescendo's greedy player, which finishes
//!   whole matches where uniformly random play almost never does.
//! - `CrescendoMcts` (`crescendo_mcts`): Crescendo's search bot, [`Mcts`] scoring each
//!   node by the players' work left to a finished tower (the `pursuit` module), and rules
//!   for the decisions that need no search; at level 5 (`Style::Strongest`) rules that
//!   weigh the board for both sides set up its crosses and pawns.
//! - `ArchitektonMcts` (`architekton_mcts`): Architekton's strongest bot, [`Mcts`]
//!   whose playouts stop after 20 random moves and are scored by an evaluation of the table.
//! - `Perfect` (features `perfect-pyrga` and `perfect`): the exact solvers' best move
//!   (Pyrga within a time budget, Pylos from a database or late in the game), with
//!   alpha-beta as the fallback.
//! - [`Level`]: strength presets 1 to 5.
//!
//! ## Features
//!
//! One feature per game with code of its own here, all on by default, so that an app that
//! plays one game compiles only that engine (`default-features = false, features =
//! ["pylos"]`):
//!
//! - `pyrga`: Pyrga's [`Evaluate`], so that [`AlphaBeta`] plays Pyrga;
//! - `pylos`: Pylos's [`Evaluate`], so that [`AlphaBeta`] plays Pylos;
//! - `architekton`: `ArchitektonMcts`, Architekton's strongest level;
//! - `crescendo`: `GreedyBot`, the `greedy` and `pursuit` modules and `CrescendoMcts`;
//! - `perfect-pyrga` (not a default; it brings `pyrga`): `Perfect` for Pyrga, the Pyrga
//!   solver of the `solve` crate as a bot; it builds for `wasm32-unknown-unknown`;
//! - `perfect` (not a default; it brings `perfect-pyrga` and `pylos`): `Perfect` for Pylos
//!   too, with the Pylos database and direct solvers, which use threads and files, so not
//!   for `wasm32`.
//!
//! [`RandomBot`] and [`Mcts`] play Architekton without a feature, like any game, through
//! [`boardcore::Game`]; its strongest level needs the feature `architekton`.
//!
//! Asking a bot for a move takes three lines:
//!
//! ```
//! # use pyrga::{Config, State};
//! # let state = State::new(Config::default());
//! use bots::{Bot, Level, Mcts};
//! let mut bot = Mcts::new(Level::default().mcts(), 7);
//! let mv = bot.choose(&state).unwrap();
//! # assert!(pyrga::legal_moves(&state).contains(&mv));
//! ```
//!
//! ```
//! use bots::{Bot, RandomBot, play};
//! use bots::boardcore::Game;
//! use pyrga::{Config, State};
//!
//! let start = State::new(Config::default());
//! let mut white = RandomBot::new(1);
//! let mut black = RandomBot::new(2);
//! let game = play(&start, &mut [&mut white, &mut black], 7, 1_000);
//! assert!(game.finished);
//! assert_eq!(start.replay(&game.record()).unwrap(), game.state);
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The examples of this crate's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod alphabeta;
#[cfg(feature = "architekton")]
mod architekton;
mod budget;
#[cfg(feature = "crescendo")]
mod crescendo;
mod eval;
mod game;
#[cfg(feature = "crescendo")]
pub mod greedy;
mod level;
mod mcts;
#[cfg(feature = "crescendo")]
mod opening;
#[cfg(feature = "perfect-pyrga")]
mod perfect;
mod policy;
#[cfg(feature = "crescendo")]
pub mod pursuit;
mod random;

/// The shared core (`Game`, `Status`, `Player`, perft, errors…), re-exported so that one
/// dependency is enough.
pub use boardcore;

pub use alphabeta::{AlphaBeta, AlphaBetaReport};
#[cfg(feature = "architekton")]
pub use architekton::{ArchitektonMcts, architekton_mcts, value as architekton_value};
pub use budget::Budget;
#[cfg(feature = "crescendo")]
pub use crescendo::{CrescendoMcts, Style, crescendo_mcts};
pub use eval::{Evaluate, WIN};
pub use game::{PlayedGame, play};
#[cfg(feature = "crescendo")]
pub use greedy::GreedyBot;
pub use level::Level;
pub use mcts::{Mcts, MctsConfig, MctsReport};
#[cfg(feature = "perfect-pyrga")]
pub use perfect::{Perfect, PerfectAnswer};
pub use policy::{Policy, Rewards, Uniform, neutral_rewards, outcome_rewards, playout};
pub use random::RandomBot;

/// A player that chooses moves.
pub trait Bot<G: boardcore::Game> {
    /// A short name, as `towers --bot` spells it.
    fn name(&self) -> &str;

    /// A legal move for the player who decides in `state`, or `None` when no player decides
    /// (the game is over, or chance decides).
    fn choose(&mut self, state: &G) -> Option<G::Move>;

    /// What the bot knows of `mv` in `state`, for a hint ("this move wins in 7"); `None`
    /// by default.
    fn explain(&mut self, state: &G, mv: G::Move) -> Option<String> {
        let _ = (state, mv);
        None
    }
}

/// A bot borrowed mutably is a bot, so that `&mut [&mut dyn Bot<G>]` is a table of bots.
impl<G: boardcore::Game, B: Bot<G> + ?Sized> Bot<G> for &mut B {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, state: &G) -> Option<G::Move> {
        (**self).choose(state)
    }

    fn explain(&mut self, state: &G, mv: G::Move) -> Option<String> {
        (**self).explain(state, mv)
    }
}

/// A boxed bot is a bot, so that `Vec<Box<dyn Bot<G>>>` is a table of bots.
impl<G: boardcore::Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, state: &G) -> Option<G::Move> {
        (**self).choose(state)
    }

    fn explain(&mut self, state: &G, mv: G::Move) -> Option<String> {
        (**self).explain(state, mv)
    }
}
