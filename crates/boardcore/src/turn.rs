//! Turn order among the players still in a game, with elimination.

use arrayvec::ArrayVec;
use thiserror::Error;

use crate::player::{MAX_PLAYERS, Player, PlayerSet};

/// Why a list of seats is not a valid turn order.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum TurnOrderError {
    /// The list names no player.
    #[error("a turn order needs at least one player")]
    Empty,
    /// The list names more seats than a game can have.
    #[error("a turn order holds at most {MAX_PLAYERS} players")]
    TooMany,
    /// The list names a player twice.
    #[error("player {0} appears twice in the turn order")]
    Repeated(Player),
}

/// The players still in the game, in the order they take turns.
///
/// The order is circular: after the last player comes the first again. Eliminating a
/// player keeps the order of the others, so "the next player after P" is still defined
/// after P leaves (see [`TurnOrder::next_after`]).
///
/// ```
/// use boardcore::{Player, TurnOrder};
///
/// let [p0, p1, p2, p3] = [0, 1, 2, 3].map(|i| Player::new(i).unwrap());
/// let mut order = TurnOrder::seats(4);
/// assert_eq!(order.next_after(p3), p0);
/// order.eliminate(p1);
/// assert_eq!(order.next_after(p0), p2);
/// // The next player after an eliminated one is the one who would have followed them.
/// assert_eq!(order.next_after(p1), p2);
/// assert_eq!(order.len(), 3);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TurnOrder {
    /// The players still in, in turn order.
    players: ArrayVec<Player, MAX_PLAYERS>,
    /// Every player this order started with, in order; used to place eliminated players.
    original: ArrayVec<Player, MAX_PLAYERS>,
}

impl TurnOrder {
    /// Seats 0 to `count - 1` in seat order (`count` is clamped to 1..=[`MAX_PLAYERS`]).
    pub fn seats(count: usize) -> TurnOrder {
        let players: ArrayVec<Player, MAX_PLAYERS> =
            Player::seats(count.clamp(1, MAX_PLAYERS)).collect();
        TurnOrder {
            original: players.clone(),
            players,
        }
    }

    /// The given players in the given order.
    ///
    /// # Errors
    /// [`TurnOrderError`] when the list is empty, longer than [`MAX_PLAYERS`] or repeats a
    /// player.
    pub fn new(order: &[Player]) -> Result<TurnOrder, TurnOrderError> {
        if order.is_empty() {
            return Err(TurnOrderError::Empty);
        }
        if order.len() > MAX_PLAYERS {
            return Err(TurnOrderError::TooMany);
        }
        let mut seen = PlayerSet::EMPTY;
        for &player in order {
            if !seen.insert(player) {
                return Err(TurnOrderError::Repeated(player));
            }
        }
        let players: ArrayVec<Player, MAX_PLAYERS> = order.iter().copied().collect();
        Ok(TurnOrder {
            original: players.clone(),
            players,
        })
    }

    /// The players still in, in turn order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The players still in, as a set.
    pub fn set(&self) -> PlayerSet {
        self.players.iter().copied().collect()
    }

    /// How many players are still in.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// Whether every player has been eliminated.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// The first player still in, if any.
    pub fn first(&self) -> Option<Player> {
        self.players.first().copied()
    }

    /// Whether `player` is still in.
    pub fn contains(&self, player: Player) -> bool {
        self.players.contains(&player)
    }

    /// The player who takes the turn after `player`.
    ///
    /// When `player` is no longer in (just eliminated, say), this is the next player still
    /// in after `player`'s place in the original order. When nobody is left, or `player`
    /// never was in the order, it is `player` itself.
    pub fn next_after(&self, player: Player) -> Player {
        let Some(start) = self.original.iter().position(|&p| p == player) else {
            return player;
        };
        let count = self.original.len();
        (1..=count)
            .map(|step| self.original[(start + step) % count])
            .find(|&p| self.contains(p))
            .unwrap_or(player)
    }

    /// Removes `player` from the order; returns whether they were still in.
    pub fn eliminate(&mut self, player: Player) -> bool {
        match self.players.iter().position(|&p| p == player) {
            Some(index) => {
                self.players.remove(index);
                true
            }
            None => false,
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TurnOrder {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            players: Vec<Player>,
            original: Vec<Player>,
        }
        let raw = Raw::deserialize(deserializer)?;
        let mut order = TurnOrder::new(&raw.original).map_err(serde::de::Error::custom)?;
        let mut position = 0;
        for &player in &raw.players {
            match order.original[position..].iter().position(|&p| p == player) {
                Some(offset) => position += offset + 1,
                None => {
                    return Err(serde::de::Error::custom(
                        "the players still in must follow the original turn order",
                    ));
                }
            }
        }
        order.players = raw.players.into_iter().collect();
        Ok(order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(index: usize) -> Player {
        Player::new(index).unwrap()
    }

    #[test]
    fn circular_order() {
        let order = TurnOrder::new(&[p(2), p(0), p(3)]).unwrap();
        assert_eq!(order.first(), Some(p(2)));
        assert_eq!(order.next_after(p(2)), p(0));
        assert_eq!(order.next_after(p(3)), p(2));
        assert_eq!(order.next_after(p(1)), p(1));
    }

    #[test]
    fn elimination_keeps_the_others_in_order() {
        let mut order = TurnOrder::seats(4);
        assert!(order.eliminate(p(2)));
        assert!(!order.eliminate(p(2)));
        assert_eq!(order.players(), [p(0), p(1), p(3)]);
        assert_eq!(order.next_after(p(1)), p(3));
        assert_eq!(order.next_after(p(2)), p(3));
        order.eliminate(p(3));
        assert_eq!(order.next_after(p(2)), p(0));
        assert_eq!(order.set().len(), 2);
    }

    #[test]
    fn last_player_follows_themselves() {
        let mut order = TurnOrder::seats(2);
        order.eliminate(p(0));
        assert_eq!(order.next_after(p(1)), p(1));
        order.eliminate(p(1));
        assert!(order.is_empty());
        assert_eq!(order.next_after(p(1)), p(1));
    }

    #[test]
    fn invalid_orders_are_rejected() {
        assert_eq!(TurnOrder::new(&[]), Err(TurnOrderError::Empty));
        assert_eq!(
            TurnOrder::new(&[p(1), p(1)]),
            Err(TurnOrderError::Repeated(p(1)))
        );
        assert_eq!(TurnOrder::seats(0).len(), 1);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trip_validates() {
        let mut order = TurnOrder::new(&[p(3), p(1), p(0)]).unwrap();
        order.eliminate(p(1));
        let text = serde_json::to_string(&order).unwrap();
        let back: TurnOrder = serde_json::from_str(&text).unwrap();
        assert_eq!(back, order);
        let bad = r#"{"players":[0,3],"original":[3,1,0]}"#;
        assert!(serde_json::from_str::<TurnOrder>(bad).is_err());
    }
}
