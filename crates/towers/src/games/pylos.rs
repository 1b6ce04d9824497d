//! Pylos on the command line: `--variant children|standard|expert`, `--takeback 1-2|0-2`,
//! `--end nomove|reserve`, and the drawing of the pyramid.

use core::fmt::Write;

use boardcore::{Game, Outcome, Player};
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

    const RULES: &'static str = "\
Pylos: Light and Dark, 15 balls each, build a pyramid: level 0 is 4x4, level 1 3x3,
level 2 2x2 and the apex sits alone on level 3. A spot above level 0 takes a ball only
when the four spots under it hold balls. Whoever places the apex ball wins; a player who
cannot move on their turn loses.
On your turn, place a ball from your reserve on a spot that can take it, or raise one of
your free balls (nothing on it) to a higher spot that can take it and that it does not
hold up, which saves a ball.
Completing a 2x2 square of your colour (standard; expert: also a line of four on level 0
or of three on level 1) takes back one or two of your free balls into your reserve
(children: never; --takeback 0-2: none is allowed too).
A spot is its level, file and rank: 0a1 to 0d4, 1a1 to 1c3, 2a1 to 2b2, the apex 3a1.
  0b2          place a ball on 0b2
  0a1-1b2      raise the ball on 0a1 to 1b2
  0b2x0b2x0a1  place on 0b2, then take back the balls on 0b2 and 0a1
The spots marked + on the board can take a ball now.
";

    const KEY: &'static str =
        "L Light ball, D Dark ball, + empty spot that can take a ball now, . not yet supported";

    const PALETTE: &'static [&'static str] = &["1;97", "1;90"];

    fn result(&self, outcome: &Outcome) -> String {
        let Outcome::Winner(winner) = outcome else {
            return "Draw".to_owned();
        };
        let (name, loser) = (State::seat_name(*winner), State::seat_name(winner.other()));
        if self.apex() == Some(*winner) {
            format!("{name} wins: placed the apex ball")
        } else if self.config().end == EndRule::Reserve && self.reserve(winner.other()) == 0 {
            format!("{name} wins: {loser} ended a turn with no ball left in reserve")
        } else {
            format!("{loser} has no move and loses")
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        pylos::perft(self, depth)
    }

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
        for player in [Player::FIRST, Player::SECOND] {
            let _ = writeln!(
                text,
                "{} (seat {player}): {} on the board, {} in reserve",
                style.name::<State>(player),
                self.on_board(player),
                self.reserve(player)
            );
        }
        let _ = writeln!(
            text,
            "Options {}; {} to move",
            self.config(),
            style.name::<State>(self.to_move())
        );
        text
    }
}
