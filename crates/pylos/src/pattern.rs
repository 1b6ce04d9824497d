//! The patterns of own balls that grant a take-back: 2×2 squares on every level, and in
//! the `expert` variant rows and columns of level 0 and level 1.

use crate::config::Variant;
use crate::spot::{LEVEL_SPOTS, LEVELS, Spot};

/// The spots of the 2×2 block with south-west corner (`file`, `rank`) on `level`.
const fn square(level: u8, file: u8, rank: u8) -> u32 {
    let mut mask = 0;
    let mut corner: u8 = 0;
    while corner < 4 {
        if let Some(spot) = Spot::new(level, file + (corner & 1), rank + (corner >> 1)) {
            mask |= 1 << spot.index();
        }
        corner += 1;
    }
    mask
}

/// The spots of a whole row (`row` true) or column number `index` of `level`.
const fn line(level: u8, index: u8, row: bool) -> u32 {
    let mut mask = 0;
    let mut along = 0;
    while along < 4 - level {
        let (file, rank) = if row { (along, index) } else { (index, along) };
        if let Some(spot) = Spot::new(level, file, rank) {
            mask |= 1 << spot.index();
        }
        along += 1;
    }
    mask
}

/// The 14 squares (9 on level 0, 4 on level 1, 1 on level 2), then the 14 lines of the
/// expert variant (4 rows and 4 columns of level 0, 3 rows and 3 columns of level 1).
const SQUARES_THEN_LINES: [u32; 28] = {
    let mut patterns = [0u32; 28];
    let mut count = 0;
    let mut level = 0;
    while level < LEVELS as u8 - 1 {
        let side = 3 - level;
        let mut rank = 0;
        while rank < side {
            let mut file = 0;
            while file < side {
                patterns[count] = square(level, file, rank);
                count += 1;
                file += 1;
            }
            rank += 1;
        }
        level += 1;
    }
    let mut level = 0;
    while level < 2 {
        let mut index = 0;
        while index < 4 - level {
            patterns[count] = line(level, index, true);
            patterns[count + 1] = line(level, index, false);
            count += 2;
            index += 1;
        }
        level += 1;
    }
    assert!(count == 28, "14 squares and 14 lines");
    patterns
};

/// The number of squares at the front of [`SQUARES_THEN_LINES`].
const SQUARE_COUNT: usize = 14;

/// The patterns that grant a take-back in `variant`, as spot masks: the definition that
/// [`completing_spots`] computes faster.
#[cfg(test)]
pub(crate) const fn patterns(variant: Variant) -> &'static [u32] {
    match variant {
        Variant::Children => &[],
        Variant::Standard => SQUARES_THEN_LINES.split_at(SQUARE_COUNT).0,
        Variant::Expert => &SQUARES_THEN_LINES,
    }
}

/// For each spot, the squares through it (at most 4), then the lines through it (at most
/// 2); unused places hold `u32::MAX`, which no set of spots contains.
const PATTERNS_THROUGH: [[u32; 6]; Spot::COUNT] = {
    let mut table = [[u32::MAX; 6]; Spot::COUNT];
    let mut spot = 0;
    while spot < Spot::COUNT {
        let (mut squares, mut lines) = (0, 4);
        let mut index = 0;
        while index < SQUARES_THEN_LINES.len() {
            let pattern = SQUARES_THEN_LINES[index];
            if pattern & 1 << spot != 0 {
                if index < SQUARE_COUNT {
                    table[spot][squares] = pattern;
                    squares += 1;
                } else {
                    table[spot][lines] = pattern;
                    lines += 1;
                }
            }
            index += 1;
        }
        spot += 1;
    }
    table
};

/// Whether a ball of the colour of `own` on `spot` completes a pattern of `variant` (the
/// patterns through `spot` all of whose other spots hold own balls).
#[inline]
pub(crate) fn completes(variant: Variant, own: u32, spot: Spot) -> bool {
    let through = &PATTERNS_THROUGH[spot.index()];
    let count = match variant {
        Variant::Children => 0,
        Variant::Standard => 4,
        Variant::Expert => 6,
    };
    let with = own | spot.bit();
    through[..count].iter().any(|&pattern| pattern & !with == 0)
}

/// The spots where one more ball of the colour of `own` would complete a pattern of
/// `variant`: the spot is the only one of a square (or, in `expert`, a line) without an
/// own ball. Whether those spots are open is the caller's business.
// Inlined into the move generator, whose two instances call it on every position: it
// saves a twentieth of the instructions of perft (measured with callgrind).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn completing_spots(variant: Variant, own: u32) -> u32 {
    match variant {
        Variant::Children => 0,
        Variant::Standard => square_spots(own),
        Variant::Expert => square_spots(own) | line_spots(own),
    }
}

/// The spots that complete a square of `own`, skipping the upper levels where `own` has
/// no ball (a square there needs three).
#[inline]
const fn square_spots(own: u32) -> u32 {
    let mut spots = level_square_spots(own & 0xFFFF, 4, 0x777);
    if own & LEVEL_SPOTS[1] != 0 {
        spots |= level_square_spots((own >> 16) & 0x1FF, 3, 0x1B) << 16;
    }
    if own & LEVEL_SPOTS[2] != 0 {
        spots |= level_square_spots((own >> 25) & 0xF, 2, 0x1) << 25;
    }
    spots
}

/// On one level of `width` spots a side (its balls in the low bits, `rank * width +
/// file`), the spots that complete a square. `corners` marks the south-west corners of
/// the level's squares; each square is tested at its corner bit by shifting the other
/// three spots onto it.
#[inline]
const fn level_square_spots(balls: u32, width: u32, corners: u32) -> u32 {
    let (sw, se, nw, ne) = (balls, balls >> 1, balls >> width, balls >> (width + 1));
    (sw & se & nw & !ne & corners) << (width + 1)
        | (sw & se & !nw & ne & corners) << width
        | (sw & !se & nw & ne & corners) << 1
        | (!sw & se & nw & ne & corners)
}

/// The spots that complete a line of `own` (expert).
#[inline]
fn line_spots(own: u32) -> u32 {
    SQUARES_THEN_LINES[SQUARE_COUNT..]
        .iter()
        .fold(0, |spots, &line| {
            let missing = line & !own;
            // Exactly one spot missing (a complete line has none to complete).
            if missing & missing.wrapping_sub(1) == 0 {
                spots | missing
            } else {
                spots
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spot::ALL_SPOTS;

    fn spots(text: &str) -> u32 {
        text.split(' ')
            .map(|s| s.parse::<Spot>().unwrap().index())
            .fold(0, |mask, index| mask | 1 << index)
    }

    #[test]
    fn pattern_shapes() {
        let squares = patterns(Variant::Standard);
        assert_eq!(squares.len(), 14);
        assert!(squares.iter().all(|p| p.count_ones() == 4));
        assert!(squares.contains(&spots("0c3 0d3 0c4 0d4")));
        assert!(squares.contains(&spots("2a1 2b1 2a2 2b2")));
        let expert = patterns(Variant::Expert);
        assert_eq!(expert.len(), 28);
        let lines = &expert[14..];
        assert_eq!(lines.iter().filter(|p| p.count_ones() == 4).count(), 8);
        assert_eq!(lines.iter().filter(|p| p.count_ones() == 3).count(), 6);
        assert!(lines.contains(&spots("0a2 0b2 0c2 0d2")));
        assert!(lines.contains(&spots("1c1 1c2 1c3")));
        assert!(patterns(Variant::Children).is_empty());
    }

    #[test]
    fn completing_spots_need_exactly_one_missing() {
        let standard = Variant::Standard;
        assert_eq!(
            completing_spots(standard, spots("0a1 0b1 0a2")),
            spots("0b2")
        );
        assert_eq!(completing_spots(standard, spots("0a1 0b1")), 0);
        // A full square has nothing left to complete; its neighbours need two more balls.
        assert_eq!(completing_spots(standard, spots("0a1 0b1 0a2 0b2")), 0);
        assert_eq!(
            completing_spots(standard, spots("2a1 2b1 2b2")),
            spots("2a2")
        );
        let expert = Variant::Expert;
        assert_eq!(completing_spots(expert, spots("0a1 0b1 0c1")), spots("0d1"));
        assert_eq!(completing_spots(expert, spots("1a2 1b2")), spots("1c2"));
        assert_eq!(completing_spots(Variant::Children, spots("0a1 0b1 0a2")), 0);
    }

    #[test]
    fn completing_spots_follow_the_patterns() {
        // The definition: a pattern with exactly one spot missing.
        let slow = |variant: Variant, own: u32| {
            patterns(variant).iter().fold(0, |spots, &p| {
                let missing = p & !own;
                if missing.is_power_of_two() {
                    spots | missing
                } else {
                    spots
                }
            })
        };
        let mut own = 0x9E37_79B9u32;
        for _ in 0..50_000 {
            own ^= own << 13;
            own ^= own >> 17;
            own ^= own << 5;
            for variant in Variant::ALL {
                let masked = own & ALL_SPOTS;
                assert_eq!(completing_spots(*variant, masked), slow(*variant, masked));
                for spot in Spot::all() {
                    let expected = slow(*variant, masked & !spot.bit()) & spot.bit() != 0;
                    assert_eq!(completes(*variant, masked & !spot.bit(), spot), expected);
                }
            }
        }
    }
}
