//! The fixed action space of each game: every move the notation can write within the
//! bounds the rules set, numbered once and for all, the same for every option set, so that
//! a learning agent sees a stable integer for each move.
//!
//! - Pyrga: 16 cells × {square, cylinder, triangle north, east, south, west}: 96 actions.
//! - Pylos: (30 placements + 273 raises from a spot to a spot of a higher level) × (no
//!   take-back, 30 single balls, 435 pairs): 141 198 actions.
//! - Architekton: tiles on the cells `|x| + |y| ≤ 48` (a table holds at most 48 tiles, the
//!   first two at `0,0` and `1,1`, each later one next to a tile already there);
//!   landscapes where `x + y` is even, buildings in 4 rotations and house moves where it is
//!   odd; then the 10 draws, `keep`, `remove` and `pass`.
//! - Crescendo: crosses centred on `|x| + |y| ≤ 33` in 4 rotations (each of the 11 crosses
//!   after the first touches a laid cell, so its centre lies within 3 of an earlier
//!   centre), pawns, extras and scattered pawns on cells `|x| + |y| ≤ 34`, group moves of
//!   1 to 8 pawns (a player has at most 8, in the final) between such cells, and `pass`.
//!
//! Each space lists the moves in notation, in the canonical form the engines print.

use std::collections::HashMap;
use std::sync::OnceLock;

use catalog::{architekton, crescendo, pylos, pyrga};

/// The most `|x| + |y|` of an Architekton tile.
pub const ARCHITEKTON_RADIUS: i32 = 48;
/// The most `|x| + |y|` of a Crescendo cross's centre.
pub const CRESCENDO_CENTRE_RADIUS: i32 = 33;
/// The most `|x| + |y|` of a Crescendo cell.
pub const CRESCENDO_RADIUS: i32 = CRESCENDO_CENTRE_RADIUS + 1;
/// The most pawns a Crescendo group move carries (a player's 8 pawns in the final).
pub const CRESCENDO_MAX_GROUP: i32 = 8;

/// Every move of one game, numbered.
#[derive(Debug)]
pub struct ActionSpace {
    moves: Vec<String>,
    index: HashMap<String, u32>,
}

impl ActionSpace {
    /// The space of the moves `moves`, numbered in their order.
    fn new(moves: Vec<String>) -> ActionSpace {
        let index = moves
            .iter()
            .enumerate()
            .map(|(action, text)| (text.clone(), action as u32))
            .collect();
        ActionSpace { moves, index }
    }

    /// The action space of game `name` (as [`catalog::GAMES`] names it), built at the first
    /// call.
    pub fn of(name: &str) -> Option<&'static ActionSpace> {
        static SPACES: [OnceLock<ActionSpace>; 4] = [const { OnceLock::new() }; 4];
        let (slot, build): (usize, fn() -> Vec<String>) = match name {
            "pyrga" => (0, pyrga_moves),
            "pylos" => (1, pylos_moves),
            "architekton" => (2, architekton_moves),
            "crescendo" => (3, crescendo_moves),
            _ => return None,
        };
        Some(SPACES[slot].get_or_init(|| ActionSpace::new(build())))
    }

    /// The number of actions.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the space is empty (never, for a game).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The action of the move written `text` in canonical notation.
    pub fn action(&self, text: &str) -> Option<u32> {
        self.index.get(text).copied()
    }

    /// The move of `action`, in notation.
    pub fn move_text(&self, action: u32) -> Option<&str> {
        self.moves.get(action as usize).map(String::as_str)
    }
}

/// The canonical text of each of `texts` that reads as a move of the game.
fn canonical<M: core::str::FromStr + ToString>(texts: impl Iterator<Item = String>) -> Vec<String> {
    texts
        .filter_map(|text| text.parse::<M>().ok())
        .map(|mv| mv.to_string())
        .collect()
}

/// Pyrga: per cell (a1, b1, …, d4), a square, a cylinder, then a triangle pointing north,
/// east, south and west.
fn pyrga_moves() -> Vec<String> {
    let texts = pyrga::Cell::all().flat_map(|cell| {
        let mut texts = vec![format!("S{cell}"), format!("C{cell}")];
        texts.extend(["n", "e", "s", "w"].map(|d| format!("T{cell}{d}")));
        texts
    });
    canonical::<pyrga::Move>(texts)
}

/// Pylos: each base action (placements by spot, then raises by the spot left and the spot
/// reached), each followed by its take-backs (none, each ball, each pair by spot numbers).
fn pylos_moves() -> Vec<String> {
    use pylos::{Move, Spot, TakeBack};
    let spots: Vec<Spot> = Spot::all().collect();
    let mut takebacks = vec![TakeBack::NONE];
    takebacks.extend(spots.iter().map(|&spot| TakeBack::one(spot)));
    for (i, &a) in spots.iter().enumerate() {
        takebacks.extend(spots[i + 1..].iter().filter_map(|&b| TakeBack::two(a, b)));
    }
    let mut bases: Vec<Move> = spots.iter().map(|&to| Move::place(to)).collect();
    for &from in &spots {
        for &to in &spots {
            if from.level() < to.level() {
                bases.push(Move::raise(from, to));
            }
        }
    }
    bases
        .iter()
        .flat_map(|base| {
            takebacks
                .iter()
                .map(|&takeback| base.with_takeback(takeback).to_string())
        })
        .collect()
}

/// The cells `(x, y)` with `|x| + |y| ≤ radius`, row by row from the south, west first.
fn diamond(radius: i32) -> impl Iterator<Item = (i32, i32)> {
    (-radius..=radius).flat_map(move |y| {
        let width = radius - y.abs();
        (-width..=width).map(move |x| (x, y))
    })
}

/// Architekton: per cell, its landscapes (even cells) or its buildings in each rotation
/// and the house move from it (odd cells); then the draws, `keep`, `remove` and `pass`.
fn architekton_moves() -> Vec<String> {
    use architekton::Tile;
    let mut texts = Vec::new();
    for (x, y) in diamond(ARCHITEKTON_RADIUS) {
        for tile in Tile::ALL {
            match tile {
                Tile::Landscape(_) if (x + y) % 2 == 0 => texts.push(format!("{tile}@{x},{y}")),
                Tile::Building(_) if (x + y) % 2 != 0 => {
                    texts.push(format!("{tile}@{x},{y}"));
                    texts.extend((1..4).map(|r| format!("{tile}@{x},{y}r{r}")));
                }
                _ => {}
            }
        }
        if (x + y) % 2 != 0 {
            texts.push(format!("h@{x},{y}"));
        }
    }
    texts.extend(Tile::ALL.iter().map(|tile| format!("*{tile}")));
    texts.extend(["keep", "remove", "pass"].map(str::to_owned));
    canonical::<architekton::Move>(texts.into_iter())
}

/// Crescendo: the crosses by centre and rotation; then per cell its pawn, extra pawn and
/// scattered pawn, and its group moves north, east, south and west of 1 to 8 pawns; then
/// `pass`.
fn crescendo_moves() -> Vec<String> {
    let mut texts = Vec::new();
    for (x, y) in diamond(CRESCENDO_CENTRE_RADIUS) {
        texts.extend((0..4).map(|r| format!("X{x},{y}r{r}")));
    }
    let inside = |x: i32, y: i32| x.abs() + y.abs() <= CRESCENDO_RADIUS;
    for (x, y) in diamond(CRESCENDO_RADIUS) {
        texts.extend(["P", "E", "S"].map(|kind| format!("{kind}{x},{y}")));
        for (letter, dx, dy) in [("n", 0, 1), ("e", 1, 0), ("s", 0, -1), ("w", -1, 0)] {
            for k in 1..=CRESCENDO_MAX_GROUP {
                if inside(x + dx * k, y + dy * k) {
                    texts.push(format!("M{x},{y}{letter}{k}"));
                }
            }
        }
    }
    texts.push("pass".to_owned());
    canonical::<crescendo::Move>(texts.into_iter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog::NamedGame;
    use catalog::boardcore::{SeededRng, random_move};

    /// Random games of `G` from the start with `options`: every legal move along them (and
    /// every chance outcome) has its action.
    fn covered<G: NamedGame>(options: &[(&str, &str)], games: u64, max_plies: usize) {
        let space = ActionSpace::of(G::NAME).unwrap();
        let config = catalog::config_of::<G>(&catalog::Options::from_pairs(options)).unwrap();
        for seed in 0..games {
            let mut rng = SeededRng::new(seed);
            let mut state = G::new(config.clone());
            for _ in 0..max_plies {
                for text in catalog::boardcore::sorted_move_texts(&state) {
                    assert!(space.action(&text).is_some(), "{}: {text}", G::NAME);
                }
                let Some(mv) = random_move(&state, &mut rng) else {
                    break;
                };
                state = state.apply(mv).unwrap();
            }
        }
    }

    #[test]
    fn random_games_stay_in_the_spaces() {
        covered::<pyrga::State>(&[("rules", "classic")], 50, 30);
        covered::<pylos::State>(&[("variant", "expert"), ("takeback", "0-2")], 50, 1_000);
        covered::<architekton::State>(&[("buildingMatch", "one")], 20, 1_000);
        for players in ["2", "3", "4"] {
            covered::<crescendo::State>(
                &[("players", players)],
                3,
                crescendo::LONGEST_GAME as usize,
            );
        }
    }

    #[test]
    fn sizes() {
        let size = |name| ActionSpace::of(name).map(ActionSpace::len);
        assert_eq!(size("pyrga"), Some(96));
        assert_eq!(size("pylos"), Some(303 * 466));
        assert_eq!(size("chess"), None);
        for name in catalog::GAMES {
            let space = ActionSpace::of(name).unwrap();
            assert_eq!(space.index.len(), space.len(), "{name}: a move twice");
        }
    }
}
