//! Moves, take-backs and their notation.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use boardcore::{Bitset, LetterCase, ParseError};

use crate::spot::Spot;

/// The byte standing for "no spot" in the compact fields below.
const NO_SPOT: u8 = u8::MAX;

/// The balls a player takes back into the reserve after completing a square (or, in the
/// `expert` variant, a line): none, one or two of their own free balls.
///
/// A take-back is an unordered set: the two balls are always kept in the canonical order
/// of the notation (higher level first, then rank 1 first, then file `a` first), so that
/// taking A then B and B then A are the same value.
///
/// ```
/// use pylos::{Spot, TakeBack};
///
/// let a: Spot = "0a1".parse().unwrap();
/// let b: Spot = "1b2".parse().unwrap();
/// assert_eq!(TakeBack::two(a, b), TakeBack::two(b, a));
/// let both = TakeBack::two(a, b).unwrap();
/// assert_eq!(both.spots().collect::<Vec<_>>(), [b, a]);
/// assert_eq!(both.len(), 2);
/// assert_eq!(TakeBack::two(a, a), None);
/// assert!(TakeBack::NONE.is_empty());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct TakeBack {
    /// The spot numbers in canonical order; unused places hold [`NO_SPOT`], after the used
    /// ones.
    spots: [u8; 2],
}

impl TakeBack {
    /// Nothing taken back.
    pub const NONE: TakeBack = TakeBack {
        spots: [NO_SPOT; 2],
    };

    /// The ball on `spot` taken back.
    pub const fn one(spot: Spot) -> TakeBack {
        TakeBack {
            spots: [spot.index() as u8, NO_SPOT],
        }
    }

    /// The balls on `a` and `b` taken back, in either order; `None` when they are the
    /// same spot.
    pub const fn two(a: Spot, b: Spot) -> Option<TakeBack> {
        if a.index() == b.index() {
            return None;
        }
        let (first, second) = if a.takeback_order() < b.takeback_order() {
            (a, b)
        } else {
            (b, a)
        };
        Some(TakeBack {
            spots: [first.index() as u8, second.index() as u8],
        })
    }

    /// The take-back of `spots`, given in any order.
    ///
    /// # Errors
    /// Why not, when there are more than two spots or a spot is repeated.
    pub(crate) fn from_spots(spots: &[Spot]) -> Result<TakeBack, &'static str> {
        match *spots {
            [] => Ok(TakeBack::NONE),
            [one] => Ok(TakeBack::one(one)),
            [a, b] => TakeBack::two(a, b).ok_or("a ball cannot be taken back twice"),
            _ => Err("at most two balls are taken back"),
        }
    }

    /// The take-back of the spots of `mask` (at most two spots).
    pub(crate) fn from_mask(mask: u32) -> TakeBack {
        let first = (mask != 0).then(|| Spot::lowest(mask));
        let rest = mask & mask.wrapping_sub(1);
        let second = (rest != 0).then(|| Spot::lowest(rest));
        match (first, second) {
            (Some(a), Some(b)) => TakeBack::two(a, b).unwrap_or(TakeBack::NONE),
            (Some(a), None) => TakeBack::one(a),
            _ => TakeBack::NONE,
        }
    }

    /// The spots as a `u32` mask.
    #[inline]
    pub(crate) const fn mask(self) -> u32 {
        const fn bit(index: u8) -> u32 {
            if (index as usize) < Spot::COUNT {
                1 << index
            } else {
                0
            }
        }
        bit(self.spots[0]) | bit(self.spots[1])
    }

    /// The number of balls taken back, 0 to 2.
    pub const fn len(self) -> usize {
        (self.spots[0] != NO_SPOT) as usize + (self.spots[1] != NO_SPOT) as usize
    }

    /// Whether nothing is taken back.
    pub const fn is_empty(self) -> bool {
        self.spots[0] == NO_SPOT
    }

    /// The spots of the balls taken back, in canonical order.
    pub fn spots(self) -> impl Iterator<Item = Spot> + Clone {
        self.spots
            .into_iter()
            .filter_map(|index| Spot::from_index(index as usize))
    }

    /// The spots as a set.
    pub fn set(self) -> Bitset {
        Bitset(u64::from(self.mask()))
    }
}

/// One whole turn: a ball placed from the reserve or raised from the board, then the balls
/// taken back.
///
/// The notation is the spot placed on (`1b2`), or the spot raised from and the spot raised
/// to (`0a1-1b2`), then `x` and a spot for each ball taken back (`0d4x0d4`,
/// `0a1-1b2x1b2x0c3`). [`Display`](fmt::Display) writes the canonical form, with the
/// take-backs in canonical order (higher level first, then rank 1 first, then file `a`
/// first); [`FromStr`] reads them in any order.
///
/// A raise can be written between any two spots; whether it goes up onto a spot that can
/// hold it is a rule that [`apply`](crate::apply) checks.
///
/// ```
/// use pylos::{Move, Spot, TakeBack};
///
/// let mv: Move = "0a1-1b2x0c1x1b2".parse().unwrap();
/// assert_eq!(mv.from(), Some("0a1".parse().unwrap()));
/// assert_eq!(mv.to(), "1b2".parse::<Spot>().unwrap());
/// assert_eq!(mv.takeback().len(), 2);
/// assert_eq!(mv.to_string(), "0a1-1b2x1b2x0c1");
/// assert_eq!(Move::place("0d4".parse().unwrap()).to_string(), "0d4");
/// assert!("0a1x0b1x0c1x0d1".parse::<Move>().is_err());
/// assert!("0a1x0b1x0b1".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Move {
    /// The spot number raised from, or [`NO_SPOT`] for a ball from the reserve.
    from: u8,
    to: Spot,
    takeback: TakeBack,
}

/// An upper bound on the number of legal moves of any position that
/// [`State::validate`](crate::State::validate) accepts, so that a [`MoveList`] never
/// overflows (a list is `4 * MAX_MOVES` bytes, about 5 KB).
///
/// The proof, checked by a unit test (`src/bound.rs`) over all 141 120 ways of filling
/// the pyramid without a floating ball, whatever the colours, player to move and options:
/// a position's moves are its actions (a placement, or a raise of a free ball to a higher
/// open spot it does not support), each counted once, or as many times as it has
/// take-backs when it completes a pattern. An action completes a pattern only if the
/// other spots of a square or (expert) line through its spot hold balls, which are the
/// mover's, so at most 13 of the mover's 15 balls can rise to that spot. Its take-backs
/// are at most `1 + f + f(f-1)/2 + g`, where `f` counts the free balls after the action
/// and `g` the balls resting under a single free ball, with `f + g <= 15`. The largest sum
/// over all fillings is this constant. It is nearly reached: an expert position with the
/// whole of level 0 and four balls of level 1 has 1 265 legal moves (see the tests).
pub const MAX_MOVES: usize = 1277;

/// The legal moves of a position, without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

impl Move {
    /// A ball from the reserve placed on `to`, nothing taken back.
    pub const fn place(to: Spot) -> Move {
        Move {
            from: NO_SPOT,
            to,
            takeback: TakeBack::NONE,
        }
    }

    /// The ball on `from` raised to `to`, nothing taken back.
    pub const fn raise(from: Spot, to: Spot) -> Move {
        Move {
            from: from.index() as u8,
            to,
            takeback: TakeBack::NONE,
        }
    }

    /// This move followed by `takeback`.
    #[must_use]
    pub const fn with_takeback(self, takeback: TakeBack) -> Move {
        Move { takeback, ..self }
    }

    /// The move of the compact masks of move generation: `from` is 0 for a placement.
    pub(crate) fn from_masks(from: u32, to: u32, take: u32) -> Move {
        let to = Spot::lowest(to);
        let action = if from == 0 {
            Move::place(to)
        } else {
            Move::raise(Spot::lowest(from), to)
        };
        action.with_takeback(TakeBack::from_mask(take))
    }

    /// The spot a raised ball comes from; `None` for a ball from the reserve.
    pub const fn from(self) -> Option<Spot> {
        Spot::from_index(self.from as usize)
    }

    /// The spot the ball is placed or raised to.
    pub const fn to(self) -> Spot {
        self.to
    }

    /// The balls taken back after it.
    pub const fn takeback(self) -> TakeBack {
        self.takeback
    }

    /// Whether the ball comes from the board rather than the reserve.
    pub const fn is_raise(self) -> bool {
        self.from != NO_SPOT
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(from) = self.from() {
            write!(f, "{from}-")?;
        }
        write!(f, "{}", self.to)?;
        for spot in self.takeback.spots() {
            write!(f, "x{spot}")?;
        }
        Ok(())
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads the notation in any case (`0A1X0A1` is `0a1x0a1`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        LetterCase::Lower.read(text, read_move)
    }
}

/// Reads a move written in the notation's case.
fn read_move(text: &str) -> Result<Move, ParseError> {
    let error = |reason: &str| ParseError::new("move", text, reason);
    let spot = |part: &str| {
        part.parse::<Spot>()
            .map_err(|_| error("expected spots like 0a1, 1b2 or 3a1"))
    };
    let mut parts = text.split('x');
    let action = parts.next().unwrap_or_default();
    let mv = match action.split_once('-') {
        Some((from, to)) => Move::raise(spot(from)?, spot(to)?),
        None => Move::place(spot(action)?),
    };
    let taken = parts.map(spot).collect::<Result<Vec<Spot>, _>>()?;
    let takeback = TakeBack::from_spots(&taken).map_err(error)?;
    Ok(mv.with_takeback(takeback))
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(Move);

#[cfg(feature = "serde")]
impl serde::Serialize for TakeBack {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.spots())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TakeBack {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spots = Vec::<Spot>::deserialize(deserializer)?;
        TakeBack::from_spots(&spots).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_in_canonical_form() {
        for text in [
            "0a1",
            "3a1",
            "0a1-1b2",
            "0d4x0d4",
            "1b2x1b2x0a1",
            "0b2x0a1x0a2",
            "0d1-1c2x2a1x1a2",
        ] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        let reordered: Move = "0b2x0a2x0a1".parse().unwrap();
        assert_eq!(reordered.to_string(), "0b2x0a1x0a2");
        assert_eq!(reordered, "0b2x0a1x0a2".parse().unwrap());
    }

    #[test]
    fn bad_notation_is_refused() {
        for text in [
            "",
            "x",
            "0a1x",
            "x0a1",
            "0a1-",
            "-0a1",
            "0a1--1b2",
            "0a1-1b2-2a1",
            "0a5",
            "1d1",
            "0a1 x0b1",
            "0a1x0b1x",
            "0a1xx0b1",
            " 0a1",
            "0a1-1b2x3b1",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }

    #[test]
    fn any_case_reads() {
        for (text, canonical) in [("0A1X0A1", "0a1x0a1"), ("0a1-1B2", "0a1-1b2")] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), canonical);
        }
        assert_eq!("0A5".parse::<Move>().unwrap_err().input(), "0A5");
    }

    #[test]
    fn masks_convert_both_ways() {
        let mv = Move::from_masks(1 << 3, 1 << 20, (1 << 20) | (1 << 5));
        assert_eq!(mv.to_string(), "0d1-1b2x1b2x0b2");
        assert_eq!(mv.takeback().mask(), (1 << 20) | (1 << 5));
        assert_eq!(Move::from_masks(0, 1 << 29, 0).to_string(), "3a1");
        assert!(!Move::from_masks(0, 1 << 29, 0).is_raise());
        assert_eq!(TakeBack::from_mask(0), TakeBack::NONE);
        assert_eq!(core::mem::size_of::<Move>(), 4);
    }
}
