//! Depth-first proof-number search (df-pn) for the verdict of Pyrga positions: a second
//! method, independent of the alpha-beta searches, to confirm their verdicts.

use arrayvec::ArrayVec;
use pyrga::{MAX_MOVES, State};

use super::{Budget, Limits};
use crate::error::SolveError;
use crate::value::{Value, Verdict};

/// A proof or disproof number that stands for "infinite": the goal cannot be reached (or
/// cannot be refuted).
const INFINITE: u32 = u32::MAX / 4;

/// One slot of the table: the position's key with the goal mixed in (0: empty), then its
/// proof number and its disproof number (high half). Plain words, so that a new table is
/// memory the system gives zeroed, touched only where used.
type Slot = [u64; 2];

/// What the player to move at the root wants to prove.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Goal {
    /// The root's player wins.
    Win,
    /// The root's player wins or draws.
    NotLose,
}

/// A verdict solver for Pyrga by depth-first proof-number search (df-pn, after Nagai): it
/// proves or disproves "the player to move wins", then, if disproved, "the player to move
/// does not lose", keeping proof and disproof numbers in a table of `2^bits` slots
/// (16 bytes each, always replaced). A position is expanded with proof and disproof numbers
/// taken from the children's numbers of moves, and nothing else of
/// [`PyrgaSolver`](crate::PyrgaSolver)'s searches is shared: no move order, no scores, no
/// alpha-beta windows. So it is a second method for the verdict.
///
/// ```
/// use pyrga::{Config, State};
/// use solve::{PyrgaProof, PyrgaSolver};
///
/// let state = State::new(Config::default())
///     .replay("Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w")
///     .unwrap();
/// let by_proof = PyrgaProof::new(18).verdict(&state).unwrap();
/// assert_eq!(by_proof, PyrgaSolver::new(18).verdict(&state).unwrap());
/// ```
pub struct PyrgaProof {
    table: Vec<Slot>,
    mask: usize,
    budget: Budget,
}

impl PyrgaProof {
    /// A solver with a table of `2^bits` slots (16 bytes each), `bits` clamped to 4..=34
    /// (4..=26 on 32-bit targets), and no limits.
    pub fn new(bits: u32) -> PyrgaProof {
        let most = if usize::BITS >= 64 { 34 } else { 26 };
        let size = 1usize << bits.clamp(4, most);
        PyrgaProof {
            table: vec![[0; 2]; size],
            mask: size - 1,
            budget: Budget::new(),
        }
    }

    /// This solver with `limits` on each later call.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> PyrgaProof {
        self.budget.limits = limits;
        self
    }

    /// The positions expanded since the solver was made.
    pub const fn nodes(&self) -> u64 {
        self.budget.nodes
    }

    /// The verdict of `state` for the player to move.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a limit runs out first.
    pub fn verdict(&mut self, state: &State) -> Result<Verdict, SolveError> {
        self.budget.start();
        if let Some(value) = Value::of_status(&pyrga::status(state), state.mover()) {
            return Ok(value.verdict);
        }
        Ok(if self.prove(state, Goal::Win)? {
            Verdict::Win
        } else if self.prove(state, Goal::NotLose)? {
            Verdict::Draw
        } else {
            Verdict::Loss
        })
    }

    /// Whether the root's player reaches `goal` from `root` (not finished).
    fn prove(&mut self, root: &State, goal: Goal) -> Result<bool, SolveError> {
        let attacker = root.mover();
        let (proof, _) = self.expand(root, goal, attacker, INFINITE, INFINITE)?;
        Ok(proof == 0)
    }

    /// The table's key of `state` under `goal`.
    fn key(state: &State, goal: Goal) -> u64 {
        let salt = match goal {
            Goal::Win => 0x5851_F42D_4C95_7F2D,
            Goal::NotLose => 0x1405_7B7E_F767_814F,
        };
        (state.position_key() ^ salt).max(1)
    }

    /// The numbers of `state` the table holds, else the first estimate from its moves: a
    /// node where the attacker moves needs one move proven and all refuted, the other way
    /// round where the defender moves.
    fn numbers(&self, state: &State, goal: Goal, attacker: boardcore::Player) -> (u32, u32) {
        if let Some(value) = Value::of_status(&pyrga::status(state), state.mover()) {
            return terminal(value, state.mover() == attacker, goal);
        }
        let key = Self::key(state, goal);
        let [slot_key, numbers] = self.table[(key as usize) & self.mask];
        if slot_key == key {
            return (numbers as u32, (numbers >> 32) as u32);
        }
        let moves = pyrga::count_moves(state) as u32;
        if state.mover() == attacker {
            (1, moves)
        } else {
            (moves, 1)
        }
    }

    /// Searches `state` until its proof number reaches `proof_limit` or its disproof
    /// number `disproof_limit`; returns its numbers then.
    fn expand(
        &mut self,
        state: &State,
        goal: Goal,
        attacker: boardcore::Player,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> Result<(u32, u32), SolveError> {
        self.budget.count()?;
        let attacking = state.mover() == attacker;
        // Each child with its numbers, kept here and updated from its searches, so that a
        // table slot lost to another position never hides the progress made below.
        let mut children = ArrayVec::<(State, u32, u32), MAX_MOVES>::new();
        for &mv in &pyrga::legal_moves(state) {
            let child = pyrga::apply(state, mv).map_err(|_| SolveError::Internal)?;
            let (proof, disproof) = self.numbers(&child, goal, attacker);
            children.push((child, proof, disproof));
        }
        loop {
            // At the attacker's node: proof = the least child proof, disproof = the sum of
            // the children's; at the defender's, the other way round.
            let mut least = (INFINITE, INFINITE, 0usize);
            let mut sum = 0u32;
            for (index, &(_, child_proof, child_disproof)) in children.iter().enumerate() {
                let (near, far) = if attacking {
                    (child_proof, child_disproof)
                } else {
                    (child_disproof, child_proof)
                };
                sum = sum.saturating_add(far).min(INFINITE);
                if near < least.0 {
                    least = (near, least.0, index);
                } else if near < least.1 {
                    least.1 = near;
                }
            }
            let (proof, disproof) = if attacking {
                (least.0, sum)
            } else {
                (sum, least.0)
            };
            if proof >= proof_limit || disproof >= disproof_limit || proof == 0 || disproof == 0 {
                self.store(state, goal, proof, disproof);
                return Ok((proof, disproof));
            }
            let (child, child_proof, child_disproof) = children[least.2];
            let second = least.1.saturating_add(1).min(INFINITE);
            let (child_proof_limit, child_disproof_limit) = if attacking {
                (
                    proof_limit.min(second),
                    (disproof_limit - disproof)
                        .saturating_add(child_disproof)
                        .min(INFINITE),
                )
            } else {
                (
                    (proof_limit - proof)
                        .saturating_add(child_proof)
                        .min(INFINITE),
                    disproof_limit.min(second),
                )
            };
            let (new_proof, new_disproof) = self.expand(
                &child,
                goal,
                attacker,
                child_proof_limit,
                child_disproof_limit,
            )?;
            children[least.2].1 = new_proof;
            children[least.2].2 = new_disproof;
        }
    }

    fn store(&mut self, state: &State, goal: Goal, proof: u32, disproof: u32) {
        let key = Self::key(state, goal);
        self.table[(key as usize) & self.mask] =
            [key, u64::from(proof) | u64::from(disproof) << 32];
    }
}

/// The numbers of a finished game of `value` for its player to move (the attacker when
/// `attacker_to_move`): proven (0, infinite) when the attacker reached `goal`, disproven
/// (infinite, 0) otherwise.
fn terminal(value: Value, attacker_to_move: bool, goal: Goal) -> (u32, u32) {
    let attacker_verdict = match (value.verdict, attacker_to_move) {
        (verdict, true) => verdict,
        (Verdict::Win, false) => Verdict::Loss,
        (Verdict::Loss, false) => Verdict::Win,
        (Verdict::Draw, false) => Verdict::Draw,
    };
    let reached = match goal {
        Goal::Win => attacker_verdict == Verdict::Win,
        Goal::NotLose => attacker_verdict != Verdict::Loss,
    };
    if reached {
        (0, INFINITE)
    } else {
        (INFINITE, 0)
    }
}
