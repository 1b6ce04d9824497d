//! The counters of a checkpoint of a build by layers, in their own file beside the
//! database.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU8;

use super::Stage;
use super::cells::{checksum_of, write_cells};
use crate::error::{FileErrorKind, SolveError};
use crate::file::{bad_file, fnv1a, fnv1a_continue, read_file, seal_line, unseal_line, write_file};
use crate::pylos::frontier::Counters;

/// The first bytes of the file of the counters of a checkpoint.
const COUNTERS_MAGIC: &[u8; 8] = b"TOWERSCT";

/// The file beside a database that holds the counters of a checkpoint of a build by
/// layers.
pub(super) fn counters_path(path: &Path) -> PathBuf {
    let mut counters = PathBuf::from(path);
    counters.as_mut_os_string().push(".counters");
    counters
}

/// Writes the counters at `stage`: a header (the stage, the number of indices, the
/// entries of the side table and a checksum), the bytes, then the side table's entries
/// (index and count, little-endian).
pub(super) fn write_counters(
    path: &Path,
    stage: Stage,
    counters: &Counters,
) -> Result<(), SolveError> {
    let large: Vec<(u64, u32)> = {
        let table = counters.large.lock().map_err(|_| SolveError::Internal)?;
        let mut entries: Vec<(u64, u32)> = table.iter().map(|(&i, &c)| (i, c)).collect();
        entries.sort_unstable();
        entries
    };
    let entries: Vec<u8> = large
        .iter()
        .flat_map(|&(index, count)| index.to_le_bytes().into_iter().chain(count.to_le_bytes()))
        .collect();
    let fields = format!(
        "stage={} positions={} large={}",
        stage.text(),
        counters.cells.len(),
        large.len()
    );
    let checksum = fnv1a_continue(
        checksum_of(fnv1a(fields.as_bytes()), &counters.cells),
        &entries,
    );
    let line = seal_line(&fields, checksum);
    write_file(path, *COUNTERS_MAGIC, &line, |writer| {
        write_cells(writer, &counters.cells)?;
        writer.write_all(&entries)
    })
}

/// Reads the counters written at `stage` for `len` indices.
pub(super) fn read_counters(path: &Path, stage: Stage, len: u64) -> Result<Counters, SolveError> {
    let bad = |reason: &str| {
        bad_file(
            path,
            FileErrorKind::BadHeader {
                reason: reason.to_owned(),
            },
        )
    };
    let (line, mut bytes) = read_file(path, *COUNTERS_MAGIC)?;
    let field = |name: &str| {
        line.split_whitespace()
            .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
            .ok_or_else(|| bad(&format!("the header has no {name}")))
    };
    let large: usize = field("large")?.parse().map_err(|_| bad("a bad count"))?;
    if field("stage")? != stage.text()
        || field("positions")? != len.to_string()
        || bytes.len() as u64 != len + 12 * large as u64
    {
        return Err(bad("counters of another checkpoint"));
    }
    let (fields, checksum) = unseal_line(&line).ok_or_else(|| bad("a bad checksum"))?;
    if fnv1a_continue(fnv1a(fields.as_bytes()), &bytes) != checksum {
        return Err(bad_file(
            path,
            FileErrorKind::Checksum { sealed: "counters" },
        ));
    }
    let entries = bytes.split_off(len as usize);
    let table = entries
        .chunks_exact(12)
        .map(|entry| {
            let mut index = [0u8; 8];
            let mut count = [0u8; 4];
            index.copy_from_slice(&entry[..8]);
            count.copy_from_slice(&entry[8..]);
            (u64::from_le_bytes(index), u32::from_le_bytes(count))
        })
        .collect();
    Ok(Counters {
        cells: bytes.into_iter().map(AtomicU8::new).collect(),
        large: std::sync::Mutex::new(table),
    })
}
