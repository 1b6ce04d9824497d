//! Thousands of random games run to completion, with the shape the rulings report from
//! simulation: normal games end after 12, 14 or 16 turns, some end early by bankruptcy.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use architekton::{BuildingMatch, Config, Phase, State, apply, legal_moves, sample_chance, status};
use boardcore::rand_core::SeedableRng;
use boardcore::{Actor, Status, uniform_below};
use rand_xoshiro::Xoshiro256PlusPlus;

struct Summary {
    games: usize,
    bankrupt: usize,
    turns: [usize; 40],
    placements: Vec<usize>,
    draws: usize,
    redraws: usize,
}

fn simulate(building_match: BuildingMatch, games: usize, seed: u64) -> Summary {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut summary = Summary {
        games,
        bankrupt: 0,
        turns: [0; 40],
        placements: Vec::new(),
        draws: 0,
        redraws: 0,
    };
    for _ in 0..games {
        let mut state = State::new(Config::new(building_match));
        let mut plies = 0;
        loop {
            plies += 1;
            assert!(plies < 1000, "a game went on for ever: {state}");
            let mv = match status(&state) {
                Status::Finished(outcome) => {
                    summary.draws += usize::from(outcome.winner().is_none());
                    break;
                }
                Status::Ongoing(Actor::Chance) => sample_chance(&state, &mut rng).unwrap(),
                Status::Ongoing(Actor::Player(_)) => {
                    let moves = legal_moves(&state);
                    if state.phase() == Phase::Lay {
                        summary.placements.push(moves.len());
                    }
                    moves[uniform_below(&mut rng, moves.len() as u64) as usize]
                }
            };
            state = apply(&state, mv).unwrap_or_else(|e| panic!("{state} {mv}: {e}"));
        }
        match state.phase() {
            Phase::Bankrupt(_) => summary.bankrupt += 1,
            _ => summary.turns[usize::from(state.turn()) + 1] += 1,
        }
        let redrawn: u8 = architekton::Terrain::ALL
            .iter()
            .map(|&t| state.discarded(t))
            .sum();
        summary.redraws += usize::from(redrawn > 0);
    }
    summary.placements.sort_unstable();
    summary
}

fn report(name: &str, summary: &Summary) {
    let p = &summary.placements;
    eprintln!(
        "{name}: {} games, {} bankrupt, {} draws, {} with redraws, turns {:?}, placements median {} p99 {} max {}",
        summary.games,
        summary.bankrupt,
        summary.draws,
        summary.redraws,
        summary
            .turns
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .collect::<Vec<_>>(),
        p[p.len() / 2],
        p[p.len() * 99 / 100],
        p[p.len() - 1]
    );
}

#[test]
fn thousands_of_random_games_finish_normally() {
    for (building_match, seed) in [(BuildingMatch::All, 1), (BuildingMatch::AtLeastOne, 2)] {
        let summary = simulate(building_match, 3000, seed);
        report(&building_match.to_string(), &summary);
        let normal: usize = summary.turns.iter().sum();
        assert_eq!(normal + summary.bankrupt, summary.games);
        assert!(summary.bankrupt > 0 && summary.bankrupt < summary.games * 3 / 5);
        // Normal games end after player 1's turn, nearly always the 12th, 14th or 16th;
        // a game where one kind of tile is taken far more often runs out sooner.
        let usual = summary.turns[12] + summary.turns[14] + summary.turns[16];
        assert!(usual * 100 >= normal * 99, "{:?}", summary.turns);
        assert!(summary.turns.iter().skip(17).all(|&n| n == 0));
        assert!(summary.turns.iter().skip(1).step_by(2).all(|&n| n == 0));
    }
}
