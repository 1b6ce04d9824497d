//! The value of a position: win, draw or loss for the player to move, and the distance.

use core::fmt;

use boardcore::{Outcome, Player, Status};

/// Win, draw or loss, for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// The player to move can force a win.
    Win,
    /// Neither side can force a win (in Pylos: neither side can force an end).
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl Verdict {
    /// `win`, `draw` or `loss`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The value of a position with best play: the verdict for the player to move and the
/// number of plies to the end (the winner takes the shortest way, the loser the longest;
/// 0 for a draw).
///
/// Its `Display` form is the contract line of `towers solve`:
///
/// ```
/// use solve::Value;
///
/// assert_eq!(Value::win(7).to_string(), "value win plies 7");
/// assert_eq!(Value::DRAW.to_string(), "value draw plies 0");
/// assert_eq!(Value::loss(2).after_move(), Value::win(3));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value {
    /// Win, draw or loss for the player to move.
    pub verdict: Verdict,
    /// Plies to the end with best play; 0 for a draw.
    pub plies: u32,
}

/// The score of a win in 0 plies; a win in `d` scores `WIN - d`, a loss `-(WIN - d)`.
pub(crate) const WIN: i32 = 1_000;

impl Value {
    /// A draw.
    pub const DRAW: Value = Value {
        verdict: Verdict::Draw,
        plies: 0,
    };

    /// A win in `plies`.
    pub const fn win(plies: u32) -> Value {
        Value {
            verdict: Verdict::Win,
            plies,
        }
    }

    /// A loss in `plies`.
    pub const fn loss(plies: u32) -> Value {
        Value {
            verdict: Verdict::Loss,
            plies,
        }
    }

    /// The value written as two words, the verdict and the plies, as the checkpoints of
    /// `towers solve pyrga` save it: `win 7`, `draw 0`, `loss 30`; `None` for other words
    /// (a draw has 0 plies).
    ///
    /// ```
    /// use solve::Value;
    ///
    /// assert_eq!(Value::from_words("loss", "30"), Some(Value::loss(30)));
    /// assert_eq!(Value::from_words("draw", "0"), Some(Value::DRAW));
    /// assert_eq!(Value::from_words("draw", "1"), None);
    /// assert_eq!(Value::from_words("won", "3"), None);
    /// ```
    pub fn from_words(verdict: &str, plies: &str) -> Option<Value> {
        let plies: u32 = plies.parse().ok()?;
        match verdict {
            "win" => Some(Value::win(plies)),
            "loss" => Some(Value::loss(plies)),
            "draw" if plies == 0 => Some(Value::DRAW),
            _ => None,
        }
    }

    /// The value of a finished game for `mover`, the player who would move next.
    pub fn of_outcome(outcome: &Outcome, mover: Player) -> Value {
        match outcome.winner() {
            Some(winner) if winner == mover => Value::win(0),
            Some(_) => Value::loss(0),
            None => Value::DRAW,
        }
    }

    /// The value of `status` for `mover`, if the game is over.
    pub fn of_status(status: &Status, mover: Player) -> Option<Value> {
        status
            .outcome()
            .map(|outcome| Value::of_outcome(outcome, mover))
    }

    /// The value for the player who moved into a position of this value.
    #[must_use]
    pub const fn after_move(self) -> Value {
        match self.verdict {
            Verdict::Win => Value::loss(self.plies + 1),
            Verdict::Loss => Value::win(self.plies + 1),
            Verdict::Draw => Value::DRAW,
        }
    }

    /// The value of the position after a best move from a position of this value, for
    /// the opponent who moves there: the inverse of [`Value::after_move`].
    ///
    /// ```
    /// use solve::Value;
    ///
    /// assert_eq!(Value::win(3).before_move(), Value::loss(2));
    /// assert_eq!(Value::loss(2).after_move().before_move(), Value::loss(2));
    /// ```
    #[must_use]
    pub const fn before_move(self) -> Value {
        match self.verdict {
            Verdict::Win => Value::loss(self.plies.saturating_sub(1)),
            Verdict::Loss => Value::win(self.plies.saturating_sub(1)),
            Verdict::Draw => Value::DRAW,
        }
    }

    /// A score ordering values from the mover's side: shorter wins and longer losses first.
    pub(crate) const fn score(self) -> i32 {
        match self.verdict {
            Verdict::Win => WIN - self.plies as i32,
            Verdict::Loss => -(WIN - self.plies as i32),
            Verdict::Draw => 0,
        }
    }

    /// The value of a score made by [`Value::score`].
    pub(crate) const fn of_score(score: i32) -> Value {
        if score > 0 {
            Value::win((WIN - score) as u32)
        } else if score < 0 {
            Value::loss((WIN + score) as u32)
        } else {
            Value::DRAW
        }
    }

    /// `this move wins`, `this move draws`, `this move loses`: the verdict of a move for
    /// the player who makes it, when its distance is not known.
    pub fn describe_verdict(mine: Verdict) -> String {
        match mine {
            Verdict::Win => "this move wins".to_owned(),
            Verdict::Loss => "this move loses".to_owned(),
            Verdict::Draw => "this move draws".to_owned(),
        }
    }

    /// `this move wins in 7`, `this move draws`, `this move loses in 4`: the value of the
    /// position after a move, said from the side of the player who made it.
    pub fn describe_move(after: Value) -> String {
        let mine = after.after_move();
        match mine.verdict {
            Verdict::Win => format!("this move wins in {}", mine.plies),
            Verdict::Loss => format!("this move loses in {}", mine.plies),
            Verdict::Draw => "this move draws".to_owned(),
        }
    }
}

/// Values are ordered from the side of the player to move: a value is greater when it is
/// better for that player (shorter wins, then draws, then longer losses), so that the best
/// move is the one whose [`Value::after_move`] is greatest.
///
/// ```
/// use solve::Value;
///
/// let mut values = [Value::loss(3), Value::win(9), Value::DRAW, Value::loss(12), Value::win(1)];
/// values.sort_by(|a, b| b.cmp(a));
/// assert_eq!(values, [Value::win(1), Value::win(9), Value::DRAW, Value::loss(12), Value::loss(3)]);
/// ```
impl Ord for Value {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.score().cmp(&other.score())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "value {} plies {}", self.verdict, self.plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_round_trip_and_order() {
        for value in [
            Value::win(0),
            Value::win(9),
            Value::DRAW,
            Value::loss(0),
            Value::loss(30),
        ] {
            assert_eq!(Value::of_score(value.score()), value);
            assert_eq!(value.after_move().after_move().verdict, value.verdict);
        }
        assert!(Value::win(3).score() > Value::win(5).score());
        assert!(Value::loss(5).score() > Value::loss(3).score());
        assert!(Value::DRAW.score() > Value::loss(30).score());
    }
}
