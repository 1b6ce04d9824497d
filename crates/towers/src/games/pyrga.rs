//! Pyrga drawn in the terminal: the 4×4 board, the hands and the tower counts.

use core::fmt::Write;

use boardcore::{Direction, Player};
use pyrga::{Cell, Shape, State};

use super::{CliGame, Style, centred};

impl CliGame for State {
    const KEY: &'static str =
        "S square, T triangle pointing ^>v<, C cylinder; upper White, lower Black;
     * where the next piece may go, W/B who controls a complete tower";

    const PALETTE: &'static [&'static str] = &["1;97", "1;90"];

    /// Each cell shows its pieces (upper case White, lower case Black; a triangle as an
    /// arrow), and under them `*` where the next piece may go and `W`/`B` for the
    /// controller of a complete tower.
    fn draw(&self, style: Style) -> String {
        let targets = self.target_cells();
        let border = "  +------+------+------+------+\n";
        let mut text = String::from("     a      b      c      d\n");
        text.push_str(border);
        for rank in (0..4u8).rev() {
            let mut pieces = format!("{} |", rank + 1);
            let mut marks = String::from("  |");
            for file in 0..4u8 {
                let Some(cell) = Cell::new(file, rank) else {
                    continue;
                };
                let (plain, coloured) = cell_pieces(self, cell, style);
                let _ = write!(pieces, "{}|", centred(&coloured, plain.len(), 6));
                let tower = self.tower(cell);
                let mark = match tower.controller() {
                    Some(Player::FIRST) => "W",
                    Some(_) => "B",
                    None if targets.contains(cell.index()) => "*",
                    None => "",
                };
                let _ = write!(marks, "{mark:^6}|");
            }
            let _ = writeln!(text, "{pieces}\n{marks}");
            text.push_str(border);
        }
        for player in [Player::FIRST, Player::SECOND] {
            let hand: Vec<String> = Shape::ALL
                .iter()
                .map(|&shape| format!("{} {}", self.supply(player, shape), shape.letter()))
                .collect();
            let _ = write!(
                text,
                "{} (seat {player}) has in hand {}",
                style.name::<State>(player),
                hand.join(", ")
            );
            let tally = self.tally(player);
            let _ = writeln!(
                text,
                "; towers {} complete, {} of two, {} of one",
                tally.complete, tally.two_piece, tally.one_piece
            );
        }
        let last = self
            .last_move()
            .map_or_else(|| "none".to_owned(), |mv| mv.to_string());
        let _ = writeln!(text, "Rules {}; last piece {last}", self.rules());
        text
    }
}

/// The pieces of a cell, for example `S t> C`: as plain text (for its width) and styled.
fn cell_pieces(state: &State, cell: Cell, style: Style) -> (String, String) {
    let tower = state.tower(cell);
    let mut parts: Vec<(Player, String)> = Vec::new();
    if let Some(owner) = tower.square {
        parts.push((owner, "S".to_owned()));
    }
    if let Some((owner, direction)) = tower.triangle {
        let arrow = match direction {
            Direction::North => '^',
            Direction::East => '>',
            Direction::South => 'v',
            Direction::West => '<',
        };
        parts.push((owner, format!("T{arrow}")));
    }
    if let Some(owner) = tower.cylinder {
        parts.push((owner, "C".to_owned()));
    }
    let letters: Vec<(Player, String)> = parts
        .into_iter()
        .map(|(owner, text)| {
            let text = if owner == Player::FIRST {
                text
            } else {
                text.to_ascii_lowercase()
            };
            (owner, text)
        })
        .collect();
    let plain = letters
        .iter()
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let styled = letters
        .iter()
        .map(|(owner, t)| style.seat(*owner, t))
        .collect::<Vec<_>>()
        .join(" ");
    (plain, styled)
}
