//! The opening table built in shards: each shard solves a run of the deepest ply's
//! positions into a plain file of checked lines (its checkpoint too), and a merge checks
//! the shards and computes the shallower plies.

use std::collections::HashMap;
use std::path::Path;

use pyrga::State;

use super::PyrgaSolver;
use super::opening::{PyrgaTable, Shard, TableError, TableSettings};
use crate::file::lines::{Lines, header, unseal};
use crate::file::write_whole;
use crate::progress::{Event, Job, Progress};
use crate::value::Value;

/// The first line of a shard's file.
const SHARD: &str = "towers pyrga table shard 1";

/// The second line of a shard's file: the table's settings, then the shard and the count
/// of its positions.
fn subject(settings: &TableSettings, shard: Shard, positions: usize) -> String {
    format!("{} shard {shard} positions {positions}", settings.subject())
}

/// A line of a shard: the position's symmetric key and its value.
fn entry(content: &str) -> Option<(u64, Value)> {
    let [key, verdict, plies] = content.split(' ').collect::<Vec<_>>()[..] else {
        return None;
    };
    Some((
        u64::from_str_radix(key, 16).ok()?,
        Value::from_words(verdict, plies)?,
    ))
}

/// The positions of the last ply that `shard` solves, in the canonical order.
fn positions(settings: &TableSettings, shard: Shard) -> Result<Vec<State>, TableError> {
    let mut layers = settings.layers()?;
    let deepest = layers.pop().unwrap_or_default();
    Ok(deepest[shard.range(deepest.len())].to_vec())
}

/// Builds shard `shard` of the table of `settings` into the file `path` with `solver`: one
/// line a position of the last ply, saved as soon as it is solved, so that the same call
/// resumes a stopped build from the file (a file of another table or shard is refused,
/// never overwritten). `progress` is told of the shard's positions ([`Job::Table`]), those
/// of the file at once. Returns the number of positions solved by this call.
///
/// ```
/// use pyrga::Rules;
/// use solve::{PyrgaSolver, PyrgaTable, Quiet, Shard, TableSettings, build_shard, merge_shards};
///
/// let dir = std::env::temp_dir().join(format!("solve-shard-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let moves = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1 Cc1 Ca3";
/// let settings = TableSettings::new(Rules::Standard, moves, 20);
/// let mut files = Vec::new();
/// for index in 0..2 {
///     let path = dir.join(format!("shard-{index}.txt"));
///     let shard = Shard { index, count: 2 };
///     build_shard(&settings, shard, &path, &mut PyrgaSolver::new(16), &Quiet).unwrap();
///     files.push(path);
/// }
/// let merged = merge_shards(&files).unwrap();
/// assert_eq!(merged, PyrgaTable::solve(&settings, &mut PyrgaSolver::new(16)).unwrap());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
///
/// # Errors
/// [`TableError::Solve`] when the file is refused or cannot be written, or a solve fails
/// (out of the solver's budget, say: the positions solved are in the file).
pub fn build_shard(
    settings: &TableSettings,
    shard: Shard,
    path: &Path,
    solver: &mut PyrgaSolver,
    progress: &dyn Progress,
) -> Result<usize, TableError> {
    let positions = positions(settings, shard)?;
    let (mut lines, known) = Lines::open(
        path,
        SHARD,
        &subject(settings, shard, positions.len()),
        entry,
    )?;
    let known: HashMap<u64, Value> = known.into_iter().collect();
    progress.event(Event::Started {
        stage: Job::Table(settings.plies),
        total: positions.len() as u64,
    });
    progress.event(Event::Advanced {
        done: known.len() as u64,
    });
    let mut solved = 0;
    for state in &positions {
        let key = state.position_key();
        if known.contains_key(&key) {
            continue;
        }
        let value = solver.solve(state)?;
        lines.save(&format!("{key:016x} {} {}", value.verdict, value.plies))?;
        solved += 1;
        progress.event(Event::Advanced { done: 1 });
    }
    progress.event(Event::Finished);
    Ok(solved)
}

/// What one shard's file holds.
struct ShardFile {
    /// The table it is a shard of.
    settings: TableSettings,
    /// Which shard.
    shard: Shard,
    /// Its positions' symmetric keys and values.
    values: Vec<(u64, Value)>,
}

/// The shard of the file `path`, whole and checked line by line.
fn read_shard(path: &Path) -> Result<ShardFile, TableError> {
    let refuse = |reason: &str| TableError::Shards {
        reason: format!("{}: {reason}", path.display()),
    };
    let text = std::fs::read_to_string(path).map_err(|error| refuse(&error.to_string()))?;
    let mut lines = text.lines();
    if lines.next() != Some(SHARD) {
        return Err(refuse("not a shard of a Pyrga table"));
    }
    let subject = lines.next().unwrap_or_default();
    let named = subject.split_once(" shard ").and_then(|(table, rest)| {
        let (shard, positions) = rest.split_once(" positions ")?;
        let settings = TableSettings::of_subject(table)?;
        Some((
            settings,
            shard.parse().ok()?,
            positions.parse::<usize>().ok()?,
        ))
    });
    let (settings, shard, count) = named.ok_or_else(|| refuse("its settings are damaged"))?;
    let header = header(SHARD, subject);
    let values = lines
        .map(|line| unseal(&header, line).and_then(entry))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| refuse("a line fails its check"))?;
    if values.len() != count {
        return Err(refuse(&format!(
            "unfinished: {} positions of {count}",
            values.len()
        )));
    }
    Ok(ShardFile {
        settings,
        shard,
        values,
    })
}

/// The table from the files of all its shards ([`build_shard`]), checked: every file a
/// whole shard of the same table (same rules, root, last ply and number of shards), each
/// shard once, each line's checksum, and each shard holding exactly its positions.
///
/// # Errors
/// [`TableError::Shards`] saying what is missing, repeated or damaged.
pub fn merge_shards(paths: &[impl AsRef<Path>]) -> Result<PyrgaTable, TableError> {
    let mut shards = Vec::new();
    for path in paths {
        shards.push(read_shard(path.as_ref())?);
    }
    let Some(ShardFile {
        settings,
        shard: first,
        ..
    }) = shards.first()
    else {
        return Err(TableError::Shards {
            reason: "no shard given".to_owned(),
        });
    };
    let (settings, first) = (settings.clone(), *first);
    let count = first.count;
    let mut seen = vec![false; count as usize];
    let mut deepest = HashMap::new();
    for ShardFile {
        settings: other,
        shard,
        values,
    } in shards
    {
        let refuse = |reason: String| TableError::Shards { reason };
        if other != settings || shard.count != count {
            return Err(refuse(format!(
                "shard {shard} is of another table ({}) than shard {first} ({})",
                other.subject(),
                settings.subject()
            )));
        }
        if std::mem::replace(&mut seen[shard.index as usize], true) {
            return Err(refuse(format!("shard {shard} is given twice")));
        }
        let mut keys: Vec<u64> = positions(&settings, shard)?
            .iter()
            .map(State::position_key)
            .collect();
        let mut found: Vec<u64> = values.iter().map(|&(key, _)| key).collect();
        keys.sort_unstable();
        found.sort_unstable();
        if keys != found {
            return Err(refuse(format!(
                "shard {shard} does not hold exactly its positions"
            )));
        }
        deepest.extend(values);
    }
    if let Some(missing) = seen.iter().position(|&seen| !seen) {
        return Err(TableError::Shards {
            reason: format!("shard {missing}/{count} is missing"),
        });
    }
    PyrgaTable::from_deepest(&settings, &deepest)
}

impl PyrgaTable {
    /// Writes the table's file ([`PyrgaTable::to_bytes`]) to `path` whole or not at all
    /// (through a temporary file); returns its size in bytes.
    ///
    /// # Errors
    /// [`TableError::Solve`] when the file cannot be written.
    pub fn write(&self, path: &Path) -> Result<usize, TableError> {
        let bytes = self.to_bytes()?;
        write_whole(path, &bytes)?;
        Ok(bytes.len())
    }
}
