//! Perft from the start position in every option set (figures from the rulings and the
//! golden data).

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::perft_divide;
use pylos::{Config, EndRule, State, TakeBackRule, Variant, perft};

/// Depths 1–6 are the same for every option set: no take-back is possible before ply 7.
const SHARED: [u64; 6] = [16, 240, 3360, 43680, 524_376, 5_786_496];

#[test]
fn standard_depths_1_to_7() {
    let start = State::new(Config::default());
    assert_eq!(perft(&start, 0), 1);
    for (depth, &expected) in (1..).zip(&SHARED) {
        assert_eq!(perft(&start, depth), expected, "depth {depth}");
    }
    assert_eq!(perft(&start, 7), 61_313_472);
}

#[test]
fn generic_perft_agrees_to_depth_6() {
    let start = State::new(Config::default());
    assert_eq!(boardcore::perft(&start, 6), SHARED[5]);
}

#[test]
fn every_option_set_at_depth_7() {
    for (options, expected) in [
        ("children 1-2 nomove", 58_746_240),
        ("expert 1-2 nomove", 63_596_160),
        ("standard 0-2 nomove", 61_599_168),
        ("standard 1-2 reserve", 61_313_472),
    ] {
        let start = State::new(options.parse().unwrap());
        assert_eq!(perft(&start, 6), SHARED[5], "{options}");
        assert_eq!(perft(&start, 7), expected, "{options}");
    }
}

#[test]
fn divide_adds_up() {
    let start = State::new(Config::new(
        Variant::Standard,
        TakeBackRule::OneOrTwo,
        EndRule::NoMove,
    ));
    let divided = perft_divide(&start, 3);
    assert_eq!(divided.len(), 16);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 3360);
}

#[test]
#[ignore = "perft(8) belongs to the benchmark (benches/pylos.rs); a second or two here, run with --ignored"]
fn standard_depth_8() {
    assert_eq!(perft(&State::new(Config::default()), 8), 604_563_360);
}
