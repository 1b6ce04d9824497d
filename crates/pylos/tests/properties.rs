//! Properties over positions reached by random play, in every option set: the `Game`
//! contract (checked by the harness), the invariants of the rules, the completeness of
//! move generation and of moves played backwards, text, serde and the symmetric key.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashSet;

use boardcore::testing::{Harness, reachable};
use boardcore::{Game, Player, Symmetry};
use proptest::prelude::*;
use pylos::{Config, EndRule, Move, Spot, State, TakeBackRule, Variant, apply, legal_moves};

/// Every combination of the options.
fn every_config() -> impl Iterator<Item = Config> {
    Variant::ALL.iter().flat_map(|&variant| {
        TakeBackRule::ALL.iter().flat_map(move |&takeback| {
            EndRule::ALL
                .iter()
                .map(move |&end| Config::new(variant, takeback, end))
        })
    })
}

/// `for_each_child` gives the legal moves in order, each with what `apply` makes of it.
fn children_as_applied(state: &State) -> Result<(), String> {
    let mut children = Vec::new();
    pylos::for_each_child(state, |mv, child| children.push((mv, child)));
    let applied: Vec<(Move, State)> = legal_moves(state)
        .iter()
        .map(|&mv| apply(state, mv).map(|next| (mv, next)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    if children == applied {
        Ok(())
    } else {
        Err(format!("for_each_child differs from apply in {state}"))
    }
}

/// The rules' invariants in `state` and in every move from it.
fn invariants(state: &State) -> Result<(), String> {
    state.validate().map_err(|e| format!("invalid: {e}"))?;
    let mover = state.mover();
    for player in Player::seats(2) {
        if u32::from(state.on_board(player)) + u32::from(state.reserve(player)) != 15 {
            return Err(format!("player {player} does not have 15 balls"));
        }
    }
    children_as_applied(state)?;
    for &mv in &legal_moves(state) {
        let next = apply(state, mv).map_err(|e| format!("{mv}: {e}"))?;
        if let Some(from) = mv.from() {
            if state.ball(from) != Some(mover) || !state.is_free(from) {
                return Err(format!("{mv} raises a ball that is not a free own ball"));
            }
            if mv.to().level() <= from.level() {
                return Err(format!("{mv} does not go up"));
            }
        }
        // Only own balls return (the ball played included, not the spot it left).
        let taken = mv.takeback().len() as i32;
        for spot in mv.takeback().spots() {
            if next.ball(spot).is_some() {
                return Err(format!("{mv} leaves {spot} on the board"));
            }
            let own = spot == mv.to() || state.ball(spot) == Some(mover);
            if !own || mv.from() == Some(spot) {
                return Err(format!("{mv} takes back {spot}, not an own ball"));
            }
        }
        // Only free balls return: each is free once the action is played and the other
        // ball (if any) is gone, taking the higher one first.
        let mut own_after = state.balls(mover).with(mv.to().index());
        if let Some(from) = mv.from() {
            own_after = own_after.without(from.index());
        }
        for spot in mv.takeback().spots() {
            let (light, dark) = if mover == Player::FIRST {
                (own_after, state.balls(mover.other()))
            } else {
                (state.balls(mover.other()), own_after)
            };
            // A board, not a turn: no end rule applies to it.
            let config = Config {
                end: EndRule::NoMove,
                ..state.config()
            };
            let board = State::from_balls(config, light, dark, mover)
                .map_err(|e| format!("{mv}: the board during the take-back is invalid: {e}"))?;
            if !board.is_free(spot) {
                return Err(format!("{mv} takes back {spot}, which is not free"));
            }
            own_after = own_after.without(spot.index());
        }
        let placed = i32::from(!mv.is_raise());
        let change = i32::from(next.on_board(mover)) - i32::from(state.on_board(mover));
        if change != placed - taken {
            return Err(format!("{mv} changes the mover's balls by {change}"));
        }
        if next.balls(mover.other()) != state.balls(mover.other()) || next.mover() == mover {
            return Err(format!("{mv} touches the opponent or keeps the turn"));
        }
        next.validate()
            .map_err(|e| format!("{mv} leads to an invalid position: {e}"))?;
        // Going back from the position reached finds this move, and only real moves.
        let mut found = false;
        let mut wrong = None;
        pylos::for_each_predecessor(&next, |previous, back| {
            found |= *previous == *state && back == mv;
            if apply(previous, back).ok() != Some(next) {
                wrong = Some(format!("{back} from {previous}"));
            }
        });
        if !found {
            return Err(format!("{mv} is not found going back from {next}"));
        }
        if let Some(wrong) = wrong {
            return Err(format!(
                "going back from {next} gives {wrong}, which does not lead there"
            ));
        }
    }
    for symmetry in Symmetry::ALL {
        let image = state.transformed(symmetry);
        if image.symmetric_key() != state.symmetric_key() {
            return Err(format!("{symmetry:?} changes the symmetric key"));
        }
        let mapped: HashSet<Move> = legal_moves(state).iter().map(|m| m.map(symmetry)).collect();
        let moves: HashSet<Move> = legal_moves(&image).iter().copied().collect();
        if mapped != moves {
            return Err(format!("the moves of the {symmetry:?} image differ"));
        }
    }
    // With the `serde` feature, the state serializes and reads back to itself.
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(state).map_err(|e| e.to_string())?;
        let read: State = serde_json::from_str(&json).map_err(|e| e.to_string())?;
        if read != *state {
            return Err(format!("serde round trip changed {json}"));
        }
    }
    Ok(())
}

#[test]
fn random_games_keep_the_contract_and_the_invariants() {
    for (seed, config) in (0..).zip(every_config()) {
        let report = Harness::<State>::new(config)
            .games(12)
            .max_plies(300)
            .seed(seed)
            .run(invariants)
            .unwrap_or_else(|violation| panic!("{config}: {violation}"));
        assert!(report.finished > 0, "{config}: no game finished");
    }
}

/// Every move that [`apply`] accepts, found without the move generator: every placement
/// and raise between any spots, with every take-back of up to two of the mover's balls.
fn moves_by_trial(state: &State) -> HashSet<Move> {
    let mover = state.mover();
    let actions = Spot::all()
        .map(Move::place)
        .chain(Spot::all().flat_map(|from| Spot::all().map(move |to| Move::raise(from, to))));
    let mut found = HashSet::new();
    for action in actions {
        let candidates: Vec<Spot> = Spot::all()
            .filter(|&s| {
                s == action.to() || (state.ball(s) == Some(mover) && Some(s) != action.from())
            })
            .collect();
        let mut takebacks = vec![pylos::TakeBack::NONE];
        for (i, &a) in candidates.iter().enumerate() {
            takebacks.push(pylos::TakeBack::one(a));
            for &b in &candidates[i + 1..] {
                takebacks.extend(pylos::TakeBack::two(a, b));
            }
        }
        for takeback in takebacks {
            let mv = action.with_takeback(takeback);
            if apply(state, mv).is_ok() {
                found.insert(mv);
            }
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_generator_finds_every_move_that_applies(
        reached in (0..every_config().count()).prop_flat_map(|i| {
            reachable(State::new(every_config().nth(i).unwrap_or_default()), 80)
        }),
    ) {
        let state = reached.state;
        let listed: HashSet<Move> = legal_moves(&state).iter().copied().collect();
        prop_assert_eq!(listed.len(), legal_moves(&state).len());
        prop_assert_eq!(listed, moves_by_trial(&state), "{}", state);
    }

    #[test]
    fn records_replay_and_the_fast_perft_agrees(
        (config, reached) in (0..every_config().count()).prop_flat_map(|i| {
            let config = every_config().nth(i).unwrap_or_default();
            reachable(State::new(config), 120).prop_map(move |reached| (config, reached))
        }),
    ) {
        let start = State::new(config);
        prop_assert_eq!(start.replay(&reached.record()).unwrap(), reached.state);
        let state = reached.state;
        for depth in 1..=3 {
            prop_assert_eq!(pylos::perft(&state, depth), boardcore::perft(&state, depth));
        }
        prop_assert_eq!(state.count_moves(), legal_moves(&state).len());
        let text = state.to_string();
        prop_assert_eq!(text.parse::<State>().unwrap(), state);
        prop_assert_eq!(text.parse::<State>().unwrap().position_key(), state.position_key());
    }
}
