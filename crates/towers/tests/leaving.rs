//! Leaving a game does not lose it: `quit`, the end of the input (Ctrl-D) and Ctrl-C print
//! the record and, at a terminal, offer to save it; after the end of the game the prompt
//! stays for `undo`, `save` and `new`.

mod common;

use common::{PYRGA_OUT_OF_BOOK, ok, quick_bots_game, towers_at_terminal, towers_with_input};

/// A finished Pyrga game between bots, and the status line it ended with.
fn finished_pyrga() -> (String, String) {
    let played = ok(&quick_bots_game("pyrga", "1"));
    let mut lines = played.lines();
    let record = lines.next().and_then(|l| l.strip_prefix("record "));
    let status = lines.next();
    (
        record.unwrap_or_default().to_owned(),
        status.unwrap_or_default().to_owned(),
    )
}

#[test]
fn quit_and_the_end_of_the_input_print_the_record() {
    for input in ["Sb2\nquit\n", "Sb2\n"] {
        let run = towers_with_input(&["play", "pyrga", "--seed", "1", "--bot", "random"], input);
        assert_eq!(run.status, 0, "{}", run.stderr);
        // The record is the last thing printed (after the prompt, when `quit` answered it).
        let last = run.stdout.lines().last().unwrap_or_default();
        let record = last.split("record ").nth(1).unwrap_or_default();
        assert!(record.starts_with("Sb2 "), "{input:?}: {last}");
        assert_eq!(record.split(' ').count(), 2, "{last}");
        // Without a terminal, nobody is asked anything.
        assert!(!run.stdout.contains("save the game?"), "{}", run.stdout);
    }
    // Nothing played, nothing to print.
    let run = towers_with_input(
        &["play", "pyrga", "--seed", "1", "--bot", "random"],
        "quit\n",
    );
    assert!(!run.stdout.contains("record"), "{}", run.stdout);
}

#[test]
fn after_the_end_the_prompt_stays_for_undo_save_and_new() {
    let (record, status) = finished_pyrga();
    let plies = record.split(' ').count();
    let dir = std::env::temp_dir().join(format!("towers-leaving-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ended.txt");
    let path = file.to_str().unwrap();
    // The person plays the winner's seat, so undo takes back one move of theirs.
    let seat = if status == "winner 1" { "1" } else { "0" };
    let input = format!("save {path}\nSb2\nundo\nrecord\nnew\nrecord\nquit\n");
    let run = towers_with_input(
        &[
            "play", "pyrga", "--bot", "random", "--seat", seat, "--moves", &record,
        ],
        &input,
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("Game over. "), "{out}");
    assert!(
        out.contains("game over (undo, save FILE, new or quit)> "),
        "{out}"
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    // The file names who played each seat.
    let players = if seat == "0" {
        "[player1 \"you\"]\n[player2 \"random bot, level 3\"]"
    } else {
        "[player1 \"random bot, level 3\"]\n[player2 \"you\"]"
    };
    assert_eq!(saved, format!("[game \"pyrga\"]\n{players}\n{record}\n"));
    assert!(out.contains("Sb2 is refused"), "{out}");
    // Undo went back before the person's last move.
    let records: Vec<&str> = out
        .lines()
        .filter_map(|line| line.split("record ").nth(1))
        .collect();
    // The result's record, the one after undo, the one after new (where a bot playing
    // White has moved), and the one printed on leaving.
    assert_eq!(records.len(), 4, "{out}");
    assert_eq!(records[0], record);
    assert!(records[1].split(' ').count() < plies, "{}", records[1]);
    assert!(record.starts_with(records[1]), "{}", records[1]);
    assert!(out.contains("a new game"), "{out}");
    assert!(records[2].split_whitespace().count() <= 1, "{out}");
    assert_eq!(records[3], records[2], "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_script_of_a_finished_game_still_ends_with_the_result() {
    let (record, _) = finished_pyrga();
    let run = towers_with_input(&["play", "pyrga", "--moves", &record], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let last = run.stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("Game over. "), "{last}");
    assert!(
        !run.stdout.contains("game over ("),
        "no prompt without input"
    );
}

#[test]
fn at_a_terminal_leaving_offers_to_save() {
    let dir = std::env::temp_dir().join(format!("towers-terminal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Standard output at the terminal, or through a pipe (`towers play … | tee log`):
    // the person types at the terminal either way.
    for piped in [false, true] {
        let file = dir.join(format!("left-{piped}.txt"));
        let path = file.to_str().unwrap();
        let Some(run) = towers_at_terminal(
            &["play", "pyrga", "--seed", "1", "--bot", "random"],
            &["Sb2", "quit", path],
            piped,
        ) else {
            eprintln!("skipped: util-linux script is not installed");
            return;
        };
        assert!(run.stdout.contains("record Sb2 "), "{}", run.stdout);
        assert!(run.stdout.contains("save the game? "), "{}", run.stdout);
        let saved = std::fs::read_to_string(&file).unwrap_or_default();
        let expected =
            "[game \"pyrga\"]\n[player1 \"you\"]\n[player2 \"random bot, level 3\"]\nSb2 ";
        assert!(saved.starts_with(expected), "piped {piped}: {}", run.stdout);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_while_the_bot_thinks_leaves_after_its_move_with_the_record() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    // The perfect bot (White) moves at ply 4, at level 2: two seconds for the move, the
    // first of them for the exact search, which does not end so soon here; Ctrl-C (SIGINT)
    // comes while it thinks. White's first move is not the opening book's, so no book
    // holds the position: the bot searches.
    let mut child = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args([
            "play",
            "pyrga",
            "--bot",
            "perfect",
            "--level",
            "2",
            "--seat",
            "1",
            "--moves",
            PYRGA_OUT_OF_BOOK,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("towers runs");
    std::thread::sleep(std::time::Duration::from_millis(700));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut stdout)
        .expect("stdout reads");
    let status = child.wait().expect("towers ends");
    drop(child.stdin.take());
    assert_eq!(status.code(), Some(0), "{stdout}");
    // The bot's move is played and the game left as with quit: the record printed.
    let record = stdout
        .lines()
        .find_map(|line| line.strip_prefix("record "))
        .unwrap_or_else(|| panic!("no record line in {stdout}"));
    assert!(record.starts_with(PYRGA_OUT_OF_BOOK), "{stdout}");
    assert_eq!(record.split_whitespace().count(), 5, "{stdout}");
}
