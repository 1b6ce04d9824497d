//! The number of replies to each move of one position, counted together: what does not
//! change from move to move is read once.

use crate::cell::{ALL_CELLS, NEIGHBOURS, RAYS, triangle_placements};
use crate::moves::Move;
use crate::rules::count_moves;
use crate::shape::Shape;
use crate::state::State;

/// Counts, for the moves of one position, the legal moves of the opponent after each: the
/// same numbers as [`count_moves`] of each child, at a fraction of the cost.
///
/// A move changes only one cell and one shape, so the opponent's pieces in hand and the
/// cells each shape occupies are read once for all the moves; each count then needs the
/// move's target cells and three masks. The few children where that is not enough (a
/// move that completes a tower, which can end the game, and the first plies, where the
/// opening square ban can apply) are counted by [`count_moves`].
///
/// ```
/// use pyrga::{apply, count_moves, legal_moves, Config, ReplyCounter, State};
///
/// let state = State::new(Config::default()).replay("Sb2 Tb3n").unwrap();
/// let counter = ReplyCounter::new(&state);
/// for mv in legal_moves(&state) {
///     let child = apply(&state, mv).unwrap();
///     assert_eq!(counter.count(mv, &child), count_moves(&child));
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ReplyCounter {
    /// The cells holding each shape, of either colour.
    occupied: [u16; 3],
    /// For each shape, all cells when the opponent holds a piece of it, else none.
    held: [u16; 3],
    /// Whether every child must be counted by [`count_moves`] (the first plies, where the
    /// opening square ban can apply).
    early: bool,
}

impl ReplyCounter {
    /// The counter of the moves of `state`.
    pub const fn new(state: &State) -> ReplyCounter {
        let opponent = state.mover().other();
        let mut held = [0u16; 3];
        let mut occupied = [0u16; 3];
        let mut s = 0;
        while s < 3 {
            let shape = Shape::ALL[s];
            held[s] = if state.supply(opponent, shape) > 0 {
                u16::MAX
            } else {
                0
            };
            occupied[s] = state.occupied_by(shape);
            s += 1;
        }
        ReplyCounter {
            occupied,
            held,
            early: state.ply() < 2,
        }
    }

    /// The number of legal moves of `child`, the position after the legal move `mv` of
    /// the counter's position: [`count_moves`]`(child)`.
    #[inline]
    pub fn count(&self, mv: Move, child: &State) -> usize {
        let bit = mv.cell().bit();
        let (targets, shape) = match mv {
            Move::Square(cell) => (NEIGHBOURS[cell.index()], 0),
            Move::Triangle(cell, direction) => (RAYS[cell.index()][direction.index()], 1),
            Move::Cylinder(cell) => (cell.bit(), 2),
        };
        let square = self.occupied[0] | if shape == 0 { bit } else { 0 };
        let triangle = self.occupied[1] | if shape == 1 { bit } else { 0 };
        let cylinder = self.occupied[2] | if shape == 2 { bit } else { 0 };
        if self.early || square & triangle & cylinder & bit != 0 {
            // A completed tower can give a player three: the whole rules tell.
            return count_moves(child);
        }
        let mut squares = targets & !square & self.held[0];
        let mut triangles = targets & !triangle & self.held[1];
        let mut cylinders = targets & !cylinder & self.held[2];
        if squares | triangles | cylinders == 0 {
            // Nothing fits among the targets: play falls back to the empty cells.
            let empty = !(square | triangle | cylinder) & ALL_CELLS;
            squares = empty & self.held[0];
            triangles = empty & self.held[1];
            cylinders = empty & self.held[2];
        }
        (squares.count_ones() + triangle_placements(triangles) + cylinders.count_ones()) as usize
    }
}
