//! Arbitrary text read as an Architekton move, position, configuration and game record:
//! nothing panics, and whatever reads writes back to the same text and value.
#![no_main]

use architekton::{Config, Move, State};
use boardcore::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string(), text, "a move has one spelling");
    }
    if let Ok(config) = text.parse::<Config>() {
        assert_eq!(config.to_string().parse::<Config>().unwrap(), config);
    }
    if let Ok(state) = text.parse::<State>() {
        let written = state.to_string();
        assert_eq!(written.parse::<State>().unwrap(), state, "{written}");
        state.validate().unwrap();
        let _ = state.status();
        let _ = state.legal_moves();
        let _ = state.final_score(boardcore::Player::FIRST);
    }
    if let Ok(state) = serde_json::from_str::<State>(text) {
        state.validate().unwrap();
    }
    let start = State::new(Config::default());
    if let Ok(reached) = start.replay(text) {
        reached.validate().unwrap();
    }
});
