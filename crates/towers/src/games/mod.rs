//! What `towers` needs from each game beyond [`boardcore::Game`]: its options from the
//! command line, its board drawn as text and its bots. Adding a game is one module here
//! and one line in [`with_game!`].

mod architekton;
mod crescendo;
mod pylos;
mod pyrga;

use core::fmt::Display;
use core::str::FromStr;

use std::io::IsTerminal;

use boardcore::{Game, Outcome, Player};
use bots::{AlphaBeta, Bot, Evaluate, Level, Mcts, RandomBot};

use crate::cli::GameOptions;
use crate::error::CliError;

/// The games, as the command line names them.
pub(crate) const GAMES: &[&str] = &["pyrga", "pylos", "architekton", "crescendo"];

/// Runs `$body` with `$G` standing for the state type of the game named `$name` (in any
/// case), or returns [`CliError::UnknownGame`].
macro_rules! with_game {
    ($name:expr, |$G:ident| $body:expr) => {
        match $name.to_ascii_lowercase().as_str() {
            "pyrga" => {
                type $G = ::pyrga::State;
                $body
            }
            "pylos" => {
                type $G = ::pylos::State;
                $body
            }
            "architekton" => {
                type $G = ::architekton::State;
                $body
            }
            "crescendo" => {
                type $G = ::crescendo::State;
                $body
            }
            _ => Err($crate::error::CliError::UnknownGame {
                name: $name.to_owned(),
                known: $crate::games::GAMES.join(", "),
            }),
        }
    };
}
pub(crate) use with_game;

/// A game as the command line sees it.
pub(crate) trait CliGame: Game + FromStr<Err: Display> + 'static {
    /// The options this game takes (flag names without `--`).
    const OPTIONS: &'static [&'static str];

    /// The bots this game offers; the first is the default of `play`, the strongest one
    /// that answers in reasonable time.
    const BOTS: &'static [&'static str];

    /// The moves after which a game between bots stops unfinished, unless `--max-plies`
    /// says otherwise: some games can go on for ever (Pylos take-backs, Crescendo chases).
    const MAX_PLIES: usize = 100_000;

    /// The most plies a whole game can last, where the rules bound it (Pyrga: 30);
    /// `perft` refuses depths that no game can reach.
    const LONGEST_GAME: Option<u32> = None;

    /// How to play, for `help` at the prompt: the goal, the moves in notation with
    /// examples. Lines of at most 90 columns, ending with a newline.
    const RULES: &'static str;

    /// The key to the board's symbols, one line shown under every board.
    const KEY: &'static str;

    /// The terminal colour of each seat (ANSI SGR parameters), matching the seat names of
    /// [`Game::SEAT_NAMES`].
    const PALETTE: &'static [&'static str];

    /// The outcome in words, with the reason: `Black wins: controls 3 towers`.
    fn result(&self, outcome: &Outcome) -> String;

    /// The number of move sequences of `depth` moves: the engine's own perft where it has
    /// a faster one than the generic [`boardcore::perft`].
    fn perft(&self, depth: u32) -> u64 {
        boardcore::perft(self, depth)
    }

    /// The game's configuration from the options that apply to it.
    ///
    /// # Errors
    /// [`CliError::BadOption`] for a value the game does not know.
    fn config_from(options: &GameOptions) -> Result<Self::Config, CliError>;

    /// The position drawn for a person, several lines ending with a newline.
    fn draw(&self, style: Style) -> String;

    /// The bot named `name` at `level`, seeded with `seed`, if the game has it.
    fn bot(name: &str, level: Level, seed: u64) -> Option<Box<dyn Bot<Self>>>;
}

/// The bots every game has: `random` and `mcts` (uniform playouts).
pub(crate) fn general_bot<G: Game + 'static>(
    name: &str,
    level: Level,
    seed: u64,
) -> Option<Box<dyn Bot<G>>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "mcts" => Some(Box::new(Mcts::new(level.mcts(), seed))),
        _ => None,
    }
}

/// The bots of a two-player game without chance: `alphabeta` and the general ones.
pub(crate) fn two_player_bot<G: Evaluate + 'static>(
    name: &str,
    level: Level,
    seed: u64,
) -> Option<Box<dyn Bot<G>>> {
    match name {
        "alphabeta" => Some(Box::new(AlphaBeta::new(level.alphabeta()).with_seed(seed))),
        _ => general_bot(name, level, seed),
    }
}

/// The `perfect` bot of Pyrga and Pylos: the solver's move within the level's time (1, 2,
/// 5, 15 or 45 seconds), alpha-beta when that runs out. For Pylos it reads the database
/// named by the environment variable `TOWERS_PYLOS_DB` when that is set (opened once).
pub(crate) fn perfect_bot(level: Level) -> bots::Perfect {
    let time = level
        .alphabeta()
        .max_time()
        .unwrap_or(std::time::Duration::from_secs(5));
    let bot = bots::Perfect::new(time);
    match pylos_database() {
        Some(database) => bot.with_database(database),
        None => bot,
    }
}

/// The Pylos database of `TOWERS_PYLOS_DB`, opened at the first call; `None` when the
/// variable is unset or the file cannot be opened (a warning on standard error).
fn pylos_database() -> Option<std::sync::Arc<solve::PylosDatabase>> {
    static DATABASE: std::sync::OnceLock<Option<std::sync::Arc<solve::PylosDatabase>>> =
        std::sync::OnceLock::new();
    DATABASE
        .get_or_init(|| {
            let path = std::env::var_os("TOWERS_PYLOS_DB")?;
            match solve::PylosDatabase::open(std::path::Path::new(&path)) {
                Ok(database) => Some(std::sync::Arc::new(database)),
                Err(error) => {
                    eprintln!("towers: TOWERS_PYLOS_DB: {error}");
                    None
                }
            }
        })
        .clone()
}

/// How drawings look: plain text, or with a colour per seat on terminals that show them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Style {
    /// The colour of each seat, when colours are shown.
    palette: Option<&'static [&'static str]>,
}

impl Style {
    /// The colours of game `G` when standard output is a terminal and `NO_COLOR` is not
    /// set; plain text otherwise.
    pub(crate) fn detect<G: CliGame>() -> Style {
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        Style {
            palette: colour.then_some(G::PALETTE),
        }
    }

    /// `text` in `seat`'s colour.
    pub(crate) fn seat(self, seat: Player, text: &str) -> String {
        match self.palette.and_then(|palette| palette.get(seat.index())) {
            Some(colour) => format!("\x1b[{colour}m{text}\x1b[0m"),
            None => text.to_owned(),
        }
    }

    /// The name of `seat` in game `G`, in its colour.
    pub(crate) fn name<G: Game>(self, seat: Player) -> String {
        self.seat(seat, G::seat_name(seat))
    }
}

/// The board of `state` as `play` and `show` print it: the drawing, then the key.
pub(crate) fn board<G: CliGame>(state: &G, style: Style) -> String {
    format!("{}key: {}\n", state.draw(style), G::KEY)
}

/// Centres `text`, whose visible width is `visible`, in `width` columns.
pub(crate) fn centred(text: &str, visible: usize, width: usize) -> String {
    let space = width.saturating_sub(visible);
    format!(
        "{}{text}{}",
        " ".repeat(space / 2),
        " ".repeat(space - space / 2)
    )
}

/// The configuration of game `G` from the command line, after checking that no option of
/// another game was given.
///
/// # Errors
/// [`CliError::OptionNotForGame`] or the game's own [`CliError::BadOption`].
pub(crate) fn config_of<G: CliGame>(options: &GameOptions) -> Result<G::Config, CliError> {
    for (option, value) in options.all() {
        if value.is_some() && !G::OPTIONS.contains(&option) {
            return Err(CliError::OptionNotForGame {
                option,
                game: G::NAME,
            });
        }
    }
    G::config_from(options)
}

/// Reads an option's value with `FromStr`, or the default when it is not given.
///
/// # Errors
/// [`CliError::BadOption`] naming the option, the value and what is allowed.
pub(crate) fn parse_option<T: FromStr + Default>(
    option: &'static str,
    value: Option<&str>,
    allowed: &str,
) -> Result<T, CliError> {
    value.map_or_else(
        || Ok(T::default()),
        |text| {
            text.parse().map_err(|_| CliError::BadOption {
                option,
                value: text.to_owned(),
                reason: format!("expected {allowed}"),
            })
        },
    )
}
