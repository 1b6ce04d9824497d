//! Invariants over positions reached by random play.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::testing::{Harness, reachable};
use boardcore::{Direction, Game, Outcome, Player, Status};
use proptest::prelude::*;
use pyrga::{
    Cell, Children, Config, Move, Rules, Shape, State, Tally, apply, count_moves, legal_moves,
};

/// The game's own invariants in one position.
fn invariants(state: &State) -> Result<(), String> {
    state.validate().map_err(|e| e.to_string())?;
    let mut complete = [0u8; 2];
    let mut two_piece = [0u8; 2];
    let mut one_piece = [0u8; 2];
    for player in [Player::FIRST, Player::SECOND] {
        // Every piece is on the board or in the supply: 5 of each shape.
        for shape in Shape::ALL {
            let on_board = Cell::all()
                .filter(|&c| {
                    let tower = state.tower(c);
                    match shape {
                        Shape::Square => tower.square == Some(player),
                        Shape::Triangle => tower.triangle.map(|(p, _)| p) == Some(player),
                        Shape::Cylinder => tower.cylinder == Some(player),
                    }
                })
                .count();
            if on_board + usize::from(state.supply(player, shape)) != 5 {
                return Err(format!("player {player} has lost or gained a {shape}"));
            }
        }
    }
    for cell in Cell::all() {
        let tower = state.tower(cell);
        if let Some((_, direction)) = tower.triangle
            && !cell.can_point(direction)
        {
            return Err(format!("the triangle on {cell} points off the board"));
        }
        // Control is the majority of a complete tower.
        let white = tower.pieces_of(Player::FIRST);
        let black = tower.pieces_of(Player::SECOND);
        let expected = match (tower.height(), white >= 2) {
            (3, true) => Some(Player::FIRST),
            (3, false) => Some(Player::SECOND),
            _ => None,
        };
        if tower.controller() != expected
            || expected.is_some_and(|p| !state.controlled(p).contains(cell.index()))
        {
            return Err(format!("control of {cell} is not the majority"));
        }
        match (tower.height(), white, black) {
            (3, w, _) => complete[usize::from(w < 2)] += 1,
            (2, 2, 0) => two_piece[0] += 1,
            (2, 0, 2) => two_piece[1] += 1,
            (1, 1, 0) => one_piece[0] += 1,
            (1, 0, 1) => one_piece[1] += 1,
            _ => {}
        }
    }
    for (index, player) in [Player::FIRST, Player::SECOND].into_iter().enumerate() {
        let expected = Tally {
            complete: complete[index],
            two_piece: two_piece[index],
            one_piece: one_piece[index],
        };
        if state.tally(player) != expected {
            return Err(format!("the tally of player {player} is wrong"));
        }
    }
    // Three controlled towers end the game with that player's win.
    let winner = [Player::FIRST, Player::SECOND]
        .into_iter()
        .find(|&p| state.tally(p).complete >= 3);
    if let Some(player) = winner
        && state.status() != Status::Finished(Outcome::Winner(player))
    {
        return Err("three towers but no win".to_owned());
    }
    Ok(())
}

#[test]
fn random_games_keep_every_law_and_invariant() {
    for rules in [Rules::Standard, Rules::Classic] {
        let report = Harness::<State>::new(Config::new(rules))
            .games(400)
            .seed(rules as u64)
            .run(invariants)
            .unwrap_or_else(|violation| panic!("{violation}"));
        assert_eq!(
            report.finished, 400,
            "every Pyrga game ends within 30 moves"
        );
    }
}

/// Every move that can be written: 16 cells × (square, cylinder, 4 triangles).
fn every_move() -> Vec<Move> {
    Cell::all()
        .flat_map(|cell| {
            [Move::Square(cell), Move::Cylinder(cell)]
                .into_iter()
                .chain(Direction::ALL.map(|d| Move::Triangle(cell, d)))
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_move_applies_exactly_when_it_is_listed(
        reached in reachable(State::new(Config::default()), 30)
    ) {
        let state = reached.state;
        let listed = legal_moves(&state);
        for mv in every_move() {
            let before = state;
            let result = apply(&state, mv);
            prop_assert_eq!(state, before);
            prop_assert_eq!(result.is_ok(), listed.contains(&mv), "{} in {}", mv, state);
            if let Ok(next) = result {
                prop_assert_eq!(next.ply(), state.ply() + 1);
                prop_assert_eq!(next.last_move(), Some(mv));
            }
        }
    }

    #[test]
    fn children_are_the_legal_moves_applied_counted_and_threatened(
        standard in reachable(State::new(Config::default()), 30),
        classic in reachable(State::new(Config::new(Rules::Classic)), 30),
    ) {
        for state in [standard.state, classic.state] {
            let children = Children::new(&state);
            prop_assert_eq!(children.moves(), legal_moves(&state));
            for mv in every_move() {
                let child = apply(&state, mv).ok();
                prop_assert_eq!(children.play(mv), child, "{} in {}", mv, state);
                if let Some(child) = child {
                    prop_assert_eq!(children.replies(mv), count_moves(&child), "{} in {}", mv, state);
                    if count_moves(&child) > 0 {
                        let wins = legal_moves(&child).into_iter().any(|reply| {
                            apply(&child, reply).is_ok_and(|next| next.controlled(child.mover()).len() >= 3)
                        });
                        prop_assert_eq!(children.threatens(mv), wins, "{} in {}", mv, state);
                    }
                }
            }
        }
    }

    #[test]
    fn text_forms_round_trip(reached in reachable(State::new(Config::new(Rules::Classic)), 30)) {
        let state = reached.state;
        prop_assert_eq!(state.to_string().parse::<State>().unwrap(), state);
        let start = State::new(Config::new(Rules::Classic));
        prop_assert_eq!(start.replay(&reached.record()).unwrap(), state);
        for mv in legal_moves(&state) {
            prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trips(reached in reachable(State::new(Config::default()), 30)) {
        let state = reached.state;
        let json = serde_json::to_string(&state).unwrap();
        prop_assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
        let moves = serde_json::to_string(&reached.moves).unwrap();
        prop_assert_eq!(serde_json::from_str::<Vec<Move>>(&moves).unwrap(), reached.moves);
        let config = serde_json::to_string(&state.config()).unwrap();
        prop_assert_eq!(serde_json::from_str::<Config>(&config).unwrap(), state.config());
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_refuses_invalid_states() {
    let bad = serde_json::from_str::<State>("\"s,3/4/4/4 Sa4 standard\"");
    assert!(
        bad.unwrap_err()
            .to_string()
            .contains("White has placed 0 pieces and Black 1")
    );
    assert!(serde_json::from_str::<Move>("\"Ta1\"").is_err());
    // A bad position in a JSON document: the error quotes it and says where it is.
    let start = State::new(Config::default());
    let document = format!("[\n  \"{start}\",\n  \"q\"\n]");
    let error = serde_json::from_str::<Vec<State>>(&document)
        .unwrap_err()
        .to_string();
    assert!(error.contains(r#""q""#), "{error}");
    assert!(error.contains(" at line "), "{error}");
    // A status is its text line.
    let status = State::new(Config::default()).status();
    assert_eq!(serde_json::to_string(&status).unwrap(), r#""ongoing 0""#);
    assert_eq!(
        serde_json::to_string(&Config::new(Rules::Classic)).unwrap(),
        r#"{"rules":"classic"}"#
    );
}
