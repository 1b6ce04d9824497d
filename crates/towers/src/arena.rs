//! `towers arena`: bots against bots, many games, seats rotating.

use std::io::Write;
use std::time::{Duration, Instant};

use bots::{Bot, Level};

use crate::cli::{ArenaArgs, ForGame};
use crate::error::CliError;
use crate::games::{CliGame, config_of};
use crate::play::make_bot;

/// A bot taking part, with its level: `--bot mcts@2`, or `--bot mcts` at the `--level`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Entrant {
    /// The bot's name, as the catalog knows it.
    pub(crate) bot: String,
    /// Its strength.
    pub(crate) level: Level,
}

impl Entrant {
    /// The entrant `text` names: `NAME` at `level`, or `NAME@LEVEL`; the bot must be one
    /// of game `G`'s.
    ///
    /// # Errors
    /// [`CliError::BadArena`] for a level that is not 1 to 5, [`CliError::Catalog`] for a
    /// bot `G` does not have.
    pub(crate) fn read<G: CliGame>(text: &str, level: Level) -> Result<Entrant, CliError> {
        let (bot, level) = match text.split_once('@') {
            Some((bot, own)) => (
                bot,
                own.parse().map_err(|error: boardcore::ParseError| {
                    CliError::BadArena(format!("--bot {text}: {error}"))
                })?,
            ),
            None => (text, level),
        };
        let entrant = Entrant {
            bot: bot.to_owned(),
            level,
        };
        entrant.make::<G>(0, None)?;
        Ok(entrant)
    }

    /// The bot, seeded with `seed`, searching for `time` a move when one is given.
    fn make<G: CliGame>(
        &self,
        seed: u64,
        time: Option<Duration>,
    ) -> Result<Box<dyn Bot<G>>, CliError> {
        make_bot::<G>(&self.bot, self.level, seed, time)
    }

    /// `NAME@LEVEL`.
    pub(crate) fn label(&self) -> String {
        format!("{}@{}", self.bot, self.level)
    }
}

/// How one game of a match ended.
pub(crate) struct Ended {
    /// The seat that finished first, if one did.
    pub(crate) first: Option<usize>,
    /// Whether the game reached its end (else the move cap stopped it).
    pub(crate) finished: bool,
    /// The moves played.
    pub(crate) moves: usize,
    /// The time each seat's bot thought, and the moves it chose, by seat.
    pub(crate) thought: Vec<(Duration, u32)>,
}

/// Game number `game` of a match of `entrants` from `start`, seeded with `seed`: seat `s`
/// is taken by entrant `seat_bot[s]`; every bot searches for `time` a move when one is
/// given, otherwise by its level's limits.
///
/// # Errors
/// [`CliError::Catalog`] for a bot the game does not have.
pub(crate) fn play_game<G: CliGame>(
    start: &G,
    entrants: &[Entrant],
    seat_bot: &[usize],
    (seed, game): (u64, u32),
    (max_plies, time): (usize, Option<Duration>),
) -> Result<Ended, CliError> {
    let mut bots = seat_bot
        .iter()
        .enumerate()
        .map(|(seat, &bot)| {
            let seed = seed
                .wrapping_mul(1_000_003)
                .wrapping_add(u64::from(game) * 8 + seat as u64);
            Ok(Timed {
                bot: entrants[bot].make::<G>(seed, time)?,
                spent: Duration::ZERO,
                moves: 0,
            })
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let played = bots::play(
        start,
        &mut bots,
        seed.wrapping_add(u64::from(game)),
        max_plies,
    );
    let first = played
        .state
        .status()
        .outcome()
        .and_then(boardcore::Outcome::winner)
        .map(boardcore::Player::index);
    Ok(Ended {
        first,
        finished: played.finished,
        moves: played.moves.len(),
        thought: bots.iter().map(|bot| (bot.spent, bot.moves)).collect(),
    })
}

/// A bot whose thinking time is added up.
struct Timed<G> {
    bot: Box<dyn Bot<G>>,
    spent: Duration,
    moves: u32,
}

impl<G: boardcore::Game> Bot<G> for Timed<G> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, state: &G) -> Option<G::Move> {
        let started = Instant::now();
        let chosen = self.bot.choose(state);
        self.spent += started.elapsed();
        self.moves += 1;
        chosen
    }
}

/// Runs `towers arena`: prints one progress line per game on standard error and ends with
/// `firsts <per bot, in --bot order> draws <n>` on standard output. Unfinished games
/// (stopped by `--max-plies`) count as draws. Before the last line, one line per bot on
/// standard error gives its mean time a move.
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
    let entrants = args
        .bots
        .iter()
        .map(|text| Entrant::read::<G>(text, args.level))
        .collect::<Result<Vec<_>, _>>()?;
    // Seat s of game g is taken by participant (s + g) % seats; participants are the bots
    // in --bot order, the last one repeated to fill the table.
    let participants: Vec<usize> = (0..seats).map(|p| p.min(args.bots.len() - 1)).collect();
    let mut firsts = vec![0u32; args.bots.len()];
    let (mut draws, mut unfinished) = (0u32, 0u32);
    let mut thought = vec![(Duration::ZERO, 0u32); args.bots.len()];
    let time = args.time.map(Duration::from_millis);
    for game in 0..args.games {
        let seat_bot: Vec<usize> = (0..seats)
            .map(|seat| participants[(seat + game as usize) % seats])
            .collect();
        let ended = play_game(
            &start,
            &entrants,
            &seat_bot,
            (args.seed, game),
            (args.max_plies.unwrap_or(G::MAX_PLIES), time),
        )?;
        for (&bot, &(spent, moves)) in seat_bot.iter().zip(&ended.thought) {
            thought[bot].0 += spent;
            thought[bot].1 += moves;
        }
        let result = match ended.first {
            Some(seat) => {
                let bot = seat_bot[seat];
                firsts[bot] += 1;
                format!("{} (seat {seat}) first", args.bots[bot])
            }
            None if ended.finished => {
                draws += 1;
                "draw".to_owned()
            }
            None => {
                draws += 1;
                unfinished += 1;
                format!("unfinished after {} moves", ended.moves)
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
    for (bot, (spent, moves)) in args.bots.iter().zip(thought) {
        eprintln!(
            "{bot}: {:.2} ms a move ({moves} moves)",
            spent.as_secs_f64() * 1000.0 / f64::from(moves.max(1))
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
