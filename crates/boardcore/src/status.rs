//! Whose decision is next, and how a finished game came out.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::error::ParseError;
use crate::player::{MAX_PLAYERS, Player, PlayerSet};

/// Who takes the next decision of an ongoing game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Actor {
    /// A player chooses a move.
    Player(Player),
    /// Chance picks an outcome (see [`Game::chance_outcomes`](crate::Game::chance_outcomes)).
    Chance,
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Player(player) => write!(f, "{player}"),
            Actor::Chance => f.write_str("chance"),
        }
    }
}

/// The players of a finished game from best to worst, each appearing once.
///
/// ```
/// use boardcore::{Player, Ranking};
///
/// let ranking: Ranking = "2 0 1".parse().unwrap();
/// assert_eq!(ranking.first(), Player::new(2));
/// assert_eq!(ranking.place(Player::FIRST), Some(1));
/// assert!("1 1".parse::<Ranking>().is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "Vec<Player>", into = "Vec<Player>")
)]
pub struct Ranking(ArrayVec<Player, MAX_PLAYERS>);

impl Ranking {
    /// The ranking listing `players` best first.
    ///
    /// # Errors
    /// A [`ParseError`] when the list is empty, too long or names a player twice.
    pub fn new(players: &[Player]) -> Result<Ranking, ParseError> {
        let error = |reason| {
            let text = players
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            ParseError::new("ranking", text, reason)
        };
        if players.is_empty() || players.len() > MAX_PLAYERS {
            return Err(error("a ranking lists between 1 and 4 players"));
        }
        let mut seen = PlayerSet::EMPTY;
        if !players.iter().all(|&p| seen.insert(p)) {
            return Err(error("a ranking lists each player once"));
        }
        Ok(Ranking(players.iter().copied().collect()))
    }

    /// The players, best first.
    pub fn players(&self) -> &[Player] {
        &self.0
    }

    /// The best player.
    pub fn first(&self) -> Option<Player> {
        self.0.first().copied()
    }

    /// The place of `player`, 0 for the best, or `None` when not ranked.
    pub fn place(&self, player: Player) -> Option<usize> {
        self.0.iter().position(|&p| p == player)
    }
}

impl fmt::Display for Ranking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, player) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{player}")?;
        }
        Ok(())
    }
}

impl FromStr for Ranking {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let players = text
            .split(' ')
            .map(str::parse)
            .collect::<Result<Vec<Player>, _>>()
            .map_err(|_| ParseError::new("ranking", text, "expected seat numbers"))?;
        Ranking::new(&players)
    }
}

impl TryFrom<Vec<Player>> for Ranking {
    type Error = ParseError;

    fn try_from(players: Vec<Player>) -> Result<Self, Self::Error> {
        Ranking::new(&players)
    }
}

impl From<Ranking> for Vec<Player> {
    fn from(ranking: Ranking) -> Vec<Player> {
        ranking.0.to_vec()
    }
}

/// How a finished game came out.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One player won (two-player games).
    Winner(Player),
    /// Nobody won.
    Draw,
    /// Every player placed, best first (games of more than two players).
    Ranking(Ranking),
}

impl Outcome {
    /// The player who came first, if any.
    pub fn winner(&self) -> Option<Player> {
        match self {
            Outcome::Winner(player) => Some(*player),
            Outcome::Draw => None,
            Outcome::Ranking(ranking) => ranking.first(),
        }
    }

    /// A reward in `0.0..=1.0` for `player` in a game of `seats` players, for search
    /// programs: 1 for the winner and 0 for the others, ½ each in a draw, and for a ranking
    /// `(seats - 1 - place) / (seats - 1)`, so first gets 1 and last gets 0.
    pub fn reward(&self, player: Player, seats: usize) -> f64 {
        match self {
            Outcome::Winner(winner) => f64::from(u8::from(*winner == player)),
            Outcome::Draw => 0.5,
            Outcome::Ranking(ranking) => match (ranking.place(player), seats) {
                (_, 0 | 1) => 1.0,
                (Some(place), _) => (seats - 1).saturating_sub(place) as f64 / (seats - 1) as f64,
                (None, _) => 0.0,
            },
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Winner(player) => write!(f, "winner {player}"),
            Outcome::Draw => f.write_str("draw"),
            Outcome::Ranking(ranking) => write!(f, "ranking {ranking}"),
        }
    }
}

/// The state of play: the next decision's actor, or the outcome.
///
/// The text form is the `towers status` line: `ongoing 0`, `ongoing chance`, `winner 1`,
/// `draw` or `ranking 2 0 1 3`.
///
/// ```
/// use boardcore::{Actor, Outcome, Player, Status};
///
/// let status = Status::Ongoing(Actor::Player(Player::SECOND));
/// assert_eq!(status.to_string(), "ongoing 1");
/// assert_eq!(status.to_move(), Some(Player::SECOND));
/// let done: Status = "winner 0".parse().unwrap();
/// assert_eq!(done, Status::Finished(Outcome::Winner(Player::FIRST)));
/// assert!(done.is_finished());
/// ```
///
/// With the `serde` feature a status serializes as this text line, and a bad one is
/// refused with its text quoted:
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use boardcore::{Actor, Player, Status};
///
/// let status = Status::Ongoing(Actor::Player(Player::FIRST));
/// assert_eq!(serde_json::to_string(&status).unwrap(), r#""ongoing 0""#);
/// assert_eq!(serde_json::from_str::<Status>(r#""draw""#).unwrap().to_string(), "draw");
/// let error = serde_json::from_str::<Status>(r#""winner 9""#).unwrap_err();
/// assert!(error.to_string().contains(r#"cannot read status "winner 9""#), "{error}");
/// # }
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// The game goes on; the actor decides next.
    Ongoing(Actor),
    /// The game is over.
    Finished(Outcome),
}

impl Status {
    /// Whether the game is over.
    pub const fn is_finished(&self) -> bool {
        matches!(self, Status::Finished(_))
    }

    /// The player who decides next, if a player does.
    pub const fn to_move(&self) -> Option<Player> {
        match self {
            Status::Ongoing(Actor::Player(player)) => Some(*player),
            _ => None,
        }
    }

    /// The outcome, if the game is over.
    pub const fn outcome(&self) -> Option<&Outcome> {
        match self {
            Status::Finished(outcome) => Some(outcome),
            Status::Ongoing(_) => None,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing(actor) => write!(f, "ongoing {actor}"),
            Status::Finished(outcome) => write!(f, "{outcome}"),
        }
    }
}

impl FromStr for Status {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || {
            ParseError::new(
                "status",
                text,
                "expected ongoing <seat|chance>, winner <seat>, draw or ranking <seats>",
            )
        };
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        match word {
            "ongoing" if rest == "chance" => Ok(Status::Ongoing(Actor::Chance)),
            "ongoing" => Ok(Status::Ongoing(Actor::Player(
                rest.parse().map_err(|_| error())?,
            ))),
            "winner" => Ok(Status::Finished(Outcome::Winner(
                rest.parse().map_err(|_| error())?,
            ))),
            "draw" if rest.is_empty() => Ok(Status::Finished(Outcome::Draw)),
            "ranking" => Ok(Status::Finished(Outcome::Ranking(rest.parse()?))),
            _ => Err(error()),
        }
    }
}

#[cfg(feature = "serde")]
crate::serde_as_text!(Status);

#[cfg(test)]
mod tests {
    use super::*;

    fn p(index: usize) -> Player {
        Player::new(index).unwrap()
    }

    #[test]
    fn status_lines_round_trip() {
        for line in [
            "ongoing 0",
            "ongoing 3",
            "ongoing chance",
            "winner 1",
            "draw",
            "ranking 2 0 1 3",
            "ranking 1 0",
        ] {
            let status: Status = line.parse().unwrap();
            assert_eq!(status.to_string(), line);
        }
        for bad in [
            "",
            "ongoing",
            "winner 5",
            "draw 1",
            "ranking",
            "ranking 1 1",
            "won 1",
        ] {
            assert!(bad.parse::<Status>().is_err(), "{bad}");
        }
    }

    #[test]
    fn rewards() {
        assert_eq!(Outcome::Winner(p(1)).reward(p(1), 2), 1.0);
        assert_eq!(Outcome::Winner(p(1)).reward(p(0), 2), 0.0);
        assert_eq!(Outcome::Draw.reward(p(0), 2), 0.5);
        let ranking = Outcome::Ranking(Ranking::new(&[p(2), p(0), p(3), p(1)]).unwrap());
        assert_eq!(ranking.reward(p(2), 4), 1.0);
        assert!((ranking.reward(p(0), 4) - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(ranking.reward(p(1), 4), 0.0);
        assert_eq!(ranking.winner(), Some(p(2)));
        assert_eq!(Outcome::Draw.winner(), None);
    }

    #[test]
    fn status_accessors() {
        let chance = Status::Ongoing(Actor::Chance);
        assert_eq!(chance.to_move(), None);
        assert!(!chance.is_finished());
        assert_eq!(chance.outcome(), None);
        let draw = Status::Finished(Outcome::Draw);
        assert_eq!(draw.outcome(), Some(&Outcome::Draw));
    }
}
