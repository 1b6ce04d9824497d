//! Arbitrary text read as a Pylos move, spot, position and game record: nothing panics,
//! and whatever reads writes back to text that reads to the same value. A position read
//! is also played backwards: every move found going back leads to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pylos::{Config, Spot, State};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(spot) = text.parse::<Spot>() {
        // Spots read in any case and are written in lower case.
        assert_eq!(spot.to_string(), text.to_ascii_lowercase());
    }
    tower_fuzz::check_text(&State::new(Config::default()), text);
    if let Ok(state) = text.parse::<State>() {
        pylos::for_each_predecessor(&state, |previous, mv| {
            assert_eq!(pylos::apply(previous, mv), Ok(state));
        });
    }
});
