//! Arbitrary text read as an Architekton move, position, configuration and game record:
//! nothing panics, and whatever reads writes back to the same text and value.
#![no_main]

use architekton::{Config, State};
use boardcore::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let start = State::new(Config::default());
    if let Ok(mv) = start.parse_move(text) {
        // Moves read in any case and are written in lower case: one spelling per case.
        assert_eq!(
            mv.to_string(),
            text.to_ascii_lowercase(),
            "a move has one spelling"
        );
    }
    if let Ok(config) = text.parse::<Config>() {
        assert_eq!(config.to_string().parse::<Config>().unwrap(), config);
    }
    if let Ok(state) = text.parse::<State>() {
        let _ = state.final_score(boardcore::Player::FIRST);
    }
    tower_fuzz::check_text(&start, text);
});
