//! Random playouts per second in pure Rust, the loop the Python benchmark
//! (`benchmarks/playouts.py`) runs through the Python API: from the start, a uniformly
//! random legal move (or chance outcome by weight) until the end or the ply cap.
//!
//! ```sh
//! cargo run --release -p towers-python --example playouts
//! ```

use std::time::{Duration, Instant};

use catalog::boardcore::{SeededRng, random_playout};
use catalog::{NamedGame, Options, config_of};

/// Playouts of game `G` for about `budget`, capped at `max_plies` each: (playouts per
/// second, plies per second).
fn rate<G: NamedGame>(budget: Duration, max_plies: usize) -> (f64, f64) {
    let Ok(config) = config_of::<G>(&Options::default()) else {
        return (0.0, 0.0);
    };
    let start = G::new(config);
    let mut rng = SeededRng::new(1);
    let began = Instant::now();
    let (mut playouts, mut plies) = (0_u64, 0_u64);
    while began.elapsed() < budget {
        plies += random_playout(&start, &mut rng, max_plies).plies as u64;
        playouts += 1;
    }
    let seconds = began.elapsed().as_secs_f64();
    (playouts as f64 / seconds, plies as f64 / seconds)
}

fn main() {
    let budget = Duration::from_secs(2);
    let rows = [
        ("pyrga", rate::<catalog::pyrga::State>(budget, 1_000)),
        ("pylos", rate::<catalog::pylos::State>(budget, 1_000)),
        (
            "architekton",
            rate::<catalog::architekton::State>(budget, 1_000),
        ),
        (
            "crescendo",
            rate::<catalog::crescendo::State>(budget, catalog::crescendo::LONGEST_GAME as usize),
        ),
    ];
    for (name, (playouts, plies)) in rows {
        println!("{name:22} {playouts:>12.0} playouts/s {plies:>14.0} plies/s");
    }
}
