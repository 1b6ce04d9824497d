//! Playout policies and the rewards of finished or cut-off games.

use boardcore::Generator;
use boardcore::{Actor, Game, MAX_PLAYERS, Outcome, Status, random_move, sample};

/// One reward per seat, each in `0.0..=1.0` (see [`Outcome::reward`]).
pub type Rewards = [f64; MAX_PLAYERS];

/// The rewards of a finished game for every seat.
pub fn outcome_rewards(outcome: &Outcome, seats: usize) -> Rewards {
    core::array::from_fn(|index| {
        boardcore::Player::new(index).map_or(0.0, |player| outcome.reward(player, seats))
    })
}

/// Equal rewards for every seat of a game cut off before its end.
pub fn neutral_rewards(seats: usize) -> Rewards {
    let share = 1.0 / seats.max(1) as f64;
    [share; MAX_PLAYERS]
}

/// How a playout chooses the players' moves (chance is always sampled by weight).
pub trait Policy<G: Game> {
    /// A legal move for the player who decides in `state`, or `None` to stop.
    fn pick<R: Generator + ?Sized>(&mut self, state: &G, rng: &mut R) -> Option<G::Move>;
}

/// The uniformly random policy: every legal move equally likely.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform;

impl<G: Game> Policy<G> for Uniform {
    fn pick<R: Generator + ?Sized>(&mut self, state: &G, rng: &mut R) -> Option<G::Move> {
        random_move(state, rng)
    }
}

/// Plays `state` out with `policy` (chance by weight) for at most `max_plies` moves and
/// returns the rewards: the outcome's when the game ends, `cutoff(state)` when the cap
/// stops it.
pub fn playout<G, P, R>(
    state: &G,
    policy: &mut P,
    rng: &mut R,
    max_plies: usize,
    cutoff: fn(&G) -> Rewards,
) -> Rewards
where
    G: Game,
    P: Policy<G>,
    R: Generator + ?Sized,
{
    let mut current = state.clone();
    for _ in 0..max_plies {
        let mv = match current.status() {
            Status::Finished(outcome) => return outcome_rewards(&outcome, current.seats()),
            Status::Ongoing(Actor::Chance) => sample(rng, &current.chance_outcomes()),
            Status::Ongoing(Actor::Player(_)) => policy.pick(&current, rng),
        };
        if mv.is_none_or(|mv| current.apply_in_place(mv).is_err()) {
            break;
        }
    }
    match current.status() {
        Status::Finished(outcome) => outcome_rewards(&outcome, current.seats()),
        Status::Ongoing(_) => cutoff(&current),
    }
}
