//! Arbitrary text read as a Crescendo move, cross, position and game record: nothing
//! panics, and whatever reads writes back to text that reads to the same value.
#![no_main]

use boardcore::Game;
use crescendo::{Board, Config, Cross, Move, State};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
    }
    if let Ok(cross) = text.parse::<Cross>() {
        assert_eq!(cross.to_string().parse::<Cross>().unwrap(), cross);
        let mut board = Board::new();
        let _ = board.lay(cross);
    }
    if let Ok(state) = text.parse::<State>() {
        let written = state.to_string();
        assert_eq!(written.parse::<State>().unwrap(), state, "{written}");
        state.validate().unwrap();
        let _ = state.status();
        let moves = state.legal_moves();
        assert_eq!(moves.is_empty(), state.status().is_finished());
        for &mv in moves.iter().take(8) {
            state.apply(mv).unwrap().validate().unwrap();
        }
    }
    if let Ok(state) = serde_json::from_str::<State>(text) {
        state.validate().unwrap();
    }
    let start = State::new(Config::default());
    if let Ok(reached) = start.replay(text) {
        reached.validate().unwrap();
    }
});
