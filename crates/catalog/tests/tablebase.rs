//! Pylos's perfect play from a compact solution file, read by path and from bytes given
//! block by block, equals that of the database the analysis server reads, and a damaged
//! or foreign file is refused, never read as values.
#![cfg(feature = "database")]
#![allow(clippy::expect_used, clippy::panic, clippy::unwrap_used, missing_docs)]

use std::path::Path;
use std::sync::Arc;

use catalog::boardcore::{Game, SeededRng, random_playout_until};
use catalog::solve::PylosDatabase;
use catalog::{AnyGame, Databases, ErrorKind, PylosTablebase, SolveRequest, ValueSource};

/// The compact database of the `children` positions with at least 28 balls.
const CHILDREN_28: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../server/tests/data/children-28.dz"
);

/// `children` positions with at least `balls` balls on the board, ongoing, from seeded
/// random games.
fn late_positions(balls: u8, count: usize) -> Vec<pylos::State> {
    let config = pylos::Config::with_variant(pylos::Variant::Children);
    let on_board = |state: &pylos::State| {
        state.on_board(catalog::boardcore::Player::FIRST)
            + state.on_board(catalog::boardcore::Player::SECOND)
    };
    (0..400u64)
        .filter_map(|seed| {
            let mut rng = SeededRng::new(seed);
            let playout = random_playout_until(&pylos::State::new(config), &mut rng, 400, |s| {
                on_board(s) >= balls
            });
            let state = playout.state;
            (on_board(&state) >= balls && state.status().to_move().is_some()).then_some(state)
        })
        .take(count)
        .collect()
}

/// The values the catalog gives from the database the analysis server reads.
fn from_database(state: &pylos::State) -> catalog::PerfectValues {
    let database = PylosDatabase::open(Path::new(CHILDREN_28)).unwrap();
    let databases = Databases::default().with_pylos(Arc::new(database));
    let game = AnyGame::from_text("pylos", &state.to_string()).unwrap();
    game.analyse(SolveRequest::default(), &databases).unwrap()
}

#[test]
fn values_by_path_and_by_blocks_equal_the_databases() {
    let by_path = PylosTablebase::open(Path::new(CHILDREN_28)).unwrap();
    let options = by_path.options();
    assert_eq!(
        (options.variant.as_str(), options.min_balls),
        ("children", 28)
    );
    assert_eq!(options.bytes, std::fs::metadata(CHILDREN_28).unwrap().len());
    let bytes = std::fs::read(CHILDREN_28).unwrap();
    let source = "http://127.0.0.1/children-28.dz";
    let end = PylosTablebase::table_end(source, &bytes[..PylosTablebase::HEAD as usize]).unwrap();
    let by_blocks =
        PylosTablebase::from_prefix(source, &bytes[..end as usize], bytes.len() as u64).unwrap();
    let positions = late_positions(28, 12);
    assert_eq!(positions.len(), 12);
    for state in &positions {
        let expected = from_database(state);
        assert_eq!(expected.source, ValueSource::Database);
        assert_eq!(by_path.analyse(state).unwrap(), expected, "{state}");
        // From bytes: the blocks it needs, then the values; nothing more once given.
        let error = by_blocks.analyse(state).unwrap_err();
        assert_eq!(error.kind, ErrorKind::NoDatabase, "{}", error.message);
        for block in by_blocks.needed(state) {
            let frame = &bytes[block.start as usize..block.end as usize];
            by_blocks.insert(block.block, frame).unwrap();
        }
        assert!(by_blocks.needed(state).is_empty());
        assert_eq!(by_blocks.analyse(state).unwrap(), expected, "{state}");
    }
}

#[test]
fn positions_not_covered_are_solved_directly_or_refused() {
    let tablebase = PylosTablebase::open(Path::new(CHILDREN_28)).unwrap();
    // Before 28 balls: too early to solve directly.
    let early = late_positions(10, 1).remove(0);
    assert!(tablebase.needed(&early).is_empty());
    let error = tablebase.analyse(&early).unwrap_err();
    assert_eq!(error.kind, ErrorKind::NoDatabase);
    assert!(
        error.message.contains("does not cover this position"),
        "{}",
        error.message
    );
    // The start of another variant: not covered, too early to solve directly.
    let standard = pylos::State::new(pylos::Config::default());
    let error = tablebase.analyse(&standard).unwrap_err();
    assert_eq!(error.kind, ErrorKind::NoDatabase);
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let bytes = std::fs::read(CHILDREN_28).unwrap();
    let source = "http://127.0.0.1/children-28.dz";
    let head = &bytes[..PylosTablebase::HEAD as usize];
    let end = PylosTablebase::table_end(source, head).unwrap() as usize;
    let len = bytes.len() as u64;
    let kind = |result: Result<PylosTablebase, catalog::Error>| result.err().map(|e| e.kind);
    // A truncated file, a table changed, HTML in place of the file.
    assert_eq!(
        kind(PylosTablebase::from_prefix(source, &bytes[..end], len - 10)),
        Some(ErrorKind::BadFile)
    );
    let mut table = bytes[..end].to_vec();
    table[end - 3] ^= 1;
    assert_eq!(
        kind(PylosTablebase::from_prefix(source, &table, len)),
        Some(ErrorKind::BadFile)
    );
    let page = b"<!doctype html><title>Not found</title>".repeat(10);
    let error = PylosTablebase::table_end(source, &page).unwrap_err();
    assert_eq!(error.kind, ErrorKind::BadFile);
    assert!(
        error.message.contains("not a towers database"),
        "{}",
        error.message
    );
    // A damaged block is refused and not kept.
    let tablebase = PylosTablebase::from_prefix(source, &bytes[..end], len).unwrap();
    let state = late_positions(28, 1).remove(0);
    let needed = tablebase.needed(&state);
    let block = needed[0];
    let mut frame = bytes[block.start as usize..block.end as usize].to_vec();
    let middle = frame.len() / 2;
    frame[middle] ^= 0x40;
    let error = tablebase.insert(block.block, &frame).unwrap_err();
    assert_eq!(error.kind, ErrorKind::BadFile);
    assert!(error.message.contains("damaged"), "{}", error.message);
    assert_eq!(tablebase.needed(&state), needed);
    // A file that is no compact database, by path.
    let error = PylosTablebase::open(Path::new("/nonexistent/x.dz"))
        .err()
        .unwrap();
    assert_eq!(error.kind, ErrorKind::BadFile);
}
