//! The options of a game: the matching rule for buildings and the tile set.

use core::fmt;
use core::str::FromStr;

use boardcore::ParseError;
use thiserror::Error;

use crate::tile::{Building, Stack, Terrain, Tile};

/// How many of its landscape neighbours a building must match when it is laid.
///
/// The text form is `all` or `one` (the `towers` option `--building-match`).
///
/// ```
/// use architekton::BuildingMatch;
///
/// assert_eq!(BuildingMatch::default(), BuildingMatch::All);
/// assert_eq!("one".parse::<BuildingMatch>().unwrap(), BuildingMatch::AtLeastOne);
/// assert_eq!(BuildingMatch::AtLeastOne.to_string(), "one");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum BuildingMatch {
    /// Every landscape next to the new building faces a side of its terrain (the seed's
    /// rule, the default).
    #[default]
    All,
    /// At least one landscape next to the new building does (the published game).
    #[cfg_attr(feature = "serde", serde(rename = "one"))]
    AtLeastOne,
}

impl fmt::Display for BuildingMatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BuildingMatch::All => "all",
            BuildingMatch::AtLeastOne => "one",
        })
    }
}

impl FromStr for BuildingMatch {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "all" => Ok(BuildingMatch::All),
            "one" => Ok(BuildingMatch::AtLeastOne),
            _ => Err(ParseError::new(
                "building match",
                text,
                "expected all or one",
            )),
        }
    }
}

/// Why a list of tile counts is not a usable tile set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TileSetError {
    /// The two start tiles and the landscape reserve need at least 6 landscapes.
    #[error(
        "a tile set needs at least {} landscapes (two start tiles and the reserve), not {count}",
        TileSet::MIN_LANDSCAPES
    )]
    TooFewLandscapes {
        /// The landscapes in the set.
        count: usize,
    },
    /// The engine holds at most [`TileSet::MAX_TILES`] tiles.
    #[error("a tile set holds at most {} tiles, not {count}", TileSet::MAX_TILES)]
    TooManyTiles {
        /// The tiles in the set.
        count: usize,
    },
}

/// The tiles a game is played with: how many of each of the 10 kinds (4 landscapes, 6
/// buildings, see [`Tile::ALL`]).
///
/// The default is the ruled set of 46 tiles: 6 landscapes of each terrain and 22
/// buildings, 4, 4, 4, 4, 3 and 3 of the kinds `wepf`, `wefp`, `wpef`, `wpfe`, `wfep`,
/// `wfpe`. An app may supply its own counts; a set needs at least
/// [`TileSet::MIN_LANDSCAPES`] landscapes and at most [`TileSet::MAX_TILES`] tiles. The
/// reserve of each stack is 4 tiles, or all the buildings of a set with fewer than 4.
///
/// The text form is the ten counts in [`Tile::ALL`] order, separated by commas.
///
/// ```
/// use architekton::{Terrain, Tile, TileSet};
///
/// let set = TileSet::default();
/// assert_eq!(set.total(), 46);
/// assert_eq!(set.count(Tile::Landscape(Terrain::Plain)), 6);
/// assert_eq!(set.to_string(), "6,6,6,6,4,4,4,4,3,3");
/// let small = TileSet::new([3, 3, 3, 3], [1, 1, 1, 1, 1, 1]).unwrap();
/// assert_eq!(small.total(), 18);
/// assert!(TileSet::new([1, 1, 1, 1], [0; 6]).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TileSet {
    counts: [u8; Tile::COUNT],
}

impl Default for TileSet {
    fn default() -> Self {
        TileSet {
            counts: [6, 6, 6, 6, 4, 4, 4, 4, 3, 3],
        }
    }
}

impl TileSet {
    /// The most tiles a set may hold; it bounds the table (see
    /// [`MAX_MOVES`](crate::MAX_MOVES)).
    pub const MAX_TILES: usize = 48;
    /// The fewest landscapes a set may hold: two start tiles and a reserve of four.
    pub const MIN_LANDSCAPES: usize = 6;
    /// The tiles of each stack set aside as the reserve.
    pub const RESERVE: u8 = 4;

    /// The set with `landscapes[t]` landscapes of terrain `t` (in [`Terrain::ALL`]
    /// order) and `buildings[k]` buildings of kind `k` (in [`Building::ALL`] order).
    ///
    /// # Errors
    /// [`TileSetError`] when there are fewer than 6 landscapes or more than 48 tiles.
    pub fn new(landscapes: [u8; 4], buildings: [u8; 6]) -> Result<TileSet, TileSetError> {
        let mut counts = [0u8; Tile::COUNT];
        counts[..4].copy_from_slice(&landscapes);
        counts[4..].copy_from_slice(&buildings);
        TileSet::from_counts(counts)
    }

    /// The set with `counts[i]` tiles of kind `Tile::ALL[i]`.
    ///
    /// # Errors
    /// As [`TileSet::new`].
    pub fn from_counts(counts: [u8; Tile::COUNT]) -> Result<TileSet, TileSetError> {
        let set = TileSet { counts };
        let landscapes = set.stack_total(Stack::Landscape);
        if landscapes < TileSet::MIN_LANDSCAPES {
            return Err(TileSetError::TooFewLandscapes { count: landscapes });
        }
        if set.total() > TileSet::MAX_TILES {
            return Err(TileSetError::TooManyTiles { count: set.total() });
        }
        Ok(set)
    }

    /// The number of tiles of kind `tile`.
    pub const fn count(&self, tile: Tile) -> u8 {
        self.counts[tile.index()]
    }

    /// The counts in [`Tile::ALL`] order.
    pub const fn counts(&self) -> [u8; Tile::COUNT] {
        self.counts
    }

    /// The number of tiles.
    pub fn total(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    /// The number of tiles of one stack.
    pub fn stack_total(&self, stack: Stack) -> usize {
        self.counts[stack.tile_range()]
            .iter()
            .map(|&c| usize::from(c))
            .sum()
    }

    /// The size of a stack's reserve at the start: 4, or every building of a set with
    /// fewer.
    pub fn reserve(&self, stack: Stack) -> u8 {
        match stack {
            Stack::Landscape => TileSet::RESERVE,
            Stack::Building => {
                TileSet::RESERVE.min(u8::try_from(self.stack_total(stack)).unwrap_or(u8::MAX))
            }
        }
    }

    /// The landscapes of each terrain, in [`Terrain::ALL`] order.
    pub fn landscapes(&self) -> [u8; 4] {
        Terrain::ALL.map(|t| self.count(Tile::Landscape(t)))
    }

    /// The buildings of each kind, in [`Building::ALL`] order.
    pub fn buildings(&self) -> [u8; 6] {
        Building::ALL.map(|k| self.count(Tile::Building(k)))
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, count) in self.counts.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{count}")?;
        }
        Ok(())
    }
}

impl FromStr for TileSet {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = |reason: String| ParseError::new("tile set", text, reason);
        let mut counts = [0u8; Tile::COUNT];
        let mut parts = text.split(',');
        for count in &mut counts {
            let part = parts.next().unwrap_or("");
            *count = boardcore::parse_number(part)
                .ok_or_else(|| error("expected ten counts separated by commas".to_owned()))?;
        }
        if parts.next().is_some() {
            return Err(error("expected ten counts separated by commas".to_owned()));
        }
        TileSet::from_counts(counts).map_err(|e| error(e.to_string()))
    }
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(TileSet);

/// The options of a game, fixed at the start.
///
/// The text form (used in the position text) is the matching rule and the tile set
/// separated by a colon: `all:6,6,6,6,4,4,4,4,3,3`.
///
/// ```
/// use architekton::{BuildingMatch, Config, TileSet};
///
/// let config = Config::default();
/// assert_eq!(config.building_match, BuildingMatch::All);
/// assert_eq!(config.tiles, TileSet::default());
/// let one = Config::new(BuildingMatch::AtLeastOne);
/// assert_eq!(one.to_string(), "one:6,6,6,6,4,4,4,4,3,3");
/// assert_eq!(one.to_string().parse::<Config>().unwrap(), one);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// How many landscape neighbours a new building must match (default
    /// [`BuildingMatch::All`]).
    pub building_match: BuildingMatch,
    /// The tiles (default: the ruled set of 46).
    pub tiles: TileSet,
}

impl Config {
    /// The default tile set with the matching rule `building_match`.
    pub fn new(building_match: BuildingMatch) -> Config {
        Config {
            building_match,
            tiles: TileSet::default(),
        }
    }
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.building_match, self.tiles)
    }
}

impl FromStr for Config {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (rule, tiles) = text.split_once(':').ok_or_else(|| {
            ParseError::new(
                "configuration",
                text,
                "expected the building match and the tile set, like all:6,6,6,6,4,4,4,4,3,3",
            )
        })?;
        Ok(Config {
            building_match: rule.parse()?,
            tiles: tiles.parse()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_set_limits() {
        assert_eq!(
            TileSet::new([1, 1, 1, 2], [4; 6]),
            Err(TileSetError::TooFewLandscapes { count: 5 })
        );
        assert_eq!(
            TileSet::new([10; 4], [2; 6]),
            Err(TileSetError::TooManyTiles { count: 52 })
        );
        let no_buildings = TileSet::new([2, 2, 2, 0], [0; 6]).unwrap();
        assert_eq!(no_buildings.reserve(Stack::Building), 0);
        assert_eq!(no_buildings.reserve(Stack::Landscape), 4);
        assert_eq!(TileSet::default().buildings(), [4, 4, 4, 4, 3, 3]);
        assert_eq!(TileSet::default().landscapes(), [6; 4]);
    }

    #[test]
    fn tile_set_text() {
        let set: TileSet = "6,6,6,6,4,4,4,4,3,3".parse().unwrap();
        assert_eq!(set, TileSet::default());
        for bad in [
            "",
            "6,6,6,6,4,4,4,4,3",
            "6,6,6,6,4,4,4,4,3,3,0",
            "6,6,6,6,4,4,4,4,3,-3",
            "1,1,1,1,4,4,4,4,3,3",
            "06,6,6,6,4,4,4,4,3,3",
        ] {
            assert!(bad.parse::<TileSet>().is_err(), "{bad}");
        }
        assert!("any:6,6,6,6,4,4,4,4,3,3".parse::<Config>().is_err());
        assert!("all".parse::<Config>().is_err());
    }
}
