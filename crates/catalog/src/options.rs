//! A game's options as name/value pairs: what each game takes ([`OptionSpec`]), and the
//! options a user gave ([`Options`]), read and checked in one place for every front-end.

use core::str::FromStr;

use crate::error::OptionError;
use crate::games::NamedGame;

/// One option of a game: its name, its values and its default.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub struct OptionSpec {
    /// The name, as JavaScript and Python spell it (`buildingMatch`); `towers` writes it as
    /// a flag in kebab case (`--building-match`).
    pub key: &'static str,
    /// Every value the option takes, as text.
    pub values: &'static [&'static str],
    /// The value when the option is not given.
    pub default: &'static str,
    /// What the option is, in two or three words (`rule set`); the game's rules say what
    /// each value means.
    pub help: &'static str,
}

impl OptionSpec {
    /// The values in words, as an error lists them: `2, 3 or 4`.
    pub fn expected(&self) -> String {
        match self.values {
            [] => String::new(),
            [only] => (*only).to_owned(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        }
    }
}

/// Every option of every game with its game's name, in the order of [`crate::GAMES`].
///
/// ```
/// let keys: Vec<&str> = catalog::option_specs().map(|(_, spec)| spec.key).collect();
/// assert_eq!(keys, ["rules", "variant", "takeback", "end", "buildingMatch", "players"]);
/// ```
pub fn option_specs() -> impl Iterator<Item = (&'static str, &'static OptionSpec)> {
    crate::GAMES.iter().flat_map(|&name| {
        let options = crate::with_game!(name, |G| G::OPTIONS, else &[]);
        options.iter().map(move |spec| (name, spec))
    })
}

/// The options given to a game: names and their values spelled as `towers` spells them
/// (numbers, such as `players: 2`, already written as text).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Options {
    pairs: Vec<(String, String)>,
}

impl Options {
    /// The options `pairs`, names as JavaScript spells them.
    pub fn new(pairs: Vec<(String, String)>) -> Options {
        Options { pairs }
    }

    /// The options `pairs` given as text, as a Rust caller (or a test) writes them.
    ///
    /// ```
    /// use catalog::Options;
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

    /// The pairs, in the order given.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs
            .iter()
            .map(|(key, value)| (key.as_str(), value.as_str()))
    }

    /// The value given for `key`, the last one when it was given twice.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, value)| value.as_str())
    }

    /// Checks that every name is known and belongs to `game`, whose options are `allowed`.
    ///
    /// # Errors
    /// [`OptionError::Unknown`] or [`OptionError::NotForGame`] for the first name that
    /// does not fit.
    pub fn check(&self, game: &'static str, allowed: &[OptionSpec]) -> Result<(), OptionError> {
        let known = || allowed.iter().map(|spec| spec.key).collect();
        for (key, _) in &self.pairs {
            if !option_specs().any(|(_, spec)| spec.key == key) {
                return Err(OptionError::Unknown {
                    key: key.clone(),
                    game,
                    known: known(),
                });
            }
            if !allowed.iter().any(|spec| spec.key == key) {
                return Err(OptionError::NotForGame {
                    key: key.clone(),
                    game,
                    known: known(),
                });
            }
        }
        Ok(())
    }

    /// The value of option `spec` read with `FromStr` (in any case), or the type's default
    /// when it is not given.
    ///
    /// # Errors
    /// [`OptionError::BadValue`] naming the option, the value and what is allowed.
    pub fn parse<T: FromStr + Default>(&self, spec: &OptionSpec) -> Result<T, OptionError> {
        let Some(value) = self.get(spec.key) else {
            return Ok(T::default());
        };
        value
            .parse()
            .or_else(|_| value.to_ascii_lowercase().parse())
            .map_err(|_| OptionError::BadValue {
                key: spec.key.to_owned(),
                value: value.to_owned(),
                expected: spec.expected(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: OptionSpec = OptionSpec {
        key: "rules",
        values: &["standard", "classic"],
        default: "standard",
        help: "the rule set",
    };

    #[test]
    fn names_are_checked_against_the_game() {
        let options = Options::from_pairs(&[("rules", "classic")]);
        assert!(options.check("pyrga", &[RULES]).is_ok());
        let error = Options::from_pairs(&[("players", "2")])
            .check("pyrga", &[RULES])
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "option players does not apply to pyrga (its options: rules)"
        );
        let error = Options::from_pairs(&[("colour", "red")])
            .check("pyrga", &[RULES])
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown option \"colour\" for pyrga (options: rules)"
        );
    }
}
