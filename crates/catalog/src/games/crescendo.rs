//! Crescendo in JavaScript: option `players`; bots `mcts` (default), `greedy`, `random`;
//! the board of crosses with its towers; moves entered as the cross's centre then its
//! rotation, a pawn's cell, or a tower, the group's size, then the direction.

use boardcore::{Game, Outcome, Player};
use bots::Level;
use crescendo::{Colour, Config, Invalid, Move, Phase, Players, State};
use serde::Serialize;

use super::NamedGame;
use crate::bot::BotMaker;
use crate::error::OptionError;
use crate::input::Step;
use crate::options::{OptionSpec, Options};
use crate::view::Effect;

/// The board of the round, and where the match stands.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CrescendoBoard {
    /// The cells of the crosses laid so far.
    pub cells: Vec<CrescendoCell>,
    /// Crosses laid (12 make the board).
    pub crosses: usize,
    /// The round: 1 to 3 (a match of fewer players starts at a later round).
    pub round: usize,
    /// The height a tower needs to qualify its owner this round.
    pub target: u8,
    /// The seats playing this round, in turn order.
    pub turn_order: Vec<usize>,
    /// The seats qualified this round.
    pub qualified: Vec<usize>,
    /// The seats eliminated in earlier rounds.
    pub eliminated: Vec<usize>,
    /// What happens next.
    pub phase: CrescendoPhase,
}

/// One cell and its tower.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CrescendoCell {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// `W` for a white centre, else the seat whose colour the cell has (`0`–`3`).
    pub colour: String,
    /// The tower on it.
    pub tower: Option<CrescendoTower>,
    /// Whether the tower stands on its owner's colour (it cannot be scattered).
    pub protected: bool,
}

/// A tower.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct CrescendoTower {
    /// The seat owning every pawn.
    pub owner: usize,
    /// The number of pawns.
    pub height: u8,
}

/// What happens next.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(
    tag = "name",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CrescendoPhase {
    /// The crosses are laid.
    Laying,
    /// One pawn each goes on a white cell.
    Placing,
    /// Two extra pawns each go on single pawns.
    Extra,
    /// Groups move.
    Moving {
        /// Moves in a row that scattered nothing and finished no tower.
        idle: u16,
        /// The limit of such moves.
        idle_limit: u16,
    },
    /// `mover` puts `left` scattered pawns of `victim` on empty cells.
    Scattering {
        /// The seat placing.
        mover: usize,
        /// The owner of the pawns.
        victim: usize,
        /// Pawns left to place.
        left: u8,
    },
    /// The match is over.
    Over,
}

/// One player.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CrescendoSeat {
    /// The seat.
    pub seat: usize,
    /// `Red`, `Blue`, `Yellow` or `Green` ([`boardcore::Game::SEAT_NAMES`]).
    pub name: &'static str,
    /// Whether the seat plays in this round.
    pub active: bool,
    /// Pawns on the board.
    pub pawns_on_board: u32,
    /// The tallest tower's height.
    pub tallest: u8,
    /// Pawns standing on their own colour.
    pub on_own_colour: u32,
}

fn seats(players: &[Player]) -> Vec<usize> {
    players.iter().map(|p| p.index()).collect()
}

impl NamedGame for State {
    type Invalid = Invalid;
    type Board = CrescendoBoard;
    type Seat = CrescendoSeat;

    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        key: "players",
        values: &["2", "3", "4"],
        default: "4",
        help: "number of players",
    }];
    const BOTS: &'static [&'static str] = &["mcts", "greedy", "random"];

    /// No match can last longer: its rounds end after 250 moves per player at most.
    const MAX_PLIES: usize = crescendo::LONGEST_GAME as usize;

    const LONGEST_GAME: Option<u32> = Some(crescendo::LONGEST_GAME);

    const RULES: &'static str = "\
Crescendo: 2 to 4 players (Red 0, Blue 1, Yellow 2, Green 3) race to stack all
their pawns into one tower. A round has a tower target of 5 (4 players), 6 (3)
or 8 (2): the first players to finish it qualify for the next round, and the
final's winner wins.
Each round first builds its board from 12 crosses: a white centre and four arms,
one of each player's colour. Then each player puts pawns on the white cells in
turn, then two extra pawns on their own single pawns. Then players take turns
moving: k pawns from the top of one of your towers (or a single pawn) go exactly
k cells in a straight line, over anything, never off the board. Landing on your
own tower joins it. Landing on another player's tower scatters it, unless it
stands on its owner's colour (protected); you then place each scattered pawn on
an empty cell of your choice.
Cells are x,y from the first cross's centre (x east, y north):
  X2,-1r3   lay a cross centred on 2,-1, turned 3 quarter-turns
            (the first cross: X0,0r0-3)
  P0,0      a setup pawn on the white cell 0,0
  E0,0      an extra pawn on your single pawn at 0,0
  M1,0n2    move 2 pawns of the tower on 1,0 two cells north (n, e, s or w)
  S-3,0     put a scattered pawn on -3,0
  pass      when no group can move
";

    fn result(&self, outcome: &Outcome) -> String {
        match outcome {
            Outcome::Winner(winner) => format!("{} wins the match", State::seat_name(*winner)),
            Outcome::Ranking(ranking) => {
                let mut seats = ranking.players().iter().copied();
                let first = seats.next().map_or("Nobody", State::seat_name);
                let rest: Vec<&str> = seats.map(State::seat_name).collect();
                if rest.is_empty() {
                    format!("{first} wins the match")
                } else {
                    format!("{first} wins the match; then {}", rest.join(", "))
                }
            }
            Outcome::Draw => "The match ends in a draw".to_owned(),
        }
    }

    fn config_from(options: &Options) -> Result<Config, OptionError> {
        let players: Players = options.parse(&Self::OPTIONS[0])?;
        Ok(Config::new(players))
    }

    fn bot(name: &str, level: Level) -> Option<BotMaker<State>> {
        match name {
            "mcts" => Some(BotMaker::crescendo_mcts(level)),
            "greedy" => Some(BotMaker::greedy()),
            "random" => Some(BotMaker::random()),
            _ => None,
        }
    }

    fn board(&self) -> CrescendoBoard {
        let board = self.board();
        let cells = board
            .cells()
            .map(|cell| {
                let colour = board.colour(cell);
                let tower = self.tower(cell);
                CrescendoCell {
                    x: board.coord(cell).x,
                    y: board.coord(cell).y,
                    colour: colour.to_string(),
                    tower: tower.map(|t| CrescendoTower {
                        owner: t.owner.index(),
                        height: t.height,
                    }),
                    protected: tower.is_some_and(|t| colour == Colour::Player(t.owner)),
                }
            })
            .collect();
        let phase = match self.phase() {
            Phase::Laying => CrescendoPhase::Laying,
            Phase::Placing => CrescendoPhase::Placing,
            Phase::Extra => CrescendoPhase::Extra,
            Phase::Moving { idle, .. } => CrescendoPhase::Moving {
                idle,
                idle_limit: self.idle_limit(),
            },
            Phase::Scattering {
                mover,
                victim,
                left,
            } => CrescendoPhase::Scattering {
                mover: mover.index(),
                victim: victim.index(),
                left,
            },
            Phase::Over => CrescendoPhase::Over,
        };
        CrescendoBoard {
            cells,
            crosses: board.crosses().len(),
            round: self.round(),
            target: self.target(),
            turn_order: seats(self.round_players()),
            qualified: seats(self.qualified()),
            eliminated: seats(self.eliminated()),
            phase,
        }
    }

    fn seats_view(&self) -> Vec<CrescendoSeat> {
        (0..Game::seats(self))
            .filter_map(Player::new)
            .map(|player| CrescendoSeat {
                seat: player.index(),
                name: State::seat_name(player),
                active: self.round_players().contains(&player),
                pawns_on_board: self.pawns_on_board(player),
                tallest: self.tallest(player),
                on_own_colour: self.pawns_on_own_colour(player),
            })
            .collect()
    }

    /// Scatters from the phase after a group move, scattered pawns placed, qualifications
    /// and new rounds from the match's lists.
    fn effects(before: &State, mv: Move, after: &State) -> Vec<Effect> {
        let mut effects = Vec::new();
        match (mv, before.phase(), after.phase()) {
            (Move::Group { .. }, _, Phase::Scattering { victim, left, .. }) => {
                if let Some(at) = mv.destination() {
                    effects.push(Effect::Scatter {
                        at: at.into(),
                        victim: victim.index(),
                        pawns: left,
                    });
                }
            }
            (Move::Scatter(at), Phase::Scattering { victim, .. }, _) => {
                effects.push(Effect::PawnPlaced {
                    at: at.into(),
                    owner: victim.index(),
                });
            }
            _ => {}
        }
        if after.round() == before.round() {
            for seat in after.qualified() {
                if !before.qualified().contains(seat) {
                    effects.push(Effect::Qualified { seat: seat.index() });
                }
            }
        } else {
            for seat in before.round_players() {
                if !before.qualified().contains(seat) && after.round_players().contains(seat) {
                    effects.push(Effect::Qualified { seat: seat.index() });
                }
            }
            effects.push(Effect::NewRound {
                round: after.round(),
                eliminated: after
                    .eliminated()
                    .iter()
                    .filter(|seat| !before.eliminated().contains(seat))
                    .map(|seat| seat.index())
                    .collect(),
            });
        }
        effects
    }

    fn steps(&self, mv: Move) -> Vec<Vec<Step>> {
        let path = match mv {
            Move::Cross(cross) => vec![
                Step::new(cross.centre.to_string(), "cross"),
                Step::new(format!("r{}", cross.rotation), "rotation"),
            ],
            Move::Pawn(at) => vec![Step::new(at.to_string(), "pawn")],
            Move::Extra(at) => vec![Step::new(at.to_string(), "extra")],
            Move::Group {
                from,
                direction,
                count,
            } => vec![
                Step::new(from.to_string(), "tower"),
                Step::new(count.to_string(), "count"),
                Step::new(direction.letter().to_string(), "direction"),
            ],
            Move::Scatter(at) => vec![Step::new(at.to_string(), "scatter")],
            Move::Pass => vec![Step::new("pass", "pass")],
        };
        vec![path]
    }
}
