//! A bounded window onto an open layout: the cells of a rectangle of signed coordinates,
//! numbered row by row, with row bitmasks for fast neighbourhood work.
//!
//! Open layouts (tiles laid around a start tile) have no fixed board, but at any moment
//! they fit in a small rectangle. A [`Frame`] is such a rectangle (at most 64 cells wide,
//! so a row fits in a `u64`); a [`RowSet`] is a set of its cells as one mask per row. A
//! move generator builds a frame around the pieces laid (with a margin for the cells
//! next to them), then works on masks and on a flat array indexed by [`Frame::index`].

use crate::grid::SignedCoord;

/// A rectangle of cells of an open layout: `width` columns from `origin.x` eastwards and
/// `height` rows from `origin.y` northwards. Cells are numbered row by row from the
/// south-west corner, `row * width + column`.
///
/// ```
/// use boardcore::{Frame, SignedCoord};
///
/// let cells = [SignedCoord::new(0, 0), SignedCoord::new(2, -1)];
/// let frame = Frame::bounding(cells, 1).unwrap();
/// assert_eq!(frame.origin(), SignedCoord::new(-1, -2));
/// assert_eq!((frame.width(), frame.height()), (5, 4));
/// assert_eq!(frame.index(SignedCoord::new(-1, -2)), Some(0));
/// assert_eq!(frame.index(SignedCoord::new(0, -2)), Some(1));
/// assert_eq!(frame.index(SignedCoord::new(-1, -1)), Some(5));
/// assert_eq!(frame.coord(5), Some(SignedCoord::new(-1, -1)));
/// assert_eq!(frame.index(SignedCoord::new(4, 0)), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Frame {
    origin: SignedCoord,
    width: u8,
    height: u8,
}

impl Frame {
    /// The frame of the single cell at the origin.
    pub const UNIT: Frame = Frame {
        origin: SignedCoord::ORIGIN,
        width: 1,
        height: 1,
    };

    /// The widest frame: one row fits in a `u64`.
    pub const MAX_WIDTH: usize = 64;

    /// The frame of `width` × `height` cells with south-west corner `origin`, if it is
    /// between 1 and [`Frame::MAX_WIDTH`] cells wide, at least 1 high, and its far corner
    /// stays within `i16`.
    pub const fn new(origin: SignedCoord, width: usize, height: usize) -> Option<Frame> {
        if width == 0
            || width > Frame::MAX_WIDTH
            || height == 0
            || height > 255
            || origin.x as i32 + width as i32 - 1 > i16::MAX as i32
            || origin.y as i32 + height as i32 - 1 > i16::MAX as i32
        {
            return None;
        }
        Some(Frame {
            origin,
            width: width as u8,
            height: height as u8,
        })
    }

    /// The smallest frame holding every cell of `cells` and `margin` more cells on each
    /// side; `None` when `cells` is empty or the frame would be wider than
    /// [`Frame::MAX_WIDTH`] or higher than 255 rows.
    pub fn bounding(cells: impl IntoIterator<Item = SignedCoord>, margin: u8) -> Option<Frame> {
        let mut cells = cells.into_iter();
        let first = cells.next()?;
        let (mut low, mut high) = (first, first);
        for cell in cells {
            low = SignedCoord::new(low.x.min(cell.x), low.y.min(cell.y));
            high = SignedCoord::new(high.x.max(cell.x), high.y.max(cell.y));
        }
        let margin = i32::from(margin);
        let width = i32::from(high.x) - i32::from(low.x) + 1 + 2 * margin;
        let height = i32::from(high.y) - i32::from(low.y) + 1 + 2 * margin;
        let origin_x = i16::try_from(i32::from(low.x) - margin).ok()?;
        let origin_y = i16::try_from(i32::from(low.y) - margin).ok()?;
        Frame::new(
            SignedCoord::new(origin_x, origin_y),
            usize::try_from(width).ok()?,
            usize::try_from(height).ok()?,
        )
    }

    /// The south-west corner.
    pub const fn origin(self) -> SignedCoord {
        self.origin
    }

    /// The number of columns, 1 to 64.
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// The number of rows.
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// The number of cells.
    pub const fn len(self) -> usize {
        self.width() * self.height()
    }

    /// Always `false`: a frame has at least one cell.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The row and column of `coord`, if it is inside the frame.
    #[inline]
    pub const fn row_column(self, coord: SignedCoord) -> Option<(usize, usize)> {
        let column = coord.x as i32 - self.origin.x as i32;
        let row = coord.y as i32 - self.origin.y as i32;
        if column >= 0 && row >= 0 && column < self.width as i32 && row < self.height as i32 {
            Some((row as usize, column as usize))
        } else {
            None
        }
    }

    /// The number of `coord`, `row * width + column`, if it is inside the frame.
    #[inline]
    pub const fn index(self, coord: SignedCoord) -> Option<usize> {
        match self.row_column(coord) {
            Some((row, column)) => Some(row * self.width() + column),
            None => None,
        }
    }

    /// The cell at `row` and `column`, if inside the frame.
    #[inline]
    pub const fn at(self, row: usize, column: usize) -> Option<SignedCoord> {
        if row < self.height() && column < self.width() {
            Some(SignedCoord::new(
                self.origin.x + column as i16,
                self.origin.y + row as i16,
            ))
        } else {
            None
        }
    }

    /// The cell numbered `index`, if inside the frame.
    pub const fn coord(self, index: usize) -> Option<SignedCoord> {
        self.at(index / self.width(), index % self.width())
    }

    /// The mask of one full row: the low `width` bits.
    pub const fn row_mask(self) -> u64 {
        if self.width() >= 64 {
            u64::MAX
        } else {
            (1u64 << self.width()) - 1
        }
    }
}

/// A set of cells of a [`Frame`] of at most `ROWS` rows, one `u64` mask per row (bit
/// `column` of `rows[row]`). The frame is passed to the methods that convert cells, so one
/// frame serves many sets.
///
/// ```
/// use boardcore::{Frame, RowSet, SignedCoord};
///
/// let tiles = [SignedCoord::new(0, 0), SignedCoord::new(1, 0)];
/// let frame = Frame::bounding(tiles, 1).unwrap();
/// let mut set = RowSet::<8>::new();
/// for tile in tiles {
///     assert!(set.insert(frame, tile));
/// }
/// assert!(set.contains(frame, SignedCoord::new(1, 0)));
/// // The empty cells next to the two tiles: two west/east, two north, two south.
/// let around = set.neighbours(frame);
/// assert_eq!(around.len(), 6);
/// let first = around.iter(frame).next().unwrap();
/// assert_eq!(first, SignedCoord::new(0, -1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RowSet<const ROWS: usize> {
    rows: [u64; ROWS],
}

impl<const ROWS: usize> Default for RowSet<ROWS> {
    fn default() -> Self {
        RowSet::new()
    }
}

impl<const ROWS: usize> RowSet<ROWS> {
    /// The empty set.
    pub const fn new() -> Self {
        RowSet { rows: [0; ROWS] }
    }

    /// The row masks.
    pub const fn rows(&self) -> &[u64; ROWS] {
        &self.rows
    }

    /// Adds `coord`; `false` when it lies outside `frame` or beyond row `ROWS`.
    #[inline]
    pub fn insert(&mut self, frame: Frame, coord: SignedCoord) -> bool {
        match frame.row_column(coord) {
            Some((row, column)) if row < ROWS => {
                self.rows[row] |= 1 << column;
                true
            }
            _ => false,
        }
    }

    /// Removes `coord`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, frame: Frame, coord: SignedCoord) -> bool {
        match frame.row_column(coord) {
            Some((row, column)) if row < ROWS => {
                let present = self.rows[row] >> column & 1 == 1;
                self.rows[row] &= !(1 << column);
                present
            }
            _ => false,
        }
    }

    /// Whether `coord` is in the set.
    #[inline]
    pub fn contains(&self, frame: Frame, coord: SignedCoord) -> bool {
        match frame.row_column(coord) {
            Some((row, column)) if row < ROWS => self.rows[row] >> column & 1 == 1,
            _ => false,
        }
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.rows.iter().map(|row| row.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&row| row == 0)
    }

    /// The cells of `frame` outside this set that share an edge with a cell of it.
    #[must_use]
    pub fn neighbours(&self, frame: Frame) -> Self {
        let mask = frame.row_mask();
        let height = frame.height().min(ROWS);
        let mut result = RowSet::new();
        for row in 0..height {
            let here = self.rows[row];
            let below = if row > 0 { self.rows[row - 1] } else { 0 };
            let above = if row + 1 < height {
                self.rows[row + 1]
            } else {
                0
            };
            result.rows[row] = (here << 1 | here >> 1 | below | above) & !here & mask;
        }
        result
    }

    /// The cells, row by row from the south and west to east in a row (ascending
    /// `(y, x)`).
    pub fn iter(&self, frame: Frame) -> impl Iterator<Item = SignedCoord> + '_ {
        self.rows
            .iter()
            .enumerate()
            .take(frame.height())
            .flat_map(move |(row, &bits)| {
                crate::bitset::Bitset(bits)
                    .iter()
                    .filter_map(move |column| frame.at(row, column))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_refuse_impossible_shapes() {
        assert!(Frame::new(SignedCoord::ORIGIN, 0, 1).is_none());
        assert!(Frame::new(SignedCoord::ORIGIN, 65, 1).is_none());
        assert!(Frame::new(SignedCoord::new(i16::MAX, 0), 2, 1).is_none());
        assert!(Frame::bounding([], 1).is_none());
        let wide = [SignedCoord::new(0, 0), SignedCoord::new(70, 0)];
        assert!(Frame::bounding(wide, 0).is_none());
        let frame = Frame::bounding([SignedCoord::new(3, 3)], 0).unwrap();
        assert_eq!(frame.len(), 1);
        assert_eq!(frame.row_mask(), 1);
        let full = Frame::new(SignedCoord::ORIGIN, 64, 2).unwrap();
        assert_eq!(full.row_mask(), u64::MAX);
        assert_eq!(full.coord(130), None);
    }

    #[test]
    fn indices_and_cells_agree() {
        let frame = Frame::new(SignedCoord::new(-3, 5), 7, 4).unwrap();
        for index in 0..frame.len() {
            let coord = frame.coord(index).unwrap();
            assert_eq!(frame.index(coord), Some(index));
        }
        assert_eq!(frame.index(SignedCoord::new(-4, 5)), None);
        assert_eq!(frame.index(SignedCoord::new(-3, 9)), None);
    }

    #[test]
    fn neighbours_stay_inside_and_skip_members() {
        let frame = Frame::new(SignedCoord::ORIGIN, 3, 3).unwrap();
        let mut set = RowSet::<3>::new();
        set.insert(frame, SignedCoord::new(1, 1));
        let around: Vec<_> = set.neighbours(frame).iter(frame).collect();
        assert_eq!(
            around,
            [
                SignedCoord::new(1, 0),
                SignedCoord::new(0, 1),
                SignedCoord::new(2, 1),
                SignedCoord::new(1, 2)
            ]
        );
        let mut corner = RowSet::<3>::new();
        corner.insert(frame, SignedCoord::new(2, 2));
        assert_eq!(corner.neighbours(frame).len(), 2);
        assert!(!corner.insert(frame, SignedCoord::new(3, 0)));
        assert!(!RowSet::<2>::new().insert(frame, SignedCoord::new(0, 2)));
        assert!(RowSet::<2>::default().is_empty());
    }
}
