//! The bots play only legal moves, find wins, avoid losses, and keep to their budgets.
#![cfg(all(feature = "pyrga", feature = "pylos"))]
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use boardcore::example::{Countdown, CountdownConfig, CountdownMove};
use boardcore::testing::play_choices;
use boardcore::{Game, Status};
use bots::{AlphaBeta, Bot, Budget, Level, Mcts, MctsConfig, RandomBot};
use pyrga::{Config, State};

fn quick_mcts(iterations: u64) -> MctsConfig {
    MctsConfig {
        budget: Budget::iterations(iterations),
        ..MctsConfig::default()
    }
}

/// Positions of `start`'s game reached by pseudo-random choices, where a player decides.
/// Chance decisions on the way are settled by their first outcome.
fn sample_positions<G: Game>(start: &G, count: u32) -> Vec<G> {
    (0..count)
        .map(|seed| {
            let choices: Vec<u32> = (0..(seed % 25))
                .map(|i| seed.wrapping_mul(2_654_435_761).rotate_left(i) ^ i)
                .collect();
            let mut state = play_choices(start, &choices).state;
            // Let chance decide (its first outcome) until a player does.
            while let Some(outcome) = state.chance_outcomes().first().map(|w| w.outcome) {
                state = state.apply(outcome).unwrap();
            }
            state
        })
        .filter(|state| state.status().to_move().is_some())
        .collect()
}

fn assert_legal_choices<G: Game>(bot: &mut dyn Bot<G>, positions: &[G]) {
    for state in positions {
        let chosen = bot
            .choose(state)
            .expect("a player decides, so the bot moves");
        assert!(
            state.legal_moves().contains(&chosen),
            "{} chose {chosen} in {state}",
            bot.name()
        );
    }
}

#[test]
fn every_bot_plays_only_legal_moves_in_pyrga() {
    let positions = sample_positions(&State::new(Config::default()), 40);
    assert!(positions.len() > 20);
    assert_legal_choices(&mut RandomBot::new(1), &positions);
    assert_legal_choices(&mut Mcts::new(quick_mcts(200), 1), &positions);
    assert_legal_choices(&mut AlphaBeta::new(Budget::iterations(3)), &positions);
}

#[test]
fn every_bot_plays_only_legal_moves_in_pylos() {
    for variant in [
        pylos::Variant::Standard,
        pylos::Variant::Expert,
        pylos::Variant::Children,
    ] {
        let config = pylos::Config {
            variant,
            ..pylos::Config::default()
        };
        let positions = sample_positions(&pylos::State::new(config), 30);
        assert!(positions.len() > 20);
        assert_legal_choices(&mut RandomBot::new(2), &positions);
        assert_legal_choices(&mut Mcts::new(quick_mcts(150), 2), &positions);
        assert_legal_choices(&mut AlphaBeta::new(Budget::iterations(3)), &positions);
    }
}

#[test]
fn every_bot_plays_only_legal_moves_in_architekton() {
    for building_match in [
        architekton::BuildingMatch::All,
        architekton::BuildingMatch::AtLeastOne,
    ] {
        let config = architekton::Config {
            building_match,
            ..architekton::Config::default()
        };
        let positions = sample_positions(&architekton::State::new(config), 40);
        assert!(positions.len() > 20);
        assert_legal_choices(&mut RandomBot::new(4), &positions);
        assert_legal_choices(&mut Mcts::new(quick_mcts(100), 4), &positions);
    }
}

#[test]
fn mcts_plays_legal_moves_through_chance() {
    let start = Countdown::new(CountdownConfig {
        pile: 15,
        wind: true,
    });
    let positions = sample_positions(&start, 30);
    assert_legal_choices(&mut Mcts::new(quick_mcts(200), 3), &positions);
    // Where chance decides, a bot declines.
    let chance = start.replay("1").unwrap();
    assert_eq!(chance.status(), Status::Ongoing(boardcore::Actor::Chance));
    assert_eq!(
        Mcts::<Countdown>::new(quick_mcts(50), 3).choose(&chance),
        None
    );
}

#[test]
fn mcts_finds_the_winning_take() {
    // Leaving a multiple of 3 wins Countdown: from 4, take 1; from 5, take 2.
    for (pile, best) in [(4, 1), (5, 2), (7, 1), (8, 2)] {
        let state = Countdown::new(CountdownConfig { pile, wind: false });
        let mut bot = Mcts::new(quick_mcts(3_000), 9);
        assert_eq!(
            bot.choose(&state),
            Some(CountdownMove::Take(best)),
            "pile {pile}"
        );
    }
}

#[test]
fn mcts_is_reproducible_for_a_seed() {
    let state = State::new(Config::default())
        .replay("Sb2 Tb3n Cb4")
        .unwrap();
    let first = Mcts::new(quick_mcts(500), 17).search(&state).unwrap();
    let again = Mcts::new(quick_mcts(500), 17).search(&state).unwrap();
    assert_eq!(first, again);
    assert_eq!(first.iterations, 500);
    let visits: u32 = first.moves.iter().map(|m| m.1).sum();
    assert_eq!(visits, 500, "every iteration passes through one root move");
}

/// White controls a1 and b1; Black's square on c2 sends White next to it, and a triangle on
/// c1 completes White's third tower.
const WIN_IN_ONE: &str = "4/c,3/s,tn,s,tn/STnC,STnC,Sc,s Sc2 standard";

/// The same towers; White's triangle on d4 sends Black along rank 4, and a Black triangle
/// on c4 pointing south would send White down file c to the winning c1.
const LOSS_IN_ONE: &str = "3,Tw/c,s,2/s,tn,1,tn/STnC,STnC,Sc,s Td4w standard";

#[test]
fn alphabeta_finds_a_win_in_one() {
    let state: State = WIN_IN_ONE.parse().unwrap();
    assert!(pyrga::legal_moves(&state).len() > 5);
    for depth in [1, 2, 4] {
        let report = AlphaBeta::new(Budget::iterations(depth))
            .search(&state)
            .unwrap();
        assert!(report.is_forced_win(), "depth {depth}");
        assert!(
            report.best.to_string().starts_with("Tc1"),
            "depth {depth}: {}",
            report.best
        );
        let after = state.apply(report.best).unwrap();
        assert_eq!(
            after
                .status()
                .outcome()
                .and_then(boardcore::Outcome::winner),
            Some(boardcore::Player::FIRST)
        );
    }
}

#[test]
fn alphabeta_avoids_a_loss_in_one() {
    let state: State = LOSS_IN_ONE.parse().unwrap();
    let losing: pyrga::Move = "Tc4s".parse().unwrap();
    assert!(pyrga::legal_moves(&state).contains(&losing));
    let after = state.apply(losing).unwrap();
    assert!(
        pyrga::legal_moves(&after)
            .iter()
            .any(|m| after.apply(*m).unwrap().status().is_finished()),
        "the blunder lets White win at once"
    );
    for depth in [2, 3, 5] {
        let report = AlphaBeta::new(Budget::iterations(depth))
            .search(&state)
            .unwrap();
        assert_ne!(report.best, losing, "depth {depth}");
        assert!(!report.is_forced_loss(), "depth {depth}");
    }
}

#[test]
fn mcts_wins_in_one_and_avoids_the_blunder() {
    let win: State = WIN_IN_ONE.parse().unwrap();
    let chosen = Mcts::new(quick_mcts(2_000), 5).choose(&win).unwrap();
    assert!(chosen.to_string().starts_with("Tc1"), "{chosen}");
    let loss: State = LOSS_IN_ONE.parse().unwrap();
    let chosen = Mcts::new(quick_mcts(4_000), 5).choose(&loss).unwrap();
    assert_ne!(chosen.to_string(), "Tc4s");
}

#[test]
fn budgets_are_respected() {
    let state = State::new(Config::default());
    let report = Mcts::new(quick_mcts(123), 1).search(&state).unwrap();
    assert_eq!(report.iterations, 123);
    let report = AlphaBeta::new(Budget::iterations(4))
        .search(&state)
        .unwrap();
    assert_eq!(report.depth, 4);
    // A time budget stops a search that would otherwise run for ever.
    let started = Instant::now();
    let report = Mcts::new(
        MctsConfig {
            budget: Budget::time(Duration::from_millis(100)),
            ..MctsConfig::default()
        },
        1,
    )
    .search(&state)
    .unwrap();
    assert!(report.iterations > 0);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "the time budget stopped the search"
    );
    let started = Instant::now();
    let report = AlphaBeta::new(Budget::time(Duration::from_millis(100)))
        .search(&state)
        .unwrap();
    assert!(report.depth >= 1);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn levels_grow_stronger() {
    let budgets: Vec<u64> = (1..=5)
        .map(|l| {
            Level::new(l)
                .unwrap()
                .mcts()
                .budget
                .max_iterations()
                .unwrap()
        })
        .collect();
    assert!(budgets.windows(2).all(|w| w[0] < w[1]));
    assert!(Level::new(0).is_none() && Level::new(6).is_none());
}

#[test]
fn mcts_beats_random_at_pyrga() {
    let start = State::new(Config::default());
    let mut wins = 0;
    for game in 0..20u64 {
        let mut mcts = Mcts::new(quick_mcts(400), game);
        let mut random = RandomBot::new(game);
        let mcts_seat = (game % 2) as usize;
        let played = if mcts_seat == 0 {
            bots::play(
                &start,
                &mut [&mut mcts as &mut dyn Bot<State>, &mut random],
                game,
                100,
            )
        } else {
            bots::play(
                &start,
                &mut [&mut random as &mut dyn Bot<State>, &mut mcts],
                game,
                100,
            )
        };
        assert!(played.finished);
        if played
            .state
            .status()
            .outcome()
            .and_then(boardcore::Outcome::winner)
            .map(boardcore::Player::index)
            == Some(mcts_seat)
        {
            wins += 1;
        }
    }
    assert!(wins >= 15, "mcts won {wins} of 20");
}
