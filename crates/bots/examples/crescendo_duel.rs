//! Two styles of Crescendo's search bot head to head ([`bots::Style`]): the strongest
//! level's against the levels' search, each with its own budget a move, and the time
//! each side took a decision.
//!
//! ```text
//! cargo run --release -p bots --example crescendo_duel -- \
//!     --a strongest:16000 --b search:16000 --players 2 --games 100 --seed 2
//! ```
//!
//! A side is `STYLE:BUDGET`, the style `strongest` or `search` and the budget a number of
//! iterations (`16000`, level 5's search settings otherwise) or a time in milliseconds
//! (`t100`: as many iterations as fit in 100 ms, so not reproducible). Options:
//! `--players 2|3|4` (2), `--games N` (100), `--seed S` (1). With 3 or 4 players, side A
//! takes seats of even rank and side B the others, rotating by one seat each match. Each
//! match's rewards ([`boardcore::Outcome::reward`]: 1 for first, 0 for last, evenly
//! spaced between) are summed per side, and the firsts are counted. The bot of seat `s`
//! in match `g` is seeded with `seed × 1000003 + 8g + s`, chance (none in Crescendo) with
//! `seed + g`. A line per match goes to standard error, the summary to standard output:
//! per side the firsts, the summed rewards, and the milliseconds a decision (mean, median
//! and longest, over every decision the bot took, setup included).
// An example program: a bad argument ends it with a message.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::time::{Duration, Instant};

use bots::boardcore::{Game, Player};
use bots::{Bot, Budget, CrescendoMcts, Level, MctsConfig, Style, play};
use crescendo::{Config, Move, Players, State};

/// One side: its style and search settings, and the time of each of its decisions.
struct Side {
    style: Style,
    config: MctsConfig,
    label: String,
    times: Vec<Duration>,
    firsts: u32,
    points: f64,
}

impl Side {
    /// The side `text` describes (`strongest:16000`, `search:t100`).
    fn read(text: &str) -> Side {
        let (style, budget) = text.split_once(':').expect("a side is STYLE:BUDGET");
        let style = match style {
            "strongest" => Style::Strongest,
            "search" => Style::Search,
            _ => panic!("the style is strongest or search, not {style}"),
        };
        let budget = match budget.strip_prefix('t') {
            Some(ms) => Budget::time(Duration::from_millis(ms.parse().expect("milliseconds"))),
            None => Budget::iterations(budget.parse().expect("iterations")),
        };
        Side {
            style,
            config: MctsConfig {
                budget,
                ..CrescendoMcts::settings(Level::MAX)
            },
            label: text.to_owned(),
            times: Vec::new(),
            firsts: 0,
            points: 0.0,
        }
    }
}

/// A bot whose decisions are timed one by one.
struct Timed {
    bot: CrescendoMcts,
    times: Vec<Duration>,
}

impl Bot<State> for Timed {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, state: &State) -> Option<Move> {
        let started = Instant::now();
        let chosen = self.bot.choose(state);
        self.times.push(started.elapsed());
        chosen
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str, default: &str| -> String {
        args.iter()
            .position(|arg| arg == name)
            .map_or(default.to_owned(), |at| args[at + 1].clone())
    };
    let mut sides = [
        Side::read(&option("--a", "strongest:16000")),
        Side::read(&option("--b", "search:16000")),
    ];
    let players: usize = option("--players", "2").parse().expect("--players");
    let games: u32 = option("--games", "100").parse().expect("--games");
    let seed: u64 = option("--seed", "1").parse().expect("--seed");
    let table = match players {
        2 => Players::Two,
        3 => Players::Three,
        4 => Players::Four,
        _ => panic!("--players is 2, 3 or 4"),
    };
    let start = State::new(Config::new(table));
    for game in 0..games {
        let side_of = |seat: usize| (seat + game as usize) % 2;
        let mut bots: Vec<Timed> = (0..players)
            .map(|seat| {
                let side = &sides[side_of(seat)];
                let bot_seed = seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(u64::from(game) * 8 + seat as u64);
                Timed {
                    bot: CrescendoMcts::new(side.config, bot_seed).with_style(side.style),
                    times: Vec::new(),
                }
            })
            .collect();
        let played = play(
            &start,
            &mut bots,
            seed.wrapping_add(u64::from(game)),
            100_000,
        );
        let status = played.state.status();
        let outcome = status.outcome().expect("a Crescendo match always ends");
        for (seat, bot) in bots.iter_mut().enumerate() {
            let side = &mut sides[side_of(seat)];
            side.points += outcome.reward(Player::new(seat).unwrap(), players);
            side.times.append(&mut bot.times);
        }
        if let Some(winner) = outcome.winner() {
            sides[side_of(winner.index())].firsts += 1;
        }
        eprintln!(
            "match {}/{games}: firsts A {} B {}",
            game + 1,
            sides[0].firsts,
            sides[1].firsts
        );
    }
    for (name, side) in ["A", "B"].iter().zip(&mut sides) {
        side.times.sort_unstable();
        let ms = |time: Duration| time.as_secs_f64() * 1000.0;
        let total: Duration = side.times.iter().sum();
        println!(
            "{name} {}: firsts {} of {games}, rewards {:.1}, ms a decision: mean {:.2}, median {:.2}, longest {:.2} ({} decisions)",
            side.label,
            side.firsts,
            side.points,
            ms(total) / side.times.len().max(1) as f64,
            side.times.get(side.times.len() / 2).map_or(0.0, |&t| ms(t)),
            side.times.last().map_or(0.0, |&t| ms(t)),
            side.times.len()
        );
    }
}
