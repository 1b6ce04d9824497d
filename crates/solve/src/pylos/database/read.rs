//! Opening a finished database and reading it: lookups, best moves, checks and counts.

use std::borrow::Cow;
use std::cell::Cell;
use std::fs::File;
use std::io::Read;
use std::path::Path;

use pylos::{Move, State};

use super::cells::COPY_CHUNK;
use super::compact::{self, CompactReport, CompactSettings, CompactValues};
use super::header::MAGIC;
use super::{Header, PylosDatabase, Stage, Storage, Values};
use crate::error::{FileErrorKind, Inconsistency, SolveError};
use crate::file::{bad_file, fnv1a, fnv1a_continue, io_error, read_head, unseal_line};
use crate::progress::Progress;
use crate::pylos::direct::{best_of, check_position};
use crate::pylos::index::PylosIndex;
use crate::pylos::retro;
use crate::value::Value;

impl PylosDatabase {
    /// Opens a complete database file, checking its header and checksum: the file of a
    /// build (read whole into memory) or a compact one (only its header and table of
    /// blocks are read now; each block is checked when it is read, and
    /// [`PylosDatabase::verify`] checks them all).
    ///
    /// # Errors
    /// [`SolveError::File`] for a file that cannot be read, is not a database, is damaged
    /// or holds an unfinished build ([`FileErrorKind::Unfinished`]).
    pub fn open(path: &Path) -> Result<PylosDatabase, SolveError> {
        let mut file = File::open(path).map_err(io_error(path))?;
        let mut magic = [0u8; 8];
        if file.read_exact(&mut magic).is_ok() && &magic == compact::MAGIC {
            let (header, values) = CompactValues::open(path, file)?;
            return Ok(PylosDatabase {
                path: path.to_owned(),
                index: PylosIndex::new(header.config),
                header,
                values: Values::Compact(Box::new(values)),
            });
        }
        drop(file);
        let (header, values) = Self::read(path)?;
        if header.stage != Stage::Done {
            return Err(bad_file(path, FileErrorKind::Unfinished));
        }
        Ok(PylosDatabase {
            path: path.to_owned(),
            index: PylosIndex::new(header.config),
            header,
            values: Values::Plain(values),
        })
    }

    pub(super) fn read(path: &Path) -> Result<(Header, Vec<u8>), SolveError> {
        // The header is checked before the values are read.
        let (line, mut reader, len) = read_head(path, *MAGIC)?;
        let header = Header::parse(path, &line)?;
        if len != header.positions {
            return Err(bad_file(
                path,
                FileErrorKind::Truncated {
                    bytes: len,
                    expected: header.positions,
                },
            ));
        }
        let mut values = Vec::new();
        reader.read_to_end(&mut values).map_err(io_error(path))?;
        let fields = unseal_line(&line).map_or("", |(fields, _)| fields);
        let sealed = fnv1a_continue(fnv1a(fields.as_bytes()), &values);
        if values.len() as u64 != header.positions || sealed != header.checksum {
            return Err(bad_file(
                path,
                FileErrorKind::Checksum {
                    sealed: "header and values",
                },
            ));
        }
        Ok((header, values))
    }

    /// The header.
    pub const fn header(&self) -> &Header {
        &self.header
    }

    /// The value of `state`.
    ///
    /// # Errors
    /// [`SolveError::NotCovered`] for other options or fewer balls than the database holds.
    pub fn value_of(&self, state: &State) -> Result<Value, SolveError> {
        let byte = match &self.values {
            Values::Plain(values) => {
                let index = self.header.index_of(&self.index, state)?;
                // A plain file's values are as many as its header says (checked on opening).
                values
                    .get(index as usize)
                    .copied()
                    .ok_or(SolveError::Internal)?
            }
            Values::Compact(values) => {
                let (_, block) = values.reader().locate(state)?;
                let data = values.block_values(block)?;
                return values.reader().value_in(state, |_| Some(&data));
            }
        };
        retro::unpack(byte).ok_or(SolveError::Internal)
    }

    /// A best move of `state` (`None` in a finished game) and its value.
    ///
    /// # Errors
    /// As [`PylosDatabase::value_of`], for the position or one of its children.
    pub fn best_move(&self, state: &State) -> Result<(Option<Move>, Value), SolveError> {
        self.value_of(state)?;
        let failure = Cell::new(None);
        let best = best_of(state, |child| {
            self.value_of(child)
                .map_err(|error| failure.set(Some(error)))
                .ok()
        });
        best.ok_or_else(|| failure.take().unwrap_or(SolveError::Internal))
    }

    /// The form of the database and the bytes it takes.
    pub fn storage(&self) -> Storage {
        match &self.values {
            Values::Plain(values) => Storage::Plain {
                bytes: values.len() as u64,
            },
            Values::Compact(values) => Storage::Compact {
                bytes: values.reader().bytes(),
                blocks: values.reader().blocks(),
            },
        }
    }

    /// Writes the compact form of the database to the new file `path`: its values
    /// compressed in blocks with zstd (in parallel), read block by block by
    /// [`PylosDatabase::open`]. The file is written through a temporary file and renamed
    /// to `path` only when whole.
    ///
    /// # Errors
    /// [`FileErrorKind::Exists`] when `path` exists (it is never overwritten),
    /// [`FileErrorKind::BlockTooSmall`] or [`FileErrorKind::NoSuchLevel`] for settings out
    /// of range, [`FileErrorKind::Io`] when the file cannot be written (no temporary file is
    /// left behind), and the errors of reading a compact database's blocks.
    pub fn write_compact(
        &self,
        path: &Path,
        settings: &CompactSettings,
        progress: &dyn Progress,
    ) -> Result<CompactReport, SolveError> {
        compact::write(path, &self.header, *settings, progress, |start, end| {
            self.values_between(start, end)
        })
    }

    /// Reads every value and checks them against the database's checksum (a compact
    /// database's blocks are also checked one by one as they are decompressed).
    ///
    /// # Errors
    /// [`FileErrorKind::Checksum`] for a damaged value, [`FileErrorKind::DamagedBlock`] for a
    /// damaged block, [`FileErrorKind::Io`] for a read that fails.
    pub fn verify(&self) -> Result<(), SolveError> {
        let mut hash = fnv1a(self.header.fields().as_bytes());
        self.for_each_chunk(|values| hash = fnv1a_continue(hash, values))?;
        if hash == self.header.checksum {
            Ok(())
        } else {
            Err(bad_file(
                &self.path,
                FileErrorKind::Checksum { sealed: "values" },
            ))
        }
    }

    /// The values of the indices `start..end`.
    pub(super) fn values_between(&self, start: u64, end: u64) -> Result<Cow<'_, [u8]>, SolveError> {
        match &self.values {
            Values::Plain(values) => Ok(Cow::Borrowed(&values[start as usize..end as usize])),
            Values::Compact(values) => {
                let mut out = Vec::with_capacity((end - start) as usize);
                let mut index = start;
                while index < end {
                    let block = index / values.reader().block_len();
                    let first = block * values.reader().block_len();
                    let data = values.block_values(block)?;
                    let from = (index - first) as usize;
                    let to = ((end - first) as usize).min(data.len());
                    out.extend_from_slice(&data[from..to]);
                    index = first + to as u64;
                }
                Ok(Cow::Owned(out))
            }
        }
    }

    /// Calls `f` on the values in order, in chunks.
    fn for_each_chunk(&self, mut f: impl FnMut(&[u8])) -> Result<(), SolveError> {
        match &self.values {
            Values::Plain(values) => {
                values.chunks(COPY_CHUNK).for_each(f);
                Ok(())
            }
            Values::Compact(values) => (0..values.reader().blocks())
                .try_for_each(|block| values.block_values(block).map(|data| f(&data))),
        }
    }

    /// Checks every `stride`-th valid position: a finished game has the value of its
    /// outcome, a win has a move to a loss one ply shorter (and none shorter), a loss
    /// moves only to wins, the longest one ply shorter, and a draw has no move to a loss
    /// and one to a draw. Returns the positions checked.
    ///
    /// # Errors
    /// The first position that breaks a rule, and the rule.
    pub fn check(&self, stride: u64) -> Result<u64, Inconsistency> {
        use rayon::prelude::*;
        let stride = stride.max(1);
        (0..self.header.positions.div_ceil(stride))
            .into_par_iter()
            .filter_map(|i| self.index.state_at(i * stride))
            .try_fold(
                || 0u64,
                |checked, state| {
                    check_position(&state, |position| self.value_of(position).ok())
                        .map(|()| checked + 1)
                },
            )
            .try_reduce(|| 0, |a, b| Ok(a + b))
    }

    /// Counts of wins, draws and losses for the player to move among the valid positions.
    ///
    /// # Errors
    /// As [`PylosDatabase::verify`], for a compact database.
    pub fn census(&self) -> Result<[u64; 3], SolveError> {
        let mut counts = [0u64; 3];
        self.for_each_chunk(|values| {
            for &byte in values {
                if let Some(value) = retro::unpack(byte) {
                    counts[value.verdict as usize] += 1;
                }
            }
        })?;
        Ok(counts)
    }
}
