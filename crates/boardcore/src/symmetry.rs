//! The eight symmetries of a square board.

use crate::grid::{Coord, Direction};

/// One of the eight symmetries of a square board (the rotations and reflections that map
/// the square onto itself, the dihedral group of order 8).
///
/// Engines use them to build keys that are equal for symmetric positions (for
/// transposition tables and solvers) and to test that move generation does not depend on
/// orientation. [`Symmetry::map`] works on a board of any side length, so one symmetry
/// acts consistently on every layer of a stacked board of shrinking squares.
///
/// ```
/// use boardcore::{Coord, Symmetry};
///
/// // On a 4×4 board, a quarter-turn clockwise sends the south-west corner a1 to the
/// // north-west corner a4.
/// assert_eq!(Symmetry::Rotate90.map(Coord::new(0, 0), 4), Coord::new(0, 3));
/// // Every symmetry undone by its inverse.
/// for symmetry in Symmetry::ALL {
///     let c = Coord::new(1, 2);
///     assert_eq!(symmetry.inverse().map(symmetry.map(c, 4), 4), c);
/// }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Symmetry {
    /// Leaves every cell where it is.
    Identity,
    /// A quarter-turn clockwise.
    Rotate90,
    /// A half-turn.
    Rotate180,
    /// A quarter-turn anticlockwise.
    Rotate270,
    /// The mirror image east–west: files reversed, ranks kept.
    MirrorFiles,
    /// The mirror image north–south: ranks reversed, files kept.
    MirrorRanks,
    /// The reflection in the diagonal through the south-west corner: file and rank swap.
    Transpose,
    /// The reflection in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// The eight symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorFiles,
        Symmetry::MirrorRanks,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The image of `cell` on a `size`×`size` board (file `x` and rank `y` below `size`).
    /// Cells off that board are mapped as if it were larger; the result is then off the
    /// board too, with coordinates wrapped in `u8`.
    pub const fn map(self, cell: Coord, size: u8) -> Coord {
        let last = size.wrapping_sub(1);
        let (x, y) = (cell.x, cell.y);
        let (rx, ry) = (last.wrapping_sub(x), last.wrapping_sub(y));
        match self {
            Symmetry::Identity => Coord::new(x, y),
            Symmetry::Rotate90 => Coord::new(y, rx),
            Symmetry::Rotate180 => Coord::new(rx, ry),
            Symmetry::Rotate270 => Coord::new(ry, x),
            Symmetry::MirrorFiles => Coord::new(rx, y),
            Symmetry::MirrorRanks => Coord::new(x, ry),
            Symmetry::Transpose => Coord::new(y, x),
            Symmetry::AntiTranspose => Coord::new(ry, rx),
        }
    }

    /// The image of a direction: the step from a cell's image to its neighbour's image.
    ///
    /// ```
    /// use boardcore::{Coord, Direction, Symmetry};
    ///
    /// assert_eq!(Symmetry::Rotate90.map_direction(Direction::North), Direction::East);
    /// assert_eq!(Symmetry::MirrorFiles.map_direction(Direction::East), Direction::West);
    /// assert_eq!(Symmetry::MirrorFiles.map_direction(Direction::North), Direction::North);
    /// ```
    pub const fn map_direction(self, direction: Direction) -> Direction {
        // The image of the neighbour of the centre of a 3x3 board, seen from the centre.
        let (dx, dy) = direction.delta();
        let neighbour = Coord::new((1 + dx) as u8, (1 + dy) as u8);
        let image = self.map(neighbour, 3);
        let delta = (image.x as i8 - 1, image.y as i8 - 1);
        let mut index = 0;
        while index < 4 {
            let candidate = Direction::ALL[index];
            let (x, y) = candidate.delta();
            if x == delta.0 && y == delta.1 {
                return candidate;
            }
            index += 1;
        }
        direction
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(size: u8) -> impl Iterator<Item = Coord> {
        (0..size).flat_map(move |y| (0..size).map(move |x| Coord::new(x, y)))
    }

    #[test]
    fn each_symmetry_permutes_the_board() {
        for size in 1..=5 {
            for symmetry in Symmetry::ALL {
                let mut images: Vec<Coord> = cells(size).map(|c| symmetry.map(c, size)).collect();
                assert!(images.iter().all(|c| c.x < size && c.y < size));
                images.sort_unstable();
                images.dedup();
                assert_eq!(images.len(), usize::from(size) * usize::from(size));
            }
        }
    }

    #[test]
    fn the_eight_are_distinct_and_closed_under_composition() {
        let image = |s: Symmetry| -> Vec<Coord> { cells(4).map(|c| s.map(c, 4)).collect() };
        let all: Vec<Vec<Coord>> = Symmetry::ALL.iter().map(|&s| image(s)).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        for first in Symmetry::ALL {
            for second in Symmetry::ALL {
                let composed: Vec<Coord> =
                    cells(4).map(|c| second.map(first.map(c, 4), 4)).collect();
                assert!(all.contains(&composed));
            }
            let undone: Vec<Coord> = cells(4)
                .map(|c| first.inverse().map(first.map(c, 4), 4))
                .collect();
            assert_eq!(undone, image(Symmetry::Identity));
        }
    }

    #[test]
    fn directions_follow_the_cells() {
        for symmetry in Symmetry::ALL {
            for direction in Direction::ALL {
                let (dx, dy) = direction.delta();
                let cell = Coord::new(1, 1);
                let next = Coord::new((1 + dx) as u8, (1 + dy) as u8);
                let (from, to) = (symmetry.map(cell, 4), symmetry.map(next, 4));
                let image = symmetry.map_direction(direction);
                assert_eq!(
                    (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8),
                    image.delta()
                );
            }
        }
    }

    #[test]
    fn rotations_compose() {
        let c = Coord::new(0, 1);
        let twice = Symmetry::Rotate90.map(Symmetry::Rotate90.map(c, 3), 3);
        assert_eq!(twice, Symmetry::Rotate180.map(c, 3));
        assert_eq!(
            Symmetry::Rotate90.map(Coord::new(0, 2), 3),
            Coord::new(2, 2)
        );
        assert_eq!(
            Symmetry::Transpose.map(Coord::new(1, 0), 2),
            Coord::new(0, 1)
        );
    }
}
