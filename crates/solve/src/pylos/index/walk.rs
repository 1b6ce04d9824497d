//! [`IndexWalk`]: the positions of consecutive indices, each colouring found from the one before.

use core::ops::Range;

use pylos::State;

use super::{BALLS, PylosIndex, colex_unrank, light_count};

/// The positions of a range of indices in index order ([`PylosIndex::walk`]): each item is
/// an index and what [`PylosIndex::state_at`] gives for it.
///
/// Inside a filling, the colourings with `l` Light balls follow each other in the order of
/// their words (colex order): the next one is the next larger word with `l` ones (Gosper's
/// rule), then the least word with `l + 1` ones, then the next filling's first colouring.
/// Only the first index is unranked.
pub struct IndexWalk<'a> {
    index: &'a PylosIndex,
    /// The next index given, and the end of the range.
    next: u64,
    end: u64,
    /// The rank of the current filling, its ball count, and its spots, lowest first.
    rank: usize,
    balls: u32,
    spots: [u8; 30],
    /// The Light balls of the current colouring: how many, which of the filling's spots
    /// (bit `i`: the filling's `i`-th spot), and their spot mask.
    light_balls: u32,
    word: u32,
    light: u32,
}

impl<'a> IndexWalk<'a> {
    /// The walk over `range`, which lies within the index.
    pub(super) fn new(index: &'a PylosIndex, range: Range<u64>) -> IndexWalk<'a> {
        let mut walk = IndexWalk {
            index,
            next: range.start,
            end: range.end,
            rank: 0,
            balls: 0,
            spots: [0; 30],
            light_balls: 0,
            word: 0,
            light: 0,
        };
        if range.start < range.end {
            walk.rank = index.rank_of(range.start);
            walk.enter_filling();
            let (light, colouring) = light_count(walk.balls, range.start - index.base[walk.rank]);
            walk.light_balls = light;
            walk.set_word(colex_unrank(colouring, walk.balls, light));
        }
        walk
    }

    /// Makes `word` the current colouring, updating the spot mask of its Light balls
    /// through the bits that change (a step of Gosper's rule changes few).
    fn set_word(&mut self, word: u32) {
        let mut changed = word ^ self.word;
        while changed != 0 {
            self.light ^= 1 << self.spots[changed.trailing_zeros() as usize];
            changed &= changed - 1;
        }
        self.word = word;
    }

    /// Lists the spots of the filling of rank `self.rank`, with no Light ball yet.
    fn enter_filling(&mut self) {
        (self.word, self.light) = (0, 0);
        let filling = self.index.fillings[self.rank];
        self.balls = filling.count_ones();
        let mut rest = filling;
        for spot in &mut self.spots[..self.balls as usize] {
            *spot = rest.trailing_zeros() as u8;
            rest &= rest - 1;
        }
    }

    /// Moves to the colouring of the next index.
    fn advance(&mut self) {
        if self.light_balls > 0 {
            let word = self.word;
            let lowest = word & word.wrapping_neg();
            let carried = word + lowest;
            let next = carried | (((word ^ carried) >> 2) / lowest);
            if next >> self.balls == 0 {
                self.set_word(next);
                return;
            }
        }
        if self.light_balls < self.balls.min(BALLS) {
            self.light_balls += 1;
        } else {
            self.rank += 1;
            self.enter_filling();
            self.light_balls = self.balls.saturating_sub(BALLS);
        }
        self.set_word((1 << self.light_balls) - 1);
    }
}

impl Iterator for IndexWalk<'_> {
    type Item = (u64, Option<State>);

    fn next(&mut self) -> Option<(u64, Option<State>)> {
        if self.next >= self.end {
            return None;
        }
        let index = self.next;
        let state = self.index.state_of(self.rank, self.light);
        self.next += 1;
        if self.next < self.end {
            self.advance();
        }
        Some((index, state))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.end - self.next).unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

impl ExactSizeIterator for IndexWalk<'_> {}
