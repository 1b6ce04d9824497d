//! The tests of builds, files and reads of databases.

use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};

use pylos::{Config, State, Variant};

use super::build::{CHECKPOINT_EVERY, IndexSpace, build_by_layers};
use super::checkpoint::{Checkpoint, write_values};
use super::counters::{counters_path, read_counters};
use super::*;
use crate::PylosDirect;
use crate::error::{FileError, FileErrorKind, SolveError};
use crate::file::{HEADER, temporary_path};
use crate::progress::{Job, Quiet};
use crate::pylos::frontier::{self, Counters};
use crate::pylos::retro::Meter;
use crate::{CompactReader, CompactSettings};
use boardcore::Player;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn a_build_refuses_what_it_must_not_overwrite_before_computing() {
    let directory = std::env::temp_dir().join(format!("solve-db-refuse-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let config = Config::with_variant(pylos::Variant::Children);
    let end = PylosIndex::new(config).prefix(29);
    let refused =
        |path: &Path, force: bool| match PylosDatabase::prepare(path, config, 29, end, force) {
            Err(error) => error.to_string(),
            Ok(_) => String::new(),
        };
    // A file of the user's is left as it was.
    let notes = directory.join("notes.txt");
    let text = "my notes\n".repeat(100);
    std::fs::write(&notes, &text).unwrap();
    assert!(refused(&notes, false).contains("not a towers database; refusing to overwrite"));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), text);
    // An empty file is too short; a directory is no file; a missing folder fails now.
    let empty = directory.join("empty.db");
    std::fs::write(&empty, "").unwrap();
    assert!(refused(&empty, false).contains("too short (0 bytes)"));
    assert!(refused(&directory, false).contains("a directory"));
    assert!(refused(&directory.join("missing").join("x.db"), true).contains("No such file"));
    // A database of other options, or with damaged values, is refused too.
    let other = directory.join("other.db");
    let cells: Vec<AtomicU8> = (0..10u32).map(|_| AtomicU8::new(0)).collect();
    write_values(&other, config, 30, Stage::Done, &cells).unwrap();
    assert!(refused(&other, false).contains("a database of other options"));
    let mut bytes = std::fs::read(&other).unwrap();
    bytes.pop();
    std::fs::write(&other, &bytes).unwrap();
    assert!(refused(&other, false).contains("truncated or damaged"));
    // With force, each of them may be overwritten, and nothing is left behind.
    for path in [&notes, &empty, &other] {
        assert!(matches!(
            PylosDatabase::prepare(path, config, 29, end, true),
            Ok(None)
        ));
    }
    let mut names: Vec<_> = std::fs::read_dir(&directory)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(names, ["empty.db", "notes.txt", "other.db"]);
    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn files_round_trip_and_refuse_damage() {
    let directory = std::env::temp_dir().join(format!("solve-db-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("small.db");
    let config = Config::with_variant(pylos::Variant::Children);
    let cells: Vec<AtomicU8> = (0..1000u32).map(|i| AtomicU8::new((i % 7) as u8)).collect();
    write_values(&path, config, 29, Stage::Layer(3), &cells).unwrap();
    // A checkpoint is not a database.
    assert!(matches!(
        PylosDatabase::open(&path),
        Err(SolveError::File(FileError {
            kind: FileErrorKind::Unfinished,
            ..
        }))
    ));
    write_values(&path, config, 29, Stage::Done, &cells).unwrap();
    let database = PylosDatabase::open(&path).unwrap();
    assert_eq!(database.header().config, config);
    assert_eq!(database.header().min_balls, 29);
    assert_eq!(database.header().positions, 1000);
    // A position the file does not reach is not covered.
    let start = State::new(config);
    assert!(matches!(
        database.value_of(&start),
        Err(SolveError::NotCovered { .. })
    ));
    // One changed byte of the values breaks the checksum.
    let sound = std::fs::read(&path).unwrap();
    let mut bytes = sound.clone();
    bytes[HEADER + 10] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        PylosDatabase::open(&path),
        Err(SolveError::File(FileError {
            kind: FileErrorKind::Checksum { .. },
            ..
        }))
    ));
    // So does any edit of the header, the checksum untouched: another variant, another
    // range of balls, a mark in the padding.
    let edited = |from: &str, to: &str| {
        assert_eq!(from.len(), to.len());
        let text = String::from_utf8_lossy(&sound[..HEADER]).replacen(from, to, 1);
        assert_ne!(text.as_bytes(), &sound[..HEADER], "{from}");
        let mut bytes = text.into_bytes();
        bytes.extend_from_slice(&sound[HEADER..]);
        std::fs::write(&path, &bytes).unwrap();
        match PylosDatabase::open(&path) {
            Err(SolveError::File(error)) => error.kind.to_string(),
            other => panic!("{from} -> {to}: {:?}", other.map(|d| d.header().clone())),
        }
    };
    assert!(edited("variant=children", "variant=standard").contains("checksum"));
    assert!(edited("min_balls=29", "min_balls=20").contains("checksum"));
    let padded = format!("{:016x}   ", database.header().checksum);
    let marked = format!("{:016x} x ", database.header().checksum);
    assert!(edited(&padded, &marked).contains("checksum"));
    assert!(edited("format=4", "format=2").contains("format 2"));
    assert!(edited("format=4", "format=3").contains("format 3"));
    std::fs::write(&path, &sound).unwrap();
    assert!(PylosDatabase::open(&path).is_ok());
    // A checkpoint whose stage was changed by one digit is refused, not resumed.
    write_values(&path, config, 29, Stage::Swept(620), &cells).unwrap();
    let checkpoint = std::fs::read(&path).unwrap();
    let text = String::from_utf8_lossy(&checkpoint[..HEADER]).replacen("swept:620", "swept:621", 1);
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(&checkpoint[HEADER..]);
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        PylosDatabase::read(&path),
        Err(SolveError::File(_))
    ));
    std::fs::remove_dir_all(&directory).unwrap();
}

/// The values of a compact database, block by block.
fn unpacked(database: &PylosDatabase) -> Vec<u8> {
    database
        .values_between(0, database.header().positions)
        .unwrap()
        .into_owned()
}

/// What is wrong with the file of a result that failed on one.
fn kind_of<T>(result: Result<T, SolveError>) -> Option<FileErrorKind> {
    match result {
        Err(SolveError::File(FileError { kind, .. })) => Some(kind),
        _ => None,
    }
}

#[test]
fn compact_files_round_trip_and_refuse_damage() {
    let directory = std::env::temp_dir().join(format!("solve-dz-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let plain_path = directory.join("plain.db");
    let config = Config::with_variant(Variant::Children);
    // 300,000 values with runs and noise, so that blocks compress unevenly.
    let cells: Vec<AtomicU8> = (0..300_000u64)
        .map(|i| AtomicU8::new(((i / 700) % 5 + (i * i) % 3) as u8))
        .collect();
    write_values(&plain_path, config, 28, Stage::Done, &cells).unwrap();
    let database = PylosDatabase::open(&plain_path).unwrap();
    let settings = CompactSettings {
        block: 4096,
        level: 3,
    };
    let path = directory.join("compact.dz");
    let report = database.write_compact(&path, &settings, &Quiet).unwrap();
    assert_eq!(report.blocks, 74);
    let compact = PylosDatabase::open(&path).unwrap();
    assert_eq!(compact.header(), database.header());
    assert_eq!(
        compact.storage(),
        Storage::Compact {
            bytes: report.bytes,
            blocks: 74
        }
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), report.bytes);
    assert!(unpacked(&compact) == plain(&database));
    assert_eq!(compact.census().unwrap(), database.census().unwrap());
    compact.verify().unwrap();
    // The compact form of a compact database is the same file.
    let again = directory.join("again.dz");
    compact.write_compact(&again, &settings, &Quiet).unwrap();
    assert!(std::fs::read(&again).unwrap() == std::fs::read(&path).unwrap());
    // An existing file is never overwritten; bad settings are refused before writing.
    let before = std::fs::read(&plain_path).unwrap();
    assert!(
        database
            .write_compact(&plain_path, &settings, &Quiet)
            .is_err()
    );
    assert!(std::fs::read(&plain_path).unwrap() == before);
    for bad in [
        CompactSettings {
            block: 100,
            ..settings
        },
        CompactSettings {
            level: 0,
            ..settings
        },
        CompactSettings {
            level: 99,
            ..settings
        },
    ] {
        let new = directory.join("bad.dz");
        assert!(matches!(
            kind_of(database.write_compact(&new, &bad, &Quiet)),
            Some(FileErrorKind::BlockTooSmall { .. } | FileErrorKind::NoSuchLevel { .. })
        ));
        assert!(!new.exists() && !temporary_path(&new).exists());
    }
    let bytes = std::fs::read(&path).unwrap();
    let damaged = |edit: &dyn Fn(&mut Vec<u8>)| {
        let mut copy = bytes.clone();
        edit(&mut copy);
        let file = directory.join("damaged.dz");
        std::fs::write(&file, &copy).unwrap();
        PylosDatabase::open(&file)
    };
    // A header edited, a table of blocks edited, a file cut short: refused at once.
    let edited = |from: &str, to: &str| {
        damaged(&|copy: &mut Vec<u8>| {
            let text = String::from_utf8_lossy(&copy[..HEADER]).replacen(from, to, 1);
            copy[..HEADER].copy_from_slice(text.as_bytes());
        })
    };
    assert!(edited("variant=children", "variant=standard").is_err());
    assert!(edited("min_balls=28", "min_balls=20").is_err());
    assert!(edited("compact=1", "compact=2").is_err());
    assert!(damaged(&|copy: &mut Vec<u8>| copy[HEADER + 9] ^= 1).is_err());
    assert!(damaged(&|copy: &mut Vec<u8>| copy.truncate(copy.len() - 1)).is_err());
    assert!(damaged(&|copy: &mut Vec<u8>| copy.truncate(HEADER + 10)).is_err());
    assert!(damaged(&|copy: &mut Vec<u8>| copy.push(0)).is_err());
    // A byte of a block changed: the block is refused when read, the others answer.
    let hurt = damaged(&|copy: &mut Vec<u8>| {
        let last = copy.len() - 6;
        copy[last] ^= 0x55;
    })
    .unwrap();
    let Values::Compact(values) = &hurt.values else {
        panic!("a compact database");
    };
    assert!(matches!(
        kind_of(values.block_values(73)),
        Some(FileErrorKind::DamagedBlock { .. })
    ));
    assert!(values.block_values(0).unwrap()[..] == plain(&database)[..4096]);
    assert!(values.reader().block_bytes(74).is_empty());
    assert!(hurt.verify().is_err());
    assert!(hurt.census().is_err());
    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn the_reader_without_a_file_decodes_and_checks_the_blocks_it_is_given() {
    let directory = std::env::temp_dir().join(format!("solve-reader-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let plain_path = directory.join("plain.db");
    let config = Config::with_variant(Variant::Children);
    let cells: Vec<AtomicU8> = (0..100_000u64)
        .map(|i| AtomicU8::new(((i / 300) % 7) as u8))
        .collect();
    write_values(&plain_path, config, 28, Stage::Done, &cells).unwrap();
    let database = PylosDatabase::open(&plain_path).unwrap();
    let path = directory.join("compact.dz");
    let settings = CompactSettings {
        block: 8192,
        level: 3,
    };
    database.write_compact(&path, &settings, &Quiet).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let source = Path::new("https://example.org/compact.dz");
    // The header says how much to read next: the header and the table of 13 blocks.
    let end = CompactReader::table_end(source, &bytes[..HEADER]).unwrap();
    assert_eq!(end, HEADER as u64 + 14 * 8);
    let len = bytes.len() as u64;
    let reader = CompactReader::new(source, &bytes[..end as usize], len).unwrap();
    assert_eq!(reader.header(), database.header());
    assert_eq!((reader.blocks(), reader.bytes()), (13, len));
    // Each block, given its bytes, decodes to the values of the plain database.
    let mut values = Vec::new();
    for block in 0..reader.blocks() {
        let range = reader.block_bytes(block);
        values.extend(
            reader
                .decode(block, &bytes[range.start as usize..range.end as usize])
                .unwrap(),
        );
    }
    assert!(values == plain(&database));
    // Bytes too few, a header from another file, a table cut short, a file of another
    // length, a block changed or of the wrong length: refused, saying why.
    let kind = |result: Result<CompactReader, SolveError>| kind_of(result);
    assert!(matches!(
        kind_of(CompactReader::table_end(source, &bytes[..100])),
        Some(FileErrorKind::TooShort { bytes: 100 })
    ));
    assert!(matches!(
        kind_of(CompactReader::table_end(
            source,
            &std::fs::read(&plain_path).unwrap()
        )),
        Some(FileErrorKind::NotThisFormat)
    ));
    assert!(matches!(
        kind(CompactReader::new(source, &bytes[..end as usize - 1], len)),
        Some(FileErrorKind::Truncated { .. })
    ));
    assert!(matches!(
        kind(CompactReader::new(source, &bytes[..end as usize], len - 1)),
        Some(FileErrorKind::Truncated { .. })
    ));
    let mut table = bytes[..end as usize].to_vec();
    table[HEADER + 3] ^= 1;
    assert!(matches!(
        kind(CompactReader::new(source, &table, len)),
        Some(FileErrorKind::Checksum { .. })
    ));
    let range = reader.block_bytes(5);
    let mut frame = bytes[range.start as usize..range.end as usize].to_vec();
    assert!(matches!(
        kind_of(reader.decode(5, &frame[1..])),
        Some(FileErrorKind::DamagedBlock { block: 5, .. })
    ));
    let last = frame.len() - 6;
    frame[last] ^= 0x55;
    let error = reader.decode(5, &frame).unwrap_err();
    assert!(error.to_string().contains("block 5 is damaged"), "{error}");
    assert!(error.to_string().contains("example.org"), "{error}");
    assert!(matches!(
        kind_of(reader.decode(13, &[])),
        Some(FileErrorKind::DamagedBlock { block: 13, .. })
    ));
    // A value is read from the block of its position, once that block is at hand.
    let state = (0..reader.header().positions)
        .find_map(|index| database.index.state_at(index))
        .unwrap();
    let (index, block) = reader.locate(&state).unwrap();
    assert_eq!(block, index / 8192);
    assert!(matches!(
        reader.value_in(&state, |_| None),
        Err(SolveError::NotCovered { .. })
    ));
    let start = (block * 8192) as usize;
    let decoded = &values[start..(start + 8192).min(values.len())];
    assert_eq!(
        reader.value_in(&state, |_| Some(decoded)).ok(),
        crate::pylos::packed::unpack(values[index as usize])
    );
    std::fs::remove_dir_all(&directory).unwrap();
}

/// A random `children` game of `config` played until at least `balls` balls are on
/// the board, or `None` if it ends first.
fn late_children_position(
    config: Config,
    balls: u8,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<State> {
    let late =
        |state: &State| state.on_board(Player::FIRST) + state.on_board(Player::SECOND) >= balls;
    let playout = boardcore::random_playout_until(&State::new(config), rng, 400, late);
    late(&playout.state).then_some(playout.state)
}

/// Builds the `children` positions with at least 29 balls (620 million indices, about
/// a minute and 620 MB), then builds them again by layers: `.ci/run` runs it once, in
/// release mode, with `--ignored`.
#[test]
#[ignore = "a minute and 620 MB; .ci/run runs it in release mode"]
fn a_children_sweep_is_consistent_agrees_with_the_direct_solver_and_resumes() {
    let directory = std::env::temp_dir().join(format!("solve-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("children-29.db");
    let config = Config::with_variant(Variant::Children);
    let (database, report) =
        PylosDatabase::build(config, 29, &path, &BuildSettings::default(), &Quiet).unwrap();
    let sweep = report.sweep.unwrap();
    assert!(report.layers.is_empty() && report.count.is_none());
    assert_eq!(sweep.indices, database.header().positions);
    // Every valid position is consistent with its moves.
    assert_eq!(database.check(1).unwrap(), sweep.positions);
    // The values equal those of the direct solver, for every image of a position, the
    // colours exchanged or not.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut compared = 0;
    while compared < 40 {
        let Some(state) = late_children_position(config, 29, &mut rng) else {
            continue;
        };
        let direct = PylosDirect::solve(&state, 10_000).unwrap();
        for symmetry in boardcore::Symmetry::ALL {
            let image = state.transformed(symmetry);
            for seen in [image, image.colours_swapped()] {
                assert_eq!(
                    database.value_of(&seen).unwrap(),
                    direct.value_of(&state).unwrap(),
                    "{seen}"
                );
            }
        }
        compared += 1;
    }
    // Its compact form holds the same values.
    let compact_path = directory.join("children-29.dz");
    let settings = CompactSettings {
        level: 3,
        ..CompactSettings::default()
    };
    database
        .write_compact(&compact_path, &settings, &Quiet)
        .unwrap();
    let compact = PylosDatabase::open(&compact_path).unwrap();
    compact.verify().unwrap();
    assert!(unpacked(&compact) == plain(&database));
    // A checkpoint part way resumes where it was and gives the same file.
    let complete = std::fs::read(&path).unwrap();
    let middle = database
        .index
        .groups()
        .map(|group| group.end)
        .find(|&end| end > database.header().positions / 2)
        .unwrap();
    let cells: Vec<AtomicU8> = plain(&database)
        .iter()
        .enumerate()
        .map(|(i, &byte)| AtomicU8::new(if (i as u64) < middle { byte } else { 0 }))
        .collect();
    write_values(&path, config, 29, Stage::Swept(middle), &cells).unwrap();
    assert!(PylosDatabase::open(&path).is_err());
    let (_, resumed) =
        PylosDatabase::build(config, 29, &path, &BuildSettings::default(), &Quiet).unwrap();
    assert_eq!(
        resumed.sweep.unwrap().indices,
        database.header().positions - middle
    );
    assert!(std::fs::read(&path).unwrap() == complete);
    layers_equal_the_sweep(&database, &directory.join("layers.db"));
    std::fs::remove_dir_all(&directory).unwrap();
}

/// The values of a database read whole.
fn plain(database: &PylosDatabase) -> &[u8] {
    match &database.values {
        Values::Plain(values) => values,
        Values::Compact(_) => panic!("a compact database"),
    }
}

/// The build by layers, going backwards through the moves played backwards, gives the
/// values of the sweep, also when it resumes from a checkpoint in the count or between
/// layers.
fn layers_equal_the_sweep(database: &PylosDatabase, path: &Path) {
    let header = database.header();
    let end = header.positions;
    let space = IndexSpace {
        index: &database.index,
        end,
    };
    let checkpoint = Checkpoint {
        path,
        config: header.config,
        min_balls: header.min_balls,
        every: CHECKPOINT_EVERY,
    };
    let fresh = || -> (Vec<AtomicU8>, Counters) {
        (
            (0..end).map(|_| AtomicU8::new(0)).collect(),
            Counters::new(end),
        )
    };
    let bytes = |cells: &[AtomicU8]| -> Vec<u8> {
        cells.iter().map(|c| c.load(Ordering::Relaxed)).collect()
    };
    // Whole.
    let (cells, counters) = fresh();
    let report = build_by_layers(
        &space,
        &cells,
        &counters,
        Stage::Counted(0),
        &checkpoint,
        &Quiet,
    )
    .unwrap();
    assert!(bytes(&cells) == plain(database));
    let count = report.count.unwrap();
    assert_eq!(count.indices, end);
    assert_eq!(report.layers.last().unwrap().settled, 0);
    // Stopped halfway through the count, then resumed from the files.
    let (cells, counters) = fresh();
    let meter = Meter::new(&Quiet, Job::Count, end);
    frontier::count(&space, &cells, &counters, 0..end / 2, &meter).unwrap();
    checkpoint
        .write(Stage::Counted(end / 2), &cells, Some(&counters))
        .unwrap();
    drop((cells, counters));
    let (header, values) = PylosDatabase::read(path).unwrap();
    assert_eq!(header.stage, Stage::Counted(end / 2));
    let counters = read_counters(&counters_path(path), header.stage, end).unwrap();
    let cells: Vec<AtomicU8> = values.into_iter().map(AtomicU8::new).collect();
    build_by_layers(&space, &cells, &counters, header.stage, &checkpoint, &Quiet).unwrap();
    assert!(bytes(&cells) == plain(database));
    // Stopped after the layer of distance 3, then resumed from the files.
    let (cells, counters) = fresh();
    frontier::count(&space, &cells, &counters, 0..end, &meter).unwrap();
    for plies in 0..=3 {
        frontier::layer(&space, &cells, &counters, plies, &Quiet).unwrap();
    }
    checkpoint
        .write(Stage::Layer(3), &cells, Some(&counters))
        .unwrap();
    drop((cells, counters));
    let counters = read_counters(&counters_path(path), Stage::Layer(3), end).unwrap();
    // Counters of another stage are refused.
    assert!(read_counters(&counters_path(path), Stage::Layer(2), end).is_err());
    let cells: Vec<AtomicU8> = PylosDatabase::read(path)
        .unwrap()
        .1
        .into_iter()
        .map(AtomicU8::new)
        .collect();
    let resumed = build_by_layers(
        &space,
        &cells,
        &counters,
        Stage::Layer(3),
        &checkpoint,
        &Quiet,
    )
    .unwrap();
    assert_eq!(resumed.layers[0].plies, 4);
    assert!(bytes(&cells) == plain(database));
}
