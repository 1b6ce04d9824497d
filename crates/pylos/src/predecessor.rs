//! Moves played backwards: every position one move before a given one, for retrograde
//! analysis.

use crate::config::Variant;
use crate::movegen::for_each_bit;
use crate::moves::Move;
use crate::pattern::completes;
use crate::rules::apply;
use crate::spot::{ABOVE, ALL_SPOTS, BELOW, LEVEL_SPOTS, Spot, covered, supported};
use crate::state::State;

/// Calls `f(previous, mv)` for every position `previous` and legal move `mv` of it such
/// that playing `mv` in `previous` gives exactly `state`: each such pair once. This is
/// move generation run backwards, the step of a retrograde analysis that goes from a
/// solved position to the positions whose value it decides.
///
/// The player who made the move is the opponent of `state`'s player to move. Undoing it
/// means lifting one of their free balls (the one placed or raised, on which nothing can
/// rest yet), putting back the balls they took back, if any, and either returning the
/// lifted ball to their reserve (a placement) or setting it on a lower spot it could have
/// risen from (a raise). Each candidate is checked by playing it forwards with
/// [`apply`], so every pair given is a legal move between valid positions. It allocates
/// nothing.
///
/// Positions are not checked for reachability from the start, as everywhere in this
/// crate: `previous` is a valid position (see [`State::validate`]) with a game going on.
///
/// ```
/// use pylos::{apply, for_each_predecessor, Config, State};
///
/// let start = State::new(Config::default());
/// let state = start.replay("0a1").unwrap();
/// let mut previous = Vec::new();
/// for_each_predecessor(&state, |position, mv| previous.push((*position, mv.to_string())));
/// assert_eq!(previous, [(start, "0a1".to_owned())]);
///
/// // A square completed, then two balls taken back: the ball placed and one of the
/// // square. Going back finds that move among the others.
/// let before = start.replay("0a1 0d4 0b1 0d3 0a2 0d2").unwrap();
/// let mv = "0b2x0b2x0a1".parse().unwrap();
/// let after = apply(&before, mv).unwrap();
/// let mut found = false;
/// for_each_predecessor(&after, |position, back| found |= *position == before && back == mv);
/// assert!(found);
/// ```
pub fn for_each_predecessor(state: &State, mut f: impl FnMut(&State, Move)) {
    let mover = state.to_move.other();
    let seat = usize::from(mover.index() != 0);
    let own = state.mask_of(mover);
    let occupied = state.occupied();
    let variant = state.config.variant;
    // Tries the move `from` (0 for the reserve) to `to`, taking back `take`.
    let mut try_move = |from: u32, to: u32, take: u32| {
        let mut previous = *state;
        previous.balls[seat] = (own | take) & !to | from;
        previous.to_move = mover;
        let mv = Move::from_masks(from, to, take);
        if previous.validate().is_ok() && apply(&previous, mv).is_ok_and(|next| next == *state) {
            f(&previous, mv);
        }
    };
    // Tries the placement and every raise onto `to` followed by the take-back `take`.
    let mut undo = |to: u32, take: u32| {
        try_move(0, to, take);
        let spot = Spot::lowest(to);
        if spot.level() > 0 {
            // Before the move, `to` was empty and the balls taken back were there; a raised
            // ball came from a lower level, not from under `to`, and lay free.
            let before = (occupied | take) & !to;
            let lower = ((1u32 << LEVEL_SPOTS[usize::from(spot.level())].trailing_zeros()) - 1)
                & !BELOW[spot.index()];
            for_each_bit(supported(before) & !before & lower, |from| {
                if ABOVE[Spot::lowest(from).index()] & before == 0 {
                    try_move(from, to, take);
                }
            });
        }
    };
    // The empty spots that can hold a ball, and those that can once one of them holds one.
    let open = supported(occupied) & !occupied & ALL_SPOTS;
    let reach = supported(occupied | open) & !occupied & ALL_SPOTS;
    // A take-back needs a pattern through `to` of own balls, some of which may be among
    // those taken back (`to` itself included).
    let takes_back = |to: u32, take: u32| {
        variant != Variant::Children && completes(variant, (own | take) & !to, Spot::lowest(to))
    };
    // The ball moved stayed on the board: it rests free, since a ball set on it would have
    // come later, and the balls taken back lay on empty spots not on it.
    for_each_bit(own & !covered(occupied), |to| {
        undo(to, 0);
        let not_on_to = !ABOVE[Spot::lowest(to).index()];
        if !takes_back(to, reach & not_on_to) {
            return;
        }
        let open = open & not_on_to;
        let mut with = |take: u32| {
            if takes_back(to, take) {
                undo(to, take);
            }
        };
        for_each_bit(open, &mut with);
        for_each_bit(open, |first| {
            for_each_bit(open & !(first | (first - 1)), |second| with(first | second));
        });
        // A pair of which one ball rested on the other.
        for_each_bit(open, |under| {
            let on = supported(occupied | under) & !occupied & ABOVE[Spot::lowest(under).index()];
            for_each_bit(on & not_on_to, |upper| with(under | upper));
        });
    });
    // The ball moved was taken back at once, alone or with another ball: one lying on an
    // open spot, or the one under it.
    if variant == Variant::Children {
        return;
    }
    for_each_bit(reach, |to| {
        if !takes_back(to, to | reach) {
            return;
        }
        let mut with = |take: u32| {
            if takes_back(to, take) {
                undo(to, take);
            }
        };
        if open & to != 0 {
            with(to);
            for_each_bit(open & !to, |other| with(to | other));
        } else {
            for_each_bit(open & BELOW[Spot::lowest(to).index()], |under| {
                if supported(occupied | under) & to != 0 {
                    with(to | under);
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::movegen::legal_moves;

    /// The predecessors of `state`, as a list.
    fn predecessors(state: &State) -> Vec<(State, Move)> {
        let mut found = Vec::new();
        for_each_predecessor(state, |previous, mv| found.push((*previous, mv)));
        found
    }

    #[test]
    fn the_start_has_no_predecessor() {
        assert!(predecessors(&State::new(Config::default())).is_empty());
    }

    #[test]
    fn every_move_of_a_game_is_found_backwards() {
        let mut state = State::new(Config::default());
        for ply in 0..40 {
            let moves = legal_moves(&state);
            for &mv in &moves {
                let after = apply(&state, mv).unwrap();
                let found = predecessors(&after);
                assert!(found.contains(&(state, mv)), "{mv} from {state}");
                for (previous, back) in found {
                    assert_eq!(apply(&previous, back).unwrap(), after);
                }
            }
            let Some(&next) = moves.get(ply * 7 % moves.len().max(1)) else {
                break;
            };
            state = apply(&state, next).unwrap();
        }
    }
}
