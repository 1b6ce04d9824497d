//! The open cells: the empty cells next to the table, each with the terrains its
//! neighbours show towards it. The table keeps them up to date as tiles are laid, so that
//! move generation is a walk over a short sorted list.

use boardcore::{Direction, SignedCoord};

use crate::config::{BuildingMatch, TileSet};
use crate::key::{coord_of_key, key_of};
use crate::tile::{Building, PACKED_SIDES, SIDE_OF_TERRAIN, Terrain};

/// The most open cells: every open cell has an edge to a tile, and at most `2n + 4`
/// edges join a tile to an empty cell (see [`MAX_MOVES`](crate::MAX_MOVES)).
pub(crate) const MAX_OPEN: usize = 2 * TileSet::MAX_TILES + 4;

/// An empty cell next to the table: which of its sides touch a tile and the terrains those
/// tiles show towards it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Open {
    key: u16,
    /// Bits 0–3: the directions (by [`Direction::index`]) where a tile lies; bits 4–7: the
    /// terrains (by [`Terrain::index`]) those tiles show towards the cell.
    touch: u8,
    /// The terrain shown from each direction, two bits per [`Direction::index`] (zero
    /// where no tile lies).
    value: u8,
}

/// The two-bit-per-direction mask of a four-bit set of directions.
const SPREAD: [u8; 16] = {
    let mut table = [0u8; 16];
    let mut set = 0;
    while set < 16 {
        let mut direction = 0;
        while direction < 4 {
            if set & (1 << direction) != 0 {
                table[set] |= 0b11 << (2 * direction);
            }
            direction += 1;
        }
        set += 1;
    }
    table
};

impl Open {
    /// The cell.
    #[inline]
    pub(crate) fn at(self) -> SignedCoord {
        coord_of_key(self.key)
    }

    /// Whether the cell is a landscape cell of the checkerboard (`x + y` even).
    #[inline]
    pub(crate) fn is_landscape_cell(self) -> bool {
        // x + 128 and y + 128 have the parities of x and y.
        (self.key ^ self.key >> 8) & 1 == 0
    }

    /// The terrains shown towards the cell, as a set of [`Terrain::index`] bits.
    #[inline]
    pub(crate) fn faced_terrains(self) -> u8 {
        self.touch >> 4
    }

    /// The directions holding a tile, two bits each.
    #[inline]
    fn mask(self) -> u8 {
        SPREAD[usize::from(self.touch & 0xF)]
    }

    /// The rotations of `kind` that fit here under `rule`, as a set of
    /// [`Rotation::quarter_turns`](crate::Rotation::quarter_turns) bits: each landscape
    /// next to the cell admits exactly one rotation per kind (the one turning its terrain
    /// towards it); under `All` the rotation of the first landscape must suit every other.
    /// The cell must touch a landscape (every open building cell does).
    #[inline]
    pub(crate) fn rotations(self, kind: Building, rule: BuildingMatch) -> u8 {
        let rotation_for = |direction: u32| {
            let terrain = usize::from(self.value >> (2 * direction) & 0b11);
            let side = SIDE_OF_TERRAIN[kind.index() * 4 + terrain];
            (direction as u8 + 4 - side) & 3
        };
        match rule {
            BuildingMatch::All => {
                // The first landscape fixes the rotation; it must suit every other.
                let rotation = rotation_for(self.touch.trailing_zeros() & 3);
                let sides = PACKED_SIDES[kind.index() * 4 + usize::from(rotation)];
                u8::from((sides ^ self.value) & self.mask() == 0) << rotation
            }
            BuildingMatch::AtLeastOne => {
                let mut set = 0u8;
                let mut directions = self.touch & 0xF;
                while directions != 0 {
                    set |= 1 << rotation_for(directions.trailing_zeros());
                    directions &= directions - 1;
                }
                set
            }
        }
    }

    /// Records that the tile in `direction` shows `terrain` towards this cell.
    fn face(&mut self, direction: Direction, terrain: Terrain) {
        let shift = 2 * direction.index();
        self.touch |= 1 << direction.index() | 1 << (4 + terrain.index());
        self.value = self.value & !(0b11 << shift) | (terrain.index() as u8) << shift;
    }
}

/// The open cells sorted by cell (ascending `(y, x)`); unused entries stay at their
/// default so that equal lists are equal values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Frontier {
    open: [Open; MAX_OPEN],
    len: u8,
}

impl Frontier {
    pub(crate) const EMPTY: Frontier = Frontier {
        open: [Open {
            key: 0,
            touch: 0,
            value: 0,
        }; MAX_OPEN],
        len: 0,
    };

    /// The open cells, sorted by `(y, x)`.
    #[inline]
    pub(crate) fn cells(&self) -> &[Open] {
        &self.open[..usize::from(self.len)]
    }

    /// Closes the cell with sort key `key` (a tile was laid there).
    pub(crate) fn close(&mut self, key: u16) {
        let len = usize::from(self.len);
        if let Ok(index) = self.cells().binary_search_by_key(&key, |o| o.key) {
            self.open.copy_within(index + 1..len, index);
            self.open[len - 1] = Open::default();
            self.len -= 1;
        }
    }

    /// Records that the empty cell `at` has a tile in `direction` showing `terrain`
    /// towards it, opening the cell if needed; `false` when the cell is out of reach or
    /// the list is full (which the bound rules out).
    pub(crate) fn face(&mut self, at: SignedCoord, direction: Direction, terrain: Terrain) -> bool {
        let Some(key) = key_of(at) else {
            return false;
        };
        let len = usize::from(self.len);
        let index = match self.cells().binary_search_by_key(&key, |o| o.key) {
            Ok(index) => index,
            Err(index) => {
                if len >= MAX_OPEN {
                    return false;
                }
                self.open.copy_within(index..len, index + 1);
                self.open[index] = Open {
                    key,
                    touch: 0,
                    value: 0,
                };
                self.len += 1;
                index
            }
        };
        self.open[index].face(direction, terrain);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{Rotation, Tile};

    impl Open {
        /// Whether a building showing `sides` (packed as
        /// [`PACKED_SIDES`](crate::tile::PACKED_SIDES)) fits here under `rule`.
        fn accepts(self, sides: u8, rule: BuildingMatch) -> bool {
            let differ = (sides ^ self.value) & self.mask();
            match rule {
                BuildingMatch::All => differ == 0,
                BuildingMatch::AtLeastOne => {
                    // A side matches when both its bits agree and a landscape lies there.
                    let agree = !differ & self.mask();
                    agree & (agree >> 1) & 0b0101_0101 != 0
                }
            }
        }
    }

    #[test]
    fn buildings_are_matched_by_rule() {
        // Earth to the north and plain to the east.
        let mut open = Open::default();
        open.face(Direction::North, Terrain::Earth);
        open.face(Direction::East, Terrain::Plain);
        assert_eq!(
            open.faced_terrains(),
            1 << Terrain::Earth.index() | 1 << Terrain::Plain.index()
        );
        let kind = Building::ALL[0]; // wepf: north water, east earth, south plain, west forest
        let sides = |r: usize| crate::tile::PACKED_SIDES[kind.index() * 4 + r];
        // Rotation 3 shows earth north and plain east.
        assert!(open.accepts(sides(3), BuildingMatch::All));
        assert!(!open.accepts(sides(0), BuildingMatch::All));
        assert!(!open.accepts(sides(0), BuildingMatch::AtLeastOne));
        assert!(open.accepts(sides(3), BuildingMatch::AtLeastOne));
        for rule in [BuildingMatch::All, BuildingMatch::AtLeastOne] {
            for kind in Building::ALL {
                let expected = (0..4).fold(0, |set, r| {
                    let sides = crate::tile::PACKED_SIDES[kind.index() * 4 + r];
                    set | u8::from(open.accepts(sides, rule)) << r
                });
                assert_eq!(open.rotations(kind, rule), expected, "{kind} {rule}");
            }
        }
        assert_eq!(
            kind.side(Rotation::ALL[3], Direction::North),
            Terrain::Earth
        );
        let _ = Tile::Building(kind);
    }
}
