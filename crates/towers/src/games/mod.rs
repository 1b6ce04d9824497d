//! What `towers` needs from each game beyond [`boardcore::Game`]: its options from the
//! command line, its board drawn as text and its bots. Adding a game is one module here
//! and one line in [`with_game!`].

mod architekton;
mod pyrga;

use core::fmt::Display;
use core::str::FromStr;

use boardcore::Game;
use bots::{Bot, RandomBot};

use crate::cli::GameOptions;
use crate::error::CliError;

/// The games, as the command line names them.
pub(crate) const GAMES: &[&str] = &["pyrga", "architekton"];

/// Runs `$body` with `$G` standing for the state type of the game named `$name`, or
/// returns [`CliError::UnknownGame`].
macro_rules! with_game {
    ($name:expr, |$G:ident| $body:expr) => {
        match $name {
            "pyrga" => {
                type $G = ::pyrga::State;
                $body
            }
            "architekton" => {
                type $G = ::architekton::State;
                $body
            }
            other => Err($crate::error::CliError::UnknownGame {
                name: other.to_owned(),
                known: $crate::games::GAMES.join(", "),
            }),
        }
    };
}
pub(crate) use with_game;

/// A game as the command line sees it.
pub(crate) trait CliGame: Game + FromStr<Err: Display> {
    /// The options this game takes (flag names without `--`).
    const OPTIONS: &'static [&'static str];

    /// The bots this game offers; the first is the default of `play`.
    const BOTS: &'static [&'static str] = &["random"];

    /// The game's configuration from the options that apply to it.
    ///
    /// # Errors
    /// [`CliError::BadOption`] for a value the game does not know.
    fn config_from(options: &GameOptions) -> Result<Self::Config, CliError>;

    /// The position drawn for a person, several lines ending with a newline.
    fn draw(&self) -> String;

    /// The bot named `name`, seeded with `seed`, if the game has it.
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "random" => Some(Box::new(RandomBot::new(seed))),
            _ => None,
        }
    }
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
