//! The golden cases of the engines (`crates/{pyrga,pylos}/tests/data/golden.txt`, computed
//! by independent programs) hold through the `towers` program too: `moves` lists the legal
//! moves, `status` the outcome and `perft` the counts (those under a million nodes here:
//! the engines' own tests count the rest).

#![allow(clippy::expect_used, clippy::panic)]

mod common;

use common::ok;

/// The deepest counts run through the program in this test.
const MOST_NODES: u64 = 1_000_000;

/// Checks every case of `game`'s golden file through the program; the number of checks.
fn agrees(game: &str) -> usize {
    let path = format!(
        "{}/../{game}/tests/data/golden.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let mut options: Vec<String> = Vec::new();
    let mut record = String::new();
    let mut checks = 0;
    for line in text
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
    {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let args = |command: &str, depth: Option<&str>| {
            let mut args = vec![command.to_owned(), game.to_owned()];
            args.extend(depth.map(str::to_owned));
            args.extend(options.iter().cloned());
            args.extend(["--moves".to_owned(), record.clone()]);
            args
        };
        let run = |args: Vec<String>| ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        match word {
            "game" => {
                options = rest
                    .split_whitespace()
                    .skip(1)
                    .flat_map(|pair| {
                        let (key, value) = pair.split_once('=').expect("key=value");
                        [format!("--{key}"), value.to_owned()]
                    })
                    .collect();
                record.clear();
                continue;
            }
            "moves" => {
                record = if rest == "-" {
                    String::new()
                } else {
                    rest.to_owned()
                };
                continue;
            }
            "legal" => {
                let mut listed: Vec<String> = run(args("moves", None))
                    .lines()
                    .map(str::to_owned)
                    .collect();
                listed.sort();
                let expected: Vec<&str> = if rest == "-" {
                    Vec::new()
                } else {
                    rest.split(' ').collect()
                };
                assert_eq!(listed, expected, "{game} {options:?} after {record:?}");
            }
            "perft" => {
                let (depth, nodes) = rest.split_once(' ').expect("perft d n");
                if nodes.parse::<u64>().expect("a count") > MOST_NODES {
                    continue;
                }
                let counted = run(args("perft", Some(depth)));
                assert_eq!(
                    counted.trim(),
                    nodes,
                    "{game} {options:?} after {record:?}, depth {depth}"
                );
            }
            "outcome" => {
                let status = run(args("status", None));
                let status = status.trim();
                if rest == "ongoing" {
                    assert!(
                        status.starts_with("ongoing"),
                        "{game} {options:?} after {record:?}: {status}"
                    );
                } else {
                    assert_eq!(status, rest, "{game} {options:?} after {record:?}");
                }
            }
            other => panic!("{path}: unknown line {other:?}"),
        }
        checks += 1;
    }
    checks
}

#[test]
fn pyrga_golden_cases_hold_through_the_program() {
    assert!(agrees("pyrga") > 100);
}

#[test]
fn pylos_golden_cases_hold_through_the_program() {
    assert!(agrees("pylos") > 100);
}
