//! [`CompactReader`]: the reader of a compact Pylos database that owns no file: it is given
//! the bytes of the header, says which bytes (blocks) a position and its children need and
//! decodes the blocks it is given, checking each, so that any front-end can fetch the bytes
//! its own way (a file, HTTP range requests).
//!
//! The layout of the file is that of [`crate::PylosDatabase::write_compact`]: a 256-byte
//! header (`TOWERSDZ` and a sealed text line), a table of `blocks + 1` little-endian `u64`
//! offsets (where each block starts, then the file's end), then the blocks, each one zstd
//! frame with the checksum of its content.

use core::ops::Range;
use std::path::{Path, PathBuf};

use boardcore::Game;
use pylos::State;

use super::Header;
use crate::error::{FileErrorKind, SolveError};
use crate::file::{
    HEADER, bad_file, damaged_header, fnv1a, fnv1a_continue, header_line, unseal_line,
};
use crate::pylos::index::PylosIndex;
use crate::pylos::packed::unpack;
use crate::value::Value;

/// The first bytes of a compact database.
pub(crate) const MAGIC: &[u8; 8] = b"TOWERSDZ";
/// The version of the compact layout.
pub(crate) const VERSION: u32 = 1;

/// The reader of a compact Pylos database (a `.dz` file) that holds no file: its header
/// and table of blocks, checked, and the index of its positions.
///
/// Reading takes three steps, each given the bytes it needs: the first
/// [`CompactReader::HEAD`] bytes give the length of the header and table
/// ([`CompactReader::table_end`]); those bytes and the file's length open the reader
/// ([`CompactReader::new`]); then [`CompactReader::blocks_for`] names the blocks a
/// position and its children need, [`CompactReader::block_bytes`] where each lies in the
/// file, [`CompactReader::decode`] decompresses and checks one, and
/// [`CompactReader::value_in`] reads a value from the blocks decoded.
///
/// ```
/// use solve::CompactReader;
///
/// // Not a compact database: refused with a reason.
/// let error = CompactReader::table_end("x.dz".as_ref(), &[0u8; 256]).unwrap_err();
/// assert!(error.to_string().contains("not a towers database"));
/// ```
pub struct CompactReader {
    /// The file or address the bytes come from, named in errors.
    source: PathBuf,
    header: Header,
    index: PylosIndex,
    /// The values in a block (the last may hold fewer).
    block: u64,
    /// Where each block starts in the file, then the file's end.
    offsets: Vec<u64>,
}

impl CompactReader {
    /// The bytes to read first: the header.
    pub const HEAD: u64 = HEADER as u64;

    /// The length of the header and table of blocks of the compact database whose first
    /// [`CompactReader::HEAD`] bytes are `head` (at least that many), read from `source`
    /// (named in errors): the bytes [`CompactReader::new`] needs.
    ///
    /// # Errors
    /// [`SolveError::File`] for bytes too few, not of a compact database, or a header that
    /// cannot be read.
    pub fn table_end(source: &Path, head: &[u8]) -> Result<u64, SolveError> {
        let (_, line) = head_line(source, head)?;
        let blocks = field(line, "blocks").ok_or_else(|| bad_header(source, "no blocks"))?;
        blocks
            .checked_add(1)
            .and_then(|table| table.checked_mul(8))
            .and_then(|table| table.checked_add(Self::HEAD))
            .ok_or_else(|| bad_header(source, "too many blocks"))
    }

    /// The reader of the compact database of `len` bytes read from `source` (named in
    /// errors), whose first bytes are `prefix`: at least its header and table of blocks
    /// ([`CompactReader::table_end`]).
    ///
    /// # Errors
    /// [`SolveError::File`] for a header or table that was damaged (its checksum fails),
    /// an unknown version, a layout that does not hold the positions, or a file whose
    /// length is not the one its table gives (truncated or grown).
    pub fn new(source: &Path, prefix: &[u8], len: u64) -> Result<CompactReader, SolveError> {
        let (head, line) = head_line(source, prefix)?;
        let bad = |reason: &str| bad_header(source, reason);
        let mut header = Header::parse(source, line)?;
        if field(line, "compact") != Some(u64::from(VERSION)) {
            return Err(bad("an unknown version of the compact format"));
        }
        let block = field(line, "block").ok_or_else(|| bad("no block size"))?;
        let blocks = field(line, "blocks").ok_or_else(|| bad("no blocks"))?;
        let values = line
            .split_whitespace()
            .find_map(|pair| pair.strip_prefix("values="))
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .ok_or_else(|| bad("no values checksum"))?;
        if block == 0 || blocks != header.positions.div_ceil(block) {
            return Err(bad_header(
                source,
                &format!(
                    "{blocks} blocks of {block} values cannot hold {} positions",
                    header.positions
                ),
            ));
        }
        let data = Self::table_end(source, head)?;
        let truncated = |expected: u64| {
            bad_file(
                source,
                FileErrorKind::Truncated {
                    bytes: len,
                    expected,
                },
            )
        };
        let table = prefix
            .get(HEADER..data as usize)
            .ok_or_else(|| truncated(data))?;
        let (fields, seal) = unseal_line(line).ok_or_else(|| bad("a bad checksum"))?;
        if fnv1a_continue(fnv1a(fields.as_bytes()), table) != seal {
            return Err(bad_file(
                source,
                FileErrorKind::Checksum {
                    sealed: "header and table of blocks",
                },
            ));
        }
        let offsets: Vec<u64> = table
            .chunks_exact(8)
            .map(|word| u64::from_le_bytes(word.try_into().unwrap_or_default()))
            .collect();
        let ordered = offsets.first() == Some(&data) && offsets.windows(2).all(|w| w[0] < w[1]);
        let end = offsets.last().copied().unwrap_or_default();
        if !ordered || end != len {
            return Err(truncated(end));
        }
        header.checksum = values;
        Ok(CompactReader {
            source: source.to_owned(),
            index: PylosIndex::new(header.config),
            header,
            block,
            offsets,
        })
    }

    /// The header: the options, the fewest balls covered, the positions, and as
    /// `checksum` that of the database's values.
    pub const fn header(&self) -> &Header {
        &self.header
    }

    /// The size of the file, in bytes.
    pub fn bytes(&self) -> u64 {
        self.offsets.last().copied().unwrap_or_default()
    }

    /// The number of blocks.
    pub fn blocks(&self) -> u64 {
        self.offsets.len() as u64 - 1
    }

    /// The values in a block (the last may hold fewer).
    pub const fn block_len(&self) -> u64 {
        self.block
    }

    /// The bytes of block `block` in the file (empty past the last block).
    pub fn block_bytes(&self, block: u64) -> Range<u64> {
        let at = |number: u64| {
            usize::try_from(number)
                .ok()
                .and_then(|number| self.offsets.get(number))
                .copied()
        };
        match (at(block), at(block.saturating_add(1))) {
            (Some(start), Some(end)) => start..end,
            _ => self.bytes()..self.bytes(),
        }
    }

    /// The index of `state` in the database and its block.
    ///
    /// # Errors
    /// [`SolveError::NotCovered`] for a position of other options or with fewer balls
    /// than the database holds.
    pub fn locate(&self, state: &State) -> Result<(u64, u64), SolveError> {
        let index = self.header.index_of(&self.index, state)?;
        Ok((index, index / self.block))
    }

    /// The blocks that hold `state` and each position a legal move leads to, in order,
    /// each once.
    ///
    /// # Errors
    /// As [`CompactReader::locate`], for the position or one of its children.
    pub fn blocks_for(&self, state: &State) -> Result<Vec<u64>, SolveError> {
        let mut blocks = vec![self.locate(state)?.1];
        for &mv in &state.legal_moves() {
            let child = state.apply(mv).map_err(|_| SolveError::Internal)?;
            blocks.push(self.locate(&child)?.1);
        }
        blocks.sort_unstable();
        blocks.dedup();
        Ok(blocks)
    }

    /// The values of block `block`, decompressed from `bytes` (those of
    /// [`CompactReader::block_bytes`]) and checked: the frame's checksum of its content and
    /// the number of values.
    ///
    /// # Errors
    /// [`FileErrorKind::DamagedBlock`] for bytes that do not decode to the block's values.
    pub fn decode(&self, block: u64, bytes: &[u8]) -> Result<Vec<u8>, SolveError> {
        let damaged =
            |reason: String| bad_file(&self.source, FileErrorKind::DamagedBlock { block, reason });
        let range = self.block_bytes(block);
        if range.is_empty() {
            return Err(damaged(format!("the file has {} blocks", self.blocks())));
        }
        if bytes.len() as u64 != range.end - range.start {
            return Err(damaged(format!(
                "{} bytes instead of {}",
                bytes.len(),
                range.end - range.start
            )));
        }
        let len = (self.header.positions - block * self.block).min(self.block) as usize;
        let values = inflate(bytes, len).map_err(damaged)?;
        if values.len() != len {
            return Err(damaged(format!("{} values instead of {len}", values.len())));
        }
        Ok(values)
    }

    /// The value of `state`, read from the values of its block that `values_of(block)`
    /// gives (decoded by [`CompactReader::decode`]), `None` for a block not at hand.
    ///
    /// # Errors
    /// As [`CompactReader::locate`]; [`SolveError::NotCovered`] too when the block is not
    /// at hand, and [`FileErrorKind::DamagedBlock`] for values of the wrong length or an
    /// index of no position.
    pub fn value_in<'v>(
        &self,
        state: &State,
        values_of: impl FnOnce(u64) -> Option<&'v [u8]>,
    ) -> Result<Value, SolveError> {
        let (index, block) = self.locate(state)?;
        let values = values_of(block).ok_or_else(|| SolveError::NotCovered {
            reason: format!("block {block} has not been read"),
        })?;
        let damaged = |reason: &str| {
            bad_file(
                &self.source,
                FileErrorKind::DamagedBlock {
                    block,
                    reason: reason.to_owned(),
                },
            )
        };
        let byte = values
            .get((index - block * self.block) as usize)
            .copied()
            .ok_or_else(|| damaged("too few values"))?;
        unpack(byte).ok_or_else(|| damaged("a valid position marked as none"))
    }
}

/// The header line of the compact database whose first bytes are `bytes`, and its header.
fn head_line<'b>(source: &Path, bytes: &'b [u8]) -> Result<(&'b [u8], &'b str), SolveError> {
    let head: &[u8; HEADER] = bytes
        .get(..HEADER)
        .and_then(|head| head.try_into().ok())
        .ok_or_else(|| {
            bad_file(
                source,
                FileErrorKind::TooShort {
                    bytes: bytes.len() as u64,
                },
            )
        })?;
    if &head[..8] != MAGIC {
        return Err(bad_file(source, FileErrorKind::NotThisFormat));
    }
    let line = header_line(head).ok_or_else(|| bad_file(source, damaged_header()))?;
    Ok((bytes, line))
}

/// The number in the field `name=` of a header line.
fn field(line: &str, name: &str) -> Option<u64> {
    line.split_whitespace()
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
        .and_then(|text| text.parse().ok())
}

/// The error of a compact header that says something wrong (`reason`).
fn bad_header(source: &Path, reason: &str) -> SolveError {
    bad_file(
        source,
        FileErrorKind::BadHeader {
            reason: format!("the compact header has {reason}"),
        },
    )
}

/// The content of the one zstd frame `frame`, of `len` bytes, its checksum checked.
fn inflate(frame: &[u8], len: usize) -> Result<Vec<u8>, String> {
    use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};
    let mut decoder = FrameDecoder::new();
    // A damaged frame may ask for any window: at most 8 MiB are given.
    decoder.set_max_window_size(1 << 23);
    let mut input = frame;
    decoder
        .init(&mut input)
        .map_err(|error| error.to_string())?;
    decoder
        .decode_blocks(&mut input, BlockDecodingStrategy::All)
        .map_err(|error| error.to_string())?;
    if !decoder.is_finished() || !input.is_empty() {
        return Err("a frame cut short or followed by other bytes".to_owned());
    }
    let values = decoder.collect().unwrap_or_default();
    if values.len() != len {
        return Err(format!("{} values instead of {len}", values.len()));
    }
    match (
        decoder.get_checksum_from_data(),
        decoder.get_calculated_checksum(),
    ) {
        (Some(stored), Some(computed)) if stored == computed => Ok(values),
        (None, _) => Err("no checksum of its content".to_owned()),
        _ => Err("its content does not match its checksum".to_owned()),
    }
}
