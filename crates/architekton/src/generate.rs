//! Generation of the tile placements: a walk over the open cells the table keeps, with the
//! terrains each one faces.

use core::ops::ControlFlow;

use crate::moves::Lay;
use crate::state::State;
use crate::tile::{Building, Rotation, Terrain, Tile};

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
    if state.can_house(state.mover()) {
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
    let rule = state.building_match();
    for &open in state.table.frontier().cells() {
        if open.is_landscape_cell() {
            let mut fits = open.faced_terrains() & terrains;
            let at = open.at();
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
        } else {
            let at = open.at();
            for &kind in kinds {
                let mut rotations = open.rotations(kind, rule);
                while rotations != 0 {
                    let rotation = Rotation::ALL[rotations.trailing_zeros() as usize & 3];
                    rotations &= rotations - 1;
                    let lay = Lay {
                        tile: Tile::Building(kind),
                        at,
                        rotation,
                    };
                    if emit(lay).is_break() {
                        return;
                    }
                }
            }
        }
    }
}

/// Whether the player to move can lay any tile: the placements are generated until one
/// is found.
pub(crate) fn can_lay(state: &State) -> bool {
    let mut found = false;
    for_each_lay(state, |_| {
        found = true;
        ControlFlow::Break(())
    });
    found
}
