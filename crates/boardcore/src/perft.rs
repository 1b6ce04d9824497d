//! Perft: counting the leaves of the game tree, the standard check of move generators.

use crate::game::Game;

/// The number of move sequences of exactly `depth` moves from `state` (chance outcomes
/// count as moves, one branch each, whatever their weight). `perft(s, 0)` is 1; a finished
/// game has no moves.
///
/// The last ply is counted with [`Game::count_moves`] without playing it ("bulk counting").
///
/// A listed move that fails to apply breaks the [`Game`] contract; it is counted as a dead
/// end (and fails a debug assertion) rather than aborting the count.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => state.count_moves() as u64,
        _ => {
            let mut moves = G::MoveList::default();
            state.legal_moves_into(&mut moves);
            moves
                .iter()
                .map(|&mv| match state.apply(mv) {
                    Ok(next) => perft(&next, depth - 1),
                    Err(error) => {
                        debug_assert!(false, "listed move {mv} does not apply: {error}");
                        0
                    }
                })
                .sum()
        }
    }
}

/// [`perft`] split by first move: each legal move with the count below it, in the order of
/// [`Game::legal_moves`]. The counts add up to `perft(state, depth)`; `depth` 0 gives an
/// empty list.
pub fn perft_divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    state
        .legal_moves()
        .iter()
        .filter_map(|&mv| {
            state
                .apply(mv)
                .ok()
                .map(|next| (mv, perft(&next, depth - 1)))
        })
        .collect()
}
