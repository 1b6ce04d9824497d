//! [`PylosTablebase`]: Pylos's perfect play read from a compact solution file (`.dz`),
//! from a path or from bytes a front-end fetched itself (JavaScript: HTTP range requests),
//! block by block, each block checked and kept for the next positions.

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;
use solve::{CompactReader, SolveError};

use crate::error::{Error, ErrorKind};
use crate::solver::{
    PerfectValues, ValueSource, ongoing, pylos_children, pylos_result, pylos_values,
};

/// The decoded blocks kept: 256 blocks of 65,536 values are 16 MiB, far more than the
/// blocks of one position and its children.
const KEPT_BLOCKS: usize = 256;

/// A Pylos solution read from a compact file: the values of every position with at least
/// [`TablebaseOptions::min_balls`] balls of one set of options.
///
/// Opened from a path ([`PylosTablebase::open`]), it reads the blocks it needs from the
/// file. Opened from bytes ([`PylosTablebase::from_prefix`]), it is given the blocks a
/// position needs ([`PylosTablebase::needed`], [`PylosTablebase::insert`]) before
/// [`PylosTablebase::analyse`]. Every block is checked when it is decoded: a damaged file
/// gives `badFile`, never a wrong value.
pub struct PylosTablebase {
    reader: CompactReader,
    /// The file or address read, named in messages.
    source: std::path::PathBuf,
    /// The file, when opened from a path (one read at a time: reads seek).
    file: Option<Mutex<std::fs::File>>,
    /// The blocks decoded, the oldest first.
    blocks: Mutex<Blocks>,
}

/// Decoded blocks, at most [`KEPT_BLOCKS`].
#[derive(Default)]
struct Blocks {
    values: HashMap<u64, Arc<[u8]>>,
    order: VecDeque<u64>,
}

/// What a tablebase holds, as `tb.options()` gives it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TablebaseOptions {
    /// The variant: `children`, `standard` or `expert`.
    pub variant: String,
    /// The take-back rule, as the option `takeback` names it.
    pub takeback: String,
    /// The end rule, as the option `end` names it.
    pub end: String,
    /// The fewest balls on the board of a position covered (0: the whole game).
    pub min_balls: u32,
    /// The number of indices (positions, valid or not) covered.
    pub positions: u64,
    /// The size of the file, in bytes.
    pub bytes: u64,
    /// The blocks of values in it.
    pub blocks: u64,
}

/// The bytes of one block in the file, as [`PylosTablebase::needed`] names them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct BlockBytes {
    /// The block.
    pub block: u64,
    /// Its first byte in the file.
    pub start: u64,
    /// The byte after its last.
    pub end: u64,
}

impl PylosTablebase {
    /// The bytes to read first from a solution file: its header.
    pub const HEAD: u64 = CompactReader::HEAD;

    /// Opens the compact solution file at `path`, checking its header and table of blocks.
    ///
    /// # Errors
    /// `badFile` for a file that cannot be read, is not a compact Pylos solution or is
    /// damaged.
    pub fn open(path: &Path) -> Result<PylosTablebase, Error> {
        let failed = |error: std::io::Error| bad_file(&SolveError::File(file_error(path, error)));
        let file = std::fs::File::open(path).map_err(failed)?;
        let len = file.metadata().map_err(failed)?.len();
        let head = read_at(&file, 0, Self::HEAD.min(len)).map_err(failed)?;
        let end = CompactReader::table_end(path, &head).map_err(|error| bad_file(&error))?;
        let prefix = read_at(&file, 0, end.min(len)).map_err(failed)?;
        let mut tablebase = Self::with_reader(path, &prefix, len)?;
        tablebase.file = Some(Mutex::new(file));
        Ok(tablebase)
    }

    /// The bytes of the header and table of blocks of the solution file whose first
    /// [`PylosTablebase::HEAD`] bytes are `head`, read from `source` (named in messages).
    ///
    /// # Errors
    /// `badFile` for bytes that are not the header of a compact Pylos solution.
    pub fn table_end(source: &str, head: &[u8]) -> Result<u64, Error> {
        CompactReader::table_end(Path::new(source), head).map_err(|error| bad_file(&error))
    }

    /// The tablebase of the solution file of `len` bytes at `source` (named in messages),
    /// whose first bytes are `prefix`: at least its header and table of blocks
    /// ([`PylosTablebase::table_end`]). Its blocks are given by [`PylosTablebase::insert`].
    ///
    /// # Errors
    /// `badFile` for a damaged header or table, or a file of another length.
    pub fn from_prefix(source: &str, prefix: &[u8], len: u64) -> Result<PylosTablebase, Error> {
        Self::with_reader(Path::new(source), prefix, len)
    }

    fn with_reader(source: &Path, prefix: &[u8], len: u64) -> Result<PylosTablebase, Error> {
        Ok(PylosTablebase {
            reader: CompactReader::new(source, prefix, len).map_err(|error| bad_file(&error))?,
            source: source.to_owned(),
            file: None,
            blocks: Mutex::default(),
        })
    }

    /// What the tablebase holds.
    pub fn options(&self) -> TablebaseOptions {
        let header = self.reader.header();
        TablebaseOptions {
            variant: header.config.variant.to_string(),
            takeback: header.config.takeback.to_string(),
            end: header.config.end.to_string(),
            min_balls: header.min_balls,
            positions: header.positions,
            bytes: self.reader.bytes(),
            blocks: self.reader.blocks(),
        }
    }

    /// The blocks `state` and the positions after its moves need that have not been
    /// given yet, with their bytes in the file; none for a position the tablebase does
    /// not cover (then [`PylosTablebase::analyse`] says so, or solves it directly).
    pub fn needed(&self, state: &pylos::State) -> Vec<BlockBytes> {
        let Ok(blocks) = self.reader.blocks_for(state) else {
            return Vec::new();
        };
        let kept = self.lock();
        blocks
            .into_iter()
            .filter(|block| !kept.values.contains_key(block))
            .map(|block| {
                let bytes = self.reader.block_bytes(block);
                BlockBytes {
                    block,
                    start: bytes.start,
                    end: bytes.end,
                }
            })
            .collect()
    }

    /// Decodes and checks block `block` from its `bytes` in the file, and keeps its values.
    ///
    /// # Errors
    /// `badFile` for bytes that are not those of the block (damaged, cut short).
    pub fn insert(&self, block: u64, bytes: &[u8]) -> Result<(), Error> {
        let values = self
            .reader
            .decode(block, bytes)
            .map_err(|error| bad_file(&error))?;
        self.keep(block, values.into());
        Ok(())
    }

    /// The value of `state` and of each of its moves from the tablebase (a tablebase
    /// opened from a path reads the blocks it needs; one opened from bytes must have been
    /// given them). A position it does not cover is solved directly where that is
    /// possible (feature `database`) and few enough positions are reachable.
    ///
    /// # Errors
    /// `gameOver` after the end; `noDatabase` for a position not covered (other options,
    /// fewer balls) too early to solve directly, or whose blocks were not given; `badFile`
    /// for a block that is damaged or cannot be read.
    pub fn analyse(&self, state: &pylos::State) -> Result<PerfectValues, Error> {
        ongoing(state)?;
        let children = pylos_children(state);
        let covered = match self.reader.blocks_for(state) {
            Ok(blocks) => Some(blocks),
            Err(SolveError::NotCovered { reason }) => {
                return not_covered(state, &children, &reason);
            }
            Err(error) => return Err(bad_file(&error)),
        };
        for block in covered.into_iter().flatten() {
            self.read_block(block)?;
        }
        let kept = self.lock();
        let (root, moves) = pylos_values(state, &children, |position| {
            self.reader
                .value_in(position, |block| kept.values.get(&block).map(AsRef::as_ref))
                .ok()
        })
        .ok_or_else(|| {
            Error::new(
                ErrorKind::NoDatabase,
                "the blocks of this position have not been read from the solution file",
            )
        })?;
        Ok(pylos_result(state, root, moves, ValueSource::Database))
    }

    /// Makes sure block `block` is kept, reading it from the file when there is one.
    fn read_block(&self, block: u64) -> Result<(), Error> {
        if self.lock().values.contains_key(&block) {
            return Ok(());
        }
        let Some(file) = &self.file else {
            return Ok(());
        };
        let bytes = self.reader.block_bytes(block);
        let file = file.lock().unwrap_or_else(PoisonError::into_inner);
        let frame = read_at(&file, bytes.start, bytes.end - bytes.start)
            .map_err(|error| bad_file(&SolveError::File(file_error(&self.source, error))))?;
        drop(file);
        self.insert(block, &frame)
    }

    /// Keeps the values of `block`, forgetting the oldest block beyond [`KEPT_BLOCKS`].
    fn keep(&self, block: u64, values: Arc<[u8]>) {
        let mut kept = self.lock();
        if kept.values.insert(block, values).is_none() {
            kept.order.push_back(block);
        }
        while kept.order.len() > KEPT_BLOCKS {
            if let Some(oldest) = kept.order.pop_front() {
                kept.values.remove(&oldest);
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Blocks> {
        self.blocks.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The values of a position the tablebase does not cover, for `reason`: a direct
/// solve where possible, else `noDatabase`.
fn not_covered(
    state: &pylos::State,
    children: &[(pylos::Move, pylos::State)],
    reason: &str,
) -> Result<PerfectValues, Error> {
    let refused = |why: String| {
        Error::new(
            ErrorKind::NoDatabase,
            format!("the solution file does not cover this position ({reason}), and {why}"),
        )
    };
    #[cfg(feature = "database")]
    {
        let budget = crate::PYLOS_DIRECT_POSITIONS;
        match crate::solver::pylos_direct(state, children, budget) {
            Ok((root, moves)) => Ok(pylos_result(state, root, moves, ValueSource::Direct)),
            Err(error) if error.kind == ErrorKind::OutOfBudget => Err(refused(error.message)),
            Err(error) => Err(error),
        }
    }
    #[cfg(not(feature = "database"))]
    {
        let _ = (state, children);
        Err(refused("it is too early to solve directly here".to_owned()))
    }
}

/// The `badFile` error of `error`, in words a player understands.
fn bad_file(error: &SolveError) -> Error {
    Error::new(
        ErrorKind::BadFile,
        format!("the solution file cannot be used: {error}"),
    )
}

/// The file error of a read of `path` that failed.
fn file_error(path: &Path, error: std::io::Error) -> solve::FileError {
    solve::FileError::new(path, solve::FileErrorKind::Io(error))
}

/// `len` bytes of `file` from `offset`.
fn read_at(file: &std::fs::File, offset: u64, len: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Read, Seek, SeekFrom};
    let mut bytes = vec![0u8; usize::try_from(len).map_err(std::io::Error::other)?];
    let mut file = file;
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(&mut bytes)?;
    Ok(bytes)
}
