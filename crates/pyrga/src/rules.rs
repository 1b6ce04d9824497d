//! The rules: legal moves, playing a move, and the end of the game.

use boardcore::{Actor, Direction, MoveError, Outcome, Player, Status};

use crate::cell::{ALL_CELLS, Cell, RAYS, triangle_placements};
use crate::error::Illegal;
use crate::moves::{Move, MoveList};
use crate::shape::Shape;
use crate::state::State;

/// Where the player to move may place each shape: one mask of cells per shape (empty for
/// shapes the player may not play).
#[derive(Clone, Copy)]
pub(crate) struct Placements {
    pub(crate) cells: [u16; 3],
    /// Whether these are the cells the last piece sends play to (otherwise the fallback to
    /// empty cells, or the unconstrained first move).
    targeted: bool,
}

/// The placements of the player to move, ignoring whether the game was already won.
#[inline]
pub(crate) const fn placements(state: &State) -> Placements {
    let player = state.mover();
    let banned = state.square_banned();
    let targets = state.target_mask();
    let mut cells = [0u16; 3];
    let mut held = [false; 3];
    let mut any = 0u16;
    let mut s = 0;
    while s < 3 {
        let shape = Shape::ALL[s];
        held[s] = state.supply(player, shape) > 0 && !(banned && s == Shape::Square.index());
        if held[s] {
            cells[s] = targets & !state.occupied_by(shape);
            any |= cells[s];
        }
        s += 1;
    }
    if any != 0 {
        return Placements {
            cells,
            targeted: true,
        };
    }
    let empty = state.empty_cells() & ALL_CELLS;
    let mut s = 0;
    while s < 3 {
        cells[s] = if held[s] { empty } else { 0 };
        s += 1;
    }
    Placements {
        cells,
        targeted: false,
    }
}

/// Every legal move of `state`: squares, then triangles, then cylinders, each by cell
/// (`a1`, `b1`, … `d4`) and triangles by direction (n, e, s, w). Empty when the game is over.
///
/// The rules applied: the opponent's last piece sends play next to a square, ahead of a
/// triangle or onto a cylinder's cell; a placement there needs a cell without that shape
/// and a piece of that shape in hand. If there is none, any piece goes on any empty cell.
/// A triangle never points off the board.
///
/// ```
/// use pyrga::{legal_moves, Config, State};
///
/// let start = State::new(Config::default());
/// assert_eq!(legal_moves(&start).len(), 80);
/// let after = start.replay("Sb2").unwrap();
/// // Next to b2: a2, b1, b3, c2.
/// assert_eq!(legal_moves(&after).iter().filter(|m| m.to_string().starts_with('S')).count(), 4);
/// ```
pub fn legal_moves(state: &State) -> MoveList {
    if state.three_tower_winner().is_some() {
        return MoveList::new();
    }
    moves_of(placements(state).cells)
}

/// The moves of the placements `cells` (a mask of cells per shape), in the order of
/// [`legal_moves`].
pub(crate) fn moves_of(cells: [u16; 3]) -> MoveList {
    let mut moves = MoveList::new();
    for cell in Cell::in_mask(cells[Shape::Square.index()]) {
        moves.push(Move::Square(cell));
    }
    for cell in Cell::in_mask(cells[Shape::Triangle.index()]) {
        for direction in Direction::ALL {
            if RAYS[cell.index()][direction.index()] != 0 {
                moves.push(Move::Triangle(cell, direction));
            }
        }
    }
    for cell in Cell::in_mask(cells[Shape::Cylinder.index()]) {
        moves.push(Move::Cylinder(cell));
    }
    moves
}

/// The number of legal moves of `state`, counted from the masks without building the
/// moves (the same number as `legal_moves(state).len()`).
///
/// ```
/// use pyrga::{count_moves, Config, State};
///
/// assert_eq!(count_moves(&State::new(Config::default())), 80);
/// ```
#[inline]
pub const fn count_moves(state: &State) -> usize {
    if state.three_tower_winner().is_some() {
        return 0;
    }
    let Placements { cells, .. } = placements(state);
    (cells[0].count_ones() + triangle_placements(cells[1]) + cells[2].count_ones()) as usize
}

/// The status of `state`: the player to move, or the outcome.
///
/// The game ends when a player controls 3 complete towers (that player wins at once, even
/// if the opponent completed the third tower), or when the player to move cannot place
/// (no piece in hand, or nothing fits where the last piece allows and no cell is empty).
/// Then the players' [`Tally`](crate::Tally) decides: more complete towers controlled,
/// then more 2-piece towers, then more 1-piece towers; equal tallies are a draw.
///
/// ```
/// use pyrga::boardcore::{Outcome, Player, Status};
/// use pyrga::{status, Config, State};
///
/// let start = State::new(Config::default());
/// assert_eq!(status(&start).to_move(), Some(Player::FIRST));
/// ```
pub fn status(state: &State) -> Status {
    if let Some(winner) = state.three_tower_winner() {
        return Status::Finished(Outcome::Winner(winner));
    }
    if count_moves(state) > 0 {
        return Status::Ongoing(Actor::Player(state.mover()));
    }
    let white = state.tally(Player::FIRST);
    let black = state.tally(Player::SECOND);
    Status::Finished(match white.cmp(&black) {
        core::cmp::Ordering::Greater => Outcome::Winner(Player::FIRST),
        core::cmp::Ordering::Less => Outcome::Winner(Player::SECOND),
        core::cmp::Ordering::Equal => Outcome::Draw,
    })
}

/// The position after the player to move places `mv`; `state` is unchanged.
///
/// # Errors
/// [`MoveError::GameOver`] when the game is over, otherwise [`MoveError::Illegal`] with
/// the first rule `mv` breaks, checked in this order: [`Illegal::ShapeUsedUp`],
/// [`Illegal::SquareBanned`], [`Illegal::TriangleOffBoard`], [`Illegal::OutsideTargets`] or
/// [`Illegal::NotEmpty`], [`Illegal::ShapeTaken`].
///
/// ```
/// use pyrga::boardcore::MoveError;
/// use pyrga::{apply, Config, Illegal, State};
///
/// let state = State::new(Config::default()).replay("Cb2").unwrap();
/// let next = apply(&state, "Sb2".parse().unwrap()).unwrap();
/// assert_eq!(next.ply(), 2);
/// let error = apply(&state, "Sa1".parse().unwrap()).unwrap_err();
/// assert!(matches!(error, MoveError::Illegal(Illegal::OutsideTargets { .. })));
/// assert_eq!(error.to_string(), "a1 is not among the cells the last piece Cb2 allows");
/// ```
pub fn apply(state: &State, mv: Move) -> Result<State, MoveError<Illegal>> {
    if state.three_tower_winner().is_some() {
        return Err(MoveError::GameOver);
    }
    check(state, mv).map_err(|reason| {
        if count_moves(state) == 0 {
            MoveError::GameOver
        } else {
            MoveError::Illegal(reason)
        }
    })?;
    let mut next = *state;
    next.place(state.mover(), mv);
    Ok(next)
}

/// Whether the player to move may place `mv` (the game not being over).
fn check(state: &State, mv: Move) -> Result<(), Illegal> {
    let shape = mv.shape();
    let cell = mv.cell();
    if state.supply(state.mover(), shape) == 0 {
        return Err(Illegal::ShapeUsedUp { shape });
    }
    if shape == Shape::Square && state.square_banned() {
        return Err(Illegal::SquareBanned);
    }
    if let Move::Triangle(_, direction) = mv
        && !cell.can_point(direction)
    {
        return Err(Illegal::TriangleOffBoard { cell, direction });
    }
    let bit = cell.bit();
    let targets = state.target_mask();
    if targets & bit != 0 && state.occupied_by(shape) & bit == 0 {
        // One of the placements the last piece allows.
        return Ok(());
    }
    let placements = placements(state);
    if placements.cells[shape.index()] & bit != 0 {
        return Ok(());
    }
    Err(match state.last_move() {
        Some(last) if placements.targeted && targets & bit == 0 => {
            Illegal::OutsideTargets { cell, last }
        }
        Some(_) if placements.targeted => Illegal::ShapeTaken { cell, shape },
        _ => Illegal::NotEmpty { cell },
    })
}
