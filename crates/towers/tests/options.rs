//! `towers` takes every option the `catalog` crate lists, as a flag, with no list of its
//! own: each value of each option works for its game and is refused for the others, and
//! each game's help lists its own options only.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

mod common;

use common::towers_with_input;

/// The flag of an option key: `buildingMatch` is `--building-match`.
fn flag(key: &str) -> String {
    let mut flag = String::from("--");
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            flag.push('-');
        }
        flag.push(c.to_ascii_lowercase());
    }
    flag
}

#[test]
fn every_catalog_option_is_a_flag_of_its_game_only() {
    for (game, spec) in catalog::option_specs() {
        let flag = flag(spec.key);
        for value in spec.values {
            let run = towers_with_input(&["status", game, &flag, value], "");
            assert_eq!(run.status, 0, "{game} {flag} {value}: {}", run.stderr);
        }
        for &other in catalog::GAMES.iter().filter(|&&other| other != game) {
            let run = towers_with_input(&["status", other, &flag, spec.default], "");
            assert_eq!(run.status, 2);
            let expected = format!("option {flag} does not apply to {other}");
            assert!(run.stderr.contains(&expected), "{}", run.stderr);
            let help = towers_with_input(&["status", other, "--help"], "").stdout;
            assert!(!help.contains(&format!("{flag} <VALUE>")), "{help}");
        }
        let help = towers_with_input(&["status", game, "--help"], "").stdout;
        assert!(help.contains(&format!("{flag} <VALUE>")), "{help}");
    }
}

#[test]
fn option_values_and_bot_names_are_read_in_any_case() {
    let run = towers_with_input(&["status", "pyrga", "--rules", "Classic"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let args = ["play", "pyrga", "--bots", "--bot", "RANDOM", "--seed", "1"];
    let run = towers_with_input(&args, "");
    assert_eq!(run.status, 0, "{}", run.stderr);
}
