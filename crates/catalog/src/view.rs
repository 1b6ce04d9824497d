//! What `game.view()` returns, as plain Rust values serialized with serde: the parts every
//! game shares, and the effects of the last move. Each game adds its board and its
//! players' details (see the `games` modules).

use boardcore::{Actor, SignedCoord, Status};
use serde::Serialize;

/// Everything an app needs to draw a position of one game, whose board is `B` and whose
/// players' details are `P`.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View<B, P> {
    /// The game's name: `pyrga`, `pylos`, `architekton` or `crescendo`.
    pub game: &'static str,
    /// The `towers status` line.
    pub status: String,
    /// The result in words once the game is over (`Black wins: controls 3 towers`).
    pub result: Option<String>,
    /// The seat whose decision it is, or `None` when chance decides or the game is over.
    pub to_move: Option<usize>,
    /// Whether chance decides next.
    pub chance: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The last move played, in notation, if this game object knows it.
    pub last_move: Option<String>,
    /// What the last move did beyond putting its piece down.
    pub effects: Vec<Effect>,
    /// One entry per seat, in seat order.
    pub players: Vec<P>,
    /// The cells and their pieces, and what lies beside the board.
    pub board: B,
}

impl<B, P> View<B, P> {
    /// A view of `game` in `status`, with the last move and its effects.
    pub fn new(
        game: &'static str,
        status: &Status,
        result: Option<String>,
        last_move: Option<String>,
        effects: Vec<Effect>,
        players: Vec<P>,
        board: B,
    ) -> View<B, P> {
        View {
            game,
            status: status.to_string(),
            result,
            to_move: status.to_move().map(boardcore::Player::index),
            chance: *status == Status::Ongoing(Actor::Chance),
            over: status.is_finished(),
            last_move,
            effects,
            players,
            board,
        }
    }
}

/// A cell of an open layout (Architekton, Crescendo): `x` grows eastwards, `y` northwards.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Point {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
}

impl From<SignedCoord> for Point {
    fn from(coord: SignedCoord) -> Point {
        Point {
            x: coord.x,
            y: coord.y,
        }
    }
}

/// Something the last move did besides putting its piece down, for an app to animate.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Effect {
    /// Pyrga: the move completed the tower on `cell`, now controlled by `controller`.
    TowerComplete {
        /// The cell, like `a1`.
        cell: String,
        /// The seat controlling the tower.
        controller: usize,
    },
    /// Pylos: a ball of the mover rose from `from` to `to`.
    Raise {
        /// The spot left, like `0a1`.
        from: String,
        /// The spot reached.
        to: String,
    },
    /// Pylos: the mover took back the ball on `spot` into their reserve.
    TakeBack {
        /// The spot emptied.
        spot: String,
    },
    /// Architekton: a house of `seat` went onto the building at `at`.
    HousePlaced {
        /// The building's cell.
        at: Point,
        /// The house's owner.
        seat: usize,
    },
    /// Architekton: the house of `seat` moved from the building at `from` to the one at `to`.
    HouseMoved {
        /// The building left.
        from: Point,
        /// The building reached.
        to: Point,
        /// The house's owner.
        seat: usize,
    },
    /// Architekton: the house of `seat` left the building at `at` and the game.
    HouseRemoved {
        /// The building's cell.
        at: Point,
        /// The house's owner.
        seat: usize,
    },
    /// Architekton: the points of `seat` changed by `change` (negative when paying).
    Score {
        /// The seat.
        seat: usize,
        /// The change of points.
        change: i32,
    },
    /// Crescendo: the group landing on `at` scattered `pawns` pawns of `victim`; the mover
    /// now puts them on empty cells one by one.
    Scatter {
        /// The cell of the tower scattered.
        at: Point,
        /// The owner of the scattered pawns.
        victim: usize,
        /// How many pawns were scattered.
        pawns: u8,
    },
    /// Crescendo: a scattered pawn of `owner` was put on `at`.
    PawnPlaced {
        /// The cell.
        at: Point,
        /// The pawn's owner.
        owner: usize,
    },
    /// Crescendo: `seat` finished a tower of the round's height and qualified.
    Qualified {
        /// The seat.
        seat: usize,
    },
    /// Crescendo: a new round started on an empty table; `eliminated` seats left the match.
    NewRound {
        /// The round's number (1, 2 or 3).
        round: usize,
        /// Seats eliminated by the round that ended.
        eliminated: Vec<usize>,
    },
}
