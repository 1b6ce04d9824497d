//! The inspection commands: `moves`, `perft`, `show`, `status`.

use std::io::Write;

use indicatif::{ProgressBar, ProgressStyle};

use boardcore::sorted_move_texts;

use crate::cli::{PerftArgs, PositionArgs};
use crate::error::CliError;
use crate::games::{CliGame, Style, board, config_of};

/// The position the arguments name: the game's start with its options, then the record.
///
/// # Errors
/// A bad option, or [`CliError::Record`] naming the ply, the move and the reason.
pub(crate) fn position<G: CliGame>(args: &PositionArgs) -> Result<G, CliError> {
    let start = G::new(config_of::<G>(&args.options)?);
    start
        .replay(&args.moves)
        .map_err(|error| CliError::Record(error.to_string()))
}

/// `towers moves`: the legal moves, one per line, sorted by their notation.
pub(crate) fn moves<G: CliGame>(args: &PositionArgs, out: &mut impl Write) -> Result<(), CliError> {
    let state = position::<G>(args)?;
    for mv in sorted_move_texts(&state) {
        writeln!(out, "{mv}")?;
    }
    Ok(())
}

/// `towers perft`: with `--divide`, each move and its count (sorted by notation); the total
/// on the last line. Counts come from the game's own perft where it has one.
pub(crate) fn perft<G: CliGame>(args: &PerftArgs, out: &mut impl Write) -> Result<(), CliError> {
    let state = position::<G>(&args.position)?;
    if let Some(longest) = G::LONGEST_GAME {
        let played = args.position.moves.split_whitespace().count() as u32;
        let left = longest.saturating_sub(played);
        if args.depth > left {
            return Err(CliError::TooDeep {
                depth: args.depth,
                game: G::NAME,
                longest,
                left,
            });
        }
    }
    if args.depth == 0 {
        writeln!(out, "{}", state.perft(0))?;
        return Ok(());
    }
    // Counted a first move at a time, with a progress bar on a terminal (hidden otherwise).
    let moves = state.legal_moves();
    let progress = ProgressBar::new(moves.len() as u64).with_style(
        ProgressStyle::with_template("{elapsed_precise} {bar:30} {pos}/{len} first moves counted")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut divided: Vec<(String, u64)> = moves
        .iter()
        .filter_map(|&mv| {
            let child = state.apply(mv).ok()?;
            let count = child.perft(args.depth - 1);
            progress.inc(1);
            Some((mv.to_string(), count))
        })
        .collect();
    progress.finish_and_clear();
    divided.sort_unstable();
    if args.divide {
        for (mv, count) in &divided {
            writeln!(out, "{mv} {count}")?;
        }
    }
    let total: u64 = divided.iter().map(|(_, count)| count).sum();
    writeln!(out, "{total}")?;
    Ok(())
}

/// `towers show`: the drawing, the position's text form and the status line.
pub(crate) fn show<G: CliGame>(args: &PositionArgs, out: &mut impl Write) -> Result<(), CliError> {
    let state = position::<G>(args)?;
    write!(out, "{}", board(&state, Style::detect::<G>()))?;
    writeln!(out, "position {state}")?;
    writeln!(out, "{}", state.status())?;
    Ok(())
}

/// `towers status`: the status line.
pub(crate) fn status<G: CliGame>(
    args: &PositionArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let state = position::<G>(args)?;
    writeln!(out, "{}", state.status())?;
    Ok(())
}
