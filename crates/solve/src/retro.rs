//! Retrograde analysis by passes over an index space, in parallel slices.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::error::SolveError;
use crate::value::{Value, Verdict};

/// The positions of one slice: the unit of work a worker takes.
pub const SLICE: u64 = 1 << 16;

/// A value not known yet (after the last pass: a draw).
const OPEN: u8 = 0;
/// An index that names no valid position.
pub(crate) const INVALID: u8 = 1;
/// The longest distance one byte holds.
pub const MAX_PLIES: u32 = 126;

/// A value packed in a byte: 0 not known (a draw once solved), 1 no position, `2 + 2d` a
/// loss in `d`, `3 + 2d` a win in `d`.
pub(crate) fn pack(value: Value) -> Result<u8, SolveError> {
    if value.plies > MAX_PLIES {
        return Err(SolveError::TooLong {
            plies: value.plies,
            max: MAX_PLIES,
        });
    }
    Ok(match value.verdict {
        Verdict::Loss => 2 + 2 * value.plies as u8,
        Verdict::Win => 3 + 2 * value.plies as u8,
        Verdict::Draw => OPEN,
    })
}

/// The value of a packed byte of a solved space; `None` for an index of no position.
pub(crate) fn unpack(byte: u8) -> Option<Value> {
    match byte {
        OPEN => Some(Value::DRAW),
        INVALID => None,
        b if b & 1 == 0 => Some(Value::loss(u32::from(b - 2) / 2)),
        b => Some(Value::win(u32::from(b - 3) / 2)),
    }
}

/// What the first pass finds at an index.
pub(crate) enum Class {
    /// No valid position.
    Invalid,
    /// A finished game, with its value.
    Finished(Value),
    /// A game going on.
    Ongoing,
}

/// A set of positions numbered `0..len()`, closed under moves.
pub(crate) trait Space: Sync {
    /// The number of indices.
    fn len(&self) -> u64;
    /// What the position at `index` is.
    fn classify(&self, index: u64) -> Class;
    /// The indices of the positions after each legal move of the ongoing position at
    /// `index`, into `children`.
    ///
    /// # Errors
    /// [`SolveError::NotCovered`] when a move leaves the space.
    fn children(&self, index: u64, children: &mut Vec<u64>) -> Result<(), SolveError>;
}

/// What one pass did.
#[derive(Clone, Copy, Debug)]
pub struct PassReport {
    /// The pass number: 0 finds the finished games, pass `d` the values at distance `d`.
    pub pass: u32,
    /// Positions that got a value in this pass.
    pub settled: u64,
    /// Positions whose moves were generated.
    pub visited: u64,
    /// Seconds the pass took.
    pub seconds: f64,
}

/// Runs passes `first..` over `space` until one settles nothing; every position left open
/// is then a draw. `after_pass` runs after each pass (to write a checkpoint).
///
/// Pass `d >= 1` gives a win in `d` to every open position with a move to a loss in
/// `d - 1`, and a loss in `d` to every open position whose moves all lead to wins settled
/// before this pass. Values written during the pass have distance `d` and are read as
/// open, so the slices may run in any order, in parallel.
pub(crate) fn run<S: Space>(
    space: &S,
    values: &[AtomicU8],
    first: u32,
    progress: bool,
    mut after_pass: impl FnMut(&PassReport) -> Result<(), SolveError>,
) -> Result<Vec<PassReport>, SolveError> {
    let mut reports = Vec::new();
    let mut pass = first;
    loop {
        let report = one_pass(space, values, pass, progress)?;
        after_pass(&report)?;
        reports.push(report);
        if pass > 0 && report.settled == 0 {
            return Ok(reports);
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

fn one_pass<S: Space>(
    space: &S,
    values: &[AtomicU8],
    pass: u32,
    progress: bool,
) -> Result<PassReport, SolveError> {
    let started = Instant::now();
    let len = space.len();
    let bar = if progress {
        let bar = ProgressBar::new(len);
        if let Ok(style) = ProgressStyle::with_template(
            "pass {msg} [{bar:30}] {human_pos}/{human_len} positions, {per_sec}, {eta} to go",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(pass.to_string());
        bar
    } else {
        ProgressBar::hidden()
    };
    let settled = AtomicU64::new(0);
    let visited = AtomicU64::new(0);
    let slices = len.div_ceil(SLICE);
    (0..slices)
        .into_par_iter()
        .try_for_each_init(Vec::new, |children, slice| {
            let start = slice * SLICE;
            let end = (start + SLICE).min(len);
            let (mut newly, mut seen) = (0, 0);
            for index in start..end {
                let cell = &values[index as usize];
                if pass == 0 {
                    let byte = match space.classify(index) {
                        Class::Invalid => INVALID,
                        Class::Finished(value) => {
                            newly += 1;
                            pack(value)?
                        }
                        Class::Ongoing => OPEN,
                    };
                    cell.store(byte, Ordering::Relaxed);
                    continue;
                }
                if cell.load(Ordering::Relaxed) != OPEN {
                    continue;
                }
                seen += 1;
                space.children(index, children)?;
                if let Some(value) = settle(values, children, pass) {
                    cell.store(pack(value)?, Ordering::Relaxed);
                    newly += 1;
                }
            }
            settled.fetch_add(newly, Ordering::Relaxed);
            visited.fetch_add(seen, Ordering::Relaxed);
            bar.inc(end - start);
            Ok::<(), SolveError>(())
        })?;
    bar.finish_and_clear();
    Ok(PassReport {
        pass,
        settled: settled.into_inner(),
        visited: visited.into_inner(),
        seconds: started.elapsed().as_secs_f64(),
    })
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
mod tests {
    use super::*;

    /// A small game graph with a loop: 0 -> 1; 1 -> 0, 2; 2 finished, lost for its mover;
    /// 3 -> 4, 5; 4 -> 3; 5 finished, won for its mover.
    struct Loops;

    const EDGES: [&[u64]; 6] = [&[1], &[0, 2], &[], &[4, 5], &[3], &[]];

    impl Space for Loops {
        fn len(&self) -> u64 {
            6
        }

        fn classify(&self, index: u64) -> Class {
            match index {
                2 => Class::Finished(Value::loss(0)),
                5 => Class::Finished(Value::win(0)),
                _ => Class::Ongoing,
            }
        }

        fn children(&self, index: u64, children: &mut Vec<u64>) -> Result<(), SolveError> {
            children.clear();
            children.extend_from_slice(EDGES[index as usize]);
            Ok(())
        }
    }

    #[test]
    fn loops_are_draws_and_forced_lines_are_not() {
        let values: Vec<AtomicU8> = (0..6).map(|_| AtomicU8::new(0)).collect();
        let mut passes = 0;
        run(&Loops, &values, 0, false, |_| {
            passes += 1;
            Ok(())
        })
        .unwrap();
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
