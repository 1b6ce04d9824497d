//! Grid geometry: the four directions, cells of rectangular boards and coordinates of open
//! layouts.

use core::fmt;
use core::str::FromStr;

use crate::bitset::Bitset;
use crate::error::ParseError;
use crate::notation::parse_number;

/// One of the four orthogonal directions. North is towards higher ranks (y grows north),
/// east towards higher files (x grows east).
///
/// The text form is one lower-case letter: `n`, `e`, `s`, `w`.
///
/// ```
/// use boardcore::Direction;
///
/// assert_eq!(Direction::North.delta(), (0, 1));
/// assert_eq!(Direction::North.clockwise(), Direction::East);
/// assert_eq!(Direction::East.opposite(), Direction::West);
/// assert_eq!("s".parse::<Direction>().unwrap(), Direction::South);
/// assert_eq!(Direction::West.to_string(), "w");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Towards higher ranks (y + 1).
    North,
    /// Towards higher files (x + 1).
    East,
    /// Towards lower ranks (y - 1).
    South,
    /// Towards lower files (x - 1).
    West,
}

impl Direction {
    /// The four directions in clockwise order from north.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The position of this direction in [`Direction::ALL`] (north 0, east 1, south 2,
    /// west 3), which is also the number of clockwise quarter-turns from north.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction `index` quarter-turns clockwise from north (taken modulo 4).
    pub const fn from_index(index: usize) -> Direction {
        Direction::ALL[index % 4]
    }

    /// The step `(dx, dy)` of one cell in this direction.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    /// The direction pointing the other way.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self.index() + 2)
    }

    /// The direction a quarter-turn clockwise from this one.
    #[must_use]
    pub const fn clockwise(self) -> Direction {
        Direction::from_index(self.index() + 1)
    }

    /// The direction `quarter_turns` quarter-turns clockwise from this one.
    #[must_use]
    pub const fn rotated(self, quarter_turns: usize) -> Direction {
        Direction::from_index(self.index() + quarter_turns % 4)
    }

    /// The letter of the text form: `n`, `e`, `s` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Direction::North => 'n',
            Direction::East => 'e',
            Direction::South => 's',
            Direction::West => 'w',
        }
    }

    /// The direction named by a letter of the text form.
    pub const fn from_letter(letter: char) -> Option<Direction> {
        match letter {
            'n' => Some(Direction::North),
            'e' => Some(Direction::East),
            's' => Some(Direction::South),
            'w' => Some(Direction::West),
            _ => None,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Direction {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.chars();
        match (chars.next().and_then(Direction::from_letter), chars.next()) {
            (Some(direction), None) => Ok(direction),
            _ => Err(ParseError::new(
                "direction",
                text,
                "expected one of n, e, s, w",
            )),
        }
    }
}

/// A turn by 0 to 3 quarter-turns clockwise, as pieces and tiles of open layouts are laid.
///
/// The text form is the digit `0`–`3`; with serde it is that number.
///
/// ```
/// use boardcore::{Direction, Rotation, SignedCoord};
///
/// let quarter = Rotation::new(1).unwrap();
/// assert_eq!(quarter.turn(Direction::North), Direction::East);
/// assert_eq!(quarter.turn_coord(SignedCoord::new(0, 1)), SignedCoord::new(1, 0));
/// assert_eq!(quarter.inverse().quarter_turns(), 3);
/// assert_eq!(Rotation::between(Direction::West, Direction::North), quarter);
/// assert_eq!("2".parse::<Rotation>().unwrap().quarter_turns(), 2);
/// assert!(Rotation::new(4).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Rotation(u8);

impl Rotation {
    /// No turn.
    pub const NONE: Rotation = Rotation(0);

    /// The four rotations, from no turn to three quarter-turns.
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// The rotation of `quarter_turns` quarter-turns clockwise, if it is 0 to 3.
    pub const fn new(quarter_turns: u8) -> Option<Rotation> {
        if quarter_turns < 4 {
            Some(Rotation(quarter_turns))
        } else {
            None
        }
    }

    /// The number of quarter-turns clockwise, 0 to 3.
    pub const fn quarter_turns(self) -> u8 {
        self.0
    }

    /// The rotation that turns `from` into `to`.
    pub const fn between(from: Direction, to: Direction) -> Rotation {
        Rotation(((to.index() + 4 - from.index()) % 4) as u8)
    }

    /// The rotation that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Rotation {
        Rotation((4 - self.0) % 4)
    }

    /// `direction` turned by this rotation.
    pub const fn turn(self, direction: Direction) -> Direction {
        direction.rotated(self.0 as usize)
    }

    /// `coord` turned by this rotation about the origin.
    pub const fn turn_coord(self, coord: SignedCoord) -> SignedCoord {
        coord.rotated_clockwise(self.0 as usize)
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Rotation {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_number::<u8>(text)
            .and_then(Rotation::new)
            .ok_or_else(|| ParseError::new("rotation", text, "expected 0, 1, 2 or 3"))
    }
}

impl From<Rotation> for u8 {
    fn from(rotation: Rotation) -> u8 {
        rotation.0
    }
}

impl TryFrom<u8> for Rotation {
    type Error = ParseError;

    fn try_from(quarter_turns: u8) -> Result<Self, Self::Error> {
        Rotation::new(quarter_turns).ok_or_else(|| {
            ParseError::new(
                "rotation",
                quarter_turns.to_string(),
                "a rotation is 0 to 3 quarter-turns",
            )
        })
    }
}

/// A cell of a rectangular board: file `x` from 0 (west) and rank `y` from 0 (south).
///
/// The text form is algebraic: the file as a letter from `a`, then the rank counted from 1,
/// so `(0, 0)` is `a1` and `(3, 2)` is `d3`.
///
/// ```
/// use boardcore::Coord;
///
/// let c = Coord::new(3, 2);
/// assert_eq!(c.to_string(), "d3");
/// assert_eq!("d3".parse::<Coord>().unwrap(), c);
/// assert!("3d".parse::<Coord>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Coord {
    /// The file, from 0 in the west.
    pub x: u8,
    /// The rank, from 0 in the south.
    pub y: u8,
}

impl Coord {
    /// The cell at file `x` and rank `y`.
    pub const fn new(x: u8, y: u8) -> Coord {
        Coord { x, y }
    }

    /// Parses the algebraic form (`a1`…`z26`) at the start of `text`; returns the cell and
    /// the number of bytes it took, or `None` when `text` does not start with one.
    pub fn parse_prefix(text: &str) -> Option<(Coord, usize)> {
        let bytes = text.as_bytes();
        let file = *bytes.first()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || bytes[1] == b'0' {
            return None;
        }
        let rank: u8 = text[1..=digits].parse().ok()?;
        if rank > 26 {
            return None;
        }
        Some((Coord::new(file - b'a', rank - 1), 1 + digits))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x % 26), self.y as u32 + 1)
    }
}

impl FromStr for Coord {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match Coord::parse_prefix(text) {
            Some((coord, used)) if used == text.len() => Ok(coord),
            _ => Err(ParseError::new(
                "cell",
                text,
                "expected a file letter and a rank number, like a1",
            )),
        }
    }
}

/// A rectangular board of at most 64 cells, numbered rank by rank from the south-west
/// corner: index `y * width + x`.
///
/// Its `const` methods build the lookup tables that move generators use, at compile time:
///
/// ```
/// use boardcore::{Bitset, Direction, Grid};
///
/// const BOARD: Grid = Grid::new(4, 4);
/// const NEIGHBOURS: [Bitset; 16] = BOARD.neighbour_table();
///
/// let b2 = BOARD.index_of(1, 1).unwrap();
/// assert_eq!(NEIGHBOURS[b2].len(), 4);
/// assert_eq!(NEIGHBOURS[0].len(), 2);
/// // The ray from b2 to the east: c2 and d2.
/// assert_eq!(BOARD.ray(b2, Direction::East).iter().collect::<Vec<_>>(), [6, 7]);
/// assert_eq!(BOARD.step(b2, Direction::South), Some(1));
/// assert_eq!(BOARD.step(0, Direction::West), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    width: u8,
    height: u8,
}

impl Grid {
    /// A board `width` cells wide and `height` cells high.
    ///
    /// # Panics
    /// When the board would have no cell or more than 64 cells; grids are meant to be
    /// constants, so this fails at compile time there.
    pub const fn new(width: u8, height: u8) -> Grid {
        assert!(
            width > 0 && height > 0 && width as usize * height as usize <= 64,
            "a grid holds between 1 and 64 cells"
        );
        Grid { width, height }
    }

    /// The number of files.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// The number of ranks.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// The number of cells.
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Always `false`: a grid has at least one cell.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Every cell of the board.
    pub const fn all(self) -> Bitset {
        Bitset::below(self.len())
    }

    /// The index of the cell at file `x` and rank `y`, if it is on the board.
    pub const fn index_of(self, x: i32, y: i32) -> Option<usize> {
        if x >= 0 && y >= 0 && x < self.width as i32 && y < self.height as i32 {
            Some(y as usize * self.width as usize + x as usize)
        } else {
            None
        }
    }

    /// The index of `coord`, if it is on the board.
    pub const fn index(self, coord: Coord) -> Option<usize> {
        self.index_of(coord.x as i32, coord.y as i32)
    }

    /// The cell of `index`, if it is on the board.
    pub const fn coord(self, index: usize) -> Option<Coord> {
        if index < self.len() {
            let width = self.width as usize;
            Some(Coord::new((index % width) as u8, (index / width) as u8))
        } else {
            None
        }
    }

    /// The cell one step from `index` in `direction`, if both are on the board.
    pub const fn step(self, index: usize, direction: Direction) -> Option<usize> {
        match self.coord(index) {
            Some(c) => {
                let (dx, dy) = direction.delta();
                self.index_of(c.x as i32 + dx as i32, c.y as i32 + dy as i32)
            }
            None => None,
        }
    }

    /// The orthogonal neighbours of `index` on the board.
    pub const fn neighbours(self, index: usize) -> Bitset {
        let mut set = Bitset::EMPTY;
        let mut d = 0;
        while d < 4 {
            if let Some(next) = self.step(index, Direction::ALL[d]) {
                set = set.with(next);
            }
            d += 1;
        }
        set
    }

    /// The cells from the one next to `index` in `direction` out to the board edge (not
    /// `index` itself).
    pub const fn ray(self, index: usize, direction: Direction) -> Bitset {
        let mut set = Bitset::EMPTY;
        let mut at = self.step(index, direction);
        while let Some(next) = at {
            set = set.with(next);
            at = self.step(next, direction);
        }
        set
    }

    /// [`Grid::neighbours`] of every cell, as a table indexed by cell.
    ///
    /// # Panics
    /// When `N` is not the number of cells (at compile time for constants).
    pub const fn neighbour_table<const N: usize>(self) -> [Bitset; N] {
        assert!(N == self.len(), "the table needs one entry per cell");
        let mut table = [Bitset::EMPTY; N];
        let mut index = 0;
        while index < N {
            table[index] = self.neighbours(index);
            index += 1;
        }
        table
    }

    /// [`Grid::ray`] of every cell in every direction, indexed by cell then by
    /// [`Direction::index`].
    ///
    /// # Panics
    /// When `N` is not the number of cells (at compile time for constants).
    pub const fn ray_table<const N: usize>(self) -> [[Bitset; 4]; N] {
        assert!(N == self.len(), "the table needs one entry per cell");
        let mut table = [[Bitset::EMPTY; 4]; N];
        let mut index = 0;
        while index < N {
            let mut d = 0;
            while d < 4 {
                table[index][d] = self.ray(index, Direction::ALL[d]);
                d += 1;
            }
            index += 1;
        }
        table
    }
}

/// A cell of an open layout that can grow in every direction: signed `x` (east) and `y`
/// (north) relative to an origin the game chooses.
///
/// The text form is `x,y`, for example `-2,3`.
///
/// ```
/// use boardcore::{Direction, SignedCoord};
///
/// let c = SignedCoord::new(1, -2);
/// assert_eq!(c.step(Direction::West), SignedCoord::new(0, -2));
/// assert_eq!(c.rotated_clockwise(1), SignedCoord::new(-2, -1));
/// assert_eq!(c.to_string(), "1,-2");
/// assert_eq!("1,-2".parse::<SignedCoord>().unwrap(), c);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SignedCoord {
    /// Cells east of the origin (negative: west).
    pub x: i16,
    /// Cells north of the origin (negative: south).
    pub y: i16,
}

impl SignedCoord {
    /// The origin `(0, 0)`.
    pub const ORIGIN: SignedCoord = SignedCoord { x: 0, y: 0 };

    /// The cell `(x, y)`.
    pub const fn new(x: i16, y: i16) -> SignedCoord {
        SignedCoord { x, y }
    }

    /// The cell one step away in `direction` (saturating at the ends of `i16`).
    #[must_use]
    pub const fn step(self, direction: Direction) -> SignedCoord {
        let (dx, dy) = direction.delta();
        self.offset(dx as i16, dy as i16)
    }

    /// The cell `(x + dx, y + dy)` (saturating at the ends of `i16`).
    #[must_use]
    pub const fn offset(self, dx: i16, dy: i16) -> SignedCoord {
        SignedCoord::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// This cell turned `quarter_turns` quarter-turns clockwise about the origin:
    /// one turn maps north `(0, 1)` to east `(1, 0)`.
    #[must_use]
    pub const fn rotated_clockwise(self, quarter_turns: usize) -> SignedCoord {
        let (x, y) = (self.x, self.y);
        match quarter_turns % 4 {
            0 => SignedCoord::new(x, y),
            1 => SignedCoord::new(y, x.saturating_neg()),
            2 => SignedCoord::new(x.saturating_neg(), y.saturating_neg()),
            _ => SignedCoord::new(y.saturating_neg(), x),
        }
    }

    /// The four orthogonal neighbours, in the order of [`Direction::ALL`].
    pub const fn neighbours(self) -> [SignedCoord; 4] {
        [
            self.step(Direction::North),
            self.step(Direction::East),
            self.step(Direction::South),
            self.step(Direction::West),
        ]
    }

    /// The number of orthogonal steps between two cells.
    pub const fn manhattan(self, other: SignedCoord) -> u32 {
        (self.x as i32 - other.x as i32).unsigned_abs()
            + (self.y as i32 - other.y as i32).unsigned_abs()
    }
}

impl fmt::Display for SignedCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for SignedCoord {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || {
            ParseError::new(
                "coordinate",
                text,
                "expected two integers as x,y, in plain decimal (like -1,2)",
            )
        };
        let (x, y) = text.split_once(',').ok_or_else(error)?;
        let number = |part: &str| parse_number::<i16>(part).ok_or_else(error);
        Ok(SignedCoord::new(number(x)?, number(y)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_turns() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.rotated(4), d);
            assert_eq!(d.rotated(1), d.clockwise());
            assert_eq!(Direction::from_letter(d.letter()), Some(d));
            let (dx, dy) = d.delta();
            let (ox, oy) = d.opposite().delta();
            assert_eq!((dx + ox, dy + oy), (0, 0));
        }
        assert!("north".parse::<Direction>().is_err());
        assert!("".parse::<Direction>().is_err());
    }

    #[test]
    fn coord_text() {
        assert_eq!("a1".parse::<Coord>().unwrap(), Coord::new(0, 0));
        assert_eq!("c12".parse::<Coord>().unwrap(), Coord::new(2, 11));
        for bad in ["", "a", "a0", "A1", "a01", "a1x", "a27", "1a", "a123"] {
            assert!(bad.parse::<Coord>().is_err(), "{bad}");
        }
        assert_eq!(Coord::parse_prefix("b3n"), Some((Coord::new(1, 2), 2)));
    }

    #[test]
    fn grid_geometry() {
        let grid = Grid::new(4, 3);
        assert_eq!(grid.len(), 12);
        assert_eq!(grid.all().len(), 12);
        assert_eq!(grid.index(Coord::new(3, 2)), Some(11));
        assert_eq!(grid.index(Coord::new(4, 0)), None);
        assert_eq!(grid.coord(5), Some(Coord::new(1, 1)));
        assert_eq!(grid.coord(12), None);
        assert_eq!(grid.step(11, Direction::North), None);
        assert_eq!(grid.step(3, Direction::East), None);
        assert_eq!(grid.step(4, Direction::West), None);
        assert_eq!(grid.neighbours(0).iter().collect::<Vec<_>>(), [1, 4]);
        assert_eq!(grid.neighbours(5).len(), 4);
        assert_eq!(
            grid.ray(0, Direction::North).iter().collect::<Vec<_>>(),
            [4, 8]
        );
        assert!(grid.ray(0, Direction::South).is_empty());
        let rays: [[Bitset; 4]; 12] = grid.ray_table();
        assert_eq!(rays[5][Direction::East.index()].len(), 2);
        assert_eq!(grid.coord(99), None);
        assert_eq!(grid.neighbours(99), Bitset::EMPTY);
    }

    #[test]
    fn signed_coordinates() {
        let c = SignedCoord::new(2, 1);
        for turns in 0..4 {
            assert_eq!(
                c.rotated_clockwise(turns).rotated_clockwise(4 - turns),
                c,
                "{turns}"
            );
        }
        assert_eq!(
            SignedCoord::new(0, 1).rotated_clockwise(1),
            SignedCoord::new(1, 0)
        );
        assert_eq!(c.manhattan(SignedCoord::ORIGIN), 3);
        assert_eq!(c.neighbours()[1], SignedCoord::new(3, 1));
        assert!("1;2".parse::<SignedCoord>().is_err());
        assert!("+1,2".parse::<SignedCoord>().is_err());
        for bad in ["01,2", "1,-0", "-01,3", "1,2 "] {
            assert!(bad.parse::<SignedCoord>().is_err(), "{bad}");
        }
        assert!("1,99999".parse::<SignedCoord>().is_err());
        assert_eq!(
            SignedCoord::new(i16::MAX, 0).step(Direction::East).x,
            i16::MAX
        );
    }
}
