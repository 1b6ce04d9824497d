//! Perft without move lists.

use crate::movegen::{Mover, count_for, count_moves, ended_by_rule, for_each_move};
use crate::state::State;

/// The number of move sequences of exactly `depth` moves from `state` (take-back sets
/// counted once each); `perft(s, 0)` is 1 and a finished game has no moves.
///
/// It gives the same numbers as the generic [`boardcore::perft`], faster: it plays each
/// move straight from the generator's masks, never building a [`MoveList`](crate::MoveList)
/// nor checking the (already legal) moves again, and counts the last ply with
/// [`count_moves`], sharing between siblings what the next player's moves depend on.
///
/// ```
/// use pylos::{perft, Config, State};
///
/// let start = State::new(Config::default());
/// assert_eq!(perft(&start, 3), 3360);
/// assert_eq!(perft(&start, 3), pylos::boardcore::perft(&start, 3));
/// ```
pub fn perft(state: &State, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(state) as u64,
        2 => {
            // The player to move next is the same in every child, with the same balls
            // and reserve: what their moves depend on besides the board is found once.
            let next = Mover::new(state, state.mover().other());
            let mut total = 0;
            for_each_move(state, |from, to, take| {
                let child = state.played(from, to, take);
                if !ended_by_rule(&child) {
                    total += count_for(&next, child.occupied()) as u64;
                }
            });
            total
        }
        _ => {
            let mut total = 0;
            for_each_move(state, |from, to, take| {
                total += perft(&state.played(from, to, take), depth - 1);
            });
            total
        }
    }
}
