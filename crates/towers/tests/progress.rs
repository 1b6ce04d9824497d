//! Long computations say that they are running: bots playing each other say each move,
//! a slow bot says `thinking…` at a terminal, a long count shows a progress bar.

mod common;

use common::{PYRGA_OUT_OF_BOOK, ok, quick_bots_game, towers_at_terminal, towers_with_input};

#[test]
fn bots_say_each_move_as_they_play_it() {
    let mut args = quick_bots_game("pylos", "2");
    args.extend(["--variant", "children"]);
    let run = towers_with_input(&args, "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    // Standard output is still the record and the status line.
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    let record = lines[0].strip_prefix("record ").unwrap_or_default();
    let said: Vec<&str> = run
        .stderr
        .lines()
        .filter_map(|line| line.split(" alphabeta bot) plays ").nth(1))
        .collect();
    assert_eq!(said.join(" "), record, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("Light (seat 0, alphabeta bot) plays "),
        "{}",
        run.stderr
    );
}

#[test]
fn watching_bots_draws_each_board_and_keeps_the_output() {
    let args = ["play", "pyrga", "--bots", "--bot", "random", "--seed", "2"];
    let plain = towers_with_input(&args, "");
    let mut watched_args = args.to_vec();
    watched_args.extend(["--watch", "--delay", "0"]);
    let watched = towers_with_input(&watched_args, "");
    assert_eq!(watched.status, 0, "{}", watched.stderr);
    assert_eq!(watched.stdout, plain.stdout);
    let moves = plain
        .stdout
        .lines()
        .next()
        .unwrap_or_default()
        .split(' ')
        .count()
        - 1;
    let boards = watched
        .stderr
        .matches("     a      b      c      d\n")
        .count();
    assert_eq!(boards, moves, "{}", watched.stderr);
    // The last board shows the last move.
    let last = plain
        .stdout
        .split_whitespace()
        .nth(moves)
        .unwrap_or_default();
    assert!(watched.stderr.contains(&format!("last piece {last}\n")));
    // Without --bots there is nothing to watch.
    let run = towers_with_input(&["play", "pyrga", "--watch"], "");
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("--bots"), "{}", run.stderr);
}

#[test]
fn at_a_terminal_a_slow_bot_says_it_is_thinking() {
    // The perfect bot (White) moves at ply 4 of a game file and searches for a second at
    // level 1 (White's first move is not the opening book's, so no book holds the
    // position); then the person quits without saving.
    let file = std::env::temp_dir().join(format!("towers-thinking-{}.txt", std::process::id()));
    std::fs::write(&file, format!("[game \"pyrga\"]\n{PYRGA_OUT_OF_BOOK}\n")).unwrap();
    let Some(run) = towers_at_terminal(
        &[
            "play",
            "pyrga",
            "--seed",
            "1",
            "--bot",
            "perfect",
            "--level",
            "1",
            "--seat",
            "1",
            "--record",
            file.to_str().unwrap(),
        ],
        &["quit", ""],
        false,
    ) else {
        eprintln!("skipped: util-linux script is not installed");
        return;
    };
    let _ = std::fs::remove_file(&file);
    assert!(run.stdout.contains("thinking…"), "{}", run.stdout);
    assert!(
        run.stdout.contains("(seat 0, perfect bot) plays "),
        "{}",
        run.stdout
    );
}

#[test]
fn at_a_terminal_a_long_count_shows_its_progress() {
    let Some(run) = towers_at_terminal(&["perft", "pylos", "5"], &[], false) else {
        eprintln!("skipped: util-linux script is not installed");
        return;
    };
    assert!(run.stdout.contains("subtrees counted"), "{}", run.stdout);
    let count = ok(&["perft", "pylos", "5"]);
    assert!(run.stdout.contains(count.trim()), "{}", run.stdout);
}

#[test]
fn a_count_split_for_its_progress_adds_up() {
    // perft counts deep trees in subtrees some plies down, for the progress bar; each first
    // move's count is still the count of the position after it.
    for (game, depth, options) in [
        ("pylos", "3", &[][..]),
        ("architekton", "3", &[]),
        ("crescendo", "3", &["--players", "3"]),
    ] {
        let mut args = vec!["perft", game, depth, "--divide"];
        args.extend_from_slice(options);
        let divided = ok(&args);
        let lines: Vec<&str> = divided.lines().collect();
        let total: u64 = lines
            .last()
            .and_then(|l| l.parse().ok())
            .unwrap_or_default();
        let mut sum = 0;
        for line in &lines[..lines.len() - 1] {
            let (mv, count) = line.rsplit_once(' ').unwrap_or_default();
            sum += count.parse::<u64>().unwrap_or_default();
            if line == &lines[0] {
                let mut alone = vec!["perft", game, "2", "--moves", mv];
                alone.extend_from_slice(options);
                assert_eq!(ok(&alone).trim(), count, "{game} {mv}");
            }
        }
        assert!(total > 0, "{game}: {divided}");
        assert_eq!(sum, total, "{game}");
    }
}
