//! What every front-end needs from each game beyond [`boardcore::Game`]: its options, its
//! bots, its rules in words and its result, its view and its input steps. Adding a game is
//! one module here and one entry in [`crate::for_each_game!`].

mod architekton;
mod crescendo;
mod pylos;
mod pyrga;

use core::fmt::Display;
use core::str::FromStr;

use boardcore::{Game, Outcome, PositionError};
use bots::Level;
use serde::Serialize;

use crate::bot::BotMaker;
use crate::error::OptionError;
use crate::input::Step;
use crate::options::{OptionSpec, Options};
use crate::solver::PerfectPlay;
use crate::view::Effect;

/// The names of [`crate::for_each_game!`]'s games, as a list.
macro_rules! names {
    (() $($variant:ident $module:ident $text:literal,)*) => {
        &[$($text),*]
    };
}

/// The games, by the names every front-end uses.
pub const GAMES: &[&str] = crate::for_each_game!(names!());

/// A game as a program sees it by name.
pub trait NamedGame: Game + FromStr<Err = PositionError<Self::Invalid>> + 'static {
    /// Why a position text is refused.
    type Invalid: Display;
    /// The board part of the view.
    type Board: Serialize;
    /// One player's part of the view.
    type Seat: Serialize;

    /// The options this game takes.
    const OPTIONS: &'static [OptionSpec];
    /// The bots this game offers; the first is the default, the strongest one that
    /// answers in reasonable time.
    const BOTS: &'static [&'static str];

    /// The moves after which a game between bots stops unfinished, unless the caller says
    /// otherwise: some games can go on for ever (Pylos take-backs).
    const MAX_PLIES: usize = 100_000;

    /// The most plies a whole game can last, where the rules bound it (Pyrga: 30,
    /// Crescendo: [`::crescendo::LONGEST_GAME`]).
    const LONGEST_GAME: Option<u32> = None;

    /// How to play: the goal, the moves in notation with examples. Lines of at most 80
    /// columns, ending with a newline; options named as the catalog names them.
    const RULES: &'static str;

    /// The configuration the options describe (already checked to be this game's).
    ///
    /// # Errors
    /// [`OptionError::BadValue`] for a value the game does not know.
    fn config_from(options: &Options) -> Result<Self::Config, OptionError>;

    /// The outcome in words, with the reason: `Black wins: controls 3 towers`.
    fn result(&self, outcome: &Outcome) -> String;

    /// The number of move sequences of `depth` moves: the engine's own perft where it has
    /// a faster one than the generic [`boardcore::perft`].
    fn perft(&self, depth: u32) -> u64 {
        boardcore::perft(self, depth)
    }

    /// The game's solver, if it has one: Pyrga, and Pylos with the feature `database`.
    fn perfect_play() -> Option<&'static dyn PerfectPlay<Self>> {
        None
    }

    /// The bot named `name` at `level`, if the game has it.
    fn bot(name: &str, level: Level) -> Option<BotMaker<Self>>;

    /// The board part of the view.
    fn board(&self) -> Self::Board;

    /// Each seat's part of the view, in seat order.
    fn seats_view(&self) -> Vec<Self::Seat>;

    /// What `mv`, played from `before`, did besides putting its piece down.
    fn effects(before: &Self, mv: Self::Move, after: &Self) -> Vec<Effect>;

    /// The ways of entering `mv` step by step (usually one).
    fn steps(&self, mv: Self::Move) -> Vec<Vec<Step>>;
}

/// Every option of every game with its game's name, in the order of [`crate::GAMES`].
///
/// ```
/// let keys: Vec<&str> = catalog::option_specs().map(|(_, spec)| spec.key).collect();
/// assert_eq!(keys, ["rules", "variant", "takeback", "end", "buildingMatch", "players"]);
/// ```
pub fn option_specs() -> impl Iterator<Item = (&'static str, &'static OptionSpec)> {
    GAMES.iter().flat_map(|&name| {
        let options = crate::with_game!(name, |G| G::OPTIONS, else &[]);
        options.iter().map(move |spec| (name, spec))
    })
}

impl Options {
    /// Checks that every name is known and belongs to `game`, whose options are `allowed`.
    ///
    /// # Errors
    /// [`OptionError::Unknown`] or [`OptionError::NotForGame`] for the first name that
    /// does not fit.
    pub fn check(&self, game: &'static str, allowed: &[OptionSpec]) -> Result<(), OptionError> {
        let known = || allowed.iter().map(|spec| spec.key).collect();
        for (key, _) in self.pairs() {
            if !option_specs().any(|(_, spec)| spec.key == key) {
                return Err(OptionError::Unknown {
                    key: key.to_owned(),
                    game,
                    known: known(),
                });
            }
            if !allowed.iter().any(|spec| spec.key == key) {
                return Err(OptionError::NotForGame {
                    key: key.to_owned(),
                    game,
                    known: known(),
                });
            }
        }
        Ok(())
    }
}

/// The names of the games with a solver ([`NamedGame::perfect_play`]), in words:
/// `pyrga and pylos`.
pub(crate) fn solved_games() -> String {
    let names: Vec<&str> = GAMES
        .iter()
        .copied()
        .filter(|&name| crate::with_game!(name, |G| G::perfect_play().is_some(), else false))
        .collect();
    match names.as_slice() {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => names.concat(),
    }
}

/// The configuration of game `G` from `options`, after checking that each belongs to it.
///
/// # Errors
/// [`OptionError`] for an unknown option, one of another game, or a value `G` does not
/// know.
pub fn config_of<G: NamedGame>(options: &Options) -> Result<G::Config, OptionError> {
    options.check(G::NAME, G::OPTIONS)?;
    G::config_from(options)
}

/// The bot of game `G` named `name` (in any case; `None` for the default) at `level`.
///
/// # Errors
/// `badOption` naming the bots `G` has.
pub fn bot_of<G: NamedGame>(name: Option<&str>, level: Level) -> Result<BotMaker<G>, crate::Error> {
    let name = name.unwrap_or(G::BOTS[0]);
    G::bot(&name.to_ascii_lowercase(), level).ok_or_else(|| {
        crate::Error::bad_option(format!(
            "unknown bot {:?} for {} (bots: {})",
            crate::echo(name),
            G::NAME,
            G::BOTS.join(", ")
        ))
    })
}

/// What a program shows of a game before playing it: its name, options, bots, seats and
/// rules, read from [`NamedGame`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The name.
    pub name: &'static str,
    /// The options it takes.
    pub options: &'static [OptionSpec],
    /// Its bots, the default first.
    pub bots: &'static [&'static str],
    /// The name of each seat, in seat order (the most a game has).
    pub seats: &'static [&'static str],
    /// How to play, in words.
    pub rules: &'static str,
    /// The plies after which a game between bots stops unfinished by default.
    pub max_plies: usize,
    /// The most plies a whole game can last, where the rules bound it.
    pub longest_game: Option<u32>,
}

impl GameInfo {
    /// The information of game `G`.
    pub fn of<G: NamedGame>() -> GameInfo {
        GameInfo {
            name: G::NAME,
            options: G::OPTIONS,
            bots: G::BOTS,
            seats: G::SEAT_NAMES,
            rules: G::RULES,
            max_plies: G::MAX_PLIES,
            longest_game: G::LONGEST_GAME,
        }
    }

    /// The game named `name` (in any case).
    ///
    /// # Errors
    /// `badOption` naming the games there are.
    ///
    /// ```
    /// let pylos = catalog::GameInfo::named("Pylos").unwrap();
    /// assert_eq!(pylos.seats, ["Light", "Dark"]);
    /// assert_eq!(pylos.options[0].key, "variant");
    /// assert!(catalog::GameInfo::named("chess").is_err());
    /// ```
    pub fn named(name: &str) -> Result<GameInfo, crate::Error> {
        crate::with_game!(name, |G| Ok(GameInfo::of::<G>()), else crate::unknown_game(name))
    }
}

#[cfg(test)]
mod tests {
    use crate::options::{OptionSpec, Options};

    const RULES: OptionSpec = OptionSpec {
        key: "rules",
        values: &["standard", "classic"],
        default: "standard",
        help: "the rule set",
    };

    #[test]
    fn names_are_checked_against_the_game() {
        let options = Options::from_pairs(&[("rules", "classic")]);
        assert!(options.check("pyrga", &[RULES]).is_ok());
        let error = Options::from_pairs(&[("players", "2")])
            .check("pyrga", &[RULES])
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "option players does not apply to pyrga (its options: rules)"
        );
        let error = Options::from_pairs(&[("colour", "red")])
            .check("pyrga", &[RULES])
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown option \"colour\" for pyrga (options: rules)"
        );
    }
}
