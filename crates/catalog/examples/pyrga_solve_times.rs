//! The time of `solve` on Pyrga positions, natively: the same calls the JavaScript
//! package makes in wasm (one solver per thread, its table kept between calls), so that
//! `crates/wasm/bench/solve.mjs` can set the two side by side.
//!
//! ```text
//! cargo run --release -p catalog --example pyrga_solve_times < records.txt
//! ```
//!
//! Reads one Pyrga record per line; prints, per line, the milliseconds of the solve and the
//! value in words.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::BufRead;
use std::time::Instant;

use catalog::{AnyGame, Options, SolveRequest};

fn main() {
    let request = SolveRequest {
        time_ms: Some(600_000.0),
        nodes: None,
    };
    for line in std::io::stdin().lock().lines() {
        let record = line.expect("a line");
        let game = AnyGame::from_record("pyrga", &Options::default(), record.trim())
            .expect("a Pyrga record");
        let started = Instant::now();
        let value = game.solve(request).expect("solved");
        println!(
            "{:.3} {}",
            started.elapsed().as_secs_f64() * 1000.0,
            value.text
        );
    }
}
