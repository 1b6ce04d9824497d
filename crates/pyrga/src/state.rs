//! The position: which pieces stand where, and the last piece placed.

use boardcore::{Bitset, Direction, Game, Player, RecordError, key_of_words};

use crate::cell::{Cell, NEIGHBOURS, RAYS};
use crate::config::{Config, Rules};
use crate::error::Illegal;
use crate::moves::Move;
use crate::shape::Shape;

/// A Pyrga position with its rule set.
///
/// The state is 24 bytes and `Copy`: per player, one 16-bit mask of cells per shape (packed
/// in a `u64`), the directions of the triangles, the last piece placed (which decides where the next one may go) and
/// the rule set. Everything else is derived: the player to move (White when both have
/// placed as many pieces), the supplies (5 of each shape minus those on the board) and the
/// opening square ban.
///
/// Play it with the free functions [`legal_moves`](crate::legal_moves) and
/// [`apply`](crate::apply), or through [`boardcore::Game`].
///
/// ```
/// use pyrga::boardcore::Player;
/// use pyrga::{Cell, Config, Shape, State};
///
/// let state = State::new(Config::default()).replay("Sb2 Tb3n").unwrap();
/// assert_eq!(state.mover(), Player::FIRST);
/// assert_eq!(state.supply(Player::SECOND, Shape::Triangle), 4);
/// assert_eq!(state.last_move().unwrap().to_string(), "Tb3n");
/// let b2: Cell = "b2".parse().unwrap();
/// assert_eq!(state.tower(b2).square, Some(Player::FIRST));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    /// Each player's pieces: bits `16 * shape + cell` (shape in the order of
    /// [`Shape::ALL`]), so one population count gives the pieces placed.
    pub(crate) pieces: [u64; 2],
    /// Two bits per cell: the [`Direction::index`] of the triangle on that cell; zero on
    /// cells without a triangle, so that equal positions are equal values.
    pub(crate) triangle_directions: u32,
    /// The piece placed last; `None` only before the first move.
    pub(crate) last: Option<Move>,
    pub(crate) rules: Rules,
}

/// The pieces on one cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tower {
    /// The owner of the square, if the cell has one.
    pub square: Option<Player>,
    /// The owner and direction of the triangle, if the cell has one.
    pub triangle: Option<(Player, Direction)>,
    /// The owner of the cylinder, if the cell has one.
    pub cylinder: Option<Player>,
}

impl Tower {
    /// The owners of the pieces present.
    fn owners(&self) -> impl Iterator<Item = Player> {
        [self.square, self.triangle.map(|(p, _)| p), self.cylinder]
            .into_iter()
            .flatten()
    }

    /// The number of pieces on the cell, 0 to 3.
    pub fn height(&self) -> usize {
        self.owners().count()
    }

    /// The number of pieces `player` has on the cell.
    pub fn pieces_of(&self, player: Player) -> usize {
        self.owners().filter(|&p| p == player).count()
    }

    /// Whether the tower has all three pieces.
    pub fn is_complete(&self) -> bool {
        self.height() == 3
    }

    /// The player controlling a complete tower: the one owning 2 or 3 of its pieces.
    pub fn controller(&self) -> Option<Player> {
        let first = self.pieces_of(Player::FIRST);
        match self.height() {
            3 if first >= 2 => Some(Player::FIRST),
            3 => Some(Player::SECOND),
            _ => None,
        }
    }
}

/// A player's counts for the end of the game, compared in this order: complete towers
/// controlled, then incomplete towers of 2 pieces both theirs, then towers of 1 piece
/// theirs.
///
/// ```
/// use pyrga::boardcore::Player;
/// use pyrga::{Config, State, Tally};
///
/// let state = State::new(Config::default()).replay("Ca1 Ta1e Cb1 Sb1 Sa1").unwrap();
/// assert_eq!(state.tally(Player::FIRST), Tally { complete: 1, two_piece: 0, one_piece: 0 });
/// assert_eq!(state.tally(Player::SECOND), Tally::default());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tally {
    /// Complete towers the player controls.
    pub complete: u8,
    /// Incomplete towers of exactly 2 pieces, both the player's.
    pub two_piece: u8,
    /// Towers of exactly 1 piece, the player's.
    pub one_piece: u8,
}

impl State {
    /// The start position (empty board, White to move).
    pub const fn new(config: Config) -> State {
        State {
            pieces: [0; 2],
            triangle_directions: 0,
            last: None,
            rules: config.rules,
        }
    }

    /// Plays a game record (moves in notation separated by spaces) from this position.
    ///
    /// # Errors
    /// A [`RecordError`] naming the ply, the move as written, and why it cannot be read or
    /// played.
    ///
    /// ```
    /// use pyrga::{Config, State};
    ///
    /// let start = State::new(Config::default());
    /// assert_eq!(start.replay("Sb2 Sb3").unwrap().ply(), 2);
    /// let error = start.replay("Sb2 Sd4").unwrap_err();
    /// assert_eq!(error.ply, 2);
    /// assert_eq!(error.to_string(), "ply 2, move Sd4: d4 is not among the cells the last piece Sb2 allows");
    /// ```
    pub fn replay(&self, record: &str) -> Result<State, RecordError<Illegal>> {
        <State as Game>::replay(self, record)
    }

    /// The options the game is played with.
    pub const fn config(&self) -> Config {
        Config::new(self.rules)
    }

    /// The rule set.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The number of pieces `player` has placed.
    pub const fn placed(&self, player: Player) -> u32 {
        self.pieces[player.index() & 1].count_ones()
    }

    /// The cells holding `player`'s pieces of `shape`.
    #[inline]
    pub(crate) const fn shape_mask(&self, player: Player, shape: Shape) -> u16 {
        (self.pieces[player.index() & 1] >> (16 * shape.index())) as u16
    }

    /// The number of moves played since the start.
    pub const fn ply(&self) -> u32 {
        self.pieces[0].count_ones() + self.pieces[1].count_ones()
    }

    /// The player whose turn it is; `None` once the game is over, as in every engine
    /// (Crescendo's too). [`State::mover`] names the player even then.
    pub fn to_move(&self) -> Option<Player> {
        (!boardcore::Game::status(self).is_finished()).then(|| self.mover())
    }

    /// The player whose turn it is: White (player 0) when both have placed as many pieces,
    /// Black (player 1) otherwise. In a finished game, the player who would be next.
    pub const fn mover(&self) -> Player {
        if self.ply() & 1 == 0 {
            Player::FIRST
        } else {
            Player::SECOND
        }
    }

    /// Pieces of `shape` that `player` still holds.
    pub const fn supply(&self, player: Player, shape: Shape) -> u8 {
        Shape::PER_PLAYER - self.shape_mask(player, shape).count_ones() as u8
    }

    /// The piece placed last, which decides where the next one may go; `None` at the start.
    pub const fn last_move(&self) -> Option<Move> {
        self.last
    }

    /// The pieces on `cell`.
    pub fn tower(&self, cell: Cell) -> Tower {
        let owner =
            |shape: Shape| Player::seats(2).find(|&p| self.shape_mask(p, shape) & cell.bit() != 0);
        Tower {
            square: owner(Shape::Square),
            triangle: owner(Shape::Triangle).map(|p| (p, self.triangle_direction(cell))),
            cylinder: owner(Shape::Cylinder),
        }
    }

    /// The direction stored for the triangle on `cell` (north when there is none).
    pub(crate) const fn triangle_direction(&self, cell: Cell) -> Direction {
        Direction::from_index((self.triangle_directions >> (2 * cell.index())) as usize & 3)
    }

    /// The cells holding a piece of `shape`, of either colour.
    pub(crate) const fn occupied_by(&self, shape: Shape) -> u16 {
        ((self.pieces[0] | self.pieces[1]) >> (16 * shape.index())) as u16
    }

    /// The cells holding no piece at all.
    pub(crate) const fn empty_cells(&self) -> u16 {
        !(self.occupied_by(Shape::Square)
            | self.occupied_by(Shape::Triangle)
            | self.occupied_by(Shape::Cylinder))
    }

    /// The cells the last piece sends play to (empty before the first move): next to a
    /// square, ahead of a triangle, the cylinder's own cell. When no placement is possible
    /// there, play falls back to the empty cells.
    pub fn target_cells(&self) -> Bitset {
        Bitset(u64::from(self.target_mask()))
    }

    pub(crate) const fn target_mask(&self) -> u16 {
        match self.last {
            None => 0,
            Some(Move::Square(cell)) => NEIGHBOURS[cell.index()],
            Some(Move::Triangle(cell, direction)) => RAYS[cell.index()][direction.index()],
            Some(Move::Cylinder(cell)) => cell.bit(),
        }
    }

    /// Whether White's second piece may not be a square (rule set standard, White's first
    /// piece was a square, and it is the game's third move).
    // `is_power_of_two` is a population count, which the x86-64 baseline lacks.
    #[allow(clippy::manual_is_power_of_two)]
    pub const fn square_banned(&self) -> bool {
        // Exactly two pieces placed: clearing the lowest set bit leaves exactly one (no
        // population count, which the x86-64 baseline lacks).
        let pieces = self.pieces[0] | self.pieces[1];
        let rest = pieces & pieces.wrapping_sub(1);
        matches!(self.rules, Rules::Standard)
            && rest != 0
            && rest & (rest - 1) == 0
            && self.shape_mask(Player::FIRST, Shape::Square) != 0
    }

    /// The cells holding a piece of `player`.
    pub(crate) const fn pieces_mask(&self, player: Player) -> u16 {
        let packed = self.pieces[player.index() & 1];
        (packed | packed >> 16 | packed >> 32) as u16
    }

    /// The complete towers (all three shapes present).
    pub(crate) const fn complete_mask(&self) -> u16 {
        self.occupied_by(Shape::Square)
            & self.occupied_by(Shape::Triangle)
            & self.occupied_by(Shape::Cylinder)
    }

    /// The cells where `player` owns at least two of the pieces.
    pub(crate) const fn majority_mask(&self, player: Player) -> u16 {
        let (s, t, c) = (
            self.shape_mask(player, Shape::Square),
            self.shape_mask(player, Shape::Triangle),
            self.shape_mask(player, Shape::Cylinder),
        );
        (s & t) | (s & c) | (t & c)
    }

    /// The complete towers `player` controls.
    pub(crate) const fn controlled_mask(&self, player: Player) -> u16 {
        self.complete_mask() & self.majority_mask(player)
    }

    /// The complete towers `player` controls, as cells.
    pub fn controlled(&self, player: Player) -> Bitset {
        Bitset(u64::from(self.controlled_mask(player)))
    }

    /// `player`'s counts for deciding a game that ends without 3 controlled towers.
    pub const fn tally(&self, player: Player) -> Tally {
        let (s, t, c) = (
            self.occupied_by(Shape::Square),
            self.occupied_by(Shape::Triangle),
            self.occupied_by(Shape::Cylinder),
        );
        let at_least_two = (s & t) | (s & c) | (t & c);
        let exactly_two = at_least_two & !(s & t & c);
        let exactly_one = (s | t | c) & !at_least_two;
        let opponent = self.pieces_mask(player.other());
        Tally {
            complete: self.controlled_mask(player).count_ones() as u8,
            two_piece: (exactly_two & !opponent).count_ones() as u8,
            one_piece: (exactly_one & !opponent).count_ones() as u8,
        }
    }

    /// The player controlling 3 complete towers, who has won, if any.
    #[inline]
    pub(crate) const fn three_tower_winner(&self) -> Option<Player> {
        if self.complete_mask().count_ones() < 3 {
            None
        } else if self.controlled_mask(Player::FIRST).count_ones() >= 3 {
            Some(Player::FIRST)
        } else if self.controlled_mask(Player::SECOND).count_ones() >= 3 {
            Some(Player::SECOND)
        } else {
            None
        }
    }

    /// A stable key of the position (see [`boardcore::Game::position_key`]).
    pub const fn position_key(&self) -> u64 {
        let last = match self.last {
            None => 0,
            Some(mv) => 1 + mv.shape().index() as u64 * 16 + mv.cell().index() as u64,
        };
        key_of_words(&[
            self.pieces[0],
            self.pieces[1],
            self.triangle_directions as u64 | last << 32 | (self.rules as u64) << 40,
        ])
    }

    /// Places the piece of `mv` for `player`, without any check.
    pub(crate) const fn place(&mut self, player: Player, mv: Move) {
        let cell = mv.cell();
        self.pieces[player.index() & 1] |= (cell.bit() as u64) << (16 * mv.shape().index());
        if let Move::Triangle(_, direction) = mv {
            self.triangle_directions |= (direction.index() as u32) << (2 * cell.index());
        }
        self.last = Some(mv);
    }
}

impl Default for State {
    fn default() -> Self {
        State::new(Config::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_small() {
        assert!(core::mem::size_of::<State>() <= 24);
    }

    #[test]
    fn tower_views() {
        let mut state = State::default();
        let a1 = Cell::new(0, 0).unwrap();
        state.place(Player::FIRST, Move::Square(a1));
        state.place(Player::SECOND, Move::Triangle(a1, Direction::East));
        let tower = state.tower(a1);
        assert_eq!(tower.height(), 2);
        assert_eq!(tower.triangle, Some((Player::SECOND, Direction::East)));
        assert_eq!(tower.controller(), None);
        state.place(Player::SECOND, Move::Cylinder(a1));
        assert_eq!(state.tower(a1).controller(), Some(Player::SECOND));
        assert!(state.tower(a1).is_complete());
        assert_eq!(state.controlled(Player::SECOND).len(), 1);
    }
}
