//! How long Architekton's strongest bot takes a move at its level's budget: it plays
//! itself `GAMES` seeded games (chance by the seed too) and prints the median and the
//! slowest of its moves, and how many moves the search ran out of time on.
//!
//! ```text
//! cargo run --release -p bots --features architekton --example architekton_times -- \
//!     [GAMES] [SEED]
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::time::{Duration, Instant};

use architekton::{Config, State, apply};
use boardcore::rand_core::SeedableRng;
use boardcore::{Actor, Game, Status, random_move};
use bots::{ArchitektonMcts, Level};
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(10, |a| a.parse().expect("GAMES"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    let settings = ArchitektonMcts::settings(Level::MAX);
    let limit = settings.budget.max_time().expect("a time limit");
    let mut times: Vec<Duration> = Vec::new();
    let mut iterations = Vec::new();
    for game in 0..games {
        let mut chance = Xoshiro256PlusPlus::seed_from_u64(seed + game);
        let mut bot = ArchitektonMcts::new(settings, seed + game);
        let mut state = State::new(Config::default());
        while !state.status().is_finished() {
            let mv = if matches!(state.status(), Status::Ongoing(Actor::Player(_))) {
                let started = Instant::now();
                let report = bot.search(&state).expect("a player decides");
                times.push(started.elapsed());
                iterations.push(report.iterations);
                report.best
            } else {
                random_move(&state, &mut chance).expect("a chance draw")
            };
            state = apply(&state, mv).unwrap();
        }
    }
    let timed_out = times.iter().filter(|&&t| t >= limit).count();
    times.sort();
    iterations.sort_unstable();
    let median = times[times.len() / 2];
    let slowest = times[times.len() - 1];
    println!(
        "games {games} moves {} median {:.1} ms max {:.1} ms at the limit {timed_out} \
         median iterations {}",
        times.len(),
        median.as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3,
        iterations[iterations.len() / 2],
    );
}
