//! Architekton benchmarks: move generation, move counting and `apply` on mid-game
//! positions, random full games (chance sampled from a seeded generator), and perft(3)
//! from a mid-game position.

use architekton::{BuildingMatch, Config, State};
use boardcore::rand_core::SeedableRng;
use boardcore::{perft, random_playout};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use tower_benches::{bench_moves, positions};

/// Mid-game positions (turn 7 or 8, a tile to lay) reached by random play with chance.
const RECORDS_ALL: &[&str] = &[
    "*e *p *w *w *p *wpfe *wpef *wepf wpef@1,2r1 wpfe@2,1r2 *wfpe *wfep w@2,2 wfep@1,0r1 *p *wfpe wfpe@3,2r3 wfpe@0,1r3 *wepf *wpef w@2,0 wepf@2,-1 *f *wpef p@2,-2 wpef@3,0r3 *e *wfep wpef@1,-2 wfep@2,3r2 *wepf *wfpe e@3,-1 f@3,3 *w *w",
    "*p *p *e *w *f *wpef *wepf *wfep wpef@0,-1r3 wepf@1,2 *wpfe *wpef wfep@-1,0r2 e@1,-1 *f *wfpe wpef@1,-2r2 wpfe@2,1r2 *wepf *wefp f@2,-2 w@1,-3 *f *p wepf@0,-3r1 p@-1,-3 *p *wefp wefp@3,-2r1 f@0,2 *f *wfep wfpe@-1,2 wefp@-1,-2r3 *wpfe *wefp",
    "*w *w *p *e *f *wpef *wfep *wefp wfep@1,2r2 wefp@0,-1 *wepf *wefp wpef@2,1r3 p@-1,-1 *p *wepf wefp@-1,-2r1 f@-2,-2 *w *wfep e@1,-1 w@0,-2 remove *p *f wepf@-2,-3r1 p@-3,-3 *w *wpef wfep@-4,-3r2 f@2,0 *w *wpfe wepf@3,0 wpef@0,-3 *wpfe *wefp",
    "*e *e *e *p *e *wfpe *wefp *wpfe wefp@-1,0 wfpe@2,1 *wfep *wpfe wfep@1,2 wpfe@0,-1r1 *wfpe *wfpe p@0,-2 wpfe@0,-3r3 *w *wpef e@0,-4 wpef@-1,-4r3 *f *wepf wfpe@1,-4 f@2,-4 *p *wpef wepf@-1,-2r3 p@-2,0 *f *wfep f@1,-3 wpef@-3,0 *f *wpfe",
];

const RECORDS_ONE: &[&str] = &[
    "*w *f *w *f *p *wefp *wpfe *wepf wefp@1,0r2 wpfe@0,-1 *wepf *wpef wepf@0,1r2 wepf@-1,0r1 *wepf *wfep w@1,-1 wepf@2,-1r3 *p *wpef wfep@2,1r2 f@0,-2 *e *wpfe wpfe@1,-2 p@0,2 *w *wefp e@2,2 wefp@-1,2r2 *w *wfep wfep@-1,-2 p@-2,-2 *f *wfpe",
];

fn mid_game_positions() -> Vec<State> {
    let mut states = positions(&State::new(Config::default()), RECORDS_ALL);
    states.extend(positions(
        &State::new(Config::new(BuildingMatch::AtLeastOne)),
        RECORDS_ONE,
    ));
    states
}

fn bench_positions(c: &mut Criterion) {
    let states = mid_game_positions();
    bench_moves(c, "architekton", &states);
}

fn bench_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("architekton_games");
    group.throughput(Throughput::Elements(1));
    for building_match in [BuildingMatch::All, BuildingMatch::AtLeastOne] {
        let start = State::new(Config::new(building_match));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        group.bench_with_input(
            BenchmarkId::new("random_game", building_match),
            &start,
            |b, start| {
                b.iter(|| {
                    let end = random_playout(black_box(start), &mut rng, 1_000);
                    assert!(end.finished);
                    end.plies
                });
            },
        );
    }
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let states = mid_game_positions();
    let mut group = c.benchmark_group("architekton_perft");
    group.sample_size(10);
    let state = &states[0];
    let nodes = perft(state, 3);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(BenchmarkId::new("mid_game", 3), |b| {
        b.iter(|| {
            let count = perft(black_box(state), 3);
            assert_eq!(count, nodes);
            count
        });
    });
    group.finish();
}

criterion_group!(benches, bench_positions, bench_games, bench_perft);
criterion_main!(benches);
