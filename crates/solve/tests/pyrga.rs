//! The Pyrga solver against plain minimax from ply 20 on, and its two searches (the
//! verdict alone, and the exact score with the distance) against each other earlier.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use pyrga::{Config, Rules, State};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use solve::{PyrgaProof, PyrgaSolver, Value, Verdict, minimax};

/// A position after `plies` random moves (fewer if the game ends).
fn random_position(rules: Rules, plies: u32, rng: &mut Xoshiro256PlusPlus) -> State {
    let start = State::new(Config::new(rules));
    boardcore::random_playout_until(&start, rng, 30, |state| state.ply() >= plies).state
}

#[test]
fn solver_equals_minimax_from_ply_20() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(20);
    let mut seen = [0usize; 3];
    let mut solver = PyrgaSolver::new(16);
    let mut folded = PyrgaSolver::new(16).with_folded_plies(31);
    for rules in [Rules::Standard, Rules::Classic] {
        for round in 0..60 {
            let state = random_position(rules, 20 + round % 3, &mut rng);
            let exact = minimax(&state, 30).expect("Pyrga ends within 30 plies");
            assert_eq!(solver.solve(&state).unwrap(), exact, "{state}");
            // A table shared by symmetric images gives the same values.
            assert_eq!(folded.solve(&state).unwrap(), exact, "{state}");
            let image = state.transformed(boardcore::Symmetry::Rotate90);
            assert_eq!(folded.solve(&image).unwrap(), exact, "{image}");
            assert_eq!(solver.verdict(&state).unwrap(), exact.verdict, "{state}");
            assert_eq!(
                PyrgaProof::new(12).verdict(&state).unwrap(),
                exact.verdict,
                "{state}"
            );
            // Without a table, and with transposition cut-offs, nothing changes.
            for mut variant in [
                PyrgaSolver::new(4).with_table_plies(0),
                PyrgaSolver::new(12).with_transposition_cutoffs(true),
            ] {
                assert_eq!(variant.solve(&state).unwrap(), exact, "{state}");
            }
            seen[exact.verdict as usize] += 1;
            // Every move's value agrees too, and the best move keeps the value.
            for (mv, value) in solver.move_values(&state).unwrap() {
                let child = pyrga::apply(&state, mv).unwrap();
                assert_eq!(minimax(&child, 30), Some(value));
            }
            if let Some((mv, value)) = solver.best_move(&state).unwrap() {
                let child = pyrga::apply(&state, mv).unwrap();
                assert_eq!(solver.solve(&child).unwrap().after_move(), value);
            }
        }
    }
    // The sample holds wins, draws and losses.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn principal_variation_plays_out_the_value() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut solver = PyrgaSolver::new(16);
    for _ in 0..20 {
        let state = random_position(Rules::Standard, 18, &mut rng);
        let value = solver.solve(&state).unwrap();
        let line = solver.principal_variation(&state).unwrap();
        let mut end = state;
        for mv in &line {
            end = pyrga::apply(&end, *mv).unwrap();
        }
        let status = pyrga::status(&end);
        assert!(status.is_finished());
        if value.verdict != Verdict::Draw {
            assert_eq!(line.len() as u32, value.plies);
        }
        let final_value = Value::of_status(&status, end.mover()).unwrap();
        // Replaying the value back up the line gives the start's value.
        let mut back = final_value;
        for _ in &line {
            back = back.after_move();
        }
        assert_eq!(back.verdict, value.verdict);
    }
}

#[test]
fn node_limit_stops_the_search() {
    let mut solver = PyrgaSolver::new(16).with_limits(solve::Limits {
        nodes: Some(10_000),
        time: None,
    });
    let start = State::new(Config::default());
    assert!(matches!(
        solver.solve(&start),
        Err(solve::SolveError::OutOfBudget { .. })
    ));
}

#[test]
fn node_limit_is_at_most() {
    let start = State::new(Config::default());
    for limit in [1, 1000, 4097] {
        let mut solver = PyrgaSolver::new(16).with_limits(solve::Limits {
            nodes: Some(limit),
            time: None,
        });
        let Err(solve::SolveError::OutOfBudget { nodes }) = solver.solve(&start) else {
            panic!("the start is not solved in {limit} nodes");
        };
        assert_eq!(nodes, limit);
        assert_eq!(solver.nodes(), limit);
    }
    let mut proof = solve::PyrgaProof::new(16).with_limits(solve::Limits {
        nodes: Some(1000),
        time: None,
    });
    assert!(proof.verdict(&start).is_err());
    assert!(proof.nodes() <= 1000, "{}", proof.nodes());
}

/// The position of round `round` of a comparison at plies `plies`: both rule sets in turn,
/// the plies in turn.
fn agreement_position(
    plies: &core::ops::RangeInclusive<u32>,
    round: u32,
    rng: &mut Xoshiro256PlusPlus,
) -> State {
    let rules = if round.is_multiple_of(2) {
        Rules::Standard
    } else {
        Rules::Classic
    };
    let span = plies.end() - plies.start() + 1;
    random_position(rules, plies.start() + round / 2 % span, rng)
}

/// The verdict search (with the warm table of `verdicts`), the exact search (which finds the
/// verdict again, with the distance, through other windows and scores) and the
/// proof-number search (another method altogether) agree on `state`; returns its value.
fn searches_agree_on(state: &State, verdicts: &mut PyrgaSolver, bits: u32) -> Value {
    let verdict = verdicts.verdict(state).unwrap();
    // A new solver each time, so that no verdict entry can help: the exact search starts
    // from the full window.
    let mut exact = PyrgaSolver::new(bits).with_folded_plies(0);
    let value = exact.solve_exact(state).unwrap();
    assert_eq!(value.verdict, verdict, "{state}");
    let mut proof = PyrgaProof::new(bits);
    assert_eq!(proof.verdict(state).unwrap(), verdict, "{state}");
    value
}

#[test]
fn verdict_and_exact_searches_agree_from_ply_10() {
    let plies = 10..=12;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let mut verdicts = PyrgaSolver::new(18);
    let mut seen = [0usize; 3];
    for round in 0..300 {
        let state = agreement_position(&plies, round, &mut rng);
        seen[searches_agree_on(&state, &mut verdicts, 18).verdict as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// The larger run (see `docs/solving.md`): `PYRGA_AGREE=1000 cargo test --release -p solve
/// --test pyrga -- --ignored --nocapture` compares the three searches on 1,000 positions of
/// plies 2 to 12 (both rule sets), one thread per core, tables of 2^22 entries. Each
/// position agreed on is written as a line to `target/solve/pyrga-agree.txt` (or
/// `PYRGA_AGREE_FILE`), and a run started again skips the rounds already there, so a long
/// run can be stopped and resumed.
#[test]
#[ignore = "hours: the larger sample of docs/solving.md, resumable"]
fn verdict_and_exact_searches_agree_from_ply_2() {
    use std::io::Write;
    use std::sync::{Mutex, atomic::AtomicU32, atomic::Ordering};
    let count: u32 = std::env::var("PYRGA_AGREE")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let path = std::env::var("PYRGA_AGREE_FILE").map_or_else(
        |_| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../target/solve/pyrga-agree.txt")
        },
        std::path::PathBuf::from,
    );
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let earlier = std::fs::read_to_string(&path).unwrap_or_default();
    let done: std::collections::HashSet<u32> = earlier
        .lines()
        .filter_map(agreement_record)
        .map(|(round, _)| round)
        .collect();
    let plies = 2..=12;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    let positions: Vec<(u32, State)> = (0..count)
        .map(|round| (round, agreement_position(&plies, round, &mut rng)))
        .filter(|(round, _)| !done.contains(round))
        .collect();
    let file = Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .unwrap(),
    );
    // A line cut short by a stopped run ends here, apart from the next one.
    if !earlier.is_empty() && !earlier.ends_with('\n') {
        writeln!(file.lock().unwrap()).unwrap();
    }
    let next = AtomicU32::new(0);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut verdicts = PyrgaSolver::new(22);
                while let Some((round, state)) =
                    positions.get(next.fetch_add(1, Ordering::Relaxed) as usize)
                {
                    let start = std::time::Instant::now();
                    let value = searches_agree_on(state, &mut verdicts, 22);
                    let line = format!(
                        "{round} {:?} ply {} {:?} {} plies {:.1} s",
                        state.rules(),
                        state.ply(),
                        value.verdict,
                        value.plies,
                        start.elapsed().as_secs_f64()
                    );
                    println!("{line}");
                    writeln!(file.lock().unwrap(), "{line}").unwrap();
                }
            });
        }
    });
    let mut seen = [0usize; 3];
    let text = std::fs::read_to_string(&path).unwrap();
    for (_, verdict) in text.lines().filter_map(agreement_record) {
        seen[verdict] += 1;
    }
    println!(
        "{} positions: {} wins, {} draws, {} losses",
        seen.iter().sum::<usize>(),
        seen[0],
        seen[1],
        seen[2]
    );
}

/// The round and the verdict (0 win, 1 draw, 2 loss) of a whole line of the larger run's
/// file (`7 Standard ply 5 Win 23 plies 4.2 s`); `None` for a line cut short.
fn agreement_record(line: &str) -> Option<(u32, usize)> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [round, _, _, _, verdict, _, _, _, "s"] = fields[..] else {
        return None;
    };
    let verdict = ["Win", "Draw", "Loss"]
        .iter()
        .position(|&name| name == verdict)?;
    Some((round.parse().ok()?, verdict))
}

#[test]
fn verdict_moves_keep_the_verdict() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(14);
    let mut solver = PyrgaSolver::new(18);
    let mut seen = [0usize; 3];
    for round in 0..120 {
        let state = random_position(Rules::Standard, 12 + round % 8, &mut rng);
        let Some((mv, verdict)) = solver.verdict_move(&state).unwrap() else {
            assert!(pyrga::status(&state).is_finished());
            continue;
        };
        assert_eq!(verdict, solver.verdict(&state).unwrap());
        let child = pyrga::apply(&state, mv).unwrap();
        let after = solver.solve(&child).unwrap().after_move().verdict;
        assert_eq!(after, verdict, "{state} {mv}");
        seen[verdict as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}
