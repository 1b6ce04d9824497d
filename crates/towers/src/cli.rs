//! The command line.

use clap::builder::{StringValueParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};

use crate::error::CliError;

mod solve;

pub(crate) use solve::{PylosSolveArgs, PyrgaSolveArgs, SolveCommand, VerdictMethod};

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
    Play(ForGame<PlayArgs>),
    /// The legal moves after the record, one per line, in canonical notation (sorted).
    Moves(ForGame<PositionArgs>),
    /// The number of move sequences of the given depth, on its own last line.
    Perft(ForGame<PerftArgs>),
    /// The position drawn as text, its text form and its status.
    Show(ForGame<PositionArgs>),
    /// One line: `ongoing <seat|chance>`, `winner <seat>`, `draw` or `ranking <seats>`.
    Status(ForGame<PositionArgs>),
    /// Bots play each other N games (seats rotate); the last line is
    /// `firsts <games each bot finished first, in --bot order> draws <n>`.
    Arena(ForGame<ArenaArgs>),
    /// A seeded round-robin of bots and levels, rated on one scale with `random` at 0:
    /// a table of bot, level, rating, ±error, games, score and time per move.
    Ladder(ForGame<LadderArgs>),
    /// The exact value of a Pyrga or Pylos position; the last line is
    /// `value win|draw|loss plies N` for the player to move.
    #[command(
        subcommand,
        subcommand_value_name = "GAME",
        subcommand_help_heading = "Games",
        disable_help_subcommand = true
    )]
    Solve(SolveCommand),
}

impl Command {
    /// The command's name on the command line, when `word` (in any case) is one.
    pub(crate) fn named(word: &str) -> Option<clap::Command> {
        use clap::CommandFactory;
        Cli::command()
            .get_subcommands()
            .find(|command| command.get_name().eq_ignore_ascii_case(word))
            .cloned()
    }
}

/// A command's arguments for the game named by the word after the command: one
/// subcommand per game of the catalog, each taking the command's arguments `A` and that
/// game's options only.
#[derive(Debug)]
pub(crate) struct ForGame<A> {
    /// The game, as the catalog names it.
    pub(crate) game: &'static str,
    /// The game's options given.
    pub(crate) options: GameOptions,
    /// The command's own arguments.
    pub(crate) args: A,
}

impl<A> std::ops::Deref for ForGame<A> {
    type Target = A;

    fn deref(&self) -> &A {
        &self.args
    }
}

impl<A: Args> Args for ForGame<A> {
    fn augment_args(command: clap::Command) -> clap::Command {
        let games = catalog::GAMES.iter().map(|&game| {
            let about = format!("{} (its options: {})", capitalised(game), options_of(game));
            let command = A::augment_args(clap::Command::new(game)).about(about);
            GameOptions::augment(game, command.long_about(None))
        });
        command
            .subcommand_required(true)
            .subcommand_value_name("GAME")
            .subcommand_help_heading("Games")
            .disable_help_subcommand(true)
            .subcommands(games)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        ForGame::<A>::augment_args(command)
    }
}

impl<A: clap::FromArgMatches> clap::FromArgMatches for ForGame<A> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<ForGame<A>, clap::Error> {
        let (name, matches) = matches
            .subcommand()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        let game = catalog::GAMES
            .iter()
            .find(|&&game| game == name)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(ForGame {
            game,
            options: GameOptions::read(game, matches),
            args: A::from_arg_matches(matches)?,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = ForGame::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The options of `game` as flags, separated by commas (`none` when it has none).
fn options_of(game: &str) -> String {
    let flags: Vec<String> = catalog::option_specs()
        .filter(|(of, _)| *of == game)
        .map(|(_, spec)| format!("--{}", GameOptions::flag(spec.key)))
        .collect();
    if flags.is_empty() {
        "none".to_owned()
    } else {
        flags.join(", ")
    }
}

/// A position given by its moves from the start, or by a game file.
#[derive(Args, Debug)]
pub(crate) struct PositionArgs {
    /// The moves played from the start, in notation, separated by spaces.
    #[arg(long, default_value = "", value_name = "RECORD")]
    pub(crate) moves: String,
    /// A game file (as `play` saves it and the browser app downloads it): its options and
    /// moves, instead of --moves and the options.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    pub(crate) record: Option<std::path::PathBuf>,
}

impl PositionArgs {
    /// Reads `--record FILE` of a game of `game` into the moves and `options`.
    ///
    /// # Errors
    /// [`CliError::Record`] for a file that cannot be read, is not a game file, holds
    /// another game or begins at a position; [`CliError::Option`] when options are given
    /// beside it.
    pub(crate) fn read_record(
        &mut self,
        game: &str,
        options: &mut GameOptions,
    ) -> Result<(), CliError> {
        let Some(path) = self.record.take() else {
            return Ok(());
        };
        let shown = path.display();
        let text = std::fs::read_to_string(&path)
            .map_err(|error| CliError::Record(format!("cannot read {shown}: {error}")))?;
        let file = catalog::GameFile::parse(&text)
            .map_err(|error| CliError::Record(format!("{shown}: {}", error.message)))?;
        if let Some(other) = file
            .game
            .as_deref()
            .filter(|other| !other.eq_ignore_ascii_case(game))
        {
            return Err(CliError::Record(format!(
                "{shown} holds a game of {}, not {game}",
                catalog::echo(other),
            )));
        }
        if file.position.is_some() {
            return Err(CliError::Record(format!(
                "{shown} begins at a position; the commands begin at the start"
            )));
        }
        if file.game.is_some() {
            if !options.given.is_empty() {
                return Err(CliError::Option(format!(
                    "the options come from {shown}: give none beside --record"
                )));
            }
            *options = GameOptions::from_catalog(&file.options)?;
        }
        self.moves = file.moves;
        Ok(())
    }
}

impl<A: AsMut<PositionArgs>> ForGame<A> {
    /// Reads `--record FILE` into the moves and the options.
    ///
    /// # Errors
    /// As [`PositionArgs::read_record`].
    pub(crate) fn read_record(&mut self) -> Result<(), CliError> {
        self.args.as_mut().read_record(self.game, &mut self.options)
    }
}

impl AsMut<PositionArgs> for PositionArgs {
    fn as_mut(&mut self) -> &mut PositionArgs {
        self
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

impl AsMut<PositionArgs> for PerftArgs {
    fn as_mut(&mut self) -> &mut PositionArgs {
        &mut self.position
    }
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
    /// Pylos: the solved database the perfect bot and `values` read (the file of a build
    /// or its compact `.dz` form), in place of the one `TOWERS_PYLOS_DB` names.
    #[arg(long, value_name = "FILE")]
    pub(crate) db: Option<std::path::PathBuf>,
}

impl AsMut<PositionArgs> for PlayArgs {
    fn as_mut(&mut self) -> &mut PositionArgs {
        &mut self.position
    }
}

/// Arguments of `arena`.
#[derive(Args, Debug)]
pub(crate) struct ArenaArgs {
    /// A bot taking part, once per `--bot` (at least two), as `NAME` (at --level) or
    /// `NAME@LEVEL`; when there are fewer bots than seats, the last one takes the remaining
    /// seats. Names are read in any case.
    #[arg(long = "bot", required = true, num_args = 1, value_name = "NAME[@LEVEL]", value_parser = lowercase())]
    pub(crate) bots: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) games: u32,
    /// Seed of the bots' and chance's choices.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) seed: u64,
    /// The strength of the bots given without `@LEVEL`, 1 to 5.
    #[arg(long, default_value = "3", allow_negative_numbers = true)]
    pub(crate) level: bots::Level,
    /// A game stopped after this many moves counts as a draw (unfinished); default: the
    /// game's cap (1000 moves for Pylos, 100000 for the others).
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
    pub(crate) max_plies: Option<usize>,
    /// Every bot searches this many milliseconds a move (wall clock) in place of its
    /// level's limit of iterations or depth, to compare bots at equal time; the moves
    /// then depend on the machine.
    #[arg(long, value_name = "MS", allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) time: Option<u64>,
}

/// Arguments of `ladder`.
#[derive(Args, Debug)]
pub(crate) struct LadderArgs {
    /// A bot taking part, as `NAME` (level 1) or `NAME@LEVEL`, once per `--bot`; default:
    /// every bot of the game at each level up to --max-level (`random`, `greedy` and
    /// `perfect` once). `random` is always one: its rating is 0.
    #[arg(long = "bot", num_args = 1, value_name = "NAME[@LEVEL]", value_parser = lowercase())]
    pub(crate) bots: Vec<String>,
    /// Without --bot: the highest level entered.
    #[arg(long, default_value = "3", allow_negative_numbers = true)]
    pub(crate) max_level: bots::Level,
    /// Games per pair of entrants, seats alternating.
    #[arg(long, default_value_t = 10, allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) games: u32,
    /// Seed of the bots' and chance's choices.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) seed: u64,
    /// A game stopped after this many moves counts as a draw; default: the game's cap.
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
    pub(crate) max_plies: Option<usize>,
    /// Fail (status 2) when a level scores less than this share (0 to 1) of the points
    /// against the level below it of the same bot.
    #[arg(long, value_name = "SHARE", value_parser = share)]
    pub(crate) min_step: Option<f64>,
}

/// The options given to a game, one flag for each of its options as the `catalog` crate
/// lists them (`buildingMatch` is `--building-match`).
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

impl GameOptions {
    /// The option `key` given with `value`.
    pub(crate) fn given(key: &'static str, value: &str) -> GameOptions {
        GameOptions {
            given: vec![(key, value.to_owned())],
        }
    }

    /// `command` with a flag for each option of `game`.
    pub(crate) fn augment(game: &str, command: clap::Command) -> clap::Command {
        let flags = catalog::option_specs()
            .filter(|(of, _)| *of == game)
            .map(|(_, spec)| {
                let help = format!(
                    "{}: {} (default {})",
                    capitalised(spec.help),
                    spec.expected(),
                    spec.default
                );
                clap::Arg::new(spec.key)
                    .long(GameOptions::flag(spec.key))
                    .value_name("VALUE")
                    .help(help)
                    .help_heading("Options of the game")
            });
        command.args(flags)
    }

    /// The options of `game` that `matches` holds.
    pub(crate) fn read(game: &str, matches: &clap::ArgMatches) -> GameOptions {
        let given = catalog::option_specs()
            .filter(|(of, _)| *of == game)
            .filter_map(|(_, spec)| {
                let value = matches.get_one::<String>(spec.key)?;
                Some((spec.key, value.clone()))
            })
            .collect();
        GameOptions { given }
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
pub(super) fn whole<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    if text.trim_start().starts_with('-') {
        return Err("a negative number: expected a whole number, 0 or more".to_owned());
    }
    let number: u64 = text
        .parse()
        .map_err(|_| "expected a whole number, 0 or more".to_owned())?;
    T::try_from(number).map_err(|_| "too large a number".to_owned())
}

/// A share of the points, 0 to 1.
///
/// # Errors
/// What was expected, for clap to show after the argument's name.
fn share(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|share| (0.0..=1.0).contains(share))
        .ok_or_else(|| "expected a share of the points, 0 to 1 (0.4 for 40%)".to_owned())
}

/// `--time S`: seconds, 0 or more, as a fraction if need be.
///
/// # Errors
/// What was expected.
pub(super) fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|&seconds| std::time::Duration::try_from_secs_f64(seconds).is_ok())
        .ok_or_else(|| "expected a number of seconds, 0 or more (such as 60 or 0.5)".to_owned())
}

/// A name or an option's value, read in any case.
fn lowercase() -> impl TypedValueParser<Value = String> {
    StringValueParser::new().map(|text| text.to_lowercase())
}
