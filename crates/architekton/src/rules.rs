//! The rules: legal moves, chance outcomes, playing a move, and the status.

use core::ops::ControlFlow;

use boardcore::{
    Actor, Direction, Generator, MoveError, Outcome, Player, SignedCoord, Status, Weighted,
};

use crate::config::BuildingMatch;
use crate::error::Illegal;
use crate::generate::{can_lay, for_each_lay};
use crate::moves::{ChanceList, Lay, Move, MoveList};
use crate::state::{DISPLAY_SIZE, Pending, Phase, State};
use crate::table::{Probe, Slot, is_landscape_cell};
use crate::tile::{Rotation, Stack, Tile};

/// Every legal move of `state`, in this order:
/// - when chance decides: one draw per kind of the stack being drawn with a tile unseen,
///   in [`Tile::ALL`] order (the same moves as [`chance_outcomes`]);
/// - when a tile is laid: every placement by cell (ascending `(y, x)`), then landscapes by
///   terrain, then buildings by kind and rotation; or `pass` alone when nothing can be laid
///   (and the display cannot be redrawn);
/// - when a house must move: `h@` each of the player's houses on the table, by cell;
/// - when an owner decides: `keep`, `remove`.
///
/// Empty when the game is over. The list never allocates; [`MAX_MOVES`](crate::MAX_MOVES)
/// bounds it.
///
/// ```
/// use architekton::{legal_moves, Config, Move, State};
///
/// let start = State::new(Config::default());
/// // The first start tile: any of the 4 terrains, 6 unseen of each.
/// assert_eq!(legal_moves(&start).len(), 4);
/// let dealt = start.replay("*p *p *w *e *f *wepf *wepf *wpfe").unwrap();
/// let moves = legal_moves(&dealt);
/// // No building lies on the table yet, so only buildings can be laid.
/// assert!(moves.iter().all(|m| matches!(m, Move::Lay(l) if l.tile.to_string().len() == 4)));
/// ```
pub fn legal_moves(state: &State) -> MoveList {
    let mut moves = MoveList::new();
    legal_moves_into(state, &mut moves);
    moves
}

/// Replaces the contents of `moves` with the legal moves of `state`, in the order of
/// [`legal_moves`].
///
/// The list has room for [`MAX_MOVES`](crate::MAX_MOVES) moves (a few kilobytes), and
/// returning it by value may copy all of it; a search or playout loop that keeps one list
/// and refills it here avoids that copy.
///
/// ```
/// use architekton::{legal_moves, legal_moves_into, Config, MoveList, State};
///
/// let dealt = State::new(Config::default()).replay("*p *w *w *e *f *wepf *wefp *wpfe").unwrap();
/// let mut moves = MoveList::new();
/// legal_moves_into(&dealt, &mut moves);
/// assert_eq!(moves, legal_moves(&dealt));
/// ```
#[inline(never)]
pub fn legal_moves_into(state: &State, moves: &mut MoveList) {
    moves.clear();
    match state.phase {
        Phase::Deal | Phase::Refill | Phase::Redraw { .. } => {
            moves.extend(chance_outcomes(state).iter().map(|w| w.outcome));
        }
        Phase::Lay => {
            for_each_lay(state, |lay| {
                // The bound is proven (see `MAX_MOVES`): the list is never full.
                match moves.try_push(Move::Lay(lay)) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                }
            });
            if moves.is_empty() {
                moves.push(Move::Pass);
            }
        }
        Phase::House { .. } => {
            let player = state.mover();
            moves.extend(
                state
                    .table
                    .slots()
                    .iter()
                    .filter(|slot| slot.house() == Some(player))
                    .map(|slot| Move::MoveHouse(slot.at())),
            );
        }
        Phase::Decide(_) => {
            moves.push(Move::Keep);
            moves.push(Move::Remove);
        }
        Phase::Bankrupt(_) | Phase::Over => {}
    }
}

/// The number of legal moves of `state` (the same number as `legal_moves(state).len()`),
/// counted without building the list.
///
/// ```
/// use architekton::{count_moves, legal_moves, Config, State};
///
/// let dealt = State::new(Config::default()).replay("*p *w *w *e *f *wepf *wefp *wpfe").unwrap();
/// assert_eq!(count_moves(&dealt), legal_moves(&dealt).len());
/// ```
pub fn count_moves(state: &State) -> usize {
    match state.phase {
        Phase::Lay => {
            let mut count = 0;
            for_each_lay(state, |_| {
                count += 1;
                ControlFlow::Continue(())
            });
            count.max(1)
        }
        Phase::Decide(_) => 2,
        Phase::Bankrupt(_) | Phase::Over => 0,
        Phase::House { .. } => usize::from(state.houses_on_table(state.mover())),
        Phase::Deal | Phase::Refill | Phase::Redraw { .. } => chance_outcomes(state).len(),
    }
}

/// The possible tiles when chance decides (a start tile, a display refill, a redraw):
/// every kind of the stack being drawn with unseen tiles, weighted by how many are unseen.
/// Tiles in the reserve count like the others: nobody may look at them, so every unseen
/// tile is equally likely. Empty when a player decides or the game is over.
///
/// ```
/// use architekton::{chance_outcomes, Config, Move, State};
///
/// let start = State::new(Config::default());
/// let outcomes = chance_outcomes(&start);
/// assert_eq!(outcomes.len(), 4);
/// assert!(outcomes.iter().all(|w| w.weight == 6));
/// let after = start.replay("*p").unwrap();
/// let plain = chance_outcomes(&after).into_iter().find(|w| w.outcome.to_string() == "*p").unwrap();
/// assert_eq!(plain.weight, 5);
/// ```
pub fn chance_outcomes(state: &State) -> ChanceList {
    let mut outcomes = ChanceList::new();
    if let Some(stack) = state.draw_due() {
        for index in stack.tile_range() {
            let weight = state.unseen[index];
            if let (Some(tile), true) = (Tile::from_index(index), weight > 0) {
                outcomes.push(Weighted {
                    outcome: Move::Draw(tile),
                    weight: u32::from(weight),
                });
            }
        }
    }
    outcomes
}

/// A chance outcome drawn with the caller's generator, by weight; `None` when chance does
/// not decide.
///
/// ```
/// use architekton::{apply, sample_chance, Config, State};
/// use architekton::boardcore::SeededRng;
///
/// let mut rng = SeededRng::new(7);
/// let mut state = State::new(Config::default());
/// while let Some(draw) = sample_chance(&state, &mut rng) {
///     state = apply(&state, draw).unwrap();
/// }
/// assert_eq!(state.table_len(), 2);
/// ```
pub fn sample_chance<R: Generator + ?Sized>(state: &State, rng: &mut R) -> Option<Move> {
    boardcore::sample(rng, &chance_outcomes(state))
}

/// The status of `state`: who decides next (chance, the player to move, or the owner of
/// an enclosed building), or the outcome.
///
/// A player who cannot pay for an enclosed building loses at once. Otherwise the game
/// ends after the last round; each player's [`FinalScore`](crate::FinalScore) total
/// decides, equal totals are a draw.
///
/// ```
/// use architekton::{status, Config, State};
/// use architekton::boardcore::{Actor, Status};
///
/// assert_eq!(status(&State::new(Config::default())), Status::Ongoing(Actor::Chance));
/// ```
pub fn status(state: &State) -> Status {
    match state.phase {
        Phase::Deal | Phase::Refill | Phase::Redraw { .. } => Status::Ongoing(Actor::Chance),
        Phase::Lay | Phase::House { .. } => Status::Ongoing(Actor::Player(state.mover())),
        Phase::Decide(pending) => Status::Ongoing(Actor::Player(
            pending
                .current()
                .and_then(|at| state.table.get(at))
                .and_then(crate::table::Slot::house)
                .unwrap_or(state.mover()),
        )),
        Phase::Bankrupt(loser) => Status::Finished(Outcome::Winner(loser.other())),
        Phase::Over => {
            let first = state.final_score(Player::FIRST).total;
            let second = state.final_score(Player::SECOND).total;
            Status::Finished(match first.cmp(&second) {
                core::cmp::Ordering::Greater => Outcome::Winner(Player::FIRST),
                core::cmp::Ordering::Less => Outcome::Winner(Player::SECOND),
                core::cmp::Ordering::Equal => Outcome::Draw,
            })
        }
    }
}

/// The position after `mv`; `state` is unchanged.
///
/// # Errors
/// [`MoveError::GameOver`] when the game is over, otherwise [`MoveError::Illegal`] with the
/// rule `mv` breaks. For a placement the checks run in this order:
/// [`Illegal::NotInDisplay`], [`Illegal::LandscapeRotated`], [`Illegal::CellTaken`],
/// [`Illegal::OffCheckerboard`], [`Illegal::NoContact`], [`Illegal::NoHouse`], then
/// matching ([`Illegal::NoMatchingBuilding`], [`Illegal::SideMismatch`],
/// [`Illegal::NoMatchingSide`]).
///
/// ```
/// use architekton::{apply, Config, Illegal, State};
/// use architekton::boardcore::MoveError;
///
/// let dealt = State::new(Config::default()).replay("*p *w *w *e *f *wepf *wefp *wpfe").unwrap();
/// let next = apply(&dealt, "wepf@-1,0r3".parse().unwrap()).unwrap();
/// assert_eq!(next.laid_this_turn(), 1);
/// let error = apply(&dealt, "wepf@-1,0".parse().unwrap()).unwrap_err();
/// assert!(matches!(error, MoveError::Illegal(Illegal::SideMismatch { .. })));
/// assert_eq!(
///     error.to_string(),
///     "the building's earth side faces a plain landscape; every side next to a landscape must match"
/// );
/// ```
pub fn apply(state: &State, mv: Move) -> Result<State, MoveError<Illegal>> {
    // Built in place in the returned value, so the state is copied once.
    let mut result = Ok(*state);
    if let Ok(next) = &mut result
        && let Err(error) = next.play(mv)
    {
        return Err(error);
    }
    result
}

/// Plays `mv` on `state`, which becomes the position [`apply`] returns, without copying
/// the state (about 660 bytes); on an error `state` is left exactly as it was. For loops
/// that own their position, such as random playouts.
///
/// # Errors
/// The errors of [`apply`], in the same order.
///
/// ```
/// use architekton::{apply, apply_in_place, Config, State};
///
/// let mut state = State::new(Config::default()).replay("*p *w *w *e *f *wepf *wefp *wpfe").unwrap();
/// let before = state;
/// assert!(apply_in_place(&mut state, "wepf@-1,0".parse().unwrap()).is_err());
/// assert_eq!(state, before);
/// let mv = "wepf@-1,0r3".parse().unwrap();
/// apply_in_place(&mut state, mv).unwrap();
/// assert_eq!(state, apply(&before, mv).unwrap());
/// ```
pub fn apply_in_place(state: &mut State, mv: Move) -> Result<(), MoveError<Illegal>> {
    state.play(mv)
}

impl State {
    /// The stack chance draws from next, if chance decides.
    pub(crate) fn draw_due(&self) -> Option<Stack> {
        let fill = || {
            Stack::ALL.into_iter().find(|&stack| {
                self.display_total(stack) < DISPLAY_SIZE && self.unseen_total(stack) > 0
            })
        };
        match self.phase {
            Phase::Deal if self.table.len() < 2 => Some(Stack::Landscape),
            Phase::Deal | Phase::Refill => fill(),
            Phase::Redraw { left } if left > 0 => Some(Stack::Landscape),
            _ => None,
        }
    }

    /// Plays `mv` on this state. Every check runs before the first change, so on an
    /// error the state is as it was.
    fn play(&mut self, mv: Move) -> Result<(), MoveError<Illegal>> {
        let illegal = |reason| Err(MoveError::Illegal(reason));
        match (self.phase, mv) {
            (Phase::Bankrupt(_) | Phase::Over, _) => Err(MoveError::GameOver),
            (Phase::Deal | Phase::Refill | Phase::Redraw { .. }, mv) => {
                let expected = self.draw_due().unwrap_or(Stack::Landscape);
                match mv {
                    Move::Draw(tile) if tile.stack() != expected => {
                        illegal(Illegal::WrongStack { expected, tile })
                    }
                    Move::Draw(tile) if self.unseen(tile) == 0 => {
                        illegal(Illegal::NotUnseen { tile })
                    }
                    Move::Draw(tile) => {
                        self.draw(tile);
                        Ok(())
                    }
                    _ => illegal(Illegal::ChanceDecides { expected }),
                }
            }
            (_, Move::Draw(_)) => illegal(Illegal::NoDraw),
            (Phase::Decide(pending), Move::Keep | Move::Remove) => {
                self.decide(pending, mv == Move::Remove);
                Ok(())
            }
            (Phase::Decide(pending), _) => {
                let building = pending.current().unwrap_or(SignedCoord::ORIGIN);
                let owner = status(self).to_move().unwrap_or(self.mover());
                illegal(Illegal::DecisionPending { owner, building })
            }
            (_, Move::Keep | Move::Remove) => illegal(Illegal::NotADecision),
            (Phase::House { building }, Move::MoveHouse(from)) => {
                let player = self.mover();
                match self.table.get_mut(from) {
                    Some(slot) if slot.house() == Some(player) => slot.set_house(None),
                    _ => return illegal(Illegal::NotYourHouse { player, at: from }),
                }
                if let Some(slot) = self.table.get_mut(building) {
                    slot.set_house(Some(player));
                }
                self.score([Some(building), None, None, None]);
                Ok(())
            }
            (Phase::House { building }, _) => illegal(Illegal::HouseMustMove {
                player: self.mover(),
                building,
            }),
            (_, Move::MoveHouse(_)) => illegal(Illegal::NoHouseToMove),
            (_, Move::Pass) => {
                if can_lay(self) {
                    return illegal(Illegal::MustLay);
                }
                self.end_turn();
                Ok(())
            }
            (_, Move::Lay(lay)) => {
                let probe = self.check_lay(lay).map_err(MoveError::Illegal)?;
                self.lay(lay, probe);
                Ok(())
            }
        }
    }

    /// Turns up `tile` where the phase puts it.
    fn draw(&mut self, tile: Tile) {
        let stack = tile.stack();
        if self.stack_left(stack) == 0 {
            self.reserve_left[stack.index()] = self.reserve_left[stack.index()].saturating_sub(1);
        }
        self.unseen[tile.index()] -= 1;
        match self.phase {
            Phase::Deal if self.table.len() < 2 => {
                let at = SignedCoord::new(self.table.len() as i16, self.table.len() as i16);
                self.table.insert(at, tile, Rotation::NONE, None);
            }
            Phase::Redraw { left } => {
                self.display[tile.index()] += 1;
                self.phase = Phase::Redraw {
                    left: left.saturating_sub(1),
                };
            }
            _ => self.display[tile.index()] += 1,
        }
        if self.draw_due().is_none() {
            if self.phase == Phase::Refill {
                self.turn += 1;
            }
            self.phase = Phase::Lay;
            self.settle();
        }
    }

    /// Brings a lay decision to rest: ends the turn after two tiles, redraws the display's
    /// landscapes when nothing can be laid, or leaves the player to pass.
    fn settle(&mut self) {
        if self.laid >= 2 {
            self.end_turn();
            return;
        }
        if can_lay(self) {
            self.phase = Phase::Lay;
            return;
        }
        let shown = self.display_total(Stack::Landscape);
        let unseen = self.unseen_total(Stack::Landscape);
        if shown > 0 && unseen > 0 {
            for (discarded, shown) in self.discarded.iter_mut().zip(&mut self.display[..4]) {
                *discarded += *shown;
                *shown = 0;
            }
            self.phase = Phase::Redraw {
                left: shown.min(unseen),
            };
        } else {
            self.phase = Phase::Lay;
        }
    }

    /// Ends the turn: the game ends after player 1's turn in the last round (or when the
    /// refill after it would reach a reserve); otherwise the display is refilled.
    fn end_turn(&mut self) {
        self.laid = 0;
        if self.mover() == Player::SECOND {
            let reaches_reserve = Stack::ALL.iter().any(|&stack| {
                let needed = DISPLAY_SIZE
                    .saturating_sub(self.display_total(stack))
                    .min(self.unseen_total(stack));
                needed > self.stack_left(stack)
            });
            if self.is_last_round() || reaches_reserve {
                self.phase = Phase::Over;
                return;
            }
        }
        self.phase = Phase::Refill;
        if self.draw_due().is_none() {
            self.turn += 1;
            self.phase = Phase::Lay;
            self.settle();
        }
    }

    /// Why `lay` cannot be played now, if it cannot; otherwise its cell looked up.
    fn check_lay(&self, lay: Lay) -> Result<Probe, Illegal> {
        let Lay { tile, at, rotation } = lay;
        if self.in_display(tile) == 0 {
            return Err(Illegal::NotInDisplay { tile });
        }
        if matches!(tile, Tile::Landscape(_)) && rotation != Rotation::NONE {
            return Err(Illegal::LandscapeRotated);
        }
        let probe = self.table.probe(at);
        if probe.is_some_and(|p| p.taken) {
            return Err(Illegal::CellTaken { at });
        }
        let stack = tile.stack();
        if is_landscape_cell(at) != (stack == Stack::Landscape) {
            return Err(Illegal::OffCheckerboard { stack, at });
        }
        let Some(probe) = probe.filter(|p| p.neighbours.iter().any(Option::is_some)) else {
            return Err(Illegal::NoContact { at });
        };
        let neighbours = probe
            .neighbours
            .map(|found| found.and_then(|position| self.table.slot(position)));
        match tile {
            Tile::Landscape(terrain) => {
                let matched = Direction::ALL
                    .iter()
                    .zip(&neighbours)
                    .any(|(&d, n)| n.is_some_and(|b| b.side(d.opposite()) == terrain));
                if !matched {
                    return Err(Illegal::NoMatchingBuilding { terrain, at });
                }
            }
            Tile::Building(kind) => {
                let player = self.mover();
                if !self.can_house(player) {
                    return Err(Illegal::NoHouse { player });
                }
                let mut any = false;
                for (&direction, neighbour) in Direction::ALL.iter().zip(&neighbours) {
                    let Some(landscape) = neighbour else {
                        continue;
                    };
                    let side = kind.side(rotation, direction);
                    if side == landscape.terrain() {
                        any = true;
                    } else if self.building_match() == BuildingMatch::All {
                        return Err(Illegal::SideMismatch {
                            direction,
                            side,
                            landscape: landscape.terrain(),
                        });
                    }
                }
                if !any {
                    return Err(Illegal::NoMatchingSide { at });
                }
            }
        }
        Ok(probe)
    }

    /// Lays a checked placement (its cell probed) and scores what it encloses.
    fn lay(&mut self, lay: Lay, probe: Probe) {
        let Lay { tile, at, rotation } = lay;
        let player = self.mover();
        self.display[tile.index()] -= 1;
        self.laid += 1;
        match tile {
            Tile::Landscape(_) => {
                let around = self.table.insert_probed(probe, tile, rotation, None);
                // The neighbours in ascending (y, x): south, west, east, north.
                let [north, east, south, west] = around.unwrap_or_default();
                let cell = |slot: Option<Slot>| slot.map(Slot::at);
                self.score([cell(south), cell(west), cell(east), cell(north)]);
            }
            Tile::Building(_) => {
                let seat = player.index() & 1;
                if self.supply[seat] > 0 {
                    self.supply[seat] -= 1;
                    self.table
                        .insert_probed(probe, tile, rotation, Some(player));
                    self.score([Some(at), None, None, None]);
                } else {
                    self.table.insert_probed(probe, tile, rotation, None);
                    self.phase = Phase::House { building: at };
                }
            }
        }
    }

    /// Scores the buildings among `cells` (in ascending `(y, x)`) that now have four
    /// landscape neighbours and a house: gains first, then the costs wait for their
    /// owners' decisions.
    fn score(&mut self, cells: [Option<SignedCoord>; 4]) {
        let mut pending = Pending::default();
        for at in cells.into_iter().flatten() {
            let Some(owner) = self.table.get(at).and_then(crate::table::Slot::house) else {
                continue;
            };
            match self.table.landscape_contacts(at) {
                (4, 0) => {
                    let points = &mut self.points[owner.index() & 1];
                    *points = points.saturating_add(1);
                }
                (4, _) => {
                    pending.push(at);
                }
                _ => {}
            }
        }
        self.resolve(pending);
    }

    /// Moves on to the next pending building: its owner decides, or loses at once when
    /// even removing the house leaves a debt; with none pending, play goes on.
    fn resolve(&mut self, pending: Pending) {
        if let Some(at) = pending.current() {
            let owner = self.table.get(at).and_then(crate::table::Slot::house);
            let (_, mismatches) = self.table.landscape_contacts(at);
            if let Some(owner) = owner {
                if self.points(owner) < mismatches.saturating_sub(1) {
                    self.phase = Phase::Bankrupt(owner);
                } else {
                    self.phase = Phase::Decide(pending);
                }
                return;
            }
        }
        self.phase = Phase::Lay;
        self.settle();
    }

    /// The owner keeps (pays every mismatch) or removes the house (pays one less).
    fn decide(&mut self, mut pending: Pending, remove: bool) {
        let Some(at) = pending.current() else {
            return;
        };
        let (_, mismatches) = self.table.landscape_contacts(at);
        let Some(slot) = self.table.get_mut(at) else {
            return;
        };
        let Some(owner) = slot.house() else {
            return;
        };
        let seat = owner.index() & 1;
        let cost = if remove {
            slot.set_house(None);
            self.removed[seat] += 1;
            mismatches.saturating_sub(1)
        } else {
            mismatches
        };
        if self.points[seat] < cost {
            self.phase = Phase::Bankrupt(owner);
            return;
        }
        self.points[seat] -= cost;
        pending.pop_front();
        self.resolve(pending);
    }
}
