//! Small readers shared by the move and position text forms. Each accepts only the
//! canonical spelling of [`boardcore::parse_number`], so that every text that reads is the
//! one the value writes.

use boardcore::SignedCoord;

/// The largest coordinate the notation accepts; tiles can only ever lie within
/// [`TileSet::MAX_TILES`](crate::TileSet::MAX_TILES) cells of the start tiles.
pub(crate) const MAX_COORDINATE: i16 = 999;

/// A cell written `x,y`, like `-1,2`.
pub(crate) fn parse_coord(text: &str) -> Option<SignedCoord> {
    let at: SignedCoord = text.parse().ok()?;
    (at.x.unsigned_abs() <= MAX_COORDINATE.unsigned_abs()
        && at.y.unsigned_abs() <= MAX_COORDINATE.unsigned_abs())
    .then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_numbers_only() {
        assert_eq!(parse_coord("-1,2"), Some(SignedCoord::new(-1, 2)));
        assert_eq!(parse_coord("0,-999"), Some(SignedCoord::new(0, -999)));
        for bad in [
            "", ",", "1,", "-0,1", "01,1", "+1,1", "1,1000", "1,-1000", "1;1", "1,1,1", "a,1",
        ] {
            assert_eq!(parse_coord(bad), None, "{bad}");
        }
        assert_eq!(parse_coord("-32768,0"), None);
    }
}
