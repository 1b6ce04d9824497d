//! `Perfect` plays moves that keep the solved value, in Pyrga (feature `perfect-pyrga`) and
//! Pylos (feature `perfect`).
#![cfg(feature = "perfect-pyrga")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::time::Duration;

use boardcore::random_playout_until;
use bots::{Bot, Perfect, PerfectAnswer};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use solve::{Value, minimax};

#[test]
fn pyrga_moves_keep_the_minimax_value() {
    let mut bot = Perfect::new(Duration::from_secs(5));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for _ in 0..10 {
        let start = pyrga::State::new(pyrga::Config::default());
        let state = random_playout_until(&start, &mut rng, 30, |state| state.ply() >= 20).state;
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
        assert_eq!(bot.last_answer(), Some(PerfectAnswer::Exact), "{state}");
    }
}

#[test]
fn pyrga_says_when_its_budget_ran_out() {
    // Out of the book (White's `Ta4e` is not the book's move) and far from solved: with
    // 1 ms neither the exact search nor the verdict move ends, so alpha-beta answers.
    let mut bot = Perfect::new(Duration::from_millis(1));
    assert_eq!(bot.last_answer(), None);
    let mut state = pyrga::State::new(pyrga::Config::default());
    for mv in ["Ta4e", "Tb4s"] {
        state = pyrga::apply(&state, mv.parse().unwrap()).unwrap();
    }
    assert!(
        solve::PyrgaBook::shipped(pyrga::Rules::Standard)
            .unwrap()
            .best_move(&state)
            .is_none()
    );
    let mv = bot.choose(&state).unwrap();
    assert!(pyrga::legal_moves(&state).contains(&mv));
    assert_eq!(bot.last_answer(), Some(PerfectAnswer::Search));
}

#[test]
fn pyrga_opening_moves_come_from_the_book_at_once() {
    // A budget far too small for any solve: the book answers the first plies.
    let mut bot = Perfect::new(Duration::from_millis(1));
    for rules in [pyrga::Rules::Standard, pyrga::Rules::Classic] {
        let book = solve::PyrgaBook::shipped(rules).unwrap();
        let start = pyrga::State::new(pyrga::Config::new(rules));
        let entry = book.best_move(&start).unwrap();
        assert_eq!(bot.choose(&start), Some(entry.mv));
        assert_eq!(bot.last_answer(), Some(PerfectAnswer::Book));
        let said = bot.explain(&start, entry.mv).unwrap();
        assert!(said.starts_with("this move wins"), "{said}");
    }
}

#[cfg(feature = "perfect")]
#[test]
fn pylos_late_moves_keep_the_solved_value() {
    use boardcore::Player;
    use solve::PylosDirect;

    let config = pylos::Config::with_variant(pylos::Variant::Children);
    let mut state = pylos::State::new(config);
    while state.reserve(Player::SECOND) > 2 {
        state = pylos::apply(&state, pylos::legal_moves(&state)[0]).unwrap();
    }
    let solved = PylosDirect::solve(&state, 100_000).unwrap();
    let value = solved.value_of(&state).unwrap();
    let mut bot = Perfect::new(Duration::from_secs(1));
    let mv = bot.choose(&state).unwrap();
    assert_eq!(bot.last_answer(), Some(PerfectAnswer::Exact));
    let child = pylos::apply(&state, mv).unwrap();
    assert_eq!(solved.value_of(&child).unwrap().after_move(), value);
}
