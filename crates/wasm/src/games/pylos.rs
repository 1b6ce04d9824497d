//! Pylos in JavaScript: options `variant`, `takeback`, `end`; bots `mcts` (default),
//! `alphabeta`, `random`; the 30 spots of the pyramid; moves entered as the spot to place
//! on (or the ball to raise, then where), then each ball taken back.

use boardcore::{Game, Player};
use bots::Level;
use pylos::{Config, EndRule, Invalid, Move, Spot, State, TakeBackRule, Variant};
use serde::Serialize;

use super::WebGame;
use crate::bot::BotMaker;
use crate::error::WebError;
use crate::input::Step;
use crate::options::Options;
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
    /// `1-2` or `0-2`.
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

impl WebGame for State {
    type Invalid = Invalid;
    type Board = PylosBoard;
    type Seat = PylosSeat;

    const OPTIONS: &'static [&'static str] = &["variant", "takeback", "end"];
    const BOTS: &'static [&'static str] = &["mcts", "alphabeta", "random"];

    fn config_from(options: &Options) -> Result<Config, WebError> {
        let variant: Variant = options.parse("variant", "children, standard or expert")?;
        let takeback: TakeBackRule = options.parse("takeback", "1-2 or 0-2")?;
        let end: EndRule = options.parse("end", "nomove or reserve")?;
        Ok(Config::new(variant, takeback, end))
    }

    fn bot(name: &str, level: Level) -> Option<BotMaker<State>> {
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
