//! Perfect play: the exact value of a position and of each of its legal moves.
//!
//! Pyrga: from the opening book of the `solve` crate where it holds the position (or the
//! positions after its moves: then a move's value needs no search) and from the whole
//! solves of the start and of the position after `Sa1` shipped with it, else from its
//! solver, within a time (and optionally a node) budget. The solver reads the clock itself
//! (`performance.now()` in WebAssembly), so a value that is found is exact whatever the
//! machine's speed; only whether it is found in time varies. Successive calls on one
//! thread share the solver's table, so that the moves of a position just solved (or the
//! position after a move just analysed) come at once.
//!
//! Pylos (feature `database`): from a solved database where it covers the position, else
//! by solving every position reachable from it when there are few enough.

use std::cell::RefCell;
use std::time::Duration;

use boardcore::{Game, Status};
use pyrga::State;
use serde::Serialize;
use solve::{Limits, PyrgaBook, PyrgaSolver, SolveError, Value, Verdict};

use crate::databases::Databases;
use crate::error::{Error, ErrorKind};

/// The solver's table in the browser: 2^20 buckets of 32 bytes (32 MiB), ample for the
/// positions a browser solves within seconds.
pub(crate) const TABLE_BITS: u32 = 20;

thread_local! {
    /// The solver of this thread, kept between calls for its table.
    static SOLVER: RefCell<Option<PyrgaSolver>> = const { RefCell::new(None) };
}

/// The time budget of `solve` and `moveValues` when none is given, in milliseconds.
pub const DEFAULT_SOLVE_MS: f64 = 5_000.0;

/// The budget of one `solve` or `moveValues` call.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct SolveRequest {
    /// At most this many milliseconds ([`DEFAULT_SOLVE_MS`] when `None`).
    pub time_ms: Option<f64>,
    /// At most this many nodes of the search, if given.
    pub nodes: Option<u64>,
}

impl SolveRequest {
    /// The time budget in milliseconds.
    pub fn time(self) -> f64 {
        self.time_ms.unwrap_or(DEFAULT_SOLVE_MS)
    }

    /// The solver's limits.
    fn limits(self) -> Limits {
        Limits {
            nodes: self.nodes,
            // A budget beyond what a `Duration` holds is no limit in practice.
            time: Some(
                Duration::try_from_secs_f64(self.time().max(0.0) / 1000.0).unwrap_or(Duration::MAX),
            ),
        }
    }

    /// The `outOfBudget` error for a search stopped after `nodes` nodes.
    fn out_of_budget(self, nodes: u64) -> Error {
        let budget = match self.nodes {
            Some(limit) => format!("{} ms or {limit} nodes", self.time()),
            None => format!("{} ms", self.time()),
        };
        Error::new(
            ErrorKind::OutOfBudget,
            format!("the solver ran out of its budget ({budget}) after {nodes} nodes"),
        )
    }

    /// `search` run by this thread's solver within this budget.
    fn run<T>(
        self,
        search: impl FnOnce(&mut PyrgaSolver) -> Result<T, SolveError>,
    ) -> Result<T, Error> {
        let cached =
            SOLVER.with(|cell| cell.try_borrow_mut().ok().and_then(|mut slot| slot.take()));
        let mut solver = cached
            .unwrap_or_else(|| PyrgaSolver::new(TABLE_BITS))
            .with_limits(self.limits());
        let before = solver.nodes();
        let result =
            search(&mut solver).map_err(|error| self.failure(&error, solver.nodes() - before));
        SOLVER.with(|cell| {
            if let Ok(mut slot) = cell.try_borrow_mut() {
                *slot = Some(solver);
            }
        });
        result
    }

    /// The error of a solve that did not finish after searching `nodes` nodes.
    fn failure(self, error: &SolveError, nodes: u64) -> Error {
        match error {
            SolveError::OutOfBudget { .. } => self.out_of_budget(nodes),
            other => Error::new(ErrorKind::Illegal, format!("the solver failed: {other}")),
        }
    }
}

/// Where the values of an analysis came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ValueSource {
    /// A solved database (Pylos).
    Database,
    /// A direct solve of every position reachable (late Pylos positions).
    Direct,
    /// The game's solver (Pyrga: its shipped book and solves, else a search).
    Solver,
    /// Nothing to solve: the game is over ([`crate::AnyGame::analyse`] refuses such a
    /// position; a front-end reporting the end names it so).
    Over,
}

/// The exact values of a position and of its moves, and where they came from.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PerfectValues {
    /// The value for the player to move.
    pub value: PositionValue,
    /// Every legal move with its value for the mover, best first.
    pub moves: Vec<MoveValue>,
    /// Where the values came from.
    pub source: ValueSource,
}

/// Why [`crate::AnyGame::analyse`] found no values.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The game has no solver.
    #[error("no solver for {game}: only {solved} have one")]
    NoSolver {
        /// The game asked for.
        game: &'static str,
        /// The games with a solver, in words: `pyrga and pylos`.
        solved: String,
    },
    /// No database given covers the position and too many positions are reachable from
    /// it to solve it directly (`error`, of kind `outOfBudget`, says how many).
    #[error("no database of {config} covers this position, and {error}")]
    NoDatabase {
        /// The rule set of the position, as a database header names it.
        config: String,
        /// The refusal of the direct solve.
        error: Error,
    },
    /// Any other refusal: the game is over, the budget ran out, the solver failed.
    #[error(transparent)]
    Refused(#[from] Error),
}

impl From<AnalysisError> for Error {
    /// The catalog error of `error`: `badOption` for a game without a solver, the direct
    /// solve's refusal when no database covers the position.
    fn from(error: AnalysisError) -> Error {
        match error {
            AnalysisError::NoSolver { .. } => Error::bad_option(error.to_string()),
            AnalysisError::NoDatabase { error, .. } | AnalysisError::Refused(error) => error,
        }
    }
}

/// Perfect play in game `G`, as [`crate::NamedGame::perfect_play`] offers it: the exact
/// value of a position and of each of its legal moves.
pub trait PerfectPlay<G>: Sync {
    /// The exact value of `state` for the player to move, within `request`'s budget, with
    /// the databases installed ([`crate::Databases::installed`]).
    ///
    /// # Errors
    /// `gameOver` when the game is over, `outOfBudget` when the budget runs out first.
    fn value(&self, state: &G, request: SolveRequest) -> Result<PositionValue, Error>;

    /// Every legal move of `state` with its exact value for the player making it, best
    /// first, within `request`'s budget, with the databases installed.
    ///
    /// # Errors
    /// As [`PerfectPlay::value`].
    fn move_values(&self, state: &G, request: SolveRequest) -> Result<Vec<MoveValue>, Error>;

    /// The value of `state` and of each of its moves, and where they came from, within
    /// `request`'s budget, reading `databases`.
    ///
    /// # Errors
    /// [`AnalysisError::NoDatabase`] when no database covers the position and it is too
    /// early to solve directly; else as [`PerfectPlay::value`].
    fn analyse(
        &self,
        state: &G,
        request: SolveRequest,
        databases: &Databases,
    ) -> Result<PerfectValues, AnalysisError>;
}

/// Pyrga's perfect play: the shipped book and solves, else the solver within the budget.
pub(crate) struct PyrgaPlay;

impl PerfectPlay<State> for PyrgaPlay {
    fn value(&self, state: &State, request: SolveRequest) -> Result<PositionValue, Error> {
        solve_position(state, request)
    }

    fn move_values(&self, state: &State, request: SolveRequest) -> Result<Vec<MoveValue>, Error> {
        move_values(state, request)
    }

    fn analyse(
        &self,
        state: &State,
        request: SolveRequest,
        _databases: &Databases,
    ) -> Result<PerfectValues, AnalysisError> {
        Ok(PerfectValues {
            value: solve_position(state, request)?,
            moves: move_values(state, request)?,
            source: ValueSource::Solver,
        })
    }
}

/// Pylos's perfect play: the database of the position's rule set that covers it, else a
/// direct solve within the request's node budget (as the number of positions; by default
/// that of the databases, else [`crate::PYLOS_DIRECT_POSITIONS`]).
#[cfg(feature = "database")]
pub(crate) struct PylosPlay;

#[cfg(feature = "database")]
impl PerfectPlay<pylos::State> for PylosPlay {
    fn value(&self, state: &pylos::State, request: SolveRequest) -> Result<PositionValue, Error> {
        Ok(self.analyse(state, request, &Databases::installed())?.value)
    }

    fn move_values(
        &self,
        state: &pylos::State,
        request: SolveRequest,
    ) -> Result<Vec<MoveValue>, Error> {
        Ok(self.analyse(state, request, &Databases::installed())?.moves)
    }

    fn analyse(
        &self,
        state: &pylos::State,
        request: SolveRequest,
        databases: &Databases,
    ) -> Result<PerfectValues, AnalysisError> {
        ongoing(state)?;
        let children = pylos_children(state);
        let from_database = databases.pylos_covering(state).and_then(|database| {
            pylos_values(state, &children, |position| {
                database.value_of(position).ok()
            })
        });
        let (root, moves, source) = if let Some((root, moves)) = from_database {
            (root, moves, ValueSource::Database)
        } else {
            let budget = databases.direct_positions(request.nodes);
            let (root, moves) = pylos_direct(state, &children, budget)
                .map_err(|error| no_database(state, error))?;
            (root, moves, ValueSource::Direct)
        };
        Ok(pylos_result(state, root, moves, source))
    }
}

/// The legal moves of a Pylos position with the positions they lead to.
pub(crate) fn pylos_children(state: &pylos::State) -> Vec<(pylos::Move, pylos::State)> {
    state
        .legal_moves()
        .iter()
        .filter_map(|&mv| Some((mv, state.apply(mv).ok()?)))
        .collect()
}

/// The value of `state` and of each of its `children` after their moves, as `value_of`
/// gives them; `None` when it lacks one.
pub(crate) fn pylos_values(
    state: &pylos::State,
    children: &[(pylos::Move, pylos::State)],
    value_of: impl Fn(&pylos::State) -> Option<Value>,
) -> Option<(Value, Vec<(String, Value)>)> {
    let root = value_of(state)?;
    let moves = children
        .iter()
        .map(|(mv, child)| Some((mv.to_string(), value_of(child)?.after_move())))
        .collect::<Option<Vec<_>>>()?;
    Some((root, moves))
}

/// The values of a Pylos position and its moves, from `source`, as `analyse` returns them.
pub(crate) fn pylos_result(
    state: &pylos::State,
    root: Value,
    moves: Vec<(String, Value)>,
    source: ValueSource,
) -> PerfectValues {
    PerfectValues {
        value: position_value(state, root),
        moves: ranked(moves),
        source,
    }
}

/// The refusal of a Pylos position no solution covers: [`AnalysisError::NoDatabase`] when
/// it is too early to solve directly (`error` of kind `outOfBudget`), else `error`.
#[cfg(feature = "database")]
fn no_database(state: &pylos::State, error: Error) -> AnalysisError {
    match error.kind {
        ErrorKind::OutOfBudget => AnalysisError::NoDatabase {
            config: boardcore::Game::config(state).to_string(),
            error,
        },
        _ => AnalysisError::Refused(error),
    }
}

/// The value of a position with perfect play, as `solve` returns it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PositionValue {
    /// `win`, `draw` or `loss`, for the player to move.
    pub verdict: &'static str,
    /// Plies to the end with best play (the winner takes the shortest way, the loser the
    /// longest); 0 for a draw.
    pub plies: u32,
    /// The value in words, naming the winner: `White wins in 17`, `Draw`.
    pub text: String,
}

/// A legal move and its value for the player who makes it, as `moveValues` lists them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MoveValue {
    /// The move in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// `win`, `draw` or `loss`, for the player making the move.
    pub verdict: &'static str,
    /// Plies to the end after the move with best play, counting the move; 0 for a draw.
    pub plies: u32,
    /// The value in words from the mover's side: `win in 9`, `draw`, `loss in 12`.
    pub text: String,
}

/// `value` (for the player to move in `state`) in words, naming the winner.
fn position_text<G: Game>(state: &G, value: Value) -> String {
    let Some(mover) = state.status().to_move() else {
        return "Draw".to_owned();
    };
    match value.verdict {
        Verdict::Win => format!("{} wins in {}", G::seat_name(mover), value.plies),
        Verdict::Loss => format!("{} wins in {}", G::seat_name(mover.other()), value.plies),
        Verdict::Draw => "Draw".to_owned(),
    }
}

/// The value of `state` for the player to move, as `solve` returns it.
fn position_value<G: Game>(state: &G, value: Value) -> PositionValue {
    PositionValue {
        verdict: value.verdict.as_str(),
        plies: value.plies,
        text: position_text(state, value),
    }
}

/// Moves with their values for the mover, best first (the shortest win, then draws, then
/// the longest loss; moves of equal value in the order of their notation).
fn ranked(mut values: Vec<(String, Value)>) -> Vec<MoveValue> {
    values.sort_by(|(a, value_a), (b, value_b)| value_b.cmp(value_a).then_with(|| a.cmp(b)));
    values
        .into_iter()
        .map(|(mv, value)| MoveValue {
            mv,
            verdict: value.verdict.as_str(),
            plies: value.plies,
            text: move_text(value),
        })
        .collect()
}

/// `value` (for the mover) in words: `win in 9`, `draw`, `loss in 12`.
fn move_text(value: Value) -> String {
    match value.verdict {
        Verdict::Draw => "draw".to_owned(),
        verdict => format!("{verdict} in {}", value.plies),
    }
}

/// `gameOver` when the game is over.
pub(crate) fn ongoing<G: Game>(state: &G) -> Result<(), Error> {
    match state.status() {
        Status::Finished(_) => Err(Error::new(ErrorKind::GameOver, "the game is over")),
        Status::Ongoing(_) => Ok(()),
    }
}

/// The exact value of `state` for the player to move, within `request`'s budget.
///
/// # Errors
/// `gameOver` when the game is over, `outOfBudget` when the budget runs out first.
pub(crate) fn solve_position(state: &State, request: SolveRequest) -> Result<PositionValue, Error> {
    ongoing(state)?;
    // The opening book answers the first plies at once: the position itself, or the
    // positions after all of its moves (the book holds those after a perfect player's
    // move, where the opponent is to move, through the positions of every reply; the
    // start and the position after Sa1 were solved whole ahead).
    let booked = PyrgaBook::shipped(state.rules())
        .ok()
        .and_then(|book| book.value(state))
        .or_else(|| {
            let children = known_move_values(state);
            let all = children.len() == pyrga::legal_moves(state).len();
            let best = children
                .into_iter()
                .map(|(_, after)| after.after_move())
                .max();
            best.filter(|_| all)
        });
    let value = match booked {
        Some(value) => value,
        None => request.run(|solver| solver.solve(state))?,
    };
    Ok(position_value(state, value))
}

/// The moves of `state` whose value is known without a search, each with the value of the
/// position after it (for the player to move there): every move of the positions solved
/// whole ahead ([`solve::known_move_values`]), else the moves whose resulting positions
/// the book holds with their exact value.
fn known_move_values(state: &State) -> Vec<(pyrga::Move, Value)> {
    if let Some(all) = solve::known_move_values(state) {
        return all;
    }
    let Ok(book) = PyrgaBook::shipped(state.rules()) else {
        return Vec::new();
    };
    if state.ply() >= book.plies() {
        return Vec::new();
    }
    pyrga::legal_moves(state)
        .into_iter()
        .filter_map(|mv| Some((mv, book.value(&pyrga::apply(state, mv).ok()?)?)))
        .collect()
}

/// Every legal move of `state` with its exact value for the player making it, best first
/// (the shortest win, then draws, then the longest loss first; moves of equal value in
/// the order of their notation), within `request`'s budget.
///
/// # Errors
/// `gameOver` when the game is over, `outOfBudget` when the budget runs out first.
pub(crate) fn move_values(state: &State, request: SolveRequest) -> Result<Vec<MoveValue>, Error> {
    ongoing(state)?;
    // The values known ahead first: the search solves only the other moves.
    let known = known_move_values(state);
    let values = request
        .run(|solver| solver.move_values_resuming(state, &known, &solve::Quiet, |_, _| {}))?
        .into_iter()
        .map(|(mv, after)| (mv.to_string(), after.after_move()))
        .collect();
    Ok(ranked(values))
}

/// The value of `state` and of each of its `children` after their moves, by solving every
/// position reachable from `state` when there are at most `max_positions`.
#[cfg(feature = "database")]
pub(crate) fn pylos_direct(
    state: &pylos::State,
    children: &[(pylos::Move, pylos::State)],
    max_positions: u64,
) -> Result<(Value, Vec<(String, Value)>), Error> {
    let limit = usize::try_from(max_positions).unwrap_or(usize::MAX);
    let direct = solve::PylosDirect::solve(state, limit).map_err(|error| match error {
        SolveError::OutOfBudget { nodes } => Error::new(
            ErrorKind::OutOfBudget,
            format!("more than {nodes} positions are reachable: too many to solve directly"),
        ),
        other => Error::new(ErrorKind::Illegal, format!("the solver failed: {other}")),
    })?;
    let missing = || Error::new(ErrorKind::Illegal, "the solver failed: a value is missing");
    let root = direct.value_of(state).ok_or_else(missing)?;
    let moves = children
        .iter()
        .map(|(mv, child)| {
            let value = direct.value_of(child).ok_or_else(missing)?;
            Ok((mv.to_string(), value.after_move()))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok((root, moves))
}
