//! A slow reference generator written from the rulings on plain coordinates (hash sets,
//! no masks, no neighbour table), compared with `legal_moves` in positions reached by
//! random play, and perft counts checked with both.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::HashSet;

use boardcore::rand_core::SeedableRng;
use boardcore::{Direction, SignedCoord, perft, uniform_below};
use common::moving;
use crescendo::{
    Colour, Config, Cross, Move, Phase, Players, Rotation, State, apply, count_moves, legal_moves,
};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The cells of the laid crosses.
fn laid_cells(state: &State) -> HashSet<SignedCoord> {
    state
        .board()
        .crosses()
        .iter()
        .flat_map(|cross| cross.cells())
        .collect()
}

/// The legal moves by the rulings, sorted as text.
fn reference_moves(state: &State) -> Vec<String> {
    let cells = laid_cells(state);
    let mut moves: Vec<Move> = Vec::new();
    let sorted_cells = || {
        let mut all: Vec<SignedCoord> = cells.iter().copied().collect();
        all.sort();
        all
    };
    match state.phase() {
        Phase::Laying if cells.is_empty() => {
            for rotation in Rotation::ALL {
                moves.push(Move::Cross(Cross::new(SignedCoord::ORIGIN, rotation)));
            }
        }
        Phase::Laying => {
            for x in -30..=30 {
                for y in -30..=30 {
                    let plus = Cross::new(SignedCoord::new(x, y), Rotation::ALL[0]).cells();
                    if plus.iter().any(|c| cells.contains(c)) {
                        continue;
                    }
                    let contacts = plus
                        .iter()
                        .flat_map(|c| c.neighbours())
                        .filter(|n| cells.contains(n))
                        .count();
                    if contacts >= 2 {
                        for rotation in Rotation::ALL {
                            moves.push(Move::Cross(Cross::new(SignedCoord::new(x, y), rotation)));
                        }
                    }
                }
            }
        }
        Phase::Placing => {
            for at in sorted_cells() {
                if state.board().colour_at(at) == Some(Colour::White)
                    && state.tower_at(at).is_none()
                {
                    moves.push(Move::Pawn(at));
                }
            }
        }
        Phase::Extra => {
            let me = state.to_move().unwrap();
            for at in sorted_cells() {
                if let Some(tower) = state.tower_at(at)
                    && tower.owner == me
                    && tower.height == 1
                {
                    moves.push(Move::Extra(at));
                }
            }
        }
        Phase::Moving { to_move, .. } => {
            for from in sorted_cells() {
                let Some(tower) = state.tower_at(from).filter(|t| t.owner == to_move) else {
                    continue;
                };
                for direction in Direction::ALL {
                    for count in 1..=tower.height {
                        let path: Vec<SignedCoord> = (1..=count)
                            .scan(from, |at, _| {
                                *at = at.step(direction);
                                Some(*at)
                            })
                            .collect();
                        if !path.iter().all(|c| cells.contains(c)) {
                            continue;
                        }
                        let to = *path.last().unwrap();
                        let protected = state.tower_at(to).is_some_and(|t| {
                            t.owner != to_move
                                && state.board().colour_at(to) == Some(Colour::Player(t.owner))
                        });
                        if !protected {
                            moves.push(Move::Group {
                                from,
                                direction,
                                count,
                            });
                        }
                    }
                }
            }
            if moves.is_empty() {
                moves.push(Move::Pass);
            }
        }
        Phase::Scattering { .. } => {
            for at in sorted_cells() {
                if state.tower_at(at).is_none() {
                    moves.push(Move::Scatter(at));
                }
            }
        }
        Phase::Over => {}
    }
    let mut text: Vec<String> = moves.iter().map(ToString::to_string).collect();
    text.sort();
    text
}

fn engine_moves(state: &State) -> Vec<String> {
    let mut text: Vec<String> = legal_moves(state).iter().map(ToString::to_string).collect();
    text.sort();
    text
}

#[test]
fn legal_moves_match_the_reference_along_random_games() {
    let mut checked = 0;
    for (players, seed) in [(Players::Four, 1), (Players::Three, 2), (Players::Two, 3)] {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..6 {
            let mut state = State::new(Config::new(players));
            for ply in 0..1500 {
                // The laying phase is checked at every cross; later, every 7th position.
                if matches!(state.phase(), Phase::Laying) || ply % 7 == 0 {
                    assert_eq!(engine_moves(&state), reference_moves(&state), "{state}");
                    assert_eq!(count_moves(&state), legal_moves(&state).len());
                    checked += 1;
                }
                let moves = legal_moves(&state);
                let Some(&mv) = moves.get(uniform_below(&mut rng, moves.len() as u64) as usize)
                else {
                    break;
                };
                state = apply(&state, mv).unwrap();
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Perft with the reference generator at every node (and `apply` to descend).
fn reference_perft(state: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    reference_moves(state)
        .iter()
        .map(|text| {
            let next = apply(state, text.parse().unwrap()).unwrap();
            reference_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_of_the_laying_phase() {
    let start = State::new(Config::default());
    // 4 rotations of the first cross at the origin; then 8 centres × 4 rotations.
    assert_eq!(perft(&start, 1), 4);
    assert_eq!(perft(&start, 2), 128);
    // Every two-cross layout (all alike up to symmetry) has 10 centres for the third.
    assert_eq!(perft(&start, 3), 5120);
    assert_eq!(reference_perft(&start, 3), 5120);
}

#[test]
fn perft_of_a_movement_position_matches_the_reference() {
    let state = moving(
        0,
        0,
        "0,0=00;2,0=0;16,1=00;1,0=11;13,0=111;4,0=22;14,0=222;15,0=3333;19,0=3",
    );
    for (depth, expected) in [(1, 12), (2, 120), (3, 2389)] {
        assert_eq!(perft(&state, depth), expected, "depth {depth}");
        assert_eq!(reference_perft(&state, depth), expected, "depth {depth}");
    }
}
