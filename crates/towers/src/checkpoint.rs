//! The checkpoints of `towers solve pyrga`: each result saved as soon as it is proven, so
//! that a long solve stopped for any reason resumes where it was.
//!
//! A text file: two header lines naming the format and what is solved, then one line a
//! result, ending with a check of the header and the line: for `--all-moves`,
//! `Tb1w loss 30 9f3ac1d27e6b0a45` (the move and the value of the position after it, for
//! the opponent); for `--book`, the position's key before the move. A file that is not
//! such a checkpoint, that belongs to another solve or that has a line whose check fails is
//! refused, never overwritten; a last line cut short by a stop is dropped and solved again.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use solve::{BookEntry, Value};

use crate::error::CliError;

/// The first line of a checkpoint of the values of a position's moves.
pub(crate) const MOVE_VALUES: &str = "towers pyrga move values 1";

/// The first line of a checkpoint of an opening book.
pub(crate) const BOOK: &str = "towers pyrga book 1";

/// An open checkpoint: the results it held, and the file to add to.
pub(crate) struct Checkpoint<T> {
    path: PathBuf,
    header: String,
    file: File,
    /// The results read back, in the order they were saved.
    pub(crate) known: Vec<T>,
}

impl<T> Checkpoint<T> {
    /// Opens the checkpoint of format `format` (its first line) of the solve `subject` (its
    /// second line) at `path`, creating it when there is no file; `parse` reads the
    /// content of a line (without its check), `None` when it is not a result of this solve.
    ///
    /// # Errors
    /// [`CliError::Checkpoint`] when the file is not a checkpoint of this solve or a line of
    /// it is corrupt; [`CliError::Io`] when it cannot be read or written.
    pub(crate) fn open(
        path: &Path,
        format: &str,
        subject: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<Checkpoint<T>, CliError> {
        let header = format!("{format}\n{subject}\n");
        let refuse = |reason: String| CliError::Checkpoint {
            path: path.to_path_buf(),
            reason,
        };
        let known = match fs::read_to_string(path) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                write_whole(path, header.as_bytes())?;
                Vec::new()
            }
            Err(error) => return Err(refuse(error.to_string())),
            Ok(text) => {
                let Some(body) = text.strip_prefix(header.as_str()) else {
                    return Err(refuse(if text.starts_with(format) {
                        format!(
                            "a checkpoint of another solve ({}); give another file",
                            text.lines().nth(1).unwrap_or("").trim()
                        )
                    } else {
                        format!("not a checkpoint of this kind ({format}); give another file")
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
                        unseal(&header, line)
                            .and_then(&parse)
                            .ok_or_else(|| refuse(format!("line {} is corrupt: {line:?}", n + 3)))
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
            .map_err(|error| refuse(error.to_string()))?;
        Ok(Checkpoint {
            path: path.to_path_buf(),
            header,
            file,
            known,
        })
    }

    /// The file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Saves a result, the line `content`, on disk before returning.
    ///
    /// # Errors
    /// [`CliError::Checkpoint`] when the file cannot be written.
    pub(crate) fn save(&mut self, content: &str) -> Result<(), CliError> {
        let line = seal(&self.header, content);
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|error| CliError::Checkpoint {
                path: self.path.clone(),
                reason: error.to_string(),
            })
    }
}

/// Writes `text` to `path` through a temporary file renamed over it, so that a stop never
/// leaves it half-written.
pub(crate) fn write_whole(path: &Path, text: &[u8]) -> Result<(), CliError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let written = File::create(&temporary)
        .and_then(|mut file| file.write_all(text).and_then(|()| file.sync_all()))
        .and_then(|()| fs::rename(&temporary, path));
    written.map_err(|error| {
        // Nothing half-written is left behind; the error says why.
        let _ = fs::remove_file(&temporary);
        CliError::Checkpoint {
            path: path.to_path_buf(),
            reason: error.to_string(),
        }
    })
}

/// The line of `content` with its check, under the file's `header`.
fn seal(header: &str, content: &str) -> String {
    format!("{content} {:016x}\n", check(header, content))
}

/// The content of a saved line, if it is whole and its check holds.
fn unseal<'a>(header: &str, line: &'a str) -> Option<&'a str> {
    let (content, sum) = line.rsplit_once(' ')?;
    (u64::from_str_radix(sum, 16).ok()? == check(header, content)).then_some(content)
}

/// Opens the checkpoint of the opening book of `rules` written to `book`: the file named
/// as `book` with `.checkpoint` added, one line a position (`3f0a… Tb1w win -`: the key,
/// the move of the canonical image, the verdict and the distance or `-`).
///
/// # Errors
/// As [`Checkpoint::open`].
pub(crate) fn open_book(
    book: &Path,
    rules: pyrga::Rules,
) -> Result<Checkpoint<(u64, BookEntry)>, CliError> {
    let mut path = book.as_os_str().to_owned();
    path.push(".checkpoint");
    Checkpoint::open(
        Path::new(&path),
        BOOK,
        &format!("book {rules}"),
        |content| {
            let [key, mv, verdict, plies] = content.split(' ').collect::<Vec<_>>()[..] else {
                return None;
            };
            let (verdict, value) = if plies == "-" {
                (Value::from_words(verdict, "0")?.verdict, None)
            } else {
                let value = Value::from_words(verdict, plies)?;
                (value.verdict, Some(value))
            };
            let mv = mv.parse().ok()?;
            let key = u64::from_str_radix(key, 16).ok()?;
            Some((key, BookEntry { mv, verdict, value }))
        },
    )
}

/// The line of [`open_book`]'s checkpoint saving `entry` of the position of key `key`.
pub(crate) fn book_line(key: u64, entry: BookEntry) -> String {
    let value = entry
        .value
        .map_or_else(|| format!("{} -", entry.verdict), format_value);
    format!("{key:016x} {} {value}", entry.mv)
}

/// A value as a line saves it: `win 7`, `draw 0`, `loss 30` (read by [`Value::from_words`]).
pub(crate) fn format_value(value: Value) -> String {
    format!("{} {}", value.verdict, value.plies)
}

/// A check of a line's content under its file's header (64-bit FNV-1a): a line edited, or
/// moved from the checkpoint of another solve, fails it.
fn check(header: &str, content: &str) -> u64 {
    header
        .bytes()
        .chain(content.bytes())
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_refuse_edits() {
        let header = format!("{MOVE_VALUES}\nposition standard \n");
        let content = format!("Tb1w {}", format_value(Value::loss(30)));
        assert_eq!(content, "Tb1w loss 30");
        let line = seal(&header, &content);
        let line = line.trim_end();
        assert_eq!(unseal(&header, line), Some("Tb1w loss 30"));
        assert_eq!(unseal(&header, &line.replace("loss 30", "loss 31")), None);
        let other = format!("{MOVE_VALUES}\nposition classic \n");
        assert_eq!(unseal(&other, line), None);
        assert_eq!(Value::from_words("loss", "30"), Some(Value::loss(30)));
    }
}
