//! The files a Pyrga solve saves as it goes, so that a long solve stopped for any reason
//! resumes where it was: the values of a position's moves (`towers solve pyrga
//! --all-moves --checkpoint FILE`, also the whole solves shipped with the crate) and the
//! checkpoint of an opening book. Both are files of checked lines: the format, what is
//! solved, then one result a line ending with a check of the header and of the line.

#[cfg(feature = "database")]
use std::path::{Path, PathBuf};

use pyrga::{Move, State};

#[cfg(feature = "database")]
use super::book::BookEntry;
#[cfg(feature = "database")]
use crate::error::SolveError;
#[cfg(feature = "database")]
use crate::file::lines::Lines;
use crate::value::Value;

/// The first line of a file of the values of a position's moves.
pub(crate) const MOVE_VALUES: &str = "towers pyrga move values 1";

/// The first line of the checkpoint of an opening book.
#[cfg(feature = "database")]
const BOOK: &str = "towers pyrga book 1";

/// The move and value of a line of a move-values file (`Tb1w loss 30`: the move and the
/// value of the position after it, for the opponent), if the move is legal in `state`.
pub(crate) fn move_value(state: &State, content: &str) -> Option<(Move, Value)> {
    let [mv, verdict, plies] = content.split(' ').collect::<Vec<_>>()[..] else {
        return None;
    };
    let mv: Move = mv.parse().ok()?;
    pyrga::apply(state, mv).ok()?;
    Some((mv, Value::from_words(verdict, plies)?))
}

/// The value of each move of one position, saved as soon as it is proven: a text file
/// whose first lines name the format and the position (its rules and the moves that reach
/// it), then one line a move, `Tb1w loss 30 9f3ac1d27e6b0a45` (the move, the value of the
/// position after it for the opponent, and the check of the header and of the line).
///
/// A file that is not such a file, that belongs to another position or that has a line
/// whose check fails is refused, never overwritten; a last line cut short by a stop is
/// dropped and solved again.
#[cfg(feature = "database")]
pub struct MoveValuesFile {
    lines: Lines,
    known: Vec<(Move, Value)>,
}

#[cfg(feature = "database")]
impl MoveValuesFile {
    /// Opens the file of the move values of `state`, reached by the moves of `record`, at
    /// `path`, creating it when there is none, and reads back the values it holds.
    ///
    /// # Errors
    /// [`SolveError::File`] when the file is not one of this position or a line of it is
    /// corrupt, or when it cannot be read or written.
    pub fn open(path: &Path, state: &State, record: &str) -> Result<Self, SolveError> {
        let subject = format!(
            "position {} {}",
            state.rules(),
            record.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        let (lines, known) = Lines::open(path, MOVE_VALUES, &subject, |content| {
            move_value(state, content)
        })?;
        Ok(MoveValuesFile { lines, known })
    }

    /// The values read back when the file was opened, in the order they were saved.
    pub fn known(&self) -> &[(Move, Value)] {
        &self.known
    }

    /// The file.
    pub fn path(&self) -> &Path {
        self.lines.path()
    }

    /// Saves the value `value` of the position after `mv` (for the opponent), on disk
    /// before returning.
    ///
    /// # Errors
    /// [`SolveError::File`] when the file cannot be written.
    pub fn save(&mut self, mv: Move, value: Value) -> Result<(), SolveError> {
        self.lines.save(&format!("{mv} {}", words(value)))
    }
}

/// The checkpoint of an opening book being built: the file named as the book with
/// `.checkpoint` added, one line a position (`3f0a… Tb1w win -`: the key, the move of the
/// canonical image, the verdict and the distance or `-`), each with its check.
#[cfg(feature = "database")]
pub struct BookCheckpoint {
    lines: Lines,
    known: Vec<(u64, BookEntry)>,
}

#[cfg(feature = "database")]
impl BookCheckpoint {
    /// Opens the checkpoint of the book of `rules` written to `book` (at the path
    /// [`BookCheckpoint::path_of`] gives), creating it when there is none, and reads back
    /// the entries it holds.
    ///
    /// # Errors
    /// As [`MoveValuesFile::open`].
    pub fn open(book: &Path, rules: pyrga::Rules) -> Result<Self, SolveError> {
        let (lines, known) = Lines::open(
            &Self::path_of(book),
            BOOK,
            &format!("book {rules}"),
            book_entry,
        )?;
        Ok(BookCheckpoint { lines, known })
    }

    /// The checkpoint of the book `book`: its path with `.checkpoint` added.
    pub fn path_of(book: &Path) -> PathBuf {
        let mut path = book.as_os_str().to_owned();
        path.push(".checkpoint");
        PathBuf::from(path)
    }

    /// Takes the entries read back when the file was opened, in the order they were saved.
    pub fn take_known(&mut self) -> Vec<(u64, BookEntry)> {
        std::mem::take(&mut self.known)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        self.lines.path()
    }

    /// Saves `entry` of the position of key `key`, on disk before returning.
    ///
    /// # Errors
    /// [`SolveError::File`] when the file cannot be written.
    pub fn save(&mut self, key: u64, entry: BookEntry) -> Result<(), SolveError> {
        let value = entry
            .value
            .map_or_else(|| format!("{} -", entry.verdict), words);
        self.lines.save(&format!("{key:016x} {} {value}", entry.mv))
    }
}

/// A book entry read from a line of its checkpoint.
#[cfg(feature = "database")]
fn book_entry(content: &str) -> Option<(u64, BookEntry)> {
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
}

/// A value as a line saves it: `win 7`, `draw 0`, `loss 30` (read by [`Value::from_words`]).
#[cfg(feature = "database")]
fn words(value: Value) -> String {
    format!("{} {}", value.verdict, value.plies)
}

#[cfg(all(test, feature = "database"))]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_saved_in_the_words_it_is_read_from() {
        assert_eq!(words(Value::loss(30)), "loss 30");
        assert_eq!(Value::from_words("loss", "30"), Some(Value::loss(30)));
    }
}
