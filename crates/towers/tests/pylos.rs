//! `towers` on Pylos: every command, its options, and its errors.

mod common;

use common::{arena, fails, ok, towers, towers_with_input};

/// Golden case 29: Dark fills the apex.
const APEX: &str = "0c2 0d4 0b3 0b2 0d3 0c3 0b1 0d2 0c4 1c2 0b3-1c3 0a4 0c1 0d1 0a1 0a2 0b4 0a2-1c1 0b4-1b1 0a3 0b4 0b3 0a1-1b2 0a4-1b3 2b1 0a3-2b2 0a2 0a3 0a1 0a4 1a3 1a2 2a2 1a1 2a1 3a1";

#[test]
fn moves_lists_the_legal_moves_sorted() {
    let start = ok(&["moves", "pylos"]);
    assert_eq!(start.lines().count(), 16);
    assert_eq!(start.lines().next(), Some("0a1"));
    // Golden case 21.
    let record =
        "0b4 0c2 0b1 0c4 0d4 0d1 0d3 0b3 0c1 0b2 0c3 0d1-1b3 0b1-1c3 0d2 1c2 0a1 0d1 1c1 0a2";
    assert_eq!(
        ok(&["moves", "pylos", "--moves", record]),
        "0a1-1b2\n0a3\n0a4\n0b1\n1b2\n"
    );
    // Light completes a square and must take back one or two balls.
    let square = ok(&["moves", "pylos", "--moves", "0a1 0d4 0b1 0d3 0a2 0d2"]);
    assert!(square.contains("0b2x0a1x0b2\n"));
    assert!(!square.lines().any(|line| line == "0b2"));
}

#[test]
fn moves_follow_the_options() {
    let record = "0a1 0d4 0b1 0d3 0a2 0d2";
    let count = |options: &[&str]| {
        let mut args = vec!["moves", "pylos", "--moves", record];
        args.extend_from_slice(options);
        ok(&args).lines().count()
    };
    assert_eq!(count(&[]), 9 + 10);
    assert_eq!(count(&["--takeback", "0-2"]), 9 + 11);
    assert_eq!(count(&["--variant", "children"]), 10);
    assert_eq!(count(&["--variant", "expert", "--end", "reserve"]), 9 + 10);
    // Expert: a row of four on level 0.
    let row = "0a1 0a4 0b1 0b4 0c1 0c4";
    let expert = ok(&["moves", "pylos", "--variant", "expert", "--moves", row]);
    assert!(expert.contains("0d1x0d1\n"), "{expert}");
    let standard = ok(&["moves", "pylos", "--moves", row]);
    assert!(!standard.contains('x'), "{standard}");
}

#[test]
fn perft_prints_the_count_last() {
    assert_eq!(ok(&["perft", "pylos", "3"]), "3360\n");
    assert_eq!(ok(&["perft", "pylos", "0"]), "1\n");
    // Golden case 16, at depth 2, for each option that changes it.
    let record = "0c3 0b3 0c2 0a1 0a4 0d1 0b2 0d1-1b2 0a2 0a3 0d2 1a2 0d4 0b4";
    assert_eq!(ok(&["perft", "pylos", "2", "--moves", record]), "182\n");
    let divided = ok(&["perft", "pylos", "2", "--moves", record, "--divide"]);
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), 18);
    assert_eq!(lines[17], "182");
    let sum: u64 = lines[..17]
        .iter()
        .map(|line| line.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 182);
}

#[test]
fn status_lines() {
    assert_eq!(ok(&["status", "pylos"]), "ongoing 0\n");
    assert_eq!(ok(&["status", "pylos", "--moves", "0a1"]), "ongoing 1\n");
    assert_eq!(ok(&["status", "pylos", "--moves", APEX]), "winner 1\n");
    // Golden case 43: Light empties its reserve under end=reserve.
    let record = "0a2 0b1 0c3 0d1 0b2 0d2 0a1 0b3 0b4 0d4 0a3 0d2-1a2 0c1 1a1 0d2 0c4 0a4 1a3 1b3 0d3 0c2 1c2 1c3 1b2 2b2 1a1-2a2 1b1 0d1-1a1 2a1";
    assert_eq!(
        ok(&["status", "pylos", "--end", "reserve", "--moves", record]),
        "winner 1\n"
    );
    assert_eq!(ok(&["status", "pylos", "--moves", record]), "ongoing 1\n");
}

#[test]
fn show_draws_the_pyramid_and_ends_with_the_status() {
    let shown = ok(&["show", "pylos", "--moves", "0a1 0b1 0a2 0b2"]);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.last(), Some(&"ongoing 0"));
    assert!(
        lines.contains(
            &"position ....,....,LD..,LD../...,...,.../..,../. L 13 13 standard 1-2 nomove"
        )
    );
    // The open spot 1a1 over the four balls.
    assert!(
        lines.contains(&"1 L D + +   1 + . .   1 . .   1 ."),
        "{shown}"
    );
    assert!(shown.contains("Dark (seat 1): 2 on the board, 13 in reserve"));
    let expert = ok(&["show", "pylos", "--variant", "expert", "--takeback", "0-2"]);
    assert!(expert.contains("Options expert 0-2 nomove; Light to move"));
}

#[test]
fn bad_input_exits_with_status_2_and_names_the_ply_move_and_reason() {
    let error = fails(&["moves", "pylos", "--moves", "0a1 0a1"]);
    assert_eq!(
        error.trim(),
        "towers: ply 2, move 0a1: 0a1 already holds a ball"
    );
    let error = fails(&["status", "pylos", "--moves", "0a1 1a1"]);
    assert_eq!(
        error.trim(),
        "towers: ply 2, move 1a1: 1a1 is not supported: the four spots under it do not all hold a ball"
    );
    let error = fails(&["status", "pylos", "--moves", "0a1 0d4 0b1 0d3 0a2 0d2 0b2"]);
    assert!(
        error.contains("ply 7, move 0b2: the ball played completes"),
        "{error}"
    );
    let error = fails(&["status", "pylos", "--moves", "0a1 0e1"]);
    assert!(
        error.starts_with("towers: ply 2, move 0e1: cannot read move"),
        "{error}"
    );
    assert!(
        fails(&["status", "pylos", "--rules", "classic"])
            .contains("--rules does not apply to pylos")
    );
    assert!(
        fails(&["status", "pylos", "--variant", "kids"])
            .contains("expected children, standard or expert")
    );
    assert!(
        fails(&["status", "pylos", "--takeback", "2"])
            .contains("expected 1-2, 0-2, 1-2-earlier or 0-2-earlier")
    );
    assert!(fails(&["status", "pylos", "--end", "never"]).contains("expected nomove or reserve"));
    assert!(fails(&["status", "pyrga", "--variant", "expert"]).contains("does not apply to pyrga"));
    let over = format!("{APEX} 0a1");
    assert!(
        fails(&["status", "pylos", "--moves", &over])
            .contains("ply 37, move 0a1: the game is over")
    );
}

#[test]
fn bots_play_a_whole_reproducible_game() {
    for options in [
        &[][..],
        &["--variant", "expert", "--takeback", "0-2"],
        &["--end", "reserve"],
    ] {
        let mut args = vec!["play", "pylos", "--bots", "--seed", "11"];
        args.extend_from_slice(options);
        let first = ok(&args);
        assert_eq!(first, ok(&args));
        let lines: Vec<&str> = first.lines().collect();
        assert_eq!(lines.len(), 2);
        let record = lines[0].strip_prefix("record ").expect("a record line");
        let mut status_args = vec!["status", "pylos", "--moves", record];
        status_args.extend_from_slice(options);
        assert_eq!(ok(&status_args).trim(), lines[1]);
        assert!(lines[1].starts_with("winner "), "{first}");
    }
}

#[test]
fn bot_games_stop_at_the_move_cap_as_unfinished() {
    let run = towers(&["play", "pylos", "--bots", "--seed", "3", "--max-plies", "5"]);
    assert_eq!(run.status, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0].split(' ').count(), 6, "record and 5 moves");
    assert_eq!(lines[1], "ongoing 1");
    assert!(
        run.stderr.contains("the game is unfinished"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_person_plays_against_the_bot() {
    let run = towers_with_input(
        &["play", "pylos", "--seed", "5", "--bot", "random"],
        "help\nmoves\n0a9\n1a1\n0a1\nrecord\nundo\nrecord\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = run.stdout;
    assert!(out.contains("you play Light (seat 0)"), "{out}");
    assert!(out.contains("0a1 0a2 0a3"), "the move list is shown");
    assert!(out.contains("cannot read move \"0a9\""));
    assert!(out.contains("1a1 is not supported"), "{out}");
    assert!(out.contains("Dark (seat 1, random bot) plays "));
    assert!(out.contains("record 0a1 "));
    assert!(
        out.contains("record \n"),
        "undo went back to the start: {out}"
    );
}

#[test]
fn the_default_bot_searches_and_gives_hints() {
    let run = towers_with_input(
        &["play", "pylos", "--seed", "1", "--level", "1"],
        "hint\n0a1\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("against the mcts bot (level 1)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Dark (seat 1, mcts bot) plays "));
    let hint = run
        .stdout
        .lines()
        .find_map(|l| l.split("hint: ").nth(1))
        .expect("a hint line");
    assert!(ok(&["moves", "pylos"]).lines().any(|m| m == hint), "{hint}");
}

#[test]
fn the_arena_plays_pylos() {
    let args = [
        "pylos",
        "--bot",
        "alphabeta",
        "--bot",
        "random",
        "--games",
        "2",
        "--level",
        "1",
        "--seed",
        "4",
        "--variant",
        "expert",
    ];
    let result = arena(&args);
    assert_eq!((result.firsts.iter().sum::<u32>(), result.draws), (2, 0));
    assert_eq!(
        arena(&args).stdout,
        result.stdout,
        "reproducible for a seed"
    );
}

/// The compact database of the `children` positions with at least 28 balls.
const CHILDREN_28: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../server/tests/data/children-28.dz"
);

#[test]
fn play_reads_the_perfect_bots_database_from_db() {
    // A `children` game with 29 balls on the board: Dark to move loses in 2.
    let record = "0c3 0a2 0b3 0a3 0d1 0b1 0b4 0a1 0b2 0d4 0c3-1a1 0c4 0a4 1a2 0d1-1a3 0c1 0d2 \
                  0d3 0d1 0c3 1b3 0c1-1c3 0c2 1c2 1b2 1c3-2a2 0d1-1c3 0d1 0c1 2b2 1c1 1b1 2a1";
    let solved = ok(&[
        "solve",
        "pylos",
        "--variant",
        "children",
        "--db",
        CHILDREN_28,
        "--moves",
        record,
    ]);
    assert!(solved.contains("value loss plies 2"), "{solved}");
    let played = ok(&[
        "play",
        "pylos",
        "--variant",
        "children",
        "--moves",
        record,
        "--bots",
        "--bot",
        "perfect",
        "--db",
        CHILDREN_28,
        "--seed",
        "1",
    ]);
    let moves = played
        .lines()
        .find_map(|line| line.strip_prefix("record "))
        .unwrap_or_default();
    assert_eq!(
        moves.split(' ').count(),
        record.split_whitespace().count() + 2,
        "{played}"
    );
    assert!(played.contains("winner 0"), "{played}");
    let error = fails(&["play", "pylos", "--db", "/nonexistent/x.dz"]);
    assert!(error.contains("/nonexistent/x.dz"), "{error}");
    let error = fails(&["play", "pyrga", "--db", CHILDREN_28]);
    assert!(error.contains("--db is for Pylos"), "{error}");
}
