//! Shared helpers of the benchmarks (the benchmarks themselves are the `[[bench]]`
//! targets: `cargo bench -p tower-benches --bench <game>`).

use std::hint::black_box;

/// The examples of the workspace's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

use boardcore::Game;
use criterion::{Criterion, Throughput};

/// The positions reached by playing each record from `start`.
///
/// # Panics
/// When a record does not replay: the benchmarks use fixed, known-good records.
pub fn positions<G: Game>(start: &G, records: &[&str]) -> Vec<G> {
    let states: Vec<G> = records
        .iter()
        .filter_map(|record| start.replay(record).ok())
        .collect();
    assert_eq!(
        states.len(),
        records.len(),
        "every benchmark record replays"
    );
    states
}

/// Every (position, legal move) pair of `positions`, for benchmarking `apply`.
pub fn position_moves<G: Game>(positions: &[G]) -> Vec<(G, G::Move)> {
    positions
        .iter()
        .flat_map(|state| {
            state
                .legal_moves()
                .iter()
                .map(|&mv| (state.clone(), mv))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The benchmark group `name` of `legal_moves`, `count_moves` and `apply` (of every legal
/// move) on `states`, with throughput in positions (moves for `apply`) per second. The
/// calls go through [`Game`], whose implementations forward to the engines' free
/// functions (static dispatch, inlined).
pub fn bench_moves<G: Game>(c: &mut Criterion, name: &str, states: &[G]) {
    let pairs = position_moves(states);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            for state in states {
                black_box(black_box(state).legal_moves());
            }
        });
    });
    group.bench_function("count_moves", |b| {
        b.iter(|| {
            for state in states {
                black_box(black_box(state).count_moves());
            }
        });
    });
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("apply", |b| {
        b.iter(|| {
            for (state, mv) in &pairs {
                black_box(black_box(state).apply(*mv).ok());
            }
        });
    });
    group.finish();
}
