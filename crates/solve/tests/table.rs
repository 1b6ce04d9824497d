//! The Pyrga opening table built in shards: the shards merge into the table a single run
//! solves, a stopped shard resumes, the merge refuses shards that do not make one table,
//! and the checks find wrong entries.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use pyrga::{Config, Rules, State};
use solve::{
    PyrgaSolver, PyrgaTable, Quiet, Shard, TableError, TableSettings, Value, Verdict, build_shard,
    merge_shards,
};

/// A position at ply 12 of a random game: the table to ply 15 holds a few hundred
/// positions, solved in a second.
const ROOT: &str = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e";

/// A new empty folder for the files of test `name`.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("solve-table-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The files of the `count` shards of `settings`, built in `dir`.
fn shards(settings: &TableSettings, dir: &Path, count: u32) -> Vec<PathBuf> {
    (0..count)
        .map(|index| {
            let path = dir.join(format!("shard-{index}.txt"));
            let shard = Shard { index, count };
            build_shard(settings, shard, &path, &mut PyrgaSolver::new(18), &Quiet).unwrap();
            path
        })
        .collect()
}

#[test]
fn four_shards_merge_into_the_checked_table_of_one_run() {
    for rules in [Rules::Standard, Rules::Classic] {
        let dir = folder(&format!("merge-{rules}"));
        let settings = TableSettings::new(rules, ROOT, 15);
        let files = shards(&settings, &dir, 4);
        let merged = merge_shards(&files).unwrap();
        let whole = PyrgaTable::solve(&settings, &mut PyrgaSolver::new(18)).unwrap();
        assert_eq!(merged, whole);
        let layers = settings.layers().unwrap();
        assert_eq!(merged.len(), layers.iter().map(Vec::len).sum::<usize>());
        // Every entry of the shallower plies is the minimax of its children, and the last
        // ply's verdicts agree with proof-number search.
        assert!(merged.check_consistency().unwrap() >= layers[..3].iter().map(Vec::len).sum());
        assert_eq!(merged.check_sample(1_000, 7, 18).unwrap(), layers[3].len());
        // The file reads back, and its values are those of the solver, for every move.
        let path = dir.join("table.bin");
        let bytes = merged.write(&path).unwrap();
        let read = PyrgaTable::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(bytes, std::fs::read(&path).unwrap().len());
        assert_eq!(read, merged);
        let root = State::new(Config::new(rules)).replay(ROOT).unwrap();
        let mut solver = PyrgaSolver::new(18);
        assert_eq!(read.value(&root), Some(solver.solve(&root).unwrap()));
        assert_eq!(
            read.move_values(&root),
            Some(solver.move_values(&root).unwrap())
        );
        // Another rule set, or a position past the table, is not in it.
        assert_eq!(read.value(&State::new(Config::new(rules))), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_stopped_shard_resumes_from_its_file() {
    let dir = folder("resume");
    let settings = TableSettings::new(Rules::Standard, ROOT, 15);
    let files = shards(&settings, &dir, 2);
    let first = std::fs::read_to_string(&files[0]).unwrap();
    // Stopped after 10 positions, in the middle of a line.
    let kept: Vec<&str> = first.lines().take(12).collect();
    let cut = format!(
        "{}\n{}",
        kept.join("\n"),
        &first.lines().nth(12).unwrap()[..9]
    );
    std::fs::write(&files[0], cut).unwrap();
    assert!(merge_shards(&files).is_err());
    let shard = Shard { index: 0, count: 2 };
    let solved = build_shard(
        &settings,
        shard,
        &files[0],
        &mut PyrgaSolver::new(18),
        &Quiet,
    )
    .unwrap();
    assert_eq!(solved, first.lines().count() - 12);
    let again = build_shard(
        &settings,
        shard,
        &files[0],
        &mut PyrgaSolver::new(18),
        &Quiet,
    );
    assert_eq!(again.unwrap(), 0);
    assert!(merge_shards(&files).is_ok());
    // A shard of another table is refused, never overwritten.
    let other = TableSettings::new(Rules::Standard, ROOT, 14);
    assert!(build_shard(&other, shard, &files[0], &mut PyrgaSolver::new(18), &Quiet).is_err());
    assert!(merge_shards(&files).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shards_that_do_not_make_one_table_are_refused() {
    let dir = folder("refused");
    let settings = TableSettings::new(Rules::Standard, ROOT, 15);
    let files = shards(&settings, &dir, 4);
    let refused = |files: &[PathBuf]| match merge_shards(files) {
        Err(TableError::Shards { reason }) => reason,
        other => panic!("merged: {other:?}"),
    };
    assert!(refused(&files[..3]).contains("shard 3/4 is missing"));
    let twice = [&files[..], &files[1..2]].concat();
    assert!(refused(&twice).contains("shard 1/4 is given twice"));
    // A shard of a table of another last ply.
    let other_dir = dir.join("other");
    std::fs::create_dir_all(&other_dir).unwrap();
    let others = shards(
        &TableSettings::new(Rules::Standard, ROOT, 14),
        &other_dir,
        4,
    );
    let mixed = [&files[..3], &others[3..]].concat();
    assert!(refused(&mixed).contains("another table"));
    // An edited value fails its line's check.
    let text = std::fs::read_to_string(&files[2]).unwrap();
    let line = text.lines().nth(2).unwrap();
    let edited = if line.contains(" win ") {
        line.replacen(" win ", " loss ", 1)
    } else {
        line.replacen(" loss ", " win ", 1)
            .replacen(" draw ", " win ", 1)
    };
    std::fs::write(&files[2], text.replacen(line, &edited, 1)).unwrap();
    assert!(refused(&files).contains("fails its check"));
    assert!(refused(&[dir.join("none.txt")]).contains("none.txt"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_wrong_verdict_of_the_last_ply_is_found_by_proof_number_search() {
    let settings = TableSettings::new(Rules::Standard, ROOT, 14);
    let table = PyrgaTable::solve(&settings, &mut PyrgaSolver::new(18)).unwrap();
    let layers = settings.layers().unwrap();
    let mut deepest: HashMap<u64, Value> = layers[2]
        .iter()
        .map(|state| (state.position_key(), table.value(state).unwrap()))
        .collect();
    // The first ongoing position's verdict turned round.
    let wrong = layers[2]
        .iter()
        .find(|state| pyrga::count_moves(state) > 0)
        .unwrap();
    let value = deepest[&wrong.position_key()];
    let turned = if value.verdict == Verdict::Win {
        Value::loss(value.plies)
    } else {
        Value::win(value.plies.max(1))
    };
    deepest.insert(wrong.position_key(), turned);
    let damaged = PyrgaTable::from_deepest(&settings, &deepest).unwrap();
    // The shallower plies follow from the last: consistent, but not the solver's.
    assert!(damaged.check_consistency().is_ok());
    assert!(matches!(
        damaged.check_sample(layers[2].len(), 0, 18),
        Err(TableError::Wrong { .. })
    ));
    // A damaged file is refused.
    let mut bytes = table.to_bytes().unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    assert!(PyrgaTable::from_bytes(&bytes).is_err());
    assert!(PyrgaTable::from_bytes(b"towers pyrga book 1\n").is_err());
}
