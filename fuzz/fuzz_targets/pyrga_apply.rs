//! Arbitrary bytes drive Pyrga moves, legal or not, through `apply`: nothing panics, a
//! move is accepted exactly when it is listed, the input state never changes, and every
//! state reached keeps the game's laws and invariants.
#![no_main]

use boardcore::{Direction, Game, MoveError};
use libfuzzer_sys::fuzz_target;
use pyrga::{Cell, Config, Move, Rules, Shape, State, apply, legal_moves};

/// One of the 96 placements that can be written: 16 cells × (square, cylinder, triangle
/// in 4 directions), most of them illegal in any given position.
fn any_move(byte: u8) -> Move {
    let cell = Cell::from_index(usize::from(byte % 16)).unwrap_or(Cell::new(0, 0).unwrap());
    match (byte / 16) % 6 {
        0 => Move::Square(cell),
        1 => Move::Cylinder(cell),
        kind => Move::Triangle(cell, Direction::from_index(usize::from(kind - 2))),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let rules = if first & 1 == 0 { Rules::Standard } else { Rules::Classic };
    let mut state = State::new(Config::new(rules));
    for &byte in bytes {
        let mv = any_move(byte);
        let before = state;
        let listed = legal_moves(&state).contains(&mv);
        let result = apply(&state, mv);
        assert_eq!(state, before, "apply changed its input");
        match result {
            Ok(next) => {
                assert!(listed, "{mv} applied but is not listed in {state}");
                state = next;
            }
            Err(MoveError::GameOver) => assert!(state.status().is_finished()),
            Err(MoveError::Illegal(reason)) => {
                assert!(!listed, "{mv} is listed but refused: {reason}");
                assert!(!reason.to_string().is_empty());
            }
        }
        boardcore::testing::check_laws(&state).unwrap();
        state.validate().unwrap();
        let mut on_board = 0;
        for cell in Cell::all() {
            on_board += state.tower(cell).height();
        }
        let mut in_hand = 0;
        for player in [boardcore::Player::FIRST, boardcore::Player::SECOND] {
            for shape in Shape::ALL {
                in_hand += usize::from(state.supply(player, shape));
            }
        }
        assert_eq!(on_board + in_hand, 30, "pieces are never created or lost");
        let json = serde_json::to_string(&state).unwrap();
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
    }
});
