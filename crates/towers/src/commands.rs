//! The inspection commands: `moves`, `perft`, `show`, `status`.

use std::io::Write;

use boardcore::sorted_move_texts;

use crate::cli::{ForGame, GameOptions, PerftArgs, PositionArgs};
use crate::error::CliError;
use crate::games::{CliGame, Style, board, config_of};
use crate::progress;

/// The position the arguments name: the game's start with its options, then the record.
///
/// # Errors
/// A bad option, or [`CliError::Record`] naming the ply, the move and the reason.
pub(crate) fn position<G: CliGame>(
    args: &PositionArgs,
    options: &GameOptions,
) -> Result<G, CliError> {
    let start = G::new(config_of::<G>(options)?);
    start
        .replay(&args.moves)
        .map_err(|error| CliError::Record(error.to_string()))
}

/// `towers moves`: the legal moves, one per line, sorted by their notation.
pub(crate) fn moves<G: CliGame>(
    args: &ForGame<PositionArgs>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let state = position::<G>(args, &args.options)?;
    for mv in sorted_move_texts(&state) {
        writeln!(out, "{mv}")?;
    }
    Ok(())
}

/// The fewest subtrees a `perft` count is split into, where the depth allows, so that its
/// progress bar moves.
const SUBTREES: usize = 100;

/// `towers perft`: with `--divide`, each move and its count (sorted by notation); the total
/// on the last line. Counts come from the game's own perft where it has one; a depth past
/// the longest game is counted 0 without a search.
pub(crate) fn perft<G: CliGame>(
    args: &ForGame<PerftArgs>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let state = position::<G>(&args.position, &args.options)?;
    // No line of the game is longer than its longest game: a count past that is 0 at once.
    let played = args.position.moves.split_whitespace().count() as u32;
    let past_the_end =
        G::LONGEST_GAME.is_some_and(|longest| args.depth > longest.saturating_sub(played));
    if args.depth == 0 {
        writeln!(out, "{}", state.perft(0))?;
        return Ok(());
    }
    // Counted a subtree at a time, with a progress bar on a terminal (hidden otherwise).
    // Each first move is followed some plies down, until there are enough subtrees for
    // the bar to move even on a count that takes hours.
    let moves = state.legal_moves();
    let mut subtrees: Vec<(usize, G)> = vec![];
    if !past_the_end {
        for (first, &mv) in moves.iter().enumerate() {
            subtrees.extend(state.apply(mv).ok().map(|child| (first, child)));
        }
    }
    let mut below = args.depth - 1;
    while below > 0 && subtrees.len() < SUBTREES {
        subtrees = subtrees
            .iter()
            .flat_map(|(first, parent)| {
                let moves = parent.legal_moves();
                let children: Vec<(usize, G)> = moves
                    .iter()
                    .filter_map(|&mv| parent.apply(mv).ok().map(|child| (*first, child)))
                    .collect();
                children
            })
            .collect();
        below -= 1;
    }
    let progress = progress::bar(subtrees.len() as u64, "subtrees counted");
    let mut counts = vec![0u64; moves.len()];
    for (first, subtree) in &subtrees {
        counts[*first] += subtree.perft(below);
        progress.inc(1);
    }
    progress.finish_and_clear();
    let mut divided: Vec<(String, u64)> =
        moves.iter().map(ToString::to_string).zip(counts).collect();
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
pub(crate) fn show<G: CliGame>(
    args: &ForGame<PositionArgs>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let state = position::<G>(args, &args.options)?;
    write!(out, "{}", board(&state, Style::detect::<G>()))?;
    writeln!(out, "position {state}")?;
    writeln!(out, "{}", state.status())?;
    Ok(())
}

/// `towers status`: the status line.
pub(crate) fn status<G: CliGame>(
    args: &ForGame<PositionArgs>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let state = position::<G>(args, &args.options)?;
    writeln!(out, "{}", state.status())?;
    Ok(())
}
