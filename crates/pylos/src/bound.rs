//! The proof of [`MAX_MOVES`](crate::MAX_MOVES): an upper bound on the moves of every
//! filling of the pyramid (whatever the colours, player to move and options), maximised
//! by enumerating all 141 120 fillings without a floating ball.

use crate::config::Variant;
use crate::pattern::patterns;
use crate::spot::{ALL_SPOTS, BELOW, LEVEL_SPOTS, Spot, covered, covered_once, supported};
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
            subset = subset.wrapping_sub(choices) & choices;
        }
    }
    extend(0, 0, &mut f);
}

/// An upper bound on the take-backs after an action that leaves the balls `after` and
/// completes a pattern: nothing (rule `0-2`), one of `f` own free balls, two of them, or
/// one with one of `g` own balls it alone rests on. Free balls and balls resting under a
/// single free ball are counted over both colours, and the mover owns at most 15 balls, so
/// `f + g <= 15`.
fn takeback_bound(after: u32) -> u64 {
    let cap = u64::from(BALLS_PER_PLAYER);
    let free = after & !covered(after);
    let all_free = u64::from(free.count_ones());
    let all_freed = u64::from((after & covered_once(after) & covered(free)).count_ones());
    (0..=all_free.min(cap))
        .map(|f| 1 + f + f * f.saturating_sub(1) / 2 + all_freed.min(cap - f))
        .max()
        .unwrap_or(1)
}

/// An upper bound on the legal moves of any position whose balls fill `balls`.
///
/// For each open spot: one placement, and one raise per free ball of a lower level that
/// does not support the spot (at most 15, the mover's balls). If the spot completes a
/// pattern (the other spots of a square or expert line through it hold balls), the
/// mover's balls include at least two pattern-mates on the spot's level, so at most 13
/// balls rise to it, and each action counts its [`takeback_bound`] (the best 13 raises).
fn move_bound(balls: u32) -> u64 {
    let cap = usize::from(BALLS_PER_PLAYER);
    let open = supported(balls) & !balls & ALL_SPOTS;
    let free = balls & !covered(balls);
    Spot::in_mask(open)
        .map(|to| {
            let raisable = Spot::in_mask(free & !BELOW[to.index()])
                .filter(|from| from.level() < to.level())
                .map(Spot::bit);
            // Whatever the colours: the other spots of a pattern through `to` are filled.
            let completes = patterns(Variant::Expert)
                .iter()
                .any(|&p| p & to.bit() != 0 && p & !to.bit() & !balls == 0);
            if !completes {
                return 1 + raisable.count().min(cap) as u64;
            }
            let mut raises: Vec<u64> = raisable
                .map(|from| takeback_bound(balls & !from | to.bit()))
                .collect();
            raises.sort_unstable_by(|a, b| b.cmp(a));
            let placement = takeback_bound(balls | to.bit());
            placement + raises.iter().take(cap - 2).sum::<u64>()
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
