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
//! Architekton and Crescendo have none yet.

use catalog::boardcore::{Actor, Direction, Game, Player, Status};
use catalog::{AnyGame, pylos, pyrga};

/// The shape of the observation of game `name`, if it has one.
pub fn shape(name: &str) -> Option<Vec<usize>> {
    match name {
        "pyrga" => Some(vec![12, 4, 4]),
        "pylos" => Some(vec![3, pylos::Spot::COUNT]),
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
        AnyGame::Architekton(_) | AnyGame::Crescendo(_) => None,
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
