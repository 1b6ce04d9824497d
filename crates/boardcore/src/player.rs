//! Players, sets of players and per-player values.

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

use crate::error::ParseError;

/// The largest number of players any game of this workspace seats.
pub const MAX_PLAYERS: usize = 4;

/// A seat at the table: player 0 to player 3.
///
/// Seats are numbered in the order the games' rules name them; seat 0 moves first unless a
/// game says otherwise. The text form is the seat number.
///
/// ```
/// use boardcore::Player;
///
/// let second = Player::new(1).unwrap();
/// assert_eq!(second, Player::SECOND);
/// assert_eq!(second.other(), Player::FIRST);
/// assert_eq!(second.to_string(), "1");
/// assert_eq!("1".parse::<Player>().unwrap(), second);
/// assert!(Player::new(4).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Player(u8);

impl Player {
    /// Seat 0, who moves first in every game of this workspace.
    pub const FIRST: Player = Player(0);
    /// Seat 1.
    pub const SECOND: Player = Player(1);

    /// The player in seat `index`, or `None` when `index` is not below [`MAX_PLAYERS`].
    pub const fn new(index: usize) -> Option<Player> {
        if index < MAX_PLAYERS {
            Some(Player(index as u8))
        } else {
            None
        }
    }

    /// The seat number, below [`MAX_PLAYERS`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The opponent in a two-player game: seat 0 for seat 1 and seat 1 for seat 0.
    ///
    /// Seats 2 and 3 map to each other, which has no meaning in a two-player game; games
    /// with more players use a [`TurnOrder`](crate::TurnOrder) instead.
    #[must_use]
    pub const fn other(self) -> Player {
        Player(self.0 ^ 1)
    }

    /// The first `count` seats in order (`count` is capped at [`MAX_PLAYERS`]).
    pub fn seats(count: usize) -> impl DoubleEndedIterator<Item = Player> + Clone {
        (0..count.min(MAX_PLAYERS) as u8).map(Player)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Player {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        crate::notation::parse_number::<usize>(text)
            .and_then(Player::new)
            .ok_or_else(|| ParseError::new("player", text, "expected a seat number from 0 to 3"))
    }
}

impl From<Player> for u8 {
    fn from(player: Player) -> u8 {
        player.0
    }
}

impl TryFrom<u8> for Player {
    type Error = ParseError;

    fn try_from(index: u8) -> Result<Self, Self::Error> {
        Player::new(index as usize).ok_or_else(|| {
            ParseError::new("player", index.to_string(), "a seat number must be below 4")
        })
    }
}

/// A set of players, as a bit mask over the seats.
///
/// ```
/// use boardcore::{Player, PlayerSet};
///
/// let mut set = PlayerSet::first(3);
/// set.remove(Player::SECOND);
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(Player::FIRST));
/// assert_eq!(set.iter().map(|p| p.index()).collect::<Vec<_>>(), [0, 2]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// No player.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Seats 0 to `count - 1` (`count` is capped at [`MAX_PLAYERS`]).
    pub const fn first(count: usize) -> PlayerSet {
        let count = if count > MAX_PLAYERS {
            MAX_PLAYERS
        } else {
            count
        };
        PlayerSet(((1u16 << count) - 1) as u8)
    }

    /// Whether `player` is in the set.
    pub const fn contains(self, player: Player) -> bool {
        self.0 & (1 << player.0) != 0
    }

    /// Adds `player`; returns whether it was absent.
    pub fn insert(&mut self, player: Player) -> bool {
        let absent = !self.contains(player);
        self.0 |= 1 << player.0;
        absent
    }

    /// Removes `player`; returns whether it was present.
    pub fn remove(&mut self, player: Player) -> bool {
        let present = self.contains(player);
        self.0 &= !(1 << player.0);
        present
    }

    /// The number of players in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players of the set, lowest seat first.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Player> + Clone {
        Player::seats(MAX_PLAYERS).filter(move |&p| self.contains(p))
    }
}

impl FromIterator<Player> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> Self {
        let mut set = PlayerSet::EMPTY;
        for player in iter {
            set.insert(player);
        }
        set
    }
}

/// One value per seat, indexed by [`Player`].
///
/// `N` is the number of seats the game has room for; indexing with a seat at or above `N`
/// panics like slice indexing, so use [`PerPlayer::get`] for seats that come from input.
///
/// ```
/// use boardcore::{PerPlayer, Player};
///
/// let mut points = PerPlayer::<u32, 2>::new([1, 1]);
/// points[Player::SECOND] += 2;
/// assert_eq!(points[Player::SECOND], 3);
/// assert_eq!(points.get(Player::new(3).unwrap()), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PerPlayer<T, const N: usize>(
    #[cfg_attr(
        feature = "serde",
        serde(bound(
            serialize = "[T; N]: serde::Serialize",
            deserialize = "[T; N]: serde::Deserialize<'de>"
        ))
    )]
    [T; N],
);

impl<T, const N: usize> PerPlayer<T, N> {
    /// One value per seat, seat 0 first.
    pub const fn new(values: [T; N]) -> Self {
        PerPlayer(values)
    }

    /// Builds each seat's value from the seat.
    pub fn from_fn(mut value: impl FnMut(Player) -> T) -> Self {
        PerPlayer(core::array::from_fn(|index| value(Player(index as u8))))
    }

    /// The value of `player`, or `None` when the seat is outside the array.
    pub fn get(&self, player: Player) -> Option<&T> {
        self.0.get(player.index())
    }

    /// The values, seat 0 first.
    pub const fn as_array(&self) -> &[T; N] {
        &self.0
    }

    /// Each seat with its value, seat 0 first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Player, &T)> {
        self.0
            .iter()
            .enumerate()
            .map(|(index, value)| (Player(index as u8), value))
    }
}

impl<T: Default, const N: usize> Default for PerPlayer<T, N> {
    fn default() -> Self {
        PerPlayer::from_fn(|_| T::default())
    }
}

impl<T, const N: usize> Index<Player> for PerPlayer<T, N> {
    type Output = T;

    fn index(&self, player: Player) -> &T {
        &self.0[player.index()]
    }
}

impl<T, const N: usize> IndexMut<Player> for PerPlayer<T, N> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        &mut self.0[player.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_numbered_from_zero() {
        let all: Vec<usize> = Player::seats(9).map(Player::index).collect();
        assert_eq!(all, [0, 1, 2, 3]);
        assert_eq!(Player::seats(2).count(), 2);
    }

    #[test]
    fn other_swaps_the_two_seats() {
        assert_eq!(Player::FIRST.other(), Player::SECOND);
        assert_eq!(Player::SECOND.other(), Player::FIRST);
    }

    #[test]
    fn player_text_rejects_bad_seats() {
        assert!("4".parse::<Player>().is_err());
        assert!("x".parse::<Player>().is_err());
        assert!("-1".parse::<Player>().is_err());
        assert_eq!("3".parse::<Player>().unwrap().index(), 3);
        assert!(Player::try_from(7u8).is_err());
    }

    #[test]
    fn player_set_operations() {
        let mut set = PlayerSet::EMPTY;
        assert!(set.is_empty());
        assert!(set.insert(Player::SECOND));
        assert!(!set.insert(Player::SECOND));
        assert!(set.contains(Player::SECOND));
        assert!(set.remove(Player::SECOND));
        assert!(!set.remove(Player::SECOND));
        assert_eq!(PlayerSet::first(4).len(), 4);
        assert_eq!(PlayerSet::first(9).len(), 4);
        let collected: PlayerSet = Player::seats(3).rev().collect();
        assert_eq!(collected, PlayerSet::first(3));
    }

    #[test]
    fn per_player_indexes_by_seat() {
        let values = PerPlayer::<usize, 3>::from_fn(|p| p.index() * 10);
        assert_eq!(values[Player::new(2).unwrap()], 20);
        assert_eq!(values.iter().map(|(_, v)| *v).sum::<usize>(), 30);
        assert_eq!(values.get(Player::new(3).unwrap()), None);
        assert_eq!(values.as_array(), &[0, 10, 20]);
    }
}
