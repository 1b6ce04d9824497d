//! Stable 64-bit position keys.
//!
//! The standard library's hashers are seeded per process, so their values cannot be stored
//! or compared between runs. Position keys are built instead from a game's own compact
//! words with [`key_of_words`], which is fixed: the same words give the same key in every
//! process, on every platform, in every version of this crate.

/// Mixes `word` into the running key `key` (a multiply-rotate step).
#[inline]
pub const fn mix_word(key: u64, word: u64) -> u64 {
    (key ^ word)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
}

/// The final avalanche of a key (the `SplitMix64` finaliser), so that nearby inputs give
/// unrelated keys.
#[inline]
pub const fn finish_key(mut key: u64) -> u64 {
    key ^= key >> 30;
    key = key.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    key ^= key >> 27;
    key = key.wrapping_mul(0x94D0_49BB_1331_11EB);
    key ^ (key >> 31)
}

/// The stable key of a sequence of words.
///
/// ```
/// use boardcore::key_of_words;
///
/// assert_eq!(key_of_words(&[1, 2, 3]), key_of_words(&[1, 2, 3]));
/// assert_ne!(key_of_words(&[1, 2, 3]), key_of_words(&[3, 2, 1]));
/// ```
pub const fn key_of_words(words: &[u64]) -> u64 {
    let mut key = words.len() as u64;
    let mut index = 0;
    while index < words.len() {
        key = mix_word(key, words[index]);
        index += 1;
    }
    finish_key(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_fixed_values() {
        // These values must never change: stored keys depend on them.
        assert_eq!(key_of_words(&[]), 0);
        assert_eq!(key_of_words(&[0]), finish_key(mix_word(1, 0)));
        let key = key_of_words(&[0x1234, 0x5678]);
        assert_eq!(key, key_of_words(&[0x1234, 0x5678]));
        assert_ne!(key_of_words(&[0]), key_of_words(&[0, 0]));
    }

    #[test]
    fn single_bit_changes_spread() {
        let base = key_of_words(&[0, 0]);
        for bit in 0..64 {
            let other = key_of_words(&[1 << bit, 0]);
            let flipped = (base ^ other).count_ones();
            assert!((12..=52).contains(&flipped), "bit {bit}: {flipped}");
        }
    }
}
