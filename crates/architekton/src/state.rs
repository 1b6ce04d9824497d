//! The position: the table, the display, the unseen tiles, the players' points and houses,
//! and which decision is next.

use boardcore::{Game, Player, RecordError, SignedCoord, key_of_words};

use crate::config::{BuildingMatch, Config};
use crate::error::Illegal;
use crate::table::{PlacedTile, Table};
use crate::tile::{Stack, Terrain, Tile};

/// The houses each player owns at the start.
pub const HOUSES: u8 = 12;

/// The points each player holds at the start.
pub const START_POINTS: u8 = 1;

/// The tiles of each stack the display shows when it is full.
pub const DISPLAY_SIZE: u8 = 3;

/// The enclosed buildings still waiting for their owner's keep/remove decision, in the
/// order they are resolved (ascending `(y, x)`); the first is being decided.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pending {
    cells: [SignedCoord; 4],
    len: u8,
}

impl Pending {
    /// The buildings in resolution order.
    pub fn cells(&self) -> &[SignedCoord] {
        &self.cells[..usize::from(self.len).min(4)]
    }

    /// The building being decided.
    pub fn current(&self) -> Option<SignedCoord> {
        self.cells().first().copied()
    }

    /// Adds a building at the end; `false` when four are already waiting.
    pub(crate) fn push(&mut self, at: SignedCoord) -> bool {
        if usize::from(self.len) >= self.cells.len() {
            return false;
        }
        self.cells[usize::from(self.len)] = at;
        self.len += 1;
        true
    }

    /// Drops the building decided.
    pub(crate) fn pop_front(&mut self) {
        if self.len > 0 {
            self.cells.copy_within(1.., 0);
            self.len -= 1;
            self.cells[usize::from(self.len)] = SignedCoord::ORIGIN;
        }
    }
}

/// What happens next in a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Chance turns up the two start tiles, then the display (three landscapes, then three
    /// buildings).
    Deal,
    /// The player to move lays a tile from the display, or passes when none can be laid
    /// and no redraw is possible.
    Lay,
    /// The player to move, out of houses, picks one of their houses on the table to move
    /// onto the building just laid on this cell.
    House {
        /// The building just laid.
        building: SignedCoord,
    },
    /// The owner of the first pending building decides to keep or remove its house.
    Decide(Pending),
    /// Chance refills the display at the end of a turn (landscapes first).
    Refill,
    /// Chance turns up new display landscapes after a redraw; `left` more to come.
    Redraw {
        /// The landscapes still to turn up.
        left: u8,
    },
    /// The player could not pay for a building and lost.
    Bankrupt(Player),
    /// The last round is over; the final scoring decides.
    Over,
}

/// An Architekton position with its options.
///
/// The state is a plain `Copy` value of about 650 bytes: the tiles on the table (sorted by
/// cell) with the open cells around them (kept up to date, so that move generation is a
/// walk over a short list), the display, the unseen tiles of each kind, the reserves, the players' points
/// and houses, the turn and the [`Phase`]. No random generator lives in it: every tile
/// turned up is a chance move (see [`chance_outcomes`](crate::chance_outcomes)).
///
/// Play it with the free functions [`legal_moves`](crate::legal_moves) and
/// [`apply`](crate::apply), or through [`boardcore::Game`].
///
/// ```
/// use architekton::{Config, Phase, State};
/// use architekton::boardcore::{Player, SignedCoord};
///
/// let start = State::new(Config::default());
/// assert_eq!(start.phase(), Phase::Deal);
/// let dealt = start.replay("*p *w *e *e *f *wepf *wepf *wpfe").unwrap();
/// assert_eq!(dealt.phase(), Phase::Lay);
/// assert_eq!(dealt.mover(), Player::FIRST);
/// assert_eq!(dealt.tile_at(SignedCoord::new(1, 1)).unwrap().tile.to_string(), "w");
/// assert_eq!(dealt.points(Player::SECOND), 1);
/// assert_eq!(dealt.supply(Player::FIRST), 12);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub(crate) config: Config,
    pub(crate) table: Table,
    /// Face-up tiles of each kind, in [`Tile::ALL`] order.
    pub(crate) display: [u8; Tile::COUNT],
    /// Tiles of each kind not yet turned up (stack and reserve); derived from the rest,
    /// kept for speed.
    pub(crate) unseen: [u8; Tile::COUNT],
    /// Display landscapes that left the game in a redraw, by terrain.
    pub(crate) discarded: [u8; 4],
    /// Reserve tiles not yet drawn, by [`Stack::index`].
    pub(crate) reserve_left: [u8; 2],
    pub(crate) points: [u8; 2],
    /// Houses in each player's supply; derived from the rest, kept for speed.
    pub(crate) supply: [u8; 2],
    /// Houses removed from the game.
    pub(crate) removed: [u8; 2],
    /// The turn being played, from 0 (player 0's first).
    pub(crate) turn: u8,
    /// Tiles laid so far in this turn.
    pub(crate) laid: u8,
    pub(crate) phase: Phase,
}

impl State {
    /// The start position: nothing dealt yet, chance turns up the start tiles next.
    pub fn new(config: Config) -> State {
        State {
            config,
            table: Table::EMPTY,
            display: [0; Tile::COUNT],
            unseen: config.tiles.counts(),
            discarded: [0; 4],
            reserve_left: [
                config.tiles.reserve(Stack::Landscape),
                config.tiles.reserve(Stack::Building),
            ],
            points: [START_POINTS; 2],
            supply: [HOUSES; 2],
            removed: [0; 2],
            turn: 0,
            laid: 0,
            phase: Phase::Deal,
        }
    }

    /// Plays a game record (moves in notation separated by spaces, chance draws included)
    /// from this position.
    ///
    /// # Errors
    /// A [`RecordError`] naming the ply, the move as written, and why it cannot be read or
    /// played.
    ///
    /// ```
    /// use architekton::{Config, State};
    ///
    /// let start = State::new(Config::default());
    /// // Two start tiles and three display landscapes, then a building is due.
    /// let error = start.replay("*p *p *p *p *p *p").unwrap_err();
    /// assert_eq!(error.ply, 6);
    /// assert_eq!(
    ///     error.to_string(),
    ///     "ply 6, move *p: a building tile is turned up now, not p"
    /// );
    /// ```
    pub fn replay(&self, record: &str) -> Result<State, RecordError<Illegal>> {
        <State as Game>::replay(self, record)
    }

    /// The options the game is played with.
    pub const fn config(&self) -> Config {
        self.config
    }

    /// The matching rule for buildings.
    pub const fn building_match(&self) -> BuildingMatch {
        self.config.building_match
    }

    /// What happens next.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The turn being played, counted from 0 (even turns are player 0's). In a finished
    /// game, the last turn played.
    pub const fn turn(&self) -> u8 {
        self.turn
    }

    /// The tiles laid so far in this turn (0 or 1 while the turn goes on).
    pub const fn laid_this_turn(&self) -> u8 {
        self.laid
    }

    /// The player whose turn it is; `None` once the game is over, as in every engine
    /// (Crescendo's too). [`State::mover`] names the player even then.
    pub fn to_move(&self) -> Option<Player> {
        (!boardcore::Game::status(self).is_finished()).then(|| self.mover())
    }

    /// The player whose turn it is (player 0 on even turns). Keep/remove decisions may
    /// fall to the other player: see [`status`](crate::status).
    pub const fn mover(&self) -> Player {
        if self.turn.is_multiple_of(2) {
            Player::FIRST
        } else {
            Player::SECOND
        }
    }

    /// The tiles on the table, sorted by cell (ascending `(y, x)`).
    pub fn tiles(&self) -> impl ExactSizeIterator<Item = PlacedTile> + '_ {
        self.table.slots().iter().map(|slot| slot.placed())
    }

    /// The tile on `at`, if any.
    pub fn tile_at(&self, at: SignedCoord) -> Option<PlacedTile> {
        self.table.get(at).map(crate::table::Slot::placed)
    }

    /// The number of tiles on the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Face-up tiles of kind `tile` in the display.
    pub const fn in_display(&self, tile: Tile) -> u8 {
        self.display[tile.index()]
    }

    /// The display as counts in [`Tile::ALL`] order.
    pub const fn display(&self) -> [u8; Tile::COUNT] {
        self.display
    }

    /// Face-up tiles of one stack in the display.
    pub fn display_total(&self, stack: Stack) -> u8 {
        self.display[stack.tile_range()].iter().sum()
    }

    /// Tiles of kind `tile` not yet turned up (in the stack or the reserve).
    pub const fn unseen(&self, tile: Tile) -> u8 {
        self.unseen[tile.index()]
    }

    /// Unseen tiles of one stack, reserve included.
    pub fn unseen_total(&self, stack: Stack) -> u8 {
        self.unseen[stack.tile_range()].iter().sum()
    }

    /// Landscapes of `terrain` that left the game in a redraw.
    pub const fn discarded(&self, terrain: Terrain) -> u8 {
        self.discarded[terrain.index()]
    }

    /// Reserve tiles of one stack not yet drawn.
    pub const fn reserve_left(&self, stack: Stack) -> u8 {
        self.reserve_left[stack.index()]
    }

    /// Tiles left in a stack before its reserve.
    pub fn stack_left(&self, stack: Stack) -> u8 {
        self.unseen_total(stack)
            .saturating_sub(self.reserve_left[stack.index()])
    }

    /// Whether a tile has been drawn from a reserve: this is the last round.
    pub fn is_last_round(&self) -> bool {
        Stack::ALL
            .iter()
            .any(|&s| self.reserve_left[s.index()] < self.config.tiles.reserve(s))
    }

    /// The points of `player` (never below zero).
    pub const fn points(&self, player: Player) -> u8 {
        self.points[player.index() & 1]
    }

    /// Houses `player` still holds in supply.
    pub const fn supply(&self, player: Player) -> u8 {
        self.supply[player.index() & 1]
    }

    /// Houses of `player` removed from the game.
    pub const fn removed(&self, player: Player) -> u8 {
        self.removed[player.index() & 1]
    }

    /// Houses of `player` on the table.
    pub const fn houses_on_table(&self, player: Player) -> u8 {
        HOUSES - self.supply(player) - self.removed(player)
    }

    /// Whether `player` may lay a building: a house in supply or one on the table to move.
    pub(crate) const fn can_house(&self, player: Player) -> bool {
        self.supply(player) > 0 || self.houses_on_table(player) > 0
    }

    /// A stable key of the position (see [`boardcore::Game::position_key`]).
    pub fn position_key(&self) -> u64 {
        let mut words = [0u64; 40];
        for (index, slot) in self.table.slots().iter().enumerate() {
            let placed = slot.placed();
            let packed = u64::from(slot.key())
                | (placed.tile.index() as u64) << 16
                | u64::from(placed.rotation.quarter_turns()) << 20
                | placed.house.map_or(0, |p| p.index() as u64 + 1) << 22;
            words[index / 2] |= packed << (32 * (index % 2));
        }
        let bytes = |values: &[u8]| {
            values
                .iter()
                .enumerate()
                .fold(0u64, |word, (i, &v)| word | u64::from(v) << (8 * i))
        };
        words[24] = bytes(&self.display[..8]);
        words[25] = bytes(&self.display[8..]) | bytes(&self.discarded) << 16;
        words[26] = bytes(&[
            self.reserve_left[0],
            self.reserve_left[1],
            self.points[0],
            self.points[1],
            self.removed[0],
            self.removed[1],
            self.turn,
            self.laid,
        ]);
        let coord = |c: SignedCoord| u64::from(c.x as u16) | u64::from(c.y as u16) << 16;
        words[27] = match self.phase {
            Phase::Deal => 1,
            Phase::Lay => 2,
            Phase::House { building } => 3 | coord(building) << 8,
            Phase::Decide(pending) => {
                for (i, &cell) in pending.cells().iter().enumerate() {
                    words[28 + i] = coord(cell);
                }
                4 | u64::from(pending.len) << 8
            }
            Phase::Refill => 5,
            Phase::Redraw { left } => 6 | u64::from(left) << 8,
            Phase::Bankrupt(loser) => 7 | (loser.index() as u64) << 8,
            Phase::Over => 8,
        };
        words[32] = bytes(&self.config.tiles.counts()[..8]);
        words[33] = bytes(&self.config.tiles.counts()[8..])
            | (self.config.building_match as u64) << 16
            | (self.table.len() as u64) << 24;
        key_of_words(&words[..34])
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
        assert!(
            core::mem::size_of::<State>() <= 680,
            "{}",
            core::mem::size_of::<State>()
        );
    }

    #[test]
    fn pending_keeps_order() {
        let mut pending = Pending::default();
        for x in 0..4 {
            assert!(pending.push(SignedCoord::new(x, 1)));
        }
        assert!(!pending.push(SignedCoord::new(9, 9)));
        pending.pop_front();
        assert_eq!(pending.current(), Some(SignedCoord::new(1, 1)));
        assert_eq!(pending.cells().len(), 3);
        pending.pop_front();
        pending.pop_front();
        pending.pop_front();
        assert_eq!(pending, Pending::default());
    }
}
