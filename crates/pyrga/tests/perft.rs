//! Perft from the start position, both rule sets (figures from the rulings).

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::{perft, perft_divide};
use pyrga::{Config, Rules, State};

const STANDARD: [u64; 7] = [80, 792, 7000, 59872, 514_776, 4_426_984, 37_488_576];
const CLASSIC: [u64; 7] = [80, 792, 7392, 65656, 566_080, 4_859_288, 41_146_096];

fn check(rules: Rules, expected: &[u64], depths: core::ops::RangeInclusive<u32>) {
    let start = State::new(Config::new(rules));
    assert_eq!(perft(&start, 0), 1);
    for depth in depths {
        assert_eq!(
            perft(&start, depth),
            expected[depth as usize - 1],
            "{rules} depth {depth}"
        );
    }
}

#[test]
fn standard_depths_1_to_5() {
    check(Rules::Standard, &STANDARD, 1..=5);
}

#[test]
fn classic_depths_1_to_5() {
    check(Rules::Classic, &CLASSIC, 1..=5);
}

#[test]
fn standard_depths_6_and_7() {
    check(Rules::Standard, &STANDARD, 6..=7);
}

#[test]
fn classic_depths_6_and_7() {
    check(Rules::Classic, &CLASSIC, 6..=7);
}

#[test]
fn divide_adds_up() {
    let start = State::new(Config::default());
    let divided = perft_divide(&start, 3);
    assert_eq!(divided.len(), 80);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 7000);
}
