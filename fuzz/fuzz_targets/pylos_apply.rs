//! Arbitrary bytes drive Pylos moves, legal or not, through `apply` in every option set:
//! nothing panics, a move is accepted exactly when it is listed, the input state never
//! changes, every state reached keeps the game's laws and invariants, and going back from
//! it finds the move played.
#![no_main]

use boardcore::{Player, Symmetry};
use libfuzzer_sys::fuzz_target;
use pylos::{
    Config, EndRule, Move, Spot, State, TakeBack, TakeBackRule, Variant, count_moves, legal_moves,
};

/// The options from the first byte.
fn config(byte: u8) -> Config {
    let variant = Variant::ALL[usize::from(byte % 3)];
    let takeback = TakeBackRule::ALL[usize::from(byte / 3 % 2)];
    let end = EndRule::ALL[usize::from(byte / 6 % 2)];
    Config::new(variant, takeback, end)
}

/// The spot of a byte (30 of the 256 values map to each spot, give or take).
fn spot(byte: u8) -> Spot {
    Spot::from_index(usize::from(byte) % Spot::COUNT).unwrap_or(Spot::APEX)
}

/// The next move: with a byte below 128, one of the legal moves (so that games go deep);
/// otherwise a move written from the next bytes, most often illegal: a placement or a raise
/// between any spots, with none, one or two balls taken back.
fn next_move(state: &State, bytes: &mut impl Iterator<Item = u8>) -> Option<Move> {
    let selector = bytes.next()?;
    if selector < 128 {
        let moves = legal_moves(state);
        return moves
            .get(usize::from(selector) % moves.len().max(1))
            .copied();
    }
    let to = spot(bytes.next()?);
    let action = if selector & 1 == 0 {
        Move::place(to)
    } else {
        Move::raise(spot(bytes.next()?), to)
    };
    let takeback = match selector / 2 % 3 {
        0 => TakeBack::NONE,
        1 => TakeBack::one(spot(bytes.next()?)),
        _ => TakeBack::two(spot(bytes.next()?), spot(bytes.next()?)).unwrap_or(TakeBack::NONE),
    };
    Some(action.with_takeback(takeback))
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let Some(first) = bytes.next() else {
        return;
    };
    let mut state = State::new(config(first));
    while let Some(mv) = next_move(&state, &mut bytes) {
        if let Some(next) = tower_fuzz::step(&state, mv) {
            // Going back from the position reached finds the move played.
            let mut found = false;
            pylos::for_each_predecessor(&next, |previous, back| {
                found |= *previous == state && back == mv;
            });
            assert!(found, "{mv} from {state} is not found going back");
            state = next;
        }
        tower_fuzz::check_position(&state, true);
        for player in [Player::FIRST, Player::SECOND] {
            assert_eq!(state.on_board(player) + state.reserve(player), 15);
        }
        assert_eq!(count_moves(&state), legal_moves(&state).len());
        for symmetry in Symmetry::ALL {
            assert_eq!(
                state.transformed(symmetry).symmetric_key(),
                state.symmetric_key()
            );
        }
    }
});
