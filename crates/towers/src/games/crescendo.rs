//! Crescendo drawn in the terminal: the board of crosses with colours, towers and heights.

use core::fmt::Write;

use boardcore::SignedCoord;
use crescendo::{Colour, Phase, State};

use super::{CliGame, Style};

impl CliGame for State {
    const KEY: &'static str = "cell colour (W white, 0 Red 1 Blue 2 Yellow 3 Green), * protected,
     tower <owner><height>";

    const PALETTE: &'static [&'static str] = &["1;31", "1;34", "1;33", "1;32"];

    /// The board row by row, north first, with the `x` coordinates above and `y` on the
    /// left; each cell shows its colour (`W` white, `0`–`3` a player's colour) and its
    /// tower as owner and height (`..` when empty), `*` marking a protected tower. Then
    /// the round, the phase and each player's pawns. Towers take their owner's colour when
    /// `style` has colours.
    fn draw(&self, style: Style) -> String {
        let mut text = String::new();
        let board = self.board();
        match board.bounds() {
            None => text.push_str("(no cross laid yet)\n"),
            Some((low, high)) => {
                text.push_str("  y\\x");
                for x in low.x..=high.x {
                    let _ = write!(text, "{x:>5}");
                }
                text.push('\n');
                for y in (low.y..=high.y).rev() {
                    let mut row = format!("{y:>5}");
                    for x in low.x..=high.x {
                        let _ = write!(row, " {}", cell_text(self, SignedCoord::new(x, y), style));
                    }
                    text.push_str(row.trim_end());
                    text.push('\n');
                }
            }
        }
        let _ = writeln!(
            text,
            "Round {} ({} players, towers of {}); turn order {}; qualified {}; eliminated {}",
            self.round(),
            self.round_size(),
            self.target(),
            seats(self.round_players()),
            seats(self.qualified()),
            seats(self.eliminated()),
        );
        let phase = match self.phase() {
            Phase::Laying => format!("laying crosses ({} of 12 laid)", board.crosses().len()),
            Phase::Placing => "setting up pawns on the white cells".to_owned(),
            Phase::Extra => "setting up the extra pawns".to_owned(),
            Phase::Moving { to_move, idle } => format!(
                "movement, {} to move; {idle} of {} moves without progress",
                style.name::<State>(to_move),
                self.idle_limit()
            ),
            Phase::Scattering {
                mover,
                victim,
                left,
            } => format!(
                "{} places {left} scattered pawn(s) of {}",
                style.name::<State>(mover),
                style.name::<State>(victim)
            ),
            Phase::Over => "the match is over".to_owned(),
        };
        let _ = writeln!(text, "Phase: {phase}");
        for player in self.active_players() {
            let _ = writeln!(
                text,
                "{} ({player}): {} pawns on the board, tallest tower {}, {} on own colour",
                style.name::<State>(player),
                self.pawns_on_board(player),
                self.tallest(player),
                self.pawns_on_own_colour(player)
            );
        }
        text
    }
}

/// Five columns for the cell at `at`: blanks for a hole, else its colour, a space, and
/// its tower (`..` when empty, in its owner's colour with `style`) with `*` when protected.
fn cell_text(state: &State, at: SignedCoord, style: Style) -> String {
    let Some(cell) = state.board().cell_at(at) else {
        return "     ".to_owned();
    };
    let colour = cell.colour();
    let tower = state.tower(cell).map_or_else(
        || "..".to_owned(),
        |tower| style.seat(tower.owner, &format!("{}{}", tower.owner, tower.height)),
    );
    let protected = state
        .tower(cell)
        .is_some_and(|tower| colour == Colour::Player(tower.owner));
    format!("{colour} {tower}{}", if protected { '*' } else { ' ' })
}

/// Seats separated by spaces, or `-`.
fn seats(players: &[boardcore::Player]) -> String {
    if players.is_empty() {
        return "-".to_owned();
    }
    players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
