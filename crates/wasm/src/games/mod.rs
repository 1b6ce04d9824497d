//! What the JavaScript API needs from each game beyond [`boardcore::Game`] (its options,
//! bots, view and input steps), and a [`Session`]: a position with the record that led to
//! it.

mod architekton;
mod crescendo;
mod pylos;
mod pyrga;

use core::fmt::Display;
use core::str::FromStr;

use boardcore::{Game, PositionError, RecordError, ReplayError};
use bots::Level;
use serde::Serialize;

use crate::bot::{self, BotMaker, BotRequest};
use crate::error::{ErrorKind, WebError};
use crate::input::{self, Choices, Step};
use crate::options::Options;
use crate::solver::{self, MoveValue, PositionValue, SolveRequest};
use crate::view::{Effect, View};

/// The games, as JavaScript names them.
pub const GAMES: &[&str] = &["pyrga", "pylos", "architekton", "crescendo"];

/// A game as the JavaScript API sees it.
pub trait WebGame: Game + FromStr<Err = PositionError<Self::Invalid>> + 'static {
    /// Why a position text is refused.
    type Invalid: Display;
    /// The board part of the view.
    type Board: Serialize;
    /// One player's part of the view.
    type Seat: Serialize;

    /// The option keys this game takes.
    const OPTIONS: &'static [&'static str];
    /// The bots this game offers, the default (as in `towers play`) first.
    const BOTS: &'static [&'static str];

    /// The configuration the options describe (already checked to be this game's).
    ///
    /// # Errors
    /// `badOption` for a value the game does not know.
    fn config_from(options: &Options) -> Result<Self::Config, WebError>;

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

/// A position of game `G`, the moves that led to it from where this session began, and the
/// position before the last of them.
#[derive(Clone, Debug)]
pub struct Session<G: WebGame> {
    state: G,
    record: Vec<G::Move>,
    previous: Option<G>,
}

impl<G: WebGame> Session<G> {
    /// The start position with `options`.
    ///
    /// # Errors
    /// `badOption` for an option of another game or a value this game does not know.
    pub fn start(options: &Options) -> Result<Session<G>, WebError> {
        options.check(G::NAME, G::OPTIONS)?;
        Ok(Session {
            state: G::new(G::config_from(options)?),
            record: Vec::new(),
            previous: None,
        })
    }

    /// The position after `record` (moves in notation separated by spaces) from the start.
    ///
    /// # Errors
    /// The errors of [`Session::start`]; then `parse`, `illegal` or `gameOver` for the first
    /// move that cannot be read or played, with the message `ply N, move M: reason`.
    pub fn from_record(options: &Options, record: &str) -> Result<Session<G>, WebError> {
        let mut session = Session::<G>::start(options)?;
        for (index, text) in record.split_whitespace().enumerate() {
            let failure = |error: ReplayError<G::Reason>| {
                WebError::from_record(&RecordError {
                    ply: index + 1,
                    text: text.to_owned(),
                    error,
                })
            };
            let mv = session
                .state
                .parse_move(text)
                .map_err(|error| failure(ReplayError::Parse(error)))?;
            session = session
                .after(mv)
                .map_err(|error| failure(ReplayError::Illegal(error)))?;
        }
        Ok(session)
    }

    /// The position that `text` (the position text form) describes, with an empty record.
    ///
    /// # Errors
    /// `parse` for a text that does not read, `invalidPosition` for one that reads but
    /// describes no valid position.
    pub fn from_text(text: &str) -> Result<Session<G>, WebError> {
        let state = text
            .trim()
            .parse::<G>()
            .map_err(|error| WebError::from_position(&error))?;
        Ok(Session {
            state,
            record: Vec::new(),
            previous: None,
        })
    }

    /// The position.
    pub fn state(&self) -> &G {
        &self.state
    }

    fn after(&self, mv: G::Move) -> Result<Session<G>, boardcore::MoveError<G::Reason>> {
        let state = self.state.apply(mv)?;
        let mut record = self.record.clone();
        record.push(mv);
        Ok(Session {
            state,
            record,
            previous: Some(self.state.clone()),
        })
    }

    /// The legal moves in notation, sorted as `towers moves` sorts them.
    pub fn legal_moves(&self) -> Vec<String> {
        boardcore::sorted_move_texts(&self.state)
    }

    /// The session after the move written `text`; `self` is unchanged.
    ///
    /// # Errors
    /// `parse` when `text` is not a move, `gameOver` after the end, `illegal` with the
    /// rule's reason otherwise.
    pub fn play(&self, text: &str) -> Result<Session<G>, WebError> {
        if self.state.status().is_finished() {
            return Err(WebError::new(ErrorKind::GameOver, "the game is over"));
        }
        let mv = self
            .state
            .parse_move(text)
            .map_err(|error| WebError::new(ErrorKind::Parse, error.to_string()))?;
        self.after(mv).map_err(|error| WebError::from_move(&error))
    }

    /// The `towers status` line.
    pub fn status(&self) -> String {
        self.state.status().to_string()
    }

    /// The chance outcomes in notation with their weights (empty unless chance decides).
    pub fn chance_outcomes(&self) -> Vec<(String, u32)> {
        self.state
            .chance_outcomes()
            .iter()
            .map(|weighted| (weighted.outcome.to_string(), weighted.weight))
            .collect()
    }

    /// The moves played in this session, as a record.
    pub fn record(&self) -> String {
        boardcore::format_record(&self.record)
    }

    /// The position text.
    pub fn text(&self) -> String {
        self.state.to_string()
    }

    /// The position key in decimal.
    pub fn key(&self) -> String {
        self.state.position_key().to_string()
    }

    /// The number of move sequences of `depth` moves.
    pub fn perft(&self, depth: u32) -> u64 {
        boardcore::perft(&self.state, depth)
    }

    /// The view of the position.
    pub fn view(&self) -> View<G::Board, G::Seat> {
        let last = self.record.last().copied();
        let effects = match (&self.previous, last) {
            (Some(before), Some(mv)) => G::effects(before, mv, &self.state),
            _ => Vec::new(),
        };
        View::new(
            G::NAME,
            &self.state.status(),
            last.map(|mv| mv.to_string()),
            effects,
            self.state.seats_view(),
            self.state.board(),
        )
    }

    /// The choices after `steps`.
    ///
    /// # Errors
    /// `illegal` when no legal move begins with `steps`, `gameOver` after the end.
    pub fn choices(&self, steps: &[String]) -> Result<Choices, WebError> {
        if self.state.status().is_finished() {
            return Err(WebError::new(ErrorKind::GameOver, "the game is over"));
        }
        let moves: Vec<(String, Vec<Vec<Step>>)> = self
            .state
            .legal_moves()
            .iter()
            .map(|&mv| (mv.to_string(), self.state.steps(mv)))
            .collect();
        input::choices(steps, &moves)
    }

    /// A bot's move in notation (or a chance outcome when chance decides).
    ///
    /// # Errors
    /// `badOption` for a bot the game does not have, `gameOver` after the end.
    pub fn bot_move(
        &self,
        name: Option<&str>,
        request: BotRequest,
        clock: &dyn Fn() -> f64,
    ) -> Result<String, WebError> {
        let name = name.unwrap_or(G::BOTS[0]);
        let maker = G::bot(name, request.level).ok_or_else(|| {
            WebError::bad_option(format!(
                "unknown bot {name:?} for {} (bots: {})",
                G::NAME,
                G::BOTS.join(", ")
            ))
        })?;
        bot::choose(&self.state, &maker, request, clock).map(|mv| mv.to_string())
    }
}

/// A session of any of the four games.
#[derive(Clone, Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "one per JavaScript Game object, which lives on the heap already"
)]
pub enum AnyGame {
    /// Pyrga.
    Pyrga(Session<::pyrga::State>),
    /// Pylos.
    Pylos(Session<::pylos::State>),
    /// Architekton.
    Architekton(Session<::architekton::State>),
    /// Crescendo.
    Crescendo(Session<::crescendo::State>),
}

/// Runs `$body` with `$session` bound to the session inside `$game`.
macro_rules! dispatch {
    ($game:expr, $session:ident => $body:expr) => {
        match $game {
            AnyGame::Pyrga($session) => $body,
            AnyGame::Pylos($session) => $body,
            AnyGame::Architekton($session) => $body,
            AnyGame::Crescendo($session) => $body,
        }
    };
}

/// Runs `$body` with `$G` standing for the state type of the game named `$name`, wrapping
/// its session result in [`AnyGame`].
macro_rules! by_name {
    ($name:expr, |$G:ident| $body:expr) => {
        match $name {
            "pyrga" => {
                type $G = ::pyrga::State;
                $body.map(AnyGame::Pyrga)
            }
            "pylos" => {
                type $G = ::pylos::State;
                $body.map(AnyGame::Pylos)
            }
            "architekton" => {
                type $G = ::architekton::State;
                $body.map(AnyGame::Architekton)
            }
            "crescendo" => {
                type $G = ::crescendo::State;
                $body.map(AnyGame::Crescendo)
            }
            other => Err(WebError::bad_option(format!(
                "unknown game {other:?} (games: {})",
                GAMES.join(", ")
            ))),
        }
    };
}

impl AnyGame {
    /// The start of game `name` with `options`.
    ///
    /// # Errors
    /// `badOption` for an unknown game or a bad option.
    pub fn start(name: &str, options: &Options) -> Result<AnyGame, WebError> {
        by_name!(name, |G| Session::<G>::start(options))
    }

    /// Game `name` after `record` from the start.
    ///
    /// # Errors
    /// See [`Session::from_record`].
    pub fn from_record(name: &str, options: &Options, record: &str) -> Result<AnyGame, WebError> {
        by_name!(name, |G| Session::<G>::from_record(options, record))
    }

    /// Game `name` at the position `text`.
    ///
    /// # Errors
    /// See [`Session::from_text`].
    pub fn from_text(name: &str, text: &str) -> Result<AnyGame, WebError> {
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
    pub fn play(&self, text: &str) -> Result<AnyGame, WebError> {
        match self {
            AnyGame::Pyrga(session) => session.play(text).map(AnyGame::Pyrga),
            AnyGame::Pylos(session) => session.play(text).map(AnyGame::Pylos),
            AnyGame::Architekton(session) => session.play(text).map(AnyGame::Architekton),
            AnyGame::Crescendo(session) => session.play(text).map(AnyGame::Crescendo),
        }
    }

    /// See [`Session::status`].
    pub fn status(&self) -> String {
        dispatch!(self, session => session.status())
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
    pub fn choices(&self, steps: &[String]) -> Result<Choices, WebError> {
        dispatch!(self, session => session.choices(steps))
    }

    /// See [`Session::bot_move`].
    ///
    /// # Errors
    /// See [`Session::bot_move`].
    pub fn bot_move(
        &self,
        name: Option<&str>,
        request: BotRequest,
        clock: &dyn Fn() -> f64,
    ) -> Result<String, WebError> {
        dispatch!(self, session => session.bot_move(name, request, clock))
    }

    /// The Pyrga position, or `badOption` naming `call` for the other games, which have
    /// no solver in the browser.
    fn pyrga_state(&self, call: &str) -> Result<&::pyrga::State, WebError> {
        match self {
            AnyGame::Pyrga(session) => Ok(session.state()),
            other => Err(WebError::bad_option(format!(
                "{call} solves pyrga only, not {}",
                other.name()
            ))),
        }
    }

    /// The exact value of the position for the player to move (Pyrga only).
    ///
    /// # Errors
    /// `badOption` for another game, `gameOver` after the end, `outOfBudget` when the
    /// budget runs out first.
    pub fn solve(&self, request: SolveRequest) -> Result<PositionValue, WebError> {
        solver::solve_position(self.pyrga_state("solve")?, request)
    }

    /// Every legal move with its exact value for the mover, best first (Pyrga only).
    ///
    /// # Errors
    /// `badOption` for another game, `gameOver` after the end, `outOfBudget` when the
    /// budget runs out first.
    pub fn move_values(&self, request: SolveRequest) -> Result<Vec<MoveValue>, WebError> {
        solver::move_values(self.pyrga_state("moveValues")?, request)
    }
}

/// The name of the game of `session`.
fn name_of<G: WebGame>(_session: &Session<G>) -> &'static str {
    G::NAME
}
