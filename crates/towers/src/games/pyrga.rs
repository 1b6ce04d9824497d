//! Pyrga on the command line: `--rules standard|classic`, and the board drawing.

use core::fmt::Write;

use boardcore::{Direction, Game, Outcome, Player};
use pyrga::{Cell, Config, Rules, Shape, State, Tally};

use super::{CliGame, Style, centred, parse_option, two_player_bot};
use crate::cli::GameOptions;
use crate::error::CliError;

impl CliGame for State {
    const OPTIONS: &'static [&'static str] = &["rules"];
    const BOTS: &'static [&'static str] = &["alphabeta", "mcts", "random", "perfect"];
    const LONGEST_GAME: Option<u32> = Some(30);

    const RULES: &'static str = "\
Pyrga: White and Black build towers on a 4x4 board. Each has 5 squares (S), 5 triangles (T)
and 5 cylinders (C). A tower holds at most one piece of each shape, of either colour; with
three pieces it is complete, and the player who owns two or three of them controls it.
The first to control 3 complete towers wins.
Where you may play is set by the piece your opponent placed last:
  after a square, on a cell orthogonally next to it;
  after a triangle, on a cell along its arrow, up to the edge;
  after a cylinder, on the cylinder's own cell.
If none of those cells can take one of your pieces, play any piece on any empty cell.
Standard rules: if White's first piece is a square, White's second may not be one.
A move is the shape letter, the cell (a-d, 1-4) and, for a triangle, where it points
(n, e, s or w; never off the board):
  Sb2   a square on b2          Cd1   a cylinder on d1
  Ta1n  a triangle on a1 pointing north (towards rank 4)
The cells marked * under the board are where your next piece may go.
";

    const KEY: &'static str = "S square, T triangle pointing ^>v<, C cylinder; upper White, lower Black; * playable; W/B controls";

    const PALETTE: &'static [&'static str] = &["1;97", "1;90"];

    fn result(&self, outcome: &Outcome) -> String {
        let counts = |tally: Tally| [tally.complete, tally.two_piece, tally.one_piece];
        let white = counts(self.tally(Player::FIRST));
        let black = counts(self.tally(Player::SECOND));
        let Outcome::Winner(winner) = outcome else {
            return format!(
                "Draw: no more moves, and both have {} complete towers, {} of two pieces and \
                 {} of one",
                white[0], white[1], white[2]
            );
        };
        let (mine, theirs) = if *winner == Player::FIRST {
            (white, black)
        } else {
            (black, white)
        };
        let name = State::seat_name(*winner);
        if mine[0] >= 3 {
            return format!("{name} wins: controls {} towers", mine[0]);
        }
        let what = [
            "complete towers",
            "towers of two own pieces",
            "towers of one own piece",
        ];
        let deciding = (0..3).find(|&i| mine[i] != theirs[i]).unwrap_or(0);
        format!(
            "{name} wins: no more moves, and {name} has more {} ({} to {})",
            what[deciding], mine[deciding], theirs[deciding]
        )
    }

    fn bot(name: &str, level: bots::Level, seed: u64) -> Option<Box<dyn bots::Bot<Self>>> {
        if name == "perfect" {
            return Some(Box::new(super::perfect_bot(level)));
        }
        two_player_bot(name, level, seed)
    }

    fn config_from(options: &GameOptions) -> Result<Config, CliError> {
        let rules: Rules = parse_option("rules", options.rules.as_deref(), "standard or classic")?;
        Ok(Config::new(rules))
    }

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
