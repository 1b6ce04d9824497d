//! Pylos positions solved directly: every position reachable from one, then the passes.

use core::ops::Range;
use std::collections::HashMap;
use std::sync::atomic::AtomicU8;

use pylos::{Move, State};

use crate::error::{Inconsistency, InconsistencyKind, SolveError};
use crate::pylos::retro::{self, Space};
use crate::value::Value;

/// Every position reachable from a root, numbered, with the moves between them.
struct Graph {
    numbers: HashMap<State, u32>,
    states: Vec<State>,
    /// The children of position `i` are `edges[first[i]..first[i + 1]]`.
    first: Vec<usize>,
    edges: Vec<u32>,
}

impl Graph {
    /// Every position reachable from `root`, if there are at most `max_positions`.
    fn reachable(root: &State, max_positions: usize) -> Result<Graph, SolveError> {
        let mut numbers: HashMap<State, u32> = HashMap::new();
        let mut states = vec![*root];
        numbers.insert(*root, 0);
        let mut first = vec![0usize];
        let mut edges = Vec::new();
        let mut moves = pylos::MoveList::new();
        let mut next = 0;
        while next < states.len() {
            let state = states[next];
            pylos::legal_moves_into(&state, &mut moves);
            for &mv in &moves {
                let child = apply(&state, mv)?;
                let count = states.len() as u32;
                let number = *numbers.entry(child).or_insert(count);
                if number == count {
                    if states.len() >= max_positions {
                        return Err(SolveError::OutOfBudget {
                            nodes: states.len() as u64,
                        });
                    }
                    states.push(child);
                }
                edges.push(number);
            }
            first.push(edges.len());
            next += 1;
        }
        Ok(Graph {
            numbers,
            states,
            first,
            edges,
        })
    }
}

impl Space for Graph {
    type Position = u64;

    fn len(&self) -> u64 {
        self.states.len() as u64
    }

    fn positions(&self, range: Range<u64>) -> impl Iterator<Item = (u64, Option<u64>)> {
        range.map(|index| (index, Some(index)))
    }

    fn finished(&self, &index: &u64) -> Option<Value> {
        let state = &self.states[index as usize];
        Value::of_status(&pylos::status(state), state.mover())
    }

    fn children(&self, &index: &u64, children: &mut Vec<u64>) -> Result<(), SolveError> {
        let i = index as usize;
        children.clear();
        children.extend(
            self.edges[self.first[i]..self.first[i + 1]]
                .iter()
                .map(|&c| u64::from(c)),
        );
        Ok(())
    }

    fn parents(&self, index: u64, parents: &mut Vec<u64>) -> Result<(), SolveError> {
        parents.clear();
        pylos::for_each_predecessor(&self.states[index as usize], |previous, _| {
            if let Some(&number) = self.numbers.get(previous) {
                parents.push(u64::from(number));
            }
        });
        parents.sort_unstable();
        parents.dedup();
        Ok(())
    }
}

/// The values of every position reachable from a Pylos position, found by listing them
/// all and running the retrograde passes over that list. For positions late in the game
/// (few balls in the reserves), where the list is short.
///
/// ```
/// use pylos::{Config, State};
/// use solve::{PylosDirect, Verdict};
///
/// // 28 balls placed in children: the end is near.
/// let mut state = State::new(Config::with_variant(pylos::Variant::Children));
/// while state.reserve(pylos::boardcore::Player::SECOND) > 1 {
///     state = pylos::apply(&state, pylos::legal_moves(&state)[0]).unwrap();
/// }
/// let solved = PylosDirect::solve(&state, 100_000).unwrap();
/// assert!(solved.positions() > 1);
/// assert_ne!(solved.value_of(&state).unwrap().verdict, Verdict::Draw);
/// ```
pub struct PylosDirect {
    numbers: HashMap<State, u32>,
    values: Vec<u8>,
}

impl PylosDirect {
    /// Solves every position reachable from `root`, listing at most `max_positions`.
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when more positions are reachable,
    /// [`SolveError::TooLong`] if a distance exceeds the packed format.
    pub fn solve(root: &State, max_positions: usize) -> Result<PylosDirect, SolveError> {
        let graph = Graph::reachable(root, max_positions)?;
        let cells: Vec<AtomicU8> = (0..graph.states.len()).map(|_| AtomicU8::new(0)).collect();
        retro::run(&graph, &cells)?;
        let values = cells.into_iter().map(AtomicU8::into_inner).collect();
        Ok(PylosDirect {
            numbers: graph.numbers,
            values,
        })
    }

    /// The number of positions solved.
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// The value of `state`, if it was among the positions solved.
    pub fn value_of(&self, state: &State) -> Option<Value> {
        let number = *self.numbers.get(state)?;
        retro::unpack(self.values[number as usize])
    }

    /// A best move of `state` (`None` in a finished game) and its value, if `state` was
    /// among the positions solved.
    pub fn best_move(&self, state: &State) -> Option<(Option<Move>, Value)> {
        self.value_of(state)?;
        best_of(state, |child| self.value_of(child))
    }

    /// Checks the values of every solved position: a finished game has the value of its
    /// outcome, a win has a move to a loss one ply shorter (and none shorter), a loss
    /// moves only to wins, the longest one ply shorter, and a draw has no move to a loss
    /// and one to a draw. Returns the positions checked.
    ///
    /// # Errors
    /// The first position that breaks a rule, and the rule.
    pub fn check(&self) -> Result<u64, Inconsistency> {
        for state in self.numbers.keys() {
            check_position(state, |position| self.value_of(position))?;
        }
        Ok(self.numbers.len() as u64)
    }

    /// Every solved position with its value.
    pub fn iter(&self) -> impl Iterator<Item = (State, Value)> + '_ {
        self.numbers.iter().filter_map(|(state, &number)| {
            retro::unpack(self.values[number as usize]).map(|value| (*state, value))
        })
    }
}

/// The position after `mv`, a move the engine listed.
pub(crate) fn apply(state: &State, mv: Move) -> Result<State, SolveError> {
    pylos::apply(state, mv).map_err(|_| SolveError::Internal)
}

/// The value of `state` and a best move from the values of its children (`None` for the
/// move in a finished game); `None` when a child's value is unknown.
pub(crate) fn best_of(
    state: &State,
    value_of: impl Fn(&State) -> Option<Value>,
) -> Option<(Option<Move>, Value)> {
    if let Some(value) = Value::of_status(&pylos::status(state), state.mover()) {
        return Some((None, value));
    }
    let mut best: Option<(Move, Value)> = None;
    for mv in pylos::legal_moves(state) {
        let child = pylos::apply(state, mv).ok()?;
        let mine = value_of(&child)?.after_move();
        if best.is_none_or(|(_, b)| mine.score() > b.score()) {
            best = Some((mv, mine));
        }
    }
    best.map(|(mv, value)| (Some(mv), value))
}

/// Checks `value_of` at `state`: a finished game has the value of its outcome, a win has a
/// move to a loss one ply shorter (and none shorter), a loss moves only to wins, the
/// longest one ply shorter, and a draw has no move to a loss and a move to a draw.
///
/// # Errors
/// The position, with its text, when it breaks a rule.
pub(crate) fn check_position(
    state: &State,
    value_of: impl Fn(&State) -> Option<Value>,
) -> Result<(), Inconsistency> {
    let at = |position: &State, kind| Inconsistency {
        position: *position,
        kind,
    };
    let value = value_of(state).ok_or_else(|| at(state, InconsistencyKind::NoValue))?;
    if let Some(end) = Value::of_status(&pylos::status(state), state.mover()) {
        return if value == end {
            Ok(())
        } else {
            Err(at(state, InconsistencyKind::NotTheOutcome { value, end }))
        };
    }
    let mut children = Vec::new();
    for mv in pylos::legal_moves(state) {
        let child = pylos::apply(state, mv)
            .map_err(|error| at(state, InconsistencyKind::MoveFailed(error)))?;
        children.push(value_of(&child).ok_or_else(|| at(&child, InconsistencyKind::NoValue))?);
    }
    let ok = match value.verdict {
        crate::Verdict::Win => {
            children
                .iter()
                .filter(|c| c.verdict == crate::Verdict::Loss)
                .map(|c| c.plies + 1)
                .min()
                == Some(value.plies)
        }
        crate::Verdict::Loss => {
            children.iter().all(|c| c.verdict == crate::Verdict::Win)
                && children.iter().map(|c| c.plies + 1).max() == Some(value.plies)
        }
        // A draw can neither be won (no move to a loss) nor be lost (some move to a draw).
        crate::Verdict::Draw => {
            children.iter().all(|c| c.verdict != crate::Verdict::Loss)
                && children.iter().any(|c| c.verdict == crate::Verdict::Draw)
        }
    };
    if ok {
        Ok(())
    } else {
        Err(at(state, InconsistencyKind::NotTheBest { value, children }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pylos::frontier::tests::solve_both_ways;
    use crate::value::Verdict;
    use boardcore::Player;
    use pylos::{Config, EndRule, TakeBackRule, Variant};
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A random game of `config` played until the reserves hold at most `reserve` balls
    /// together, or `None` if it ends first.
    fn late_position(config: Config, reserve: u8, rng: &mut Xoshiro256PlusPlus) -> Option<State> {
        let late =
            |state: &State| state.reserve(Player::FIRST) + state.reserve(Player::SECOND) <= reserve;
        let playout = boardcore::random_playout_until(&State::new(config), rng, 400, late);
        late(&playout.state).then_some(playout.state)
    }

    /// Any one wrong value is caught by the check at its own position, whatever the value
    /// and whatever the true one: a verdict, a distance, or the value of a finished game.
    #[test]
    fn the_check_catches_every_wrong_value() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut tampered = 0;
        for &variant in Variant::ALL {
            let config = Config::with_variant(variant);
            let Some(direct) = (0..100).find_map(|_| {
                let root = late_position(config, 6, &mut rng)?;
                PylosDirect::solve(&root, 30_000).ok()
            }) else {
                panic!("{config}: no late position small enough");
            };
            assert_eq!(direct.check().unwrap(), direct.positions() as u64);
            for (state, truth) in direct.iter() {
                let wrong = [
                    Value::DRAW,
                    Value::win(truth.plies + 2),
                    Value::loss(truth.plies + 2),
                    Value::win(1),
                    Value::loss(1),
                ];
                for value in wrong.into_iter().filter(|&value| value != truth) {
                    let value_of = |position: &State| {
                        if *position == state {
                            Some(value)
                        } else {
                            direct.value_of(position)
                        }
                    };
                    assert!(
                        check_position(&state, value_of).is_err(),
                        "{state}: {value} instead of {truth} passed"
                    );
                    tampered += 1;
                }
            }
        }
        assert!(tampered > 1_000);
    }

    /// The layers, going back from the ends through moves played backwards, give every
    /// position reachable from late positions the value the passes give, in every set of
    /// options: draws made by take-back loops included.
    #[test]
    fn layers_through_moves_played_backwards_equal_the_passes() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut positions, mut draws) = (0, 0);
        for &variant in Variant::ALL {
            for &takeback in TakeBackRule::ALL {
                for &end in EndRule::ALL {
                    let config = Config::new(variant, takeback, end);
                    // Lines make expert's positions branch more: a later start.
                    let reserve = if variant == Variant::Expert { 5 } else { 8 };
                    let mut solved = 0;
                    for _ in 0..300 {
                        if solved == 3 {
                            break;
                        }
                        let Some(root) = late_position(config, reserve, &mut rng) else {
                            continue;
                        };
                        let Ok(graph) = Graph::reachable(&root, 30_000) else {
                            continue;
                        };
                        let (passes, layers) = solve_both_ways(&graph);
                        assert_eq!(passes, layers, "{root}");
                        positions += layers.len();
                        draws += layers
                            .iter()
                            .flatten()
                            .filter(|value| value.verdict == Verdict::Draw)
                            .count();
                        solved += 1;
                    }
                    assert!(solved > 0, "{config}: no late position found");
                }
            }
        }
        // Draws are rare in Pylos: none turned up among two million positions of these
        // graphs started at ten balls in the reserves (see docs/solving.md).
        assert!(positions > 10_000 && draws < positions);
    }
}
