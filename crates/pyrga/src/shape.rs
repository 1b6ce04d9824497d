//! The three shapes of pieces.

use core::fmt;
use core::str::FromStr;

use boardcore::ParseError;

/// The shape of a piece. Each player has 5 of each; a cell holds at most one of each.
///
/// The text form is one upper-case letter: `S`, `T`, `C`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Shape {
    /// Sends the opponent to the orthogonally adjacent cells.
    Square,
    /// Points north, east, south or west; sends the opponent to the cells ahead of it.
    Triangle,
    /// Sends the opponent to its own cell.
    Cylinder,
}

impl Shape {
    /// The three shapes in the order `S`, `T`, `C`.
    pub const ALL: [Shape; 3] = [Shape::Square, Shape::Triangle, Shape::Cylinder];

    /// Pieces of each shape a player starts with.
    pub const PER_PLAYER: u8 = 5;

    /// The position of the shape in [`Shape::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter of the notation.
    pub const fn letter(self) -> char {
        match self {
            Shape::Square => 'S',
            Shape::Triangle => 'T',
            Shape::Cylinder => 'C',
        }
    }

    /// The shape named by a notation letter (upper case).
    pub const fn from_letter(letter: char) -> Option<Shape> {
        match letter {
            'S' => Some(Shape::Square),
            'T' => Some(Shape::Triangle),
            'C' => Some(Shape::Cylinder),
            _ => None,
        }
    }

    /// The English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Square => "square",
            Shape::Triangle => "triangle",
            Shape::Cylinder => "cylinder",
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Shape {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.chars();
        match (chars.next().and_then(Shape::from_letter), chars.next()) {
            (Some(shape), None) => Ok(shape),
            _ => Err(ParseError::new("shape", text, "expected S, T or C")),
        }
    }
}
