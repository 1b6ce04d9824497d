//! `towers ladder`: a seeded round-robin of bots and levels, rated on one scale.

use std::io::Write;
use std::time::Duration;

use bots::Level;

use crate::arena::{Entrant, play_game};
use crate::cli::{ForGame, LadderArgs};
use crate::error::CliError;
use crate::games::{CliGame, config_of};
use crate::rating::{Results, fit};

/// The bots whose level changes nothing of their play (or, for `perfect`, only its time
/// to fall back on): the ladder enters them once, at level 1.
const LEVEL_FREE: [&str; 3] = ["random", "greedy", "perfect"];

/// The anchor, rated 0.
const ANCHOR: &str = "random";

/// Drawn games added to each pair that played, so that an unbeaten bot has a finite rating.
const PRIOR_DRAWS: f64 = 1.0;

/// Runs `towers ladder`: every pair of entrants plays `--games` games, seats alternating;
/// a progress line per pair goes to standard error, and the ratings table, then each
/// level's score against the level below, to standard output.
pub(crate) fn ladder<G: CliGame>(
    args: &ForGame<LadderArgs>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let start = G::new(config_of::<G>(&args.options)?);
    if start.seats() != 2 {
        return Err(CliError::Ladder(format!(
            "the ladder plays two-player matches; this {} table has {} seats (give --players 2)",
            G::NAME,
            start.seats()
        )));
    }
    let entrants = entrants::<G>(args)?;
    let anchor = entrants
        .iter()
        .position(|e| e.bot == ANCHOR)
        .ok_or_else(|| CliError::Ladder(format!("the ladder needs {ANCHOR:?}, its anchor")))?;
    let mut results = Results::new(entrants.len());
    let mut thought = vec![(Duration::ZERO, 0u32); entrants.len()];
    let pairs: Vec<(usize, usize)> = (0..entrants.len())
        .flat_map(|a| (a + 1..entrants.len()).map(move |b| (a, b)))
        .collect();
    for (number, &(a, b)) in pairs.iter().enumerate() {
        let seed = args.seed.wrapping_add((number as u64) << 24);
        let mut unfinished = 0u32;
        for game in 0..args.games {
            let seat_bot = if game % 2 == 0 { [a, b] } else { [b, a] };
            let ended = play_game(
                &start,
                &entrants,
                &seat_bot,
                (seed, game),
                (args.max_plies.unwrap_or(G::MAX_PLIES), None),
            )?;
            let points = match ended.first {
                Some(seat) if seat_bot[seat] == a => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            results.add(a, b, points);
            unfinished += u32::from(!ended.finished);
            for (&bot, (time, moves)) in seat_bot.iter().zip(ended.thought) {
                thought[bot].0 += time;
                thought[bot].1 += moves;
            }
        }
        let (games, points) = results.between(a, b);
        eprintln!(
            "pair {}/{}: {} {points} – {} {}{}",
            number + 1,
            pairs.len(),
            entrants[a].label(),
            games - points,
            entrants[b].label(),
            if unfinished > 0 {
                format!(" ({unfinished} unfinished, counted as draws)")
            } else {
                String::new()
            }
        );
    }
    let ratings =
        fit(&results, anchor, PRIOR_DRAWS).map_err(|error| CliError::Ladder(error.to_string()))?;
    writeln!(
        out,
        "{:<10} {:>5} {:>7} {:>6} {:>6} {:>6} {:>9}",
        "bot", "level", "rating", "±error", "games", "score", "ms/move"
    )?;
    for (k, entrant) in entrants.iter().enumerate() {
        let (games, points) = results.total(k);
        let (time, moves) = thought[k];
        writeln!(
            out,
            "{:<10} {:>5} {:>7.0} {:>6.0} {:>6} {:>5.1}% {:>9.2}",
            entrant.bot,
            if LEVEL_FREE.contains(&entrant.bot.as_str()) {
                "-".to_owned()
            } else {
                entrant.level.to_string()
            },
            ratings[k].elo,
            ratings[k].error,
            games,
            100.0 * points / games.max(1.0),
            time.as_secs_f64() * 1000.0 / f64::from(moves.max(1))
        )?;
    }
    steps(&entrants, &results, args.min_step, out)
}

/// Prints each level's score against the level below it of the same bot; with
/// `min_step`, fails when one scores less than that share.
fn steps(
    entrants: &[Entrant],
    results: &Results,
    min_step: Option<f64>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut weak = Vec::new();
    for (upper, entrant) in entrants.iter().enumerate() {
        let below = entrants.iter().position(|other| {
            other.bot == entrant.bot && Some(other.level) == Level::new(entrant.level.value() - 1)
        });
        let Some(lower) = below else { continue };
        let (games, points) = results.between(upper, lower);
        let share = points / games.max(1.0);
        writeln!(
            out,
            "step {} over {}: {points} of {games} ({:.0}%)",
            entrant.label(),
            entrants[lower].label(),
            100.0 * share
        )?;
        if min_step.is_some_and(|min| share < min) {
            weak.push(format!("{} scored {points} of {games}", entrant.label()));
        }
    }
    if weak.is_empty() {
        Ok(())
    } else {
        Err(CliError::Ladder(format!(
            "below --min-step against the level below: {}",
            weak.join(", ")
        )))
    }
}

/// The entrants named with `--bot`, or else every bot of `G` at each level up to
/// `--max-level` (the level-free bots once); the anchor first.
fn entrants<G: CliGame>(args: &LadderArgs) -> Result<Vec<Entrant>, CliError> {
    let mut entrants = if args.bots.is_empty() {
        let mut all = Vec::new();
        for &bot in G::BOTS {
            let levels = if LEVEL_FREE.contains(&bot) {
                1
            } else {
                args.max_level.value()
            };
            for level in (1..=levels).filter_map(Level::new) {
                all.push(Entrant::read::<G>(bot, level)?);
            }
        }
        all
    } else {
        args.bots
            .iter()
            .map(|text| Entrant::read::<G>(text, Level::MIN))
            .collect::<Result<Vec<_>, _>>()?
    };
    entrants.sort_by_key(|e| (e.bot != ANCHOR, e.bot.clone(), e.level));
    entrants.dedup();
    Ok(entrants)
}
