//! Architekton in JavaScript: option `buildingMatch`; bots `mcts` (default), `random`; the
//! open table of tiles, the display and the reserves; moves entered as the tile, the cell,
//! then the rotation of a building.

use architekton::{BuildingMatch, Config, Invalid, Move, Phase, Stack, State, Tile};
use boardcore::{Direction, Game, Outcome, Player};
use bots::Level;
use serde::Serialize;

use super::NamedGame;
use crate::bot::BotMaker;
use crate::error::OptionError;
use crate::input::Step;
use crate::options::{OptionSpec, Options};
use crate::view::{Effect, Point};

/// The table, the display, the stacks and the phase.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArchitektonBoard {
    /// The tiles on the table, sorted by cell.
    pub tiles: Vec<ArchitektonTile>,
    /// The display: each kind of tile shown, with how many.
    pub display: Vec<DisplayTile>,
    /// Landscape tiles not yet seen.
    pub unseen_landscapes: u8,
    /// Building tiles not yet seen.
    pub unseen_buildings: u8,
    /// Landscape tiles left in the reserve.
    pub reserve_landscapes: u8,
    /// Building tiles left in the reserve.
    pub reserve_buildings: u8,
    /// Whether this is the last round.
    pub last_round: bool,
    /// The turn, from 1.
    pub turn: u32,
    /// What happens next.
    pub phase: ArchitektonPhase,
    /// `all` or `one`.
    pub building_match: String,
}

/// A tile on the table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArchitektonTile {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// The tile as the notation writes it: a terrain letter (`p`, `w`, `e`, `f`) or a
    /// building's four sides (`wepf`).
    pub tile: String,
    /// `landscape` or `building`.
    pub stack: &'static str,
    /// The terrain letter of each side as laid (a landscape has its terrain all round).
    pub north: char,
    /// East side.
    pub east: char,
    /// South side.
    pub south: char,
    /// West side.
    pub west: char,
    /// Quarter turns clockwise (0 for a landscape).
    pub rotation: u8,
    /// The owner of the house on a building.
    pub house: Option<usize>,
}

/// A kind of tile in the display.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DisplayTile {
    /// The tile, like `p` or `wepf`.
    pub tile: String,
    /// `landscape` or `building`.
    pub stack: &'static str,
    /// How many are shown.
    pub count: u8,
}

/// What happens next.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "name", rename_all = "camelCase")]
pub enum ArchitektonPhase {
    /// Chance turns up the start tiles and the display.
    Deal,
    /// The player to move lays tile `tile` of the turn (1 or 2), or passes.
    Lay {
        /// 1 or 2.
        tile: u8,
    },
    /// The player to move picks a house to move onto the building at `building`.
    House {
        /// The building just laid.
        building: Point,
    },
    /// The owner decides to keep or remove the house on the building at `building`.
    Decide {
        /// The enclosed building.
        building: Option<Point>,
    },
    /// Chance refills the display.
    Refill,
    /// Chance turns up `left` more landscapes after a redraw.
    Redraw {
        /// Landscapes to come.
        left: u8,
    },
    /// `seat` could not pay and lost.
    Bankrupt {
        /// The seat.
        seat: usize,
    },
    /// The game is over.
    Over,
}

/// One player.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArchitektonSeat {
    /// The seat.
    pub seat: usize,
    /// `Blue` or `Orange` ([`boardcore::Game::SEAT_NAMES`]).
    pub name: &'static str,
    /// Points.
    pub points: u8,
    /// Houses in the supply.
    pub supply: u8,
    /// Houses on the table.
    pub on_table: u8,
    /// Houses removed from the game.
    pub removed: u8,
    /// The final score, once the game is over.
    #[serde(rename = "final")]
    pub final_score: Option<Final>,
}

/// A final score.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Final {
    /// Points.
    pub points: u8,
    /// Houses in the largest group.
    pub group: u8,
    /// Their sum.
    pub total: u8,
}

/// The name of a stack.
fn stack_name(tile: Tile) -> &'static str {
    match tile.stack() {
        Stack::Landscape => "landscape",
        Stack::Building => "building",
    }
}

impl NamedGame for State {
    type Invalid = Invalid;
    type Board = ArchitektonBoard;
    type Seat = ArchitektonSeat;

    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        key: "buildingMatch",
        values: &["all", "one"],
        default: "all",
        help: "building match",
    }];
    const BOTS: &'static [&'static str] = &["mcts", "random"];

    const RULES: &'static str = "\
Architekton: Blue and Orange lay tiles on an open table. Landscapes show one
terrain: w water, e earth, p plain, f forest. Buildings show the four terrains,
one on each side.
Landscapes and buildings alternate like a checkerboard: landscapes where x+y is
even, buildings where it is odd. Each turn you take two tiles from the display,
one at a time.
A tile must touch the table along an edge. A landscape must match the facing
side of at least one building next to it; a building must face each landscape
next to it with that landscape's terrain (building match one: at least one of
them).
Laying a building puts one of your houses on it (with none left in supply, you
move one of yours from the table: h@x,y). When a building with a house gets its
fourth landscape, it is scored for the house's owner: +1 when all four sides
match, otherwise -1 for each side that does not; the owner may then remove the
house to lose one point less (keep or remove). A player who cannot pay loses. At
the end, points plus the largest group of one's houses touching at corners
decide.
Cells are x,y (x east, y north). A building's kind lists its sides from north
clockwise, and r1-r3 turns it clockwise by quarter-turns.
  p@0,2        lay a plain landscape on 0,2
  wepf@-1,0r3  lay building wepf on -1,0, turned three quarter-turns
  h@1,0        move your house off the building on 1,0 (empty supply)
  keep, remove keep or remove the house of a building just scored
  pass         when nothing can be laid
Chance turns up tiles (*p, *wepf) by itself.
";

    fn result(&self, outcome: &Outcome) -> String {
        if let Phase::Bankrupt(loser) = self.phase() {
            return format!("{} cannot pay and loses", State::seat_name(loser));
        }
        let total = |player: Player| self.final_score(player).total;
        match outcome {
            Outcome::Winner(winner) => format!(
                "{} wins: {} to {} (points plus the largest group of houses)",
                State::seat_name(*winner),
                total(*winner),
                total(winner.other())
            ),
            Outcome::Draw | Outcome::Ranking(_) => format!("Draw: {} each", total(Player::FIRST)),
        }
    }

    fn config_from(options: &Options) -> Result<Config, OptionError> {
        let building_match: BuildingMatch = options.parse(&Self::OPTIONS[0])?;
        Ok(Config::new(building_match))
    }

    fn bot(name: &str, level: Level) -> Option<BotMaker<State>> {
        match name {
            "mcts" => Some(BotMaker::architekton_mcts(level)),
            _ => BotMaker::general(name, level),
        }
    }

    fn board(&self) -> ArchitektonBoard {
        let tiles = self
            .tiles()
            .map(|placed| ArchitektonTile {
                x: placed.at.x,
                y: placed.at.y,
                tile: placed.tile.to_string(),
                stack: stack_name(placed.tile),
                north: placed.side(Direction::North).letter(),
                east: placed.side(Direction::East).letter(),
                south: placed.side(Direction::South).letter(),
                west: placed.side(Direction::West).letter(),
                rotation: placed.rotation.quarter_turns(),
                house: placed.house.map(Player::index),
            })
            .collect();
        let display = Tile::ALL
            .iter()
            .filter(|&&tile| self.in_display(tile) > 0)
            .map(|&tile| DisplayTile {
                tile: tile.to_string(),
                stack: stack_name(tile),
                count: self.in_display(tile),
            })
            .collect();
        let phase = match self.phase() {
            Phase::Deal => ArchitektonPhase::Deal,
            Phase::Lay => ArchitektonPhase::Lay {
                tile: self.laid_this_turn() + 1,
            },
            Phase::House { building } => ArchitektonPhase::House {
                building: building.into(),
            },
            Phase::Decide(pending) => ArchitektonPhase::Decide {
                building: pending.current().map(Point::from),
            },
            Phase::Refill => ArchitektonPhase::Refill,
            Phase::Redraw { left } => ArchitektonPhase::Redraw { left },
            Phase::Bankrupt(loser) => ArchitektonPhase::Bankrupt {
                seat: loser.index(),
            },
            Phase::Over => ArchitektonPhase::Over,
        };
        ArchitektonBoard {
            tiles,
            display,
            unseen_landscapes: self.unseen_total(Stack::Landscape),
            unseen_buildings: self.unseen_total(Stack::Building),
            reserve_landscapes: self.reserve_left(Stack::Landscape),
            reserve_buildings: self.reserve_left(Stack::Building),
            last_round: self.is_last_round(),
            turn: u32::from(self.turn()) + 1,
            phase,
            building_match: self.building_match().to_string(),
        }
    }

    fn seats_view(&self) -> Vec<ArchitektonSeat> {
        [Player::FIRST, Player::SECOND]
            .into_iter()
            .map(|player| ArchitektonSeat {
                seat: player.index(),
                name: State::seat_name(player),
                points: self.points(player),
                supply: self.supply(player),
                on_table: self.houses_on_table(player),
                removed: self.removed(player),
                final_score: (self.phase() == Phase::Over).then(|| {
                    let score = self.final_score(player);
                    Final {
                        points: score.points,
                        group: score.group,
                        total: score.total,
                    }
                }),
            })
            .collect()
    }

    /// Houses placed, moved and removed, from the houses before and after; points changed.
    fn effects(before: &State, mv: Move, after: &State) -> Vec<Effect> {
        let mut effects = Vec::new();
        let moved_from = match mv {
            Move::MoveHouse(from) => Some(from),
            _ => None,
        };
        for placed in after.tiles() {
            let had = before.tile_at(placed.at).and_then(|tile| tile.house);
            if let (None, Some(owner)) = (had, placed.house) {
                effects.push(match moved_from {
                    Some(from) => Effect::HouseMoved {
                        from: from.into(),
                        to: placed.at.into(),
                        seat: owner.index(),
                    },
                    None => Effect::HousePlaced {
                        at: placed.at.into(),
                        seat: owner.index(),
                    },
                });
            }
        }
        for placed in before.tiles() {
            let now = after.tile_at(placed.at).and_then(|tile| tile.house);
            if let (Some(owner), None) = (placed.house, now)
                && moved_from != Some(placed.at)
            {
                effects.push(Effect::HouseRemoved {
                    at: placed.at.into(),
                    seat: owner.index(),
                });
            }
        }
        for player in [Player::FIRST, Player::SECOND] {
            let change = i32::from(after.points(player)) - i32::from(before.points(player));
            if change != 0 {
                effects.push(Effect::Score {
                    seat: player.index(),
                    change,
                });
            }
        }
        effects
    }

    fn steps(&self, mv: Move) -> Vec<Vec<Step>> {
        let path = match mv {
            Move::Lay(lay) => {
                let mut path = vec![
                    Step::new(lay.tile.to_string(), "tile"),
                    Step::new(lay.at.to_string(), "cell"),
                ];
                if lay.tile.stack() == Stack::Building {
                    path.push(Step::new(
                        format!("r{}", lay.rotation.quarter_turns()),
                        "rotation",
                    ));
                }
                path
            }
            Move::MoveHouse(from) => vec![Step::new(from.to_string(), "house")],
            Move::Keep => vec![Step::new("keep", "keep")],
            Move::Remove => vec![Step::new("remove", "remove")],
            Move::Pass => vec![Step::new("pass", "pass")],
            Move::Draw(tile) => vec![Step::new(format!("*{tile}"), "draw")],
        };
        vec![path]
    }
}
