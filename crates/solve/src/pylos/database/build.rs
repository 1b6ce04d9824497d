//! The build of a database: by one sweep (`children`) or by retrograde layers from the
//! ends (`standard`, `expert`), checking the file first and writing checkpoints.

use core::ops::Range;
use std::path::Path;
use std::sync::atomic::AtomicU8;
use std::time::{Duration, Instant};

use pylos::{Config, Variant};

use super::checkpoint::{Checkpoint, write_values};
use super::counters::{counters_path, read_counters};
use super::{Header, PylosDatabase, Stage, Values};
use crate::error::{FileError, FileErrorKind, SolveError};
use crate::file::{bad_file, ensure_writable, fnv1a_continue, io_error};
use crate::progress::{Event, Job, Progress};
use crate::pylos::frontier::{self, Counters};
use crate::pylos::index::PylosIndex;
use crate::pylos::report::{CountReport, LayerReport, SweepReport};
use crate::pylos::retro::{self, Meter, Space};
use crate::value::Value;

/// The least time between two checkpoints unless a build says otherwise.
pub(super) const CHECKPOINT_EVERY: Duration = Duration::from_mins(10);
/// The indices whose children are counted between two chances of a checkpoint.
const COUNT_CHUNK: u64 = 1 << 26;

/// The positions with at least `min_balls` balls, as a [`Space`] for the sweep or the passes.
pub(super) struct IndexSpace<'a> {
    pub(super) index: &'a PylosIndex,
    pub(super) end: u64,
}

impl Space for IndexSpace<'_> {
    type Position = pylos::State;

    fn len(&self) -> u64 {
        self.end
    }

    fn positions(&self, range: Range<u64>) -> impl Iterator<Item = (u64, Option<pylos::State>)> {
        self.index.walk(range.start..range.end.min(self.end))
    }

    fn finished(&self, state: &pylos::State) -> Option<Value> {
        Value::of_status(&pylos::status(state), state.mover())
    }

    fn children(&self, state: &pylos::State, children: &mut Vec<u64>) -> Result<(), SolveError> {
        children.clear();
        let mut outside = None;
        pylos::for_each_child(state, |mv, child| match self.index.index_of(&child) {
            Some(i) if i < self.end => children.push(i),
            _ => outside = outside.or(Some(mv)),
        });
        match outside {
            None => Ok(()),
            Some(mv) => Err(SolveError::NotCovered {
                reason: format!(
                    "the move {mv} from {state} leaves the positions with at least the \
                     database's balls (take-backs make such a part of the game open; only \
                     children closes it)"
                ),
            }),
        }
    }

    fn parents(&self, index: u64, parents: &mut Vec<u64>) -> Result<(), SolveError> {
        let state = self.index.state_at(index).ok_or(SolveError::Internal)?;
        parents.clear();
        // The canonical image stands for its whole class: a position with a move to any
        // image of it has an image with a move to this one.
        pylos::for_each_predecessor(&state, |previous, _| {
            if let Some(i) = self.index.index_of(previous).filter(|&i| i < self.end) {
                parents.push(i);
            }
        });
        parents.sort_unstable();
        parents.dedup();
        Ok(())
    }
}

/// What a build did now (a build resumed from a checkpoint reports only the work after
/// it).
#[derive(Clone, Debug, Default)]
pub struct BuildReport {
    /// The sweep, in a build of `children`, whose game graph has no cycles.
    pub sweep: Option<SweepReport>,
    /// The count of the children, in a build by layers (`standard` and `expert`).
    pub count: Option<CountReport>,
    /// The layers, one per distance, in a build by layers.
    pub layers: Vec<LayerReport>,
}

/// How [`PylosDatabase::build`] runs: what it may overwrite and how often
/// it saves its work.
///
/// ```
/// use std::time::Duration;
///
/// let settings = solve::BuildSettings {
///     checkpoint_every: Duration::from_secs(60),
///     ..solve::BuildSettings::default()
/// };
/// assert!(!settings.force);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Overwrite a file that is not a database or checkpoint of the same options (without
    /// it such a file is refused before anything is computed).
    pub force: bool,
    /// The least time between two checkpoints: a stopped build loses at most about this
    /// much work. Each checkpoint writes the whole file (one byte per index).
    pub checkpoint_every: Duration,
}

impl Default for BuildSettings {
    /// No overwriting, a checkpoint every ten minutes.
    fn default() -> Self {
        BuildSettings {
            force: false,
            checkpoint_every: CHECKPOINT_EVERY,
        }
    }
}

impl PylosDatabase {
    /// Builds the database of `config` for positions with at least `min_balls` balls into
    /// the file `path`, resuming from it when it holds a checkpoint of the same solve.
    ///
    /// - `children` has no take-backs, so no move lowers the number of balls or the sum of
    ///   their levels: the build solves the [`PylosIndex::groups`] one after the other,
    ///   each position once (a *sweep*), a chunk of at most 67 million indices at a time.
    /// - `standard` and `expert` have cycles (a ball placed and taken back): the build
    ///   first classifies every index and counts the distinct children of every game going
    ///   on, then goes backwards from the finished games one distance at a time through
    ///   the moves played backwards ([`pylos::for_each_predecessor`]): a parent of a loss
    ///   at distance `d` wins at `d + 1`, a parent whose last child not known to be won
    ///   was a win at `d` loses at `d + 1`. The positions left open at the end are draws.
    ///   The counters live beside the file, in `FILE.counters`, while the build runs.
    ///
    /// A checkpoint is written when [`BuildSettings::checkpoint_every`] (ten minutes by
    /// default) has passed since the last one, at the end of a chunk of the sweep or of
    /// the count, or of a layer. Files are written through a temporary file
    /// renamed over them, so a stopped build (even killed) loses at most the work since
    /// its last checkpoint, and the same call resumes it to the same bytes.
    ///
    /// Before anything is computed, the file is checked: an existing file must be a
    /// database or checkpoint of the same options (it is then resumed, or returned when
    /// done), else the build is refused, unless `force` allows to overwrite it; a new file
    /// must be creatable (its folder exists and is writable). A failed write leaves no
    /// temporary file behind.
    ///
    /// # Errors
    /// [`SolveError::File`] for the file: [`FileErrorKind::Directory`],
    /// [`FileErrorKind::WouldOverwrite`] for a file that is not a database or checkpoint of
    /// these options (or whose values are damaged) without `force`, [`FileErrorKind::Io`]
    /// for a folder that does not exist or is not writable or a write that fails;
    /// [`SolveError::NotCovered`] when moves leave the positions covered.
    pub fn build(
        config: Config,
        min_balls: u32,
        path: &Path,
        settings: &BuildSettings,
        progress: &dyn Progress,
    ) -> Result<(PylosDatabase, BuildReport), SolveError> {
        let index = PylosIndex::new(config);
        let end = index.prefix(min_balls);
        let mut resume = None;
        let cells: Vec<AtomicU8> =
            match Self::prepare(path, config, min_balls, end, settings.force)? {
                Some((header, values)) => {
                    if header.stage == Stage::Done {
                        let database = PylosDatabase {
                            path: path.to_owned(),
                            index,
                            header,
                            values: Values::Plain(values),
                        };
                        return Ok((database, BuildReport::default()));
                    }
                    resume = Some(header.stage);
                    values.into_iter().map(AtomicU8::new).collect()
                }
                None => (0..end).map(|_| AtomicU8::new(0)).collect(),
            };
        let space = IndexSpace { index: &index, end };
        let checkpoint = Checkpoint {
            path,
            config,
            min_balls,
            every: settings.checkpoint_every,
        };
        let report = if config.variant == Variant::Children {
            let from = match resume {
                Some(Stage::Swept(done)) => done,
                _ => 0,
            };
            build_by_sweep(&space, &cells, from, &checkpoint, progress)?
        } else {
            let counters = match resume {
                Some(stage @ (Stage::Counted(_) | Stage::Layer(_))) => {
                    read_counters(&counters_path(path), stage, end).map(|c| (c, stage))
                }
                _ => Err(SolveError::Internal),
            };
            // Without a checkpoint of a build by layers and its counters, start over.
            let (counters, stage) =
                counters.unwrap_or_else(|_| (Counters::new(end), Stage::Counted(0)));
            build_by_layers(&space, &cells, &counters, stage, &checkpoint, progress)?
        };
        write_values(path, config, min_balls, Stage::Done, &cells)?;
        if config.variant != Variant::Children {
            match std::fs::remove_file(counters_path(path)) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                    return Err(io_error(&counters_path(path))(error));
                }
                _ => {}
            }
        }
        let values: Vec<u8> = cells.into_iter().map(AtomicU8::into_inner).collect();
        let header = Header::sealed(config, min_balls, Stage::Done, end, |hash| {
            fnv1a_continue(hash, &values)
        });
        let database = PylosDatabase {
            path: path.to_owned(),
            index,
            header,
            values: Values::Plain(values),
        };
        Ok((database, report))
    }

    /// What a build at `path` starts from: the database or checkpoint there when it is of
    /// these options, else nothing, once it is sure the file can be written and that no
    /// file of the user's is overwritten unless `force`.
    pub(super) fn prepare(
        path: &Path,
        config: Config,
        min_balls: u32,
        end: u64,
        force: bool,
    ) -> Result<Option<(Header, Vec<u8>)>, SolveError> {
        let refuse = |why| bad_file(path, FileErrorKind::WouldOverwrite(Box::new(why)));
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => Err(bad_file(path, FileErrorKind::Directory)),
            Ok(_) => match Self::read(path) {
                Ok((header, values))
                    if header.config == config
                        && header.min_balls == min_balls
                        && header.positions == end =>
                {
                    Ok(Some((header, values)))
                }
                Ok((header, _)) if !force => Err(refuse(FileErrorKind::WrongOptions {
                    found: format!("{}, min_balls={}", header.config, header.min_balls),
                })),
                Err(
                    error @ SolveError::File(FileError {
                        kind: FileErrorKind::Io(_),
                        ..
                    }),
                ) if !force => Err(error),
                Err(SolveError::File(FileError { kind, .. })) if !force => Err(refuse(kind)),
                _ => ensure_writable(path).map(|()| None),
            },
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                ensure_writable(path).map(|()| None)
            }
            Err(source) => Err(io_error(path)(source)),
        }
    }
}

/// Solves the groups of `children` from the index `from` on, in one sweep.
fn build_by_sweep(
    space: &IndexSpace<'_>,
    cells: &[AtomicU8],
    from: u64,
    checkpoint: &Checkpoint<'_>,
    progress: &dyn Progress,
) -> Result<BuildReport, SolveError> {
    let groups: Vec<Range<u64>> = space
        .index
        .groups()
        .filter(|group| group.end > from && group.end <= space.end)
        .collect();
    let mut last = Instant::now();
    let sweep = retro::sweep(space, cells, &groups, from, progress, |done| {
        if done < space.end && checkpoint.due(last) {
            checkpoint.write(Stage::Swept(done), cells, None)?;
            last = Instant::now();
        }
        Ok(())
    })?;
    progress.event(Event::Swept(sweep));
    Ok(BuildReport {
        sweep: Some(sweep),
        ..BuildReport::default()
    })
}

/// Counts the children of every index (from where `stage` left off), then runs the
/// layers.
pub(super) fn build_by_layers(
    space: &IndexSpace<'_>,
    cells: &[AtomicU8],
    counters: &Counters,
    stage: Stage,
    checkpoint: &Checkpoint<'_>,
    progress: &dyn Progress,
) -> Result<BuildReport, SolveError> {
    let end = space.end;
    let mut last = Instant::now();
    let mut report = BuildReport::default();
    if let Stage::Counted(from) = stage {
        let meter = Meter::new(progress, Job::Count, end - from);
        let mut total: Option<CountReport> = None;
        for start in (from..end).step_by(COUNT_CHUNK as usize) {
            let chunk = start..(start + COUNT_CHUNK).min(end);
            let done = chunk.end;
            let part = frontier::count(space, cells, counters, chunk, &meter)?;
            total = Some(match total {
                None => part,
                Some(sum) => CountReport {
                    indices: sum.indices + part.indices,
                    ongoing: sum.ongoing + part.ongoing,
                    finished: sum.finished + part.finished,
                    most_children: sum.most_children.max(part.most_children),
                    seconds: sum.seconds + part.seconds,
                },
            });
            if done < end && checkpoint.due(last) {
                checkpoint.write(Stage::Counted(done), cells, Some(counters))?;
                last = Instant::now();
            }
        }
        meter.finish();
        if let Some(count) = total {
            progress.event(Event::Counted(count));
        }
        report.count = total;
    }
    let first = match stage {
        Stage::Layer(plies) => plies + 1,
        _ => 0,
    };
    report.layers = frontier::run(space, cells, counters, first, progress, |layer| {
        progress.event(Event::Layer(*layer));
        if layer.settled > 0 && checkpoint.due(last) {
            checkpoint.write(Stage::Layer(layer.plies), cells, Some(counters))?;
            last = Instant::now();
        }
        Ok(())
    })?;
    Ok(report)
}
