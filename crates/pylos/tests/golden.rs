//! Every case of the golden data (computed by independent programs) must hold.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::testing::{GoldenCase, parse_golden};
use pylos::{Config, State};

const GOLDEN: &str = include_str!("data/golden.txt");

/// The start position of a case's options (omitted options take their defaults).
fn start(case: &GoldenCase) -> State {
    let option = |key: &str, default: &str| case.option(key).unwrap_or(default).to_owned();
    let config: Config = format!(
        "{} {} {}",
        option("variant", "standard"),
        option("takeback", "1-2"),
        option("end", "nomove")
    )
    .parse()
    .unwrap();
    State::new(config)
}

#[test]
fn every_golden_case_holds() {
    let cases = parse_golden(GOLDEN).unwrap();
    assert_eq!(cases.len(), 44);
    for case in &cases {
        assert_eq!(case.game, "pylos");
        // Depth 7 from the start is in tests/perft.rs; here everything up to depth 5.
        if let Err(message) = case.check(&start(case), 5) {
            panic!("{message}");
        }
    }
}

#[test]
fn golden_positions_round_trip_through_text() {
    for case in parse_golden(GOLDEN).unwrap() {
        let state = start(&case).replay(&case.moves).unwrap();
        let text = state.to_string();
        let read: State = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read, state, "{text}");
        assert_eq!(read.position_key(), state.position_key());
    }
}

#[test]
fn golden_perft_agrees_with_the_fast_perft() {
    for case in parse_golden(GOLDEN).unwrap() {
        let state = start(&case).replay(&case.moves).unwrap();
        for &(depth, expected) in case.perft.iter().filter(|(d, _)| *d <= 4) {
            assert_eq!(pylos::perft(&state, depth), expected, "line {}", case.line);
        }
    }
}
