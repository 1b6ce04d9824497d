//! `towers arena` with a level per bot, and `towers ladder`.

mod common;

use common::{arena, fails, ok, towers};

#[test]
fn each_arena_bot_can_have_its_own_level() {
    let deep_first = arena(&[
        "pyrga",
        "--bot",
        "alphabeta@3",
        "--bot",
        "alphabeta@1",
        "--games",
        "6",
        "--seed",
        "2",
    ]);
    assert!(
        deep_first.firsts[0] > deep_first.firsts[1],
        "depth 6 against depth 2: {:?}",
        deep_first.firsts
    );
    let old_form = arena(&[
        "pyrga", "--bot", "mcts", "--bot", "random", "--level", "1", "--games", "4", "--seed", "3",
    ]);
    let new_form = arena(&[
        "pyrga", "--bot", "mcts@1", "--bot", "random@1", "--level", "5", "--games", "4", "--seed",
        "3",
    ]);
    assert_eq!(old_form.stdout, new_form.stdout, "@1 is --level 1");
    let error = fails(&["arena", "pyrga", "--bot", "mcts@6", "--bot", "random"]);
    assert!(
        error.contains("--bot mcts@6") && error.contains("1 to 5"),
        "{error}"
    );
    let error = fails(&["arena", "pyrga", "--bot", "greedy@2", "--bot", "random"]);
    assert!(error.contains("unknown bot \"greedy\""), "{error}");
}

#[test]
fn the_ladder_rates_every_entrant_against_random() {
    let args = [
        "ladder",
        "pyrga",
        "--bot",
        "alphabeta@2",
        "--bot",
        "random",
        "--bot",
        "alphabeta@1",
        "--games",
        "4",
        "--seed",
        "1",
    ];
    let table = ok(&args);
    let rows: Vec<Vec<&str>> = table
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows[0],
        [
            "bot", "level", "rating", "±error", "games", "score", "ms/move"
        ]
    );
    assert_eq!(rows[1][..5], ["random", "-", "0", "0", "8"], "{table}");
    assert_eq!(rows[2][..2], ["alphabeta", "1"], "{table}");
    assert_eq!(rows[3][..2], ["alphabeta", "2"], "{table}");
    let rating = |row: &[&str]| row[2].parse::<f64>().unwrap_or(f64::NAN);
    assert!(
        rating(&rows[3]) > 100.0 && rating(&rows[2]) > 100.0,
        "{table}"
    );
    assert!(
        table.contains("step alphabeta@2 over alphabeta@1: "),
        "{table}"
    );
    let scores = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split_whitespace().take(6).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(
        scores(&ok(&args)),
        scores(&table),
        "reproducible for a seed"
    );
}

#[test]
fn the_ladder_checks_its_steps_and_its_table() {
    let weak = fails(&[
        "ladder",
        "pyrga",
        "--bot",
        "random",
        "--bot",
        "mcts@1",
        "--bot",
        "mcts@2",
        "--games",
        "2",
        "--min-step",
        "1.01",
    ]);
    assert!(weak.contains("a share of the points, 0 to 1"), "{weak}");
    let run = towers(&[
        "ladder",
        "pyrga",
        "--bot",
        "random",
        "--bot",
        "mcts@1",
        "--bot",
        "mcts@2",
        "--games",
        "4",
        "--min-step",
        "0.9",
        "--seed",
        "1",
    ]);
    let step = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("step mcts@2 over mcts@1: "))
        .unwrap_or_default();
    let points: f64 = step
        .split(' ')
        .next()
        .unwrap_or_default()
        .parse()
        .unwrap_or(-1.0);
    assert!(points >= 0.0, "{}", run.stdout);
    if points < 0.9 * 4.0 {
        assert_eq!(run.status, 2, "{}", run.stdout);
        assert!(run.stderr.contains("below --min-step"), "{}", run.stderr);
        assert!(
            run.stderr.contains(&format!("mcts@2 scored {points} of 4")),
            "{}",
            run.stderr
        );
    } else {
        assert_eq!(run.status, 0, "{}", run.stderr);
    }
    let error = fails(&["ladder", "crescendo"]);
    assert!(error.contains("give --players 2"), "{error}");
    let error = fails(&["ladder", "pyrga", "--bot", "mcts", "--bot", "alphabeta"]);
    assert!(error.contains("needs \"random\""), "{error}");
}

#[test]
fn the_ladder_names_the_games_stopped_at_the_cap() {
    let run = towers(&[
        "ladder",
        "pyrga",
        "--bot",
        "random",
        "--bot",
        "mcts@1",
        "--games",
        "2",
        "--max-plies",
        "3",
    ]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("random@1 1 – 1 mcts@1 (2 unfinished, counted as draws)"),
        "{}",
        run.stderr
    );
}
