//! [`boardcore::Game`] for Architekton, forwarding to the free functions.

use boardcore::{Game, MoveError, ParseError, Status};

use crate::config::Config;
use crate::error::Illegal;
use crate::moves::{ChanceList, Move, MoveList};
use crate::rules;
use crate::state::State;

impl Game for State {
    type Move = Move;
    type MoveList = MoveList;
    type ChanceList = ChanceList;
    type Config = Config;
    type Reason = Illegal;

    const NAME: &'static str = "architekton";
    /// The colours of the houses; Blue lays first.
    const SEAT_NAMES: &'static [&'static str] = &["Blue", "Orange"];

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

    fn legal_moves_into(&self, moves: &mut MoveList) {
        rules::legal_moves_into(self, moves);
    }

    fn count_moves(&self) -> usize {
        rules::count_moves(self)
    }

    fn apply(&self, mv: Move) -> Result<Self, MoveError<Illegal>> {
        rules::apply(self, mv)
    }

    fn apply_in_place(&mut self, mv: Move) -> Result<(), MoveError<Illegal>> {
        rules::apply_in_place(self, mv)
    }

    fn chance_outcomes(&self) -> ChanceList {
        rules::chance_outcomes(self)
    }

    fn position_key(&self) -> u64 {
        State::position_key(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        text.parse()
    }
}
