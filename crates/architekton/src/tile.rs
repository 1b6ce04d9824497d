//! Terrains, tiles and rotations.

use core::fmt;
use core::str::FromStr;

/// Building tiles turn by the shared quarter-turn rotation.
pub use boardcore::Rotation;
use boardcore::{Direction, ParseError};

/// One of the four terrains of the landscapes and of the sides of the buildings.
///
/// The text form is one lower-case letter: `w` water, `e` earth, `p` plain, `f` forest.
///
/// ```
/// use architekton::Terrain;
///
/// assert_eq!("p".parse::<Terrain>().unwrap(), Terrain::Plain);
/// assert_eq!(Terrain::Forest.to_string(), "f");
/// assert_eq!(Terrain::Earth.index(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Terrain {
    /// Water, `w`.
    Water,
    /// Earth, `e`.
    Earth,
    /// Plain, `p`.
    Plain,
    /// Forest, `f`.
    Forest,
}

impl Terrain {
    /// The four terrains in their fixed order (water, earth, plain, forest).
    pub const ALL: [Terrain; 4] = [
        Terrain::Water,
        Terrain::Earth,
        Terrain::Plain,
        Terrain::Forest,
    ];

    /// The position in [`Terrain::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The terrain at `index` of [`Terrain::ALL`] (taken modulo 4).
    pub const fn from_index(index: usize) -> Terrain {
        Terrain::ALL[index % 4]
    }

    /// The letter of the text form.
    pub const fn letter(self) -> char {
        match self {
            Terrain::Water => 'w',
            Terrain::Earth => 'e',
            Terrain::Plain => 'p',
            Terrain::Forest => 'f',
        }
    }

    /// The terrain of a letter of the text form.
    pub const fn from_letter(letter: char) -> Option<Terrain> {
        match letter {
            'w' => Some(Terrain::Water),
            'e' => Some(Terrain::Earth),
            'p' => Some(Terrain::Plain),
            'f' => Some(Terrain::Forest),
            _ => None,
        }
    }

    /// The English name, in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Water => "water",
            Terrain::Earth => "earth",
            Terrain::Plain => "plain",
            Terrain::Forest => "forest",
        }
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Terrain {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.chars();
        match (chars.next().and_then(Terrain::from_letter), chars.next()) {
            (Some(terrain), None) => Ok(terrain),
            _ => Err(ParseError::new(
                "terrain",
                text,
                "expected w (water), e (earth), p (plain) or f (forest)",
            )),
        }
    }
}

/// The six cyclic orders of the four terrains, as `[north, east, south, west]` at
/// rotation 0, each starting with water. Their index is the [`Building`]'s index.
const ORDERS: [[Terrain; 4]; 6] = {
    use Terrain::{Earth as E, Forest as F, Plain as P, Water as W};
    [
        [W, E, P, F],
        [W, E, F, P],
        [W, P, E, F],
        [W, P, F, E],
        [W, F, E, P],
        [W, F, P, E],
    ]
};

/// The sides of every building kind in every rotation, two bits per direction
/// ([`Direction::index`] `d` at bits `2d..2d+2`) holding the terrain's index. Indexed by
/// `kind * 4 + rotation`.
pub(crate) const PACKED_SIDES: [u8; 24] = {
    let mut table = [0u8; 24];
    let mut kind = 0;
    while kind < 6 {
        let mut rotation = 0;
        while rotation < 4 {
            let mut packed = 0u8;
            let mut direction = 0;
            while direction < 4 {
                let terrain = ORDERS[kind][(direction + 4 - rotation) % 4];
                packed |= (terrain as u8) << (2 * direction);
                direction += 1;
            }
            table[kind * 4 + rotation] = packed;
            rotation += 1;
        }
        kind += 1;
    }
    table
};

/// For every building kind and terrain, the side (as [`Direction::index`]) showing that
/// terrain at rotation 0. Indexed by `kind * 4 + terrain`.
pub(crate) const SIDE_OF_TERRAIN: [u8; 24] = {
    let mut table = [0u8; 24];
    let mut kind = 0;
    while kind < 6 {
        let mut side = 0;
        while side < 4 {
            table[kind * 4 + ORDERS[kind][side] as usize] = side as u8;
            side += 1;
        }
        kind += 1;
    }
    table
};

/// A kind of building tile: the order in which its four sides show the four terrains,
/// clockwise. Up to rotation there are six such orders; they are numbered 0 to 5 and
/// written by their sides from north clockwise at rotation 0, starting with water:
///
/// | index | text | north | east | south | west |
/// |---|---|---|---|---|---|
/// | 0 | `wepf` | water | earth | plain | forest |
/// | 1 | `wefp` | water | earth | forest | plain |
/// | 2 | `wpef` | water | plain | earth | forest |
/// | 3 | `wpfe` | water | plain | forest | earth |
/// | 4 | `wfep` | water | forest | earth | plain |
/// | 5 | `wfpe` | water | forest | plain | earth |
///
/// A [`Rotation`] of `r` quarter-turns clockwise moves the side written first (water) from
/// north to the `r`-th direction clockwise.
///
/// ```
/// use architekton::{Building, Rotation, Terrain};
/// use architekton::boardcore::Direction;
///
/// let kind: Building = "wepf".parse().unwrap();
/// assert_eq!(kind.index(), 0);
/// assert_eq!(kind.side(Rotation::NONE, Direction::East), Terrain::Earth);
/// // One quarter-turn: water faces east, forest (west before) faces north.
/// let turned = Rotation::new(1).unwrap();
/// assert_eq!(kind.side(turned, Direction::East), Terrain::Water);
/// assert_eq!(kind.side(turned, Direction::North), Terrain::Forest);
/// assert_eq!(kind.rotation_facing(Terrain::Water, Direction::East), turned);
/// assert!("pfwe".parse::<Building>().is_err()); // not written from water
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Building(u8);

impl Building {
    /// The number of building kinds.
    pub const COUNT: usize = 6;

    /// The six kinds in index order.
    pub const ALL: [Building; 6] = [
        Building(0),
        Building(1),
        Building(2),
        Building(3),
        Building(4),
        Building(5),
    ];

    /// The kind numbered `index`, if it is 0 to 5.
    pub const fn new(index: usize) -> Option<Building> {
        if index < Building::COUNT {
            Some(Building(index as u8))
        } else {
            None
        }
    }

    /// The kind's number, 0 to 5.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The sides at rotation 0: north, east, south, west.
    pub const fn sides(self) -> [Terrain; 4] {
        ORDERS[self.index() % Building::COUNT]
    }

    /// The terrain the side facing `direction` shows when the tile lies turned by
    /// `rotation`.
    #[inline]
    pub const fn side(self, rotation: Rotation, direction: Direction) -> Terrain {
        let packed =
            PACKED_SIDES[(self.index() % Building::COUNT) * 4 + rotation.quarter_turns() as usize];
        Terrain::from_index((packed >> (2 * direction.index())) as usize & 3)
    }

    /// The one rotation that turns the side showing `terrain` towards `direction`.
    #[inline]
    pub const fn rotation_facing(self, terrain: Terrain, direction: Direction) -> Rotation {
        let at = SIDE_OF_TERRAIN[(self.index() % Building::COUNT) * 4 + terrain.index()] as usize;
        Rotation::between(Direction::from_index(at), direction)
    }
}

impl fmt::Display for Building {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for terrain in self.sides() {
            write!(f, "{terrain}")?;
        }
        Ok(())
    }
}

impl FromStr for Building {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Building::ALL
            .into_iter()
            .find(|kind| {
                let mut sides = kind.sides().into_iter();
                text.chars().all(|c| sides.next().map(Terrain::letter) == Some(c))
                    && sides.next().is_none()
            })
            .ok_or_else(|| {
                ParseError::new(
                    "building",
                    text,
                    "expected the four terrain letters from water clockwise: wepf, wefp, wpef, wpfe, wfep or wfpe",
                )
            })
    }
}

/// Which of the two stacks a tile comes from.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Stack {
    /// The landscape tiles.
    Landscape,
    /// The building tiles.
    Building,
}

impl Stack {
    /// Both stacks, landscapes first.
    pub const ALL: [Stack; 2] = [Stack::Landscape, Stack::Building];

    /// 0 for landscapes, 1 for buildings.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The tiles of this stack, in [`Tile::ALL`] order.
    pub(crate) const fn tile_range(self) -> core::ops::Range<usize> {
        match self {
            Stack::Landscape => 0..4,
            Stack::Building => 4..Tile::COUNT,
        }
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stack::Landscape => "landscape",
            Stack::Building => "building",
        })
    }
}

/// A kind of tile: a landscape of one terrain, or a building of one kind.
///
/// The text form is the terrain's letter for a landscape (`p`) and the kind's four letters
/// for a building (`wepf`). Tiles of one kind are interchangeable, so the kind is all a
/// move or a draw names.
///
/// ```
/// use architekton::{Building, Terrain, Tile};
///
/// let plain: Tile = "p".parse().unwrap();
/// assert_eq!(plain, Tile::Landscape(Terrain::Plain));
/// let kind: Tile = "wfpe".parse().unwrap();
/// assert_eq!(kind, Tile::Building(Building::new(5).unwrap()));
/// assert_eq!(kind.index(), 9);
/// assert_eq!(Tile::from_index(9), Some(kind));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Tile {
    /// A landscape tile.
    Landscape(Terrain),
    /// A building tile.
    Building(Building),
}

impl Tile {
    /// The number of tile kinds: 4 landscapes and 6 buildings.
    pub const COUNT: usize = 10;

    /// Every kind: the landscapes in terrain order, then the buildings in kind order. A
    /// kind's position here is its [`Tile::index`].
    pub const ALL: [Tile; 10] = [
        Tile::Landscape(Terrain::Water),
        Tile::Landscape(Terrain::Earth),
        Tile::Landscape(Terrain::Plain),
        Tile::Landscape(Terrain::Forest),
        Tile::Building(Building(0)),
        Tile::Building(Building(1)),
        Tile::Building(Building(2)),
        Tile::Building(Building(3)),
        Tile::Building(Building(4)),
        Tile::Building(Building(5)),
    ];

    /// The position in [`Tile::ALL`]: 0–3 landscapes, 4–9 buildings.
    pub const fn index(self) -> usize {
        match self {
            Tile::Landscape(terrain) => terrain.index(),
            Tile::Building(kind) => 4 + kind.index(),
        }
    }

    /// The kind at `index` of [`Tile::ALL`].
    pub const fn from_index(index: usize) -> Option<Tile> {
        if index < Tile::COUNT {
            Some(Tile::ALL[index])
        } else {
            None
        }
    }

    /// The stack the tile belongs to.
    pub const fn stack(self) -> Stack {
        match self {
            Tile::Landscape(_) => Stack::Landscape,
            Tile::Building(_) => Stack::Building,
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Landscape(terrain) => write!(f, "{terrain}"),
            Tile::Building(kind) => write!(f, "{kind}"),
        }
    }
}

impl FromStr for Tile {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.chars().count() == 1 {
            text.parse().map(Tile::Landscape)
        } else {
            text.parse().map(Tile::Building)
        }
        .map_err(|_| {
            ParseError::new(
                "tile",
                text,
                "expected a terrain letter (w, e, p, f) or a building (wepf, wefp, wpef, wpfe, wfep, wfpe)",
            )
        })
    }
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(Terrain);
#[cfg(feature = "serde")]
boardcore::serde_as_text!(Building);
#[cfg(feature = "serde")]
boardcore::serde_as_text!(Tile);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_shows_each_terrain_once() {
        for kind in Building::ALL {
            for rotation in Rotation::ALL {
                let mut seen = [false; 4];
                for direction in Direction::ALL {
                    seen[kind.side(rotation, direction).index()] = true;
                }
                assert_eq!(seen, [true; 4], "{kind} {rotation:?}");
            }
        }
    }

    #[test]
    fn the_orders_are_the_six_cyclic_orders() {
        // No two kinds are rotations of each other.
        for a in Building::ALL {
            for b in Building::ALL {
                let same = Rotation::ALL.iter().any(|&r| {
                    Direction::ALL
                        .iter()
                        .all(|&d| a.side(Rotation::NONE, d) == b.side(r, d))
                });
                assert_eq!(same, a == b, "{a} {b}");
            }
        }
    }

    #[test]
    fn rotation_facing_puts_the_terrain_there() {
        for kind in Building::ALL {
            for terrain in Terrain::ALL {
                for direction in Direction::ALL {
                    let rotation = kind.rotation_facing(terrain, direction);
                    assert_eq!(kind.side(rotation, direction), terrain);
                }
            }
        }
        assert_eq!(
            Rotation::between(Direction::West, Direction::North),
            Rotation::new(1).unwrap()
        );
    }

    #[test]
    fn tile_text_round_trips() {
        for tile in Tile::ALL {
            assert_eq!(tile.to_string().parse::<Tile>().unwrap(), tile);
            assert_eq!(Tile::from_index(tile.index()), Some(tile));
        }
        for bad in ["", "x", "W", "wepff", "wepp", "pwef", "ww"] {
            assert!(bad.parse::<Tile>().is_err(), "{bad}");
        }
        assert!("pp".parse::<Terrain>().is_err());
    }
}
