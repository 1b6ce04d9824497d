//! The value of every move of a few early positions, from whole solves shipped with the
//! crate: what the opening book cannot say there, since it holds one move per position.

use std::sync::OnceLock;

use pyrga::{Config, Move, Rules, State};

use super::saved::{MOVE_VALUES, move_value};
use crate::file::lines::{header, unseal};
use crate::value::Value;

/// Files written by `towers solve pyrga --all-moves --checkpoint FILE`, each with the value
/// of every move of one position (one line per move up to the board's symmetries, the
/// value of the position after it for the opponent): the start and the position after
/// `Sa1`, under both rule sets. `docs/solutions.md` gives their commands and tables.
static FILES: [&str; 4] = [
    include_str!("../../books/pyrga-standard-start.txt"),
    include_str!("../../books/pyrga-classic-start.txt"),
    include_str!("../../books/pyrga-standard-Sa1.txt"),
    include_str!("../../books/pyrga-classic-Sa1.txt"),
];

/// A position whose moves were all solved.
struct SolvedPosition {
    /// Its rules.
    rules: Rules,
    /// Its key, the same for its 8 images ([`State::symmetric_key`]).
    key: u64,
    /// The value of the position after each move, by that position's symmetric key.
    children: Vec<(u64, Value)>,
}

/// The positions of [`FILES`], read at the first call.
fn solved_positions() -> &'static [SolvedPosition] {
    static POSITIONS: OnceLock<Vec<SolvedPosition>> = OnceLock::new();
    POSITIONS.get_or_init(|| FILES.iter().filter_map(|text| read(text)).collect())
}

/// The position and the values of one file; `None` if it is not such a file or a line's
/// check fails (the crate's tests make sure every shipped file is read).
fn read(text: &str) -> Option<SolvedPosition> {
    let mut lines = text.lines();
    let format = lines.next()?;
    let subject = lines.next()?;
    if format != MOVE_VALUES {
        return None;
    }
    let (rules, record) = subject.strip_prefix("position ")?.split_once(' ')?;
    let rules: Rules = rules.parse().ok()?;
    let position = State::new(Config::new(rules)).replay(record).ok()?;
    let header = header(format, subject);
    let children = lines
        .map(|line| {
            let (mv, value) = move_value(&position, unseal(&header, line)?)?;
            let child = pyrga::apply(&position, mv).ok()?;
            Some((child.symmetric_key(), value))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(SolvedPosition {
        rules,
        key: position.symmetric_key(),
        children,
    })
}

/// The value of every legal move of `state` (the value of the position after it, for the
/// opponent, as [`PyrgaSolver::move_values`](crate::PyrgaSolver::move_values) gives it, in
/// the order of `pyrga::legal_moves`) when it is known without a search: for the start and
/// for the position after `Sa1` (or an image of it), under both rule sets, from the whole
/// solves shipped with the crate. `None` for every other position.
///
/// ```
/// use pyrga::{Config, State};
/// use solve::{Verdict, known_move_values};
///
/// let start = State::new(Config::default());
/// let values = known_move_values(&start).unwrap();
/// assert_eq!(values.len(), 80);
/// // White wins by Sa1: Black, to move after it, loses in 26 plies.
/// let (_, after) = values.iter().find(|(mv, _)| mv.to_string() == "Sa1").unwrap();
/// assert_eq!((after.verdict, after.plies), (Verdict::Loss, 26));
/// assert!(known_move_values(&start.replay("Sb2").unwrap()).is_none());
/// ```
pub fn known_move_values(state: &State) -> Option<Vec<(Move, Value)>> {
    let key = state.symmetric_key();
    let solved = solved_positions()
        .iter()
        .find(|solved| solved.rules == state.rules() && solved.key == key)?;
    pyrga::legal_moves(state)
        .into_iter()
        .map(|mv| {
            let child = pyrga::apply(state, mv).ok()?.symmetric_key();
            let (_, value) = solved.children.iter().find(|&&(key, _)| key == child)?;
            Some((mv, *value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_file_is_read_and_an_edited_line_is_refused() {
        assert_eq!(solved_positions().len(), FILES.len());
        let edited = FILES[0].replacen("loss 26", "loss 24", 1);
        assert_ne!(edited, FILES[0]);
        assert!(read(&edited).is_none());
    }
}
