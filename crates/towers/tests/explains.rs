//! `towers` explains itself: help with the rules, the notation and a key to the board,
//! seats named as the games name them, results in words, input read leniently where the
//! notation allows it, and every error in one style.

mod common;

use common::{fails, ok, quick_bots_game, towers, towers_with_input};

#[test]
fn help_shows_each_games_notation_and_key() {
    for (game, example, symbol) in [
        ("pyrga", "Ta1n", "T triangle pointing ^>v<"),
        ("pylos", "0a1-1b2", "+ empty spot that can take a ball"),
        ("architekton", "wepf@-1,0r3", "house 0 Blue 1 Orange - none"),
        ("crescendo", "M1,0n2", "* protected"),
    ] {
        let run = towers_with_input(
            &["play", game, "--seed", "1", "--bot", "random"],
            "help\nquit\n",
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(run.stdout.contains(example), "{game}: {}", run.stdout);
        assert!(run.stdout.contains(symbol), "{game}: {}", run.stdout);
        assert!(
            run.stdout.contains("undo"),
            "{game}: the commands are listed"
        );
        // The key stands under the board too, every time it is drawn.
        let key_lines = run
            .stdout
            .lines()
            .filter(|l| l.starts_with("key: "))
            .count();
        assert!(key_lines >= 1, "{game}: {}", run.stdout);
    }
}

#[test]
fn show_ends_the_board_with_its_key() {
    let shown = ok(&["show", "pyrga", "--moves", "Sb2"]);
    assert!(shown.contains("key: S square"), "{shown}");
    assert!(
        shown.contains("White (seat 0) has in hand 4 S, 5 T, 5 C"),
        "{shown}"
    );
}

#[test]
fn the_last_line_says_who_won_and_why() {
    // A record of a finished game, replayed by `play`: the game is over at once, and the
    // last line gives the result in words.
    let last_line = |game: &str, options: &[&str], bot: &str| {
        let mut args = vec!["play", game, "--bots", "--bot", bot, "--seed", "4"];
        args.extend_from_slice(options);
        let played = ok(&args);
        let record = played
            .lines()
            .next()
            .unwrap()
            .strip_prefix("record ")
            .unwrap();
        let mut args = vec!["play", game, "--moves", record];
        args.extend_from_slice(options);
        let run = towers_with_input(&args, "");
        assert_eq!(run.status, 0, "{}", run.stderr);
        run.stdout.lines().last().unwrap().to_owned()
    };
    let pylos = last_line("pylos", &["--variant", "children"], "random");
    assert!(
        pylos.ends_with("wins: placed the apex ball.") || pylos.ends_with("has no move and loses."),
        "{pylos}"
    );
    let crescendo = last_line("crescendo", &["--players", "3"], "greedy");
    assert!(
        crescendo.starts_with("Game over. ") && crescendo.contains(" wins the match; then "),
        "{crescendo}"
    );
    let architekton = last_line("architekton", &[], "random");
    assert!(
        architekton.contains(" wins: ")
            || architekton.starts_with("Game over. Draw")
            || architekton.ends_with("cannot pay and loses."),
        "{architekton}"
    );
}

#[test]
fn a_pyrga_win_names_the_three_towers() {
    let game = ok(&[
        "play",
        "pyrga",
        "--bots",
        "--bot",
        "alphabeta",
        "--seed",
        "1",
        "--level",
        "1",
    ]);
    let moves = game
        .lines()
        .next()
        .unwrap()
        .strip_prefix("record ")
        .unwrap()
        .to_owned();
    let status = game.lines().nth(1).unwrap();
    let run = towers_with_input(&["play", "pyrga", "--moves", &moves], "");
    let last = run.stdout.lines().last().unwrap();
    let winner = match status {
        "winner 0" => "White",
        "winner 1" => "Black",
        _ => "Draw",
    };
    assert!(
        last.starts_with(&format!("Game over. {winner}")),
        "{status}: {last}"
    );
    assert!(
        last.contains("controls 3 towers") || last.contains("no more moves"),
        "{last}"
    );
}

#[test]
fn a_refused_move_does_not_redraw_the_board() {
    let run = towers_with_input(
        &[
            "play", "pyrga", "--seed", "1", "--bot", "random", "--moves", "Sb2 Sb1",
        ],
        "Sd4\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Sd4 is refused"), "{}", run.stdout);
    let boards = run.stdout.matches("     a      b      c      d").count();
    assert_eq!(boards, 1, "{}", run.stdout);
}

#[test]
fn moves_and_game_names_in_any_case() {
    assert_eq!(
        ok(&["status", "Pyrga", "--moves", "sb2 TB1E cc1"]),
        "ongoing 1\n"
    );
    assert_eq!(
        ok(&["status", "PYLOS", "--moves", "0A1 0B1"]),
        "ongoing 0\n"
    );
    let run = towers_with_input(
        &["play", "pyrga", "--seed", "1", "--bot", "random"],
        "cb4\nrecord\nquit\n",
    );
    assert!(run.stdout.contains("record Cb4 "), "{}", run.stdout);
}

#[test]
fn errors_name_the_real_problem() {
    let error = fails(&["status", "pyrga", "--moves", "Cb4x"]);
    assert!(error.contains("a cylinder ends at its cell"), "{error}");
    assert!(!error.contains("direction is one of"), "{error}");
    let error = fails(&["status", "pyrga", "--moves", "Sb2,Tb1e"]);
    assert!(
        error.contains("moves in a record are separated by spaces"),
        "{error}"
    );
    let error = fails(&["status", "crescendo", "--moves", "X0,0r0,X2,1r1"]);
    assert!(error.contains("separated by spaces"), "{error}");
    let error = fails(&["status", "crescendo", "--moves", "X0,0r0 X02,1r1"]);
    assert!(error.contains("plain decimal"), "{error}");
}

#[test]
fn every_error_has_one_style() {
    for args in [
        &["play", "pyrga", "--level", "9"][..],
        &["perft", "pyrga", "-1"],
        &["status", "pyrga", "--colour", "red"],
        &["frobnicate"],
        &["arena", "pyrga", "--bot", "mcts"],
        &["status", "chess"],
    ] {
        let run = towers(args);
        assert_eq!(run.status, 2, "{args:?}");
        assert!(
            run.stderr.starts_with("towers: "),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
    }
    assert!(fails(&["play", "pyrga", "--level", "9"]).contains("expected 1 to 5"));
    assert!(fails(&["arena", "pyrga", "--bot", "mcts"]).contains("give two bots"));
    assert!(fails(&["arena", "crescendo", "--bot", "mcts"]).contains("give 2 to 4 bots"));
    assert_eq!(towers(&["--help"]).status, 0);
}

#[test]
fn seeds_vary_the_alphabeta_bots_games() {
    let game = |seed: u32| {
        let seed = seed.to_string();
        ok(&quick_bots_game("pyrga", &seed))
    };
    let games: std::collections::HashSet<String> = (0..4).map(game).collect();
    assert!(games.len() > 1, "{games:?}");
    assert!(games.contains(&game(0)), "a seed replays its game");
}

#[test]
fn a_missing_argument_is_named() {
    let error = fails(&["perft", "pyrga"]);
    assert!(error.contains("not provided: <DEPTH>"), "{error}");
    assert_eq!(error.lines().count(), 1, "{error}");
}

#[test]
fn negative_numbers_are_refused_as_such() {
    for args in [
        &["perft", "pyrga", "-1"][..],
        &["play", "pyrga", "--bots", "--seed", "-3"],
        &[
            "arena", "pyrga", "--bot", "mcts", "--bot", "random", "--games", "-2",
        ],
        &["play", "pyrga", "--seat", "-1"],
        &["solve", "pyrga", "--nodes", "-5"],
    ] {
        let error = fails(args);
        assert!(error.contains("a negative number"), "{args:?}: {error}");
        assert!(!error.contains("unexpected argument"), "{args:?}: {error}");
    }
    let error = fails(&["play", "pyrga", "--level", "-1"]);
    assert!(
        error.contains("'--level <LEVEL>'") && error.contains("expected 1 to 5"),
        "{error}"
    );
    for time in ["-1", "inf", "NaN", "1e300"] {
        let error = fails(&["solve", "pyrga", "--time", time]);
        assert!(
            error.contains("expected a number of seconds"),
            "{time}: {error}"
        );
    }
}

#[test]
fn values_that_mean_nothing_are_refused_with_a_reason() {
    let error = fails(&[
        "solve",
        "pylos",
        "--build",
        "--db",
        "x.db",
        "--min-balls",
        "99",
    ]);
    assert!(error.contains("a Pylos board holds 30 balls"), "{error}");
    let error = fails(&["solve", "pylos", "--db", "x.db", "--check", "0"]);
    assert!(
        error.contains("'--check <N>'") && error.contains("1 or more"),
        "{error}"
    );
    let error = fails(&["play", "pyrga", "--bots", "--seat", "1"]);
    assert!(
        error.contains("'--seat <SEAT>'") && error.contains("--bots"),
        "{error}"
    );
}

#[test]
fn long_input_is_echoed_as_an_excerpt() {
    let long = "x".repeat(120_000);
    for args in [
        vec!["status", "pyrga", "--moves", &long],
        vec!["status", &long],
        vec!["status", "pyrga", "--rules", &long],
        vec!["play", "pyrga", "--bot", &long],
        vec!["perft", "pyrga", &long],
    ] {
        let error = fails(&args);
        assert!(error.len() < 400, "{} characters", error.len());
        assert!(error.contains("xxx…"), "{error}");
    }
    let run = towers_with_input(
        &["play", "pyrga", "--bot", "random"],
        &format!("{long}\nquit\n"),
    );
    assert!(run.stdout.len() < 4000, "{} bytes", run.stdout.len());
    // A record file of a long word, loaded at the prompt.
    let file = std::env::temp_dir().join(format!("towers-long-{}.txt", std::process::id()));
    std::fs::write(&file, format!("Sb2 {long}\n")).unwrap();
    let input = format!("load {}\nquit\n", file.display());
    let run = towers_with_input(&["play", "pyrga", "--bot", "random"], &input);
    assert!(run.stdout.contains("cannot load "), "{}", run.stdout);
    assert!(run.stdout.len() < 4000, "{} bytes", run.stdout.len());
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn bot_names_and_option_values_in_any_case() {
    let game = |bot: &str, variant: &str| {
        ok(&[
            "play",
            "pylos",
            "--bots",
            "--bot",
            bot,
            "--level",
            "1",
            "--seed",
            "3",
            "--variant",
            variant,
        ])
    };
    assert_eq!(game("AlphaBeta", "CHILDREN"), game("alphabeta", "children"));
    assert_eq!(
        ok(&["moves", "pyrga", "--rules", "Classic", "--moves", "Sd2 Sd1"]),
        ok(&["moves", "pyrga", "--rules", "classic", "--moves", "Sd2 Sd1"])
    );
    let arena = ok(&[
        "arena", "pyrga", "--bot", "Random", "--bot", "RANDOM", "--games", "1", "--seed", "1",
    ]);
    assert!(arena.starts_with("firsts "), "{arena}");
    // solve reads its game name in any case like every other command.
    let error = fails(&["solve", "PYLOS", "--max-positions", "1"]);
    assert!(error.contains("too many to solve directly"), "{error}");
}

#[test]
fn a_word_that_is_no_move_is_not_read_as_one() {
    for game in ["pyrga", "architekton"] {
        let run = towers_with_input(
            &["play", game, "--seed", "1", "--bot", "random"],
            "clear\nquit\n",
        );
        assert!(
            run.stdout.contains("clear is neither a command nor a move"),
            "{game}: {}",
            run.stdout
        );
        assert!(
            !run.stdout.contains("cannot read move"),
            "{game}: {}",
            run.stdout
        );
    }
}

#[test]
fn help_fits_80_columns_and_solve_names_its_games() {
    for command in [
        "", "play", "moves", "perft", "show", "status", "arena", "solve",
    ] {
        for flag in ["--help", "-h"] {
            let args: Vec<&str> = [command, flag]
                .into_iter()
                .filter(|a| !a.is_empty())
                .collect();
            let help = ok(&args);
            for line in help.lines() {
                assert!(line.chars().count() <= 80, "{args:?}: {line}");
            }
        }
    }
    let help = ok(&["solve", "--help"]);
    let games = help.split("Games:").nth(1).unwrap_or_default();
    assert!(games.contains("pyrga") && games.contains("pylos"), "{help}");
    assert!(!help.contains("architekton"), "{help}");
    let run = towers_with_input(
        &["play", "pyrga", "--seed", "1", "--bot", "random"],
        "help\nquit\n",
    );
    let commands = run
        .stdout
        .split("Type a move in notation")
        .nth(1)
        .unwrap_or_default();
    for line in commands.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
}
