//! What an opening table of every Pyrga position up to ply P would cost: the exact value
//! (verdict and distance) of the distinct positions of a ply, solved the way a table build
//! solves them, with one long-lived table, siblings in a row so that they share work.
//!
//! For each ply asked, positions of the ply before are drawn from random games (seeded)
//! and every distinct child of each (up to the board's 8 symmetries) is solved in turn by
//! one solver with a table of 2^24 buckets (512 MiB); prints the positions solved, the
//! median and 99th percentile of one position, and the mean, until `POSITIONS` children
//! are solved or `SECONDS` have passed.
//!
//! ```text
//! cargo run --release -p solve --example pyrga_table_cost -- RULES POSITIONS SECONDS [PLY…]
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use pyrga::{Config, Rules, State};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use solve::PyrgaSolver;

fn main() {
    let mut args = std::env::args().skip(1);
    let rules: Rules = args.next().expect("rules").parse().expect("rules");
    let positions: usize = args.next().expect("positions").parse().expect("a number");
    let seconds: f64 = args.next().expect("seconds").parse().expect("a number");
    let plies: Vec<u32> = args.map(|a| a.parse().expect("a ply")).collect();
    println!("rules ply  positions  p50 s    p99 s    mean s   total s");
    for ply in plies {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(u64::from(ply));
        let mut solver = PyrgaSolver::new(24);
        let mut times = Vec::new();
        let started = Instant::now();
        'parents: while times.len() < positions {
            let start = State::new(Config::new(rules));
            let parent =
                boardcore::random_playout_until(&start, &mut rng, 30, |s| s.ply() + 1 >= ply).state;
            let mut seen = Vec::new();
            for mv in pyrga::legal_moves(&parent) {
                let child = pyrga::apply(&parent, mv).unwrap();
                let key = child.symmetric_key();
                if seen.contains(&key) || pyrga::count_moves(&child) == 0 {
                    continue;
                }
                seen.push(key);
                let one = Instant::now();
                solver.solve(&child).unwrap();
                times.push(one.elapsed().as_secs_f64());
                if times.len() >= positions || started.elapsed().as_secs_f64() >= seconds {
                    break 'parents;
                }
            }
        }
        let total: f64 = times.iter().sum();
        let mean = total / times.len() as f64;
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "{rules:<5} {ply:>3}  {:>9}  {:<8.3} {:<8.3} {:<8.3} {total:.1}",
            times.len(),
            at(0.5),
            at(0.99),
            mean
        );
    }
}
