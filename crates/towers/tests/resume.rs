//! A Pylos database build killed (SIGKILL) at several moments and resumed with the same
//! command ends with the same bytes as a build that was never stopped.
//!
//! It builds the `children` positions with at least 28 balls (425 million indices, a
//! checkpoint every second: since the walk the build takes seconds) twice,
//! so it is ignored by default and run once in release mode by `.ci/run`:
//! `cargo test --release -p towers --test resume -- --ignored --nocapture`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The build's command line, writing into `db`, with a checkpoint every 5 seconds.
fn build(db: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_towers"));
    command
        .args(["solve", "pylos", "--variant", "children", "--build"])
        .args(["--min-balls", "28", "--checkpoint-every", "1", "--db"])
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// The header line of the file at `path` (its stage says how far the build got), if the
/// file is there.
fn header(path: &Path) -> Option<String> {
    let mut head = [0; 256];
    File::open(path).ok()?.read_exact(&mut head).ok()?;
    Some(String::from_utf8_lossy(&head[8..]).trim_end().to_owned())
}

/// The stage named in a header line.
fn stage(header: &str) -> &str {
    header
        .split(' ')
        .find_map(|field| field.strip_prefix("stage="))
        .unwrap_or("?")
}

/// A moment to kill a build at.
#[derive(Clone, Copy, Debug)]
enum Moment {
    /// This long after it started.
    After(Duration),
    /// As soon as its file has been written (a checkpoint newer than the one it began
    /// from).
    NewCheckpoint,
    /// While it writes a checkpoint (its temporary file is there).
    Writing,
}

/// Waits for `moment` in the build `child` writing `db`; false if the build ended first.
fn wait_for(moment: Moment, child: &mut Child, db: &Path) -> bool {
    let started = Instant::now();
    let before = header(db);
    let mut temporary = PathBuf::from(db);
    temporary.as_mut_os_string().push(".tmp");
    loop {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        let reached = match moment {
            Moment::After(time) => started.elapsed() >= time,
            Moment::NewCheckpoint => header(db).is_some_and(|now| Some(&now) != before.as_ref()),
            Moment::Writing => temporary.exists(),
        };
        if reached {
            return true;
        }
        sleep(Duration::from_millis(2));
        assert!(
            started.elapsed() < Duration::from_mins(20),
            "{moment:?} never came"
        );
    }
}

#[test]
#[ignore = "two builds of 425 million indices: run in release mode by .ci/run"]
fn a_killed_build_resumes_to_the_same_bytes() {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("resume");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let whole = folder.join("whole.db");
    let killed = folder.join("killed.db");

    let started = Instant::now();
    assert!(build(&whole).status().unwrap().success());
    let uninterrupted = started.elapsed();
    eprintln!("uninterrupted build: {:.1} s", uninterrupted.as_secs_f64());

    let moments = [
        Moment::After(Duration::from_millis(300)),
        Moment::NewCheckpoint,
        Moment::Writing,
        Moment::After(uninterrupted / 4),
        Moment::NewCheckpoint,
        Moment::Writing,
    ];
    let started = Instant::now();
    let mut kills = 0;
    for moment in moments {
        let mut child = build(&killed).spawn().unwrap();
        if !wait_for(moment, &mut child, &killed) {
            eprintln!("the build ended before {moment:?}");
            break;
        }
        child.kill().unwrap();
        child.wait().unwrap();
        kills += 1;
        let stage = header(&killed).map_or("no file yet".to_owned(), |h| stage(&h).to_owned());
        eprintln!(
            "killed at {moment:?} after {:.1} s in all: the file is at {stage}",
            started.elapsed().as_secs_f64()
        );
    }
    assert!(kills >= 4, "the build ended after {kills} kills");
    assert!(build(&killed).status().unwrap().success());
    eprintln!(
        "killed {kills} times, resumed and finished: {:.1} s in all",
        started.elapsed().as_secs_f64()
    );

    assert_eq!(stage(&header(&killed).unwrap()), "done");
    assert!(
        std::fs::read(&whole).unwrap() == std::fs::read(&killed).unwrap(),
        "the resumed build's file differs from the uninterrupted one"
    );
    let mut left: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["killed.db", "whole.db"], "no temporary file is left");
    std::fs::remove_dir_all(&folder).unwrap();
}
