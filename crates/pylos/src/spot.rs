//! The 30 spots of the pyramid, their notation and their geometry as bit masks.
//!
//! Spots are numbered level by level, each level rank by rank from the south-west:
//! level 0 (4×4) is 0–15, level 1 (3×3) is 16–24, level 2 (2×2) is 25–28 and the apex is
//! 29. A set of spots is a `u32` with one bit per spot.

use core::fmt;
use core::str::FromStr;

use boardcore::{Bitset, Coord, LetterCase, ParseError, Symmetry};

/// The number of levels.
pub(crate) const LEVELS: usize = 4;

/// The first spot number of each level, and the end of the last.
const LEVEL_START: [u8; LEVELS + 1] = [0, 16, 25, 29, 30];

/// Every spot.
pub(crate) const ALL_SPOTS: u32 = (1 << 30) - 1;

/// The spots of each level.
pub(crate) const LEVEL_SPOTS: [u32; LEVELS] = [0xFFFF, 0x1FF << 16, 0xF << 25, 1 << 29];

/// The spots above each level (on any higher level).
pub(crate) const HIGHER_SPOTS: [u32; LEVELS] = [
    ALL_SPOTS & !LEVEL_SPOTS[0],
    LEVEL_SPOTS[2] | LEVEL_SPOTS[3],
    LEVEL_SPOTS[3],
    0,
];

/// The level of each spot number.
const fn level_of(index: usize) -> u8 {
    let mut level = 0;
    while level + 1 < LEVELS && index >= LEVEL_START[level + 1] as usize {
        level += 1;
    }
    level as u8
}

/// The four spots each spot rests on (none for level 0).
pub(crate) const BELOW: [u32; Spot::COUNT] = {
    let mut table = [0u32; Spot::COUNT];
    let mut index = 0;
    while index < Spot::COUNT {
        let spot = Spot(index as u8);
        let level = spot.level();
        if level > 0 {
            let (file, rank) = (spot.file(), spot.rank());
            let mut corner: u8 = 0;
            while corner < 4 {
                let under = Spot::at(level - 1, file + (corner & 1), rank + (corner >> 1));
                table[index] |= 1 << under.0;
                corner += 1;
            }
        }
        index += 1;
    }
    table
};

/// The spots resting on each spot (up to four, on the next level).
pub(crate) const ABOVE: [u32; Spot::COUNT] = {
    let mut table = [0u32; Spot::COUNT];
    let mut upper = 0;
    while upper < Spot::COUNT {
        let mut below = BELOW[upper];
        while below != 0 {
            let lower = below.trailing_zeros() as usize;
            table[lower] |= 1 << upper;
            below &= below - 1;
        }
        upper += 1;
    }
    table
};

/// Spreads a 3×3 grid (bit `rank * 3 + file`) onto the same files and ranks of a 4×4 grid
/// (bit `rank * 4 + file`).
#[inline]
const fn spread_3_to_4(grid: u32) -> u32 {
    (grid & 0x7) | ((grid & 0x38) << 1) | ((grid & 0x1C0) << 2)
}

/// The inverse of [`spread_3_to_4`] for bits in files and ranks 0–2.
#[inline]
const fn gather_4_to_3(grid: u32) -> u32 {
    (grid & 0x7) | ((grid >> 1) & 0x38) | ((grid >> 2) & 0x1C0)
}

/// Spreads a 2×2 grid (bit `rank * 2 + file`) onto a 3×3 grid.
#[inline]
const fn spread_2_to_3(grid: u32) -> u32 {
    (grid & 0x3) | ((grid & 0xC) << 1)
}

/// The inverse of [`spread_2_to_3`] for bits in files and ranks 0–1.
#[inline]
const fn gather_3_to_2(grid: u32) -> u32 {
    (grid & 0x3) | ((grid >> 1) & 0xC)
}

/// The spots that could hold a ball because all four spots under them hold one (every
/// level-0 spot counts), whether or not they are empty themselves. `balls` is the set of
/// spots holding a ball.
#[inline]
pub(crate) const fn supported(balls: u32) -> u32 {
    let level0 = balls & 0xFFFF;
    // Bit (f, r) of a 4×4 grid set when the 2×2 block with south-west corner (f, r) is full.
    let full0 = level0 & (level0 >> 1) & (level0 >> 4) & (level0 >> 5) & 0x777;
    let level1 = (balls >> 16) & 0x1FF;
    let full1 = level1 & (level1 >> 1) & (level1 >> 3) & (level1 >> 4) & 0x1B;
    let level2 = (balls >> 25) & 0xF;
    let apex = if level2 == 0xF { LEVEL_SPOTS[3] } else { 0 };
    LEVEL_SPOTS[0] | gather_4_to_3(full0) << 16 | gather_3_to_2(full1) << 25 | apex
}

/// For each lower level, the four images of the balls one level up shifted onto the spots
/// they rest on: level 0 from level 1, level 1 from level 2 (the apex is handled apart).
#[inline]
const fn resting_images(balls: u32) -> ([u32; 4], [u32; 4]) {
    let on1 = spread_3_to_4((balls >> 16) & 0x1FF);
    let on2 = spread_2_to_3((balls >> 25) & 0xF);
    (
        [on1, on1 << 1, on1 << 4, on1 << 5],
        [on2 << 16, on2 << 17, on2 << 19, on2 << 20],
    )
}

/// The spots with at least one ball of `balls` resting on them.
#[inline]
pub(crate) const fn covered(balls: u32) -> u32 {
    const fn any(images: [u32; 4]) -> u32 {
        images[0] | images[1] | images[2] | images[3]
    }
    let (onto0, onto1) = resting_images(balls);
    let apex = if balls & LEVEL_SPOTS[3] != 0 {
        LEVEL_SPOTS[2]
    } else {
        0
    };
    (any(onto0) | any(onto1) | apex) & ALL_SPOTS
}

/// The spots with exactly one ball of `balls` resting on them.
#[inline]
pub(crate) const fn covered_once(balls: u32) -> u32 {
    const fn exactly_one([a, b, c, d]: [u32; 4]) -> u32 {
        let two_or_more = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
        (a | b | c | d) & !two_or_more
    }
    let (onto0, onto1) = resting_images(balls);
    let apex = if balls & LEVEL_SPOTS[3] != 0 {
        LEVEL_SPOTS[2]
    } else {
        0
    };
    (exactly_one(onto0) | exactly_one(onto1) | apex) & ALL_SPOTS
}

/// A spot of the pyramid: a level (0 at the bottom to 3 at the apex), a file (`a` from
/// the west) and a rank (`1` from the south). Level `L` is a square of `4 - L` spots a
/// side; spot (L, f, r) rests on the four spots (L-1, f, r), (L-1, f+1, r), (L-1, f, r+1)
/// and (L-1, f+1, r+1).
///
/// The notation is the level digit, the file letter and the rank digit: `0a1`…`0d4`,
/// `1a1`…`1c3`, `2a1`…`2b2` and the apex `3a1`. Spots are numbered from 0 (`0a1`) to 29
/// (`3a1`), level by level and rank by rank; that number is the spot's index in the
/// [`Bitset`]s the crate returns.
///
/// ```
/// use pylos::Spot;
///
/// let spot: Spot = "1b2".parse().unwrap();
/// assert_eq!((spot.level(), spot.file(), spot.rank()), (1, 1, 1));
/// assert_eq!(spot.index(), 20);
/// assert_eq!(spot.to_string(), "1b2");
/// assert_eq!(format!("{spot:?}"), "Spot(1b2)");
/// let under: Vec<String> = Spot::in_set(spot.below()).map(|s| s.to_string()).collect();
/// assert_eq!(under, ["0b2", "0c2", "0b3", "0c3"]);
/// assert!("1d1".parse::<Spot>().is_err());
/// assert_eq!(Spot::APEX.to_string(), "3a1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot(u8);

impl Spot {
    /// The number of spots.
    pub const COUNT: usize = 30;

    /// The top spot, `3a1`.
    pub const APEX: Spot = Spot(29);

    /// The spot at `level` (0–3), `file` and `rank` (each below `4 - level`).
    pub const fn new(level: u8, file: u8, rank: u8) -> Option<Spot> {
        if (level as usize) < LEVELS && file < 4 - level && rank < 4 - level {
            Some(Spot::at(level, file, rank))
        } else {
            None
        }
    }

    /// The spot at `level`, `file` and `rank`, which must be on the pyramid.
    const fn at(level: u8, file: u8, rank: u8) -> Spot {
        Spot(LEVEL_START[level as usize] + rank * (4 - level) + file)
    }

    /// The spot numbered `index`, if below 30.
    pub const fn from_index(index: usize) -> Option<Spot> {
        if index < Spot::COUNT {
            Some(Spot(index as u8))
        } else {
            None
        }
    }

    /// The spot of the lowest bit of `mask`, which must not be empty.
    #[inline]
    pub(crate) const fn lowest(mask: u32) -> Spot {
        Spot(mask.trailing_zeros() as u8)
    }

    /// The spot's number, 0 (`0a1`) to 29 (`3a1`).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The spot's bit in a `u32` set.
    #[inline]
    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The level, 0 (the bottom, 4×4) to 3 (the apex).
    pub const fn level(self) -> u8 {
        level_of(self.0 as usize)
    }

    /// The number of spots a side on the spot's level: `4 - level`.
    pub const fn level_size(self) -> u8 {
        4 - self.level()
    }

    /// The file, 0 (`a`) to `level_size - 1`.
    pub const fn file(self) -> u8 {
        (self.0 - LEVEL_START[self.level() as usize]) % self.level_size()
    }

    /// The rank, 0 (rank `1`) to `level_size - 1`.
    pub const fn rank(self) -> u8 {
        (self.0 - LEVEL_START[self.level() as usize]) / self.level_size()
    }

    /// The four spots a ball here rests on (empty for level 0).
    pub const fn below(self) -> Bitset {
        Bitset(BELOW[self.0 as usize] as u64)
    }

    /// The spots resting on this one (one to four on the next level; none for the apex).
    pub const fn above(self) -> Bitset {
        Bitset(ABOVE[self.0 as usize] as u64)
    }

    /// The image of this spot under `symmetry`, which maps every level onto itself.
    ///
    /// ```
    /// use pylos::boardcore::Symmetry;
    /// use pylos::Spot;
    ///
    /// let spot: Spot = "0a1".parse().unwrap();
    /// assert_eq!(spot.map(Symmetry::Rotate90).to_string(), "0a4");
    /// assert_eq!("1b2".parse::<Spot>().unwrap().map(Symmetry::Rotate90).to_string(), "1b2");
    /// ```
    #[must_use]
    pub const fn map(self, symmetry: Symmetry) -> Spot {
        let size = self.level_size();
        let image = symmetry.map(Coord::new(self.file(), self.rank()), size);
        Spot::at(self.level(), image.x, image.y)
    }

    /// Every spot, from `0a1` to the apex.
    pub fn all() -> impl DoubleEndedIterator<Item = Spot> + ExactSizeIterator + Clone {
        (0..Spot::COUNT as u8).map(Spot)
    }

    /// The spots of a set (indices of 30 and more are ignored), lowest number first.
    pub fn in_set(set: Bitset) -> impl Iterator<Item = Spot> + Clone {
        set.iter().filter_map(Spot::from_index)
    }

    /// The spots of a `u32` mask, lowest number first.
    pub(crate) fn in_mask(mask: u32) -> impl Iterator<Item = Spot> + Clone {
        Spot::in_set(Bitset(u64::from(mask & ALL_SPOTS)))
    }

    /// The sort key of the canonical take-back order: higher level first, then rank 1
    /// first, then file `a` first.
    pub(crate) const fn takeback_order(self) -> u8 {
        (3 - self.level()) * 32 + (self.0 - LEVEL_START[self.level() as usize])
    }
}

/// In notation, as `Spot(1b2)`, so that a position or error printed with `{:?}` reads as
/// the game is written.
impl fmt::Debug for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Spot({self})")
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.level(),
            Coord::new(self.file(), self.rank())
        )
    }
}

impl FromStr for Spot {
    type Err = ParseError;

    /// Reads the notation in any case (`0A1` is `0a1`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        LetterCase::Lower.read(text, read_spot)
    }
}

/// Reads a spot written in the notation's case.
fn read_spot(text: &str) -> Result<Spot, ParseError> {
    let error = || {
        ParseError::new(
            "spot",
            text,
            "expected a level 0-3, a file and a rank on that level, like 0a1, 1c3 or 3a1",
        )
    };
    let mut chars = text.chars();
    let level = chars
        .next()
        .and_then(|c| c.to_digit(10))
        .ok_or_else(error)?;
    let rest = chars.as_str();
    let (coord, used) = Coord::parse_prefix(rest).ok_or_else(error)?;
    if used != rest.len() {
        return Err(error());
    }
    let level = u8::try_from(level).map_err(|_| error())?;
    Spot::new(level, coord.x, coord.y).ok_or_else(error)
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(Spot);

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks of the bit tricks, computed the slow way from the tables.
    fn slow_supported(balls: u32) -> u32 {
        Spot::all()
            .filter(|s| BELOW[s.index()] & !balls == 0)
            .fold(0, |mask, s| mask | s.bit())
    }

    fn resting_count(balls: u32, spot: Spot) -> u32 {
        (ABOVE[spot.index()] & balls).count_ones()
    }

    fn masks() -> impl Iterator<Item = u32> {
        // A fixed pseudo-random walk over masks, plus the extremes.
        let mut x = 0x2545_F491u32;
        (0..20_000)
            .map(move |_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x & ALL_SPOTS
            })
            .chain([0, ALL_SPOTS, LEVEL_SPOTS[0], ALL_SPOTS & !LEVEL_SPOTS[3]])
    }

    #[test]
    fn numbering_and_notation() {
        for spot in Spot::all() {
            let text = spot.to_string();
            assert_eq!(text.parse::<Spot>().unwrap(), spot);
            assert_eq!(
                Spot::new(spot.level(), spot.file(), spot.rank()),
                Some(spot)
            );
        }
        assert_eq!(Spot::all().filter(|s| s.level() == 0).count(), 16);
        assert_eq!(Spot::all().filter(|s| s.level() == 1).count(), 9);
        assert_eq!(Spot::all().filter(|s| s.level() == 2).count(), 4);
        for bad in [
            "", "0", "0a", "0a0", "0e1", "0a5", "1d1", "1a4", "2c1", "3b1", "3a2", "4a1", "0a1 ",
            "a1", "00a1", "0a01", "+0a1",
        ] {
            assert!(bad.parse::<Spot>().is_err(), "{bad}");
        }
        assert_eq!("0A1".parse::<Spot>().unwrap().to_string(), "0a1");
        assert_eq!(Spot::from_index(30), None);
        assert_eq!(Spot::new(0, 4, 0), None);
        assert_eq!(Spot::new(4, 0, 0), None);
    }

    #[test]
    fn geometry_tables() {
        for spot in Spot::all() {
            let below = BELOW[spot.index()];
            if spot.level() == 0 {
                assert_eq!(below, 0);
            } else {
                assert_eq!(below.count_ones(), 4);
                assert_eq!(below & !LEVEL_SPOTS[spot.level() as usize - 1], 0);
            }
            for upper in Spot::in_mask(ABOVE[spot.index()]) {
                assert!(BELOW[upper.index()] & spot.bit() != 0);
            }
        }
        assert_eq!(ABOVE[Spot::APEX.index()], 0);
        assert_eq!(BELOW[Spot::APEX.index()], LEVEL_SPOTS[2]);
        // Corners of level 0 carry one spot, the centre four carry four.
        let corner = "0d4".parse::<Spot>().unwrap();
        let centre = "0b3".parse::<Spot>().unwrap();
        assert_eq!(ABOVE[corner.index()].count_ones(), 1);
        assert_eq!(ABOVE[centre.index()].count_ones(), 4);
    }

    #[test]
    fn bit_tricks_match_the_tables() {
        for balls in masks() {
            assert_eq!(supported(balls), slow_supported(balls), "{balls:#x}");
            for spot in Spot::all() {
                let count = resting_count(balls, spot);
                assert_eq!(covered(balls) & spot.bit() != 0, count >= 1, "{balls:#x}");
                assert_eq!(covered_once(balls) & spot.bit() != 0, count == 1);
            }
        }
    }

    #[test]
    fn symmetries_keep_levels_and_support() {
        for symmetry in Symmetry::ALL {
            for spot in Spot::all() {
                let image = spot.map(symmetry);
                assert_eq!(image.level(), spot.level());
                assert_eq!(image.map(symmetry.inverse()), spot);
                let mapped_below: u32 =
                    Spot::in_mask(BELOW[spot.index()]).fold(0, |m, s| m | s.map(symmetry).bit());
                assert_eq!(mapped_below, BELOW[image.index()]);
            }
        }
    }

    #[test]
    fn canonical_takeback_order() {
        let order = |text: &str| text.parse::<Spot>().unwrap().takeback_order();
        assert!(order("2b2") < order("1a1"));
        assert!(order("0d1") < order("0a2"));
        assert!(order("0a1") < order("0b1"));
        assert!(order("3a1") < order("2a1"));
    }
}
