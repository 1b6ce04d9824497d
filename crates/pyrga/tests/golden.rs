//! Every case of the golden data (computed by independent programs) must hold.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::testing::parse_golden;
use pyrga::{Config, Rules, State};

const GOLDEN: &str = include_str!("data/golden.txt");

#[test]
fn every_golden_case_holds() {
    let cases = parse_golden(GOLDEN).unwrap();
    assert_eq!(cases.len(), 39);
    for case in &cases {
        assert_eq!(case.game, "pyrga");
        let rules: Rules = case.option("rules").unwrap_or("standard").parse().unwrap();
        let start = State::new(Config::new(rules));
        if let Err(message) = case.check(&start, 5) {
            panic!("{message}");
        }
    }
}

#[test]
fn golden_positions_round_trip_through_text() {
    for case in parse_golden(GOLDEN).unwrap() {
        let rules: Rules = case.option("rules").unwrap_or("standard").parse().unwrap();
        let state = State::new(Config::new(rules)).replay(&case.moves).unwrap();
        let text = state.to_string();
        let read: State = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read, state, "{text}");
        assert_eq!(read.position_key(), state.position_key());
    }
}
