//! Crescendo on the command line: `--players 2|3|4`, its search and greedy bots, and the
//! board of crosses drawn with colours, towers and heights.

use core::fmt::Write;

use boardcore::{Game, Outcome, SignedCoord};
use bots::{Bot, GreedyBot, Level, crescendo_mcts};
use crescendo::{Colour, Config, Phase, Players, State};

use super::{CliGame, Style, general_bot, parse_option};
use crate::cli::GameOptions;
use crate::error::CliError;

impl CliGame for State {
    const OPTIONS: &'static [&'static str] = &["players"];

    /// Crescendo's search bot first: at the default level it wins most four-player
    /// matches against three greedy players and answers in a few hundredths of a second.
    const BOTS: &'static [&'static str] = &["mcts", "greedy", "random"];

    const RULES: &'static str = "\
Crescendo: 2 to 4 players (Red 0, Blue 1, Yellow 2, Green 3) race to stack all their
pawns into one tower. A round has a tower target of 5 (4 players), 6 (3) or 8 (2): the
first players to finish it qualify for the next round, and the final's winner wins.
Each round first builds its board from 12 crosses: a white centre and four arms, one of
each player's colour. Then each player puts pawns on the white cells in turn, then two
extra pawns on their own single pawns. Then players take turns moving: k pawns from the
top of one of your towers (or a single pawn) go exactly k cells in a straight line,
over anything, never off the board. Landing on your own tower joins it. Landing on
another player's tower scatters it, unless it stands on its owner's colour (protected);
you then place each scattered pawn on an empty cell of your choice.
Cells are x,y from the first cross's centre (x east, y north):
  X2,-1r3   lay a cross centred on 2,-1, turned 3 quarter-turns (the first cross: X0,0r0-3)
  P0,0      a setup pawn on the white cell 0,0
  E0,0      an extra pawn on your single pawn at 0,0
  M1,0n2    move 2 pawns of the tower on 1,0 two cells north (n, e, s or w)
  S-3,0     put a scattered pawn on -3,0
  pass      when no group can move
";

    const KEY: &'static str =
        "cell: colour (W white, 0 Red 1 Blue 2 Yellow 3 Green), tower <owner><height>, * protected";

    const PALETTE: &'static [&'static str] = &["1;31", "1;34", "1;33", "1;32"];

    fn result(&self, outcome: &Outcome) -> String {
        match outcome {
            Outcome::Winner(winner) => format!("{} wins the match", State::seat_name(*winner)),
            Outcome::Ranking(ranking) => {
                let mut seats = ranking.players().iter().copied();
                let first = seats.next().map_or("Nobody", State::seat_name);
                let rest: Vec<&str> = seats.map(State::seat_name).collect();
                if rest.is_empty() {
                    format!("{first} wins the match")
                } else {
                    format!("{first} wins the match; then {}", rest.join(", "))
                }
            }
            Outcome::Draw => "The match ends in a draw".to_owned(),
        }
    }

    fn config_from(options: &GameOptions) -> Result<Config, CliError> {
        let players: Players = parse_option("players", options.players.as_deref(), "2, 3 or 4")?;
        Ok(Config::new(players))
    }

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

    fn bot(name: &str, level: Level, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "mcts" => Some(Box::new(crescendo_mcts(level, seed))),
            "greedy" => Some(Box::new(GreedyBot::new(seed))),
            _ => general_bot(name, level, seed),
        }
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
