//! Whole Crescendo matches played by the greedy policy: thousands run to their ranking
//! for 4, 3 and 2 players, and every position of a few of them keeps the rules' laws.
#![cfg(feature = "crescendo")]

use boardcore::rand_core::SeedableRng;
use boardcore::testing::check_laws;
use boardcore::{Game, Outcome, Player, Status};
use bots::greedy::{crescendo_move, crescendo_playout};
use bots::{GreedyBot, play};
use crescendo::{Config, Phase, Players, State, apply, status};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The ply cap of a match; greedy matches stay far below it.
const CAP: usize = 200_000;

/// Plays `matches` greedy matches and checks each ends with a full ranking.
fn greedy_matches_finish(players: Players, matches: usize, seed: u64) {
    let start = State::new(Config::new(players));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for index in 0..matches {
        let end = crescendo_playout(&start, &mut rng, CAP);
        assert!(end.finished, "{players} players, match {index}: unfinished");
        let outcome = status(&end.state);
        let Status::Finished(Outcome::Ranking(ranking)) = outcome else {
            unreachable!("match {index}: no ranking but {outcome}");
        };
        let mut seats: Vec<usize> = ranking.players().iter().map(|p| p.index()).collect();
        seats.sort_unstable();
        assert_eq!(seats, (0..players.count()).collect::<Vec<_>>());
        // The winner is the final's qualifier; the others follow in reverse elimination.
        assert_eq!(ranking.first(), end.state.qualified().first().copied());
        let rest: Vec<Player> = end.state.eliminated().iter().rev().copied().collect();
        assert_eq!(&ranking.players()[1..], rest.as_slice());
    }
}

#[test]
fn a_thousand_four_player_matches_finish() {
    greedy_matches_finish(Players::Four, 1000, 4);
}

#[test]
fn a_thousand_three_player_matches_finish() {
    greedy_matches_finish(Players::Three, 1000, 3);
}

#[test]
fn a_thousand_two_player_matches_finish() {
    greedy_matches_finish(Players::Two, 1000, 2);
}

#[test]
fn a_whole_four_player_match_replays_to_its_ranking() {
    let start = State::new(Config::default());
    let mut bots: Vec<GreedyBot> = (0..4).map(GreedyBot::new).collect();
    let game = play(&start, &mut bots, 0, CAP);
    assert!(game.finished);
    // Follow the match round by round from its record.
    let mut state = start;
    let mut rounds = vec![state.round_players().to_vec()];
    for &mv in &game.moves {
        let next = apply(&state, mv).unwrap();
        if next.round() != state.round() {
            // The new round's order starts with the players qualified so far, in order; the
            // one player left out is the one just eliminated.
            assert!(next.round_players().starts_with(state.qualified()));
            assert_eq!(next.round_players().len(), state.round_size() - 1);
            let out = *next.eliminated().last().unwrap();
            assert!(state.round_players().contains(&out));
            assert!(!next.round_players().contains(&out));
            rounds.push(next.round_players().to_vec());
        }
        state = next;
    }
    assert_eq!(state, game.state);
    assert_eq!(start.replay(&game.record()).unwrap(), game.state);
    assert_eq!(rounds.iter().map(Vec::len).collect::<Vec<_>>(), [4, 3, 2]);
    let Status::Finished(Outcome::Ranking(ranking)) = status(&state) else {
        panic!("no ranking");
    };
    // 4th: the player of round 1 missing from round 2; 3rd: of round 2 missing from round 3.
    let missing = |from: &[Player], to: &[Player]| -> Player {
        *from.iter().find(|p| !to.contains(p)).unwrap()
    };
    assert_eq!(ranking.players()[3], missing(&rounds[0], &rounds[1]));
    assert_eq!(ranking.players()[2], missing(&rounds[1], &rounds[2]));
    assert!(rounds[2].contains(&ranking.players()[0]));
    assert!(rounds[2].contains(&ranking.players()[1]));
    assert_eq!(state.phase(), Phase::Over);
}

#[test]
fn every_position_of_greedy_matches_keeps_the_laws() {
    for (players, seed) in [
        (Players::Four, 11),
        (Players::Three, 12),
        (Players::Two, 13),
    ] {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..3 {
            let mut state = State::new(Config::new(players));
            while let Some(mv) = crescendo_move(&state, &mut rng) {
                check_laws(&state).unwrap_or_else(|message| panic!("{message}\n{state}"));
                state.validate().unwrap();
                if let Phase::Moving { .. } = state.phase() {
                    for player in state.active_players() {
                        assert_eq!(state.pawns_on_board(player), u32::from(state.target()));
                    }
                }
                state = state.apply(mv).unwrap();
            }
            check_laws(&state).unwrap();
        }
    }
}
