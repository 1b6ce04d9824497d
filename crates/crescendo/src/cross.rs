//! The crosses the board is made of, their rotations and the colours of their cells.

use core::fmt;
use core::str::FromStr;

use boardcore::{Direction, ParseError, Player, SignedCoord};

/// How a cross is turned: 0 to 3 quarter-turns clockwise (boardcore's [`Rotation`]).
///
/// At rotation 0 the arms carry colour 0 to the north, 1 to the east, 2 to the south and
/// 3 to the west; rotation `r` turns them `r` quarter-turns clockwise, so colour `c`
/// points in [`Direction::from_index`]`(c + r)`. The text form is the digit.
///
/// ```
/// use crescendo::boardcore::{Direction, Player};
/// use crescendo::{Rotation, arm_direction, colour_towards};
///
/// let turned = Rotation::new(1).unwrap();
/// assert_eq!(arm_direction(turned, Player::FIRST), Direction::East);
/// assert_eq!(colour_towards(turned, Direction::South), Player::SECOND);
/// ```
pub use boardcore::Rotation;

/// Where the arm of colour `colour` points on a cross turned by `rotation`.
pub const fn arm_direction(rotation: Rotation, colour: Player) -> Direction {
    rotation.turn(Direction::from_index(colour.index()))
}

/// The colour of the arm pointing in `direction` on a cross turned by `rotation`.
pub const fn colour_towards(rotation: Rotation, direction: Direction) -> Player {
    match Player::new(rotation.inverse().turn(direction).index()) {
        Some(player) => player,
        None => Player::FIRST,
    }
}

/// The colour of a cell: white (a cross's centre) or a player's colour (an arm).
///
/// Players keep the colour of their seat for the whole match; a tower on a cell of its
/// owner's colour is protected.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Colour {
    /// A cross's centre: pawns are set up here, and it protects nobody.
    White,
    /// An arm in the colour of this seat.
    Player(Player),
}

impl Colour {
    /// The seat whose colour this is; `None` for white.
    pub const fn player(self) -> Option<Player> {
        match self {
            Colour::White => None,
            Colour::Player(player) => Some(player),
        }
    }
}

impl fmt::Display for Colour {
    /// `W` for white, the seat digit for a player's colour.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Colour::White => f.write_str("W"),
            Colour::Player(player) => write!(f, "{player}"),
        }
    }
}

/// A cross laid on the table: a plus-shaped pentomino with a white centre and four arms in
/// the four players' colours, at a centre cell and a rotation.
///
/// The text form is the centre, `r` and the rotation: `2,-1r3`.
///
/// ```
/// use crescendo::boardcore::{Player, SignedCoord};
/// use crescendo::{Colour, Cross, Rotation};
///
/// let cross: Cross = "2,-1r1".parse().unwrap();
/// assert_eq!(cross.centre, SignedCoord::new(2, -1));
/// // Rotation 1: colour 0 points east.
/// assert_eq!(cross.arm(Player::FIRST), SignedCoord::new(3, -1));
/// assert_eq!(cross.colour_at(SignedCoord::new(3, -1)), Some(Colour::Player(Player::FIRST)));
/// assert_eq!(cross.colour_at(SignedCoord::new(2, -1)), Some(Colour::White));
/// assert_eq!(cross.colour_at(SignedCoord::new(3, 0)), None);
/// assert_eq!(cross.to_string(), "2,-1r1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cross {
    /// The white centre cell.
    pub centre: SignedCoord,
    /// How the arms are turned.
    pub rotation: Rotation,
}

impl Cross {
    /// The cross centred on `centre` turned by `rotation`.
    pub const fn new(centre: SignedCoord, rotation: Rotation) -> Cross {
        Cross { centre, rotation }
    }

    /// The cell of the arm of colour `colour`.
    pub const fn arm(self, colour: Player) -> SignedCoord {
        self.arm_of_colour(colour.index())
    }

    /// The cell of the arm of colour number `colour` (taken modulo 4).
    const fn arm_of_colour(self, colour: usize) -> SignedCoord {
        self.centre.step(Direction::from_index(
            colour + self.rotation.quarter_turns() as usize,
        ))
    }

    /// The five cells: the centre, then the arms of colours 0, 1, 2 and 3.
    pub const fn cells(self) -> [SignedCoord; 5] {
        [
            self.centre,
            self.arm_of_colour(0),
            self.arm_of_colour(1),
            self.arm_of_colour(2),
            self.arm_of_colour(3),
        ]
    }

    /// Which of [`Cross::cells`] `cell` is (0 for the centre, `1 + colour` for an arm), if
    /// it belongs to this cross.
    pub(crate) const fn slot_of(self, cell: SignedCoord) -> Option<usize> {
        let dx = cell.x as i32 - self.centre.x as i32;
        let dy = cell.y as i32 - self.centre.y as i32;
        let direction = match (dx, dy) {
            (0, 0) => return Some(0),
            (0, 1) => Direction::North,
            (1, 0) => Direction::East,
            (0, -1) => Direction::South,
            (-1, 0) => Direction::West,
            _ => return None,
        };
        Some(1 + colour_towards(self.rotation, direction).index())
    }

    /// The colour of `cell` if it belongs to this cross.
    pub const fn colour_at(self, cell: SignedCoord) -> Option<Colour> {
        match self.slot_of(cell) {
            None => None,
            Some(slot) => Some(slot_colour(slot)),
        }
    }
}

/// The colour of the cell in slot `slot` of a cross (0 the centre, `1 + c` colour `c`).
pub(crate) const fn slot_colour(slot: usize) -> Colour {
    match slot {
        1..=4 => match Player::new(slot - 1) {
            Some(player) => Colour::Player(player),
            None => Colour::White,
        },
        _ => Colour::White,
    }
}

impl fmt::Display for Cross {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}r{}", self.centre, self.rotation)
    }
}

impl FromStr for Cross {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || {
            ParseError::new(
                "cross",
                text,
                "expected a centre x,y, r and a rotation 0 to 3, like 2,-1r3",
            )
        };
        let (centre, rotation) = text.split_once('r').ok_or_else(error)?;
        Ok(Cross {
            centre: centre.parse().map_err(|_| error())?,
            rotation: rotation.parse().map_err(|_| error())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arms_follow_the_rotation() {
        let origin = SignedCoord::ORIGIN;
        for rotation in Rotation::ALL {
            let cross = Cross::new(origin, rotation);
            let cells = cross.cells();
            assert_eq!(cells[0], origin);
            for colour in Player::seats(4) {
                let arm = cells[1 + colour.index()];
                assert_eq!(arm, cross.arm(colour));
                assert_eq!(origin.manhattan(arm), 1);
                assert_eq!(cross.colour_at(arm), Some(Colour::Player(colour)));
                assert_eq!(
                    colour_towards(rotation, arm_direction(rotation, colour)),
                    colour
                );
            }
        }
        let turned = Cross::new(origin, Rotation::ALL[2]);
        assert_eq!(turned.arm(Player::FIRST), SignedCoord::new(0, -1));
        assert_eq!(turned.arm(Player::new(3).unwrap()), SignedCoord::new(1, 0));
    }

    #[test]
    fn cross_text() {
        for text in ["0,0r0", "-3,12r2", "5,-7r3"] {
            assert_eq!(text.parse::<Cross>().unwrap().to_string(), text);
        }
        for bad in ["", "0,0", "0,0r4", "0,0r", "r1", "0,0r01", "0;0r1", "0,0R1"] {
            assert!(bad.parse::<Cross>().is_err(), "{bad}");
        }
    }
}
