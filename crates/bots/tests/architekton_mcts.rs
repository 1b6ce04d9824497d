//! Architekton's strongest bot plays only legal moves, is reproducible for a seed and an
//! iteration budget, and its evaluation sees the obviously better move.
#![cfg(feature = "architekton")]
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use architekton::{Config, Move, State, apply, legal_moves};
use boardcore::rand_core::SeedableRng;
use boardcore::{Actor, Game, Player, Status, random_move};
use bots::{ArchitektonMcts, Bot, Budget, Level, MctsConfig, architekton_value};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The bot's settings with a small iteration budget and no time limit.
fn quick(iterations: u64) -> MctsConfig {
    MctsConfig {
        budget: Budget::iterations(iterations),
        ..ArchitektonMcts::settings(Level::MAX)
    }
}

/// Positions of uniformly random games where a player decides, every 7th of them, up to
/// `count`.
fn positions(seed: u64, count: usize) -> Vec<State> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut positions = Vec::new();
    let mut state = State::new(Config::default());
    let mut ply = 0;
    while positions.len() < count {
        if state.status().is_finished() {
            state = State::new(Config::default());
            continue;
        }
        if matches!(state.status(), Status::Ongoing(Actor::Player(_))) && ply % 7 == 0 {
            positions.push(state);
        }
        let mv = random_move(&state, &mut rng).unwrap();
        state = apply(&state, mv).unwrap();
        ply += 1;
    }
    positions
}

#[test]
fn the_bot_plays_only_legal_moves_and_repeats_itself_for_a_seed() {
    for (index, state) in positions(3, 30).iter().enumerate() {
        let seed = index as u64;
        let chosen = ArchitektonMcts::new(quick(200), seed)
            .choose(state)
            .unwrap();
        assert!(legal_moves(state).contains(&chosen), "{chosen} in {state}");
        let again = ArchitektonMcts::new(quick(200), seed).choose(state);
        assert_eq!(
            again,
            Some(chosen),
            "the same seed, the same move in {state}"
        );
    }
}

#[test]
fn the_bot_plays_whole_games_against_itself() {
    let start = State::new(Config::default());
    let mut table = [
        ArchitektonMcts::new(quick(100), 1),
        ArchitektonMcts::new(quick(100), 2),
    ];
    let game = bots::play(&start, &mut table, 5, 1_000);
    assert!(game.finished, "{}", game.record());
}

#[test]
fn the_bot_does_not_move_where_no_player_decides() {
    let start = State::new(Config::default());
    assert_eq!(ArchitektonMcts::new(quick(10), 1).choose(&start), None);
}

/// Player 0's `wepf` on 1,0 faces water, earth and forest; its south side (plain) is open
/// on 1,-1, where player 1's `wepf` on 0,-1 shows water. Player 0 is to lay two tiles, a
/// plain among the display's landscapes.
const ENCLOSE: &str = "*f *w *e *p *w *wepf *wefp *wpfe wepf@1,0 e@2,0 *w *wepf \
    wepf@0,-1r1 p@-1,-1 *p *wepf";

#[test]
fn the_plain_that_scores_ones_own_building_and_spoils_the_opponents_is_preferred() {
    let state = State::new(Config::default()).replay(ENCLOSE).unwrap();
    let enclose: Move = "p@1,-1".parse().unwrap();
    assert!(legal_moves(&state).contains(&enclose));
    let after = apply(&state, enclose).unwrap();
    assert_eq!(after.points(Player::FIRST), 2, "the enclosure scores +1");
    let lead = |next: &State| {
        architekton_value(next, Player::FIRST) - architekton_value(next, Player::SECOND)
    };
    for mv in legal_moves(&state) {
        if mv != enclose {
            let other = apply(&state, mv).unwrap();
            assert!(lead(&after) > lead(&other), "{enclose} over {mv}");
        }
    }
    for seed in 0..3 {
        let chosen = ArchitektonMcts::new(quick(2_000), seed).choose(&state);
        assert_eq!(chosen, Some(enclose), "seed {seed}");
    }
}
