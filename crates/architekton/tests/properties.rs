//! Properties of positions reached by random play (proptest), and of whole random games:
//! the last round, the final clean-up and the largest group.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{HashMap, HashSet};

use architekton::{
    BuildingMatch, Config, Phase, Stack, State, apply, legal_moves, sample_chance, status,
};
use boardcore::rand_core::SeedableRng;
use boardcore::testing::reachable;
use boardcore::{Actor, Direction, Game, Outcome, Player, SignedCoord, Status, uniform_below};
use proptest::prelude::*;
use rand_xoshiro::Xoshiro256PlusPlus;

fn start(one: bool) -> State {
    State::new(Config::new(if one {
        BuildingMatch::AtLeastOne
    } else {
        BuildingMatch::All
    }))
}

/// Whether every tile is joined to the start tiles through shared edges (the two start
/// tiles touch at a corner).
fn connected(state: &State) -> bool {
    let cells: HashSet<SignedCoord> = state.tiles().map(|t| t.at).collect();
    let mut seen: HashSet<SignedCoord> = HashSet::new();
    let mut stack: Vec<SignedCoord> = [SignedCoord::ORIGIN, SignedCoord::new(1, 1)]
        .into_iter()
        .filter(|c| cells.contains(c))
        .collect();
    seen.extend(stack.iter().copied());
    while let Some(cell) = stack.pop() {
        for next in cell.neighbours() {
            if cells.contains(&next) && seen.insert(next) {
                stack.push(next);
            }
        }
    }
    seen.len() == cells.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn reached_positions_keep_the_invariants(
        one in any::<bool>(),
        choices in proptest::collection::vec(any::<u32>(), 0..120),
    ) {
        let state = boardcore::testing::play_choices(&start(one), &choices).state;
        prop_assert_eq!(state.validate(), Ok(()));
        prop_assert!(connected(&state));
        for tile in state.tiles() {
            let even = (i32::from(tile.at.x) + i32::from(tile.at.y)).rem_euclid(2) == 0;
            prop_assert_eq!(even, tile.tile.stack() == Stack::Landscape, "checkerboard at {}", tile.at);
        }
        let seen: usize = state.tiles().count()
            + architekton::Tile::ALL.iter().map(|&t| usize::from(state.in_display(t)) + usize::from(state.unseen(t))).sum::<usize>()
            + architekton::Terrain::ALL.iter().map(|&t| usize::from(state.discarded(t))).sum::<usize>();
        prop_assert_eq!(seen, 46);
    }

    #[test]
    fn text_round_trips(reached in reachable(start(false), 150)) {
        let state = reached.state;
        let text = state.to_string();
        let read: State = text.parse().unwrap();
        prop_assert_eq!(read, state);
        prop_assert_eq!(read.position_key(), state.position_key());
        // The record replays exactly, chance draws included.
        prop_assert_eq!(start(false).replay(&reached.record()).unwrap(), state);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trips(reached in reachable(start(false), 150)) {
        let state = reached.state;
        let json = serde_json::to_string(&state).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, state);
        for mv in legal_moves(&state) {
            let json = serde_json::to_string(&mv).unwrap();
            prop_assert_eq!(serde_json::from_str::<architekton::Move>(&json).unwrap(), mv);
        }
    }

    #[test]
    fn apply_leaves_its_input_unchanged(reached in reachable(start(true), 150)) {
        let state = reached.state;
        let copy = state;
        for mv in legal_moves(&state) {
            let next = apply(&state, mv).unwrap();
            prop_assert_ne!(next, state);
        }
        prop_assert_eq!(copy, state);
    }
}

/// Where and when the first reserve tile was drawn, and how the game ended.
struct Ending {
    marked_in_turn: Option<(u8, Player)>,
    last: State,
}

fn random_game(config: Config, rng: &mut Xoshiro256PlusPlus) -> Ending {
    let mut state = State::new(config);
    let mut marked_in_turn = None;
    while let Status::Ongoing(actor) = status(&state) {
        let mv = match actor {
            Actor::Chance => sample_chance(&state, rng).unwrap(),
            Actor::Player(_) => {
                let moves = legal_moves(&state);
                moves[uniform_below(rng, moves.len() as u64) as usize]
            }
        };
        state = apply(&state, mv).unwrap();
        if marked_in_turn.is_none() && state.is_last_round() {
            marked_in_turn = Some((state.turn(), state.mover()));
        }
    }
    Ending {
        marked_in_turn,
        last: state,
    }
}

#[test]
fn the_last_round_ends_after_player_1s_turn() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    let mut by_player = [0usize; 2];
    for game in 0..2000 {
        let building_match = if game % 2 == 0 {
            BuildingMatch::All
        } else {
            BuildingMatch::AtLeastOne
        };
        let Ending {
            marked_in_turn,
            last,
        } = random_game(Config::new(building_match), &mut rng);
        if last.phase() != Phase::Over {
            continue;
        }
        assert_eq!(last.mover(), Player::SECOND, "{last}");
        match marked_in_turn {
            Some((turn, player)) => {
                by_player[player.index()] += 1;
                let expected = if player == Player::FIRST {
                    turn + 1
                } else {
                    turn
                };
                assert_eq!(last.turn(), expected, "{last}");
            }
            // Ended because the refill after player 1's turn would have reached a reserve.
            None => assert!(last.turn() % 2 == 1),
        }
    }
    assert!(by_player[0] > 0 && by_player[1] > 0, "{by_player:?}");
}

/// The final tally computed independently: houses on buildings with at least three
/// landscape neighbours, grouped through corners.
fn expected_total(state: &State, player: Player) -> u8 {
    let tiles: HashMap<SignedCoord, _> = state.tiles().map(|t| (t.at, t)).collect();
    let houses: HashSet<SignedCoord> = tiles
        .values()
        .filter(|t| t.house == Some(player))
        .filter(|t| {
            Direction::ALL
                .iter()
                .filter(|&&d| tiles.contains_key(&t.at.step(d)))
                .count()
                >= 3
        })
        .map(|t| t.at)
        .collect();
    let mut best = 0;
    let mut seen = HashSet::new();
    for &start in &houses {
        if !seen.insert(start) {
            continue;
        }
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(cell) = stack.pop() {
            size += 1;
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let next = cell.offset(dx, dy);
                if houses.contains(&next) && seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        best = best.max(size);
    }
    state.points(player) + best
}

#[test]
fn final_scores_clean_up_and_count_the_largest_group() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut draws = 0;
    let mut groups = 0;
    for _ in 0..1000 {
        let last = random_game(Config::default(), &mut rng).last;
        let Status::Finished(outcome) = status(&last) else {
            unreachable!()
        };
        if last.phase() != Phase::Over {
            assert!(matches!(last.phase(), Phase::Bankrupt(_)));
            continue;
        }
        let totals = [Player::FIRST, Player::SECOND].map(|p| expected_total(&last, p));
        for (player, total) in [Player::FIRST, Player::SECOND].into_iter().zip(totals) {
            assert_eq!(last.final_score(player).total, total, "{last}");
            groups += usize::from(last.final_score(player).group > 1);
        }
        let expected = match totals[0].cmp(&totals[1]) {
            core::cmp::Ordering::Greater => Outcome::Winner(Player::FIRST),
            core::cmp::Ordering::Less => Outcome::Winner(Player::SECOND),
            core::cmp::Ordering::Equal => Outcome::Draw,
        };
        draws += usize::from(expected == Outcome::Draw);
        assert_eq!(outcome, expected);
        assert!(last.legal_moves().is_empty());
    }
    assert!(draws > 0 && groups > 0);
}
