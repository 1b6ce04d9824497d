//! `towers solve`: the contract line, the methods it says it used, and its errors.

#![allow(clippy::unwrap_used)]

mod common;

use std::fmt::Write as _;

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
    assert!(lines[0].chars().count() <= 80, "{}", lines[0]);
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
fn pyrga_start_is_answered_at_once_from_the_shipped_values() {
    // A node budget a search could not solve the start in: the answer is the shipped one.
    let out = ok(&["solve", "pyrga", "--nodes", "5000"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("method shipped values"), "{out}");
    assert!(lines[0].chars().count() <= 80, "{}", lines[0]);
    assert_eq!(lines[1..], ["best Sa1", "value win plies 27"]);
    let classic = ok(&["solve", "pyrga", "--rules", "classic", "--all-moves"]);
    let moves: Vec<&str> = classic.lines().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 80);
    assert_eq!(moves[0], "move Sa1 value win plies 25");
    assert_eq!(classic.lines().last(), Some("value win plies 25"));
    // Black to move after Sa1, from the whole solve of that position.
    let after = ok(&["solve", "pyrga", "--moves", "Sa1", "--nodes", "5000"]);
    assert_eq!(after.lines().last(), Some("value loss plies 26"));
}

#[test]
fn pyrga_budget_runs_out_without_a_value() {
    let message = fails(&["solve", "pyrga", "--search", "--nodes", "5000"]);
    assert!(message.contains("the budget ran out"), "{message}");
    assert!(
        message.contains("give a larger --time or --nodes"),
        "{message}"
    );
}

#[test]
fn pyrga_all_moves_lists_every_move_best_first() {
    let out = ok(&["solve", "pyrga", "--moves", PYRGA_16, "--all-moves"]);
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(
        moves,
        [
            "move Cd2 value loss plies 14",
            "move Sd2 value loss plies 6",
            "move Cc1 value loss plies 4"
        ]
    );
    assert!(out.contains("best Cd2\n"), "{out}");
    // The same contract line as without --all-moves.
    assert_eq!(out.lines().last(), Some("value loss plies 14"));
}

#[test]
fn pyrga_verdict_by_both_methods() {
    for method in [&[][..], &["search"], &["proof"]] {
        let args = [
            &["solve", "pyrga", "--moves", PYRGA_16, "--verdict"][..],
            method,
        ]
        .concat();
        let out = ok(&args);
        assert_eq!(out.lines().last(), Some("verdict loss"), "{out}");
    }
    let out = ok(&["solve", "pyrga", "--moves", PYRGA_16, "--verdict", "proof"]);
    assert!(out.starts_with("method proof-number search"), "{out}");
    let message = fails(&["solve", "pyrga", "--verdict", "guess"]);
    assert!(message.contains("guess"), "{message}");
}

/// A fresh folder for a test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("towers-solve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn pyrga_checkpoint_resumes_and_refuses_what_is_not_its_own() {
    let dir = scratch("checkpoint");
    let file = dir.join("values.txt");
    let path = file.to_str().unwrap();
    let args = [
        "solve",
        "pyrga",
        "--moves",
        PYRGA_16,
        "--all-moves",
        "--checkpoint",
        path,
    ];
    let first = ok(&args);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert_eq!(saved.lines().count(), 2 + 3, "{saved}");
    // A second run reads every value back and searches nothing.
    let second = ok(&args);
    assert!(second.contains("nodes 0 "), "{second}");
    let values = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("move ") || l.starts_with("value "))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(values(&first), values(&second));

    // A last line cut short by a stop is dropped and solved again.
    let cut = &saved[..saved.len() - 5];
    std::fs::write(&file, cut).unwrap();
    let third = ok(&args);
    assert!(!third.contains("nodes 0 "), "{third}");
    assert_eq!(values(&third), values(&first));
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 5);

    // An edited value fails its check, and the file is left as it was.
    let edited = saved.replacen(" win ", " loss ", 1);
    std::fs::write(&file, &edited).unwrap();
    let message = fails(&args);
    assert!(message.contains("line 3 is corrupt"), "{message}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited);

    // Another position's checkpoint, and a file that is no checkpoint, are refused.
    std::fs::write(&file, &saved).unwrap();
    let message = fails(&["solve", "pyrga", "--all-moves", "--checkpoint", path]);
    assert!(
        message.contains("a checkpoint of another solve"),
        "{message}"
    );
    let other = dir.join("notes.txt");
    std::fs::write(&other, "my notes\n").unwrap();
    let message = fails(&[
        "solve",
        "pyrga",
        "--all-moves",
        "--checkpoint",
        other.to_str().unwrap(),
    ]);
    assert!(message.contains("not a checkpoint"), "{message}");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pyrga_checkpoint_keeps_what_a_short_budget_proved() {
    let dir = scratch("budget");
    let file = dir.join("values.txt");
    let path = file.to_str().unwrap();
    // Ply 12: some moves solve within the node budget, not all.
    let record = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e";
    let mut args = vec![
        "solve",
        "pyrga",
        "--moves",
        record,
        "--all-moves",
        "--checkpoint",
        path,
    ];
    let mut runs = 0;
    let out = loop {
        runs += 1;
        let run = common::towers(&[&args[..], &["--nodes", "30000"]].concat());
        if run.status == 0 {
            break run.stdout;
        }
        assert!(
            run.stderr.contains("run the same command again"),
            "{}",
            run.stderr
        );
        assert!(runs < 200, "no progress");
    };
    assert!(runs > 1, "the budget was never short");
    args.truncate(7);
    let whole = ok(&args);
    let last = |out: &str| out.lines().last().map(str::to_owned);
    assert_eq!(last(&out), last(&whole));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pylos_build_refuses_at_once_what_it_must_not_overwrite() {
    let dir = scratch("build");
    let notes = dir.join("random.bin");
    let text = "not a database\n".repeat(300);
    std::fs::write(&notes, &text).unwrap();
    let empty = dir.join("empty.db");
    std::fs::write(&empty, "").unwrap();
    let missing = dir.join("missing").join("x.db");
    let cases = [
        (
            notes.to_str().unwrap(),
            "not a towers database; refusing to overwrite",
        ),
        (empty.to_str().unwrap(), "too short (0 bytes)"),
        (dir.to_str().unwrap(), "a directory, not a database file"),
        (missing.to_str().unwrap(), "No such file or directory"),
    ];
    for (path, reason) in cases {
        let started = std::time::Instant::now();
        let message = fails(&[
            "solve",
            "pylos",
            "--variant",
            "children",
            "--build",
            "--db",
            path,
        ]);
        assert!(message.contains(reason), "{message}");
        // Refused before any computing (a build takes minutes).
        assert!(started.elapsed().as_secs() < 30, "{path}");
    }
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), text);
    // Nothing but the two files is left in the folder.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    let message = fails(&["solve", "pylos", "--db", empty.to_str().unwrap()]);
    assert!(message.contains("too short"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
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

/// A Pylos database of one value for `children`, written by hand in the format of
/// `solve`'s files (the magic, a header line padded to 256 bytes ending with the FNV-1a
/// checksum of the line before it and of the values, then the values): it opens, and
/// covers no position of these tests.
fn one_value_database(path: &std::path::Path) {
    let values = [0u8];
    let fields = "game=pylos format=4 variant=children takeback=1-2 end=nomove min_balls=30 \
                  positions=1 stage=done";
    let checksum = solve::fnv1a_continue(solve::fnv1a(fields.as_bytes()), &values);
    let line = format!("{fields} checksum={checksum:016x}");
    let mut file = vec![b' '; 256];
    file[..8].copy_from_slice(b"TOWERSDB");
    file[8..8 + line.len()].copy_from_slice(line.as_bytes());
    file[255] = b'\n';
    file.extend_from_slice(&values);
    std::fs::write(path, file).unwrap();
}

#[test]
fn a_database_that_does_not_cover_the_position_is_one_error_line() {
    let dir = scratch("uncovered");
    let file = dir.join("children.db");
    one_value_database(&file);
    let path = file.to_str().unwrap();
    // Another variant, and too many positions to solve directly: one line, on stderr.
    let message = fails(&["solve", "pylos", "--variant", "expert", "--db", path]);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("the database is for children"),
        "{message}"
    );
    assert!(message.contains("too many to solve directly"), "{message}");
    // A late position the direct solve answers: the note, then the value.
    let out = ok(&[
        "solve",
        "pylos",
        "--variant",
        "children",
        "--db",
        path,
        "--moves",
        PYLOS_28,
    ]);
    assert!(
        out.starts_with(&format!("database {path} does not cover the position: ")),
        "{out}"
    );
    assert_eq!(out.lines().last(), Some("value loss plies 2"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_compact_database_answers_as_its_source_and_is_never_overwritten() {
    let dir = scratch("compact");
    let file = dir.join("children.db");
    one_value_database(&file);
    let (path, compact) = (file.to_str().unwrap(), dir.join("children.dz"));
    let compact = compact.to_str().unwrap();
    let position = ["--variant", "children", "--moves", PYLOS_28];
    let written = ok(&[
        &["solve", "pylos", "--db", path, "--compact", compact][..],
        &position,
    ]
    .concat());
    let first = written.lines().next().unwrap();
    assert!(
        first.starts_with(&format!("compact {compact}: ")),
        "{written}"
    );
    assert!(
        first.contains("1 blocks of 65536 values, level 19"),
        "{first}"
    );
    assert!(first.ends_with(" s"), "{first}");
    // Both forms say the same (but for the time of the direct solve).
    let from = |db: &str| {
        ok(&[&["solve", "pylos", "--db", db][..], &position].concat())
            .lines()
            .filter(|line| !line.starts_with("method direct"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        from(path).replace(path, "FILE"),
        from(compact).replace(compact, "FILE")
    );
    // The file exists now: refused, untouched.
    let before = std::fs::read(compact).unwrap();
    let message = fails(&["solve", "pylos", "--db", path, "--compact", compact]);
    assert!(message.contains("refusing to overwrite it"), "{message}");
    assert!(std::fs::read(compact).unwrap() == before);
    // Settings out of range, and --level without --compact.
    let other = dir.join("other.dz");
    let other = other.to_str().unwrap();
    let message = fails(&[
        "solve",
        "pylos",
        "--db",
        path,
        "--compact",
        other,
        "--level",
        "0",
    ]);
    assert!(message.contains("zstd level 0"), "{message}");
    assert!(!std::path::Path::new(other).exists());
    fails(&["solve", "pylos", "--db", path, "--level", "3"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The checkpoint of `towers solve pyrga --book` holding the entries of the book shipped
/// for `rules`, each line with its check, as the command writes them.
fn book_checkpoint(rules: pyrga::Rules) -> String {
    let header = format!("towers pyrga book 1\nbook {rules}\n");
    let check =
        |content: &str| solve::fnv1a_continue(solve::fnv1a(header.as_bytes()), content.as_bytes());
    let mut text = header.clone();
    let book = solve::PyrgaBook::shipped(rules).unwrap();
    for &(key, entry) in book.entries() {
        let plies = entry
            .value
            .map_or("-".to_owned(), |value| value.plies.to_string());
        let content = format!("{key:016x} {} {} {plies}", entry.mv, entry.verdict);
        writeln!(text, "{content} {:016x}", check(&content)).unwrap();
    }
    text
}

#[test]
fn pyrga_book_goes_on_from_the_book_already_in_its_file() {
    // A copy of the shipped book, without a checkpoint: rebuilt to its own depth, nothing
    // is solved again and the same book comes out.
    let dir = scratch("book-again");
    let file = dir.join("standard.book");
    let shipped = solve::PyrgaBook::shipped(pyrga::Rules::Standard).unwrap();
    std::fs::write(&file, shipped.to_bytes()).unwrap();
    build_shipped_book_again(&file, pyrga::Rules::Standard);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `towers solve pyrga --book FILE` to the depth of the book shipped for `rules`,
/// whose entries must all be known already (from FILE or its checkpoint); checks that FILE
/// is then the shipped book, and returns the output.
fn build_shipped_book_again(file: &std::path::Path, rules: pyrga::Rules) -> String {
    let shipped = solve::PyrgaBook::shipped(rules).unwrap();
    let plies = shipped.plies().to_string();
    let rules_text = rules.to_string();
    let out = ok(&[
        "solve",
        "pyrga",
        "--rules",
        &rules_text,
        "--book",
        file.to_str().unwrap(),
        "--plies",
        &plies,
    ]);
    assert!(out.contains(" (0 solved now,"), "{out}");
    assert_eq!(
        &solve::PyrgaBook::from_bytes(&std::fs::read(file).unwrap()).unwrap(),
        shipped
    );
    out
}

#[test]
fn pyrga_book_resumes_from_its_checkpoint_and_writes_the_book() {
    let dir = scratch("book");
    let file = dir.join("pyrga.book");
    let path = file.to_str().unwrap();
    let checkpoint = dir.join("pyrga.book.checkpoint");
    for rules in [pyrga::Rules::Standard, pyrga::Rules::Classic] {
        let shipped = solve::PyrgaBook::shipped(rules).unwrap();
        // The book of the rules before is not this one's to overwrite.
        let _ = std::fs::remove_file(&file);
        std::fs::write(&checkpoint, book_checkpoint(rules)).unwrap();
        // Everything comes from the checkpoint.
        let out = build_shipped_book_again(&file, rules);
        let start = shipped
            .best_move(&pyrga::State::new(pyrga::Config::new(rules)))
            .unwrap();
        let last = start.value.map_or_else(
            || format!("verdict {}", start.verdict),
            |value| value.to_string(),
        );
        assert_eq!(out.lines().last(), Some(last.as_str()));
    }
    // A book of the other rules is not overwritten.
    let classic_book = std::fs::read(&file).unwrap();
    let message = fails(&["solve", "pyrga", "--book", path, "--plies", "1"]);
    assert!(message.contains("a book of the classic rules"), "{message}");
    assert_eq!(std::fs::read(&file).unwrap(), classic_book);
    std::fs::remove_file(&file).unwrap();
    // A checkpoint of the other rules is refused, and left as it was.
    let classic = std::fs::read_to_string(&checkpoint).unwrap();
    let message = fails(&["solve", "pyrga", "--book", path, "--plies", "1"]);
    assert!(
        message.contains("a checkpoint of another solve"),
        "{message}"
    );
    assert_eq!(std::fs::read_to_string(&checkpoint).unwrap(), classic);
    // A file that is not a book is not overwritten; a book needs the start.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let message = fails(&["solve", "pyrga", "--book", notes.to_str().unwrap()]);
    assert!(message.contains("not a Pyrga book"), "{message}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    let message = fails(&["solve", "pyrga", "--moves", "Sa1", "--book", path]);
    assert!(message.contains("drop --moves"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pyrga_table_is_built_in_four_shards_and_merged_with_its_checks() {
    let dir = scratch("table");
    let root = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e";
    let mut shards = Vec::new();
    for index in 0..4 {
        let path = dir.join(format!("shard-{index}.txt"));
        let file = path.to_str().unwrap();
        let shard = format!("{index}/4");
        let args = [
            "solve", "pyrga", "--moves", root, "--table", "--plies", "15",
        ];
        let out = ok(&[&args[..], &["--shard", &shard, "--out", file]].concat());
        assert!(out.starts_with(&format!(
            "shard {index}/4 of table standard plies 15 root Ta4e"
        )));
        shards.push(file.to_owned());
    }
    let table = dir.join("table.bin");
    let mut args = vec!["solve", "pyrga", "--merge"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--out", table.to_str().unwrap()]);
    let out = ok(&args);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains(", 396 positions, "), "{out}");
    assert!(
        lines[1].contains("and 20 against proof-number search"),
        "{out}"
    );
    let searched = ok(&["solve", "pyrga", "--moves", root, "--search"]);
    assert_eq!(lines.last(), searched.lines().last().as_ref());
    // Three shards of four are not a table, and nothing is written.
    let missing = dir.join("missing.bin");
    args.truncate(args.len() - 3);
    args.extend(["--out", missing.to_str().unwrap()]);
    let message = fails(&args);
    assert!(message.contains("shard 3/4 is missing"), "{message}");
    assert!(!missing.exists());
    let message = fails(&["solve", "pyrga", "--table", "--shard", "4/4", "--out", "x"]);
    assert!(message.contains("K from 0 to N-1"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}
