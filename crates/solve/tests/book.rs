//! The opening books shipped with the crate: they read, they hold every position a player
//! following them meets, their values and moves agree with the solver, and a damaged file
//! is refused.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use boardcore::{Game, Symmetry};
use pyrga::{Config, Rules, State};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use solve::{BookError, BookSettings, PyrgaBook, PyrgaSolver, Quiet, Verdict};

const RULES: [Rules; 2] = [Rules::Standard, Rules::Classic];

/// The positions a player of `side` (0 first, 1 second) following `book` meets at its own
/// turns up to the book's last ply, in a game whose other moves `rng` draws.
fn book_line(book: &PyrgaBook, side: u32, rng: &mut Xoshiro256PlusPlus) -> Vec<State> {
    let mut state = State::new(Config::new(book.rules()));
    let mut met = Vec::new();
    while state.ply() <= book.plies() && pyrga::count_moves(&state) > 0 {
        let mv = if state.ply() % 2 == side {
            met.push(state);
            book.best_move(&state)
                .unwrap_or_else(|| panic!("the book misses {state}"))
                .mv
        } else {
            let moves = pyrga::legal_moves(&state);
            moves[rng.next_u64() as usize % moves.len()]
        };
        state = pyrga::apply(&state, mv).unwrap();
    }
    met
}

#[test]
fn shipped_books_read_and_round_trip() {
    for rules in RULES {
        let book = PyrgaBook::shipped(rules).unwrap();
        assert_eq!(book.rules(), rules);
        assert!(book.plies() >= 1 && !book.is_empty(), "{rules}");
        let bytes = book.to_bytes();
        assert_eq!(&PyrgaBook::from_bytes(&bytes).unwrap(), book);
    }
}

#[test]
fn the_start_is_a_win() {
    for rules in RULES {
        let book = PyrgaBook::shipped(rules).unwrap();
        let start = State::new(Config::new(rules));
        let entry = book.best_move(&start).unwrap();
        assert_eq!(entry.verdict, Verdict::Win, "{rules}");
        assert!(pyrga::legal_moves(&start).contains(&entry.mv));
    }
}

#[test]
fn a_player_following_the_book_always_finds_its_position() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for rules in RULES {
        let book = PyrgaBook::shipped(rules).unwrap();
        for game in 0..200 {
            let met = book_line(book, game % 2, &mut rng);
            assert!(!met.is_empty());
        }
    }
}

#[test]
fn the_first_moves_have_the_values_of_the_first_move_table() {
    // `docs/solutions.md` lists the value of each first move for White, found by separate
    // solves (`towers solve pyrga --all-moves`); the book holds every position after a
    // first move, with Black to move.
    let table = [
        ("Sa1", Verdict::Loss, Verdict::Loss),
        ("Sb1", Verdict::Draw, Verdict::Loss),
        ("Sb2", Verdict::Draw, Verdict::Draw),
        ("Ta1n", Verdict::Win, Verdict::Win),
        ("Tb1n", Verdict::Win, Verdict::Win),
        ("Tb1e", Verdict::Win, Verdict::Win),
        ("Tb1w", Verdict::Loss, Verdict::Loss),
        ("Tb2n", Verdict::Win, Verdict::Win),
        ("Tb2s", Verdict::Draw, Verdict::Draw),
        ("Ca1", Verdict::Draw, Verdict::Draw),
        ("Cb1", Verdict::Draw, Verdict::Draw),
        ("Cb2", Verdict::Loss, Verdict::Loss),
    ];
    for (first, standard, classic) in table {
        for (rules, black) in [(Rules::Standard, standard), (Rules::Classic, classic)] {
            let book = PyrgaBook::shipped(rules).unwrap();
            let state = State::new(Config::new(rules)).replay(first).unwrap();
            assert_eq!(
                book.best_move(&state).unwrap().verdict,
                black,
                "{rules} {first}"
            );
        }
    }
}

#[test]
fn the_known_move_values_agree_with_the_book_and_with_each_other() {
    for rules in RULES {
        let book = PyrgaBook::shipped(rules).unwrap();
        let start = State::new(Config::new(rules));
        let first = solve::known_move_values(&start).unwrap();
        assert_eq!(first.len(), pyrga::legal_moves(&start).len());
        // The book's verdicts of the positions after a first move were found by other
        // searches.
        for &(mv, value) in &first {
            let after = pyrga::apply(&start, mv).unwrap();
            assert_eq!(
                book.best_move(&after).unwrap().verdict,
                value.verdict,
                "{rules} {mv}"
            );
        }
        // The start's value for White is the book's verdict, with the best distance.
        let best = first
            .iter()
            .map(|&(_, value)| value.after_move())
            .max()
            .unwrap();
        assert_eq!(best.verdict, book.best_move(&start).unwrap().verdict);
        // The value of Sa1 is that of Black's best reply, from the other file; its images
        // (Sa4, Sd1, Sd4) have the same values, move for move.
        let sa1 = known_after(&start, &first, "Sa1");
        for corner in ["Sa1", "Sa4", "Sd1", "Sd4"] {
            let after = start.replay(corner).unwrap();
            let replies = solve::known_move_values(&after).unwrap();
            assert_eq!(replies.len(), pyrga::legal_moves(&after).len());
            let black = replies.iter().map(|&(_, value)| value.after_move()).max();
            assert_eq!(black, Some(sa1), "{rules} {corner}");
        }
    }
    let late = State::new(Config::default()).replay("Sb2 Sb3").unwrap();
    assert!(solve::known_move_values(&late).is_none());
}

/// The value, among `values` of the moves of `state`, of the move written `text`.
fn known_after(state: &State, values: &[(pyrga::Move, solve::Value)], text: &str) -> solve::Value {
    let mv = state.parse_move(text).unwrap();
    values.iter().find(|&&(known, _)| known == mv).unwrap().1
}

#[test]
fn book_verdicts_follow_from_the_next_book_positions() {
    // A position a player wins must be won again after its book move and any reply, one
    // it draws must not be lost then, and a known distance must shrink by two plies.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    for rules in RULES {
        let book = PyrgaBook::shipped(rules).unwrap();
        for game in 0..200 {
            let met = book_line(book, game % 2, &mut rng);
            for pair in met.windows(2) {
                let (now, later) = (
                    book.best_move(&pair[0]).unwrap(),
                    book.best_move(&pair[1]).unwrap(),
                );
                match now.verdict {
                    Verdict::Win => assert_eq!(later.verdict, Verdict::Win, "{}", pair[1]),
                    Verdict::Draw => assert_ne!(later.verdict, Verdict::Loss, "{}", pair[1]),
                    Verdict::Loss => {}
                }
                if let (Some(now), Some(later)) = (now.value, later.value)
                    && now.verdict == Verdict::Win
                {
                    assert!(later.plies + 2 <= now.plies, "{}", pair[1]);
                }
            }
        }
    }
}

/// The book's deepest positions against the solver, in release mode (a position of the
/// last ply takes up to seconds there, far longer in a debug build): `.ci/run` runs it with `cargo test
/// --release -p solve --test book -- --ignored`. Each verdict and value must be the
/// solver's, and the book's move must keep them.
#[test]
#[ignore = "seconds in release mode, much longer in a debug build: run by .ci/run"]
fn the_last_ply_of_the_book_agrees_with_the_solver() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut solver = PyrgaSolver::new(22);
    for rules in RULES {
        let book = PyrgaBook::shipped(rules).unwrap();
        let mut checked = std::collections::HashSet::new();
        for game in 0..40 {
            if checked.len() == 3 {
                break;
            }
            for state in book_line(book, game % 2, &mut rng) {
                if state.ply() != book.plies() || !checked.insert(state.symmetric_key()) {
                    continue;
                }
                let entry = book.best_move(&state).unwrap();
                assert_eq!(solver.verdict(&state).unwrap(), entry.verdict, "{state}");
                let child = pyrga::apply(&state, entry.mv).unwrap();
                let mover = match solver.verdict(&child).unwrap() {
                    Verdict::Win => Verdict::Loss,
                    Verdict::Draw => Verdict::Draw,
                    Verdict::Loss => Verdict::Win,
                };
                assert_eq!(mover, entry.verdict, "{state}");
                if let Some(known) = entry.value {
                    assert_eq!(solver.solve(&state).unwrap(), known, "{state}");
                    assert_eq!(solver.solve(&child).unwrap().after_move(), known, "{state}");
                }
            }
        }
        assert!(!checked.is_empty(), "no position of the last ply met");
    }
}

#[test]
fn every_image_of_a_book_position_gets_the_image_of_its_move() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let book = PyrgaBook::shipped(Rules::Standard).unwrap();
    for game in 0..20 {
        for state in book_line(book, game % 2, &mut rng) {
            let entry = book.best_move(&state).unwrap();
            for symmetry in Symmetry::ALL {
                let image = state.transformed(symmetry);
                let found = book.best_move(&image).unwrap();
                assert_eq!((found.verdict, found.value), (entry.verdict, entry.value));
                // The image's move leads to an image of the position after `mv`.
                assert_eq!(
                    pyrga::apply(&image, found.mv).unwrap().symmetric_key(),
                    pyrga::apply(&state, entry.mv).unwrap().symmetric_key(),
                    "{state} under {symmetry:?}"
                );
            }
        }
    }
}

#[test]
fn the_builder_walks_the_same_positions_again() {
    // Built again from its own entries, a book solves nothing and comes out the same.
    let mut solvers = [PyrgaSolver::new(4), PyrgaSolver::new(4)];
    for rules in RULES {
        let book = PyrgaBook::shipped(rules).unwrap();
        let mut solved = 0;
        let settings = BookSettings::new(rules, book.plies());
        let again = PyrgaBook::build(&settings, &mut solvers, book.entries(), &Quiet, |_, _| {
            solved += 1;
        })
        .unwrap();
        assert_eq!(solved, 0);
        assert_eq!(&again, book);
    }
}

#[test]
fn positions_outside_the_book_have_no_entry() {
    let book = PyrgaBook::shipped(Rules::Standard).unwrap();
    let classic = State::new(Config::new(Rules::Classic));
    assert_eq!(book.best_move(&classic), None);
    // Past the book's last ply.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let late =
        boardcore::random_playout_until(&State::new(Config::default()), &mut rng, 30, |state| {
            state.ply() > book.plies()
        })
        .state;
    assert_eq!(book.best_move(&late), None);
}

#[test]
fn damaged_books_are_refused() {
    let bytes = PyrgaBook::shipped(Rules::Standard).unwrap().to_bytes();
    assert_eq!(
        PyrgaBook::from_bytes(b"not a book"),
        Err(BookError::NotABook)
    );
    assert_eq!(PyrgaBook::from_bytes(&[]), Err(BookError::NotABook));
    let mut version = bytes.clone();
    version[8] = 9;
    assert_eq!(
        PyrgaBook::from_bytes(&version),
        Err(BookError::Version { found: 9 })
    );
    assert!(matches!(
        PyrgaBook::from_bytes(&bytes[..bytes.len() - 1]),
        Err(BookError::Truncated { .. })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(PyrgaBook::from_bytes(&longer), Err(BookError::Checksum));
    // Every byte after the format's version is under the checksum.
    for at in 9..bytes.len() {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x10;
        assert!(PyrgaBook::from_bytes(&damaged).is_err(), "byte {at}");
    }
}
