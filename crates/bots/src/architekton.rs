//! Architekton's search bot: UCT whose playouts stop after a few random moves and are
//! scored by an evaluation of the table (points, the groups of houses, the buildings
//! still open) instead of being played to the end.

use std::time::Duration;

use architekton::{Move, Phase, PlacedTile, State, Tile};
use boardcore::{
    Direction, Game, Generator, MAX_PLAYERS, Player, SignedCoord, Status, uniform_below,
};

use crate::policy::{Policy, Rewards, outcome_rewards};
use crate::{Bot, Level, Mcts, MctsConfig, MctsReport};

/// The moves each new node of the tree is played on at random ([`Solvent`]) before the
/// evaluation scores it: enough to see the next two turns' enclosures and the opponent's
/// answers, few enough that the evaluation, not chance, decides the score (the figures
/// are in `docs/bots.md`).
const PLAYOUT_PLIES: usize = 20;

/// The UCT exploration constant: at the level's 400 ms a move, 0.6 scored best against
/// the generic search (1.0 and 0.4 lower; in earlier trials at 50 ms a move 1.0 did better,
/// so it depends on the iterations: the figures are in `docs/bots.md`).
const EXPLORATION: f64 = 0.6;

/// The longest a move may take (the level's iterations usually take longer natively):
/// short enough that the browser's worker, about twice slower, keeps the median reply
/// under half a second (the figures are in `docs/bots.md`).
const TIME_LIMIT: Duration = Duration::from_millis(400);

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
const RUIN: f64 = 1.0;

/// The cost of such a building when the opponent is to lay enough tiles to enclose it
/// before the owner's next turn.
const RUIN_NOW: f64 = 3.0;

/// How much a house counts in its group by the landscapes around its building (0 to 4):
/// with fewer than three the final clean-up removes it unless more are laid.
const SURVIVAL: [f64; 5] = [0.3, 0.4, 0.6, 1.0, 1.0];

/// Architekton's strongest bot, `towers --bot mcts` at level 5: the generic [`Mcts`]
/// whose playouts stop after a few random moves, the position then scored by an
/// evaluation of the table.
///
/// Why: a uniformly random playout of Architekton lays tiles anywhere they fit, so it
/// piles up mismatches, goes bankrupt in about a fifth of the games and breaks every group
/// of houses; its result says little about the position it started from, and each one
/// costs a whole game's moves. A short playout followed by the evaluation costs a few
/// moves and one walk over the table, so the same time buys many more iterations, each
/// scored by what decides the game, while the random moves still sample the tiles to come.
///
/// The evaluation of a player ([`value`]): their points, plus their largest group of houses
/// connected through corners (each house weighted by how likely it is to survive the final
/// clean-up: fully if its building touches three or four landscapes), plus, for each of
/// their buildings not yet enclosed, a small gain when no side mismatches yet, a cost
/// per side that already does or could, and a larger one when enclosing it would cost more
/// than the owner's points. A position that ends the game scores its outcome; any
/// other scores `1 / (1 + e^-(d / 1.5))` for the player `d` points ahead, the rest for
/// the other. A position waiting for its owner's decision to keep or remove a house is
/// scored after the decisions the playouts take (keep when the owner can pay the house's
/// mismatches), since the points at stake are decided there. Chance draws inside the tree
/// are sampled by weight, as in [`Mcts`].
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
    search: Mcts<State, Solvent>,
}

/// Architekton's strongest bot searching with the settings of `level`
/// ([`ArchitektonMcts::settings`]), seeded with `seed`.
///
/// ```
/// use bots::{ArchitektonMcts, Level, architekton_mcts};
///
/// let bot = architekton_mcts(Level::MAX, 3);
/// assert_eq!(*bot.config(), ArchitektonMcts::settings(Level::MAX));
/// ```
pub fn architekton_mcts(level: Level, seed: u64) -> ArchitektonMcts {
    ArchitektonMcts::new(ArchitektonMcts::settings(level), seed)
}

impl ArchitektonMcts {
    /// A bot searching with `config`, seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> ArchitektonMcts {
        ArchitektonMcts {
            search: Mcts::with_policy(config, Solvent, seed).with_cutoff(rewards),
        }
    }

    /// The search settings of `level`: the iterations of [`Level::mcts`], at most
    /// 400 ms a move, exploration 0.6 and playouts of 20 moves before the
    /// evaluation.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// use bots::{ArchitektonMcts, Level};
    ///
    /// let settings = ArchitektonMcts::settings(Level::MAX);
    /// assert_eq!(settings.playout_plies, 20);
    /// assert_eq!(settings.budget.max_iterations(), Some(64_000));
    /// assert_eq!(settings.budget.max_time(), Some(Duration::from_millis(400)));
    /// ```
    pub const fn settings(level: Level) -> MctsConfig {
        let generic = level.mcts();
        MctsConfig {
            budget: generic.budget.with_time(TIME_LIMIT),
            exploration: EXPLORATION,
            playout_plies: PLAYOUT_PLIES,
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

/// The rewards of both players in `state` ([`settled`] first when a decision is pending):
/// the outcome's when the game is over, otherwise a logistic function of the difference of
/// their [`value`]s.
fn rewards(state: &State) -> Rewards {
    if let Some(settled) = settled(state) {
        return rewards(&settled);
    }
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

/// `state` after its pending keep-or-remove decisions are taken as [`Solvent`] takes
/// them, or `None` when nothing is pending. A house waiting for its owner's decision is
/// not yet scored, so valuing the position before it would miss the decision's points.
fn settled(state: &State) -> Option<State> {
    let mut settled: Option<State> = None;
    loop {
        let current = settled.as_ref().unwrap_or(state);
        let Some(next) =
            Solvent::decision(current).and_then(|mv| architekton::apply(current, mv).ok())
        else {
            return settled;
        };
        settled = Some(next);
    }
}

/// What the position is worth to `player`, in points of the final score: points, the
/// largest group of houses (each weighted by how likely it is to survive the final
/// clean-up) and the open buildings' gains and costs (see [`ArchitektonMcts`]).
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
    let threats = opponent_tiles(state, player);
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
            // points held: the game could be lost on it, at once if the opponent lays
            // enough tiles before the owner's next turn to enclose it.
            let worst = (sides.mismatches + sides.exposed) as f64 - 1.0;
            if worst > points {
                open -= if 4 - sides.landscapes <= threats {
                    RUIN_NOW
                } else {
                    RUIN
                };
            }
        }
    }
    points + largest_group(&houses[..count]) + open
}

/// The tiles `player`'s opponent lays before `player`'s next turn: the rest of the
/// opponent's turn when it is theirs (or begins after the refill), else none.
fn opponent_tiles(state: &State, player: Player) -> usize {
    let next = if state.phase() == Phase::Refill {
        state.mover().other()
    } else {
        state.mover()
    };
    if next == player {
        0
    } else {
        2usize.saturating_sub(usize::from(state.laid_this_turn()))
    }
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
        if let Some(next) = state.tile_at(cell) {
            if let Tile::Landscape(terrain) = next.tile {
                sides.landscapes += 1;
                sides.mismatches += usize::from(terrain != own);
            }
        } else {
            let exposed = Direction::ALL.into_iter().any(|towards| {
                state.tile_at(cell.step(towards)).is_some_and(|other| {
                    matches!(other.tile, Tile::Building(_)) && other.side(towards.opposite()) != own
                })
            });
            sides.exposed += usize::from(exposed);
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

/// The playout policy: a uniformly random move, except that an enclosed house is kept
/// when its owner can pay for its mismatches and removed otherwise. A random keep or
/// remove would bankrupt a player in the playout for no reason a real player has; a
/// random lay, by contrast, keeps the playout cheap and unbiased. (Laying only
/// landscapes that give no building a mismatch was also tried and scored worse: see
/// `docs/bots.md`.)
#[derive(Clone, Copy, Debug, Default)]
struct Solvent;

impl Policy<State> for Solvent {
    fn pick<R: Generator + ?Sized>(&mut self, state: &State, rng: &mut R) -> Option<Move> {
        if matches!(state.phase(), Phase::Decide(_)) {
            return Solvent::decision(state);
        }
        let moves = architekton::legal_moves(state);
        let pick = uniform_below(rng, moves.len() as u64) as usize;
        moves.get(pick).copied()
    }
}

impl Solvent {
    /// The owner's decision in a `Decide` phase: keep the house when its owner can pay
    /// its mismatches, remove it otherwise; `None` in any other phase.
    fn decision(state: &State) -> Option<Move> {
        let Phase::Decide(pending) = state.phase() else {
            return None;
        };
        let placed = state.tile_at(pending.current()?)?;
        let owner = placed.house?;
        let cost = sides(state, &placed).mismatches;
        Some(if usize::from(state.points(owner)) >= cost {
            Move::Keep
        } else {
            Move::Remove
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used, clippy::panic)]

    use architekton::{Config, apply};
    use boardcore::rand_core::SeedableRng;
    use boardcore::random_move;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;

    /// Whether the owner of the house `state` asks about can pay its mismatches.
    fn payable(state: &State) -> Option<bool> {
        let Phase::Decide(pending) = state.phase() else {
            return None;
        };
        let placed = state.tile_at(pending.current()?)?;
        let cost = sides(state, &placed).mismatches;
        Some(usize::from(state.points(placed.house?)) >= cost)
    }

    #[test]
    fn playouts_keep_a_house_exactly_when_its_owner_can_pay() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut seen = [0; 2];
        let mut state = State::new(Config::default());
        while seen.iter().any(|&count| count < 3) {
            if state.status().is_finished() {
                state = State::new(Config::default());
            }
            if let Some(can_pay) = payable(&state) {
                for _ in 0..4 {
                    let kept = Solvent.pick(&state, &mut rng) == Some(Move::Keep);
                    assert_eq!(kept, can_pay, "{state}");
                }
                seen[usize::from(can_pay)] += 1;
            }
            let mv = random_move(&state, &mut rng).expect("a move");
            state = apply(&state, mv).expect("a legal move");
        }
    }
    #[test]
    fn a_pending_decision_is_scored_after_it_is_taken() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut checked = 0;
        let mut state = State::new(Config::default());
        while checked < 20 {
            if state.status().is_finished() {
                state = State::new(Config::default());
            }
            match settled(&state) {
                None => assert!(!matches!(state.phase(), Phase::Decide(_)), "{state}"),
                Some(after) => {
                    assert!(!matches!(after.phase(), Phase::Decide(_)), "{after}");
                    let taken = Solvent::decision(&state).expect("a decision");
                    let once = apply(&state, taken).expect("a legal decision");
                    assert_eq!(rewards(&state), rewards(&once), "{state}");
                    assert_eq!(rewards(&state), rewards(&after), "{state}");
                    checked += 1;
                }
            }
            let mv = random_move(&state, &mut rng).expect("a move");
            state = apply(&state, mv).expect("a legal move");
        }
    }
}
