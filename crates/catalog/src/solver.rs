//! Perfect play in Pyrga: the exact value of a position and of each of its legal moves,
//! from the solver of the `solve` crate, within a time (and optionally a node) budget. The
//! solver reads the clock itself (`performance.now()` in WebAssembly), so a value that is
//! found is exact whatever the machine's speed; only whether it is found in time varies.
//! Successive calls on one thread share the solver's table, so that the moves of a
//! position just solved (or the position after a move just analysed) come at once.

use std::cell::RefCell;
use std::time::Duration;

use boardcore::{Game, Status};
use pyrga::State;
use serde::Serialize;
use solve::{Limits, PyrgaSolver, SolveError, Value, Verdict};

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
fn position_text(state: &State, value: Value) -> String {
    let mover = state.to_move();
    match value.verdict {
        Verdict::Win => format!("{} wins in {}", State::seat_name(mover), value.plies),
        Verdict::Loss => format!(
            "{} wins in {}",
            State::seat_name(mover.other()),
            value.plies
        ),
        Verdict::Draw => "Draw".to_owned(),
    }
}

/// `value` (for the mover) in words: `win in 9`, `draw`, `loss in 12`.
fn move_text(value: Value) -> String {
    match value.verdict {
        Verdict::Draw => "draw".to_owned(),
        verdict => format!("{verdict} in {}", value.plies),
    }
}

/// `gameOver` when the game is over.
fn ongoing(state: &State) -> Result<(), Error> {
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
    let value = request.run(|solver| solver.solve(state))?;
    Ok(PositionValue {
        verdict: value.verdict.as_str(),
        plies: value.plies,
        text: position_text(state, value),
    })
}

/// Every legal move of `state` with its exact value for the player making it, best first
/// (the shortest win, then draws, then the longest loss first; moves of equal value in
/// the order of their notation), within `request`'s budget.
///
/// # Errors
/// `gameOver` when the game is over, `outOfBudget` when the budget runs out first.
pub(crate) fn move_values(state: &State, request: SolveRequest) -> Result<Vec<MoveValue>, Error> {
    ongoing(state)?;
    let mut values: Vec<(String, Value)> = request
        .run(|solver| solver.move_values(state))?
        .into_iter()
        .map(|(mv, after)| (mv.to_string(), after.after_move()))
        .collect();
    values.sort_by(|(a, value_a), (b, value_b)| value_b.cmp(value_a).then_with(|| a.cmp(b)));
    Ok(values
        .into_iter()
        .map(|(mv, value)| MoveValue {
            mv,
            verdict: value.verdict.as_str(),
            plies: value.plies,
            text: move_text(value),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_words() {
        assert_eq!(move_text(Value::win(9)), "win in 9");
        assert_eq!(move_text(Value::loss(12)), "loss in 12");
        assert_eq!(move_text(Value::DRAW), "draw");
        let start = State::new(pyrga::Config::default());
        assert_eq!(position_text(&start, Value::win(17)), "White wins in 17");
        assert_eq!(position_text(&start, Value::loss(4)), "Black wins in 4");
        assert_eq!(position_text(&start, Value::DRAW), "Draw");
    }

    #[test]
    fn any_time_is_a_budget() {
        for time_ms in [0.5, 3_000.0, 1e300, f64::MAX] {
            let request = SolveRequest {
                time_ms: Some(time_ms),
                nodes: None,
            };
            assert!(request.limits().time.is_some());
        }
    }

    #[test]
    fn a_spent_budget_is_out_of_budget() {
        let request = SolveRequest {
            time_ms: Some(250.0),
            nodes: Some(10),
        };
        let error = request.failure(&SolveError::OutOfBudget { nodes: 50 }, 11);
        assert_eq!(error.kind, ErrorKind::OutOfBudget);
        assert_eq!(
            error.message,
            "the solver ran out of its budget (250 ms or 10 nodes) after 11 nodes"
        );
    }
}
