//! Retrograde analysis over an index space, in parallel slices: by passes, which handle
//! cycles, or by one sweep in the order of an acyclic space.

use core::ops::Range;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::error::SolveError;
use crate::progress::{Event, Job, Progress};
use crate::pylos::report::SweepReport;
use crate::value::{Value, Verdict};

/// The positions of one slice: the unit of work a worker takes.
pub const SLICE: u64 = 1 << 16;

pub use super::packed::MAX_PLIES;
pub(crate) use super::packed::{INVALID, OPEN, pack, unpack};

/// A set of positions numbered `0..len()`, closed under moves.
pub(crate) trait Space: Sync {
    /// A position of the space, as its moves are found from it.
    type Position;
    /// The number of indices.
    fn len(&self) -> u64;
    /// Each index of `range` in order, with its position, or `None` where the index names
    /// no position (the builds visit whole slices: an index space can give consecutive
    /// positions faster than one at a time).
    fn positions(&self, range: Range<u64>) -> impl Iterator<Item = (u64, Option<Self::Position>)>;
    /// The value of `position` when its game is over, for the player to move.
    fn finished(&self, position: &Self::Position) -> Option<Value>;
    /// The indices of the positions after each legal move of the ongoing `position`, into
    /// `children`.
    ///
    /// # Errors
    /// [`SolveError::NotCovered`] when a move leaves the space.
    fn children(
        &self,
        position: &Self::Position,
        children: &mut Vec<u64>,
    ) -> Result<(), SolveError>;
    /// The indices of the positions of the space with a move to the position at `index`,
    /// each once, into `parents`.
    ///
    /// # Errors
    /// [`SolveError::Internal`] if the position cannot be rebuilt.
    fn parents(&self, index: u64, parents: &mut Vec<u64>) -> Result<(), SolveError>;
}

/// Runs passes over `space` until one settles nothing; every position left open is then
/// a draw. Returns the number of passes.
///
/// Pass 0 finds the finished games. Pass `d >= 1` gives a win in `d` to every open
/// position with a move to a loss in `d - 1`, and a loss in `d` to every open position
/// whose moves all lead to wins settled before this pass. Values written during the pass
/// have distance `d` and are read as open, so the slices may run in any order, in
/// parallel. Each pass visits every open position: the simple method, kept for the
/// positions reachable from one ([`crate::PylosDirect`]) and as the reference the layers
/// of [`crate::pylos::frontier`] are tested against.
pub(crate) fn run<S: Space>(space: &S, values: &[AtomicU8]) -> Result<u32, SolveError> {
    let mut pass = 0;
    loop {
        let settled = one_pass(space, values, pass)?;
        if pass > 0 && settled == 0 {
            return Ok(pass + 1);
        }
        pass += 1;
        if pass > MAX_PLIES + 1 {
            return Err(SolveError::TooLong {
                plies: pass,
                max: MAX_PLIES,
            });
        }
    }
}

/// The progress of one stage of a long job, told to a [`Progress`].
pub(crate) struct Meter<'a> {
    progress: &'a dyn Progress,
}

impl<'a> Meter<'a> {
    /// Starts `stage`, of `total` units of work.
    pub(crate) fn new(progress: &'a dyn Progress, stage: Job, total: u64) -> Meter<'a> {
        progress.event(Event::Started { stage, total });
        Meter { progress }
    }

    /// Tells that `done` more units are done.
    pub(crate) fn inc(&self, done: u64) {
        self.progress.event(Event::Advanced { done });
    }

    /// Tells that the stage is over.
    pub(crate) fn finish(&self) {
        self.progress.event(Event::Finished);
    }
}

/// The indices of a group solved between two chances of a checkpoint.
const SWEEP_CHUNK: u64 = 1 << 26;

/// Solves the positions of `groups` from the index `from` on with one visit each, for a
/// space without cycles whose moves all lead from a group to an earlier one (the positions
/// before `from` are already solved). The positions of a group are solved in parallel
/// slices, a chunk of the group at a time. `after_chunk` runs after each chunk with the
/// end of the indices solved (to write a checkpoint).
///
/// # Errors
/// [`SolveError::NotCovered`] when a move leads to the same group or a later one (the
/// space is not ordered as promised), and the errors of [`Space::children`] and
/// `after_chunk`.
pub(crate) fn sweep<S: Space>(
    space: &S,
    values: &[AtomicU8],
    groups: &[Range<u64>],
    from: u64,
    progress: &dyn Progress,
    after_chunk: impl FnMut(u64) -> Result<(), SolveError>,
) -> Result<SweepReport, SolveError> {
    sweep_in_chunks(
        space,
        values,
        groups,
        from,
        SWEEP_CHUNK,
        progress,
        after_chunk,
    )
}

/// [`sweep`] with chunks of `chunk` indices.
fn sweep_in_chunks<S: Space>(
    space: &S,
    values: &[AtomicU8],
    groups: &[Range<u64>],
    from: u64,
    chunk: u64,
    progress: &dyn Progress,
    mut after_chunk: impl FnMut(u64) -> Result<(), SolveError>,
) -> Result<SweepReport, SolveError> {
    let started = Instant::now();
    let left = |group: &Range<u64>| group.start.max(from)..group.end.max(from);
    let indices: u64 = groups
        .iter()
        .map(|group| left(group).end - left(group).start)
        .sum();
    let bar = Meter::new(progress, Job::Sweep, indices);
    let positions = AtomicU64::new(0);
    for group in groups {
        for first in left(group).step_by(chunk as usize) {
            let last = (first + chunk).min(group.end);
            let slices = (last - first).div_ceil(SLICE);
            (0..slices)
                .into_par_iter()
                .try_for_each_init(Vec::new, |children, slice| {
                    let start = first + slice * SLICE;
                    let end = (start + SLICE).min(last);
                    let mut valid = 0;
                    for (index, position) in space.positions(start..end) {
                        let Some(position) = position else {
                            values[index as usize].store(INVALID, Ordering::Relaxed);
                            continue;
                        };
                        let value = if let Some(value) = space.finished(&position) {
                            value
                        } else {
                            space.children(&position, children)?;
                            best_child(values, children, group.start)?
                        };
                        valid += 1;
                        values[index as usize].store(pack(value)?, Ordering::Relaxed);
                    }
                    positions.fetch_add(valid, Ordering::Relaxed);
                    bar.inc(end - start);
                    Ok::<(), SolveError>(())
                })?;
            after_chunk(last)?;
        }
    }
    bar.finish();
    Ok(SweepReport {
        indices,
        positions: positions.into_inner(),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The value of a position whose children, all before `solved_before`, have their values.
fn best_child(
    values: &[AtomicU8],
    children: &[u64],
    solved_before: u64,
) -> Result<Value, SolveError> {
    let mut best: Option<Value> = None;
    for &child in children {
        if child >= solved_before {
            return Err(SolveError::NotCovered {
                reason: format!(
                    "a move leads to index {child}, not solved yet: the space has no order \
                     for a sweep"
                ),
            });
        }
        let value = unpack(values[child as usize].load(Ordering::Relaxed))
            .ok_or(SolveError::Internal)?
            .after_move();
        if best.is_none_or(|b| value.score() > b.score()) {
            best = Some(value);
        }
    }
    best.ok_or(SolveError::Internal)
}

/// Runs pass `pass`; returns the number of positions it settled.
fn one_pass<S: Space>(space: &S, values: &[AtomicU8], pass: u32) -> Result<u64, SolveError> {
    let len = space.len();
    let settled = AtomicU64::new(0);
    (0..len.div_ceil(SLICE))
        .into_par_iter()
        .try_for_each_init(Vec::new, |children, slice| {
            let start = slice * SLICE;
            let end = (start + SLICE).min(len);
            let mut newly = 0;
            for (index, position) in space.positions(start..end) {
                let cell = &values[index as usize];
                let Some(position) = position else {
                    cell.store(INVALID, Ordering::Relaxed);
                    continue;
                };
                if pass == 0 {
                    let byte = match space.finished(&position) {
                        Some(value) => {
                            newly += 1;
                            pack(value)?
                        }
                        None => OPEN,
                    };
                    cell.store(byte, Ordering::Relaxed);
                    continue;
                }
                if cell.load(Ordering::Relaxed) != OPEN {
                    continue;
                }
                space.children(&position, children)?;
                if let Some(value) = settle(values, children, pass) {
                    cell.store(pack(value)?, Ordering::Relaxed);
                    newly += 1;
                }
            }
            settled.fetch_add(newly, Ordering::Relaxed);
            Ok::<(), SolveError>(())
        })?;
    Ok(settled.into_inner())
}

/// The value pass `pass` gives a position with these children, if any.
fn settle(values: &[AtomicU8], children: &[u64], pass: u32) -> Option<Value> {
    let mut all_won = true;
    for &child in children {
        let byte = values[child as usize].load(Ordering::Relaxed);
        match unpack(byte) {
            Some(value) if value.verdict == Verdict::Loss && value.plies + 1 == pass => {
                return Some(Value::win(pass));
            }
            Some(value) if value.verdict == Verdict::Win && value.plies < pass => {}
            _ => all_won = false,
        }
    }
    all_won.then_some(Value::loss(pass))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::progress::Quiet;

    /// A small game graph given by the children of each position and the values of the
    /// finished ones.
    pub(crate) struct Graph {
        edges: &'static [&'static [u64]],
        finished: &'static [(u64, Value)],
    }

    impl Space for Graph {
        type Position = u64;

        fn len(&self) -> u64 {
            self.edges.len() as u64
        }

        fn positions(&self, range: Range<u64>) -> impl Iterator<Item = (u64, Option<u64>)> {
            range.map(|index| (index, Some(index)))
        }

        fn finished(&self, &index: &u64) -> Option<Value> {
            self.finished
                .iter()
                .find(|&&(i, _)| i == index)
                .map(|&(_, value)| value)
        }

        fn children(&self, &index: &u64, children: &mut Vec<u64>) -> Result<(), SolveError> {
            children.clear();
            children.extend_from_slice(self.edges[index as usize]);
            Ok(())
        }

        fn parents(&self, index: u64, parents: &mut Vec<u64>) -> Result<(), SolveError> {
            parents.clear();
            parents.extend(
                (0..self.len()).filter(|&parent| self.edges[parent as usize].contains(&index)),
            );
            Ok(())
        }
    }

    /// A graph with a loop: 0 -> 1; 1 -> 0, 2; 2 finished, lost for its mover; 3 -> 4, 5;
    /// 4 -> 3; 5 finished, won for its mover.
    pub(crate) const LOOPS: Graph = Graph {
        edges: &[&[1], &[0, 2], &[], &[4, 5], &[3], &[]],
        finished: &[(2, Value::loss(0)), (5, Value::win(0))],
    };

    /// An acyclic graph in groups: 0..2 finished, 2..4 move into 0..2, 4..7 move into
    /// 0..4.
    pub(crate) const LAYERS: Graph = Graph {
        edges: &[&[], &[], &[0, 1], &[1], &[2, 3], &[3], &[0, 2]],
        finished: &[(0, Value::loss(0)), (1, Value::win(0))],
    };

    #[test]
    fn loops_are_draws_and_forced_lines_are_not() {
        let values: Vec<AtomicU8> = (0..6).map(|_| AtomicU8::new(0)).collect();
        let passes = run(&LOOPS, &values).unwrap();
        let found: Vec<Value> = values
            .iter()
            .map(|v| unpack(v.load(Ordering::Relaxed)).unwrap())
            .collect();
        // 1 wins by moving to 2; 0 can only move to 1; 3 avoids 5 by looping with 4.
        assert_eq!(
            found,
            [
                Value::loss(2),
                Value::win(1),
                Value::loss(0),
                Value::DRAW,
                Value::DRAW,
                Value::win(0)
            ]
        );
        assert_eq!(passes, 4);
    }

    fn values_of(cells: &[AtomicU8]) -> Vec<Value> {
        cells
            .iter()
            .map(|v| unpack(v.load(Ordering::Relaxed)).unwrap())
            .collect()
    }

    #[test]
    fn a_sweep_equals_the_passes_on_an_acyclic_space() {
        let by_passes: Vec<AtomicU8> = (0..7).map(|_| AtomicU8::new(0)).collect();
        run(&LAYERS, &by_passes).unwrap();
        let by_sweep: Vec<AtomicU8> = (0..7).map(|_| AtomicU8::new(0)).collect();
        let mut ends = Vec::new();
        let report = sweep(&LAYERS, &by_sweep, &[0..2, 2..4, 4..7], 0, &Quiet, |end| {
            ends.push(end);
            Ok(())
        })
        .unwrap();
        assert_eq!(values_of(&by_sweep), values_of(&by_passes));
        assert_eq!(
            values_of(&by_sweep),
            [
                Value::loss(0),
                Value::win(0),
                Value::win(1),
                Value::loss(1),
                Value::win(2),
                Value::win(2),
                Value::win(1)
            ]
        );
        assert_eq!(ends, [2, 4, 7]);
        assert_eq!((report.indices, report.positions), (7, 7));
        // Groups out of order are refused, not solved wrongly.
        let again: Vec<AtomicU8> = (0..7).map(|_| AtomicU8::new(0)).collect();
        assert!(matches!(
            sweep(&LAYERS, &again, &[0..2, 2..7], 0, &Quiet, |_| Ok(())),
            Err(SolveError::NotCovered { .. })
        ));
        // In chunks of two indices, from the middle of a group (as a resumed build), the
        // values are the same and a chunk ends at each chance of a checkpoint.
        let resumed: Vec<AtomicU8> = by_sweep
            .iter()
            .enumerate()
            .map(|(i, v)| AtomicU8::new(if i < 5 { v.load(Ordering::Relaxed) } else { 0 }))
            .collect();
        let mut ends = Vec::new();
        let report = sweep_in_chunks(&LAYERS, &resumed, &[2..4, 4..7], 5, 2, &Quiet, |end| {
            ends.push(end);
            Ok(())
        })
        .unwrap();
        assert_eq!(values_of(&resumed), values_of(&by_passes));
        assert_eq!(ends, [7]);
        assert_eq!(report.indices, 2);
        let chunked: Vec<AtomicU8> = (0..7).map(|_| AtomicU8::new(0)).collect();
        let mut ends = Vec::new();
        sweep_in_chunks(
            &LAYERS,
            &chunked,
            &[0..2, 2..4, 4..7],
            0,
            2,
            &Quiet,
            |end| {
                ends.push(end);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(values_of(&chunked), values_of(&by_passes));
        assert_eq!(ends, [2, 4, 6, 7]);
    }

    #[test]
    fn packing_round_trips() {
        for value in [
            Value::win(0),
            Value::loss(0),
            Value::win(126),
            Value::loss(7),
        ] {
            assert_eq!(unpack(pack(value).unwrap()), Some(value));
        }
        assert_eq!(unpack(pack(Value::DRAW).unwrap()), Some(Value::DRAW));
        assert!(pack(Value::win(127)).is_err());
    }
}
