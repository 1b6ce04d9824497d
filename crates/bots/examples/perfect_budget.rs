//! How the perfect bot of Pyrga meets a time budget, by ply: positions drawn from games
//! between the alpha-beta and MCTS bots at level 1 (one position per game and ply, seeded),
//! each answered by a new `Perfect` (so a new solver table each time): its opening book, else
//! the exact best move within half the budget, else a move that keeps the verdict within
//! three tenths, else alpha-beta within the rest. Prints, per ply, the median, the 99th
//! percentile and the slowest answer, and how many positions each way answered
//! (`Perfect::last_answer`).
//!
//! ```text
//! cargo run --release -p bots --features perfect-pyrga --example perfect_budget -- \
//!     [BUDGET_MS] [POSITIONS] [PLY…]
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::time::{Duration, Instant};

use boardcore::Game;
use bots::{AlphaBeta, Bot, Level, Mcts, Perfect, PerfectAnswer};
use pyrga::{Config, State};

/// The positions of game `seed` between level-1 bots, by ply.
fn game(seed: u64) -> Vec<State> {
    let level = Level::MIN;
    let mut white: Box<dyn Bot<State>> =
        Box::new(AlphaBeta::new(level.alphabeta()).with_seed(seed));
    let mut black: Box<dyn Bot<State>> = Box::new(Mcts::new(level.mcts(), seed));
    if seed % 2 == 1 {
        core::mem::swap(&mut white, &mut black);
    }
    let mut state = State::new(Config::default());
    let mut positions = vec![state];
    while let Some(player) = state.status().to_move() {
        let bot = if player.index() == 0 {
            &mut white
        } else {
            &mut black
        };
        let Some(mv) = bot.choose(&state) else { break };
        state = state.apply(mv).unwrap();
        positions.push(state);
    }
    positions
}

/// How a new `Perfect` with `budget` found its move: 0 the book, 1 exact, 2 a verdict
/// move, 3 alpha-beta.
fn answer(state: &State, budget: Duration) -> usize {
    let mut bot = Perfect::new(budget);
    bot.choose(state);
    match bot.last_answer() {
        Some(PerfectAnswer::Book) => 0,
        Some(PerfectAnswer::Exact) => 1,
        Some(PerfectAnswer::Verdict) => 2,
        _ => 3,
    }
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().expect("numbers"));
    let budget = Duration::from_millis(args.next().unwrap_or(2_000));
    let positions = args.next().unwrap_or(200);
    let plies: Vec<u64> = args.collect();
    let games: Vec<Vec<State>> = (0..positions).map(game).collect();
    println!(
        "budget {} ms; ply  positions  p50 s   p99 s   max s    book   exact verdict alpha-beta",
        budget.as_millis()
    );
    for ply in plies {
        let states: Vec<&State> = games
            .iter()
            .filter_map(|g| g.get(ply as usize))
            .filter(|s| !s.status().is_finished())
            .collect();
        if states.is_empty() {
            continue;
        }
        let mut times = Vec::new();
        let mut ways = [0usize; 4];
        for state in &states {
            let started = Instant::now();
            ways[answer(state, budget)] += 1;
            times.push(started.elapsed());
        }
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64();
        println!(
            "{ply:>4} {:>10} {:>7.3} {:>7.3} {:>7.3} {:>7} {:>7} {:>7} {:>10}",
            states.len(),
            at(0.5),
            at(0.99),
            at(1.0),
            ways[0],
            ways[1],
            ways[2],
            ways[3]
        );
    }
}
