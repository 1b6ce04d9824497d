//! Compares a Pylos database of format 3, which stores every position twice (once for each
//! player to move), with one of the present format, which stores each position once seen
//! from the player to move, built with the same options:
//!
//! - every position with Light to move: the old index of a position is twice its new one,
//!   so the old file's even bytes must equal the new file's bytes, all of them (the packed
//!   values, and the mark of an index that names no position);
//! - every position with Dark to move whose colouring with Light to move is a position too
//!   (the old odd bytes): the value of its image with the colours exchanged, in the new file.
//!
//! Both files are read whole (plain files of a build: one byte a position after the
//! 256-byte header).
//!
//! ```text
//! cargo run --release -p solve --example pylos_fold_compare -- OLD.db NEW.db
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::Instant;

use boardcore::Player;
use pylos::State;
use rayon::prelude::*;
use solve::{PylosDatabase, PylosIndex};

/// The bytes of the header of both formats.
const HEADER: usize = 256;
/// The byte of an index that names no position.
const NO_POSITION: u8 = 1;

fn main() {
    let mut args = std::env::args().skip(1);
    let old_path = args.next().expect("the database of format 3");
    let new_path = args.next().expect("the database of the present format");
    let started = Instant::now();
    let new = PylosDatabase::open(Path::new(&new_path)).expect("a database");
    let header = new.header().clone();
    let old = std::fs::read(&old_path).expect("the old file");
    let line = String::from_utf8_lossy(&old[8..HEADER]).into_owned();
    let expected = format!(
        "game=pylos format=3 variant={} takeback={} end={} min_balls={} ",
        header.config.variant, header.config.takeback, header.config.end, header.min_balls
    );
    assert!(line.starts_with(&expected), "{line} is not {expected}…");
    let fresh = std::fs::read(&new_path).expect("the new file");
    let (old, fresh) = (&old[HEADER..], &fresh[HEADER..]);
    assert_eq!(
        old.len() as u64,
        2 * header.positions,
        "the old file's length"
    );
    assert_eq!(
        fresh.len() as u64,
        header.positions,
        "the new file's length"
    );
    println!("read both in {:.1} s", started.elapsed().as_secs_f64());

    let index = PylosIndex::new(header.config);
    let chunk = 1 << 20;
    let (even, odd, positions, uncompared) = fresh
        .par_chunks(chunk)
        .enumerate()
        .map(|(number, values)| {
            let first = (number * chunk) as u64;
            let mut counts = (0u64, 0u64, 0u64, 0u64);
            for (offset, &value) in values.iter().enumerate() {
                let at = first + offset as u64;
                let before = 2 * at as usize;
                assert_eq!(old[before], value, "Light to move, index {at}");
                counts.0 += 1;
                counts.2 += u64::from(value != NO_POSITION);
                let Some(light_to_move) = index.state_at(at) else {
                    counts.3 += u64::from(old[before + 1] != NO_POSITION);
                    continue;
                };
                let dark_to_move = State::from_balls(
                    header.config,
                    light_to_move.balls(Player::FIRST),
                    light_to_move.balls(Player::SECOND),
                    Player::SECOND,
                );
                let Ok(dark_to_move) = dark_to_move else {
                    assert_eq!(old[before + 1], NO_POSITION, "index {at}");
                    continue;
                };
                let image = index.index_of(&dark_to_move).expect("an index");
                assert_eq!(
                    old[before + 1],
                    fresh[image as usize],
                    "Dark to move, {dark_to_move}"
                );
                counts.1 += 1;
                counts.2 += 1;
            }
            counts
        })
        .reduce(
            || (0, 0, 0, 0),
            |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3),
        );
    println!(
        "equal: {even} indices with Light to move, {odd} positions with Dark to move \
         ({positions} positions in all); {uncompared} old positions with Dark to move not \
         compared (their colouring with Light to move is no position); {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
