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

#[cfg(feature = "pyrga")]
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

#[cfg(feature = "pylos")]
impl Evaluate for pylos::State {
    /// Balls in reserve decide Pylos: the player who runs out first can no longer place
    /// and must leave the apex to the other. So 100 points per ball of reserve ahead; 50
    /// per free ball ahead (a free ball may rise, which saves a ball, or be taken back);
    /// and 150 to the player to move when they can complete a square (or line) at once,
    /// which earns a take-back. (Weights chosen by arena games against MCTS.)
    fn evaluate(&self, player: Player) -> i32 {
        let points = |who: Player| {
            100 * i32::from(self.reserve(who)) + 50 * self.free_balls(who).len() as i32
        };
        let to_move = self.mover();
        let tempo = if self.completing_spots(to_move).is_empty() {
            0
        } else {
            150
        };
        let tempo = if to_move == player { tempo } else { -tempo };
        points(player) - points(player.other()) + tempo
    }
}
