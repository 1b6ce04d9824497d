//! `towers play`: a person against bots, or bots against each other.

use core::fmt::Display;
use std::io::Write;

use boardcore::rand_core::SeedableRng;
use boardcore::{Actor, Game, Player, Status, format_record, random_move, sorted_move_texts};
use bots::{Bot, Level};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::cli::{ForGame, PlayArgs};
use crate::commands::position;
use crate::error::CliError;
use crate::games::{CliGame, Style, board};
use crate::progress::{self, thinking};
use crate::prompt::Prompt;
use catalog::GameFile;

/// The bot named `name` (or the game's default) for every seat, seeded from `seed`,
/// searching by its level's limits, or for `time` a move when one is given.
///
/// # Errors
/// [`CliError::Catalog`] when the game has no bot of that name.
pub(crate) fn make_bot<G: CliGame>(
    name: &str,
    level: Level,
    seed: u64,
    time: Option<std::time::Duration>,
) -> Result<Box<dyn Bot<G>>, CliError> {
    install_databases::<G>();
    let maker = catalog::bot_of::<G>(Some(name), level)?;
    Ok(match time {
        Some(time) => maker.bot_with_time(time, seed),
        None => maker.bot(seed),
    })
}

/// Gives the catalog, for Pylos only, the database `path` of `towers play --db`, which the
/// perfect bot and `values` then read in place of `TOWERS_PYLOS_DB`'s.
///
/// # Errors
/// `--db` for another game; the database's errors when it cannot be opened.
fn install_database<G: CliGame>(path: Option<&std::path::Path>) -> Result<(), CliError> {
    let Some(path) = path else {
        return Ok(());
    };
    if core::any::TypeId::of::<G>() != core::any::TypeId::of::<pylos::State>() {
        return Err(CliError::Option(format!(
            "--db is for Pylos, not {}",
            G::NAME
        )));
    }
    let database = solve::PylosDatabase::open(path)?;
    catalog::Databases::default()
        .with_pylos(std::sync::Arc::new(database))
        .install();
    Ok(())
}

/// Gives the catalog, once and for Pylos only, the database named by the environment
/// variable `TOWERS_PYLOS_DB`, which the perfect bot and `values` read, unless `--db` gave
/// one; a file that cannot be opened is reported on standard error and left out.
fn install_databases<G: CliGame>() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    if core::any::TypeId::of::<G>() != core::any::TypeId::of::<pylos::State>() {
        return;
    }
    ONCE.call_once(|| {
        let Some(path) = std::env::var_os("TOWERS_PYLOS_DB") else {
            return;
        };
        if !catalog::Databases::installed().pylos().is_empty() {
            return;
        }
        match solve::PylosDatabase::open(std::path::Path::new(&path)) {
            Ok(database) => {
                catalog::Databases::default()
                    .with_pylos(std::sync::Arc::new(database))
                    .install();
            }
            Err(error) => eprintln!("TOWERS_PYLOS_DB: {error}"),
        }
    });
}

/// Runs `towers play`.
pub(crate) fn play<G: CliGame>(
    args: &ForGame<PlayArgs>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let start = position::<G>(&args.position, &args.options)?;
    install_database::<G>(args.db.as_deref())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let bot_name = args.bot.as_deref().unwrap_or(G::BOTS[0]);
    let seats = start.seats();
    let mut bots = (0..seats)
        .map(|seat| {
            make_bot::<G>(
                bot_name,
                args.level,
                seed.wrapping_add(seat as u64 + 1),
                None,
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    if args.bots {
        return watch(&start, &mut bots, seed, args, out);
    }
    if args.seat >= seats {
        return Err(CliError::BadSeat {
            seat: args.seat,
            seats,
        });
    }
    let initial = G::new(start.config());
    let (history, moves) =
        replay_history(&initial, &args.position.moves).map_err(CliError::Record)?;
    let game = PlayLoop {
        start: initial,
        options: args.options.to_catalog(),
        history,
        moves,
        you: Player::new(args.seat).unwrap_or(Player::FIRST),
        bot_name,
        level: args.level,
        seed,
        style: Style::detect::<G>(),
        redraw: true,
    };
    game.run(&mut bots, &mut Prompt::new(), out)
}

/// Bots on every seat: prints `record <moves>` and the status line.
fn watch<G: CliGame>(
    start: &G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    args: &PlayArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let shown = args.watch.then(|| Shown {
        style: Style::detect_stderr::<G>(),
        delay: std::time::Duration::from_millis(args.delay),
    });
    let mut announced: Vec<Announced<'_, G>> = bots
        .iter_mut()
        .map(|bot| Announced {
            bot: &mut **bot,
            shown,
        })
        .collect();
    let max_plies = args.max_plies.unwrap_or(G::MAX_PLIES);
    let game = bots::play(start, &mut announced, seed, max_plies);
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
            max_plies
        );
    }
    Ok(())
}

/// A bot of `play --bots` that shows `thinking…` while it chooses and says each move it
/// chose on standard error, as it is played (standard output keeps only the record and
/// the status line); with `--watch`, the board after the move too.
struct Announced<'a, G: CliGame> {
    bot: &'a mut dyn Bot<G>,
    shown: Option<Shown>,
}

/// How `play --bots --watch` shows each move: the board in this style, then a pause.
#[derive(Clone, Copy)]
struct Shown {
    style: Style,
    delay: std::time::Duration,
}

impl<G: CliGame> Bot<G> for Announced<'_, G> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, state: &G) -> Option<G::Move> {
        let chosen = thinking(|| self.bot.choose(state));
        if let (Some(mv), Some(player)) = (chosen, state.status().to_move()) {
            let seat = G::seat_name(player);
            eprintln!("{}", plays(seat, player, self.bot.name(), mv));
            if let (Some(shown), Ok(after)) = (self.shown, state.apply(mv)) {
                eprint!("{}", board(&after, shown.style));
                std::thread::sleep(shown.delay);
            }
        }
        chosen
    }

    fn explain(&mut self, state: &G, mv: G::Move) -> Option<String> {
        self.bot.explain(state, mv)
    }
}

/// What a bot's move is said as: `Black (seat 1, alphabeta bot) plays Tb1e`.
fn plays(seat: impl Display, player: Player, bot: &str, mv: impl Display) -> String {
    format!("{seat} (seat {player}, {bot} bot) plays {mv}")
}

const COMMANDS: &str = "Type a move in notation (letters in any case), or one of:
  moves        list the legal moves
  hint         a move for you: the solver's, with its value, within 2 s (Pyrga,
               Pylos), else your opponent's bot's
  values       every legal move with its exact value, best first, within 10 s
               (Pyrga, Pylos)
  undo         take back your last move (and the replies to it)
  show         draw the board again, with the position's text form
  record       print the game record so far
  save FILE    write the game to FILE: the game, its options, the record
  load FILE    replay the game in FILE (or a record alone), and go on from there
  new          start again from the beginning
  help         this text
  quit         leave the game (the record is printed, and you may save it)
After the game's end the prompt stays for undo, save, record, new and quit.";

/// What the person's command asks for.
enum Command<M> {
    /// Play this move.
    Play(M),
    /// Ask again (after help, a listing, an error…).
    Again,
    /// Leave the game.
    Quit,
}

/// Where the values of every move come from when `values` runs out of time in `game`
/// after `record` (the start's are shipped, so `record` is not empty).
fn longer_values(game: &str, record: &str) -> String {
    match game {
        "pylos" => "a solved database answers at once: set TOWERS_PYLOS_DB to one built by \
                    towers solve pylos --build"
            .to_owned(),
        _ => format!(
            "the first plies take minutes to hours: towers solve {game} --moves \"{record}\" \
             --all-moves --time 36000"
        ),
    }
}

/// The level of the perfect bot that gives hints: 2 seconds.
const HINT_LEVEL: Level = match Level::new(2) {
    Some(level) => level,
    None => Level::MIN,
};

/// The time `values` gives the solver, in milliseconds.
const VALUES_MS: f64 = 10_000.0;

/// A game between a person and bots, with its history for taking moves back.
struct PlayLoop<'a, G: CliGame> {
    start: G,
    /// The options `start` was made with, which saved files carry.
    options: catalog::Options,
    history: Vec<G>,
    moves: Vec<G::Move>,
    you: Player,
    bot_name: &'a str,
    level: Level,
    seed: u64,
    style: Style,
    redraw: bool,
}

impl<G: CliGame> PlayLoop<'_, G> {
    /// Plays until the game ends, the person quits or the input ends.
    fn run(
        mut self,
        bots: &mut [Box<dyn Bot<G>>],
        input: &mut Prompt,
        out: &mut impl Write,
    ) -> Result<(), CliError> {
        let mut chance = Xoshiro256PlusPlus::seed_from_u64(self.seed);
        progress::catch_interrupts();
        writeln!(
            out,
            "{} against the {} bot (level {}); you play {} (seat {}).\nType help for the \
             rules, the notation and the commands.",
            G::NAME,
            self.bot_name,
            self.level,
            self.style.name::<G>(self.you),
            self.you
        )?;
        while let Some(state) = self.history.last().cloned() {
            let chosen = match state.status() {
                Status::Finished(outcome) => {
                    if self.redraw {
                        write!(out, "{}", board(&state, self.style))?;
                        writeln!(out, "record {}", format_record(&self.moves))?;
                        writeln!(out, "Game over. {}.", state.result(&outcome))?;
                        self.redraw = false;
                    }
                    match self.ask(&state, input, out)? {
                        Command::Play(mv) => Some(mv),
                        Command::Again => continue,
                        Command::Quit => return self.leave(input, out),
                    }
                }
                Status::Ongoing(Actor::Chance) => {
                    let drawn = random_move(&state, &mut chance);
                    if let Some(mv) = drawn {
                        writeln!(out, "chance: {mv}")?;
                    }
                    drawn
                }
                Status::Ongoing(Actor::Player(player)) if player != self.you => {
                    out.flush()?;
                    let chosen = bots
                        .get_mut(player.index())
                        .and_then(|bot| thinking(|| bot.choose(&state)));
                    if let Some(mv) = chosen {
                        let seat = self.style.name::<G>(player);
                        writeln!(out, "{}", plays(seat, player, self.bot_name, mv))?;
                        self.redraw = true;
                    }
                    chosen
                }
                Status::Ongoing(Actor::Player(_)) => match self.ask(&state, input, out)? {
                    Command::Play(mv) => Some(mv),
                    Command::Again => continue,
                    Command::Quit => return self.leave(input, out),
                },
            };
            let Some(mv) = chosen else {
                writeln!(out, "no move could be chosen; stopping")?;
                return Ok(());
            };
            match state.apply(mv) {
                Ok(next) => {
                    self.history.push(next);
                    self.moves.push(mv);
                    if progress::interrupted() {
                        return self.leave(input, out);
                    }
                }
                Err(error) => {
                    writeln!(out, "the move {mv} was refused: {error}")?;
                    if state.status().to_move() != Some(self.you) {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads and carries out one command of the person, whose turn it is in `state`.
    fn ask(
        &mut self,
        state: &G,
        input: &mut Prompt,
        out: &mut impl Write,
    ) -> Result<Command<G::Move>, CliError> {
        if self.redraw {
            write!(out, "{}", board(state, self.style))?;
            self.redraw = false;
        }
        let prompt = if state.status().is_finished() {
            "game over (undo, save FILE, new or quit)> ".to_owned()
        } else {
            format!("your move ({})> ", G::seat_name(self.you))
        };
        let Some(line) = input.read(&prompt, out)? else {
            return Ok(Command::Quit);
        };
        let line = line.trim();
        let (word, argument) = line.split_once(' ').unwrap_or((line, ""));
        match (word, argument.trim()) {
            ("", _) => {}
            ("quit" | "exit", _) => return Ok(Command::Quit),
            ("help" | "?", _) => {
                writeln!(out, "{}", G::RULES)?;
                writeln!(out, "key: {}\n", G::KEY)?;
                writeln!(out, "{COMMANDS}")?;
            }
            ("show", _) => {
                write!(out, "{}", board(state, self.style))?;
                writeln!(out, "position {state}")?;
            }
            ("record", _) => writeln!(out, "record {}", format_record(&self.moves))?,
            ("moves", _) => writeln!(out, "{}", sorted_move_texts(state).join(" "))?,
            ("hint", _) => {
                let seed = self.seed ^ self.moves.len() as u64;
                // The perfect bot within a short budget when the game has one (its hint
                // says the move's value), else the opponent's bot at its level.
                let bot = G::bot("perfect", HINT_LEVEL)
                    .or_else(|| G::bot(self.bot_name, self.level))
                    .map(|maker| maker.bot(seed));
                out.flush()?;
                let hint = bot.and_then(|mut bot| {
                    thinking(|| {
                        let mv = bot.choose(state)?;
                        Some((mv, bot.explain(state, mv)))
                    })
                });
                match hint {
                    Some((mv, Some(value))) => writeln!(out, "hint: {mv} ({value})")?,
                    Some((mv, None)) => writeln!(out, "hint: {mv}")?,
                    None => writeln!(out, "no hint")?,
                }
                if progress::interrupted() {
                    return Ok(Command::Quit);
                }
            }
            ("values", _) => {
                self.values(out)?;
                if progress::interrupted() {
                    return Ok(Command::Quit);
                }
            }
            ("undo", _) => {
                if undo(&mut self.history, &mut self.moves, self.you) {
                    self.redraw = true;
                } else {
                    writeln!(out, "nothing of yours to take back")?;
                }
            }
            ("save", file) if !file.is_empty() => {
                self.save(file, out)?;
            }
            ("load", file) if !file.is_empty() => self.load(file, out)?,
            ("new", _) => {
                self.history.truncate(1);
                self.moves.clear();
                self.redraw = true;
                writeln!(out, "a new game")?;
            }
            ("save" | "load", _) => writeln!(out, "{word} needs a file name")?,
            _ => match state.parse_move(line) {
                Ok(mv) => match state.apply(mv) {
                    Ok(_) => {
                        self.redraw = true;
                        return Ok(Command::Play(mv));
                    }
                    Err(error) => writeln!(
                        out,
                        "{mv} is refused: {error} (type moves for the legal ones)"
                    )?,
                },
                // A word that is no move of this game, such as `clear`, is not read as one.
                Err(_) if !line.contains(|c: char| c.is_ascii_digit() || c.is_whitespace()) => {
                    writeln!(
                        out,
                        "{} is neither a command nor a move (type help for both)",
                        catalog::echo(line)
                    )?;
                }
                Err(error) => writeln!(
                    out,
                    "{} (type help for the notation)",
                    catalog::shorten(&error.to_string())
                )?,
            },
        }
        Ok(Command::Again)
    }

    /// `values`: every legal move of the position with its exact value for the player to
    /// move, best first, as the browser's analysis panel lists them; or why there are none
    /// (no solver for the game, or the budget ran out, with the command that goes on).
    fn values(&self, out: &mut impl Write) -> Result<(), CliError> {
        let record = format_record(&self.moves);
        let request = catalog::SolveRequest {
            time_ms: Some(VALUES_MS),
            nodes: None,
        };
        out.flush()?;
        install_databases::<G>();
        let values = catalog::AnyGame::from_record(G::NAME, &self.options, &record)
            .and_then(|game| thinking(|| game.move_values(request)));
        match values {
            Ok(values) => {
                let mover = self.style.name::<G>(self.you);
                writeln!(out, "the moves for {mover}, best first:")?;
                let width = values.iter().map(|value| value.mv.len()).max().unwrap_or(0);
                for value in values {
                    writeln!(out, "  {:width$}  {}", value.mv, value.text)?;
                }
            }
            Err(error) if error.kind == catalog::ErrorKind::BadOption => {
                writeln!(out, "no values: {} has no solver here", G::NAME)?;
            }
            Err(error) => {
                writeln!(out, "no values: {}", error.message)?;
                if error.kind == catalog::ErrorKind::OutOfBudget {
                    writeln!(out, "  ({})", longer_values(G::NAME, &record))?;
                }
            }
        }
        Ok(())
    }

    /// Writes the game to `file` as a game file (the game, its options, the record), in
    /// whole or not at all; an existing file is replaced only when it is a game file.
    fn write_game(&self, file: &str) -> Result<(), String> {
        let path = std::path::Path::new(file);
        if let Ok(old) = std::fs::read_to_string(path) {
            if !old.trim().is_empty() && !old.starts_with("[game ") {
                return Err("it exists and is not a saved game; choose another name".to_owned());
            }
        } else if path.exists() {
            return Err("it exists and is not a saved game; choose another name".to_owned());
        }
        let text = GameFile {
            game: Some(G::NAME.to_owned()),
            options: self.options.clone(),
            position: None,
            players: (0..self.start.seats())
                .map(|seat| {
                    if seat == self.you.index() {
                        "you".to_owned()
                    } else {
                        format!("{} bot, level {}", self.bot_name, self.level)
                    }
                })
                .collect(),
            moves: format_record(&self.moves),
        }
        .to_string();
        let mut part = path.as_os_str().to_owned();
        part.push(".part");
        let part = std::path::PathBuf::from(part);
        let written = std::fs::write(&part, text).and_then(|()| std::fs::rename(&part, path));
        written.map_err(|error| {
            let _ = std::fs::remove_file(&part);
            error.to_string()
        })
    }

    /// Saves the game to `file`; says whether it could.
    fn save(&self, file: &str, out: &mut impl Write) -> Result<bool, CliError> {
        match self.write_game(file) {
            Ok(()) => {
                writeln!(out, "saved {} moves to {file}", self.moves.len())?;
                Ok(true)
            }
            Err(reason) => {
                writeln!(out, "cannot save to {file}: {reason}")?;
                Ok(false)
            }
        }
    }

    /// Leaving the game (quit, Ctrl-D, Ctrl-C, the end of the input): the record is printed
    /// (unless the game is over, when it stands above the result already) and a person at
    /// a terminal is offered to save it.
    fn leave(&self, input: &mut Prompt, out: &mut impl Write) -> Result<(), CliError> {
        if self.moves.is_empty() {
            return Ok(());
        }
        let over = self
            .history
            .last()
            .is_some_and(|state| state.status().is_finished());
        if !over {
            writeln!(out, "record {}", format_record(&self.moves))?;
        }
        if input.is_terminal() {
            while let Some(answer) =
                input.read("save the game? a file name, or Enter not to> ", out)?
            {
                let file = answer.trim();
                if file.is_empty() || self.save(file, out)? {
                    break;
                }
            }
        }
        Ok(())
    }

    /// Replaces the game by the one in `file`: a game file (this game, with its options) or
    /// a record alone, replayed from the start.
    fn load(&mut self, file: &str, out: &mut impl Write) -> Result<(), CliError> {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(error) => {
                writeln!(out, "cannot read {file}: {error}")?;
                return Ok(());
            }
        };
        match self.read_game(&text) {
            Ok((start, options, history, moves)) => {
                writeln!(out, "loaded {} moves from {file}", moves.len())?;
                self.start = start;
                self.options = options;
                self.history = history;
                self.moves = moves;
                self.redraw = true;
            }
            Err(reason) => writeln!(out, "cannot load {file}: {}", catalog::shorten(&reason))?,
        }
        Ok(())
    }

    /// The start, options, positions and moves of the game file `text`.
    #[expect(clippy::type_complexity, reason = "the parts of a session, used once")]
    fn read_game(&self, text: &str) -> Result<(G, catalog::Options, Vec<G>, Vec<G::Move>), String> {
        let file = GameFile::parse(text).map_err(|error| error.message)?;
        if let Some(game) = file.game.as_deref().filter(|game| *game != G::NAME) {
            return Err(format!(
                "it holds a game of {}, not {}",
                catalog::echo(game),
                G::NAME
            ));
        }
        if file.position.is_some() {
            return Err("it begins at a position, and play begins at the start".to_owned());
        }
        let (start, options) = if file.game.is_some() {
            let config = catalog::config_of::<G>(&file.options)
                .map_err(|error| crate::games::option_error(&error).to_string())?;
            (G::new(config), file.options)
        } else {
            (self.start.clone(), self.options.clone())
        };
        let (history, moves) = replay_history(&start, &file.moves)?;
        Ok((start, options, history, moves))
    }
}

/// Every position and move of `record` played from `start`.
///
/// # Errors
/// The ply, the move and the reason of the first move that cannot be read or played.
fn replay_history<G: Game>(start: &G, record: &str) -> Result<(Vec<G>, Vec<G::Move>), String> {
    let moves = start.parse_record(record).map_err(|e| e.to_string())?;
    let mut history = vec![start.clone()];
    let mut state = start.clone();
    for &mv in &moves {
        state = state.apply(mv).map_err(|e| e.to_string())?;
        history.push(state.clone());
    }
    Ok((history, moves))
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
