//! `towers arena`: bots against bots, many games, seats rotating.

use std::io::Write;

use crate::cli::{ArenaArgs, ForGame};
use crate::error::CliError;
use crate::games::{CliGame, config_of};
use crate::play::make_bot;

/// Runs `towers arena`: prints one progress line per game on standard error and ends with
/// `firsts <per bot, in --bot order> draws <n>` on standard output. Unfinished games
/// (stopped by `--max-plies`) count as draws.
pub(crate) fn arena<G: CliGame>(
    args: &ForGame<ArenaArgs>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let start = G::new(config_of::<G>(&args.options)?);
    let seats = start.seats();
    if args.bots.len() < 2 || args.bots.len() > seats {
        let how_many = if seats == 2 {
            "two bots".to_owned()
        } else {
            format!("2 to {seats} bots")
        };
        return Err(CliError::BadArena(format!(
            "give {how_many} with --bot for {} (one --bot per bot)",
            G::NAME
        )));
    }
    for name in &args.bots {
        make_bot::<G>(name, args.level, 0)?;
    }
    // Seat s of game g is taken by participant (s + g) % seats; participants are the bots
    // in --bot order, the last one repeated to fill the table.
    let participants: Vec<usize> = (0..seats).map(|p| p.min(args.bots.len() - 1)).collect();
    let mut firsts = vec![0u32; args.bots.len()];
    let (mut draws, mut unfinished) = (0u32, 0u32);
    for game in 0..args.games {
        let seat_bot: Vec<usize> = (0..seats)
            .map(|seat| participants[(seat + game as usize) % seats])
            .collect();
        let mut bots = seat_bot
            .iter()
            .enumerate()
            .map(|(seat, &bot)| {
                let seed = args
                    .seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(u64::from(game) * 8 + seat as u64);
                make_bot::<G>(&args.bots[bot], args.level, seed)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let played = bots::play(
            &start,
            &mut bots,
            args.seed.wrapping_add(u64::from(game)),
            args.max_plies.unwrap_or(G::MAX_PLIES),
        );
        let result = match played
            .state
            .status()
            .outcome()
            .and_then(boardcore::Outcome::winner)
        {
            Some(winner) => {
                let bot = seat_bot[winner.index()];
                firsts[bot] += 1;
                format!("{} (seat {winner}) first", args.bots[bot])
            }
            None if played.finished => {
                draws += 1;
                "draw".to_owned()
            }
            None => {
                draws += 1;
                unfinished += 1;
                format!("unfinished after {} moves", played.moves.len())
            }
        };
        eprintln!(
            "game {}/{}: {result}; firsts {} draws {draws}{}",
            game + 1,
            args.games,
            join(&firsts),
            if unfinished > 0 {
                format!(" ({unfinished} unfinished)")
            } else {
                String::new()
            }
        );
    }
    writeln!(out, "firsts {} draws {draws}", join(&firsts))?;
    Ok(())
}

fn join(counts: &[u32]) -> String {
    counts
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
