//! Generation of the tile placements: a window around the table, the empty cells next to
//! it found with row masks, and each cell's neighbours read from a flat array.

use core::ops::ControlFlow;

use boardcore::{Direction, Frame, RowSet};

use crate::config::BuildingMatch;
use crate::moves::Lay;
use crate::state::State;
use crate::table::{MAX_TABLE, Slot, is_landscape_cell};
use crate::tile::{Building, PACKED_SIDES, Rotation, Terrain, Tile};

/// The most rows of the window. The table with the cell `1,0` added is edge-connected
/// (`1,0` touches both start tiles), so with `n` tiles its bounding box has
/// `width + height <= n + 2`; with a margin of one cell on each side, `width + height <= n +
/// 6`. So no side exceeds `MAX_TABLE + 5` (53, within a `u64` row).
const ROWS: usize = MAX_TABLE + 5;

/// The most cells of the window: `width + height <= MAX_TABLE + 6` bounds the area by
/// `((MAX_TABLE + 6) / 2)²`.
const CELLS: usize = (MAX_TABLE + 6) * (MAX_TABLE + 6) / 4;

/// The terrain pairs of one cell's neighbours, two bits per direction: which directions
/// hold a landscape (`mask`, both bits set) and its terrain (`value`).
#[derive(Clone, Copy)]
struct Requirement {
    mask: u8,
    value: u8,
}

impl Requirement {
    /// Whether a building showing `sides` (packed as [`PACKED_SIDES`]) fits under `rule`.
    #[inline]
    fn accepts(self, sides: u8, rule: BuildingMatch) -> bool {
        let differ = (sides ^ self.value) & self.mask;
        match rule {
            BuildingMatch::All => differ == 0,
            BuildingMatch::AtLeastOne => {
                // A direction matches when both its bits agree and it holds a landscape.
                let agree = !differ & self.mask;
                agree & (agree >> 1) & 0b0101_0101 != 0
            }
        }
    }
}

/// Calls `emit` with every legal placement of the player to move, in the documented
/// order: by cell (ascending `(y, x)`), then landscapes by terrain, then buildings by kind
/// and rotation, until `emit` breaks. Nothing is emitted outside a lay decision of a dealt
/// game.
pub(crate) fn for_each_lay(state: &State, mut emit: impl FnMut(Lay) -> ControlFlow<()>) {
    let mut terrains = 0u8;
    for terrain in Terrain::ALL {
        if state.in_display(Tile::Landscape(terrain)) > 0 {
            terrains |= 1 << terrain.index();
        }
    }
    let mut kinds = [Building::ALL[0]; Building::COUNT];
    let mut kind_count = 0;
    if state.can_house(state.to_move()) {
        for kind in Building::ALL {
            if state.in_display(Tile::Building(kind)) > 0 {
                kinds[kind_count] = kind;
                kind_count += 1;
            }
        }
    }
    let kinds = &kinds[..kind_count];
    if terrains == 0 && kinds.is_empty() {
        return;
    }
    let slots = state.table.slots();
    let Some(frame) = Frame::bounding(slots.iter().map(|s| s.at()), 1) else {
        return;
    };
    if frame.len() > CELLS || frame.height() > ROWS {
        return;
    }
    let mut occupied = RowSet::<ROWS>::new();
    // 1 + the tile's position in `slots`, 0 for an empty cell.
    let mut grid = [0u8; CELLS];
    for (number, slot) in slots.iter().enumerate() {
        let at = slot.at();
        occupied.insert(frame, at);
        if let Some(index) = frame.index(at) {
            grid[index] = number as u8 + 1;
        }
    }
    let neighbour = |at, direction: Direction| -> Option<Slot> {
        let index = frame.index(boardcore::SignedCoord::step(at, direction))?;
        let number = usize::from(*grid.get(index)?);
        number.checked_sub(1).and_then(|i| slots.get(i)).copied()
    };
    let rule = state.building_match();
    for at in occupied.neighbours(frame).iter(frame) {
        if is_landscape_cell(at) {
            if terrains == 0 {
                continue;
            }
            let mut facing = 0u8;
            for direction in Direction::ALL {
                if let Some(building) = neighbour(at, direction) {
                    facing |= 1 << building.side(direction.opposite()).index();
                }
            }
            let mut fits = facing & terrains;
            while fits != 0 {
                let terrain = Terrain::from_index(fits.trailing_zeros() as usize);
                fits &= fits - 1;
                if emit(Lay {
                    tile: Tile::Landscape(terrain),
                    at,
                    rotation: Rotation::NONE,
                })
                .is_break()
                {
                    return;
                }
            }
        } else if !kinds.is_empty() {
            let mut requirement = Requirement { mask: 0, value: 0 };
            for direction in Direction::ALL {
                if let Some(landscape) = neighbour(at, direction) {
                    let shift = 2 * direction.index();
                    requirement.mask |= 0b11 << shift;
                    requirement.value |= (landscape.terrain().index() as u8) << shift;
                }
            }
            for &kind in kinds {
                for rotation in Rotation::ALL {
                    let sides =
                        PACKED_SIDES[kind.index() * 4 + usize::from(rotation.quarter_turns())];
                    if requirement.accepts(sides, rule)
                        && emit(Lay {
                            tile: Tile::Building(kind),
                            at,
                            rotation,
                        })
                        .is_break()
                    {
                        return;
                    }
                }
            }
        }
    }
}

/// Whether the player to move can lay any tile, decided by cheap sufficient checks
/// first, then by generating placements until one is found.
///
/// - A building from the display fits when the southmost or the northmost tile (the first
///   or last of the table, sorted by `(y, x)`) is a landscape: the cell beyond it touches
///   no other tile, so the building turned to face that landscape matches under both
///   rules.
/// - A landscape from the display fits where an empty cell faces a building side of its
///   terrain.
pub(crate) fn can_lay(state: &State) -> bool {
    let slots = state.table.slots();
    let buildings_shown = state.can_house(state.to_move())
        && Building::ALL
            .iter()
            .any(|&k| state.in_display(Tile::Building(k)) > 0);
    let extreme_landscape = [slots.first(), slots.last()]
        .into_iter()
        .flatten()
        .any(|slot| !slot.is_building());
    if buildings_shown && extreme_landscape {
        return true;
    }
    let landscape_fits = slots.iter().any(|slot| {
        slot.is_building()
            && Direction::ALL.iter().any(|&direction| {
                state.in_display(Tile::Landscape(slot.side(direction))) > 0
                    && state.table.get(slot.at().step(direction)).is_none()
            })
    });
    if landscape_fits {
        return true;
    }
    if !buildings_shown {
        return false;
    }
    let mut found = false;
    for_each_lay(state, |_| {
        found = true;
        ControlFlow::Break(())
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requirements_follow_the_rules() {
        // A landscape of earth (1) to the north and of plain (2) to the east.
        let requirement = Requirement {
            mask: 0b0000_1111,
            value: 0b0000_1001,
        };
        let kind = Building::ALL[0]; // wepf: n w, e e, s p, w f
        let sides = |r: u8| PACKED_SIDES[kind.index() * 4 + r as usize];
        // Rotation 3: north earth, east plain.
        assert!(requirement.accepts(sides(3), BuildingMatch::All));
        assert!(!requirement.accepts(sides(0), BuildingMatch::All));
        // Rotation 0 shows earth to the east: no match; rotation 1 shows plain north: no.
        assert!(!requirement.accepts(sides(0), BuildingMatch::AtLeastOne));
        assert!(requirement.accepts(sides(3), BuildingMatch::AtLeastOne));
        const { assert!(CELLS >= 27 * 27 && ROWS <= 64) };
    }
}
