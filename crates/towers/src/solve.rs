//! `towers solve`: the exact value of a Pyrga or Pylos position.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use solve::{
    BookCheckpoint, BookEntry, BookError, BookSettings, BuildSettings, CompactSettings, FileError,
    FileErrorKind, Limits, MoveValuesFile, PylosDatabase, PylosDirect, PyrgaBook, PyrgaProof,
    PyrgaSolver, SolveError, TableSettings, Value,
};

use crate::checkpoint::refused;

use crate::cli::{PylosSolveArgs, PyrgaSolveArgs, SolveCommand, VerdictMethod};
use crate::commands::position;
use crate::error::CliError;
use crate::progress;

/// Runs `towers solve`. The last line is `value win|draw|loss plies N` for the player to
/// move after the record; the lines before it say how the value was found.
pub(crate) fn solve(command: &SolveCommand, out: &mut impl Write) -> Result<(), CliError> {
    match command {
        SolveCommand::Pyrga(args) => solve_pyrga(args, out),
        SolveCommand::Pylos(args) => solve_pylos(args, out),
    }
}

fn solve_pyrga(args: &PyrgaSolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    pyrga_value(args, out).map_err(|error| match error {
        CliError::Solve(SolveError::OutOfBudget { nodes }) => CliError::OutOfBudget {
            nodes,
            seconds: args.time,
        },
        error => error,
    })
}

/// `towers solve pyrga` (the book, the verdict, or the value with the best move and, with
/// `--all-moves`, every move's value); a budget that runs out is the caller's to explain.
fn pyrga_value(args: &PyrgaSolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    let state = position::<pyrga::State>(&args.position, &args.options.given)?;
    let limits = Limits {
        nodes: args.nodes,
        time: Some(Duration::from_secs_f64(args.time)),
    };
    // Buckets of 32 bytes: the largest power of two within the memory asked for (the
    // solver holds at most 2^34 buckets).
    let buckets = (args.memory.clamp(1, 1 << 30) << 20) / 32;
    let bits = buckets.ilog2();
    if let Some(path) = args.book.as_deref() {
        // The memory shared among the threads' tables.
        let threads = args.threads.max(1);
        let bits = (buckets / u64::from(threads)).max(1).ilog2();
        let mut solvers: Vec<PyrgaSolver> = (0..threads)
            .map(|_| PyrgaSolver::new(bits).with_limits(limits))
            .collect();
        return build_book(&state, Path::new(path), args, &mut solvers, out);
    }
    if let Some(path) = args.table.out.as_deref() {
        return opening_table(&state, args, Path::new(path), bits, out);
    }
    let mut solver = PyrgaSolver::new(bits).with_limits(limits);
    let mut checkpoint = args
        .checkpoint
        .as_deref()
        .map(|path| {
            MoveValuesFile::open(Path::new(path), &state, &args.position.moves)
                .map_err(refused(Path::new(path)))
        })
        .transpose()?;
    if let Some(method) = args.verdict {
        return pyrga_verdict(method, &state, limits, bits, out);
    }
    if !args.search
        && checkpoint.is_none()
        && !args.pv
        && let Some(shipped) = shipped_value(&state, args.all_moves)
    {
        writeln!(
            out,
            "method shipped values (whole solves and the book; --search to search)"
        )?;
        for (mv, value) in &shipped.moves {
            writeln!(out, "move {mv} {value}")?;
        }
        return finish(out, Some(shipped.best), None, shipped.value);
    }
    let started = Instant::now();
    // Everything is computed before anything is printed: a budget that runs out prints
    // only the error.
    let (values, value, best) = if args.all_moves {
        let values = all_move_values(&state, &mut solver, checkpoint.as_mut())?;
        let value = match values.first() {
            Some(&(_, value)) => value,
            None => finished_value(&state)?,
        };
        let best = values.first().map(|&(mv, _)| mv);
        (values, value, best)
    } else {
        let value = solver.solve(&state)?;
        let best = solver.best_move(&state)?.map(|(mv, _)| mv);
        (Vec::new(), value, best)
    };
    let seconds = started.elapsed().as_secs_f64();
    let line = if args.pv {
        Some(solver.principal_variation(&state)?)
    } else {
        None
    };
    writeln!(
        out,
        "method search (alpha-beta, the verdict then the distance; a {} MiB table)",
        solver.table_bytes() >> 20
    )?;
    for (mv, value) in &values {
        writeln!(out, "move {mv} {value}")?;
    }
    writeln!(out, "nodes {} seconds {seconds:.3}", solver.nodes())?;
    finish(out, best, line, value)
}

/// What the values shipped with `solve` say of a position.
struct Shipped {
    /// Every legal move's value for the player to move, best first (or none).
    moves: Vec<(pyrga::Move, Value)>,
    /// A best move.
    best: pyrga::Move,
    /// The position's value.
    value: Value,
}

/// The value of `state` when the values shipped with `solve` give it without a search,
/// with its legal moves' values best first (when `all_moves`) and a best move: from the
/// whole solves ([`solve::known_move_values`]) or, for the value alone, from the opening
/// book's exact entry.
fn shipped_value(state: &pyrga::State, all_moves: bool) -> Option<Shipped> {
    if let Some(known) = solve::known_move_values(state) {
        let mut values: Vec<(pyrga::Move, Value)> = known
            .into_iter()
            .map(|(mv, after)| (mv, after.after_move()))
            .collect();
        values.sort_by_key(|&(_, value)| core::cmp::Reverse(value));
        let &(best, value) = values.first()?;
        if !all_moves {
            values.clear();
        }
        return Some(Shipped {
            moves: values,
            best,
            value,
        });
    }
    if all_moves {
        return None;
    }
    let entry = PyrgaBook::shipped(state.rules()).ok()?.best_move(state)?;
    Some(Shipped {
        moves: Vec::new(),
        best: entry.mv,
        value: entry.value?,
    })
}

/// `towers solve pyrga --table --shard K/N --out FILE` (a shard of the opening table from
/// `root` to `--plies`, solved by one solver with a table of `2^bits` buckets and no
/// limits) or `--merge FILE... --out FILE` (the checked table).
fn opening_table(
    root: &pyrga::State,
    args: &PyrgaSolveArgs,
    path: &Path,
    bits: u32,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let started = Instant::now();
    let table_args = &args.table;
    if table_args.merge.is_empty() {
        let settings = TableSettings::new(root.rules(), &args.position.moves, args.plies);
        let mut solver = PyrgaSolver::new(bits);
        let solved = solve::build_shard(
            &settings,
            table_args.shard,
            path,
            &mut solver,
            &progress::Stages::default(),
        )?;
        writeln!(
            out,
            "shard {} of {}: {solved} positions solved now, {} nodes, {:.1} s",
            table_args.shard,
            settings.subject(),
            solver.nodes(),
            started.elapsed().as_secs_f64()
        )?;
        return Ok(());
    }
    let table = solve::merge_shards(&table_args.merge)?;
    let bytes = table.write(path)?;
    let merged = started.elapsed().as_secs_f64();
    let consistent = table.check_consistency()?;
    let sampled = table.check_sample(table_args.sample, 0, 20)?;
    writeln!(
        out,
        "table {}: {}, {} positions, {bytes} bytes, merged in {merged:.1} s",
        path.display(),
        table.settings().subject(),
        table.len()
    )?;
    writeln!(
        out,
        "checked {consistent} positions against their children and {sampled} against proof-number search ({:.1} s in all)",
        started.elapsed().as_secs_f64()
    )?;
    let value = table
        .value(&table.settings().root()?)
        .ok_or(SolveError::Internal)?;
    writeln!(out, "{value}")?;
    Ok(())
}

/// `towers solve pyrga --verdict [search|proof]`: the verdict alone, by alpha-beta or by
/// proof numbers.
fn pyrga_verdict(
    method: VerdictMethod,
    state: &pyrga::State,
    limits: Limits,
    bits: u32,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let started = Instant::now();
    let (method, verdict, nodes) = if method == VerdictMethod::Proof {
        // Slots of 16 bytes: twice the alpha-beta buckets in the same memory.
        let mut solver = PyrgaProof::new(bits + 1).with_limits(limits);
        let verdict = solver.verdict(state)?;
        ("proof-number search (df-pn)", verdict, solver.nodes())
    } else {
        let mut solver = PyrgaSolver::new(bits).with_limits(limits);
        let verdict = solver.verdict(state)?;
        (
            "search (alpha-beta, the verdict only)",
            verdict,
            solver.nodes(),
        )
    };
    writeln!(out, "method {method}")?;
    writeln!(
        out,
        "nodes {nodes} seconds {:.3}",
        started.elapsed().as_secs_f64()
    )?;
    writeln!(out, "verdict {verdict}")?;
    Ok(())
}

/// The value of a finished Pyrga game for the player who would move.
fn finished_value(state: &pyrga::State) -> Result<Value, CliError> {
    Value::of_status(&pyrga::status(state), state.mover())
        .ok_or(CliError::Solve(SolveError::Internal))
}

/// Every legal move of `state` with its value for the player to move, best first (the
/// shortest win, then draws, then the longest loss; ties in the order of the moves), with
/// a progress bar and, with `--checkpoint`, each value saved as soon as it is proven.
fn all_move_values(
    state: &pyrga::State,
    solver: &mut PyrgaSolver,
    mut checkpoint: Option<&mut MoveValuesFile>,
) -> Result<Vec<(pyrga::Move, Value)>, CliError> {
    let known = checkpoint
        .as_ref()
        .map_or_else(Vec::new, |checkpoint| checkpoint.known().to_vec());
    let stages = progress::Stages::default();
    let mut saved = Ok(());
    let result = solver.move_values_resuming(state, &known, &stages, |mv, value| {
        stages.say(format!("(last: {mv}, {})", Value::describe_move(value)));
        if let (Some(checkpoint), Ok(())) = (checkpoint.as_mut(), &saved) {
            saved = checkpoint
                .save(mv, value)
                .map_err(refused(checkpoint.path()));
        }
    });
    saved?;
    let mut values: Vec<(pyrga::Move, Value)> = result
        .map_err(|error| match (error, checkpoint) {
            (SolveError::OutOfBudget { nodes }, Some(checkpoint)) => CliError::Unfinished {
                nodes,
                path: checkpoint.path().to_path_buf(),
            },
            (error, _) => error.into(),
        })?
        .into_iter()
        .map(|(mv, value)| (mv, value.after_move()))
        .collect();
    values.sort_by_key(|&(_, value)| core::cmp::Reverse(value));
    Ok(values)
}

/// The entries of the book of `rules` already at `path` (a copy of the shipped one, say, or
/// the last build of fewer plies), so that a build solves only the positions past it; none
/// when there is no file or a damaged book.
///
/// # Errors
/// Why the file must not be overwritten: it is not a book, or a book of other rules.
fn earlier_book(path: &Path, rules: pyrga::Rules) -> Result<Vec<(u64, BookEntry)>, String> {
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(Vec::new());
    };
    match PyrgaBook::from_bytes(&bytes) {
        Ok(book) if book.rules() == rules => Ok(book.entries().to_vec()),
        Ok(book) => Err(format!(
            "a book of the {} rules: it is not overwritten by one of the {rules} rules; give another file",
            book.rules()
        )),
        Err(BookError::NotABook) => {
            Err("not a Pyrga book: it is not overwritten; give another file".to_owned())
        }
        // A damaged book is built again, as if it were not there.
        Err(_) => Ok(Vec::new()),
    }
}

/// `towers solve pyrga --book FILE`: builds the opening book of the rules of `start` up to
/// ply `--plies` with `solver`, resuming from and saving to `FILE.checkpoint` and taking
/// the entries of a book of the same rules already at FILE, then writes FILE (a file that
/// is not a book, or a book of other rules, is refused, never overwritten). The last line is the
/// start's value, or its verdict when the book does not hold its value.
fn build_book(
    start: &pyrga::State,
    path: &Path,
    args: &PyrgaSolveArgs,
    solvers: &mut [PyrgaSolver],
    out: &mut impl Write,
) -> Result<(), CliError> {
    let refuse = |reason: String| CliError::File {
        path: path.to_path_buf(),
        reason,
    };
    if start.ply() > 0 {
        return Err(refuse(
            "a book starts from the start of the game: drop --moves".to_owned(),
        ));
    }
    let rules = start.rules();
    let earlier = earlier_book(path, rules).map_err(refuse)?;
    let mut checkpoint =
        BookCheckpoint::open(path, rules).map_err(refused(&BookCheckpoint::path_of(path)))?;
    let mut known = checkpoint.take_known();
    known.extend(earlier);
    let started = Instant::now();
    let mut solved = 0usize;
    let mut saved = Ok(());
    let plies = args.plies;
    let settings = BookSettings {
        exact_nodes: Some(args.exact_nodes),
        ..BookSettings::new(rules, plies)
    };
    let built = PyrgaBook::build(
        &settings,
        solvers,
        &known,
        &progress::Stages::default(),
        |key, entry| {
            solved += 1;
            if saved.is_ok() {
                saved = checkpoint
                    .save(key, entry)
                    .map_err(refused(checkpoint.path()));
            }
        },
    );
    saved?;
    let book = built.map_err(|error| match error {
        SolveError::OutOfBudget { nodes } => CliError::Unfinished {
            nodes,
            path: checkpoint.path().to_path_buf(),
        },
        error => error.into(),
    })?;
    let bytes = book.write(path).map_err(refused(path))?;
    let entry = book.best_move(start).ok_or(SolveError::Internal)?;
    let exact = book
        .entries()
        .iter()
        .filter(|(_, entry)| entry.value.is_some())
        .count();
    writeln!(
        out,
        "book {}: rules {rules}, plies 0 to {plies}, {} positions, {exact} with their exact value ({solved} solved now, the others from {} or the book there before), {} bytes",
        path.display(),
        book.len(),
        checkpoint.path().display(),
        bytes
    )?;
    writeln!(
        out,
        "nodes {} seconds {:.3}",
        solvers.iter().map(PyrgaSolver::nodes).sum::<u64>(),
        started.elapsed().as_secs_f64()
    )?;
    writeln!(out, "best {}", entry.mv)?;
    match entry.value {
        Some(value) => writeln!(out, "{value}")?,
        None => writeln!(out, "verdict {}", entry.verdict)?,
    }
    Ok(())
}

fn solve_pylos(args: &PylosSolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    let state = position::<pylos::State>(&args.position, &args.options.given)?;
    if args.build {
        build_pylos(args, &state, out)?;
    }
    // What a database that does not cover the position says, before the direct solve.
    let mut uncovered = None;
    if let Some(path) = args.db.as_deref() {
        let database = PylosDatabase::open(Path::new(path))?;
        if let Some(stride) = args.check {
            let started = Instant::now();
            let checked =
                database
                    .check(stride)
                    .map_err(|inconsistency| CliError::Inconsistent {
                        path: path.into(),
                        inconsistency,
                    })?;
            writeln!(
                out,
                "checked {checked} positions of {path}: consistent ({:.1} s)",
                started.elapsed().as_secs_f64()
            )?;
        }
        if let Some(compact) = args.compact.as_deref() {
            write_compact(&database, path, compact, args, out)?;
        }
        match database.best_move(&state) {
            Ok((best, value)) => {
                writeln!(out, "method database {path}")?;
                let line = args.pv.then(|| {
                    principal_variation(&state, |position| database.best_move(position).ok())
                });
                return finish(out, best, line, value);
            }
            Err(SolveError::NotCovered { reason }) => {
                let note = format!("database {path} does not cover the position: {reason}");
                if args.build || args.check.is_some() || args.compact.is_some() {
                    // The build, check or compact file was the point; no value for this
                    // position.
                    writeln!(out, "{note}")?;
                    return Ok(());
                }
                uncovered = Some(note);
            }
            Err(error) => return Err(error.into()),
        }
    }
    let started = Instant::now();
    // When neither the database nor the direct solve can answer, one error says both.
    let direct = PylosDirect::solve(&state, args.max_positions).map_err(|error| {
        let SolveError::OutOfBudget { nodes } = error else {
            return error.into();
        };
        let reason = format!(
            "more than {nodes} positions are reachable: too many to solve directly (raise \
             --max-positions, or give a --db that covers the position)"
        );
        match uncovered.take() {
            Some(note) => CliError::Uncovered { note, reason },
            None => CliError::Solve(SolveError::NotCovered { reason }),
        }
    })?;
    if let Some(note) = uncovered {
        writeln!(out, "{note}")?;
    }
    writeln!(
        out,
        "method direct ({} reachable positions, {:.3} s)",
        direct.positions(),
        started.elapsed().as_secs_f64()
    )?;
    let (best, value) = direct
        .best_move(&state)
        .ok_or(CliError::Solve(SolveError::Internal))?;
    let line = args
        .pv
        .then(|| principal_variation(&state, |position| direct.best_move(position)));
    finish(out, best, line, value)
}

/// `towers solve pylos --db FILE --compact OUT`: writes the compact form of `database`
/// (read from `path`) and verifies it.
fn write_compact(
    database: &PylosDatabase,
    path: &str,
    compact: &str,
    args: &PylosSolveArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let settings = CompactSettings {
        block: args.block,
        level: args.level,
    };
    let report =
        database.write_compact(Path::new(compact), &settings, &progress::Stages::default())?;
    let started = Instant::now();
    let written = PylosDatabase::open(Path::new(compact))?;
    written.verify()?;
    let source = std::fs::metadata(path).map_or(0, |meta| meta.len());
    writeln!(
        out,
        "compact {compact}: {} bytes ({:.1}% of {path}), {} blocks of {} values, level {}, \
         {:.1} s; verified in {:.1} s",
        report.bytes,
        100.0 * report.bytes as f64 / source.max(1) as f64,
        report.blocks,
        args.block,
        args.level,
        report.seconds,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// `towers solve pylos --build`: builds the database of `--min-balls` into `--db`,
/// printing what each stage did.
fn build_pylos(
    args: &PylosSolveArgs,
    state: &pylos::State,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let Some(path) = args.db.as_deref() else {
        return Err(CliError::Solve(SolveError::NotCovered {
            reason: "--build needs --db FILE to write the database to".to_owned(),
        }));
    };
    let started = Instant::now();
    let settings = BuildSettings {
        force: args.force,
        checkpoint_every: Duration::from_secs_f64(args.checkpoint_every),
    };
    let (database, reports) = PylosDatabase::build(
        state.config(),
        args.min_balls,
        Path::new(path),
        &settings,
        &progress::Stages::default(),
    )
    .map_err(|error| match error {
        SolveError::File(
            error @ FileError {
                kind: FileErrorKind::WouldOverwrite(_),
                ..
            },
        ) => CliError::WouldOverwrite(error),
        error => error.into(),
    })?;
    if let Some(count) = reports.count {
        writeln!(
            out,
            "count indices {} ongoing {} finished {} most-children {} seconds {:.1}",
            count.indices, count.ongoing, count.finished, count.most_children, count.seconds
        )?;
    }
    for layer in &reports.layers {
        writeln!(
            out,
            "distance {} positions {} settled {} seconds {:.1}",
            layer.plies, layer.frontier, layer.settled, layer.seconds
        )?;
    }
    if let Some(sweep) = reports.sweep {
        writeln!(
            out,
            "sweep indices {} positions {} seconds {:.1}",
            sweep.indices, sweep.positions, sweep.seconds
        )?;
    }
    let [wins, draws, losses] = database.census()?;
    writeln!(
        out,
        "built {path}: {} indices, {wins} wins, {draws} draws, {losses} losses, {:.1} s",
        database.header().positions,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// The longest principal variation printed: a drawn line goes on for ever.
const MAX_LINE: usize = 200;

/// Best moves from `state` to the end of the game (at most [`MAX_LINE`]), from a source
/// of best moves; it stops where the source knows no value.
fn principal_variation(
    state: &pylos::State,
    best: impl Fn(&pylos::State) -> Option<(Option<pylos::Move>, Value)>,
) -> Vec<pylos::Move> {
    let mut line = Vec::new();
    let mut position = *state;
    while line.len() < MAX_LINE {
        let Some((Some(mv), _)) = best(&position) else {
            break;
        };
        let Ok(next) = pylos::apply(&position, mv) else {
            break;
        };
        line.push(mv);
        position = next;
    }
    line
}

/// The last lines of a solve: the best move and the principal variation when known, then
/// the value line.
fn finish<M: std::fmt::Display>(
    out: &mut impl Write,
    best: Option<M>,
    line: Option<Vec<M>>,
    value: Value,
) -> Result<(), CliError> {
    if let Some(mv) = best {
        writeln!(out, "best {mv}")?;
    }
    if let Some(line) = line {
        writeln!(out, "pv {}", boardcore::format_record(&line))?;
    }
    writeln!(out, "{value}")?;
    Ok(())
}
