//! The observation tensor of each game: the whole position (every game here has perfect
//! information) as planes of 0 and 1, seats absolute, with a plane saying who is to move.
//!
//! - Pyrga, shape `(12, 4, 4)` indexed `[plane, rank, file]`: squares of White and Black,
//!   triangles of White and Black, triangles pointing north, east, south and west,
//!   cylinders of White and Black, the cells where the next piece may go, and a plane of
//!   ones when White is to move.
//! - Pylos, shape `(3, 30)` indexed `[plane, spot]` (spots numbered `0a1` … `0d4`, `1a1` …
//!   `1c3`, `2a1` … `2b2`, `3a1`): Light's balls, Dark's balls, ones when Light is to move.
//!
//! - Architekton, shape `(17, 97, 97)` indexed `[plane, y + 48, x + 48]` (the cells
//!   `|x| + |y| ≤ 48` of the action space): the tile on the cell (10 planes, in the order
//!   `W E P F` then the six buildings), its rotation of 0 to 3 quarter turns (4 planes),
//!   the house of Blue and of Orange on it, and a plane of ones when Blue is to move.
//! - Crescendo, shape `(14, 69, 69)` indexed `[plane, y + 34, x + 34]` (the cells
//!   `|x| + |y| ≤ 34` of the round's coordinates): the cell is white, or of the colour of
//!   seat 0, 1, 2 or 3 (5 planes), the height of each seat's tower there over 8 (4
//!   planes), ones for the seat to move (4 planes), and ones when the round's setup is over
//!   (crosses, pawns and extras placed).

use catalog::boardcore::{Actor, Direction, Game, Player, Status};
use catalog::{AnyGame, architekton, crescendo, pylos, pyrga};

use crate::actions::{ARCHITEKTON_RADIUS, CRESCENDO_RADIUS};

/// The side of Architekton's square of cells.
const ARCHITEKTON_SIDE: usize = 2 * ARCHITEKTON_RADIUS as usize + 1;
/// The side of Crescendo's square of cells.
const CRESCENDO_SIDE: usize = 2 * CRESCENDO_RADIUS as usize + 1;

/// The shape of the observation of game `name`, if it has one.
pub fn shape(name: &str) -> Option<Vec<usize>> {
    match name {
        "pyrga" => Some(vec![12, 4, 4]),
        "pylos" => Some(vec![3, pylos::Spot::COUNT]),
        "architekton" => Some(vec![17, ARCHITEKTON_SIDE, ARCHITEKTON_SIDE]),
        "crescendo" => Some(vec![14, CRESCENDO_SIDE, CRESCENDO_SIDE]),
        _ => None,
    }
}

/// Whether `player` is to move in a game of `status`.
fn to_move(status: &Status, player: Player) -> bool {
    matches!(status, Status::Ongoing(Actor::Player(p)) if *p == player)
}

/// The observation of `game`, flat in the order of its [`shape`], if the game has one.
pub fn observe(game: &AnyGame) -> Option<Vec<f32>> {
    match game {
        AnyGame::Pyrga(session) => Some(pyrga_planes(session.state())),
        AnyGame::Pylos(session) => Some(pylos_planes(session.state())),
        AnyGame::Architekton(session) => Some(architekton_planes(session.state())),
        AnyGame::Crescendo(session) => Some(crescendo_planes(session.state())),
    }
}

/// See the module's documentation.
fn pyrga_planes(state: &pyrga::State) -> Vec<f32> {
    let mut planes = vec![0.0; 12 * 16];
    let mut set = |plane: usize, cell: usize| planes[plane * 16 + cell] = 1.0;
    let targets = state.target_cells();
    let seat = |player: Player| player.index();
    for cell in pyrga::Cell::all() {
        let at = cell.index();
        let tower = state.tower(cell);
        if let Some(owner) = tower.square {
            set(seat(owner), at);
        }
        if let Some((owner, direction)) = tower.triangle {
            set(2 + seat(owner), at);
            let pointing = match direction {
                Direction::North => 0,
                Direction::East => 1,
                Direction::South => 2,
                Direction::West => 3,
            };
            set(4 + pointing, at);
        }
        if let Some(owner) = tower.cylinder {
            set(8 + seat(owner), at);
        }
        if targets.contains(at) {
            set(10, at);
        }
        if to_move(&state.status(), Player::FIRST) {
            set(11, at);
        }
    }
    planes
}

/// See the module's documentation.
fn pylos_planes(state: &pylos::State) -> Vec<f32> {
    let count = pylos::Spot::COUNT;
    let mut planes = vec![0.0; 3 * count];
    let light = to_move(&state.status(), Player::FIRST);
    for spot in pylos::Spot::all() {
        let at = spot.index();
        if let Some(owner) = state.ball(spot) {
            planes[owner.index() * count + at] = 1.0;
        }
        if light {
            planes[2 * count + at] = 1.0;
        }
    }
    planes
}

/// The index of cell `(x, y)` in a square of side `side` centred on the origin, if inside.
fn square_index(x: i16, y: i16, side: usize) -> Option<usize> {
    let radius = (side / 2) as i32;
    let (column, row) = (i32::from(x) + radius, i32::from(y) + radius);
    let inside = |value: i32| (0..side as i32).contains(&value);
    (inside(column) && inside(row)).then(|| row as usize * side + column as usize)
}

/// See the module's documentation.
fn architekton_planes(state: &architekton::State) -> Vec<f32> {
    let area = ARCHITEKTON_SIDE * ARCHITEKTON_SIDE;
    let mut planes = vec![0.0; 17 * area];
    for placed in state.tiles() {
        let Some(at) = square_index(placed.at.x, placed.at.y, ARCHITEKTON_SIDE) else {
            continue;
        };
        planes[placed.tile.index() * area + at] = 1.0;
        planes[(10 + placed.rotation.quarter_turns() as usize % 4) * area + at] = 1.0;
        if let Some(owner) = placed.house {
            planes[(14 + owner.index()) * area + at] = 1.0;
        }
    }
    if to_move(&state.status(), Player::FIRST) {
        planes[16 * area..].fill(1.0);
    }
    planes
}

/// See the module's documentation.
fn crescendo_planes(state: &crescendo::State) -> Vec<f32> {
    let area = CRESCENDO_SIDE * CRESCENDO_SIDE;
    let mut planes = vec![0.0; 14 * area];
    let board = state.board();
    for cell in board.cells() {
        let coord = board.coord(cell);
        let Some(at) = square_index(coord.x, coord.y, CRESCENDO_SIDE) else {
            continue;
        };
        let colour = board
            .colour(cell)
            .player()
            .map_or(0, |seat| 1 + seat.index());
        planes[colour * area + at] = 1.0;
        if let Some(tower) = state.tower(cell) {
            planes[(5 + tower.owner.index()) * area + at] = f32::from(tower.height) / 8.0;
        }
    }
    if let Status::Ongoing(Actor::Player(player)) = state.status() {
        let plane = 9 + player.index();
        planes[plane * area..(plane + 1) * area].fill(1.0);
    }
    if matches!(
        state.phase(),
        crescendo::Phase::Moving { .. } | crescendo::Phase::Scattering { .. }
    ) {
        planes[13 * area..].fill(1.0);
    }
    planes
}
