//! Bot benchmarks: MCTS iterations per second and alpha-beta nodes per second, per game.

use boardcore::Game;
use bots::{AlphaBeta, Budget, Mcts, MctsConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// MCTS searches of a fixed number of iterations from `state`, as iterations per second.
fn mcts_iterations<G: Game + 'static>(c: &mut Criterion, name: &str, state: &G, iterations: u64) {
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(iterations));
    let config = MctsConfig {
        budget: Budget::iterations(iterations),
        ..MctsConfig::default()
    };
    group.bench_function(name, |b| {
        b.iter(|| {
            let report = Mcts::new(config, 1).search(black_box(state));
            black_box(report)
        });
    });
    group.finish();
}

fn bench_pyrga(c: &mut Criterion) {
    let start = pyrga::State::new(pyrga::Config::default());
    mcts_iterations(c, "pyrga", &start, 5_000);
    let mut group = c.benchmark_group("alphabeta");
    group.sample_size(10);
    let nodes = AlphaBeta::new(Budget::iterations(6))
        .search(&start)
        .map_or(1, |report| report.nodes);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("pyrga_depth_6", |b| {
        b.iter(|| AlphaBeta::new(Budget::iterations(6)).search(black_box(&start)));
    });
    group.finish();
}

criterion_group!(benches, bench_pyrga);
criterion_main!(benches);
