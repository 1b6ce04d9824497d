//! Pylos drawn in the terminal: the pyramid level by level, and the reserves.

use core::fmt::Write;

use boardcore::Player;
use pylos::{Spot, State};

use super::{CliGame, Style};

impl CliGame for State {
    const KEY: &'static str =
        "L Light ball, D Dark ball, + empty spot that can take a ball, . unsupported";

    const PALETTE: &'static [&'static str] = &["1;97", "1;90"];

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
            style.name::<State>(self.mover())
        );
        text
    }
}
