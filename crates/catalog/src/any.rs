//! [`AnyGame`]: a session of any of the games, chosen by name at run time, so that a
//! front-end holds no per-game generic code.

use crate::databases::Databases;
use crate::error::Error;
use crate::file::GameFile;
use crate::games::{GameInfo, NamedGame};
use crate::options::Options;
use crate::session::Session;
use crate::solver::{
    AnalysisError, MoveValue, PerfectPlay, PerfectValues, PositionValue, SolveRequest,
};
use serde::Serialize;

use crate::bot::BotRequest;
use crate::input::Choices;

/// [`AnyGame`] and its conversions from each game's session, from the list of
/// [`crate::for_each_game!`].
macro_rules! any_game {
    (() $($variant:ident $module:ident $text:literal,)*) => {
        /// A session of any of the games.
        #[derive(Clone, Debug)]
        #[expect(
            clippy::large_enum_variant,
            reason = "one per JavaScript Game object, which lives on the heap already"
        )]
        pub enum AnyGame {
            $(
                #[doc = concat!(stringify!($variant), ".")]
                $variant(Session<::$module::State>),
            )*
        }

        $(
            impl From<Session<::$module::State>> for AnyGame {
                fn from(session: Session<::$module::State>) -> AnyGame {
                    AnyGame::$variant(session)
                }
            }
        )*
    };
}
crate::for_each_game!(any_game!());

/// The match of [`dispatch!`] over the variants of [`AnyGame`].
macro_rules! dispatch_match {
    (($game:expr, $session:ident, $body:expr) $($variant:ident $module:ident $text:literal,)*) => {
        match $game {
            $(AnyGame::$variant($session) => $body,)*
        }
    };
}

/// Runs `$body` with `$session` bound to the session inside `$game`.
macro_rules! dispatch {
    ($game:expr, $session:ident => $body:expr) => {
        crate::for_each_game!(dispatch_match!($game, $session, $body))
    };
}

/// Runs `$body` with `$G` standing for the state type of the game named `$name`, wrapping
/// its session result in [`AnyGame`].
macro_rules! by_name {
    ($name:expr, |$G:ident| $body:expr) => {
        crate::with_game!($name, |$G| $body.map(AnyGame::from), else crate::unknown_game($name))
    };
}

impl AnyGame {
    /// The start of game `name` with `options`.
    ///
    /// # Errors
    /// `badOption` for an unknown game or a bad option.
    pub fn start(name: &str, options: &Options) -> Result<AnyGame, Error> {
        by_name!(name, |G| Session::<G>::start(options))
    }

    /// Game `name` after `record` from the start.
    ///
    /// # Errors
    /// See [`Session::from_record`].
    pub fn from_record(name: &str, options: &Options, record: &str) -> Result<AnyGame, Error> {
        by_name!(name, |G| Session::<G>::from_record(options, record))
    }

    /// The game a [`GameFile`] describes; a file that does not name its game is one of
    /// game `default` (its record alone).
    ///
    /// # Errors
    /// `badOption` when the file names no game and there is no default, else see
    /// [`Session::from_file`].
    ///
    /// ```
    /// use catalog::{AnyGame, GameFile, Options};
    ///
    /// let classic = Options::from_pairs(&[("rules", "classic")]);
    /// let game = AnyGame::from_record("pyrga", &classic, "Sa1 Sb1").unwrap();
    /// let text = game.file().to_string();
    /// assert_eq!(text, "[game \"pyrga\"]\n[rules \"classic\"]\nSa1 Sb1\n");
    /// let again = AnyGame::from_file(&GameFile::parse(&text).unwrap(), None).unwrap();
    /// assert_eq!(again.text(), game.text());
    /// ```
    pub fn from_file(file: &GameFile, default: Option<&str>) -> Result<AnyGame, Error> {
        let Some(name) = file.game.as_deref().or(default) else {
            return Err(Error::bad_option(
                "the file does not say which game it holds (a [game \"…\"] line)",
            ));
        };
        by_name!(name, |G| Session::<G>::from_file(file))
    }

    /// Game `name` at the position `text`.
    ///
    /// # Errors
    /// See [`Session::from_text`].
    pub fn from_text(name: &str, text: &str) -> Result<AnyGame, Error> {
        by_name!(name, |G| Session::<G>::from_text(text))
    }

    /// The game's name.
    pub fn name(&self) -> &'static str {
        dispatch!(self, session => name_of(session))
    }

    /// See [`Session::legal_moves`].
    pub fn legal_moves(&self) -> Vec<String> {
        dispatch!(self, session => session.legal_moves())
    }

    /// See [`Session::play`].
    ///
    /// # Errors
    /// See [`Session::play`].
    pub fn play(&self, text: &str) -> Result<AnyGame, Error> {
        dispatch!(self, session => session.play(text).map(AnyGame::from))
    }

    /// See [`Session::file`].
    pub fn file(&self) -> GameFile {
        dispatch!(self, session => session.file())
    }

    /// See [`Session::options`].
    pub fn options(&self) -> Options {
        dispatch!(self, session => session.options())
    }

    /// See [`Session::result`].
    pub fn result(&self) -> Option<String> {
        dispatch!(self, session => session.result())
    }

    /// What the game is: its name, options, bots, seats and rules.
    pub fn info(&self) -> GameInfo {
        dispatch!(self, session => info_of(session))
    }

    /// See [`Session::status`].
    pub fn status(&self) -> String {
        dispatch!(self, session => session.status())
    }

    /// The number of seats of this game (2, or 2 to 4 in Crescendo).
    pub fn seats(&self) -> usize {
        dispatch!(self, session => boardcore::Game::seats(session.state()))
    }

    /// The status as the engine gives it (see [`AnyGame::status`] for its line).
    pub fn game_status(&self) -> boardcore::Status {
        dispatch!(self, session => boardcore::Game::status(session.state()))
    }

    /// The move written `text` in the notation the engine prints (`sa1` is `Sa1`), legal
    /// here or not.
    ///
    /// # Errors
    /// `parse` when `text` is not a move of the game.
    ///
    /// ```
    /// use catalog::{AnyGame, Options};
    ///
    /// let pylos = AnyGame::start("pylos", &Options::default()).unwrap();
    /// assert_eq!(pylos.canonical_move("0A1-1B2X0C1x1b2").unwrap(), "0a1-1b2x1b2x0c1");
    /// assert!(pylos.canonical_move("Sa1").is_err());
    /// ```
    pub fn canonical_move(&self, text: &str) -> Result<String, Error> {
        dispatch!(self, session => boardcore::Game::parse_move(session.state(), text)
            .map(|mv| mv.to_string())
            .map_err(|error| Error::new(crate::ErrorKind::Parse, error.to_string())))
    }

    /// See [`Session::chance_outcomes`].
    pub fn chance_outcomes(&self) -> Vec<(String, u32)> {
        dispatch!(self, session => session.chance_outcomes())
    }

    /// See [`Session::record`].
    pub fn record(&self) -> String {
        dispatch!(self, session => session.record())
    }

    /// See [`Session::text`].
    pub fn text(&self) -> String {
        dispatch!(self, session => session.text())
    }

    /// See [`Session::key`].
    pub fn key(&self) -> String {
        dispatch!(self, session => session.key())
    }

    /// See [`Session::perft`].
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, session => session.perft(depth))
    }

    /// The view, written with `serializer`.
    ///
    /// # Errors
    /// The serializer's.
    pub fn view<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        dispatch!(self, session => session.view().serialize(serializer))
    }

    /// See [`Session::choices`].
    ///
    /// # Errors
    /// See [`Session::choices`].
    pub fn choices(&self, steps: &[String]) -> Result<Choices, Error> {
        dispatch!(self, session => session.choices(steps))
    }

    /// See [`Session::bot_move`]; `clock` reads milliseconds.
    ///
    /// # Errors
    /// See [`Session::bot_move`].
    pub fn bot_move(
        &self,
        name: Option<&str>,
        request: BotRequest,
        clock: &dyn Fn() -> f64,
    ) -> Result<String, Error> {
        dispatch!(self, session => session.bot_move(name, request, clock))
    }

    /// The `badOption` error of a game without a solver here.
    fn no_solver(&self, call: &str) -> Error {
        Error::bad_option(format!(
            "{call} solves {} only, not {}",
            crate::games::solved_games(),
            self.name()
        ))
    }

    /// The exact value of the position for the player to move, from the game's
    /// [`NamedGame::perfect_play`]: Pyrga within the request's time and node budget; Pylos
    /// (feature `database`) from the database installed in `Databases` or directly within
    /// the request's node budget (as the number of positions, 200,000 by default).
    ///
    /// # Errors
    /// `badOption` for a game without a solver, `gameOver` after the end, `outOfBudget`
    /// when the budget runs out first.
    pub fn solve(&self, request: SolveRequest) -> Result<PositionValue, Error> {
        dispatch!(self, session => match perfect_play_of(session) {
            Some(play) => play.value(session.state(), request),
            None => Err(self.no_solver("solve")),
        })
    }

    /// Every legal move with its exact value for the mover, best first (the games and
    /// budgets of [`AnyGame::solve`]).
    ///
    /// # Errors
    /// As [`AnyGame::solve`].
    pub fn move_values(&self, request: SolveRequest) -> Result<Vec<MoveValue>, Error> {
        dispatch!(self, session => match perfect_play_of(session) {
            Some(play) => play.move_values(session.state(), request),
            None => Err(self.no_solver("moveValues")),
        })
    }

    /// The exact value of the position and of each legal move, best first, and where they
    /// came from, from the game's [`NamedGame::perfect_play`] reading `databases` (not
    /// those installed): Pyrga within the request's budgets; Pylos (feature `database`)
    /// from the database of its rule set covering it, else directly within the request's
    /// node budget (else that of `databases`).
    ///
    /// # Errors
    /// [`AnalysisError::NoSolver`] for a game without a solver,
    /// [`AnalysisError::NoDatabase`] for a Pylos position no database covers and too early
    /// to solve directly; else `gameOver` after the end, `outOfBudget` when the budget runs
    /// out first.
    pub fn analyse(
        &self,
        request: SolveRequest,
        databases: &Databases,
    ) -> Result<PerfectValues, AnalysisError> {
        dispatch!(self, session => match perfect_play_of(session) {
            Some(play) => play.analyse(session.state(), request, databases),
            None => Err(AnalysisError::NoSolver {
                game: self.name(),
                solved: crate::games::solved_games(),
            }),
        })
    }
}

/// The solver of the game of `session`, if it has one.
fn perfect_play_of<G: NamedGame>(_session: &Session<G>) -> Option<&'static dyn PerfectPlay<G>> {
    G::perfect_play()
}

/// The name of the game of `session`.
fn name_of<G: NamedGame>(_session: &Session<G>) -> &'static str {
    G::NAME
}

/// The information of the game of `session`.
fn info_of<G: NamedGame>(_session: &Session<G>) -> GameInfo {
    GameInfo::of::<G>()
}
