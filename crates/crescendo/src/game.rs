//! [`boardcore::Game`] for Crescendo, forwarding to the free functions.

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

    const NAME: &'static str = "crescendo";
    /// The colours of the seats, which are the colours of the cross arms (colour 0 points
    /// north at rotation 0, then 1 east, 2 south and 3 west).
    const SEAT_NAMES: &'static [&'static str] = &["Red", "Blue", "Yellow", "Green"];

    fn new(config: Config) -> Self {
        State::new(config)
    }

    fn config(&self) -> Config {
        State::config(self)
    }

    fn seats(&self) -> usize {
        self.players.count()
    }

    fn status(&self) -> Status {
        rules::status(self)
    }

    #[inline]
    fn legal_moves(&self) -> MoveList {
        rules::legal_moves(self)
    }

    fn legal_moves_into(&self, moves: &mut MoveList) {
        rules::legal_moves_into(self, moves);
    }

    fn count_moves(&self) -> usize {
        rules::count_moves(self)
    }

    #[inline]
    fn apply(&self, mv: Move) -> Result<Self, MoveError<Illegal>> {
        rules::apply(self, mv)
    }

    fn apply_in_place(&mut self, mv: Move) -> Result<(), MoveError<Illegal>> {
        rules::apply_in_place(self, mv)
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
