//! Why a move is illegal, and why a position is invalid.

use core::fmt;

use boardcore::{Direction, Player, SignedCoord};
use thiserror::Error;

use crate::cross::{Colour, Cross};

/// The kind of decision a position asks for; a move of another kind is refused with
/// [`Illegal::WrongDecision`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Decision {
    /// Lay the next cross (setup step 1).
    LayCross,
    /// Put a pawn on an empty white cell (setup step 2).
    PlacePawn,
    /// Put an extra pawn on one of your single pawns (setup step 3).
    ExtraPawn,
    /// Move a group of pawns, or pass when no group can move.
    MoveGroup,
    /// Put one of the scattered pawns on an empty cell.
    PlaceScattered,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::LayCross => "to lay a cross",
            Decision::PlacePawn => "to put a pawn on an empty white cell",
            Decision::ExtraPawn => "to put an extra pawn on one of your single pawns",
            Decision::MoveGroup => "to move a group of pawns (or pass when none can move)",
            Decision::PlaceScattered => "to put a scattered pawn on an empty cell",
        })
    }
}

/// The rule an illegal move breaks (inside [`boardcore::MoveError::Illegal`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Illegal {
    /// The move is of another kind than the decision the position asks for.
    #[error("not your decision: the decision now is {expected}")]
    WrongDecision {
        /// The decision asked for.
        expected: Decision,
    },
    /// All 12 crosses are laid already.
    #[error("all 12 crosses are laid")]
    BoardComplete,
    /// The first cross of a round is centred on the origin.
    #[error("the first cross is centred on 0,0, not laid as {cross}")]
    FirstCrossOffOrigin {
        /// The cross asked for.
        cross: Cross,
    },
    /// The cross would cover a cell of a cross already laid.
    #[error("the cross {cross} overlaps a laid cross at {at}")]
    Overlap {
        /// The cross asked for.
        cross: Cross,
        /// A cell it shares with the board.
        at: SignedCoord,
    },
    /// The cross would share fewer than two unit edges with the crosses laid.
    #[error(
        "the cross {cross} shares {contacts} unit edge(s) with the laid crosses; it needs at least 2"
    )]
    TooLittleContact {
        /// The cross asked for.
        cross: Cross,
        /// The edges it would share.
        contacts: u32,
    },
    /// No cell of the board lies at these coordinates.
    #[error("{at} is not a cell of the board")]
    OffBoard {
        /// The coordinates asked for.
        at: SignedCoord,
    },
    /// Pawns are set up on white cells only.
    #[error("pawns are set up on white cells only; {at} is of colour {colour}")]
    NotWhite {
        /// The cell asked for.
        at: SignedCoord,
        /// Its colour.
        colour: Colour,
    },
    /// Each white cell takes one pawn during setup.
    #[error("the white cell {at} already holds a pawn")]
    WhiteCellTaken {
        /// The cell asked for.
        at: SignedCoord,
    },
    /// The cell holds no pawn of the player deciding.
    #[error("{at} holds no pawn of yours")]
    NotYourPawn {
        /// The cell asked for.
        at: SignedCoord,
    },
    /// An extra pawn goes on a single pawn (each of the two on a different one).
    #[error("an extra pawn goes on one of your single pawns; {at} holds a tower of {height}")]
    NotSingle {
        /// The cell asked for.
        at: SignedCoord,
        /// The height of the tower there.
        height: u8,
    },
    /// A group of k pawns moves exactly k cells, so the distance must be between 1 and the
    /// tower's height.
    #[error(
        "a group moves one cell per pawn: moving {distance} cell(s) takes {distance} pawn(s), and the tower on {at} holds {height}"
    )]
    WrongDistance {
        /// The cell of the tower.
        at: SignedCoord,
        /// The distance (and group size) asked for.
        distance: u8,
        /// The height of the tower.
        height: u8,
    },
    /// Every cell of the path, and the destination, must be a cell of the board.
    #[error("moving {distance} cell(s) {direction} from {from} leaves the board or crosses a hole")]
    PathLeavesBoard {
        /// The cell of the tower.
        from: SignedCoord,
        /// The direction asked for.
        direction: Direction,
        /// The distance asked for.
        distance: u8,
    },
    /// The tower on the destination stands on a cell of its owner's colour.
    #[error("the tower of player {owner} on {at} stands on its own colour and is protected")]
    Protected {
        /// The destination.
        at: SignedCoord,
        /// The owner of the protected tower.
        owner: Player,
    },
    /// A scattered pawn goes on an empty cell.
    #[error("a scattered pawn goes on an empty cell; {at} is not empty")]
    ScatterTargetNotEmpty {
        /// The cell asked for.
        at: SignedCoord,
    },
    /// A player passes only when no group can move.
    #[error("a player may pass only when no group of theirs can move")]
    PassWithMoves,
}

/// Why a position (read from text or deserialized) cannot occur in a match.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
pub enum Invalid {
    /// A seat is not at the table of a match of this many players.
    #[error("player {player} is not seated in this match")]
    NotSeated {
        /// The seat.
        player: Player,
    },
    /// Every seat is either in the round or eliminated, exactly once, and each round
    /// eliminated one player.
    #[error("the players of the round and the eliminated players do not make up the table")]
    Seating,
    /// The qualified players are players of the round, and fewer than the round's quota
    /// (or the match is over).
    #[error("the qualified players do not fit the round")]
    Qualified,
    /// A cross breaks the laying rules (in laying order, from 0).
    #[error("cross {index}: {reason}")]
    Cross {
        /// Its place in the laying order.
        index: usize,
        /// The rule it breaks.
        reason: Illegal,
    },
    /// The number of crosses does not fit the phase (fewer than 12 while laying, 12
    /// afterwards).
    #[error("{crosses} crosses are laid, which does not fit the phase")]
    CrossCount {
        /// The crosses laid.
        crosses: usize,
    },
    /// A tower stands where no cell is.
    #[error("a tower stands on {at}, which is not a cell of the board")]
    OffBoard {
        /// Its coordinates.
        at: SignedCoord,
    },
    /// A tower holds pawns of more than one colour.
    #[error("the tower on {at} mixes colours; towers hold one colour only")]
    MixedTower {
        /// Its coordinates.
        at: SignedCoord,
    },
    /// Pawns of a player who is not playing the round (qualified or eliminated) are on the
    /// board.
    #[error("player {player} has pawns on the board but is not playing the round")]
    NotPlaying {
        /// The player.
        player: Player,
    },
    /// A player has the wrong number of pawns on the board for the phase.
    #[error("player {player} has {found} pawn(s) on the board where {expected} are due")]
    PawnCount {
        /// The player.
        player: Player,
        /// The pawns due.
        expected: u32,
        /// The pawns found.
        found: u32,
    },
    /// A tower holds all of its owner's pawns yet stands on the board.
    #[error("the tower on {at} is finished and would have left the board")]
    FinishedTower {
        /// Its coordinates.
        at: SignedCoord,
    },
    /// During setup, pawns stand only on white cells, singly, and extras make towers of 2.
    #[error("the pawn on {at} does not fit the setup")]
    Setup {
        /// The cell that does not fit.
        at: SignedCoord,
    },
    /// The player to move, the scattering player or the victim is not playing the round.
    #[error("player {player} cannot take that part in the round")]
    Role {
        /// The player.
        player: Player,
    },
    /// The board does not fit the phase (a setup step goes on after all its moves were
    /// made, or a scatter count is out of range).
    #[error("the board does not fit the phase")]
    Phase,
    /// The count of moves without progress reached the limit, which ends the round.
    #[error("{idle} moves without progress would have ended the round (limit {limit})")]
    Idle {
        /// The count given.
        idle: u16,
        /// The round's limit.
        limit: u16,
    },
    /// The count of the round's movement-phase moves does not fit the phase: it is below
    /// the round's limit while a player is to move, and from 1 (the move that scattered)
    /// to the limit during a scatter.
    #[error(
        "{moves} moves of the round's movement phase do not fit the phase (the round ends at {limit})"
    )]
    RoundMoves {
        /// The count given.
        moves: u16,
        /// The round's limit.
        limit: u16,
    },
    /// More moves without progress than moves in the round's movement phase.
    #[error("{idle} moves without progress, but only {moves} moves in the round")]
    IdleBeyondMoves {
        /// The count of moves without progress given.
        idle: u16,
        /// The count of the round's moves given.
        moves: u16,
    },
}
