//! The 16 cells of the board and their geometry.

use core::fmt;
use core::str::FromStr;

use boardcore::{Bitset, Coord, Direction, Grid, ParseError};

/// The 4×4 board.
pub(crate) const BOARD: Grid = Grid::new(4, 4);

/// Every cell, as a mask.
pub(crate) const ALL_CELLS: u16 = 0xFFFF;

/// The orthogonal neighbours of each cell: where a square sends play.
pub(crate) const NEIGHBOURS: [u16; 16] = to_masks(BOARD.neighbour_table());

/// The cells ahead of each cell in each direction, out to the edge: where a triangle sends
/// play. Indexed by cell, then by [`Direction::index`].
pub(crate) const RAYS: [[u16; 4]; 16] = {
    let table: [[Bitset; 4]; 16] = BOARD.ray_table();
    let mut masks = [[0u16; 4]; 16];
    let mut cell = 0;
    while cell < 16 {
        masks[cell] = to_masks(table[cell]);
        cell += 1;
    }
    masks
};

/// Cells where a triangle has at least 3 directions (edges and centre) and where it has
/// all 4 (centre): a cell's direction count is `2 + [in THREE_WAYS] + [in FOUR_WAYS]`.
pub(crate) const THREE_WAYS: u16 = cells_with_directions(3);
/// See [`THREE_WAYS`].
pub(crate) const FOUR_WAYS: u16 = cells_with_directions(4);

const fn to_masks<const N: usize>(sets: [Bitset; N]) -> [u16; N] {
    let mut masks = [0u16; N];
    let mut index = 0;
    while index < N {
        masks[index] = sets[index].bits() as u16;
        index += 1;
    }
    masks
}

const fn cells_with_directions(at_least: usize) -> u16 {
    let mut mask = 0u16;
    let mut cell = 0;
    while cell < 16 {
        let mut ways = 0;
        let mut d = 0;
        while d < 4 {
            if !BOARD.ray(cell, Direction::ALL[d]).is_empty() {
                ways += 1;
            }
            d += 1;
        }
        if ways >= at_least {
            mask |= 1 << cell;
        }
        cell += 1;
    }
    mask
}

/// The number of triangle placements (cell × direction pointing onto the board) on the
/// cells of `mask`.
#[inline]
pub(crate) const fn triangle_placements(mask: u16) -> u32 {
    2 * mask.count_ones() + (mask & THREE_WAYS).count_ones() + (mask & FOUR_WAYS).count_ones()
}

/// A cell of the board: file `a`–`d` (west to east) and rank `1`–`4` (south to north).
///
/// Cells are numbered `rank * 4 + file` from 0 (`a1`) to 15 (`d4`); that number is also
/// the cell's bit in the [`Bitset`]s the crate returns.
///
/// ```
/// use pyrga::Cell;
///
/// let b3: Cell = "b3".parse().unwrap();
/// assert_eq!((b3.file(), b3.rank(), b3.index()), (1, 2, 9));
/// assert_eq!(Cell::new(1, 2), Some(b3));
/// assert_eq!(b3.to_string(), "b3");
/// assert_eq!(format!("{b3:?}"), "Cell(b3)");
/// assert!("e1".parse::<Cell>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The number of cells.
    pub const COUNT: usize = 16;

    /// The cell at `file` (0 = `a`) and `rank` (0 = rank `1`), if both are below 4.
    pub const fn new(file: u8, rank: u8) -> Option<Cell> {
        if file < 4 && rank < 4 {
            Some(Cell(rank * 4 + file))
        } else {
            None
        }
    }

    /// The cell numbered `index` (`rank * 4 + file`), if below 16.
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < 16 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell's number, `rank * 4 + file`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 3 (`d`).
    pub const fn file(self) -> u8 {
        self.0 % 4
    }

    /// The rank, 0 (rank `1`) to 3 (rank `4`).
    pub const fn rank(self) -> u8 {
        self.0 / 4
    }

    /// The cell's bit in a mask of cells.
    pub(crate) const fn bit(self) -> u16 {
        1 << self.0
    }

    /// Every cell, `a1` first, rank by rank.
    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..16u8).map(Cell)
    }

    /// The cells of a mask, lowest number first.
    pub(crate) fn in_mask(mask: u16) -> impl Iterator<Item = Cell> {
        Bitset(u64::from(mask))
            .iter()
            .map(|index| Cell(index as u8))
    }

    /// The next cell in `direction`, if it is on the board.
    pub fn step(self, direction: Direction) -> Option<Cell> {
        BOARD
            .step(self.index(), direction)
            .map(|index| Cell(index as u8))
    }

    /// Whether a triangle on this cell may point in `direction` (a cell lies ahead).
    pub const fn can_point(self, direction: Direction) -> bool {
        RAYS[self.0 as usize][direction.index()] != 0
    }

    /// Reads a cell at the start of `text`; returns it and the bytes it took.
    pub(crate) fn parse_prefix(text: &str) -> Option<(Cell, usize)> {
        let (coord, used) = Coord::parse_prefix(text)?;
        Cell::new(coord.x, coord.y).map(|cell| (cell, used))
    }
}

/// In notation, as `Cell(b3)`, so that a position or error printed with `{:?}` reads as
/// the game is written.
impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({self})")
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Coord::new(self.file(), self.rank()).fmt(f)
    }
}

impl FromStr for Cell {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match Cell::parse_prefix(text) {
            Some((cell, used)) if used == text.len() => Ok(cell),
            _ => Err(ParseError::new("cell", text, "expected a1 to d4")),
        }
    }
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(Cell);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_tables() {
        let b2 = Cell::new(1, 1).unwrap().index();
        assert_eq!(NEIGHBOURS[0].count_ones(), 2);
        assert_eq!(NEIGHBOURS[b2].count_ones(), 4);
        assert_eq!(RAYS[0][Direction::North.index()], 0x1110);
        assert_eq!(RAYS[0][Direction::South.index()], 0);
        assert_eq!(THREE_WAYS.count_ones(), 12);
        assert_eq!(FOUR_WAYS.count_ones(), 4);
        assert_eq!(triangle_placements(ALL_CELLS), 48);
        let counted: u32 = Cell::all()
            .map(|c| Direction::ALL.iter().filter(|&&d| c.can_point(d)).count() as u32)
            .sum();
        assert_eq!(counted, 48);
    }

    #[test]
    fn cell_names() {
        let names: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
        assert_eq!(names[0], "a1");
        assert_eq!(names[3], "d1");
        assert_eq!(names[15], "d4");
        for cell in Cell::all() {
            assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
        }
        assert!(Cell::new(4, 0).is_none());
        assert!(Cell::from_index(16).is_none());
        assert_eq!(
            Cell::parse_prefix("c2n"),
            Some((Cell::new(2, 1).unwrap(), 2))
        );
        assert_eq!(Cell::parse_prefix("a5"), None);
    }
}
