//! The Pyrga jobs tell their progress through `solve::Progress`: a book a stage per ply with
//! a step per position, an all-moves solve one stage with a step per distinct result; each
//! stage is started, advanced to its total and finished, also when the budget runs out.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::BTreeMap;
use std::sync::Mutex;

use boardcore::Symmetry;
use pyrga::{Config, Player, Rules, State};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use solve::{
    BookEntry, BookSettings, Event, Job, Limits, Progress, PyrgaBook, PyrgaSolver, SolveError,
};

/// An event as the recorder heard it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Heard {
    Started(Job, u64),
    Advanced(u64),
    Finished,
}

/// A progress that keeps every event it hears.
#[derive(Default)]
struct Recorder(Mutex<Vec<Heard>>);

impl Progress for Recorder {
    fn event(&self, event: Event) {
        let heard = match event {
            Event::Started { stage, total } => Heard::Started(stage, total),
            Event::Advanced { done } => Heard::Advanced(done),
            Event::Finished => Heard::Finished,
            other => panic!("a Pyrga job told {other:?}"),
        };
        self.0.lock().unwrap().push(heard);
    }
}

impl Recorder {
    /// The events heard, in order.
    fn heard(self) -> Vec<Heard> {
        self.0.into_inner().unwrap()
    }
}

/// The stages of `heard`, each as its job, its total and the units it advanced by, after
/// checking that each was started, then only advanced, then finished.
fn stages(heard: &[Heard]) -> Vec<(Job, u64, u64)> {
    let mut stages = Vec::new();
    let mut open: Option<(Job, u64, u64)> = None;
    for &heard in heard {
        match heard {
            Heard::Started(job, total) => {
                assert_eq!(open, None, "{job:?} started inside a stage");
                open = Some((job, total, 0));
            }
            Heard::Advanced(done) => open.as_mut().expect("advanced outside a stage").2 += done,
            Heard::Finished => stages.push(open.take().expect("finished outside a stage")),
        }
    }
    assert_eq!(open, None, "a stage was not finished");
    stages
}

/// The number of positions of each ply of `book`, counted by walking its two trees here:
/// each side's positions are those its book moves and every move of the other side reach,
/// and a ply's book positions are the unfinished ones where that side is to move.
fn positions_by_ply(book: &PyrgaBook) -> Vec<u64> {
    let start = State::new(Config::new(book.rules()));
    let mut counts = vec![0u64; book.plies() as usize + 1];
    for side in [Player::FIRST, Player::SECOND] {
        let mut level = BTreeMap::from([(start.symmetric_key(), start)]);
        for count in &mut counts {
            let mut next = BTreeMap::new();
            for state in level.values() {
                if pyrga::count_moves(state) == 0 {
                    continue;
                }
                let moves: Vec<pyrga::Move> = if state.mover() == side {
                    *count += 1;
                    vec![book.best_move(state).unwrap().mv]
                } else {
                    pyrga::legal_moves(state).into_iter().collect()
                };
                for mv in moves {
                    let child = pyrga::apply(state, mv).unwrap();
                    next.insert(child.symmetric_key(), child);
                }
            }
            level = next;
        }
    }
    counts
}

/// The keys of `count` positions of the last ply of the first player's book of `book`,
/// reached by its book moves against random replies.
fn last_ply_keys(book: &PyrgaBook, count: usize) -> Vec<u64> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(36);
    let mut keys = Vec::new();
    while keys.len() < count {
        let mut state = State::new(Config::new(book.rules()));
        while state.ply() < book.plies() && pyrga::count_moves(&state) > 0 {
            let mv = if state.mover() == Player::FIRST {
                book.best_move(&state).unwrap().mv
            } else {
                let moves = pyrga::legal_moves(&state);
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            };
            state = pyrga::apply(&state, mv).unwrap();
        }
        let key = state.symmetric_key();
        if state.ply() == book.plies()
            && state.mover() == Player::FIRST
            && pyrga::count_moves(&state) > 0
            && !keys.contains(&key)
        {
            keys.push(key);
        }
    }
    keys.sort_unstable();
    keys
}

/// The entries of `book` but those of `dropped`.
fn entries_but(book: &PyrgaBook, dropped: &[u64]) -> Vec<(u64, BookEntry)> {
    let entries = book.entries().iter();
    entries
        .filter(|(key, _)| !dropped.contains(key))
        .copied()
        .collect()
}

#[test]
fn a_book_tells_each_ply_and_each_position() {
    let shipped = PyrgaBook::shipped(Rules::Standard).unwrap();
    let plies = shipped.plies();
    let dropped = last_ply_keys(shipped, 3);
    let recorder = Recorder::default();
    let mut solved = Vec::new();
    let book = PyrgaBook::build(
        &BookSettings::new(Rules::Standard, plies),
        &mut [PyrgaSolver::new(16)],
        &entries_but(shipped, &dropped),
        &recorder,
        |key, entry| solved.push((key, entry)),
    )
    .unwrap();
    // A stage per ply, in order, each with its positions as counted here, each done.
    let stages = stages(&recorder.heard());
    let expected: Vec<(Job, u64, u64)> = positions_by_ply(shipped)
        .into_iter()
        .zip(0..)
        .map(|(count, ply)| (Job::Book(ply), count, count))
        .collect();
    assert_eq!(stages, expected);
    let total: u64 = stages.iter().map(|&(_, total, _)| total).sum();
    assert_eq!(total, shipped.len() as u64);
    // The caller's sink was given the positions solved now, and only them.
    let mut keys: Vec<u64> = solved.iter().map(|&(key, _)| key).collect();
    keys.sort_unstable();
    assert_eq!(keys, dropped);
    assert_eq!(book.len(), shipped.len());
    for (key, entry) in solved {
        let found = shipped
            .entries()
            .binary_search_by_key(&key, |&(key, _)| key);
        assert_eq!(entry.verdict, shipped.entries()[found.unwrap()].1.verdict);
    }
}

#[test]
fn a_book_stopped_by_its_budget_finishes_the_stage_it_was_in() {
    let shipped = PyrgaBook::shipped(Rules::Standard).unwrap();
    let plies = shipped.plies();
    let dropped = last_ply_keys(shipped, 1);
    let recorder = Recorder::default();
    let budget = Limits {
        nodes: Some(1),
        time: None,
    };
    let built = PyrgaBook::build(
        &BookSettings::new(Rules::Standard, plies),
        &mut [PyrgaSolver::new(4).with_limits(budget)],
        &entries_but(shipped, &dropped),
        &recorder,
        |_, _| panic!("nothing can be solved in one node"),
    );
    assert!(
        matches!(built, Err(SolveError::OutOfBudget { .. })),
        "{built:?}"
    );
    let stages = stages(&recorder.heard());
    assert_eq!(stages.len(), plies as usize + 1);
    let (job, total, done) = stages[plies as usize];
    assert_eq!(job, Job::Book(plies));
    // The known positions of the last ply were counted, the dropped one was not.
    assert_eq!(done, total - 1);
}

#[test]
fn an_all_moves_solve_tells_each_distinct_result() {
    let state = State::new(Config::default())
        .replay("Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1")
        .unwrap();
    // The results that are not images of each other, found here by comparing each with
    // the images of those found before.
    let mut distinct: Vec<State> = Vec::new();
    for mv in pyrga::legal_moves(&state) {
        let child = pyrga::apply(&state, mv).unwrap();
        let seen = |earlier: &State| {
            Symmetry::ALL
                .iter()
                .any(|&s| earlier.transformed(s) == child)
        };
        if !distinct.iter().any(seen) {
            distinct.push(child);
        }
    }
    let results = distinct.len() as u64;
    assert!(results > 1, "{state}");
    let mut solver = PyrgaSolver::new(16);
    let recorder = Recorder::default();
    let mut saved = Vec::new();
    let all = solver
        .move_values_resuming(&state, &[], &recorder, |mv, value| saved.push((mv, value)))
        .unwrap();
    // A step for each distinct result, as it is solved.
    let heard = recorder.heard();
    let steps = heard.iter().filter(|&&heard| heard == Heard::Advanced(1));
    assert_eq!(steps.count() as u64, results, "{heard:?}");
    assert_eq!(stages(&heard), [(Job::Moves, results, results)]);
    assert_eq!(saved.len() as u64, results);
    // Resumed with one value known: it is counted at once, the others as they are solved.
    let recorder = Recorder::default();
    let resumed = solver
        .move_values_resuming(&state, &saved[..1], &recorder, |_, _| {})
        .unwrap();
    assert_eq!(resumed, all);
    let heard = recorder.heard();
    assert_eq!(
        heard[..2],
        [Heard::Started(Job::Moves, results), Heard::Advanced(1)]
    );
    assert_eq!(stages(&heard), [(Job::Moves, results, results)]);
}
