//! A named, seeded generator for the random tools, so that callers need no other crate.

use core::convert::Infallible;

use rand_core::{Rng, SeedableRng, TryRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A fast random-number generator from a seed, for [`random_move`](crate::random_move),
/// the [playouts](crate::random_playout), [`sample`](crate::sample) and bots: the same
/// seed gives the same numbers on every platform, so a game played with it can be played
/// again. It is xoshiro256++ (from `rand_xoshiro`) seeded through `SplitMix64`; not for
/// cryptography.
///
/// It implements the generator traits of [`rand_core`](crate::rand_core) (re-exported), so
/// it goes wherever this crate or the engines ask for a generator; an app needs no other
/// crate to roll dice.
///
/// ```
/// use boardcore::example::{Countdown, CountdownConfig};
/// use boardcore::{random_move, Game, SeededRng};
///
/// let start = Countdown::new(CountdownConfig { pile: 5, wind: true });
/// let mut rng = SeededRng::new(7);
/// let mv = random_move(&start, &mut rng).unwrap();
/// assert!(start.legal_moves().contains(&mv));
/// // The same seed, the same move.
/// assert_eq!(random_move(&start, &mut SeededRng::new(7)), Some(mv));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeededRng(Xoshiro256PlusPlus);

impl SeededRng {
    /// The generator for `seed`; every seed, 0 included, gives a good generator.
    pub fn new(seed: u64) -> SeededRng {
        SeededRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }
}

impl TryRng for SeededRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.0.try_next_u32()
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.0.try_next_u64()
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.0.try_fill_bytes(dst)
    }
}

impl SeedableRng for SeededRng {
    type Seed = [u8; 32];

    fn from_seed(seed: [u8; 32]) -> SeededRng {
        SeededRng(Xoshiro256PlusPlus::from_seed(seed))
    }

    fn seed_from_u64(seed: u64) -> SeededRng {
        SeededRng::new(seed)
    }
}

/// A random-number generator as this workspace takes it: one of **`rand_core` 0.10** (the
/// core of **`rand` 0.10**), which [`random_move`](crate::random_move),
/// [`sample`](crate::sample), the playouts, the engines' chance samplers and the bots take.
///
/// Every generator of `rand_core` 0.10 is one ([`SeededRng`], `rand::rngs::StdRng` of rand
/// 0.10, `rand::rng()`…); one of `rand` 0.9 or older implements another crate's traits, and
/// the compiler's error then names this trait. [`rand_core`](crate::rand_core) is
/// re-exported so that a program can name the right traits without a dependency of its own.
///
/// ```
/// use boardcore::{Generator, SeededRng, uniform_below};
///
/// fn roll(rng: &mut impl Generator) -> u64 {
///     uniform_below(rng, 6) + 1
/// }
/// assert!((1..=6).contains(&roll(&mut SeededRng::new(3))));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a random-number generator of rand_core 0.10",
    label = "a generator of rand_core 0.10 (rand 0.10) is needed here",
    note = "boardcore and the engines take rand_core 0.10 generators: use `boardcore::SeededRng`, or rand 0.10 (a rand 0.9 generator implements the traits of rand_core 0.9, another crate)"
)]
pub trait Generator: Rng {}

impl<R: Rng + ?Sized> Generator for R {}

#[cfg(test)]
mod tests {
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::SeededRng;

    #[test]
    fn it_is_xoshiro256plusplus_seeded_from_u64() {
        let mut ours = SeededRng::new(42);
        let mut theirs = Xoshiro256PlusPlus::seed_from_u64(42);
        for _ in 0..8 {
            assert_eq!(ours.next_u64(), theirs.next_u64());
        }
        assert_eq!(ours.next_u32(), theirs.next_u32());
        let (mut a, mut b) = ([0u8; 13], [0u8; 13]);
        ours.fill_bytes(&mut a);
        theirs.fill_bytes(&mut b);
        assert_eq!(a, b);
        assert_eq!(SeededRng::seed_from_u64(3), SeededRng::new(3));
        assert_eq!(
            SeededRng::from_seed([1; 32]).next_u64(),
            Xoshiro256PlusPlus::from_seed([1; 32]).next_u64()
        );
    }

    #[test]
    fn seeds_give_different_numbers() {
        assert_ne!(SeededRng::new(0).next_u64(), SeededRng::new(1).next_u64());
    }
}
