//! Pylos on the command line: `--variant children|standard|expert`, `--takeback 1-2|0-2`,
//! `--end nomove|reserve`, and the drawing of the pyramid.

use core::fmt::Write;

use boardcore::Player;
use pylos::{Config, EndRule, Spot, State, TakeBackRule, Variant};

use super::{CliGame, Style, parse_option, two_player_bot};
use crate::cli::GameOptions;
use crate::error::CliError;

impl CliGame for State {
    const OPTIONS: &'static [&'static str] = &["variant", "takeback", "end"];
    /// MCTS first: at the default level it finished first in 55 of 100 arena games
    /// against alpha-beta.
    const BOTS: &'static [&'static str] = &["mcts", "alphabeta", "random", "perfect"];

    /// Random games end within about 650 moves; bots that keep taking balls back can
    /// repeat positions for ever.
    const MAX_PLIES: usize = 1_000;

    fn bot(name: &str, level: bots::Level, seed: u64) -> Option<Box<dyn bots::Bot<Self>>> {
        if name == "perfect" {
            return Some(Box::new(super::perfect_bot(level)));
        }
        two_player_bot(name, level, seed)
    }

    fn config_from(options: &GameOptions) -> Result<Config, CliError> {
        let variant: Variant = parse_option(
            "variant",
            options.variant.as_deref(),
            "children, standard or expert",
        )?;
        let takeback: TakeBackRule =
            parse_option("takeback", options.takeback.as_deref(), "1-2 or 0-2")?;
        let end: EndRule = parse_option("end", options.end.as_deref(), "nomove or reserve")?;
        Ok(Config::new(variant, takeback, end))
    }

    /// The four levels side by side, rank 1 of each on the same line: `L` and `D` for the
    /// balls, `+` for an empty spot that can take a ball now, `.` for one that cannot yet.
    /// Then the reserves, the options and the player to move.
    fn draw(&self, style: Style) -> String {
        let open = self.open_spots();
        let mut text = String::from("level 0     level 1   level 2 apex\n");
        for rank in (0..4u8).rev() {
            let mut line = String::new();
            for level in 0..4u8 {
                let side = 4 - level;
                if level > 0 {
                    line.push_str("   ");
                }
                if rank >= side {
                    line.push_str(&" ".repeat(1 + 2 * usize::from(side)));
                    continue;
                }
                let _ = write!(line, "{}", rank + 1);
                for file in 0..side {
                    let mark =
                        Spot::new(level, file, rank).map_or(' ', |spot| match self.ball(spot) {
                            Some(Player::FIRST) => 'L',
                            Some(_) => 'D',
                            None if open.contains(spot.index()) => '+',
                            None => '.',
                        });
                    let _ = write!(line, " {mark}");
                }
            }
            let _ = writeln!(text, "{}", line.trim_end());
        }
        let _ = writeln!(text, "  a b c d     a b c     a b     a");
        for (player, name) in [(Player::FIRST, "Light"), (Player::SECOND, "Dark")] {
            let _ = writeln!(
                text,
                "{} (seat {player}): {} on the board, {} in reserve",
                style.seat(player, name),
                self.on_board(player),
                self.reserve(player)
            );
        }
        let mover = if self.to_move() == Player::FIRST {
            "Light"
        } else {
            "Dark"
        };
        let _ = writeln!(text, "Options {}; {mover} to move", self.config());
        text
    }
}
