//! The position: whose balls lie where, and who moves.

use boardcore::{Bitset, Game, Player, RecordError, key_of_words};

use crate::config::Config;
use crate::error::{Illegal, Invalid};
use crate::spot::{ABOVE, ALL_SPOTS, Spot, covered, supported};

/// The balls each player owns.
pub(crate) const BALLS_PER_PLAYER: u8 = 15;

/// A Pylos position with its options.
///
/// The state is 12 bytes and `Copy`: one 30-bit mask of spots per player, the player to
/// move and the [`Config`]. The reserves are derived (15 minus the balls on the board), as
/// are the free balls and the spots that can hold a ball. The player to move is stored:
/// take-backs make it impossible to derive from the ball counts.
///
/// Play it with the free functions [`legal_moves`](crate::legal_moves) and
/// [`apply`](crate::apply), or through [`boardcore::Game`]. Its queries take a
/// [`Player`]; Pylos seats two, so seats 2 and 3 are read as seat 1.
///
/// ```
/// use pylos::boardcore::Player;
/// use pylos::{Config, Spot, State};
///
/// let state = State::new(Config::default()).replay("0a1 0b1 0a2").unwrap();
/// assert_eq!(state.mover(), Player::SECOND);
/// assert_eq!(state.reserve(Player::FIRST), 13);
/// assert_eq!(state.reserve(Player::SECOND), 14);
/// let b1: Spot = "0b1".parse().unwrap();
/// assert_eq!(state.ball(b1), Some(Player::SECOND));
/// assert!(state.is_free(b1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    /// The spots holding each player's balls, indexed by seat.
    pub(crate) balls: [u32; 2],
    pub(crate) to_move: Player,
    pub(crate) config: Config,
}

impl State {
    /// The start position: an empty pyramid, 15 balls in each reserve, Light (player 0) to
    /// move.
    pub const fn new(config: Config) -> State {
        State {
            balls: [0; 2],
            to_move: Player::FIRST,
            config,
        }
    }

    /// The position with Light's balls on the spots of `light`, Dark's on those of `dark`
    /// and `to_move` to move; the reserves hold the rest of each player's 15 balls. It is
    /// validated like every position read (see [`State::validate`]).
    ///
    /// # Errors
    /// An [`Invalid`] reason: a spot outside the pyramid or in both sets, a floating ball,
    /// more than 15 balls of a colour, a player to move other than seat 0 or 1, or an apex
    /// or reserve that the game cannot reach with that player to move.
    ///
    /// ```
    /// use pylos::boardcore::{Bitset, Player};
    /// use pylos::{Config, Invalid, State};
    ///
    /// let light = Bitset::EMPTY.with(0).with(1);
    /// let dark = Bitset::EMPTY.with(4);
    /// let state = State::from_balls(Config::default(), light, dark, Player::SECOND).unwrap();
    /// assert_eq!(state.reserve(Player::FIRST), 13);
    /// // Spot 16 is 1a1, which needs 0a1, 0b1, 0a2 and 0b2 under it.
    /// let floating = State::from_balls(Config::default(), light.with(16), dark, Player::FIRST);
    /// assert!(matches!(floating, Err(Invalid::Floating { .. })));
    /// ```
    pub fn from_balls(
        config: Config,
        light: Bitset,
        dark: Bitset,
        to_move: Player,
    ) -> Result<State, Invalid> {
        let mask = |set: Bitset| -> Result<u32, Invalid> {
            match set.bits() >> Spot::COUNT {
                0 => Ok(set.bits() as u32),
                off => Err(Invalid::OffBoard {
                    index: Spot::COUNT + off.trailing_zeros() as usize,
                }),
            }
        };
        let (light, dark) = (mask(light)?, mask(dark)?);
        if let Some(spot) = Spot::in_mask(light & dark).next() {
            return Err(Invalid::DoubleBall { spot });
        }
        if to_move.index() > 1 {
            return Err(Invalid::NoSuchPlayer { player: to_move });
        }
        let state = State {
            balls: [light, dark],
            to_move,
            config,
        };
        for player in Player::seats(2) {
            let on_board = state.on_board(player);
            if on_board > BALLS_PER_PLAYER {
                return Err(Invalid::BallCount {
                    player,
                    on_board,
                    reserve: 0,
                });
            }
        }
        state.validate()?;
        Ok(state)
    }

    /// Plays a game record (moves in notation separated by spaces) from this position.
    ///
    /// # Errors
    /// A [`RecordError`] naming the ply, the move as written, and why it cannot be read or
    /// played.
    ///
    /// ```
    /// use pylos::{Config, State};
    ///
    /// let start = State::new(Config::default());
    /// assert!(start.replay("0a1 0b1").is_ok());
    /// let error = start.replay("0a1 0a1").unwrap_err();
    /// assert_eq!(error.ply, 2);
    /// assert_eq!(error.to_string(), "ply 2, move 0a1: 0a1 already holds a ball");
    /// ```
    pub fn replay(&self, record: &str) -> Result<State, RecordError<Illegal>> {
        <State as Game>::replay(self, record)
    }

    /// The options the game is played with.
    pub const fn config(&self) -> Config {
        self.config
    }

    /// The player whose turn it is; `None` once the game is over, as in every engine
    /// (Crescendo's too). [`State::mover`] names the player even then.
    pub fn to_move(&self) -> Option<Player> {
        (!boardcore::Game::status(self).is_finished()).then(|| self.mover())
    }

    /// The player whose turn it is (in a finished game, the one who would be next).
    pub const fn mover(&self) -> Player {
        self.to_move
    }

    /// The seat index of `player` in `balls` (seats other than 0 count as 1).
    const fn seat(player: Player) -> usize {
        if player.index() == 0 { 0 } else { 1 }
    }

    /// The spots holding `player`'s balls, as a `u32` mask.
    pub(crate) const fn mask_of(&self, player: Player) -> u32 {
        self.balls[State::seat(player)]
    }

    /// The spots holding a ball of either colour.
    pub(crate) const fn occupied(&self) -> u32 {
        self.balls[0] | self.balls[1]
    }

    /// The number of `player`'s balls on the board.
    pub const fn on_board(&self, player: Player) -> u8 {
        self.mask_of(player).count_ones() as u8
    }

    /// The number of balls in `player`'s reserve (15 minus those on the board).
    pub const fn reserve(&self, player: Player) -> u8 {
        BALLS_PER_PLAYER.saturating_sub(self.on_board(player))
    }

    /// The spots holding `player`'s balls (indices are [`Spot::index`]).
    pub const fn balls(&self, player: Player) -> Bitset {
        Bitset(self.mask_of(player) as u64)
    }

    /// The owner of the ball on `spot`, if there is one.
    pub const fn ball(&self, spot: Spot) -> Option<Player> {
        if self.balls[0] & spot.bit() != 0 {
            Some(Player::FIRST)
        } else if self.balls[1] & spot.bit() != 0 {
            Some(Player::SECOND)
        } else {
            None
        }
    }

    /// Whether `spot` holds a ball on which no ball rests.
    pub const fn is_free(&self, spot: Spot) -> bool {
        self.occupied() & spot.bit() != 0 && self.occupied() & ABOVE[spot.index()] == 0
    }

    /// The free balls of `player` (no ball rests on them).
    pub const fn free_balls(&self, player: Player) -> Bitset {
        Bitset((self.mask_of(player) & !covered(self.occupied())) as u64)
    }

    /// The empty spots that can hold a ball now (all four spots under them hold one).
    pub const fn open_spots(&self) -> Bitset {
        Bitset(self.open_mask() as u64)
    }

    /// The open spots where a ball of `player` would complete a square of their colour (or,
    /// in `expert`, a line) and so earn a take-back: the threats a search program weighs.
    /// Empty in `children`.
    ///
    /// ```
    /// use pylos::boardcore::Player;
    /// use pylos::{Config, Spot, State};
    ///
    /// let state = State::new(Config::default()).replay("0a1 0d4 0a2 0d3 0b1 0c4").unwrap();
    /// let spots: Vec<Spot> = state.completing_spots(Player::FIRST).iter().map(|i| Spot::from_index(i).unwrap()).collect();
    /// assert_eq!(spots, ["0b2".parse::<Spot>().unwrap()]);
    /// ```
    pub fn completing_spots(&self, player: Player) -> Bitset {
        let own = self.mask_of(player);
        Bitset(
            (crate::pattern::completing_spots(self.config().variant, own) & self.open_mask())
                as u64,
        )
    }

    /// [`State::open_spots`] as a `u32` mask.
    pub(crate) const fn open_mask(&self) -> u32 {
        let occupied = self.occupied();
        supported(occupied) & !occupied & ALL_SPOTS
    }

    /// The owner of the apex ball, if the apex is filled (which ends the game).
    pub const fn apex(&self) -> Option<Player> {
        self.ball(Spot::APEX)
    }

    /// A stable key of the position: equal positions (balls, player to move, options) have
    /// equal keys in every process and version, for repetition rules and transposition
    /// tables. See [`State::symmetric_key`] for a key shared by symmetric positions.
    ///
    /// ```
    /// use pylos::{Config, State};
    ///
    /// let start = State::new(Config::default());
    /// let a = start.replay("0a1 0b1 0c1").unwrap();
    /// let b = start.replay("0c1 0b1 0a1").unwrap();
    /// assert_eq!(a.position_key(), b.position_key());
    /// assert_ne!(a.position_key(), start.position_key());
    /// ```
    pub const fn position_key(&self) -> u64 {
        key_of_words(&[
            self.balls[0] as u64 | (self.balls[1] as u64) << 32,
            self.side_and_config_word(),
        ])
    }

    /// The player to move and the options as one word of a key.
    pub(crate) const fn side_and_config_word(&self) -> u64 {
        self.to_move.index() as u64
            | (self.config.variant as u64) << 8
            | (self.config.takeback as u64) << 16
            | (self.config.end as u64) << 24
    }

    /// The position after `from` (0 for a ball from the reserve) moves to `to` and the
    /// balls of `take` return to the reserve, with the other player to move. No rule is
    /// checked.
    #[inline]
    pub(crate) const fn played(&self, from: u32, to: u32, take: u32) -> State {
        let mut next = *self;
        let seat = State::seat(self.to_move);
        next.balls[seat] = (self.balls[seat] & !from | to) & !take;
        next.to_move = self.to_move.other();
        next
    }
}

impl Default for State {
    fn default() -> Self {
        State::new(Config::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_small() {
        assert_eq!(core::mem::size_of::<State>(), 12);
    }

    #[test]
    fn played_moves_and_returns_balls() {
        let start = State::default();
        let next = start.played(0, 1 << 5, 0);
        assert_eq!(next.ball(Spot::from_index(5).unwrap()), Some(Player::FIRST));
        assert_eq!(next.mover(), Player::SECOND);
        let back = next.played(0, 1 << 6, 1 << 6);
        assert_eq!(back.on_board(Player::SECOND), 0);
        assert_eq!(back.reserve(Player::SECOND), 15);
    }
}
