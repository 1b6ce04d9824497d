//! The commands the READMEs show run as written: each `towers` line of their shell blocks
//! either runs (with `quit` typed at a prompt) or, where it is a synopsis with `<…>`
//! placeholders, names a command and flags that its `--help` lists. The commands of
//! `docs/`, many of which run for hours, are read as written: each one's command line is
//! accepted (with `--help` added, so that nothing is computed).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

mod common;

use common::towers_with_input;

/// The `towers …` lines of the shell blocks of `markdown`, comments cut.
fn commands(markdown: &str) -> Vec<String> {
    let mut inside = false;
    let mut lines = Vec::new();
    for line in markdown.lines() {
        if line.starts_with("```") {
            inside = !inside && matches!(line, "```sh" | "```console" | "```bash");
            continue;
        }
        let line = line.split(" #").next().unwrap_or_default().trim();
        let line = line
            .strip_prefix("cargo run --release -p towers -- ")
            .map_or_else(|| line.to_owned(), |rest| format!("towers {rest}"));
        if inside && line.starts_with("towers ") {
            lines.push(line);
        }
    }
    lines
}

/// The words of a command line, quotes removed.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut quoted = false;
    let mut word = String::new();
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn every_readme_command_runs_or_is_a_true_synopsis() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut checked = 0;
    for readme in ["README.md", "crates/towers/README.md"] {
        let text = std::fs::read_to_string(format!("{root}/{readme}")).unwrap();
        for line in commands(&text) {
            let words = words(&line);
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            if line.contains('<') {
                // `<game>` stands for any game: the flags every game takes.
                let game = if args[1].starts_with('<') {
                    "pyrga"
                } else {
                    args[1]
                };
                let help = towers_with_input(&[args[0], game, "--help"], "").stdout;
                for flag in args.iter().filter(|word| word.starts_with("--")) {
                    let flag = flag.trim_start_matches('[').trim_end_matches(']');
                    assert!(
                        help.contains(flag),
                        "{readme}: {line}: {flag} not in\n{help}"
                    );
                }
            } else {
                let run = towers_with_input(&args, "quit\n");
                assert_eq!(run.status, 0, "{readme}: {line}: {}", run.stderr);
            }
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} commands found");
}

#[test]
fn every_docs_command_is_accepted_as_written() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs");
    let mut checked = 0;
    for entry in std::fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|extension| extension != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in commands(&text) {
            let words = words(&line);
            let mut args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            args.push("--help");
            let run = towers_with_input(&args, "");
            assert_eq!(run.status, 0, "{}: {line}: {}", path.display(), run.stderr);
            assert!(
                run.stdout.contains("Usage: towers"),
                "{line}: {}",
                run.stdout
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} commands found");
}
