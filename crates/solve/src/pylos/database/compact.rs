//! The compact form of a Pylos database, for distribution: read-only, its values
//! compressed in blocks (zstd), each block read from the file only when a position in it is
//! looked up.
//!
//! The file is a 256-byte header (`TOWERSDZ` and a text line, as in a database), a table
//! of `blocks + 1` offsets (little-endian `u64`, where each block's compressed bytes start
//! in the file, then the file's end), then the blocks. Each block is one zstd frame of
//! `block` values (the last may be shorter) with zstd's checksum of its content. The header
//! line holds the database's own fields (its options, `positions`, `stage=done`), the
//! database's checksum of its values as `values=`, then `compact=1 block=B blocks=N level=L`
//! and last a `checksum=` that covers the line before it and the table of offsets. So a
//! file whose header or table was changed is refused when it is opened, a block whose
//! bytes were changed when it is read, and [`PylosDatabase::verify`] checks every value
//! against the database's own checksum.
//!
//! [`PylosDatabase::verify`]: crate::PylosDatabase::verify

use std::borrow::Cow;
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use crate::error::{FileErrorKind, SolveError};
use crate::file::{
    HEADER, bad_file, damaged_header, fnv1a, fnv1a_continue, io_error, pad_header, seal_line,
    temporary_path, unseal_line, write_through,
};
use crate::progress::{Job, Progress};
use crate::pylos::database::Header;
use crate::pylos::retro::Meter;

/// The first bytes of a compact database.
pub(crate) const MAGIC: &[u8; 8] = b"TOWERSDZ";
/// The version of the compact layout.
const VERSION: u32 = 1;
/// The blocks compressed together between two writes of a build.
const BATCH: u64 = 256;

/// How [`PylosDatabase::write_compact`](crate::PylosDatabase::write_compact) compresses.
///
/// ```
/// let settings = solve::CompactSettings::default();
/// assert_eq!(settings.block, 65_536);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompactSettings {
    /// Values per block: a lookup reads and decompresses one block, so smaller blocks
    /// answer sooner and larger ones compress better. At least 1,024.
    pub block: u32,
    /// The zstd level, 1 (fastest) to 22 (smallest).
    pub level: i32,
}

impl Default for CompactSettings {
    /// Blocks of 65,536 values at zstd level 19.
    fn default() -> Self {
        CompactSettings {
            block: 1 << 16,
            level: 19,
        }
    }
}

impl CompactSettings {
    /// Refuses blocks too small and levels zstd does not have, for the file `path`.
    fn check(self, path: &Path) -> Result<(), SolveError> {
        if self.block < 1024 {
            return Err(bad_file(
                path,
                FileErrorKind::BlockTooSmall { block: self.block },
            ));
        }
        let levels = zstd::compression_level_range();
        if self.level < 1 || !levels.contains(&self.level) {
            return Err(bad_file(
                path,
                FileErrorKind::NoSuchLevel {
                    level: self.level,
                    max: *levels.end(),
                },
            ));
        }
        Ok(())
    }
}

/// What writing a compact database did.
#[derive(Clone, Copy, Debug)]
pub struct CompactReport {
    /// The size of the file written, in bytes.
    pub bytes: u64,
    /// The blocks in it.
    pub blocks: u64,
    /// The seconds it took.
    pub seconds: f64,
}

/// The values of a compact database, read from its file block by block.
pub(crate) struct CompactValues {
    path: PathBuf,
    file: File,
    positions: u64,
    block: u64,
    /// Where each block starts in the file, then the file's end.
    offsets: Vec<u64>,
}

thread_local! {
    /// One zstd context per thread, kept between lookups.
    static DECOMPRESSOR: RefCell<Option<zstd::bulk::Decompressor<'static>>> =
        const { RefCell::new(None) };
}

impl CompactValues {
    /// Reads the header and the table of offsets of the compact database at `path`,
    /// whose magic has been read from `file`, checking the seal and the layout.
    pub(crate) fn open(path: &Path, mut file: File) -> Result<(Header, CompactValues), SolveError> {
        let bad = |reason: String| bad_file(path, FileErrorKind::BadHeader { reason });
        let io = io_error(path);
        let len = file.metadata().map_err(&io)?.len();
        let mut head = [0u8; HEADER];
        file.seek(SeekFrom::Start(0)).map_err(&io)?;
        file.read_exact(&mut head)
            .map_err(|_| bad_file(path, FileErrorKind::TooShort { bytes: len }))?;
        let line =
            crate::file::header_line(&head).ok_or_else(|| bad_file(path, damaged_header()))?;
        let mut header = Header::parse(path, line)?;
        let field = |name: &str| -> Result<u64, SolveError> {
            line.split_whitespace()
                .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
                .and_then(|text| text.parse().ok())
                .ok_or_else(|| bad(format!("the compact header has no {name} or a bad one")))
        };
        if field("compact")? != u64::from(VERSION) {
            return Err(bad("an unknown version of the compact format".to_owned()));
        }
        let block = field("block")?;
        let blocks = field("blocks")?;
        let values = line
            .split_whitespace()
            .find_map(|pair| pair.strip_prefix("values="))
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .ok_or_else(|| bad("the compact header has no values checksum".to_owned()))?;
        if block == 0 || blocks != header.positions.div_ceil(block) {
            return Err(bad(format!(
                "{blocks} blocks of {block} values cannot hold {} positions",
                header.positions
            )));
        }
        let table = (blocks + 1) * 8;
        if len < HEADER as u64 + table {
            return Err(bad_file(
                path,
                FileErrorKind::Truncated {
                    bytes: len,
                    expected: HEADER as u64 + table,
                },
            ));
        }
        let mut bytes = vec![0u8; table as usize];
        file.read_exact(&mut bytes).map_err(&io)?;
        let (fields, seal) = unseal_line(line).ok_or_else(|| bad("a bad checksum".to_owned()))?;
        if fnv1a_continue(fnv1a(fields.as_bytes()), &bytes) != seal {
            return Err(bad_file(
                path,
                FileErrorKind::Checksum {
                    sealed: "header and table of blocks",
                },
            ));
        }
        let offsets: Vec<u64> = bytes
            .chunks_exact(8)
            .map(|word| u64::from_le_bytes(word.try_into().unwrap_or_default()))
            .collect();
        let data = HEADER as u64 + table;
        let ordered = offsets.first() == Some(&data) && offsets.windows(2).all(|w| w[0] < w[1]);
        if !ordered || offsets.last() != Some(&len) {
            return Err(bad_file(
                path,
                FileErrorKind::Truncated {
                    bytes: len,
                    expected: offsets.last().copied().unwrap_or_default(),
                },
            ));
        }
        header.checksum = values;
        let compact = CompactValues {
            path: path.to_owned(),
            file,
            positions: header.positions,
            block,
            offsets,
        };
        Ok((header, compact))
    }

    /// The size of the file, in bytes.
    pub(crate) fn bytes(&self) -> u64 {
        self.offsets.last().copied().unwrap_or_default()
    }

    /// The number of blocks.
    pub(crate) fn blocks(&self) -> u64 {
        self.offsets.len() as u64 - 1
    }

    /// The values in a block (the last may hold fewer).
    pub(crate) fn block_len(&self) -> u64 {
        self.block
    }

    /// The block that holds `index`.
    pub(crate) fn block_of(&self, index: u64) -> u64 {
        index / self.block
    }

    /// The byte of `index`, or `None` past the end.
    pub(crate) fn get(&self, index: u64) -> Result<Option<u8>, SolveError> {
        if index >= self.positions {
            return Ok(None);
        }
        let values = self.block_values(index / self.block)?;
        Ok(values.get((index % self.block) as usize).copied())
    }

    /// The values of block `number`, read from the file and decompressed.
    pub(crate) fn block_values(&self, number: u64) -> Result<Vec<u8>, SolveError> {
        let damaged = |reason: String| {
            bad_file(
                &self.path,
                FileErrorKind::DamagedBlock {
                    block: number,
                    reason,
                },
            )
        };
        let start = self.offsets[number as usize];
        let end = self.offsets[number as usize + 1];
        let mut frame = vec![0u8; (end - start) as usize];
        read_at(&self.file, &mut frame, start).map_err(io_error(&self.path))?;
        let len = (self.positions - number * self.block).min(self.block) as usize;
        let values = DECOMPRESSOR
            .with(|cell| {
                let mut slot = cell.borrow_mut();
                if slot.is_none() {
                    *slot = Some(zstd::bulk::Decompressor::new()?);
                }
                match slot.as_mut() {
                    Some(decompressor) => decompressor.decompress(&frame, len),
                    None => Err(io::Error::other("no zstd context")),
                }
            })
            .map_err(|error| damaged(error.to_string()))?;
        if values.len() != len {
            return Err(damaged(format!("{} values instead of {len}", values.len())));
        }
        Ok(values)
    }
}

/// Reads `buffer.len()` bytes of `file` from `offset`, without moving a shared cursor, so
/// that threads can look up positions at once.
#[cfg(unix)]
fn read_at(file: &File, buffer: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buffer, offset)
}

/// Reads `buffer.len()` bytes of `file` from `offset`, without moving a shared cursor, so
/// that threads can look up positions at once.
#[cfg(windows)]
fn read_at(file: &File, mut buffer: &mut [u8], mut offset: u64) -> io::Result<()> {
    while !buffer.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, buffer, offset)? {
            0 => return Err(io::ErrorKind::UnexpectedEof.into()),
            read => {
                buffer = &mut buffer[read..];
                offset += read as u64;
            }
        }
    }
    Ok(())
}

/// Reading at an offset needs Unix or Windows.
#[cfg(not(any(unix, windows)))]
fn read_at(_: &File, _: &mut [u8], _: u64) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

/// Writes the compact form of the values of a finished database with `header` to `path`
/// (a new file: an existing one is refused), `block_of(range)` giving the values of each
/// block.
pub(crate) fn write<'v>(
    path: &Path,
    header: &Header,
    settings: CompactSettings,
    progress: &dyn Progress,
    block_of: impl Fn(u64, u64) -> Result<Cow<'v, [u8]>, SolveError> + Sync,
) -> Result<CompactReport, SolveError> {
    let started = Instant::now();
    settings.check(path)?;
    if path.exists() {
        return Err(bad_file(path, FileErrorKind::Exists));
    }
    let block = u64::from(settings.block);
    let blocks = header.positions.div_ceil(block);
    let fields = format!(
        "{} values={:016x} compact={VERSION} block={block} blocks={blocks} level={}",
        header.fields(),
        header.checksum,
        settings.level
    );
    let io = io_error(&temporary_path(path));
    let meter = Meter::new(progress, Job::Compact, header.positions);
    let table = (blocks + 1) * 8;
    let written = write_through(path, false, |file| {
        file.write_all(&vec![0u8; HEADER + table as usize])
            .map_err(&io)?;
        let mut offsets = Vec::with_capacity(blocks as usize + 1);
        let mut offset = HEADER as u64 + table;
        for first in (0..blocks).step_by(BATCH as usize) {
            let frames: Vec<Vec<u8>> = (first..(first + BATCH).min(blocks))
                .into_par_iter()
                .map(|number| {
                    let start = number * block;
                    let end = (start + block).min(header.positions);
                    let values = block_of(start, end)?;
                    let compressed = compress(&values, settings.level).map_err(&io)?;
                    meter.inc(end - start);
                    Ok(compressed)
                })
                .collect::<Result<_, SolveError>>()?;
            for frame in frames {
                offsets.push(offset);
                file.write_all(&frame).map_err(&io)?;
                offset += frame.len() as u64;
            }
        }
        offsets.push(offset);
        let bytes: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
        let line = seal_line(&fields, fnv1a_continue(fnv1a(fields.as_bytes()), &bytes));
        file.seek(SeekFrom::Start(0)).map_err(&io)?;
        file.write_all(&pad_header(*MAGIC, &line)).map_err(&io)?;
        file.write_all(&bytes).map_err(&io)?;
        Ok(offsets)
    });
    meter.finish();
    let offsets = written?;
    Ok(CompactReport {
        bytes: offsets.last().copied().unwrap_or_default(),
        blocks,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// One zstd frame of `values` at `level`, with the checksum of its content.
fn compress(values: &[u8], level: i32) -> io::Result<Vec<u8>> {
    let mut compressor = zstd::bulk::Compressor::new(level)?;
    compressor.set_parameter(zstd::stream::raw::CParameter::ChecksumFlag(true))?;
    compressor.compress(values)
}
