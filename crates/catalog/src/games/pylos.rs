//! Pylos in JavaScript: options `variant`, `takeback`, `end`; bots `mcts` (default),
//! `alphabeta`, `random`; the 30 spots of the pyramid; moves entered as the spot to place
//! on (or the ball to raise, then where), then each ball taken back.

use boardcore::{Game, Outcome, Player};
use bots::Level;
use pylos::{Config, EndRule, Invalid, Move, Spot, State, TakeBackRule, Variant};
use serde::Serialize;

use super::NamedGame;
use crate::bot::BotMaker;
use crate::error::OptionError;
use crate::input::Step;
use crate::options::{OptionSpec, Options};
#[cfg(feature = "database")]
use crate::solver::{PerfectPlay, PylosPlay};
use crate::view::Effect;

/// The pyramid and the options.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PylosBoard {
    /// The 30 spots: level 0 (4×4) first, then 3×3, 2×2 and the apex, each by rank then
    /// file.
    pub spots: Vec<PylosSpot>,
    /// `children`, `standard` or `expert`.
    pub variant: String,
    /// `1-2`, `0-2`, `1-2-earlier` or `0-2-earlier`.
    pub takeback: String,
    /// `nomove` or `reserve`.
    pub end: String,
}

/// One spot.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PylosSpot {
    /// Its name, like `0a1` (level, file, rank).
    pub spot: String,
    /// 0 (the base) to 3 (the apex).
    pub level: u8,
    /// 0 for file a.
    pub file: u8,
    /// 0 for rank 1.
    pub rank: u8,
    /// The owner of the ball on it.
    pub ball: Option<usize>,
    /// Empty and supported: a ball can go here now.
    pub open: bool,
    /// Holds a ball that supports nothing (it may be raised or taken back).
    pub free: bool,
}

/// One player: Light (seat 0) or Dark (seat 1).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PylosSeat {
    /// The seat.
    pub seat: usize,
    /// `Light` or `Dark`.
    pub name: &'static str,
    /// Balls in reserve.
    pub reserve: u8,
    /// Balls on the board.
    pub on_board: u8,
}

impl NamedGame for State {
    type Invalid = Invalid;
    type Board = PylosBoard;
    type Seat = PylosSeat;

    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "variant",
            values: &["children", "standard", "expert"],
            default: "standard",
            help: "variant",
        },
        OptionSpec {
            key: "takeback",
            values: &["1-2", "0-2", "1-2-earlier", "0-2-earlier"],
            default: "1-2",
            help: "take-back allowance (-earlier: never the ball just played, a candidate rule \
                   for analysis, not the published game's)",
        },
        OptionSpec {
            key: "end",
            values: &["nomove", "reserve"],
            default: "nomove",
            help: "end rule",
        },
    ];
    /// MCTS first: at the default level it finished first in 55 of 100 arena games
    /// against alpha-beta. `perfect` needs the solver's database (feature `database`).
    #[cfg(feature = "database")]
    const BOTS: &'static [&'static str] = &["mcts", "alphabeta", "random", "perfect"];
    /// MCTS first: at the default level it finished first in 55 of 100 arena games
    /// against alpha-beta.
    #[cfg(not(feature = "database"))]
    const BOTS: &'static [&'static str] = &["mcts", "alphabeta", "random"];

    /// Random games end within about 650 moves; bots that keep taking balls back can
    /// repeat positions for ever.
    const MAX_PLIES: usize = 1_000;

    const RULES: &'static str = "\
Pylos: Light and Dark, 15 balls each, build a pyramid: level 0 is 4x4, level 1
3x3, level 2 2x2 and the apex sits alone on level 3. A spot above level 0 takes
a ball only when the four spots under it hold balls. Whoever places the apex
ball wins; a player who cannot move on their turn loses.
On your turn, place a ball from your reserve on a spot that can take it, or
raise one of your free balls (nothing on it) to a higher spot that can take it
and that it does not hold up, which saves a ball.
Completing a 2x2 square of your colour (standard; expert: also a line of four on
level 0 or of three on level 1) takes back one or two of your free balls into
your reserve (children: never; takeback 0-2: none is allowed too; the -earlier
rules, for analysis only: never the ball that completed the pattern).
A spot is its level, file and rank: 0a1 to 0d4, 1a1 to 1c3, 2a1 to 2b2, the apex
3a1.
  0b2          place a ball on 0b2
  0a1-1b2      raise the ball on 0a1 to 1b2
  0b2x0b2x0a1  place on 0b2, then take back the balls on 0b2 and 0a1
";

    fn result(&self, outcome: &Outcome) -> String {
        let Outcome::Winner(winner) = outcome else {
            return "Draw".to_owned();
        };
        let (name, loser) = (State::seat_name(*winner), State::seat_name(winner.other()));
        if self.apex() == Some(*winner) {
            format!("{name} wins: placed the apex ball")
        } else if self.config().end == EndRule::Reserve && self.reserve(winner.other()) == 0 {
            format!("{name} wins: {loser} ended a turn with no ball left in reserve")
        } else {
            format!("{loser} has no move and loses")
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        pylos::perft(self, depth)
    }

    fn config_from(options: &Options) -> Result<Config, OptionError> {
        let variant: Variant = options.parse(&Self::OPTIONS[0])?;
        let takeback: TakeBackRule = options.parse(&Self::OPTIONS[1])?;
        let end: EndRule = options.parse(&Self::OPTIONS[2])?;
        Ok(Config::new(variant, takeback, end))
    }

    #[cfg(feature = "database")]
    fn perfect_play() -> Option<&'static dyn PerfectPlay<State>> {
        Some(&PylosPlay)
    }

    fn bot(name: &str, level: Level) -> Option<BotMaker<State>> {
        #[cfg(feature = "database")]
        if name == "perfect" {
            return Some(BotMaker::perfect(level));
        }
        BotMaker::two_player(name, level)
    }

    fn board(&self) -> PylosBoard {
        let open = self.open_spots();
        let free = self.free_balls(Player::FIRST) | self.free_balls(Player::SECOND);
        let config = Game::config(self);
        PylosBoard {
            spots: Spot::all()
                .map(|spot| PylosSpot {
                    spot: spot.to_string(),
                    level: spot.level(),
                    file: spot.file(),
                    rank: spot.rank(),
                    ball: self.ball(spot).map(Player::index),
                    open: open.contains(spot.index()),
                    free: free.contains(spot.index()),
                })
                .collect(),
            variant: config.variant.to_string(),
            takeback: config.takeback.to_string(),
            end: config.end.to_string(),
        }
    }

    fn seats_view(&self) -> Vec<PylosSeat> {
        [Player::FIRST, Player::SECOND]
            .into_iter()
            .map(|player| PylosSeat {
                seat: player.index(),
                name: State::seat_name(player),
                reserve: self.reserve(player),
                on_board: self.on_board(player),
            })
            .collect()
    }

    fn effects(_before: &State, mv: Move, _after: &State) -> Vec<Effect> {
        let mut effects: Vec<Effect> = mv
            .from()
            .map(|from| Effect::Raise {
                from: from.to_string(),
                to: mv.to().to_string(),
            })
            .into_iter()
            .collect();
        effects.extend(mv.takeback().spots().map(|spot| Effect::TakeBack {
            spot: spot.to_string(),
        }));
        effects
    }

    fn steps(&self, mv: Move) -> Vec<Vec<Step>> {
        let mut action = match mv.from() {
            Some(from) => vec![
                Step::new(from.to_string(), "raise"),
                Step::new(mv.to().to_string(), "to"),
            ],
            None => vec![Step::new(mv.to().to_string(), "place")],
        };
        let taken: Vec<Step> = mv
            .takeback()
            .spots()
            .map(|spot| Step::new(spot.to_string(), "takeBack"))
            .collect();
        if let [first, second] = taken.as_slice() {
            let mut reversed = action.clone();
            reversed.extend([second.clone(), first.clone()]);
            action.extend(taken);
            vec![action, reversed]
        } else {
            action.extend(taken);
            vec![action]
        }
    }
}
