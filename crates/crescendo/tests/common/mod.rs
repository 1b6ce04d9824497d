//! Helpers shared by the integration tests: a fixed board and position builders.

// A helper that cannot build its position or play its move fails the test.
#![allow(clippy::unwrap_used, clippy::panic)]
// Each test file uses only some of these helpers.
#![allow(dead_code)]

use boardcore::{MoveError, Player};
use crescendo::{Illegal, Move, State, apply, legal_moves};

/// Twelve crosses at rotation 0 in a zig-zag row: centres `(0,0), (2,1), (4,0), …, (22,1)`.
///
/// Colours (rotation 0: colour 0 north, 1 east, 2 south, 3 west of each centre):
/// - row `y = 0`, `x = -1..=22`: `x mod 4` = 0 white, 1 colour 1, 2 colour 2, 3 colour 3;
/// - row `y = 1`, `x = 0..=23`: `x mod 4` = 0 colour 0, 1 colour 3, 2 white, 3 colour 1;
/// - `y = -1` at `x = 0, 4, …, 20`: colour 2; `y = 2` at `x = 2, 6, …, 22`: colour 0.
pub(crate) const LINE: &str =
    "0,0r0;2,1r0;4,0r0;6,1r0;8,0r0;10,1r0;12,0r0;14,1r0;16,0r0;18,1r0;20,0r0;22,1r0";

/// The record laying [`LINE`].
pub(crate) fn line_record() -> String {
    LINE.split(';')
        .map(|cross| format!("X{cross}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A position read from its text form, panicking with the reason if it is refused.
pub(crate) fn position(text: &str) -> State {
    text.parse()
        .unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// A movement-phase position of a four-player first round on [`LINE`].
pub(crate) fn moving(to_move: u8, idle: u16, towers: &str) -> State {
    position(&format!("4 0123 - - move:{to_move}:{idle} {LINE} {towers}"))
}

/// Plays a move given in notation; panics if it is illegal.
pub(crate) fn play(state: &State, mv: &str) -> State {
    apply(state, mv.parse().unwrap()).unwrap_or_else(|error| panic!("{mv}: {error}"))
}

/// Plays moves given in notation, separated by spaces.
pub(crate) fn play_all(state: &State, moves: &str) -> State {
    moves
        .split_whitespace()
        .fold(*state, |state, mv| play(&state, mv))
}

/// The reason `mv` is illegal in `state`; panics if it is legal.
pub(crate) fn illegal(state: &State, mv: &str) -> Illegal {
    match apply(state, mv.parse().unwrap()) {
        Err(MoveError::Illegal(reason)) => reason,
        other => panic!("{mv} should be illegal, got {other:?}"),
    }
}

/// The legal moves as text.
pub(crate) fn moves_text(state: &State) -> Vec<String> {
    legal_moves(state).iter().map(Move::to_string).collect()
}

/// The legal group moves leaving `from` (written `x,y`), as text.
pub(crate) fn moves_from(state: &State, from: &str) -> Vec<String> {
    let prefix = format!("M{from}");
    moves_text(state)
        .into_iter()
        .filter(|mv| {
            mv.strip_prefix(&prefix)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic()))
        })
        .collect()
}

/// The player in seat `index`.
pub(crate) fn seat(index: usize) -> Player {
    Player::new(index).unwrap()
}
