//! Move generation: listing and counting the moves of a position from its masks.

use boardcore::Player;

use crate::config::EndRule;
use crate::moves::{Move, MoveList};
use crate::pattern::completing_spots;
use crate::spot::{
    ABOVE, ALL_SPOTS, BELOW, HIGHER_SPOTS, LEVEL_SPOTS, LEVELS, Spot, covered, covered_once,
    supported,
};
use crate::state::State;

/// What a move generator does with the actions of a position (an action is the placement
/// or raise, before any take-back). Counting and listing share one traversal,
/// [`generate`], through this trait.
trait ActionSink {
    /// The ball from `from` (0 for the reserve) goes to each spot of `targets`; none of
    /// these actions completes a pattern, so each is one move.
    fn plain(&mut self, from: u32, targets: u32);

    /// The ball from `from` goes to `to` and completes a pattern; `after` is the board
    /// then, before the take-back.
    fn completing(&mut self, from: u32, to: u32, after: &TakeBackChoice);
}

/// The board right after an action that completes a pattern: what may be taken back.
struct TakeBackChoice {
    /// The mover's balls.
    own: u32,
    /// Every ball.
    occupied: u32,
    /// The ball that may not be taken back: the one just played under the `earlier`
    /// rules, else none (0).
    kept: u32,
    /// Whether taking back nothing is allowed by the rule (`0-2`).
    zero_allowed: bool,
}

impl TakeBackChoice {
    /// The mover's free balls, each of which may be taken back.
    fn free(&self) -> u32 {
        takeable(self.own, self.occupied, self.kept)
    }

    /// Whether taking back nothing is a take-back: the rule allows it, or no ball may be
    /// taken back (the ball just played being kept).
    fn none_allowed(&self, free: u32) -> bool {
        self.zero_allowed || free == 0
    }

    /// The mover's balls that become free when the one ball resting on them is taken back
    /// first, that ball being the mover's and free.
    fn freed_second(&self, free: u32) -> u32 {
        self.own & covered_once(self.occupied) & covered(free)
    }

    /// The number of take-backs: nothing (rule `0-2`), one free ball, two free balls, or a
    /// free ball and one it frees.
    fn count(&self) -> usize {
        let free = self.free();
        let singles = free.count_ones() as usize;
        let pairs = singles * singles.saturating_sub(1) / 2;
        let freed = self.freed_second(free).count_ones() as usize;
        usize::from(self.none_allowed(free)) + singles + pairs + freed
    }

    /// Calls `take` with the mask of each take-back, in the order of [`Self::count`].
    fn for_each(&self, mut take: impl FnMut(u32)) {
        let free = self.free();
        if self.none_allowed(free) {
            take(0);
        }
        for_each_bit(free, &mut take);
        for_each_bit(free, |first| {
            // Pairs of free balls, each pair once (the second above the first in number).
            for_each_bit(free & !(first | (first - 1)), |second| take(first | second));
        });
        let freed = self.freed_second(free);
        for_each_bit(free & !LEVEL_SPOTS[0], |upper| {
            for_each_bit(BELOW[upper.trailing_zeros() as usize] & freed, |lower| {
                take(upper | lower);
            });
        });
    }
}

/// The balls of `own` that may be taken back when the balls lie on `occupied`: the free
/// ones (nothing resting on them) except `kept` (the ball just played under the `earlier`
/// rules, else 0).
#[inline]
pub(crate) fn takeable(own: u32, occupied: u32, kept: u32) -> u32 {
    own & !covered(occupied) & !kept
}

/// Calls `f` with each single-bit mask of `mask`, lowest first.
#[inline]
pub(crate) fn for_each_bit(mut mask: u32, mut f: impl FnMut(u32)) {
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        f(bit);
        mask ^= bit;
    }
}

/// Whether the game ended by the apex or by the `reserve` end rule (not counting a player
/// without moves, which [`status`](crate::status) finds by looking for one).
#[inline]
pub(crate) const fn ended_by_rule(state: &State) -> bool {
    state.occupied() & Spot::APEX.bit() != 0
        || (matches!(state.config.end, EndRule::Reserve)
            && state.reserve(state.to_move.other()) == 0)
}

/// Calls `f(from, targets)` for each free ball of `own` (as a one-bit mask) with the open
/// spots it can rise to: higher, and not resting on it. Balls are taken by spot number;
/// the apex ball never rises.
#[inline]
pub(crate) fn for_each_raise(own: u32, occupied: u32, open: u32, mut f: impl FnMut(u32, u32)) {
    if open & HIGHER_SPOTS[0] == 0 {
        // Nothing open above level 0 (as in every opening): no raise.
        return;
    }
    let free = own & !covered(occupied);
    for level in 0..LEVELS - 1 {
        let higher = open & HIGHER_SPOTS[level];
        if higher == 0 {
            break;
        }
        for_each_bit(free & LEVEL_SPOTS[level], |from| {
            f(from, higher & !ABOVE[from.trailing_zeros() as usize]);
        });
    }
}

/// What move generation needs to know about the player to move, apart from where the
/// balls lie.
#[derive(Clone, Copy)]
pub(crate) struct Mover {
    /// The mover's balls.
    own: u32,
    /// Spots (open or not) where one more own ball would complete a pattern.
    completing: u32,
    /// Whether the mover has a ball in reserve.
    has_reserve: bool,
    /// Whether a completed pattern may be followed by no take-back (rule `0-2`).
    zero_allowed: bool,
    /// Whether the ball that completed a pattern stays (the `earlier` rules).
    keeps_ball_played: bool,
}

impl Mover {
    /// `player` in `state`. A move changes neither the opponent's balls nor their
    /// reserve, so for the opponent of the player to move this holds in every position
    /// one move on.
    #[inline]
    pub(crate) fn new(state: &State, player: Player) -> Mover {
        let own = state.mask_of(player);
        Mover {
            own,
            completing: completing_spots(state.config.variant, own),
            has_reserve: state.reserve(player) > 0,
            zero_allowed: state.config.takeback.allows_none(),
            keeps_ball_played: state.config.takeback.keeps_ball_played(),
        }
    }
}

/// Runs `sink` over every action of `mover` when the balls lie on `occupied`, in order:
/// placements by spot, then raises by the spot raised from, then by the spot raised to.
/// The game must not have ended by rule.
#[inline]
fn generate(mover: &Mover, occupied: u32, sink: &mut impl ActionSink) {
    let own = mover.own;
    let open = supported(occupied) & !occupied & ALL_SPOTS;
    let completing = mover.completing & open;
    let mut action = |from: u32, targets: u32| {
        sink.plain(from, targets & !completing);
        for_each_bit(targets & completing, |to| {
            let choice = TakeBackChoice {
                own: own & !from | to,
                occupied: occupied & !from | to,
                kept: if mover.keeps_ball_played { to } else { 0 },
                zero_allowed: mover.zero_allowed,
            };
            sink.completing(from, to, &choice);
        });
    };
    if mover.has_reserve {
        action(0, open);
    }
    for_each_raise(own, occupied, open, action);
}

/// The number of moves of `mover` when the balls lie on `occupied` (the game not having
/// ended by rule).
#[inline]
pub(crate) fn count_for(mover: &Mover, occupied: u32) -> usize {
    let mut counter = Counter(0);
    generate(mover, occupied, &mut counter);
    counter.0
}

/// Counts moves.
struct Counter(usize);

impl ActionSink for Counter {
    #[inline]
    fn plain(&mut self, _from: u32, targets: u32) {
        self.0 += targets.count_ones() as usize;
    }

    fn completing(&mut self, _from: u32, _to: u32, after: &TakeBackChoice) {
        self.0 += after.count();
    }
}

/// Calls a function with the masks of each move: from (0 for the reserve), to, take-back.
struct Visitor<F>(F);

impl<F: FnMut(u32, u32, u32)> ActionSink for Visitor<F> {
    #[inline]
    fn plain(&mut self, from: u32, targets: u32) {
        for_each_bit(targets, |to| (self.0)(from, to, 0));
    }

    fn completing(&mut self, from: u32, to: u32, after: &TakeBackChoice) {
        after.for_each(|take| (self.0)(from, to, take));
    }
}

/// Calls `f(from, to, take)` for every legal move as masks (`from` is 0 for a placement).
#[inline]
pub(crate) fn for_each_move(state: &State, f: impl FnMut(u32, u32, u32)) {
    if !ended_by_rule(state) {
        generate(
            &Mover::new(state, state.to_move),
            state.occupied(),
            &mut Visitor(f),
        );
    }
}

/// Every legal move of `state`, empty when the game is over: placements by spot, then
/// raises by the spot raised from and the spot raised to; each action is followed by its
/// take-backs when it completes a square (or, in `expert`, a line) of the mover's colour:
/// none (rules `0-2` and `0-2-earlier`, or when no ball may be taken back), each free
/// ball, each pair of free balls, then each free ball with a ball it frees (under the
/// `earlier` rules, never the ball just played).
///
/// ```
/// use pylos::{legal_moves, Config, State};
///
/// let start = State::new(Config::default());
/// assert_eq!(legal_moves(&start).len(), 16);
/// // Light completes the square 0a1 0b1 0a2 0b2 and must take back one or two balls.
/// let state = start.replay("0a1 0d4 0b1 0d3 0a2 0d2").unwrap();
/// let squares: Vec<String> = legal_moves(&state)
///     .iter()
///     .map(|mv| mv.to_string())
///     .filter(|text| text.starts_with("0b2"))
///     .collect();
/// assert_eq!(squares.len(), 10);
/// assert!(squares.contains(&"0b2x0a1x0b2".to_owned()));
/// ```
#[inline]
pub fn legal_moves(state: &State) -> MoveList {
    let mut moves = MoveList::new();
    legal_moves_into(state, &mut moves);
    moves
}

/// Replaces the contents of `moves` with the legal moves of `state`, in the order of
/// [`legal_moves`].
///
/// Returning a [`MoveList`] copies its whole buffer (about 5 KB) wherever the compiler
/// cannot build it in place; a search that keeps one list per depth and fills it here
/// never copies one.
///
/// ```
/// use pylos::{legal_moves_into, Config, MoveList, State};
///
/// let mut moves = MoveList::new();
/// let start = State::new(Config::default());
/// legal_moves_into(&start, &mut moves);
/// assert_eq!(moves.len(), 16);
/// legal_moves_into(&start.replay("0a1").unwrap(), &mut moves);
/// assert_eq!(moves.len(), 15);
/// ```
pub fn legal_moves_into(state: &State, moves: &mut MoveList) {
    moves.clear();
    for_each_move(state, |from, to, take| {
        moves.push(Move::from_masks(from, to, take));
    });
}

/// Calls `f(mv, child)` for every legal move `mv` of `state`, in the order of
/// [`legal_moves`], with the position it leads to: what [`apply`](crate::apply) gives,
/// without checking again a move the generator made. For searches and solvers that visit
/// every child; it allocates nothing.
///
/// ```
/// use pylos::{apply, for_each_child, legal_moves, Config, State};
///
/// let state = State::new(Config::default()).replay("0a1 0b1 0a2").unwrap();
/// let mut children = Vec::new();
/// for_each_child(&state, |mv, child| children.push((mv, child)));
/// let applied: Vec<_> = legal_moves(&state)
///     .iter()
///     .map(|&mv| (mv, apply(&state, mv).unwrap()))
///     .collect();
/// assert_eq!(children, applied);
/// ```
#[inline]
pub fn for_each_child(state: &State, mut f: impl FnMut(Move, State)) {
    for_each_move(state, |from, to, take| {
        f(
            Move::from_masks(from, to, take),
            state.played(from, to, take),
        );
    });
}

/// The number of legal moves of `state` (the length of [`legal_moves`]), counted from the
/// masks without building the moves.
///
/// ```
/// use pylos::{count_moves, Config, State};
///
/// assert_eq!(count_moves(&State::new(Config::default())), 16);
/// ```
pub fn count_moves(state: &State) -> usize {
    if ended_by_rule(state) {
        return 0;
    }
    count_for(&Mover::new(state, state.to_move), state.occupied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn counting_matches_listing() {
        let start = State::new(Config::default());
        let state = start.replay("0a1 0d4 0b1 0d3 0a2 0d2").unwrap();
        assert_eq!(count_moves(&state), legal_moves(&state).len());
        assert_eq!(count_moves(&start), 16);
    }
}
