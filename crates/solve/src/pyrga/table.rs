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

impl Entry {
    /// The entry as two words: the key, then the rest.
    const fn pack(self) -> [u64; 2] {
        [
            self.key,
            self.lower as u16 as u64
                | (self.upper as u16 as u64) << 16
                | (self.best as u64) << 32
                | (self.work as u64) << 40,
        ]
    }

    /// The entry of two words made by [`Entry::pack`].
    const fn unpack(words: [u64; 2]) -> Entry {
        Entry {
            key: words[0],
            lower: words[1] as u16 as i16,
            upper: (words[1] >> 16) as u16 as i16,
            best: (words[1] >> 32) as u8,
            work: (words[1] >> 40) as u8,
        }
    }
}

/// Two packed entries: the first is replaced only by a search of at least as much work
/// (or of the same position), the second by any other. Plain words, so that a new table
/// is memory the system gives zeroed, touched only where used.
type Bucket = [u64; 4];

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
            buckets: vec![[0; 4]; size],
            mask: size - 1,
        }
    }

    /// The bytes the table takes.
    pub(super) const fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        self.buckets.fill([0; 4]);
    }

    /// The entry of `key`, if the table holds it.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let [key0, rest0, key1, rest1] = self.buckets[(key as usize) & self.mask];
        if key0 == key {
            Some(Entry::unpack([key0, rest0]))
        } else if key1 == key {
            Some(Entry::unpack([key1, rest1]))
        } else {
            None
        }
    }

    /// Keeps `entry`: over the same position where the table holds it (with the larger
    /// of the two works), else in the first slot when it took no less work than the
    /// entry there (which moves to the second), else in the second.
    #[inline]
    pub(super) fn store(&mut self, mut entry: Entry) {
        let bucket = &mut self.buckets[(entry.key as usize) & self.mask];
        let deep = Entry::unpack([bucket[0], bucket[1]]);
        let (first, second) = if deep.key == entry.key {
            entry.work = entry.work.max(deep.work);
            (entry, None)
        } else if entry.work >= deep.work {
            (entry, Some(deep))
        } else {
            (deep, Some(entry))
        };
        [bucket[0], bucket[1]] = first.pack();
        if let Some(second) = second {
            [bucket[2], bucket[3]] = second.pack();
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
