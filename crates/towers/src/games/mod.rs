//! What `towers` shows of each game beyond what the `catalog` crate knows: its board drawn
//! as text, the key to its symbols and its seats' colours. Adding a game is one module here
//! (and the game's own module in `catalog`).

mod architekton;
mod crescendo;
mod pylos;
mod pyrga;

use std::io::IsTerminal;

use boardcore::{Game, Player};
use catalog::{NamedGame, OptionError};

use crate::cli::GameOptions;
use crate::error::CliError;

/// Runs `$body` with `$G` standing for the state type of the game named `$name` (in any
/// case), or returns [`CliError::UnknownGame`].
macro_rules! with_game {
    ($name:expr, |$G:ident| $body:expr) => {
        catalog::with_game!($name, |$G| $body, else Err($crate::error::CliError::UnknownGame {
            name: catalog::echo($name),
            known: catalog::GAMES.join(", "),
        }))
    };
}
pub(crate) use with_game;

/// A game as the command line draws it.
pub(crate) trait CliGame: NamedGame {
    /// The key to the board's symbols, one line shown under every board.
    const KEY: &'static str;

    /// The terminal colour of each seat (ANSI SGR parameters), matching the seat names of
    /// [`Game::SEAT_NAMES`].
    const PALETTE: &'static [&'static str];

    /// The position drawn for a person, several lines ending with a newline.
    fn draw(&self, style: Style) -> String;
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
        Style::for_terminal::<G>(std::io::stdout().is_terminal())
    }

    /// The colours of game `G` for drawings on standard error, when it is a terminal.
    pub(crate) fn detect_stderr<G: CliGame>() -> Style {
        Style::for_terminal::<G>(std::io::stderr().is_terminal())
    }

    /// The colours of game `G` when `terminal` and `NO_COLOR` is not set.
    fn for_terminal<G: CliGame>(terminal: bool) -> Style {
        let colour = terminal && std::env::var_os("NO_COLOR").is_none();
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

/// The configuration of game `G` from the command line.
///
/// # Errors
/// [`CliError::Option`] for an option of another game or a value `G` does not know.
pub(crate) fn config_of<G: CliGame>(options: &GameOptions) -> Result<G::Config, CliError> {
    catalog::config_of::<G>(&options.to_catalog()).map_err(|error| option_error(&error))
}

/// `error` worded with the options written as flags (`--building-match`).
pub(crate) fn option_error(error: &OptionError) -> CliError {
    CliError::Option(error.worded(|key| format!("--{}", GameOptions::flag(key))))
}
