//! The position: the match's progress, the round's board and the towers on it.

use boardcore::{Game, MAX_PLAYERS, Player, RecordError, SignedCoord, key_of_words};

use crate::board::{Board, CELLS, COLOUR_CELLS, CROSSES, Cell};
use crate::config::{Config, Players};
use crate::error::Illegal;

/// Consecutive movement-phase moves per player of the round without a scatter or a
/// finished tower that end the round (the round's limit is this times its players).
pub const NO_PROGRESS_PER_PLAYER: u16 = 100;

/// Movement-phase moves per player of the round after which the round ends whatever
/// happened in them (the round's limit is this times its players): the ranking is the
/// no-progress end's.
pub const ROUND_MOVES_PER_PLAYER: u16 = 250;

/// The most plies (decisions: crosses, pawns, group moves, passes, scattered pawns) a
/// whole match of `players` can last.
///
/// A round of `n` players has `12 + 12 + 2n` setup plies and at most
/// [`ROUND_MOVES_PER_PLAYER`]` × n` moves in its movement phase; its scattered pawns are
/// at most those moves plus `2n`. Count `Φ`, the pawns on the board less the towers: it
/// starts the movement phase at `2n` (two towers of 2 each), never goes below 0, grows by
/// at most 1 in a move that scatters nothing, and a scatter of `s` pawns lowers it by at
/// least `s − 1`. So the scattered pawns, less one per scattering move, are at most `2n`
/// plus the moves that scattered nothing.
///
/// ```
/// use crescendo::{LONGEST_GAME, Players, longest_match};
///
/// assert_eq!(longest_match(Players::Two), 1_032);
/// assert_eq!(longest_match(Players::Three), 1_536 + 1_032);
/// assert_eq!(longest_match(Players::Four), 4_608);
/// assert_eq!(LONGEST_GAME, longest_match(Players::Four));
/// ```
pub const fn longest_match(players: Players) -> u32 {
    let mut plies = 0;
    let mut n = players.count() as u32;
    while n >= 2 {
        let setup = 2 * CROSSES as u32 + 2 * n;
        let moves = ROUND_MOVES_PER_PLAYER as u32 * n;
        let scattered = moves + 2 * n;
        plies += setup + moves + scattered;
        n -= 1;
    }
    plies
}

/// The most plies any Crescendo match can last: [`longest_match`] of four players.
pub const LONGEST_GAME: u32 = longest_match(Players::Four);

/// A list of distinct seats, at most 4, in a meaningful order (a round's turn order, the
/// order of qualification, the order of elimination). `Copy`, unlike `ArrayVec`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Lineup {
    seats: [Player; MAX_PLAYERS],
    len: u8,
}

impl Lineup {
    /// The empty list.
    pub(crate) const EMPTY: Lineup = Lineup {
        seats: [Player::FIRST; MAX_PLAYERS],
        len: 0,
    };

    /// Seats 0 to `count - 1` in order.
    pub(crate) fn seats(count: usize) -> Lineup {
        let mut lineup = Lineup::EMPTY;
        for player in Player::seats(count) {
            lineup.push(player);
        }
        lineup
    }

    /// The players, in order.
    pub(crate) fn as_slice(&self) -> &[Player] {
        &self.seats[..self.len as usize]
    }

    pub(crate) const fn len(self) -> usize {
        self.len as usize
    }

    pub(crate) fn contains(self, player: Player) -> bool {
        self.as_slice().contains(&player)
    }

    /// Appends `player` unless the list is full or holds them already; returns whether it
    /// was appended.
    pub(crate) fn push(&mut self, player: Player) -> bool {
        if self.len as usize >= MAX_PLAYERS || self.contains(player) {
            return false;
        }
        self.seats[self.len as usize] = player;
        self.len += 1;
        true
    }

    /// The player at `index` (taken modulo the length); seat 0 for an empty list.
    pub(crate) fn cyclic(self, index: usize) -> Player {
        match self.len {
            0 => Player::FIRST,
            len => self.seats[index % len as usize],
        }
    }

    /// Packs the list in 12 bits (2 per seat, then the length), for position keys.
    pub(crate) fn packed(self) -> u64 {
        let seats = self
            .as_slice()
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, p)| acc | (p.index() as u64) << (2 * i));
        seats | (self.len as u64) << 8
    }
}

/// Where the match stands: which decision comes next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Setup step 1: the players lay the 12 crosses in turn order.
    Laying,
    /// Setup step 2: the players put one pawn each on the white cells in turn order.
    Placing,
    /// Setup step 3: the players put two extra pawns each on their single pawns.
    Extra,
    /// The movement phase: `to_move` moves a group (or passes).
    Moving {
        /// The player to move.
        to_move: Player,
        /// Consecutive movement-phase moves that scattered nothing and finished no tower.
        idle: u16,
    },
    /// `mover` puts the scattered pawns of `victim` on empty cells, one at a time.
    Scattering {
        /// The player who scattered, deciding where each pawn goes.
        mover: Player,
        /// The owner of the scattered pawns.
        victim: Player,
        /// Scattered pawns still to place, at least 1.
        left: u8,
    },
    /// The match is over.
    Over,
}

/// A tower: one player's pawns stacked on one cell (towers never mix colours).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tower {
    /// The owner of every pawn of the tower.
    pub owner: Player,
    /// The number of pawns, at least 1.
    pub height: u8,
}

/// A Crescendo match: every round, from the first cross laid to the final ranking.
///
/// The state holds the match's progress (the players of the round in turn order, the
/// players qualified in this round, those eliminated in earlier rounds), the phase, the
/// round's board of crosses with its neighbour table, and the towers (one mask of cells per
/// player and one height per cell). It is `Copy`, about 400 bytes, and never allocates.
///
/// Play it with the free functions [`legal_moves`](crate::legal_moves) and
/// [`apply`](crate::apply), or through [`boardcore::Game`].
///
/// ```
/// use crescendo::boardcore::{Player, SignedCoord};
/// use crescendo::{Config, Phase, Players, State};
///
/// let start = State::new(Config::new(Players::Two));
/// assert_eq!(start.round(), 3);
/// assert_eq!(start.target(), 8);
/// assert_eq!(start.phase(), Phase::Laying);
/// let state = start.replay("X0,0r0 X2,1r1").unwrap();
/// assert_eq!(state.board().crosses().len(), 2);
/// assert_eq!(state.to_move(), Some(Player::FIRST));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub(crate) players: Players,
    /// The players of the round in turn order (the round's seat order).
    pub(crate) round_order: Lineup,
    /// The players qualified in this round, in order of qualification.
    pub(crate) qualified: Lineup,
    /// The players eliminated in earlier rounds, the first round's first.
    pub(crate) eliminated: Lineup,
    pub(crate) phase: Phase,
    pub(crate) board: Board,
    /// The cells holding each seat's pawns, as masks of [`Cell`] numbers.
    pub(crate) towers: [u64; MAX_PLAYERS],
    /// The number of pawns on each cell (0 when empty).
    pub(crate) heights: [u8; CELLS],
    /// The moves made in the round's movement phase (0 outside it); in a scatter, the
    /// move that scattered is counted.
    pub(crate) moves: u16,
}

impl State {
    /// The start of a match: the first round's players in seat order, about to lay the
    /// first cross.
    pub fn new(config: Config) -> State {
        State {
            players: config.players,
            round_order: Lineup::seats(config.players.count()),
            qualified: Lineup::EMPTY,
            eliminated: Lineup::EMPTY,
            phase: Phase::Laying,
            board: Board::new(),
            towers: [0; MAX_PLAYERS],
            heights: [0; CELLS],
            moves: 0,
        }
    }

    /// Plays a game record (moves in notation separated by spaces) from this position.
    ///
    /// # Errors
    /// A [`RecordError`] naming the ply, the move as written, and why it cannot be read or
    /// played.
    ///
    /// ```
    /// use crescendo::{Config, State};
    ///
    /// let start = State::new(Config::default());
    /// let error = start.replay("X0,0r0 X3,0r0").unwrap_err();
    /// assert_eq!(error.ply, 2);
    /// assert_eq!(
    ///     error.to_string(),
    ///     "ply 2, move X3,0r0: the cross 3,0r0 shares 1 unit edge(s) with the laid crosses; it needs at least 2"
    /// );
    /// ```
    pub fn replay(&self, record: &str) -> Result<State, RecordError<Illegal>> {
        <State as Game>::replay(self, record)
    }

    /// The options of the match.
    pub const fn config(&self) -> Config {
        Config::new(self.players)
    }

    /// The phase: which kind of decision comes next.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The round's board of crosses.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The number of players who started the round (4, 3 or 2).
    pub const fn round_size(&self) -> usize {
        self.round_order.len()
    }

    /// The round of the match: 1 with 4 players, 2 with 3, 3 (the final) with 2.
    pub const fn round(&self) -> usize {
        5usize.saturating_sub(self.round_size())
    }

    /// The pawns each player has in this round, which is the height of the tower to build:
    /// 5, 6 or 8.
    pub const fn target(&self) -> u8 {
        match self.round_size() {
            0 => 0,
            size => (12 / size + 2) as u8,
        }
    }

    /// The players of the round in turn order (the first started it).
    pub fn round_players(&self) -> &[Player] {
        self.round_order.as_slice()
    }

    /// The players qualified in this round, in order; in a finished match, the winner.
    pub fn qualified(&self) -> &[Player] {
        self.qualified.as_slice()
    }

    /// The players eliminated so far, the first round's first.
    pub fn eliminated(&self) -> &[Player] {
        self.eliminated.as_slice()
    }

    /// Whether `player` is still building in this round (in the round, not qualified, and
    /// the match not over).
    pub fn is_active(&self, player: Player) -> bool {
        self.phase != Phase::Over
            && self.round_order.contains(player)
            && !self.qualified.contains(player)
    }

    /// The players still building in this round, in turn order.
    pub fn active_players(&self) -> impl Iterator<Item = Player> + '_ {
        self.round_players()
            .iter()
            .copied()
            .filter(|&p| self.is_active(p))
    }

    /// The limit of consecutive movement-phase moves without progress: 100 per player of
    /// the round.
    pub const fn idle_limit(&self) -> u16 {
        NO_PROGRESS_PER_PLAYER * self.round_size() as u16
    }

    /// The moves made so far in the round's movement phase (group moves and passes; the
    /// placements of a scatter are part of the move that scattered); 0 outside it.
    pub const fn round_moves(&self) -> u16 {
        self.moves
    }

    /// The limit of movement-phase moves of the round: 250 per player of the round. The
    /// round ends when it is reached.
    pub const fn round_move_limit(&self) -> u16 {
        ROUND_MOVES_PER_PLAYER * self.round_size() as u16
    }

    /// The player who decides next; `None` once the match is over.
    pub fn to_move(&self) -> Option<Player> {
        let size = self.round_size();
        match self.phase {
            Phase::Laying => Some(self.round_order.cyclic(self.board.crosses().len())),
            Phase::Placing => Some(self.round_order.cyclic(self.total_pawns() as usize)),
            Phase::Extra => Some(
                self.round_order
                    .cyclic((self.total_pawns() as usize).saturating_sub(12) % size.max(1)),
            ),
            Phase::Moving { to_move, .. } => Some(to_move),
            Phase::Scattering { mover, .. } => Some(mover),
            Phase::Over => None,
        }
    }

    /// The tower on `cell`, if any.
    pub fn tower(&self, cell: Cell) -> Option<Tower> {
        let height = self.heights.get(cell.index()).copied().unwrap_or(0);
        if height == 0 {
            return None;
        }
        self.owner(cell.index())
            .map(|owner| Tower { owner, height })
    }

    /// The tower at `at`, if a cell is there and holds one.
    pub fn tower_at(&self, at: SignedCoord) -> Option<Tower> {
        self.board.cell_at(at).and_then(|cell| self.tower(cell))
    }

    /// The towers of `player`: each cell with its height, in cell order.
    pub fn towers_of(&self, player: Player) -> impl Iterator<Item = (Cell, u8)> + '_ {
        Cell::in_mask(self.towers[player.index()]).map(|cell| (cell, self.heights[cell.index()]))
    }

    /// The cells holding `player`'s pawns, as a mask of [`Cell`] numbers.
    pub const fn tower_mask(&self, player: Player) -> u64 {
        self.towers[player.index()]
    }

    /// The cells holding any pawn, as a mask of [`Cell`] numbers.
    pub const fn occupied(&self) -> u64 {
        self.towers[0] | self.towers[1] | self.towers[2] | self.towers[3]
    }

    /// The number of `player`'s pawns on the board.
    pub fn pawns_on_board(&self, player: Player) -> u32 {
        self.towers_of(player).map(|(_, h)| u32::from(h)).sum()
    }

    /// The height of `player`'s tallest tower (0 without pawns).
    pub fn tallest(&self, player: Player) -> u8 {
        self.towers_of(player).map(|(_, h)| h).max().unwrap_or(0)
    }

    /// The number of `player`'s pawns on cells of their own colour.
    pub fn pawns_on_own_colour(&self, player: Player) -> u32 {
        Cell::in_mask(self.towers[player.index()] & COLOUR_CELLS[player.index()])
            .map(|cell| u32::from(self.heights[cell.index()]))
            .sum()
    }

    /// The cells where a tower of `player` stands protected (on `player`'s colour).
    pub const fn protected_mask(&self, player: Player) -> u64 {
        self.towers[player.index()] & COLOUR_CELLS[player.index()]
    }

    /// All pawns on the board.
    pub(crate) fn total_pawns(&self) -> u32 {
        self.heights.iter().map(|&h| u32::from(h)).sum()
    }

    /// The owner of the pawns on cell number `cell`, if any.
    pub(crate) fn owner(&self, cell: usize) -> Option<Player> {
        let bit = 1u64 << (cell % 64);
        Player::seats(MAX_PLAYERS).find(|p| self.towers[p.index()] & bit != 0)
    }

    /// A stable key of the position (see [`boardcore::Game::position_key`]): the match's
    /// progress, the phase and the round's moves, the crosses in laying order and the
    /// towers.
    pub fn position_key(&self) -> u64 {
        let (phase_tag, phase_data) = match self.phase {
            Phase::Laying => (0u64, 0u64),
            Phase::Placing => (1, 0),
            Phase::Extra => (2, 0),
            Phase::Moving { to_move, idle } => (3, to_move.index() as u64 | u64::from(idle) << 2),
            Phase::Scattering {
                mover,
                victim,
                left,
            } => (
                4,
                mover.index() as u64 | (victim.index() as u64) << 2 | u64::from(left) << 4,
            ),
            Phase::Over => (5, 0),
        };
        let mut words = [0u64; 16];
        words[0] = self.players.count() as u64
            | self.round_order.packed() << 4
            | self.qualified.packed() << 16
            | self.eliminated.packed() << 28
            | phase_tag << 40
            | phase_data << 44;
        // Valid boards lie within 23 cells of the origin, so a byte per coordinate is
        // enough: 18 bits per cross, three crosses per word.
        for (index, cross) in self.board.crosses().iter().enumerate() {
            let packed = u64::from(cross.centre.x as u8)
                | u64::from(cross.centre.y as u8) << 8
                | u64::from(cross.rotation.quarter_turns()) << 16;
            words[1 + index / 3] |= packed << (18 * (index % 3));
        }
        words[5..9].copy_from_slice(&self.towers);
        for (index, &height) in self.heights.iter().enumerate() {
            words[9 + index / 20] |= u64::from(height & 7) << (3 * (index % 20));
        }
        words[12] = self.board.crosses().len() as u64 | u64::from(self.moves) << 8;
        key_of_words(&words[..13])
    }
}

impl Default for State {
    fn default() -> Self {
        State::new(Config::default())
    }
}
