//! The command line.

use clap::builder::{StringValueParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};

use crate::error::CliError;

/// Play, inspect and count the moves of the tower-building games (pyrga, pylos,
/// architekton, crescendo).
#[derive(Parser, Debug)]
#[command(name = "towers", version, about, max_term_width = 80)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Play in the terminal against a bot, or watch bots play (--bots).
    Play(PlayArgs),
    /// The legal moves after the record, one per line, in canonical notation (sorted).
    Moves(PositionArgs),
    /// The number of move sequences of the given depth, on its own last line.
    Perft(PerftArgs),
    /// The position drawn as text, its text form and its status.
    Show(PositionArgs),
    /// One line: `ongoing <seat|chance>`, `winner <seat>`, `draw` or `ranking <seats>`.
    Status(PositionArgs),
    /// Bots play each other N games (seats rotate); the last line is
    /// `firsts <games each bot finished first, in --bot order> draws <n>`.
    Arena(ArenaArgs),
    /// The exact value of a Pyrga or Pylos position; the last line is
    /// `value win|draw|loss plies N` for the player to move.
    Solve(SolveArgs),
}

/// A game and a position in it.
#[derive(Args, Debug)]
pub(crate) struct PositionArgs {
    /// The game: pyrga, pylos, architekton or crescendo.
    pub(crate) game: String,
    /// The moves played from the start, in notation, separated by spaces.
    #[arg(long, default_value = "", value_name = "RECORD")]
    pub(crate) moves: String,
    /// A game file (as `play` saves it and the browser app downloads it): its options and
    /// moves, instead of --moves and the options.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    pub(crate) record: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub(crate) options: GameOptions,
}

impl PositionArgs {
    /// Reads `--record FILE` into the moves and the options.
    ///
    /// # Errors
    /// [`CliError::Record`] for a file that cannot be read, is not a game file, holds
    /// another game or begins at a position; [`CliError::Option`] when options are given
    /// beside it.
    pub(crate) fn read_record(&mut self) -> Result<(), CliError> {
        let Some(path) = self.record.take() else {
            return Ok(());
        };
        let shown = path.display();
        let text = std::fs::read_to_string(&path)
            .map_err(|error| CliError::Record(format!("cannot read {shown}: {error}")))?;
        let file = catalog::GameFile::parse(&text)
            .map_err(|error| CliError::Record(format!("{shown}: {}", error.message)))?;
        if let Some(game) = file
            .game
            .as_deref()
            .filter(|game| !game.eq_ignore_ascii_case(&self.game))
        {
            return Err(CliError::Record(format!(
                "{shown} holds a game of {}, not {}",
                catalog::echo(game),
                catalog::echo(&self.game)
            )));
        }
        if file.position.is_some() {
            return Err(CliError::Record(format!(
                "{shown} begins at a position; the commands begin at the start"
            )));
        }
        if file.game.is_some() {
            if !self.options.given.is_empty() {
                return Err(CliError::Option(format!(
                    "the options come from {shown}: give none beside --record"
                )));
            }
            self.options = GameOptions::from_catalog(&file.options)?;
        }
        self.moves = file.moves;
        Ok(())
    }
}

/// Arguments of `perft`.
#[derive(Args, Debug)]
pub(crate) struct PerftArgs {
    #[command(flatten)]
    pub(crate) position: PositionArgs,
    /// The depth in moves.
    #[arg(allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) depth: u32,
    /// Also print each legal move with the count below it.
    #[arg(long)]
    pub(crate) divide: bool,
}

/// Arguments of `play`.
#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub(crate) position: PositionArgs,
    /// Bots play every seat; print `record <moves>` and the status line at the end.
    #[arg(long)]
    pub(crate) bots: bool,
    /// The bot to play against (or to watch): random, mcts or alphabeta (Crescendo: greedy
    /// too; Pyrga and Pylos: perfect, the solver); by default the strongest practical one
    /// for the game. Names are read in any case.
    #[arg(long, value_parser = lowercase())]
    pub(crate) bot: Option<String>,
    /// The bot's strength, 1 (quick) to 5 (strong).
    #[arg(long, default_value = "3", allow_negative_numbers = true)]
    pub(crate) level: bots::Level,
    /// Seed of the bots' and chance's choices (default: from the clock).
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) seed: Option<u64>,
    /// The seat you play, from 0 (not with --bots, where bots take every seat).
    #[arg(
        long,
        default_value_t = 0,
        conflicts_with = "bots",
        allow_negative_numbers = true,
        value_parser = whole::<usize>
    )]
    pub(crate) seat: usize,
    /// With --bots: stop after this many moves and report the game as unfinished, since
    /// some games can go on for ever between bots (default: the game's cap, 1000 moves
    /// for Pylos, 100000 for the others).
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
    pub(crate) max_plies: Option<usize>,
    /// With --bots: draw the board on standard error after each move, and wait --delay
    /// milliseconds, so that a person can follow the game.
    #[arg(long, requires = "bots")]
    pub(crate) watch: bool,
    /// With --watch: the pause after each move, in milliseconds.
    #[arg(long, default_value_t = 500, allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) delay: u64,
}

/// Arguments of `arena`.
#[derive(Args, Debug)]
pub(crate) struct ArenaArgs {
    /// The game.
    pub(crate) game: String,
    /// A bot taking part, once per `--bot` (at least two); when there are fewer bots than
    /// seats, the last one takes the remaining seats. Names are read in any case.
    #[arg(long = "bot", required = true, num_args = 1, value_parser = lowercase())]
    pub(crate) bots: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) games: u32,
    /// Seed of the bots' and chance's choices.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) seed: u64,
    /// The bots' strength, 1 to 5.
    #[arg(long, default_value = "3", allow_negative_numbers = true)]
    pub(crate) level: bots::Level,
    /// A game stopped after this many moves counts as a draw (unfinished); default: the
    /// game's cap (1000 moves for Pylos, 100000 for the others).
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
    pub(crate) max_plies: Option<usize>,
    #[command(flatten)]
    pub(crate) options: GameOptions,
}

/// Arguments of `solve`.
#[derive(Args, Debug)]
#[allow(clippy::struct_excessive_bools, reason = "command-line flags")]
#[command(mut_arg("game", |game| game.help("The game: pyrga or pylos (the games solved).")))]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub(crate) position: PositionArgs,
    /// Pylos: the database file to read (or to write, with --build).
    #[arg(long, value_name = "FILE")]
    pub(crate) db: Option<String>,
    /// Pylos: build the database of the positions with at least --min-balls balls into
    /// --db first (resuming the checkpoint the file holds); the value follows when the
    /// database covers the position.
    #[arg(long)]
    pub(crate) build: bool,
    /// Pylos, with --build: overwrite a --db file that is not a database or checkpoint of
    /// these options (without it, such a file is refused before anything is computed).
    #[arg(long, requires = "build")]
    pub(crate) force: bool,
    /// Pylos, with --build: the least number of seconds between two checkpoints written
    /// into --db (a stopped or killed build loses at most about this much work, and the
    /// same command resumes it); each writes the whole file.
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0, requires = "build", allow_negative_numbers = true, value_parser = seconds)]
    pub(crate) checkpoint_every: f64,
    /// Pylos, with --build: the fewest balls on the board of the positions covered, 0 to
    /// 30.
    #[arg(long, default_value_t = 29, allow_negative_numbers = true, value_parser = balls)]
    pub(crate) min_balls: u32,
    /// Pylos: check the consistency of the --db database on every N-th index (a finished
    /// game has its outcome's value, a win has a move to a loss one ply shorter, a loss only
    /// moves to wins, a draw no move to a loss and one to a draw).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = stride)]
    pub(crate) check: Option<u64>,
    /// Pylos: write the compact form of the --db database to this new file (values
    /// compressed in blocks, read block by block; `--db` takes either form), then verify it.
    #[arg(long, value_name = "FILE", requires = "db")]
    pub(crate) compact: Option<String>,
    /// Pylos, with --compact: the zstd level, 1 (fastest) to 22 (smallest).
    #[arg(
        long,
        default_value_t = 19,
        requires = "compact",
        allow_negative_numbers = true
    )]
    pub(crate) level: i32,
    /// Pylos, with --compact: the values per block (a lookup decompresses one block).
    #[arg(long, default_value_t = 65_536, requires = "compact", allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) block: u32,
    /// Pylos: solve directly only when at most this many positions are reachable.
    #[arg(long, default_value_t = 2_000_000, allow_negative_numbers = true, value_parser = whole::<usize>)]
    pub(crate) max_positions: usize,
    /// Pyrga: give up after this many seconds.
    #[arg(long, default_value_t = 60.0, allow_negative_numbers = true, value_parser = seconds)]
    pub(crate) time: f64,
    /// Pyrga: give up after this many nodes.
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) nodes: Option<u64>,
    /// Pyrga: the memory of the solver's table, in MiB (rounded down to a power of two).
    #[arg(
        long,
        default_value_t = 512,
        value_name = "MIB",
        allow_negative_numbers = true,
        value_parser = whole::<u64>
    )]
    pub(crate) memory: u64,
    /// Pyrga: also print the value of every legal move, best first, for the player to
    /// move (`move Tb1w value win plies 31`); the position's value follows from them.
    #[arg(long)]
    pub(crate) all_moves: bool,
    /// Pyrga: only the verdict, much sooner, by alpha-beta (`search`, the default) or by
    /// proof-number search (`proof`, df-pn, the second method); the last line is
    /// `verdict win|draw|loss` instead of the value line.
    #[arg(
        long,
        value_name = "METHOD",
        num_args = 0..=1,
        default_missing_value = "search",
        conflicts_with_all = ["all_moves", "pv"]
    )]
    pub(crate) verdict: Option<VerdictMethod>,
    /// Pyrga, with --all-moves: save each move's value to FILE as soon as it is proven,
    /// and resume from the values FILE holds (a long solve can stop and go on).
    #[arg(long, value_name = "FILE", requires = "all_moves")]
    pub(crate) checkpoint: Option<String>,
    /// Pyrga: build the opening book of the rules (`--rules`) into FILE: a best move and
    /// the value of every position a perfect player meets up to ply --plies, from the start
    /// (each solve within --time). Each position is saved to FILE.checkpoint as soon as it
    /// is solved, and the same command resumes from it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["all_moves", "verdict", "checkpoint"])]
    pub(crate) book: Option<String>,
    /// Pyrga, with --book: the last ply of the book's positions (0 is the start).
    #[arg(long, default_value_t = 10, requires = "book", allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) plies: u32,
    /// Pyrga, with --book: the nodes the exact value of a position may take; a position
    /// whose exact search needs more gets its verdict and a move that keeps it.
    #[arg(long, default_value_t = 50_000_000, requires = "book", allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) exact_nodes: u64,
    /// Pyrga, with --book: solve this many positions at once, each thread with its own
    /// table (--memory is shared among them).
    #[arg(long, default_value_t = 1, requires = "book", allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) threads: u32,
    /// Also print a principal variation (Pylos: at most 200 plies).
    #[arg(long)]
    pub(crate) pv: bool,
}

/// How `towers solve pyrga --verdict` finds the verdict.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VerdictMethod {
    /// Alpha-beta with null windows around the draw.
    Search,
    /// Depth-first proof-number search (df-pn).
    Proof,
}

/// The games' options, one flag for each option of any game as the `catalog` crate lists
/// them (`buildingMatch` is `--building-match`); each game accepts only its own.
#[derive(Debug, Default, Clone)]
pub(crate) struct GameOptions {
    /// The options given, by their catalog names.
    given: Vec<(&'static str, String)>,
}

impl GameOptions {
    /// The options given, as the `catalog` crate reads them.
    pub(crate) fn to_catalog(&self) -> catalog::Options {
        catalog::Options::new(
            self.given
                .iter()
                .map(|(key, value)| ((*key).to_owned(), value.clone()))
                .collect(),
        )
    }

    /// The options of a game file, each one a flag `towers` knows.
    ///
    /// # Errors
    /// [`CliError::Option`] naming an option no game has.
    fn from_catalog(options: &catalog::Options) -> Result<GameOptions, CliError> {
        let given = options
            .pairs()
            .map(|(key, value)| {
                let spec = catalog::option_specs()
                    .find(|(_, spec)| spec.key == key)
                    .ok_or_else(|| {
                        CliError::Option(format!("unknown option {:?}", catalog::echo(key)))
                    })?;
                Ok((spec.1.key, value.to_owned()))
            })
            .collect::<Result<_, CliError>>()?;
        Ok(GameOptions { given })
    }

    /// The flag of the option `key` (`buildingMatch` is `building-match`).
    pub(crate) fn flag(key: &str) -> String {
        key.chars()
            .flat_map(|c| {
                let dash = c.is_ascii_uppercase().then_some('-');
                dash.into_iter().chain(Some(c.to_ascii_lowercase()))
            })
            .collect()
    }
}

impl clap::FromArgMatches for GameOptions {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<GameOptions, clap::Error> {
        let given = catalog::option_specs()
            .filter_map(|(_, spec)| {
                let value = matches.get_one::<String>(spec.key)?;
                Some((spec.key, value.clone()))
            })
            .collect();
        Ok(GameOptions { given })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = GameOptions::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for GameOptions {
    fn augment_args(command: clap::Command) -> clap::Command {
        catalog::option_specs().fold(command, |command, (game, spec)| {
            let help = format!(
                "{} {}: {} (default {})",
                capitalised(game),
                spec.help,
                spec.expected(),
                spec.default
            );
            command.arg(
                clap::Arg::new(spec.key)
                    .long(GameOptions::flag(spec.key))
                    .value_name("VALUE")
                    .help(help),
            )
        })
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        GameOptions::augment_args(command)
    }
}

/// `name` with its first letter in upper case.
fn capitalised(name: &str) -> String {
    let mut letters = name.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

/// A whole number, 0 or more, that fits `T`.
///
/// # Errors
/// What was expected, for clap to show after the argument's name.
fn whole<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    if text.trim_start().starts_with('-') {
        return Err("a negative number: expected a whole number, 0 or more".to_owned());
    }
    let number: u64 = text
        .parse()
        .map_err(|_| "expected a whole number, 0 or more".to_owned())?;
    T::try_from(number).map_err(|_| "too large a number".to_owned())
}

/// `--check N`: every N-th index, 1 or more.
///
/// # Errors
/// What was expected.
fn stride(text: &str) -> Result<u64, String> {
    match whole(text)? {
        0 => Err("expected 1 or more (1 checks every index, 2 every other…)".to_owned()),
        stride => Ok(stride),
    }
}

/// The balls of a Pylos pyramid: 16, 9, 4 and 1.
const PYLOS_BALLS: u32 = 30;

/// `--min-balls K`: at most the balls of a whole pyramid.
///
/// # Errors
/// What was expected.
fn balls(text: &str) -> Result<u32, String> {
    match whole(text)? {
        balls if balls > PYLOS_BALLS => Err(format!(
            "a Pylos board holds {PYLOS_BALLS} balls: expected 0 to {PYLOS_BALLS}"
        )),
        balls => Ok(balls),
    }
}

/// `--time S`: seconds, 0 or more, as a fraction if need be.
///
/// # Errors
/// What was expected.
fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|&seconds| std::time::Duration::try_from_secs_f64(seconds).is_ok())
        .ok_or_else(|| "expected a number of seconds, 0 or more (such as 60 or 0.5)".to_owned())
}

/// A name or an option's value, read in any case.
fn lowercase() -> impl TypedValueParser<Value = String> {
    StringValueParser::new().map(|text| text.to_lowercase())
}
