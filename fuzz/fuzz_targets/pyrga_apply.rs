//! Arbitrary bytes drive Pyrga moves, legal or not, through `apply`: nothing panics, a
//! move is accepted exactly when it is listed, the input state never changes, and every
//! state reached keeps the game's laws and invariants.
#![no_main]

use boardcore::Direction;
use libfuzzer_sys::fuzz_target;
use pyrga::{Cell, Config, Move, Rules, Shape, State};

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
    let rules = if first & 1 == 0 {
        Rules::Standard
    } else {
        Rules::Classic
    };
    let mut state = State::new(Config::new(rules));
    for &byte in bytes {
        if let Some(next) = tower_fuzz::step(&state, any_move(byte)) {
            state = next;
        }
        tower_fuzz::check_position(&state, true);
        let on_board: usize = Cell::all().map(|cell| state.tower(cell).height()).sum();
        let in_hand: usize = [boardcore::Player::FIRST, boardcore::Player::SECOND]
            .into_iter()
            .flat_map(|player| Shape::ALL.map(|shape| usize::from(state.supply(player, shape))))
            .sum();
        assert_eq!(on_board + in_hand, 30, "pieces are never created or lost");
    }
});
