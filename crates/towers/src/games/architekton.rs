//! Architekton drawn in the terminal: the table of tiles, the display and the scores.

use core::fmt::Write;

use architekton::{Phase, PlacedTile, Stack, State, Tile};
use boardcore::{Direction, Game, Player, SignedCoord};

use super::{CliGame, Style};

impl CliGame for State {
    const KEY: &'static str = "W E P F water earth plain forest; a building: sides w e p f,
     house 0 Blue 1 Orange - none";

    const PALETTE: &'static [&'static str] = &["1;34", "1;38;5;208"];

    /// The table, five columns and three lines a cell: a landscape shows its terrain in
    /// upper case, a building its four sides around the seat of its house (`-` for none,
    /// in the seat's colour when the style has colours), an empty cell a dot. Then the
    /// display, the unseen tiles, the players and the phase.
    fn draw(&self, style: Style) -> String {
        let mut text = String::new();
        let tiles: Vec<PlacedTile> = self.tiles().collect();
        if tiles.is_empty() {
            text.push_str("(the table is empty: the start tiles are turned up first)\n");
        } else {
            draw_table(&mut text, &tiles, style);
        }
        let list = |stack: Stack, count: &dyn Fn(Tile) -> u8| {
            let names: Vec<String> = Tile::ALL
                .iter()
                .filter(|t| t.stack() == stack)
                .flat_map(|&t| std::iter::repeat_n(t.to_string(), usize::from(count(t))))
                .collect();
            if names.is_empty() {
                "-".to_owned()
            } else {
                names.join(" ")
            }
        };
        let _ = writeln!(
            text,
            "Display: landscapes {}; buildings {}",
            list(Stack::Landscape, &|t| self.in_display(t)),
            list(Stack::Building, &|t| self.in_display(t))
        );
        let _ = writeln!(
            text,
            "Unseen: {} landscapes, {} buildings; reserve {} and {}{}",
            self.unseen_total(Stack::Landscape),
            self.unseen_total(Stack::Building),
            self.reserve_left(Stack::Landscape),
            self.reserve_left(Stack::Building),
            if self.is_last_round() {
                "; last round"
            } else {
                ""
            }
        );
        for player in [Player::FIRST, Player::SECOND] {
            let points = self.points(player);
            let _ = write!(
                text,
                "{}: {points} point{}, houses {} in supply, {} on the table, {} removed",
                style.seat(
                    player,
                    &format!("{} (seat {player})", State::seat_name(player))
                ),
                if points == 1 { "" } else { "s" },
                self.supply(player),
                self.houses_on_table(player),
                self.removed(player)
            );
            if self.phase() == Phase::Over {
                let score = self.final_score(player);
                let _ = write!(
                    text,
                    "; final {} + group {} = {}",
                    score.points, score.group, score.total
                );
            }
            text.push('\n');
        }
        let phase = match self.phase() {
            Phase::Deal => "the deal".to_owned(),
            Phase::Lay => format!("tile {} of the turn", self.laid_this_turn() + 1),
            Phase::House { building } => format!("a house moves onto {building}"),
            Phase::Decide(pending) => format!(
                "keep or remove the house on {}",
                pending.current().unwrap_or(SignedCoord::ORIGIN)
            ),
            Phase::Refill => "the display is refilled".to_owned(),
            Phase::Redraw { left } => format!("redraw, {left} landscapes to turn up"),
            Phase::Bankrupt(loser) => format!("{} could not pay", State::seat_name(loser)),
            Phase::Over => "the game is over".to_owned(),
        };
        let _ = writeln!(
            text,
            "Turn {} ({}): {phase}; rule {}",
            self.turn() + 1,
            style.name::<State>(self.mover()),
            self.building_match()
        );
        text
    }
}

/// Draws the tiles with a margin of one cell, north at the top.
fn draw_table(text: &mut String, tiles: &[PlacedTile], style: Style) {
    let min_x = tiles.iter().map(|t| t.at.x).min().unwrap_or(0) - 1;
    let max_x = tiles.iter().map(|t| t.at.x).max().unwrap_or(0) + 1;
    let min_y = tiles.iter().map(|t| t.at.y).min().unwrap_or(0) - 1;
    let max_y = tiles.iter().map(|t| t.at.y).max().unwrap_or(0) + 1;
    let mut header = String::from("  y\\x");
    for x in min_x..=max_x {
        let _ = write!(header, "{x:^5}");
    }
    text.push_str(header.trim_end());
    text.push('\n');
    for y in (min_y..=max_y).rev() {
        let mut lines = [
            String::from("     "),
            format!("{y:>4} "),
            String::from("     "),
        ];
        for x in min_x..=max_x {
            let at = SignedCoord::new(x, y);
            let cell = tiles.iter().find(|t| t.at == at).map_or(
                ["     ".to_owned(), "  .  ".to_owned(), "     ".to_owned()],
                |tile| cell_lines(tile, style),
            );
            for (line, part) in lines.iter_mut().zip(cell) {
                line.push_str(&part);
            }
        }
        for line in lines {
            text.push_str(line.trim_end());
            text.push('\n');
        }
    }
}

/// The three lines of a tile.
fn cell_lines(tile: &PlacedTile, style: Style) -> [String; 3] {
    match tile.tile {
        Tile::Landscape(terrain) => [
            "     ".to_owned(),
            format!("  {}  ", terrain.letter().to_ascii_uppercase()),
            "     ".to_owned(),
        ],
        Tile::Building(_) => {
            let side = |d: Direction| tile.side(d).letter();
            let house = tile
                .house
                .map_or_else(|| "-".to_owned(), |p| style.seat(p, &p.to_string()));
            [
                format!("  {}  ", side(Direction::North)),
                format!(
                    "{} {house} {}",
                    side(Direction::West),
                    side(Direction::East)
                ),
                format!("  {}  ", side(Direction::South)),
            ]
        }
    }
}
