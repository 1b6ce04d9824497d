//! Files of checked lines, saved one result at a time: two header lines (the format and
//! the subject, what is solved), then one line a result ending with the FNV-1a hash of the
//! header and of the line before it, in 16 hex digits. A line edited, or moved from the
//! file of another solve, fails its check.

#[cfg(feature = "database")]
use std::fs::{self, File, OpenOptions};
#[cfg(feature = "database")]
use std::io::{self, Write};
#[cfg(feature = "database")]
use std::path::{Path, PathBuf};

use super::checksum::{fnv1a, fnv1a_continue};
#[cfg(feature = "database")]
use super::head::bad_file;
#[cfg(feature = "database")]
use super::seal::{io_error, write_whole};
#[cfg(feature = "database")]
use crate::error::{FileErrorKind, SolveError};

/// The header of a file of checked lines: the line `format`, then the line `subject`.
pub(crate) fn header(format: &str, subject: &str) -> String {
    format!("{format}\n{subject}\n")
}

/// The content of a saved line under the file's `header`, if its check holds.
pub(crate) fn unseal<'a>(header: &str, line: &'a str) -> Option<&'a str> {
    let (content, sum) = line.rsplit_once(' ')?;
    (u64::from_str_radix(sum, 16).ok()? == check(header, content)).then_some(content)
}

/// The line of `content` with its check, under the file's `header`.
#[cfg(feature = "database")]
fn seal(header: &str, content: &str) -> String {
    format!("{content} {:016x}\n", check(header, content))
}

/// The check of a line's content under its file's header.
fn check(header: &str, content: &str) -> u64 {
    fnv1a_continue(fnv1a(header.as_bytes()), content.as_bytes())
}

/// An open file of checked lines, to add results to.
#[cfg(feature = "database")]
pub(crate) struct Lines {
    path: PathBuf,
    header: String,
    file: File,
}

#[cfg(feature = "database")]
impl Lines {
    /// Opens the file of `header` at `path`, creating it when there is none, and reads back
    /// its results with `parse` (the content of a line without its check, `None` when it is
    /// not a result of this solve). A last line cut short by a stop is dropped (the file is
    /// rewritten without it).
    ///
    /// # Errors
    /// [`FileErrorKind::NotCheckpoint`] when the file is not one of this format,
    /// [`FileErrorKind::OtherSolve`] when it is one of another subject,
    /// [`FileErrorKind::Corrupt`] when a line is corrupt, [`FileErrorKind::Io`] when it
    /// cannot be read or written.
    pub(crate) fn open<T>(
        path: &Path,
        format: &str,
        subject: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<(Lines, Vec<T>), SolveError> {
        let header = header(format, subject);
        let refuse = |kind| bad_file(path, kind);
        let known = match fs::read_to_string(path) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                write_whole(path, header.as_bytes())?;
                Vec::new()
            }
            Err(error) => return Err(io_error(path)(error)),
            Ok(text) => {
                let Some(body) = text.strip_prefix(header.as_str()) else {
                    return Err(refuse(if text.starts_with(format) {
                        FileErrorKind::OtherSolve {
                            found: text.lines().nth(1).unwrap_or("").trim().to_owned(),
                        }
                    } else {
                        FileErrorKind::NotCheckpoint {
                            format: format.to_owned(),
                        }
                    }));
                };
                let (lines, cut) = match body.rfind('\n') {
                    Some(end) => (&body[..=end], end + 1 < body.len()),
                    None => ("", !body.is_empty()),
                };
                let known = lines
                    .lines()
                    .enumerate()
                    .map(|(n, line)| {
                        unseal(&header, line).and_then(&parse).ok_or_else(|| {
                            refuse(FileErrorKind::Corrupt {
                                line: n + 3,
                                text: line.to_owned(),
                            })
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if cut {
                    // A stop while writing the last line: keep what is whole.
                    write_whole(path, format!("{header}{lines}").as_bytes())?;
                }
                known
            }
        };
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io_error(path))?;
        let lines = Lines {
            path: path.to_path_buf(),
            header,
            file,
        };
        Ok((lines, known))
    }

    /// The file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Saves a result, the line `content`, on disk before returning.
    ///
    /// # Errors
    /// [`FileErrorKind::Io`] when the file cannot be written.
    pub(crate) fn save(&mut self, content: &str) -> Result<(), SolveError> {
        let line = seal(&self.header, content);
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(io_error(&self.path))
    }
}

#[cfg(all(test, feature = "database"))]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_refuse_edits() {
        let header = header("towers pyrga move values 1", "position standard ");
        let line = seal(&header, "Tb1w loss 30");
        let line = line.trim_end();
        assert_eq!(unseal(&header, line), Some("Tb1w loss 30"));
        assert_eq!(unseal(&header, &line.replace("loss 30", "loss 31")), None);
        let other = super::header("towers pyrga move values 1", "position classic ");
        assert_eq!(unseal(&other, line), None);
    }
}
