//! Evaluations of positions for the searching bots; they live here, not in the engines.

use boardcore::{Game, Player};

/// A heuristic score of a position for alpha-beta search.
pub trait Evaluate: Game {
    /// How good the position is for `player`, in points; positive is good. Scores stay
    /// well inside `±`[`WIN`] so that won and lost games always rank beyond them.
    fn evaluate(&self, player: Player) -> i32;
}

/// The score of a won game (minus the moves it takes, so that quicker wins rank higher).
pub const WIN: i32 = 1_000_000;

impl Evaluate for pyrga::State {
    /// Controlled complete towers first (3 win the game), then the tie-break counts:
    /// towers of two of one's own pieces and single pieces, which also become complete
    /// towers one controls.
    fn evaluate(&self, player: Player) -> i32 {
        let mine = self.tally(player);
        let theirs = self.tally(player.other());
        let points = |tally: pyrga::Tally| {
            1000 * i32::from(tally.complete)
                + 120 * i32::from(tally.two_piece)
                + 30 * i32::from(tally.one_piece)
        };
        points(mine) - points(theirs)
    }
}
