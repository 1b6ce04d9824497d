//! Moves and their notation.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use boardcore::{Direction, LetterCase, ParseError, SignedCoord, parse_number};

use crate::board::{Board, Cell};
use crate::cross::Cross;

/// The most legal moves a position can have: 920, while laying a cross.
///
/// Proof. Call *boundary edges* the unit edges between a laid cell and a cell that is not
/// laid. A cross has 12; a cross laid later shares `s ≥ 2` edges with the board, which
/// removes `s` boundary edges and adds `12 − s`, so after `n` crosses there are at most
/// `12 + 8(n − 1)` boundary edges: 92 when the twelfth cross is to be laid (`n = 11`). A
/// legal centre has at least two boundary edges whose outer cell is one of its cross's five
/// cells, and the outer cell of a boundary edge is one of the five cells of exactly five
/// possible centres; so there are at most `5 × 92 / 2 = 230` legal centres, each at 4
/// rotations: 920 moves. The other decisions have far fewer: at most 12 white cells, 60
/// empty cells for a scattered pawn, and 4 × 8 group moves (4 directions and one group
/// size per pawn).
pub const MAX_MOVES: usize = 920;

/// The legal moves of a position, without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The most group moves a player can have: 32. Each tower of height `h` has at most `h`
/// group sizes in each of 4 directions, so a player has at most 4 moves per pawn, and a
/// player has at most 8 pawns (the final's target).
pub const MAX_GROUP_MOVES: usize = 32;

/// The group moves of a position by cells (see [`group_moves`](crate::group_moves)).
pub type GroupMoves = ArrayVec<GroupMove, MAX_GROUP_MOVES>;

/// A legal group move described by cells: the tower left, the direction, the group size
/// (and distance) and the cell reached.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GroupMove {
    /// The cell of the tower the group leaves.
    pub from: Cell,
    /// The direction of the straight line.
    pub direction: Direction,
    /// The number of pawns moved, which is also the number of cells.
    pub count: u8,
    /// The cell the group lands on.
    pub to: Cell,
}

impl GroupMove {
    /// The move in notation form, with coordinates from `board`.
    pub const fn to_move(self, board: &Board) -> Move {
        Move::Group {
            from: board.coord(self.from),
            direction: self.direction,
            count: self.count,
        }
    }
}

/// One decision of the player who decides next.
///
/// The notation, with cells as signed coordinates `x,y` (relative to the round's first
/// cross centre, `y` growing north):
///
/// | move | notation | example |
/// |---|---|---|
/// | lay a cross centred on `x,y` at rotation `r` | `X<x>,<y>r<r>` | `X2,-1r3` |
/// | put a setup pawn on a white cell | `P<x>,<y>` | `P2,-1` |
/// | put an extra pawn on a single pawn | `E<x>,<y>` | `E0,0` |
/// | move `k` pawns `k` cells in a direction | `M<x>,<y><n/e/s/w><k>` | `M1,0n2` |
/// | put a scattered pawn on an empty cell | `S<x>,<y>` | `S-3,0` |
/// | pass (no group can move) | `pass` | `pass` |
///
/// ```
/// use crescendo::boardcore::{Direction, SignedCoord};
/// use crescendo::Move;
///
/// let mv: Move = "M1,-2n3".parse().unwrap();
/// assert_eq!(mv, Move::Group { from: SignedCoord::new(1, -2), direction: Direction::North, count: 3 });
/// assert_eq!(mv.destination(), Some(SignedCoord::new(1, 1)));
/// assert_eq!(mv.to_string(), "M1,-2n3");
/// assert_eq!(Move::group_between(SignedCoord::new(1, -2), SignedCoord::new(1, 1)), Some(mv));
/// assert!("M1,-2n0".parse::<Move>().is_err());
/// assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// Lay a cross (setup step 1).
    Cross(Cross),
    /// Put a pawn on an empty white cell (setup step 2).
    Pawn(SignedCoord),
    /// Put an extra pawn on one of your single pawns (setup step 3).
    Extra(SignedCoord),
    /// Move `count` pawns of the tower on `from` exactly `count` cells in `direction`.
    Group {
        /// The cell of the tower the group leaves.
        from: SignedCoord,
        /// The direction of the straight line.
        direction: Direction,
        /// The number of pawns moved, which is also the number of cells.
        count: u8,
    },
    /// Put one scattered pawn of the victim on an empty cell.
    Scatter(SignedCoord),
    /// Pass: allowed only when no group can move.
    Pass,
}

impl Move {
    /// The group move from `from` to `to`: `to` must lie in a straight orthogonal line from
    /// `from`, between 1 and 255 cells away (the distance is the group size).
    pub fn group_between(from: SignedCoord, to: SignedCoord) -> Option<Move> {
        let (dx, dy) = (
            i32::from(to.x) - i32::from(from.x),
            i32::from(to.y) - i32::from(from.y),
        );
        let direction = match (dx.signum(), dy.signum()) {
            (0, 1) => Direction::North,
            (1, 0) => Direction::East,
            (0, -1) => Direction::South,
            (-1, 0) => Direction::West,
            _ => return None,
        };
        let count = u8::try_from(dx.abs() + dy.abs()).ok()?;
        Some(Move::Group {
            from,
            direction,
            count,
        })
    }

    /// Where a group move lands (`count` cells from `from` in `direction`); `None` for
    /// other moves.
    pub fn destination(self) -> Option<SignedCoord> {
        match self {
            Move::Group {
                from,
                direction,
                count,
            } => {
                let (dx, dy) = direction.delta();
                Some(from.offset(
                    i16::from(dx) * i16::from(count),
                    i16::from(dy) * i16::from(count),
                ))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Cross(cross) => write!(f, "X{cross}"),
            Move::Pawn(at) => write!(f, "P{at}"),
            Move::Extra(at) => write!(f, "E{at}"),
            Move::Group {
                from,
                direction,
                count,
            } => write!(f, "M{from}{direction}{count}"),
            Move::Scatter(at) => write!(f, "S{at}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads the notation in any case (`m1,0N2` is `M1,0n2`, `PASS` is `pass`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        LetterCase::InitialUpper.read(text, read_move)
    }
}

/// Reads a move other than `pass`, written in the notation's case.
fn read_move(text: &str) -> Result<Move, ParseError> {
    let error = |reason: &str| ParseError::new("move", text, reason);
    let coord = |rest: &str| {
        rest.parse::<SignedCoord>().map_err(|_| {
            error("expected coordinates x,y in plain decimal (like 2,-1) after the move letter")
        })
    };
    let mut chars = text.chars();
    let letter = chars.next();
    let rest = chars.as_str();
    match letter {
        Some('X') => rest.parse().map(Move::Cross).map_err(|_| {
            error("a cross is X, its centre x,y in plain decimal, r and a rotation 0 to 3, like X2,-1r3")
        }),
        Some('P') => coord(rest).map(Move::Pawn),
        Some('E') => coord(rest).map(Move::Extra),
        Some('S') => coord(rest).map(Move::Scatter),
        Some('M') => {
            let split = rest
                .find(|c: char| c.is_ascii_alphabetic())
                .ok_or_else(|| error("a group move is M, x,y, a direction and a count"))?;
            let (from, tail) = rest.split_at(split);
            let mut tail_chars = tail.chars();
            let direction = tail_chars
                .next()
                .and_then(Direction::from_letter)
                .ok_or_else(|| error("the direction is one of n, e, s, w"))?;
            let digits = tail_chars.as_str();
            let count = parse_number::<u8>(digits)
                .filter(|&count| count > 0)
                .ok_or_else(|| error("the count is a number of pawns from 1"))?;
            Ok(Move::Group {
                from: coord(from)?,
                direction,
                count,
            })
        }
        _ => Err(error("a move starts with X, P, E, M or S, or is pass")),
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "X0,0r0", "X-12,3r3", "P2,-1", "E0,0", "M1,0n1", "M-3,-4w7", "M0,0e12", "S5,5", "pass",
        ] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_notation_is_refused() {
        for text in [
            "", "X", "X0,0", "X0,0r4", "P", "P1", "P1,", "P1,2,3", "E+1,2", "M1,2", "M1,2n",
            "M1,2n0", "M1,2n01", "M1,2x1", "M1,2n1a", "M1,2n300", "Mn1", "S", "Q1,2", "P01,2",
            "P-0,2", " pass", "P1,2 ",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }

    #[test]
    fn any_case_reads() {
        for (text, canonical) in [
            ("PASS", "pass"),
            ("m1,0N2", "M1,0n2"),
            ("x2,-1R3", "X2,-1r3"),
        ] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), canonical);
        }
        assert_eq!("q1,2".parse::<Move>().unwrap_err().input(), "q1,2");
    }

    #[test]
    fn groups_between_cells() {
        let origin = SignedCoord::ORIGIN;
        assert_eq!(Move::group_between(origin, origin), None);
        assert_eq!(Move::group_between(origin, SignedCoord::new(1, 1)), None);
        let west = Move::group_between(origin, SignedCoord::new(-2, 0)).unwrap();
        assert_eq!(west.to_string(), "M0,0w2");
        assert_eq!(west.destination(), Some(SignedCoord::new(-2, 0)));
        assert_eq!(Move::Pass.destination(), None);
    }
}
