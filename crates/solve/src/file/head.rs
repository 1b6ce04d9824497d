//! The header of a sealed file, read without opening it: the header line after the magic,
//! its checksum, and the errors a file's reader gives.

use std::path::Path;

use crate::error::{FileError, FileErrorKind, SolveError};

/// The bytes of the header: the magic, then a line of text padded with spaces.
pub(crate) const HEADER: usize = 256;

/// The fields of a header line and its checksum, which must end the line in 16 hex digits.
pub(crate) fn unseal_line(line: &str) -> Option<(&str, u64)> {
    let (fields, digits) = line.rsplit_once(" checksum=")?;
    let hex = digits.len() == 16 && digits.bytes().all(|b| b.is_ascii_hexdigit());
    Some((
        fields,
        u64::from_str_radix(digits, 16).ok().filter(|_| hex)?,
    ))
}

/// The error `kind` of the file `path`, as a solve's error.
pub(crate) fn bad_file(path: &Path, kind: FileErrorKind) -> SolveError {
    SolveError::File(FileError::new(path, kind))
}

/// The error of a header line that cannot be read.
pub(crate) fn damaged_header() -> FileErrorKind {
    FileErrorKind::BadHeader {
        reason: "a damaged header".to_owned(),
    }
}

/// The line of a header read whole: it starts at once after the magic and only spaces pad
/// it to the final line break, so that no byte of the header escapes its checksum.
pub(crate) fn header_line(head: &[u8; HEADER]) -> Option<&str> {
    let text = &head[8..HEADER - 1];
    let used = text
        .iter()
        .rposition(|&b| b != b' ')
        .map_or(0, |last| last + 1);
    std::str::from_utf8(&text[..used])
        .ok()
        .filter(|line| !line.starts_with(' ') && head[HEADER - 1] == b'\n')
}
