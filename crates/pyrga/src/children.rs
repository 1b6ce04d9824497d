//! The children of a position and the number of replies in each, computed together: what
//! does not change from move to move is read once.

use boardcore::Player;

use crate::cell::{ALL_CELLS, NEIGHBOURS, RAYS, triangle_placements};
use crate::moves::{Move, MoveList};
use crate::rules::{count_moves, moves_of, placements};
use crate::shape::Shape;
use crate::state::State;

/// The children of a position: its legal moves, the position after each, and the number of
/// replies there ([`count_moves`] of each child), at a fraction of the cost of
/// [`legal_moves`](crate::legal_moves), [`apply`](crate::apply) and [`count_moves`] of each
/// move, for searches that order the moves by the opponent's replies.
///
/// What does not change from move to move is read once: the player's placements (so a
/// move's legality is one mask), the opponent's pieces in hand, the cells each shape
/// occupies and the players' pieces (a move changes one cell and one shape), so each count
/// needs the move's target cells and a few masks; a move that completes a tower checks
/// whether a player now controls three, which ends the game. The children of the first
/// two plies, where the opening square ban can apply, are counted by [`count_moves`]. The
/// same masks tell whether the opponent can answer a move by winning at once
/// ([`Children::threatens`]).
///
/// ```
/// use pyrga::{apply, count_moves, legal_moves, Children, Config, State};
///
/// let state = State::new(Config::default()).replay("Sb2 Tb3n").unwrap();
/// let children = Children::new(&state);
/// assert_eq!(children.moves(), legal_moves(&state));
/// for mv in children.moves() {
///     let child = children.play(mv).unwrap();
///     assert_eq!(child, apply(&state, mv).unwrap());
///     assert_eq!(children.replies(mv), count_moves(&child));
/// }
/// // A move that is not legal here has no child.
/// assert!(children.play("Sa1".parse().unwrap()).is_none());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Children {
    /// The position.
    state: State,
    /// Its player to move.
    mover: Player,
    /// The cells where the player to move may place each shape (none once the game is over).
    placements: [u16; 3],
    /// The cells holding each shape, of either colour.
    occupied: [u16; 3],
    /// For each shape, all cells when the opponent holds a piece of it, else none.
    held: [u16; 3],
    /// The cells holding each shape of the player to move.
    mine: [u16; 3],
    /// The cells holding a piece of the opponent.
    theirs: u16,
    /// The cells where the opponent owns two pieces or more.
    their_majority: u16,
    /// Whether every child must be counted by [`count_moves`] (the first plies, where the
    /// opening square ban can apply).
    early: bool,
}

impl Children {
    /// The children of `state`.
    pub const fn new(state: &State) -> Children {
        let opponent = state.mover().other();
        let placements = if state.three_tower_winner().is_some() {
            [0; 3]
        } else {
            placements(state).cells
        };
        let mut held = [0u16; 3];
        let mut occupied = [0u16; 3];
        let mut mine = [0u16; 3];
        let mut s = 0;
        while s < 3 {
            let shape = Shape::ALL[s];
            mine[s] = state.shape_mask(state.mover(), shape);
            held[s] = if state.supply(opponent, shape) > 0 {
                u16::MAX
            } else {
                0
            };
            occupied[s] = state.occupied_by(shape);
            s += 1;
        }
        Children {
            state: *state,
            mover: state.mover(),
            placements,
            occupied,
            mine,
            held,
            theirs: state.pieces_mask(opponent),
            their_majority: state.majority_mask(opponent),
            early: state.ply() < 2,
        }
    }

    /// The legal moves: [`legal_moves`](crate::legal_moves) of the position.
    pub fn moves(&self) -> MoveList {
        moves_of(self.placements)
    }

    /// The position after `mv`, `None` when `mv` is not legal: `apply(state, mv).ok()`.
    #[inline]
    pub fn play(&self, mv: Move) -> Option<State> {
        let cell = mv.cell();
        let legal = self.placements[mv.shape().index()] & cell.bit() != 0
            && match mv {
                Move::Triangle(_, direction) => cell.can_point(direction),
                _ => true,
            };
        legal.then(|| self.child(mv))
    }

    /// The position after `mv`, legal or not.
    #[inline]
    fn child(&self, mv: Move) -> State {
        let mut child = self.state;
        child.place(self.mover, mv);
        child
    }

    /// The number of legal moves after the legal move `mv`: [`count_moves`] of its child
    /// (another `mv` gives a number without meaning), mostly without making the child.
    #[inline]
    pub fn replies(&self, mv: Move) -> usize {
        let After {
            bit,
            shape,
            targets,
            square,
            triangle,
            cylinder,
        } = self.after(mv);
        if self.early {
            // The opening square ban: the whole rules tell.
            return count_moves(&self.child(mv));
        }
        let complete = square & triangle & cylinder;
        if complete & bit != 0 {
            // A completed tower can give a player a third one, which ends the game.
            let mut mine = self.mine;
            mine[shape] |= bit;
            let my_majority = mine[0] & mine[1] | mine[0] & mine[2] | mine[1] & mine[2];
            if (complete & my_majority).count_ones() >= 3
                || (complete & self.their_majority).count_ones() >= 3
            {
                return 0;
            }
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

    /// Whether the opponent can answer the legal move `mv` by winning at once: by a reply
    /// that completes a third tower the opponent controls (a move that ends the game
    /// gives an answer without meaning). A search can score such a move without searching
    /// it: the opponent's best is a win in one ply.
    ///
    /// ```
    /// use pyrga::{apply, legal_moves, Children, Config, State};
    ///
    /// // White controls two towers (c2 and d2); a black cylinder beside White's triangle
    /// // on c1 would let White complete c1 with a square.
    /// let record = "Cc2 Tc2s Tc1e Sd1 Td2w Ta2e Cd2 Sd2 Sc2";
    /// let state = State::new(Config::default()).replay(record).unwrap();
    /// let children = Children::new(&state);
    /// let mut threats = 0;
    /// for mv in children.moves() {
    ///     let child = children.play(mv).unwrap();
    ///     let wins = legal_moves(&child).into_iter().any(|reply| {
    ///         apply(&child, reply).unwrap().controlled(child.mover()).len() >= 3
    ///     });
    ///     assert_eq!(children.threatens(mv), wins);
    ///     threats += usize::from(wins);
    /// }
    /// assert!(threats > 0);
    /// ```
    #[inline]
    pub fn threatens(&self, mv: Move) -> bool {
        let After {
            targets,
            square,
            triangle,
            cylinder,
            ..
        } = self.after(mv);
        let complete = square & triangle & cylinder;
        if (complete & self.their_majority).count_ones() != 2 {
            return false;
        }
        // Cells of two pieces, one of them the opponent's: the third makes a tower the
        // opponent controls, if the opponent holds its shape. Such a placement fits among
        // the targets, so it is legal.
        let two = (square & triangle | square & cylinder | triangle & cylinder)
            & !complete
            & targets
            & self.theirs;
        two & (!square & self.held[0] | !triangle & self.held[1] | !cylinder & self.held[2]) != 0
    }
}

/// What a move changes: its cell's bit, its shape's index, the cells where the reply must
/// go when a piece fits there, and the cells each shape occupies after it.
struct After {
    bit: u16,
    shape: usize,
    targets: u16,
    square: u16,
    triangle: u16,
    cylinder: u16,
}

impl Children {
    /// What `mv` changes.
    #[inline]
    fn after(&self, mv: Move) -> After {
        let bit = mv.cell().bit();
        let (targets, shape) = match mv {
            Move::Square(cell) => (NEIGHBOURS[cell.index()], 0),
            Move::Triangle(cell, direction) => (RAYS[cell.index()][direction.index()], 1),
            Move::Cylinder(cell) => (cell.bit(), 2),
        };
        let added = |s: usize| if s == shape { bit } else { 0 };
        After {
            bit,
            shape,
            targets,
            square: self.occupied[0] | added(0),
            triangle: self.occupied[1] | added(1),
            cylinder: self.occupied[2] | added(2),
        }
    }
}
