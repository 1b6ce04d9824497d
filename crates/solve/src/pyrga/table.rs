//! The transposition table of the Pyrga solver: buckets of two entries, one kept for the
//! largest subtree seen and one always replaced.

/// What the table knows of one position: bounds on its score and the best move found.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    /// The position's key, salted by the kind of search (0: empty).
    pub(super) key: u64,
    /// A lower bound on the score.
    pub(super) lower: i16,
    /// An upper bound on the score.
    pub(super) upper: i16,
    /// The index of the best move found in `pyrga::legal_moves`, plus one; 0 when none.
    pub(super) best: u8,
    /// The base-2 logarithm of the nodes the search of this entry took.
    pub(super) work: u8,
}

/// The most buckets, as a power of two: 2^34 on 64-bit targets (512 GiB), 2^26 on 32-bit
/// ones (2 GiB).
const MAX_BITS: u32 = if usize::BITS >= 64 { 34 } else { 26 };

/// Two entries: the first is replaced only by a search of at least as much work (or of
/// the same position), the second by any other.
#[derive(Clone, Copy, Default)]
struct Bucket([Entry; 2]);

/// A table of `2^bits` buckets.
pub(super) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` buckets of two entries (32 bytes a bucket), `bits` clamped to
    /// 2..=34 (2..=26 on 32-bit targets).
    pub(super) fn new(bits: u32) -> Table {
        let size = 1usize << bits.clamp(2, MAX_BITS);
        Table {
            buckets: vec![Bucket::default(); size],
            mask: size - 1,
        }
    }

    /// The bytes the table takes.
    pub(super) const fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    /// The entry of `key`, if the table holds it.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[(key as usize) & self.mask];
        bucket.0.iter().find(|entry| entry.key == key).copied()
    }

    /// Keeps `entry`: over the same position where the table holds it (with the larger
    /// of the two works), else in the first slot when it took no less work than the
    /// entry there (which moves to the second), else in the second.
    #[inline]
    pub(super) fn store(&mut self, mut entry: Entry) {
        let bucket = &mut self.buckets[(entry.key as usize) & self.mask];
        let [deep, recent] = &mut bucket.0;
        if deep.key == entry.key {
            entry.work = entry.work.max(deep.work);
            *deep = entry;
        } else if entry.work >= deep.work {
            *recent = *deep;
            *deep = entry;
        } else {
            *recent = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, work: u8) -> Entry {
        Entry {
            key,
            work,
            ..Entry::default()
        }
    }

    #[test]
    fn the_deep_slot_keeps_the_larger_search() {
        let mut table = Table::new(2);
        // Keys 4, 8 and 12 share bucket 0.
        table.store(entry(4, 10));
        table.store(entry(8, 3));
        assert_eq!(table.probe(4).map(|e| e.work), Some(10));
        assert_eq!(table.probe(8).map(|e| e.work), Some(3));
        // A small search replaces the recent slot only.
        table.store(entry(12, 2));
        assert!(table.probe(8).is_none());
        assert_eq!(table.probe(4).map(|e| e.work), Some(10));
        // A larger one takes the deep slot and moves the old one down.
        table.store(entry(8, 11));
        assert_eq!(table.probe(8).map(|e| e.work), Some(11));
        assert_eq!(table.probe(4).map(|e| e.work), Some(10));
        assert!(table.probe(12).is_none());
        // The same position is updated in place, never held twice.
        table.store(entry(4, 12));
        table.store(entry(4, 1));
        assert_eq!(table.probe(4).map(|e| e.work), Some(12));
        assert_eq!(table.probe(8).map(|e| e.work), Some(11));
        table.clear();
        assert!(table.probe(4).is_none());
        assert_eq!(table.bytes(), 4 * 32);
    }
}
