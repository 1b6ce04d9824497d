//! Pyrga: alpha-beta with a transposition table, for the verdict and for the distance.

mod book;
mod opening;
mod proof;
mod saved;
#[cfg(feature = "database")]
mod shard;
mod solved;
mod table;

use arrayvec::ArrayVec;
use pyrga::{MAX_MOVES, Move, State};
use web_time::Instant;

use crate::error::SolveError;
use crate::progress::{Event, Job, Progress, Quiet};
use crate::value::{Value, Verdict, WIN};
pub use book::{BookEntry, BookError, BookSettings, PyrgaBook};
pub use opening::{PyrgaTable, Shard, TableError, TableSettings};
pub use proof::PyrgaProof;
#[cfg(feature = "database")]
pub use saved::{BookCheckpoint, MoveValuesFile};
#[cfg(feature = "database")]
pub use shard::{build_shard, merge_shards};
pub use solved::known_move_values;
use table::{Entry, Table};

/// Bounds beyond every score.
const INFINITY: i32 = WIN + 10;

/// Mixed into the keys of the verdict search, so that its entries (scores -1, 0, 1) and
/// those of the exact search (scores with distances) never meet in the table.
const VERDICT_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Limits on one solve: nodes, wall-clock time, or both.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// At most this much time.
    pub time: Option<core::time::Duration>,
}

/// The limits of a solver and the count of its nodes, asked at every node.
struct Budget {
    limits: Limits,
    nodes: u64,
    limit_nodes: Option<u64>,
    started: Instant,
}

impl Budget {
    fn new() -> Budget {
        Budget {
            limits: Limits::default(),
            nodes: 0,
            limit_nodes: None,
            started: Instant::now(),
        }
    }

    /// Starts the limits of one call of a solver.
    fn start(&mut self) {
        self.started = Instant::now();
        self.limit_nodes = self.limits.nodes.map(|n| self.nodes.saturating_add(n));
    }

    /// Counts a node; fails instead once a limit has run out, so a node limit of `n` lets
    /// at most `n` nodes be counted in a call (the clock is read every 4,096 nodes).
    #[inline]
    fn count(&mut self) -> Result<(), SolveError> {
        if self.limit_nodes.is_some_and(|limit| self.nodes >= limit)
            || (self.nodes.trailing_zeros() >= 12
                && self
                    .limits
                    .time
                    .is_some_and(|limit| self.started.elapsed() >= limit))
        {
            return Err(SolveError::OutOfBudget { nodes: self.nodes });
        }
        self.nodes += 1;
        Ok(())
    }
}

/// An exact solver of Pyrga positions.
///
/// Two searches share one transposition table (buckets of two entries, one kept for the
/// largest subtree): the **verdict** search (win, draw or loss, by null windows around the
/// draw) and the **exact** search over scores that encode the verdict and the distance
/// (see [`Value`]), which starts from the proven verdict. At every node a move that wins
/// at once ends the search, and so does one that already reaches the top of the window; a
/// move after which the opponent wins at once (a third tower,
/// [`pyrga::Children::threatens`]) is scored without being searched; the other moves are
/// tried with the table's best move first, then in increasing order of the opponent's
/// number of replies ([`pyrga::Children`] gives them at a fraction of the cost of
/// applying and counting each move): Pyrga's pieces constrain the reply, and a move that
/// leaves one or two replies decides most often. Up to
/// [`PyrgaSolver::with_folded_plies`] the table is keyed by [`State::symmetric_key`], so
/// the 8 images of an early position share an entry.
///
/// The game has no cycles and lasts at most 30 plies, so every search ends; the limits
/// only decide whether it ends in time.
///
/// ```
/// use pyrga::{Config, State};
/// use solve::{minimax, PyrgaSolver, Verdict};
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
/// assert_eq!(solver.verdict(&state).unwrap(), value.verdict);
/// println!("{value}"); // the contract line of `towers solve`, e.g. `value win plies 5`
/// ```
pub struct PyrgaSolver {
    table: Table,
    budget: Budget,
    folded_plies: u32,
    transposition_cutoffs: bool,
    table_plies: u32,
}

/// A child of the searched position to search: its place in the order of search (the
/// high byte, smallest first) and the index of its move in `pyrga::legal_moves` (the low
/// byte), so that sorting the numbers orders the children, in the order of the moves
/// where the places are equal. The position itself is made only when searched: most
/// expansions end after one child.
type Child = u16;

/// The two searches: the verdict alone, or the exact score with the distance.
trait Mode {
    /// Mixed into the table's keys.
    const SALT: u64;
    /// The table serves positions before this ply at most (and before the solver's
    /// [`PyrgaSolver::with_table_plies`]).
    const TABLE_PLIES: u32;
    /// The score of a finished game of value `value`.
    fn terminal(value: Value) -> i32;
    /// The score of a position for the player who moved into it from a child of score
    /// `child`.
    fn parent(child: i32) -> i32;
    /// The child's score that gives its parent the score `parent` (the inverse of
    /// [`Mode::parent`], extended to bounds between scores).
    fn child(parent: i32) -> i32;
}

/// Win, draw or loss only: scores 1, 0 and -1.
struct VerdictMode;

impl Mode for VerdictMode {
    const SALT: u64 = VERDICT_SALT;
    /// The verdict search rarely meets a position twice past the early game: at the start,
    /// its table answered fewer than 50,000 of 402 million nodes with the table to ply 20,
    /// and stopping it at ply 14 searched 1.6% more nodes in 13% less time.
    const TABLE_PLIES: u32 = 14;
    fn terminal(value: Value) -> i32 {
        value.score().signum()
    }
    fn parent(child: i32) -> i32 {
        -child
    }
    fn child(parent: i32) -> i32 {
        -parent
    }
}

/// The exact score: the verdict and the distance ([`Value::score`]).
struct ExactMode;

impl Mode for ExactMode {
    const SALT: u64 = 0;
    const TABLE_PLIES: u32 = u32::MAX;
    fn terminal(value: Value) -> i32 {
        value.score()
    }
    fn parent(child: i32) -> i32 {
        -child + child.signum()
    }
    fn child(parent: i32) -> i32 {
        -parent - parent.signum()
    }
}

impl PyrgaSolver {
    /// A solver with a table of `2^bits` buckets (32 bytes each: two entries) and no
    /// limits. `bits` is clamped to 2..=34 (2..=26 on 32-bit targets such as wasm32).
    pub fn new(bits: u32) -> PyrgaSolver {
        PyrgaSolver {
            table: Table::new(bits),
            budget: Budget::new(),
            folded_plies: 8,
            transposition_cutoffs: false,
            table_plies: 20,
        }
    }

    /// This solver with the table keyed by [`State::symmetric_key`] for positions before
    /// ply `plies` (8 by default), so that the 8 images of a position under the board's
    /// symmetries share one entry, and by [`State::position_key`] after. The symmetric key
    /// costs some 2.3 times the time of a node, and late in the game a search almost never
    /// meets an image of another position, so folding pays only early; 31 folds every
    /// position, 0 none.
    #[must_use]
    pub fn with_folded_plies(mut self, plies: u32) -> PyrgaSolver {
        self.folded_plies = plies;
        self
    }

    /// This solver using its table only for positions before ply `plies` (20 by default;
    /// the verdict search stops at ply 14 in any case).
    /// Late positions have small subtrees that the search redoes faster than the table's
    /// memory answers: measured on a position at ply 3, stopping the table at ply 20
    /// searched 2% more nodes in less than half the time of a table used to the end.
    #[must_use]
    pub fn with_table_plies(mut self, plies: u32) -> PyrgaSolver {
        self.table_plies = plies;
        self
    }

    /// This solver with enhanced transposition cut-offs (`true`) or without (`false`, the
    /// default): before searching the children of a position, the table is asked for each
    /// of them, and a bound that already refutes the window ends the search there.
    #[must_use]
    pub fn with_transposition_cutoffs(mut self, on: bool) -> PyrgaSolver {
        self.transposition_cutoffs = on;
        self
    }

    /// This solver with `limits` on each later call.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> PyrgaSolver {
        self.budget.limits = limits;
        self
    }

    /// Sets the limits of each later call.
    pub fn set_limits(&mut self, limits: Limits) {
        self.budget.limits = limits;
    }

    /// The limits of each call.
    pub const fn limits(&self) -> Limits {
        self.budget.limits
    }

    /// The nodes searched since the solver was made.
    pub const fn nodes(&self) -> u64 {
        self.budget.nodes
    }

    /// The bytes of the transposition table.
    pub const fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets what the table holds (the node count stays).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The verdict of `state` (win, draw or loss for the player to move) without the
    /// distance, which the search finds much sooner: whether the player to move wins,
    /// then, if not, whether it draws.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn verdict(&mut self, state: &State) -> Result<Verdict, SolveError> {
        self.start();
        self.verdict_within(state)
    }

    /// The exact value of `state`: its verdict, then the distance by a search within the
    /// verdict's window (a draw needs none).
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn solve(&mut self, state: &State) -> Result<Value, SolveError> {
        self.start();
        self.value_within(state)
    }

    /// The exact value of `state` by one exact search over the full window, without the
    /// verdict first: usually slower than [`PyrgaSolver::solve`], and a check of the
    /// verdict search by other windows and scores.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn solve_exact(&mut self, state: &State) -> Result<Value, SolveError> {
        self.start();
        let score = self.search::<ExactMode>(state, -INFINITY, INFINITY)?;
        Ok(Value::of_score(score))
    }

    /// The value of every legal move of `state` (the value of the position after it, for
    /// the opponent), in the order of `pyrga::legal_moves`. Moves whose results are images
    /// of each other under the board's symmetries are solved once.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn move_values(&mut self, state: &State) -> Result<Vec<(Move, Value)>, SolveError> {
        self.move_values_resuming(state, &[], &Quiet, |_, _| {})
    }

    /// [`PyrgaSolver::move_values`] for a long solve that can stop and resume: the values
    /// in `known` (from an earlier run) are taken as they are, also for the moves whose
    /// results are their images, and `solved` is called with each value found, as soon as
    /// it is found, so that the caller can save it. `progress` is told of the moves to
    /// solve ([`Job::Moves`], counting the results that are not images of each other, the
    /// known ones at once) and of each one solved.
    ///
    /// ```
    /// use pyrga::{Config, State};
    /// use solve::{PyrgaSolver, Quiet};
    ///
    /// let state = State::new(Config::default())
    ///     .replay("Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1")
    ///     .unwrap();
    /// let mut solver = PyrgaSolver::new(16);
    /// let mut saved = Vec::new();
    /// let all = solver
    ///     .move_values_resuming(&state, &[], &Quiet, |mv, value| saved.push((mv, value)))
    ///     .unwrap();
    /// // A second run that knows the first value solves only the others.
    /// let mut again = Vec::new();
    /// let resumed = solver
    ///     .move_values_resuming(&state, &saved[..1], &Quiet, |mv, value| again.push((mv, value)))
    ///     .unwrap();
    /// assert_eq!(resumed, all);
    /// assert_eq!(again.len(), saved.len() - 1);
    /// ```
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first (the values found before it
    /// were given to `solved`); [`SolveError::IllegalMove`] when a move of `known` is not
    /// legal in `state`.
    pub fn move_values_resuming(
        &mut self,
        state: &State,
        known: &[(Move, Value)],
        progress: &dyn Progress,
        mut solved: impl FnMut(Move, Value),
    ) -> Result<Vec<(Move, Value)>, SolveError> {
        self.start();
        progress.event(Event::Started {
            stage: Job::Moves,
            total: distinct_results(state, pyrga::legal_moves(state)),
        });
        progress.event(Event::Advanced {
            done: distinct_results(state, known.iter().map(|&(mv, _)| mv)),
        });
        let result = self.for_each_move(state, known, |solver, mv, child| {
            let value = solver.value_within(child)?;
            solved(mv, value);
            progress.event(Event::Advanced { done: 1 });
            Ok(value)
        });
        progress.event(Event::Finished);
        result
    }

    /// The verdict of every legal move of `state` (of the position after it, for the
    /// opponent), in the order of `pyrga::legal_moves`; symmetric results solved once.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn move_verdicts(&mut self, state: &State) -> Result<Vec<(Move, Verdict)>, SolveError> {
        self.start();
        self.for_each_move(state, &[], |solver, _, child| solver.verdict_within(child))
    }

    /// `solve` of the position after each legal move of `state`, in the order of
    /// `pyrga::legal_moves`, once for each class of results that are images of each other,
    /// and not at all for the classes of the moves in `known`.
    fn for_each_move<T: Copy>(
        &mut self,
        state: &State,
        known: &[(Move, T)],
        mut solve: impl FnMut(&mut Self, Move, &State) -> Result<T, SolveError>,
    ) -> Result<Vec<(Move, T)>, SolveError> {
        let child = |mv: Move| {
            pyrga::apply(state, mv).map_err(|_| SolveError::IllegalMove { mv: mv.to_string() })
        };
        let mut solved: Vec<(u64, T)> = Vec::new();
        for &(mv, result) in known {
            solved.push((child(mv)?.symmetric_key(), result));
        }
        let mut results = Vec::new();
        for mv in pyrga::legal_moves(state) {
            let child = child(mv)?;
            let key = child.symmetric_key();
            let result = if let Some(&(_, found)) = solved.iter().find(|(k, _)| *k == key) {
                found
            } else {
                let result = solve(self, mv, &child)?;
                solved.push((key, result));
                result
            };
            results.push((mv, result));
        }
        Ok(results)
    }

    /// A best move of `state` (the shortest win, else a draw, else the longest loss) and
    /// the position's value; `None` for a finished game.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn best_move(&mut self, state: &State) -> Result<Option<(Move, Value)>, SolveError> {
        self.start();
        let value = self.value_within(state)?;
        let wanted = ExactMode::child(value.score());
        for (mv, child) in Self::ordered_children(state)? {
            // The move is best when the child's score is exactly the one that gives `value`.
            let score = self.search::<ExactMode>(&child, wanted - 1, wanted + 1)?;
            if score == wanted {
                return Ok(Some((mv, value)));
            }
        }
        Ok(None)
    }

    /// A move that keeps the verdict of `state`, and the verdict: a winning move from a won
    /// position, a drawing move from a drawn one, the first move in the search's order from
    /// a lost one; `None` for a finished game. Perfect play in the sense of the verdict,
    /// found much sooner than [`PyrgaSolver::best_move`], which also keeps the distance
    /// (the shortest win, the longest loss).
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn verdict_move(&mut self, state: &State) -> Result<Option<(Move, Verdict)>, SolveError> {
        self.start();
        if pyrga::count_moves(state) == 0 {
            return Ok(None);
        }
        let verdict = self.verdict_within(state)?;
        for (mv, child) in Self::ordered_children(state)? {
            // A won position needs a child lost for the opponent; a drawn one a child the
            // opponent does not win (none is lost, or the position would be won).
            let kept = match verdict {
                Verdict::Win => self.search::<VerdictMode>(&child, -1, 0)? < 0,
                Verdict::Draw => self.search::<VerdictMode>(&child, 0, 1)? <= 0,
                Verdict::Loss => true,
            };
            if kept {
                return Ok(Some((mv, verdict)));
            }
        }
        Err(SolveError::Internal)
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

    fn verdict_within(&mut self, state: &State) -> Result<Verdict, SolveError> {
        Ok(if self.search::<VerdictMode>(state, 0, 1)? > 0 {
            Verdict::Win
        } else if self.search::<VerdictMode>(state, -1, 0)? >= 0 {
            Verdict::Draw
        } else {
            Verdict::Loss
        })
    }

    fn value_within(&mut self, state: &State) -> Result<Value, SolveError> {
        let verdict = self.verdict_within(state)?;
        let score = match verdict {
            Verdict::Draw => 0,
            Verdict::Win => self.search::<ExactMode>(state, 0, INFINITY)?,
            Verdict::Loss => self.search::<ExactMode>(state, -INFINITY, 0)?,
        };
        let value = Value::of_score(score);
        // The exact search, within the verdict's window, finds the verdict again (a wrong
        // verdict would make it fail out of the window).
        if value.verdict == verdict {
            Ok(value)
        } else {
            Err(SolveError::Internal)
        }
    }

    fn start(&mut self) {
        self.budget.start();
    }

    /// How much work the table says the last verdict search of `state` took: the base-2
    /// logarithm of its nodes (rounded up), 0 when the table no longer holds it.
    fn verdict_work(&self, state: &State) -> u8 {
        self.table
            .probe(self.key(state) ^ VerdictMode::SALT)
            .map_or(0, |entry| entry.work)
    }

    /// The table's key of `state`.
    fn key(&self, state: &State) -> u64 {
        let key = if state.ply() < self.folded_plies {
            state.symmetric_key()
        } else {
            state.position_key()
        };
        // 0 marks an empty entry.
        key.max(1)
    }

    /// The moves of a position and the positions after them, in the order of search with
    /// no table move.
    fn ordered_children(state: &State) -> Result<ArrayVec<(Move, State), MAX_MOVES>, SolveError> {
        let expander = pyrga::Children::new(state);
        let mut moves = expander.moves();
        moves.sort_by_cached_key(|&mv| expander.replies(mv));
        moves
            .into_iter()
            .map(|mv| Ok((mv, expander.play(mv).ok_or(SolveError::Internal)?)))
            .collect()
    }

    /// The fail-soft score of `state` within the window (`alpha`, `beta`) in `M`'s scores.
    fn search<M: Mode>(&mut self, state: &State, alpha: i32, beta: i32) -> Result<i32, SolveError> {
        self.budget.count()?;
        // A finished game is never in the table: it is asked first, as it answers many
        // nodes before their moves are generated.
        let use_table = state.ply() < self.table_plies.min(M::TABLE_PLIES);
        let key = if use_table {
            self.key(state) ^ M::SALT
        } else {
            0
        };
        let probed = if use_table {
            self.table.probe(key)
        } else {
            None
        };
        let (lower, upper, table_move) = match probed {
            Some(entry) => (
                i32::from(entry.lower),
                i32::from(entry.upper),
                usize::from(entry.best),
            ),
            None => (-INFINITY, INFINITY, 0),
        };
        if lower >= beta || lower == upper {
            return Ok(lower);
        }
        if upper <= alpha {
            return Ok(upper);
        }
        let expander = pyrga::Children::new(state);
        let moves = expander.moves();
        if moves.is_empty() {
            let value = Value::of_status(&pyrga::status(state), state.mover())
                .ok_or(SolveError::Internal)?;
            return Ok(M::terminal(value));
        }
        let nodes_before = self.budget.nodes;

        let mut children = ArrayVec::new();
        let (mut best, mut best_index) =
            match self.expand::<M>(&expander, &moves, table_move, beta, &mut children)? {
                Expansion::Cutoff(score) => return Ok(score),
                Expansion::Open { best, best_index } => (best, best_index),
            };
        children.sort_unstable();
        let mut floor = alpha.max(best);
        for &child in &children {
            if floor >= beta {
                break;
            }
            let index = usize::from(child & 0xFF);
            let position = expander.play(moves[index]).ok_or(SolveError::Internal)?;
            let score = M::parent(self.search::<M>(&position, M::child(beta), M::child(floor))?);
            if score > best {
                best = score;
                best_index = index;
                floor = floor.max(score);
            }
        }

        // A fail-soft score is an upper bound at or below alpha, a lower bound at or
        // above beta, and exact between.
        let (lower, upper) = if best <= alpha {
            (lower, upper.min(best))
        } else if best >= beta {
            (lower.max(best), upper)
        } else {
            (best, best)
        };
        if !use_table {
            return Ok(best);
        }
        let work = 64 - (self.budget.nodes - nodes_before).leading_zeros();
        self.table.store(Entry {
            key,
            lower: lower as i16,
            upper: upper as i16,
            best: (best_index + 1) as u8,
            work: work as u8,
        });
        Ok(best)
    }

    /// The children of a position (`expander`, whose legal moves are `moves`, and whose
    /// table move has index `table_move` plus one, or is 0) before any is searched, with `M`'s scores:
    /// the finished ones scored, the others pushed to `children` to be searched.
    fn expand<M: Mode>(
        &self,
        expander: &pyrga::Children,
        moves: &[Move],
        table_move: usize,
        beta: i32,
        children: &mut ArrayVec<Child, MAX_MOVES>,
    ) -> Result<Expansion, SolveError> {
        let mut best = -INFINITY;
        let mut best_index = 0usize;
        for (index, &mv) in moves.iter().enumerate() {
            let replies = expander.replies(mv);
            // The value of the child when known without searching it: a finished game, or
            // one the opponent wins at once (in one ply: no sooner, as it is not finished).
            let known = if replies == 0 {
                let child = expander.play(mv).ok_or(SolveError::Internal)?;
                Some(
                    Value::of_status(&pyrga::status(&child), child.mover())
                        .ok_or(SolveError::Internal)?,
                )
            } else if expander.threatens(mv) {
                Some(Value::win(1))
            } else {
                None
            };
            if let Some(value) = known {
                // A known child is scored here; a win ends the search (no move is better),
                // and so does a score that already reaches the window's top (fail-soft).
                let score = M::parent(M::terminal(value));
                if score > best {
                    best = score;
                    best_index = index;
                }
                if value.verdict == Verdict::Loss || score >= beta {
                    children.clear();
                    break;
                }
                continue;
            }
            if self.transposition_cutoffs {
                // A child whose bound already refutes the window ends the search.
                let key = self.key(&expander.play(mv).ok_or(SolveError::Internal)?);
                if let Some(entry) = self.table.probe(key ^ M::SALT) {
                    let score = M::parent(i32::from(entry.upper));
                    if score >= beta {
                        return Ok(Expansion::Cutoff(score));
                    }
                }
            }
            let place = if index + 1 == table_move {
                0
            } else {
                replies as Child
            };
            children.push(place << 8 | index as Child);
        }
        Ok(Expansion::Open { best, best_index })
    }
}

/// What the moves of a position give before any child is searched.
enum Expansion {
    /// A child's bound in the table refutes the window: the score to return.
    Cutoff(i32),
    /// The best score of the finished children and its move's index; the children to
    /// search are none after a move that wins at once.
    Open { best: i32, best_index: usize },
}

/// The number of the results of `moves` in `state` that are not images of each other
/// (illegal moves left out).
fn distinct_results(state: &State, moves: impl IntoIterator<Item = Move>) -> u64 {
    let mut keys: Vec<u64> = moves
        .into_iter()
        .filter_map(|mv| pyrga::apply(state, mv).ok())
        .map(|child| child.symmetric_key())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys.len() as u64
}
