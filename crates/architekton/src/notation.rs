//! Small readers shared by the move and position text forms. Each accepts only the
//! canonical spelling, so that every text that reads is the one the value writes.

use boardcore::SignedCoord;

/// The largest coordinate the notation accepts; tiles can only ever lie within
/// [`TileSet::MAX_TILES`](crate::TileSet::MAX_TILES) cells of the start tiles.
pub(crate) const MAX_COORDINATE: i16 = 999;

/// A count written in decimal without leading zeros (`0` to `255`).
pub(crate) fn parse_count(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 3 || (text.len() > 1 && text.starts_with('0')) {
        return None;
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A signed coordinate in decimal: an optional `-`, then digits without leading zeros,
/// never `-0`, at most [`MAX_COORDINATE`] in size.
fn parse_number(text: &str) -> Option<i16> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if digits.is_empty()
        || digits.len() > 3
        || (digits.len() > 1 && digits.starts_with('0'))
        || (negative && digits == "0")
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let value: i16 = digits.parse().ok()?;
    (value <= MAX_COORDINATE).then_some(if negative { -value } else { value })
}

/// A cell written `x,y`, like `-1,2`.
pub(crate) fn parse_coord(text: &str) -> Option<SignedCoord> {
    let (x, y) = text.split_once(',')?;
    Some(SignedCoord::new(parse_number(x)?, parse_number(y)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_numbers_only() {
        assert_eq!(parse_coord("-1,2"), Some(SignedCoord::new(-1, 2)));
        assert_eq!(parse_coord("0,-999"), Some(SignedCoord::new(0, -999)));
        for bad in [
            "", ",", "1,", "-0,1", "01,1", "+1,1", "1,1000", "1;1", "1,1,1", "a,1",
        ] {
            assert_eq!(parse_coord(bad), None, "{bad}");
        }
        assert_eq!(parse_count("12"), Some(12));
        for bad in ["", "012", "256", "-1", "1a"] {
            assert_eq!(parse_count(bad), None, "{bad}");
        }
    }
}
