//! The movement phase on hand-built positions: every landing case, protection, scatters,
//! paths, distances and the decisions' errors.

mod common;

use boardcore::{Direction, MoveError, SignedCoord};
use common::{LINE, illegal, moves_from, moves_text, moving, play, play_all, seat};
use crescendo::{Colour, Decision, Illegal, Phase, Tower, apply, count_moves, legal_moves};

fn at(x: i16, y: i16) -> SignedCoord {
    SignedCoord::new(x, y)
}

/// Players 1 to 3 parked far east (4 + 1 pawns each), player 0 with one tower of 4 there.
const PARKED: &str = "13,0=1111;21,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3";

/// Players 2 and 3 parked as in [`PARKED`].
const PARKED_2_3: &str = "14,0=2222;22,0=2;15,0=3333;19,0=3";

#[test]
fn the_test_board_has_the_documented_colours() {
    let state = moving(0, 0, &format!("0,0=0;16,1=0000;{PARKED}"));
    let board = state.board();
    assert_eq!(board.colour_at(at(4, 0)), Some(Colour::White));
    assert_eq!(board.colour_at(at(5, 0)), Some(Colour::Player(seat(1))));
    assert_eq!(board.colour_at(at(6, 0)), Some(Colour::Player(seat(2))));
    assert_eq!(board.colour_at(at(7, 0)), Some(Colour::Player(seat(3))));
    assert_eq!(board.colour_at(at(8, 1)), Some(Colour::Player(seat(0))));
    assert_eq!(board.colour_at(at(9, 1)), Some(Colour::Player(seat(3))));
    assert_eq!(board.colour_at(at(10, 1)), Some(Colour::White));
    assert_eq!(board.colour_at(at(11, 1)), Some(Colour::Player(seat(1))));
    assert_eq!(board.colour_at(at(3, 2)), None);
    assert_eq!(board.bounds(), Some((at(-1, -1), at(23, 2))));
}

#[test]
fn a_single_pawn_steps_one_cell_onto_empty_cells() {
    let state = moving(0, 5, &format!("0,0=0;16,1=0000;{PARKED}"));
    assert_eq!(
        moves_from(&state, "0,0"),
        ["M0,0n1", "M0,0e1", "M0,0s1", "M0,0w1"]
    );
    let next = play(&state, "M0,0n1");
    assert_eq!(next.tower_at(at(0, 0)), None);
    assert_eq!(
        next.tower_at(at(0, 1)),
        Some(Tower {
            owner: seat(0),
            height: 1
        })
    );
    // A plain move is no progress: the count goes on, the next player moves.
    assert_eq!(
        next.phase(),
        Phase::Moving {
            to_move: seat(1),
            idle: 6
        }
    );
}

#[test]
fn k_pawns_move_exactly_k_cells_over_board_cells_only() {
    let state = moving(0, 0, &format!("0,0=00;16,1=000;{PARKED}"));
    // North and south two cells away and west two cells away are holes.
    assert_eq!(
        moves_from(&state, "0,0"),
        ["M0,0n1", "M0,0e1", "M0,0e2", "M0,0s1", "M0,0w1"]
    );
    assert_eq!(
        illegal(&state, "M0,0n2"),
        Illegal::PathLeavesBoard {
            from: at(0, 0),
            direction: Direction::North,
            distance: 2
        }
    );
    assert_eq!(
        illegal(&state, "M0,0e3"),
        Illegal::WrongDistance {
            at: at(0, 0),
            distance: 3,
            height: 2
        }
    );
    // Moving one pawn of two leaves the other.
    let split = play(&state, "M0,0e1");
    assert_eq!(split.tower_at(at(0, 0)).unwrap().height, 1);
    assert_eq!(split.tower_at(at(1, 0)).unwrap().height, 1);
    let whole = play(&state, "M0,0e2");
    assert_eq!(whole.tower_at(at(0, 0)), None);
    assert_eq!(whole.tower_at(at(2, 0)).unwrap().height, 2);
}

#[test]
fn a_path_may_not_cross_a_hole() {
    // A tower of 4 on the isolated arm (2,2): only south leads anywhere.
    let state = moving(0, 0, &format!("2,2=0000;16,1=0;{PARKED}"));
    assert_eq!(moves_from(&state, "2,2"), ["M2,2s1", "M2,2s2"]);
    // (6,2) is a cell, but (3,2) on the way is a hole.
    assert_eq!(
        illegal(&state, "M2,2e4"),
        Illegal::PathLeavesBoard {
            from: at(2, 2),
            direction: Direction::East,
            distance: 4
        }
    );
}

#[test]
fn paths_pass_over_occupied_cells() {
    // Player 1's protected tower on (1,0) blocks landing there, not passing over it.
    let state = moving(
        0,
        0,
        &format!("0,0=00;16,1=000;1,0=11;13,0=111;{PARKED_2_3}"),
    );
    assert_eq!(
        moves_from(&state, "0,0"),
        ["M0,0n1", "M0,0e2", "M0,0s1", "M0,0w1"]
    );
    assert_eq!(
        illegal(&state, "M0,0e1"),
        Illegal::Protected {
            at: at(1, 0),
            owner: seat(1)
        }
    );
    let next = play(&state, "M0,0e2");
    assert_eq!(next.tower_at(at(2, 0)).unwrap().owner, seat(0));
    assert_eq!(next.tower_at(at(1, 0)).unwrap().owner, seat(1));
}

#[test]
fn landing_on_your_own_tower_joins_it() {
    let state = moving(0, 3, &format!("0,0=00;2,0=0;16,1=00;{PARKED}"));
    let next = play(&state, "M0,0e2");
    assert_eq!(
        next.tower_at(at(2, 0)),
        Some(Tower {
            owner: seat(0),
            height: 3
        })
    );
    assert_eq!(next.tower_at(at(0, 0)), None);
    // A join that does not finish a tower is no progress.
    assert_eq!(
        next.phase(),
        Phase::Moving {
            to_move: seat(1),
            idle: 4
        }
    );
    // Joining a tower that stands on your own colour is allowed.
    let state = moving(0, 0, &format!("0,0=0;0,1=0;16,1=000;{PARKED}"));
    assert_eq!(play(&state, "M0,0n1").tower_at(at(0, 1)).unwrap().height, 2);
}

#[test]
fn protection_holds_only_on_the_owners_colour() {
    // Player 1's tower on a cell of colour 1: protected.
    let own = moving(
        0,
        0,
        &format!("0,0=0;16,1=0000;1,0=11;13,0=111;{PARKED_2_3}"),
    );
    assert!(!moves_from(&own, "0,0").contains(&"M0,0e1".to_owned()));
    assert!(matches!(illegal(&own, "M0,0e1"), Illegal::Protected { .. }));
    // Player 3's tower on a cell of colour 1: not protected.
    let other = moving(
        0,
        0,
        "0,0=0;16,1=0000;13,0=1111;21,0=1;14,0=2222;22,0=2;1,0=3;15,0=3333",
    );
    assert!(moves_from(&other, "0,0").contains(&"M0,0e1".to_owned()));
    assert!(matches!(
        play(&other, "M0,0e1").phase(),
        Phase::Scattering { .. }
    ));
    // Player 2's tower on a white cell: not protected.
    let white = moving(
        0,
        0,
        "2,0=00;16,1=000;13,0=1111;21,0=1;4,0=22;14,0=222;15,0=3333;19,0=3",
    );
    assert!(moves_from(&white, "2,0").contains(&"M2,0e2".to_owned()));
    assert!(matches!(
        play(&white, "M2,0e2").phase(),
        Phase::Scattering { .. }
    ));
}

#[test]
fn a_scatter_lets_the_mover_place_each_pawn_even_on_the_cell_the_group_left() {
    // Player 1's tower of 2 stands on a cell of colour 2: player 0 takes it.
    let state = moving(
        0,
        57,
        "0,0=00;16,1=000;2,0=11;13,0=111;14,0=2222;22,0=2;15,0=3333;19,0=3",
    );
    let scattering = play(&state, "M0,0e2");
    assert_eq!(
        scattering.phase(),
        Phase::Scattering {
            mover: seat(0),
            victim: seat(1),
            left: 2
        }
    );
    assert_eq!(scattering.to_move(), Some(seat(0)));
    assert_eq!(
        scattering.tower_at(at(2, 0)),
        Some(Tower {
            owner: seat(0),
            height: 2
        })
    );
    // Every empty cell, the one the group left included, the landing cell excluded.
    let targets = moves_text(&scattering);
    assert_eq!(targets.len(), 60 - 7);
    assert!(targets.iter().all(|mv| mv.starts_with('S')));
    assert!(targets.contains(&"S0,0".to_owned()));
    assert!(!targets.contains(&"S2,0".to_owned()));
    assert_eq!(
        illegal(&scattering, "S2,0"),
        Illegal::ScatterTargetNotEmpty { at: at(2, 0) }
    );
    assert_eq!(
        illegal(&scattering, "S30,30"),
        Illegal::OffBoard { at: at(30, 30) }
    );
    assert_eq!(
        illegal(&scattering, "M2,0w1"),
        Illegal::WrongDecision {
            expected: Decision::PlaceScattered
        }
    );
    let one_left = play(&scattering, "S0,0");
    assert_eq!(
        one_left.tower_at(at(0, 0)),
        Some(Tower {
            owner: seat(1),
            height: 1
        })
    );
    assert!(matches!(
        one_left.phase(),
        Phase::Scattering { left: 1, .. }
    ));
    // A pawn may go on its owner's colour; then the turn passes and the count restarts.
    let done = play(&one_left, "S1,0");
    assert_eq!(
        done.phase(),
        Phase::Moving {
            to_move: seat(1),
            idle: 0
        }
    );
    assert_eq!(done.pawns_on_board(seat(1)), 5);
}

#[test]
fn a_tower_of_four_scatters_into_four_singles() {
    let state = moving(
        0,
        0,
        "0,0=00;16,1=000;2,0=1111;13,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3",
    );
    let mut state = play(&state, "M0,0e2");
    for (index, target) in ["S0,0", "S1,0", "S-1,0", "S3,0"].into_iter().enumerate() {
        assert_eq!(
            state.phase(),
            Phase::Scattering {
                mover: seat(0),
                victim: seat(1),
                left: 4 - index as u8
            }
        );
        assert_eq!(state.pawns_on_board(seat(1)), 1 + index as u32);
        state = play(&state, target);
    }
    assert_eq!(
        illegal(
            &play_all(
                &moving(
                    0,
                    0,
                    "0,0=00;16,1=000;2,0=1111;13,0=1;14,0=2222;22,0=2;15,0=3333;19,0=3"
                ),
                "M0,0e2 S0,0"
            ),
            "S0,0"
        ),
        Illegal::ScatterTargetNotEmpty { at: at(0, 0) }
    );
    assert_eq!(state.to_move(), Some(seat(1)));
    let singles: Vec<u8> = state.towers_of(seat(1)).map(|(_, h)| h).collect();
    assert_eq!(singles, [1, 1, 1, 1, 1]);
}

#[test]
fn moves_of_the_wrong_kind_or_on_the_wrong_cell_are_refused() {
    let state = moving(0, 0, &format!("0,0=00;16,1=000;{PARKED}"));
    assert_eq!(
        illegal(&state, "P0,0"),
        Illegal::WrongDecision {
            expected: Decision::MoveGroup
        }
    );
    assert_eq!(
        illegal(&state, "M13,0e1"),
        Illegal::NotYourPawn { at: at(13, 0) }
    );
    assert_eq!(
        illegal(&state, "M1,0e1"),
        Illegal::NotYourPawn { at: at(1, 0) }
    );
    assert_eq!(
        illegal(&state, "M3,3e1"),
        Illegal::OffBoard { at: at(3, 3) }
    );
    assert_eq!(illegal(&state, "pass"), Illegal::PassWithMoves);
    assert!(!moves_text(&state).contains(&"pass".to_owned()));
    assert_eq!(count_moves(&state), legal_moves(&state).len());
    // The error messages name the rule.
    let error = apply(&state, "M0,0e3".parse().unwrap()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a group moves one cell per pawn: moving 3 cell(s) takes 3 pawn(s), and the tower on 0,0 holds 2"
    );
    assert!(matches!(error, MoveError::Illegal(_)));
}

#[test]
fn finishing_a_tower_qualifies_and_the_turn_skips_the_qualified() {
    let state = moving(0, 12, &format!("0,0=0;1,0=0000;{PARKED}"));
    let next = play(&state, "M0,0e1");
    assert_eq!(next.qualified(), [seat(0)]);
    assert_eq!(next.pawns_on_board(seat(0)), 0);
    assert_eq!(next.tower_at(at(1, 0)), None);
    assert_eq!(
        next.phase(),
        Phase::Moving {
            to_move: seat(1),
            idle: 0
        }
    );
    let next = play_all(&next, "M21,0w1 M22,0n1 M19,0n1");
    assert_eq!(next.to_move(), Some(seat(1)));
    assert!(!next.is_active(seat(0)));
    assert_eq!(next.active_players().count(), 3);
    assert_eq!(
        next.to_string(),
        format!("4 0123 0 - move:1:3:16 {LINE} 13,0=1111;14,0=2222;15,0=3333;19,1=3;20,0=1;22,1=2")
    );
}
