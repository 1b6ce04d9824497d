//! How the strongest Crescendo bot ([`crate::Style::Strongest`]) sets up a round: crosses
//! that bring cells of its colour near white cells, and pawns on the white cells that
//! bring its pawns closest to a home of its own colour, counting also what each cell is
//! worth to the opponents (a cell they want is worth taking from them). Both are rules,
//! not searches: the evaluation of the search means nothing before the pawns move.
//!
//! A player's *gathering cost* is the least, over the cells of their own colour (or their
//! own towers, at a price), of the pawn-cells between their pawns and that cell: the work
//! left of [`crate::pursuit::work_left`] before any pawn has moved.

use boardcore::{MAX_PLAYERS, Player};
use crescendo::{CELLS, Cell, Colour, Move, MoveList, Phase, State, apply, legal_moves_into};

use crate::pursuit::distances;

/// The price of gathering on a cell that is not of the player's colour (as the work
/// left counts it).
const UNPROTECTED_HOME: u32 = 4;

/// How much a cell's worth to each opponent counts against its worth to the mover, in
/// quarters.
const DENIAL_QUARTERS: u32 = 2;

/// The pawn-cells between `player`'s pawns in `state` and every cell, as heights times
/// distances.
fn gathering(state: &State, player: Player) -> [u32; CELLS] {
    let mut gather = [0u32; CELLS];
    for (cell, height) in state.towers_of(player) {
        let distance = distances(state.board(), cell);
        for (sum, &d) in gather.iter_mut().zip(&distance) {
            *sum += u32::from(height) * u32::from(d);
        }
    }
    gather
}

/// `player`'s gathering cost with one more pawn on the cell whose distances are `extra`,
/// `gather` being [`gathering`]'s table of their pawns.
fn cost_with(state: &State, player: Player, gather: &[u32; CELLS], extra: &[u8; CELLS]) -> u32 {
    let own = state.tower_mask(player);
    state
        .board()
        .cells()
        .filter_map(|cell| {
            let protected = cell.colour() == Colour::Player(player);
            let mine = own & (1 << cell.index()) != 0;
            (protected || mine).then(|| {
                gather[cell.index()]
                    + u32::from(extra[cell.index()])
                    + if protected { 0 } else { UNPROTECTED_HOME }
            })
        })
        .min()
        .unwrap_or(0)
}

/// The strongest bot's pawn on the white cells (setup step 2) of `state`, `None` in
/// other phases: the empty white cell raising the mover's gathering cost least, plus half
/// of what it would raise each opponent's (so that of two cells equally good for the
/// mover it takes the one an opponent needs more), the lowest cell number among equals.
pub(crate) fn placing_move(state: &State) -> Option<Move> {
    if state.phase() != Phase::Placing {
        return None;
    }
    let mover = state.to_move()?;
    let board = state.board();
    let occupied = state
        .active_players()
        .fold(0u64, |mask, p| mask | state.tower_mask(p));
    let mut tables = [[0u32; CELLS]; MAX_PLAYERS];
    for player in state.active_players() {
        tables[player.index()] = gathering(state, player);
    }
    let base = |player: Player| cost_with(state, player, &tables[player.index()], &[0; CELLS]);
    let mut bases = [0u32; MAX_PLAYERS];
    for player in state.active_players() {
        bases[player.index()] = base(player);
    }
    let score = |cell: Cell| -> i64 {
        let extra = distances(board, cell);
        let gain = |player: Player| {
            i64::from(cost_with(state, player, &tables[player.index()], &extra))
                - i64::from(bases[player.index()])
        };
        let denied: i64 = state
            .active_players()
            .filter(|&p| p != mover)
            .map(|p| -gain(p))
            .sum();
        4 * gain(mover) - i64::from(DENIAL_QUARTERS) * denied
    };
    board
        .cells()
        .filter(|cell| cell.is_white() && occupied & (1 << cell.index()) == 0)
        .min_by_key(|&cell| (score(cell), cell.index()))
        .map(|cell| Move::Pawn(board.coord(cell)))
}

/// How well the board of `state` suits `player` before any pawn is placed: the least,
/// over the cells of their colour, of the distances from that cell to the nearest white
/// cells, as many as the player will put pawns on (`12 / N`), summed. Lower is better.
fn board_cost(state: &State, player: Player) -> u32 {
    let board = state.board();
    let pawns = 12 / state.round_size().max(1);
    board
        .cells()
        .filter(|cell| cell.colour() == Colour::Player(player))
        .map(|home| {
            let distance = distances(board, home);
            let mut whites = [u8::MAX; CELLS];
            let mut count = 0;
            for cell in board.cells().filter(|cell| cell.is_white()) {
                whites[count] = distance[cell.index()];
                count += 1;
            }
            let nearest = &mut whites[..count];
            nearest.sort_unstable();
            nearest.iter().take(pawns).map(|&d| u32::from(d)).sum()
        })
        .min()
        .unwrap_or(0)
}

/// The strongest bot's cross (setup step 1) in `state`, `None` in other phases: the
/// legal cross leaving the board that suits the mover best against the opponents
/// ([`board_cost`]: the mover's cost less the opponents' mean), the first among equals.
pub(crate) fn laying_move(state: &State) -> Option<Move> {
    if state.phase() != Phase::Laying {
        return None;
    }
    let mover = state.to_move()?;
    let opponents = state
        .active_players()
        .filter(|&p| p != mover)
        .count()
        .max(1) as i64;
    let mut moves = MoveList::new();
    legal_moves_into(state, &mut moves);
    moves
        .iter()
        .filter_map(|&mv| {
            let next = apply(state, mv).ok()?;
            let theirs: i64 = state
                .active_players()
                .filter(|&p| p != mover)
                .map(|p| i64::from(board_cost(&next, p)))
                .sum();
            Some((opponents * i64::from(board_cost(&next, mover)) - theirs, mv))
        })
        .min_by_key(|&(score, _)| score)
        .map(|(_, mv)| mv)
}
