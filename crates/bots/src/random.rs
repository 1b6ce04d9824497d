//! The random bot: a uniformly random legal move.

use boardcore::{Game, Status};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Bot;

/// Plays a legal move chosen uniformly at random, from its own seeded generator (so a game
/// between seeded bots is reproducible).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Xoshiro256PlusPlus,
}

impl RandomBot {
    /// A random bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, state: &G) -> Option<G::Move> {
        match state.status() {
            Status::Ongoing(boardcore::Actor::Player(_)) => {
                boardcore::random_move(state, &mut self.rng)
            }
            _ => None,
        }
    }
}
