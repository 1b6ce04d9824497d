//! `towers` on Pyrga: every command, its options, and its errors.

mod common;

use common::{arena, fails, ok, towers, towers_with_input};

#[test]
fn moves_lists_the_legal_moves_sorted() {
    assert_eq!(
        ok(&["moves", "pyrga", "--moves", "Tb4w"]),
        "Ca4\nSa4\nTa4e\nTa4s\n"
    );
    let start = ok(&["moves", "pyrga"]);
    assert_eq!(start.lines().count(), 80);
    assert_eq!(start.lines().next(), Some("Ca1"));
}

#[test]
fn moves_follow_the_rule_set() {
    let standard = ok(&["moves", "pyrga", "--moves", "Sd2 Sd1"]);
    assert!(standard.is_empty() || !standard.contains('S'));
    let classic = ok(&["moves", "pyrga", "--rules", "classic", "--moves", "Sd2 Sd1"]);
    assert_eq!(
        classic,
        "Cc1\nCd2\nSc1\nTc1e\nTc1n\nTc1w\nTd2n\nTd2s\nTd2w\n"
    );
}

#[test]
fn perft_past_the_end_counts_zero_at_once() {
    // A finished game of 30 plies (a case of the golden files): no move, so perft 1 is 0.
    let finished = "Cd1 Td1w Ta1e Cb1 Sb1 Tb2n Tb3n Cb4 Tb4e Sc4 Tc3s Sc2 Td2w Tc2n Cc3 Sc3 \
                    Cc4 Tc4e Cd4 Sd4 Cd3 Td3w Sa3 Sb3 Sb2 Ca2 Sa2 Ca3 Sc1 Cc2";
    assert_eq!(ok(&["perft", "pyrga", "1", "--moves", finished]), "0\n");
    // Depths no game reaches are counted, not refused, and without a search.
    assert_eq!(ok(&["perft", "pyrga", "100"]), "0\n");
    assert_eq!(ok(&["perft", "pyrga", "29", "--moves", "Sb2 Sb3"]), "0\n");
    let divided = ok(&["perft", "pyrga", "31", "--divide"]);
    assert_eq!(divided.lines().count(), 81);
    assert!(
        divided
            .lines()
            .all(|line| line.ends_with(" 0") || line == "0")
    );
    // The deepest count that can be non-zero is reached late in a game.
    let record = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1";
    let out = ok(&["perft", "pyrga", "14", "--moves", record]);
    assert!(out.trim().parse::<u64>().is_ok(), "{out}");
}

#[test]
fn perft_prints_the_count_last() {
    assert_eq!(ok(&["perft", "pyrga", "3"]), "7000\n");
    assert_eq!(ok(&["perft", "pyrga", "3", "--rules", "classic"]), "7392\n");
    assert_eq!(ok(&["perft", "pyrga", "0"]), "1\n");
    let divided = ok(&["perft", "pyrga", "2", "--moves", "Sd3 Td2w", "--divide"]);
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), 15);
    assert_eq!(lines[0], "Ca2 4");
    assert_eq!(lines[14], "99");
    let sum: u64 = lines[..14]
        .iter()
        .map(|line| line.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 99);
}

#[test]
fn status_lines() {
    assert_eq!(ok(&["status", "pyrga"]), "ongoing 0\n");
    assert_eq!(ok(&["status", "pyrga", "--moves", "Sb2"]), "ongoing 1\n");
    // Golden case 29: the mover completed the opponent's third tower.
    let record = "Td1n Td3n Td4w Tc4s Tc1e Sd1 Sd2 Tc2n Sc3 Cd3 Sd3 Cd2 Td2n Sd4 Cc4 Sc4 Cd4 Ta3n Ta4e Tb4w Sa4 Cb4 Sb4";
    assert_eq!(ok(&["status", "pyrga", "--moves", record]), "winner 1\n");
    // Golden case 33: a draw.
    let record = "Td1n Sd3 Sd2 Sd1 Tc1n Tc2n Sc4 Tc3s Sc1 Tb1n Tb2e Td2s Cd1 Sb3 Sc3 Tc4w Cb4 Sb4 Tb3w Sa3 Ca2 Ca4 Sa4 Ca3 Ta3e Cd3 Cd4 Ca1";
    assert_eq!(ok(&["status", "pyrga", "--moves", record]), "draw\n");
}

#[test]
fn show_draws_the_board_and_ends_with_the_status() {
    let shown = ok(&["show", "pyrga", "--moves", "Sd3 Td2w"]);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.last(), Some(&"ongoing 0"));
    assert!(lines.contains(&"position 4/3,S/3,tw/4 Td2w standard"));
    assert!(
        shown.contains("t<"),
        "the black triangle pointing west is drawn: {shown}"
    );
}

#[test]
fn bad_input_exits_with_status_2_and_names_the_ply_move_and_reason() {
    let error = fails(&["moves", "pyrga", "--moves", "Sb2 Sd4"]);
    assert_eq!(
        error.trim(),
        "towers: ply 2, move Sd4: d4 is not among the cells the last piece Sb2 allows"
    );
    let error = fails(&["status", "pyrga", "--moves", "Sb2 Xb3"]);
    assert!(
        error.starts_with("towers: ply 2, move Xb3: cannot read move"),
        "{error}"
    );
    let error = fails(&["status", "pyrga", "--moves", "Sd3 Td2w Sc2"]);
    assert!(
        error.contains("ply 3, move Sc2: White opened with a square"),
        "{error}"
    );
    assert!(fails(&["status", "chess"]).contains("unknown game \"chess\""));
    assert!(
        fails(&["status", "pyrga", "--players", "3"]).contains("--players does not apply to pyrga")
    );
    assert!(
        fails(&["status", "pyrga", "--rules", "house"]).contains("expected standard or classic")
    );
    assert!(fails(&["play", "pyrga", "--bots", "--bot", "oracle"]).contains("unknown bot"));
    assert_eq!(towers(&["perft", "pyrga"]).status, 2);
}

#[test]
fn bots_play_a_whole_reproducible_game() {
    let first = ok(&["play", "pyrga", "--bots", "--seed", "11"]);
    let again = ok(&["play", "pyrga", "--bots", "--seed", "11"]);
    assert_eq!(first, again);
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 2);
    let record = lines[0].strip_prefix("record ").expect("a record line");
    let status = ok(&["status", "pyrga", "--moves", record]);
    assert_eq!(status.trim(), lines[1]);
    assert!(!lines[1].starts_with("ongoing"));
}

#[test]
fn bots_continue_from_a_given_record() {
    let out = ok(&[
        "play", "pyrga", "--bots", "--seed", "2", "--moves", "Sb2 Tb3n",
    ]);
    assert!(out.starts_with("record Sb2 Tb3n "), "{out}");
}

#[test]
fn a_person_plays_against_the_bot() {
    let run = towers_with_input(
        &["play", "pyrga", "--seed", "5", "--bot", "random"],
        "help\nmoves\nXa9\nSb2\nrecord\nundo\nrecord\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = run.stdout;
    assert!(out.contains("you play White (seat 0)"));
    assert!(out.contains("undo         take back"));
    assert!(out.contains("Ca1 Ca2"), "the move list is shown");
    assert!(out.contains("cannot read move \"Xa9\""));
    assert!(out.contains("Black (seat 1, random bot) plays "));
    assert!(out.contains("record Sb2 "));
    assert!(
        out.contains("record \n"),
        "undo went back to the start: {out}"
    );
}

#[test]
fn the_default_bot_is_the_strongest_and_levels_apply() {
    let run = towers_with_input(
        &["play", "pyrga", "--seed", "1", "--level", "1"],
        "Sb2\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("against the alphabeta bot (level 1)"));
    assert!(run.stdout.contains("Black (seat 1, alphabeta bot) plays "));
    let run = towers(&["play", "pyrga", "--level", "9"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("expected 1 to 5"));
}

/// The moves and values `values` listed for White in `stdout`, a line each, spaces single.
fn listed_values(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .skip_while(|line| !line.ends_with("the moves for White, best first:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn values_lists_every_move_as_towers_solve_does() {
    let record = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1";
    let run = towers_with_input(&["play", "pyrga", "--moves", record], "values\nquit\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let listed = listed_values(&run.stdout);
    // `towers solve --all-moves` says the same values in its own words.
    let solved: Vec<String> = ok(&["solve", "pyrga", "--moves", record, "--all-moves"])
        .lines()
        .filter_map(|line| line.strip_prefix("move "))
        .map(|line| line.replace(" value ", " ").replace(" plies ", " in "))
        .collect();
    assert_eq!(listed, solved, "{}", run.stdout);
    assert_eq!(listed, ["Cd2 loss in 14", "Sd2 loss in 6", "Cc1 loss in 4"]);
    // The start's values are shipped: every first move at once, best first.
    let run = towers_with_input(&["play", "pyrga"], "values\nquit\n");
    let listed = listed_values(&run.stdout);
    assert_eq!(listed.len(), 80, "{}", run.stdout);
    assert_eq!(listed[0], "Sa1 win in 27");
    let run = towers_with_input(&["play", "architekton"], "values\nquit\n");
    assert!(
        run.stdout
            .contains("no values: architekton has no solver here"),
        "{}",
        run.stdout
    );
}

#[test]
fn hints_saving_and_loading() {
    let dir = std::env::temp_dir().join(format!("towers-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let path = file.to_str().unwrap();
    let input = format!("hint\nSb2\nsave {path}\nquit\n");
    let run = towers_with_input(
        &[
            "play", "pyrga", "--seed", "3", "--bot", "mcts", "--level", "1",
        ],
        &input,
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let hint = run
        .stdout
        .lines()
        .find_map(|l| l.split("hint: ").nth(1))
        .expect("a hint line");
    let (mv, said) = hint.split_once(' ').unwrap_or((hint, ""));
    assert!(
        ok(&["moves", "pyrga"]).lines().any(|m| m == mv),
        "the hint {hint} is legal"
    );
    // The opening book answers the start at once, with the move's verdict.
    assert_eq!(said, "(this move wins)", "{hint}");
    // A game file: the game, who played each seat, then the record (no option was given).
    let saved = std::fs::read_to_string(&file).unwrap();
    let record = saved
        .strip_prefix("[game \"pyrga\"]\n[player1 \"you\"]\n[player2 \"mcts bot, level 1\"]\nSb2 ")
        .expect(&saved);
    assert_eq!(record.split_whitespace().count(), 1);
    let input = format!("load {path}\nrecord\nload /nonexistent/file\nquit\n");
    let run = towers_with_input(&["play", "pyrga", "--bot", "random"], &input);
    assert!(run.stdout.contains("loaded 2 moves"));
    assert!(
        run.stdout
            .contains(&format!("record Sb2 {}", record.trim()))
    );
    assert!(run.stdout.contains("cannot read /nonexistent/file"));
    std::fs::write(&file, "Sb2 Sd4\n").unwrap();
    let run = towers_with_input(
        &["play", "pyrga", "--bot", "random"],
        &format!("load {path}\nquit\n"),
    );
    assert!(
        run.stdout.contains("ply 2, move Sd4: d4 is not among"),
        "{}",
        run.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saved_games_carry_their_options_and_files_are_not_clobbered() {
    let dir = std::env::temp_dir().join(format!("towers-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("classic.txt");
    let path = file.to_str().unwrap();
    let args = [
        "play", "pyrga", "--rules", "classic", "--bot", "random", "--seed", "2",
    ];
    let run = towers_with_input(&args, &format!("Sa1\nsave {path}\nquit\n"));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.starts_with(
            "[game \"pyrga\"]\n[rules \"classic\"]\n[player1 \"you\"]\n\
             [player2 \"random bot, level 3\"]\nSa1 "
        ),
        "{saved}"
    );
    // Loaded into a game of the default rules, the game is classic again.
    let run = towers_with_input(
        &["play", "pyrga", "--bot", "random"],
        &format!("load {path}\nshow\nquit\n"),
    );
    assert!(run.stdout.contains("loaded 2 moves"), "{}", run.stdout);
    assert!(run.stdout.contains("Rules classic"), "{}", run.stdout);
    // The commands read it with --record, options included.
    let run = towers_with_input(&["show", "pyrga", "--record", path], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Rules classic"), "{}", run.stdout);
    let record = saved.lines().last().unwrap();
    let moves = towers_with_input(
        &["moves", "pyrga", "--rules", "classic", "--moves", record],
        "",
    );
    let from_file = towers_with_input(&["moves", "pyrga", "--record", path], "");
    assert_eq!(from_file.stdout, moves.stdout);
    let run = towers_with_input(&["status", "pylos", "--record", path], "");
    assert_eq!(run.status, 2);
    assert!(
        run.stderr.contains("holds a game of pyrga, not pylos"),
        "{}",
        run.stderr
    );
    // Another game's file is refused, and so is overwriting a file that is not a game.
    let run = towers_with_input(
        &["play", "pylos", "--bot", "random"],
        &format!("load {path}\nquit\n"),
    );
    assert!(
        run.stdout.contains("it holds a game of pyrga, not pylos"),
        "{}",
        run.stdout
    );
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let run = towers_with_input(
        &["play", "pyrga", "--bot", "random"],
        &format!("save {}\nquit\n", notes.display()),
    );
    assert!(run.stdout.contains("is not a saved game"), "{}", run.stdout);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_person_can_take_the_second_seat() {
    let run = towers_with_input(
        &[
            "play", "pyrga", "--seed", "1", "--seat", "1", "--bot", "random",
        ],
        "",
    );
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("White (seat 0, random bot) plays "));
    assert_eq!(towers(&["play", "pyrga", "--seat", "2"]).status, 2);
}

#[test]
fn the_arena_rotates_seats_and_counts_firsts() {
    let args = [
        "pyrga", "--bot", "mcts", "--bot", "random", "--games", "6", "--level", "1", "--seed", "4",
    ];
    let result = arena(&args);
    assert_eq!(result.firsts.len(), 2);
    assert_eq!(result.firsts.iter().sum::<u32>() + result.draws, 6);
    assert_eq!(
        result
            .stderr
            .lines()
            .filter(|line| line.starts_with("game "))
            .count(),
        6,
        "one progress line per game"
    );
    assert_eq!(
        result
            .stderr
            .lines()
            .filter(|line| line.contains(" ms a move ("))
            .count(),
        2,
        "one time a move per bot"
    );
    assert!(
        result.stderr.contains("(seat 0)") && result.stderr.contains("(seat 1)")
            || result.firsts[1] == 0
    );
    assert_eq!(
        arena(&args).stdout,
        result.stdout,
        "reproducible for a seed"
    );
    assert!(fails(&["arena", "pyrga", "--bot", "mcts"]).contains("give two bots with --bot"));
    assert!(fails(&["arena", "pyrga", "--bot", "mcts", "--bot", "nobody"]).contains("unknown bot"));
}
