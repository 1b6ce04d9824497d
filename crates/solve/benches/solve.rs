//! Solver benchmarks: nodes per second of the Pyrga search, and positions per second of
//! the work a Pylos build does for each position: going forwards (unrank, generate the
//! moves, play them and rank the children: the sweep and the count of the children) and
//! backwards (unrank, play the moves backwards and rank the parents: a layer); a slice of
//! consecutive indices unranked one at a time or walked; and the
//! Pyrga opening book's reading and lookups.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pylos::{Config as PylosConfig, MoveList, Variant};
use pyrga::{Config, State};
use solve::{PylosIndex, PyrgaBook, PyrgaProof, PyrgaSolver};

/// A Pyrga position at ply 13 (from a random game), large enough that the table's
/// allocation weighs little.
const PYRGA_RECORD: &str = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w";

fn bench_pyrga(c: &mut Criterion) {
    let state = State::new(Config::default()).replay(PYRGA_RECORD).unwrap();
    let mut group = c.benchmark_group("pyrga_solve");
    group.sample_size(10);
    // Each search with a new table of 2^20 buckets (32 MiB); the throughput is in nodes.
    let exact = |solver: &mut PyrgaSolver| solver.solve(&state).map(|_| ()).unwrap();
    let verdict = |solver: &mut PyrgaSolver| solver.verdict(&state).map(|_| ()).unwrap();
    for (name, search) in [
        ("ply13_exact", &exact as &dyn Fn(&mut PyrgaSolver)),
        ("ply13_verdict", &verdict),
    ] {
        let mut solver = PyrgaSolver::new(20);
        search(&mut solver);
        group.throughput(Throughput::Elements(solver.nodes()));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut solver = PyrgaSolver::new(20);
                search(black_box(&mut solver));
            });
        });
    }
    let mut proof = PyrgaProof::new(21);
    proof.verdict(&state).unwrap();
    group.throughput(Throughput::Elements(proof.nodes()));
    group.bench_function("ply13_proof_numbers", |b| {
        b.iter(|| black_box(PyrgaProof::new(21).verdict(black_box(&state)).unwrap()));
    });
    group.finish();
}

/// The opening book: reading the shipped file, and a lookup (the canonical image under the
/// 8 symmetries, a binary search, the move mapped back).
fn bench_pyrga_book(c: &mut Criterion) {
    let mut group = c.benchmark_group("pyrga_book");
    let bytes = PyrgaBook::shipped(pyrga::Rules::Standard)
        .unwrap()
        .to_bytes();
    group.bench_function("read", |b| {
        b.iter(|| PyrgaBook::from_bytes(black_box(&bytes)).unwrap());
    });
    let book = PyrgaBook::shipped(pyrga::Rules::Standard).unwrap();
    let start = State::new(Config::default());
    group.bench_function("lookup_start", |b| {
        b.iter(|| book.best_move(black_box(&start)).unwrap());
    });
    group.finish();
}

/// The first valid positions with `balls` balls (indices of non-canonical colourings and
/// invalid positions are skipped: they cost next to nothing in a solve).
fn sample(index: &PylosIndex, balls: u32) -> Vec<u64> {
    (index.prefix(balls + 1)..index.prefix(balls))
        .filter(|&i| index.state_at(i).is_some())
        .take(1 << 14)
        .collect()
}

fn bench_pylos_pass(c: &mut Criterion) {
    let mut group = c.benchmark_group("pylos_pass");
    group.sample_size(10);
    for (variant, balls) in [(Variant::Children, 28), (Variant::Standard, 24)] {
        let index = PylosIndex::new(PylosConfig::with_variant(variant));
        let positions = sample(&index, balls);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("{variant}_{balls}_balls"), |b| {
            let mut moves = MoveList::new();
            b.iter(|| {
                let mut sum = 0u64;
                for &i in &positions {
                    let state = index.state_at(i).unwrap();
                    if pylos::status(&state).is_finished() {
                        continue;
                    }
                    pylos::legal_moves_into(&state, &mut moves);
                    for &mv in &moves {
                        let child = pylos::apply(&state, mv).unwrap();
                        sum = sum.wrapping_add(index.index_of(&child).unwrap());
                    }
                }
                black_box(sum)
            });
        });
    }
    group.finish();
}

/// The sweep's and the count's work on consecutive indices (a slice of `standard` with 27
/// balls, invalid and non-canonical indices included, as a build visits them), done the
/// way the builds did it before the walk (`state_at` to classify each index, and again to
/// find an ongoing position's children) and the way they do it now (one [`PylosIndex::walk`]
/// over the slice): the rest of a build's work on an index is the same both ways. A third
/// way makes the children as the count does now, with `pylos::for_each_child`.
fn bench_pylos_slice(c: &mut Criterion) {
    let mut group = c.benchmark_group("pylos_slice");
    group.sample_size(10);
    let index = PylosIndex::new(PylosConfig::with_variant(Variant::Standard));
    let start = index.prefix(28) + 1_000_000;
    let slice = start..start + (1 << 14);
    group.throughput(Throughput::Elements(slice.end - slice.start));
    let children_of = |state: &pylos::State, moves: &mut MoveList| {
        pylos::legal_moves_into(state, moves);
        moves
            .iter()
            .map(|&mv| index.index_of(&pylos::apply(state, mv).unwrap()).unwrap())
            .fold(0u64, u64::wrapping_add)
    };
    group.bench_function("standard_27_balls_unrank_each_index_twice", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut sum = 0u64;
            for i in slice.clone() {
                let ongoing = index
                    .state_at(i)
                    .is_some_and(|state| !pylos::status(&state).is_finished());
                if ongoing {
                    sum = sum.wrapping_add(children_of(&index.state_at(i).unwrap(), &mut moves));
                }
            }
            black_box(sum)
        });
    });
    group.bench_function("standard_27_balls_walk", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut sum = 0u64;
            for (_, state) in index.walk(slice.clone()) {
                if let Some(state) = state.filter(|state| !pylos::status(state).is_finished()) {
                    sum = sum.wrapping_add(children_of(&state, &mut moves));
                }
            }
            black_box(sum)
        });
    });
    // And the way the count makes the children now: each from the generator's masks
    // (`pylos::for_each_child`), with no second check of the move.
    group.bench_function("standard_27_balls_walk_for_each_child", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for (_, state) in index.walk(slice.clone()) {
                if let Some(state) = state.filter(|state| !pylos::status(state).is_finished()) {
                    pylos::for_each_child(&state, |_, child| {
                        sum = sum.wrapping_add(index.index_of(&child).unwrap());
                    });
                }
            }
            black_box(sum)
        });
    });
    group.finish();
}

fn bench_pylos_parents(c: &mut Criterion) {
    let mut group = c.benchmark_group("pylos_parents");
    group.sample_size(10);
    for (variant, balls) in [(Variant::Standard, 24), (Variant::Expert, 24)] {
        let index = PylosIndex::new(PylosConfig::with_variant(variant));
        let positions = sample(&index, balls);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("{variant}_{balls}_balls"), |b| {
            let mut parents = Vec::new();
            b.iter(|| {
                let mut sum = 0u64;
                for &i in &positions {
                    let state = index.state_at(i).unwrap();
                    parents.clear();
                    pylos::for_each_predecessor(&state, |previous, _| {
                        parents.extend(index.index_of(previous));
                    });
                    parents.sort_unstable();
                    parents.dedup();
                    sum = sum.wrapping_add(parents.len() as u64);
                }
                black_box(sum)
            });
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_pyrga,
    bench_pyrga_book,
    bench_pylos_pass,
    bench_pylos_slice,
    bench_pylos_parents
);
criterion_main!(benches);
