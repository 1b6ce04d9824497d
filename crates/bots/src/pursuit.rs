//! How far each Crescendo player is from a finished tower, and the player that acts on it.
//!
//! A player's *work left* counts, in pawn-cells, what still separates their pawns from one
//! finished tower: the pawns are gathered on the best *home* cell, preferably a cell of
//! their own colour (where the tower cannot be scattered), and each pawn counts its
//! distance to that home along the board's cells (holes go round). Towers that an
//! opponent can scatter in one move add a risk, and pawns of a scatter still to be placed
//! count as far away. A group of `k` pawns moving `k` cells straight towards home removes
//! `k²` pawn-cells, so the measure also prefers moving tall groups.
//!
//! [`pursuit_move`] plays the movement phase by it, one move ahead: the move leaving the
//! least work to the mover, less a share of the work it adds to the opponents. The search
//! bot ([`crate::CrescendoMcts`]) scores the positions its playouts stop at by it.

use boardcore::Generator;
use boardcore::{Direction, MAX_PLAYERS, Player, uniform_below};
use crescendo::{Board, CELLS, Cell, Colour, GroupMoves, Move, Phase, State, apply, group_moves};

use crate::greedy::finishing_move;

/// The work a gathered home off the player's colour adds: the tower would stand there
/// unprotected until it is finished.
const UNPROTECTED_HOME: u32 = 4;

/// The work per pawn of a tower an opponent can scatter at once (scattered pawns are put
/// far from their owner's others).
const EXPOSED_PAWN: u32 = 4;

/// The work per pawn of a scatter still to be placed.
const SCATTERED_PAWN: u32 = 6;

/// A distance standing for "not reachable" (never on a laid board, which is connected).
const FAR: u8 = 40;

/// The distances, in cells, from `from` to every cell of `board` along orthogonal steps
/// between laid cells ([`FAR`] for cells not reached).
pub(crate) fn distances(board: &Board, from: Cell) -> [u8; CELLS] {
    let mut distance = [FAR; CELLS];
    let mut queue = [0u8; CELLS];
    let (mut head, mut tail) = (0, 1);
    distance[from.index()] = 0;
    queue[0] = from.index() as u8;
    while head < tail {
        let at = queue[head] as usize;
        head += 1;
        let Some(cell) = Cell::new(at) else {
            continue;
        };
        for direction in Direction::ALL {
            if let Some(next) = board.neighbour(cell, direction)
                && distance[next.index()] == FAR
            {
                distance[next.index()] = distance[at] + 1;
                queue[tail] = next.index() as u8;
                tail += 1;
            }
        }
    }
    distance
}

/// The cells `player`'s groups can land on in one move, protection aside, as a mask of
/// cell numbers.
pub(crate) fn reach(state: &State, player: Player) -> u64 {
    let mut mask = 0;
    for (from, height) in state.towers_of(player) {
        for direction in Direction::ALL {
            let mut at = from;
            for _ in 0..height {
                let Some(next) = state.board().neighbour(at, direction) else {
                    break;
                };
                at = next;
                mask |= 1 << at.index();
            }
        }
    }
    mask
}

/// The work left to every seat in `state` (0 for seats not building), in pawn-cells:
/// see the [module](self).
pub fn work_left(state: &State) -> [u32; MAX_PLAYERS] {
    let mut work = [0; MAX_PLAYERS];
    if !matches!(
        state.phase(),
        Phase::Moving { .. } | Phase::Scattering { .. }
    ) {
        return work;
    }
    let mut reaches = [0u64; MAX_PLAYERS];
    for player in state.active_players() {
        reaches[player.index()] = reach(state, player);
    }
    for player in state.active_players() {
        let threats = state
            .active_players()
            .filter(|&other| other != player)
            .fold(0, |mask, other| mask | reaches[other.index()]);
        work[player.index()] = player_work(state, player, threats);
    }
    work
}

/// The work left to `player`, `threats` being the cells the opponents reach in one move.
fn player_work(state: &State, player: Player, threats: u64) -> u32 {
    let board = state.board();
    // The cost of gathering every pawn on each cell.
    let mut gather = [0u32; CELLS];
    let mut risk = 0;
    let exposed = state.tower_mask(player) & !state.protected_mask(player) & threats;
    for (cell, height) in state.towers_of(player) {
        let height = u32::from(height);
        let distance = distances(board, cell);
        for (sum, &d) in gather.iter_mut().zip(&distance) {
            *sum += height * u32::from(d);
        }
        if exposed & (1 << cell.index()) != 0 {
            risk += height * EXPOSED_PAWN;
        }
    }
    let own = state.tower_mask(player);
    let home = board
        .cells()
        .filter_map(|cell| {
            let protected = cell.colour() == Colour::Player(player);
            let mine = own & (1 << cell.index()) != 0;
            (protected || mine)
                .then(|| gather[cell.index()] + if protected { 0 } else { UNPROTECTED_HOME })
        })
        .min()
        .unwrap_or(0);
    let scattered = match state.phase() {
        Phase::Scattering { victim, left, .. } if victim == player => u32::from(left),
        _ => 0,
    };
    home + risk + scattered * SCATTERED_PAWN
}

/// The pursuing player's move in the movement phase of `state` (`None` in other phases):
/// a move that finishes a tower if there is one, else the group move leaving the least
/// work to the mover less half the work it adds to the opponents, ties at random.
///
/// ```
/// use bots::boardcore::SeededRng;
/// use bots::pursuit::{pursuit_move, work_left};
/// use crescendo::{apply, State};
///
/// // A final: player 0's last pawn on 4,0 is 5 cells from their protected tower of 7.
/// let state: State = "2 01 - - move:0:0 \
///     0,0r0;2,1r0;4,0r0;6,1r0;8,0r0;10,1r0;12,0r0;14,1r0;16,0r0;18,1r0;20,0r0;22,1r0 \
///     0,1=0000000;4,0=0;20,0=1111111;22,1=1"
///     .parse()
///     .unwrap();
/// assert_eq!(work_left(&state)[0], 5);
/// let mv = pursuit_move(&state, &mut SeededRng::new(1)).unwrap();
/// // It steps one cell nearer.
/// assert_eq!(work_left(&apply(&state, mv).unwrap())[0], 4);
/// ```
pub fn pursuit_move<R: Generator + ?Sized>(state: &State, rng: &mut R) -> Option<Move> {
    let Phase::Moving { to_move, .. } = state.phase() else {
        return None;
    };
    let groups = group_moves(state);
    if groups.is_empty() {
        return Some(Move::Pass);
    }
    if let Some(finish) = finishing_move(state, &groups) {
        return Some(finish.to_move(state.board()));
    }
    let before = work_left(state);
    let opponents_before: i64 = state
        .active_players()
        .filter(|&p| p != to_move)
        .map(|p| i64::from(before[p.index()]))
        .sum();
    let mut best = GroupMoves::new();
    let mut best_score = i64::MIN;
    for &group in &groups {
        let Ok(next) = apply(state, group.to_move(state.board())) else {
            continue;
        };
        let after = work_left(&next);
        let opponents: i64 = state
            .active_players()
            .filter(|&p| p != to_move)
            .map(|p| i64::from(after[p.index()]))
            .sum();
        // Twice the score, to stay in whole numbers.
        let score = -2 * i64::from(after[to_move.index()]) + (opponents - opponents_before);
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(group);
        }
    }
    let pick = uniform_below(rng, best.len() as u64) as usize;
    best.get(pick).map(|group| group.to_move(state.board()))
}

/// The pursuing player's setup pawn in `state` (`None` outside the steps that put pawns):
/// the free white cell (step 2) or own single pawn (step 3) nearest to the player's other
/// pawns, so that their pawns start close together; ties at random.
///
/// ```
/// use bots::boardcore::SeededRng;
/// use bots::pursuit::setup_move;
/// use crescendo::{Config, Players, State};
///
/// let laid = State::new(Config::new(Players::Two)).replay(
///     "X0,0r0 X2,1r0 X4,0r0 X6,1r0 X8,0r0 X10,1r0 X12,0r0 X14,1r0 X16,0r0 X18,1r0 X20,0r0 X22,1r0 P0,0 P22,1",
/// ).unwrap();
/// // Player 0's second pawn goes next to the first (2,1 is 3 cells from 0,0).
/// assert_eq!(setup_move(&laid, &mut SeededRng::new(1)).unwrap().to_string(), "P2,1");
/// ```
pub fn setup_move<R: Generator + ?Sized>(state: &State, rng: &mut R) -> Option<Move> {
    let player = state.to_move()?;
    let board = state.board();
    let occupied = state
        .active_players()
        .fold(0u64, |mask, p| mask | state.tower_mask(p));
    let candidates = match state.phase() {
        Phase::Placing => board
            .cells()
            .filter(|cell| cell.is_white() && occupied & (1 << cell.index()) == 0)
            .fold(0u64, |mask, cell| mask | 1 << cell.index()),
        Phase::Extra => state
            .towers_of(player)
            .filter(|&(_, height)| height == 1)
            .fold(0u64, |mask, (cell, _)| mask | 1 << cell.index()),
        _ => return None,
    };
    // The summed distance from each cell to the player's pawns.
    let mut spread = [0u32; CELLS];
    for (cell, height) in state.towers_of(player) {
        let distance = distances(board, cell);
        for (sum, &d) in spread.iter_mut().zip(&distance) {
            *sum += u32::from(height) * u32::from(d);
        }
    }
    let mut least = u32::MAX;
    let mut cells = [None; CELLS];
    let mut count = 0;
    for cell in board.cells() {
        if candidates & (1 << cell.index()) == 0 {
            continue;
        }
        let score = spread[cell.index()];
        if score < least {
            least = score;
            count = 0;
        }
        if score == least {
            cells[count] = Some(cell);
            count += 1;
        }
    }
    let pick = uniform_below(rng, count as u64) as usize;
    let cell = cells.get(pick).copied().flatten()?;
    let at = board.coord(cell);
    Some(match state.phase() {
        Phase::Placing => Move::Pawn(at),
        _ => Move::Extra(at),
    })
}
