//! Serde through the text forms: every type that has a notation serializes as that text
//! and deserializes by reading it back, so a deserialized value went through the same
//! checks as one read from text.

/// Implements `serde::Serialize` / `serde::Deserialize` (feature `serde`) for each type
/// through its `Display` / `FromStr`.
macro_rules! via_text {
    ($($name:ty),+ $(,)?) => {
        $(
            #[cfg(feature = "serde")]
            impl serde::Serialize for $name {
                fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    serializer.collect_str(self)
                }
            }

            #[cfg(feature = "serde")]
            impl<'de> serde::Deserialize<'de> for $name {
                fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                    text.parse().map_err(serde::de::Error::custom)
                }
            }
        )+
    };
}

pub(crate) use via_text;
