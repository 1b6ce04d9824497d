//! How long the perfect bot of Pyrga takes for each move of its own games: `Perfect`
//! (opening book, then the solver within the budget) plays one side from the start against
//! the alpha-beta or MCTS bot at level 1 (game `seed`: Perfect is White in even games; the
//! opponent alternates every two games), and each of its moves is timed. Prints the results
//! for each of its sides, then, per ply, the moves timed, the median, the 99th percentile
//! and the slowest, and how many came from the book.
//!
//! ```text
//! cargo run --release -p bots --features perfect-pyrga --example perfect_games -- \
//!     [BUDGET_MS] [GAMES] [RULES]
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::time::{Duration, Instant};

use boardcore::Game;
use bots::{AlphaBeta, Bot, Level, Mcts, Perfect, PerfectAnswer};
use pyrga::{Config, Rules, State};

fn main() {
    let mut args = std::env::args().skip(1);
    let budget = Duration::from_millis(args.next().map_or(2_000, |a| a.parse().unwrap()));
    let games: u64 = args.next().map_or(200, |a| a.parse().unwrap());
    let rules: Rules = args.next().map_or(Rules::Standard, |a| a.parse().unwrap());
    // By ply: the time of each move, and how many the book gave.
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); 31];
    let mut booked = [0usize; 31];
    // By the perfect bot's side (White, Black): games won, drawn and lost.
    let mut results = [[0usize; 3]; 2];
    for seed in 0..games {
        let level = Level::MIN;
        let mut opponent: Box<dyn Bot<State>> = if seed / 2 % 2 == 0 {
            Box::new(AlphaBeta::new(level.alphabeta()).with_seed(seed))
        } else {
            Box::new(Mcts::new(level.mcts(), seed))
        };
        let mut perfect = Perfect::new(budget);
        let side = (seed % 2) as usize;
        let mut state = State::new(Config::new(rules));
        while let Some(player) = state.status().to_move() {
            let mv = if player.index() == side {
                let ply = state.ply() as usize;
                let started = Instant::now();
                let mv = perfect.choose(&state);
                times[ply].push(started.elapsed());
                booked[ply] += usize::from(perfect.last_answer() == Some(PerfectAnswer::Book));
                mv
            } else {
                opponent.choose(&state)
            };
            let Some(mv) = mv else { break };
            state = state.apply(mv).unwrap();
        }
        let result = match state
            .status()
            .outcome()
            .and_then(boardcore::Outcome::winner)
        {
            Some(winner) if winner.index() == side => 0,
            Some(_) => 2,
            None => 1,
        };
        results[side][result] += 1;
    }
    println!(
        "rules {rules}, budget {} ms, {games} games: perfect won {}, drew {}, lost {} as White; won {}, drew {}, lost {} as Black",
        budget.as_millis(),
        results[0][0],
        results[0][1],
        results[0][2],
        results[1][0],
        results[1][1],
        results[1][2]
    );
    println!(" ply  moves   p50 s   p99 s   max s   book");
    for (ply, mut moves) in times.into_iter().enumerate() {
        if moves.is_empty() {
            continue;
        }
        moves.sort();
        let at = |q: f64| moves[((moves.len() - 1) as f64 * q).round() as usize].as_secs_f64();
        println!(
            "{ply:>4} {:>6} {:>7.3} {:>7.3} {:>7.3} {:>6}",
            moves.len(),
            at(0.5),
            at(0.99),
            at(1.0),
            booked[ply]
        );
    }
}
