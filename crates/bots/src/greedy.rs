//! Crescendo's greedy policy.
//!
//! In the movement phase the policy looks one move ahead:
//! 1. a move that finishes one of its towers, if any;
//! 2. otherwise the best of the moves that join its own towers into a tower taller than
//!    its tallest one (scored by the height reached) and the moves that scatter an
//!    unprotected opponent tower (scored by the height scattered), ties broken at random;
//! 3. otherwise a uniformly random legal move.
//!
//! Every other decision (laying crosses, setting up pawns, placing scattered pawns) is
//! uniformly random. Joins count only when they raise the tallest tower, so the policy
//! never shuffles pawns between two of its towers for ever.

use boardcore::rand_core::{Rng, SeedableRng};
use boardcore::{Playout, uniform_below};
use crescendo::{
    GroupMoves, Move, MoveList, Phase, State, apply, group_moves, legal_moves_into, status,
};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Bot;

/// The greedy policy's move in `state` with the caller's generator, or `None` when the
/// match is over.
///
/// ```
/// use bots::greedy;
/// use crescendo::{Config, Players, State};
/// use rand_core::SeedableRng;
/// use rand_xoshiro::Xoshiro256PlusPlus;
///
/// let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
/// let start = State::new(Config::new(Players::Two));
/// let mv = greedy::crescendo_move(&start, &mut rng).unwrap();
/// assert!(crescendo::apply(&start, mv).is_ok());
/// ```
pub fn crescendo_move<R: Rng + ?Sized>(state: &State, rng: &mut R) -> Option<Move> {
    let Phase::Moving { to_move, .. } = state.phase() else {
        let mut moves = MoveList::new();
        legal_moves_into(state, &mut moves);
        return pick(&moves, rng);
    };
    let groups = group_moves(state);
    if groups.is_empty() {
        return Some(Move::Pass);
    }
    let target = state.target();
    let tallest = state.tallest(to_move);
    let mut best_score = 0u8;
    let mut best = GroupMoves::new();
    for &group in &groups {
        let score = match state.tower(group.to) {
            Some(tower) if tower.owner == to_move => {
                let reached = tower.height + group.count;
                if reached >= target {
                    return Some(group.to_move(state.board()));
                }
                if reached > tallest { reached } else { 0 }
            }
            // Group moves never land on a protected tower, so this one scatters.
            Some(tower) => tower.height,
            None => 0,
        };
        if score == 0 || score < best_score {
            continue;
        }
        if score > best_score {
            best_score = score;
            best.clear();
        }
        best.push(group);
    }
    let chosen = if best.is_empty() { &groups } else { &best };
    pick(chosen, rng).map(|group| group.to_move(state.board()))
}

/// A uniformly random element of `choices`.
fn pick<T: Copy, R: Rng + ?Sized>(choices: &[T], rng: &mut R) -> Option<T> {
    choices
        .get(uniform_below(rng, choices.len() as u64) as usize)
        .copied()
}

/// Plays the greedy policy for every player from `start` until the match ends or
/// `max_plies` moves are played.
///
/// ```
/// use bots::greedy;
/// use crescendo::{Config, Players, State};
/// use rand_core::SeedableRng;
/// use rand_xoshiro::Xoshiro256PlusPlus;
///
/// let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
/// let end = greedy::crescendo_playout(&State::new(Config::new(Players::Two)), &mut rng, 100_000);
/// assert!(end.finished);
/// ```
pub fn crescendo_playout<R: Rng + ?Sized>(
    start: &State,
    rng: &mut R,
    max_plies: usize,
) -> Playout<State> {
    let mut state = *start;
    let mut plies = 0;
    while plies < max_plies {
        let Some(next) = crescendo_move(&state, rng).and_then(|mv| apply(&state, mv).ok()) else {
            break;
        };
        state = next;
        plies += 1;
    }
    Playout {
        finished: status(&state).is_finished(),
        state,
        plies,
    }
}

/// The greedy policy as a [`Bot`] for Crescendo, with its own seeded generator.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: Xoshiro256PlusPlus,
}

impl GreedyBot {
    /// A greedy bot whose random choices follow from `seed`.
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl Bot<State> for GreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, state: &State) -> Option<Move> {
        crescendo_move(state, &mut self.rng)
    }
}
