//! A perfect index of Pylos positions: the rank of the filling times the rank of the
//! colouring, times the player to move.

use boardcore::{Bitset, Player};
use pylos::{Config, Spot, State};

/// The number of spots of the pyramid.
const SPOTS: u32 = 30;
/// The balls of each colour.
const BALLS: u32 = 15;

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

/// Every index of the positions of a Pylos variant, one per (filling, colouring, player to
/// move): a filling is a supported set of occupied spots (141,120 of them), a colouring
/// says which of its balls are Light's (at most 15 of each colour).
///
/// Fillings are ranked by ball count, most balls first, so the positions with at least `k`
/// balls are a prefix of the index space ([`PylosIndex::prefix`]). Within a filling of `n`
/// balls, colourings are ranked by Light's count `l`, then by the combinatorial number
/// system (colex order) of Light's balls among the filling's spots; the player to move is
/// the lowest bit.
///
/// ```
/// use pylos::{Config, State};
/// use solve::PylosIndex;
///
/// let index = PylosIndex::new(Config::default());
/// assert_eq!(index.fillings(), 141_120);
/// let state = State::new(Config::default()).replay("0a1 0b1 0a2").unwrap();
/// let i = index.index_of(&state).unwrap();
/// assert_eq!(index.state_at(i), Some(state));
/// ```
pub struct PylosIndex {
    config: Config,
    /// The fillings in rank order.
    fillings: Vec<u32>,
    /// The fillings sorted by mask, with their ranks, for lookups.
    sorted: Vec<(u32, u32)>,
    /// The first index of each filling, and the total at the end.
    base: Vec<u64>,
    /// The first filling rank with fewer than `n` balls, for `n` in `0..=31`.
    layer_end: [u32; 32],
}

impl PylosIndex {
    /// The index of the positions played with `config`.
    pub fn new(config: Config) -> PylosIndex {
        let below = supports();
        let mut fillings: Vec<u32> = Vec::new();
        // Level 0 is any subset; each upper spot is filled only over four balls.
        let mut stack = vec![(0u32, 0u32)];
        while let Some((mask, next)) = stack.pop() {
            if next == SPOTS {
                fillings.push(mask);
                continue;
            }
            stack.push((mask, next + 1));
            if below[next as usize] & !mask == 0 {
                stack.push((mask | 1 << next, next + 1));
            }
        }
        fillings.sort_unstable_by_key(|&mask| (core::cmp::Reverse(mask.count_ones()), mask));
        let mut base = Vec::with_capacity(fillings.len() + 1);
        let mut total = 0u64;
        let mut layer_end = [0u32; 32];
        for (rank, &mask) in fillings.iter().enumerate() {
            base.push(total);
            total += 2 * colourings(mask.count_ones());
            let n = mask.count_ones() as usize;
            for end in layer_end.iter_mut().take(n + 1) {
                *end = (rank + 1) as u32;
            }
        }
        base.push(total);
        let mut sorted: Vec<(u32, u32)> = fillings
            .iter()
            .enumerate()
            .map(|(rank, &mask)| (mask, rank as u32))
            .collect();
        sorted.sort_unstable();
        PylosIndex {
            config,
            fillings,
            sorted,
            base,
            layer_end,
        }
    }

    /// The options of the positions indexed.
    pub const fn config(&self) -> Config {
        self.config
    }

    /// The number of fillings (supported sets of occupied spots).
    pub fn fillings(&self) -> usize {
        self.fillings.len()
    }

    /// The number of indices: every colouring of every filling, times two players.
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

    /// The index of `state`, or `None` when its options are not the index's.
    pub fn index_of(&self, state: &State) -> Option<u64> {
        if state.config() != self.config {
            return None;
        }
        let light = state.balls(Player::FIRST).bits() as u32;
        let dark = state.balls(Player::SECOND).bits() as u32;
        let filling = light | dark;
        let rank = self
            .sorted
            .binary_search_by_key(&filling, |&(mask, _)| mask)
            .ok()
            .map(|at| self.sorted[at].1)?;
        let n = filling.count_ones();
        let l = light.count_ones();
        let colouring = offset(n, l) + colex_rank(compress(light, filling));
        let side = u64::from(state.to_move() != Player::FIRST);
        Some(self.base[rank as usize] + 2 * colouring + side)
    }

    /// The position of index `index`, or `None` when the index is out of range or names an
    /// invalid position (one the rules cannot hold, for example the apex owned by the
    /// player to move).
    pub fn state_at(&self, index: u64) -> Option<State> {
        if index >= self.len() {
            return None;
        }
        let rank = self.base.partition_point(|&start| start <= index) - 1;
        let filling = self.fillings[rank];
        let within = index - self.base[rank];
        let side = if within & 1 == 0 {
            Player::FIRST
        } else {
            Player::SECOND
        };
        let mut colouring = within >> 1;
        let n = filling.count_ones();
        let mut l = n.saturating_sub(BALLS);
        while colouring >= BINOMIAL[n as usize][l as usize] {
            colouring -= BINOMIAL[n as usize][l as usize];
            l += 1;
        }
        let light = expand(colex_unrank(colouring, n, l), filling);
        State::from_balls(
            self.config,
            Bitset(u64::from(light)),
            Bitset(u64::from(filling & !light)),
            side,
        )
        .ok()
    }
}

/// The colourings of a filling of `n` balls with at most 15 of each colour.
fn colourings(n: u32) -> u64 {
    (n.saturating_sub(BALLS)..=n.min(BALLS))
        .map(|l| BINOMIAL[n as usize][l as usize])
        .sum()
}

/// The colourings of `n` balls with fewer than `l` Light ones (and at most 15 of each).
fn offset(n: u32, l: u32) -> u64 {
    (n.saturating_sub(BALLS)..l)
        .map(|k| BINOMIAL[n as usize][k as usize])
        .sum()
}

/// The bits of `value` at the positions of `mask`'s bits, packed together.
fn compress(value: u32, mask: u32) -> u32 {
    let mut packed = 0;
    let mut bit = 0;
    let mut rest = mask;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if value & low != 0 {
            packed |= 1 << bit;
        }
        bit += 1;
        rest &= rest - 1;
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

/// The rank of `word` among the words with as many ones, in increasing order.
fn colex_rank(word: u32) -> u64 {
    let mut rank = 0;
    let mut ones = 0;
    let mut rest = word;
    while rest != 0 {
        let position = rest.trailing_zeros();
        ones += 1;
        rank += BINOMIAL[position as usize][ones as usize];
        rest &= rest - 1;
    }
    rank
}

/// The word of `ones` ones among `bits` bits of rank `rank` (the inverse of
/// [`colex_rank`]).
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
        assert_eq!(index.fillings(), 141_120);
        assert_eq!(index.len(), 2 * 12_507_810_089);
        assert_eq!(index.prefix(0), index.len());
        assert_eq!(index.prefix(31), 0);
    }

    #[test]
    fn colex_round_trips() {
        for bits in 0..=12u32 {
            for ones in 0..=bits {
                for rank in 0..BINOMIAL[bits as usize][ones as usize] {
                    let word = colex_unrank(rank, bits, ones);
                    assert_eq!(word.count_ones(), ones);
                    assert!(word < 1 << bits);
                    assert_eq!(colex_rank(word), rank);
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
