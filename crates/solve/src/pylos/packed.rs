//! A Pylos value packed in one byte, as databases and their compact files store it.

#[cfg(feature = "database")]
use crate::error::SolveError;
use crate::value::Value;
#[cfg(feature = "database")]
use crate::value::Verdict;

/// A value not known yet (after the last pass: a draw).
pub(crate) const OPEN: u8 = 0;
/// An index that names no valid position.
pub(crate) const INVALID: u8 = 1;
/// The longest distance one byte holds.
#[cfg(feature = "database")]
pub const MAX_PLIES: u32 = 126;

/// A value packed in a byte: 0 not known (a draw once solved), 1 no position, `2 + 2d` a
/// loss in `d`, `3 + 2d` a win in `d`.
#[cfg(feature = "database")]
pub(crate) fn pack(value: Value) -> Result<u8, SolveError> {
    if value.plies > MAX_PLIES {
        return Err(SolveError::TooLong {
            plies: value.plies,
            max: MAX_PLIES,
        });
    }
    Ok(match value.verdict {
        Verdict::Loss => 2 + 2 * value.plies as u8,
        Verdict::Win => 3 + 2 * value.plies as u8,
        Verdict::Draw => OPEN,
    })
}

/// The value of a packed byte of a solved space; `None` for an index of no position.
pub(crate) fn unpack(byte: u8) -> Option<Value> {
    match byte {
        OPEN => Some(Value::DRAW),
        INVALID => None,
        b if b & 1 == 0 => Some(Value::loss(u32::from(b - 2) / 2)),
        b => Some(Value::win(u32::from(b - 3) / 2)),
    }
}
