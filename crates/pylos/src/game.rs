//! [`boardcore::Game`] for Pylos, forwarding to the free functions.

use boardcore::{Game, MoveError, NoChance, ParseError, Status};

use crate::config::Config;
use crate::error::Illegal;
use crate::moves::{Move, MoveList};
use crate::state::State;
use crate::{movegen, rules};

impl Game for State {
    type Move = Move;
    type MoveList = MoveList;
    type ChanceList = NoChance<Move>;
    type Config = Config;
    type Reason = Illegal;

    const NAME: &'static str = "pylos";
    /// Light (`L` in the position text) moves first.
    const SEAT_NAMES: &'static [&'static str] = &["Light", "Dark"];

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

    #[inline]
    fn legal_moves(&self) -> MoveList {
        movegen::legal_moves(self)
    }

    fn legal_moves_into(&self, moves: &mut MoveList) {
        movegen::legal_moves_into(self, moves);
    }

    fn count_moves(&self) -> usize {
        movegen::count_moves(self)
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
