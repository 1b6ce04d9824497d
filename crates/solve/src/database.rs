//! A Pylos database: the packed values of every position with at least `k` balls placed,
//! in a file with a header, built by a sweep (`children`) or retrograde passes that
//! checkpoint to the file.

use core::ops::Range;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

use pylos::{Config, Move, MoveList, State, Variant};

use crate::direct::{apply, best_of, check_position};
use crate::error::SolveError;
use crate::index::PylosIndex;
use crate::retro::{self, Class, PassReport, Space, SweepReport};
use crate::turn::Turn;
use crate::value::Value;

/// The first bytes of every database file.
const MAGIC: &[u8; 8] = b"TOWERSDB";
/// The version of the file format: 2 indexes positions up to symmetry.
const FORMAT: u32 = 2;
/// The seconds between two checkpoints of a sweep.
const SWEEP_CHECKPOINT_SECONDS: u64 = 300;
/// The bytes of the header: the magic, then a line of text padded with spaces.
const HEADER: usize = 256;

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
    /// The FNV-1a 64-bit checksum of the values.
    pub checksum: u64,
}

/// How far the build of a database got.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// A checkpoint of a build by passes: the passes up to this one are done.
    Pass(u32),
    /// A checkpoint of a build by one sweep: the indices before this one are solved.
    Swept(u64),
    /// A complete database.
    Done,
}

impl Stage {
    fn text(self) -> String {
        match self {
            Stage::Pass(pass) => format!("pass:{pass}"),
            Stage::Swept(end) => format!("swept:{end}"),
            Stage::Done => "done".to_owned(),
        }
    }

    fn parse(text: &str) -> Option<Stage> {
        if text == "done" {
            return Some(Stage::Done);
        }
        let (kind, number) = text.split_once(':')?;
        match kind {
            "pass" => number.parse().ok().map(Stage::Pass),
            "swept" => number.parse().ok().map(Stage::Swept),
            _ => None,
        }
    }
}

impl Header {
    fn line(&self) -> String {
        format!(
            "game=pylos format={FORMAT} variant={} takeback={} end={} min_balls={} positions={} stage={} checksum={:016x}",
            self.config.variant,
            self.config.takeback,
            self.config.end,
            self.min_balls,
            self.positions,
            self.stage.text(),
            self.checksum
        )
    }

    fn parse(path: &Path, line: &str) -> Result<Header, SolveError> {
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
        if field("format")? != FORMAT.to_string() {
            return Err(bad("an unknown format version"));
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
            checksum: u64::from_str_radix(field("checksum")?, 16)
                .map_err(|_| bad("a bad checksum"))?,
        })
    }
}

/// The start of the FNV-1a 64-bit hash.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The FNV-1a 64-bit hash of `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_continue(FNV_OFFSET, bytes)
}

/// The FNV-1a 64-bit hash `hash` continued over `bytes`.
fn fnv1a_continue(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The values of every Pylos position with at least `min_balls` balls on the board, for
/// one set of options: one byte per index of [`PylosIndex`].
///
/// The positions with at least `k` balls are closed under moves only in `children` (no
/// take-backs); in the other variants only `k = 0`, the whole game, can be built.
pub struct PylosDatabase {
    index: PylosIndex,
    header: Header,
    values: Vec<u8>,
}

/// What a build did now (a build resumed from a checkpoint reports only the work after
/// it).
#[derive(Clone, Debug, Default)]
pub struct BuildReport {
    /// The passes run, in a build by passes (`standard` and `expert`).
    pub passes: Vec<PassReport>,
    /// The sweep, in a build of `children`, whose game graph has no cycles.
    pub sweep: Option<SweepReport>,
}

impl PylosDatabase {
    /// Builds the database of `config` for positions with at least `min_balls` balls into
    /// the file `path`, resuming from it when it holds a checkpoint of the same solve.
    ///
    /// - `children` has no take-backs, so no move lowers the number of balls or the sum of
    ///   their levels: the build solves the [`PylosIndex::groups`] one after the other,
    ///   each position once (a *sweep*), and writes a checkpoint at the end of a group
    ///   when ten minutes have passed since the last one.
    /// - `standard` and `expert` have cycles: the build runs retrograde passes over every
    ///   position until one settles nothing, and writes a checkpoint after every pass.
    ///
    /// The file is written through a temporary file renamed over it, so a stopped build
    /// loses at most the work since its last checkpoint.
    ///
    /// # Errors
    /// [`SolveError::Io`] or [`SolveError::BadFile`] for the file,
    /// [`SolveError::NotCovered`] when moves leave the positions covered.
    pub fn build(
        config: Config,
        min_balls: u32,
        path: &Path,
        progress: bool,
    ) -> Result<(PylosDatabase, BuildReport), SolveError> {
        let index = PylosIndex::new(config);
        let end = index.prefix(min_balls);
        let mut resume = None;
        let cells: Vec<AtomicU8> = match Self::read(path) {
            Ok((header, values))
                if header.config == config
                    && header.min_balls == min_balls
                    && header.positions == end =>
            {
                if header.stage == Stage::Done {
                    let database = PylosDatabase {
                        index,
                        header,
                        values,
                    };
                    return Ok((database, BuildReport::default()));
                }
                resume = Some(header.stage);
                values.into_iter().map(AtomicU8::new).collect()
            }
            _ => (0..end).map(|_| AtomicU8::new(0)).collect(),
        };
        let space = IndexSpace { index: &index, end };
        let mut report = BuildReport::default();
        if config.variant == Variant::Children {
            let from = match resume {
                Some(Stage::Swept(done)) => done,
                _ => 0,
            };
            let groups: Vec<Range<u64>> = index
                .groups()
                .filter(|group| group.start >= from && group.end <= end)
                .collect();
            let mut last = Instant::now();
            let sweep = retro::sweep(&space, &cells, &groups, progress, |done| {
                if done < end && last.elapsed().as_secs() >= SWEEP_CHECKPOINT_SECONDS {
                    write_values(path, config, min_balls, Stage::Swept(done), &cells)?;
                    last = Instant::now();
                }
                Ok(())
            })?;
            if progress {
                eprintln!(
                    "sweep: {} positions in {:.1} s ({:.0} positions/s)",
                    sweep.positions,
                    sweep.seconds,
                    sweep.indices as f64 / sweep.seconds
                );
            }
            report.sweep = Some(sweep);
        } else {
            let first = match resume {
                Some(Stage::Pass(pass)) => pass + 1,
                _ => 0,
            };
            report.passes = retro::run(&space, &cells, first, progress, |report| {
                if progress {
                    eprintln!(
                        "pass {}: {} positions settled, {} visited, {:.1} s ({:.0} positions/s)",
                        report.pass,
                        report.settled,
                        report.visited,
                        report.seconds,
                        end as f64 / report.seconds
                    );
                }
                write_values(path, config, min_balls, Stage::Pass(report.pass), &cells)
            })?;
        }
        write_values(path, config, min_balls, Stage::Done, &cells)?;
        let values: Vec<u8> = cells.into_iter().map(AtomicU8::into_inner).collect();
        let header = Header {
            config,
            min_balls,
            positions: end,
            stage: Stage::Done,
            checksum: fnv1a(&values),
        };
        let database = PylosDatabase {
            index,
            header,
            values,
        };
        Ok((database, report))
    }

    /// Opens a complete database file, checking its header and checksum.
    ///
    /// # Errors
    /// [`SolveError::Io`] or [`SolveError::BadFile`].
    pub fn open(path: &Path) -> Result<PylosDatabase, SolveError> {
        let (header, values) = Self::read(path)?;
        if header.stage != Stage::Done {
            return Err(SolveError::BadFile {
                path: path.to_owned(),
                reason: "an unfinished solve (a checkpoint): run the build again to resume it"
                    .to_owned(),
            });
        }
        Ok(PylosDatabase {
            index: PylosIndex::new(header.config),
            header,
            values,
        })
    }

    fn read(path: &Path) -> Result<(Header, Vec<u8>), SolveError> {
        let io = |source| SolveError::Io {
            path: path.to_owned(),
            source,
        };
        let mut reader = BufReader::new(File::open(path).map_err(io)?);
        let mut head = [0u8; HEADER];
        reader.read_exact(&mut head).map_err(io)?;
        if &head[..8] != MAGIC {
            return Err(SolveError::BadFile {
                path: path.to_owned(),
                reason: "not a towers database".to_owned(),
            });
        }
        let line = String::from_utf8_lossy(&head[8..]).trim().to_owned();
        let header = Header::parse(path, &line)?;
        let mut values = Vec::new();
        reader.read_to_end(&mut values).map_err(io)?;
        if values.len() as u64 != header.positions || fnv1a(&values) != header.checksum {
            return Err(SolveError::BadFile {
                path: path.to_owned(),
                reason: "the values do not match the header's size and checksum".to_owned(),
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
        let byte = self.values.get(index as usize).ok_or_else(|| {
            not_covered(format!(
                "the database holds positions with at least {} balls",
                self.header.min_balls
            ))
        })?;
        retro::unpack(*byte).ok_or(SolveError::Internal)
    }

    /// A best move of `state` (`None` in a finished game) and its value.
    ///
    /// # Errors
    /// As [`PylosDatabase::value_of`].
    pub fn best_move(&self, state: &State) -> Result<(Option<Move>, Value), SolveError> {
        self.value_of(state)?;
        best_of(state, |child| self.value_of(child).ok()).ok_or(SolveError::Internal)
    }

    /// Checks every `stride`-th valid position: a win has a move to a loss one ply shorter
    /// (and none shorter), a loss moves only to wins, the longest one ply shorter, and a
    /// draw has no move to a loss. Returns the positions checked.
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
    pub fn census(&self) -> [u64; 3] {
        let mut counts = [0u64; 3];
        for &byte in &self.values {
            if let Some(value) = retro::unpack(byte) {
                counts[value.verdict as usize] += 1;
            }
        }
        counts
    }
}

fn write_values(
    path: &Path,
    config: Config,
    min_balls: u32,
    stage: Stage,
    cells: &[AtomicU8],
) -> Result<(), SolveError> {
    /// The bytes copied out of the atomics at a time.
    const CHUNK: usize = 1 << 20;
    let chunk_of = |start: usize| -> Vec<u8> {
        cells[start..(start + CHUNK).min(cells.len())]
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .collect()
    };
    // The checksum goes in the header, so the values are read twice rather than copied.
    let mut checksum = FNV_OFFSET;
    for start in (0..cells.len()).step_by(CHUNK) {
        checksum = fnv1a_continue(checksum, &chunk_of(start));
    }
    let header = Header {
        config,
        min_balls,
        positions: cells.len() as u64,
        stage,
        checksum,
    };
    let mut temporary = PathBuf::from(path);
    temporary.as_mut_os_string().push(".tmp");
    let io = |source| SolveError::Io {
        path: temporary.clone(),
        source,
    };
    let mut head = [b' '; HEADER];
    head[..8].copy_from_slice(MAGIC);
    let line = header.line();
    head[8..8 + line.len()].copy_from_slice(line.as_bytes());
    head[HEADER - 1] = b'\n';
    {
        let mut writer = BufWriter::new(File::create(&temporary).map_err(io)?);
        writer.write_all(&head).map_err(io)?;
        for start in (0..cells.len()).step_by(CHUNK) {
            writer.write_all(&chunk_of(start)).map_err(io)?;
        }
        writer.flush().map_err(io)?;
    }
    std::fs::rename(&temporary, path).map_err(|source| SolveError::Io {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PylosDirect;
    use boardcore::Player;

    #[test]
    fn files_round_trip_and_refuse_damage() {
        let directory = std::env::temp_dir().join(format!("solve-db-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let path = directory.join("small.db");
        let config = Config::with_variant(pylos::Variant::Children);
        let cells: Vec<AtomicU8> = (0..1000u32).map(|i| AtomicU8::new((i % 7) as u8)).collect();
        write_values(&path, config, 29, Stage::Pass(3), &cells).unwrap();
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
        // One changed byte breaks the checksum.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[HEADER + 10] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            PylosDatabase::open(&path),
            Err(SolveError::BadFile { .. })
        ));
        std::fs::remove_dir_all(&directory).unwrap();
    }

    /// A random `children` game of `config` played until at least `balls` balls are on
    /// the board, or `None` if it ends first.
    fn late_children_position(config: Config, balls: u32, seed: &mut u64) -> Option<State> {
        let mut state = State::new(config);
        while state.on_board(Player::FIRST) as u32 + (state.on_board(Player::SECOND) as u32) < balls
        {
            let moves = pylos::legal_moves(&state);
            if moves.is_empty() {
                return None;
            }
            *seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state = pylos::apply(&state, moves[(*seed >> 33) as usize % moves.len()]).ok()?;
        }
        Some(state)
    }

    /// Builds the `children` positions with at least 29 balls (620 million indices, about
    /// a minute and 620 MB): `.ci/run` runs it once, in release mode, with `--ignored`.
    #[test]
    #[ignore = "a minute and 620 MB; .ci/run runs it in release mode"]
    fn a_children_sweep_is_consistent_agrees_with_the_direct_solver_and_resumes() {
        let directory = std::env::temp_dir().join(format!("solve-sweep-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let path = directory.join("children-29.db");
        let config = Config::with_variant(Variant::Children);
        let (database, report) = PylosDatabase::build(config, 29, &path, false).unwrap();
        let sweep = report.sweep.unwrap();
        assert!(report.passes.is_empty());
        assert_eq!(sweep.indices, database.header().positions);
        // Every valid position is consistent with its moves.
        assert_eq!(database.check(1).unwrap(), sweep.positions);
        // The values equal those of the direct solver, for every image of a position.
        let mut seed = 11;
        let mut compared = 0;
        while compared < 40 {
            let Some(state) = late_children_position(config, 29, &mut seed) else {
                continue;
            };
            let direct = PylosDirect::solve(&state, 10_000).unwrap();
            for symmetry in boardcore::Symmetry::ALL {
                let image = state.transformed(symmetry);
                assert_eq!(
                    database.value_of(&image).unwrap(),
                    direct.value_of(&state).unwrap(),
                    "{image}"
                );
            }
            compared += 1;
        }
        // A checkpoint part way resumes where it was and gives the same file.
        let complete = std::fs::read(&path).unwrap();
        let middle = database
            .index
            .groups()
            .map(|group| group.end)
            .find(|&end| end > database.header().positions / 2)
            .unwrap();
        let cells: Vec<AtomicU8> = database
            .values
            .iter()
            .enumerate()
            .map(|(i, &byte)| AtomicU8::new(if (i as u64) < middle { byte } else { 0 }))
            .collect();
        write_values(&path, config, 29, Stage::Swept(middle), &cells).unwrap();
        assert!(PylosDatabase::open(&path).is_err());
        let (_, resumed) = PylosDatabase::build(config, 29, &path, false).unwrap();
        assert_eq!(
            resumed.sweep.unwrap().indices,
            database.header().positions - middle
        );
        assert!(std::fs::read(&path).unwrap() == complete);
        std::fs::remove_dir_all(&directory).unwrap();
    }
}
