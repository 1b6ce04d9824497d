//! The text form of a position, and the validation every position read goes through.
//!
//! The form is nine fields separated by single spaces:
//!
//! 1. the table: `-` when empty, otherwise its tiles sorted by cell (ascending `(y, x)`)
//!    and separated by `/`, each written like a placement (`p@0,0`, `wepf@1,0r3`) followed
//!    by `#` and the seat of the house on it, if any (`wepf@1,0r3#0`);
//! 2. the display: `-` or its tiles separated by commas, landscapes by terrain then
//!    buildings by kind (`p,p,w,wepf,wepf,wfpe` is written `w,p,p,wepf,wepf,wfpe`);
//! 3. the landscapes discarded by redraws, the same way (`-` for none);
//! 4. the reserve tiles left, landscapes `/` buildings (`4/4`);
//! 5. the points, player 0 `/` player 1 (`1/1`);
//! 6. the houses removed from the game, player 0 `/` player 1 (`0/0`);
//! 7. the turn from 0 and the tiles laid in it, separated by a dot (`7.1`);
//! 8. the phase: `deal`, `lay`, `house@x,y` (the building waiting for a moved house),
//!    `decide@x,y` with one `@x,y` per pending building, `refill`, `redraw:N` (N landscapes
//!    still to turn up), `bankrupt:P` (player P lost) or `over`;
//! 9. the configuration: the building match and the tile set, `all:6,6,6,6,4,4,4,4,3,3`.
//!
//! The unseen tiles and the houses in supply are not written: they follow from the tile
//! set and the rest. The start position is
//! `- - - 4/4 1/1 0/0 0.0 deal all:6,6,6,6,4,4,4,4,3,3`.

use core::fmt;
use core::str::FromStr;

use boardcore::{Direction, ParseError, Player, PositionError, SignedCoord, parse_number};

use crate::config::{Config, TileSet};
use crate::error::Invalid;
use crate::generate::can_lay;
use crate::key::key_of;
use crate::moves::Lay;
use crate::notation::parse_coord;
use crate::state::{DISPLAY_SIZE, HOUSES, Pending, Phase, START_POINTS, State};
use crate::table::{Table, is_landscape_cell};
use crate::tile::{Rotation, Stack, Tile};

/// Writes `counts` (in [`Tile::ALL`] order from `first`) as a comma list, or `-`.
fn write_tiles(f: &mut fmt::Formatter<'_>, counts: &[u8], first: usize) -> fmt::Result {
    let mut any = false;
    for (offset, &count) in counts.iter().enumerate() {
        let Some(tile) = Tile::from_index(first + offset) else {
            continue;
        };
        for _ in 0..count {
            if any {
                f.write_str(",")?;
            }
            write!(f, "{tile}")?;
            any = true;
        }
    }
    if !any {
        f.write_str("-")?;
    }
    Ok(())
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.table.len() == 0 {
            f.write_str("-")?;
        }
        for (index, placed) in self.tiles().enumerate() {
            if index > 0 {
                f.write_str("/")?;
            }
            let lay = Lay {
                tile: placed.tile,
                at: placed.at,
                rotation: placed.rotation,
            };
            write!(f, "{lay}")?;
            if let Some(owner) = placed.house {
                write!(f, "#{owner}")?;
            }
        }
        f.write_str(" ")?;
        write_tiles(f, &self.display, 0)?;
        f.write_str(" ")?;
        write_tiles(f, &self.discarded, 0)?;
        let [p0, p1] = self.points;
        let [r0, r1] = self.removed;
        write!(
            f,
            " {}/{} {p0}/{p1} {r0}/{r1} {}.{} ",
            self.reserve_left[0], self.reserve_left[1], self.turn, self.laid
        )?;
        match self.phase {
            Phase::Deal => f.write_str("deal")?,
            Phase::Lay => f.write_str("lay")?,
            Phase::House { building } => write!(f, "house@{building}")?,
            Phase::Decide(pending) => {
                f.write_str("decide")?;
                for at in pending.cells() {
                    write!(f, "@{at}")?;
                }
            }
            Phase::Refill => f.write_str("refill")?,
            Phase::Redraw { left } => write!(f, "redraw:{left}")?,
            Phase::Bankrupt(loser) => write!(f, "bankrupt:{loser}")?,
            Phase::Over => f.write_str("over")?,
        }
        write!(f, " {}", self.config)
    }
}

/// Reads a `a/b` pair of counts.
fn parse_pair(text: &str) -> Option<[u8; 2]> {
    let (a, b) = text.split_once('/')?;
    Some([parse_number(a)?, parse_number(b)?])
}

/// Reads a comma list of tiles (or `-`) into counts; the list must be in canonical
/// order.
fn parse_tiles(text: &str, landscapes_only: bool) -> Option<[u8; Tile::COUNT]> {
    let mut counts = [0u8; Tile::COUNT];
    if text == "-" {
        return Some(counts);
    }
    let mut last = 0;
    for name in text.split(',') {
        let tile: Tile = name.parse().ok()?;
        if tile.index() < last || (landscapes_only && tile.stack() != Stack::Landscape) {
            return None;
        }
        last = tile.index();
        counts[tile.index()] = counts[tile.index()].checked_add(1)?;
    }
    Some(counts)
}

/// Reads the phase field.
fn parse_phase(text: &str) -> Option<Phase> {
    Some(match text {
        "deal" => Phase::Deal,
        "lay" => Phase::Lay,
        "refill" => Phase::Refill,
        "over" => Phase::Over,
        _ => {
            if let Some(cell) = text.strip_prefix("house@") {
                Phase::House {
                    building: parse_coord(cell)?,
                }
            } else if let Some(cells) = text.strip_prefix("decide@") {
                let mut pending = Pending::default();
                for cell in cells.split('@') {
                    if !pending.push(parse_coord(cell)?) {
                        return None;
                    }
                }
                Phase::Decide(pending)
            } else if let Some(left) = text.strip_prefix("redraw:") {
                Phase::Redraw {
                    left: parse_number(left)?,
                }
            } else {
                let loser = text.strip_prefix("bankrupt:")?;
                Phase::Bankrupt(loser.parse::<Player>().ok().filter(|p| p.index() < 2)?)
            }
        }
    })
}

/// Reads the table field into `table`; `Err` with a reason for bad syntax.
fn parse_table(text: &str) -> Result<Result<Table, Invalid>, &'static str> {
    let mut table = Table::EMPTY;
    if text == "-" {
        return Ok(Ok(table));
    }
    let mut last_key = None;
    for token in text.split('/') {
        let (lay, house) = match token.split_once('#') {
            Some((lay, seat)) => (
                lay,
                Some(
                    seat.parse::<Player>()
                        .ok()
                        .filter(|p| p.index() < 2 && seat.len() == 1)
                        .ok_or("a house is # and a seat, 0 or 1")?,
                ),
            ),
            None => (token, None),
        };
        let lay: Lay = lay
            .parse()
            .map_err(|_| "a table tile is written like p@0,0 or wepf@1,0r3#0")?;
        if lay.to_string() != token.split('#').next().unwrap_or("") {
            return Err("a table tile must be written in canonical form");
        }
        let key = key_of(lay.at).ok_or("a tile lies too far from the start tiles")?;
        if last_key.is_some_and(|last| last >= key) {
            return Err("the table's tiles are sorted by cell, south to north, west to east");
        }
        last_key = Some(key);
        if lay.tile.stack() == Stack::Landscape
            && (house.is_some() || lay.rotation != Rotation::NONE)
        {
            return Ok(Err(Invalid::LandscapeMarks { at: lay.at }));
        }
        if table
            .insert(lay.at, lay.tile, lay.rotation, house)
            .is_none()
        {
            return Ok(Err(Invalid::TooManyTiles { tile: lay.tile }));
        }
    }
    Ok(Ok(table))
}

impl FromStr for State {
    type Err = PositionError<Invalid>;

    /// Reads the text form and validates it (see [`State::validate`]).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax =
            |reason: &str| PositionError::Syntax(ParseError::new("position", text, reason));
        let fields: Vec<&str> = text.split(' ').collect();
        let [
            table,
            display,
            discarded,
            reserve,
            points,
            removed,
            turn,
            phase,
            config,
        ] = fields.as_slice()
        else {
            return Err(syntax(
                "expected nine fields: table, display, discarded, reserve, points, removed houses, turn, phase, configuration",
            ));
        };
        let config: Config = config
            .parse()
            .map_err(|e: ParseError| syntax(&format!("bad configuration: {}", e.reason())))?;
        let table = parse_table(table)
            .map_err(syntax)?
            .map_err(PositionError::Invalid)?;
        let display = parse_tiles(display, false)
            .ok_or_else(|| syntax("the display is - or tiles like w,p,wepf in canonical order"))?;
        let discarded = parse_tiles(discarded, true).ok_or_else(|| {
            syntax("the discarded tiles are - or landscapes like w,p in canonical order")
        })?;
        let reserve_left =
            parse_pair(reserve).ok_or_else(|| syntax("the reserve is two counts like 4/4"))?;
        let points =
            parse_pair(points).ok_or_else(|| syntax("the points are two counts like 1/1"))?;
        let removed = parse_pair(removed)
            .ok_or_else(|| syntax("the removed houses are two counts like 0/0"))?;
        let (turn, laid) = turn
            .split_once('.')
            .and_then(|(t, l)| Some((parse_number(t)?, parse_number(l)?)))
            .ok_or_else(|| {
                syntax("the turn is the turn number, a dot and the tiles laid, like 3.1")
            })?;
        let phase = parse_phase(phase).ok_or_else(|| {
            syntax("the phase is deal, lay, house@x,y, decide@x,y…, refill, redraw:N, bankrupt:P or over")
        })?;
        let mut state = State {
            config,
            table,
            display,
            unseen: [0; Tile::COUNT],
            discarded: [discarded[0], discarded[1], discarded[2], discarded[3]],
            reserve_left,
            points,
            supply: [0; 2],
            removed,
            turn,
            laid,
            phase,
        };
        state.derive_counts().map_err(PositionError::Invalid)?;
        Ok(state)
    }
}

impl State {
    /// Checks that the position can occur in a game, and recomputes the unseen tiles and
    /// the houses in supply from the rest:
    /// - the start tiles are landscapes on `0,0` and `1,1`, every tile lies on its colour
    ///   of the checkerboard and is connected to the start tiles through edges, and every
    ///   other landscape matches a neighbouring building;
    /// - no kind has more tiles on the table, in the display and discarded than the set
    ///   holds, the display shows at most 3 tiles of each stack, and the reserves fit the
    ///   unseen tiles (a reserve is drawn only once its stack is empty);
    /// - no player has more than 12 houses on the table and removed;
    /// - the turn, the tiles laid and the phase fit the position, and a pending decision
    ///   names an enclosed building with a house, a mismatch, and an owner able to pay.
    ///
    /// Every position read from text or deserialized passes through it.
    ///
    /// # Errors
    /// The first [`Invalid`] reason found.
    ///
    /// ```
    /// use architekton::{Config, State};
    ///
    /// let state = State::new(Config::default()).replay("*p *w *e *e *f *wepf *wepf *wpfe").unwrap();
    /// assert_eq!(state.validate(), Ok(()));
    /// ```
    pub fn validate(&self) -> Result<(), Invalid> {
        let mut derived = *self;
        derived.derive_counts()?;
        if derived == *self {
            Ok(())
        } else {
            Err(Invalid::Phase(
                "the unseen tiles or the houses in supply do not add up",
            ))
        }
    }

    /// Validates the position and recomputes the counts that are not written (unseen
    /// tiles, houses in supply).
    fn derive_counts(&mut self) -> Result<(), Invalid> {
        self.validate_table()?;
        self.table.rebuild();
        let set: TileSet = self.config.tiles;
        let on_table = self.table.counts();
        for tile in Tile::ALL {
            let index = tile.index();
            let discarded = self.discarded.get(index).copied().unwrap_or(0);
            let seen =
                u32::from(on_table[index]) + u32::from(self.display[index]) + u32::from(discarded);
            self.unseen[index] = u8::try_from(
                u32::from(set.count(tile))
                    .checked_sub(seen)
                    .ok_or(Invalid::TooManyTiles { tile })?,
            )
            .map_err(|_| Invalid::TooManyTiles { tile })?;
        }
        for stack in Stack::ALL {
            if self.display_total(stack) > DISPLAY_SIZE {
                return Err(Invalid::DisplayOverfull { stack });
            }
            let left = self.reserve_left[stack.index()];
            let start = set.reserve(stack);
            if left > start
                || left > self.unseen_total(stack)
                || (left < start && self.stack_left(stack) > 0)
            {
                return Err(Invalid::Reserve { stack });
            }
        }
        for player in [Player::FIRST, Player::SECOND] {
            let seat = player.index();
            let housed = self.table.houses_of(player) + usize::from(self.removed[seat]);
            self.supply[seat] = u8::try_from(
                usize::from(HOUSES)
                    .checked_sub(housed)
                    .ok_or(Invalid::TooManyHouses { player })?,
            )
            .map_err(|_| Invalid::TooManyHouses { player })?;
        }
        self.validate_phase()
    }

    fn validate_table(&self) -> Result<(), Invalid> {
        let slots = self.table.slots();
        for (index, start) in [SignedCoord::ORIGIN, SignedCoord::new(1, 1)]
            .into_iter()
            .enumerate()
        {
            let present = self.table.get(start);
            let needed = slots.len() > index;
            if needed != present.is_some_and(|s| !s.is_building()) {
                return Err(Invalid::StartTiles);
            }
        }
        for slot in slots {
            let at = slot.at();
            if is_landscape_cell(at) == slot.is_building() {
                return Err(Invalid::OffCheckerboard { at });
            }
            let is_start = at == SignedCoord::ORIGIN || at == SignedCoord::new(1, 1);
            if !slot.is_building() && !is_start {
                let matched = Direction::ALL.iter().any(|&d| {
                    self.table
                        .get(at.step(d))
                        .is_some_and(|b| b.side(d.opposite()) == slot.terrain())
                });
                if !matched {
                    return Err(Invalid::UnmatchedLandscape { at });
                }
            }
        }
        // Connected through edges from the start tiles.
        let mut reached = [false; crate::table::MAX_TABLE];
        let mut stack: Vec<usize> = Vec::new();
        for (index, slot) in slots.iter().enumerate() {
            if slot.at() == SignedCoord::ORIGIN || slot.at() == SignedCoord::new(1, 1) {
                reached[index] = true;
                stack.push(index);
            }
        }
        while let Some(index) = stack.pop() {
            let at = slots[index].at();
            for direction in Direction::ALL {
                let next = at.step(direction);
                if let Some(found) = slots.iter().position(|s| s.at() == next)
                    && !reached[found]
                {
                    reached[found] = true;
                    stack.push(found);
                }
            }
        }
        if let Some(index) = (0..slots.len()).find(|&i| !reached[i]) {
            return Err(Invalid::Disconnected {
                at: slots[index].at(),
            });
        }
        Ok(())
    }

    fn validate_phase(&self) -> Result<(), Invalid> {
        let fail = |reason| Err(Invalid::Phase(reason));
        let tiles = self.table.len();
        if self.laid > 2 {
            return fail("at most two tiles are laid in a turn");
        }
        if tiles > 2 && tiles - 2 > 2 * (usize::from(self.turn) + 1) {
            return fail("more tiles are laid than the turns allow");
        }
        let deal_untouched = self.turn == 0
            && self.laid == 0
            && tiles <= 2
            && self.points == [START_POINTS; 2]
            && self.removed == [0; 2]
            && self.discarded == [0; 4];
        match self.phase {
            Phase::Deal => {
                if !deal_untouched || self.draw_due().is_none() {
                    return fail("the deal turns up the start tiles and the display, nothing else");
                }
                if tiles < 2 && self.display != [0; Tile::COUNT] {
                    return fail("the display is turned up after the start tiles");
                }
            }
            Phase::Lay => {
                if tiles < 2 || self.laid > 1 {
                    return fail("a tile is laid after the deal, at most two a turn");
                }
                if !can_lay(self)
                    && self.display_total(Stack::Landscape) > 0
                    && self.unseen_total(Stack::Landscape) > 0
                {
                    return fail("nothing can be laid, so the display's landscapes are redrawn");
                }
            }
            Phase::House { building } => {
                let player = self.mover();
                let waiting = self
                    .table
                    .get(building)
                    .is_some_and(|s| s.is_building() && s.house().is_none());
                if !waiting
                    || self.laid == 0
                    || self.supply(player) > 0
                    || self.houses_on_table(player) == 0
                {
                    return fail(
                        "a house moves onto a building just laid without one, by a player with none in supply",
                    );
                }
            }
            Phase::Decide(pending) => {
                if self.laid == 0 {
                    return fail("a decision follows a tile laid in this turn");
                }
                let mut last = None;
                for (index, &at) in pending.cells().iter().enumerate() {
                    let key = key_of(at);
                    let owner = self.table.get(at).and_then(crate::table::Slot::house);
                    let (contacts, mismatches) = self.table.landscape_contacts(at);
                    let payable = owner.is_some_and(|o| {
                        index > 0 || self.points(o) >= mismatches.saturating_sub(1)
                    });
                    if key.is_none() || key <= last || contacts != 4 || mismatches == 0 || !payable
                    {
                        return Err(Invalid::Decision { at });
                    }
                    last = key;
                }
            }
            Phase::Refill => {
                if self.laid != 0 || tiles < 2 || self.draw_due().is_none() {
                    return fail("a refill turns up missing display tiles after a turn");
                }
            }
            Phase::Redraw { left } => {
                let room = DISPLAY_SIZE.saturating_sub(self.display_total(Stack::Landscape));
                if left == 0
                    || left > room
                    || left > self.unseen_total(Stack::Landscape)
                    || self.laid > 1
                    || tiles < 2
                {
                    return fail("a redraw turns up at most three landscapes, from those unseen");
                }
            }
            Phase::Bankrupt(_) => {
                if tiles < 3 {
                    return fail("a player goes bankrupt only once tiles are laid");
                }
            }
            Phase::Over => {
                if self.laid != 0 || self.turn.is_multiple_of(2) {
                    return fail("the game ends after player 1's turn");
                }
            }
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
boardcore::serde_as_text!(State);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Terrain;

    #[test]
    fn the_start_position_text() {
        let start = State::new(Config::default());
        let text = start.to_string();
        assert_eq!(text, "- - - 4/4 1/1 0/0 0.0 deal all:6,6,6,6,4,4,4,4,3,3");
        assert_eq!(text.parse::<State>().unwrap(), start);
    }

    #[test]
    fn discarded_landscapes_are_written_by_terrain() {
        let mut counts = [0u8; Tile::COUNT];
        counts[Terrain::Plain.index()] = 2;
        assert_eq!(parse_tiles("p,p", true), Some(counts));
        assert_eq!(parse_tiles("p,w", true), None);
        assert_eq!(parse_tiles("wepf", true), None);
    }
}
