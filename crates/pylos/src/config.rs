//! The rule options: variant, take-back allowance and end rule.

use core::fmt;
use core::str::FromStr;

use boardcore::ParseError;

/// Which patterns of a player's own balls grant a take-back.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Variant {
    /// No take-back at all.
    Children,
    /// A 2×2 square of the player's colour on any level (the default).
    #[default]
    Standard,
    /// A square as in `standard`, or a line of the player's colour: a row or column of 4 on
    /// level 0 or of 3 on level 1 (never a diagonal).
    Expert,
}

/// How many balls completing a square (or line) lets the player take back, and which.
///
/// The two `earlier` rules are not the published game's: they are a candidate for the rule
/// under which published solutions of `expert` differ from ours (see `docs/solutions.md`),
/// and forbid taking back the ball that has just completed the pattern (placed from the
/// reserve or raised), so that a ball cannot be placed and taken back turn after turn. When
/// that ball is the player's only free one, the take-back is empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TakeBackRule {
    /// One or two, as the publisher's rules say (the default); text `1-2`.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "1-2"))]
    OneOrTwo,
    /// None, one or two; text `0-2`.
    #[cfg_attr(feature = "serde", serde(rename = "0-2"))]
    UpToTwo,
    /// One or two, other than the ball just played; text `1-2-earlier`.
    #[cfg_attr(feature = "serde", serde(rename = "1-2-earlier"))]
    OneOrTwoEarlier,
    /// None, one or two, other than the ball just played; text `0-2-earlier`.
    #[cfg_attr(feature = "serde", serde(rename = "0-2-earlier"))]
    UpToTwoEarlier,
}

impl TakeBackRule {
    /// Whether a completed pattern may be followed by no take-back at all (`0-2` and
    /// `0-2-earlier`).
    ///
    /// ```
    /// use pylos::TakeBackRule;
    ///
    /// assert!(!TakeBackRule::OneOrTwo.allows_none());
    /// assert!(TakeBackRule::UpToTwoEarlier.allows_none());
    /// ```
    pub const fn allows_none(self) -> bool {
        matches!(self, TakeBackRule::UpToTwo | TakeBackRule::UpToTwoEarlier)
    }

    /// Whether the ball that has just completed the pattern may not be taken back
    /// (`1-2-earlier` and `0-2-earlier`).
    ///
    /// ```
    /// use pylos::TakeBackRule;
    ///
    /// assert!(!TakeBackRule::UpToTwo.keeps_ball_played());
    /// assert!(TakeBackRule::OneOrTwoEarlier.keeps_ball_played());
    /// ```
    pub const fn keeps_ball_played(self) -> bool {
        matches!(
            self,
            TakeBackRule::OneOrTwoEarlier | TakeBackRule::UpToTwoEarlier
        )
    }
}

/// When a game ends besides a ball reaching the apex.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum EndRule {
    /// A player who has no legal move loses (the default); text `nomove`.
    #[default]
    NoMove,
    /// Also, a player whose reserve is empty at the end of their turn loses; text
    /// `reserve`.
    Reserve,
}

/// Implements `Display` and `FromStr` for an option enum from its text forms.
macro_rules! option_text {
    ($name:ident, $what:literal, $expected:literal, [$($variant:ident => $text:literal),+]) => {
        impl $name {
            /// Every value, in the order of the text forms listed in the error message.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The text form, as the `towers` options spell it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = ParseError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                match text {
                    $($text => Ok($name::$variant),)+
                    _ => Err(ParseError::new($what, text, $expected)),
                }
            }
        }
    };
}

option_text!(Variant, "variant", "expected children, standard or expert", [
    Children => "children", Standard => "standard", Expert => "expert"
]);
option_text!(TakeBackRule, "take-back rule", "expected 1-2, 0-2, 1-2-earlier or 0-2-earlier", [
    OneOrTwo => "1-2", UpToTwo => "0-2",
    OneOrTwoEarlier => "1-2-earlier", UpToTwoEarlier => "0-2-earlier"
]);
option_text!(EndRule, "end rule", "expected nomove or reserve", [
    NoMove => "nomove", Reserve => "reserve"
]);

/// The options of a game, fixed at the start. The default is the rulings' default:
/// `standard`, take back `1-2`, end `nomove`.
///
/// The text form is the three options separated by spaces, as in the position text:
///
/// ```
/// use pylos::{Config, EndRule, TakeBackRule, Variant};
///
/// let config = Config::default();
/// assert_eq!(config.to_string(), "standard 1-2 nomove");
/// let expert: Config = "expert 0-2 reserve".parse().unwrap();
/// assert_eq!(expert, Config::new(Variant::Expert, TakeBackRule::UpToTwo, EndRule::Reserve));
/// assert!("expert".parse::<Config>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Which patterns grant a take-back (default [`Variant::Standard`]).
    pub variant: Variant,
    /// How many balls a take-back returns (default [`TakeBackRule::OneOrTwo`]).
    pub takeback: TakeBackRule,
    /// The end rule (default [`EndRule::NoMove`]).
    pub end: EndRule,
}

impl Config {
    /// The configuration with these options.
    pub const fn new(variant: Variant, takeback: TakeBackRule, end: EndRule) -> Config {
        Config {
            variant,
            takeback,
            end,
        }
    }

    /// The default options with `variant`.
    pub const fn with_variant(variant: Variant) -> Config {
        Config::new(variant, TakeBackRule::OneOrTwo, EndRule::NoMove)
    }
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.variant, self.takeback, self.end)
    }
}

impl FromStr for Config {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut words = text.split(' ');
        let (Some(variant), Some(takeback), Some(end), None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(ParseError::new(
                "configuration",
                text,
                "expected a variant, a take-back rule and an end rule, like standard 1-2 nomove",
            ));
        };
        Ok(Config::new(
            variant.parse()?,
            takeback.parse()?,
            end.parse()?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_texts_round_trip() {
        for variant in Variant::ALL {
            assert_eq!(variant.to_string().parse::<Variant>().unwrap(), *variant);
        }
        for rule in TakeBackRule::ALL {
            assert_eq!(rule.to_string().parse::<TakeBackRule>().unwrap(), *rule);
        }
        for rule in EndRule::ALL {
            assert_eq!(rule.to_string().parse::<EndRule>().unwrap(), *rule);
        }
        assert!("Standard".parse::<Variant>().is_err());
        assert!("1-3".parse::<TakeBackRule>().is_err());
        assert!("no-move".parse::<EndRule>().is_err());
        assert!("standard 1-2 nomove x".parse::<Config>().is_err());
        assert!("standard  1-2 nomove".parse::<Config>().is_err());
    }
}
