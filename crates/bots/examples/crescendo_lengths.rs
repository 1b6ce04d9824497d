//! How long Crescendo matches between bots last: plays matches with the same bot in every
//! seat and prints the median, the 90th percentile and the longest, in plies (every
//! decision: crosses, pawns, group moves, scattered pawns) and in wall time.
//!
//! ```text
//! cargo run --release -p bots --example crescendo_lengths -- \
//!     --bot mcts --players 4 --games 100 --seed 1 --level 3
//! ```
//!
//! Options: `--bot mcts|greedy|pursuit` (default `mcts`; `pursuit` is
//! `bots::pursuit::pursuit_move` and `setup_move`), `--players 2|3|4` (4), `--games N`
//! (100), `--seed S` (1), `--level 1..5` (3), for `mcts` `--playout-plies P` and
//! `--exploration C` (the level's), `--max-plies M` (100000: a longer match counts as
//! unfinished) and `--dump PATH` (the record of each match longer than 2000 plies is
//! written to `PATH.<match>`). A progress line per match goes to standard error, the
//! summary to standard output. The bot of seat `s` in match `g` is seeded with
//! `seed × 1000003 + 8g + s`.
// An example program: a bad argument ends it with a message.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::time::Instant;

use bots::boardcore::SeededRng;
use bots::pursuit::{pursuit_move, setup_move};
use bots::{Bot, CrescendoMcts, GreedyBot, Level, greedy, play};
use crescendo::{Config, Move, Players, State};

/// The pursuing player: [`pursuit_move`] in the movement phase, the greedy player's
/// choices elsewhere.
struct PursuitBot {
    rng: SeededRng,
}

impl Bot<State> for PursuitBot {
    fn name(&self) -> &'static str {
        "pursuit"
    }

    fn choose(&mut self, state: &State) -> Option<Move> {
        pursuit_move(state, &mut self.rng)
            .or_else(|| setup_move(state, &mut self.rng))
            .or_else(|| greedy::crescendo_move(state, &mut self.rng))
    }
}

/// The value following `--name` on the command line, if given.
fn option(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|arg| arg == name).map(|at| {
        args.get(at + 1)
            .cloned()
            .expect("a value after each option")
    })
}

/// The `q`-quantile of sorted `values` (nearest rank).
fn quantile<T: Copy>(sorted: &[T], q: f64) -> T {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bot = option(&args, "--bot").unwrap_or_else(|| "mcts".to_owned());
    let players: Players = option(&args, "--players")
        .unwrap_or_else(|| "4".to_owned())
        .parse()
        .expect("--players 2, 3 or 4");
    let games: u64 = option(&args, "--games").map_or(100, |g| g.parse().expect("--games N"));
    let seed: u64 = option(&args, "--seed").map_or(1, |s| s.parse().expect("--seed S"));
    let level: Level = option(&args, "--level")
        .unwrap_or_else(|| "3".to_owned())
        .parse()
        .expect("--level 1 to 5");
    let playout: Option<usize> =
        option(&args, "--playout-plies").map(|p| p.parse().expect("--playout-plies P"));
    let exploration: Option<f64> =
        option(&args, "--exploration").map(|e| e.parse().expect("--exploration C"));
    let dump = option(&args, "--dump");
    let max_plies: usize =
        option(&args, "--max-plies").map_or(100_000, |m| m.parse().expect("--max-plies M"));
    let start = State::new(Config::new(players));
    let seats = players.count();
    let (mut plies, mut seconds, mut unfinished) = (Vec::new(), Vec::new(), 0);
    let begun = Instant::now();
    for game in 0..games {
        let mut bots: Vec<Box<dyn Bot<State>>> = (0..seats)
            .map(|seat| {
                let seed = seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(game * 8 + seat as u64);
                let made: Box<dyn Bot<State>> = match bot.as_str() {
                    "mcts" => {
                        let mut config = CrescendoMcts::settings(level);
                        if let Some(playout) = playout {
                            config.playout_plies = playout;
                        }
                        if let Some(exploration) = exploration {
                            config.exploration = exploration;
                        }
                        Box::new(CrescendoMcts::new(config, seed))
                    }
                    "greedy" => Box::new(GreedyBot::new(seed)),
                    "pursuit" => Box::new(PursuitBot {
                        rng: SeededRng::new(seed),
                    }),
                    other => panic!("unknown bot {other}: mcts, greedy or pursuit"),
                };
                made
            })
            .collect();
        let clock = Instant::now();
        let played = play(&start, &mut bots, seed.wrapping_add(game), max_plies);
        let elapsed = clock.elapsed().as_secs_f64();
        if !played.finished {
            unfinished += 1;
        }
        if let Some(path) = &dump
            && played.moves.len() > 2_000
        {
            std::fs::write(format!("{path}.{game}"), played.record()).expect("a writable file");
        }
        plies.push(played.moves.len());
        seconds.push(elapsed);
        eprintln!(
            "match {}/{games}: {} plies{}, {elapsed:.2} s",
            game + 1,
            played.moves.len(),
            if played.finished { "" } else { " (unfinished)" }
        );
    }
    plies.sort_unstable();
    seconds.sort_unstable_by(f64::total_cmp);
    println!(
        "{bot} level {level}, {seats} players, {games} matches, seed {seed}: plies median {} p90 {} max {}; \
         seconds median {:.2} p90 {:.2} max {:.2}; total {:.0} s; unfinished {unfinished}",
        quantile(&plies, 0.5),
        quantile(&plies, 0.9),
        plies.last().copied().unwrap_or(0),
        quantile(&seconds, 0.5),
        quantile(&seconds, 0.9),
        seconds.last().copied().unwrap_or(0.0),
        begun.elapsed().as_secs_f64(),
    );
}
