//! Architekton on the command line: `--building-match all|one`, and the table drawing.

use core::fmt::Write;

use architekton::{BuildingMatch, Config, Phase, PlacedTile, Stack, State, Tile};
use boardcore::{Direction, Game, Outcome, Player, SignedCoord};

use super::{CliGame, Style, general_bot, parse_option};
use crate::cli::GameOptions;
use crate::error::CliError;

impl CliGame for State {
    const OPTIONS: &'static [&'static str] = &["building-match"];
    const BOTS: &'static [&'static str] = &["mcts", "random"];

    const RULES: &'static str = "\
Architekton: Blue and Orange lay tiles on an open table. Landscapes show one terrain:
w water, e earth, p plain, f forest. Buildings show the four terrains, one on each side.
Landscapes and buildings alternate like a checkerboard: landscapes where x+y is even,
buildings where it is odd. Each turn you take two tiles from the display, one at a time.
A tile must touch the table along an edge. A landscape must match the facing side of at
least one building next to it; a building must face each landscape next to it with that
landscape's terrain (--building-match one: at least one of them).
Laying a building puts one of your houses on it (with none left in supply, you move one
of yours from the table: h@x,y). When a building with a house gets its fourth landscape,
it is scored for the house's owner: +1 when all four sides match, otherwise -1 for each
side that does not; the owner may then remove the house to lose one point less (keep or
remove). A player who cannot pay loses. At the end, points plus the largest group of one's
houses touching at corners decide.
Cells are x,y (x east, y north). A building's kind lists its sides from north clockwise,
and r1-r3 turns it clockwise by quarter-turns.
  p@0,2        lay a plain landscape on 0,2
  wepf@-1,0r3  lay building wepf on -1,0, turned three quarter-turns
  h@1,0        move your house off the building on 1,0 (empty supply)
  keep, remove keep or remove the house of a building just scored
  pass         when nothing can be laid
Chance turns up tiles (*p, *wepf) by itself.
";

    const KEY: &'static str =
        "W E P F water earth plain forest; a building: sides w e p f, house 0 Blue 1 Orange - none";

    const PALETTE: &'static [&'static str] = &["1;34", "1;38;5;208"];

    fn result(&self, outcome: &Outcome) -> String {
        if let Phase::Bankrupt(loser) = self.phase() {
            return format!("{} cannot pay and loses", State::seat_name(loser));
        }
        let total = |player: Player| self.final_score(player).total;
        match outcome {
            Outcome::Winner(winner) => format!(
                "{} wins: {} to {} (points plus the largest group of houses)",
                State::seat_name(*winner),
                total(*winner),
                total(winner.other())
            ),
            Outcome::Draw | Outcome::Ranking(_) => format!("Draw: {} each", total(Player::FIRST)),
        }
    }

    fn bot(name: &str, level: bots::Level, seed: u64) -> Option<Box<dyn bots::Bot<Self>>> {
        general_bot(name, level, seed)
    }

    fn config_from(options: &GameOptions) -> Result<Config, CliError> {
        let building_match: BuildingMatch = parse_option(
            "building-match",
            options.building_match.as_deref(),
            "all or one",
        )?;
        Ok(Config::new(building_match))
    }

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
            let _ = write!(
                text,
                "{}: {} points, houses {} in supply, {} on the table, {} removed",
                style.seat(
                    player,
                    &format!("{} (seat {player})", State::seat_name(player))
                ),
                self.points(player),
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
            Phase::Bankrupt(loser) => format!("seat {loser} could not pay"),
            Phase::Over => "the game is over".to_owned(),
        };
        let _ = writeln!(
            text,
            "Turn {} ({}): {phase}; rule {}",
            self.turn() + 1,
            style.name::<State>(self.to_move()),
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
