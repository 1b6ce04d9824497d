//! Crescendo's search bot plays only legal moves in every phase, is reproducible for a seed
//! and an iteration budget, finishes a tower when it can, and returns from positions where
//! the players can chase each other for ever.
#![cfg(feature = "crescendo")]
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::rand_core::SeedableRng;
use bots::greedy::crescendo_move;
use bots::{Bot, Budget, CrescendoMcts, GreedyBot, Level, MctsConfig, Style, play};
use crescendo::{Config, Move, Phase, Players, State, apply, legal_moves};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The bot's settings with a small iteration budget and no time limit.
fn quick(iterations: u64) -> MctsConfig {
    MctsConfig {
        budget: Budget::iterations(iterations),
        ..CrescendoMcts::settings(Level::MIN)
    }
}

/// The phase's name, to count the positions of each kind.
fn kind(phase: Phase) -> usize {
    match phase {
        Phase::Laying => 0,
        Phase::Placing => 1,
        Phase::Extra => 2,
        Phase::Moving { .. } => 3,
        Phase::Scattering { .. } => 4,
        Phase::Over => 5,
    }
}

/// Positions of greedy matches of `players` where a player decides: every setup position
/// of the first round and every 23rd position after it, up to `count` of them.
fn positions(players: Players, seed: u64, count: usize) -> Vec<State> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut positions = Vec::new();
    let mut state = State::new(Config::new(players));
    let mut ply = 0;
    while positions.len() < count {
        let Some(mv) = crescendo_move(&state, &mut rng) else {
            state = State::new(Config::new(players));
            continue;
        };
        if ply < 40 || ply % 23 == 0 {
            positions.push(state);
        }
        state = apply(&state, mv).unwrap();
        ply += 1;
    }
    positions
}

/// A four-cross-wide final in its movement phase: the zig-zag row of crosses of the
/// engine's examples; player 0 has a protected tower of 7 on 0,1 and player 1 one on
/// 1,0; their last pawns stand side by side on 12,0 (white) and 12,-1 (colour 2), each
/// able to scatter the other, again and again.
const CHASE: &str = "2 01 - - move:0:0 \
    0,0r0;2,1r0;4,0r0;6,1r0;8,0r0;10,1r0;12,0r0;14,1r0;16,0r0;18,1r0;20,0r0;22,1r0 \
    0,1=0000000;1,0=1111111;12,0=0;12,-1=1";

#[test]
fn the_bot_plays_legal_moves_in_every_phase_for_2_3_and_4_players_in_both_styles() {
    for style in [Style::Search, Style::Strongest] {
        legal_in_every_phase(CrescendoMcts::new(quick(30), 5).with_style(style));
    }
}

/// `bot` chooses a legal move in positions of every phase of 2-, 3- and 4-player matches.
fn legal_in_every_phase(mut bot: CrescendoMcts) {
    for (players, seed) in [(Players::Two, 2), (Players::Three, 3), (Players::Four, 4)] {
        let positions = positions(players, seed, 120);
        let mut kinds = [0; 6];
        for state in &positions {
            kinds[kind(state.phase())] += 1;
            let chosen = bot.choose(state).expect("a player decides");
            assert!(
                legal_moves(state).contains(&chosen),
                "{chosen} is not legal in {state}"
            );
        }
        assert!(
            kinds[..5].iter().all(|&seen| seen > 0),
            "{players} players: positions by phase {kinds:?}"
        );
    }
}

#[test]
fn the_bot_has_no_move_when_the_match_is_over() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let end =
        bots::greedy::crescendo_playout(&State::new(Config::new(Players::Two)), &mut rng, 100_000);
    assert!(end.finished);
    assert_eq!(CrescendoMcts::new(quick(10), 1).choose(&end.state), None);
}

#[test]
fn the_bot_is_reproducible_for_a_seed_and_an_iteration_budget() {
    let positions = positions(Players::Four, 11, 60);
    let choices = |seed: u64, style: Style| -> Vec<Move> {
        let mut bot = CrescendoMcts::new(quick(40), seed).with_style(style);
        positions
            .iter()
            .map(|state| bot.choose(state).unwrap())
            .collect()
    };
    assert_eq!(choices(3, Style::Search), choices(3, Style::Search));
    assert_eq!(choices(3, Style::Strongest), choices(3, Style::Strongest));
    let moving = positions
        .iter()
        .find(|state| matches!(state.phase(), Phase::Moving { .. }) && legal_moves(state).len() > 1)
        .unwrap();
    let report = CrescendoMcts::new(quick(40), 8).search(moving).unwrap();
    assert_eq!(report.iterations, 40);
    assert_eq!(
        Some(report),
        CrescendoMcts::new(quick(40), 8).search(moving)
    );
}

#[test]
fn the_bot_finishes_its_tower_when_it_can() {
    // Player 0's last pawn, on the first cross's centre, steps north onto their tower of 7.
    let state: State = CHASE.replace("12,0=0", "0,0=0").parse().unwrap();
    let finish: Move = "M0,0n1".parse().unwrap();
    assert!(legal_moves(&state).contains(&finish));
    assert_eq!(
        CrescendoMcts::new(quick(30), 2).choose(&state),
        Some(finish)
    );
}

#[test]
fn searches_return_from_positions_where_the_players_chase_each_other() {
    let chase: State = CHASE.parse().unwrap();
    // Each single can scatter the other.
    assert!(legal_moves(&chase).contains(&"M12,0s1".parse().unwrap()));
    let report = CrescendoMcts::new(quick(300), 4).search(&chase).unwrap();
    assert_eq!(report.iterations, 300);
    // One move before the no-progress end too: the round ends inside the tree.
    let last: State = CHASE.replace("move:0:0", "move:0:199").parse().unwrap();
    let report = CrescendoMcts::new(quick(300), 4).search(&last).unwrap();
    assert_eq!(report.iterations, 300);
    // And a whole final from the chase, the bot against the greedy player.
    let mut bot = CrescendoMcts::new(quick(30), 6);
    let mut greedy = GreedyBot::new(6);
    let game = play(
        &chase,
        &mut [&mut bot as &mut dyn Bot<State>, &mut greedy],
        0,
        20_000,
    );
    assert!(game.finished, "{}", game.record());
}

#[test]
fn the_levels_search_the_iterations_measured_in_the_docs() {
    // docs/bots.md measures each level against the one below with these budgets.
    let iterations: Vec<Option<u64>> = (1..=5)
        .map(|value| {
            let level = Level::new(value).unwrap();
            CrescendoMcts::settings(level).budget.max_iterations()
        })
        .collect();
    assert_eq!(
        iterations,
        [Some(3), Some(8), Some(30), Some(100), Some(16_000)]
    );
}

#[test]
fn the_strongest_style_sets_up_by_rule_not_at_random() {
    // Every cross and setup pawn of the first round, for 2, 3 and 4 players.
    for (players, seed) in [
        (Players::Two, 21),
        (Players::Three, 22),
        (Players::Four, 23),
    ] {
        let setup: Vec<State> = positions(players, seed, 40)
            .into_iter()
            .filter(|state| matches!(state.phase(), Phase::Laying | Phase::Placing))
            .collect();
        assert!(
            setup.len() > 12,
            "{players} players: {} setup positions",
            setup.len()
        );
        let choices = |seed: u64, style: Style| -> Vec<Move> {
            let mut bot = CrescendoMcts::new(quick(10), seed).with_style(style);
            setup
                .iter()
                .map(|state| bot.choose(state).unwrap())
                .collect()
        };
        // The same choices whatever the seed, where the levels' crosses are random.
        assert_eq!(choices(1, Style::Strongest), choices(2, Style::Strongest));
        assert_ne!(choices(1, Style::Search), choices(2, Style::Search));
    }
}

#[test]
fn the_strongest_style_puts_its_pawns_near_a_cell_of_its_colour() {
    // The zig-zag row of crosses: player 0 put a pawn on the first cross's centre 0,0.
    let state = State::new(Config::new(Players::Two))
        .replay(
            "X0,0r0 X2,1r0 X4,0r0 X6,1r0 X8,0r0 X10,1r0 X12,0r0 X14,1r0 X16,0r0 X18,1r0 \
             X20,0r0 X22,1r0 P0,0 P22,1",
        )
        .unwrap();
    let mut bot = CrescendoMcts::new(quick(10), 1).with_style(Style::Strongest);
    // Its second pawn goes on the next centre, 2,1: 0,1 (colour 0, north of 0,0) is then
    // 1 + 2 cells from its two pawns, the least a second pawn can cost.
    assert_eq!(bot.choose(&state), Some("P2,1".parse().unwrap()));
}

#[test]
fn level_5_plays_in_the_strongest_style() {
    assert_eq!(Style::of(Level::MAX), Style::Strongest);
    for value in 1..5 {
        assert_eq!(Style::of(Level::new(value).unwrap()), Style::Search);
    }
}
