//! A [`Session`]: a position of one game, where the session began (the options, or a
//! position text) and the moves that led from there to it.

use std::sync::Arc;

use crate::bot::BotRequest;
use crate::error::{Error, ErrorKind};
use crate::file::GameFile;
use crate::games::{NamedGame, bot_of, config_of};
use crate::input::{self, Choices, Step};
use crate::options::Options;
use crate::view::View;

/// One move of a record, linked to the moves before it, so that a session after a move
/// shares its record with the session before: playing costs one link, not a copy.
#[derive(Debug)]
struct Link<M> {
    mv: M,
    before: Option<Arc<Link<M>>>,
}

impl<M> Drop for Link<M> {
    /// Unlinks the moves before one by one, so that dropping a record of a hundred
    /// thousand moves does not recurse as deep.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(link) = next {
            match Arc::try_unwrap(link) {
                Ok(mut alone) => next = alone.before.take(),
                Err(_) => break,
            }
        }
    }
}

/// Where a session began.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Origin {
    /// At the start, with these options.
    Start(Options),
    /// At a position given as text.
    Position(String),
}

/// A position of game `G`, where the session began, the moves that led to it from there,
/// and the position before the last of them.
#[derive(Debug)]
pub struct Session<G: NamedGame> {
    state: G,
    origin: Arc<Origin>,
    last: Option<Arc<Link<G::Move>>>,
    previous: Option<G>,
}

impl<G: NamedGame> Clone for Session<G> {
    fn clone(&self) -> Self {
        Session {
            state: self.state.clone(),
            origin: Arc::clone(&self.origin),
            last: self.last.clone(),
            previous: self.previous.clone(),
        }
    }
}

impl<G: NamedGame> Session<G> {
    /// The start position with `options`.
    ///
    /// # Errors
    /// `badOption` for an option of another game or a value this game does not know.
    pub fn start(options: &Options) -> Result<Session<G>, Error> {
        Ok(Session {
            state: G::new(config_of::<G>(options)?),
            origin: Arc::new(Origin::Start(options.clone())),
            last: None,
            previous: None,
        })
    }

    /// The position after `record` (moves in notation separated by spaces) from the start.
    ///
    /// # Errors
    /// The errors of [`Session::start`]; then `parse`, `illegal` or `gameOver` for the first
    /// move that cannot be read or played, with the message `ply N, move M: reason`.
    pub fn from_record(options: &Options, record: &str) -> Result<Session<G>, Error> {
        Session::<G>::start(options)?.replay(record)
    }

    /// The position that `text` (the position text form) describes, with an empty record.
    ///
    /// # Errors
    /// `parse` for a text that does not read, `invalidPosition` for one that reads but
    /// describes no valid position.
    pub fn from_text(text: &str) -> Result<Session<G>, Error> {
        let state = text
            .trim()
            .parse::<G>()
            .map_err(|error| Error::from_position(&error))?;
        Ok(Session {
            origin: Arc::new(Origin::Position(state.to_string())),
            state,
            last: None,
            previous: None,
        })
    }

    /// The session a game file describes: its options or position, then its moves.
    ///
    /// # Errors
    /// As [`Session::start`] or [`Session::from_text`], then as [`Session::from_record`].
    pub fn from_file(file: &GameFile) -> Result<Session<G>, Error> {
        let begin = match &file.position {
            Some(text) => Session::<G>::from_text(text)?,
            None => Session::<G>::start(&file.options)?,
        };
        begin.replay(&file.moves)
    }

    /// This session after the moves of `record`.
    fn replay(self, record: &str) -> Result<Session<G>, Error> {
        let moves = self.state.parse_record(record).map_err(|mut error| {
            error.text = crate::echo(&error.text);
            Error::from_record(&error)
        })?;
        moves.into_iter().try_fold(self, |session, mv| {
            session.after(mv).map_err(|error| Error::from_move(&error))
        })
    }

    /// The position.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The session after `mv`.
    ///
    /// # Errors
    /// The rules' refusal of `mv`.
    pub fn after(&self, mv: G::Move) -> Result<Session<G>, boardcore::MoveError<G::Reason>> {
        let state = self.state.apply(mv)?;
        Ok(Session {
            state,
            origin: Arc::clone(&self.origin),
            last: Some(Arc::new(Link {
                mv,
                before: self.last.clone(),
            })),
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
    pub fn play(&self, text: &str) -> Result<Session<G>, Error> {
        if self.state.status().is_finished() {
            return Err(Error::game_over());
        }
        let mv = self
            .state
            .parse_move(text)
            .map_err(|error| Error::new(ErrorKind::Parse, error.to_string()))?;
        self.after(mv).map_err(|error| Error::from_move(&error))
    }

    /// The `towers status` line.
    pub fn status(&self) -> String {
        self.state.status().to_string()
    }

    /// The result in words once the game is over (`Black wins: controls 3 towers`).
    pub fn result(&self) -> Option<String> {
        self.state
            .status()
            .outcome()
            .map(|outcome| self.state.result(outcome))
    }

    /// The chance outcomes in notation with their weights (empty unless chance decides).
    pub fn chance_outcomes(&self) -> Vec<(String, u32)> {
        self.state
            .chance_outcomes()
            .iter()
            .map(|weighted| (weighted.outcome.to_string(), weighted.weight))
            .collect()
    }

    /// The moves played in this session, first to last.
    pub fn moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        let mut link = self.last.as_deref();
        while let Some(current) = link {
            moves.push(current.mv);
            link = current.before.as_deref();
        }
        moves.reverse();
        moves
    }

    /// The moves played in this session, as a record.
    pub fn record(&self) -> String {
        boardcore::format_record(&self.moves())
    }

    /// The options the session began with (none for a session begun at a position text,
    /// whose text holds its options).
    pub fn options(&self) -> Options {
        match &*self.origin {
            Origin::Start(options) => options.clone(),
            Origin::Position(_) => Options::default(),
        }
    }

    /// The whole game as a file: the game's name, its options or starting position, and
    /// the record, so that [`Session::from_file`] gives it back.
    pub fn file(&self) -> GameFile {
        let (options, position) = match &*self.origin {
            Origin::Start(options) => (options.clone(), None),
            Origin::Position(text) => (Options::default(), Some(text.clone())),
        };
        GameFile {
            game: Some(G::NAME.to_owned()),
            options,
            position,
            players: Vec::new(),
            moves: self.record(),
        }
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
        self.state.perft(depth)
    }

    /// The view of the position.
    pub fn view(&self) -> View<G::Board, G::Seat> {
        let last = self.last.as_deref().map(|link| link.mv);
        let effects = match (&self.previous, last) {
            (Some(before), Some(mv)) => G::effects(before, mv, &self.state),
            _ => Vec::new(),
        };
        View::new(
            G::NAME,
            &self.state.status(),
            self.result(),
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
    pub fn choices(&self, steps: &[String]) -> Result<Choices, Error> {
        if self.state.status().is_finished() {
            return Err(Error::game_over());
        }
        let moves: Vec<(String, Vec<Vec<Step>>)> = self
            .state
            .legal_moves()
            .iter()
            .map(|&mv| (mv.to_string(), self.state.steps(mv)))
            .collect();
        input::choices(steps, &moves)
    }

    /// A bot's move in notation (or a chance outcome when chance decides). `clock` reads
    /// the time in milliseconds from any fixed origin (as JavaScript's `performance.now()`
    /// does); the request's `time_ms` is spent on that clock.
    ///
    /// # Errors
    /// `badOption` for a bot the game does not have, `gameOver` after the end.
    pub fn bot_move(
        &self,
        name: Option<&str>,
        request: BotRequest,
        clock: &dyn Fn() -> f64,
    ) -> Result<String, Error> {
        bot_of::<G>(name, request.level)?
            .choose(&self.state, request, clock)
            .map(|mv| mv.to_string())
    }
}
