//! Pyrga benchmarks: move generation, move counting and `apply` on fixed positions, and
//! perft from the start with throughput in nodes per second.

use boardcore::perft;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pyrga::{Config, Rules, State};
use std::hint::black_box;
use tower_benches::{bench_moves, positions};

/// Openings, middle games and late games (from the golden data).
const RECORDS: &[&str] = &[
    "",
    "Tb4w",
    "Sd3 Td2w",
    "Cb4 Tb4w Ca4 Ta4s Ca2 Ta2e Tc2n Tc4s Tc1n Cc2 Sc2",
    "Cd4 Td4s Td2w Tb2n Tb3e Tc3w Sb3 Cb4 Tb4e Tc4s Sc1",
    "Td1w Tb1e Tc1e Cd1 Sd1 Cd2 Td2s Tc3n Tc4s Tc2w Tb2w Ta2s Ca1 Ta1n Ca2 Sa2 Sb2",
    "Sa3 Ta2s Ta1n Ta3s Sa2 Tb2e Td2w Sc2 Tc3e Sd3 Cd4 Sd4 Td3w Cb3 Tb3w Ca3 Cc4 Tc4e",
    "Sa1 Sa2 Tb2s Tb1n Tb3n Cb4 Tb4e Sd4 Cc4 Tc4w Sa4 Ta3e Tc3e Td3w Sa3 Ta2n Ta4e Sc4 Sb4 Cb3 Sb3 Ca3",
];

fn bench_positions(c: &mut Criterion) {
    let start = State::new(Config::default());
    let states = positions(&start, RECORDS);
    bench_moves(c, "pyrga", &states);
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("pyrga_perft");
    group.sample_size(10);
    for (rules, depth, nodes) in [
        (Rules::Standard, 5, 514_776u64),
        (Rules::Standard, 6, 4_426_984),
        (Rules::Standard, 7, 37_488_576),
        (Rules::Classic, 7, 41_146_096),
    ] {
        let start = State::new(Config::new(rules));
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new(rules.to_string(), depth),
            &depth,
            |b, &depth| {
                b.iter(|| {
                    let count = perft(black_box(&start), depth);
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
