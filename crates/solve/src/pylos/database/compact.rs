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
use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use crate::error::{FileErrorKind, SolveError};
use crate::file::{
    HEADER, bad_file, fnv1a, fnv1a_continue, io_error, pad_header, seal_line, temporary_path,
    write_through,
};
use crate::progress::{Job, Progress};
use crate::pylos::database::Header;
use crate::pylos::retro::Meter;

pub(crate) use super::reader::MAGIC;
use super::reader::{CompactReader, VERSION};
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

/// The values of a compact database, read from its file block by block through a
/// [`CompactReader`].
pub(crate) struct CompactValues {
    path: PathBuf,
    file: File,
    reader: CompactReader,
}

impl CompactValues {
    /// Reads the header and the table of offsets of the compact database at `path` from
    /// `file`, checking the seal and the layout.
    pub(crate) fn open(path: &Path, file: File) -> Result<(Header, CompactValues), SolveError> {
        let io = io_error(path);
        let len = file.metadata().map_err(&io)?.len();
        let read = |bytes: u64| -> Result<Vec<u8>, SolveError> {
            let mut prefix = vec![0u8; bytes.min(len) as usize];
            read_at(&file, &mut prefix, 0).map_err(&io)?;
            Ok(prefix)
        };
        let head = read(CompactReader::HEAD)?;
        let prefix = read(CompactReader::table_end(path, &head)?)?;
        let reader = CompactReader::new(path, &prefix, len)?;
        let header = reader.header().clone();
        let compact = CompactValues {
            path: path.to_owned(),
            file,
            reader,
        };
        Ok((header, compact))
    }

    /// The reader of the file.
    pub(crate) const fn reader(&self) -> &CompactReader {
        &self.reader
    }

    /// The values of block `number`, read from the file, decompressed and checked.
    pub(crate) fn block_values(&self, number: u64) -> Result<Vec<u8>, SolveError> {
        let range = self.reader.block_bytes(number);
        let mut frame = vec![0u8; (range.end - range.start) as usize];
        read_at(&self.file, &mut frame, range.start).map_err(io_error(&self.path))?;
        self.reader.decode(number, &frame)
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
