//! The text form of a position, and the validation every position read goes through.
//!
//! The form is seven fields separated by single spaces:
//!
//! 1. the players who started the match: `4`, `3` or `2`;
//! 2. the round's players in turn order, as seat digits: `0123`, `201`;
//! 3. the players qualified in this round, in order, or `-`;
//! 4. the players eliminated in earlier rounds, the first round's first, or `-`;
//! 5. the phase: `lay`, `pawns`, `extras` (the three setup steps, whose player follows from
//!    the counts), `move:<player>:<moves without progress>:<moves of the round>`,
//!    `scatter:<mover>:<victim>:<pawns left>:<moves of the round>` or `over` (the forms
//!    without the round's moves are read too, as the fewest moves they imply: the moves
//!    without progress, or the one move that scattered);
//! 6. the crosses in laying order as `<x>,<y>r<rotation>` separated by `;`, or `-`;
//! 7. the towers as `<x>,<y>=<pawns>` separated by `;`, where the pawns are the owner's
//!    seat digit repeated once per pawn (`1,0=222` is a tower of 3 of player 2), or `-`.
//!    They are written in cell order and read in any order.
//!
//! For example, a match of two players after two crosses: `2 01 - - lay 0,0r0;2,1r1 -`.

use core::fmt;
use core::str::FromStr;

use boardcore::{MAX_PLAYERS, ParseError, Player, PositionError, SignedCoord, parse_number};

use crate::board::{Board, CROSSES, Cell, WHITE_CELLS};
use crate::config::Players;
use crate::cross::Cross;
use crate::error::Invalid;
use crate::state::{Lineup, Phase, State};

/// Writes a lineup as seat digits, or `-` when empty.
fn write_lineup(f: &mut fmt::Formatter<'_>, lineup: Lineup) -> fmt::Result {
    if lineup.len() == 0 {
        return f.write_str("-");
    }
    for player in lineup.as_slice() {
        write!(f, "{player}")?;
    }
    Ok(())
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.players)?;
        write_lineup(f, self.round_order)?;
        f.write_str(" ")?;
        write_lineup(f, self.qualified)?;
        f.write_str(" ")?;
        write_lineup(f, self.eliminated)?;
        match self.phase {
            Phase::Laying => f.write_str(" lay ")?,
            Phase::Placing => f.write_str(" pawns ")?,
            Phase::Extra => f.write_str(" extras ")?,
            Phase::Moving { to_move, idle } => {
                write!(f, " move:{to_move}:{idle}:{} ", self.moves)?;
            }
            Phase::Scattering {
                mover,
                victim,
                left,
            } => write!(f, " scatter:{mover}:{victim}:{left}:{} ", self.moves)?,
            Phase::Over => f.write_str(" over ")?,
        }
        if self.board.is_empty() {
            f.write_str("-")?;
        }
        for (index, cross) in self.board.crosses().iter().enumerate() {
            if index > 0 {
                f.write_str(";")?;
            }
            write!(f, "{cross}")?;
        }
        f.write_str(" ")?;
        let mut first = true;
        for cell in Cell::in_mask(self.occupied()) {
            let Some(tower) = self.tower(cell) else {
                continue;
            };
            if !first {
                f.write_str(";")?;
            }
            first = false;
            write!(f, "{}=", self.board.coord(cell))?;
            for _ in 0..tower.height {
                write!(f, "{}", tower.owner)?;
            }
        }
        if first {
            f.write_str("-")?;
        }
        Ok(())
    }
}

impl FromStr for State {
    type Err = PositionError<Invalid>;

    /// Reads the text form and validates it (see [`State::validate`]).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax =
            |reason: &str| PositionError::Syntax(ParseError::new("position", text, reason));
        let fields: Vec<&str> = text.split(' ').collect();
        let [
            players,
            order,
            qualified,
            eliminated,
            phase,
            crosses,
            towers,
        ] = fields.as_slice()
        else {
            return Err(syntax(
                "expected seven fields: players, round order, qualified, eliminated, phase, crosses, towers",
            ));
        };
        let players: Players = players
            .parse()
            .map_err(|_| syntax("the first field is the player count 2, 3 or 4"))?;
        let mut state = State::new(crate::Config::new(players));
        state.round_order = read_lineup(order).map_err(syntax)?;
        state.qualified = read_lineup(qualified).map_err(syntax)?;
        state.eliminated = read_lineup(eliminated).map_err(syntax)?;
        (state.phase, state.moves) = read_phase(phase).map_err(syntax)?;
        state.board = read_crosses(crosses, syntax)?;
        read_towers(&mut state, towers, syntax)?;
        state.validate().map_err(PositionError::Invalid)?;
        Ok(state)
    }
}

/// Reads seat digits (`-` for none), each seat at most once.
fn read_lineup(text: &str) -> Result<Lineup, &'static str> {
    let mut lineup = Lineup::EMPTY;
    if text == "-" {
        return Ok(lineup);
    }
    if text.is_empty() || text.len() > MAX_PLAYERS {
        return Err("a list of players is 1 to 4 seat digits, or -");
    }
    for digit in text.chars() {
        let player = digit
            .to_digit(10)
            .and_then(|d| Player::new(d as usize))
            .ok_or("a seat is a digit from 0 to 3")?;
        if !lineup.push(player) {
            return Err("a list of players names each seat once");
        }
    }
    Ok(lineup)
}

/// Reads the phase field: the phase and the moves of the round's movement phase. Without
/// the count of moves, it is the fewest the phase implies (the moves without progress; the
/// move that scattered).
fn read_phase(text: &str) -> Result<(Phase, u16), &'static str> {
    const REASON: &str = "the phase is lay, pawns, extras, move:<player>:<idle>:<moves>, scatter:<mover>:<victim>:<left>:<moves> or over";
    let parts: Vec<&str> = text.split(':').collect();
    let seat = |part: &str| part.parse::<Player>().map_err(|_| REASON);
    let number = |part: &str| parse_number::<u16>(part).ok_or(REASON);
    let (phase, moves) = match parts.as_slice() {
        ["lay"] => (Phase::Laying, None),
        ["pawns"] => (Phase::Placing, None),
        ["extras"] => (Phase::Extra, None),
        ["over"] => (Phase::Over, None),
        ["move", player, idle, moves @ ..] if moves.len() <= 1 => (
            Phase::Moving {
                to_move: seat(player)?,
                idle: number(idle)?,
            },
            moves.first(),
        ),
        ["scatter", mover, victim, left, moves @ ..] if moves.len() <= 1 => (
            Phase::Scattering {
                mover: seat(mover)?,
                victim: seat(victim)?,
                left: u8::try_from(number(left)?).map_err(|_| REASON)?,
            },
            moves.first(),
        ),
        _ => return Err(REASON),
    };
    let implied = match phase {
        Phase::Moving { idle, .. } => idle,
        Phase::Scattering { .. } => 1,
        _ => 0,
    };
    Ok((phase, moves.map_or(Ok(implied), |m| number(m))?))
}

/// Reads and lays the crosses, checking the laying rules.
fn read_crosses(
    text: &str,
    syntax: impl Fn(&str) -> PositionError<Invalid>,
) -> Result<Board, PositionError<Invalid>> {
    let mut board = Board::new();
    if text == "-" {
        return Ok(board);
    }
    for (index, part) in text.split(';').enumerate() {
        if index >= CROSSES {
            return Err(syntax("a board has at most 12 crosses"));
        }
        let cross: Cross = part
            .parse()
            .map_err(|_| syntax("a cross is x,y then r and its rotation, like 2,-1r3"))?;
        board
            .lay(cross)
            .map_err(|reason| PositionError::Invalid(Invalid::Cross { index, reason }))?;
    }
    Ok(board)
}

/// Reads the towers and puts them on the board.
fn read_towers(
    state: &mut State,
    text: &str,
    syntax: impl Fn(&str) -> PositionError<Invalid>,
) -> Result<(), PositionError<Invalid>> {
    if text == "-" {
        return Ok(());
    }
    for part in text.split(';') {
        let (at, pawns) = part
            .split_once('=')
            .ok_or_else(|| syntax("a tower is x,y=<owner digit once per pawn>"))?;
        let at: SignedCoord = at.parse().map_err(|_| syntax("a tower's cell is x,y"))?;
        if pawns.is_empty() || pawns.len() > 8 {
            return Err(syntax("a tower holds 1 to 7 pawns"));
        }
        let mut owners = pawns.chars().map(|digit| {
            digit
                .to_digit(10)
                .and_then(|d| Player::new(d as usize))
                .ok_or_else(|| syntax("a pawn is its owner's seat digit, 0 to 3"))
        });
        let owner = owners
            .next()
            .ok_or_else(|| syntax("a tower holds 1 to 7 pawns"))??;
        for other in owners {
            if other? != owner {
                return Err(PositionError::Invalid(Invalid::MixedTower { at }));
            }
        }
        let cell = state
            .board
            .cell_at(at)
            .ok_or(PositionError::Invalid(Invalid::OffBoard { at }))?;
        if state.occupied() & (1 << cell.index()) != 0 {
            return Err(syntax("a cell is listed twice"));
        }
        state.towers[owner.index()] |= 1 << cell.index();
        state.heights[cell.index()] = pawns.len() as u8;
    }
    Ok(())
}

impl State {
    /// Checks that the position can occur in a match:
    /// - the seats named belong to the match; the round's players and the eliminated
    ///   players make up the table (one eliminated per round played); the qualified players
    ///   are players of the round, fewer than its quota (in a finished match: the winner);
    /// - the crosses obey the laying rules (checked as they are read); 12 are laid after
    ///   the laying step;
    /// - towers hold one colour, belong to players still building (or to the finalists of a
    ///   finished match), and none holds all its owner's pawns;
    /// - the pawn counts fit the phase: setup pawns on white cells, one per cell, extras
    ///   in turn order making towers of 2; in the movement phase every player building has
    ///   all their pawns on the board (the victim of a scatter all but those still to
    ///   place); the player to move, the scatterer and the victim are players building;
    ///   the count of moves without progress is below the round's limit, and at most the
    ///   round's moves, which are below their limit (in a scatter: from 1 up to the
    ///   limit, the move that scattered being counted).
    ///
    /// Every position read from text or deserialized passes through it.
    ///
    /// # Errors
    /// The first [`Invalid`] reason found.
    pub fn validate(&self) -> Result<(), Invalid> {
        self.validate_seating()?;
        let crosses = self.board.crosses().len();
        let board_fits = match self.phase {
            Phase::Laying => crosses < CROSSES,
            _ => crosses == CROSSES,
        };
        if !board_fits {
            return Err(Invalid::CrossCount { crosses });
        }
        self.validate_towers()?;
        match self.phase {
            Phase::Laying => self.expect_pawns(|_| 0),
            Phase::Placing | Phase::Extra => self.validate_setup(),
            Phase::Moving { to_move, idle } => {
                self.expect_role(to_move)?;
                if idle >= self.idle_limit() {
                    return Err(Invalid::Idle {
                        idle,
                        limit: self.idle_limit(),
                    });
                }
                if idle > self.moves {
                    return Err(Invalid::IdleBeyondMoves {
                        idle,
                        moves: self.moves,
                    });
                }
                self.expect_round_moves(0..self.round_move_limit())?;
                self.expect_pawns(|_| u32::from(self.target()))
            }
            Phase::Scattering {
                mover,
                victim,
                left,
            } => {
                self.expect_role(mover)?;
                self.expect_role(victim)?;
                if victim == mover {
                    return Err(Invalid::Role { player: victim });
                }
                if left == 0 || left >= self.target() {
                    return Err(Invalid::Phase);
                }
                self.expect_round_moves(1..self.round_move_limit() + 1)?;
                self.expect_pawns(|p| {
                    u32::from(self.target()) - if p == victim { u32::from(left) } else { 0 }
                })
            }
            Phase::Over => self.validate_final_board(),
        }
    }

    /// The seats, the round's players, the qualified and the eliminated fit together.
    fn validate_seating(&self) -> Result<(), Invalid> {
        let seats = self.players.count();
        for &player in self
            .round_players()
            .iter()
            .chain(self.qualified())
            .chain(self.eliminated())
        {
            if player.index() >= seats {
                return Err(Invalid::NotSeated { player });
            }
        }
        let size = self.round_size();
        let over = self.phase == Phase::Over;
        // In a finished match the losing finalist is both a player of the final round and
        // the last one eliminated.
        let expected_out = seats - size + usize::from(over);
        let overlap = self
            .eliminated()
            .iter()
            .filter(|&&p| self.round_order.contains(p))
            .count();
        let overlap_fits = if over {
            overlap == 1
                && self
                    .eliminated()
                    .last()
                    .is_some_and(|&p| self.round_order.contains(p) && !self.qualified.contains(p))
        } else {
            overlap == 0
        };
        if size < 2 || self.eliminated.len() != expected_out || !overlap_fits {
            return Err(Invalid::Seating);
        }
        let in_round = self
            .qualified()
            .iter()
            .all(|&p| self.round_order.contains(p));
        let setup = matches!(self.phase, Phase::Laying | Phase::Placing | Phase::Extra);
        let count_fits = match self.phase {
            Phase::Over => self.qualified.len() == 1 && size == 2,
            _ if setup => self.qualified.len() == 0,
            _ => self.qualified.len() + 2 <= size,
        };
        if !in_round || !count_fits {
            return Err(Invalid::Qualified);
        }
        Ok(())
    }

    /// Towers belong to players in play and none is finished.
    fn validate_towers(&self) -> Result<(), Invalid> {
        for player in Player::seats(MAX_PLAYERS) {
            let allowed = if self.phase == Phase::Over {
                self.round_order.contains(player)
            } else {
                self.is_active(player)
            };
            if self.towers[player.index()] != 0 && !allowed {
                return Err(Invalid::NotPlaying { player });
            }
            for (cell, height) in self.towers_of(player) {
                if height >= self.target() {
                    return Err(Invalid::FinishedTower {
                        at: self.board.coord(cell),
                    });
                }
            }
        }
        Ok(())
    }

    /// The setup steps 2 and 3: pawns on white cells, one per cell; extras in turn order.
    fn validate_setup(&self) -> Result<(), Invalid> {
        let size = self.round_size();
        let total = self.total_pawns() as usize;
        for cell in Cell::in_mask(self.occupied()) {
            let height = self.heights[cell.index()];
            let fits =
                cell.is_white() && (height == 1 || (self.phase == Phase::Extra && height == 2));
            if !fits {
                return Err(Invalid::Setup {
                    at: self.board.coord(cell),
                });
            }
        }
        let whites = CROSSES / size;
        let counts_fit = match self.phase {
            Phase::Placing => total < CROSSES,
            _ => self.occupied() == WHITE_CELLS && total < CROSSES + 2 * size,
        };
        if !counts_fit {
            return Err(Invalid::Phase);
        }
        // The n-th move of a step was made by the player at n modulo the round size.
        let made = |moves: usize, turn: usize| moves / size + usize::from(turn < moves % size);
        for (turn, &player) in self.round_players().iter().enumerate() {
            let (cells, extras) = match self.phase {
                Phase::Placing => (made(total, turn), 0),
                _ => (whites, made(total - CROSSES, turn)),
            };
            let owned = self.towers[player.index()].count_ones() as usize;
            let found = self.pawns_on_board(player);
            let expected = (cells + extras) as u32;
            if owned != cells || found != expected {
                return Err(Invalid::PawnCount {
                    player,
                    expected,
                    found,
                });
            }
        }
        Ok(())
    }

    /// The moves of the round's movement phase lie in `range`.
    fn expect_round_moves(&self, range: core::ops::Range<u16>) -> Result<(), Invalid> {
        if range.contains(&self.moves) {
            Ok(())
        } else {
            Err(Invalid::RoundMoves {
                moves: self.moves,
                limit: self.round_move_limit(),
            })
        }
    }

    /// The player takes an active part in the round.
    fn expect_role(&self, player: Player) -> Result<(), Invalid> {
        if self.is_active(player) {
            Ok(())
        } else {
            Err(Invalid::Role { player })
        }
    }

    /// Each player still building has `expected(player)` pawns on the board.
    fn expect_pawns(&self, expected: impl Fn(Player) -> u32) -> Result<(), Invalid> {
        for player in self.active_players() {
            let (expected, found) = (expected(player), self.pawns_on_board(player));
            if expected != found {
                return Err(Invalid::PawnCount {
                    player,
                    expected,
                    found,
                });
            }
        }
        Ok(())
    }

    /// A finished match keeps the final's board: the loser has all their pawns, the
    /// winner all of them (a no-progress end) or none (a finished tower).
    fn validate_final_board(&self) -> Result<(), Invalid> {
        let target = u32::from(self.target());
        for &player in self.round_players() {
            let found = self.pawns_on_board(player);
            let winner = self.qualified.contains(player);
            if found != target && !(winner && found == 0) {
                return Err(Invalid::PawnCount {
                    player,
                    expected: target,
                    found,
                });
            }
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for State {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for State {
    /// Reads the text form; the position is validated like [`State::from_str`].
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
