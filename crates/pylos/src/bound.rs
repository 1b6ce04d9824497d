//! The proof of [`MAX_MOVES`](crate::MAX_MOVES): an upper bound on the moves of every
//! filling of the pyramid (whatever the colours, player to move and options), maximised
//! by enumerating all 141 120 fillings without a floating ball.

use crate::config::Variant;
use crate::pattern::patterns;
use crate::spot::{ABOVE, BELOW, LEVEL_SPOTS, Spot, covered, supported};
use crate::state::BALLS_PER_PLAYER;

/// Calls `f` with every set of spots that can hold balls without any floating.
fn for_each_filling(mut f: impl FnMut(u32)) {
    fn extend(balls: u32, level: usize, f: &mut impl FnMut(u32)) {
        if level == LEVEL_SPOTS.len() {
            f(balls);
            return;
        }
        let choices = supported(balls) & LEVEL_SPOTS[level];
        // Every subset of the spots of this level that can hold a ball.
        let mut subset = 0u32;
        loop {
            extend(balls | subset, level + 1, f);
            if subset == choices {
                break;
            }
            subset = (subset.wrapping_sub(choices)) & choices;
        }
    }
    extend(0, 0, &mut f);
}

/// An upper bound on the legal moves of any position whose balls fill `balls`, whatever
/// their colours, player to move and options.
pub(crate) fn move_bound(balls: u32) -> u64 {
    let cap = u64::from(BALLS_PER_PLAYER);
    let open = supported(balls) & !balls & crate::spot::ALL_SPOTS;
    let free = balls & !covered(balls);
    Spot::in_mask(open)
        .map(|to| {
            let level = to.level();
            // Balls that could rise to `to`: free, lower, not under it.
            let raisable = Spot::in_mask(free & !BELOW[to.index()])
                .filter(|from| from.level() < level)
                .count() as u64;
            let actions = 1 + raisable.min(cap);
            // The expert patterns include the standard ones; `to` completes one only if
            // every other spot of it holds a ball.
            let completes = patterns(Variant::Expert)
                .iter()
                .any(|&p| p & to.bit() != 0 && p & !to.bit() & !balls == 0);
            if !completes {
                return actions;
            }
            // Balls that could be taken back after the action: at most two balls rest on
            // them before the raised ball leaves (the raised ball, then the first ball
            // taken back, may be the ones on them).
            let after = balls | to.bit();
            let candidates = Spot::in_mask(after)
                .filter(|spot| (ABOVE[spot.index()] & after).count_ones() <= 2)
                .count() as u64;
            let k = candidates.min(cap);
            actions * (1 + k + k * k.saturating_sub(1) / 2)
        })
        .sum()
}

#[test]
fn max_moves_bounds_every_filling() {
    let mut fillings = 0u64;
    let mut worst = 0u64;
    for_each_filling(|balls| {
        fillings += 1;
        worst = worst.max(move_bound(balls));
    });
    assert_eq!(fillings, 141_120);
    // The constant is exactly the bound, so that the documented figure stays true.
    assert_eq!(worst, crate::MAX_MOVES as u64);
}
