//! The tiles on the table: a list sorted by cell, so that equal tables are equal values and
//! a cell is found by binary search.

use boardcore::{Direction, Frame, Player, RowSet, SignedCoord};

use crate::config::TileSet;
use crate::frontier::Frontier;
use crate::key::{coord_of_key, key_of};
use crate::tile::{Building, Rotation, Terrain, Tile};

/// The most tiles the table can hold: every tile of the largest tile set.
pub(crate) const MAX_TABLE: usize = TileSet::MAX_TILES;

/// A tile lying on the table, as [`State::tiles`](crate::State::tiles) lists them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlacedTile {
    /// Its cell.
    pub at: SignedCoord,
    /// Its kind.
    pub tile: Tile,
    /// How it is turned ([`Rotation::NONE`] for a landscape).
    pub rotation: Rotation,
    /// The owner of the house on it (only a building can have one).
    pub house: Option<Player>,
}

impl PlacedTile {
    /// The terrain the tile shows towards `direction`: a landscape's terrain on every
    /// side, a building's side as turned.
    pub const fn side(&self, direction: Direction) -> Terrain {
        match self.tile {
            Tile::Landscape(terrain) => terrain,
            Tile::Building(kind) => kind.side(self.rotation, direction),
        }
    }
}

/// Whether a cell belongs to the landscapes' colour of the checkerboard (`x + y` even;
/// the buildings' cells have `x + y` odd).
pub(crate) const fn is_landscape_cell(at: SignedCoord) -> bool {
    (at.x as i32 + at.y as i32).rem_euclid(2) == 0
}

/// One tile on the table, packed in four bytes: the cell as a sort key, the kind and turn,
/// and the marks: the house and, for a building, how many landscapes touch it and how
/// many of them mismatch (kept up to date as tiles are laid, so scoring needs no search).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Slot {
    /// `(y + 128) << 8 | (x + 128)`: sorting by it sorts by `(y, x)`.
    key: u16,
    /// A landscape's terrain index (0–3), or `4 + kind * 4 + rotation` for a building.
    code: u8,
    /// Bits 0–1: 0 without a house, otherwise the owner's seat + 1; bits 2–4: the
    /// landscapes touching a building; bits 5–7: those of them that mismatch.
    marks: u8,
}

impl Slot {
    fn new(key: u16, tile: Tile, rotation: Rotation, house: Option<Player>) -> Slot {
        let code = match tile {
            Tile::Landscape(terrain) => terrain.index() as u8,
            Tile::Building(kind) => 4 + kind.index() as u8 * 4 + rotation.quarter_turns(),
        };
        Slot {
            key,
            code,
            marks: house.map_or(0, |p| p.index() as u8 + 1),
        }
    }

    /// The cell.
    #[inline]
    pub(crate) fn at(self) -> SignedCoord {
        coord_of_key(self.key)
    }

    /// The sort key of the cell.
    #[inline]
    pub(crate) fn key(self) -> u16 {
        self.key
    }

    /// Whether the tile is a building.
    #[inline]
    pub(crate) fn is_building(self) -> bool {
        self.code >= 4
    }

    /// The landscape's terrain (meaningless for a building).
    #[inline]
    pub(crate) fn terrain(self) -> Terrain {
        Terrain::from_index(self.code as usize)
    }

    /// For a building, its sides packed two bits per direction as in
    /// [`PACKED_SIDES`](crate::tile::PACKED_SIDES); for a landscape, its terrain on every
    /// side.
    #[inline]
    pub(crate) fn packed_sides(self) -> u8 {
        if self.is_building() {
            crate::tile::PACKED_SIDES[(self.code - 4) as usize % 24]
        } else {
            self.code * 0b0101_0101
        }
    }

    /// The terrain shown towards `direction`.
    #[inline]
    pub(crate) fn side(self, direction: Direction) -> Terrain {
        Terrain::from_index((self.packed_sides() >> (2 * direction.index())) as usize & 3)
    }

    /// The owner of the house on the tile.
    #[inline]
    pub(crate) fn house(self) -> Option<Player> {
        (self.marks & 0b11)
            .checked_sub(1)
            .and_then(|seat| Player::new(seat as usize))
    }

    pub(crate) fn set_house(&mut self, house: Option<Player>) {
        self.marks = self.marks & !0b11 | house.map_or(0, |p| p.index() as u8 + 1);
    }

    /// For a building: the landscapes touching it, and how many of them mismatch.
    #[inline]
    pub(crate) fn contacts(self) -> (u8, u8) {
        (self.marks >> 2 & 0b111, self.marks >> 5)
    }

    /// Counts one more landscape touching this building.
    fn add_contact(&mut self, mismatch: bool) {
        self.marks += 1 << 2 | u8::from(mismatch) << 5;
    }

    /// The public view.
    pub(crate) fn placed(self) -> PlacedTile {
        let (tile, rotation) = if self.is_building() {
            let index = (self.code - 4) as usize;
            (
                Tile::Building(Building::ALL[(index / 4) % Building::COUNT]),
                Rotation::ALL[index % 4],
            )
        } else {
            (Tile::Landscape(self.terrain()), Rotation::NONE)
        };
        PlacedTile {
            at: self.at(),
            tile,
            rotation,
            house: self.house(),
        }
    }
}

/// A cell looked up in the table (see [`Table::probe`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probe {
    at: SignedCoord,
    key: u16,
    index: usize,
    /// Whether a tile lies on the cell.
    pub(crate) taken: bool,
    /// The positions in [`Table::slots`] of the tiles next to the cell, by direction.
    pub(crate) neighbours: [Option<usize>; 4],
}

/// The tiles on the table, sorted by `(y, x)`, and the open cells around them; unused
/// entries stay at their default so that equal tables compare and hash equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Table {
    slots: [Slot; MAX_TABLE],
    len: u8,
    frontier: Frontier,
}

impl Table {
    pub(crate) const EMPTY: Table = Table {
        slots: [Slot {
            key: 0,
            code: 0,
            marks: 0,
        }; MAX_TABLE],
        len: 0,
        frontier: Frontier::EMPTY,
    };

    /// The tiles, sorted by `(y, x)`.
    #[inline]
    pub(crate) fn slots(&self) -> &[Slot] {
        &self.slots[..self.len as usize]
    }

    /// The empty cells next to the tiles.
    #[inline]
    pub(crate) fn frontier(&self) -> &Frontier {
        &self.frontier
    }

    /// Lays every tile again on an empty table, which recomputes the marks, then
    /// recomputes the open cells through a window (a check of the list kept move by move).
    pub(crate) fn rebuild(&mut self) {
        let old = *self;
        *self = Table::EMPTY;
        for slot in old.slots() {
            let placed = slot.placed();
            self.insert(placed.at, placed.tile, placed.rotation, placed.house);
        }
        self.frontier = self.computed_frontier();
    }

    /// The open cells of the table computed from scratch, through a window around it (the
    /// check of the list kept up to date move by move).
    pub(crate) fn computed_frontier(&self) -> Frontier {
        /// Rows enough for any table: `width + height <= MAX_TABLE + 6` with the margin.
        const ROWS: usize = MAX_TABLE + 5;
        let mut frontier = Frontier::EMPTY;
        let Some(frame) = Frame::bounding(self.slots().iter().map(|s| s.at()), 1) else {
            return frontier;
        };
        let mut occupied = RowSet::<ROWS>::new();
        for slot in self.slots() {
            occupied.insert(frame, slot.at());
        }
        for at in occupied.neighbours(frame).iter(frame) {
            for direction in Direction::ALL {
                if let Some(tile) = self.get(at.step(direction)) {
                    frontier.face(at, direction, tile.side(direction.opposite()));
                }
            }
        }
        frontier
    }

    /// The number of tiles.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    /// The position of the tile on `at` in [`Table::slots`].
    #[inline]
    fn find(&self, at: SignedCoord) -> Option<usize> {
        let key = key_of(at)?;
        self.slots().binary_search_by_key(&key, |s| s.key).ok()
    }

    /// The tile on `at`.
    #[inline]
    pub(crate) fn get(&self, at: SignedCoord) -> Option<Slot> {
        self.find(at).map(|index| self.slots[index])
    }

    /// The tile on `at`, to change its house.
    pub(crate) fn get_mut(&mut self, at: SignedCoord) -> Option<&mut Slot> {
        self.find(at).map(|index| &mut self.slots[index])
    }

    /// Where `at` stands in the table: its key, its place in the sorted list, whether a
    /// tile lies there, and the positions of its neighbours. `None` when the cell is out of
    /// the table's reach (no tile can be there or next to it).
    #[inline]
    pub(crate) fn probe(&self, at: SignedCoord) -> Option<Probe> {
        let key = key_of(at)?;
        let (index, taken) = match self.slots().binary_search_by_key(&key, |s| s.key) {
            Ok(index) => (index, true),
            Err(index) => (index, false),
        };
        Some(Probe {
            at,
            key,
            index,
            taken,
            neighbours: self.neighbour_positions(at, key, index),
        })
    }

    /// The tile at a position of a [`Probe`].
    #[inline]
    pub(crate) fn slot(&self, position: usize) -> Option<Slot> {
        self.slots().get(position).copied()
    }

    /// Lays a tile on an empty cell, keeping the marks of the buildings and the open cells
    /// up to date. Returns the tiles next to it by direction (with their marks updated),
    /// or `None` (and nothing changes) when the cell is taken, out of reach or the table is
    /// full.
    pub(crate) fn insert(
        &mut self,
        at: SignedCoord,
        tile: Tile,
        rotation: Rotation,
        house: Option<Player>,
    ) -> Option<[Option<Slot>; 4]> {
        let probe = self.probe(at)?;
        self.insert_probed(probe, tile, rotation, house)
    }

    /// [`Table::insert`] on a cell already probed (in this same table).
    pub(crate) fn insert_probed(
        &mut self,
        probe: Probe,
        tile: Tile,
        rotation: Rotation,
        house: Option<Player>,
    ) -> Option<[Option<Slot>; 4]> {
        let Probe {
            at,
            key,
            index,
            taken,
            mut neighbours,
        } = probe;
        let len = self.len();
        if taken || len >= MAX_TABLE {
            return None;
        }
        self.slots.copy_within(index..len, index + 1);
        let mut slot = Slot::new(key, tile, rotation, house);
        for (direction, found) in Direction::ALL.into_iter().zip(&mut neighbours) {
            match found {
                Some(position) => {
                    if *position >= index {
                        *position += 1;
                    }
                    let neighbour = &mut self.slots[*position];
                    if slot.is_building() {
                        slot.add_contact(
                            neighbour.side(direction.opposite()) != slot.side(direction),
                        );
                    } else if neighbour.is_building() {
                        neighbour.add_contact(
                            neighbour.side(direction.opposite()) != slot.side(direction),
                        );
                    }
                }
                None => {
                    self.frontier.face(
                        at.step(direction),
                        direction.opposite(),
                        slot.side(direction),
                    );
                }
            }
        }
        self.slots[index] = slot;
        self.len += 1;
        self.frontier.close(key);
        Some(neighbours.map(|found| found.map(|position| self.slots[position])))
    }

    /// The positions in [`Table::slots`] of the tiles next to the cell `at` (sort key
    /// `key`, which sorts at or just before position `index`), by direction. The west and
    /// east neighbours have the keys just below and above, so they sit right before
    /// `index` and at it (after the tile on `at`, if any); north and south are searched.
    #[inline]
    fn neighbour_positions(&self, at: SignedCoord, key: u16, index: usize) -> [Option<usize>; 4] {
        let slots = self.slots();
        let here = usize::from(slots.get(index).is_some_and(|s| s.key == key));
        let west = index
            .checked_sub(1)
            .filter(|&i| slots[i].key == key.wrapping_sub(1) && at.x > -128);
        let east = Some(index + here)
            .filter(|&i| slots.get(i).is_some_and(|s| s.key == key.wrapping_add(1)) && at.x < 127);
        [
            self.find(at.step(Direction::North)),
            east,
            self.find(at.step(Direction::South)),
            west,
        ]
    }

    /// The number of landscapes next to the building on `at`, and how many of them do not
    /// match the side they face.
    pub(crate) fn landscape_contacts(&self, at: SignedCoord) -> (u8, u8) {
        self.get(at).map_or((0, 0), Slot::contacts)
    }

    /// The houses `player` has on the table.
    pub(crate) fn houses_of(&self, player: Player) -> usize {
        self.slots()
            .iter()
            .filter(|s| s.house() == Some(player))
            .count()
    }

    /// The number of tiles of each kind on the table, in [`Tile::ALL`] order.
    pub(crate) fn counts(&self) -> [u8; Tile::COUNT] {
        let mut counts = [0u8; Tile::COUNT];
        for slot in self.slots() {
            counts[slot.placed().tile.index()] += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_pack_and_unpack() {
        let kind = Building::new(3).unwrap();
        let rotation = Rotation::new(2).unwrap();
        let at = SignedCoord::new(-5, 7);
        let slot = Slot::new(
            key_of(at).unwrap(),
            Tile::Building(kind),
            rotation,
            Some(Player::SECOND),
        );
        let placed = slot.placed();
        assert_eq!(placed.at, at);
        assert_eq!(placed.tile, Tile::Building(kind));
        assert_eq!(placed.rotation, rotation);
        assert_eq!(placed.house, Some(Player::SECOND));
        for direction in Direction::ALL {
            assert_eq!(slot.side(direction), kind.side(rotation, direction));
        }
        let plain = Slot::new(0, Tile::Landscape(Terrain::Plain), Rotation::NONE, None);
        assert!(
            Direction::ALL
                .iter()
                .all(|&d| plain.side(d) == Terrain::Plain)
        );
    }

    #[test]
    fn the_table_stays_sorted() {
        let mut table = Table::EMPTY;
        let plain = Tile::Landscape(Terrain::Plain);
        for (x, y) in [(1, 1), (0, 0), (-1, 1), (2, 0)] {
            assert!(
                table
                    .insert(SignedCoord::new(x, y), plain, Rotation::NONE, None)
                    .is_some()
            );
        }
        assert!(
            table
                .insert(SignedCoord::new(0, 0), plain, Rotation::NONE, None)
                .is_none()
        );
        let cells: Vec<_> = table.slots().iter().map(|s| (s.at().x, s.at().y)).collect();
        assert_eq!(cells, [(0, 0), (2, 0), (-1, 1), (1, 1)]);
        assert!(table.get(SignedCoord::new(2, 0)).is_some());
        assert!(table.get(SignedCoord::new(3, 0)).is_none());
        assert!(is_landscape_cell(SignedCoord::new(-1, 1)));
        assert!(!is_landscape_cell(SignedCoord::new(-1, 0)));
    }

    #[test]
    fn the_kept_list_matches_the_computed_one() {
        let mut table = Table::EMPTY;
        let plain = Tile::Landscape(Terrain::Plain);
        let kind = Tile::Building(Building::ALL[2]);
        table.insert(SignedCoord::ORIGIN, plain, Rotation::NONE, None);
        table.insert(SignedCoord::new(1, 1), plain, Rotation::NONE, None);
        table.insert(SignedCoord::new(1, 0), kind, Rotation::ALL[1], None);
        table.insert(SignedCoord::new(-1, 0), kind, Rotation::NONE, None);
        assert_eq!(table.frontier(), &table.computed_frontier());
        assert!(table.frontier().cells().len() > 4);
        let mut frontier = *table.frontier();
        let first = frontier.cells()[0];
        frontier.close(key_of(first.at()).unwrap());
        assert_eq!(frontier.cells().len(), table.frontier().cells().len() - 1);
    }
}
