//! Sealed files: a magic, a header line padded to a fixed size whose last field is a
//! checksum, then the bytes; written through a synced temporary file renamed over the
//! target.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::head::{HEADER, bad_file, damaged_header, header_line};
use crate::error::{FileErrorKind, SolveError};

/// A header line: `fields`, then the checksum as the last field.
pub(crate) fn seal_line(fields: &str, checksum: u64) -> String {
    format!("{fields} checksum={checksum:016x}")
}

/// Writes `magic`, the header `line` padded to [`HEADER`] bytes, then what `body` writes,
/// through a temporary file renamed over `path` (see [`write_through`]).
pub(crate) fn write_file(
    path: &Path,
    magic: [u8; 8],
    line: &str,
    body: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<(), SolveError> {
    let temporary = temporary_path(path);
    let io = io_error(&temporary);
    write_through(path, true, |writer| {
        writer.write_all(&pad_header(magic, line)).map_err(&io)?;
        body(writer).map_err(&io)
    })
}

/// Writes the file `path` whole: `body` writes it to a temporary file beside it (`path`
/// with `.tmp` added), which is flushed, synced to the disk and renamed to `path`, so that
/// a stop (even a kill or a machine that stops) leaves either the old file or the new one,
/// never a part. A failed write leaves no temporary file behind. Unless `overwrite`, a file
/// that appeared at `path` meanwhile is left alone and the write refused.
///
/// # Errors
/// [`FileErrorKind::Io`] for a write or rename that fails, [`FileErrorKind::Appeared`] for a
/// file that appeared, and the errors of `body`.
pub(crate) fn write_through<T>(
    path: &Path,
    overwrite: bool,
    body: impl FnOnce(&mut BufWriter<File>) -> Result<T, SolveError>,
) -> Result<T, SolveError> {
    let temporary = temporary_path(path);
    let io = io_error(&temporary);
    let written = (|| {
        let mut writer = BufWriter::new(File::create(&temporary).map_err(&io)?);
        let value = body(&mut writer)?;
        writer.flush().map_err(&io)?;
        // On the disk before the rename, so that a machine that stops keeps either the
        // old file or the new one whole.
        writer.get_ref().sync_all().map_err(&io)?;
        Ok(value)
    })();
    let value = written.and_then(|value| {
        if !overwrite && path.exists() {
            return Err(bad_file(path, FileErrorKind::Appeared));
        }
        std::fs::rename(&temporary, path).map_err(io_error(path))?;
        Ok(value)
    });
    if value.is_err() {
        // No half-written file is left behind.
        let _ = std::fs::remove_file(&temporary);
    }
    value
}

/// Writes `bytes` to `path` whole, through a synced temporary file renamed over it.
///
/// # Errors
/// [`FileErrorKind::Io`] when it cannot be written (no temporary file is left behind).
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), SolveError> {
    let io = io_error(&temporary_path(path));
    write_through(path, true, |writer| writer.write_all(bytes).map_err(io))
}

/// The error of a read or write of `path` that failed.
pub(crate) fn io_error(path: &Path) -> impl Fn(io::Error) -> SolveError + use<> {
    let path = path.to_owned();
    move |source| bad_file(&path, FileErrorKind::Io(source))
}

/// The temporary file a write to `path` goes through: `path` with `.tmp` added.
pub(crate) fn temporary_path(path: &Path) -> PathBuf {
    let mut temporary = PathBuf::from(path);
    temporary.as_mut_os_string().push(".tmp");
    temporary
}

/// The header of a file: `magic`, then `line` padded with spaces to a final line break.
pub(crate) fn pad_header(magic: [u8; 8], line: &str) -> [u8; HEADER] {
    let mut head = [b' '; HEADER];
    head[..8].copy_from_slice(&magic);
    head[8..8 + line.len()].copy_from_slice(line.as_bytes());
    head[HEADER - 1] = b'\n';
    head
}

/// Makes sure a file can be written at `path` (its folder exists and is writable) by
/// creating and removing the temporary file a write would use.
pub(crate) fn ensure_writable(path: &Path) -> Result<(), SolveError> {
    let temporary = temporary_path(path);
    File::create(&temporary)
        .and_then(|_| std::fs::remove_file(&temporary))
        .map_err(io_error(path))
}

/// Opens a file written by [`write_file`] with `magic` and reads its header line; returns
/// it with the reader at the first byte after the header and the number of bytes left.
pub(crate) fn read_head(
    path: &Path,
    magic: [u8; 8],
) -> Result<(String, BufReader<File>, u64), SolveError> {
    let io = io_error(path);
    let file = File::open(path).map_err(&io)?;
    let len = file.metadata().map_err(&io)?.len();
    if len < HEADER as u64 {
        return Err(bad_file(path, FileErrorKind::TooShort { bytes: len }));
    }
    let mut reader = BufReader::new(file);
    let mut head = [0u8; HEADER];
    reader.read_exact(&mut head).map_err(&io)?;
    if head[..8] != magic {
        return Err(bad_file(path, FileErrorKind::NotThisFormat));
    }
    let line = header_line(&head).ok_or_else(|| bad_file(path, damaged_header()))?;
    Ok((line.to_owned(), reader, len - HEADER as u64))
}

/// Reads a file written by [`write_file`] with `magic`: its header line and the bytes
/// after the header.
pub(crate) fn read_file(path: &Path, magic: [u8; 8]) -> Result<(String, Vec<u8>), SolveError> {
    let (line, mut reader, _) = read_head(path, magic)?;
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(io_error(path))?;
    Ok((line, bytes))
}
