//! `towers play`: a person against bots, or bots against each other.

use std::io::{BufRead, Write};

use boardcore::rand_core::SeedableRng;
use boardcore::{Actor, Game, Player, Status, format_record, random_move};
use bots::Bot;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::cli::PlayArgs;
use crate::commands::position;
use crate::error::CliError;
use crate::games::CliGame;

/// Runs `towers play`.
pub(crate) fn play<G: CliGame>(args: &PlayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let start = position::<G>(&args.position)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let seats = start.seats();
    let mut bots = (0..seats)
        .map(|seat| {
            G::bot(&args.bot, seed.wrapping_add(seat as u64 + 1)).ok_or_else(|| {
                CliError::UnknownBot {
                    name: args.bot.clone(),
                    game: G::NAME,
                    known: G::BOTS.join(", "),
                }
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if args.bots {
        watch(&start, &mut bots, seed, args, out)
    } else {
        if args.seat >= seats {
            return Err(CliError::BadSeat {
                seat: args.seat,
                seats,
            });
        }
        let stdin = std::io::stdin();
        converse(start, &mut bots, seed, args, &mut stdin.lock(), out)
    }
}

/// Bots on every seat: prints `record <moves>` and the status line.
fn watch<G: CliGame>(
    start: &G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    args: &PlayArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut players: Vec<&mut dyn Bot<G>> = bots
        .iter_mut()
        .map(|bot| &mut **bot as &mut dyn Bot<G>)
        .collect();
    let game = bots::play(start, &mut players, seed, args.max_plies);
    let mut record = args
        .position
        .moves
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let played = game.record();
    if !record.is_empty() && !played.is_empty() {
        record.push(' ');
    }
    record.push_str(&played);
    writeln!(out, "record {record}")?;
    writeln!(out, "{}", game.state.status())?;
    if !game.finished {
        eprintln!(
            "towers: stopped after {} moves (--max-plies {}); the game is unfinished",
            game.moves.len(),
            args.max_plies
        );
    }
    Ok(())
}

const HELP: &str = "Type a move in notation, or one of:
  moves    list the legal moves
  undo     take back your last move (and the replies to it)
  show     draw the board again, with the position's text form
  record   print the game record so far
  help     this text
  quit     leave the game";

/// What the person's command asks for.
enum Command<M> {
    /// Play this move.
    Play(M),
    /// Ask again (after help, a listing, an error…).
    Again,
    /// Leave the game.
    Quit,
}

/// A game between a person and bots, with its history for taking moves back.
struct Session<'a, G: CliGame> {
    history: Vec<G>,
    moves: Vec<G::Move>,
    you: Player,
    bot_name: &'a str,
    redraw: bool,
}

/// A person on `args.seat`, bots on the other seats, reading moves from `input`.
fn converse<G: CliGame>(
    start: G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    args: &PlayArgs,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut chance = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut session = Session {
        history: vec![start],
        moves: Vec::new(),
        you: Player::new(args.seat).unwrap_or(Player::FIRST),
        bot_name: &args.bot,
        redraw: true,
    };
    writeln!(
        out,
        "{} against {} bots; you play seat {}. Type help for the commands.",
        G::NAME,
        args.bot,
        session.you
    )?;
    while let Some(state) = session.history.last().cloned() {
        let chosen = match state.status() {
            Status::Finished(outcome) => {
                write!(out, "{}", state.draw())?;
                writeln!(out, "Game over: {outcome}")?;
                writeln!(out, "record {}", format_record(&session.moves))?;
                return Ok(());
            }
            Status::Ongoing(Actor::Chance) => {
                let drawn = random_move(&state, &mut chance);
                if let Some(mv) = drawn {
                    writeln!(out, "chance: {mv}")?;
                }
                drawn
            }
            Status::Ongoing(Actor::Player(player)) if player != session.you => {
                let chosen = bots
                    .get_mut(player.index())
                    .and_then(|bot| bot.choose(&state));
                if let Some(mv) = chosen {
                    writeln!(out, "seat {player} ({}) plays {mv}", session.bot_name)?;
                    session.redraw = true;
                }
                chosen
            }
            Status::Ongoing(Actor::Player(_)) => match session.ask(&state, input, out)? {
                Command::Play(mv) => Some(mv),
                Command::Again => continue,
                Command::Quit => return Ok(()),
            },
        };
        let Some(mv) = chosen else {
            writeln!(out, "no move could be chosen; stopping")?;
            return Ok(());
        };
        match state.apply(mv) {
            Ok(next) => {
                session.history.push(next);
                session.moves.push(mv);
            }
            Err(error) => {
                writeln!(out, "the move {mv} was refused: {error}")?;
                if state.status().to_move() != Some(session.you) {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

impl<G: CliGame> Session<'_, G> {
    /// Reads and carries out one command of the person, whose turn it is in `state`.
    fn ask(
        &mut self,
        state: &G,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<Command<G::Move>, CliError> {
        if self.redraw {
            write!(out, "{}", state.draw())?;
            self.redraw = false;
        }
        write!(out, "your move (seat {})> ", self.you)?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(Command::Quit);
        }
        match line.trim() {
            "" => {}
            "quit" | "exit" => return Ok(Command::Quit),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "show" => {
                write!(out, "{}", state.draw())?;
                writeln!(out, "position {state}")?;
            }
            "record" => writeln!(out, "record {}", format_record(&self.moves))?,
            "moves" => {
                let mut legal: Vec<String> = state
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                legal.sort_unstable();
                writeln!(out, "{}", legal.join(" "))?;
            }
            "undo" => {
                if undo(&mut self.history, &mut self.moves, self.you) {
                    self.redraw = true;
                } else {
                    writeln!(out, "nothing of yours to take back")?;
                }
            }
            text => match state.parse_move(text) {
                Ok(mv) => {
                    self.redraw = true;
                    return Ok(Command::Play(mv));
                }
                Err(error) => writeln!(out, "{error} (type help for the commands)")?,
            },
        }
        Ok(Command::Again)
    }
}

/// Takes back moves until it is `you`'s turn again at an earlier point, undoing at least
/// one of your moves; returns whether anything was taken back.
fn undo<G: Game>(history: &mut Vec<G>, moves: &mut Vec<G::Move>, you: Player) -> bool {
    let mine = |state: &G| state.status().to_move() == Some(you);
    if !history[..history.len().saturating_sub(1)].iter().any(&mine) {
        return false;
    }
    while history.len() > 1 {
        history.pop();
        moves.pop();
        if history.last().is_some_and(&mine) {
            return true;
        }
    }
    true
}

/// A seed from the clock, for games without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
