//! How the perfect bot of Pyrga meets a time budget, by ply: positions drawn from games
//! between the alpha-beta and MCTS bots at level 1 (one position per game and ply, seeded),
//! each answered as `Perfect` answers it (the exact best move within the budget, else a move
//! that keeps the verdict within the budget again, else alpha-beta within it), with a new
//! solver table each time. Prints, per ply, the median, the 99th percentile and the
//! slowest answer, and how many positions each way answered.
//!
//! ```text
//! cargo run --release -p bots --features perfect-pyrga --example perfect_budget -- \
//!     [BUDGET_MS] [POSITIONS] [PLY…]
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::time::{Duration, Instant};

use boardcore::Game;
use bots::{AlphaBeta, Bot, Budget, Level, Mcts};
use pyrga::{Config, State};
use solve::{Limits, PyrgaSolver};

/// The solver's table: 2^22 buckets (128 MiB), as the bot's.
const TABLE_BITS: u32 = 22;

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

/// How the bot's answer came: 0 exact, 1 verdict, 2 alpha-beta.
fn answer(state: &State, budget: Duration) -> usize {
    let limits = Limits {
        nodes: None,
        time: Some(budget),
    };
    let mut solver = PyrgaSolver::new(TABLE_BITS).with_limits(limits);
    if solver.best_move(state).is_ok() {
        return 0;
    }
    if solver.verdict_move(state).is_ok() {
        return 1;
    }
    let mut fallback = AlphaBeta::new(Budget::iterations(10).with_time(budget));
    fallback.choose(state);
    2
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
        "budget {} ms; ply  positions  p50 s   p99 s   max s   exact verdict alpha-beta",
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
        let mut ways = [0usize; 3];
        for state in &states {
            let started = Instant::now();
            ways[answer(state, budget)] += 1;
            times.push(started.elapsed());
        }
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64();
        println!(
            "{ply:>4} {:>10} {:>7.3} {:>7.3} {:>7.3} {:>7} {:>7} {:>10}",
            states.len(),
            at(0.5),
            at(0.99),
            at(1.0),
            ways[0],
            ways[1],
            ways[2]
        );
    }
}
