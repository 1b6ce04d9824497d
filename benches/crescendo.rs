//! Crescendo benchmarks: `legal_moves`, `count_moves` and `apply` on movement-phase
//! positions, random moves per second in the movement phase (each a `legal_moves_into`
//! into a kept list, a uniform pick and an `apply`), whole greedy matches of four
//! players, and perft(3) from a movement-phase position.

use boardcore::rand_core::SeedableRng;
use boardcore::{perft, uniform_below};
use bots::greedy::{crescendo_move, crescendo_playout};
use crescendo::{Config, MoveList, Phase, Players, State, apply, apply_in_place, legal_moves_into};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use tower_benches::bench_moves;

/// Movement-phase positions of greedy four-player matches (fixed by their seeds): the
/// positions after 40, 80, … plies that are in the movement phase, 64 of them.
fn movement_positions() -> Vec<State> {
    let mut positions = Vec::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2024);
    while positions.len() < 64 {
        let mut state = State::new(Config::new(Players::Four));
        let mut ply = 0;
        while let Some(next) =
            crescendo_move(&state, &mut rng).and_then(|mv| apply(&state, mv).ok())
        {
            state = next;
            ply += 1;
            if ply % 40 == 0 && matches!(state.phase(), Phase::Moving { .. }) {
                positions.push(state);
            }
            if positions.len() == 64 {
                break;
            }
        }
    }
    positions
}

fn bench_positions(c: &mut Criterion) {
    let states = movement_positions();
    bench_moves(c, "crescendo", &states);
}

fn bench_random_moves(c: &mut Criterion) {
    const MOVES: u64 = 10_000;
    let states = movement_positions();
    let mut group = c.benchmark_group("crescendo_random");
    group.throughput(Throughput::Elements(MOVES));
    group.bench_function("movement_moves", |b| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut next_start = 0;
        b.iter(|| {
            let mut state = states[next_start % states.len()];
            next_start += 1;
            let mut moves = MoveList::new();
            for _ in 0..MOVES {
                legal_moves_into(&state, &mut moves);
                let mv = moves[uniform_below(&mut rng, moves.len() as u64) as usize];
                let played = apply_in_place(&mut state, mv);
                debug_assert!(played.is_ok(), "a listed move applies");
                // Random play almost never leaves the round; restart if it does.
                if !matches!(
                    state.phase(),
                    Phase::Moving { .. } | Phase::Scattering { .. }
                ) {
                    state = states[next_start % states.len()];
                }
            }
            black_box(state)
        });
    });
    group.finish();
}

fn bench_greedy_matches(c: &mut Criterion) {
    let mut group = c.benchmark_group("crescendo_greedy");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    let start = State::new(Config::new(Players::Four));
    group.bench_function("four_player_match", |b| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        b.iter(|| {
            let end = crescendo_playout(&start, &mut rng, 1_000_000);
            assert!(end.finished);
            end.plies
        });
    });
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let states = movement_positions();
    let state = states[8];
    let nodes = perft(&state, 3);
    let mut group = c.benchmark_group("crescendo_perft");
    group.sample_size(20);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("movement_depth_3", |b| {
        b.iter(|| {
            let count = perft(black_box(&state), 3);
            assert_eq!(count, nodes);
            count
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_positions,
    bench_random_moves,
    bench_greedy_matches,
    bench_perft
);
criterion_main!(benches);
