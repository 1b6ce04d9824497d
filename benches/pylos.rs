//! Pylos benchmarks: move generation, move counting and `apply` on fixed positions, and
//! perft from the start with throughput in nodes per second, both with the engine's own
//! `pylos::perft` (bulk counting, no move lists) and with the generic `boardcore::perft`
//! (through the `Game` trait).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pylos::{Config, State};
use std::hint::black_box;
use tower_benches::{bench_moves, positions};

/// Openings, middle games with take-backs and raises, and late games (from the golden
/// data).
const RECORDS: &[&str] = &[
    "",
    "0a3 0d1 0a2 0c3 0d3 0c2",
    "0c1 0b4 0d1 0d2 0c4 0b2 0c3 0a2 0a1 0b1 0b3 0d4 0d3 0d4-1b3 0c2 1a1",
    "0c3 0b3 0c2 0a1 0a4 0d1 0b2 0d1-1b2 0a2 0a3 0d2 1a2 0d4 0b4",
    "0d1 0a2 0c1 0d4 0b4 0c4 0b1 0a3 0a1 0d2 0b2 0c2 0b4-1c1 0a2-1b1 0c3 0b4 0a4 0b3 0a4-1b2 1b3",
    "0c1 0b2 0c2 0a2 0b4 0d4 0b3 0d3 0c4 0d1 0c3x0b4x0c4 0d3-1b2 0c4 0b1 0a1 0a3 0c4-1b1 0b4 0c4 1a2 1a1 1b3 0d3 1c3 0a4 2a1 0d2x0a4",
    "0b4 0c2 0b1 0c4 0d4 0d1 0d3 0b3 0c1 0b2 0c3 0d1-1b3 0b1-1c3 0d2 1c2 0a1 0d1 1c1 0a2",
    "0a3 0c3 0b3 0d2 0b1 0d1 0b4 0b2 0d4 0a2 0b1-1a2 0a1 0c1 0c2 0b1 0c4 0d4-1c1 0a4 1b3 0d3x0a1x0d3 1b2 0a1 1a1 1a3 1c1-2a2 0d4 1b1x2a2x1a2 0d3x1a3x0d2 0a3-1c3 0d2x0d1x0d2 0a3 0d2x0d2x0a4 0d2 1c2 0a4x1a1x1c3 0a1-1a3 1c3 1a3-2b2",
];

fn bench_positions(c: &mut Criterion) {
    let start = State::new(Config::default());
    let states = positions(&start, RECORDS);
    bench_moves(c, "pylos", &states);
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("pylos_perft");
    group.sample_size(10);
    for (options, depth, nodes) in [
        ("standard 1-2 nomove", 5, 524_376u64),
        ("standard 1-2 nomove", 6, 5_786_496),
        ("standard 1-2 nomove", 7, 61_313_472),
        ("standard 1-2 nomove", 8, 604_563_360),
        ("expert 1-2 nomove", 7, 63_596_160),
        ("children 1-2 nomove", 7, 58_746_240),
    ] {
        let Ok(config) = options.parse::<Config>() else {
            continue;
        };
        let start = State::new(config);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new(format!("fast {options}"), depth),
            &depth,
            |b, &depth| {
                b.iter(|| {
                    let count = pylos::perft(black_box(&start), depth);
                    assert_eq!(count, nodes);
                    count
                });
            },
        );
    }
    for (depth, nodes) in [(6, 5_786_496u64), (7, 61_313_472)] {
        let start = State::new(Config::default());
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new("generic standard 1-2 nomove", depth),
            &depth,
            |b, &depth| {
                b.iter(|| {
                    let count = boardcore::perft(black_box(&start), depth);
                    assert_eq!(count, nodes);
                    count
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_positions, bench_perft);
criterion_main!(benches);
