//! The rules: legal moves, playing a move, the ends of rounds and of the match.

use arrayvec::ArrayVec;
use boardcore::{Actor, Direction, MAX_PLAYERS, MoveError, Outcome, Player, Ranking, Status};

use crate::board::{Board, COLOUR_CELLS, Cell, WHITE_CELLS};
use crate::cross::{Cross, Rotation};
use crate::error::{Decision, Illegal};
use crate::moves::{GroupMove, GroupMoves, Move, MoveList};
use crate::state::{Lineup, Phase, State};

/// Every legal move of `state`, in this order: crosses by centre (south to north, west to
/// east) then rotation 0 to 3; setup and scattered pawns by cell number (laying order of
/// the crosses, then centre and arms of colours 0 to 3); group moves by the tower's cell
/// number, then direction (n, e, s, w), then group size. When no group can move, the only
/// move is [`Move::Pass`]. Empty when the match is over.
///
/// ```
/// use crescendo::{legal_moves, Config, State};
///
/// let start = State::new(Config::default());
/// // The first cross is centred on the origin, at any of 4 rotations.
/// assert_eq!(legal_moves(&start).len(), 4);
/// // The second touches it with at least two edges: 8 centres, 4 rotations each.
/// let next = start.replay("X0,0r0").unwrap();
/// assert_eq!(legal_moves(&next).len(), 32);
/// ```
#[inline]
pub fn legal_moves(state: &State) -> MoveList {
    let mut moves = MoveList::new();
    legal_moves_into(state, &mut moves);
    moves
}

/// Clears `moves` and fills it with the legal moves of `state`, in the order of
/// [`legal_moves`].
///
/// The list has room for [`MAX_MOVES`](crate::MAX_MOVES) moves (about 7 KB), and
/// returning it by value copies all of it; a search or playout loop that keeps one list
/// and refills it here avoids that copy.
///
/// ```
/// use crescendo::{legal_moves, legal_moves_into, Config, MoveList, State};
///
/// let state = State::new(Config::default()).replay("X0,0r0").unwrap();
/// let mut moves = MoveList::new();
/// legal_moves_into(&state, &mut moves);
/// assert_eq!(moves, legal_moves(&state));
/// ```
pub fn legal_moves_into(state: &State, moves: &mut MoveList) {
    moves.clear();
    match state.phase {
        Phase::Laying => state.board.placements(|centre| {
            for rotation in Rotation::ALL {
                moves.push(Move::Cross(Cross::new(centre, rotation)));
            }
        }),
        Phase::Placing => {
            state
                .board
                .for_each_coord(free_white_cells(state), |at| moves.push(Move::Pawn(at)));
        }
        Phase::Extra => {
            state
                .board
                .for_each_coord(own_singles(state), |at| moves.push(Move::Extra(at)));
        }
        Phase::Moving { to_move, .. } => {
            let protected = protected_from(state, to_move);
            for from in Cell::in_mask(state.towers[to_move.index()]) {
                let at = state.board.coord(from);
                for_each_group_from(state, protected, from, |direction, count, _| {
                    moves.push(Move::Group {
                        from: at,
                        direction: Direction::from_index(direction),
                        count,
                    });
                });
            }
            if moves.is_empty() {
                moves.push(Move::Pass);
            }
        }
        Phase::Scattering { .. } => {
            state
                .board
                .for_each_coord(empty_cells(state), |at| moves.push(Move::Scatter(at)));
        }
        Phase::Over => {}
    }
}

/// The number of legal moves of `state`, counted without building them (the same number
/// as `legal_moves(state).len()`).
///
/// ```
/// use crescendo::{count_moves, Config, State};
///
/// assert_eq!(count_moves(&State::new(Config::default())), 4);
/// ```
pub fn count_moves(state: &State) -> usize {
    match state.phase {
        Phase::Laying => {
            let mut centres = 0;
            state.board.placements(|_| centres += 1);
            centres * Rotation::ALL.len()
        }
        Phase::Placing => free_white_cells(state).count_ones() as usize,
        Phase::Extra => own_singles(state).count_ones() as usize,
        Phase::Moving { to_move, .. } => {
            let mut count = 0;
            for_each_group_move(state, to_move, |_, _, _, _| count += 1);
            count.max(1)
        }
        Phase::Scattering { .. } => empty_cells(state).count_ones() as usize,
        Phase::Over => 0,
    }
}

/// The status of `state`: the player who decides next, or the final ranking (best
/// first: the winner, the other finalist, then the players eliminated in rounds 2 and 1).
///
/// ```
/// use crescendo::boardcore::{Player, Status};
/// use crescendo::{status, Config, State};
///
/// assert_eq!(status(&State::new(Config::default())).to_move(), Some(Player::FIRST));
/// ```
pub fn status(state: &State) -> Status {
    match state.to_move() {
        Some(player) => Status::Ongoing(Actor::Player(player)),
        None => Status::Finished(final_outcome(state)),
    }
}

/// The outcome of a finished match: the qualified winner, then the eliminated players
/// from the last eliminated to the first.
fn final_outcome(state: &State) -> Outcome {
    let mut order = Lineup::EMPTY;
    for &player in state
        .qualified()
        .iter()
        .chain(state.eliminated().iter().rev())
    {
        order.push(player);
    }
    // Every valid finished state lists each seat once here (validation and play keep
    // it so); the draw only stands in for the impossible empty list.
    Ranking::new(order.as_slice()).map_or(Outcome::Draw, Outcome::Ranking)
}

/// The position after the player who decides next plays `mv`; `state` is unchanged.
///
/// # Errors
/// [`MoveError::GameOver`] when the match is over; otherwise [`MoveError::Illegal`] with
/// the rule `mv` breaks: [`Illegal::WrongDecision`] when `mv` is not the kind of decision
/// asked for, then the reasons of that decision (see [`Illegal`]).
///
/// ```
/// use crescendo::boardcore::MoveError;
/// use crescendo::{apply, Config, Illegal, State};
///
/// let state = State::new(Config::default()).replay("X0,0r0").unwrap();
/// let error = apply(&state, "X1,1r0".parse().unwrap()).unwrap_err();
/// assert!(matches!(error, MoveError::Illegal(Illegal::Overlap { .. })));
/// assert_eq!(error.to_string(), "the cross 1,1r0 overlaps a laid cross at 1,0");
/// let error = apply(&state, "P0,0".parse().unwrap()).unwrap_err();
/// assert_eq!(error.to_string(), "not your decision: the decision now is to lay a cross");
/// ```
#[inline]
pub fn apply(state: &State, mv: Move) -> Result<State, MoveError<Illegal>> {
    // Inlined so that the new state is written where the caller keeps it.
    let mut next = *state;
    play(&mut next, mv)?;
    Ok(next)
}

/// Plays `mv` on `state`, which becomes the position [`apply`] returns, without copying
/// the state; on an error `state` is left exactly as it was. For loops that own their
/// position, such as random playouts.
///
/// # Errors
/// The errors of [`apply`].
///
/// ```
/// use crescendo::{apply, apply_in_place, Config, State};
///
/// let mut state = State::new(Config::default()).replay("X0,0r0").unwrap();
/// let before = state;
/// assert!(apply_in_place(&mut state, "X1,1r0".parse().unwrap()).is_err());
/// assert_eq!(state, before);
/// let mv = "X2,1r0".parse().unwrap();
/// apply_in_place(&mut state, mv).unwrap();
/// assert_eq!(state, apply(&before, mv).unwrap());
/// ```
#[inline]
pub fn apply_in_place(state: &mut State, mv: Move) -> Result<(), MoveError<Illegal>> {
    play(state, mv)
}

/// Plays `mv` on `state`. Every branch checks the move before its first change, so on an
/// error `state` is as it was.
fn play(state: &mut State, mv: Move) -> Result<(), MoveError<Illegal>> {
    match (state.phase, mv) {
        (Phase::Over, _) => return Err(MoveError::GameOver),
        (Phase::Laying, Move::Cross(cross)) => {
            state.board.lay(cross).map_err(MoveError::Illegal)?;
            if state.board.is_complete() {
                state.phase = Phase::Placing;
            }
        }
        (Phase::Placing, Move::Pawn(at)) => {
            let cell = cell_at(&state.board, at)?;
            if !cell.is_white() {
                return Err(MoveError::Illegal(Illegal::NotWhite {
                    at,
                    colour: cell.colour(),
                }));
            }
            if state.occupied() & cell.bit() != 0 {
                return Err(MoveError::Illegal(Illegal::WhiteCellTaken { at }));
            }
            let player = state.to_move().unwrap_or(Player::FIRST);
            state.put(player, cell.index(), 1);
            if free_white_cells(state) == 0 {
                state.phase = Phase::Extra;
            }
        }
        (Phase::Extra, Move::Extra(at)) => {
            let cell = cell_at(&state.board, at)?;
            let player = state.to_move().unwrap_or(Player::FIRST);
            if state.towers[player.index()] & cell.bit() == 0 {
                return Err(MoveError::Illegal(Illegal::NotYourPawn { at }));
            }
            let height = state.heights[cell.index()];
            if height != 1 {
                return Err(MoveError::Illegal(Illegal::NotSingle { at, height }));
            }
            state.heights[cell.index()] = 2;
            if state.total_pawns() as usize == 12 + 2 * state.round_size() {
                state.phase = Phase::Moving {
                    to_move: state.round_order.cyclic(0),
                    idle: 0,
                };
            }
        }
        (Phase::Moving { to_move, idle }, Move::Group { .. }) => {
            move_group(state, to_move, idle, mv).map_err(MoveError::Illegal)?;
        }
        (Phase::Moving { to_move, idle }, Move::Pass) => {
            if has_group_move(state, to_move) {
                return Err(MoveError::Illegal(Illegal::PassWithMoves));
            }
            state.moves += 1;
            state.end_turn(to_move, idle + 1);
        }
        (
            Phase::Scattering {
                mover,
                victim,
                left,
            },
            Move::Scatter(at),
        ) => {
            let cell = cell_at(&state.board, at)?;
            if state.occupied() & cell.bit() != 0 {
                return Err(MoveError::Illegal(Illegal::ScatterTargetNotEmpty { at }));
            }
            state.put(victim, cell.index(), 1);
            if left > 1 {
                state.phase = Phase::Scattering {
                    mover,
                    victim,
                    left: left - 1,
                };
            } else {
                // A scatter is progress. The group that scattered holds fewer pawns than
                // the tower it left, so it cannot be a finished tower.
                state.end_turn(mover, 0);
            }
        }
        (phase, _) => {
            return Err(MoveError::Illegal(Illegal::WrongDecision {
                expected: decision(phase),
            }));
        }
    }
    Ok(())
}

/// The kind of decision `phase` asks for (the match not being over).
const fn decision(phase: Phase) -> Decision {
    match phase {
        Phase::Laying => Decision::LayCross,
        Phase::Placing => Decision::PlacePawn,
        Phase::Extra => Decision::ExtraPawn,
        Phase::Moving { .. } | Phase::Over => Decision::MoveGroup,
        Phase::Scattering { .. } => Decision::PlaceScattered,
    }
}

/// The cell at `at`, or [`Illegal::OffBoard`].
fn cell_at(board: &Board, at: boardcore::SignedCoord) -> Result<Cell, MoveError<Illegal>> {
    board
        .cell_at(at)
        .ok_or(MoveError::Illegal(Illegal::OffBoard { at }))
}

/// The white cells without a pawn.
fn free_white_cells(state: &State) -> u64 {
    WHITE_CELLS & state.board.cell_mask() & !state.occupied()
}

/// The single pawns of the player to move.
fn own_singles(state: &State) -> u64 {
    let Some(player) = state.to_move() else {
        return 0;
    };
    Cell::in_mask(state.towers[player.index()])
        .filter(|cell| state.heights[cell.index()] == 1)
        .fold(0, |mask, cell| mask | cell.bit())
}

/// The laid cells without a pawn.
fn empty_cells(state: &State) -> u64 {
    state.board.cell_mask() & !state.occupied()
}

/// The cells where a tower of another player than `player` is protected.
#[inline]
fn protected_from(state: &State, player: Player) -> u64 {
    let mut protected = 0;
    for (seat, (towers, colour)) in state.towers.iter().zip(COLOUR_CELLS).enumerate() {
        if seat != player.index() {
            protected |= towers & colour;
        }
    }
    protected
}

/// Calls `visit(from, direction index, group size, destination)` for every legal group
/// move of `player`: each of their towers, each direction, each group size `k` up to the
/// tower's height whose `k` cells ahead are all board cells and whose destination is not
/// a protected opponent tower.
#[inline]
fn for_each_group_move(
    state: &State,
    player: Player,
    mut visit: impl FnMut(Cell, usize, u8, usize),
) {
    let protected = protected_from(state, player);
    for from in Cell::in_mask(state.towers[player.index()]) {
        for_each_group_from(state, protected, from, |direction, count, to| {
            visit(from, direction, count, to);
        });
    }
}

/// Calls `visit(direction index, group size, destination)` for every legal group move
/// from the tower on `from`, `protected` being the cells of protected opponent towers.
#[inline]
fn for_each_group_from(
    state: &State,
    protected: u64,
    from: Cell,
    mut visit: impl FnMut(usize, u8, usize),
) {
    let height = state.heights[from.index()];
    for direction in 0..4 {
        let mut at = from.index();
        for count in 1..=height {
            let Some(next) = state.board.step(at, direction) else {
                break;
            };
            at = next;
            if protected & (1 << at) == 0 {
                visit(direction, count, at);
            }
        }
    }
}

/// The legal group moves of the player to move, by cells (empty outside the movement
/// phase), in the order of [`legal_moves`]. When it is empty in the movement phase the
/// player's only move is [`Move::Pass`].
///
/// This is the fast view for programs that evaluate moves: the cells give the towers
/// left and reached without looking coordinates up; [`GroupMove::to_move`] gives the
/// [`Move`] to play.
///
/// ```
/// use crescendo::{group_moves, legal_moves, State};
///
/// let state: State = "2 01 - - move:0:0 0,0r0;2,1r0;4,0r0;6,1r0;8,0r0;10,1r0;12,0r0;14,1r0;16,0r0;18,1r0;20,0r0;22,1r0 0,0=0000000;2,0=0;4,0=1111111;6,0=1"
///     .parse()
///     .unwrap();
/// let groups = group_moves(&state);
/// let moves: Vec<_> = groups.iter().map(|g| g.to_move(state.board())).collect();
/// assert_eq!(moves.as_slice(), legal_moves(&state).as_slice());
/// // Two pawns east from 0,0 join the pawn on 2,0.
/// let join = groups.iter().find(|g| g.to_move(state.board()).to_string() == "M0,0e2").unwrap();
/// assert_eq!(state.tower(join.to).unwrap().height, 1);
/// ```
pub fn group_moves(state: &State) -> GroupMoves {
    let mut groups = GroupMoves::new();
    if let Phase::Moving { to_move, .. } = state.phase {
        for_each_group_move(state, to_move, |from, direction, count, to| {
            groups.push(GroupMove {
                from,
                direction: Direction::from_index(direction),
                count,
                to: Cell::new(to).unwrap_or(from),
            });
        });
    }
    groups
}

/// Whether `player` has a group move.
fn has_group_move(state: &State, player: Player) -> bool {
    let mut any = false;
    for_each_group_move(state, player, |_, _, _, _| any = true);
    any
}

/// Plays the group move `mv` of `player` on `state` (in the movement phase, `idle` moves
/// without progress so far).
fn move_group(state: &mut State, player: Player, idle: u16, mv: Move) -> Result<(), Illegal> {
    let Move::Group {
        from: at,
        direction,
        count,
    } = mv
    else {
        return Err(Illegal::WrongDecision {
            expected: Decision::MoveGroup,
        });
    };
    let from = state.board.cell_at(at).ok_or(Illegal::OffBoard { at })?;
    if state.towers[player.index()] & from.bit() == 0 {
        return Err(Illegal::NotYourPawn { at });
    }
    let height = state.heights[from.index()];
    if count == 0 || count > height {
        return Err(Illegal::WrongDistance {
            at,
            distance: count,
            height,
        });
    }
    let mut to = from.index();
    for _ in 0..count {
        to = state
            .board
            .step(to, direction.index())
            .ok_or(Illegal::PathLeavesBoard {
                from: at,
                direction,
                distance: count,
            })?;
    }
    let landing = state.owner(to);
    if let Some(owner) = landing
        && owner != player
        && COLOUR_CELLS[owner.index()] & (1 << to) != 0
    {
        return Err(Illegal::Protected {
            at: state.board.coord(Cell::new(to).unwrap_or(from)),
            owner,
        });
    }
    state.moves += 1;
    state.take(player, from.index(), count);
    match landing {
        Some(owner) if owner == player => {
            state.put(player, to, count);
            if state.heights[to] >= state.target() {
                state.finish_tower(player, to);
            } else {
                state.end_turn(player, idle + 1);
            }
        }
        Some(victim) => {
            let scattered = state.heights[to];
            state.take(victim, to, scattered);
            state.put(player, to, count);
            state.phase = Phase::Scattering {
                mover: player,
                victim,
                left: scattered,
            };
        }
        None => {
            state.put(player, to, count);
            state.end_turn(player, idle + 1);
        }
    }
    Ok(())
}

impl State {
    /// Adds `count` pawns of `player` on cell number `cell` (empty or already theirs).
    fn put(&mut self, player: Player, cell: usize, count: u8) {
        self.towers[player.index()] |= 1 << cell;
        self.heights[cell] += count;
    }

    /// Removes `count` pawns of `player` from cell number `cell`.
    fn take(&mut self, player: Player, cell: usize, count: u8) {
        self.heights[cell] -= count;
        if self.heights[cell] == 0 {
            self.towers[player.index()] &= !(1 << cell);
        }
    }

    /// Hands the turn on after `player`'s movement-phase turn, `idle` being the count of
    /// moves without progress including this one; ends the round at either limit (moves
    /// without progress, moves of the round).
    fn end_turn(&mut self, player: Player, idle: u16) {
        if idle >= self.idle_limit() || self.moves >= self.round_move_limit() {
            self.end_by_standing();
            return;
        }
        self.phase = Phase::Moving {
            to_move: self.next_active_after(player),
            idle,
        };
    }

    /// The next player still building after `player` in the round's turn order.
    fn next_active_after(&self, player: Player) -> Player {
        let order = self.round_order.as_slice();
        let start = order.iter().position(|&p| p == player).unwrap_or(0);
        let mut index = start;
        for _ in 0..order.len() {
            index += 1;
            if index == order.len() {
                index = 0;
            }
            let next = order[index];
            if !self.qualified.contains(next) {
                return next;
            }
        }
        player
    }

    /// `player`'s tower on cell number `cell` holds all their pawns: it leaves the board
    /// and the player qualifies.
    fn finish_tower(&mut self, player: Player, cell: usize) {
        self.heights[cell] = 0;
        self.towers[player.index()] &= !(1 << cell);
        self.qualify(player);
        if self.qualified.len() + 1 >= self.round_size() {
            self.end_round();
        } else {
            self.end_turn(player, 0);
        }
    }

    fn qualify(&mut self, player: Player) {
        self.qualified.push(player);
    }

    /// The end of a round at a limit (moves without progress, moves of the round): the
    /// players still building qualify by their tallest tower, then their pawns on their
    /// own colour, then turn order, until the quota is met.
    fn end_by_standing(&mut self) {
        let mut standing: ArrayVec<Player, MAX_PLAYERS> = self.active_players().collect();
        standing.sort_unstable_by_key(|&p| {
            let turn = self.round_players().iter().position(|&q| q == p);
            (
                core::cmp::Reverse(self.tallest(p)),
                core::cmp::Reverse(self.pawns_on_own_colour(p)),
                turn,
            )
        });
        for player in standing {
            if self.qualified.len() + 1 >= self.round_size() {
                break;
            }
            self.qualify(player);
        }
        self.end_round();
    }

    /// The round's quota is met: the last player still building is eliminated; the next
    /// round starts from scratch with the qualifiers in order of qualification, or the
    /// match ends after the final.
    fn end_round(&mut self) {
        let last = self.active_players().next();
        if let Some(last) = last {
            self.eliminated.push(last);
        }
        self.moves = 0;
        if self.round_size() <= 2 {
            self.phase = Phase::Over;
            return;
        }
        self.round_order = self.qualified;
        self.qualified = Lineup::EMPTY;
        self.phase = Phase::Laying;
        self.board = Board::new();
        self.towers = [0; MAX_PLAYERS];
        self.heights = [0; crate::board::CELLS];
    }
}
