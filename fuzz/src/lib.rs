//! Checks shared by the fuzz targets of every game: `apply`'s contract on any move, the
//! laws and invariants of every position reached, and the text and serde forms of
//! whatever reads.

use core::fmt::Display;
use core::str::FromStr;

use boardcore::{Game, MoveError};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A game as the fuzz targets drive it: text and serde forms, and its own validation of a
/// position.
pub trait Fuzzed: Game + FromStr<Err: Display> + Serialize + DeserializeOwned {
    /// The game's validation of a position.
    fn check_valid(&self) -> Result<(), String>;
}

macro_rules! fuzzed {
    ($($state:ty),*) => {
        $(impl Fuzzed for $state {
            fn check_valid(&self) -> Result<(), String> {
                self.validate().map_err(|error| error.to_string())
            }
        })*
    };
}

fuzzed!(
    pyrga::State,
    pylos::State,
    architekton::State,
    crescendo::State
);

/// Applies `mv` (legal or not) to `state` and checks `apply`'s contract: the input is left
/// unchanged, `apply_in_place` agrees and changes nothing when it refuses, the move is accepted exactly when it is listed, a refusal is `GameOver` only
/// when the game is over and otherwise names a reason. Returns the new position.
///
/// # Panics
/// When the contract is broken (that is what the fuzzer looks for).
pub fn step<G: Game>(state: &G, mv: G::Move) -> Option<G> {
    let before = state.clone();
    let listed = state.legal_moves().contains(&mv);
    let result = state.apply(mv);
    assert_eq!(*state, before, "apply changed its input");
    let mut in_place = state.clone();
    match (&result, in_place.apply_in_place(mv)) {
        (Ok(next), Ok(())) => assert_eq!(in_place, *next, "apply_in_place differs from apply"),
        (Err(error), Err(in_place_error)) => {
            assert_eq!(*error, in_place_error, "apply_in_place refuses differently");
            assert_eq!(
                in_place, before,
                "a refused apply_in_place changed the position"
            );
        }
        _ => panic!("apply and apply_in_place disagree on {mv} in {state}"),
    }
    match result {
        Ok(next) => {
            assert!(listed, "{mv} applied but is not listed in {state}");
            Some(next)
        }
        Err(MoveError::GameOver) => {
            assert!(
                state.status().is_finished(),
                "game over while ongoing: {state}"
            );
            None
        }
        Err(MoveError::Illegal(reason)) => {
            assert!(!listed, "{mv} is listed but refused: {reason}");
            assert!(!reason.to_string().is_empty());
            None
        }
    }
}

/// Checks a position reached by play: the game's validation, the serde round trip, and
/// (when `laws` is set, as it applies every legal move) the laws of the `Game` contract.
///
/// # Panics
/// When a check fails.
pub fn check_position<G: Fuzzed>(state: &G, laws: bool) {
    state.check_valid().unwrap();
    if laws {
        boardcore::testing::check_laws(state).unwrap();
    }
    let json = serde_json::to_string(state).unwrap();
    assert_eq!(serde_json::from_str::<G>(&json).unwrap(), *state);
}

/// Reads `text` as a move of `start`, a position, a serialized position and a record from
/// `start`; whatever reads must write back to text that reads the same, and every position
/// read must be valid and answer its status and moves.
///
/// # Panics
/// When a check fails.
pub fn check_text<G: Fuzzed>(start: &G, text: &str) {
    if let Ok(mv) = start.parse_move(text) {
        assert_eq!(start.parse_move(&mv.to_string()).unwrap(), mv);
    }
    if let Ok(state) = text.parse::<G>() {
        let written = state.to_string();
        assert_eq!(written.parse::<G>().ok(), Some(state.clone()), "{written}");
        state.check_valid().unwrap();
        let moves = state.legal_moves();
        assert_eq!(moves.is_empty(), state.status().is_finished());
        for &mv in moves.iter().take(8) {
            state.apply(mv).unwrap().check_valid().unwrap();
        }
    }
    if let Ok(state) = serde_json::from_str::<G>(text) {
        state.check_valid().unwrap();
    }
    if let Ok(reached) = start.replay(text) {
        reached.check_valid().unwrap();
    }
}
