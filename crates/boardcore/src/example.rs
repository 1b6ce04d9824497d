//! A complete, tiny game that implements [`Game`]: the pattern every engine follows, at a
//! size that fits on one page. The crate's examples and tests of the generic tools use it.
//!
//! *Countdown*: a pile of counters; the two players take turns removing one or two; whoever
//! takes the last counter wins. With [`CountdownConfig::wind`] set, after every player's
//! move that leaves counters, chance blows away one counter (weight 1) or none (weight 2).

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use thiserror::Error;

use crate::chance::Weighted;
use crate::error::{MoveError, ParseError, PositionError};
use crate::game::Game;
use crate::key::key_of_words;
use crate::player::Player;
use crate::status::{Actor, Outcome, Status};

/// Options of a [`Countdown`] game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CountdownConfig {
    /// Counters in the pile at the start.
    pub pile: u8,
    /// Whether chance may blow a counter away after each player's move.
    pub wind: bool,
}

impl Default for CountdownConfig {
    fn default() -> Self {
        CountdownConfig {
            pile: 10,
            wind: false,
        }
    }
}

/// A move: a player takes 1 or 2 counters (`1`, `2`), or the wind blows some away
/// (`~0`, `~1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CountdownMove {
    /// The player to move takes this many counters.
    Take(u8),
    /// Chance removes this many counters.
    Wind(u8),
}

impl fmt::Display for CountdownMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountdownMove::Take(n) => write!(f, "{n}"),
            CountdownMove::Wind(n) => write!(f, "~{n}"),
        }
    }
}

impl FromStr for CountdownMove {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "1" => Ok(CountdownMove::Take(1)),
            "2" => Ok(CountdownMove::Take(2)),
            "~0" => Ok(CountdownMove::Wind(0)),
            "~1" => Ok(CountdownMove::Wind(1)),
            _ => Err(ParseError::new("move", text, "expected 1, 2, ~0 or ~1")),
        }
    }
}

/// Why a [`CountdownMove`] is illegal.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum CountdownIllegal {
    /// More counters were taken than the pile holds.
    #[error("the pile holds fewer counters")]
    TooMany,
    /// A player moved while chance decides, or chance while a player does.
    #[error("it is not that decision's turn")]
    WrongActor,
}

/// Why a Countdown position text is invalid.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum CountdownInvalid {
    /// The wind is due in a game without wind, or with an empty pile.
    #[error("the wind cannot be due here")]
    WindNotPossible,
}

/// A Countdown position.
///
/// The text form is `<pile> <player to move> <wind option> [wind due]`, for example
/// `7 1 wind due`.
///
/// ```
/// use boardcore::example::{Countdown, CountdownConfig};
/// use boardcore::{perft, Game};
///
/// let start = Countdown::new(CountdownConfig { pile: 4, wind: false });
/// assert_eq!(perft(&start, 2), 4);
/// let after = start.replay("2 1").unwrap();
/// assert_eq!(after.to_string(), "1 0 calm");
/// assert_eq!(after.status().to_string(), "ongoing 0");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Countdown {
    pile: u8,
    to_move: Player,
    wind: bool,
    wind_due: bool,
}

impl Countdown {
    /// Counters left in the pile.
    pub fn pile(&self) -> u8 {
        self.pile
    }
}

impl Game for Countdown {
    type Move = CountdownMove;
    type MoveList = ArrayVec<CountdownMove, 2>;
    type ChanceList = ArrayVec<Weighted<CountdownMove>, 2>;
    type Config = CountdownConfig;
    type Reason = CountdownIllegal;

    const NAME: &'static str = "countdown";

    fn new(config: CountdownConfig) -> Self {
        Countdown {
            pile: config.pile,
            to_move: Player::FIRST,
            wind: config.wind,
            wind_due: false,
        }
    }

    fn config(&self) -> CountdownConfig {
        CountdownConfig {
            pile: self.pile,
            wind: self.wind,
        }
    }

    fn seats(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        if self.pile == 0 {
            // The player who took the last counter is the one not to move.
            Status::Finished(Outcome::Winner(self.to_move.other()))
        } else if self.wind_due {
            Status::Ongoing(Actor::Chance)
        } else {
            Status::Ongoing(Actor::Player(self.to_move))
        }
    }

    fn legal_moves(&self) -> Self::MoveList {
        if self.wind_due {
            return self.chance_outcomes().iter().map(|w| w.outcome).collect();
        }
        (1..=self.pile.min(2)).map(CountdownMove::Take).collect()
    }

    fn apply(&self, mv: CountdownMove) -> Result<Self, MoveError<CountdownIllegal>> {
        if self.pile == 0 {
            return Err(MoveError::GameOver);
        }
        let mut next = *self;
        match mv {
            CountdownMove::Take(n) if !self.wind_due => {
                if n == 0 || n > 2 || n > self.pile {
                    return Err(MoveError::Illegal(CountdownIllegal::TooMany));
                }
                next.pile -= n;
                next.to_move = self.to_move.other();
                next.wind_due = self.wind && next.pile > 0;
            }
            CountdownMove::Wind(n) if self.wind_due => {
                if n > 1 {
                    return Err(MoveError::Illegal(CountdownIllegal::TooMany));
                }
                next.pile -= n;
                next.wind_due = false;
            }
            _ => return Err(MoveError::Illegal(CountdownIllegal::WrongActor)),
        }
        Ok(next)
    }

    fn chance_outcomes(&self) -> Self::ChanceList {
        let mut outcomes = ArrayVec::new();
        if self.wind_due {
            outcomes.push(Weighted {
                outcome: CountdownMove::Wind(0),
                weight: 2,
            });
            outcomes.push(Weighted {
                outcome: CountdownMove::Wind(1),
                weight: 1,
            });
        }
        outcomes
    }

    fn position_key(&self) -> u64 {
        key_of_words(&[
            u64::from(self.pile),
            self.to_move.index() as u64,
            u64::from(self.wind) | u64::from(self.wind_due) << 1,
        ])
    }

    fn parse_move(&self, text: &str) -> Result<CountdownMove, ParseError> {
        text.parse()
    }
}

impl fmt::Display for Countdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wind = if self.wind { "wind" } else { "calm" };
        write!(f, "{} {} {wind}", self.pile, self.to_move)?;
        if self.wind_due {
            f.write_str(" due")?;
        }
        Ok(())
    }
}

impl FromStr for Countdown {
    type Err = PositionError<CountdownInvalid>;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax =
            || ParseError::new("position", text, "expected <pile> <player> wind|calm [due]");
        let words: Vec<&str> = text.split(' ').collect();
        let (pile, player, wind, due) = match words.as_slice() {
            [pile, player, wind] => (pile, player, wind, false),
            [pile, player, wind, "due"] => (pile, player, wind, true),
            _ => return Err(syntax().into()),
        };
        let wind = match *wind {
            "wind" => true,
            "calm" => false,
            _ => return Err(syntax().into()),
        };
        let state = Countdown {
            pile: pile.parse().map_err(|_| syntax())?,
            to_move: player
                .parse::<Player>()
                .ok()
                .filter(|p| p.index() < 2)
                .ok_or_else(syntax)?,
            wind,
            wind_due: due,
        };
        if due && (!wind || state.pile == 0) {
            return Err(PositionError::Invalid(CountdownInvalid::WindNotPossible));
        }
        Ok(state)
    }
}
