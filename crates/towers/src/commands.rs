//! The inspection commands: `moves`, `perft`, `show`, `status`.

use std::io::Write;

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
    let total = if args.divide && args.depth > 0 {
        let mut divided: Vec<(String, u64)> = state
            .legal_moves()
            .iter()
            .filter_map(|&mv| {
                let child = state.apply(mv).ok()?;
                Some((mv.to_string(), child.perft(args.depth - 1)))
            })
            .collect();
        divided.sort_unstable();
        for (mv, count) in &divided {
            writeln!(out, "{mv} {count}")?;
        }
        divided.iter().map(|(_, count)| count).sum()
    } else {
        state.perft(args.depth)
    };
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
