//! The options object of `new Game(name, options)`, once read into text values.

use core::str::FromStr;

use crate::error::WebError;

/// Every option key JavaScript may pass, each belonging to one game.
pub const OPTION_KEYS: &[&str] = &[
    "rules",
    "variant",
    "takeback",
    "end",
    "buildingMatch",
    "players",
];

/// The options given to a game: keys and their values spelled as `towers` spells them
/// (numbers, such as `players: 2`, already written as text).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Options {
    pairs: Vec<(String, String)>,
}

impl Options {
    /// The options `pairs`, keys as JavaScript spells them.
    pub fn new(pairs: Vec<(String, String)>) -> Options {
        Options { pairs }
    }

    /// The options `pairs` given as text, as a Rust caller (or a test) writes them.
    ///
    /// ```
    /// use towers_wasm::Options;
    ///
    /// assert_eq!(
    ///     Options::from_pairs(&[("variant", "expert")]),
    ///     Options::new(vec![("variant".to_owned(), "expert".to_owned())])
    /// );
    /// ```
    pub fn from_pairs(pairs: &[(&str, &str)]) -> Options {
        Options::new(
            pairs
                .iter()
                .map(|&(key, value)| (key.to_owned(), value.to_owned()))
                .collect(),
        )
    }

    /// Checks that every key is known and belongs to `game`, whose keys are `allowed`.
    ///
    /// # Errors
    /// A [`WebError`] of kind `badOption` naming the first key that does not fit.
    pub fn check(&self, game: &str, allowed: &[&str]) -> Result<(), WebError> {
        for (key, _) in &self.pairs {
            if !OPTION_KEYS.contains(&key.as_str()) {
                return Err(WebError::bad_option(format!(
                    "unknown option {key:?} (options: {})",
                    OPTION_KEYS.join(", ")
                )));
            }
            if !allowed.contains(&key.as_str()) {
                return Err(WebError::bad_option(format!(
                    "option {key} does not apply to {game}"
                )));
            }
        }
        Ok(())
    }

    /// The value of `key` read with `FromStr`, or the default when it is not given.
    ///
    /// # Errors
    /// A [`WebError`] of kind `badOption` naming the option, the value and what is allowed.
    pub fn parse<T: FromStr + Default>(&self, key: &str, allowed: &str) -> Result<T, WebError> {
        match self.pairs.iter().rev().find(|(k, _)| k == key) {
            None => Ok(T::default()),
            Some((_, value)) => value.parse().map_err(|_| {
                WebError::bad_option(format!("option {key} {value:?}: expected {allowed}"))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn keys_are_checked_against_the_game() {
        assert!(
            Options::from_pairs(&[("rules", "classic")])
                .check("pyrga", &["rules"])
                .is_ok()
        );
        let error = Options::from_pairs(&[("players", "2")])
            .check("pyrga", &["rules"])
            .unwrap_err();
        assert_eq!(error.kind, ErrorKind::BadOption);
        assert_eq!(error.message, "option players does not apply to pyrga");
        let error = Options::from_pairs(&[("colour", "red")])
            .check("pyrga", &["rules"])
            .unwrap_err();
        assert!(error.message.starts_with("unknown option \"colour\""));
    }

    #[test]
    fn values_read_or_default() {
        let given = Options::from_pairs(&[("players", "3")]);
        assert_eq!(given.parse::<u8>("players", "2, 3 or 4"), Ok(3));
        assert_eq!(
            Options::from_pairs(&[]).parse::<u8>("players", "2, 3 or 4"),
            Ok(0)
        );
        let error = Options::from_pairs(&[("players", "x")])
            .parse::<u8>("players", "2, 3 or 4")
            .unwrap_err();
        assert_eq!(error.message, "option players \"x\": expected 2, 3 or 4");
    }
}
