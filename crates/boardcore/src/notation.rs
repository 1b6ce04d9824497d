//! Rules every notation follows when it is read: one spelling of numbers, and no case
//! distinction where the notation has none.
//!
//! A number in a move or a position is written in plain decimal: an optional `-`, then
//! digits without leading zeros (`0` itself is one digit), never `-0` and never `+`. So
//! every value has exactly one spelling, the one `Display` writes, and reading a text that
//! was written never depends on which program wrote it.

use core::str::FromStr;

use crate::error::ParseError;

/// Reads `text` as a number of type `T` in the canonical spelling (see the module), or
/// `None` when it is spelled otherwise or does not fit `T`.
///
/// ```
/// use boardcore::parse_number;
///
/// assert_eq!(parse_number::<i16>("-12"), Some(-12));
/// assert_eq!(parse_number::<u8>("0"), Some(0));
/// for bad in ["", "-", "+1", "01", "-0", "-01", "1 ", "1e3", "300"] {
///     assert_eq!(parse_number::<u8>(bad), None, "{bad}");
/// }
/// assert_eq!(parse_number::<u8>("-1"), None);
/// ```
pub fn parse_number<T: FromStr>(text: &str) -> Option<T> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && !(digits == "0" && digits.len() < text.len());
    if canonical { text.parse().ok() } else { None }
}

/// The case in which a notation writes its letters, for reading text typed in any case.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LetterCase {
    /// Every letter in lower case (`0a1x0b2`, `wepf@1,0r1`, `keep`).
    Lower,
    /// The first letter in upper case and the others in lower case (`Ta1n`, `M1,0n2`).
    InitialUpper,
}

impl LetterCase {
    /// `text` written in this case, or `None` when it already is.
    ///
    /// ```
    /// use boardcore::LetterCase;
    ///
    /// assert_eq!(LetterCase::InitialUpper.fold("tA1N").as_deref(), Some("Ta1n"));
    /// assert_eq!(LetterCase::InitialUpper.fold("Ta1n"), None);
    /// assert_eq!(LetterCase::Lower.fold("0A1X0B2").as_deref(), Some("0a1x0b2"));
    /// assert_eq!(LetterCase::InitialUpper.fold("éA").as_deref(), Some("éa"));
    /// ```
    pub fn fold(self, text: &str) -> Option<String> {
        let in_case = text.bytes().enumerate().all(|(at, byte)| {
            if at == 0 && self == LetterCase::InitialUpper {
                !byte.is_ascii_lowercase()
            } else {
                !byte.is_ascii_uppercase()
            }
        });
        if in_case {
            // The usual case, read without allocating.
            return None;
        }
        let mut folded = text.to_ascii_lowercase();
        if self == LetterCase::InitialUpper {
            // `get_mut` is `None` when the first character is not one byte (not ASCII).
            if let Some(first) = folded.get_mut(..1) {
                first.make_ascii_uppercase();
            }
        }
        (folded != text).then_some(folded)
    }

    /// Reads `text` with `parse` whatever the case of its letters: `parse` reads this
    /// case, and gets `text` folded into it when it is written otherwise. An error names
    /// the text as it was given.
    ///
    /// # Errors
    /// The error of `parse`.
    ///
    /// ```
    /// use boardcore::{Direction, LetterCase};
    ///
    /// let read = |text: &str| LetterCase::Lower.read(text, |t| t.parse::<Direction>());
    /// assert_eq!(read("N"), Ok(Direction::North));
    /// assert_eq!(read("Up").unwrap_err().input(), "Up");
    /// ```
    pub fn read<T>(
        self,
        text: &str,
        parse: impl FnOnce(&str) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        match self.fold(text) {
            None => parse(text),
            Some(folded) => {
                parse(&folded).map_err(|error| ParseError::new(error.what(), text, error.reason()))
            }
        }
    }
}
