//! Properties over positions reached by random play: the `Game` contract (checked by the
//! boardcore harness in every position) and Crescendo's own invariants.

use boardcore::testing::{Harness, reachable};
use boardcore::{Player, SignedCoord};
use crescendo::{
    Board, Colour, Config, Move, Phase, Players, State, apply, group_moves, legal_moves,
};
use proptest::prelude::*;

/// Crescendo's invariants in one position.
fn invariants(state: &State) -> Result<(), String> {
    state.validate().map_err(|e| format!("invalid: {e}"))?;
    // Towers hold one colour: the players' cell masks are disjoint.
    let mut seen = 0u64;
    for player in Player::seats(4) {
        let mask = state.tower_mask(player);
        if mask & seen != 0 {
            return Err(format!("player {player}'s towers share a cell"));
        }
        seen |= mask;
    }
    // The crosses never overlap and each after the first shares at least 2 edges.
    let mut board = Board::new();
    for (index, &cross) in state.board().crosses().iter().enumerate() {
        if index > 0 && board.contacts(cross) < 2 {
            return Err(format!("cross {index} has too little contact"));
        }
        board
            .lay(cross)
            .map_err(|e| format!("cross {index} does not lay again: {e}"))?;
    }
    // Pawn counts: every player building has all their pawns in the movement phase (the
    // victim of a scatter all but those still to place).
    match state.phase() {
        Phase::Moving { .. } => {
            for player in state.active_players() {
                if state.pawns_on_board(player) != u32::from(state.target()) {
                    return Err(format!("player {player} lost pawns"));
                }
            }
        }
        Phase::Scattering { victim, left, .. } => {
            let expected = u32::from(state.target() - left);
            if state.pawns_on_board(victim) != expected {
                return Err(format!("victim {victim} has the wrong count"));
            }
        }
        _ => {}
    }
    // The cell view of the group moves lists the same moves, landing where they say.
    if let Phase::Moving { .. } = state.phase() {
        let groups = group_moves(state);
        let moves: Vec<Move> = groups.iter().map(|g| g.to_move(state.board())).collect();
        let listed = legal_moves(state);
        if groups.is_empty() {
            if listed.as_slice() != [Move::Pass] {
                return Err("no group moves but not a pass".to_owned());
            }
        } else if moves.as_slice() != listed.as_slice() {
            return Err("group_moves differs from legal_moves".to_owned());
        }
        for group in &groups {
            let to = group.to_move(state.board()).destination();
            if to != Some(state.board().coord(group.to)) {
                return Err(format!("{group:?} lands elsewhere"));
            }
        }
    }
    // Protected towers are never scattered: no legal group move lands on an opponent
    // tower standing on its owner's colour.
    if let Some(mover) = state.to_move() {
        for mv in legal_moves(state) {
            let Some(to) = mv.destination() else {
                continue;
            };
            if let Some(tower) = state.tower_at(to)
                && tower.owner != mover
                && state.board().colour_at(to) == Some(Colour::Player(tower.owner))
            {
                return Err(format!("{mv} scatters a protected tower"));
            }
        }
    }
    Ok(())
}

#[test]
fn harness_random_play_four_players() {
    let report = Harness::<State>::new(Config::new(Players::Four))
        .games(12)
        .max_plies(600)
        .seed(1)
        .run(invariants)
        .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 12);
}

#[test]
fn harness_random_play_three_and_two_players() {
    for (players, seed) in [(Players::Three, 2), (Players::Two, 3)] {
        Harness::<State>::new(Config::new(players))
            .games(10)
            .max_plies(600)
            .seed(seed)
            .run(invariants)
            .unwrap_or_else(|v| panic!("{players}: {v}"));
    }
}

fn start() -> State {
    State::new(Config::default())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn reached_positions_keep_the_invariants(reached in reachable(start(), 200)) {
        prop_assert!(invariants(&reached.state).is_ok(), "{:?}", invariants(&reached.state));
    }

    #[test]
    fn apply_leaves_its_input_unchanged(reached in reachable(start(), 200), pick in any::<usize>()) {
        let before = reached.state;
        let moves = legal_moves(&before);
        if let Some(&mv) = moves.get(pick % moves.len().max(1)) {
            let copy = before;
            let _ = apply(&before, mv);
            prop_assert_eq!(before, copy);
        }
        // Illegal moves leave it unchanged too.
        let _ = apply(&before, Move::Scatter(SignedCoord::new(40, 40)));
        prop_assert_eq!(before, reached.state);
    }

    #[test]
    fn text_round_trips(reached in reachable(start(), 200)) {
        let text = reached.state.to_string();
        let read: State = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(read, reached.state);
        prop_assert_eq!(read.position_key(), reached.state.position_key());
        for mv in legal_moves(&reached.state) {
            prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
        }
    }

    #[test]
    fn records_replay(reached in reachable(start(), 120)) {
        prop_assert_eq!(start().replay(&reached.record()).unwrap(), reached.state);
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn serde_round_trips(reached in reachable(start(), 200)) {
        let json = serde_json::to_string(&reached.state).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, reached.state);
        for mv in legal_moves(&reached.state) {
            let json = serde_json::to_string(&mv).unwrap();
            prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        }
        let board = serde_json::to_string(reached.state.board()).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Board>(&board).unwrap(), reached.state.board());
    }
}
