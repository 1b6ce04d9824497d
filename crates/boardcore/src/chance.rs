//! Chance decisions: weighted outcomes and sampling with the caller's generator.
//!
//! No game state holds a random generator. When chance decides, the game lists every
//! outcome with a weight; a program that wants to play the game picks one with
//! [`sample`], a search program can enumerate them all.

use arrayvec::ArrayVec;

use crate::rng::Generator;

/// An outcome of a chance decision with its weight (for example, how many of the unseen
/// tiles it stands for). The probability of an outcome is its weight over the total.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Weighted<T> {
    /// The outcome.
    pub outcome: T,
    /// Its weight, at least 1 for an outcome that can happen.
    pub weight: u32,
}

/// The chance-outcome list of a game that never involves chance: always empty.
pub type NoChance<M> = ArrayVec<Weighted<M>, 0>;

/// A number uniformly distributed in `0..bound` (`0` when `bound` is 0), without the bias
/// of a plain remainder.
///
/// ```
/// use boardcore::{uniform_below, SeededRng};
///
/// let mut rng = SeededRng::new(7);
/// assert!((0..1000).all(|_| uniform_below(&mut rng, 6) < 6));
/// ```
pub fn uniform_below<R: Generator + ?Sized>(rng: &mut R, bound: u64) -> u64 {
    if bound == 0 {
        return 0;
    }
    // Multiply-and-shift with rejection of the few low products that would bias it.
    let threshold = bound.wrapping_neg() % bound;
    loop {
        let product = u128::from(rng.next_u64()) * u128::from(bound);
        if (product as u64) >= threshold {
            return (product >> 64) as u64;
        }
    }
}

/// Picks one outcome with probability proportional to its weight, or `None` when the list
/// is empty or every weight is 0.
///
/// ```
/// use boardcore::{sample, SeededRng, Weighted};
///
/// let tiles = [Weighted { outcome: 'w', weight: 5 }, Weighted { outcome: 'f', weight: 1 }];
/// let mut rng = SeededRng::new(1);
/// let drawn = sample(&mut rng, &tiles).unwrap();
/// assert!(drawn == 'w' || drawn == 'f');
/// ```
pub fn sample<T: Copy, R: Generator + ?Sized>(rng: &mut R, outcomes: &[Weighted<T>]) -> Option<T> {
    let total: u64 = outcomes.iter().map(|o| u64::from(o.weight)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = uniform_below(rng, total);
    for outcome in outcomes {
        let weight = u64::from(outcome.weight);
        if pick < weight {
            return Some(outcome.outcome);
        }
        pick -= weight;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn uniform_below_covers_the_range_evenly() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[uniform_below(&mut rng, 3) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(uniform_below(&mut rng, 0), 0);
        assert_eq!(uniform_below(&mut rng, 1), 0);
    }

    #[test]
    fn sample_follows_the_weights() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let outcomes = [
            Weighted {
                outcome: 0usize,
                weight: 1,
            },
            Weighted {
                outcome: 1,
                weight: 0,
            },
            Weighted {
                outcome: 2,
                weight: 3,
            },
        ];
        let mut counts = [0u32; 3];
        for _ in 0..40_000 {
            counts[sample(&mut rng, &outcomes).unwrap()] += 1;
        }
        assert_eq!(counts[1], 0);
        assert!((9_000..11_000).contains(&counts[0]), "{counts:?}");
        assert!((29_000..31_000).contains(&counts[2]), "{counts:?}");
    }

    #[test]
    fn sample_of_nothing_is_none() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        assert_eq!(sample::<u8, _>(&mut rng, &[]), None);
        assert_eq!(
            sample(
                &mut rng,
                &[Weighted {
                    outcome: 1,
                    weight: 0
                }]
            ),
            None
        );
    }
}
