//! `Perfect` plays moves that keep the solved value, in Pyrga and Pylos.
#![cfg(feature = "perfect")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::time::Duration;

use boardcore::Player;
use bots::{Bot, Perfect};
use solve::{PylosDirect, Value, minimax};

#[test]
fn pyrga_moves_keep_the_minimax_value() {
    let mut bot = Perfect::new(Duration::from_secs(5));
    let mut seed = 11u64;
    for _ in 0..10 {
        let mut state = pyrga::State::new(pyrga::Config::default());
        while state.ply() < 20 && !pyrga::legal_moves(&state).is_empty() {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let moves = pyrga::legal_moves(&state);
            state = pyrga::apply(&state, moves[(seed >> 33) as usize % moves.len()]).unwrap();
        }
        let Some(value) = minimax(&state, 30) else {
            panic!("Pyrga ends within 30 plies");
        };
        let Some(mv) = bot.choose(&state) else {
            assert!(pyrga::status(&state).is_finished());
            continue;
        };
        let child = pyrga::apply(&state, mv).unwrap();
        let after = minimax(&child, 30).unwrap();
        assert_eq!(after.after_move(), value);
        assert_eq!(bot.explain(&state, mv), Some(Value::describe_move(after)));
    }
}

#[test]
fn pylos_late_moves_keep_the_solved_value() {
    let config = pylos::Config::with_variant(pylos::Variant::Children);
    let mut state = pylos::State::new(config);
    while state.reserve(Player::SECOND) > 2 {
        state = pylos::apply(&state, pylos::legal_moves(&state)[0]).unwrap();
    }
    let solved = PylosDirect::solve(&state, 100_000).unwrap();
    let value = solved.value_of(&state).unwrap();
    let mut bot = Perfect::new(Duration::from_secs(1));
    let mv = bot.choose(&state).unwrap();
    let child = pylos::apply(&state, mv).unwrap();
    assert_eq!(solved.value_of(&child).unwrap().after_move(), value);
}
