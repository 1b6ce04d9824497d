//! Crescendo's search bot: UCT over the movement phase, with greedy playouts of the round
//! cut off and scored by an evaluation, and rules for the decisions that need no search.

use std::collections::VecDeque;
use std::time::Duration;

use boardcore::{Bitset, Direction, Game, MAX_PLAYERS, Player, Status};
use crescendo::{Cell, Colour, Move, Phase, State, group_moves};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::greedy::{Greedy, crescendo_move, finishing_move};
use crate::opening::{laying_move, placing_move};
use crate::policy::{Rewards, outcome_rewards};
use crate::pursuit::{reach, setup_move, work_left};
use crate::{Bot, Budget, Level, Mcts, MctsConfig, MctsReport};

/// How sharply the evaluation tells players apart: a player's weight in the chance of
/// being eliminated is `e^(SHARPNESS × work left)`, the work left in pawn-cells
/// ([`work_left`]).
const SHARPNESS: f64 = 0.15;

/// The share of a cut-off player's reward that follows their own work left alone.
const OWN_SHARE: f64 = 0.5;

/// The work left (in pawn-cells) at which the own-progress part of a reward is 0.
const OWN_SCALE: f64 = 64.0;

/// Crescendo's search bot, `towers --bot mcts`: the generic [`Mcts`], spent only on the
/// decisions that need it, which builds towards a qualifying tower and keeps it safe.
///
/// - **Movement**: a move that finishes a tower is played at once; otherwise UCT searches
///   the position, scoring each new node of the tree at once by an evaluation (the
///   playouts have 0 moves: greedy playouts, tried before, blurred every plan). The
///   evaluation rests on each player's *work left* ([`crate::pursuit::work_left`]): the
///   pawn-cells between their pawns and the best home cell of their own colour, plus a
///   risk for towers an opponent can scatter at once and for pawns being scattered.
///   A position that ends the match scores its ranking; any other scores each player's
///   expected reward, half by their chance of being the one eliminated in this round (a
///   softmax of `0.15 ×` the work left) and half by their own work left alone (so that
///   racing home beats a stand-off where each player only keeps the other back).
///   Rewards follow [`boardcore::Outcome::reward`]: for a qualifier, the mean reward of
///   the places still open to them.
/// - **Going round in circles**: the bot remembers the boards its last 64 movement
///   decisions left; it does not leave the same board a third time while another searched
///   move is available.
/// - **Placing scattered pawns** (its own, and the opponents' inside the search tree): a
///   rule, not a search. Each pawn goes on the empty cell furthest from the victim's other
///   pawns, preferring cells no tower of the victim reaches in one move, off the victim's
///   colour (where the pawn would be protected) and away from the mover's own unprotected
///   towers.
/// - **Setting up** ([`Style::Search`], levels 1 to 4): crosses at random, as the greedy
///   player lays them (hundreds of choices and no evaluation the search could use); pawns
///   and extra pawns next to the player's other pawns ([`crate::pursuit::setup_move`]),
///   so that they start close.
/// - **Setting up** ([`Style::Strongest`], level 5), by rules measured to win 70 of 100
///   two-player matches against the same search with the random crosses
///   (`docs/bots.md`): each cross where it leaves the board best for the mover against
///   the opponents, a board's worth for a player being how near the white cells, as many
///   as the player will put pawns on, lie to the best cell of their colour; each pawn on
///   the white cell that raises the pawn-cells between the mover's pawns and their best
///   home of their colour least, plus half of what it would raise each opponent's (a
///   cell both want is taken first); extra pawns as in the other style.
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
    /// The boards left by the bot's last movement decisions ([`shape`]), oldest first.
    recent: VecDeque<u64>,
    /// How it plays around the search.
    style: Style,
}

/// How a [`CrescendoMcts`] sets up a round (its search is the same in both styles).
///
/// ```
/// use bots::{Bot, CrescendoMcts, Level, Style, crescendo_mcts};
/// use crescendo::{Config, Players, State};
///
/// assert_eq!(Style::of(Level::MAX), Style::Strongest);
/// let start = State::new(Config::new(Players::Two));
/// // The strongest style lays its crosses by rule: the same cross for any seed.
/// let first = crescendo_mcts(Level::MAX, 1).choose(&start);
/// assert_eq!(first, crescendo_mcts(Level::MAX, 2).choose(&start));
/// assert!(crescendo::legal_moves(&start).contains(&first.unwrap()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Style {
    /// Levels 1 to 4 (and level 5 before issue 40's item 3): crosses at random, pawns
    /// next to the player's other pawns.
    #[default]
    Search,
    /// Level 5: crosses and pawns on the white cells by rules that weigh the board for the
    /// mover against the opponents (see [`CrescendoMcts`]).
    Strongest,
}

impl Style {
    /// The style of `level`: [`Style::Strongest`] at [`Level::MAX`].
    pub const fn of(level: Level) -> Style {
        if level.value() == Level::MAX.value() {
            Style::Strongest
        } else {
            Style::Search
        }
    }
}

/// How many of its last movement decisions the bot remembers to avoid going round in
/// circles.
const MEMORY: usize = 64;

/// A board the bot has left this many times in its memory is not left again while another
/// move is available.
const REPEATS: usize = 2;

/// Crescendo's search bot at `level`, seeded with `seed`, in the level's [`Style`]: see
/// [`CrescendoMcts`] and [`CrescendoMcts::settings`].
pub fn crescendo_mcts(level: Level, seed: u64) -> CrescendoMcts {
    CrescendoMcts::new(CrescendoMcts::settings(level), seed).with_style(Style::of(level))
}

impl CrescendoMcts {
    /// A bot searching with `config`, seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> CrescendoMcts {
        CrescendoMcts {
            search: Mcts::with_policy(config, Greedy, seed)
                .with_cutoff(round_rewards)
                .with_tree_moves(scatter_by_rule),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed.rotate_left(32)),
            recent: VecDeque::with_capacity(MEMORY),
            style: Style::Search,
        }
    }

    /// The same bot playing in `style`.
    #[must_use]
    pub fn with_style(mut self, style: Style) -> CrescendoMcts {
        self.style = style;
        self
    }

    /// The search settings of `level`: 3, 8, 30, 100 or 16000 iterations, never more than
    /// the time of [`Level::mcts`], exploration 0.3 (the evaluation's rewards differ by
    /// little) and no playout moves (each new node is scored by the evaluation).
    ///
    /// The iterations are chosen so that each level beats the one below it (measured in
    /// `docs/bots.md`): below the number of moves at the root, more iterations score more
    /// of the root's moves, a step at every few times as many; past it, the search gains
    /// little until many times more iterations (1,000 and 4,000 were not measurably
    /// stronger than 250 with two players, and level 5's 16,000 beat 250 in 59 of 100
    /// games but 100 in 62).
    ///
    /// ```
    /// use bots::{CrescendoMcts, Level};
    ///
    /// let settings = CrescendoMcts::settings(Level::default());
    /// assert_eq!(settings.budget.max_iterations(), Some(30));
    /// assert_eq!(settings.playout_plies, 0);
    /// ```
    pub const fn settings(level: Level) -> MctsConfig {
        const ITERATIONS: [u64; 5] = [3, 8, 30, 100, 16_000];
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
                if let Some(finish) = finishing_move(state, &groups) {
                    return Some(finish.to_move(state.board()));
                }
                let report = self.search(state)?;
                Some(self.avoid_circles(state, report))
            }
            Phase::Scattering { .. } => scatter_target(state),
            Phase::Placing if self.style == Style::Strongest => placing_move(state),
            Phase::Placing | Phase::Extra => setup_move(state, &mut self.rng),
            Phase::Laying if self.style == Style::Strongest => laying_move(state),
            Phase::Laying | Phase::Over => crescendo_move(state, &mut self.rng),
        }
    }
}

impl CrescendoMcts {
    /// The searched move, unless it leaves a board the bot has already left [`REPEATS`]
    /// times in its last [`MEMORY`] decisions: then the most visited root move that does
    /// not (two players can otherwise step back and forth for ever, a scatter now and then
    /// resetting the no-progress count). Remembers the board left.
    fn avoid_circles(&mut self, state: &State, report: MctsReport<Move>) -> Move {
        let mut ranked = report.moves;
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        let left = |mv: Move| state.apply(mv).ok().map(|next| shape(&next));
        let seen = |key: u64| self.recent.iter().filter(|&&k| k == key).count();
        let chosen = ranked
            .iter()
            .map(|&(mv, _, _)| mv)
            .find(|&mv| left(mv).is_some_and(|key| seen(key) < REPEATS))
            .unwrap_or(report.best);
        if let Some(key) = left(chosen) {
            if self.recent.len() == MEMORY {
                self.recent.pop_front();
            }
            self.recent.push_back(key);
        }
        chosen
    }
}

/// A key of the towers on the board and of the player deciding, leaving out the count of
/// moves without progress (which makes every position of a chase new).
fn shape(state: &State) -> u64 {
    let mut words = [0u64; 9];
    for player in Player::seats(MAX_PLAYERS) {
        words[player.index()] = state.tower_mask(player);
    }
    for cell in state.board().cells() {
        let height = state
            .tower(cell)
            .map_or(0, |tower| u64::from(tower.height & 7));
        words[4 + cell.index() / 20] |= height << (3 * (cell.index() % 20));
    }
    words[7] = state.to_move().map_or(4, |p| p.index() as u64);
    words[8] = state.board().crosses().len() as u64;
    boardcore::key_of_words(&words)
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
    let work = work_left(state);
    let least = state
        .active_players()
        .map(|p| work[p.index()])
        .min()
        .unwrap_or(0);
    let mut weights = [0.0; MAX_PLAYERS];
    for player in state.active_players() {
        weights[player.index()] = (SHARPNESS * f64::from(work[player.index()] - least)).exp();
    }
    let total: f64 = weights.iter().sum();
    for player in state.active_players() {
        let out = weights[player.index()] / total;
        let relative = out * eliminated + (1.0 - out) * qualified;
        // The player's own progress counts on its own too, so that a race beats a
        // stand-off where each only keeps the other from getting closer.
        let own = (1.0 - f64::from(work[player.index()]) / OWN_SCALE).max(0.0);
        rewards[player.index()] = (1.0 - OWN_SHARE) * relative + OWN_SHARE * own * qualified;
    }
    rewards
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
