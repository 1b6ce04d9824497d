//! Scripted games (records with their chance draws) that reach every scoring case: a
//! perfect enclosure, one to three mismatches, the owner's keep/remove decision taken by
//! the player not to move, bankruptcy and exact payment, and two and three enclosures by
//! one landscape with gains first and costs in ascending (y, x) order.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use architekton::{BuildingMatch, Config, Illegal, Move, Phase, State, apply, legal_moves, status};
use boardcore::{Actor, MoveError, Outcome, Player, SignedCoord, Status};

const P0: Player = Player::FIRST;
const P1: Player = Player::SECOND;

fn play(config: Config, record: &str) -> State {
    State::new(config)
        .replay(record)
        .unwrap_or_else(|e| panic!("{record}: {e}"))
}

fn at(x: i16, y: i16) -> SignedCoord {
    SignedCoord::new(x, y)
}

fn house(state: &State, x: i16, y: i16) -> Option<Player> {
    state.tile_at(at(x, y)).and_then(|t| t.house)
}

/// Start tiles forest (0,0) and water (1,1). Player 0 lays `wepf` on (1,0), its water
/// side north against the water, its forest side west against the forest.
const OPENING: &str = "*f *w *e *p *w *wepf *wefp *wpfe wepf@1,0 e@2,0";

#[test]
fn a_perfect_enclosure_scores_one_for_the_owner_even_on_the_opponents_turn() {
    let before = play(Config::default(), &format!("{OPENING} *w *wepf"));
    assert_eq!(before.mover(), P1);
    assert_eq!(before.points(P0), 1);
    // Player 1 closes the fourth side with plain, the building's south side.
    let after = play(Config::default(), &format!("{OPENING} *w *wepf p@1,-1"));
    assert_eq!(after.points(P0), 2);
    assert_eq!(after.points(P1), 1);
    assert_eq!(after.phase(), Phase::Lay);
    assert_eq!(status(&after), Status::Ongoing(Actor::Player(P1)));
    assert_eq!(house(&after, 1, 0), Some(P0));
}

/// Player 0's `wepf` on (1,0) gets a plain landscape south (matching), then player 1 lays
/// `wefp` on (2,1) showing plain south, and plain on (2,0): it matches player 1's building
/// but not the earth side of player 0's, which is now enclosed with one mismatch.
const ONE_MISMATCH: &str =
    "*f *w *p *p *e *wepf *wefp *wpfe wepf@1,0 p@1,-1 *p *wepf wefp@2,1r3 p@2,0";

#[test]
fn the_owner_decides_even_when_not_to_move() {
    let state = play(Config::default(), ONE_MISMATCH);
    assert_eq!(state.mover(), P1);
    assert_eq!(status(&state), Status::Ongoing(Actor::Player(P0)));
    assert_eq!(legal_moves(&state).as_slice(), [Move::Keep, Move::Remove]);
    assert!(matches!(
        state.phase(),
        Phase::Decide(pending) if pending.cells() == [at(1, 0)]
    ));
    // Play does not go on before the decision.
    let error = apply(&state, "w@3,1".parse().unwrap()).unwrap_err();
    assert_eq!(
        error,
        MoveError::Illegal(Illegal::DecisionPending {
            owner: P0,
            building: at(1, 0)
        })
    );
}

#[test]
fn keeping_pays_every_mismatch() {
    let kept = play(Config::default(), &format!("{ONE_MISMATCH} keep"));
    assert_eq!(kept.points(P0), 0);
    assert_eq!(house(&kept, 1, 0), Some(P0));
    assert_eq!(kept.removed(P0), 0);
    // Player 1's turn is over: the display is refilled.
    assert_eq!(status(&kept), Status::Ongoing(Actor::Chance));
}

#[test]
fn removing_the_house_pays_one_less() {
    let removed = play(Config::default(), &format!("{ONE_MISMATCH} remove"));
    assert_eq!(removed.points(P0), 1);
    assert_eq!(house(&removed, 1, 0), None);
    assert_eq!(removed.removed(P0), 1);
    assert_eq!(removed.supply(P0), 11);
    assert_eq!(removed.houses_on_table(P0), 0);
}

/// Two mismatches on player 0's building (1,0): plain east against its earth side (the
/// plain matches player 1's `wefp` on (2,1)), earth south against its plain side (the
/// earth matches player 0's `wpfe` on (0,-1)). Player 0 holds 1 point.
const TWO_MISMATCHES: &str = "*f *w *p *e *e *wepf *wefp *wpfe wepf@1,0 wpfe@0,-1r2 *wepf *wefp wefp@2,1r3 p@2,0 *p *wpfe e@1,-1";

#[test]
fn exact_payment_is_allowed_and_a_debt_loses_at_once() {
    let state = play(Config::default(), TWO_MISMATCHES);
    assert_eq!(status(&state), Status::Ongoing(Actor::Player(P0)));
    // Removing the house costs 1 point: exactly what player 0 has.
    let paid = apply(&state, Move::Remove).unwrap();
    assert_eq!(paid.points(P0), 0);
    assert_eq!(status(&paid), Status::Ongoing(Actor::Player(P0)));
    // Keeping it costs 2: player 0 cannot pay and loses.
    let broke = apply(&state, Move::Keep).unwrap();
    assert_eq!(broke.phase(), Phase::Bankrupt(P0));
    assert_eq!(status(&broke), Status::Finished(Outcome::Winner(P1)));
    assert!(legal_moves(&broke).is_empty());
    assert_eq!(
        apply(&broke, "*p".parse().unwrap()),
        Err(MoveError::GameOver)
    );
    // No tile is turned up once the game is decided.
    assert!(architekton::chance_outcomes(&broke).is_empty());
}

#[test]
fn three_mismatches_beyond_the_points_lose_without_a_decision() {
    // Under AtLeastOne the building on (1,0) matches only the forest west of it; then
    // water north, plain east and earth south all mismatch.
    let config = Config::new(BuildingMatch::AtLeastOne);
    let record = "*f *w *p *e *e *wpfe *wefp *wpfe wpfe@1,0r1 wpfe@0,-1r2 *wepf *wefp wefp@2,1r3 p@2,0 *p *wpfe e@1,-1";
    let state = play(config, record);
    assert_eq!(state.phase(), Phase::Bankrupt(P0));
    assert_eq!(status(&state), Status::Finished(Outcome::Winner(P1)));
    assert_eq!(state.points(P0), 1);
}

/// Plain on (1,-1) encloses player 0's `wepf` on (1,0) (perfect) and player 1's `wpfe`
/// on (0,-1) (its earth side faces the plain).
const TWO_ENCLOSURES: &str = "*f *w *e *p *w *wepf *wpfe *wepf wepf@1,0 e@2,0 *p *wefp wpfe@0,-1r2 p@-1,-1 *w *wepf w@0,-2 p@1,-1";

#[test]
fn one_landscape_encloses_two_buildings() {
    let state = play(Config::default(), TWO_ENCLOSURES);
    // The gain is credited first, then player 1 decides on the cost.
    assert_eq!(state.points(P0), 2);
    assert_eq!(status(&state), Status::Ongoing(Actor::Player(P1)));
    let after = apply(&state, Move::Keep).unwrap();
    assert_eq!(after.points(P1), 0);
    // The tile was player 0's second: the turn ends with a refill.
    assert_eq!(status(&after), Status::Ongoing(Actor::Chance));
}

/// Plain on (1,-1) encloses three buildings: (1,0) perfect for player 0, then (0,-1) for
/// player 1 and (2,-1) for player 0, each with one mismatch.
const THREE_ENCLOSURES: &str = "*f *w *e *p *w *wepf *wpfe *wepf wepf@1,0 e@2,0 *p *wefp wpfe@0,-1r2 p@-1,-1 *w *wepf wepf@2,-1r3 w@0,-2 *f *wfpe p@3,-1 f@2,-2 *p *e p@1,-1";

#[test]
fn three_enclosures_resolve_gains_first_then_costs_by_cell() {
    let state = play(Config::default(), THREE_ENCLOSURES);
    assert_eq!(state.points(P0), 2, "the perfect building scored first");
    assert!(matches!(
        state.phase(),
        Phase::Decide(pending) if pending.cells() == [at(0, -1), at(2, -1)]
    ));
    assert_eq!(status(&state), Status::Ongoing(Actor::Player(P1)));
    let first = apply(&state, Move::Keep).unwrap();
    assert_eq!(first.points(P1), 0);
    assert_eq!(status(&first), Status::Ongoing(Actor::Player(P0)));
    let second = apply(&first, Move::Remove).unwrap();
    assert_eq!(second.points(P0), 2);
    assert_eq!(house(&second, 2, -1), None);
    // Player 0 goes on with the second tile of the turn.
    assert_eq!(second.phase(), Phase::Lay);
    assert_eq!(second.laid_this_turn(), 1);
    assert_eq!(status(&second), Status::Ongoing(Actor::Player(P0)));
}

#[test]
fn decisions_are_only_for_enclosed_buildings() {
    let state = play(Config::default(), &format!("{OPENING} *w *wepf"));
    assert_eq!(
        apply(&state, Move::Keep),
        Err(MoveError::Illegal(Illegal::NotADecision))
    );
}
