//! The patterns of own balls that grant a take-back: 2×2 squares on every level, and in
//! the `expert` variant rows and columns of level 0 and level 1.

use crate::config::Variant;
use crate::spot::{LEVELS, Spot};

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

/// The patterns that grant a take-back in `variant`, as spot masks.
pub(crate) const fn patterns(variant: Variant) -> &'static [u32] {
    match variant {
        Variant::Children => &[],
        Variant::Standard => SQUARES_THEN_LINES.split_at(SQUARE_COUNT).0,
        Variant::Expert => &SQUARES_THEN_LINES,
    }
}

/// The spots where one more ball of the colour of `own` would complete one of
/// `patterns`: the spot is the only one of a pattern without an own ball.
#[inline]
pub(crate) fn completing_spots(patterns: &[u32], own: u32) -> u32 {
    patterns.iter().fold(0, |spots, &pattern| {
        let missing = pattern & !own;
        // Exactly one spot missing (a complete pattern has none to complete).
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
        let squares = patterns(Variant::Standard);
        assert_eq!(
            completing_spots(squares, spots("0a1 0b1 0a2")),
            spots("0b2")
        );
        assert_eq!(completing_spots(squares, spots("0a1 0b1")), 0);
        // A full square has nothing left to complete; its neighbours need two more balls.
        assert_eq!(completing_spots(squares, spots("0a1 0b1 0a2 0b2")), 0);
        let expert = patterns(Variant::Expert);
        assert_eq!(completing_spots(expert, spots("0a1 0b1 0c1")), spots("0d1"));
        assert_eq!(completing_spots(expert, spots("1a2 1b2")), spots("1c2"));
    }
}
