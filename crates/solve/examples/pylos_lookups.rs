//! The time of a lookup in a Pylos database, of either form (the file of a build, read
//! whole, or a compact file, read block by block): positions from random games (seeded) of
//! the database's options, each looked up once (`value_of`) and then with all its moves
//! (`best_move`, as the analysis server answers); prints the median, the 99th percentile
//! and the slowest of each.
//!
//! ```text
//! cargo run --release -p solve --example pylos_lookups -- FILE [POSITIONS]
//! ```
//!
//! The figures of `docs/solutions.md` come from 10,000 positions, one thread.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::{Duration, Instant};

use boardcore::Player;
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use solve::PylosDatabase;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a database file");
    let count: usize = args.next().map_or(10_000, |n| n.parse().expect("a number"));
    let started = Instant::now();
    let database = PylosDatabase::open(Path::new(&path)).expect("a database");
    println!(
        "opened {path} in {:.2} s: {:?}",
        started.elapsed().as_secs_f64(),
        database.storage()
    );
    let config = database.header().config;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        // A game cut at a random number of balls on the board, so that every stage of
        // the game is sampled.
        let balls = (rng.next_u32() % 30) as u8;
        let playout = boardcore::random_playout_until(
            &pylos::State::new(config),
            &mut rng,
            1000,
            |state: &pylos::State| {
                state.on_board(Player::FIRST) + state.on_board(Player::SECOND) >= balls
            },
        );
        if database.value_of(&playout.state).is_ok() {
            positions.push(playout.state);
        }
    }
    let mut values = Vec::with_capacity(count);
    let mut moves = Vec::with_capacity(count);
    for state in &positions {
        let started = Instant::now();
        database.value_of(state).unwrap();
        values.push(started.elapsed());
        let started = Instant::now();
        database.best_move(state).unwrap();
        moves.push(started.elapsed());
    }
    report("value_of", &mut values);
    report("best_move", &mut moves);
}

/// Prints the median, the 99th percentile and the slowest of `times`.
fn report(what: &str, times: &mut [Duration]) {
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e6;
    println!(
        "{what}: {} lookups, p50 {:.1} us, p99 {:.1} us, slowest {:.1} us",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}
