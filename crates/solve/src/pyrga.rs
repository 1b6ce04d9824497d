//! Pyrga: alpha-beta over exact scores with a transposition table.

use std::time::Instant;

use pyrga::{Move, State};

use crate::error::SolveError;
use crate::value::{Value, WIN};

/// Bounds beyond every score.
const INFINITY: i32 = WIN + 10;

/// One slot of the transposition table: bounds on the exact score of a position.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    /// The index of the best move found, plus one; 0 when none.
    best: u8,
}

/// Limits on one solve: nodes, wall-clock time, or both.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// At most this much time.
    pub time: Option<core::time::Duration>,
}

/// An exact solver of Pyrga positions: negamax alpha-beta over scores that encode the
/// verdict and the distance (see [`Value`]), with a transposition table of bounds keyed by
/// the position key. The game has no cycles and lasts at most 30 plies, so the search
/// always ends; the limits only decide whether it ends in time.
///
/// ```
/// use pyrga::{Config, State};
/// use solve::{minimax, PyrgaSolver};
///
/// // The last legal move each time, up to ply 18.
/// let mut state = State::new(Config::default());
/// while state.ply() < 18 && !pyrga::legal_moves(&state).is_empty() {
///     let moves = pyrga::legal_moves(&state);
///     state = pyrga::apply(&state, moves[moves.len() - 1]).unwrap();
/// }
/// let mut solver = PyrgaSolver::new(16);
/// let value = solver.solve(&state).unwrap();
/// assert_eq!(Some(value), minimax(&state, 30));
/// println!("{value}"); // the contract line of `towers solve`, e.g. `value win plies 5`
/// ```
pub struct PyrgaSolver {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    limits: Limits,
    limit_nodes: Option<u64>,
    started: Instant,
    symmetries: bool,
}

impl PyrgaSolver {
    /// A solver with a table of `2^bits` entries (16 bytes each) and no limits.
    pub fn new(bits: u32) -> PyrgaSolver {
        let size = 1usize << bits.clamp(4, 34);
        PyrgaSolver {
            table: vec![Entry::default(); size],
            mask: size - 1,
            nodes: 0,
            limits: Limits::default(),
            limit_nodes: None,
            started: Instant::now(),
            symmetries: false,
        }
    }

    /// This solver with the table keyed by [`State::symmetric_key`] (`true`), so that the
    /// 8 images of a position under the board's symmetries share one entry, or by
    /// [`State::position_key`] (`false`, the default).
    ///
    /// Measured on positions at plies 12 and 13, the symmetric key saves no nodes (a
    /// search from one position almost never meets an image of another) and costs 2.3
    /// times the time per node, so it is off by default.
    #[must_use]
    pub fn with_symmetries(mut self, symmetries: bool) -> PyrgaSolver {
        self.symmetries = symmetries;
        self
    }

    /// This solver with `limits` on each later call.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> PyrgaSolver {
        self.limits = limits;
        self
    }

    /// The nodes searched since the solver was made.
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The bytes of the transposition table.
    pub const fn table_bytes(&self) -> usize {
        self.table.len() * size_of::<Entry>()
    }

    /// The exact value of `state`.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn solve(&mut self, state: &State) -> Result<Value, SolveError> {
        self.start();
        let score = self.search(state, -INFINITY, INFINITY)?;
        Ok(Value::of_score(score))
    }

    /// The verdict of `state` (win, draw or loss) without the distance, which a search
    /// with the window around the draw finds much sooner.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn verdict(&mut self, state: &State) -> Result<crate::Verdict, SolveError> {
        let score = self.window(state, -1, 1)?;
        Ok(Value::of_score(score.signum()).verdict)
    }

    /// Whether the exact score is above `alpha` and below `beta`: a search with that
    /// window, returning a fail-soft score.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    fn window(&mut self, state: &State, alpha: i32, beta: i32) -> Result<i32, SolveError> {
        self.start();
        self.search(state, alpha, beta)
    }

    /// The value of every legal move of `state` (the value of the position after it, for
    /// the opponent), in the order of `pyrga::legal_moves`.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn move_values(&mut self, state: &State) -> Result<Vec<(Move, Value)>, SolveError> {
        self.start();
        let mut values = Vec::new();
        for mv in pyrga::legal_moves(state) {
            let child = pyrga::apply(state, mv).map_err(|_| SolveError::Internal)?;
            let score = self.search(&child, -INFINITY, INFINITY)?;
            values.push((mv, Value::of_score(score)));
        }
        Ok(values)
    }

    /// A best move of `state` and the position's value; `None` for a finished game.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn best_move(&mut self, state: &State) -> Result<Option<(Move, Value)>, SolveError> {
        let value = self.solve(state)?;
        let target = value.score();
        for mv in pyrga::legal_moves(state) {
            let child = pyrga::apply(state, mv).map_err(|_| SolveError::Internal)?;
            // The move is best when the child's score is exactly the one that gives `target`.
            let wanted = child_score(target);
            let score = self.window(&child, wanted - 1, wanted + 1)?;
            if score == wanted {
                return Ok(Some((mv, value)));
            }
        }
        Ok(None)
    }

    /// A principal variation from `state`: best moves to the end of the game.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn principal_variation(&mut self, state: &State) -> Result<Vec<Move>, SolveError> {
        let mut line = Vec::new();
        let mut position = *state;
        while let Some((mv, _)) = self.best_move(&position)? {
            line.push(mv);
            position = pyrga::apply(&position, mv).map_err(|_| SolveError::Internal)?;
        }
        Ok(line)
    }

    fn start(&mut self) {
        self.started = Instant::now();
        self.limit_nodes = self.limits.nodes.map(|n| self.nodes.saturating_add(n));
    }

    fn out_of_budget(&self) -> bool {
        self.limit_nodes.is_some_and(|limit| self.nodes >= limit)
            || self
                .limits
                .time
                .is_some_and(|limit| self.started.elapsed() >= limit)
    }

    fn search(&mut self, state: &State, mut alpha: i32, mut beta: i32) -> Result<i32, SolveError> {
        self.nodes += 1;
        if self.nodes.trailing_zeros() >= 12 && self.out_of_budget() {
            return Err(SolveError::OutOfBudget { nodes: self.nodes });
        }
        let moves = pyrga::legal_moves(state);
        if moves.is_empty() {
            let value = Value::of_status(&pyrga::status(state), state.to_move())
                .ok_or(SolveError::Internal)?;
            return Ok(value.score());
        }
        let key = if self.symmetries {
            state.symmetric_key()
        } else {
            state.position_key()
        };
        let slot = (key as usize) & self.mask;
        let mut entry = self.table[slot];
        if entry.key != key {
            entry = Entry {
                key,
                lower: -INFINITY as i16,
                upper: INFINITY as i16,
                best: 0,
            };
        }
        let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
        if lower >= beta || lower == upper {
            return Ok(lower);
        }
        if upper <= alpha {
            return Ok(upper);
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        let mut best = -INFINITY;
        let mut best_index = 0usize;
        let first = usize::from(entry.best);
        let order = (first > 0 && first <= moves.len())
            .then(|| first - 1)
            .into_iter()
            .chain((0..moves.len()).filter(|&i| i + 1 != first));
        let mut a = alpha;
        for index in order {
            let Ok(child) = pyrga::apply(state, moves[index]) else {
                return Err(SolveError::Internal);
            };
            let score = parent_score(self.search(&child, child_score(beta), child_score(a))?);
            if score > best {
                best = score;
                best_index = index;
                if score > a {
                    a = score;
                }
                if a >= beta {
                    break;
                }
            }
        }
        if best <= alpha {
            entry.upper = best as i16;
        } else if best >= beta {
            entry.lower = best as i16;
        } else {
            entry.lower = best as i16;
            entry.upper = best as i16;
        }
        entry.best = (best_index + 1) as u8;
        self.table[slot] = entry;
        Ok(best)
    }
}

/// The score of a position for the player who moved into it from a child of score `child`.
const fn parent_score(child: i32) -> i32 {
    -child + child.signum()
}

/// The child's score that gives its parent the score `parent` (the inverse of
/// [`parent_score`], extended to bounds between scores).
const fn child_score(parent: i32) -> i32 {
    -parent - parent.signum()
}
