//! The text form of a position, and the validation every position read goes through.
//!
//! The form is seven fields separated by single spaces:
//!
//! 1. the pyramid, level 0 first, levels separated by `/`; in a level the ranks from the
//!    top one (north) down to rank 1, separated by `,`; in a rank one character per spot
//!    from file `a` on: `L` for a Light ball, `D` for a Dark ball, `.` for an empty spot;
//! 2. the player to move, `L` (Light, player 0) or `D` (Dark, player 1);
//! 3. and 4. the balls in Light's and Dark's reserves;
//! 5. to 7. the options: variant, take-back rule and end rule (as [`Config`] writes them).
//!
//! The start position is `....,....,....,..../...,...,.../..,../. L 15 15 standard 1-2 nomove`.
//! The reserves are redundant (each player owns 15 balls) and must agree with the board.

use core::fmt;
use core::str::FromStr;

use boardcore::{ParseError, Player, PositionError};

use crate::config::{Config, EndRule};
use crate::error::Invalid;
use crate::spot::{Spot, supported};
use crate::state::{BALLS_PER_PLAYER, State};

/// The letter of a player in the text form.
const fn player_letter(player: Player) -> char {
    if player.index() == 0 { 'L' } else { 'D' }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for level in 0..4u8 {
            if level > 0 {
                f.write_str("/")?;
            }
            let side = 4 - level;
            for rank in (0..side).rev() {
                if rank + 1 < side {
                    f.write_str(",")?;
                }
                for file in 0..side {
                    let letter = Spot::new(level, file, rank)
                        .and_then(|spot| self.ball(spot))
                        .map_or('.', player_letter);
                    write!(f, "{letter}")?;
                }
            }
        }
        write!(
            f,
            " {} {} {} {}",
            player_letter(self.to_move),
            self.reserve(Player::FIRST),
            self.reserve(Player::SECOND),
            self.config
        )
    }
}

impl FromStr for State {
    type Err = PositionError<Invalid>;

    /// Reads the text form and validates it (see [`State::validate`]); the reserves must
    /// be at most 15 and add up to 15 with the player's balls on the board.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax =
            |reason: &str| PositionError::Syntax(ParseError::new("position", text, reason));
        let fields: Vec<&str> = text.split(' ').collect();
        let [
            board,
            to_move,
            light_reserve,
            dark_reserve,
            variant,
            takeback,
            end,
        ] = fields.as_slice()
        else {
            return Err(syntax(
                "expected seven fields: pyramid, player to move, two reserves, variant, take-back rule, end rule",
            ));
        };
        let config: Config = format!("{variant} {takeback} {end}")
            .parse()
            .map_err(|e: ParseError| syntax(e.reason()))?;
        let mut state = State::new(config);
        state.to_move = match *to_move {
            "L" => Player::FIRST,
            "D" => Player::SECOND,
            _ => return Err(syntax("the player to move is L or D")),
        };
        read_board(&mut state, board).map_err(syntax)?;
        let reserve = |field: &str| {
            boardcore::parse_number::<u8>(field)
                .ok_or_else(|| syntax("a reserve is a number of balls"))
        };
        for (player, given) in [
            (Player::FIRST, reserve(light_reserve)?),
            (Player::SECOND, reserve(dark_reserve)?),
        ] {
            if given > BALLS_PER_PLAYER {
                return Err(PositionError::Invalid(Invalid::ReserveOverFull {
                    player,
                    reserve: given,
                }));
            }
            let on_board = state.on_board(player);
            if u32::from(on_board) + u32::from(given) != u32::from(BALLS_PER_PLAYER) {
                return Err(PositionError::Invalid(Invalid::BallCount {
                    player,
                    on_board,
                    reserve: given,
                }));
            }
        }
        state.validate().map_err(PositionError::Invalid)?;
        Ok(state)
    }
}

/// Puts the balls of the pyramid field on `state`'s board.
fn read_board(state: &mut State, board: &str) -> Result<(), &'static str> {
    let levels: Vec<&str> = board.split('/').collect();
    if levels.len() != 4 {
        return Err("the pyramid has four levels separated by /");
    }
    for (level, level_text) in (0u8..).zip(levels) {
        let side = 4 - level;
        let ranks: Vec<&str> = level_text.split(',').collect();
        if ranks.len() != usize::from(side) {
            return Err("level L has 4 - L ranks separated by ,");
        }
        for (rank_text, rank) in ranks.iter().zip((0..side).rev()) {
            if rank_text.len() != usize::from(side) {
                return Err("a rank of level L has 4 - L spots");
            }
            for (file, letter) in (0u8..).zip(rank_text.chars()) {
                let spot = Spot::new(level, file, rank).ok_or("a spot is off the pyramid")?;
                match letter {
                    'L' => state.balls[0] |= spot.bit(),
                    'D' => state.balls[1] |= spot.bit(),
                    '.' => {}
                    _ => return Err("a spot is L (Light), D (Dark) or . (empty)"),
                }
            }
        }
    }
    Ok(())
}

impl State {
    /// Checks that the position can occur in a game: no ball floats (every ball above
    /// level 0 rests on four balls), no player has more than 15 balls on the board, the
    /// apex ball (if any) is not the player to move's (filling the apex ends the game), and
    /// under the end rule `reserve` the player to move has a ball in reserve (an empty
    /// reserve at the end of a turn ends the game).
    ///
    /// Every position read from text, built with [`State::from_balls`] or deserialized
    /// passes through it. It does not replay history: some valid positions may be
    /// unreachable.
    ///
    /// # Errors
    /// The first [`Invalid`] reason found.
    pub fn validate(&self) -> Result<(), Invalid> {
        let occupied = self.occupied();
        if let Some(spot) = Spot::in_mask(occupied & !supported(occupied)).next() {
            return Err(Invalid::Floating { spot });
        }
        for player in Player::seats(2) {
            let on_board = self.on_board(player);
            if on_board > BALLS_PER_PLAYER {
                return Err(Invalid::BallCount {
                    player,
                    on_board,
                    reserve: 0,
                });
            }
        }
        if self.apex() == Some(self.to_move) {
            return Err(Invalid::ApexOfPlayerToMove);
        }
        if self.config.end == EndRule::Reserve && self.reserve(self.to_move) == 0 {
            return Err(Invalid::EmptyReserveToMove);
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(State);

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "....,....,....,..../...,...,.../..,../. L 15 15 standard 1-2 nomove";

    #[test]
    fn start_text() {
        let start = State::default();
        assert_eq!(start.to_string(), START);
        assert_eq!(START.parse::<State>().unwrap(), start);
    }

    #[test]
    fn text_of_a_played_position() {
        let state = State::default().replay("0a1 0b1 0a4").unwrap();
        let text = state.to_string();
        assert_eq!(
            text,
            "L...,....,....,LD../...,...,.../..,../. D 13 14 standard 1-2 nomove"
        );
        assert_eq!(text.parse::<State>().unwrap(), state);
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        let invalid = |text: &str| match text.parse::<State>() {
            Err(PositionError::Invalid(reason)) => reason,
            other => panic!("{text}: {other:?}"),
        };
        assert!(matches!(
            invalid("....,....,....,..../...,...,L../..,../. D 14 15 standard 1-2 nomove"),
            Invalid::Floating { .. }
        ));
        assert!(matches!(
            invalid("....,....,....,..../...,...,.../..,../. L 16 15 standard 1-2 nomove"),
            Invalid::ReserveOverFull { .. }
        ));
        assert!(matches!(
            invalid("....,....,....,L.../...,...,.../..,../. D 15 15 standard 1-2 nomove"),
            Invalid::BallCount { .. }
        ));
        for syntax in [
            "",
            "....,....,....,..../...,...,.../..,../. L 15 15 standard 1-2",
            "....,....,....,..../...,...,.../..,../. X 15 15 standard 1-2 nomove",
            "....,....,....,..../...,...,.../..,.. L 15 15 standard 1-2 nomove",
            "....,....,....,.../...,...,.../..,../. L 15 15 standard 1-2 nomove",
            "....,....,....,...x/...,...,.../..,../. L 15 15 standard 1-2 nomove",
            "....,....,....,..../...,...,.../..,../. L +15 15 standard 1-2 nomove",
            "....,....,....,..../...,...,.../..,../. L 15 15 classic 1-2 nomove",
            "....,....,....,..../...,...,.../..,../.  L 15 15 standard 1-2 nomove",
        ] {
            assert!(
                matches!(syntax.parse::<State>(), Err(PositionError::Syntax(_))),
                "{syntax}"
            );
        }
    }
}
