//! Perfect play from the solvers of the `solve` crate.

use std::sync::Arc;
use std::time::Duration;

use solve::{Limits, PylosDatabase, PylosDirect, PyrgaSolver, Value};

use crate::{AlphaBeta, Bot, Budget};

/// The transposition table of the Pyrga solver: 2^22 entries of 16 bytes (64 MiB).
const TABLE_BITS: u32 = 22;

/// A bot that plays the solver's best move: the shortest win, else a draw, else the
/// longest loss.
///
/// - Pyrga: it solves the position within its time budget, from any position; when the
///   budget runs out first (early in the game) it plays [`AlphaBeta`]'s move instead.
/// - Pylos: it reads the [`PylosDatabase`] it was given when the database covers the
///   position, else solves directly when at most `max_positions` positions are reachable
///   (late in the game), else plays [`AlphaBeta`]'s move.
///
/// [`Bot::explain`] says the value of a move ("this move wins in 7") when it is known.
///
/// ```
/// use bots::{Bot, Perfect};
/// use pyrga::{Config, State};
/// use std::time::Duration;
///
/// let mut bot = Perfect::new(Duration::from_millis(200));
/// let mut state = State::new(Config::default());
/// while state.ply() < 20 && !pyrga::legal_moves(&state).is_empty() {
///     state = pyrga::apply(&state, pyrga::legal_moves(&state)[0]).unwrap();
/// }
/// if let Some(mv) = bot.choose(&state) {
///     assert!(bot.explain(&state, mv).is_some());
/// }
/// ```
pub struct Perfect {
    time: Duration,
    pyrga_fallback: Option<AlphaBeta<pyrga::State>>,
    pylos_fallback: Option<AlphaBeta<pylos::State>>,
    pyrga: Option<PyrgaSolver>,
    database: Option<Arc<PylosDatabase>>,
    max_positions: usize,
}

impl Perfect {
    /// A perfect bot that gives each Pyrga solve `time`, with alpha-beta under the same
    /// time (depth 10 at most) as the fallback, and no Pylos database.
    pub fn new(time: Duration) -> Perfect {
        Perfect {
            time,
            pyrga_fallback: None,
            pylos_fallback: None,
            pyrga: None,
            database: None,
            max_positions: 50_000,
        }
    }

    /// This bot reading Pylos values from `database`.
    #[must_use]
    pub fn with_database(mut self, database: Arc<PylosDatabase>) -> Perfect {
        self.database = Some(database);
        self
    }

    /// This bot solving Pylos positions directly when at most `max_positions` are
    /// reachable from them (50,000 by default).
    #[must_use]
    pub fn with_max_positions(mut self, max_positions: usize) -> Perfect {
        self.max_positions = max_positions;
        self
    }

    /// The fallback's budget: depth 10 at most, within the same time.
    fn fallback_budget(&self) -> Budget {
        Budget::iterations(10).with_time(self.time)
    }

    fn pyrga_solver(&mut self) -> &mut PyrgaSolver {
        let limits = Limits {
            nodes: None,
            time: Some(self.time),
        };
        self.pyrga
            .get_or_insert_with(|| PyrgaSolver::new(TABLE_BITS).with_limits(limits))
    }

    /// The best move of a Pylos position and the position's value, if known.
    fn pylos_best(&self, state: &pylos::State) -> Option<(Option<pylos::Move>, Value)> {
        if let Some(database) = &self.database
            && let Ok(found) = database.best_move(state)
        {
            return Some(found);
        }
        PylosDirect::solve(state, self.max_positions)
            .ok()?
            .best_move(state)
    }

    /// The value of a Pylos position, if known.
    fn pylos_value(&self, state: &pylos::State) -> Option<Value> {
        self.pylos_best(state).map(|(_, value)| value)
    }
}

impl Bot<pyrga::State> for Perfect {
    fn name(&self) -> &'static str {
        "perfect"
    }

    fn choose(&mut self, state: &pyrga::State) -> Option<pyrga::Move> {
        match self.pyrga_solver().best_move(state) {
            Ok(Some((mv, _))) => Some(mv),
            Ok(None) => None,
            Err(_) => {
                let budget = self.fallback_budget();
                self.pyrga_fallback
                    .get_or_insert_with(|| AlphaBeta::new(budget))
                    .choose(state)
            }
        }
    }

    fn explain(&mut self, state: &pyrga::State, mv: pyrga::Move) -> Option<String> {
        let child = pyrga::apply(state, mv).ok()?;
        let value = self.pyrga_solver().solve(&child).ok()?;
        Some(Value::describe_move(value))
    }
}

impl Bot<pylos::State> for Perfect {
    fn name(&self) -> &'static str {
        "perfect"
    }

    fn choose(&mut self, state: &pylos::State) -> Option<pylos::Move> {
        if let Some((mv, _)) = self.pylos_best(state) {
            return mv;
        }
        let budget = self.fallback_budget();
        self.pylos_fallback
            .get_or_insert_with(|| AlphaBeta::new(budget))
            .choose(state)
    }

    fn explain(&mut self, state: &pylos::State, mv: pylos::Move) -> Option<String> {
        let child = pylos::apply(state, mv).ok()?;
        self.pylos_value(&child).map(Value::describe_move)
    }
}
