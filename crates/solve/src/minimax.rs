//! A plain exhaustive minimax, the reference the solvers are checked against.

use crate::turn::Turn;
use crate::value::Value;

/// The value of `state` by plain minimax over every line of at most `depth` plies: no
/// table, no pruning, no ordering. `None` when the value is not settled within `depth`
/// plies, which happens when the game can last longer and no side forces a win sooner.
///
/// It is exact: a position won or lost in `d <= depth` plies gets exactly that value, a
/// game that always ends within `depth` plies gets its value (draws included), and every
/// other position gets `None` (in Pylos, positions the solvers call draws among them). It
/// takes time exponential in `depth`; use it on small positions only.
///
/// ```
/// use pyrga::{Config, State};
/// use solve::{minimax, Value};
///
/// let start = State::new(Config::default());
/// // Nothing is settled in 0 plies from the start.
/// assert_eq!(minimax(&start, 0), None);
/// // Late in a game (the first legal move each time, up to ply 22), 8 plies settle it.
/// let mut state = start;
/// while state.ply() < 22 && !pyrga::legal_moves(&state).is_empty() {
///     state = pyrga::apply(&state, pyrga::legal_moves(&state)[0]).unwrap();
/// }
/// assert!(minimax(&state, 8).is_some());
/// ```
pub fn minimax<G: Turn>(state: &G, depth: u32) -> Option<Value> {
    if let Some(value) = Value::of_status(&state.status(), state.mover()) {
        return Some(value);
    }
    if depth == 0 {
        return None;
    }
    let mut best: Option<Value> = None;
    let mut unsettled = false;
    for &mv in state.legal_moves().iter() {
        let Ok(child) = state.apply(mv) else {
            continue;
        };
        match minimax(&child, depth - 1) {
            Some(value) => {
                let mine = value.after_move();
                if best.is_none_or(|b| mine.score() > b.score()) {
                    best = Some(mine);
                }
            }
            None => unsettled = true,
        }
    }
    match best {
        Some(value) if !unsettled || value.verdict == crate::Verdict::Win => Some(value),
        _ => None,
    }
}
