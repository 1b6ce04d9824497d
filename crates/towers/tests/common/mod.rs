//! Running the `towers` binary from the integration tests.

// A failure to run the binary is a failed test.
#![allow(clippy::expect_used, clippy::panic)]
// Each test file uses only some of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Four plies of Pyrga after a first move that is not the opening book's (`Tb1w` or one of
/// its images): White to move, in no book, so a perfect bot must search.
pub(crate) const PYRGA_OUT_OF_BOOK: &str = "Ta4e Tb4s Tb3n Cb4";

/// The arguments of a quick game of `game` between level-1 alpha-beta bots, with `seed`.
pub(crate) fn quick_bots_game<'a>(game: &'a str, seed: &'a str) -> Vec<&'a str> {
    vec![
        "play",
        game,
        "--bots",
        "--bot",
        "alphabeta",
        "--level",
        "1",
        "--seed",
        seed,
    ]
}

/// What a run of `towers` printed, and how it ended.
pub(crate) struct Run {
    pub(crate) status: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `towers` with `args`, feeding `input` on standard input.
pub(crate) fn towers_with_input(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the towers binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("stdin accepts the input");
    let output = child.wait_with_output().expect("towers finishes");
    Run {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `towers` with `args` and nothing on standard input.
pub(crate) fn towers(args: &[&str]) -> Run {
    towers_with_input(args, "")
}

/// Runs `towers` with `args`, expecting success; returns standard output.
pub(crate) fn ok(args: &[&str]) -> String {
    let run = towers(args);
    assert_eq!(run.status, 0, "towers {args:?} failed: {}", run.stderr);
    run.stdout
}

/// Runs `towers` with `args`, expecting exit status 2; returns standard error.
pub(crate) fn fails(args: &[&str]) -> String {
    let run = towers(args);
    assert_eq!(run.status, 2, "towers {args:?} should fail: {}", run.stdout);
    assert!(
        run.stdout.is_empty(),
        "nothing on stdout when failing: {}",
        run.stdout
    );
    run.stderr
}

/// The result of `towers arena`: how many games each bot finished first and the draws,
/// read from the last line of standard output.
pub(crate) struct Arena {
    pub(crate) firsts: Vec<u32>,
    pub(crate) draws: u32,
    /// Everything `towers arena` printed (to compare reruns with the same seed).
    pub(crate) stdout: String,
    /// The progress lines.
    pub(crate) stderr: String,
}

/// Runs `towers arena` with `args` (the words after `arena`), expecting success, and
/// reads its last line `firsts <n …> draws <n>`.
pub(crate) fn arena(args: &[&str]) -> Arena {
    let args: Vec<&str> = core::iter::once("arena")
        .chain(args.iter().copied())
        .collect();
    let run = towers(&args);
    assert_eq!(run.status, 0, "towers {args:?} failed: {}", run.stderr);
    let last = run.stdout.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split(' ').collect();
    let number = |word: &str| word.parse::<u32>().expect("a count");
    match words.as_slice() {
        ["firsts", counts @ .., "draws", draws] => Arena {
            firsts: counts.iter().map(|w| number(w)).collect(),
            draws: number(draws),
            stdout: run.stdout.clone(),
            stderr: run.stderr,
        },
        _ => panic!("the arena's last line is not `firsts … draws n`: {last}"),
    }
}

/// How long [`towers_at_terminal`] waits for a prompt, or for the program to end.
const PATIENCE: std::time::Duration = std::time::Duration::from_mins(1);

/// Runs `towers` with `args` at a terminal (a pseudo-terminal of util-linux `script`),
/// typing each of `lines` once a new prompt (`> `) has appeared, as a person would;
/// `None` where `script` is missing. What the terminal showed, prompts and control
/// sequences included, is the standard output (standard error is shown there too). With
/// `piped`, the standard output of `towers` goes through a pipe (`| cat`) to the terminal.
pub(crate) fn towers_at_terminal(args: &[&str], lines: &[&str], piped: bool) -> Option<Run> {
    use std::io::Read;
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    assert!(
        args.iter().all(|arg| arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))),
        "arguments that need no quoting in a shell: {args:?}"
    );
    let command = core::iter::once(env!("CARGO_BIN_EXE_towers"))
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ")
        + if piped { " | cat" } else { "" };
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let shown = Arc::new(Mutex::new(Vec::new()));
    let mut terminal = child.stdout.take().expect("stdout is piped");
    let reader = {
        let shown = Arc::clone(&shown);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(read @ 1..) = terminal.read(&mut buffer) {
                shown
                    .lock()
                    .expect("the reader holds no lock")
                    .extend_from_slice(&buffer[..read]);
            }
        })
    };
    let prompts = || {
        let shown = shown.lock().expect("the reader holds no lock");
        shown.windows(2).filter(|pair| pair == b"> ").count()
    };
    let mut stdin = child.stdin.take().expect("stdin is piped");
    for (typed, line) in lines.iter().enumerate() {
        let started = Instant::now();
        while prompts() <= typed && started.elapsed() < PATIENCE {
            std::thread::sleep(Duration::from_millis(50));
        }
        // The line editor sets the terminal up after showing its prompt.
        std::thread::sleep(Duration::from_millis(300));
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .expect("the terminal takes the line");
    }
    let started = Instant::now();
    while child.try_wait().ok().flatten().is_none() && started.elapsed() < PATIENCE {
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stdin);
    let output = child.wait_with_output().expect("script finishes");
    reader.join().expect("the reader finishes");
    let shown = shown.lock().expect("the reader is done").clone();
    Some(Run {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&shown).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}
