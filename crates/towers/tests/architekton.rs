//! `towers` on Architekton: every command, its option, chance sampled with `--seed`, and
//! its errors.

mod common;

use common::{fails, ok, towers, towers_with_input};

/// The deal: forest and water start tiles, then the display.
const DEAL: &str = "*f *w *e *p *w *wepf *wefp *wpfe";

#[test]
fn moves_lists_the_legal_moves_sorted() {
    let chance = ok(&["moves", "architekton"]);
    assert_eq!(chance, "*e\n*f\n*p\n*w\n");
    let dealt = ok(&["moves", "architekton", "--moves", DEAL]);
    let lines: Vec<&str> = dealt.lines().collect();
    assert_eq!(lines.len(), 13);
    assert!(lines.contains(&"wepf@1,0"));
    assert!(lines.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn moves_follow_the_building_match() {
    let all = ok(&["moves", "architekton", "--moves", DEAL]);
    let one = ok(&[
        "moves",
        "architekton",
        "--building-match",
        "one",
        "--moves",
        DEAL,
    ]);
    assert!(one.lines().count() > all.lines().count());
    assert!(one.contains("wefp@1,0r1\n") && !all.contains("wefp@1,0r1\n"));
    let explicit = ok(&[
        "moves",
        "architekton",
        "--building-match",
        "all",
        "--moves",
        DEAL,
    ]);
    assert_eq!(explicit, all);
}

#[test]
fn perft_counts_chance_branches_and_prints_the_count_last() {
    assert_eq!(ok(&["perft", "architekton", "1"]), "4\n");
    assert_eq!(ok(&["perft", "architekton", "2"]), "16\n");
    assert_eq!(ok(&["perft", "architekton", "1", "--moves", DEAL]), "13\n");
    let divided = ok(&["perft", "architekton", "2", "--moves", DEAL, "--divide"]);
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), 14);
    let sum: u64 = lines[..13]
        .iter()
        .map(|line| line.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(lines[13].parse::<u64>().unwrap(), sum);
}

#[test]
fn status_lines_name_chance_players_and_results() {
    assert_eq!(ok(&["status", "architekton"]), "ongoing chance\n");
    assert_eq!(
        ok(&["status", "architekton", "--moves", DEAL]),
        "ongoing 0\n"
    );
    // Player 1 encloses player 0's building with one mismatch: player 0 decides.
    let decide = "*f *w *p *p *e *wepf *wefp *wpfe wepf@1,0 p@1,-1 *p *wepf wefp@2,1r3 p@2,0";
    assert_eq!(
        ok(&["status", "architekton", "--moves", decide]),
        "ongoing 0\n"
    );
    let bankrupt = "*f *w *p *e *e *wepf *wefp *wpfe wepf@1,0 wpfe@0,-1r2 *wepf *wefp wefp@2,1r3 p@2,0 *p *wpfe e@1,-1 keep";
    assert_eq!(
        ok(&["status", "architekton", "--moves", bankrupt]),
        "winner 1\n"
    );
}

#[test]
fn show_draws_the_table_and_ends_with_the_status() {
    let shown = ok(&[
        "show",
        "architekton",
        "--moves",
        &format!("{DEAL} wepf@1,0"),
    ]);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.last(), Some(&"ongoing 0"));
    assert!(lines.contains(
        &"position f@0,0/wepf@1,0#0/w@1,1 w,e,p,wefp,wpfe - 4/4 1/1 0/0 0.1 lay all:6,6,6,6,4,4,4,4,3,3"
    ));
    assert!(
        shown.contains("f 0 e"),
        "the building and its house: {shown}"
    );
    assert!(shown.contains("Display: landscapes w e p; buildings wefp wpfe"));
    let empty = ok(&["show", "architekton"]);
    assert!(empty.contains("the table is empty"));
}

#[test]
fn bad_input_exits_with_status_2_and_names_the_ply_move_and_reason() {
    let error = fails(&[
        "moves",
        "architekton",
        "--moves",
        &format!("{DEAL} wepf@-1,0"),
    ]);
    assert_eq!(
        error.trim(),
        "towers: ply 9, move wepf@-1,0: the building's earth side faces a forest landscape; every side next to a landscape must match"
    );
    let error = fails(&["status", "architekton", "--moves", "*f *x"]);
    assert!(
        error.starts_with("towers: ply 2, move *x: cannot read move"),
        "{error}"
    );
    let error = fails(&["status", "architekton", "--moves", "wepf@1,0"]);
    assert!(
        error.contains("ply 1, move wepf@1,0: a landscape tile must be turned up first"),
        "{error}"
    );
    assert!(
        fails(&["status", "architekton", "--rules", "classic"])
            .contains("--rules does not apply to architekton")
    );
    assert!(
        fails(&["status", "architekton", "--building-match", "most"])
            .contains("expected all or one")
    );
    assert_eq!(towers(&["perft", "architekton"]).status, 2);
}

#[test]
fn bots_play_a_whole_game_with_chance_from_the_seed() {
    let random_game = |seed: &str| {
        ok(&[
            "play",
            "architekton",
            "--bots",
            "--bot",
            "random",
            "--seed",
            seed,
        ])
    };
    let first = random_game("11");
    let again = random_game("11");
    assert_eq!(first, again);
    let other = random_game("12");
    assert_ne!(first, other);
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 2);
    let record = lines[0].strip_prefix("record ").expect("a record line");
    assert!(record.starts_with('*'), "the deal is recorded: {record}");
    let status = ok(&["status", "architekton", "--moves", record]);
    assert_eq!(status.trim(), lines[1]);
    assert!(!lines[1].starts_with("ongoing"));
    let one = ok(&[
        "play",
        "architekton",
        "--bots",
        "--bot",
        "random",
        "--seed",
        "3",
        "--building-match",
        "one",
    ]);
    let record = one.lines().next().unwrap().strip_prefix("record ").unwrap();
    let status = ok(&[
        "status",
        "architekton",
        "--building-match",
        "one",
        "--moves",
        record,
    ]);
    assert_eq!(status.trim(), one.lines().nth(1).unwrap());
}

#[test]
fn bots_continue_from_a_given_record() {
    let out = ok(&[
        "play",
        "architekton",
        "--bots",
        "--bot",
        "random",
        "--seed",
        "2",
        "--moves",
        DEAL,
    ]);
    assert!(out.starts_with(&format!("record {DEAL} ")), "{out}");
}

#[test]
fn a_person_plays_against_the_bot_and_chance() {
    let run = towers_with_input(
        &["play", "architekton", "--seed", "5", "--bot", "random"],
        "moves\nwepf@9,9\nrecord\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = run.stdout;
    assert!(out.contains("you play Blue (seat 0)"));
    assert!(out.contains("chance: *"), "chance turns up the deal: {out}");
    assert!(
        out.contains("wepf@9,9 is refused: a building on 9,9 breaks the checkerboard"),
        "{out}"
    );
    assert!(
        out.contains("record *e *p *w *w *p *wpfe *wpef *wepf\n"),
        "{out}"
    );
}

#[test]
fn mcts_plays_through_chance() {
    let out = ok(&[
        "play",
        "architekton",
        "--bots",
        "--bot",
        "mcts",
        "--level",
        "1",
        "--seed",
        "4",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    let record = lines[0].strip_prefix("record ").expect("a record line");
    let status = ok(&["status", "architekton", "--moves", record]);
    assert_eq!(status.trim(), lines[1]);
    assert!(!lines[1].starts_with("ongoing"));
}
