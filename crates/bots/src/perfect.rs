//! Perfect play from the solvers of the `solve` crate: Pyrga with the feature
//! `perfect-pyrga`, Pylos too with `perfect`.

#[cfg(feature = "perfect")]
use std::sync::Arc;
use std::time::Duration;

use solve::{BookEntry, Limits, PyrgaBook, PyrgaSolver, Value};
#[cfg(feature = "perfect")]
use solve::{PylosDatabase, PylosDirect};

use web_time::Instant;

use crate::{AlphaBeta, Bot, Budget};

/// The transposition table of the Pyrga solver by default: 2^22 buckets of 32 bytes
/// (128 MiB).
const TABLE_BITS: u32 = 22;

/// A bot that plays the solver's best move: the shortest win, else a draw, else the
/// longest loss.
///
/// - Pyrga: in the first plies it plays the move of the opening book shipped with the
///   `solve` crate (`solve::PyrgaBook`), which holds every position it meets there when it
///   plays from the start; elsewhere it solves the position within half its time budget
///   and plays the shortest win, else a draw, else the longest loss. When that runs out
///   first (early in the game), it looks within three tenths of the budget for a move that
///   keeps the position's verdict (`solve::PyrgaSolver::verdict_move`: perfect in the sense
///   of the game's value, without the distance), and only then plays [`AlphaBeta`]'s move,
///   searched until 95% of the budget: each step ends by its share counted from the start
///   of the move (a new solver table's allocation included), and the last twentieth is
///   kept for the searches' checks of the clock, so a move takes at most the budget.
/// - Pylos (feature `perfect`): it reads the `solve::PylosDatabase` it was given when the
///   database covers the position, else solves directly (`solve::PylosDirect`) when at
///   most `max_positions` positions are reachable (late in the game), else plays
///   [`AlphaBeta`]'s move.
///
/// With the feature `perfect-pyrga` alone it plays Pyrga only, and builds for
/// `wasm32-unknown-unknown`, where its time budget reads the browser's clock.
///
/// [`Bot::explain`] says the value of a move ("this move wins in 7") when it is known, and
/// [`Perfect::last_answer`] how the last move was found (the book, the exact search, a
/// move that keeps the verdict, or the fallback search when the budget ran out).
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
    last_answer: Option<PerfectAnswer>,
    table_bits: u32,
    pyrga_fallback: Option<AlphaBeta<pyrga::State>>,
    pyrga: Option<PyrgaSolver>,
    #[cfg(feature = "perfect")]
    pylos: PylosPart,
}

/// What the bot keeps for Pylos.
#[cfg(feature = "perfect")]
struct PylosPart {
    fallback: Option<AlphaBeta<pylos::State>>,
    database: Option<Arc<PylosDatabase>>,
    max_positions: usize,
}

impl Perfect {
    /// A perfect bot that gives each Pyrga move at most `time` (shared by the solver and
    /// its fallback, alpha-beta to depth 10 at most), and no Pylos database.
    pub fn new(time: Duration) -> Perfect {
        Perfect {
            time,
            last_answer: None,
            table_bits: TABLE_BITS,
            pyrga_fallback: None,
            pyrga: None,
            #[cfg(feature = "perfect")]
            pylos: PylosPart {
                fallback: None,
                database: None,
                max_positions: 50_000,
            },
        }
    }

    /// This bot with a Pyrga solver table of `2^bits` buckets of 32 bytes (2^22, 128 MiB,
    /// by default): a smaller one suits a browser, where late positions need little.
    #[must_use]
    pub fn with_table_bits(mut self, bits: u32) -> Perfect {
        self.table_bits = bits;
        self.pyrga = None;
        self
    }

    /// This bot reading Pylos values from `database`.
    #[cfg(feature = "perfect")]
    #[must_use]
    pub fn with_database(mut self, database: Arc<PylosDatabase>) -> Perfect {
        self.pylos.database = Some(database);
        self
    }

    /// This bot solving Pylos positions directly when at most `max_positions` are
    /// reachable from them (50,000 by default).
    #[cfg(feature = "perfect")]
    #[must_use]
    pub fn with_max_positions(mut self, max_positions: usize) -> Perfect {
        self.pylos.max_positions = max_positions;
        self
    }

    /// How the last move this bot chose was found, or `None` before its first choice
    /// (and after a choice that found no move).
    ///
    /// ```
    /// use bots::{Bot, Perfect, PerfectAnswer};
    /// use pyrga::{Config, State};
    /// use std::time::Duration;
    ///
    /// let mut bot = Perfect::new(Duration::from_millis(200));
    /// bot.choose(&State::new(Config::default()));
    /// // The start is in the opening book shipped with `solve`.
    /// assert_eq!(bot.last_answer(), Some(PerfectAnswer::Book));
    /// ```
    #[must_use]
    pub fn last_answer(&self) -> Option<PerfectAnswer> {
        self.last_answer
    }

    /// The fallback's budget: depth 10 at most, within a fifth of the time (Pyrga's
    /// fallback gets what is left of its move at each search instead).
    fn fallback_budget(&self) -> Budget {
        Budget::iterations(10).with_time(self.time / 5)
    }

    fn pyrga_solver(&mut self) -> &mut PyrgaSolver {
        let limits = Limits {
            nodes: None,
            time: Some(self.time),
        };
        let bits = self.table_bits;
        self.pyrga
            .get_or_insert_with(|| PyrgaSolver::new(bits).with_limits(limits))
    }

    /// The best move of a Pylos position and the position's value, if known.
    #[cfg(feature = "perfect")]
    fn pylos_best(&self, state: &pylos::State) -> Option<(Option<pylos::Move>, Value)> {
        if let Some(database) = &self.pylos.database
            && let Ok(found) = database.best_move(state)
        {
            return Some(found);
        }
        PylosDirect::solve(state, self.pylos.max_positions)
            .ok()?
            .best_move(state)
    }

    /// The value of a Pylos position, if known.
    #[cfg(feature = "perfect")]
    fn pylos_value(&self, state: &pylos::State) -> Option<Value> {
        self.pylos_best(state).map(|(_, value)| value)
    }
}

/// How [`Perfect`] found its move ([`Perfect::last_answer`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PerfectAnswer {
    /// Pyrga's opening book: a move that keeps the verdict, the exact best move where the
    /// book holds the value.
    Book,
    /// The exact best move (the shortest win, else a draw, else the longest loss): Pyrga's
    /// solver within half the budget, or Pylos's database or direct solve.
    Exact,
    /// Pyrga: a move that keeps the position's verdict, found when the exact search ran
    /// out of its share of the budget.
    Verdict,
    /// The fallback's move ([`AlphaBeta`]): no solver answered within the budget.
    Search,
}

impl Bot<pyrga::State> for Perfect {
    fn name(&self) -> &'static str {
        "perfect"
    }

    fn choose(&mut self, state: &pyrga::State) -> Option<pyrga::Move> {
        if let Some(entry) = book_entry(state) {
            self.last_answer = Some(PerfectAnswer::Book);
            return Some(entry.mv);
        }
        // The whole move within the budget, counted from here (a new table's allocation
        // included): the exact search ends by half of it, the verdict move (its table warm
        // from the first) by eight tenths, alpha-beta by nineteen twentieths (the last
        // twentieth for the searches' checks of the clock and a busy machine).
        let started = Instant::now();
        let time = self.time;
        let left_by =
            move |thousandths: u32| (time * thousandths / 1000).saturating_sub(started.elapsed());
        let share = |thousandths: u32| Limits {
            nodes: None,
            time: Some(left_by(thousandths)),
        };
        let solver = self.pyrga_solver();
        solver.set_limits(share(500));
        let exact = solver
            .best_move(state)
            .map(|found| (found.map(|(mv, _)| mv), PerfectAnswer::Exact));
        // Out of time for the distance: a move that keeps the verdict is still perfect in
        // the sense of the game's value.
        let kept = exact.or_else(|_| {
            solver.set_limits(share(800));
            solver
                .verdict_move(state)
                .map(|found| (found.map(|(mv, _)| mv), PerfectAnswer::Verdict))
        });
        // The whole budget again for the solver's other uses (`explain`).
        solver.set_limits(Limits {
            nodes: None,
            time: Some(time),
        });
        let (mv, answer) = if let Ok(found) = kept {
            found
        } else {
            let budget = self.fallback_budget();
            let fallback = self
                .pyrga_fallback
                .get_or_insert_with(|| AlphaBeta::new(budget));
            fallback.set_budget(Budget::iterations(10).with_time(left_by(950)));
            (fallback.choose(state), PerfectAnswer::Search)
        };
        self.last_answer = mv.map(|_| answer);
        mv
    }

    fn explain(&mut self, state: &pyrga::State, mv: pyrga::Move) -> Option<String> {
        if let Some(entry) = book_entry(state)
            && entry.mv == mv
        {
            return Some(match entry.value {
                Some(value) => Value::describe_move(value.before_move()),
                None => Value::describe_verdict(entry.verdict),
            });
        }
        let child = pyrga::apply(state, mv).ok()?;
        if let Some(value) = book_entry(&child).and_then(|entry| entry.value) {
            return Some(Value::describe_move(value));
        }
        let value = self.pyrga_solver().solve(&child).ok()?;
        Some(Value::describe_move(value))
    }
}

/// The entry of the opening book shipped for the rules of `state`, if it holds the
/// position.
fn book_entry(state: &pyrga::State) -> Option<BookEntry> {
    PyrgaBook::shipped(state.rules()).ok()?.best_move(state)
}

#[cfg(feature = "perfect")]
impl Bot<pylos::State> for Perfect {
    fn name(&self) -> &'static str {
        "perfect"
    }

    fn choose(&mut self, state: &pylos::State) -> Option<pylos::Move> {
        let (mv, answer) = if let Some((mv, _)) = self.pylos_best(state) {
            (mv, PerfectAnswer::Exact)
        } else {
            let budget = self.fallback_budget();
            let mv = self
                .pylos
                .fallback
                .get_or_insert_with(|| AlphaBeta::new(budget))
                .choose(state);
            (mv, PerfectAnswer::Search)
        };
        self.last_answer = mv.map(|_| answer);
        mv
    }

    fn explain(&mut self, state: &pylos::State, mv: pylos::Move) -> Option<String> {
        let child = pylos::apply(state, mv).ok()?;
        self.pylos_value(&child).map(Value::describe_move)
    }
}
