//! The position text form and its validation: a position that reads well but cannot occur
//! in a game is an error that says why, through text and through serde alike.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use architekton::{Config, Invalid, Stack, State};
use boardcore::{PositionError, SignedCoord};

/// After the deal and player 0's first tile.
const VALID: &str =
    "f@0,0/wepf@1,0#0/w@1,1 w,e,p,wefp,wpfe - 4/4 1/1 0/0 0.1 lay all:6,6,6,6,4,4,4,4,3,3";

fn invalid(text: &str) -> Invalid {
    match text.parse::<State>() {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{text} should be invalid: {other:?}"),
    }
}

fn unreadable(text: &str) -> String {
    match text.parse::<State>() {
        Err(PositionError::Syntax(error)) => error.reason().to_owned(),
        other => panic!("{text} should not read: {other:?}"),
    }
}

#[test]
fn a_played_position_reads_back() {
    let state = State::new(Config::default())
        .replay("*f *w *w *e *p *wepf *wefp *wpfe wepf@1,0")
        .unwrap();
    assert_eq!(state.to_string(), VALID);
    let read: State = VALID.parse().unwrap();
    assert_eq!(read, state);
    assert_eq!(read.supply(boardcore::Player::FIRST), 11);
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    // A landscape on a building cell.
    assert_eq!(
        invalid(&VALID.replace("wepf@1,0#0/w@1,1", "wepf@1,0#0/w@1,1/e@2,1")),
        Invalid::OffCheckerboard {
            at: SignedCoord::new(2, 1)
        }
    );
    // A building touching nothing.
    assert_eq!(
        invalid(&VALID.replace("wepf@1,0#0/w@1,1", "wepf@1,0#0/wefp@3,0/w@1,1")),
        Invalid::Disconnected {
            at: SignedCoord::new(3, 0)
        }
    );
    // Seven plain landscapes in a set of six.
    assert_eq!(
        invalid(&VALID.replace(" - 4/4", " p,p,p,p,p,p,p 4/4")),
        Invalid::TooManyTiles {
            tile: "p".parse().unwrap()
        }
    );
    // The start tiles are landscapes on 0,0 and 1,1.
    assert_eq!(
        invalid(&VALID.replace("f@0,0/wepf@1,0#0/w@1,1", "wepf@1,0#0/w@1,1")),
        Invalid::StartTiles
    );
    // A landscape that matches no building next to it.
    assert_eq!(
        invalid(&VALID.replace("wepf@1,0#0/w@1,1", "wepf@1,0#0/w@2,0/w@1,1")),
        Invalid::UnmatchedLandscape {
            at: SignedCoord::new(2, 0)
        }
    );
    // Houses only on buildings.
    assert_eq!(
        invalid(&VALID.replace("f@0,0", "f@0,0#1")),
        Invalid::LandscapeMarks {
            at: SignedCoord::ORIGIN
        }
    );
    // Thirteen houses.
    assert_eq!(
        invalid(&VALID.replace(" 0/0 0.1", " 12/0 0.1")),
        Invalid::TooManyHouses {
            player: boardcore::Player::FIRST
        }
    );
    assert_eq!(
        invalid(&VALID.replace("w,e,p,", "w,e,p,p,")),
        Invalid::DisplayOverfull {
            stack: Stack::Landscape
        }
    );
    // A reserve tile drawn while the stack still holds tiles.
    assert_eq!(
        invalid(&VALID.replace(" 4/4 ", " 3/4 ")),
        Invalid::Reserve {
            stack: Stack::Landscape
        }
    );
    assert!(matches!(
        invalid(&VALID.replace(" 0.1 lay", " 0.1 deal")),
        Invalid::Phase(_)
    ));
    assert!(matches!(
        invalid(&VALID.replace(" 0.1 lay", " 0.1 decide@1,0")),
        Invalid::Decision { .. }
    ));
    assert!(matches!(
        invalid(&VALID.replace(" 0.1 lay", " 0.0 over")),
        Invalid::Phase(_)
    ));
}

#[test]
fn malformed_text_is_a_syntax_error() {
    assert!(unreadable(&VALID.replace(" 1/1 ", " -1/1 ")).contains("points"));
    assert!(unreadable(&VALID.replace(" lay ", " play ")).contains("phase"));
    assert!(unreadable(&VALID.replace("all:", "any:")).contains("configuration"));
    assert!(unreadable(&VALID.replace("w@1,1", "w@1,1r1r1")).contains("table tile"));
    assert!(unreadable("").contains("nine fields"));
    // Tiles out of order, or written in a second spelling.
    assert!(unreadable(&VALID.replace("f@0,0/wepf@1,0#0", "wepf@1,0#0/f@0,0")).contains("sorted"));
    assert!(unreadable(&VALID.replace("w,e,p", "e,w,p")).contains("display"));
    assert!(unreadable(&VALID.replace("#0", "#2")).contains("seat"));
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_validation() {
    let state: State = VALID.parse().unwrap();
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(json, format!("\"{VALID}\""));
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
    let bad = format!("\"{}\"", VALID.replace(" 1/1 ", " -1/1 "));
    let error = serde_json::from_str::<State>(&bad).unwrap_err();
    assert!(error.to_string().contains("points"), "{error}");
    let off = format!("\"{}\"", VALID.replace("w@1,1", "w@1,1/e@2,1"));
    assert!(serde_json::from_str::<State>(&off).is_err());
    let config: Config =
        serde_json::from_str(r#"{"building_match":"one","tiles":"6,6,6,6,4,4,4,4,3,3"}"#).unwrap();
    assert_eq!(config, Config::new(architekton::BuildingMatch::AtLeastOne));
    assert!(
        serde_json::from_str::<Config>(r#"{"building_match":"all","tiles":"1,1,1,1,4,4,4,4,3,3"}"#)
            .is_err()
    );
}
