//! The time the Pyrga solver takes by ply: for each ply asked, positions from random games
//! (seeded), solved by the verdict search and by the exact search (the verdict, then the
//! distance), each with a new table; prints the median, the 99th percentile and the
//! slowest, and the nodes.
//!
//! ```text
//! cargo run --release -p solve --example pyrga_timing -- [POSITIONS] [PLY…]
//! ```
//!
//! The figures of `docs/solutions.md` come from `-- 50 4 6 8 10 12` on one core.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use pyrga::{Config, State};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use solve::PyrgaSolver;

/// The table of each solve: 2^22 buckets (128 MiB).
const TABLE_BITS: u32 = 22;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u32>().expect("numbers"));
    let positions = args.next().unwrap_or(20);
    let plies: Vec<u32> = args.collect();
    let plies = if plies.is_empty() {
        vec![6, 8, 10, 12]
    } else {
        plies
    };
    println!("ply  search   positions  p50 s    p99 s    max s    max nodes");
    for ply in plies {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(u64::from(ply));
        let states: Vec<State> = (0..positions)
            .map(|_| {
                let start = State::new(Config::default());
                boardcore::random_playout_until(&start, &mut rng, 30, |s| s.ply() >= ply).state
            })
            .collect();
        for exact in [false, true] {
            let mut times = Vec::new();
            let mut most = 0;
            for state in &states {
                let mut solver = PyrgaSolver::new(TABLE_BITS);
                let started = Instant::now();
                if exact {
                    solver.solve(state).unwrap();
                } else {
                    solver.verdict(state).unwrap();
                }
                times.push(started.elapsed());
                most = most.max(solver.nodes());
            }
            times.sort();
            let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
            let seconds = |d: Duration| d.as_secs_f64();
            println!(
                "{ply:>3}  {:<8} {:>9}  {:<8.3} {:<8.3} {:<8.3} {most}",
                if exact { "exact" } else { "verdict" },
                times.len(),
                seconds(at(0.5)),
                seconds(at(0.99)),
                seconds(at(1.0)),
            );
        }
    }
}
