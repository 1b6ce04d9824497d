//! The sort key of a cell: `(y + 128) << 8 | (x + 128)`, so that sorting by it sorts the
//! cells by `(y, x)`. The table and its open cells are kept sorted by it.

use boardcore::SignedCoord;

/// The sort key of a cell, if it lies in the range the table can reach (`-128..=127`).
#[inline]
pub(crate) fn key_of(at: SignedCoord) -> Option<u16> {
    let x = u8::try_from(i32::from(at.x) + 128).ok()?;
    let y = u8::try_from(i32::from(at.y) + 128).ok()?;
    Some(u16::from(y) << 8 | u16::from(x))
}

/// The cell of a sort key made by [`key_of`].
#[inline]
pub(crate) fn coord_of_key(key: u16) -> SignedCoord {
    SignedCoord::new(
        i16::from(key as u8) - 128,
        i16::from((key >> 8) as u8) - 128,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_by_row_then_column_and_come_back() {
        assert_eq!(key_of(SignedCoord::new(128, 0)), None);
        assert_eq!(key_of(SignedCoord::new(-128, 127)), Some(0xFF00));
        let cells =
            [(-3, -1), (2, -1), (-7, 0), (0, 0), (5, 4)].map(|(x, y)| SignedCoord::new(x, y));
        let keys = cells.map(|at| key_of(at).unwrap());
        assert!(keys.is_sorted());
        assert_eq!(keys.map(coord_of_key), cells);
    }
}
