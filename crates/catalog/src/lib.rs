//! # catalog
//!
//! The tower-building games as a program sees them by name: for each of Pyrga, Pylos,
//! Architekton and Crescendo, its options as name/value pairs, its bots and solvers by name
//! and level, its status line, result in words, seat names and rules, its view (board,
//! seats, effects of the last move) as serde data and its moves as input steps. Every
//! front-end (the `towers` program, the JavaScript package, the Python bindings, the
//! analysis server) reads the games through this crate, so each fact is written once.
//!
//! - [`AnyGame`]: a position of any game, with where it began and its record, playing
//!   moves given as text: no per-game generic code in a front-end.
//! - [`Session`] and [`NamedGame`]: the same for a game known at compile time.
//! - [`GameInfo`]: a game's options ([`OptionSpec`]), bots, seats and rules.
//! - [`Error`] with an [`ErrorKind`] (`parse`, `illegal`, `gameOver`, `invalidPosition`,
//!   `badOption`, `outOfBudget`, `noDatabase`, `badFile`): one error for every front-end.
//! - [`GameFile`]: a whole game as text (game, options, record), for saving and loading.
//! - [`PylosTablebase`]: Pylos's perfect play from a compact solution file, by path or
//!   from the blocks a front-end fetched itself (it builds for `wasm32-unknown-unknown`).
//!
//! ```
//! use catalog::{AnyGame, ErrorKind, Options};
//!
//! let start = AnyGame::start("pylos", &Options::default()).unwrap();
//! assert_eq!(start.perft(2), 240);
//! let next = start.play("0a1").unwrap();
//! assert_eq!(next.record(), "0a1");
//! assert_eq!(start.play("9z9").unwrap_err().kind, ErrorKind::Parse);
//! // A move built from clicks: the spot, then nothing more for a plain placement.
//! let choices = next.choices(&["0b1".to_owned()]).unwrap();
//! assert_eq!(choices.complete.as_deref(), Some("0b1"));
//! let view = next.view(serde_json::value::Serializer).unwrap();
//! assert_eq!(view["players"][0]["name"], "Light");
//! assert_eq!(view["board"]["spots"][0]["ball"], 0);
//!
//! // Perfect play in Pyrga, late in a game (ply 16): White wins in 12 plies with Sd4.
//! use catalog::SolveRequest;
//! let record = "Cd1 Sd1 Sc1 Tc2w Tb2s Tb1w Ca1 Ta1n Ta4s Ta3e Tb3s Sb1 Cc1 Tc1e Td1n Cd4";
//! let late = AnyGame::from_record("pyrga", &Options::default(), record).unwrap();
//! assert_eq!(late.solve(SolveRequest::default()).unwrap().text, "White wins in 12");
//! let moves = late.move_values(SolveRequest::default()).unwrap();
//! let texts: Vec<_> = moves.iter().map(|m| format!("{} {}", m.mv, m.text)).collect();
//! assert_eq!(texts, ["Sd4 win in 12", "Td4w draw", "Td4s loss in 14"]);
//! // Pylos is solved with the feature `database` only, and the start not directly.
//! let error = start.solve(SolveRequest::default()).unwrap_err();
//! assert!([ErrorKind::BadOption, ErrorKind::OutOfBudget].contains(&error.kind));
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

mod any;
mod bot;
mod databases;
mod error;
mod file;
mod games;
mod input;
mod options;
mod session;
mod solver;
mod tablebase;
mod view;

pub use any::AnyGame;
pub use bot::{BotMaker, BotRequest};
pub use databases::Databases;
#[cfg(feature = "database")]
pub use databases::PYLOS_DIRECT_POSITIONS;
pub use error::{Error, ErrorKind, MAX_ECHO, MAX_MESSAGE, OptionError, echo, shorten};
pub use file::GameFile;
pub use games::{GAMES, GameInfo, NamedGame, bot_of, config_of, option_specs};
pub use input::{Choices, Step, choices};
pub use options::{OptionSpec, Options};
pub use session::Session;
pub use solver::{
    AnalysisError, DEFAULT_SOLVE_MS, MoveValue, PerfectPlay, PerfectValues, PositionValue,
    SolveRequest, ValueSource,
};
pub use tablebase::{BlockBytes, PylosTablebase, TablebaseOptions};
pub use view::{Effect, Point, View};

pub use {boardcore, bots, solve};

/// The engines of [`for_each_game!`]'s games, re-exported for [`with_game!`].
macro_rules! engines {
    (() $($variant:ident $module:ident $text:literal,)*) => {
        $(pub use $module;)*
    };
}
for_each_game!(engines!());

/// The games, written once: calls `$callback!` with `($($args)*)` followed by one entry
/// `Variant module "name"` per game (its [`AnyGame`] variant, its engine crate and the name
/// every front-end uses), in the order of [`GAMES`]. The catalog builds [`GAMES`],
/// [`with_game!`] and [`AnyGame`] from it; adding a game is one entry here.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_game {
    ($($callback:ident)::+ ! ($($args:tt)*)) => {
        $($callback)::+! {
            ($($args)*)
            Pyrga pyrga "pyrga",
            Pylos pylos "pylos",
            Architekton architekton "architekton",
            Crescendo crescendo "crescendo",
        }
    };
}

/// The match of [`with_game!`] over the games of [`for_each_game!`].
#[doc(hidden)]
#[macro_export]
macro_rules! with_game_match {
    (($name:expr, $G:ident, $body:expr, $other:expr) $($variant:ident $module:ident $text:literal,)*) => {
        match $name.to_ascii_lowercase().as_str() {
            $(
                $text => {
                    type $G = $crate::$module::State;
                    $body
                }
            )*
            _ => $other,
        }
    };
}

/// Runs `$body` with `$G` standing for the state type of the game named `$name` (in any
/// case), or evaluates `$other` when no game has that name. A front-end generic over
/// [`NamedGame`] dispatches by name with it.
///
/// ```
/// use catalog::{boardcore::Game, with_game};
///
/// fn seats(name: &str) -> Option<usize> {
///     with_game!(name, |G| Some(G::SEAT_NAMES.len()), else None)
/// }
/// assert_eq!(seats("Crescendo"), Some(4));
/// assert_eq!(seats("chess"), None);
/// ```
#[macro_export]
macro_rules! with_game {
    ($name:expr, |$G:ident| $body:expr, else $other:expr) => {
        $crate::for_each_game!($crate::with_game_match!($name, $G, $body, $other))
    };
}

/// The `badOption` error of a game name that is not one of [`GAMES`].
fn unknown_game<T>(name: &str) -> Result<T, Error> {
    Err(Error::bad_option(format!(
        "unknown game {:?} (games: {})",
        echo(name),
        GAMES.join(", ")
    )))
}
