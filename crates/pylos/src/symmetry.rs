//! The eight symmetries of the pyramid: images of positions and moves, and the key shared
//! by symmetric positions; and the exchange of the colours, under which the rules are the
//! same.

use arrayvec::ArrayVec;
use boardcore::{Bitset, Symmetry, key_of_words};

use crate::moves::{Move, TakeBack};
use crate::spot::{ALL_SPOTS, Spot};
use crate::state::State;

/// For each symmetry (in the order of [`Symmetry::ALL`]), for each byte of a spot mask,
/// the image of every value of that byte: a mask's image is four lookups.
static BYTE_IMAGES: [[[u32; 256]; 4]; 8] = {
    let mut table = [[[0u32; 256]; 4]; 8];
    let mut symmetry = 0;
    while symmetry < 8 {
        let mut byte = 0;
        while byte < 4 {
            let mut value = 0;
            while value < 256 {
                let mut image = 0u32;
                let mut bit = 0;
                while bit < 8 {
                    if value >> bit & 1 != 0
                        && let Some(spot) = Spot::from_index(byte * 8 + bit)
                    {
                        image |= spot.map(Symmetry::ALL[symmetry]).bit();
                    }
                    bit += 1;
                }
                table[symmetry][byte][value] = image;
                value += 1;
            }
            byte += 1;
        }
        symmetry += 1;
    }
    table
};

/// The image of a spot mask under the symmetry numbered `symmetry`.
#[inline]
fn image(mask: u32, symmetry: usize) -> u32 {
    let bytes = &BYTE_IMAGES[symmetry % 8];
    bytes[0][(mask & 0xFF) as usize]
        | bytes[1][(mask >> 8 & 0xFF) as usize]
        | bytes[2][(mask >> 16 & 0xFF) as usize]
        | bytes[3][(mask >> 24 & 0xFF) as usize]
}

impl Spot {
    /// The image of a set of spots under `symmetry` (indices of 30 and more are ignored):
    /// the spots [`Spot::map`] gives, with a lookup per byte of the set.
    ///
    /// ```
    /// use pylos::boardcore::{Bitset, Symmetry};
    /// use pylos::Spot;
    ///
    /// let corner: Spot = "0a1".parse().unwrap();
    /// let set = Bitset::EMPTY.with(corner.index());
    /// let image = Spot::map_set(set, Symmetry::Rotate90);
    /// assert_eq!(image, Bitset::EMPTY.with(corner.map(Symmetry::Rotate90).index()));
    /// ```
    #[must_use]
    pub fn map_set(set: Bitset, symmetry: Symmetry) -> Bitset {
        Bitset(u64::from(image(
            set.bits() as u32 & ALL_SPOTS,
            symmetry as usize,
        )))
    }
}

impl State {
    /// The position turned or mirrored by `symmetry` (on every level at once), with the
    /// same player to move and options. Symmetric positions have the same moves, mapped
    /// the same way (see [`Move::map`]).
    ///
    /// ```
    /// use pylos::boardcore::Symmetry;
    /// use pylos::{Config, State};
    ///
    /// let state = State::new(Config::default()).replay("0a1").unwrap();
    /// let turned = state.transformed(Symmetry::Rotate90);
    /// assert_eq!(turned, State::new(Config::default()).replay("0a4").unwrap());
    /// ```
    #[must_use]
    pub fn transformed(&self, symmetry: Symmetry) -> State {
        let index = symmetry as usize;
        let mut next = *self;
        next.balls = [image(self.balls[0], index), image(self.balls[1], index)];
        next
    }

    /// The position with the colours exchanged: every Light ball becomes Dark and every
    /// Dark ball Light, and the other player is to move. The rules treat both colours
    /// alike, so the exchanged position has the same moves (with the colours exchanged)
    /// and the same value for the player to move; a solver can store one of the two.
    ///
    /// ```
    /// use pylos::boardcore::Player;
    /// use pylos::{Config, State};
    ///
    /// let state = State::new(Config::default()).replay("0a1 0b1 0a2").unwrap();
    /// let swapped = state.colours_swapped();
    /// assert_eq!(swapped.mover(), Player::FIRST);
    /// assert_eq!(swapped.balls(Player::FIRST), state.balls(Player::SECOND));
    /// assert_eq!(swapped.balls(Player::SECOND), state.balls(Player::FIRST));
    /// assert_eq!(swapped.colours_swapped(), state);
    /// ```
    #[must_use]
    pub fn colours_swapped(&self) -> State {
        let mut next = *self;
        next.balls = [self.balls[1], self.balls[0]];
        next.to_move = self.to_move.other();
        next
    }

    /// A stable key equal for the 8 images of a position under the rotations and
    /// reflections of the pyramid ([`State::transformed`]), for transposition tables and
    /// solvers that fold symmetric positions together.
    ///
    /// It is the stable key of the least of the 8 images, ordered by their ball masks
    /// (Light's in the low 32 bits, Dark's in the high 32 bits), with the player to move
    /// and the options. Positions that are not images of each other have different keys
    /// except by hash collision.
    ///
    /// ```
    /// use pylos::boardcore::Symmetry;
    /// use pylos::{Config, State};
    ///
    /// let state = State::new(Config::default()).replay("0a1 0c2 0d4").unwrap();
    /// for symmetry in Symmetry::ALL {
    ///     assert_eq!(state.transformed(symmetry).symmetric_key(), state.symmetric_key());
    /// }
    /// let other = State::new(Config::default()).replay("0a1 0c2 0d3").unwrap();
    /// assert_ne!(other.symmetric_key(), state.symmetric_key());
    /// ```
    pub fn symmetric_key(&self) -> u64 {
        let [light, dark] = self.balls;
        let least = (0..8)
            .map(|symmetry| {
                u64::from(image(light, symmetry)) | u64::from(image(dark, symmetry)) << 32
            })
            .min()
            .unwrap_or_default();
        key_of_words(&[least, self.side_and_config_word()])
    }
}

impl Move {
    /// The move turned or mirrored by `symmetry`: the same move in the image of the
    /// position (see [`State::transformed`]).
    ///
    /// ```
    /// use pylos::boardcore::Symmetry;
    /// use pylos::Move;
    ///
    /// let mv: Move = "0a1-1b2x0d1".parse().unwrap();
    /// assert_eq!(mv.map(Symmetry::MirrorFiles).to_string(), "0d1-1b2x0a1");
    /// ```
    #[must_use]
    pub fn map(self, symmetry: Symmetry) -> Move {
        let to = self.to().map(symmetry);
        let action = match self.from() {
            Some(from) => Move::raise(from.map(symmetry), to),
            None => Move::place(to),
        };
        let images: ArrayVec<Spot, 2> = self
            .takeback()
            .spots()
            .map(|spot| spot.map(symmetry))
            .collect();
        // The images of two different spots are different.
        action.with_takeback(TakeBack::from_spots(&images).unwrap_or(TakeBack::NONE))
    }
}
