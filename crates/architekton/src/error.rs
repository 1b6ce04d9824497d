//! Why a move is illegal, and why a position is invalid.

use boardcore::{Direction, Player, SignedCoord};
use thiserror::Error;

use crate::tile::{Stack, Terrain, Tile};

/// The rule an illegal move breaks (inside [`boardcore::MoveError::Illegal`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Illegal {
    /// Chance must turn up a tile; players wait.
    #[error("a {expected} tile must be turned up first")]
    ChanceDecides {
        /// The stack the tile comes from.
        expected: Stack,
    },
    /// A draw names a tile of the other stack.
    #[error("a {expected} tile is turned up now, not {tile}")]
    WrongStack {
        /// The stack the tile must come from.
        expected: Stack,
        /// The tile named.
        tile: Tile,
    },
    /// A draw names a tile of which none is left unseen.
    #[error("no {} is left unseen", describe(*.tile))]
    NotUnseen {
        /// The tile named.
        tile: Tile,
    },
    /// A draw while a player decides.
    #[error("no tile is turned up now: a player decides")]
    NoDraw,
    /// The tile is not in the display.
    #[error("no {} in the display", describe(*.tile))]
    NotInDisplay {
        /// The tile named.
        tile: Tile,
    },
    /// A landscape shows one terrain on every side; only rotation 0 names it.
    #[error("a landscape is laid without rotation")]
    LandscapeRotated,
    /// The cell already holds a tile.
    #[error("cell {at} already holds a tile")]
    CellTaken {
        /// The cell.
        at: SignedCoord,
    },
    /// Landscapes lie where `x + y` is even, buildings where it is odd.
    #[error("a {stack} on {at} breaks the checkerboard ({stack}s lie where x + y is {})", if matches!(.stack, Stack::Landscape) { "even" } else { "odd" })]
    OffCheckerboard {
        /// The kind of tile.
        stack: Stack,
        /// The cell.
        at: SignedCoord,
    },
    /// A tile must share an edge with a tile on the table.
    #[error("cell {at} shares no edge with a tile on the table")]
    NoContact {
        /// The cell.
        at: SignedCoord,
    },
    /// A landscape must match the facing side of at least one neighbouring building.
    #[error("no building next to {at} shows {} towards it", .terrain.name())]
    NoMatchingBuilding {
        /// The landscape's terrain.
        terrain: Terrain,
        /// The cell.
        at: SignedCoord,
    },
    /// Under `BuildingMatch::All`, a side of the building does not match the landscape it
    /// faces.
    #[error(
        "the building's {} side faces a {} landscape; every side next to a landscape must match",
        .side.name(),
        .landscape.name()
    )]
    SideMismatch {
        /// The direction of the side.
        direction: Direction,
        /// The terrain of the building's side.
        side: Terrain,
        /// The terrain of the landscape it faces.
        landscape: Terrain,
    },
    /// Under `BuildingMatch::AtLeastOne`, no side of the building matches the landscape it
    /// faces.
    #[error("no side of the building on {at} matches the landscape it faces")]
    NoMatchingSide {
        /// The cell.
        at: SignedCoord,
    },
    /// A player with no house in supply and none on the table may not lay buildings.
    #[error("player {player} has no house to put on a building")]
    NoHouse {
        /// The player.
        player: Player,
    },
    /// Passing is allowed only when nothing can be laid and no redraw is possible.
    #[error("a tile can be laid, so the player may not pass")]
    MustLay,
    /// The player must first move one of their houses onto the building just laid.
    #[error("player {player} must first move a house onto the building on {building}")]
    HouseMustMove {
        /// The player.
        player: Player,
        /// The building just laid.
        building: SignedCoord,
    },
    /// The house named is not one of the player's houses on the table.
    #[error("there is no house of player {player} on {at}")]
    NotYourHouse {
        /// The player moving a house.
        player: Player,
        /// The cell named.
        at: SignedCoord,
    },
    /// A house is moved only when a building was laid with the supply empty.
    #[error("no house is to be moved now")]
    NoHouseToMove,
    /// The owner of an enclosed building must first decide to keep or remove its house.
    #[error("player {owner} must first decide to keep or remove the house on {building}")]
    DecisionPending {
        /// The house's owner, who decides.
        owner: Player,
        /// The building.
        building: SignedCoord,
    },
    /// Keep or remove is answered only for an enclosed building with a mismatch.
    #[error("no keep/remove decision is pending")]
    NotADecision,
}

/// A tile for messages: `plain landscape`, `building wepf`.
fn describe(tile: Tile) -> String {
    match tile {
        Tile::Landscape(terrain) => format!("{} landscape", terrain.name()),
        Tile::Building(kind) => format!("building {kind}"),
    }
}

/// Why a position (read from text or deserialized) cannot occur in a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
pub enum Invalid {
    /// More tiles of a kind are seen (table, display, discarded) than the set holds.
    #[error("more {} tiles are on the table, in the display and discarded than the set holds", .tile)]
    TooManyTiles {
        /// The kind.
        tile: Tile,
    },
    /// A tile lies on the wrong colour of the checkerboard.
    #[error("the tile on {at} is off the checkerboard")]
    OffCheckerboard {
        /// The cell.
        at: SignedCoord,
    },
    /// The start tiles are not two landscapes on 0,0 and 1,1.
    #[error("the start tiles must be landscapes on 0,0 and 1,1")]
    StartTiles,
    /// A tile is not connected to the start tiles through edges.
    #[error("the tile on {at} is not connected to the start tiles")]
    Disconnected {
        /// The cell.
        at: SignedCoord,
    },
    /// A landscape (other than a start tile) matches no neighbouring building, so it
    /// could not have been laid.
    #[error("the landscape on {at} matches no neighbouring building")]
    UnmatchedLandscape {
        /// The cell.
        at: SignedCoord,
    },
    /// A landscape carries a house or a rotation.
    #[error("the landscape on {at} carries a house or a rotation")]
    LandscapeMarks {
        /// The cell.
        at: SignedCoord,
    },
    /// A player has more than 12 houses on the table and removed.
    #[error("player {player} has more than 12 houses on the table and removed")]
    TooManyHouses {
        /// The player.
        player: Player,
    },
    /// The display shows more than 3 tiles of a stack.
    #[error("the display shows more than 3 {stack} tiles")]
    DisplayOverfull {
        /// The stack.
        stack: Stack,
    },
    /// A reserve holds more tiles than it started with, or than are unseen.
    #[error("the {stack} reserve does not fit the tiles left unseen")]
    Reserve {
        /// The stack.
        stack: Stack,
    },
    /// The turn, the tiles laid this turn and the phase do not fit together or with the
    /// table.
    #[error("the turn and phase do not fit the position: {0}")]
    Phase(&'static str),
    /// A pending decision names a building that is not enclosed, has no house, matches
    /// every side, or whose owner could not pay even by removing the house.
    #[error("the pending decision on {at} cannot occur")]
    Decision {
        /// The building.
        at: SignedCoord,
    },
}
