//! The position text form: round trips, and every kind of invalid position refused with
//! its reason, from text and through serde.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use boardcore::{PositionError, SignedCoord};
use common::{LINE, line_record, moving, play, position, seat};
use crescendo::{Config, Illegal, Invalid, Players, State};

/// The reason `text` is refused as a position; panics if it reads.
fn invalid(text: &str) -> Invalid {
    match text.parse::<State>() {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{text}: expected an invalid position, got {other:?}"),
    }
}

/// Whether `text` is refused as text that is not in the position form.
fn syntax(text: &str) -> bool {
    matches!(text.parse::<State>(), Err(PositionError::Syntax(_)))
}

fn at(x: i16, y: i16) -> SignedCoord {
    SignedCoord::new(x, y)
}

/// A valid movement position: players parked, player 0 to move.
const TOWERS: &str = "0,0=00;16,1=000;13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3";

#[test]
fn positions_through_a_match_read_back() {
    let start = State::new(Config::new(Players::Three));
    let laid = start.replay(&line_record()).unwrap();
    let reached = [
        start,
        start.replay("X0,0r1 X2,1r3").unwrap(),
        laid,
        play(&laid, "P0,0"),
        moving(0, 12, TOWERS),
        play(&moving(0, 12, TOWERS), "M0,0w1"),
    ];
    for state in reached {
        let text = state.to_string();
        assert_eq!(position(&text), state, "{text}");
        assert_eq!(position(&text).position_key(), state.position_key());
    }
    assert_eq!(
        start.replay("X0,0r1 X2,1r3").unwrap().to_string(),
        "3 012 - - lay 0,0r1;2,1r3 -"
    );
    // Towers may be listed in any order.
    let shuffled = format!(
        "4 0123 - - move:0:12 {LINE} 19,0=3;16,1=000;0,0=00;13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333"
    );
    assert_eq!(position(&shuffled), moving(0, 12, TOWERS));
}

#[test]
fn crosses_must_obey_the_laying_rules() {
    assert_eq!(
        invalid("4 0123 - - lay 0,0r0;1,1r0 -"),
        Invalid::Cross {
            index: 1,
            reason: Illegal::Overlap {
                cross: "1,1r0".parse().unwrap(),
                at: at(1, 0)
            }
        }
    );
    assert!(matches!(
        invalid("4 0123 - - lay 0,0r0;3,0r0 -"),
        Invalid::Cross {
            index: 1,
            reason: Illegal::TooLittleContact { contacts: 1, .. }
        }
    ));
    assert!(matches!(
        invalid("4 0123 - - lay 2,1r0 -"),
        Invalid::Cross {
            index: 0,
            reason: Illegal::FirstCrossOffOrigin { .. }
        }
    ));
    // Twelve crosses end the laying step; the board has no more than twelve.
    assert_eq!(
        invalid(&format!("4 0123 - - lay {LINE} -")),
        Invalid::CrossCount { crosses: 12 }
    );
    assert!(syntax(&format!("4 0123 - - pawns {LINE};24,0r0 -")));
}

#[test]
fn towers_are_single_coloured_on_board_cells_and_unfinished() {
    let with = |towers: &str| format!("4 0123 - - move:0:0 {LINE} {towers}");
    assert_eq!(
        invalid(&with(
            "0,0=001;16,1=000;13,0=1111;14,0=2222;22,0=2;15,0=3333;19,0=3"
        )),
        Invalid::MixedTower { at: at(0, 0) }
    );
    assert_eq!(
        invalid(&with(
            "3,3=00;16,1=000;13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3"
        )),
        Invalid::OffBoard { at: at(3, 3) }
    );
    assert_eq!(
        invalid(&with(
            "0,0=00000;13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3"
        )),
        Invalid::FinishedTower { at: at(0, 0) }
    );
    assert!(syntax(&with(
        "0,0=00;0,0=000;13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3"
    )));
    assert!(syntax(&with("0,0=;16,1=000")));
    assert!(syntax(&with("0,0=04")));
}

#[test]
fn pawn_counts_must_fit_the_phase() {
    let with = |phase: &str, towers: &str| format!("4 0123 - - {phase} {LINE} {towers}");
    // Movement: everyone building has all 5 pawns.
    assert_eq!(
        invalid(&with(
            "move:0:0",
            "0,0=0;16,1=000;13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3"
        )),
        Invalid::PawnCount {
            player: seat(0),
            expected: 5,
            found: 4
        }
    );
    // A scatter: the victim has all but the pawns left to place.
    let scatter = "2,0=00;16,1=000;13,0=111;14,0=2222;22,0=2;15,0=3333;19,0=3";
    assert!(position(&with("scatter:0:1:2", scatter)).validate().is_ok());
    assert_eq!(
        invalid(&with("scatter:0:1:1", scatter)),
        Invalid::PawnCount {
            player: seat(1),
            expected: 4,
            found: 3
        }
    );
    assert_eq!(invalid(&with("scatter:0:1:0", scatter)), Invalid::Phase);
    assert_eq!(
        invalid(&with("scatter:0:0:2", scatter)),
        Invalid::Role { player: seat(0) }
    );
    // Laying: no pawns yet.
    assert!(matches!(
        invalid("4 0123 - - lay 0,0r0 0,0=0"),
        Invalid::PawnCount { found: 1, .. }
    ));
    // Setup pawns: white cells only, singly, in turn order.
    assert_eq!(
        invalid(&with("pawns", "1,0=0")),
        Invalid::Setup { at: at(1, 0) }
    );
    assert_eq!(
        invalid(&with("pawns", "0,0=1")),
        Invalid::PawnCount {
            player: seat(0),
            expected: 1,
            found: 0
        }
    );
    assert!(position(&with("pawns", "0,0=0;2,1=1")).validate().is_ok());
    // Extras: every white cell taken, extras in turn order making towers of 2.
    let whites = "0,0=0;2,1=1;4,0=2;6,1=3;8,0=0;10,1=1;12,0=2;14,1=3;16,0=0;18,1=1;20,0=2;22,1=3";
    assert!(position(&with("extras", whites)).validate().is_ok());
    assert!(
        position(&with("extras", &whites.replace("0,0=0", "0,0=00")))
            .validate()
            .is_ok()
    );
    // The first extra pawn is player 0's, not player 1's.
    assert_eq!(
        invalid(&with("extras", &whites.replace("2,1=1", "2,1=11"))),
        Invalid::PawnCount {
            player: seat(0),
            expected: 4,
            found: 3
        }
    );
    assert_eq!(
        invalid(&with("extras", &whites.replace("0,0=0", "0,0=000"))),
        Invalid::Setup { at: at(0, 0) }
    );
    assert_eq!(
        invalid(&with("pawns", whites)),
        Invalid::Phase,
        "twelve setup pawns end the step"
    );
}

#[test]
fn players_must_fit_the_table_and_the_round() {
    let tail = format!("move:0:0 {LINE} {TOWERS}");
    assert_eq!(
        invalid(&format!("3 0123 - - {tail}")),
        Invalid::NotSeated { player: seat(3) }
    );
    assert_eq!(invalid(&format!("4 012 - - {tail}")), Invalid::Seating);
    assert_eq!(invalid(&format!("4 012 - 0 {tail}")), Invalid::Seating);
    assert_eq!(invalid(&format!("4 0123 123 - {tail}")), Invalid::Qualified);
    assert_eq!(invalid("4 0123 1 - lay - -"), Invalid::Qualified);
    // The qualified take no turns and have no pawns on the board.
    assert_eq!(
        invalid(&format!("4 0123 1 - {tail}")),
        Invalid::NotPlaying { player: seat(1) }
    );
    assert_eq!(
        invalid(&format!(
            "4 0123 0 - move:0:0 {LINE} 13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3"
        )),
        Invalid::Role { player: seat(0) }
    );
    assert_eq!(
        invalid(&format!("4 0123 - - move:0:400 {LINE} {TOWERS}")),
        Invalid::Idle {
            idle: 400,
            limit: 400
        }
    );
    assert!(syntax("4 0113 - - lay - -"));
    assert!(syntax("5 0123 - - lay - -"));
    assert!(syntax("4 0123 - - play - -"));
    assert!(syntax("4 0123 - - move:0:01 - -"));
    assert!(syntax("4 0123 - - lay -"));
    assert!(syntax("4  0123 - - lay - -"));
}

#[test]
fn invalid_positions_name_the_problem() {
    let error = "4 0123 - - lay 0,0r0;1,1r0 -".parse::<State>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid position: cross 1: the cross 1,1r0 overlaps a laid cross at 1,0"
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_reads_only_valid_positions() {
    let state = moving(0, 12, TOWERS);
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(json, format!("\"{state}\""));
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
    for bad in [
        "4 0123 - - lay 0,0r0;1,1r0 -".to_owned(),
        format!(
            "4 0123 - - move:0:0 {LINE} 0,0=001;16,1=000;13,0=1111;14,0=2222;22,0=2;15,0=3333;19,0=3"
        ),
        format!(
            "4 0123 - - move:0:0 {LINE} 0,0=0;16,1=000;13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3"
        ),
        // The round's moves at their limit.
        format!("4 0123 - - move:0:0:1000 {LINE} {TOWERS}"),
    ] {
        let json = serde_json::to_string(&bad).unwrap();
        let error = serde_json::from_str::<State>(&json).unwrap_err();
        assert!(error.to_string().contains("invalid position"), "{error}");
    }
    // Boards deserialize through the laying rules too.
    assert!(
        serde_json::from_str::<crescendo::Board>(
            r#"[{"centre":{"x":0,"y":0},"rotation":0},{"centre":{"x":1,"y":0},"rotation":0}]"#
        )
        .is_err()
    );
    assert!(serde_json::from_str::<crescendo::Cell>("60").is_err());
    assert!(serde_json::from_str::<crescendo::Rotation>("4").is_err());
}
