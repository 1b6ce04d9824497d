//! Alpha-beta search (negamax with iterative deepening and a transposition table) for
//! two-player games without chance.

use boardcore::rand_core::SeedableRng;
use boardcore::{Actor, Game, Outcome, Player, Status, uniform_below};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Bot;
use crate::budget::{Budget, RunningBudget};
use crate::eval::{Evaluate, WIN};

/// Scores beyond this are won or lost games found by the search.
const WON: i32 = WIN - 10_000;

/// One slot of the transposition table.
#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// What one search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlphaBetaReport<M> {
    /// The best move found at the deepest completed depth.
    pub best: M,
    /// Its score for the player to move ([`WIN`] minus plies for a forced win).
    pub score: i32,
    /// The deepest depth completed.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

impl<M> AlphaBetaReport<M> {
    /// Whether the search proved a win for the player to move.
    pub fn is_forced_win(&self) -> bool {
        self.score >= WON
    }

    /// Whether the search proved that every move loses.
    pub fn is_forced_loss(&self) -> bool {
        self.score <= -WON
    }
}

/// A negamax alpha-beta bot with iterative deepening and a transposition table keyed by
/// [`Game::position_key`], for two-player games without chance (Pyrga, Pylos).
///
/// The budget's iteration limit is the deepest depth searched; a time limit stops the
/// search and keeps the deepest completed depth's move. It finds the forced wins within its
/// depth, and never chooses a move that loses by force within its depth while another
/// does not. It declines positions where chance decides ([`Bot::choose`] is `None`).
///
/// Among moves of equal score it keeps the first one it searched: in the order of
/// [`Game::legal_moves`], or in an order shuffled anew for each search when the bot is
/// seeded ([`AlphaBeta::with_seed`]), so that seeded games differ.
///
/// ```
/// # #[cfg(feature = "pyrga")] // Pyrga's evaluation
/// # fn main() {
/// use bots::{AlphaBeta, Bot, Budget};
/// use pyrga::{Config, State};
///
/// let mut bot = AlphaBeta::new(Budget::iterations(3));
/// let start = State::new(Config::default());
/// let report = bot.search(&start).unwrap();
/// assert_eq!(report.depth, 3);
/// assert!(pyrga::legal_moves(&start).contains(&report.best));
/// # }
/// # #[cfg(not(feature = "pyrga"))]
/// # fn main() {}
/// ```
pub struct AlphaBeta<G: Game> {
    budget: Budget,
    /// Shuffles the moves of the root, when the bot is seeded.
    shuffle: Option<Xoshiro256PlusPlus>,
    table: Vec<Option<Entry<G::Move>>>,
    nodes: u64,
    stopped: bool,
}

/// Transposition table slots (2^18 entries).
const TABLE_SIZE: usize = 1 << 18;

impl<G: Evaluate> AlphaBeta<G> {
    /// A search limited by `budget` (its iteration limit is the maximum depth).
    pub fn new(budget: Budget) -> Self {
        AlphaBeta {
            budget,
            shuffle: None,
            table: vec![None; TABLE_SIZE],
            nodes: 0,
            stopped: false,
        }
    }

    /// The same bot, choosing among equally good moves at random from `seed`: the moves
    /// of each search's root are shuffled before the first depth, and the search keeps the
    /// first best one.
    ///
    /// ```
    /// # #[cfg(feature = "pyrga")] // Pyrga's evaluation
    /// # fn main() {
    /// use bots::{AlphaBeta, Bot, Budget};
    /// use pyrga::{Config, State};
    ///
    /// let start = State::new(Config::default());
    /// let choices: std::collections::HashSet<_> = (0..8)
    ///     .map(|seed| AlphaBeta::new(Budget::iterations(1)).with_seed(seed).choose(&start))
    ///     .collect();
    /// assert!(choices.len() > 1);
    /// # }
    /// # #[cfg(not(feature = "pyrga"))]
    /// # fn main() {}
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.shuffle = Some(Xoshiro256PlusPlus::seed_from_u64(seed));
        self
    }

    /// Replaces the budget of the next searches (a bot that shares a move's time among
    /// several searches gives this one what is left).
    #[cfg(feature = "perfect-pyrga")]
    pub(crate) fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Searches `state`, where a player decides; `None` when the game is over or chance
    /// decides.
    pub fn search(&mut self, state: &G) -> Option<AlphaBetaReport<G::Move>> {
        let Status::Ongoing(Actor::Player(me)) = state.status() else {
            return None;
        };
        let mut moves: Vec<G::Move> = state.legal_moves().to_vec();
        if let Some(rng) = &mut self.shuffle {
            for last in (1..moves.len()).rev() {
                let other = uniform_below(rng, last as u64 + 1) as usize;
                moves.swap(last, other);
            }
        }
        let first = *moves.first()?;
        let meter = self.budget.start();
        self.nodes = 0;
        self.stopped = false;
        let mut report = AlphaBetaReport {
            best: first,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        let max_depth = self
            .budget
            .max_iterations()
            .map_or(u32::MAX, |d| d.min(u64::from(u32::MAX)) as u32);
        let mut depth = 1;
        while depth <= max_depth && !meter.exhausted(u64::from(depth) - 1) {
            let mut alpha = -WIN - 1;
            let mut best = None;
            for &mv in &moves {
                let Ok(child) = state.apply(mv) else {
                    continue;
                };
                let score = self.child_score(&child, me, depth - 1, alpha, WIN + 1, 1, &meter);
                if self.stopped {
                    break;
                }
                if score > alpha || best.is_none() {
                    alpha = score;
                    best = Some(mv);
                }
            }
            if self.stopped {
                break;
            }
            let Some(best) = best else {
                break;
            };
            report = AlphaBetaReport {
                best,
                score: alpha,
                depth,
                nodes: self.nodes,
            };
            // Search the best move first at the next depth.
            if let Some(position) = moves.iter().position(|&m| m == best) {
                moves[..=position].rotate_right(1);
            }
            if alpha.abs() >= WON {
                break;
            }
            depth += 1;
        }
        report.nodes = self.nodes;
        Some(report)
    }

    /// The score of `child` for `me`, who moved into it.
    #[allow(clippy::too_many_arguments)]
    fn child_score(
        &mut self,
        child: &G,
        me: Player,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
        meter: &RunningBudget,
    ) -> i32 {
        match child.status() {
            Status::Finished(outcome) => terminal_score(&outcome, me, ply),
            Status::Ongoing(Actor::Player(next)) if next == me => {
                self.negamax(child, depth, alpha, beta, ply, meter)
            }
            Status::Ongoing(Actor::Player(_)) => {
                -self.negamax(child, depth, -beta, -alpha, ply, meter)
            }
            Status::Ongoing(Actor::Chance) => 0,
        }
    }

    /// The score of `state` for the player to move there, within `alpha..beta`.
    fn negamax(
        &mut self,
        state: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        meter: &RunningBudget,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && meter.exhausted(0) && self.budget.max_time().is_some()
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let Status::Ongoing(Actor::Player(me)) = state.status() else {
            return 0;
        };
        if depth == 0 {
            return state.evaluate(me);
        }
        let key = state.position_key();
        let slot = (key as usize) % TABLE_SIZE;
        let mut first = None;
        if let Some(entry) = self.table[slot].filter(|e| e.key == key) {
            first = entry.best;
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let original_alpha = alpha;
        let moves = state.legal_moves();
        let ordered = first
            .into_iter()
            .chain(moves.iter().copied().filter(|&m| Some(m) != first));
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        for mv in ordered {
            let Ok(child) = state.apply(mv) else {
                continue;
            };
            let score = self.child_score(&child, me, depth - 1, alpha, beta, ply + 1, meter);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Some(Entry {
            key,
            depth,
            score: to_table(best_score, ply),
            bound,
            best: best_move,
        });
        best_score
    }
}

/// The score of a finished game for `me`, `ply` moves below the root.
fn terminal_score(outcome: &Outcome, me: Player, ply: i32) -> i32 {
    match outcome.winner() {
        Some(winner) if winner == me => WIN - ply,
        Some(_) => -(WIN - ply),
        None => 0,
    }
}

/// Win scores are stored relative to the node, so that a table hit at another depth of
/// the tree counts the plies from there.
fn to_table(score: i32, ply: i32) -> i32 {
    if score >= WON {
        score + ply
    } else if score <= -WON {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score >= WON {
        score - ply
    } else if score <= -WON {
        score + ply
    } else {
        score
    }
}

impl<G: Evaluate> Bot<G> for AlphaBeta<G> {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn choose(&mut self, state: &G) -> Option<G::Move> {
        self.search(state).map(|report| report.best)
    }
}
