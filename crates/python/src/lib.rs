//! # towers-python
//!
//! The tower-building games in Python: the extension module `towers_games._native`, built
//! by maturin into one abi3 wheel (Python 3.9 and later). It reads the games through the
//! [`catalog`] crate, as the JavaScript package does, and adds what learning agents need:
//! a fixed action space per game ([`actions`]) and observation tensors ([`observation`]).
//! The Python package around it (`towers_games`, with its OpenSpiel and PettingZoo
//! adapters) is in `python/`; `docs/python.md` describes the API.

pub mod actions;
pub mod observation;
mod tablebase;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use catalog::boardcore::{Actor, Outcome, Status};
use catalog::bots::Level;
use catalog::{AnyGame, BotRequest, ErrorKind, GameFile, GameInfo, Options, SolveRequest};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};

use crate::actions::ActionSpace;
use crate::tablebase::PylosTablebase;

create_exception!(
    towers_games,
    TowersError,
    PyException,
    "The base of every error of towers_games; `kind` names the kind as JavaScript does."
);
create_exception!(
    towers_games,
    ParseError,
    TowersError,
    "A move, record, position text or game file that does not read (kind `parse`)."
);
create_exception!(
    towers_games,
    IllegalMoveError,
    TowersError,
    "A move the rules forbid here (kind `illegal`)."
);
create_exception!(
    towers_games,
    GameOverError,
    TowersError,
    "A move or bot move asked for after the end of the game (kind `gameOver`)."
);
create_exception!(
    towers_games,
    InvalidPositionError,
    TowersError,
    "A position text that reads but is not a valid position (kind `invalidPosition`)."
);
create_exception!(
    towers_games,
    BadOptionError,
    TowersError,
    "An unknown game, option, value, bot, level or action; a solve of a game without a \
     solver (kind `badOption`)."
);
create_exception!(
    towers_games,
    OutOfBudgetError,
    TowersError,
    "The solver's time or node budget ran out before it found the value (kind \
     `outOfBudget`)."
);

create_exception!(
    towers_games,
    NoDatabaseError,
    TowersError,
    "No solution given covers the position, and it is too early to solve directly (kind \
     `noDatabase`)."
);
create_exception!(
    towers_games,
    NetworkError,
    TowersError,
    "A solution file on a web host that cannot be read: missing, unreachable, too slow, or a \
     host that does not answer range requests (kind `network`)."
);
create_exception!(
    towers_games,
    BadFileError,
    TowersError,
    "A solution file that cannot be used: not one, damaged, cut short or unreadable (kind \
     `badFile`)."
);

/// The Python exception of a catalog error.
fn py_error(error: catalog::Error) -> PyErr {
    let message = error.message;
    match error.kind {
        ErrorKind::Parse => ParseError::new_err(message),
        ErrorKind::Illegal => IllegalMoveError::new_err(message),
        ErrorKind::GameOver => GameOverError::new_err(message),
        ErrorKind::InvalidPosition => InvalidPositionError::new_err(message),
        ErrorKind::BadOption => BadOptionError::new_err(message),
        ErrorKind::OutOfBudget => OutOfBudgetError::new_err(message),
        ErrorKind::NoDatabase => NoDatabaseError::new_err(message),
        ErrorKind::BadFile => BadFileError::new_err(message),
    }
}

/// A `BadOptionError` saying `message`.
fn bad_option(message: impl Into<String>) -> PyErr {
    BadOptionError::new_err(message.into())
}

/// The options given as keyword arguments: text, or whole numbers written as text.
fn read_options(options: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut pairs = Vec::new();
    for (key, value) in options.into_iter().flat_map(PyDictMethods::iter) {
        let key: String = key.extract()?;
        let text = if value.is_instance_of::<PyString>() {
            value.extract::<String>()?
        } else if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
            let number = value.extract::<i64>().map_err(|_| {
                bad_option(format!(
                    "option {key}: {} is too large for any option",
                    value
                        .str()
                        .map_or_else(|_| "the number".into(), |text| text.to_string())
                ))
            })?;
            number.to_string()
        } else {
            return Err(bad_option(format!(
                "option {key}: expected text or a whole number, not {}",
                value.get_type().name()?
            )));
        };
        pairs.push((key, text));
    }
    Ok(Options::new(pairs))
}

/// `value` as plain Python data: dicts, lists, str, int, float, bool and None.
fn to_python<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(flag) => PyBool::new(py, *flag).to_owned().into_any(),
        Value::Number(number) => match (number.as_i64(), number.as_u64()) {
            (Some(whole), _) => whole.into_pyobject(py)?.into_any(),
            (None, Some(whole)) => whole.into_pyobject(py)?.into_any(),
            (None, None) => number
                .as_f64()
                .unwrap_or(f64::NAN)
                .into_pyobject(py)?
                .into_any(),
        },
        Value::String(text) => PyString::new(py, text).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(entries) => {
            let dict = PyDict::new(py);
            for (key, item) in entries {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// `value` serialized, as plain Python data.
fn serialized<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value)
        .map_err(|error| bad_option(format!("cannot serialize: {error}")))?;
    to_python(py, &json)
}

/// A position of one of the games, with where it began and its record. Immutable: `play`
/// returns a new game.
///
/// `Game(name, **options)` is the start of game `name` (`pyrga`, `pylos`, `architekton`
/// or `crescendo`, in any case) with its options (`rules="classic"`, `players=3`, …; see
/// `game_info`).
#[pyclass(frozen, module = "towers_games", name = "Game")]
struct Game {
    game: AnyGame,
    space: &'static ActionSpace,
}

impl Game {
    /// `game` with its action space.
    fn wrap(game: AnyGame) -> PyResult<Game> {
        let space = ActionSpace::of(game.name())
            .ok_or_else(|| bad_option(format!("{} has no action space", game.name())))?;
        Ok(Game { game, space })
    }

    /// What makes two games equal: their game file (the game, its options or starting
    /// position, and the record).
    fn identity(&self) -> String {
        self.game.file().to_string()
    }

    /// The moves of a position as actions, in the order of the legal moves.
    fn actions(&self) -> Vec<u32> {
        self.game
            .legal_moves()
            .iter()
            .filter_map(|text| self.space.action(text))
            .collect()
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, **options))]
    fn new(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        let game = AnyGame::start(name, &read_options(options)?).map_err(py_error)?;
        Game::wrap(game)
    }

    /// Game `name` after `record` (moves in notation separated by spaces) from the start
    /// with `options`.
    #[staticmethod]
    #[pyo3(signature = (name, record, **options))]
    fn from_record(
        name: &str,
        record: &str,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Game> {
        let options = read_options(options)?;
        let game = AnyGame::from_record(name, &options, record).map_err(py_error)?;
        Game::wrap(game)
    }

    /// Game `name` at the position `text` (the position text form), with an empty record.
    #[staticmethod]
    fn from_text(name: &str, text: &str) -> PyResult<Game> {
        let game = AnyGame::from_text(name, text).map_err(py_error)?;
        Game::wrap(game)
    }

    /// The game a game file holds (`[game "pyrga"]`, options or `[position "…"]`, then the
    /// moves), as `to_file` writes it.
    #[staticmethod]
    fn from_file(text: &str) -> PyResult<Game> {
        let file = GameFile::parse(text).map_err(py_error)?;
        let game = AnyGame::from_file(&file, None).map_err(py_error)?;
        Game::wrap(game)
    }

    /// The game's name: `pyrga`, `pylos`, `architekton` or `crescendo`.
    #[getter]
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The legal moves in notation, sorted as `towers moves` sorts them (the chance
    /// outcomes when chance decides; none after the end).
    fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }

    /// The game after the move written `notation`; this game is unchanged.
    #[pyo3(signature = (notation, /))]
    fn play(&self, notation: &str) -> PyResult<Game> {
        let game = self.game.play(notation).map_err(py_error)?;
        Game::wrap(game)
    }

    /// The `towers status` line: `ongoing 0`, `ongoing chance`, `winner 1`, `draw`,
    /// `ranking 2 0 1 3`.
    fn status(&self) -> String {
        self.game.status()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.game.result().is_some()
    }

    /// The seat to move, or None when chance decides or the game is over.
    fn to_move(&self) -> Option<usize> {
        match self.game.game_status() {
            Status::Ongoing(Actor::Player(player)) => Some(player.index()),
            _ => None,
        }
    }

    /// Whether chance decides the next move.
    fn is_chance(&self) -> bool {
        self.game.game_status() == Status::Ongoing(Actor::Chance)
    }

    /// The number of seats in this game (2, or 2 to 4 in Crescendo).
    fn num_players(&self) -> usize {
        self.game.seats()
    }

    /// Each seat's score once the game is over: +1 for the winner and -1 for the others,
    /// 0 each for a draw; in a ranking, +1 for the first down to -1 for the last, evenly
    /// spaced. All 0 while the game goes on.
    fn returns(&self) -> Vec<f64> {
        let mut returns = vec![0.0; self.game.seats()];
        match self.game.game_status() {
            Status::Ongoing(_) | Status::Finished(Outcome::Draw) => {}
            Status::Finished(Outcome::Winner(winner)) => {
                for (seat, value) in returns.iter_mut().enumerate() {
                    *value = if seat == winner.index() { 1.0 } else { -1.0 };
                }
            }
            Status::Finished(Outcome::Ranking(ranking)) => {
                let last = (ranking.players().len().max(2) - 1) as f64;
                for (place, player) in ranking.players().iter().enumerate() {
                    if let Some(value) = returns.get_mut(player.index()) {
                        *value = 1.0 - 2.0 * place as f64 / last;
                    }
                }
            }
        }
        returns
    }

    /// The result in words once the game is over (`Black wins: controls 3 towers`), else
    /// None.
    fn result(&self) -> Option<String> {
        self.game.result()
    }

    /// The moves played since the game began, in notation separated by spaces.
    fn record(&self) -> String {
        self.game.record()
    }

    /// The position text form.
    fn to_text(&self) -> String {
        self.game.text()
    }

    /// The whole game as a game file (its name, options or starting position, who played
    /// each seat when `players` names them, as `[player1 "you"]`, and the record), which
    /// `Game.from_file` reads back.
    ///
    /// Raises `BadOptionError` when `players` names more seats than the game has.
    #[pyo3(signature = (players = None))]
    fn to_file(&self, players: Option<Vec<String>>) -> PyResult<String> {
        let mut file = self.game.file();
        if let Some(players) = players {
            let seats = self.game.seats();
            if players.len() > seats {
                return Err(bad_option(format!(
                    "players: at most {seats} names, one per seat of {} (got {})",
                    self.game.name(),
                    players.len()
                )));
            }
            file.players = players;
        }
        Ok(file.to_string())
    }

    /// The position key, in decimal.
    fn key(&self) -> String {
        self.game.key()
    }

    /// The number of move sequences of `depth` moves from here.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let game = &self.game;
        py.detach(|| game.perft(depth))
    }

    /// The view of the position as plain data (dicts and lists): the game, status, result,
    /// last move and its effects, each seat, and the board, as JavaScript's `view()`.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = self
            .game
            .view(serde_json::value::Serializer)
            .map_err(|error| bad_option(format!("cannot serialize the view: {error}")))?;
        to_python(py, &json)
    }

    /// The choices after the input steps `steps` (as JavaScript's `choices`): the next
    /// steps, the move they complete if any, and every move they begin.
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 extracts a list argument as an owned vector"
    )]
    fn choices<'py>(&self, py: Python<'py>, steps: Vec<String>) -> PyResult<Bound<'py, PyAny>> {
        let choices = self.game.choices(&steps).map_err(py_error)?;
        serialized(py, &choices)
    }

    /// When chance decides: each outcome in notation with its weight (the probability is
    /// the weight over their sum). Empty otherwise.
    fn chance_outcomes(&self) -> Vec<(String, u32)> {
        self.game.chance_outcomes()
    }

    /// What the game is: its name, options, bots, seats and rules.
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.game.info())
    }

    /// The number of actions of this game's fixed action space (the same for every option
    /// set).
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.space.len()
    }

    /// The legal moves as actions, ascending.
    fn legal_actions(&self) -> Vec<u32> {
        let mut actions = self.actions();
        actions.sort_unstable();
        actions
    }

    /// A vector of `num_distinct_actions` with 1 for each legal action and 0 elsewhere
    /// (NumPy, int8).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0_i8; self.space.len()];
        for action in self.actions() {
            mask[action as usize] = 1;
        }
        PyArray1::from_vec(py, mask)
    }

    /// The move of `action` in notation (legal here or not).
    fn action_to_move(&self, action: i64) -> PyResult<String> {
        u32::try_from(action)
            .ok()
            .and_then(|action| self.space.move_text(action))
            .map(str::to_owned)
            .ok_or_else(|| {
                bad_option(format!(
                    "action {action} is not one of the {} actions of {}",
                    self.space.len(),
                    self.game.name()
                ))
            })
    }

    /// The action of the move written `notation` (in any notation the game reads).
    #[pyo3(signature = (notation, /))]
    fn move_to_action(&self, notation: &str) -> PyResult<u32> {
        let text = self.game.canonical_move(notation).map_err(py_error)?;
        self.space.action(&text).ok_or_else(|| {
            bad_option(format!(
                "the move {} lies outside the action space of {}",
                catalog::echo(&text),
                self.game.name()
            ))
        })
    }

    /// The game after the move of `action`.
    fn play_action(&self, action: i64) -> PyResult<Game> {
        let text = self.action_to_move(action)?;
        self.play(&text)
    }

    /// The shape of the observation tensor (see `docs/python.md`), or None for a game
    /// without one.
    #[getter]
    fn observation_shape(&self) -> Option<Vec<usize>> {
        observation::shape(self.game.name())
    }

    /// The observation tensor of the position (NumPy, float32, of `observation_shape`).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let (Some(shape), Some(planes)) = (
            observation::shape(self.game.name()),
            observation::observe(&self.game),
        ) else {
            return Err(bad_option(format!(
                "{} has no observation tensor",
                self.game.name()
            )));
        };
        PyArray1::from_vec(py, planes).reshape(shape)
    }

    /// The game itself: it is immutable.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// The game itself: it is immutable.
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// Pickles as its game file.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_file = py.get_type::<Game>().getattr("from_file")?;
        Ok((from_file, (self.game.file().to_string(),)))
    }

    /// Equal when the game files are: the same game, options or starting position, and
    /// record.
    fn __eq__(&self, other: &Bound<'_, Self>) -> bool {
        self.identity() == other.get().identity()
    }

    /// The hash of the game file, so that equal games hash alike.
    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.identity().hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        format!("Game.from_file({:?})", self.identity())
    }

    fn __str__(&self) -> String {
        self.game.text()
    }
}

/// The request of a bot move, checked: `badOption` for a level outside 1 to 5, a seed
/// outside 0 to 2^64 - 1 or a time that is not a positive number.
fn bot_request(level: i64, seed: i128, time_ms: Option<f64>) -> PyResult<BotRequest> {
    let level = u8::try_from(level)
        .ok()
        .and_then(Level::new)
        .ok_or_else(|| bad_option("level must be 1 to 5"))?;
    let seed = u64::try_from(seed)
        .map_err(|_| bad_option("seed must be a whole number from 0 to 2^64 - 1"))?;
    if time_ms.is_some_and(|time| !(time.is_finite() && time > 0.0)) {
        return Err(bad_option(
            "time_ms must be a positive number of milliseconds",
        ));
    }
    Ok(BotRequest {
        level,
        seed,
        time_ms,
    })
}

/// The move of bot `bot` (the game's default when None) at `level` (1 to 5) with `seed`,
/// within `time_ms` milliseconds if given; a chance outcome drawn by weight with `seed`
/// when chance decides.
#[pyfunction]
#[pyo3(signature = (game, bot=None, level=3, seed=0, time_ms=None))]
fn bot_move(
    py: Python<'_>,
    game: &Game,
    bot: Option<&str>,
    level: i64,
    seed: i128,
    time_ms: Option<f64>,
) -> PyResult<String> {
    let request = bot_request(level, seed, time_ms)?;
    let game = game.game.clone();
    let bot = bot.map(str::to_owned);
    interruptible(py, move || {
        install_databases();
        let started = Instant::now();
        let clock = move || started.elapsed().as_secs_f64() * 1000.0;
        game.bot_move(bot.as_deref(), request, &clock)
    })?
    .map_err(py_error)
}

/// The answer of `work`, run on a worker thread without the GIL while this thread checks
/// for signals every 50 ms, so that Ctrl-C (`KeyboardInterrupt`) stops the wait at once;
/// the abandoned work then runs out its own budget on its thread, its answer unread.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (sender, mut receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("towers-games-worker".into())
        .spawn(move || {
            // The receiver is gone when the caller was interrupted: nobody wants the answer.
            sender.send(work()).ok();
        })
        .map_err(|error| PyRuntimeError::new_err(format!("cannot start a thread: {error}")))?;
    loop {
        let (back, answer) = py.detach(move || {
            let answer = receiver.recv_timeout(Duration::from_millis(50));
            (receiver, answer)
        });
        receiver = back;
        match answer {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the worker thread stopped without an answer",
                ));
            }
        }
    }
}

/// Gives the catalog, once, the Pylos database named by the environment variable
/// `TOWERS_PYLOS_DB`, which the perfect bot and the solver read; a file that cannot be
/// opened is reported on standard error and left out.
fn install_databases() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let Some(path) = std::env::var_os("TOWERS_PYLOS_DB") else {
            return;
        };
        match catalog::solve::PylosDatabase::open(std::path::Path::new(&path)) {
            Ok(database) => {
                catalog::Databases::default()
                    .with_pylos(std::sync::Arc::new(database))
                    .install();
            }
            Err(error) => eprintln!("TOWERS_PYLOS_DB: {error}"),
        }
    });
}

/// The budget of a solve, checked.
fn solve_request(time_ms: Option<f64>, nodes: Option<u64>) -> PyResult<SolveRequest> {
    if time_ms.is_some_and(|time| !(time.is_finite() && time > 0.0)) {
        return Err(bad_option(
            "time_ms must be a positive number of milliseconds",
        ));
    }
    Ok(SolveRequest { time_ms, nodes })
}

/// The exact value of a Pyrga position for the player to move, within `time_ms`
/// (default 5000) and `nodes` if given: `{"verdict": "win"|"draw"|"loss", "plies": n,
/// "text": "White wins in 17"}`. With `tablebase` (a `PylosTablebase`): a Pylos position's
/// value read from that file.
#[pyfunction]
#[pyo3(signature = (game, time_ms=None, nodes=None, tablebase=None))]
fn solve<'py>(
    py: Python<'py>,
    game: &Game,
    time_ms: Option<f64>,
    nodes: Option<u64>,
    tablebase: Option<&PylosTablebase>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(tablebase) = tablebase {
        return serialized(py, &tablebase.analyse(py, game)?.value);
    }
    let request = solve_request(time_ms, nodes)?;
    let inner = game.game.clone();
    let value = interruptible(py, move || {
        install_databases();
        inner.solve(request)
    })?
    .map_err(py_error)?;
    serialized(py, &value)
}

/// Every legal move of a Pyrga position with its exact value for the mover, best first:
/// `[{"move": "Sd4", "verdict": "win", "plies": 12, "text": "win in 12"}, …]`. With
/// `tablebase` (a `PylosTablebase`): a Pylos position's moves read from that file.
#[pyfunction]
#[pyo3(signature = (game, time_ms=None, nodes=None, tablebase=None))]
fn move_values<'py>(
    py: Python<'py>,
    game: &Game,
    time_ms: Option<f64>,
    nodes: Option<u64>,
    tablebase: Option<&PylosTablebase>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(tablebase) = tablebase {
        return serialized(py, &tablebase.analyse(py, game)?.moves);
    }
    let request = solve_request(time_ms, nodes)?;
    let inner = game.game.clone();
    let values = interruptible(py, move || {
        install_databases();
        inner.move_values(request)
    })?
    .map_err(py_error)?;
    serialized(py, &values)
}

/// What game `name` is: `{"name", "options": [{"key", "values", "default", "help"}],
/// "bots", "seats", "rules", "maxPlies", "longestGame"}`.
#[pyfunction]
fn game_info<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    serialized(py, &GameInfo::named(name).map_err(py_error)?)
}

/// The names of the games.
#[pyfunction]
fn games() -> Vec<&'static str> {
    catalog::GAMES.to_vec()
}

/// The native part of `towers_games`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_class::<Game>()?;
    module.add_class::<PylosTablebase>()?;
    for function in [
        wrap_pyfunction!(bot_move, module)?,
        wrap_pyfunction!(solve, module)?,
        wrap_pyfunction!(move_values, module)?,
        wrap_pyfunction!(game_info, module)?,
        wrap_pyfunction!(games, module)?,
    ] {
        module.add_function(function)?;
    }
    module.add("TowersError", py.get_type::<TowersError>())?;
    let kinds = [
        (py.get_type::<ParseError>(), ErrorKind::Parse),
        (py.get_type::<IllegalMoveError>(), ErrorKind::Illegal),
        (py.get_type::<GameOverError>(), ErrorKind::GameOver),
        (
            py.get_type::<InvalidPositionError>(),
            ErrorKind::InvalidPosition,
        ),
        (py.get_type::<BadOptionError>(), ErrorKind::BadOption),
        (py.get_type::<OutOfBudgetError>(), ErrorKind::OutOfBudget),
        (py.get_type::<NoDatabaseError>(), ErrorKind::NoDatabase),
        (py.get_type::<BadFileError>(), ErrorKind::BadFile),
    ];
    for (class, kind) in kinds {
        class.setattr("kind", kind.as_str())?;
        module.add(class.name()?, class)?;
    }
    // Only the Python package reads web hosts itself: the catalog has no such kind.
    let network = py.get_type::<NetworkError>();
    network.setattr("kind", "network")?;
    module.add(network.name()?, network)?;
    Ok(())
}
