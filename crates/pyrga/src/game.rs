//! [`boardcore::Game`] for Pyrga, forwarding to the free functions.

use boardcore::{Game, MoveError, NoChance, ParseError, Status};

use crate::config::Config;
use crate::error::Illegal;
use crate::moves::{Move, MoveList};
use crate::rules;
use crate::state::State;

impl Game for State {
    type Move = Move;
    type MoveList = MoveList;
    type ChanceList = NoChance<Move>;
    type Config = Config;
    type Reason = Illegal;

    const NAME: &'static str = "pyrga";
    /// White moves first, as in the published game.
    const SEAT_NAMES: &'static [&'static str] = &["White", "Black"];

    fn new(config: Config) -> Self {
        State::new(config)
    }

    fn config(&self) -> Config {
        State::config(self)
    }

    fn seats(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        rules::status(self)
    }

    fn legal_moves(&self) -> MoveList {
        rules::legal_moves(self)
    }

    fn count_moves(&self) -> usize {
        rules::count_moves(self)
    }

    fn apply(&self, mv: Move) -> Result<Self, MoveError<Illegal>> {
        rules::apply(self, mv)
    }

    fn chance_outcomes(&self) -> NoChance<Move> {
        NoChance::new()
    }

    fn position_key(&self) -> u64 {
        State::position_key(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        text.parse()
    }
}
