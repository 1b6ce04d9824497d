//! The observation tensor of each game: the whole position (every game here has perfect
//! information) as values from 0 to 1, seats absolute: planes of the board, with a plane
//! saying who is to move, or for Architekton a flat vector.
//!
//! - Pyrga, shape `(12, 4, 4)` indexed `[plane, rank, file]`: squares of White and Black,
//!   triangles of White and Black, triangles pointing north, east, south and west,
//!   cylinders of White and Black, the cells where the next piece may go, and a plane of
//!   ones when White is to move.
//! - Pylos, shape `(4, 30)` indexed `[plane, spot]` (spots numbered `0a1` … `0d4`, `1a1` …
//!   `1c3`, `2a1` … `2b2`, `3a1`): Light's balls, Dark's balls, ones when Light is to move,
//!   ones when Dark is to move (both 0 once the game is over: take-backs make the mover no
//!   function of the balls).
//! - Architekton, shape `(936,)` ([`ARCHITEKTON_LEN`]): a flat vector, described field by field in
//!   `docs/python.md` (the 48 table slots with cell, tile, rotation and house, then the
//!   display, the unseen and discarded tiles, the reserves, the tile set, points, houses,
//!   turn, phase and the seat to move), since the table is a short list on an open board.
//! - Crescendo, shape `(16, 69, 69)` indexed `[plane, y + 34, x + 34]` (the cells
//!   `|x| + |y| ≤ 34` of the round's coordinates): the cell is white, or of the colour of
//!   seat 0, 1, 2 or 3 (5 planes), the height of each seat's tower there over 8 (4
//!   planes), ones for the seat to move (4 planes), ones when the round's setup is over
//!   (crosses, pawns and extras placed), the count of moves without progress over the
//!   limit that ends the round (0 outside the movement phase), and the round's moves over
//!   the limit of moves that ends it (0 before the movement phase).

use catalog::boardcore::{Actor, Direction, Game, Player, SignedCoord, Status};
use catalog::{AnyGame, architekton, crescendo, pylos, pyrga};

use crate::actions::{ARCHITEKTON_RADIUS, CRESCENDO_RADIUS};

/// The values of one of Architekton's table slots: the cell (2), the tile (10), its
/// rotation (4) and the house of each player (2).
const ARCHITEKTON_SLOT: usize = 2 + architekton::Tile::COUNT + 4 + 2;
/// The length of Architekton's observation: the table slots, then the counts of tiles
/// (display, unseen, tile set: 10 each; discarded 4; reserves 2), points, supply and
/// removed houses (2 each), turn, tiles laid this turn, the matching rule, the phase (8),
/// the building of a house move (2), the pending buildings (4 × 3), the redraws left, the
/// bankrupt player (2) and the seat to move (2).
pub const ARCHITEKTON_LEN: usize = architekton::TileSet::MAX_TILES * ARCHITEKTON_SLOT
    + 3 * architekton::Tile::COUNT
    + 4
    + 2
    + 3 * 2
    + 3
    + 8
    + 2
    + 4 * 3
    + 1
    + 2
    + 2;
/// The planes of Crescendo's observation.
const CRESCENDO_PLANES: usize = 16;
/// The side of Crescendo's square of cells.
const CRESCENDO_SIDE: usize = 2 * CRESCENDO_RADIUS as usize + 1;

/// The shape of the observation of game `name`, if it has one.
pub fn shape(name: &str) -> Option<Vec<usize>> {
    match name {
        "pyrga" => Some(vec![12, 4, 4]),
        "pylos" => Some(vec![4, pylos::Spot::COUNT]),
        "architekton" => Some(vec![ARCHITEKTON_LEN]),
        "crescendo" => Some(vec![CRESCENDO_PLANES, CRESCENDO_SIDE, CRESCENDO_SIDE]),
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
    let mut planes = vec![0.0; 4 * count];
    for spot in pylos::Spot::all() {
        if let Some(owner) = state.ball(spot) {
            planes[owner.index() * count + spot.index()] = 1.0;
        }
    }
    let status = state.status();
    for (plane, seat) in [(2, Player::FIRST), (3, Player::SECOND)] {
        if to_move(&status, seat) {
            planes[plane * count..(plane + 1) * count].fill(1.0);
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

/// A coordinate of Architekton's bounded board as a fraction: `-48` is 0, `48` is 1.
fn architekton_coordinate(value: i16) -> f32 {
    (f32::from(value) + ARCHITEKTON_RADIUS as f32) / (2 * ARCHITEKTON_RADIUS) as f32
}

/// A cell of Architekton's bounded board as two fractions (see
/// [`architekton_coordinate`]).
fn architekton_cell(at: SignedCoord) -> [f32; 2] {
    [architekton_coordinate(at.x), architekton_coordinate(at.y)]
}

/// Counts of tiles as fractions of the most a table holds.
fn tile_counts(counts: impl IntoIterator<Item = u8>) -> impl Iterator<Item = f32> {
    let most = architekton::TileSet::MAX_TILES as f32;
    counts.into_iter().map(move |count| f32::from(count) / most)
}

/// A one-hot of `count` values with a one at `index`.
fn one_hot(index: usize, count: usize) -> impl Iterator<Item = f32> {
    (0..count).map(move |at| if at == index { 1.0 } else { 0.0 })
}

/// See the module's documentation and `docs/python.md`.
fn architekton_planes(state: &architekton::State) -> Vec<f32> {
    use architekton::{HOUSES, Phase, Stack, Terrain, Tile};
    let mut values = Vec::with_capacity(ARCHITEKTON_LEN);
    let slots = architekton::TileSet::MAX_TILES;
    for placed in state.tiles().take(slots) {
        values.extend(architekton_cell(placed.at));
        values.extend(one_hot(placed.tile.index(), Tile::COUNT));
        values.extend(one_hot(usize::from(placed.rotation.quarter_turns() % 4), 4));
        values.extend(
            [Player::FIRST, Player::SECOND]
                .map(|seat| f32::from(u8::from(placed.house == Some(seat)))),
        );
    }
    values.resize(slots * ARCHITEKTON_SLOT, 0.0);
    let config = state.config();
    values.extend(tile_counts(state.display()));
    values.extend(tile_counts(Tile::ALL.map(|tile| state.unseen(tile))));
    values.extend(tile_counts(config.tiles.counts()));
    values.extend(tile_counts(
        Terrain::ALL.map(|terrain| state.discarded(terrain)),
    ));
    values.extend(tile_counts(
        Stack::ALL.map(|stack| state.reserve_left(stack)),
    ));
    let byte = |value: u8| f32::from(value) / f32::from(u8::MAX);
    let houses = |value: u8| f32::from(value) / f32::from(HOUSES);
    for seat in [Player::FIRST, Player::SECOND] {
        values.extend([
            byte(state.points(seat)),
            houses(state.supply(seat)),
            houses(state.removed(seat)),
        ]);
    }
    values.extend([
        byte(state.turn()),
        byte(state.laid_this_turn()),
        if config.building_match == architekton::BuildingMatch::All {
            0.0
        } else {
            1.0
        },
    ]);
    let phase = state.phase();
    let kind = match phase {
        Phase::Deal => 0,
        Phase::Lay => 1,
        Phase::House { .. } => 2,
        Phase::Decide(_) => 3,
        Phase::Refill => 4,
        Phase::Redraw { .. } => 5,
        Phase::Bankrupt(_) => 6,
        Phase::Over => 7,
    };
    values.extend(one_hot(kind, 8));
    let building = match phase {
        Phase::House { building } => architekton_cell(building),
        _ => [0.0; 2],
    };
    values.extend(building);
    let pending = match phase {
        Phase::Decide(pending) => pending.cells().to_vec(),
        _ => Vec::new(),
    };
    for slot in 0..4 {
        match pending.get(slot) {
            Some(&at) => values.extend([1.0, architekton_cell(at)[0], architekton_cell(at)[1]]),
            None => values.extend([0.0; 3]),
        }
    }
    let redraws = match phase {
        Phase::Redraw { left } => f32::from(left) / f32::from(architekton::DISPLAY_SIZE),
        _ => 0.0,
    };
    values.push(redraws);
    let bankrupt = match phase {
        Phase::Bankrupt(player) => Some(player),
        _ => None,
    };
    let status = state.status();
    for seat in [Player::FIRST, Player::SECOND] {
        values.push(if bankrupt == Some(seat) { 1.0 } else { 0.0 });
    }
    for seat in [Player::FIRST, Player::SECOND] {
        values.push(if to_move(&status, seat) { 1.0 } else { 0.0 });
    }
    values
}

/// See the module's documentation.
fn crescendo_planes(state: &crescendo::State) -> Vec<f32> {
    let area = CRESCENDO_SIDE * CRESCENDO_SIDE;
    let mut planes = vec![0.0; CRESCENDO_PLANES * area];
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
        planes[13 * area..14 * area].fill(1.0);
    }
    if let crescendo::Phase::Moving { idle, .. } = state.phase() {
        let fraction = f32::from(idle) / f32::from(state.idle_limit().max(1));
        planes[14 * area..15 * area].fill(fraction);
    }
    let moves = f32::from(state.round_moves()) / f32::from(state.round_move_limit().max(1));
    planes[15 * area..].fill(moves);
    planes
}
