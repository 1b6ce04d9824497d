//! Retrograde analysis from the solved positions backwards, one distance at a time: each
//! position's moves are counted once, and a position is visited again only when one of
//! its children gets its value.

use core::ops::Range;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::error::SolveError;
use crate::progress::{Job, Progress};
use crate::pylos::report::{CountReport, LayerReport};
use crate::pylos::retro::{INVALID, MAX_PLIES, Meter, OPEN, SLICE, Space, pack};
use crate::value::Value;

/// The children of each open position not yet known to be won for their mover: when the
/// count reaches zero, every child is a win and the position a loss.
///
/// One byte per index; a count that does not fit in a byte (a position with more than 254
/// distinct children) lives in a side table, its byte set to [`Counters::LARGE`].
pub(crate) struct Counters {
    pub(crate) cells: Vec<AtomicU8>,
    pub(crate) large: Mutex<HashMap<u64, u32>>,
}

impl Counters {
    /// The byte of a count kept in the side table.
    pub(crate) const LARGE: u8 = u8::MAX;

    /// Counters for `len` indices, all zero.
    pub(crate) fn new(len: u64) -> Counters {
        Counters {
            cells: (0..len).map(|_| AtomicU8::new(0)).collect(),
            large: Mutex::new(HashMap::new()),
        }
    }

    fn set(&self, index: u64, count: u32) -> Result<(), SolveError> {
        let byte = match u8::try_from(count) {
            Ok(byte) if byte < Self::LARGE => byte,
            _ => {
                self.large
                    .lock()
                    .map_err(|_| SolveError::Internal)?
                    .insert(index, count);
                Self::LARGE
            }
        };
        self.cells[index as usize].store(byte, Ordering::Relaxed);
        Ok(())
    }

    /// Takes one child off the count of `index`; true when none is left.
    fn decrement(&self, index: u64) -> Result<bool, SolveError> {
        let cell = &self.cells[index as usize];
        if cell.load(Ordering::Relaxed) == Self::LARGE {
            let mut large = self.large.lock().map_err(|_| SolveError::Internal)?;
            let count = large.get_mut(&index).ok_or(SolveError::Internal)?;
            *count = count.checked_sub(1).ok_or(SolveError::Internal)?;
            return Ok(*count == 0);
        }
        match cell.fetch_sub(1, Ordering::Relaxed) {
            0 => Err(SolveError::Internal),
            previous => Ok(previous == 1),
        }
    }
}

/// Classifies the indices of `range`: no position, a finished game (its value), or a game
/// going on (open, with the number of its distinct children in `counters`).
///
/// # Errors
/// The errors of [`Space::children`].
pub(crate) fn count<S: Space>(
    space: &S,
    values: &[AtomicU8],
    counters: &Counters,
    range: Range<u64>,
    meter: &Meter<'_>,
) -> Result<CountReport, SolveError> {
    let started = Instant::now();
    let ongoing = AtomicU64::new(0);
    let finished = AtomicU64::new(0);
    let most = AtomicU64::new(0);
    let slices = (range.end - range.start).div_ceil(SLICE);
    (0..slices)
        .into_par_iter()
        .try_for_each_init(Vec::new, |children, slice| {
            let start = range.start + slice * SLICE;
            let end = (start + SLICE).min(range.end);
            let (mut going, mut done, mut widest) = (0, 0, 0);
            for (index, position) in space.positions(start..end) {
                let byte = match position.map(|position| (space.finished(&position), position)) {
                    None => INVALID,
                    Some((Some(value), _)) => {
                        done += 1;
                        pack(value)?
                    }
                    Some((None, position)) => {
                        space.children(&position, children)?;
                        children.sort_unstable();
                        children.dedup();
                        let distinct = children.len() as u32;
                        counters.set(index, distinct)?;
                        widest = widest.max(distinct);
                        going += 1;
                        OPEN
                    }
                };
                values[index as usize].store(byte, Ordering::Relaxed);
            }
            ongoing.fetch_add(going, Ordering::Relaxed);
            finished.fetch_add(done, Ordering::Relaxed);
            most.fetch_max(u64::from(widest), Ordering::Relaxed);
            meter.inc(end - start);
            Ok::<(), SolveError>(())
        })?;
    Ok(CountReport {
        indices: range.end - range.start,
        ongoing: ongoing.into_inner(),
        finished: finished.into_inner(),
        most_children: most.into_inner() as u32,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The parents gathered before their cells are read together: reading a batch of cells
/// one after the other lets the processor fetch them from memory at once, where reading
/// each just before its update waits for each in turn.
const BATCH: usize = 1024;

/// Gives their values to the parents decided by the positions of distance `plies`: a
/// parent of a loss wins in `plies + 1`; a parent whose last child not yet won was this
/// win loses in `plies + 1`. The values found are written as they are found; they have
/// distance `plies + 1`, so no position is visited twice in a layer.
///
/// # Errors
/// The errors of [`Space::parents`]; [`SolveError::Internal`] if a count goes below zero.
pub(crate) fn layer<S: Space>(
    space: &S,
    values: &[AtomicU8],
    counters: &Counters,
    plies: u32,
    progress: &dyn Progress,
) -> Result<LayerReport, SolveError> {
    let started = Instant::now();
    let (won, lost) = (pack(Value::win(plies))?, pack(Value::loss(plies))?);
    let len = values.len() as u64;
    let meter = Meter::new(progress, Job::Layer(plies), len);
    let frontier = AtomicU64::new(0);
    let settled = AtomicU64::new(0);
    (0..len.div_ceil(SLICE)).into_par_iter().try_for_each_init(
        Batch::default,
        |batch, slice| {
            let start = slice * SLICE;
            let end = (start + SLICE).min(len);
            let (mut seen, mut newly) = (0, 0);
            for index in start..end {
                let byte = values[index as usize].load(Ordering::Relaxed);
                if byte != won && byte != lost {
                    continue;
                }
                seen += 1;
                // A batch holds the parents of losses or of wins, not both (both are
                // frontiers only at distance 0, under the end rule `reserve`).
                if batch.loss != (byte == lost) {
                    newly += batch.settle(values, counters, plies)?;
                    batch.loss = byte == lost;
                }
                space.parents(index, &mut batch.parents)?;
                batch.pending.extend_from_slice(&batch.parents);
                if batch.pending.len() >= BATCH {
                    newly += batch.settle(values, counters, plies)?;
                }
            }
            newly += batch.settle(values, counters, plies)?;
            frontier.fetch_add(seen, Ordering::Relaxed);
            settled.fetch_add(newly, Ordering::Relaxed);
            meter.inc(end - start);
            Ok::<(), SolveError>(())
        },
    )?;
    meter.finish();
    Ok(LayerReport {
        plies,
        frontier: frontier.into_inner(),
        settled: settled.into_inner(),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// A thread's buffers in a layer: the parents of one frontier position, and the parents
/// gathered from several, waiting to be settled together.
#[derive(Default)]
struct Batch {
    /// The parents of one frontier position, each once.
    parents: Vec<u64>,
    /// The parents gathered, one entry for each of their children in the frontier.
    pending: Vec<u64>,
    /// Whether the children of the pending parents are lost for their mover (else won).
    loss: bool,
    /// The pending parents still open when read.
    open: Vec<u64>,
}

impl Batch {
    /// Settles the pending parents of children lost for their mover (each open parent
    /// wins in `plies + 1`) or won (each open parent loses its count of children not yet
    /// won, and loses in `plies + 1` when none is left); returns the number of parents
    /// given a value. Empties the batch.
    fn settle(
        &mut self,
        values: &[AtomicU8],
        counters: &Counters,
        plies: u32,
    ) -> Result<u64, SolveError> {
        if self.pending.is_empty() {
            return Ok(0);
        }
        let (win_next, loss_next) = (pack(Value::win(plies + 1))?, pack(Value::loss(plies + 1))?);
        // First the cells alone, one independent read each: a parent decided before stays
        // decided, so a stale read that is not open is final.
        self.open.clear();
        self.open.extend(
            self.pending
                .iter()
                .copied()
                .filter(|&parent| values[parent as usize].load(Ordering::Relaxed) == OPEN),
        );
        self.pending.clear();
        let mut newly = 0;
        for &parent in &self.open {
            let cell = &values[parent as usize];
            let decided = if self.loss {
                Some(win_next)
            } else if counters.decrement(parent)? {
                Some(loss_next)
            } else {
                None
            };
            if let Some(value) = decided {
                newly += u64::from(
                    cell.compare_exchange(OPEN, value, Ordering::Relaxed, Ordering::Relaxed)
                        .is_ok(),
                );
            }
        }
        Ok(newly)
    }
}

/// Runs the layers from distance `first` on, after a [`count`] of every index, until a
/// layer settles nothing: every position still open is then a draw (no side can force
/// an end). `after_layer` runs after each layer (to write a checkpoint).
///
/// # Errors
/// The errors of [`layer`] and `after_layer`; [`SolveError::TooLong`] past
/// [`MAX_PLIES`].
pub(crate) fn run<S: Space>(
    space: &S,
    values: &[AtomicU8],
    counters: &Counters,
    first: u32,
    progress: &dyn Progress,
    mut after_layer: impl FnMut(&LayerReport) -> Result<(), SolveError>,
) -> Result<Vec<LayerReport>, SolveError> {
    let mut reports = Vec::new();
    for plies in first..MAX_PLIES {
        let report = layer(space, values, counters, plies, progress)?;
        after_layer(&report)?;
        reports.push(report);
        if report.settled == 0 {
            return Ok(reports);
        }
    }
    Err(SolveError::TooLong {
        plies: MAX_PLIES + 1,
        max: MAX_PLIES,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::progress::Quiet;
    use crate::pylos::retro::tests::{LAYERS, LOOPS};
    use crate::pylos::retro::unpack;
    use crate::value::Verdict;

    /// The value of each index of a solved space.
    pub(crate) fn values_of(cells: &[AtomicU8]) -> Vec<Option<Value>> {
        cells
            .iter()
            .map(|cell| unpack(cell.load(Ordering::Relaxed)))
            .collect()
    }

    /// The values of `space` found by the passes and by the layers.
    pub(crate) fn solve_both_ways<S: Space>(space: &S) -> (Vec<Option<Value>>, Vec<Option<Value>>) {
        let len = space.len();
        let by_passes: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(0)).collect();
        crate::pylos::retro::run(space, &by_passes).unwrap();
        let by_layers: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(0)).collect();
        let counters = Counters::new(len);
        let meter = Meter::new(&Quiet, Job::Count, len);
        count(space, &by_layers, &counters, 0..len, &meter).unwrap();
        run(space, &by_layers, &counters, 0, &Quiet, |_| Ok(())).unwrap();
        (values_of(&by_passes), values_of(&by_layers))
    }

    #[test]
    fn layers_equal_the_passes_with_loops_and_without() {
        for graph in [&LOOPS, &LAYERS] {
            let (passes, layers) = solve_both_ways(graph);
            assert_eq!(passes, layers);
            assert!(layers.iter().flatten().any(|v| v.verdict != Verdict::Draw));
        }
    }

    #[test]
    fn large_counts_go_to_the_side_table() {
        let counters = Counters::new(3);
        counters.set(1, 300).unwrap();
        counters.set(2, 2).unwrap();
        assert_eq!(counters.cells[1].load(Ordering::Relaxed), Counters::LARGE);
        for _ in 0..299 {
            assert!(!counters.decrement(1).unwrap());
        }
        assert!(counters.decrement(1).unwrap());
        assert!(!counters.decrement(2).unwrap());
        assert!(counters.decrement(2).unwrap());
        assert!(counters.decrement(2).is_err());
    }
}
