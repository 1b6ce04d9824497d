//! Random moves and random playouts, with the caller's generator.

use crate::chance::{sample, uniform_below};
use crate::game::Game;
use crate::rng::Generator;
use crate::status::{Actor, Status};

/// A move chosen at random: a chance outcome by its weight when chance decides, a legal
/// move uniformly when a player does; `None` when the game is over.
///
/// ```
/// use boardcore::{random_move, Game, SeededRng};
/// use boardcore::example::{Countdown, CountdownConfig};
///
/// let mut rng = SeededRng::new(1);
/// let start = Countdown::new(CountdownConfig { pile: 5, wind: true });
/// let mv = random_move(&start, &mut rng).unwrap();
/// assert!(start.legal_moves().contains(&mv));
/// ```
pub fn random_move<G: Game, R: Generator + ?Sized>(state: &G, rng: &mut R) -> Option<G::Move> {
    match state.status() {
        Status::Finished(_) => None,
        Status::Ongoing(Actor::Chance) => sample(rng, &state.chance_outcomes()),
        Status::Ongoing(Actor::Player(_)) => {
            let mut moves = G::MoveList::default();
            state.legal_moves_into(&mut moves);
            let index = uniform_below(rng, moves.len() as u64) as usize;
            moves.get(index).copied()
        }
    }
}

/// Where a random playout stopped.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Playout<G> {
    /// The last position reached.
    pub state: G,
    /// How many moves (chance outcomes included) were played.
    pub plies: usize,
    /// Whether the game is over in `state` (otherwise the ply cap stopped it).
    pub finished: bool,
}

/// Plays random moves ([`random_move`]) from `state` until the game ends or `max_plies`
/// moves have been played, whichever comes first. The cap keeps games that can go on for
/// ever (Pylos take-backs) from hanging the caller.
///
/// ```
/// use boardcore::{random_playout, Game, SeededRng};
/// use boardcore::example::{Countdown, CountdownConfig};
///
/// let mut rng = SeededRng::new(1);
/// let end = random_playout(&Countdown::new(CountdownConfig::default()), &mut rng, 1_000);
/// assert!(end.finished);
/// let cut = random_playout(&Countdown::new(CountdownConfig::default()), &mut rng, 2);
/// assert_eq!((cut.plies, cut.finished), (2, false));
/// ```
pub fn random_playout<G: Game, R: Generator + ?Sized>(
    state: &G,
    rng: &mut R,
    max_plies: usize,
) -> Playout<G> {
    random_playout_until(state, rng, max_plies, |_| false)
}

/// Plays random moves ([`random_move`]) from `state` until `stop` holds for the position
/// reached, the game ends, or `max_plies` moves have been played, whichever comes first:
/// the way to a random position of a given kind (late in the game, with so many pieces
/// down). `stop` is asked about `state` itself first.
///
/// ```
/// use boardcore::{random_playout_until, Game, SeededRng};
/// use boardcore::example::{Countdown, CountdownConfig};
///
/// let mut rng = SeededRng::new(1);
/// let start = Countdown::new(CountdownConfig { pile: 20, wind: false });
/// let late = random_playout_until(&start, &mut rng, 1_000, |state| state.pile() <= 5);
/// assert!(late.state.pile() <= 5 && !late.finished);
/// ```
pub fn random_playout_until<G: Game, R: Generator + ?Sized>(
    state: &G,
    rng: &mut R,
    max_plies: usize,
    mut stop: impl FnMut(&G) -> bool,
) -> Playout<G> {
    let mut current = state.clone();
    let mut plies = 0;
    while plies < max_plies && !stop(&current) {
        let Some(mv) = random_move(&current, rng) else {
            break;
        };
        if current.apply_in_place(mv).is_err() {
            break;
        }
        plies += 1;
    }
    Playout {
        finished: current.status().is_finished(),
        state: current,
        plies,
    }
}
