//! Why a move is illegal, and why a position is invalid.

use boardcore::{Direction, Player};
use thiserror::Error;

use crate::cell::Cell;
use crate::moves::Move;
use crate::shape::Shape;

/// The rule an illegal move breaks (inside [`boardcore::MoveError::Illegal`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Illegal {
    /// The player has no piece of that shape left.
    #[error("no {} left in the supply", .shape.name())]
    ShapeUsedUp {
        /// The shape asked for.
        shape: Shape,
    },
    /// White opened with a square and may not play a second square (rule set standard).
    #[error("White opened with a square, so White's second piece may not be a square")]
    SquareBanned,
    /// A triangle may not point off the board.
    #[error("a triangle on {cell} cannot point {direction}: no cell lies ahead")]
    TriangleOffBoard {
        /// The cell of the triangle.
        cell: Cell,
        /// The direction asked for.
        direction: Direction,
    },
    /// The cell is not one of those the opponent's last piece sends play to.
    #[error("{cell} is not among the cells the last piece {last} allows")]
    OutsideTargets {
        /// The cell asked for.
        cell: Cell,
        /// The opponent's last piece.
        last: Move,
    },
    /// No placement is possible where the last piece sends play, so the piece must go on
    /// an empty cell, and this one is not empty.
    #[error(
        "nothing fits where the last piece allows, so the piece must go on an empty cell; {cell} is not empty"
    )]
    NotEmpty {
        /// The cell asked for.
        cell: Cell,
    },
    /// The cell already has a piece of that shape.
    #[error("{cell} already holds a {}", .shape.name())]
    ShapeTaken {
        /// The cell asked for.
        cell: Cell,
        /// The shape it already holds.
        shape: Shape,
    },
}

/// Why a position (read from text or deserialized) cannot occur in a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
pub enum Invalid {
    /// A player has more than 5 pieces of a shape on the board.
    #[error("player {player} has more than 5 pieces of shape {shape} on the board")]
    TooManyPieces {
        /// The player.
        player: Player,
        /// The shape.
        shape: Shape,
    },
    /// White must have placed as many pieces as Black, or one more.
    #[error(
        "White has placed {white} pieces and Black {black}: White moves first and the players alternate"
    )]
    TurnCount {
        /// Pieces White placed.
        white: u32,
        /// Pieces Black placed.
        black: u32,
    },
    /// A triangle points off the board.
    #[error("the triangle on {cell} points off the board")]
    TriangleOffBoard {
        /// Its cell.
        cell: Cell,
    },
    /// The last piece is missing, or is not on the board as given, or does not belong to
    /// the player who moved last.
    #[error("the last piece placed does not match the board")]
    LastMove,
    /// Under rule set standard White's first two pieces cannot both be squares.
    #[error("White's first two pieces are squares, which rule set standard forbids")]
    TwoOpeningSquares,
    /// Both players control 3 towers, a player controls more than 3, or a player controls
    /// 3 while the last piece did not complete the third.
    #[error("the game would have ended when a player first controlled 3 towers")]
    PlayedOnAfterWin,
}
