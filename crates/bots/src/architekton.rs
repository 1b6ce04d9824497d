//! Architekton's search bot: UCT whose new nodes are scored at once by an evaluation of
//! the table (points, the groups of houses, the buildings still open) instead of being
//! played out at random.

use std::time::Duration;

use architekton::{Move, PlacedTile, State, Tile};
use boardcore::{Direction, Game, MAX_PLAYERS, Player, SignedCoord, Status};

use crate::policy::{Rewards, outcome_rewards};
use crate::{Bot, Budget, Level, Mcts, MctsConfig, MctsReport};

/// How many points of lead make a cut-off position worth `1 / (1 + e^-1)` (73%) of a win.
const SCALE: f64 = 1.5;

/// What an open building of one's own with no mismatch is worth on top of its house: its
/// chance of scoring +1 when it is enclosed.
const OPEN_GAIN: f64 = 0.3;

/// What each mismatch already facing an open building of one's own costs, in points: it
/// is paid when the building is enclosed (one less if the house is removed).
const MISMATCH_COST: f64 = 0.9;

/// The share of an exposed side (an empty cell where a mismatching landscape could be
/// laid) counted as a mismatch to come.
const EXPOSED_SHARE: f64 = 0.5;

/// The cost of an open building whose worst enclosure the owner could not pay.
const RUIN: f64 = 2.0;

/// How much a house counts in its group by the landscapes around its building (0 to 4):
/// with fewer than three the final clean-up removes it unless more are laid.
const SURVIVAL: [f64; 5] = [0.3, 0.4, 0.6, 1.0, 1.0];

/// Architekton's strongest bot, `towers --bot mcts` at level 5: the generic [`Mcts`]
/// with no random playouts; each new node of the tree is scored at once by an evaluation
/// of the position.
///
/// Why: a uniformly random playout of Architekton lays tiles anywhere they fit, so it
/// piles up mismatches, goes bankrupt in about a fifth of the games and breaks every group
/// of houses; its result says little about the position it started from, and each one
/// costs a whole game's moves. The evaluation costs one walk over the table, so the same
/// time buys many more nodes of the tree, each scored by what decides the game.
///
/// The evaluation of a player ([`value`]): their points, plus their largest group of houses
/// connected through corners (each house weighted by how likely it is to survive the final
/// clean-up: fully if its building touches three or four landscapes), plus, for each of
/// their buildings not yet enclosed, a small gain when no side mismatches yet and a cost
/// per side that already does. A position that ends the game scores its outcome; any
/// other scores `1 / (1 + e^-(d / 1.5))` for the player `d` points ahead, the rest for
/// the other. Chance draws inside the tree are sampled by weight, as in [`Mcts`].
///
/// With an iteration budget the bot is deterministic for its seed.
///
/// ```
/// use architekton::{Config, State};
/// use bots::{ArchitektonMcts, Bot, Budget, Level, MctsConfig};
///
/// let dealt = State::new(Config::default())
///     .replay("*p *w *e *e *f *wepf *wepf *wpfe")
///     .unwrap();
/// let config = MctsConfig { budget: Budget::iterations(200), ..ArchitektonMcts::settings(Level::MAX) };
/// let chosen = ArchitektonMcts::new(config, 7).choose(&dealt).unwrap();
/// assert!(architekton::legal_moves(&dealt).contains(&chosen));
/// assert_eq!(ArchitektonMcts::new(config, 7).choose(&dealt), Some(chosen));
/// ```
pub struct ArchitektonMcts {
    search: Mcts<State>,
}

/// Architekton's strongest bot searching with the settings of `level`
/// ([`ArchitektonMcts::settings`]), seeded with `seed`.
pub fn architekton_mcts(level: Level, seed: u64) -> ArchitektonMcts {
    ArchitektonMcts::new(ArchitektonMcts::settings(level), seed)
}

impl ArchitektonMcts {
    /// A bot searching with `config`, seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> ArchitektonMcts {
        ArchitektonMcts {
            search: Mcts::new(config, seed).with_cutoff(rewards),
        }
    }

    /// The search settings of `level`: the iterations of [`Level::mcts`] and its time
    /// limit, exploration 0.3 (the evaluation's rewards differ by little) and no playout
    /// moves (each new node is scored by the evaluation).
    ///
    /// ```
    /// use bots::{ArchitektonMcts, Level};
    ///
    /// let settings = ArchitektonMcts::settings(Level::MAX);
    /// assert_eq!(settings.playout_plies, 0);
    /// ```
    pub const fn settings(level: Level) -> MctsConfig {
        const ITERATIONS: [u64; 5] = [250, 1_000, 4_000, 16_000, 64_000];
        let generic = level.mcts();
        let time = match generic.budget.max_time() {
            Some(time) => time,
            None => Duration::from_secs(5),
        };
        MctsConfig {
            budget: Budget::iterations(ITERATIONS[(level.value() - 1) as usize]).with_time(time),
            exploration: 0.3,
            playout_plies: 0,
            ..generic
        }
    }

    /// The search settings.
    pub fn config(&self) -> &MctsConfig {
        self.search.config()
    }

    /// Searches `state`; `None` when no player decides there.
    ///
    /// ```
    /// use architekton::{Config, State};
    /// use bots::{ArchitektonMcts, Budget, Level, MctsConfig};
    ///
    /// let dealt = State::new(Config::default())
    ///     .replay("*p *w *e *e *f *wepf *wepf *wpfe")
    ///     .unwrap();
    /// let config = MctsConfig { budget: Budget::iterations(50), ..ArchitektonMcts::settings(Level::MAX) };
    /// let report = ArchitektonMcts::new(config, 1).search(&dealt).unwrap();
    /// assert_eq!(report.iterations, 50);
    /// ```
    pub fn search(&mut self, state: &State) -> Option<MctsReport<Move>> {
        self.search.search(state)
    }
}

impl Bot<State> for ArchitektonMcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, state: &State) -> Option<Move> {
        self.search(state).map(|report| report.best)
    }
}

/// The rewards of both players in `state`: the outcome's when the game is over, otherwise
/// a logistic function of the difference of their [`value`]s.
fn rewards(state: &State) -> Rewards {
    if let Status::Finished(outcome) = state.status() {
        return outcome_rewards(&outcome, state.seats());
    }
    let lead = value(state, Player::FIRST) - value(state, Player::SECOND);
    let first = 1.0 / (1.0 + (-lead / SCALE).exp());
    let mut rewards = [0.0; MAX_PLAYERS];
    rewards[0] = first;
    rewards[1] = 1.0 - first;
    rewards
}

/// What the position is worth to `player`, in points of the final score: points, the
/// largest group of houses (each weighted by [`SURVIVAL`]) and the open buildings' gains
/// and costs (see [`ArchitektonMcts`]).
///
/// ```
/// use architekton::{Config, State};
/// use architekton::boardcore::Player;
///
/// let dealt = State::new(Config::default())
///     .replay("*p *w *e *e *f *wepf *wepf *wpfe")
///     .unwrap();
/// // One point each, nothing built.
/// assert_eq!(bots::architekton_value(&dealt, Player::FIRST), 1.0);
/// ```
pub fn value(state: &State, player: Player) -> f64 {
    let mut houses = [(SignedCoord::ORIGIN, 0.0); architekton::HOUSES as usize];
    let mut count = 0;
    let mut open = 0.0;
    let points = f64::from(state.points(player));
    for placed in state.tiles() {
        if placed.house != Some(player) || count >= houses.len() {
            continue;
        }
        let sides = sides(state, &placed);
        houses[count] = (placed.at, SURVIVAL[sides.landscapes.min(4)]);
        count += 1;
        if sides.landscapes < 4 {
            let expected = sides.mismatches as f64 + EXPOSED_SHARE * sides.exposed as f64;
            open += if expected == 0.0 {
                OPEN_GAIN
            } else {
                -MISMATCH_COST * expected
            };
            // Even removing the house, the worst enclosure would cost more than the
            // points held: the game could be lost on it.
            let worst = (sides.mismatches + sides.exposed) as f64 - 1.0;
            if worst > points {
                open -= RUIN;
            }
        }
    }
    points + largest_group(&houses[..count]) + open
}

/// What the four sides of a building face.
struct Sides {
    /// Landscapes next to it.
    landscapes: usize,
    /// Those of them that mismatch its side.
    mismatches: usize,
    /// Empty cells next to it where a landscape that mismatches it could be laid (it
    /// would match another building next to that cell).
    exposed: usize,
}

/// What the building `placed` faces on its four sides.
fn sides(state: &State, placed: &PlacedTile) -> Sides {
    let mut sides = Sides {
        landscapes: 0,
        mismatches: 0,
        exposed: 0,
    };
    for direction in Direction::ALL {
        let cell = placed.at.step(direction);
        let own = placed.side(direction);
        match state.tile_at(cell) {
            Some(next) => {
                if let Tile::Landscape(terrain) = next.tile {
                    sides.landscapes += 1;
                    sides.mismatches += usize::from(terrain != own);
                }
            }
            None => {
                let exposed = Direction::ALL.into_iter().any(|towards| {
                    state.tile_at(cell.step(towards)).is_some_and(|other| {
                        matches!(other.tile, Tile::Building(_))
                            && other.side(towards.opposite()) != own
                    })
                });
                sides.exposed += usize::from(exposed);
            }
        }
    }
    sides
}

/// The heaviest group of `houses` (cell and weight) connected through corners.
fn largest_group(houses: &[(SignedCoord, f64)]) -> f64 {
    let mut seen = 0u32;
    let mut best = 0.0_f64;
    let mut stack = [0usize; architekton::HOUSES as usize];
    for start in 0..houses.len() {
        if seen & 1 << start != 0 {
            continue;
        }
        seen |= 1 << start;
        stack[0] = start;
        let mut depth = 1;
        let mut weight = 0.0;
        while depth > 0 {
            depth -= 1;
            let (here, own) = houses[stack[depth]];
            weight += own;
            for (other, &(there, _)) in houses.iter().enumerate() {
                let diagonal = (here.x - there.x).abs() == 1 && (here.y - there.y).abs() == 1;
                if diagonal && seen & 1 << other == 0 && depth < stack.len() {
                    seen |= 1 << other;
                    stack[depth] = other;
                    depth += 1;
                }
            }
        }
        best = best.max(weight);
    }
    best
}
