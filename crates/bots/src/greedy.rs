//! Crescendo's greedy policy.
//!
//! In the movement phase the policy looks one move ahead, in this order:
//! 1. a move that finishes one of its towers;
//! 2. a join of its own towers (a whole tower moving onto another, or a part of one
//!    raising its tallest tower), the tallest tower reached first;
//! 3. a scatter of the tallest unprotected opponent tower it can reach;
//! 4. a uniformly random legal move.
//!
//! Ties are broken at random, and every other decision (laying crosses, setting up pawns,
//! placing scattered pawns) is uniformly random. A part of a tower joins another only when
//! it raises the player's tallest tower, so the policy does not shuffle pawns back and
//! forth between two of its towers.
//!
//! [`Greedy`] is the policy for the playouts of a search, [`GreedyBot`] the policy as a
//! player.

use boardcore::Generator;
use boardcore::rand_core::SeedableRng;
use boardcore::{Playout, uniform_below};
use crescendo::{
    GroupMove, GroupMoves, Move, MoveList, Phase, State, apply, group_moves, legal_moves_into,
    status,
};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Bot;
use crate::policy::Policy;

/// The greedy policy's move in `state` with the caller's generator, or `None` when the
/// match is over.
///
/// ```
/// use bots::greedy;
/// use crescendo::{Config, Players, State};
/// use bots::boardcore::SeededRng;
///
/// let mut rng = SeededRng::new(7);
/// let start = State::new(Config::new(Players::Two));
/// let mv = greedy::crescendo_move(&start, &mut rng).unwrap();
/// assert!(crescendo::apply(&start, mv).is_ok());
/// ```
pub fn crescendo_move<R: Generator + ?Sized>(state: &State, rng: &mut R) -> Option<Move> {
    let Phase::Moving { to_move, .. } = state.phase() else {
        let mut moves = MoveList::new();
        legal_moves_into(state, &mut moves);
        return pick(&moves, rng);
    };
    let groups = group_moves(state);
    if groups.is_empty() {
        return Some(Move::Pass);
    }
    if let Some(finish) = finishing_move(state, &groups) {
        return Some(finish.to_move(state.board()));
    }
    let tallest = state.tallest(to_move);
    let (mut joins, mut join_height) = (GroupMoves::new(), 0u8);
    let (mut scatters, mut scatter_height) = (GroupMoves::new(), 0u8);
    for &group in &groups {
        let Some(tower) = state.tower(group.to) else {
            continue;
        };
        if tower.owner == to_move {
            let reached = tower.height + group.count;
            let whole = state
                .tower(group.from)
                .is_some_and(|t| t.height == group.count);
            if whole || reached > tallest {
                keep_tallest(&mut joins, &mut join_height, group, reached);
            }
        } else {
            // Group moves never land on a protected tower, so this one scatters.
            keep_tallest(&mut scatters, &mut scatter_height, group, tower.height);
        }
    }
    let chosen = if !joins.is_empty() {
        &joins
    } else if !scatters.is_empty() {
        &scatters
    } else {
        &groups
    };
    pick(chosen, rng).map(|group| group.to_move(state.board()))
}

/// The first of `groups` (the group moves of `state`) that finishes a tower of the player
/// to move, if any.
pub(crate) fn finishing_move(state: &State, groups: &[GroupMove]) -> Option<GroupMove> {
    let mover = state.to_move()?;
    let target = state.target();
    groups.iter().copied().find(|group| {
        state
            .tower(group.to)
            .is_some_and(|tower| tower.owner == mover && tower.height + group.count >= target)
    })
}

/// Keeps in `best` the groups of the greatest `height` seen so far.
fn keep_tallest(best: &mut GroupMoves, best_height: &mut u8, group: GroupMove, height: u8) {
    if height > *best_height {
        *best_height = height;
        best.clear();
    }
    if height == *best_height {
        best.push(group);
    }
}

/// A uniformly random element of `choices`.
fn pick<T: Copy, R: Generator + ?Sized>(choices: &[T], rng: &mut R) -> Option<T> {
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
/// use bots::boardcore::SeededRng;
///
/// let mut rng = SeededRng::new(1);
/// let end = greedy::crescendo_playout(&State::new(Config::new(Players::Two)), &mut rng, 100_000);
/// assert!(end.finished);
/// ```
pub fn crescendo_playout<R: Generator + ?Sized>(
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

/// The greedy policy for the playouts of a search ([`Policy`]): [`crescendo_move`] for
/// every player, within the round in progress. A playout stops when a new round starts
/// (no cross laid yet): a search of one round cannot foresee the next, whose players set
/// up from nothing, and the search's cut-off function scores the round's result instead.
///
/// ```
/// use bots::{greedy::Greedy, playout, Policy};
/// use crescendo::{Config, Players, State};
/// use bots::boardcore::SeededRng;
///
/// let mut rng = SeededRng::new(3);
/// let start = State::new(Config::new(Players::Three));
/// // The new round's empty table ends a playout: no move there.
/// assert_eq!(Greedy.pick(&start, &mut rng), None);
/// let laid = start.replay("X0,0r0").unwrap();
/// assert!(Greedy.pick(&laid, &mut rng).is_some());
/// // Playouts of the final finish its only round, or stop at the cap.
/// let final_round = State::new(Config::new(Players::Two)).replay("X0,0r1").unwrap();
/// let rewards = playout(&final_round, &mut Greedy, &mut rng, 100_000, |_| [0.5; 4]);
/// assert_eq!(rewards[0] + rewards[1], 1.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Policy<State> for Greedy {
    fn pick<R: Generator + ?Sized>(&mut self, state: &State, rng: &mut R) -> Option<Move> {
        if state.phase() == Phase::Laying && state.board().is_empty() {
            return None;
        }
        crescendo_move(state, rng)
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
