//! Bot benchmarks: MCTS iterations per second and alpha-beta nodes per second, per game,
//! and the iterations per second of Crescendo's search bot on a movement-phase position.

use boardcore::rand_core::SeedableRng;
use boardcore::{Game, random_move};
use bots::{AlphaBeta, Budget, CrescendoMcts, Level, Mcts, MctsConfig};
use crescendo::{Phase, Players};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_xoshiro::Xoshiro256PlusPlus;
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

/// Alpha-beta searches to `depth` from `state`, as positions visited per second.
fn alphabeta_nodes<G: bots::Evaluate + 'static>(
    c: &mut Criterion,
    name: &str,
    state: &G,
    depth: u64,
) {
    let mut group = c.benchmark_group("alphabeta");
    group.sample_size(10);
    let nodes = AlphaBeta::new(Budget::iterations(depth))
        .search(state)
        .map_or(1, |report| report.nodes);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("{name}_depth_{depth}"), |b| {
        b.iter(|| AlphaBeta::new(Budget::iterations(depth)).search(black_box(state)));
    });
    group.finish();
}

/// The position after `plies` random moves from `start` (seeded), then chance settled
/// until a player decides.
fn midgame<G: Game>(start: &G, plies: usize) -> G {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut state = start.clone();
    let mut played = 0;
    while played < plies || state.status().to_move().is_none() {
        let Some(next) = random_move(&state, &mut rng).and_then(|mv| state.apply(mv).ok()) else {
            break;
        };
        state = next;
        played += 1;
    }
    state
}

/// The first movement-phase position with at least 12 legal moves after ply 400 of a
/// greedy four-player match (fixed by its seed).
fn crescendo_movement_position() -> crescendo::State {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(31);
    let mut state = crescendo::State::new(crescendo::Config::new(Players::Four));
    let mut ply = 0;
    while let Some(mv) = bots::greedy::crescendo_move(&state, &mut rng) {
        if ply > 400
            && matches!(state.phase(), Phase::Moving { .. })
            && crescendo::count_moves(&state) >= 12
        {
            break;
        }
        state = crescendo::apply(&state, mv).unwrap_or(state);
        ply += 1;
    }
    state
}

fn bench_pyrga(c: &mut Criterion) {
    let start = pyrga::State::new(pyrga::Config::default());
    mcts_iterations(c, "pyrga", &start, 5_000);
    alphabeta_nodes(c, "pyrga", &start, 6);
}

fn bench_pylos(c: &mut Criterion) {
    let state = midgame(&pylos::State::new(pylos::Config::default()), 10);
    mcts_iterations(c, "pylos", &state, 2_000);
    alphabeta_nodes(c, "pylos", &state, 6);
}

fn bench_architekton(c: &mut Criterion) {
    let state = midgame(&architekton::State::new(architekton::Config::default()), 20);
    mcts_iterations(c, "architekton", &state, 1_000);
}

fn bench_crescendo(c: &mut Criterion) {
    const ITERATIONS: u64 = 1_000;
    let state = crescendo_movement_position();
    let config = MctsConfig {
        budget: Budget::iterations(ITERATIONS),
        ..CrescendoMcts::settings(Level::default())
    };
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS));
    group.bench_function("crescendo_movement", |b| {
        b.iter(|| CrescendoMcts::new(config, 1).search(black_box(&state)));
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_pyrga,
    bench_pylos,
    bench_architekton,
    bench_crescendo
);
criterion_main!(benches);
