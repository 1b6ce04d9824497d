//! The rules: the end of the game, and playing a move with every check.

use boardcore::{Actor, MoveError, Outcome, Status};

use crate::config::Variant;
use crate::error::Illegal;
use crate::movegen::{ended_by_rule, for_each_raise, takeable};
use crate::moves::Move;
use crate::pattern::completes;
use crate::spot::{ABOVE, BELOW, Spot};
use crate::state::State;

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
/// use pylos::boardcore::Player;
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
/// use pylos::boardcore::MoveError;
/// use pylos::{apply, Config, Illegal, State};
///
/// let state = State::new(Config::default()).replay("0a1 0b1 0a2 0b2").unwrap();
/// let next = apply(&state, "1a1".parse().unwrap()).unwrap();
/// assert_eq!(next.reserve(pylos::boardcore::Player::FIRST), 12);
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
    let rule = state.config.takeback;
    let own = own & !from | to;
    let occupied = state.occupied() & !from | to;
    // The ball just played stays under the `earlier` rules.
    let kept = if rule.keeps_ball_played() { to } else { 0 };
    if takeback.is_empty() {
        let none_free = takeable(own, occupied, kept) == 0;
        return if rule.allows_none() || none_free {
            Ok(0)
        } else {
            Err(Illegal::TakeBackRequired)
        };
    }
    let take = takeback.mask();
    for spot in takeback.spots() {
        if occupied & spot.bit() == 0 {
            return Err(Illegal::NoBall { spot });
        }
        if own & spot.bit() == 0 {
            return Err(Illegal::NotOwnBall { spot });
        }
        if kept & spot.bit() != 0 {
            return Err(Illegal::BallJustPlayed { spot, rule });
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
