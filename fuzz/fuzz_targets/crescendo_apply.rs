//! Arbitrary bytes drive Crescendo moves through `apply`: mostly picks among the legal
//! moves, sometimes moves built from the bytes, legal or not. When the first byte's high
//! bit is set, the setup is played by a fixed sequence of picks so that the bytes go to
//! the movement phase. Nothing panics, a move is accepted exactly when it is listed, the input state
//! never changes, and every state reached keeps the game's laws and invariants.
#![no_main]

use boardcore::{Direction, Player, SignedCoord};
use crescendo::{Config, Cross, Move, Phase, Players, Rotation, State, apply, legal_moves};
use libfuzzer_sys::fuzz_target;

/// A move of any kind built from three bytes, most of them illegal anywhere.
fn any_move(kind: u8, a: u8, b: u8) -> Move {
    let at = SignedCoord::new(i16::from(a as i8) / 4, i16::from(b as i8) / 4);
    match kind % 6 {
        0 => Move::Cross(Cross::new(at, Rotation::ALL[usize::from(a % 4)])),
        1 => Move::Pawn(at),
        2 => Move::Extra(at),
        3 => Move::Group {
            from: at,
            direction: Direction::from_index(usize::from(b)),
            count: a % 10,
        },
        4 => Move::Scatter(at),
        _ => Move::Pass,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, mut bytes)) = data.split_first() else {
        return;
    };
    let players = Players::new(2 + usize::from(first % 3)).unwrap_or_default();
    let mut state = State::new(Config::new(players));
    if first & 0x80 != 0 {
        let mut pick = usize::from(first);
        while !matches!(state.phase(), Phase::Moving { .. }) {
            let listed = legal_moves(&state);
            pick = pick.wrapping_mul(31).wrapping_add(7);
            state = apply(&state, listed[pick % listed.len()]).unwrap();
        }
    }
    while let Some((&byte, rest)) = bytes.split_first() {
        bytes = rest;
        let listed = legal_moves(&state);
        let mv = if byte < 224 || bytes.len() < 2 {
            match listed.get(usize::from(byte) % listed.len().max(1)) {
                Some(&mv) => mv,
                None => break,
            }
        } else {
            let mv = any_move(byte, bytes[0], bytes[1]);
            bytes = &bytes[2..];
            mv
        };
        if let Some(next) = tower_fuzz::step(&state, mv) {
            state = next;
        }
        // The laws apply every listed move; skip the big laying lists to keep runs fast.
        tower_fuzz::check_position(&state, !matches!(state.phase(), Phase::Laying));
        if let Phase::Moving { .. } = state.phase() {
            for player in state.active_players() {
                assert_eq!(state.pawns_on_board(player), u32::from(state.target()));
            }
        }
        let mut seen = 0u64;
        for player in Player::seats(4) {
            assert_eq!(state.tower_mask(player) & seen, 0, "towers mix colours");
            seen |= state.tower_mask(player);
        }
    }
});
