//! Moves and their notation.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use boardcore::{LetterCase, ParseError, SignedCoord, Weighted};

use crate::notation::parse_coord;
use crate::table::MAX_TABLE;
use crate::tile::{Rotation, Tile};

/// The most legal moves a position can have.
///
/// Proof: at a lay decision with `n` tiles on the table, every legal placement has a
/// *witness*, an edge between a table tile and the empty cell that matches: a landscape
/// matches the facing side of some building next to it, a building matches some
/// landscape next to it (under both matching rules). One edge witnesses at most one
/// landscape placement (the terrain must be the building side it faces) and at most one
/// placement per building kind in the display (the kind's rotation is fixed by the
/// terrain the edge needs), so at most 3. The table has at most two edge-connected parts
/// (the start tiles touch only at a corner, and every tile laid touches the table), so at
/// least `n - 2` of its edges join two tiles, and at most `4n - 2(n - 2) = 2n + 4` edges
/// join a tile to an empty cell. With `n` at most [`TileSet::MAX_TILES`](crate::TileSet::MAX_TILES)
/// (48), that is at most `3 × (2 × 48 + 4) = 300` placements. The other decisions have far
/// fewer moves: 12 houses to move, keep and remove, one pass, 6 kinds of tile to draw.
pub const MAX_MOVES: usize = 3 * (2 * MAX_TABLE + 4);

/// The legal moves of a position, without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The chance outcomes of a position: at most one per building kind.
pub type ChanceList = ArrayVec<Weighted<Move>, 6>;

/// Laying a display tile: which kind, on which cell, turned how.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Lay {
    /// The tile taken from the display.
    pub tile: Tile,
    /// The cell it goes on.
    pub at: SignedCoord,
    /// How a building is turned ([`Rotation::NONE`] for a landscape: any other is
    /// illegal).
    pub rotation: Rotation,
}

/// One decision: a player's move or a chance draw.
///
/// The notation:
///
/// | move | text | example |
/// |---|---|---|
/// | lay a landscape | terrain, `@`, cell `x,y` | `p@0,2` |
/// | lay a building | kind, `@`, cell, then `r1`–`r3` when turned | `wepf@-1,0r3` |
/// | move a house onto the new building | `h@` and the cell the house leaves | `h@1,0` |
/// | keep or remove the house of an enclosed building | `keep`, `remove` | `keep` |
/// | chance turns up a tile | `*` and the tile | `*p`, `*wfpe` |
/// | pass the rest of the turn | `pass` | `pass` |
///
/// Only the canonical spelling reads (no `r0`, no leading zeros, no `-0`), so a move's
/// text is unique.
///
/// ```
/// use architekton::{Lay, Move, Rotation, Tile};
/// use architekton::boardcore::SignedCoord;
///
/// let mv: Move = "wepf@-1,0r3".parse().unwrap();
/// assert_eq!(
///     mv,
///     Move::Lay(Lay {
///         tile: "wepf".parse().unwrap(),
///         at: SignedCoord::new(-1, 0),
///         rotation: Rotation::new(3).unwrap(),
///     })
/// );
/// assert_eq!(mv.to_string(), "wepf@-1,0r3");
/// assert_eq!("*p".parse::<Move>().unwrap(), Move::Draw("p".parse().unwrap()));
/// assert!("wepf@-1,0r0".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// The player to move lays a display tile.
    Lay(Lay),
    /// The player to move, out of houses, moves their house from the building on this cell
    /// onto the building just laid.
    MoveHouse(SignedCoord),
    /// The owner keeps the house on the enclosed building and pays every mismatch.
    Keep,
    /// The owner removes the house from the game and pays one point less.
    Remove,
    /// Chance turns up this tile.
    Draw(Tile),
    /// The player to move, who can lay nothing, passes the rest of the turn.
    Pass,
}

impl fmt::Display for Lay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.tile, self.at)?;
        if self.rotation != Rotation::NONE {
            write!(f, "r{}", self.rotation.quarter_turns())?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Lay(lay) => write!(f, "{lay}"),
            Move::MoveHouse(from) => write!(f, "h@{from}"),
            Move::Keep => f.write_str("keep"),
            Move::Remove => f.write_str("remove"),
            Move::Draw(tile) => write!(f, "*{tile}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Lay {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = |reason: &str| ParseError::new("tile placement", text, reason);
        let (tile, rest) = text
            .split_once('@')
            .ok_or_else(|| error("expected a tile, @ and a cell x,y, like p@0,2"))?;
        let tile: Tile = tile
            .parse()
            .map_err(|_| error("the tile is a terrain letter or a building like wepf"))?;
        let (cell, rotation) = match rest.split_once('r') {
            Some((cell, "1")) => (cell, 1),
            Some((cell, "2")) => (cell, 2),
            Some((cell, "3")) => (cell, 3),
            Some(_) => return Err(error("a rotation is r1, r2 or r3 (none for no turn)")),
            None => (rest, 0),
        };
        let at = parse_coord(cell).ok_or_else(|| {
            error("the cell is x,y in plain decimal (like -1,2), each at most 999 in size")
        })?;
        Ok(Lay {
            tile,
            at,
            rotation: Rotation::ALL[rotation],
        })
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads the notation in any case (`KEEP`, `WEPF@1,0R1`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        LetterCase::Lower.read(text, read_move)
    }
}

/// Reads a move written in the notation's case.
fn read_move(text: &str) -> Result<Move, ParseError> {
    match text {
        "keep" => return Ok(Move::Keep),
        "remove" => return Ok(Move::Remove),
        "pass" => return Ok(Move::Pass),
        _ => {}
    }
    if let Some(tile) = text.strip_prefix('*') {
        return tile.parse().map(Move::Draw).map_err(|error: ParseError| {
            ParseError::new(
                "move",
                text,
                format!("a draw is * and a tile, like *p: {}", error.reason()),
            )
        });
    }
    if let Some(cell) = text.strip_prefix("h@") {
        return parse_coord(cell).map(Move::MoveHouse).ok_or_else(|| {
            ParseError::new(
                "move",
                text,
                "a house move is h@ and the cell x,y it leaves",
            )
        });
    }
    text.parse().map(Move::Lay).map_err(|e: ParseError| {
            ParseError::new(
                "move",
                text,
                format!(
                    "expected a placement like p@0,2 or wepf@1,0r1, h@x,y, keep, remove, *tile or pass ({})",
                    e.reason()
                ),
            )
        })
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(Move);
#[cfg(feature = "serde")]
boardcore::serde_as_text!(Lay);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "p@0,2",
            "w@-10,4",
            "wepf@1,0",
            "wfpe@-1,-2r1",
            "wpef@3,0r2",
            "wefp@0,-1r3",
            "p@0,0r2",
            "h@1,0",
            "h@-3,-8",
            "keep",
            "remove",
            "*p",
            "*wfep",
            "pass",
        ] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_notation_is_refused() {
        for text in [
            "",
            "p",
            "p@",
            "p@0",
            "p@0,",
            "p@0,0r0",
            "p@0,0r4",
            "p@0,0r",
            "x@0,0",
            "wepf@0,01",
            "wepf@-0,1",
            "wepf@+1,1",
            "p@1000,0",
            "pwef@1,0",
            "h@",
            "h@1",
            "*",
            "*x",
            "*p@0,0",
            "pass ",
            " p@0,0",
            "p@0,0r1r1",
            "p@0;0",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }

    #[test]
    fn any_case_reads() {
        for (text, canonical) in [("Keep", "keep"), ("WEPF@1,0R1", "wepf@1,0r1"), ("*P", "*p")] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), canonical);
        }
        assert_eq!("KEEP@".parse::<Move>().unwrap_err().input(), "KEEP@");
    }

    #[test]
    fn the_bound_is_the_documented_one() {
        assert_eq!(MAX_MOVES, 300);
    }
}
