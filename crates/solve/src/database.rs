//! A Pylos database: the packed values of every position with at least `k` balls placed,
//! in a file with a header, built by a sweep (`children`) or by retrograde layers from the
//! ends (`standard`, `expert`), with checkpoints in the file.

use core::ops::Range;
use std::borrow::Cow;
use std::cell::Cell;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use pylos::{Config, Move, MoveList, State, Variant};

use crate::checksum::{fnv1a, fnv1a_continue};
use crate::compact::{self, CompactReport, CompactSettings, CompactValues};
use crate::direct::{apply, best_of, check_position};
use crate::error::SolveError;
use crate::frontier::{self, CountReport, Counters, LayerReport};
use crate::index::PylosIndex;
use crate::retro::{self, Class, Meter, Space, SweepReport};
use crate::turn::Turn;
use crate::value::Value;

/// The first bytes of every database file.
const MAGIC: &[u8; 8] = b"TOWERSDB";
/// The version of the file format: 2 indexes positions up to symmetry; 3 seals the header,
/// its checksum covering every byte of the header line before it as well as the values; 4
/// stores each position once, seen from the player to move (half the indices of 3).
const FORMAT: u32 = 4;
/// The least time between two checkpoints unless a build says otherwise.
const CHECKPOINT_EVERY: Duration = Duration::from_mins(10);
/// The indices whose children are counted between two chances of a checkpoint.
const COUNT_CHUNK: u64 = 1 << 26;
/// The first bytes of the file of the counters of a checkpoint.
const COUNTERS_MAGIC: &[u8; 8] = b"TOWERSCT";
/// The bytes of the header: the magic, then a line of text padded with spaces.
pub(crate) const HEADER: usize = 256;

/// The positions with at least `min_balls` balls, as a [`Space`] for the sweep or the passes.
struct IndexSpace<'a> {
    index: &'a PylosIndex,
    end: u64,
}

impl Space for IndexSpace<'_> {
    fn len(&self) -> u64 {
        self.end
    }

    fn classify(&self, index: u64) -> Class {
        match self.index.state_at(index) {
            None => Class::Invalid,
            Some(state) => match Value::of_status(&pylos::status(&state), state.mover()) {
                Some(value) => Class::Finished(value),
                None => Class::Ongoing,
            },
        }
    }

    fn children(&self, index: u64, children: &mut Vec<u64>) -> Result<(), SolveError> {
        let state = self.index.state_at(index).ok_or(SolveError::Internal)?;
        let mut moves = MoveList::new();
        pylos::legal_moves_into(&state, &mut moves);
        children.clear();
        for &mv in &moves {
            let child = apply(&state, mv)?;
            match self.index.index_of(&child) {
                Some(i) if i < self.end => children.push(i),
                _ => {
                    return Err(SolveError::NotCovered {
                        reason: format!(
                            "the move {mv} from {state} leaves the positions with at least the \
                             database's balls (take-backs make such a part of the game open; \
                             only children closes it)"
                        ),
                    });
                }
            }
        }
        Ok(())
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

/// What a database file says about itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Header {
    /// The options of the game.
    pub config: Config,
    /// The fewest balls on the board of the positions covered.
    pub min_balls: u32,
    /// The number of indices (positions, valid or not) covered.
    pub positions: u64,
    /// How far the build got.
    pub stage: Stage,
    /// The FNV-1a 64-bit checksum of the header line before it, then of the values.
    pub checksum: u64,
}

/// How far the build of a database got.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// A checkpoint of a build by one sweep: the indices before this one are solved.
    Swept(u64),
    /// A checkpoint of a build by layers: the indices before this one are classified and
    /// their children counted.
    Counted(u64),
    /// A checkpoint of a build by layers: the parents of the positions up to this
    /// distance have been visited.
    Layer(u32),
    /// A complete database.
    Done,
}

impl Stage {
    fn text(self) -> String {
        match self {
            Stage::Swept(end) => format!("swept:{end}"),
            Stage::Counted(end) => format!("counted:{end}"),
            Stage::Layer(plies) => format!("layer:{plies}"),
            Stage::Done => "done".to_owned(),
        }
    }

    fn parse(text: &str) -> Option<Stage> {
        if text == "done" {
            return Some(Stage::Done);
        }
        let (kind, number) = text.split_once(':')?;
        match kind {
            "swept" => number.parse().ok().map(Stage::Swept),
            "counted" => number.parse().ok().map(Stage::Counted),
            "layer" => number.parse().ok().map(Stage::Layer),
            _ => None,
        }
    }
}

impl Header {
    /// The header of `positions` values of these options at `stage`, its checksum sealing
    /// the header line and the values: `values_hash` continues the hash of the line over
    /// the values.
    fn sealed(
        config: Config,
        min_balls: u32,
        stage: Stage,
        positions: u64,
        values_hash: impl FnOnce(u64) -> u64,
    ) -> Header {
        let mut header = Header {
            config,
            min_balls,
            positions,
            stage,
            checksum: 0,
        };
        header.checksum = values_hash(fnv1a(header.fields().as_bytes()));
        header
    }

    /// The header line up to its checksum.
    pub(crate) fn fields(&self) -> String {
        format!(
            "game=pylos format={FORMAT} variant={} takeback={} end={} min_balls={} positions={} stage={}",
            self.config.variant,
            self.config.takeback,
            self.config.end,
            self.min_balls,
            self.positions,
            self.stage.text(),
        )
    }

    fn line(&self) -> String {
        seal_line(&self.fields(), self.checksum)
    }

    pub(crate) fn parse(path: &Path, line: &str) -> Result<Header, SolveError> {
        let bad = |reason: &str| SolveError::BadFile {
            path: path.to_owned(),
            reason: reason.to_owned(),
        };
        let field = |name: &str| {
            line.split_whitespace()
                .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
                .ok_or_else(|| bad(&format!("the header has no {name}")))
        };
        if field("game")? != "pylos" {
            return Err(bad("not a Pylos database"));
        }
        match field("format")? {
            format if format == FORMAT.to_string() => {}
            "2" => {
                return Err(bad(
                    "a database of format 2, whose header no checksum covers: build it again \
                     with this program",
                ));
            }
            "3" => {
                return Err(bad(
                    "a database of format 3, which stores each position twice (once for each \
                     player to move): build it again with this program, which stores it once \
                     in half the size",
                ));
            }
            _ => return Err(bad("an unknown format version")),
        }
        let config: Config = format!(
            "{} {} {}",
            field("variant")?,
            field("takeback")?,
            field("end")?
        )
        .parse()
        .map_err(|_| bad("unknown options"))?;
        let number = |name: &str| -> Result<u64, SolveError> {
            field(name)?
                .parse()
                .map_err(|_| bad(&format!("a bad {name}")))
        };
        let stage = Stage::parse(field("stage")?).ok_or_else(|| bad("a bad stage"))?;
        Ok(Header {
            config,
            min_balls: number("min_balls")? as u32,
            positions: number("positions")?,
            stage,
            checksum: unseal_line(line).ok_or_else(|| bad("a bad checksum"))?.1,
        })
    }
}

/// A header line: `fields`, then the checksum as the last field.
pub(crate) fn seal_line(fields: &str, checksum: u64) -> String {
    format!("{fields} checksum={checksum:016x}")
}

/// The fields of a header line and its checksum, which must end the line in 16 hex digits.
pub(crate) fn unseal_line(line: &str) -> Option<(&str, u64)> {
    let (fields, digits) = line.rsplit_once(" checksum=")?;
    let hex = digits.len() == 16 && digits.bytes().all(|b| b.is_ascii_hexdigit());
    Some((
        fields,
        u64::from_str_radix(digits, 16).ok().filter(|_| hex)?,
    ))
}

/// The values of every Pylos position with at least `min_balls` balls on the board, for
/// one set of options: one byte per index of [`PylosIndex`].
///
/// The positions with at least `k` balls are closed under moves only in `children` (no
/// take-backs); in the other variants only `k = 0`, the whole game, can be built.
///
/// A database is either the file a build writes, read whole into memory (one byte per
/// index), or its compact form ([`PylosDatabase::write_compact`]), whose values stay in the
/// file, compressed in blocks, and are read block by block as positions are looked up.
pub struct PylosDatabase {
    path: PathBuf,
    index: PylosIndex,
    header: Header,
    values: Values,
}

/// Where the values of a database are.
enum Values {
    /// In memory, one byte per index.
    Plain(Vec<u8>),
    /// In a compact file.
    Compact(CompactValues),
}

/// The form of an open database and what it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// The file of a build, read whole into memory.
    Plain {
        /// The bytes of memory the values take (one per index).
        bytes: u64,
    },
    /// A compact file, read block by block.
    Compact {
        /// The size of the file, in bytes.
        bytes: u64,
        /// The blocks of values in it.
        blocks: u64,
    },
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

/// How [`PylosDatabase::build`] runs: what it shows, what it may overwrite and how often
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
    /// Progress bars and a line per stage on standard error.
    pub progress: bool,
    /// Overwrite a file that is not a database or checkpoint of the same options (without
    /// it such a file is refused before anything is computed).
    pub force: bool,
    /// The least time between two checkpoints: a stopped build loses at most about this
    /// much work. Each checkpoint writes the whole file (one byte per index).
    pub checkpoint_every: Duration,
}

impl Default for BuildSettings {
    /// No progress display, no overwriting, a checkpoint every ten minutes.
    fn default() -> Self {
        BuildSettings {
            progress: false,
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
    /// [`SolveError::Io`] or [`SolveError::BadFile`] for the file (a directory, a file
    /// that is not a database of these options, a database whose values are damaged, a
    /// folder that does not exist or is not writable), [`SolveError::NotCovered`] when
    /// moves leave the positions covered.
    pub fn build(
        config: Config,
        min_balls: u32,
        path: &Path,
        settings: &BuildSettings,
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
            build_by_sweep(&space, &cells, from, &checkpoint, settings.progress)?
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
            build_by_layers(
                &space,
                &cells,
                &counters,
                stage,
                &checkpoint,
                settings.progress,
            )?
        };
        write_values(path, config, min_balls, Stage::Done, &cells)?;
        if config.variant != Variant::Children {
            match std::fs::remove_file(counters_path(path)) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                    return Err(SolveError::Io {
                        path: counters_path(path),
                        source: error,
                    });
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
    fn prepare(
        path: &Path,
        config: Config,
        min_balls: u32,
        end: u64,
        force: bool,
    ) -> Result<Option<(Header, Vec<u8>)>, SolveError> {
        let refuse = |what: String| SolveError::BadFile {
            path: path.to_owned(),
            reason: format!(
                "{what}; refusing to overwrite it (give another file, or --force to overwrite it)"
            ),
        };
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => Err(SolveError::BadFile {
                path: path.to_owned(),
                reason: "a directory, not a database file".to_owned(),
            }),
            Ok(_) => match Self::read(path) {
                Ok((header, values))
                    if header.config == config
                        && header.min_balls == min_balls
                        && header.positions == end =>
                {
                    Ok(Some((header, values)))
                }
                Ok((header, _)) if !force => Err(refuse(format!(
                    "a database of other options ({}, min_balls={})",
                    header.config, header.min_balls
                ))),
                Err(SolveError::BadFile { reason, .. }) if !force => Err(refuse(reason)),
                Err(error @ SolveError::Io { .. }) if !force => Err(error),
                _ => ensure_writable(path).map(|()| None),
            },
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                ensure_writable(path).map(|()| None)
            }
            Err(source) => Err(SolveError::Io {
                path: path.to_owned(),
                source,
            }),
        }
    }

    /// Opens a complete database file, checking its header and checksum: the file of a
    /// build (read whole into memory) or a compact one (only its header and table of
    /// blocks are read now; each block is checked when it is read, and
    /// [`PylosDatabase::verify`] checks them all).
    ///
    /// # Errors
    /// [`SolveError::Io`] or [`SolveError::BadFile`].
    pub fn open(path: &Path) -> Result<PylosDatabase, SolveError> {
        let mut file = File::open(path).map_err(|source| SolveError::Io {
            path: path.to_owned(),
            source,
        })?;
        let mut magic = [0u8; 8];
        if file.read_exact(&mut magic).is_ok() && &magic == compact::MAGIC {
            let (header, values) = CompactValues::open(path, file)?;
            return Ok(PylosDatabase {
                path: path.to_owned(),
                index: PylosIndex::new(header.config),
                header,
                values: Values::Compact(values),
            });
        }
        drop(file);
        let (header, values) = Self::read(path)?;
        if header.stage != Stage::Done {
            return Err(SolveError::BadFile {
                path: path.to_owned(),
                reason: "an unfinished solve (a checkpoint): run the build again to resume it"
                    .to_owned(),
            });
        }
        Ok(PylosDatabase {
            path: path.to_owned(),
            index: PylosIndex::new(header.config),
            header,
            values: Values::Plain(values),
        })
    }

    fn read(path: &Path) -> Result<(Header, Vec<u8>), SolveError> {
        // The header is checked before the values are read.
        let (line, mut reader, len) = read_head(path, *MAGIC)?;
        let header = Header::parse(path, &line)?;
        if len != header.positions {
            return Err(SolveError::BadFile {
                path: path.to_owned(),
                reason: format!(
                    "{len} bytes of values where the header says {} positions: truncated or damaged",
                    header.positions
                ),
            });
        }
        let mut values = Vec::new();
        reader
            .read_to_end(&mut values)
            .map_err(|source| SolveError::Io {
                path: path.to_owned(),
                source,
            })?;
        let fields = unseal_line(&line).map_or("", |(fields, _)| fields);
        let sealed = fnv1a_continue(fnv1a(fields.as_bytes()), &values);
        if values.len() as u64 != header.positions || sealed != header.checksum {
            return Err(SolveError::BadFile {
                path: path.to_owned(),
                reason: "the header and values do not match the header's checksum".to_owned(),
            });
        }
        Ok((header, values))
    }

    /// The header.
    pub const fn header(&self) -> &Header {
        &self.header
    }

    /// The value of `state`.
    ///
    /// # Errors
    /// [`SolveError::NotCovered`] for other options or fewer balls than the database holds.
    pub fn value_of(&self, state: &State) -> Result<Value, SolveError> {
        let not_covered = |reason: String| SolveError::NotCovered { reason };
        let index = self.index.index_of(state).ok_or_else(|| {
            not_covered(format!(
                "the database is for {}, the position for {}",
                self.header.config,
                state.config()
            ))
        })?;
        let byte = match &self.values {
            Values::Plain(values) => values.get(index as usize).copied(),
            Values::Compact(values) => values.get(index)?,
        };
        let byte = byte.ok_or_else(|| {
            not_covered(format!(
                "the database holds positions with at least {} balls",
                self.header.min_balls
            ))
        })?;
        retro::unpack(byte).ok_or(SolveError::Internal)
    }

    /// A best move of `state` (`None` in a finished game) and its value.
    ///
    /// # Errors
    /// As [`PylosDatabase::value_of`], for the position or one of its children.
    pub fn best_move(&self, state: &State) -> Result<(Option<Move>, Value), SolveError> {
        self.value_of(state)?;
        let failure = Cell::new(None);
        let best = best_of(state, |child| {
            self.value_of(child)
                .map_err(|error| failure.set(Some(error)))
                .ok()
        });
        best.ok_or_else(|| failure.take().unwrap_or(SolveError::Internal))
    }

    /// The form of the database and the bytes it takes.
    pub fn storage(&self) -> Storage {
        match &self.values {
            Values::Plain(values) => Storage::Plain {
                bytes: values.len() as u64,
            },
            Values::Compact(values) => Storage::Compact {
                bytes: values.bytes(),
                blocks: values.blocks(),
            },
        }
    }

    /// Writes the compact form of the database to the new file `path`: its values
    /// compressed in blocks with zstd (in parallel), read block by block by
    /// [`PylosDatabase::open`]. The file is written through a temporary file and renamed
    /// to `path` only when whole.
    ///
    /// # Errors
    /// [`SolveError::BadFile`] when `path` exists (it is never overwritten) or the settings
    /// are out of range, [`SolveError::Io`] when the file cannot be written (no temporary
    /// file is left behind), and the errors of reading a compact database's blocks.
    pub fn write_compact(
        &self,
        path: &Path,
        settings: &CompactSettings,
    ) -> Result<CompactReport, SolveError> {
        compact::write(path, &self.header, settings, |start, end| {
            self.values_between(start, end)
        })
    }

    /// Reads every value and checks them against the database's checksum (a compact
    /// database's blocks are also checked one by one as they are decompressed).
    ///
    /// # Errors
    /// [`SolveError::BadFile`] for a damaged value or block, [`SolveError::Io`] for a read
    /// that fails.
    pub fn verify(&self) -> Result<(), SolveError> {
        let mut hash = fnv1a(self.header.fields().as_bytes());
        self.for_each_chunk(|values| hash = fnv1a_continue(hash, values))?;
        if hash == self.header.checksum {
            Ok(())
        } else {
            Err(SolveError::BadFile {
                path: self.path.clone(),
                reason: "the values do not match the database's checksum".to_owned(),
            })
        }
    }

    /// The values of the indices `start..end`.
    fn values_between(&self, start: u64, end: u64) -> Result<Cow<'_, [u8]>, SolveError> {
        match &self.values {
            Values::Plain(values) => Ok(Cow::Borrowed(&values[start as usize..end as usize])),
            Values::Compact(values) => {
                let mut out = Vec::with_capacity((end - start) as usize);
                let mut index = start;
                while index < end {
                    let block = values.block_of(index);
                    let first = block * values.block_len();
                    let data = values.block_values(block)?;
                    let from = (index - first) as usize;
                    let to = ((end - first) as usize).min(data.len());
                    out.extend_from_slice(&data[from..to]);
                    index = first + to as u64;
                }
                Ok(Cow::Owned(out))
            }
        }
    }

    /// Calls `f` on the values in order, in chunks.
    fn for_each_chunk(&self, mut f: impl FnMut(&[u8])) -> Result<(), SolveError> {
        match &self.values {
            Values::Plain(values) => {
                values.chunks(COPY_CHUNK).for_each(f);
                Ok(())
            }
            Values::Compact(values) => (0..values.blocks())
                .try_for_each(|block| values.block_values(block).map(|data| f(&data))),
        }
    }

    /// Checks every `stride`-th valid position: a finished game has the value of its
    /// outcome, a win has a move to a loss one ply shorter (and none shorter), a loss
    /// moves only to wins, the longest one ply shorter, and a draw has no move to a loss
    /// and one to a draw. Returns the positions checked.
    ///
    /// # Errors
    /// The first position that breaks a rule, with its text.
    pub fn check(&self, stride: u64) -> Result<u64, String> {
        use rayon::prelude::*;
        let stride = stride.max(1);
        (0..self.header.positions.div_ceil(stride))
            .into_par_iter()
            .filter_map(|i| self.index.state_at(i * stride))
            .try_fold(
                || 0u64,
                |checked, state| {
                    check_position(&state, |position| self.value_of(position).ok())
                        .map(|()| checked + 1)
                },
            )
            .try_reduce(|| 0, |a, b| Ok(a + b))
    }

    /// Counts of wins, draws and losses for the player to move among the valid positions.
    ///
    /// # Errors
    /// As [`PylosDatabase::verify`], for a compact database.
    pub fn census(&self) -> Result<[u64; 3], SolveError> {
        let mut counts = [0u64; 3];
        self.for_each_chunk(|values| {
            for &byte in values {
                if let Some(value) = retro::unpack(byte) {
                    counts[value.verdict as usize] += 1;
                }
            }
        })?;
        Ok(counts)
    }
}

/// Where and for what a build writes its checkpoints.
struct Checkpoint<'a> {
    path: &'a Path,
    config: Config,
    min_balls: u32,
    every: Duration,
}

impl Checkpoint<'_> {
    /// Whether a checkpoint is due, the last one having been written at `last`.
    fn due(&self, last: Instant) -> bool {
        last.elapsed() >= self.every
    }

    /// Writes the values at `stage`, with the counters of a build by layers first.
    fn write(
        &self,
        stage: Stage,
        cells: &[AtomicU8],
        counters: Option<&Counters>,
    ) -> Result<(), SolveError> {
        if let Some(counters) = counters {
            write_counters(&counters_path(self.path), stage, counters)?;
        }
        write_values(self.path, self.config, self.min_balls, stage, cells)
    }
}

/// Solves the groups of `children` from the index `from` on, in one sweep.
fn build_by_sweep(
    space: &IndexSpace<'_>,
    cells: &[AtomicU8],
    from: u64,
    checkpoint: &Checkpoint<'_>,
    progress: bool,
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
    if progress {
        retro::report(format_args!(
            "sweep: {} positions in {:.1} s ({:.0} positions/s)",
            sweep.positions,
            sweep.seconds,
            sweep.indices as f64 / sweep.seconds
        ));
    }
    Ok(BuildReport {
        sweep: Some(sweep),
        ..BuildReport::default()
    })
}

/// Counts the children of every index (from where `stage` left off), then runs the
/// layers.
fn build_by_layers(
    space: &IndexSpace<'_>,
    cells: &[AtomicU8],
    counters: &Counters,
    stage: Stage,
    checkpoint: &Checkpoint<'_>,
    progress: bool,
) -> Result<BuildReport, SolveError> {
    let end = space.end;
    let mut last = Instant::now();
    let mut report = BuildReport::default();
    if let Stage::Counted(from) = stage {
        let meter = Meter::new(
            end - from,
            progress,
            "count [{bar:30}] {human_pos}/{human_len} positions, {per_sec}, {eta} to go",
            String::new(),
        );
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
        if let (true, Some(count)) = (progress, total) {
            retro::report(format_args!(
                "count: {} games going on, {} finished, at most {} children, {:.1} s",
                count.ongoing, count.finished, count.most_children, count.seconds
            ));
        }
        report.count = total;
    }
    let first = match stage {
        Stage::Layer(plies) => plies + 1,
        _ => 0,
    };
    report.layers = frontier::run(space, cells, counters, first, progress, |layer| {
        if progress {
            retro::report(format_args!(
                "distance {}: {} positions, {} parents settled, {:.1} s",
                layer.plies, layer.frontier, layer.settled, layer.seconds
            ));
        }
        if layer.settled > 0 && checkpoint.due(last) {
            checkpoint.write(Stage::Layer(layer.plies), cells, Some(counters))?;
            last = Instant::now();
        }
        Ok(())
    })?;
    Ok(report)
}

/// The file beside a database that holds the counters of a checkpoint of a build by
/// layers.
fn counters_path(path: &Path) -> PathBuf {
    let mut counters = PathBuf::from(path);
    counters.as_mut_os_string().push(".counters");
    counters
}

/// Writes the counters at `stage`: a header (the stage, the number of indices, the
/// entries of the side table and a checksum), the bytes, then the side table's entries
/// (index and count, little-endian).
fn write_counters(path: &Path, stage: Stage, counters: &Counters) -> Result<(), SolveError> {
    let large: Vec<(u64, u32)> = {
        let table = counters.large.lock().map_err(|_| SolveError::Internal)?;
        let mut entries: Vec<(u64, u32)> = table.iter().map(|(&i, &c)| (i, c)).collect();
        entries.sort_unstable();
        entries
    };
    let entries: Vec<u8> = large
        .iter()
        .flat_map(|&(index, count)| index.to_le_bytes().into_iter().chain(count.to_le_bytes()))
        .collect();
    let fields = format!(
        "stage={} positions={} large={}",
        stage.text(),
        counters.cells.len(),
        large.len()
    );
    let checksum = fnv1a_continue(
        checksum_of(fnv1a(fields.as_bytes()), &counters.cells),
        &entries,
    );
    let line = seal_line(&fields, checksum);
    write_file(path, *COUNTERS_MAGIC, &line, &counters.cells, &entries)
}

/// Reads the counters written at `stage` for `len` indices.
fn read_counters(path: &Path, stage: Stage, len: u64) -> Result<Counters, SolveError> {
    let bad = |reason: &str| SolveError::BadFile {
        path: path.to_owned(),
        reason: reason.to_owned(),
    };
    let (line, mut bytes) = read_file(path, *COUNTERS_MAGIC)?;
    let field = |name: &str| {
        line.split_whitespace()
            .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
            .ok_or_else(|| bad(&format!("the header has no {name}")))
    };
    let large: usize = field("large")?.parse().map_err(|_| bad("a bad count"))?;
    if field("stage")? != stage.text()
        || field("positions")? != len.to_string()
        || bytes.len() as u64 != len + 12 * large as u64
    {
        return Err(bad("counters of another checkpoint"));
    }
    let (fields, checksum) = unseal_line(&line).ok_or_else(|| bad("a bad checksum"))?;
    if fnv1a_continue(fnv1a(fields.as_bytes()), &bytes) != checksum {
        return Err(bad("the counters do not match their checksum"));
    }
    let entries = bytes.split_off(len as usize);
    let table = entries
        .chunks_exact(12)
        .map(|entry| {
            let mut index = [0u8; 8];
            let mut count = [0u8; 4];
            index.copy_from_slice(&entry[..8]);
            count.copy_from_slice(&entry[8..]);
            (u64::from_le_bytes(index), u32::from_le_bytes(count))
        })
        .collect();
    Ok(Counters {
        cells: bytes.into_iter().map(AtomicU8::new).collect(),
        large: std::sync::Mutex::new(table),
    })
}

/// The bytes copied out of the atomics at a time.
const COPY_CHUNK: usize = 1 << 20;

/// The bytes of `cells` from `start`, at most [`COPY_CHUNK`] of them.
fn chunk_of(cells: &[AtomicU8], start: usize) -> Vec<u8> {
    cells[start..(start + COPY_CHUNK).min(cells.len())]
        .iter()
        .map(|c| c.load(Ordering::Relaxed))
        .collect()
}

/// The FNV-1a hash `hash` continued over the bytes of `cells`, read a chunk at a time
/// rather than copied.
fn checksum_of(hash: u64, cells: &[AtomicU8]) -> u64 {
    (0..cells.len())
        .step_by(COPY_CHUNK)
        .fold(hash, |hash, start| {
            fnv1a_continue(hash, &chunk_of(cells, start))
        })
}

fn write_values(
    path: &Path,
    config: Config,
    min_balls: u32,
    stage: Stage,
    cells: &[AtomicU8],
) -> Result<(), SolveError> {
    let header = Header::sealed(config, min_balls, stage, cells.len() as u64, |hash| {
        checksum_of(hash, cells)
    });
    write_file(path, *MAGIC, &header.line(), cells, &[])
}

/// Writes `magic`, the header `line` padded to [`HEADER`] bytes, the bytes of `cells` and
/// then `tail`, through a temporary file renamed over `path`.
fn write_file(
    path: &Path,
    magic: [u8; 8],
    line: &str,
    cells: &[AtomicU8],
    tail: &[u8],
) -> Result<(), SolveError> {
    let temporary = temporary_path(path);
    let io = |source| SolveError::Io {
        path: temporary.clone(),
        source,
    };
    let head = pad_header(magic, line);
    let written = (|| {
        let mut writer = BufWriter::new(File::create(&temporary)?);
        writer.write_all(&head)?;
        for start in (0..cells.len()).step_by(COPY_CHUNK) {
            writer.write_all(&chunk_of(cells, start))?;
        }
        writer.write_all(tail)?;
        writer.flush()?;
        // On the disk before the rename, so that a machine that stops keeps either the
        // old file or the new one whole.
        writer.get_ref().sync_all()
    })();
    if let Err(source) = written {
        // No half-written file is left behind.
        let _ = std::fs::remove_file(&temporary);
        return Err(io(source));
    }
    std::fs::rename(&temporary, path).map_err(|source| {
        let _ = std::fs::remove_file(&temporary);
        SolveError::Io {
            path: path.to_owned(),
            source,
        }
    })
}

/// The temporary file a write to `path` goes through: `path` with `.tmp` added.
pub(crate) fn temporary_path(path: &Path) -> PathBuf {
    let mut temporary = PathBuf::from(path);
    temporary.as_mut_os_string().push(".tmp");
    temporary
}

/// The header of a file: `magic`, then `line` padded with spaces to a final line break.
pub(crate) fn pad_header(magic: [u8; 8], line: &str) -> [u8; HEADER] {
    let mut head = [b' '; HEADER];
    head[..8].copy_from_slice(&magic);
    head[8..8 + line.len()].copy_from_slice(line.as_bytes());
    head[HEADER - 1] = b'\n';
    head
}

/// The line of a header read whole: it starts at once after the magic and only spaces pad
/// it to the final line break, so that no byte of the header escapes its checksum.
pub(crate) fn header_line(head: &[u8; HEADER]) -> Option<&str> {
    let text = &head[8..HEADER - 1];
    let used = text
        .iter()
        .rposition(|&b| b != b' ')
        .map_or(0, |last| last + 1);
    std::str::from_utf8(&text[..used])
        .ok()
        .filter(|line| !line.starts_with(' ') && head[HEADER - 1] == b'\n')
}

/// Makes sure a file can be written at `path` (its folder exists and is writable) by
/// creating and removing the temporary file a write would use.
fn ensure_writable(path: &Path) -> Result<(), SolveError> {
    let temporary = temporary_path(path);
    File::create(&temporary)
        .and_then(|_| std::fs::remove_file(&temporary))
        .map_err(|source| SolveError::Io {
            path: path.to_owned(),
            source,
        })
}

/// Opens a file written by [`write_file`] with `magic` and reads its header line; returns
/// it with the reader at the first byte after the header and the number of bytes left.
fn read_head(path: &Path, magic: [u8; 8]) -> Result<(String, BufReader<File>, u64), SolveError> {
    let io = |source| SolveError::Io {
        path: path.to_owned(),
        source,
    };
    let file = File::open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    if len < HEADER as u64 {
        return Err(SolveError::BadFile {
            path: path.to_owned(),
            reason: format!("not a towers database: too short ({len} bytes)"),
        });
    }
    let mut reader = BufReader::new(file);
    let mut head = [0u8; HEADER];
    reader.read_exact(&mut head).map_err(io)?;
    if head[..8] != magic {
        return Err(SolveError::BadFile {
            path: path.to_owned(),
            reason: "not a towers database".to_owned(),
        });
    }
    let line = header_line(&head).ok_or_else(|| SolveError::BadFile {
        path: path.to_owned(),
        reason: "a damaged header".to_owned(),
    })?;
    Ok((line.to_owned(), reader, len - HEADER as u64))
}

/// Reads a file written by [`write_file`] with `magic`: its header line and the bytes
/// after the header.
fn read_file(path: &Path, magic: [u8; 8]) -> Result<(String, Vec<u8>), SolveError> {
    let (line, mut reader, _) = read_head(path, magic)?;
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|source| SolveError::Io {
            path: path.to_owned(),
            source,
        })?;
    Ok((line, bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PylosDirect;
    use boardcore::Player;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn a_build_refuses_what_it_must_not_overwrite_before_computing() {
        let directory =
            std::env::temp_dir().join(format!("solve-db-refuse-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let config = Config::with_variant(pylos::Variant::Children);
        let end = PylosIndex::new(config).prefix(29);
        let refused =
            |path: &Path, force: bool| match PylosDatabase::prepare(path, config, 29, end, force) {
                Err(error) => error.to_string(),
                Ok(_) => String::new(),
            };
        // A file of the user's is left as it was.
        let notes = directory.join("notes.txt");
        let text = "my notes\n".repeat(100);
        std::fs::write(&notes, &text).unwrap();
        assert!(refused(&notes, false).contains("not a towers database; refusing to overwrite"));
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), text);
        // An empty file is too short; a directory is no file; a missing folder fails now.
        let empty = directory.join("empty.db");
        std::fs::write(&empty, "").unwrap();
        assert!(refused(&empty, false).contains("too short (0 bytes)"));
        assert!(refused(&directory, false).contains("a directory"));
        assert!(refused(&directory.join("missing").join("x.db"), true).contains("No such file"));
        // A database of other options, or with damaged values, is refused too.
        let other = directory.join("other.db");
        let cells: Vec<AtomicU8> = (0..10u32).map(|_| AtomicU8::new(0)).collect();
        write_values(&other, config, 30, Stage::Done, &cells).unwrap();
        assert!(refused(&other, false).contains("a database of other options"));
        let mut bytes = std::fs::read(&other).unwrap();
        bytes.pop();
        std::fs::write(&other, &bytes).unwrap();
        assert!(refused(&other, false).contains("truncated or damaged"));
        // With force, each of them may be overwritten, and nothing is left behind.
        for path in [&notes, &empty, &other] {
            assert!(matches!(
                PylosDatabase::prepare(path, config, 29, end, true),
                Ok(None)
            ));
        }
        let mut names: Vec<_> = std::fs::read_dir(&directory)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["empty.db", "notes.txt", "other.db"]);
        std::fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn files_round_trip_and_refuse_damage() {
        let directory = std::env::temp_dir().join(format!("solve-db-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let path = directory.join("small.db");
        let config = Config::with_variant(pylos::Variant::Children);
        let cells: Vec<AtomicU8> = (0..1000u32).map(|i| AtomicU8::new((i % 7) as u8)).collect();
        write_values(&path, config, 29, Stage::Layer(3), &cells).unwrap();
        // A checkpoint is not a database.
        assert!(matches!(
            PylosDatabase::open(&path),
            Err(SolveError::BadFile { .. })
        ));
        write_values(&path, config, 29, Stage::Done, &cells).unwrap();
        let database = PylosDatabase::open(&path).unwrap();
        assert_eq!(database.header().config, config);
        assert_eq!(database.header().min_balls, 29);
        assert_eq!(database.header().positions, 1000);
        // A position the file does not reach is not covered.
        let start = State::new(config);
        assert!(matches!(
            database.value_of(&start),
            Err(SolveError::NotCovered { .. })
        ));
        // One changed byte of the values breaks the checksum.
        let sound = std::fs::read(&path).unwrap();
        let mut bytes = sound.clone();
        bytes[HEADER + 10] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            PylosDatabase::open(&path),
            Err(SolveError::BadFile { .. })
        ));
        // So does any edit of the header, the checksum untouched: another variant, another
        // range of balls, a mark in the padding.
        let edited = |from: &str, to: &str| {
            assert_eq!(from.len(), to.len());
            let text = String::from_utf8_lossy(&sound[..HEADER]).replacen(from, to, 1);
            assert_ne!(text.as_bytes(), &sound[..HEADER], "{from}");
            let mut bytes = text.into_bytes();
            bytes.extend_from_slice(&sound[HEADER..]);
            std::fs::write(&path, &bytes).unwrap();
            match PylosDatabase::open(&path) {
                Err(SolveError::BadFile { reason, .. }) => reason,
                other => panic!("{from} -> {to}: {:?}", other.map(|d| d.header().clone())),
            }
        };
        assert!(edited("variant=children", "variant=standard").contains("checksum"));
        assert!(edited("min_balls=29", "min_balls=20").contains("checksum"));
        let padded = format!("{:016x}   ", database.header().checksum);
        let marked = format!("{:016x} x ", database.header().checksum);
        assert!(edited(&padded, &marked).contains("checksum"));
        assert!(edited("format=4", "format=2").contains("format 2"));
        assert!(edited("format=4", "format=3").contains("format 3"));
        std::fs::write(&path, &sound).unwrap();
        assert!(PylosDatabase::open(&path).is_ok());
        // A checkpoint whose stage was changed by one digit is refused, not resumed.
        write_values(&path, config, 29, Stage::Swept(620), &cells).unwrap();
        let checkpoint = std::fs::read(&path).unwrap();
        let text =
            String::from_utf8_lossy(&checkpoint[..HEADER]).replacen("swept:620", "swept:621", 1);
        let mut bytes = text.into_bytes();
        bytes.extend_from_slice(&checkpoint[HEADER..]);
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            PylosDatabase::read(&path),
            Err(SolveError::BadFile { .. })
        ));
        std::fs::remove_dir_all(&directory).unwrap();
    }

    /// The values of a compact database, block by block.
    fn unpacked(database: &PylosDatabase) -> Vec<u8> {
        database
            .values_between(0, database.header().positions)
            .unwrap()
            .into_owned()
    }

    #[test]
    fn compact_files_round_trip_and_refuse_damage() {
        let directory = std::env::temp_dir().join(format!("solve-dz-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let plain_path = directory.join("plain.db");
        let config = Config::with_variant(Variant::Children);
        // 300,000 values with runs and noise, so that blocks compress unevenly.
        let cells: Vec<AtomicU8> = (0..300_000u64)
            .map(|i| AtomicU8::new(((i / 700) % 5 + (i * i) % 3) as u8))
            .collect();
        write_values(&plain_path, config, 28, Stage::Done, &cells).unwrap();
        let database = PylosDatabase::open(&plain_path).unwrap();
        let settings = CompactSettings {
            block: 4096,
            level: 3,
            progress: false,
        };
        let path = directory.join("compact.dz");
        let report = database.write_compact(&path, &settings).unwrap();
        assert_eq!(report.blocks, 74);
        let compact = PylosDatabase::open(&path).unwrap();
        assert_eq!(compact.header(), database.header());
        assert_eq!(
            compact.storage(),
            Storage::Compact {
                bytes: report.bytes,
                blocks: 74
            }
        );
        assert_eq!(std::fs::metadata(&path).unwrap().len(), report.bytes);
        assert!(unpacked(&compact) == plain(&database));
        assert_eq!(compact.census().unwrap(), database.census().unwrap());
        compact.verify().unwrap();
        // The compact form of a compact database is the same file.
        let again = directory.join("again.dz");
        compact.write_compact(&again, &settings).unwrap();
        assert!(std::fs::read(&again).unwrap() == std::fs::read(&path).unwrap());
        // An existing file is never overwritten; bad settings are refused before writing.
        let before = std::fs::read(&plain_path).unwrap();
        assert!(database.write_compact(&plain_path, &settings).is_err());
        assert!(std::fs::read(&plain_path).unwrap() == before);
        for bad in [
            CompactSettings {
                block: 100,
                ..settings
            },
            CompactSettings {
                level: 0,
                ..settings
            },
            CompactSettings {
                level: 99,
                ..settings
            },
        ] {
            let new = directory.join("bad.dz");
            assert!(matches!(
                database.write_compact(&new, &bad),
                Err(SolveError::BadFile { .. })
            ));
            assert!(!new.exists() && !temporary_path(&new).exists());
        }
        let bytes = std::fs::read(&path).unwrap();
        let damaged = |edit: &dyn Fn(&mut Vec<u8>)| {
            let mut copy = bytes.clone();
            edit(&mut copy);
            let file = directory.join("damaged.dz");
            std::fs::write(&file, &copy).unwrap();
            PylosDatabase::open(&file)
        };
        // A header edited, a table of blocks edited, a file cut short: refused at once.
        let edited = |from: &str, to: &str| {
            damaged(&|copy: &mut Vec<u8>| {
                let text = String::from_utf8_lossy(&copy[..HEADER]).replacen(from, to, 1);
                copy[..HEADER].copy_from_slice(text.as_bytes());
            })
        };
        assert!(edited("variant=children", "variant=standard").is_err());
        assert!(edited("min_balls=28", "min_balls=20").is_err());
        assert!(edited("compact=1", "compact=2").is_err());
        assert!(damaged(&|copy: &mut Vec<u8>| copy[HEADER + 9] ^= 1).is_err());
        assert!(damaged(&|copy: &mut Vec<u8>| copy.truncate(copy.len() - 1)).is_err());
        assert!(damaged(&|copy: &mut Vec<u8>| copy.truncate(HEADER + 10)).is_err());
        assert!(damaged(&|copy: &mut Vec<u8>| copy.push(0)).is_err());
        // A byte of a block changed: the block is refused when read, the others answer.
        let hurt = damaged(&|copy: &mut Vec<u8>| {
            let last = copy.len() - 6;
            copy[last] ^= 0x55;
        })
        .unwrap();
        let Values::Compact(values) = &hurt.values else {
            panic!("a compact database");
        };
        assert!(matches!(
            values.get(299_999),
            Err(SolveError::BadFile { .. })
        ));
        assert_eq!(values.get(0).unwrap(), Some(plain(&database)[0]));
        assert_eq!(values.get(300_000).unwrap(), None);
        assert!(hurt.verify().is_err());
        assert!(hurt.census().is_err());
        std::fs::remove_dir_all(&directory).unwrap();
    }

    /// A random `children` game of `config` played until at least `balls` balls are on
    /// the board, or `None` if it ends first.
    fn late_children_position(
        config: Config,
        balls: u8,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<State> {
        let late =
            |state: &State| state.on_board(Player::FIRST) + state.on_board(Player::SECOND) >= balls;
        let playout = boardcore::random_playout_until(&State::new(config), rng, 400, late);
        late(&playout.state).then_some(playout.state)
    }

    /// Builds the `children` positions with at least 29 balls (620 million indices, about
    /// a minute and 620 MB), then builds them again by layers: `.ci/run` runs it once, in
    /// release mode, with `--ignored`.
    #[test]
    #[ignore = "a minute and 620 MB; .ci/run runs it in release mode"]
    fn a_children_sweep_is_consistent_agrees_with_the_direct_solver_and_resumes() {
        let directory = std::env::temp_dir().join(format!("solve-sweep-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let path = directory.join("children-29.db");
        let config = Config::with_variant(Variant::Children);
        let (database, report) =
            PylosDatabase::build(config, 29, &path, &BuildSettings::default()).unwrap();
        let sweep = report.sweep.unwrap();
        assert!(report.layers.is_empty() && report.count.is_none());
        assert_eq!(sweep.indices, database.header().positions);
        // Every valid position is consistent with its moves.
        assert_eq!(database.check(1).unwrap(), sweep.positions);
        // The values equal those of the direct solver, for every image of a position, the
        // colours exchanged or not.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut compared = 0;
        while compared < 40 {
            let Some(state) = late_children_position(config, 29, &mut rng) else {
                continue;
            };
            let direct = PylosDirect::solve(&state, 10_000).unwrap();
            for symmetry in boardcore::Symmetry::ALL {
                let image = state.transformed(symmetry);
                for seen in [image, image.colours_swapped()] {
                    assert_eq!(
                        database.value_of(&seen).unwrap(),
                        direct.value_of(&state).unwrap(),
                        "{seen}"
                    );
                }
            }
            compared += 1;
        }
        // Its compact form holds the same values.
        let compact_path = directory.join("children-29.dz");
        let settings = CompactSettings {
            level: 3,
            ..CompactSettings::default()
        };
        database.write_compact(&compact_path, &settings).unwrap();
        let compact = PylosDatabase::open(&compact_path).unwrap();
        compact.verify().unwrap();
        assert!(unpacked(&compact) == plain(&database));
        // A checkpoint part way resumes where it was and gives the same file.
        let complete = std::fs::read(&path).unwrap();
        let middle = database
            .index
            .groups()
            .map(|group| group.end)
            .find(|&end| end > database.header().positions / 2)
            .unwrap();
        let cells: Vec<AtomicU8> = plain(&database)
            .iter()
            .enumerate()
            .map(|(i, &byte)| AtomicU8::new(if (i as u64) < middle { byte } else { 0 }))
            .collect();
        write_values(&path, config, 29, Stage::Swept(middle), &cells).unwrap();
        assert!(PylosDatabase::open(&path).is_err());
        let (_, resumed) =
            PylosDatabase::build(config, 29, &path, &BuildSettings::default()).unwrap();
        assert_eq!(
            resumed.sweep.unwrap().indices,
            database.header().positions - middle
        );
        assert!(std::fs::read(&path).unwrap() == complete);
        layers_equal_the_sweep(&database, &directory.join("layers.db"));
        std::fs::remove_dir_all(&directory).unwrap();
    }

    /// The values of a database read whole.
    fn plain(database: &PylosDatabase) -> &[u8] {
        match &database.values {
            Values::Plain(values) => values,
            Values::Compact(_) => panic!("a compact database"),
        }
    }

    /// The build by layers, going backwards through the moves played backwards, gives the
    /// values of the sweep, also when it resumes from a checkpoint in the count or between
    /// layers.
    fn layers_equal_the_sweep(database: &PylosDatabase, path: &Path) {
        let header = database.header();
        let end = header.positions;
        let space = IndexSpace {
            index: &database.index,
            end,
        };
        let checkpoint = Checkpoint {
            path,
            config: header.config,
            min_balls: header.min_balls,
            every: CHECKPOINT_EVERY,
        };
        let fresh = || -> (Vec<AtomicU8>, Counters) {
            (
                (0..end).map(|_| AtomicU8::new(0)).collect(),
                Counters::new(end),
            )
        };
        let bytes = |cells: &[AtomicU8]| -> Vec<u8> {
            cells.iter().map(|c| c.load(Ordering::Relaxed)).collect()
        };
        // Whole.
        let (cells, counters) = fresh();
        let report = build_by_layers(
            &space,
            &cells,
            &counters,
            Stage::Counted(0),
            &checkpoint,
            false,
        )
        .unwrap();
        assert!(bytes(&cells) == plain(database));
        let count = report.count.unwrap();
        assert_eq!(count.indices, end);
        assert_eq!(report.layers.last().unwrap().settled, 0);
        // Stopped halfway through the count, then resumed from the files.
        let (cells, counters) = fresh();
        let meter = Meter::new(end, false, "", String::new());
        frontier::count(&space, &cells, &counters, 0..end / 2, &meter).unwrap();
        checkpoint
            .write(Stage::Counted(end / 2), &cells, Some(&counters))
            .unwrap();
        drop((cells, counters));
        let (header, values) = PylosDatabase::read(path).unwrap();
        assert_eq!(header.stage, Stage::Counted(end / 2));
        let counters = read_counters(&counters_path(path), header.stage, end).unwrap();
        let cells: Vec<AtomicU8> = values.into_iter().map(AtomicU8::new).collect();
        build_by_layers(&space, &cells, &counters, header.stage, &checkpoint, false).unwrap();
        assert!(bytes(&cells) == plain(database));
        // Stopped after the layer of distance 3, then resumed from the files.
        let (cells, counters) = fresh();
        frontier::count(&space, &cells, &counters, 0..end, &meter).unwrap();
        for plies in 0..=3 {
            frontier::layer(&space, &cells, &counters, plies, false).unwrap();
        }
        checkpoint
            .write(Stage::Layer(3), &cells, Some(&counters))
            .unwrap();
        drop((cells, counters));
        let counters = read_counters(&counters_path(path), Stage::Layer(3), end).unwrap();
        // Counters of another stage are refused.
        assert!(read_counters(&counters_path(path), Stage::Layer(2), end).is_err());
        let cells: Vec<AtomicU8> = PylosDatabase::read(path)
            .unwrap()
            .1
            .into_iter()
            .map(AtomicU8::new)
            .collect();
        let resumed = build_by_layers(
            &space,
            &cells,
            &counters,
            Stage::Layer(3),
            &checkpoint,
            false,
        )
        .unwrap();
        assert_eq!(resumed.layers[0].plies, 4);
        assert!(bytes(&cells) == plain(database));
    }
}
