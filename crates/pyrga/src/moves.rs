//! Moves and their notation.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use boardcore::{Direction, LetterCase, ParseError};

use crate::cell::Cell;
use crate::shape::Shape;

/// The most legal moves a position can have: 16 cells for a square, 16 for a cylinder, and
/// 48 triangle placements (4 corners × 2 directions + 8 edge cells × 3 + 4 centre cells ×
/// 4), all available only on an empty board.
pub const MAX_MOVES: usize = 80;

/// The legal moves of a position, without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// One turn: the piece placed, where, and for a triangle where it points.
///
/// The notation is the shape letter, the cell and, for a triangle, its direction:
/// `Sb3`, `Cd1`, `Ta1n`.
///
/// ```
/// use pyrga::boardcore::Direction;
/// use pyrga::{Cell, Move, Shape};
///
/// let mv: Move = "Ta1n".parse().unwrap();
/// assert_eq!(mv, Move::Triangle("a1".parse().unwrap(), Direction::North));
/// assert_eq!(mv.shape(), Shape::Triangle);
/// assert_eq!(mv.to_string(), "Ta1n");
/// assert!("Ta1".parse::<Move>().is_err());
/// assert!("Sa1n".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// A square on the cell.
    Square(Cell),
    /// A triangle on the cell, pointing in the direction.
    Triangle(Cell, Direction),
    /// A cylinder on the cell.
    Cylinder(Cell),
}

impl Move {
    /// The move placing `shape` on `cell`; `direction` is used only for a triangle, which
    /// needs one.
    pub const fn new(shape: Shape, cell: Cell, direction: Option<Direction>) -> Option<Move> {
        match (shape, direction) {
            (Shape::Square, None) => Some(Move::Square(cell)),
            (Shape::Cylinder, None) => Some(Move::Cylinder(cell)),
            (Shape::Triangle, Some(direction)) => Some(Move::Triangle(cell, direction)),
            _ => None,
        }
    }

    /// The shape of the piece.
    pub const fn shape(self) -> Shape {
        match self {
            Move::Square(_) => Shape::Square,
            Move::Triangle(..) => Shape::Triangle,
            Move::Cylinder(_) => Shape::Cylinder,
        }
    }

    /// The cell it goes on.
    pub const fn cell(self) -> Cell {
        match self {
            Move::Square(cell) | Move::Triangle(cell, _) | Move::Cylinder(cell) => cell,
        }
    }

    /// Where a triangle points; `None` for the other shapes.
    pub const fn direction(self) -> Option<Direction> {
        match self {
            Move::Triangle(_, direction) => Some(direction),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.shape(), self.cell())?;
        if let Some(direction) = self.direction() {
            write!(f, "{direction}")?;
        }
        Ok(())
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads the notation in any case (`cb4`, `TA1N`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        LetterCase::InitialUpper.read(text, read_move)
    }
}

/// Reads a move written in the notation's case.
fn read_move(text: &str) -> Result<Move, ParseError> {
    let error = |reason: &str| ParseError::new("move", text, reason);
    let mut chars = text.chars();
    let shape = chars
        .next()
        .and_then(Shape::from_letter)
        .ok_or_else(|| error("a move starts with S, T or C"))?;
    let rest = chars.as_str();
    let (cell, used) = Cell::parse_prefix(rest)
        .ok_or_else(|| error("expected a cell a1 to d4 after the shape"))?;
    let direction = match &rest[used..] {
        "" => None,
        tail if shape != Shape::Triangle => {
            return Err(error(&format!(
                "a {} ends at its cell, and {tail:?} follows it (only a triangle takes a direction)",
                shape.name()
            )));
        }
        tail => Some(
            tail.parse::<Direction>()
                .map_err(|_| error("a triangle's direction is one of n, e, s, w"))?,
        ),
    };
    Move::new(shape, cell, direction)
        .ok_or_else(|| error("a triangle needs a direction (n, e, s or w)"))
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(Move);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["Sa1", "Cd4", "Tb2e", "Tc3s", "Td4w"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_notation_is_refused() {
        for text in [
            "", "S", "Xa1", "Sa", "Se1", "Sa5", "Ta1", "Ta1x", "Ca1n", "Ta1nn", "Sa1 ", " Sa1",
            "Sé1",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }

    #[test]
    fn any_case_reads() {
        for (text, canonical) in [("cb4", "Cb4"), ("TA1N", "Ta1n"), ("sD2", "Sd2")] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), canonical);
        }
        let error = "cb4x".parse::<Move>().unwrap_err();
        assert_eq!(error.input(), "cb4x");
        assert!(!error.reason().contains("direction is"), "{error}");
    }

    #[test]
    fn errors_name_the_real_problem() {
        let reason = |text: &str| text.parse::<Move>().unwrap_err().reason().to_owned();
        assert_eq!(
            reason("Cb4x"),
            "a cylinder ends at its cell, and \"x\" follows it (only a triangle takes a direction)"
        );
        assert!(reason("Sa1n").starts_with("a square ends at its cell"));
        assert_eq!(
            reason("Ta1x"),
            "a triangle's direction is one of n, e, s, w"
        );
        assert_eq!(reason("Ta1"), "a triangle needs a direction (n, e, s or w)");
    }
}
