//! Pyrga in JavaScript: option `rules`, bots `alphabeta` (default), `mcts`, `random`,
//! `perfect`; the 4×4 board; moves entered as cell, shape, then direction for a triangle.

use boardcore::{Direction, Game, Outcome, Player};
use bots::Level;
use pyrga::{Cell, Config, Invalid, Move, Rules, Shape, State, Tally};
use serde::Serialize;

use super::NamedGame;
use crate::bot::BotMaker;
use crate::error::OptionError;
use crate::input::Step;
use crate::options::{OptionSpec, Options};
use crate::solver::{PerfectPlay, PyrgaPlay};
use crate::view::Effect;

/// The board: the 16 cells, the rule set and the piece the next one must follow.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PyrgaBoard {
    /// The cells, a1 b1 c1 d1 a2 … d4.
    pub cells: Vec<PyrgaCell>,
    /// `standard` or `classic`.
    pub rules: String,
    /// The last piece placed, in notation, which decides where the next may go.
    pub last_piece: Option<String>,
}

/// One cell and its tower.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PyrgaCell {
    /// Its name, like `a1`.
    pub cell: String,
    /// 0 for file a to 3 for file d.
    pub file: u8,
    /// 0 for rank 1 to 3 for rank 4.
    pub rank: u8,
    /// The owner of the square, if there is one.
    pub square: Option<usize>,
    /// The triangle, if there is one.
    pub triangle: Option<Triangle>,
    /// The owner of the cylinder, if there is one.
    pub cylinder: Option<usize>,
    /// The controller of a complete tower.
    pub controller: Option<usize>,
    /// Whether the next piece may go here.
    pub target: bool,
}

/// A triangle: its owner and where it points.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Triangle {
    /// The owner.
    pub owner: usize,
    /// `n`, `e`, `s` or `w`.
    pub direction: char,
}

/// One player: White (seat 0) or Black (seat 1).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PyrgaSeat {
    /// The seat.
    pub seat: usize,
    /// `White` or `Black`.
    pub name: &'static str,
    /// Pieces left to play, by shape.
    pub supply: Supply,
    /// Complete towers controlled.
    pub complete: u8,
    /// Incomplete towers of two pieces, both the player's.
    pub two_piece: u8,
    /// Towers of one piece, the player's.
    pub one_piece: u8,
}

/// Pieces left, by shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Supply {
    /// Squares.
    pub square: u8,
    /// Triangles.
    pub triangle: u8,
    /// Cylinders.
    pub cylinder: u8,
}

impl NamedGame for State {
    type Invalid = Invalid;
    type Board = PyrgaBoard;
    type Seat = PyrgaSeat;

    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        key: "rules",
        values: &["standard", "classic"],
        default: "standard",
        help: "rule set",
    }];
    const BOTS: &'static [&'static str] = &["alphabeta", "mcts", "random", "perfect"];

    const LONGEST_GAME: Option<u32> = Some(30);

    const RULES: &'static str = "\
Pyrga: White and Black build towers on a 4x4 board. Each has 5 squares (S), 5
triangles (T) and 5 cylinders (C). A tower holds at most one piece of each
shape, of either colour; with three pieces it is complete, and the player who
owns two or three of them controls it.
The first to control 3 complete towers wins.
Where you may play is set by the piece your opponent placed last:
  after a square, on a cell orthogonally next to it;
  after a triangle, on a cell along its arrow, up to the edge;
  after a cylinder, on the cylinder's own cell.
If none of those cells can take one of your pieces, play any piece on any empty
cell.
Standard rules: if White's first piece is a square, White's second may not be
one.
A move is the shape letter, the cell (a-d, 1-4) and, for a triangle, where it
points (n, e, s or w; never off the board):
  Sb2   a square on b2          Cd1   a cylinder on d1
  Ta1n  a triangle on a1 pointing north (towards rank 4)
";

    fn result(&self, outcome: &Outcome) -> String {
        let counts = |tally: Tally| [tally.complete, tally.two_piece, tally.one_piece];
        let white = counts(self.tally(Player::FIRST));
        let black = counts(self.tally(Player::SECOND));
        let Outcome::Winner(winner) = outcome else {
            return format!(
                "Draw: no more moves, and both have {} complete towers, {} of two pieces and \
                 {} of one",
                white[0], white[1], white[2]
            );
        };
        let (mine, theirs) = if *winner == Player::FIRST {
            (white, black)
        } else {
            (black, white)
        };
        let name = State::seat_name(*winner);
        if mine[0] >= 3 {
            return format!("{name} wins: controls {} towers", mine[0]);
        }
        let what = [
            "complete towers",
            "towers of two own pieces",
            "towers of one own piece",
        ];
        let deciding = (0..3).find(|&i| mine[i] != theirs[i]).unwrap_or(0);
        format!(
            "{name} wins: no more moves, and {name} has more {} ({} to {})",
            what[deciding], mine[deciding], theirs[deciding]
        )
    }

    fn config_from(options: &Options) -> Result<Config, OptionError> {
        let rules: Rules = options.parse(&Self::OPTIONS[0])?;
        Ok(Config::new(rules))
    }

    fn perfect_play() -> Option<&'static dyn PerfectPlay<State>> {
        Some(&PyrgaPlay)
    }

    fn bot(name: &str, level: Level) -> Option<BotMaker<State>> {
        match name {
            "perfect" => Some(BotMaker::perfect(level)),
            _ => BotMaker::two_player(name, level),
        }
    }

    fn board(&self) -> PyrgaBoard {
        let targets = self.target_cells();
        let cells = Cell::all()
            .map(|cell| {
                let tower = self.tower(cell);
                PyrgaCell {
                    cell: cell.to_string(),
                    file: cell.file(),
                    rank: cell.rank(),
                    square: tower.square.map(Player::index),
                    triangle: tower.triangle.map(|(owner, direction)| Triangle {
                        owner: owner.index(),
                        direction: direction.letter(),
                    }),
                    cylinder: tower.cylinder.map(Player::index),
                    controller: tower.controller().map(Player::index),
                    target: targets.contains(cell.index()),
                }
            })
            .collect();
        PyrgaBoard {
            cells,
            rules: self.rules().to_string(),
            last_piece: self.last_move().map(|mv| mv.to_string()),
        }
    }

    fn seats_view(&self) -> Vec<PyrgaSeat> {
        [Player::FIRST, Player::SECOND]
            .into_iter()
            .map(|player| {
                let tally = self.tally(player);
                PyrgaSeat {
                    seat: player.index(),
                    name: State::seat_name(player),
                    supply: Supply {
                        square: self.supply(player, Shape::Square),
                        triangle: self.supply(player, Shape::Triangle),
                        cylinder: self.supply(player, Shape::Cylinder),
                    },
                    complete: tally.complete,
                    two_piece: tally.two_piece,
                    one_piece: tally.one_piece,
                }
            })
            .collect()
    }

    fn effects(before: &State, mv: Move, after: &State) -> Vec<Effect> {
        let cell = mv.cell();
        match (
            before.tower(cell).is_complete(),
            after.tower(cell).controller(),
        ) {
            (false, Some(controller)) if after.tower(cell).is_complete() => {
                vec![Effect::TowerComplete {
                    cell: cell.to_string(),
                    controller: controller.index(),
                }]
            }
            _ => Vec::new(),
        }
    }

    fn steps(&self, mv: Move) -> Vec<Vec<Step>> {
        let mut path = vec![
            Step::new(mv.cell().to_string(), "cell"),
            Step::new(mv.shape().letter().to_string(), "shape"),
        ];
        if let Some(direction) = mv.direction() {
            path.push(Step::new(direction_text(direction), "direction"));
        }
        vec![path]
    }
}

/// A direction as the notation writes it.
fn direction_text(direction: Direction) -> String {
    direction.letter().to_string()
}
