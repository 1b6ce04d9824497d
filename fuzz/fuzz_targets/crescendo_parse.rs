//! Arbitrary text read as a Crescendo move, cross, position and game record: nothing
//! panics, and whatever reads writes back to text that reads to the same value.
#![no_main]

use crescendo::{Board, Config, Cross, State};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(cross) = text.parse::<Cross>() {
        assert_eq!(cross.to_string().parse::<Cross>().unwrap(), cross);
        let mut board = Board::new();
        let _ = board.lay(cross);
    }
    tower_fuzz::check_text(&State::new(Config::default()), text);
});
