//! The eight symmetries of the board: images of positions and moves, and the key shared by
//! symmetric positions.

use boardcore::{Coord, Direction, Symmetry};

use crate::cell::Cell;
use crate::moves::Move;
use crate::state::State;

/// For each symmetry (in the order of [`Symmetry::ALL`]), the image of each cell number.
static CELL_IMAGES: [[u8; 16]; 8] = {
    let mut table = [[0u8; 16]; 8];
    let mut symmetry = 0;
    while symmetry < 8 {
        let mut index = 0;
        while index < 16 {
            let cell = Coord::new(index as u8 % 4, index as u8 / 4);
            let image = Symmetry::ALL[symmetry].map(cell, 4);
            table[symmetry][index] = image.y * 4 + image.x;
            index += 1;
        }
        symmetry += 1;
    }
    table
};

/// The image of a mask of cells under the symmetry numbered `symmetry`.
#[inline]
fn image_mask(mask: u64, symmetry: usize) -> u64 {
    let images = &CELL_IMAGES[symmetry];
    let mut image = 0;
    let mut rest = mask;
    while rest != 0 {
        image |= 1 << images[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    image
}

impl Cell {
    /// The cell's image under `symmetry`.
    ///
    /// ```
    /// use pyrga::boardcore::Symmetry;
    /// use pyrga::Cell;
    ///
    /// let a1: Cell = "a1".parse().unwrap();
    /// assert_eq!(a1.map(Symmetry::MirrorFiles).to_string(), "d1");
    /// ```
    #[must_use]
    pub fn map(self, symmetry: Symmetry) -> Cell {
        let image = CELL_IMAGES[symmetry as usize][self.index()];
        Cell::from_index(usize::from(image)).unwrap_or(self)
    }
}

impl Move {
    /// The move turned or mirrored by `symmetry`: the same move in the image of the
    /// position (see [`State::transformed`]); a triangle's direction turns with the board.
    ///
    /// ```
    /// use pyrga::boardcore::Symmetry;
    /// use pyrga::Move;
    ///
    /// let mv: Move = "Ta1n".parse().unwrap();
    /// assert_eq!(mv.map(Symmetry::MirrorRanks).to_string(), "Ta4s");
    /// ```
    #[must_use]
    pub fn map(self, symmetry: Symmetry) -> Move {
        match self {
            Move::Square(cell) => Move::Square(cell.map(symmetry)),
            Move::Triangle(cell, direction) => {
                Move::Triangle(cell.map(symmetry), symmetry.map_direction(direction))
            }
            Move::Cylinder(cell) => Move::Cylinder(cell.map(symmetry)),
        }
    }
}

impl State {
    /// The position turned or mirrored by `symmetry`, with the same player to move and
    /// rules. The rules of Pyrga are the same in every orientation, so the image has the
    /// same value and its moves are the images of this position's moves ([`Move::map`]).
    ///
    /// ```
    /// use pyrga::boardcore::Symmetry;
    /// use pyrga::{Config, State};
    ///
    /// let state = State::new(Config::default()).replay("Tb1e Sc1").unwrap();
    /// let turned = state.transformed(Symmetry::MirrorFiles);
    /// assert_eq!(turned, State::new(Config::default()).replay("Tc1w Sb1").unwrap());
    /// ```
    #[must_use]
    pub fn transformed(&self, symmetry: Symmetry) -> State {
        let index = symmetry as usize;
        let mut next = *self;
        for (image, &pieces) in next.pieces.iter_mut().zip(&self.pieces) {
            *image = (0..3).fold(0, |all, shape| {
                all | image_mask(pieces >> (16 * shape) & 0xFFFF, index) << (16 * shape)
            });
        }
        let triangles = (self.pieces[0] | self.pieces[1]) >> 16 & 0xFFFF;
        next.triangle_directions = 0;
        let mut rest = triangles;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            let direction =
                Direction::from_index((self.triangle_directions >> (2 * cell)) as usize & 3);
            let image = usize::from(CELL_IMAGES[index][cell]);
            next.triangle_directions |=
                (symmetry.map_direction(direction).index() as u32) << (2 * image);
            rest &= rest - 1;
        }
        next.last = self.last.map(|mv| mv.map(symmetry));
        next
    }

    /// A stable key equal for the 8 images of a position under the rotations and
    /// reflections of the board ([`State::transformed`]), for transposition tables and
    /// solvers that fold symmetric positions together: the least of the images'
    /// [`State::position_key`]s.
    ///
    /// ```
    /// use pyrga::boardcore::Symmetry;
    /// use pyrga::{Config, State};
    ///
    /// let state = State::new(Config::default()).replay("Tb1e Sc1 Cc2").unwrap();
    /// for symmetry in Symmetry::ALL {
    ///     assert_eq!(state.transformed(symmetry).symmetric_key(), state.symmetric_key());
    /// }
    /// ```
    pub fn symmetric_key(&self) -> u64 {
        self.canonical().0.position_key()
    }

    /// The image of the position that stands for its 8 images ([`State::transformed`]): the
    /// one of least [`State::position_key`], whose key is [`State::symmetric_key`], with a
    /// symmetry that gives it. A book or table of positions keyed by their canonical image
    /// stores a move of that image; the move of this position is the one whose image under
    /// the symmetry ([`Move::map`]) it is.
    ///
    /// ```
    /// use pyrga::{Config, State};
    ///
    /// let state = State::new(Config::default()).replay("Tb1e Sc1").unwrap();
    /// let (image, symmetry) = state.canonical();
    /// assert_eq!(state.transformed(symmetry), image);
    /// assert_eq!(image.position_key(), state.symmetric_key());
    /// ```
    #[must_use]
    pub fn canonical(&self) -> (State, Symmetry) {
        Symmetry::ALL
            .iter()
            .map(|&symmetry| (self.transformed(symmetry), symmetry))
            .min_by_key(|(image, _)| image.position_key())
            .unwrap_or((*self, Symmetry::Identity))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, apply, legal_moves, status};

    /// The positions of a game whose moves are chosen by a generator seeded with `seed`.
    fn positions(mut seed: u64) -> Vec<State> {
        let mut state = State::new(Config::default());
        let mut all = vec![state];
        loop {
            let moves = legal_moves(&state);
            if moves.is_empty() {
                return all;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state = apply(&state, moves[(seed >> 33) as usize % moves.len()]).unwrap();
            all.push(state);
        }
    }

    #[test]
    fn images_have_the_images_of_the_moves_and_the_same_status() {
        for seed in 0..20 {
            for state in positions(seed) {
                for symmetry in Symmetry::ALL {
                    let image = state.transformed(symmetry);
                    let mut mapped: Vec<Move> = legal_moves(&state)
                        .iter()
                        .map(|mv| mv.map(symmetry))
                        .collect();
                    let mut moves: Vec<Move> = legal_moves(&image).to_vec();
                    mapped.sort_unstable();
                    moves.sort_unstable();
                    assert_eq!(mapped, moves, "{state}");
                    assert_eq!(status(&image), status(&state));
                    assert_eq!(image.symmetric_key(), state.symmetric_key());
                    assert_eq!(image.transformed(symmetry.inverse()), state);
                }
            }
        }
    }
}
