//! `towers solve`: the exact value of a Pyrga or Pylos position.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use solve::{Limits, PylosDatabase, PylosDirect, PyrgaSolver, SolveError, Value};

use crate::cli::SolveArgs;
use crate::commands::position;
use crate::error::CliError;

/// The transposition table of `towers solve pyrga`: 2^24 entries of 16 bytes (256 MiB).
const TABLE_BITS: u32 = 24;

/// Runs `towers solve`. The last line is `value win|draw|loss plies N` for the player to
/// move after the record; the lines before it say how the value was found.
pub(crate) fn solve(args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    match args.position.game.as_str() {
        "pyrga" => solve_pyrga(args, out),
        "pylos" => solve_pylos(args, out),
        other => Err(CliError::UnknownGame {
            name: other.to_owned(),
            known: "pyrga, pylos (the games towers solve knows)".to_owned(),
        }),
    }
}

fn solve_pyrga(args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    if args.db.is_some() || args.build {
        return Err(CliError::Solve(SolveError::NotCovered {
            reason: "Pyrga is solved by search: it has no database (drop --db and --build)"
                .to_owned(),
        }));
    }
    let state = position::<pyrga::State>(&args.position)?;
    let limits = Limits {
        nodes: args.nodes,
        time: Some(Duration::from_secs_f64(args.time.max(0.0))),
    };
    let mut solver = PyrgaSolver::new(TABLE_BITS).with_limits(limits);
    let started = Instant::now();
    let value = solver.solve(&state)?;
    writeln!(
        out,
        "method search (alpha-beta, transposition table of {} MiB)",
        solver.table_bytes() >> 20
    )?;
    writeln!(
        out,
        "nodes {} seconds {:.3}",
        solver.nodes(),
        started.elapsed().as_secs_f64()
    )?;
    if let Some((mv, _)) = solver.best_move(&state)? {
        writeln!(out, "best {mv}")?;
    }
    if args.pv {
        let line = solver.principal_variation(&state)?;
        writeln!(out, "pv {}", boardcore::format_record(&line))?;
    }
    writeln!(out, "{value}")?;
    Ok(())
}

fn solve_pylos(args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    let state = position::<pylos::State>(&args.position)?;
    if args.build {
        let Some(path) = args.db.as_deref() else {
            return Err(CliError::Solve(SolveError::NotCovered {
                reason: "--build needs --db FILE to write the database to".to_owned(),
            }));
        };
        let started = Instant::now();
        let (database, reports) =
            PylosDatabase::build(state.config(), args.min_balls, Path::new(path), true)?;
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
        let [wins, draws, losses] = database.census();
        writeln!(
            out,
            "built {path}: {} indices, {wins} wins, {draws} draws, {losses} losses, {:.1} s",
            database.header().positions,
            started.elapsed().as_secs_f64()
        )?;
    }
    if let Some(path) = args.db.as_deref() {
        let database = PylosDatabase::open(Path::new(path))?;
        if let Some(stride) = args.check {
            let started = Instant::now();
            let checked = database.check(stride).map_err(|reason| {
                CliError::Solve(SolveError::BadFile {
                    path: path.into(),
                    reason: format!("inconsistent values: {reason}"),
                })
            })?;
            writeln!(
                out,
                "checked {checked} positions of {path}: consistent ({:.1} s)",
                started.elapsed().as_secs_f64()
            )?;
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
                writeln!(out, "database {path} does not cover the position: {reason}")?;
                if args.build || args.check.is_some() {
                    // The build or the check was the point; no value for this position.
                    return Ok(());
                }
            }
            Err(error) => return Err(error.into()),
        }
    }
    let started = Instant::now();
    let direct = PylosDirect::solve(&state, args.max_positions).map_err(|error| match error {
        SolveError::OutOfBudget { nodes } => CliError::Solve(SolveError::NotCovered {
            reason: format!(
                "more than {nodes} positions are reachable: too many to solve directly \
                 (raise --max-positions, or give a --db that covers the position)"
            ),
        }),
        other => other.into(),
    })?;
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

fn finish(
    out: &mut impl Write,
    best: Option<pylos::Move>,
    line: Option<Vec<pylos::Move>>,
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
