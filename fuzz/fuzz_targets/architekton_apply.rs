//! Arbitrary bytes drive Architekton moves through `apply`: mostly a listed move (player
//! moves and chance draws alike), sometimes any move that can be written, legal or not.
//! Nothing panics, a move is accepted exactly when it is listed, the input state never
//! changes, and every state reached keeps the game's laws and invariants.
#![no_main]

use architekton::{BuildingMatch, Config, Lay, Move, Rotation, State, Terrain, Tile, legal_moves};
use boardcore::{Player, SignedCoord};
use libfuzzer_sys::fuzz_target;

/// A move of any kind from two bytes, most of them illegal in any given position.
fn any_move(kind: u8, place: u8) -> Move {
    let tile = Tile::ALL[usize::from(kind % 10)];
    let at = SignedCoord::new(i16::from(place % 16) - 8, i16::from(place / 16) - 8);
    match kind / 10 % 8 {
        0..=3 => Move::Lay(Lay {
            tile,
            at,
            rotation: Rotation::ALL[usize::from(kind / 40 % 4)],
        }),
        4 => Move::MoveHouse(at),
        5 => Move::Draw(tile),
        6 => [Move::Keep, Move::Remove][usize::from(place % 2)],
        _ => Move::Pass,
    }
}

fn check_invariants(state: &State) {
    tower_fuzz::check_position(state, true);
    let mut tiles = state.tiles().count();
    for tile in Tile::ALL {
        tiles += usize::from(state.in_display(tile)) + usize::from(state.unseen(tile));
    }
    for terrain in Terrain::ALL {
        tiles += usize::from(state.discarded(terrain));
    }
    assert_eq!(
        tiles,
        state.config().tiles.total(),
        "tiles are never created or lost"
    );
    for player in [Player::FIRST, Player::SECOND] {
        let houses = state.supply(player) + state.houses_on_table(player) + state.removed(player);
        assert_eq!(houses, 12, "houses are never created or lost");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, mut bytes)) = data.split_first() else {
        return;
    };
    let rule = if first & 1 == 0 {
        BuildingMatch::All
    } else {
        BuildingMatch::AtLeastOne
    };
    let mut state = State::new(Config::new(rule));
    while let Some((&byte, rest)) = bytes.split_first() {
        bytes = rest;
        let listed = legal_moves(&state);
        let mv = if byte < 0xE0 {
            match listed.get(usize::from(byte) % listed.len().max(1)) {
                Some(&mv) => mv,
                None => Move::Pass,
            }
        } else {
            let Some((&place, rest)) = bytes.split_first() else {
                return;
            };
            bytes = rest;
            any_move(byte.wrapping_mul(7).wrapping_add(place), place)
        };
        if let Some(next) = tower_fuzz::step(&state, mv) {
            state = next;
            check_invariants(&state);
        }
    }
});
