//! # bots
//!
//! Opponents for every game of the workspace, written once against [`boardcore::Game`]:
//! a [`Bot`] looks at a position where a player decides and returns one of the legal
//! moves. Chance decisions are not a bot's business: [`play`] samples them by weight
//! with its own generator.
//!
//! ```
//! use bots::{Bot, RandomBot, play};
//! use boardcore::Game;
//! use pyrga::{Config, State};
//!
//! let start = State::new(Config::default());
//! let mut white = RandomBot::new(1);
//! let mut black = RandomBot::new(2);
//! let game = play(&start, &mut [&mut white, &mut black], 7, 1_000);
//! assert!(game.finished);
//! assert_eq!(start.replay(&game.record()).unwrap(), game.state);
//! ```

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

mod game;
mod random;

pub use game::{PlayedGame, play};
pub use random::RandomBot;

/// A player that chooses moves.
pub trait Bot<G: boardcore::Game> {
    /// A short name, as `towers --bot` spells it.
    fn name(&self) -> &str;

    /// A legal move for the player who decides in `state`, or `None` when no player decides
    /// (the game is over, or chance decides).
    fn choose(&mut self, state: &G) -> Option<G::Move>;
}
