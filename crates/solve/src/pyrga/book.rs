//! The opening book of Pyrga: the best move and the value of every position a perfect
//! player meets in the first plies of its games, computed once by the solver and shipped
//! inside the crate.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{OnceLock, mpsc};

use boardcore::{Direction, Player};
use pyrga::{Cell, Move, Rules, Shape, State};

use super::{Limits, PyrgaSolver};
use crate::error::SolveError;
use crate::file::fnv1a;
use crate::progress::{Event, Job, Progress};
use crate::value::{Value, Verdict};

/// The first bytes of a book file.
const MAGIC: &[u8; 8] = b"PYRGBOOK";

/// The plies of the longest Pyrga game: the last ply a book can hold.
const LONGEST_GAME: u32 = 30;

/// The plies of a value byte whose value is not known.
const UNKNOWN_PLIES: u8 = 63;

/// The version of the book format this crate reads and writes.
const VERSION: u8 = 1;

/// The bytes before the body: magic, version, rules, plies, a zero, the number of entries,
/// the length of the body, the checksum.
const HEADER_BYTES: usize = 8 + 4 + 4 + 4 + 8;

/// The most bytes an entry takes before compression: a key's difference in 10 bytes of 7
/// bits, a move and a value.
const MAX_ENTRY_BYTES: usize = 12;

/// The books shipped with the crate, built by `towers solve pyrga --book FILE`.
static STANDARD_BYTES: &[u8] = include_bytes!("../../books/pyrga-standard.book");
static CLASSIC_BYTES: &[u8] = include_bytes!("../../books/pyrga-classic.book");

/// Why bytes are not a book.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The bytes do not start as a book does.
    #[error("not a Pyrga book (it does not start with PYRGBOOK)")]
    NotABook,
    /// A book of a format version this crate does not read.
    #[error("a book of format {found}; this program reads format {VERSION}: build it again")]
    Version {
        /// The version of the bytes.
        found: u8,
    },
    /// Fewer bytes than the header announces.
    #[error("the book is cut short: {found} bytes of {expected}")]
    Truncated {
        /// The bytes there are.
        found: usize,
        /// The bytes the header announces.
        expected: usize,
    },
    /// The checksum over the header and the body does not hold.
    #[error("the book's checksum does not match: it was changed or damaged")]
    Checksum,
    /// Bytes whose checksum holds but whose content is not a book's.
    #[error("the book is corrupt: {reason}")]
    Corrupt {
        /// What is wrong.
        reason: &'static str,
    },
}

/// An opening book of Pyrga: for each position a perfect player meets in its first plies
/// when it plays from the start, a best move and the position's value.
///
/// Which positions: a player that follows the book meets, at its own turns, the positions
/// reached by its book moves and by any moves of its opponent. The book holds those
/// positions for both sides up to [`PyrgaBook::plies`], each once for its 8 images under
/// the board's symmetries, with the verdict and a move that keeps it, and where the build
/// could afford it the exact value and the solver's best move ([`PyrgaSolver::best_move`]:
/// the shortest win, else a draw, else the longest loss); see [`BookEntry`]. Every
/// position of every ply would be far too many (some 10^10 by ply 11); these are what a
/// perfect player needs, since after the book the solver answers within a move's time.
///
/// The file is small and checked: a header (format, rules, plies, entries) and the
/// entries sorted by key, their keys stored as differences, compressed with deflate, under
/// a 64-bit FNV-1a checksum of every byte before and after it.
///
/// ```
/// use pyrga::{Config, State};
/// use solve::{PyrgaBook, Verdict};
///
/// let book = PyrgaBook::shipped(pyrga::Rules::Standard).unwrap();
/// let start = State::new(Config::default());
/// let entry = book.best_move(&start).unwrap();
/// assert_eq!(entry.verdict, Verdict::Win);
/// assert!(pyrga::legal_moves(&start).contains(&entry.mv));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyrgaBook {
    rules: Rules,
    plies: u32,
    /// Sorted by key: the symmetric key of a position and its entry, whose move is one of
    /// its canonical image ([`State::canonical`]).
    entries: Vec<(u64, BookEntry)>,
}

/// What a book holds for a position: the verdict, a move that keeps it, and the exact
/// value when the build found it within its budget, in which case the move is a best move
/// (the shortest win, else a draw, else the longest loss).
///
/// Without the exact value, the move of a won position wins, that of a drawn position
/// draws, and that of a lost position is the one whose refutation took the solver the
/// most nodes: the hardest loss to prove, as the longest loss would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The move.
    pub mv: Move,
    /// Win, draw or loss for the player to move.
    pub verdict: Verdict,
    /// The exact value, when the build found it.
    pub value: Option<Value>,
}

/// What [`PyrgaBook::build`] builds: the rules, the last ply, and how hard it tries for
/// exact values.
///
/// ```
/// use pyrga::Rules;
///
/// let settings = solve::BookSettings {
///     exact_nodes: Some(1_000_000),
///     ..solve::BookSettings::new(Rules::Classic, 4)
/// };
/// assert_eq!(settings.plies, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookSettings {
    /// The rules of the book's games.
    pub rules: Rules,
    /// The last ply of the book (at most 30, the longest game).
    pub plies: u32,
    /// The node budget of the exact search of each position: a position whose exact
    /// search needs more gets its verdict and a move that keeps it ([`BookEntry`]);
    /// `None`: no such budget (the solvers' own limits still hold).
    pub exact_nodes: Option<u64>,
}

impl BookSettings {
    /// The book of `rules` up to ply `plies`, with no node budget for exact values.
    pub const fn new(rules: Rules, plies: u32) -> BookSettings {
        BookSettings {
            rules,
            plies,
            exact_nodes: None,
        }
    }
}

impl PyrgaBook {
    /// The book shipped with this crate for `rules`.
    ///
    /// # Errors
    /// A [`BookError`] if the shipped bytes are not a book of `rules` (the crate's tests
    /// make sure they are).
    pub fn shipped(rules: Rules) -> Result<&'static PyrgaBook, BookError> {
        static STANDARD: OnceLock<Result<PyrgaBook, BookError>> = OnceLock::new();
        static CLASSIC: OnceLock<Result<PyrgaBook, BookError>> = OnceLock::new();
        let (cell, bytes) = match rules {
            Rules::Standard => (&STANDARD, STANDARD_BYTES),
            Rules::Classic => (&CLASSIC, CLASSIC_BYTES),
        };
        let book = cell
            .get_or_init(|| {
                PyrgaBook::from_bytes(bytes).and_then(|book| {
                    if book.rules == rules {
                        Ok(book)
                    } else {
                        Err(BookError::Corrupt {
                            reason: "the shipped book is of the other rules",
                        })
                    }
                })
            })
            .as_ref();
        book.map_err(Clone::clone)
    }

    /// The rules of the book's positions.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The last ply of the book's positions (0 is the start).
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// The number of positions in the book (each standing for its images).
    pub const fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    pub const fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of `state`, with its move in the orientation of `state`, if the book
    /// holds the position (or one of its images); `None` for other positions, and for
    /// positions of the other rules.
    pub fn best_move(&self, state: &State) -> Option<BookEntry> {
        if state.rules() != self.rules || state.ply() > self.plies {
            return None;
        }
        let (image, symmetry) = state.canonical();
        let key = image.position_key();
        let found = self
            .entries
            .binary_search_by_key(&key, |&(key, _)| key)
            .ok()?;
        let entry = self.entries[found].1;
        // The move of `state` whose image is the stored move of the canonical image.
        let mv = pyrga::legal_moves(state)
            .into_iter()
            .find(|mv| mv.map(symmetry) == entry.mv)?;
        Some(BookEntry { mv, ..entry })
    }

    /// The exact value of `state` if the book holds the position with its value.
    pub fn value(&self, state: &State) -> Option<Value> {
        self.best_move(state)?.value
    }

    /// Builds the book `settings` describe with `solvers` (give them large tables: the
    /// positions of one game share much of their proofs; each call keeps a solver's
    /// limits), taking the entries of `known` (as an earlier build gave them to `solved`)
    /// instead of solving them again when their move is legal. `solved` is given each
    /// entry the solvers found, as soon as it is found, so that the caller can save it;
    /// `progress` is told of each ply ([`Job::Book`]) and each of its positions, the known
    /// ones first. With more than one solver, each solves positions of a ply in a thread
    /// of its own (one solver needs no thread, and so builds in WebAssembly too).
    ///
    /// Each position gets its exact value and best move when the exact search ends within
    /// [`BookSettings::exact_nodes`], else its verdict and a move that keeps it
    /// ([`BookEntry`]).
    ///
    /// ```
    /// use pyrga::Rules;
    /// use solve::{BookSettings, PyrgaBook, PyrgaSolver, Quiet};
    ///
    /// let mut solvers = [PyrgaSolver::new(16)];
    /// let mut solved = Vec::new();
    /// // Solving the start takes minutes: this book of ply 0 alone takes its entry from
    /// // the shipped book.
    /// let shipped = PyrgaBook::shipped(Rules::Standard).unwrap();
    /// let settings = BookSettings::new(Rules::Standard, 0);
    /// let book = PyrgaBook::build(&settings, &mut solvers, shipped.entries(), &Quiet, |key, entry| {
    ///     solved.push((key, entry))
    /// })
    /// .unwrap();
    /// assert_eq!(book.len(), 1);
    /// assert!(solved.is_empty());
    /// ```
    ///
    /// # Errors
    /// [`SolveError::OutOfBudget`] when a solver's limits run out (the entries given to
    /// `solved` before stay valid: give them back as `known` to go on);
    /// [`SolveError::Internal`] when `solvers` is empty and a position needs solving.
    pub fn build(
        settings: &BookSettings,
        solvers: &mut [PyrgaSolver],
        known: &[(u64, BookEntry)],
        progress: &dyn Progress,
        mut solved: impl FnMut(u64, BookEntry),
    ) -> Result<PyrgaBook, SolveError> {
        let BookSettings {
            rules,
            plies,
            exact_nodes,
        } = *settings;
        // A game lasts at most 30 plies, so a book ends there (and its file keeps the
        // plies in a byte).
        let plies = plies.min(LONGEST_GAME);
        let known: HashMap<u64, BookEntry> = known.iter().copied().collect();
        let mut entries = Vec::new();
        // The positions of a ply by key: the canonical image, and the sides whose book
        // they belong to (bit 0: the first player's, bit 1: the second's).
        let mut level: BTreeMap<u64, (State, u8)> = BTreeMap::new();
        let (start, _) = State::new(pyrga::Config::new(rules)).canonical();
        level.insert(start.position_key(), (start, 0b11));
        for ply in 0..=plies {
            let own = |state: &State| side_bit(state.mover());
            let booked: Vec<(u64, State)> = level
                .iter()
                .filter(|(_, (state, sides))| sides & own(state) != 0 && !finished(state))
                .map(|(&key, &(state, _))| (key, state))
                .collect();
            // The entries of this ply: the known ones, then the others as they are solved.
            progress.event(Event::Started {
                stage: Job::Book(ply),
                total: booked.len() as u64,
            });
            let mut found: HashMap<u64, BookEntry> = HashMap::new();
            let mut todo = Vec::new();
            for &(key, state) in &booked {
                match known.get(&key) {
                    Some(&entry) if pyrga::legal_moves(&state).contains(&entry.mv) => {
                        found.insert(key, entry);
                        progress.event(Event::Advanced { done: 1 });
                    }
                    _ => todo.push((key, state)),
                }
            }
            let finished_ply = solve_all(solvers, &todo, exact_nodes, |key, entry| {
                found.insert(key, entry);
                solved(key, entry);
                progress.event(Event::Advanced { done: 1 });
            });
            progress.event(Event::Finished);
            finished_ply?;
            let mut next: BTreeMap<u64, (State, u8)> = BTreeMap::new();
            let mut add = |state: State, sides: u8| {
                let (image, _) = state.canonical();
                next.entry(image.position_key()).or_insert((image, 0)).1 |= sides;
            };
            for (&key, &(state, sides)) in &level {
                if finished(&state) {
                    continue;
                }
                let mover = own(&state);
                if sides & mover != 0 {
                    let entry = *found.get(&key).ok_or(SolveError::Internal)?;
                    entries.push((key, entry));
                    if ply < plies {
                        add(apply(&state, entry.mv)?, mover);
                    }
                }
                let others = sides & !mover;
                if others != 0 && ply < plies {
                    for mv in pyrga::legal_moves(&state) {
                        add(apply(&state, mv)?, others);
                    }
                }
            }
            level = next;
        }
        entries.sort_unstable_by_key(|&(key, _)| key);
        Ok(PyrgaBook {
            rules,
            plies,
            entries,
        })
    }

    /// The entries, sorted by key: the symmetric key of each position and its entry, with
    /// a move of its canonical image ([`State::canonical`]), as [`PyrgaBook::build`] takes
    /// them back.
    pub fn entries(&self) -> &[(u64, BookEntry)] {
        &self.entries
    }

    /// Writes the book's file (its [`PyrgaBook::to_bytes`]) to `path`, through a synced
    /// temporary file renamed over it, so that a stop never leaves it half-written.
    /// Returns the bytes written.
    ///
    /// # Errors
    /// [`SolveError::File`] when it cannot be written (no temporary file is left behind).
    #[cfg(feature = "database")]
    pub fn write(&self, path: &std::path::Path) -> Result<usize, SolveError> {
        let bytes = self.to_bytes();
        crate::file::write_whole(path, &bytes).map(|()| bytes.len())
    }

    /// The book as the bytes of its file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut raw = Vec::with_capacity(self.entries.len() * MAX_ENTRY_BYTES);
        let mut previous = 0u64;
        for &(key, entry) in &self.entries {
            let mut delta = key - previous;
            previous = key;
            loop {
                let byte = (delta & 0x7F) as u8;
                delta >>= 7;
                if delta == 0 {
                    raw.push(byte);
                    break;
                }
                raw.push(byte | 0x80);
            }
            raw.push(move_byte(entry.mv));
            raw.push(value_byte(entry.verdict, entry.value));
        }
        let body = miniz_oxide::deflate::compress_to_vec(&raw, 10);
        let mut bytes = Vec::with_capacity(HEADER_BYTES + body.len());
        bytes.extend_from_slice(MAGIC);
        bytes.push(VERSION);
        bytes.push(match self.rules {
            Rules::Standard => 0,
            Rules::Classic => 1,
        });
        bytes.push(self.plies as u8);
        bytes.push(0);
        bytes.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&(body.len() as u32).to_le_bytes());
        let sum = checksum(&bytes, &body);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes.extend_from_slice(&body);
        bytes
    }

    /// Reads a book from the bytes of its file.
    ///
    /// # Errors
    /// A [`BookError`] saying why the bytes are not a book: another file, another format
    /// version, cut short, a checksum that fails, or content that is not a book's.
    pub fn from_bytes(bytes: &[u8]) -> Result<PyrgaBook, BookError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(BookError::NotABook);
        }
        if bytes.len() < HEADER_BYTES {
            return Err(BookError::Truncated {
                found: bytes.len(),
                expected: HEADER_BYTES,
            });
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        if bytes[8] != VERSION {
            return Err(BookError::Version { found: bytes[8] });
        }
        let count = word(12) as usize;
        let body_len = word(16) as usize;
        let expected = HEADER_BYTES + body_len;
        if bytes.len() < expected {
            return Err(BookError::Truncated {
                found: bytes.len(),
                expected,
            });
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[20..28]);
        let body = &bytes[HEADER_BYTES..expected];
        if bytes.len() > expected || checksum(&bytes[..20], body) != u64::from_le_bytes(sum) {
            return Err(BookError::Checksum);
        }
        let corrupt = |reason| BookError::Corrupt { reason };
        let rules = match bytes[9] {
            0 => Rules::Standard,
            1 => Rules::Classic,
            _ => return Err(corrupt("unknown rules")),
        };
        let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(
            body,
            count.saturating_mul(MAX_ENTRY_BYTES),
        )
        .map_err(|_| corrupt("the entries do not decompress"))?;
        // An entry takes 3 bytes at least: a count beyond that is found wrong below.
        let mut entries = Vec::with_capacity(count.min(raw.len() / 3));
        let mut rest = raw.as_slice();
        let mut previous = 0u64;
        while !rest.is_empty() {
            let mut delta = 0u64;
            let mut shift = 0;
            loop {
                let (&byte, tail) = rest.split_first().ok_or(corrupt("an entry is cut short"))?;
                rest = tail;
                if shift > 63 {
                    return Err(corrupt("a key is too long"));
                }
                delta |= u64::from(byte & 0x7F) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            let [mv, value, tail @ ..] = rest else {
                return Err(corrupt("an entry is cut short"));
            };
            rest = tail;
            let key = previous
                .checked_add(delta)
                .filter(|&key| key > previous || entries.is_empty())
                .ok_or(corrupt("the keys are not in order"))?;
            previous = key;
            let (verdict, value) =
                parse_value_byte(*value).ok_or(corrupt("a value is not a value"))?;
            let mv = parse_move_byte(*mv).ok_or(corrupt("a move is not a move"))?;
            entries.push((key, BookEntry { mv, verdict, value }));
        }
        if entries.len() != count {
            return Err(corrupt("the entries are not as many as the header says"));
        }
        Ok(PyrgaBook {
            rules,
            plies: u32::from(bytes[10]),
            entries,
        })
    }
}

/// The checksum of a book: FNV-1a over the header before it, then the body.
fn checksum(header: &[u8], body: &[u8]) -> u64 {
    crate::file::fnv1a_continue(fnv1a(header), body)
}

/// Whether the game is over in `state`.
fn finished(state: &State) -> bool {
    pyrga::count_moves(state) == 0
}

/// The bit of `player`'s book.
const fn side_bit(player: Player) -> u8 {
    1 << (player.index() & 1)
}

/// The position after `mv`, which the engine listed.
fn apply(state: &State, mv: Move) -> Result<State, SolveError> {
    pyrga::apply(state, mv).map_err(|_| SolveError::Internal)
}

/// A move in one byte: a square 0–15 and a cylinder 16–31 by cell, a triangle 32–95 by cell
/// and direction.
fn move_byte(mv: Move) -> u8 {
    let cell = mv.cell().index() as u8;
    match mv {
        Move::Square(_) => cell,
        Move::Cylinder(_) => 16 + cell,
        Move::Triangle(_, direction) => 32 + cell * 4 + direction.index() as u8,
    }
}

/// The move of a byte of [`move_byte`].
fn parse_move_byte(byte: u8) -> Option<Move> {
    let (shape, cell, direction) = match byte {
        0..16 => (Shape::Square, byte, None),
        16..32 => (Shape::Cylinder, byte - 16, None),
        32..96 => (
            Shape::Triangle,
            (byte - 32) / 4,
            Some(Direction::from_index(usize::from(byte % 4))),
        ),
        _ => return None,
    };
    Move::new(shape, Cell::from_index(usize::from(cell))?, direction)
}

/// A verdict and a value in one byte: the verdict in the two high bits (1 win, 2 draw,
/// 3 loss), the plies in the others, 63 for a value not known.
fn value_byte(verdict: Verdict, value: Option<Value>) -> u8 {
    let code = match verdict {
        Verdict::Win => 1,
        Verdict::Draw => 2,
        Verdict::Loss => 3,
    };
    code << 6 | value.map_or(UNKNOWN_PLIES, |value| value.plies.min(62) as u8)
}

/// The verdict and value of a byte of [`value_byte`].
fn parse_value_byte(byte: u8) -> Option<(Verdict, Option<Value>)> {
    let plies = byte & 0x3F;
    let verdict = match byte >> 6 {
        1 => Verdict::Win,
        2 if plies == 0 || plies == UNKNOWN_PLIES => Verdict::Draw,
        3 => Verdict::Loss,
        _ => return None,
    };
    let value = (plies != UNKNOWN_PLIES).then(|| match verdict {
        Verdict::Win => Value::win(u32::from(plies)),
        Verdict::Draw => Value::DRAW,
        Verdict::Loss => Value::loss(u32::from(plies)),
    });
    Some((verdict, value))
}

/// Solves the positions of `todo` with `solvers`, one thread each when there are more
/// than one, calling `found` with each entry as soon as it is solved. After an error no
/// thread starts another position; the entries of the others are still given.
fn solve_all(
    solvers: &mut [PyrgaSolver],
    todo: &[(u64, State)],
    exact_nodes: Option<u64>,
    mut found: impl FnMut(u64, BookEntry),
) -> Result<(), SolveError> {
    if todo.is_empty() {
        return Ok(());
    }
    if let [solver] = solvers {
        for &(key, state) in todo {
            found(key, solve_entry(solver, &state, exact_nodes)?);
        }
        return Ok(());
    }
    if solvers.is_empty() {
        return Err(SolveError::Internal);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for solver in solvers.iter_mut() {
            let (sender, next, stop) = (sender.clone(), &next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&(key, state)) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let result = solve_entry(solver, &state, exact_nodes);
                    stop.fetch_or(result.is_err(), Ordering::Relaxed);
                    if sender.send((key, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut outcome = Ok(());
        for (key, result) in receiver {
            match result {
                Ok(entry) => found(key, entry),
                Err(error) => outcome = outcome.and(Err(error)),
            }
        }
        outcome
    })
}

/// The entry of `state`, which is not finished: the exact value and best move if the exact
/// search ends within `exact_nodes`, else the verdict and a move that keeps it (for a lost
/// position, the move whose refutation takes the most nodes).
fn solve_entry(
    solver: &mut PyrgaSolver,
    state: &State,
    exact_nodes: Option<u64>,
) -> Result<BookEntry, SolveError> {
    let limits = solver.limits();
    solver.set_limits(Limits {
        nodes: exact_nodes.or(limits.nodes),
        ..limits
    });
    let exact = solver.best_move(state);
    solver.set_limits(limits);
    match exact {
        Ok(found) => {
            let (mv, value) = found.ok_or(SolveError::Internal)?;
            return Ok(BookEntry {
                mv,
                verdict: value.verdict,
                value: Some(value),
            });
        }
        Err(SolveError::OutOfBudget { .. }) if exact_nodes.is_some() => {}
        Err(error) => return Err(error),
    }
    let (mv, verdict) = solver.verdict_move(state)?.ok_or(SolveError::Internal)?;
    if verdict != Verdict::Loss {
        return Ok(BookEntry {
            mv,
            verdict,
            value: None,
        });
    }
    // Lost: the move whose refutation took the most work, as the table recorded it while
    // the verdict was proven (the first such move in the order of the legal moves).
    let mut hardest = (0, mv);
    for mv in pyrga::legal_moves(state) {
        let work = solver.verdict_work(&apply(state, mv)?);
        if work > hardest.0 {
            hardest = (work, mv);
        }
    }
    Ok(BookEntry {
        mv: hardest.1,
        verdict,
        value: None,
    })
}
