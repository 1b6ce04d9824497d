//! Arbitrary text read as a Pyrga move, position and game record: nothing panics, and
//! whatever reads writes back to text that reads to the same value.
#![no_main]

use boardcore::Game;
use libfuzzer_sys::fuzz_target;
use pyrga::{Config, Move, State};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
    }
    if let Ok(state) = text.parse::<State>() {
        let written = state.to_string();
        assert_eq!(written.parse::<State>().unwrap(), state, "{written}");
        state.validate().unwrap();
        let _ = state.status();
        let _ = state.legal_moves();
    }
    if let Ok(state) = serde_json::from_str::<State>(text) {
        state.validate().unwrap();
    }
    let start = State::new(Config::default());
    if let Ok(reached) = start.replay(text) {
        reached.validate().unwrap();
    }
});
