//! Sets of cells of an open layout, within a fixed window around the origin.

use core::fmt;

use crate::grid::SignedCoord;
use crate::window::{Frame, RowSet};

/// A set of cells of an open layout whose coordinates lie in the 64 × 64 window
/// `PlaneSet::MIN..=PlaneSet::MAX` on both axes, stored as one 64-bit row per `y`.
///
/// Open layouts (boards that players build as they go) are addressed with
/// [`SignedCoord`]s around an origin the game chooses; as long as a layout stays within 32
/// cells of its origin, this set holds any part of it in 512 bytes. Rows give move
/// generators bit-parallel access: bit `x - PlaneSet::MIN` of [`PlaneSet::row`] is the cell
/// `(x, y)`, so shifting a row by one tests the east or west neighbours of a whole row at
/// once.
///
/// ```
/// use boardcore::{PlaneSet, SignedCoord};
///
/// let mut set = PlaneSet::new();
/// assert_eq!(set.insert(SignedCoord::new(-2, 3)), Ok(true));
/// assert_eq!(set.insert(SignedCoord::new(-2, 3)), Ok(false));
/// assert!(set.insert(SignedCoord::new(40, 0)).is_err());
/// assert!(set.contains(SignedCoord::new(-2, 3)));
/// assert_eq!(set.row(3), 1 << (-2 - PlaneSet::MIN));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [SignedCoord::new(-2, 3)]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PlaneSet {
    /// The cells, in the fixed frame [`WINDOW`].
    cells: RowSet<64>,
}

/// The fixed window of every [`PlaneSet`]: 64 × 64 cells from `(MIN, MIN)`.
const WINDOW: Frame = match Frame::new(SignedCoord::new(PlaneSet::MIN, PlaneSet::MIN), 64, 64) {
    Some(frame) => frame,
    None => Frame::UNIT,
};

/// A cell outside the window of a [`PlaneSet`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("cell {0} lies outside the window -32..=31 of a plane set")]
pub struct OutsideWindow(pub SignedCoord);

impl PlaneSet {
    /// The lowest coordinate of the window, on both axes.
    pub const MIN: i16 = -32;
    /// The highest coordinate of the window, on both axes.
    pub const MAX: i16 = 31;

    /// The empty set.
    pub const fn new() -> PlaneSet {
        PlaneSet {
            cells: RowSet::new(),
        }
    }

    /// Whether `cell` lies in the window.
    pub const fn in_window(cell: SignedCoord) -> bool {
        cell.x >= Self::MIN && cell.x <= Self::MAX && cell.y >= Self::MIN && cell.y <= Self::MAX
    }

    /// Adds `cell`: `Ok(true)` when it was absent, `Ok(false)` when already present.
    ///
    /// # Errors
    /// [`OutsideWindow`] when the cell lies outside the window (the set is unchanged).
    pub fn insert(&mut self, cell: SignedCoord) -> Result<bool, OutsideWindow> {
        if !Self::in_window(cell) {
            return Err(OutsideWindow(cell));
        }
        let absent = !self.contains(cell);
        self.cells.insert(WINDOW, cell);
        Ok(absent)
    }

    /// Removes `cell`; returns whether it was present.
    pub fn remove(&mut self, cell: SignedCoord) -> bool {
        self.cells.remove(WINDOW, cell)
    }

    /// Whether `cell` is in the set (cells outside the window never are).
    pub fn contains(&self, cell: SignedCoord) -> bool {
        self.cells.contains(WINDOW, cell)
    }

    /// The cells of row `y` as a mask, bit `x - MIN` for the cell `(x, y)`; 0 for rows
    /// outside the window.
    pub const fn row(&self, y: i16) -> u64 {
        if y >= Self::MIN && y <= Self::MAX {
            self.cells.rows()[(y - Self::MIN) as usize]
        } else {
            0
        }
    }

    /// The number of cells in the set.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells, row by row from the south (lowest `y`), west to east in a row.
    pub fn iter(&self) -> impl Iterator<Item = SignedCoord> + '_ {
        self.cells.iter(WINDOW)
    }
}

impl Default for PlaneSet {
    fn default() -> Self {
        PlaneSet::new()
    }
}

impl fmt::Debug for PlaneSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<SignedCoord> for PlaneSet {
    /// Collects the cells; those outside the window are left out.
    fn from_iter<I: IntoIterator<Item = SignedCoord>>(iter: I) -> Self {
        let mut set = PlaneSet::new();
        for cell in iter {
            // Cells outside the window are documented to be left out.
            let _ = set.insert(cell);
        }
        set
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for PlaneSet {
    /// A sequence of cells, in the order of [`PlaneSet::iter`].
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for PlaneSet {
    /// A sequence of cells; a cell outside the window is an error.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cells = Vec::<SignedCoord>::deserialize(deserializer)?;
        let mut set = PlaneSet::new();
        for cell in cells {
            set.insert(cell).map_err(serde::de::Error::custom)?;
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_edges() {
        let mut set = PlaneSet::new();
        for cell in [
            SignedCoord::new(-32, -32),
            SignedCoord::new(31, 31),
            SignedCoord::new(-32, 31),
            SignedCoord::new(0, 0),
        ] {
            assert_eq!(set.insert(cell), Ok(true), "{cell}");
            assert!(set.contains(cell));
        }
        for outside in [SignedCoord::new(32, 0), SignedCoord::new(0, -33)] {
            assert_eq!(set.insert(outside), Err(OutsideWindow(outside)));
            assert!(!set.contains(outside));
            assert!(!set.remove(outside));
        }
        assert_eq!(set.len(), 4);
        assert_eq!(set.row(31), 1 | 1 << 63);
        assert_eq!(set.row(40), 0);
        assert_eq!(set.iter().next(), Some(SignedCoord::new(-32, -32)));
        assert!(set.remove(SignedCoord::new(0, 0)));
        assert!(!set.remove(SignedCoord::new(0, 0)));
        assert_eq!(set.len(), 3);
        assert!(!set.is_empty());
        assert!(PlaneSet::default().is_empty());
    }

    #[test]
    fn iteration_order_and_collect() {
        let cells = [
            SignedCoord::new(3, 1),
            SignedCoord::new(-1, 1),
            SignedCoord::new(0, -2),
            SignedCoord::new(99, 99),
        ];
        let set: PlaneSet = cells.into_iter().collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [
                SignedCoord::new(0, -2),
                SignedCoord::new(-1, 1),
                SignedCoord::new(3, 1)
            ]
        );
        assert_eq!(
            format!("{set:?}"),
            "{SignedCoord { x: 0, y: -2 }, SignedCoord { x: -1, y: 1 }, SignedCoord { x: 3, y: 1 }}"
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trip_checks_the_window() {
        let set: PlaneSet = [SignedCoord::new(1, 2), SignedCoord::new(-3, 0)]
            .into_iter()
            .collect();
        let text = serde_json::to_string(&set).unwrap();
        assert_eq!(serde_json::from_str::<PlaneSet>(&text).unwrap(), set);
        assert!(serde_json::from_str::<PlaneSet>(r#"[{"x":40,"y":0}]"#).is_err());
    }
}
