//! The checkpoint of `towers solve pyrga --all-moves`: the value of each move saved as soon
//! as it is proven, so that a long solve stopped for any reason resumes where it was.
//!
//! A text file: two header lines naming the format and the position, then one line a move,
//! `Tb1w loss 30 9f3ac1d27e6b0a45`: the move, the value of the position after it (for the
//! opponent) and a check of the header and the line. A file that is not such a checkpoint,
//! that belongs to another position or that has a line whose check fails is refused, never
//! overwritten; a last line cut short by a stop is dropped and solved again.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use solve::Value;

use crate::error::CliError;

/// The first line of every checkpoint.
const FORMAT: &str = "towers pyrga move values 1";

/// An open checkpoint: the values it held, and the file to add to.
pub(crate) struct Checkpoint {
    path: PathBuf,
    header: String,
    file: File,
    /// The values read back, in the order they were saved.
    pub(crate) known: Vec<(pyrga::Move, Value)>,
}

impl Checkpoint {
    /// Opens the checkpoint of the position `state` reached by `record` at `path`,
    /// creating it when there is no file.
    ///
    /// # Errors
    /// [`CliError::Checkpoint`] when the file is not a checkpoint of this position or a
    /// line of it is corrupt; [`CliError::Io`] when it cannot be read or written.
    pub(crate) fn open(
        path: &Path,
        state: &pyrga::State,
        record: &str,
    ) -> Result<Checkpoint, CliError> {
        let header = format!(
            "{FORMAT}\nposition {} {}\n",
            state.rules(),
            record.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        let refuse = |reason: String| CliError::Checkpoint {
            path: path.to_path_buf(),
            reason,
        };
        let known = match fs::read_to_string(path) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                write_whole(path, &header)?;
                Vec::new()
            }
            Err(error) => return Err(refuse(error.to_string())),
            Ok(text) => {
                let Some(body) = text.strip_prefix(header.as_str()) else {
                    return Err(refuse(if text.starts_with(FORMAT) {
                        format!(
                            "a checkpoint of another position ({}); give another file",
                            text.lines().nth(1).unwrap_or("").trim()
                        )
                    } else {
                        "not a checkpoint of towers solve pyrga; give another file".to_owned()
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
                        parse_line(&header, line, state)
                            .ok_or_else(|| refuse(format!("line {} is corrupt: {line:?}", n + 3)))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if cut {
                    // A stop while writing the last line: keep what is whole.
                    write_whole(path, &format!("{header}{lines}"))?;
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

    /// Saves the value of `mv` (of the position after it), on disk before returning.
    ///
    /// # Errors
    /// [`CliError::Checkpoint`] when the file cannot be written.
    pub(crate) fn save(&mut self, mv: pyrga::Move, value: Value) -> Result<(), CliError> {
        let line = format_line(&self.header, mv, value);
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
fn write_whole(path: &Path, text: &str) -> Result<(), CliError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let written = File::create(&temporary)
        .and_then(|mut file| {
            file.write_all(text.as_bytes())
                .and_then(|()| file.sync_all())
        })
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

/// The line saving `value` for `mv`, with its check.
fn format_line(header: &str, mv: pyrga::Move, value: Value) -> String {
    let content = format!("{mv} {} {}", value.verdict, value.plies);
    format!("{content} {:016x}\n", check(header, &content))
}

/// The move and value of a saved line, if it is whole, its check holds and the move is
/// legal in `state`.
fn parse_line(header: &str, line: &str, state: &pyrga::State) -> Option<(pyrga::Move, Value)> {
    let (content, sum) = line.rsplit_once(' ')?;
    if u64::from_str_radix(sum, 16).ok()? != check(header, content) {
        return None;
    }
    let mut words = content.split(' ');
    let mv: pyrga::Move = words.next()?.parse().ok()?;
    let plies: u32 = words.nth(1)?.parse().ok()?;
    let value = match content.split(' ').nth(1)? {
        "win" => Value::win(plies),
        "loss" => Value::loss(plies),
        "draw" if plies == 0 => Value::DRAW,
        _ => return None,
    };
    pyrga::apply(state, mv).ok()?;
    Some((mv, value))
}

/// A check of a line's content under its file's header (64-bit FNV-1a): a line edited, or
/// moved from the checkpoint of another position, fails it.
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
    use solve::Verdict;

    #[test]
    fn lines_round_trip_and_refuse_edits() {
        let state = pyrga::State::default();
        let header = format!("{FORMAT}\nposition standard \n");
        let mv: pyrga::Move = "Tb1w".parse().unwrap_or_else(|_| unreachable!());
        let line = format_line(&header, mv, Value::loss(30));
        assert!(line.starts_with(&format!("Tb1w {} 30 ", Verdict::Loss.as_str())));
        let line = line.trim_end();
        assert_eq!(
            parse_line(&header, line, &state),
            Some((mv, Value::loss(30)))
        );
        assert_eq!(
            parse_line(&header, &line.replace("loss 30", "loss 31"), &state),
            None
        );
        let other = format!("{FORMAT}\nposition classic \n");
        assert_eq!(parse_line(&other, line, &state), None);
    }
}
