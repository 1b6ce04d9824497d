//! The rules: legal moves, counting them, playing a move, and the end of the game.

use boardcore::{Actor, MoveError, Outcome, Status};

use crate::config::{EndRule, TakeBackRule, Variant};
use crate::error::Illegal;
use crate::moves::{Move, MoveList};
use crate::pattern::{completes, completing_spots};
use crate::spot::{ABOVE, BELOW, HIGHER_SPOTS, LEVEL_SPOTS, LEVELS, Spot, covered, covered_once};
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
    /// Whether taking back nothing is allowed (rule `0-2`).
    zero_allowed: bool,
}

impl TakeBackChoice {
    /// The mover's free balls, each of which may be taken back.
    fn free(&self) -> u32 {
        self.own & !covered(self.occupied)
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
        usize::from(self.zero_allowed) + singles + pairs + freed
    }

    /// Calls `take` with the mask of each take-back, in the order of [`Self::count`].
    fn for_each(&self, mut take: impl FnMut(u32)) {
        if self.zero_allowed {
            take(0);
        }
        let free = self.free();
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

/// Calls `f` with each single-bit mask of `mask`, lowest first.
#[inline]
fn for_each_bit(mut mask: u32, mut f: impl FnMut(u32)) {
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        f(bit);
        mask ^= bit;
    }
}

/// Whether the game ended by the apex or by the `reserve` end rule (not counting a player
/// without moves, which [`status`] finds by looking for one).
#[inline]
const fn ended_by_rule(state: &State) -> bool {
    state.occupied() & Spot::APEX.bit() != 0
        || (matches!(state.config.end, EndRule::Reserve)
            && state.reserve(state.to_move.other()) == 0)
}

/// Calls `f(from, targets)` for each free ball of `own` (as a one-bit mask) with the open
/// spots it can rise to: higher, and not resting on it. Balls are taken by spot number;
/// the apex ball never rises.
#[inline]
fn for_each_raise(own: u32, occupied: u32, open: u32, mut f: impl FnMut(u32, u32)) {
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

/// Runs `sink` over every action of the player to move, in order: placements by spot,
/// then raises by the spot raised from, then by the spot raised to.
#[inline]
fn generate(state: &State, sink: &mut impl ActionSink) {
    if ended_by_rule(state) {
        return;
    }
    let own = state.mask_of(state.to_move);
    let occupied = state.occupied();
    let open = state.open_mask();
    let completing = completing_spots(state.config.variant, own, open);
    let zero_allowed = matches!(state.config.takeback, TakeBackRule::UpToTwo);
    let mut action = |from: u32, targets: u32| {
        sink.plain(from, targets & !completing);
        for_each_bit(targets & completing, |to| {
            let choice = TakeBackChoice {
                own: own & !from | to,
                occupied: occupied & !from | to,
                zero_allowed,
            };
            sink.completing(from, to, &choice);
        });
    };
    if state.reserve(state.to_move) > 0 {
        action(0, open);
    }
    for_each_raise(own, occupied, open, action);
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
    generate(state, &mut Visitor(f));
}

/// Every legal move of `state`, empty when the game is over: placements by spot, then
/// raises by the spot raised from and the spot raised to; each action is followed by its
/// take-backs when it completes a square (or, in `expert`, a line) of the mover's colour:
/// none (rule `0-2` only), each free ball, each pair of free balls, then each free ball
/// with a ball it frees.
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

/// The number of legal moves of `state` (the length of [`legal_moves`]), counted from the
/// masks without building the moves.
///
/// ```
/// use pylos::{count_moves, Config, State};
///
/// assert_eq!(count_moves(&State::new(Config::default())), 16);
/// ```
pub fn count_moves(state: &State) -> usize {
    let mut counter = Counter(0);
    generate(state, &mut counter);
    counter.0
}

/// Whether the player to move has a legal move (the game not having ended by rule).
fn has_move(state: &State) -> bool {
    let open = state.open_mask();
    // An open spot exists until the apex is filled, so a ball in reserve can always go.
    if state.reserve(state.to_move) > 0 && open != 0 {
        return true;
    }
    let mut found = false;
    let own = state.mask_of(state.to_move);
    for_each_raise(own, state.occupied(), open, |_, targets| {
        found |= targets != 0;
    });
    found
}

/// The status of `state`: the player to move, or the outcome.
///
/// The game ends when a ball fills the apex: its owner, who put it there, wins. Under the
/// end rule `reserve`, a player whose reserve is empty at the end of their turn loses
/// (the apex rule comes first). Otherwise a player who has no legal move (an empty
/// reserve and no ball that can rise) loses. There are no draws.
///
/// ```
/// use boardcore::Player;
/// use pylos::{status, Config, State};
///
/// let start = State::new(Config::default());
/// assert_eq!(status(&start).to_move(), Some(Player::FIRST));
/// ```
pub fn status(state: &State) -> Status {
    let mover = state.to_move;
    if let Some(owner) = state.apex() {
        return Status::Finished(Outcome::Winner(owner));
    }
    if ended_by_rule(state) {
        // The apex is empty, so the end rule `reserve` ended it: the last mover lost.
        return Status::Finished(Outcome::Winner(mover));
    }
    if !has_move(state) {
        return Status::Finished(Outcome::Winner(mover.other()));
    }
    Status::Ongoing(Actor::Player(mover))
}

/// The position after the player to move plays `mv`; `state` is unchanged.
///
/// # Errors
/// [`MoveError::GameOver`] when the game is over, otherwise [`MoveError::Illegal`] with
/// the first rule `mv` breaks. A placement is checked for [`Illegal::ReserveEmpty`],
/// [`Illegal::SpotOccupied`] and [`Illegal::NotSupported`]; a raise for
/// [`Illegal::NoBall`], [`Illegal::NotOwnBall`], [`Illegal::BallNotFree`],
/// [`Illegal::NotHigher`], [`Illegal::SpotOccupied`], [`Illegal::RaiseOntoOwnSupport`] and
/// [`Illegal::NotSupported`]; then the take-back for [`Illegal::NoTakeBackInVariant`],
/// [`Illegal::TakeBackNotAllowed`], [`Illegal::TakeBackRequired`], [`Illegal::NoBall`],
/// [`Illegal::NotOwnBall`] and [`Illegal::BallNotFreeToTakeBack`], in that order.
///
/// ```
/// use boardcore::MoveError;
/// use pylos::{apply, Config, Illegal, State};
///
/// let state = State::new(Config::default()).replay("0a1 0b1 0a2 0b2").unwrap();
/// let next = apply(&state, "1a1".parse().unwrap()).unwrap();
/// assert_eq!(next.reserve(boardcore::Player::FIRST), 12);
/// let error = apply(&state, "1b1".parse().unwrap()).unwrap_err();
/// assert_eq!(error, MoveError::Illegal(Illegal::NotSupported { spot: "1b1".parse().unwrap() }));
/// assert_eq!(error.to_string(), "1b1 is not supported: the four spots under it do not all hold a ball");
/// ```
pub fn apply(state: &State, mv: Move) -> Result<State, MoveError<Illegal>> {
    if ended_by_rule(state) {
        return Err(MoveError::GameOver);
    }
    let checked = check_action(state, mv)
        .and_then(|from| check_takeback(state, mv, from).map(|take| (from, take)));
    match checked {
        Ok((from, take)) => Ok(state.played(from, mv.to().bit(), take)),
        // A player without any legal move has lost: the game is over.
        Err(_) if !has_move(state) => Err(MoveError::GameOver),
        Err(reason) => Err(MoveError::Illegal(reason)),
    }
}

/// Checks the placement or raise of `mv`; returns the mask of the spot raised from (0 for
/// a placement).
fn check_action(state: &State, mv: Move) -> Result<u32, Illegal> {
    let to = mv.to();
    let occupied = state.occupied();
    let from = match mv.from() {
        None => {
            if state.reserve(state.to_move) == 0 {
                return Err(Illegal::ReserveEmpty);
            }
            0
        }
        Some(from) => {
            match state.ball(from) {
                None => return Err(Illegal::NoBall { spot: from }),
                Some(owner) if owner != state.to_move => {
                    return Err(Illegal::NotOwnBall { spot: from });
                }
                Some(_) => {}
            }
            if occupied & ABOVE[from.index()] != 0 {
                return Err(Illegal::BallNotFree { spot: from });
            }
            if to.level() <= from.level() {
                return Err(Illegal::NotHigher { from, to });
            }
            from.bit()
        }
    };
    if occupied & to.bit() != 0 {
        return Err(Illegal::SpotOccupied { spot: to });
    }
    if BELOW[to.index()] & from != 0 {
        let from = Spot::lowest(from);
        return Err(Illegal::RaiseOntoOwnSupport { from, to });
    }
    if BELOW[to.index()] & !occupied != 0 {
        return Err(Illegal::NotSupported { spot: to });
    }
    Ok(from)
}

/// Checks the take-back of `mv` after its (legal) action; returns its mask.
fn check_takeback(state: &State, mv: Move, from: u32) -> Result<u32, Illegal> {
    let takeback = mv.takeback();
    let to = mv.to().bit();
    let own = state.mask_of(state.to_move);
    if !completes(state.config.variant, own, mv.to()) {
        return match (takeback.is_empty(), state.config.variant) {
            (true, _) => Ok(0),
            (false, Variant::Children) => Err(Illegal::NoTakeBackInVariant),
            (false, _) => Err(Illegal::TakeBackNotAllowed),
        };
    }
    if takeback.is_empty() {
        return match state.config.takeback {
            TakeBackRule::UpToTwo => Ok(0),
            TakeBackRule::OneOrTwo => Err(Illegal::TakeBackRequired),
        };
    }
    let own = own & !from | to;
    let occupied = state.occupied() & !from | to;
    let take = takeback.mask();
    for spot in takeback.spots() {
        if occupied & spot.bit() == 0 {
            return Err(Illegal::NoBall { spot });
        }
        if own & spot.bit() == 0 {
            return Err(Illegal::NotOwnBall { spot });
        }
    }
    // Each ball must be free once the other one (if any) is gone: taking the upper one
    // first frees the lower, and two balls never rest on each other both ways.
    for spot in takeback.spots() {
        let others = take & !spot.bit();
        if (occupied & !others) & ABOVE[spot.index()] != 0 {
            return Err(Illegal::BallNotFreeToTakeBack { spot });
        }
    }
    Ok(take)
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
