//! `towers solve`: the contract line, the methods it says it used, and its errors.

mod common;

use common::{fails, ok, towers_with_input};

/// A Pyrga position at ply 16 of a random game.
const PYRGA_16: &str = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1";

/// A children position with 28 balls: the pyramid filled up to 2b2.
const PYLOS_28: &str = "0d1 0c1 0b1 0a1 0a2 0a3 0a4 0b2 0c2 0d2 0c3 0b3 0d3 0b4 0c4 0d4 \
                        1a1 1a2 1b2 1b1 1c1 1c2 1c3 1b3 1a3 2a1 2b1 2b2";

#[test]
fn pyrga_ends_with_the_contract_line() {
    let out = ok(&["solve", "pyrga", "--moves", PYRGA_16, "--pv"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("method search"));
    assert!(lines.contains(&"best Cd2"));
    assert_eq!(lines.last(), Some(&"value loss plies 14"));
    // The principal variation is as long as the loss.
    let pv = lines
        .iter()
        .find_map(|l| l.strip_prefix("pv "))
        .unwrap_or("");
    assert_eq!(pv.split(' ').count(), 14);
}

#[test]
fn a_finished_pyrga_game_is_valued_at_once() {
    // Black won this game; White would be next.
    let record = format!("{PYRGA_16} Cc1 Ca3 Sa3 Cb3");
    assert_eq!(ok(&["status", "pyrga", "--moves", &record]), "winner 1\n");
    let out = ok(&["solve", "pyrga", "--moves", &record]);
    assert_eq!(out.lines().last(), Some("value loss plies 0"));
}

#[test]
fn pyrga_budget_runs_out_without_a_value() {
    let message = fails(&["solve", "pyrga", "--nodes", "5000"]);
    assert!(message.contains("the budget ran out"), "{message}");
}

#[test]
fn pylos_solves_late_positions_directly_and_says_so() {
    let out = ok(&[
        "solve",
        "pylos",
        "--variant",
        "children",
        "--moves",
        PYLOS_28,
        "--pv",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("method direct (3 reachable positions"));
    assert!(lines.contains(&"pv 2a2 3a1"));
    assert_eq!(lines.last(), Some(&"value loss plies 2"));
}

#[test]
fn pylos_refuses_what_it_cannot_solve() {
    let message = fails(&["solve", "pylos", "--max-positions", "1000"]);
    assert!(message.contains("too many to solve directly"), "{message}");
    let message = fails(&["solve", "pylos", "--db", "/nonexistent/pylos.db"]);
    assert!(message.contains("/nonexistent/pylos.db"), "{message}");
    let message = fails(&["solve", "crescendo"]);
    assert!(message.contains("pyrga, pylos"), "{message}");
}

#[test]
fn hint_says_the_value_of_the_move() {
    let run = towers_with_input(
        &["play", "pyrga", "--moves", PYRGA_16, "--bot", "perfect"],
        "hint\nquit\n",
    );
    assert!(
        run.stdout.contains("hint: Cd2 (this move loses in 14)"),
        "{}",
        run.stdout
    );
}
