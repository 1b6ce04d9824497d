//! A perfect index of Pylos positions: the rank of the filling times the rank of the
//! colouring, each position seen from the player to move.

use core::ops::Range;

use boardcore::{Bitset, Player, Symmetry};
use pylos::{Config, Spot, State};

mod walk;

pub use walk::IndexWalk;

/// The number of spots of the pyramid.
const SPOTS: u32 = 30;
/// The balls of each colour.
const BALLS: u32 = 15;
/// The bits of an index below its run in [`PylosIndex::rank_of`]'s table of runs.
const BUCKET_BITS: u32 = 16;
/// The indices of a run.
const BUCKET: u64 = 1 << BUCKET_BITS;

/// The binomial coefficients `C(n, k)` for `n, k <= 30`.
const BINOMIAL: [[u64; 31]; 31] = {
    let mut table = [[0u64; 31]; 31];
    let mut n = 0;
    while n <= 30 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The spots under each spot (empty for level 0), as masks.
fn supports() -> [u32; 30] {
    let mut below = [0u32; 30];
    for spot in Spot::all() {
        below[spot.index()] = spot.below().bits() as u32;
    }
    below
}

/// Every index of the positions of a Pylos variant up to the 8 symmetries of the pyramid
/// and the exchange of the colours, one per (canonical filling, colouring): a filling is a
/// supported set of occupied spots (141,120 of them, 18,458 up to symmetry), a colouring
/// says which of its balls are the player to move's (at most 15 of each colour).
///
/// The rules treat both colours alike, so a position with Dark to move is indexed as its
/// image with the colours exchanged ([`State::colours_swapped`]), in which Light is to
/// move: every index names a position with Light to move, and stands for it and for its
/// exchanged image, which have the same value for the player to move.
///
/// A position is indexed through its *canonical image*: the image (with Light to move)
/// whose filling is the least of its filling's 8 images, and among the images with that
/// filling (when the filling is symmetric) the one whose Light balls form the least mask;
/// [`PylosIndex::state_at`] gives that image back. The colourings of a symmetric filling
/// that are not canonical keep their indices, which name no position, so that the index
/// stays a simple product.
///
/// Fillings are ranked by ball count, most balls first, so the positions with at least `k`
/// balls are a prefix of the index space ([`PylosIndex::prefix`]); then by the sum of the
/// levels of their balls, highest first, so that the positions with equal counts and equal
/// sums form the [`PylosIndex::groups`], in which no move of `children` stays. Within a
/// filling of `n` balls, colourings are ranked by Light's count `l`, then by the
/// combinatorial number system (colex order) of Light's balls among the filling's spots.
///
/// ```
/// use pylos::boardcore::Symmetry;
/// use pylos::{Config, State};
/// use solve::PylosIndex;
///
/// let index = PylosIndex::new(Config::default());
/// assert_eq!(index.fillings(), 18_458);
/// let state = State::new(Config::default()).replay("0a1 0b1 0a2").unwrap();
/// let i = index.index_of(&state).unwrap();
/// let image = index.state_at(i).unwrap();
/// // Dark is to move: the image has the colours exchanged, and Light to move.
/// let exchanged = state.colours_swapped();
/// assert!(Symmetry::ALL.iter().any(|&s| exchanged.transformed(s) == image));
/// assert_eq!(index.index_of(&image), Some(i));
/// ```
pub struct PylosIndex {
    config: Config,
    /// The canonical fillings in rank order.
    fillings: Vec<u32>,
    /// Every supported filling, with the rank of its canonical filling and the number of
    /// the symmetry (in [`Symmetry::ALL`]) that maps it there, in a hash table
    /// ([`FillingTable`]).
    lookup: FillingTable,
    /// The first index of each canonical filling, and the total at the end.
    base: Vec<u64>,
    /// For each run of [`BUCKET`] indices (`index >> BUCKET_BITS`), the rank of the filling
    /// of its first index, and one more at the end: the filling of an index is searched for
    /// among the few between its run's and the next run's ([`PylosIndex::rank_of`]).
    buckets: Vec<u32>,
    /// The first filling rank with fewer than `n` balls, for `n` in `0..=31`.
    layer_end: [u32; 32],
    /// The first filling rank of each group (equal ball counts and level sums), and the
    /// number of fillings at the end.
    group_starts: Vec<u32>,
    /// For each canonical filling, the symmetries other than the identity that map it
    /// onto itself, as bits of their numbers in [`Symmetry::ALL`].
    stabilizers: Vec<u8>,
    /// The ranks of the colourings, a byte at a time.
    colex: ColexTable,
}

/// The sum of the levels of the balls of a filling: every raise increases it.
fn level_sum(mask: u32) -> u32 {
    Spot::in_set(Bitset(u64::from(mask)))
        .map(|spot| u32::from(spot.level()))
        .sum()
}

/// The image of a spot mask under a symmetry.
fn image(mask: u32, symmetry: Symmetry) -> u32 {
    Spot::map_set(Bitset(u64::from(mask)), symmetry).bits() as u32
}

/// The supported fillings (spot masks), each with the rank of its canonical filling and
/// the number of the symmetry that maps it there: a hash table with open addressing, so
/// that ranking a position finds its filling in about one probe (a binary search over the
/// 141,120 fillings took a fifth of a build's time).
struct FillingTable {
    /// `mask << 32 | rank << 3 | symmetry` of each filling, or [`FillingTable::EMPTY`], at
    /// the slot of its hash or after it.
    slots: Vec<u64>,
    /// The number of bits of the slot numbers.
    bits: u32,
}

impl FillingTable {
    /// A slot holding no filling (no mask has all 32 bits).
    const EMPTY: u64 = u64::MAX;

    /// The table of `fillings` (mask, rank, symmetry), at most half full.
    fn new(fillings: impl ExactSizeIterator<Item = (u32, u32, u8)>) -> FillingTable {
        let bits = (2 * fillings.len())
            .next_power_of_two()
            .trailing_zeros()
            .max(4);
        let mut table = FillingTable {
            slots: vec![FillingTable::EMPTY; 1 << bits],
            bits,
        };
        for (mask, rank, symmetry) in fillings {
            let mut slot = table.slot(mask);
            while table.slots[slot] != FillingTable::EMPTY {
                slot = (slot + 1) & (table.slots.len() - 1);
            }
            table.slots[slot] = u64::from(mask) << 32 | u64::from(rank) << 3 | u64::from(symmetry);
        }
        table
    }

    /// The first slot to probe for `mask` (Fibonacci hashing).
    fn slot(&self, mask: u32) -> usize {
        (mask.wrapping_mul(0x9E37_79B9) >> (32 - self.bits)) as usize
    }

    /// The rank of the canonical filling of `mask` and the number of the symmetry that
    /// maps it there, or `None` when `mask` is no supported filling.
    fn get(&self, mask: u32) -> Option<(u32, u8)> {
        let mut slot = self.slot(mask);
        loop {
            let entry = self.slots[slot];
            if entry == FillingTable::EMPTY {
                return None;
            }
            if (entry >> 32) as u32 == mask {
                return Some(((entry as u32) >> 3, (entry & 7) as u8));
            }
            slot = (slot + 1) & (self.slots.len() - 1);
        }
    }

    /// The number of fillings held.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.slots
            .iter()
            .filter(|&&entry| entry != FillingTable::EMPTY)
            .count()
    }
}

impl PylosIndex {
    /// The index of the positions played with `config`.
    pub fn new(config: Config) -> PylosIndex {
        let below = supports();
        let mut all: Vec<u32> = Vec::new();
        // Level 0 is any subset; each upper spot is filled only over four balls.
        let mut stack = vec![(0u32, 0u32)];
        while let Some((mask, next)) = stack.pop() {
            if next == SPOTS {
                all.push(mask);
                continue;
            }
            stack.push((mask, next + 1));
            if below[next as usize] & !mask == 0 {
                stack.push((mask | 1 << next, next + 1));
            }
        }
        // The least image of each filling, and the symmetry that gives it.
        let canonical: Vec<(u32, u32, u8)> = all
            .iter()
            .map(|&mask| {
                let (least, symmetry) = (0..Symmetry::ALL.len())
                    .map(|s| (image(mask, Symmetry::ALL[s]), s as u8))
                    .min()
                    .unwrap_or((mask, 0));
                (mask, least, symmetry)
            })
            .collect();
        let mut fillings: Vec<u32> = canonical
            .iter()
            .filter(|&&(mask, least, _)| mask == least)
            .map(|&(mask, _, _)| mask)
            .collect();
        // Most balls first, then the highest level sum: the groups in order.
        let group_of = |mask: u32| (mask.count_ones(), level_sum(mask));
        fillings.sort_unstable_by_key(|&mask| (core::cmp::Reverse(group_of(mask)), mask));
        let mut base = Vec::with_capacity(fillings.len() + 1);
        let mut total = 0u64;
        let mut layer_end = [0u32; 32];
        let mut group_starts = Vec::new();
        for (rank, &mask) in fillings.iter().enumerate() {
            base.push(total);
            total += colourings(mask.count_ones());
            let n = mask.count_ones() as usize;
            for end in layer_end.iter_mut().take(n + 1) {
                *end = (rank + 1) as u32;
            }
            if rank == 0 || group_of(mask) != group_of(fillings[rank - 1]) {
                group_starts.push(rank as u32);
            }
        }
        base.push(total);
        group_starts.push(fillings.len() as u32);
        let buckets = (0..=total.div_ceil(BUCKET))
            .map(|bucket| (base.partition_point(|&start| start <= bucket * BUCKET) - 1) as u32)
            .collect();
        let mut ranks: Vec<(u32, u32)> = fillings
            .iter()
            .enumerate()
            .map(|(rank, &mask)| (mask, rank as u32))
            .collect();
        ranks.sort_unstable();
        let lookup = FillingTable::new(canonical.iter().map(|&(mask, least, symmetry)| {
            let at = ranks.partition_point(|&(m, _)| m < least);
            (mask, ranks[at].1, symmetry)
        }));
        let stabilizers = fillings
            .iter()
            .map(|&mask| {
                (1..Symmetry::ALL.len())
                    .filter(|&s| image(mask, Symmetry::ALL[s]) == mask)
                    .fold(0u8, |bits, s| bits | 1 << s)
            })
            .collect();
        PylosIndex {
            config,
            fillings,
            lookup,
            base,
            buckets,
            layer_end,
            group_starts,
            stabilizers,
            colex: ColexTable::new(),
        }
    }

    /// The images of the spot mask `mask` under the symmetries that keep the filling of
    /// rank `rank`.
    fn stabilizer_images(&self, rank: usize, mask: u32) -> impl Iterator<Item = u32> {
        let bits = self.stabilizers[rank];
        (1..Symmetry::ALL.len())
            .filter(move |&s| bits >> s & 1 != 0)
            .map(move |s| image(mask, Symmetry::ALL[s]))
    }

    /// The options of the positions indexed.
    pub const fn config(&self) -> Config {
        self.config
    }

    /// The number of fillings (supported sets of occupied spots) up to symmetry.
    pub fn fillings(&self) -> usize {
        self.fillings.len()
    }

    /// The number of indices: every colouring of every canonical filling.
    pub fn len(&self) -> u64 {
        self.base[self.fillings.len()]
    }

    /// Whether the index is empty (never: the empty pyramid is a position).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of indices of positions with at least `balls` balls on the board: they
    /// are the indices `0..prefix(balls)`.
    pub fn prefix(&self, balls: u32) -> u64 {
        self.base[self.layer_end[balls.min(31) as usize] as usize]
    }

    /// The index ranges of the positions with the same number of balls and the same sum
    /// of the levels of their balls, in index order. Every move of `children` (a ball
    /// placed, or raised to a higher level) leads to a position of an earlier group, so a
    /// solver can take the groups one after the other and the positions of a group in any
    /// order.
    pub fn groups(&self) -> impl Iterator<Item = Range<u64>> + '_ {
        self.group_starts
            .windows(2)
            .map(|pair| self.base[pair[0] as usize]..self.base[pair[1] as usize])
    }

    /// The index of `state` (of its image with Light to move and the canonical filling),
    /// or `None` when its options are not the index's.
    pub fn index_of(&self, state: &State) -> Option<u64> {
        if state.config() != self.config {
            return None;
        }
        let exchanged;
        let state = if state.mover() == Player::FIRST {
            state
        } else {
            exchanged = state.colours_swapped();
            &exchanged
        };
        let filling =
            (state.balls(Player::FIRST).bits() | state.balls(Player::SECOND).bits()) as u32;
        let (rank, symmetry) = self.lookup.get(filling)?;
        // The image with the canonical filling; of the images that keep that filling, the
        // one with the least mask of Light's balls.
        let turned = image(
            state.balls(Player::FIRST).bits() as u32,
            Symmetry::ALL[symmetry as usize],
        );
        let light = self
            .stabilizer_images(rank as usize, turned)
            .fold(turned, u32::min);
        let canonical = self.fillings[rank as usize];
        let n = canonical.count_ones();
        let l = light.count_ones();
        let colouring = offset(n, l) + self.colex.rank(compress(light, canonical));
        Some(self.base[rank as usize] + colouring)
    }

    /// The rank of the filling of `index` (below [`PylosIndex::len`]): a binary search
    /// among the fillings that share its run of [`BUCKET`] indices, rather than over all
    /// 18,458 (that search took a quarter of the time of [`PylosIndex::state_at`]).
    fn rank_of(&self, index: u64) -> usize {
        let bucket = (index >> BUCKET_BITS) as usize;
        let (first, last) = (
            self.buckets[bucket] as usize,
            self.buckets[bucket + 1] as usize,
        );
        first + self.base[first..=last].partition_point(|&start| start <= index) - 1
    }

    /// The position of index `index` (the image of its positions with Light to move and
    /// the canonical filling), or `None` when the index is out of range, names an invalid position (one
    /// the rules cannot hold, for example the apex owned by the player to move), or names a
    /// colouring of a symmetric filling that one of the filling's symmetries makes less (its
    /// positions are indexed through that one).
    pub fn state_at(&self, index: u64) -> Option<State> {
        if index >= self.len() {
            return None;
        }
        let rank = self.rank_of(index);
        let filling = self.fillings[rank];
        let (l, colouring) = light_count(filling.count_ones(), index - self.base[rank]);
        let light = expand(colex_unrank(colouring, filling.count_ones(), l), filling);
        self.state_of(rank, light)
    }

    /// The positions of the indices of `range` in order, as [`PylosIndex::state_at`] gives
    /// them, each found from the one before (much faster than one [`PylosIndex::state_at`]
    /// an index when the indices follow each other, as in a build's slices). Indices past
    /// the end are left out.
    ///
    /// ```
    /// use pylos::Config;
    /// use solve::PylosIndex;
    ///
    /// let index = PylosIndex::new(Config::default());
    /// let first = index.prefix(27);
    /// for (i, state) in index.walk(first..first + 1000) {
    ///     assert_eq!(state, index.state_at(i));
    /// }
    /// ```
    pub fn walk(&self, range: Range<u64>) -> IndexWalk<'_> {
        IndexWalk::new(self, range.start..range.end.min(self.len()))
    }

    /// The position of the filling of rank `rank` with Light's balls `light`, with Light to
    /// move, when it is valid and the canonical colouring of its filling.
    fn state_of(&self, rank: usize, light: u32) -> Option<State> {
        if self
            .stabilizer_images(rank, light)
            .any(|image| image < light)
        {
            return None;
        }
        let filling = self.fillings[rank];
        State::from_balls(
            self.config,
            Bitset(u64::from(light)),
            Bitset(u64::from(filling & !light)),
            Player::FIRST,
        )
        .ok()
    }
}

/// The number of Light's balls of the colouring of rank `colouring` among the colourings of
/// a filling of `n` balls, and its rank among the colourings with that many.
fn light_count(n: u32, mut colouring: u64) -> (u32, u64) {
    let mut l = n.saturating_sub(BALLS);
    while colouring >= BINOMIAL[n as usize][l as usize] {
        colouring -= BINOMIAL[n as usize][l as usize];
        l += 1;
    }
    (l, colouring)
}

/// The colourings of a filling of `n` balls with at most 15 of each colour.
fn colourings(n: u32) -> u64 {
    (n.saturating_sub(BALLS)..=n.min(BALLS))
        .map(|l| BINOMIAL[n as usize][l as usize])
        .sum()
}

/// For `n` balls (0 to 30) and `l` Light ones (0 to 16), the colourings with fewer than
/// `l` Light ones and at most 15 of each colour: [`offset`] without its loop.
const OFFSETS: [[u64; 17]; 31] = {
    let mut table = [[0u64; 17]; 31];
    let mut n: usize = 0;
    while n <= 30 {
        let least = n.saturating_sub(15);
        let mut l = least + 1;
        while l <= 16 {
            table[n][l] = table[n][l - 1] + if l - 1 <= n { BINOMIAL[n][l - 1] } else { 0 };
            l += 1;
        }
        n += 1;
    }
    table
};

/// The colourings of `n` balls with fewer than `l` Light ones (and at most 15 of each).
fn offset(n: u32, l: u32) -> u64 {
    OFFSETS[n as usize][l as usize]
}

/// For each byte of a mask and each byte of a value, the bits of the value at the mask's
/// bits, packed together: [`compress`] a byte at a time.
static COMPRESS_BYTE: [[u8; 256]; 256] = {
    let mut table = [[0u8; 256]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut value = 0;
        while value < 256 {
            let (mut packed, mut out, mut bit) = (0u8, 0, 0);
            while bit < 8 {
                if mask >> bit & 1 != 0 {
                    if value >> bit & 1 != 0 {
                        packed |= 1 << out;
                    }
                    out += 1;
                }
                bit += 1;
            }
            table[mask][value] = packed;
            value += 1;
        }
        mask += 1;
    }
    table
};

/// The bits of `value` at the positions of `mask`'s bits, packed together.
fn compress(value: u32, mask: u32) -> u32 {
    let mut packed = 0;
    let mut shift = 0;
    for byte in 0..4 {
        let (m, v) = ((mask >> (8 * byte)) as u8, (value >> (8 * byte)) as u8);
        packed |= u32::from(COMPRESS_BYTE[m as usize][v as usize]) << shift;
        shift += m.count_ones();
    }
    packed
}

/// The low bits of `packed` spread onto the positions of `mask`'s bits.
fn expand(packed: u32, mask: u32) -> u32 {
    let mut value = 0;
    let mut bit = 0;
    let mut rest = mask;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if packed >> bit & 1 != 0 {
            value |= low;
        }
        bit += 1;
        rest &= rest - 1;
    }
    value
}

/// The ranks of words among the words with as many ones, in increasing order (colex), a
/// byte at a time: for each byte of a word (0 to 3), each number `k` of ones below that
/// byte (0 to 15) and each value of the byte, the byte's part of the rank, the sum of
/// `C(position, k + t)` over its ones, the `t`-th at `position`. Built when the index is
/// (64 KiB), not stored in the program, which the browser downloads.
struct ColexTable(Box<[[[u32; 256]; 16]]>);

impl ColexTable {
    /// The table. Sums for more than 15 ones in all are never asked for (a colouring has
    /// at most 15 Light balls among at most 30 spots) and are left at 0.
    fn new() -> ColexTable {
        let mut table = vec![[[0u32; 256]; 16]; 4].into_boxed_slice();
        for (byte, by_ones) in table.iter_mut().enumerate() {
            for (k, by_value) in by_ones.iter_mut().enumerate() {
                for (value, part) in by_value.iter_mut().enumerate() {
                    let ones = (0..8).filter(|bit| value >> bit & 1 != 0);
                    let sum: u64 = ones
                        .enumerate()
                        .map(|(t, bit)| (byte * 8 + bit, k + t + 1))
                        .filter(|&(position, above)| position <= 30 && above <= 15)
                        .map(|(position, above)| BINOMIAL[position][above])
                        .sum();
                    // Every sum kept is below C(30, 15).
                    *part = u32::try_from(sum).unwrap_or(u32::MAX);
                }
            }
        }
        ColexTable(table)
    }

    /// The rank of `word` among the words with as many ones, for a word of at most 30 bits
    /// with at most 15 ones (a colouring's Light balls): four lookups, one a byte.
    fn rank(&self, word: u32) -> u64 {
        debug_assert!(word < 1 << SPOTS && word.count_ones() <= BALLS);
        let mut rank = 0;
        let mut below = 0;
        for (byte, table) in self.0.iter().enumerate() {
            let value = (word >> (8 * byte)) as u8;
            rank += u64::from(table[below as usize & 15][value as usize]);
            below += value.count_ones();
        }
        rank
    }
}

/// The word of `ones` ones among `bits` bits of rank `rank` (the inverse of
/// [`ColexTable::rank`]).
fn colex_unrank(mut rank: u64, bits: u32, ones: u32) -> u32 {
    let mut word = 0;
    let mut position = bits;
    for k in (1..=ones).rev() {
        // The highest position p with C(p, k) <= rank.
        position -= 1;
        while BINOMIAL[position as usize][k as usize] > rank {
            position -= 1;
        }
        word |= 1 << position;
        rank -= BINOMIAL[position as usize][k as usize];
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_counts() {
        let index = PylosIndex::new(Config::default());
        // Before folding: every supported filling and every colouring of it.
        assert_eq!(index.lookup.len(), 141_120);
        let boards: u64 = index
            .lookup
            .slots
            .iter()
            .filter(|&&entry| entry != FillingTable::EMPTY)
            .map(|&entry| colourings((entry >> 32).count_ones()))
            .sum();
        assert_eq!(boards, 12_507_810_089);
        // After folding the 8 symmetries.
        assert_eq!(index.fillings(), 18_458);
        // One index for a position and its image with the colours exchanged.
        assert_eq!(index.len(), 2_412_976_089);
        assert_eq!(index.prefix(0), index.len());
        assert_eq!(index.prefix(31), 0);
    }

    #[test]
    fn compress_by_bytes_equals_bit_by_bit() {
        let slow = |value: u32, mask: u32| {
            (0..32)
                .filter(|&bit| mask >> bit & 1 != 0)
                .enumerate()
                .fold(0, |packed, (out, bit)| packed | (value >> bit & 1) << out)
        };
        let mut x = 0x1234_5678u32;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let (value, mask) = (x, x.rotate_left(11) & 0x3FFF_FFFF);
            assert_eq!(
                compress(value, mask),
                slow(value, mask),
                "{value:#x} {mask:#x}"
            );
        }
        assert_eq!(compress(u32::MAX, 0x3FFF_FFFF), 0x3FFF_FFFF);
    }

    #[test]
    fn the_filling_table_finds_each_supported_filling_and_nothing_else() {
        let index = PylosIndex::new(Config::default());
        let mut found = 0;
        for &entry in &index.lookup.slots {
            if entry == FillingTable::EMPTY {
                continue;
            }
            let mask = (entry >> 32) as u32;
            let (rank, symmetry) = index.lookup.get(mask).unwrap();
            assert_eq!(
                image(mask, Symmetry::ALL[symmetry as usize]),
                index.fillings[rank as usize]
            );
            found += 1;
        }
        assert_eq!(found, 141_120);
        // 1a1 with nothing under it floats; the full pyramid is one filling.
        assert_eq!(index.lookup.get(1 << 16), None);
        assert!(index.lookup.get((1 << 30) - 1).is_some());
    }

    #[test]
    fn symmetric_positions_share_an_index() {
        let index = PylosIndex::new(Config::default());
        let state = State::new(Config::default())
            .replay("0a1 0b1 0a2 0b2 1a1 0d4 0c4")
            .unwrap();
        let i = index.index_of(&state).unwrap();
        for symmetry in Symmetry::ALL {
            assert_eq!(index.index_of(&state.transformed(symmetry)), Some(i));
            let exchanged = state.transformed(symmetry).colours_swapped();
            assert_eq!(index.index_of(&exchanged), Some(i));
        }
        // Every index names a position with Light to move.
        assert_eq!(index.state_at(i).map(|s| s.mover()), Some(Player::FIRST));
    }

    /// The walk gives what `state_at` gives, index after index: inside a filling, from
    /// one count of Light's balls to the next, and from one filling to the next (ranges
    /// starting a little before the ends of fillings, in both variants' first and middle
    /// ball counts), and it stops at the end of the index.
    #[test]
    fn the_walk_equals_unranking_each_index() {
        for variant in [pylos::Variant::Children, pylos::Variant::Standard] {
            let index = PylosIndex::new(Config::with_variant(variant));
            let mut starts = vec![0, index.prefix(29), index.prefix(27) + 12_345];
            // Ends of fillings of 2, 15, 16 and 22 balls (colourings with and without
            // the least count of Light's balls).
            for balls in [2, 15, 16, 22] {
                let rank = index
                    .base
                    .partition_point(|&start| start < index.prefix(balls + 1));
                starts.extend(index.base.get(rank + 1).map(|&end| end.saturating_sub(40)));
            }
            starts.push(index.len() - 30);
            let mut seen = 0;
            for start in starts {
                let walked: Vec<(u64, Option<State>)> = index.walk(start..start + 3_000).collect();
                let expected =
                    (start..(start + 3_000).min(index.len())).map(|i| (i, index.state_at(i)));
                assert!(
                    walked.iter().copied().eq(expected),
                    "{variant} from {start}"
                );
                seen += walked.iter().filter(|(_, state)| state.is_some()).count();
            }
            assert!(seen > 1_000, "{variant}: {seen} positions");
            assert_eq!(index.walk(index.len()..index.len() + 5).count(), 0);
        }
    }

    #[test]
    fn groups_cover_the_space_in_order_of_counts_and_levels() {
        let index = PylosIndex::new(Config::default());
        let groups: Vec<Range<u64>> = index.groups().collect();
        assert_eq!(groups.first().map(|g| g.start), Some(0));
        assert_eq!(groups.last().map(|g| g.end), Some(index.len()));
        assert!(groups.windows(2).all(|pair| pair[0].end == pair[1].start));
        // Layer boundaries are group boundaries.
        for balls in 0..=30 {
            let prefix = index.prefix(balls);
            assert!(prefix == 0 || groups.iter().any(|g| g.end == prefix));
        }
    }

    /// The rank of `word` among the words with as many ones, one bit at a time.
    fn colex_rank_by_bits(word: u32) -> u64 {
        let mut rank = 0;
        let mut ones = 0;
        let mut rest = word;
        while rest != 0 {
            ones += 1;
            rank += BINOMIAL[rest.trailing_zeros() as usize][ones as usize];
            rest &= rest - 1;
        }
        rank
    }

    #[test]
    fn each_index_finds_its_filling() {
        let index = PylosIndex::new(Config::default());
        for rank in 0..index.fillings() {
            let (first, end) = (index.base[rank], index.base[rank + 1]);
            for i in [first, first + (end - first) / 2, end - 1] {
                assert_eq!(index.rank_of(i), rank, "index {i}");
            }
        }
    }

    #[test]
    fn offsets_equal_their_sums() {
        for n in 0..=30u32 {
            for l in n.saturating_sub(BALLS)..=n.min(BALLS) + 1 {
                let sum: u64 = (n.saturating_sub(BALLS)..l)
                    .map(|k| BINOMIAL[n as usize][k as usize])
                    .sum();
                assert_eq!(offset(n, l), sum, "n {n} l {l}");
            }
            assert_eq!(offset(n, n.min(BALLS) + 1), colourings(n));
        }
    }

    #[test]
    fn colex_by_bytes_equals_bit_by_bit() {
        let table = ColexTable::new();
        let mut x = 0x9E37_79B9u32;
        let mut checked = 0;
        while checked < 100_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let word = x & ((1 << SPOTS) - 1);
            if word.count_ones() <= BALLS {
                assert_eq!(table.rank(word), colex_rank_by_bits(word), "{word:#x}");
                checked += 1;
            }
        }
        // The largest rank: the 15 highest of 30 bits.
        let top = ((1u32 << 15) - 1) << 15;
        assert_eq!(table.rank(top), BINOMIAL[30][15] - 1);
    }

    #[test]
    fn colex_round_trips() {
        let table = ColexTable::new();
        for bits in 0..=12u32 {
            for ones in 0..=bits {
                for rank in 0..BINOMIAL[bits as usize][ones as usize] {
                    let word = colex_unrank(rank, bits, ones);
                    assert_eq!(word.count_ones(), ones);
                    assert!(word < 1 << bits);
                    assert_eq!(table.rank(word), rank);
                }
            }
        }
    }

    #[test]
    fn indices_round_trip_across_the_space() {
        let index = PylosIndex::new(Config::default());
        let mut valid = 0;
        // A stride prime to every layer's size visits fillings of every ball count.
        for i in (0..index.len()).step_by(1_000_003) {
            if let Some(state) = index.state_at(i) {
                assert_eq!(index.index_of(&state), Some(i));
                valid += 1;
            }
        }
        assert!(valid > 0);
    }
}
