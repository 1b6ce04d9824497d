//! The opening table: the exact value of every distinct Pyrga position (up to the board's
//! 8 symmetries) from a root (the start, for a table of the first plies) up to a ply,
//! built in shards and merged, stored as the values alone in the order of a canonical
//! enumeration that the reader regenerates.

use std::collections::HashMap;

use pyrga::{Config, Rules, State};

use crate::error::SolveError;
use crate::file::fnv1a;
use crate::value::{Value, Verdict};

/// The first line of a table file.
const FORMAT: &str = "towers pyrga table 1";

/// What a table covers: the rules, the root (the moves that reach it from the start) and
/// the last ply.
///
/// ```
/// use pyrga::Rules;
/// use solve::TableSettings;
///
/// let settings = TableSettings::new(Rules::Standard, "", 6);
/// assert_eq!(settings.subject(), "table standard plies 6 root -");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSettings {
    /// The rules.
    pub rules: Rules,
    /// The moves from the start to the root, in the notation of a record ("" for the start).
    pub moves: String,
    /// The last ply of the table's positions (counted from the start of the game).
    pub plies: u32,
}

/// Why shards or a table were refused.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// A file could not be read or written, or a solve failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The bytes or lines are not a table (or a shard) of this format.
    #[error("not a Pyrga table: {reason}")]
    NotATable {
        /// What was wrong.
        reason: String,
    },
    /// The shards given to a merge do not make one whole table.
    #[error("the shards do not make one table: {reason}")]
    Shards {
        /// What was wrong.
        reason: String,
    },
    /// A check found an entry that is not the value of its position.
    #[error("the table is wrong at the position of key {key:016x} (ply {ply}): {reason}")]
    Wrong {
        /// The position's symmetric key.
        key: u64,
        /// Its ply.
        ply: u32,
        /// What the check found.
        reason: String,
    },
}

impl TableSettings {
    /// A table of `rules` from the position after `moves` up to ply `plies`.
    pub fn new(rules: Rules, moves: &str, plies: u32) -> TableSettings {
        TableSettings {
            rules,
            moves: moves.split_whitespace().collect::<Vec<_>>().join(" "),
            plies,
        }
    }

    /// The line that names the table in its files: rules, last ply and root.
    pub fn subject(&self) -> String {
        let moves = if self.moves.is_empty() {
            "-"
        } else {
            &self.moves
        };
        format!("table {} plies {} root {moves}", self.rules, self.plies)
    }

    /// The settings a [`TableSettings::subject`] line names.
    pub(super) fn of_subject(line: &str) -> Option<TableSettings> {
        let rest = line.strip_prefix("table ")?;
        let (rules, rest) = rest.split_once(" plies ")?;
        let (plies, moves) = rest.split_once(" root ")?;
        let moves = if moves == "-" { "" } else { moves };
        Some(TableSettings::new(
            rules.parse().ok()?,
            moves,
            plies.parse().ok()?,
        ))
    }

    /// The root position.
    ///
    /// # Errors
    /// [`SolveError::IllegalMove`] when the moves are not a legal record.
    pub fn root(&self) -> Result<State, SolveError> {
        State::new(Config::new(self.rules))
            .replay(&self.moves)
            .map_err(|error| SolveError::IllegalMove {
                mv: error.to_string(),
            })
    }

    /// The distinct positions of each ply from the root's to the last, canonical images
    /// ([`State::canonical`]) in the order of their first discovery: the root, then the
    /// children of each position of a ply in that ply's order, each move in the order of
    /// `pyrga::legal_moves` (finished games have none). Siblings stay together, so the
    /// deepest ply's positions, solved in this order, share much of their search.
    ///
    /// # Errors
    /// As [`TableSettings::root`].
    pub fn layers(&self) -> Result<Vec<Vec<State>>, SolveError> {
        let root = self.root()?;
        let mut layers = vec![vec![root.canonical().0]];
        for _ in root.ply()..self.plies {
            let mut seen = std::collections::HashSet::new();
            let mut next = Vec::new();
            for state in layers.last().into_iter().flatten() {
                for mv in pyrga::legal_moves(state) {
                    let child = pyrga::apply(state, mv)
                        .map_err(|_| SolveError::Internal)?
                        .canonical()
                        .0;
                    if seen.insert(child.position_key()) {
                        next.push(child);
                    }
                }
            }
            layers.push(next);
        }
        Ok(layers)
    }
}

/// Which part of the deepest ply's positions a build solves: shard `index` of `count`, a
/// run of consecutive positions of the canonical order, so that siblings stay together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u32,
    /// The number of shards.
    pub count: u32,
}

impl Shard {
    /// The range of the `len` deepest positions that this shard solves.
    pub fn range(self, len: usize) -> core::ops::Range<usize> {
        let at = |index: u32| {
            usize::try_from(len as u128 * u128::from(index) / u128::from(self.count.max(1)))
                .unwrap_or(len)
        };
        at(self.index)..at(self.index + 1)
    }
}

impl core::str::FromStr for Shard {
    type Err = String;

    /// `K/N`: shard K (from 0) of N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| format!("{text:?}: a shard is K/N, e.g. 0/4"))?;
        let number = |part: &str| {
            part.parse::<u32>()
                .map_err(|_| format!("{text:?}: a shard is K/N with whole numbers"))
        };
        let (index, count) = (number(index)?, number(count)?);
        if index >= count {
            return Err(format!("{text:?}: shard K of N counts K from 0 to N-1"));
        }
        Ok(Shard { index, count })
    }
}

impl core::fmt::Display for Shard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The value of a finished position, or `None` for an ongoing one.
fn finished(state: &State) -> Option<Value> {
    Value::of_status(&pyrga::status(state), state.mover())
}

/// The value of `state` by minimax over its children's values from `value_of` (`None`
/// when one of them is not known).
fn minimax_of(state: &State, value_of: impl Fn(u64) -> Option<Value>) -> Option<Value> {
    if let Some(value) = finished(state) {
        return Some(value);
    }
    let mut best = None;
    for mv in pyrga::legal_moves(state) {
        let child = pyrga::apply(state, mv).ok()?;
        let value = value_of(child.symmetric_key())?.after_move();
        best = Some(best.map_or(value, |best: Value| best.max(value)));
    }
    best
}

/// One byte of a value: the verdict in the high bits (0 loss, 1 draw, 2 win), the plies
/// (at most 30) in the low six.
fn byte(value: Value) -> u8 {
    let verdict = match value.verdict {
        Verdict::Loss => 0,
        Verdict::Draw => 1,
        Verdict::Win => 2,
    };
    verdict << 6 | (value.plies as u8 & 0x3F)
}

/// The value of a byte written by [`byte`].
fn of_byte(byte: u8) -> Option<Value> {
    let plies = u32::from(byte & 0x3F);
    match byte >> 6 {
        0 => Some(Value::loss(plies)),
        1 if plies == 0 => Some(Value::DRAW),
        2 => Some(Value::win(plies)),
        _ => None,
    }
}

/// The opening table: the exact value (verdict and best-play length) of every distinct
/// position from a root up to a ply ([`TableSettings`]), so the value of every move of
/// every position before the last ply.
///
/// Its file holds the values alone, one byte each in the order of
/// [`TableSettings::layers`], compressed with deflate, after two lines (the format and the
/// settings) and the FNV-1a checksum of the values; reading it enumerates the positions
/// again to key them.
///
/// ```
/// use pyrga::{Config, Rules, State};
/// use solve::{PyrgaSolver, PyrgaTable, TableSettings};
///
/// // Every position from one at ply 18 to ply 20, solved and checked.
/// let moves = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1 Cc1 Ca3";
/// let settings = TableSettings::new(Rules::Standard, moves, 20);
/// let table = PyrgaTable::solve(&settings, &mut PyrgaSolver::new(16)).unwrap();
/// let bytes = table.to_bytes().unwrap();
/// let read = PyrgaTable::from_bytes(&bytes).unwrap();
/// assert_eq!(read.len(), table.len());
/// read.check_consistency().unwrap();
/// let root = State::new(Config::default()).replay(moves).unwrap();
/// assert_eq!(read.value(&root), PyrgaSolver::new(16).solve(&root).ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyrgaTable {
    settings: TableSettings,
    /// Sorted by key: the symmetric key of each position, its ply and value.
    entries: Vec<(u64, u32, Value)>,
}

impl PyrgaTable {
    /// The table of `settings` from the values of its deepest positions, `deepest` (by
    /// symmetric key; every one of them needed), the shallower plies by minimax.
    ///
    /// # Errors
    /// [`TableError::Shards`] when a deepest position has no value.
    pub fn from_deepest(
        settings: &TableSettings,
        deepest: &HashMap<u64, Value>,
    ) -> Result<PyrgaTable, TableError> {
        let layers = settings.layers()?;
        let mut known: HashMap<u64, (u32, Value)> = HashMap::new();
        for (depth, layer) in layers.iter().enumerate().rev() {
            let deepest_layer = depth + 1 == layers.len();
            for state in layer {
                let key = state.position_key();
                let value = if deepest_layer {
                    deepest.get(&key).copied()
                } else {
                    minimax_of(state, |child| known.get(&child).map(|&(_, value)| value))
                };
                let value = value.ok_or_else(|| TableError::Shards {
                    reason: format!("no value for the position of key {key:016x}"),
                })?;
                known.insert(key, (state.ply(), value));
            }
        }
        let mut entries: Vec<(u64, u32, Value)> = known
            .into_iter()
            .map(|(key, (ply, value))| (key, ply, value))
            .collect();
        entries.sort_unstable_by_key(|&(key, _, _)| key);
        Ok(PyrgaTable {
            settings: settings.clone(),
            entries,
        })
    }

    /// The whole table of `settings` solved by `solver` in one run (a small table; large
    /// ones are built in shards).
    ///
    /// # Errors
    /// As [`PyrgaSolver::solve`](crate::PyrgaSolver::solve) and [`TableSettings::root`].
    pub fn solve(
        settings: &TableSettings,
        solver: &mut crate::PyrgaSolver,
    ) -> Result<PyrgaTable, TableError> {
        let layers = settings.layers()?;
        let mut deepest = HashMap::new();
        for state in layers.last().into_iter().flatten() {
            deepest.insert(state.position_key(), solver.solve(state)?);
        }
        PyrgaTable::from_deepest(settings, &deepest)
    }

    /// What the table covers.
    pub const fn settings(&self) -> &TableSettings {
        &self.settings
    }

    /// The number of positions (each standing for its images).
    pub const fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table holds no position (never, once built).
    pub const fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The exact value of `state` for the player to move, if the table holds it (or one of
    /// its images); `None` for other positions and other rules.
    pub fn value(&self, state: &State) -> Option<Value> {
        if state.rules() != self.settings.rules || state.ply() > self.settings.plies {
            return None;
        }
        let key = state.symmetric_key();
        let found = self
            .entries
            .binary_search_by_key(&key, |&(key, _, _)| key)
            .ok()?;
        Some(self.entries[found].2)
    }

    /// The value of every legal move of `state` (the value of the position after it, for
    /// the opponent, in the order of `pyrga::legal_moves`), if the table holds every one.
    pub fn move_values(&self, state: &State) -> Option<Vec<(pyrga::Move, Value)>> {
        pyrga::legal_moves(state)
            .into_iter()
            .map(|mv| Some((mv, self.value(&pyrga::apply(state, mv).ok()?)?)))
            .collect()
    }

    /// The values in the order of [`TableSettings::layers`].
    fn ordered_values(&self) -> Result<Vec<u8>, TableError> {
        let layers = self.settings.layers()?;
        layers
            .iter()
            .flatten()
            .map(|state| {
                let key = state.position_key();
                self.entries
                    .binary_search_by_key(&key, |&(key, _, _)| key)
                    .map(|found| byte(self.entries[found].2))
                    .map_err(|_| TableError::Shards {
                        reason: format!("no value for the position of key {key:016x}"),
                    })
            })
            .collect()
    }

    /// The bytes of the table's file.
    ///
    /// # Errors
    /// As [`TableSettings::root`].
    pub fn to_bytes(&self) -> Result<Vec<u8>, TableError> {
        let values = self.ordered_values()?;
        let mut bytes = format!(
            "{FORMAT}\n{}\n{:016x}\n",
            self.settings.subject(),
            fnv1a(&values)
        )
        .into_bytes();
        bytes.extend(miniz_oxide::deflate::compress_to_vec(&values, 10));
        Ok(bytes)
    }

    /// The table of a file's bytes ([`PyrgaTable::to_bytes`]).
    ///
    /// # Errors
    /// [`TableError::NotATable`] when the bytes are not a table, are cut short or fail
    /// their checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<PyrgaTable, TableError> {
        let refuse = |reason: &str| TableError::NotATable {
            reason: reason.to_owned(),
        };
        let mut parts = bytes.splitn(4, |&b| b == b'\n');
        let mut line = || {
            parts
                .next()
                .and_then(|line| core::str::from_utf8(line).ok())
                .ok_or_else(|| refuse("its header is cut short"))
        };
        if line()? != FORMAT {
            return Err(refuse("it does not start with the line of the format"));
        }
        let settings =
            TableSettings::of_subject(line()?).ok_or_else(|| refuse("its settings are damaged"))?;
        let sum = u64::from_str_radix(line()?, 16).map_err(|_| refuse("no checksum"))?;
        let body = parts.next().unwrap_or_default();
        let layers = settings.layers()?;
        let count = layers.iter().map(Vec::len).sum::<usize>();
        let values = miniz_oxide::inflate::decompress_to_vec_with_limit(body, count)
            .map_err(|_| refuse("its values are damaged or too many"))?;
        if values.len() != count || fnv1a(&values) != sum {
            return Err(refuse("its values do not match their checksum"));
        }
        let mut entries = layers
            .iter()
            .flatten()
            .zip(&values)
            .map(|(state, &byte)| {
                let value = of_byte(byte).ok_or_else(|| refuse("a value is damaged"))?;
                Ok((state.position_key(), state.ply(), value))
            })
            .collect::<Result<Vec<_>, TableError>>()?;
        entries.sort_unstable_by_key(|&(key, _, _)| key);
        Ok(PyrgaTable { settings, entries })
    }

    /// The whole-table check: every position before the last ply holds the minimax of its
    /// children's entries, and every finished position the value of its end. Returns the
    /// number of positions checked.
    ///
    /// # Errors
    /// [`TableError::Wrong`] at the first position whose entry differs.
    pub fn check_consistency(&self) -> Result<usize, TableError> {
        let layers = self.settings.layers()?;
        let mut checked = 0;
        for state in layers.iter().flatten() {
            let ply = state.ply();
            if ply == self.settings.plies && finished(state).is_none() {
                continue;
            }
            let found = self.value(state);
            let expected = minimax_of(state, |key| self.value_of_key(key));
            if found != expected || found.is_none() {
                return Err(TableError::Wrong {
                    key: state.position_key(),
                    ply,
                    reason: format!("it holds {found:?}, its children give {expected:?}"),
                });
            }
            checked += 1;
        }
        Ok(checked)
    }

    /// The entry of the position of symmetric key `key`.
    fn value_of_key(&self, key: u64) -> Option<Value> {
        let found = self
            .entries
            .binary_search_by_key(&key, |&(key, _, _)| key)
            .ok()?;
        Some(self.entries[found].2)
    }

    /// The check by a second method: the verdicts of `count` entries of the last ply (a
    /// sample spread evenly over the canonical order from `seed`) against those of
    /// [`PyrgaProof`](crate::PyrgaProof) with a table of `2^bits` slots, whose search shares
    /// nothing with the solver's. Returns the number of positions checked.
    ///
    /// # Errors
    /// [`TableError::Wrong`] at the first disagreement; a [`SolveError`] when the proof
    /// search fails.
    pub fn check_sample(&self, count: usize, seed: u64, bits: u32) -> Result<usize, TableError> {
        let layers = self.settings.layers()?;
        let deepest = layers.last().map_or(&[][..], Vec::as_slice);
        if deepest.is_empty() || count == 0 {
            return Ok(0);
        }
        let count = count.min(deepest.len());
        let step = deepest.len() / count;
        let offset = usize::try_from(seed % step.max(1) as u64).unwrap_or(0);
        let mut proof = crate::PyrgaProof::new(bits);
        for index in 0..count {
            let state = &deepest[offset + index * step];
            let found = self.value(state).map(|value| value.verdict);
            let verdict = proof.verdict(state)?;
            if found != Some(verdict) {
                return Err(TableError::Wrong {
                    key: state.position_key(),
                    ply: state.ply(),
                    reason: format!("it holds {found:?}, proof-number search says {verdict}"),
                });
            }
        }
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_fit_one_byte_and_shards_cover_each_position_once() {
        for value in [Value::DRAW, Value::win(29), Value::loss(30), Value::loss(0)] {
            assert_eq!(of_byte(byte(value)), Some(value));
        }
        assert_eq!(of_byte(0xC0), None);
        let mut covered = Vec::new();
        for index in 0..4 {
            covered.extend(Shard { index, count: 4 }.range(10));
        }
        assert_eq!(covered, (0..10).collect::<Vec<_>>());
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        assert!("4/4".parse::<Shard>().is_err());
        assert!("a/4".parse::<Shard>().is_err());
    }

    #[test]
    fn an_entry_that_is_not_the_minimax_of_its_children_is_found() {
        let moves = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e";
        let settings = TableSettings::new(Rules::Standard, moves, 14);
        let mut solver = crate::PyrgaSolver::new(16);
        let mut table = PyrgaTable::solve(&settings, &mut solver).unwrap_or_else(|_| PyrgaTable {
            settings: settings.clone(),
            entries: Vec::new(),
        });
        assert!(table.check_consistency().is_ok());
        let root = settings.root().map(|root| root.symmetric_key()).ok();
        for entry in &mut table.entries {
            if Some(entry.0) == root {
                entry.2 = Value::win(entry.2.plies + 2);
            }
        }
        assert!(matches!(
            table.check_consistency(),
            Err(TableError::Wrong { ply: 12, .. })
        ));
    }

    #[test]
    fn the_start_has_the_counted_positions() {
        let settings = TableSettings::new(Rules::Standard, "", 3);
        let counts: Vec<usize> = settings.layers().map_or_else(
            |_| Vec::new(),
            |layers| layers.iter().map(Vec::len).collect(),
        );
        assert_eq!(counts, [1, 12, 100, 875]);
        let subject = settings.subject();
        assert_eq!(TableSettings::of_subject(&subject), Some(settings));
    }
}
