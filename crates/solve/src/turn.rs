//! What the solvers need of a game beyond [`boardcore::Game`].

use boardcore::{Game, Player};

/// A two-player game without chance whose positions say who moves next, even when the
/// game is over (the side a finished position's value is given for).
pub trait Turn: Game {
    /// The player to move, or who would move if the game were not over.
    fn mover(&self) -> Player;
}

impl Turn for pyrga::State {
    fn mover(&self) -> Player {
        pyrga::State::mover(self)
    }
}

impl Turn for pylos::State {
    fn mover(&self) -> Player {
        pylos::State::mover(self)
    }
}
