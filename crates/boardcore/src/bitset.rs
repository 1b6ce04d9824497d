//! Sets of up to 64 cells as bit masks.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// A set of cell indices below 64, one bit per cell.
///
/// Every method is `const` and branch-light so that move generators can build tables at
/// compile time and combine sets with plain bit operations. Iteration yields the indices
/// in increasing order.
///
/// ```
/// use boardcore::Bitset;
///
/// let set = Bitset::EMPTY.with(3).with(0).with(9);
/// assert_eq!(set.len(), 3);
/// assert!(set.contains(9));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3, 9]);
/// assert_eq!((set - Bitset::single(3)).bits(), 0b10_0000_0001);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitset(pub u64);

impl Bitset {
    /// The empty set.
    pub const EMPTY: Bitset = Bitset(0);

    /// The set of cells `0..count` (`count` at most 64).
    pub const fn below(count: usize) -> Bitset {
        if count >= 64 {
            Bitset(u64::MAX)
        } else {
            Bitset((1u64 << count) - 1)
        }
    }

    /// The set holding only `index` (taken modulo 64).
    pub const fn single(index: usize) -> Bitset {
        Bitset(1u64 << (index % 64))
    }

    /// The underlying mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether `index` is in the set (indices of 64 and more never are).
    pub const fn contains(self, index: usize) -> bool {
        index < 64 && self.0 & (1u64 << index) != 0
    }

    /// This set with `index` added (taken modulo 64).
    #[must_use]
    pub const fn with(self, index: usize) -> Bitset {
        Bitset(self.0 | Bitset::single(index).0)
    }

    /// This set without `index` (taken modulo 64).
    #[must_use]
    pub const fn without(self, index: usize) -> Bitset {
        Bitset(self.0 & !Bitset::single(index).0)
    }

    /// The number of cells in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest index in the set.
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The cells in both sets.
    #[must_use]
    pub const fn and(self, other: Bitset) -> Bitset {
        Bitset(self.0 & other.0)
    }

    /// The cells in either set.
    #[must_use]
    pub const fn or(self, other: Bitset) -> Bitset {
        Bitset(self.0 | other.0)
    }

    /// The cells of this set that are not in `other`.
    #[must_use]
    pub const fn minus(self, other: Bitset) -> Bitset {
        Bitset(self.0 & !other.0)
    }

    /// Whether every cell of this set is in `other`.
    pub const fn is_subset(self, other: Bitset) -> bool {
        self.0 & !other.0 == 0
    }

    /// The indices in increasing order.
    pub const fn iter(self) -> BitsetIter {
        BitsetIter(self.0)
    }
}

impl fmt::Debug for Bitset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl IntoIterator for Bitset {
    type Item = usize;
    type IntoIter = BitsetIter;

    fn into_iter(self) -> BitsetIter {
        self.iter()
    }
}

impl FromIterator<usize> for Bitset {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        iter.into_iter().fold(Bitset::EMPTY, Bitset::with)
    }
}

impl BitAnd for Bitset {
    type Output = Bitset;
    fn bitand(self, rhs: Bitset) -> Bitset {
        self.and(rhs)
    }
}

impl BitAndAssign for Bitset {
    fn bitand_assign(&mut self, rhs: Bitset) {
        self.0 &= rhs.0;
    }
}

impl BitOr for Bitset {
    type Output = Bitset;
    fn bitor(self, rhs: Bitset) -> Bitset {
        self.or(rhs)
    }
}

impl BitOrAssign for Bitset {
    fn bitor_assign(&mut self, rhs: Bitset) {
        self.0 |= rhs.0;
    }
}

impl BitXor for Bitset {
    type Output = Bitset;
    fn bitxor(self, rhs: Bitset) -> Bitset {
        Bitset(self.0 ^ rhs.0)
    }
}

impl Sub for Bitset {
    type Output = Bitset;
    fn sub(self, rhs: Bitset) -> Bitset {
        self.minus(rhs)
    }
}

impl Not for Bitset {
    type Output = Bitset;
    fn not(self) -> Bitset {
        Bitset(!self.0)
    }
}

/// The indices of a [`Bitset`], lowest first.
#[derive(Clone, Debug)]
pub struct BitsetIter(u64);

impl Iterator for BitsetIter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for BitsetIter {}

impl core::iter::FusedIterator for BitsetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn construction_and_queries() {
        assert_eq!(Bitset::below(0), Bitset::EMPTY);
        assert_eq!(Bitset::below(4).bits(), 0b1111);
        assert_eq!(Bitset::below(64).len(), 64);
        assert_eq!(Bitset::below(99).len(), 64);
        assert!(!Bitset::below(64).contains(64));
        assert_eq!(Bitset::single(63).first(), Some(63));
        assert_eq!(Bitset::EMPTY.first(), None);
        assert!(Bitset::single(2).is_subset(Bitset::below(3)));
        assert!(!Bitset::single(3).is_subset(Bitset::below(3)));
    }

    #[test]
    fn set_algebra() {
        let a: Bitset = [1, 2, 3].into_iter().collect();
        let b: Bitset = [3, 4].into_iter().collect();
        assert_eq!((a & b).iter().collect::<Vec<_>>(), [3]);
        assert_eq!((a | b).len(), 4);
        assert_eq!((a - b).iter().collect::<Vec<_>>(), [1, 2]);
        assert_eq!((a ^ b).iter().collect::<Vec<_>>(), [1, 2, 4]);
        assert_eq!((!a & Bitset::below(5)).iter().collect::<Vec<_>>(), [0, 4]);
        let mut c = a;
        c &= b;
        c |= Bitset::single(0);
        assert_eq!(c.iter().collect::<Vec<_>>(), [0, 3]);
        assert_eq!(a.without(2).with(7).iter().len(), 3);
        assert_eq!(format!("{b:?}"), "{3, 4}");
    }
}
