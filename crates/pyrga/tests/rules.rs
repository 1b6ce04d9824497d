//! Hand-built positions for every ruling of `docs/pyrga.md`.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::{MoveError, Outcome, Player, PositionError, Status};
use pyrga::{
    Cell, Config, Illegal, Invalid, Move, Rules, Shape, State, Tally, apply, count_moves,
    legal_moves, status,
};

fn position(text: &str) -> State {
    text.parse()
        .unwrap_or_else(|error| panic!("{text} does not read: {error}"))
}

fn start() -> State {
    State::new(Config::default())
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// The legal moves in notation, sorted.
fn legal(state: &State) -> Vec<String> {
    let mut moves: Vec<String> = legal_moves(state).iter().map(ToString::to_string).collect();
    moves.sort();
    assert_eq!(moves.len(), count_moves(state), "count_moves agrees");
    moves
}

/// The cells of the legal moves, sorted and without repeats.
fn legal_cells(state: &State) -> Vec<String> {
    let mut cells: Vec<String> = legal_moves(state)
        .iter()
        .map(|m| m.cell().to_string())
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

fn illegal(state: &State, text: &str) -> Illegal {
    let before = *state;
    let error = apply(state, mv(text)).expect_err(text);
    assert_eq!(*state, before, "a refused move leaves the state as it was");
    match error {
        MoveError::Illegal(reason) => reason,
        MoveError::GameOver => panic!("{text}: game over, not illegal"),
    }
}

// ---------------------------------------------------------------------------------------
// Material and notation

#[test]
fn each_player_starts_with_five_of_each_shape() {
    let state = start();
    for player in [Player::FIRST, Player::SECOND] {
        for shape in Shape::ALL {
            assert_eq!(state.supply(player, shape), 5);
        }
    }
    assert_eq!(state.mover(), Player::FIRST);
    assert_eq!(state.ply(), 0);
}

#[test]
fn the_first_move_may_go_anywhere() {
    let moves = legal(&start());
    assert_eq!(moves.len(), 80);
    assert_eq!(legal_cells(&start()).len(), 16);
}

#[test]
fn position_text_examples_of_the_notation_page() {
    assert_eq!(start().to_string(), "4/4/4/4 - standard");
    assert_eq!(
        start().replay("Sd3 Td2w").unwrap().to_string(),
        "4/3,S/3,tw/4 Td2w standard"
    );
    assert_eq!(
        start().replay("Ca1 Ta1e Cb1 Sb1 Sa1").unwrap().to_string(),
        "4/4/4/SteC,sC,2 Sa1 standard"
    );
    // Pieces of a cell may be read in any order.
    assert_eq!(
        position("4/4/4/CteS,Cs,2 Sa1 standard"),
        start().replay("Ca1 Ta1e Cb1 Sb1 Sa1").unwrap()
    );
}

// ---------------------------------------------------------------------------------------
// Triangles

#[test]
fn a_triangle_never_points_off_the_board() {
    let corner = legal(&start())
        .into_iter()
        .filter(|m| m.starts_with("Ta1"))
        .collect::<Vec<_>>();
    assert_eq!(corner, ["Ta1e", "Ta1n"]);
    let edge = legal(&start())
        .into_iter()
        .filter(|m| m.starts_with("Tb1"))
        .collect::<Vec<_>>();
    assert_eq!(edge, ["Tb1e", "Tb1n", "Tb1w"]);
    let centre = legal(&start())
        .into_iter()
        .filter(|m| m.starts_with("Tc3"))
        .collect::<Vec<_>>();
    assert_eq!(centre, ["Tc3e", "Tc3n", "Tc3s", "Tc3w"]);
    assert_eq!(
        illegal(&start(), "Ta1s"),
        Illegal::TriangleOffBoard {
            cell: cell("a1"),
            direction: boardcore::Direction::South
        }
    );
    assert!(matches!(
        illegal(&start(), "Td4e"),
        Illegal::TriangleOffBoard { .. }
    ));
}

#[test]
fn a_triangle_sends_play_along_its_whole_ray() {
    // From a corner: the whole file.
    assert_eq!(
        legal_cells(&start().replay("Ta1n").unwrap()),
        ["a2", "a3", "a4"]
    );
    // From an edge: the whole file ahead, not the triangle's cell nor the cells behind.
    assert_eq!(
        legal_cells(&start().replay("Tb1n").unwrap()),
        ["b2", "b3", "b4"]
    );
    assert_eq!(
        legal_cells(&start().replay("Td2w").unwrap()),
        ["a2", "b2", "c2"]
    );
    // From the centre: only the cells ahead.
    assert_eq!(legal_cells(&start().replay("Tb2e").unwrap()), ["c2", "d2"]);
    assert_eq!(legal_cells(&start().replay("Tc3w").unwrap()), ["a3", "b3"]);
    assert_eq!(legal_cells(&start().replay("Tb3w").unwrap()), ["a3"]);
}

// ---------------------------------------------------------------------------------------
// Squares and cylinders

#[test]
fn a_square_sends_play_next_to_it() {
    assert_eq!(legal_cells(&start().replay("Sa1").unwrap()), ["a2", "b1"]);
    assert_eq!(
        legal_cells(&start().replay("Sc1").unwrap()),
        ["b1", "c2", "d1"]
    );
    assert_eq!(
        legal_cells(&start().replay("Sb3").unwrap()),
        ["a3", "b2", "b4", "c3"]
    );
    let after = start().replay("Sb3").unwrap();
    assert_eq!(
        illegal(&after, "Cb3"),
        Illegal::OutsideTargets {
            cell: cell("b3"),
            last: mv("Sb3")
        }
    );
}

#[test]
fn a_cylinder_sends_play_onto_its_own_cell() {
    let after = start().replay("Cb2").unwrap();
    assert_eq!(legal(&after), ["Sb2", "Tb2e", "Tb2n", "Tb2s", "Tb2w"]);
    // With a square there too, only a triangle fits.
    let after = start().replay("Sa2 Tb2w Ca2").unwrap();
    assert_eq!(legal(&after), ["Ta2e", "Ta2n", "Ta2s"]);
    assert_eq!(
        illegal(&after, "Ca2"),
        Illegal::ShapeTaken {
            cell: cell("a2"),
            shape: Shape::Cylinder
        }
    );
    // A square then sends play next to it again.
    let after = start().replay("Tb1n Cb3 Sb3").unwrap();
    assert_eq!(legal_cells(&after), ["a3", "b2", "b4", "c3"]);
}

// ---------------------------------------------------------------------------------------
// The fallback to empty cells

#[test]
fn fallback_when_the_targeted_cell_is_complete() {
    // a1 is complete and Black's last cylinder sends White there: White may place any
    // piece on any empty cell instead.
    let state = position("4/4/4/STnc,2,s Ca1 standard");
    assert_eq!(state.mover(), Player::FIRST);
    let cells = legal_cells(&state);
    assert_eq!(cells.len(), 14, "every empty cell");
    assert!(!cells.contains(&"a1".to_owned()) && !cells.contains(&"d1".to_owned()));
    // Squares and cylinders on 14 cells, triangles on 14 cells minus a1's and d1's
    // 2 directions each.
    assert_eq!(legal(&state).len(), 14 + 14 + (48 - 4));
    // The fallback allows only empty cells.
    assert_eq!(
        illegal(&state, "Sd1"),
        Illegal::NotEmpty { cell: cell("d1") }
    );
    assert!(apply(&state, mv("Cb3")).is_ok());
}

#[test]
fn fallback_when_no_targeted_cell_lacks_a_shape_in_hand() {
    // Black's last square at a1 sends White to a2 and b1, which both hold a White square
    // and a Black cylinder; White has no triangle left, so nothing fits there: White places
    // a square or a cylinder on one of the four empty cells.
    let state = position("2,c,ts/Tn,Tn,Tn,Tn/Sc,Tn,tn,s/s,Sc,2 Sa1 classic");
    assert_eq!(state.supply(Player::FIRST, Shape::Triangle), 0);
    assert_eq!(legal_cells(&state), ["a4", "b4", "c1", "d1"]);
    assert_eq!(legal(&state).len(), 8);
    assert!(legal(&state).iter().all(|m| !m.starts_with('T')));
    assert_eq!(
        illegal(&state, "Ta4s"),
        Illegal::ShapeUsedUp {
            shape: Shape::Triangle
        }
    );
}

#[test]
fn the_game_ends_when_nothing_fits_and_no_cell_is_empty() {
    // Golden-style position: the last cylinder completed a1, every cell holds a piece.
    let state = position("ts,c,c,c/C,s,s,s/Tn,Tn,C,C/STnC,stn,S,S Ca1 standard");
    assert_eq!(count_moves(&state), 0);
    assert!(legal(&state).is_empty());
    assert!(status(&state).is_finished());
    assert_eq!(apply(&state, mv("Sa2")), Err(MoveError::GameOver));
}

#[test]
fn the_game_ends_when_the_player_to_move_holds_no_piece() {
    // All 30 pieces are on the board; White is to move with an empty supply.
    let state = position("s,ts,c,c/sTn,sC,tnC,C/Stn,Sc,Tnc,sTn/STnC,STnc,stnC,Stn Cd4 standard");
    assert_eq!(state.placed(Player::FIRST), 15);
    assert_eq!(state.placed(Player::SECOND), 15);
    assert_eq!(count_moves(&state), 0);
    // White: 2 complete towers; Black: 1 complete and more single pieces. Towers decide.
    assert_eq!(
        state.tally(Player::FIRST),
        Tally {
            complete: 2,
            two_piece: 0,
            one_piece: 1
        }
    );
    assert_eq!(
        state.tally(Player::SECOND),
        Tally {
            complete: 1,
            two_piece: 0,
            one_piece: 4
        }
    );
    assert_eq!(
        status(&state),
        Status::Finished(Outcome::Winner(Player::FIRST))
    );
}

// ---------------------------------------------------------------------------------------
// Towers, control, winning

#[test]
fn a_cylinder_completes_a_tower_and_the_majority_controls_it() {
    // a2 holds White's square and triangle; Black's square at b2 sends White next to it,
    // and White's cylinder completes a2.
    let state = start().replay("Sa2 Tb2w Ta2e Sb2").unwrap();
    assert_eq!(state.tower(cell("a2")).height(), 2);
    let complete = apply(&state, mv("Ca2")).unwrap();
    let tower = complete.tower(cell("a2"));
    assert!(tower.is_complete());
    assert_eq!(tower.controller(), Some(Player::FIRST));
    assert_eq!(
        complete
            .controlled(Player::FIRST)
            .iter()
            .collect::<Vec<_>>(),
        [cell("a2").index()]
    );
    assert_eq!(complete.tally(Player::FIRST).complete, 1);
    assert_eq!(complete.tally(Player::SECOND).complete, 0);
    // A complete cell takes no more pieces: the cylinder sends Black onto a full cell, so
    // Black falls back to the empty cells.
    assert_eq!(legal_cells(&complete).len(), 14);
}

#[test]
fn completing_a_tower_can_give_it_to_the_opponent() {
    // Black's triangle sends White back to b2, where White adds a cylinder to its square;
    // Black must then complete b2 with a triangle, and White controls the tower.
    let state = start().replay("Sb2 Tb3s Cb2").unwrap();
    assert_eq!(legal(&state), ["Tb2e", "Tb2n", "Tb2s", "Tb2w"]);
    let white = apply(&state, mv("Tb2e")).unwrap();
    assert_eq!(white.tower(cell("b2")).controller(), Some(Player::FIRST));
    assert_eq!(white.tower(cell("b2")).pieces_of(Player::SECOND), 1);
}

#[test]
fn white_wins_at_three_towers() {
    let state = position("4/c,3/s,s,tn,tn/STnC,STnC,Sc,s Cc1 standard");
    assert_eq!(state.mover(), Player::FIRST);
    assert_eq!(legal(&state), ["Tc1e", "Tc1n", "Tc1w"]);
    let won = apply(&state, mv("Tc1n")).unwrap();
    assert_eq!(
        status(&won),
        Status::Finished(Outcome::Winner(Player::FIRST))
    );
    assert!(legal_moves(&won).is_empty());
    assert_eq!(apply(&won, mv("Sd4")), Err(MoveError::GameOver));
}

#[test]
fn black_wins_at_three_towers() {
    let state = position("4/C,C,2/S,S,Tn,Tn/stnc,stnc,sC,S Cc1 standard");
    assert_eq!(state.mover(), Player::SECOND);
    let won = apply(&state, mv("Tc1w")).unwrap();
    assert_eq!(
        status(&won),
        Status::Finished(Outcome::Winner(Player::SECOND))
    );
}

#[test]
fn the_mover_can_complete_the_opponents_third_tower() {
    let state = position("4/c,c,2/s,s,tn,tn/STnC,STnC,SC,s Cc1 standard");
    assert_eq!(state.mover(), Player::SECOND);
    assert_eq!(legal(&state), ["Tc1e", "Tc1n", "Tc1w"]);
    let lost = apply(&state, mv("Tc1e")).unwrap();
    assert_eq!(
        status(&lost),
        Status::Finished(Outcome::Winner(Player::FIRST))
    );
}

// ---------------------------------------------------------------------------------------
// The tie-breaks at the end

#[test]
fn more_complete_towers_decide_first() {
    let state = position("ts,c,c,c/C,s,s,s/Tn,Tn,C,C/STnC,stn,S,S Ca1 standard");
    assert_eq!(
        state.tally(Player::FIRST),
        Tally {
            complete: 1,
            two_piece: 0,
            one_piece: 7
        }
    );
    assert_eq!(
        state.tally(Player::SECOND),
        Tally {
            complete: 0,
            two_piece: 1,
            one_piece: 7
        }
    );
    assert_eq!(
        status(&state),
        Status::Finished(Outcome::Winner(Player::FIRST))
    );
}

#[test]
fn then_more_two_piece_towers() {
    let state = position("ts,c,c,c/s,s,s,tn/S,Tn,C,C/STnC,stnC,STn,S Ca1 standard");
    assert_eq!(count_moves(&state), 0);
    assert_eq!(
        state.tally(Player::FIRST),
        Tally {
            complete: 1,
            two_piece: 1,
            one_piece: 5
        }
    );
    assert_eq!(
        state.tally(Player::SECOND),
        Tally {
            complete: 1,
            two_piece: 0,
            one_piece: 8
        }
    );
    assert_eq!(
        status(&state),
        Status::Finished(Outcome::Winner(Player::FIRST))
    );
}

#[test]
fn then_more_one_piece_towers() {
    let state = position("ts,c,c,c/C,s,s,s/S,Tn,Tn,C/STnC,stnC,Stn,S Ca1 standard");
    assert_eq!(count_moves(&state), 0);
    assert_eq!(
        state.tally(Player::FIRST),
        Tally {
            complete: 1,
            two_piece: 0,
            one_piece: 6
        }
    );
    assert_eq!(
        state.tally(Player::SECOND),
        Tally {
            complete: 1,
            two_piece: 0,
            one_piece: 7
        }
    );
    assert_eq!(
        status(&state),
        Status::Finished(Outcome::Winner(Player::SECOND))
    );
}

#[test]
fn equal_tallies_are_a_draw() {
    let state = position("ts,ts,c,c/C,s,s,s/S,Tn,Tn,C/STnc,stnC,S,S Ca1 standard");
    assert_eq!(count_moves(&state), 0);
    assert_eq!(state.tally(Player::FIRST), state.tally(Player::SECOND));
    assert_eq!(status(&state), Status::Finished(Outcome::Draw));
}

// ---------------------------------------------------------------------------------------
// The opening square ban

#[test]
fn standard_bans_whites_second_square_after_a_square_opening() {
    let state = start().replay("Sb2 Sb3").unwrap();
    assert!(state.square_banned());
    assert!(legal(&state).iter().all(|m| !m.starts_with('S')));
    assert_eq!(illegal(&state, "Sb4"), Illegal::SquareBanned);
    // The ban is only for White's second piece.
    let later = start().replay("Sb2 Sb3 Cb4").unwrap();
    assert!(legal(&later).iter().any(|m| m.starts_with('S')));
    // No ban after a different opening piece.
    let state = start().replay("Cb2 Sb2").unwrap();
    assert!(!state.square_banned());
    assert!(legal(&state).iter().any(|m| m.starts_with('S')));
}

#[test]
fn classic_has_no_square_ban() {
    let state = State::new(Config::new(Rules::Classic))
        .replay("Sb2 Sb3")
        .unwrap();
    assert!(!state.square_banned());
    assert!(legal(&state).contains(&"Sb4".to_owned()));
    assert!(apply(&state, mv("Sb4")).is_ok());
}

// ---------------------------------------------------------------------------------------
// Errors

#[test]
fn every_refusal_names_its_rule() {
    let after_square = start().replay("Sb2").unwrap();
    assert_eq!(
        illegal(&after_square, "Sd4").to_string(),
        "d4 is not among the cells the last piece Sb2 allows"
    );
    assert_eq!(
        illegal(&start(), "Ta1w").to_string(),
        "a triangle on a1 cannot point w: no cell lies ahead"
    );
    let state = position("2,c,ts/Tn,Tn,Tn,Tn/Sc,Tn,tn,s/s,Sc,2 Sa1 classic");
    assert_eq!(
        illegal(&state, "Tc1n").to_string(),
        "no triangle left in the supply"
    );
    let banned = start().replay("Sb2 Sb3").unwrap();
    assert_eq!(
        illegal(&banned, "Sa3").to_string(),
        "White opened with a square, so White's second piece may not be a square"
    );
    let taken = start().replay("Cb2").unwrap();
    assert_eq!(
        illegal(&taken, "Cb2").to_string(),
        "b2 already holds a cylinder"
    );
    let fallback = position("4/4/4/STnc,2,s Ca1 standard");
    assert!(
        illegal(&fallback, "Sa1")
            .to_string()
            .contains("a1 is not empty")
    );
}

#[test]
fn records_report_the_failing_ply() {
    let error = start().replay("Cb2 Tb2n Sb4 Sb4").unwrap_err();
    assert_eq!(error.ply, 4);
    assert_eq!(error.text, "Sb4");
    let error = start().replay("Sb2 bogus").unwrap_err();
    assert_eq!(error.ply, 2);
    assert!(
        error
            .to_string()
            .starts_with("ply 2, move bogus: cannot read move")
    );
}

// ---------------------------------------------------------------------------------------
// Position validation

fn invalid(text: &str) -> Invalid {
    match text.parse::<State>() {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{text}: expected an invalid position, got {other:?}"),
    }
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    assert!(matches!(
        invalid("S,S,S,S/S,S,s,s/s,s,s,s/4 Sd3 standard"),
        Invalid::TooManyPieces {
            player: Player::FIRST,
            shape: Shape::Square
        }
    ));
    assert_eq!(
        invalid("s,3/4/4/4 Sa4 standard"),
        Invalid::TurnCount { white: 0, black: 1 }
    );
    assert_eq!(
        invalid("4/4/4/Ts,3 Ta1s standard"),
        Invalid::TriangleOffBoard { cell: cell("a1") }
    );
    assert_eq!(invalid("4/4/4/S,3 - standard"), Invalid::LastMove);
    assert_eq!(invalid("4/4/4/S,3 Sb1 standard"), Invalid::LastMove);
    assert_eq!(invalid("4/4/4/s,S,2 Sb1 standard"), Invalid::LastMove);
    assert_eq!(invalid("4/4/4/Tn,3 Ta1e standard"), Invalid::LastMove);
    assert_eq!(invalid("4/4/4/4 Sa1 standard"), Invalid::LastMove);
    assert_eq!(
        invalid("4/4/4/S,S,s,1 Sb1 standard"),
        Invalid::TwoOpeningSquares
    );
    // The same squares are fine in the classic rule set.
    assert!("4/4/4/S,S,s,1 Sb1 classic".parse::<State>().is_ok());
    // White controls three towers, but the last piece went elsewhere.
    assert_eq!(
        invalid("4/4/s,s,s,C/STnc,STnc,STnc,1 Cd2 standard"),
        Invalid::PlayedOnAfterWin
    );
}

#[test]
fn unreadable_positions_are_syntax_errors() {
    for text in [
        "",
        "4/4/4/4",
        "4/4/4 - standard",
        "4/4/4/4 - chess",
        "5/4/4/4 - standard",
        "4/4/4/3 - standard",
        "4/4/4/SS,3 Sa1 standard",
        "4/4/4/X,3 Sa1 standard",
        "4/4/4/T,3 Ta1n standard",
        "4/4/4/,4 - standard",
        "4/4/4/4 Xa1 standard",
        "4/4/4/4  - standard",
        "4/4/4/04 - standard",
    ] {
        assert!(
            matches!(text.parse::<State>(), Err(PositionError::Syntax(_))),
            "{text:?}"
        );
    }
}

#[test]
fn record_errors_are_flat_and_in_notation() {
    let error = start().replay("Sb2 Sb2").unwrap_err();
    assert_eq!(error.ply, 2);
    assert!(matches!(
        error.reason(),
        Some(Illegal::OutsideTargets { cell, .. }) if *cell == self::cell("b2")
    ));
    assert_eq!(
        format!("{:?}", error.error),
        "Illegal(OutsideTargets { cell: Cell(b2), last: Square(Cell(b2)) })",
        "one level, as a program matches it, with cells in notation"
    );
    let finished = "Cd1 Td1w Ta1e Cb1 Sb1 Tb2n Tb3n Cb4 Tb4e Sc4 Tc3s Sc2 Td2w Tc2n Cc3 Sc3 \
                    Cc4 Tc4e Cd4 Sd4 Cd3 Td3w Sa3 Sb3 Sb2 Ca2 Sa2 Ca3 Sc1 Cc2";
    let over = start().replay(&format!("{finished} Sa1")).unwrap_err();
    assert_eq!(over.error, boardcore::ReplayError::GameOver);
    assert_eq!(over.reason(), None);
    assert_eq!(format!("{:?}", cell("a4")), "Cell(a4)");
}

#[test]
fn to_move_is_none_once_the_game_is_over() {
    use pyrga::Game as _;
    let start = pyrga::State::new(pyrga::Config::default());
    assert_eq!(start.to_move(), Some(start.mover()));
    for seed in 0..5 {
        let mut rng = boardcore::SeededRng::new(seed);
        let end = boardcore::random_playout(&start, &mut rng, 100_000);
        assert!(end.finished);
        assert_eq!(end.state.to_move(), None);
        assert_eq!(end.state.status().to_move(), None);
    }
}
