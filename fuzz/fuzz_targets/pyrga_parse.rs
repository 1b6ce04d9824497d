//! Arbitrary text read as a Pyrga move, position and game record: nothing panics, and
//! whatever reads writes back to text that reads to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pyrga::{Config, State};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        tower_fuzz::check_text(&State::new(Config::default()), text);
    }
});
