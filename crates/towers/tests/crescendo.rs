//! `towers` on Crescendo: every command with `--players`, the drawing, the greedy bot and
//! the errors.

mod common;

use common::{arena, fails, ok, towers, towers_with_input};

/// Twelve crosses in a zig-zag row, then the pawns of a four-player setup.
const LAID: &str =
    "X0,0r0 X2,1r0 X4,0r0 X6,1r0 X8,0r0 X10,1r0 X12,0r0 X14,1r0 X16,0r0 X18,1r0 X20,0r0 X22,1r0";
const PAWNS: &str = "P0,0 P2,1 P4,0 P6,1 P8,0 P10,1 P12,0 P14,1 P16,0 P18,1 P20,0 P22,1";
const EXTRAS: &str = "E0,0 E2,1 E4,0 E6,1 E8,0 E10,1 E12,0 E14,1";
/// Movement from there until player 0 lands on player 1's tower of 2 at 2,1.
const TO_SCATTER: &str = "M0,0e2 M18,1n1 M20,0e1 M22,1n1 M2,0n1";

#[test]
fn moves_lists_the_legal_moves_sorted() {
    assert_eq!(
        ok(&["moves", "crescendo"]),
        "X0,0r0\nX0,0r1\nX0,0r2\nX0,0r3\n"
    );
    let second = ok(&["moves", "crescendo", "--moves", "X0,0r0"]);
    assert_eq!(second.lines().count(), 32);
    assert_eq!(second.lines().next(), Some("X-1,-2r0"));
    let record = format!("{LAID} {PAWNS} {EXTRAS}");
    let movement = ok(&["moves", "crescendo", "--moves", &record]);
    assert!(
        movement.lines().all(|line| line.starts_with("M0,0")
            || line.starts_with("M8,0")
            || line.starts_with("M16,0")),
        "{movement}"
    );
}

#[test]
fn players_option_sets_the_round() {
    let record = format!("{LAID} {PAWNS}");
    // With 2 players each has 6 white cells and 2 extras: player 0 holds every other white.
    let two = ok(&["moves", "crescendo", "--players", "2", "--moves", &record]);
    assert_eq!(two.lines().count(), 6);
    let three = ok(&["moves", "crescendo", "--players", "3", "--moves", &record]);
    assert_eq!(three.lines().count(), 4);
    assert!(
        ok(&["show", "crescendo", "--players", "3"]).contains("Round 2 (3 players, towers of 6)")
    );
    assert!(fails(&["moves", "crescendo", "--players", "5"]).contains("expected 2, 3 or 4"));
    assert!(
        fails(&["moves", "crescendo", "--rules", "classic"])
            .contains("--rules does not apply to crescendo")
    );
}

#[test]
fn perft_counts_the_laying_phase() {
    assert_eq!(ok(&["perft", "crescendo", "2"]), "128\n");
    assert_eq!(ok(&["perft", "crescendo", "3", "--players", "2"]), "5120\n");
    let divided = ok(&["perft", "crescendo", "2", "--divide"]);
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(
        lines,
        ["X0,0r0 32", "X0,0r1 32", "X0,0r2 32", "X0,0r3 32", "128"]
    );
}

#[test]
fn status_names_who_decides() {
    assert_eq!(ok(&["status", "crescendo"]), "ongoing 0\n");
    assert_eq!(
        ok(&["status", "crescendo", "--moves", "X0,0r0 X2,1r0"]),
        "ongoing 2\n"
    );
    let record = format!("{LAID} {PAWNS} {EXTRAS}");
    assert_eq!(
        ok(&["status", "crescendo", "--moves", &record]),
        "ongoing 0\n"
    );
    // Player 0 moves a group of 2 east, the others step aside, then player 0 moves one
    // pawn onto player 1's tower of 2 on a white cell and scatters it: player 0 keeps
    // deciding while placing the two pawns.
    let scatter = format!("{record} {TO_SCATTER}");
    assert_eq!(
        ok(&["status", "crescendo", "--moves", &scatter]),
        "ongoing 0\n"
    );
    let placed = format!("{scatter} S0,0 S1,0");
    assert_eq!(
        ok(&["status", "crescendo", "--moves", &placed]),
        "ongoing 1\n"
    );
}

#[test]
fn show_draws_the_crosses_with_colours_towers_and_heights() {
    let record = format!("{LAID} {PAWNS} {EXTRAS} {TO_SCATTER}");
    let shown = ok(&["show", "crescendo", "--moves", &record]);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.last(), Some(&"ongoing 0"));
    assert!(
        lines[0].starts_with("  y\\x   -1    0    1    2"),
        "{shown}"
    );
    // Row y = 0: (−1,0) colour 3, (0,0) white and now empty, (1,0) colour 1, (2,0) colour 2
    // with player 0's pawn left there; row y = 1: player 0's pawn on the white 2,1.
    let row = |y: &str| *lines.iter().find(|l| l.starts_with(y)).unwrap();
    assert!(
        row("    0 ").starts_with("    0 3 ..  W ..  1 ..  2 01 "),
        "{shown}"
    );
    assert!(
        row("    1 ").starts_with("    1       0 ..  3 ..  W 01 "),
        "{shown}"
    );
    // A tower on its owner's colour is marked protected.
    let protected = ok(&[
        "show",
        "crescendo",
        "--moves",
        &format!("{LAID} {PAWNS} {EXTRAS} M0,0n1"),
    ]);
    assert!(protected.contains("0 01*"), "{protected}");
    assert!(shown.contains("Red places 2 scattered pawn(s) of Blue"));
    assert!(shown.contains("position 4 0123 - - scatter:0:1:2:5 "));
    assert!(ok(&["show", "crescendo"]).contains("(no cross laid yet)"));
}

#[test]
fn bad_input_exits_with_status_2_and_names_the_ply_move_and_reason() {
    let error = fails(&["moves", "crescendo", "--moves", "X0,0r0 X1,0r0"]);
    assert_eq!(
        error.trim(),
        "towers: ply 2, move X1,0r0: the cross 1,0r0 overlaps a laid cross at 1,0"
    );
    let error = fails(&["status", "crescendo", "--moves", "X0,0r0 X3,0r0"]);
    assert!(
        error.contains("ply 2, move X3,0r0: the cross 3,0r0 shares 1 unit edge(s)"),
        "{error}"
    );
    let error = fails(&["status", "crescendo", "--moves", &format!("{LAID} P1,0")]);
    assert!(
        error.contains("ply 13, move P1,0: pawns are set up on white cells only"),
        "{error}"
    );
    let error = fails(&["status", "crescendo", "--moves", "X0,0"]);
    assert!(
        error.starts_with("towers: ply 1, move X0,0: cannot read move"),
        "{error}"
    );
    let record = format!("{LAID} {PAWNS} {EXTRAS} M0,0e3");
    let error = fails(&["status", "crescendo", "--moves", &record]);
    assert!(
        error.contains("ply 33, move M0,0e3: a group moves one cell per pawn"),
        "{error}"
    );
    assert!(
        fails(&["play", "crescendo", "--bots", "--bot", "oracle"])
            .contains("unknown bot \"oracle\" for crescendo (bots: mcts, greedy, random)")
    );
}

#[test]
fn greedy_bots_play_a_whole_reproducible_match() {
    for players in ["4", "3", "2"] {
        let args = [
            "play",
            "crescendo",
            "--players",
            players,
            "--bots",
            "--bot",
            "greedy",
            "--seed",
            "7",
        ];
        let first = ok(&args);
        assert_eq!(first, ok(&args));
        let lines: Vec<&str> = first.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[1].starts_with("ranking "), "{}", lines[1]);
        assert_eq!(
            lines[1].split(' ').count(),
            1 + players.parse::<usize>().unwrap()
        );
        let record = lines[0].strip_prefix("record ").unwrap();
        let status = ok(&[
            "status",
            "crescendo",
            "--players",
            players,
            "--moves",
            record,
        ]);
        assert_eq!(status.trim(), lines[1]);
    }
}

#[test]
fn random_bots_stop_at_the_ply_cap() {
    let run = towers(&[
        "play",
        "crescendo",
        "--bots",
        "--bot",
        "random",
        "--seed",
        "1",
        "--max-plies",
        "300",
    ]);
    assert_eq!(run.status, 0);
    assert!(
        run.stdout
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("ongoing"))
    );
    assert!(run.stderr.contains("unfinished"));
}

#[test]
fn a_person_plays_against_the_greedy_bot() {
    let run = towers_with_input(
        &[
            "play",
            "crescendo",
            "--players",
            "2",
            "--bot",
            "greedy",
            "--seed",
            "3",
        ],
        "moves\nX5,5r0\nX0,0r1\nrecord\nundo\nrecord\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = run.stdout;
    assert!(out.contains("you play Red (seat 0)"));
    assert!(out.contains("X0,0r0 X0,0r1 X0,0r2 X0,0r3"), "{out}");
    assert!(
        out.contains("X5,5r0 is refused") || out.contains("the first cross is centred on 0,0"),
        "{out}"
    );
    assert!(out.contains("Blue (seat 1, greedy bot) plays X"), "{out}");
    assert!(out.contains("record X0,0r1 X"), "{out}");
    assert!(
        out.contains("record \n"),
        "undo went back to the start: {out}"
    );
}

#[test]
fn the_arena_plays_the_search_bot_against_greedy_players() {
    let args = [
        "crescendo",
        "--bot",
        "mcts",
        "--bot",
        "greedy",
        "--games",
        "2",
        "--level",
        "1",
        "--seed",
        "4",
    ];
    let result = arena(&args);
    assert_eq!((result.firsts.iter().sum::<u32>(), result.draws), (2, 0));
    assert_eq!(
        arena(&args).stdout,
        result.stdout,
        "reproducible for a seed"
    );
}
