//! Crescendo's search bot: UCT over the movement phase, with greedy playouts of the round
//! cut off and scored by an evaluation, and rules for the decisions that need no search.

use std::time::Duration;

use boardcore::{Bitset, Direction, Game, MAX_PLAYERS, Player, Status};
use crescendo::{Cell, Colour, Move, Phase, State, group_moves};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::greedy::{Greedy, crescendo_move, finishing_move};
use crate::policy::{Rewards, outcome_rewards};
use crate::{Bot, Budget, Level, Mcts, MctsConfig, MctsReport};

/// How sharply the evaluation tells players apart: a player's weight in the chance of
/// being eliminated is `e^(−SHARPNESS × concentration)`.
const SHARPNESS: f64 = 3.0;

/// Crescendo's search bot, `towers --bot mcts`: the generic [`Mcts`] with the [`Greedy`]
/// playout policy, spent only on the decisions that need it.
///
/// - **Movement**: a move that finishes a tower is played at once; otherwise UCT searches
///   the position. Each playout follows the greedy player (the model of the opponents
///   it is measured against) for at most [`MctsConfig::playout_plies`] moves of the round
///   in progress. A playout that ends the match scores its ranking; one cut off scores
///   each player's expected reward, the chance of being the one eliminated in this round
///   being shared out by a softmax of the players' *concentration* (the sum of their
///   towers' squared heights over the squared target: 1 for a finished tower). Rewards
///   follow [`boardcore::Outcome::reward`]: for a qualifier, the mean reward of the places
///   still open to them.
/// - **Placing scattered pawns** (its own, and the opponents' inside the search tree): a
///   rule, not a search. Each pawn goes on the empty cell furthest from the victim's other
///   pawns, preferring cells no tower of the victim reaches in one move, off the victim's
///   colour (where the pawn would be protected) and away from the mover's own unprotected
///   towers.
/// - **Setting up** (crosses, pawns, extra pawns): at random, as the greedy player does;
///   these decisions have hundreds of choices and no evaluation the search could use.
///
/// Searches are limited by iterations (and time); with an iteration budget the bot is
/// deterministic for its seed. A playout stops after [`MctsConfig::playout_plies`] moves
/// and a search after its budget, so chases (which the no-progress rule does not end
/// while they keep scattering pawns) cannot hang it.
///
/// ```
/// use bots::{Bot, Level, crescendo_mcts};
/// use crescendo::{Config, Players, State};
///
/// // A final in its movement phase.
/// let state = State::new(Config::new(Players::Two))
///     .replay(
///         "X0,0r0 X2,1r0 X4,0r0 X6,1r0 X8,0r0 X10,1r0 X12,0r0 X14,1r0 X16,0r0 X18,1r0 \
///          X20,0r0 X22,1r0 P0,0 P2,1 P4,0 P6,1 P8,0 P10,1 P12,0 P14,1 P16,0 P18,1 P20,0 \
///          P22,1 E0,0 E2,1 E4,0 E6,1",
///     )
///     .unwrap();
/// let mut bot = crescendo_mcts(Level::MIN, 7);
/// let chosen = bot.choose(&state).unwrap();
/// assert!(crescendo::legal_moves(&state).contains(&chosen));
/// ```
pub struct CrescendoMcts {
    search: Mcts<State, Greedy>,
    /// The generator of the setup decisions.
    rng: Xoshiro256PlusPlus,
}

/// Crescendo's search bot at `level`, seeded with `seed`: see [`CrescendoMcts`] and
/// [`CrescendoMcts::settings`].
pub fn crescendo_mcts(level: Level, seed: u64) -> CrescendoMcts {
    CrescendoMcts::new(CrescendoMcts::settings(level), seed)
}

impl CrescendoMcts {
    /// A bot searching with `config`, seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> CrescendoMcts {
        CrescendoMcts {
            search: Mcts::with_policy(config, Greedy, seed)
                .with_cutoff(round_rewards)
                .with_tree_moves(scatter_by_rule),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed.rotate_left(32)),
        }
    }

    /// The search settings of `level`: 60, 250, 1000, 4000 or 16000 iterations (about a
    /// quarter of [`Level::mcts`], as an iteration plays up to 60 greedy moves), never
    /// more than the time of [`Level::mcts`], exploration 1 and playouts of at most 60
    /// moves.
    ///
    /// ```
    /// use bots::{CrescendoMcts, Level};
    ///
    /// let settings = CrescendoMcts::settings(Level::default());
    /// assert_eq!(settings.budget.max_iterations(), Some(1_000));
    /// assert_eq!(settings.playout_plies, 60);
    /// ```
    pub const fn settings(level: Level) -> MctsConfig {
        const ITERATIONS: [u64; 5] = [60, 250, 1_000, 4_000, 16_000];
        let generic = level.mcts();
        let time = match generic.budget.max_time() {
            Some(time) => time,
            None => Duration::from_secs(5),
        };
        MctsConfig {
            budget: Budget::iterations(ITERATIONS[(level.value() - 1) as usize]).with_time(time),
            exploration: 1.0,
            playout_plies: 60,
            ..generic
        }
    }

    /// The search settings.
    pub fn config(&self) -> &MctsConfig {
        self.search.config()
    }

    /// Searches `state` as the bot does where no rule decides (scattered pawns are placed
    /// by the rule inside the tree); `None` when no player decides in `state`.
    ///
    /// ```
    /// use bots::{CrescendoMcts, Budget, Level, MctsConfig};
    /// use crescendo::{Config, Players, State};
    ///
    /// let config = MctsConfig { budget: Budget::iterations(50), ..CrescendoMcts::settings(Level::MIN) };
    /// let state = State::new(Config::new(Players::Three)).replay("X0,0r0").unwrap();
    /// let report = CrescendoMcts::new(config, 1).search(&state).unwrap();
    /// assert_eq!(report.iterations, 50);
    /// ```
    pub fn search(&mut self, state: &State) -> Option<MctsReport<Move>> {
        self.search.search(state)
    }
}

impl Bot<State> for CrescendoMcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, state: &State) -> Option<Move> {
        match state.phase() {
            Phase::Moving { .. } => {
                let groups = group_moves(state);
                match finishing_move(state, &groups) {
                    Some(finish) => Some(finish.to_move(state.board())),
                    None => self.search(state).map(|report| report.best),
                }
            }
            Phase::Scattering { .. } => scatter_target(state),
            Phase::Laying | Phase::Placing | Phase::Extra | Phase::Over => {
                crescendo_move(state, &mut self.rng)
            }
        }
    }
}

/// The search tree's moves: only the rule's cell while scattered pawns are placed.
fn scatter_by_rule(state: &State, moves: &mut Vec<Move>) {
    if let Some(mv) = scatter_target(state) {
        moves.clear();
        moves.push(mv);
    }
}

/// The expected reward of every seat in `state`, a position cut off: the ranking's when
/// the match is over; otherwise fixed places for the players eliminated so far, the mean
/// reward of the open places for those qualified in this round, and for those still
/// building a mix of both by their chance of elimination, a softmax of their
/// concentration.
fn round_rewards(state: &State) -> Rewards {
    let seats = state.seats();
    if let Status::Finished(outcome) = state.status() {
        return outcome_rewards(&outcome, seats);
    }
    // The reward of a place (0 first), as `Outcome::reward` gives it.
    let last = seats.saturating_sub(1).max(1);
    let place = |place: usize| last.saturating_sub(place) as f64 / last as f64;
    let mut rewards = [0.0; MAX_PLAYERS];
    for (index, player) in state.eliminated().iter().enumerate() {
        rewards[player.index()] = place(last.saturating_sub(index));
    }
    let open = state.round_size().saturating_sub(1).max(1);
    let qualified = (0..open).map(place).sum::<f64>() / open as f64;
    let eliminated = place(open);
    for player in state.qualified() {
        rewards[player.index()] = qualified;
    }
    let mut weights = [0.0; MAX_PLAYERS];
    for player in state.active_players() {
        weights[player.index()] = (-SHARPNESS * concentration(state, player)).exp();
    }
    let total: f64 = weights.iter().sum();
    for player in state.active_players() {
        let out = weights[player.index()] / total;
        rewards[player.index()] = out * eliminated + (1.0 - out) * qualified;
    }
    rewards
}

/// The sum of the squared heights of `player`'s towers over the squared target, pawns
/// still to be scattered counting as single ones: 1 for a finished tower, `1 / target`
/// for single pawns only.
fn concentration(state: &State, player: Player) -> f64 {
    let target = u32::from(state.target());
    let (squares, pawns) = state
        .towers_of(player)
        .fold((0, 0), |(squares, pawns), (_, height)| {
            let height = u32::from(height);
            (squares + height * height, pawns + height)
        });
    let squares = squares + target.saturating_sub(pawns);
    f64::from(squares) / f64::from(target * target).max(1.0)
}

/// The rule's cell for the next scattered pawn (see [`CrescendoMcts`]), the lowest cell
/// number among equals; `None` outside a scatter.
fn scatter_target(state: &State) -> Option<Move> {
    let Phase::Scattering { mover, victim, .. } = state.phase() else {
        return None;
    };
    let board = state.board();
    let victim_pawns: Vec<_> = Bitset(state.tower_mask(victim))
        .iter()
        .filter_map(|index| Cell::new(index).map(|cell| board.coord(cell)))
        .collect();
    let joinable = reach(state, victim);
    let exposed = state.tower_mask(mover) & !state.protected_mask(mover);
    let occupied = Player::seats(MAX_PLAYERS).fold(0, |mask, p| mask | state.tower_mask(p));
    let score = |cell: Cell| -> i32 {
        let at = board.coord(cell);
        let distance = victim_pawns
            .iter()
            .map(|pawn| i32::from(pawn.x.abs_diff(at.x) + pawn.y.abs_diff(at.y)))
            .min()
            .unwrap_or(8)
            .min(8);
        let next_to_mine = Direction::ALL.into_iter().any(|direction| {
            board
                .neighbour(cell, direction)
                .is_some_and(|next| exposed & (1 << next.index()) != 0)
        });
        distance
            - 10 * i32::from(joinable & (1 << cell.index()) != 0)
            - 4 * i32::from(cell.colour() == Colour::Player(victim))
            - 3 * i32::from(next_to_mine)
    };
    board
        .cells()
        .filter(|cell| occupied & (1 << cell.index()) == 0)
        .max_by_key(|&cell| (score(cell), core::cmp::Reverse(cell.index())))
        .map(|cell| Move::Scatter(board.coord(cell)))
}

/// The cells `player`'s groups can land on in one move, protection aside, as a mask of
/// cell numbers.
fn reach(state: &State, player: Player) -> u64 {
    let mut mask = 0;
    for (from, height) in state.towers_of(player) {
        for direction in Direction::ALL {
            let mut at = from;
            for _ in 0..height {
                let Some(next) = state.board().neighbour(at, direction) else {
                    break;
                };
                at = next;
                mask |= 1 << at.index();
            }
        }
    }
    mask
}
