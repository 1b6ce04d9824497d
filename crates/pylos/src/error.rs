//! Why a move is illegal, and why a position is invalid.

use boardcore::Player;
use thiserror::Error;

use crate::config::TakeBackRule;
use crate::spot::Spot;

/// The rule an illegal move breaks (inside [`boardcore::MoveError::Illegal`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Illegal {
    /// A ball is placed from an empty reserve.
    #[error("the reserve is empty: there is no ball to place")]
    ReserveEmpty,
    /// The spot played to already holds a ball.
    #[error("{spot} already holds a ball")]
    SpotOccupied {
        /// The spot played to.
        spot: Spot,
    },
    /// The spot played to cannot hold a ball: the four spots under it do not all hold one.
    #[error("{spot} is not supported: the four spots under it do not all hold a ball")]
    NotSupported {
        /// The spot played to.
        spot: Spot,
    },
    /// A raise or take-back names a spot without a ball.
    #[error("there is no ball on {spot}")]
    NoBall {
        /// The empty spot.
        spot: Spot,
    },
    /// A raise or take-back names a ball of the opponent.
    #[error("the ball on {spot} belongs to the opponent")]
    NotOwnBall {
        /// The spot of the ball.
        spot: Spot,
    },
    /// The ball to raise supports another ball.
    #[error("the ball on {spot} is not free: a ball rests on it")]
    BallNotFree {
        /// The spot of the ball.
        spot: Spot,
    },
    /// A raise does not go up at least one level.
    #[error("a raise must go up: {to} is not higher than {from}")]
    NotHigher {
        /// The spot raised from.
        from: Spot,
        /// The spot raised to.
        to: Spot,
    },
    /// A ball is raised onto a spot it supports: once lifted, the spot would lack it.
    #[error("the ball on {from} cannot move onto {to}, which it supports")]
    RaiseOntoOwnSupport {
        /// The spot raised from.
        from: Spot,
        /// The spot raised to, which rests on `from`.
        to: Spot,
    },
    /// The `children` variant has no take-back.
    #[error("the children variant has no take-back")]
    NoTakeBackInVariant,
    /// A take-back follows a ball that completes no square (nor, in `expert`, line) of the
    /// player's colour.
    #[error(
        "take-back not allowed: the ball played completes no square (nor, in expert, line) of the player's colour"
    )]
    TakeBackNotAllowed,
    /// The ball played completes a square (or line) and rule `1-2` requires a take-back.
    #[error(
        "the ball played completes a square or line of the player's colour: take back one or two balls (rule 1-2)"
    )]
    TakeBackRequired,
    /// Under the `earlier` take-back rules, the ball taken back is the one just played.
    #[error(
        "the ball on {spot} was just played: it may not be taken back in the same turn (rule {rule})"
    )]
    BallJustPlayed {
        /// The spot of the ball.
        spot: Spot,
        /// The take-back rule in play.
        rule: TakeBackRule,
    },
    /// A ball to take back is not free, even once the other ball taken back is gone.
    #[error("the ball on {spot} is not free to take back: a ball rests on it")]
    BallNotFreeToTakeBack {
        /// The spot of the ball.
        spot: Spot,
    },
}

/// Why a position (read from text, built from ball sets or deserialized) cannot occur in
/// a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
pub enum Invalid {
    /// A ball lies on a spot whose four supports do not all hold a ball.
    #[error("the ball on {spot} floats: the four spots under it do not all hold a ball")]
    Floating {
        /// The spot of the floating ball.
        spot: Spot,
    },
    /// A reserve holds more than the 15 balls a player owns.
    #[error("player {player} has {reserve} balls in reserve, more than 15")]
    ReserveOverFull {
        /// The player.
        player: Player,
        /// The reserve as given.
        reserve: u8,
    },
    /// A player's balls on the board and in reserve do not add up to 15.
    #[error(
        "player {player} has {on_board} balls on the board and {reserve} in reserve: they must add up to 15"
    )]
    BallCount {
        /// The player.
        player: Player,
        /// Balls of the player on the board.
        on_board: u8,
        /// Balls in the player's reserve.
        reserve: u8,
    },
    /// A ball of a spot set is not one of the 30 spots.
    #[error("spot number {index} is not on the pyramid (0 to 29)")]
    OffBoard {
        /// The offending index.
        index: usize,
    },
    /// The player to move is not one of the two seats.
    #[error("Pylos seats players 0 and 1, not player {player}")]
    NoSuchPlayer {
        /// The player given.
        player: Player,
    },
    /// A spot holds a ball of both colours.
    #[error("{spot} holds a ball of both colours")]
    DoubleBall {
        /// The spot.
        spot: Spot,
    },
    /// The apex ball belongs to the player to move, but the player who fills the apex
    /// ends the game and never moves again.
    #[error("the apex ball belongs to the player to move, but filling the apex ends the game")]
    ApexOfPlayerToMove,
    /// Under the end rule `reserve` the player to move has an empty reserve, so they lost
    /// at the end of their previous turn and cannot be to move.
    #[error("under end rule reserve the player to move cannot have an empty reserve")]
    EmptyReserveToMove,
}
