//! The text form of a position, and the validation every position read goes through.
//!
//! The form is three fields separated by single spaces:
//!
//! 1. the board, rank 4 first, ranks separated by `/`; in a rank the four cells from `a` to
//!    `d` are separated by `,`; a run of empty cells is written as its length (`1`–`4`); a
//!    cell with pieces lists them as `S`, `T` plus its direction, `C`, upper case for White
//!    and lower case for Black (written in the order square, triangle, cylinder; read in
//!    any order);
//! 2. the last piece placed in move notation, or `-` before the first move;
//! 3. the rule set, `standard` or `classic`.
//!
//! The player to move is not written: White moves when both players have placed as many
//! pieces. For example, after `Sd3 Td2w` the position is `4/3,S/3,tw/4 Td2w standard`.

use core::fmt;
use core::str::FromStr;

use boardcore::{Direction, ParseError, Player, PositionError};

use crate::cell::Cell;
use crate::config::Rules;
use crate::error::Invalid;
use crate::moves::Move;
use crate::shape::Shape;
use crate::state::State;

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..4u8).rev() {
            let mut empty_run = 0;
            let mut first = true;
            let mut separator = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                Ok(())
            };
            for file in 0..4u8 {
                let Some(cell) = Cell::new(file, rank) else {
                    continue;
                };
                let tower = self.tower(cell);
                if tower.height() == 0 {
                    empty_run += 1;
                    continue;
                }
                if empty_run > 0 {
                    separator(f)?;
                    write!(f, "{empty_run}")?;
                    empty_run = 0;
                }
                separator(f)?;
                let letter = |shape: Shape, owner: Player| {
                    let upper = shape.letter();
                    if owner == Player::FIRST {
                        upper
                    } else {
                        upper.to_ascii_lowercase()
                    }
                };
                if let Some(owner) = tower.square {
                    write!(f, "{}", letter(Shape::Square, owner))?;
                }
                if let Some((owner, direction)) = tower.triangle {
                    write!(f, "{}{direction}", letter(Shape::Triangle, owner))?;
                }
                if let Some(owner) = tower.cylinder {
                    write!(f, "{}", letter(Shape::Cylinder, owner))?;
                }
            }
            if empty_run > 0 {
                separator(f)?;
                write!(f, "{empty_run}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        match self.last {
            Some(mv) => write!(f, " {mv} {}", self.rules),
            None => write!(f, " - {}", self.rules),
        }
    }
}

impl FromStr for State {
    type Err = PositionError<Invalid>;

    /// Reads the text form and validates it (see [`State::validate`]).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax =
            |reason: &str| PositionError::Syntax(ParseError::new("position", text, reason));
        let fields: Vec<&str> = text.split(' ').collect();
        let [board, last, rules] = fields.as_slice() else {
            return Err(syntax("expected three fields: board, last piece, rule set"));
        };
        let rules: Rules = rules
            .parse()
            .map_err(|_| syntax("the rule set is standard or classic"))?;
        let mut state = State::new(crate::Config::new(rules));
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 4 {
            return Err(syntax("the board has four ranks separated by /"));
        }
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = 3 - row as u8;
            let mut file = 0u8;
            for token in rank_text.split(',') {
                if let Ok(run) = token.parse::<u8>() {
                    if !(1..=4).contains(&run) || token.len() != 1 {
                        return Err(syntax("a run of empty cells is 1 to 4"));
                    }
                    file += run;
                    continue;
                }
                let cell = Cell::new(file, rank).ok_or_else(|| syntax("a rank has four cells"))?;
                read_cell(&mut state, cell, token).map_err(syntax)?;
                file += 1;
            }
            if file != 4 {
                return Err(syntax("a rank has four cells"));
            }
        }
        state.last = match *last {
            "-" => None,
            mv => Some(
                mv.parse::<Move>()
                    .map_err(|_| syntax("the last piece is a move like Tb3n, or -"))?,
            ),
        };
        state.validate().map_err(PositionError::Invalid)?;
        Ok(state)
    }
}

/// Puts the pieces of one cell token (`STnC`, `tsc`, …) on `cell`.
fn read_cell(state: &mut State, cell: Cell, token: &str) -> Result<(), &'static str> {
    if token.is_empty() {
        return Err("a cell is a run length or its pieces");
    }
    let mut chars = token.chars();
    while let Some(letter) = chars.next() {
        let shape = Shape::from_letter(letter.to_ascii_uppercase())
            .ok_or("a piece is S, T or C (upper case White, lower case Black)")?;
        let player = if letter.is_ascii_uppercase() {
            Player::FIRST
        } else {
            Player::SECOND
        };
        if state.occupied_by(shape) & cell.bit() != 0 {
            return Err("a cell holds at most one piece of each shape");
        }
        let direction = if shape == Shape::Triangle {
            Some(
                chars
                    .next()
                    .and_then(Direction::from_letter)
                    .ok_or("a triangle is followed by its direction n, e, s or w")?,
            )
        } else {
            None
        };
        let mv = Move::new(shape, cell, direction).ok_or("a triangle needs a direction")?;
        state.place(player, mv);
    }
    Ok(())
}

impl State {
    /// Checks that the position can occur in a game: at most 5 pieces of a shape per
    /// player, White one piece ahead of Black or level, no triangle pointing off the board,
    /// the last piece on the board and owned by the player who moved last, the opening
    /// square ban respected (rule set standard), and nobody playing on after a player
    /// controlled 3 towers.
    ///
    /// Every position read from text or deserialized passes through it.
    ///
    /// # Errors
    /// The first [`Invalid`] reason found.
    pub fn validate(&self) -> Result<(), Invalid> {
        for player in Player::seats(2) {
            for shape in Shape::ALL {
                if self.shape_mask(player, shape).count_ones() > u32::from(Shape::PER_PLAYER) {
                    return Err(Invalid::TooManyPieces { player, shape });
                }
            }
        }
        let (white, black) = (self.placed(Player::FIRST), self.placed(Player::SECOND));
        if white != black && white != black + 1 {
            return Err(Invalid::TurnCount { white, black });
        }
        let triangles = self.occupied_by(Shape::Triangle);
        for cell in Cell::in_mask(triangles) {
            if !cell.can_point(self.triangle_direction(cell)) {
                return Err(Invalid::TriangleOffBoard { cell });
            }
        }
        self.validate_last_move()?;
        if self.rules == Rules::Standard
            && white == 2
            && self.shape_mask(Player::FIRST, Shape::Square).count_ones() == 2
        {
            return Err(Invalid::TwoOpeningSquares);
        }
        let completed_last = self
            .last
            .map_or(0, |mv| self.complete_mask() & mv.cell().bit());
        for player in Player::seats(2) {
            let towers = self.controlled_mask(player).count_ones();
            let opponent_towers = self.controlled_mask(player.other()).count_ones();
            let won_by_last = completed_last & self.controlled_mask(player) != 0;
            if towers > 3 || (towers == 3 && (!won_by_last || opponent_towers >= 3)) {
                return Err(Invalid::PlayedOnAfterWin);
            }
        }
        Ok(())
    }

    fn validate_last_move(&self) -> Result<(), Invalid> {
        match self.last {
            None if self.ply() == 0 => Ok(()),
            Some(mv) if self.ply() > 0 => {
                let mover = self.mover().other();
                let cell = mv.cell();
                let owned = self.shape_mask(mover, mv.shape()) & cell.bit() != 0;
                let direction_matches = match mv {
                    Move::Triangle(_, direction) => self.triangle_direction(cell) == direction,
                    _ => true,
                };
                if owned && direction_matches {
                    Ok(())
                } else {
                    Err(Invalid::LastMove)
                }
            }
            _ => Err(Invalid::LastMove),
        }
    }
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(State);
