//! The board the players lay: up to 12 crosses, their cells and the cells' neighbours.

use core::fmt;

use boardcore::{Direction, PlaneSet, SignedCoord};

use crate::cross::{Colour, Cross, slot_colour};
use crate::error::Illegal;

/// The number of crosses of a round's board.
pub const CROSSES: usize = 12;

/// The number of cells of a complete board: 12 white centres and 48 coloured arms.
pub const CELLS: usize = CROSSES * 5;

/// The neighbour table's mark for "no cell on that side".
const NO_CELL: u8 = u8::MAX;

/// The white cells (cross centres) of a complete board, as a mask of [`Cell`] indices.
pub(crate) const WHITE_CELLS: u64 = slot_mask(0);

/// The cells of each player's colour, as masks of [`Cell`] indices, by seat.
pub(crate) const COLOUR_CELLS: [u64; 4] = [slot_mask(1), slot_mask(2), slot_mask(3), slot_mask(4)];

/// The mask of the cells in slot `slot` of every cross.
const fn slot_mask(slot: usize) -> u64 {
    let mut mask = 0u64;
    let mut cross = 0;
    while cross < CROSSES {
        mask |= 1 << (cross * 5 + slot);
        cross += 1;
    }
    mask
}

/// A cell of the board, numbered by the cross it belongs to: `5 × n + slot` for the `n`th
/// cross laid (from 0), slot 0 for the white centre and `1 + c` for the arm of colour `c`.
///
/// The number is also the cell's bit in the masks the crate returns. A cell's coordinates
/// depend on the board: see [`Board::coord`] and [`Board::cell_at`].
///
/// ```
/// use crescendo::boardcore::Player;
/// use crescendo::{Cell, Colour};
///
/// let cell = Cell::new(7).unwrap();
/// assert_eq!((cell.cross(), cell.colour()), (1, Colour::Player(Player::SECOND)));
/// assert!(Cell::new(5).unwrap().is_white());
/// assert!(Cell::new(60).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Cell(u8);

impl From<Cell> for u8 {
    fn from(cell: Cell) -> u8 {
        cell.0
    }
}

impl TryFrom<u8> for Cell {
    type Error = boardcore::ParseError;

    fn try_from(index: u8) -> Result<Self, Self::Error> {
        Cell::new(index as usize).ok_or_else(|| {
            boardcore::ParseError::new("cell", index.to_string(), "a cell number is below 60")
        })
    }
}

impl Cell {
    /// The cell numbered `index`, if below [`CELLS`].
    pub const fn new(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell's number, below [`CELLS`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The laying order of the cross the cell belongs to, from 0.
    pub const fn cross(self) -> usize {
        self.0 as usize / 5
    }

    /// The colour of the cell.
    pub const fn colour(self) -> Colour {
        slot_colour(self.0 as usize % 5)
    }

    /// Whether the cell is a white cross centre.
    pub const fn is_white(self) -> bool {
        self.0.is_multiple_of(5)
    }

    /// The cell's bit in a mask of cells.
    pub(crate) const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The cells of a mask, lowest number first.
    pub(crate) fn in_mask(mask: u64) -> impl Iterator<Item = Cell> {
        boardcore::Bitset(mask)
            .iter()
            .map(|index| Cell(index as u8))
    }
}

/// The board of a round: the crosses laid so far, in laying order, and the neighbours of
/// every cell.
///
/// The first cross's centre is the origin `(0, 0)`; `y` grows north. Crosses never overlap
/// and every cross after the first shares at least two unit edges with those laid before,
/// so every cell lies within 23 cells of the origin on both axes (each cross reaches at
/// most 2 cells beyond the board laid before it).
///
/// ```
/// use crescendo::boardcore::{Direction, Player, SignedCoord};
/// use crescendo::{Board, Colour, Cross};
///
/// let mut board = Board::new();
/// board.lay("0,0r0".parse().unwrap()).unwrap();
/// board.lay("2,1r1".parse().unwrap()).unwrap();
/// assert_eq!(board.crosses().len(), 2);
/// let cell = board.cell_at(SignedCoord::new(1, 1)).unwrap();
/// // Rotation 1 turns colour 2's arm from south to west.
/// assert_eq!(board.colour(cell), Colour::Player(Player::new(2).unwrap()));
/// let west = board.neighbour(cell, Direction::West).unwrap();
/// assert_eq!(board.coord(west), SignedCoord::new(0, 1));
/// // Overlapping the first cross is refused.
/// assert!(board.lay("1,0r0".parse().unwrap()).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The crosses laid, in order; entries from `laid` on are the default cross.
    crosses: [Cross; CROSSES],
    /// How many crosses are laid.
    laid: u8,
    /// The neighbour of each cell in each direction (by [`Direction::index`]), or
    /// [`NO_CELL`]; entries of cells not laid are [`NO_CELL`].
    next: [[u8; 4]; CELLS],
}

impl Board {
    /// The empty table, before the first cross.
    pub const fn new() -> Board {
        Board {
            crosses: [Cross::new(SignedCoord::ORIGIN, crate::Rotation::ALL[0]); CROSSES],
            laid: 0,
            next: [[NO_CELL; 4]; CELLS],
        }
    }

    /// The crosses laid so far, in laying order.
    pub fn crosses(&self) -> &[Cross] {
        &self.crosses[..self.laid as usize]
    }

    /// Whether all 12 crosses are laid.
    pub const fn is_complete(&self) -> bool {
        self.laid as usize == CROSSES
    }

    /// The number of cells laid (5 per cross).
    pub const fn len(&self) -> usize {
        self.laid as usize * 5
    }

    /// Whether no cross is laid yet.
    pub const fn is_empty(&self) -> bool {
        self.laid == 0
    }

    /// The cells laid so far, by number.
    pub fn cells(&self) -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..self.len() as u8).map(Cell)
    }

    /// The mask of the cells laid so far.
    pub(crate) const fn cell_mask(&self) -> u64 {
        if self.laid == 0 {
            0
        } else {
            u64::MAX >> (64 - self.len())
        }
    }

    /// Whether `cell` is laid.
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.index() < self.len()
    }

    /// The coordinates of `cell` (meaningful for laid cells; a cell not laid yet gets the
    /// coordinates it would have on a default cross at the origin).
    #[inline]
    pub const fn coord(&self, cell: Cell) -> SignedCoord {
        let cross = self.crosses[cell.cross()];
        match cell.index() % 5 {
            0 => cross.centre,
            slot => cross.centre.step(Direction::from_index(
                slot - 1 + cross.rotation.quarter_turns() as usize,
            )),
        }
    }

    /// Calls `visit` with the coordinates of each cell of `mask` (a mask of cell numbers),
    /// in cell order, computing each cross's cells once.
    #[inline]
    pub(crate) fn for_each_coord(&self, mask: u64, mut visit: impl FnMut(SignedCoord)) {
        for (index, cross) in self.crosses().iter().enumerate() {
            let slots = (mask >> (5 * index)) & 0b1_1111;
            if slots != 0 {
                let cells = cross.cells();
                for slot in boardcore::Bitset(slots) {
                    visit(cells[slot]);
                }
            }
        }
    }

    /// The colour of `cell`.
    pub const fn colour(&self, cell: Cell) -> Colour {
        cell.colour()
    }

    /// The cell at `coord`, if a laid cross covers it.
    #[inline]
    pub fn cell_at(&self, coord: SignedCoord) -> Option<Cell> {
        // Branch-free over the laid crosses, then the one match: at most one cross covers
        // a cell.
        let (x, y) = (i32::from(coord.x), i32::from(coord.y));
        let mut covering = 0u32;
        for (index, cross) in self.crosses().iter().enumerate() {
            let distance =
                (x - i32::from(cross.centre.x)).abs() + (y - i32::from(cross.centre.y)).abs();
            covering |= u32::from(distance <= 1) << index;
        }
        let index = covering.trailing_zeros() as usize;
        let cross = self.crosses().get(index)?;
        cross
            .slot_of(coord)
            .map(|slot| Cell((index * 5 + slot) as u8))
    }

    /// The colour of the cell at `coord`, if a laid cross covers it.
    pub fn colour_at(&self, coord: SignedCoord) -> Option<Colour> {
        self.cell_at(coord).map(Cell::colour)
    }

    /// The laid cell next to `cell` in `direction`, if any.
    pub fn neighbour(&self, cell: Cell, direction: Direction) -> Option<Cell> {
        self.step(cell.index(), direction.index())
            .map(|index| Cell(index as u8))
    }

    /// The neighbour of cell number `cell` in direction number `direction`, if laid.
    #[inline]
    pub(crate) fn step(&self, cell: usize, direction: usize) -> Option<usize> {
        match self.next.get(cell).map(|sides| sides[direction & 3]) {
            Some(NO_CELL) | None => None,
            Some(next) => Some(next as usize),
        }
    }

    /// The smallest and largest coordinates of the laid cells, `(south-west, north-east)`;
    /// `None` before the first cross.
    pub fn bounds(&self) -> Option<(SignedCoord, SignedCoord)> {
        let mut cells = self.crosses().iter().flat_map(|cross| cross.cells());
        let first = cells.next()?;
        Some(cells.fold((first, first), |(low, high), c| {
            (
                SignedCoord::new(low.x.min(c.x), low.y.min(c.y)),
                SignedCoord::new(high.x.max(c.x), high.y.max(c.y)),
            )
        }))
    }

    /// The number of unit edges `cross` would share with the laid crosses (cells of `cross`
    /// that overlap are not counted; see [`Board::check`]).
    pub fn contacts(&self, cross: Cross) -> u32 {
        let mut contacts = 0;
        for cell in cross.cells() {
            for neighbour in cell.neighbours() {
                if self.cell_at(neighbour).is_some() {
                    contacts += 1;
                }
            }
        }
        contacts
    }

    /// Whether `cross` may be laid next: the first cross is centred on the origin; a later
    /// one covers no laid cell and shares at least two unit edges with the laid crosses.
    ///
    /// # Errors
    /// [`Illegal::BoardComplete`], [`Illegal::FirstCrossOffOrigin`], [`Illegal::Overlap`]
    /// or [`Illegal::TooLittleContact`].
    pub fn check(&self, cross: Cross) -> Result<(), Illegal> {
        if self.is_complete() {
            return Err(Illegal::BoardComplete);
        }
        if self.is_empty() {
            return if cross.centre == SignedCoord::ORIGIN {
                Ok(())
            } else {
                Err(Illegal::FirstCrossOffOrigin { cross })
            };
        }
        if let Some(at) = cross
            .cells()
            .into_iter()
            .find(|&cell| self.cell_at(cell).is_some())
        {
            return Err(Illegal::Overlap { cross, at });
        }
        let contacts = self.contacts(cross);
        if contacts < 2 {
            return Err(Illegal::TooLittleContact { cross, contacts });
        }
        Ok(())
    }

    /// Lays `cross` after checking it (see [`Board::check`]).
    ///
    /// # Errors
    /// The reason `cross` may not be laid; the board is unchanged then.
    pub fn lay(&mut self, cross: Cross) -> Result<(), Illegal> {
        self.check(cross)?;
        self.lay_unchecked(cross);
        Ok(())
    }

    /// Lays `cross` without checking the rules (the board must not be complete) and links
    /// its cells to their neighbours.
    pub(crate) fn lay_unchecked(&mut self, cross: Cross) {
        let index = self.laid as usize;
        if index >= CROSSES {
            return;
        }
        self.crosses[index] = cross;
        self.laid += 1;
        for (slot, coord) in cross.cells().into_iter().enumerate() {
            let cell = index * 5 + slot;
            for direction in Direction::ALL {
                if let Some(neighbour) = self.cell_at(coord.step(direction)) {
                    self.next[cell][direction.index()] = neighbour.0;
                    self.next[neighbour.index()][direction.opposite().index()] = cell as u8;
                }
            }
        }
    }

    /// The centres where the next cross may be laid (at any rotation), south to north and
    /// west to east; just the origin before the first cross.
    ///
    /// Computed a row at a time on bit masks: a centre is free when none of its five cells
    /// is laid, and has enough contact when a cell diagonal to the centre is laid (it
    /// touches two arms) or two of the four cells two steps away in line are (each touches
    /// one arm tip).
    pub(crate) fn placements(&self, mut visit: impl FnMut(SignedCoord)) {
        if self.is_complete() {
            return;
        }
        if self.is_empty() {
            visit(SignedCoord::ORIGIN);
            return;
        }
        let laid: PlaneSet = self
            .crosses()
            .iter()
            .flat_map(|cross| cross.cells())
            .collect();
        let Some((low, high)) = self.bounds() else {
            return;
        };
        for y in low.y - 2..=high.y + 2 {
            let row = laid.row(y);
            let (above, below) = (laid.row(y + 1), laid.row(y - 1));
            let free = !(row | row << 1 | row >> 1 | above | below);
            let beside = above | below;
            let diagonal = beside << 1 | beside >> 1;
            let tips = [row << 2, row >> 2, laid.row(y + 2), laid.row(y - 2)];
            let mut two_tips = 0;
            for first in 0..4 {
                for second in first + 1..4 {
                    two_tips |= tips[first] & tips[second];
                }
            }
            for bit in boardcore::Bitset(free & (diagonal | two_tips)) {
                visit(SignedCoord::new(bit as i16 + PlaneSet::MIN, y));
            }
        }
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.crosses()).finish()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    /// The crosses, in laying order.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.crosses())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    /// The crosses in laying order, each checked by the laying rules.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let crosses = Vec::<Cross>::deserialize(deserializer)?;
        let mut board = Board::new();
        for cross in crosses {
            board.lay(cross).map_err(serde::de::Error::custom)?;
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cross::Rotation;

    fn cross(text: &str) -> Cross {
        text.parse().unwrap()
    }

    #[test]
    fn masks_of_colours() {
        assert_eq!(WHITE_CELLS.count_ones(), 12);
        let all = COLOUR_CELLS.iter().fold(WHITE_CELLS, |acc, m| acc | m);
        assert_eq!(all, (1u64 << CELLS) - 1);
        assert_eq!(COLOUR_CELLS[2] & 1 << 8, 1 << 8);
    }

    #[test]
    fn second_cross_has_eight_centres() {
        let mut board = Board::new();
        board.lay(cross("0,0r0")).unwrap();
        let mut centres = Vec::new();
        board.placements(|c| centres.push(c));
        let mut expected: Vec<SignedCoord> = [(1, 2), (2, 1)]
            .into_iter()
            .flat_map(|(a, b)| {
                [(a, b), (-a, b), (a, -b), (-a, -b)].map(|(x, y)| SignedCoord::new(x, y))
            })
            .collect();
        expected.sort_by_key(|c| (c.y, c.x));
        assert_eq!(centres, expected);
        for centre in centres {
            assert!(board.check(Cross::new(centre, Rotation::ALL[3])).is_ok());
        }
    }

    #[test]
    fn neighbours_are_linked_both_ways() {
        let mut board = Board::new();
        for text in ["0,0r0", "2,1r1", "-1,2r2", "1,-2r3"] {
            board.lay(cross(text)).unwrap();
        }
        for cell in board.cells() {
            for direction in Direction::ALL {
                let expected = board.cell_at(board.coord(cell).step(direction));
                assert_eq!(board.neighbour(cell, direction), expected);
            }
        }
        assert_eq!(board.cell_mask().count_ones(), 20);
    }

    #[test]
    fn laying_errors() {
        let mut board = Board::new();
        assert_eq!(
            board.lay(cross("1,0r0")),
            Err(Illegal::FirstCrossOffOrigin {
                cross: cross("1,0r0")
            })
        );
        board.lay(cross("0,0r0")).unwrap();
        assert!(matches!(
            board.check(cross("2,0r0")),
            Err(Illegal::Overlap { .. })
        ));
        assert_eq!(
            board.check(cross("3,0r0")),
            Err(Illegal::TooLittleContact {
                cross: cross("3,0r0"),
                contacts: 1
            })
        );
        assert_eq!(
            board.check(cross("-30,20r0")),
            Err(Illegal::TooLittleContact {
                cross: cross("-30,20r0"),
                contacts: 0
            })
        );
        assert_eq!(board.contacts(cross("2,1r0")), 3);
    }
}
