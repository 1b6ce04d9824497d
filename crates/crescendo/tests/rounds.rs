//! Setup, qualification, the no-progress end, the rounds of a match and its ranking.

mod common;

use boardcore::{MoveError, Outcome, Player, PositionError, SeededRng, Status, random_playout};
use common::{LINE, illegal, line_record, moves_text, play, play_all, position, seat};
use crescendo::{
    Colour, Config, Decision, Illegal, Invalid, Phase, Players, State, apply, legal_moves,
    longest_match, status,
};

#[test]
fn matches_start_with_their_players_round_and_target() {
    for (players, round, target) in [
        (Players::Four, 1, 5),
        (Players::Three, 2, 6),
        (Players::Two, 3, 8),
    ] {
        let start = State::new(Config::new(players));
        assert_eq!(start.round(), round);
        assert_eq!(start.target(), target);
        assert_eq!(start.round_players().len(), players.count());
        assert_eq!(start.idle_limit(), 100 * players.count() as u16);
        assert_eq!(start.to_move(), Some(seat(0)));
        assert_eq!(
            start.to_string(),
            format!(
                "{} {} - - lay - -",
                players.count(),
                &"0123"[..players.count()]
            )
        );
    }
}

#[test]
fn crosses_are_laid_in_turn_order_with_contact_and_without_overlap() {
    let start = State::new(Config::new(Players::Three));
    assert_eq!(moves_text(&start), ["X0,0r0", "X0,0r1", "X0,0r2", "X0,0r3"]);
    assert!(matches!(
        illegal(&start, "X1,0r0"),
        Illegal::FirstCrossOffOrigin { .. }
    ));
    let mut state = start;
    for (index, cross) in line_record().split(' ').enumerate() {
        assert_eq!(state.to_move(), Some(seat(index % 3)), "cross {index}");
        assert_eq!(state.phase(), Phase::Laying);
        if index > 0 {
            assert!(matches!(illegal(&state, "X0,0r0"), Illegal::Overlap { .. }));
            assert!(matches!(
                illegal(&state, "X0,-3r0"),
                Illegal::TooLittleContact { contacts: 1, .. }
            ));
        }
        state = play(&state, cross);
    }
    assert_eq!(state.phase(), Phase::Placing);
    assert_eq!(state.board().crosses().len(), 12);
    assert_eq!(
        illegal(&state, "X30,0r0"),
        Illegal::WrongDecision {
            expected: Decision::PlacePawn
        }
    );
}

#[test]
fn the_second_cross_has_exactly_the_eight_hand_counted_centres() {
    // Around a plus at the origin, the centres sharing two or more edges without overlap
    // are (±2,±1) and (±1,±2).
    let state = State::new(Config::default()).replay("X0,0r2").unwrap();
    let mut centres: Vec<String> = moves_text(&state)
        .iter()
        .filter_map(|mv| mv.strip_suffix("r0").map(|c| c[1..].to_owned()))
        .collect();
    centres.sort();
    assert_eq!(
        centres,
        [
            "-1,-2", "-1,2", "-2,-1", "-2,1", "1,-2", "1,2", "2,-1", "2,1"
        ]
    );
    assert_eq!(legal_moves(&state).len(), 32);
}

#[test]
fn pawns_then_extras_are_set_up_in_turn_order() {
    let start = State::new(Config::new(Players::Three));
    let laid = start.replay(&line_record()).unwrap();
    // Whites in laying order go to 0, 1, 2, 0, … : each player gets 4.
    let whites = [
        "0,0", "2,1", "4,0", "6,1", "8,0", "10,1", "12,0", "14,1", "16,0", "18,1", "20,0", "22,1",
    ];
    assert_eq!(
        illegal(&laid, "P1,0"),
        Illegal::NotWhite {
            at: "1,0".parse().unwrap(),
            colour: Colour::Player(seat(1))
        }
    );
    assert!(matches!(illegal(&laid, "P3,3"), Illegal::OffBoard { .. }));
    let mut state = laid;
    for (index, white) in whites.iter().enumerate() {
        assert_eq!(state.to_move(), Some(seat(index % 3)));
        assert_eq!(legal_moves(&state).len(), 12 - index);
        state = play(&state, &format!("P{white}"));
        if index == 0 {
            assert_eq!(
                illegal(&state, "P0,0"),
                Illegal::WhiteCellTaken {
                    at: "0,0".parse().unwrap()
                }
            );
        }
    }
    assert_eq!(state.phase(), Phase::Extra);
    // Player 0 holds 0,0 6,1 12,0 18,1; player 1 holds 2,1 8,0 14,1 20,0; player 2 the rest.
    assert_eq!(moves_text(&state), ["E0,0", "E6,1", "E12,0", "E18,1"]);
    assert_eq!(
        illegal(&state, "E2,1"),
        Illegal::NotYourPawn {
            at: "2,1".parse().unwrap()
        }
    );
    let state = play_all(&state, "E0,0 E2,1 E4,0");
    assert_eq!(state.to_move(), Some(seat(0)));
    // The second extra goes on a different single pawn.
    assert_eq!(
        illegal(&state, "E0,0"),
        Illegal::NotSingle {
            at: "0,0".parse().unwrap(),
            height: 2
        }
    );
    let state = play_all(&state, "E6,1 E8,0");
    assert_eq!(state.phase(), Phase::Extra);
    let state = play(&state, "E10,1");
    assert_eq!(
        state.phase(),
        Phase::Moving {
            to_move: seat(0),
            idle: 0
        }
    );
    for player in Player::seats(3) {
        assert_eq!(state.pawns_on_board(player), 6);
        let twos = state.towers_of(player).filter(|&(_, h)| h == 2).count();
        assert_eq!(twos, 2);
    }
}

#[test]
fn the_third_qualifier_ends_the_round_and_the_next_round_follows_qualification_order() {
    // Players 1 and 2 have qualified; player 0 finishes; player 3 is eliminated.
    let state = position(&format!(
        "4 0123 12 - move:0:37 {LINE} 0,0=0;1,0=0000;15,0=3333;19,0=3"
    ));
    let next = play(&state, "M0,0e1");
    assert_eq!(next.to_string(), "4 120 - 3 lay - -");
    assert_eq!(next.round(), 2);
    assert_eq!(next.target(), 6);
    assert_eq!(next.round_players(), [seat(1), seat(2), seat(0)]);
    assert_eq!(next.eliminated(), [seat(3)]);
    assert_eq!(
        status(&next),
        Status::Ongoing(boardcore::Actor::Player(seat(1)))
    );
    // Setup of round 2 in the order 1, 2, 0.
    let mut state = next;
    for (index, cross) in line_record().split(' ').enumerate() {
        assert_eq!(
            state.to_move(),
            Some([seat(1), seat(2), seat(0)][index % 3])
        );
        state = play(&state, cross);
    }
    let state = play_all(
        &state,
        "P0,0 P2,1 P4,0 P6,1 P8,0 P10,1 P12,0 P14,1 P16,0 P18,1 P20,0 P22,1 \
         E0,0 E2,1 E4,0 E6,1 E8,0 E10,1",
    );
    assert_eq!(
        state.phase(),
        Phase::Moving {
            to_move: seat(1),
            idle: 0
        }
    );
    assert_eq!(
        state.tower_at("0,0".parse().unwrap()).unwrap().owner,
        seat(1)
    );
    assert_eq!(state.pawns_on_board(seat(0)), 6);
    assert_eq!(state.pawns_on_board(seat(3)), 0);
}

#[test]
fn no_progress_ranks_by_tallest_tower_then_own_colour_then_turn_order() {
    // 399 moves without progress; player 0's step makes 400, the limit of 4 players.
    // Tallest towers: player 1 has 4, the others 3. Own colour: players 2 and 3 have 5
    // pawns on their colours, player 0 only 1; players 2 and 3 tie, and 2 plays first.
    let state = position(&format!(
        "4 0123 - - move:0:399 {LINE} 0,0=000;16,1=0;18,0=0;13,0=1111;21,0=1;14,0=22;22,0=222;15,0=333;19,0=33"
    ));
    assert_eq!(state.pawns_on_own_colour(seat(0)), 1);
    assert_eq!(state.pawns_on_own_colour(seat(2)), 5);
    assert_eq!(state.pawns_on_own_colour(seat(3)), 5);
    let next = play(&state, "M18,0n1");
    assert_eq!(next.to_string(), "4 123 - 0 lay - -");
    // One move earlier the round goes on.
    let earlier = position(&state.to_string().replace("move:0:399", "move:0:398"));
    assert_eq!(
        play(&earlier, "M18,0n1").phase(),
        Phase::Moving {
            to_move: seat(1),
            idle: 399
        }
    );
}

#[test]
fn no_progress_with_everything_equal_follows_turn_order() {
    // Round 2 in the order 2, 0, 1, all towers of 3 off their owners' colours.
    let state = position(&format!(
        "4 201 - 3 move:2:299 {LINE} 1,0=000;2,0=000;0,0=111;3,0=111;4,0=222;5,0=222"
    ));
    let next = play(&state, "M5,0n1");
    assert_eq!(next.to_string(), "4 20 - 31 lay - -");
    assert_eq!(next.round(), 3);
    assert_eq!(next.to_move(), Some(seat(2)));
}

#[test]
fn players_qualified_before_a_no_progress_end_keep_their_place() {
    // Player 3 qualified first; the no-progress end adds the best two of the others.
    let state = position(&format!(
        "4 0123 3 - move:2:399 {LINE} 0,0=000;16,1=00;13,0=1111;21,0=1;14,0=22;22,0=222"
    ));
    let next = play(&state, "M14,0n1");
    // Tallest: player 1 (4), then players 0 and 2 (3): player 2 has its 3 on its colour.
    assert_eq!(next.to_string(), "4 312 - 0 lay - -");
}

#[test]
fn the_final_ends_with_the_better_player_winning_and_the_ranking() {
    // Round 3 of a two-player match; player 1's step makes 200 moves without progress.
    // Both have a tallest tower of 4; player 0 has 8 pawns on colour 0, player 1 only 7.
    let state = position(&format!(
        "2 01 - - move:1:199 {LINE} 0,1=0000;16,1=0000;1,0=1111;13,0=111;20,0=1"
    ));
    let over = play(&state, "M20,0n1");
    assert_eq!(over.phase(), Phase::Over);
    assert_eq!(over.to_move(), None);
    assert_eq!(status(&over).to_string(), "ranking 0 1");
    assert!(legal_moves(&over).is_empty());
    assert_eq!(
        apply(&over, "pass".parse().unwrap()),
        Err(MoveError::GameOver)
    );
    // The finished position keeps the final board and reads back.
    let text = over.to_string();
    assert!(text.starts_with("2 01 0 1 over "), "{text}");
    assert_eq!(position(&text), over);
}

#[test]
fn finishing_the_final_tower_wins_the_match_and_ranks_everyone() {
    // Round 3 of a four-player match: player 3 went out in round 1, player 1 in round 2.
    let state = position(&format!(
        "4 20 - 31 move:0:5 {LINE} 0,0=0;1,0=0000000;4,0=2222;5,0=2222"
    ));
    let over = play(&state, "M0,0e1");
    assert_eq!(
        status(&over),
        Status::Finished(Outcome::Ranking("0 2 1 3".parse().unwrap()))
    );
    assert_eq!(over.eliminated(), [seat(3), seat(1), seat(2)]);
    assert_eq!(
        over.to_string(),
        format!("4 20 0 312 over {LINE} 4,0=2222;5,0=2222")
    );
}

#[test]
fn uniform_random_matches_all_end_within_the_longest_match() {
    // Before the limit on the round's moves, no four-player match ended within 100,000
    // plies; now all of them end, and within the proven bound.
    for (players, seed) in [(Players::Four, 4), (Players::Three, 3), (Players::Two, 2)] {
        let longest = longest_match(players) as usize;
        let start = State::new(Config::new(players));
        let mut rng = SeededRng::new(seed);
        let mut lengths: Vec<usize> = (0..1_000)
            .map(|game| {
                let end = random_playout(&start, &mut rng, longest + 1);
                assert!(end.finished, "{players}: match {game} did not end");
                assert!(
                    end.plies <= longest,
                    "{players}: match {game}: {}",
                    end.plies
                );
                end.plies
            })
            .collect();
        lengths.sort_unstable();
        eprintln!(
            "{players} players, 1000 random matches: plies p50 {} p99 {} max {} (bound {longest})",
            lengths[499], lengths[989], lengths[999]
        );
    }
}

#[test]
fn the_move_that_reaches_the_round_limit_ends_the_round_by_standing() {
    // 999 moves in the round, 5 of them without progress: player 0's step is the 1000th,
    // the limit of 4 players. The ranking is the no-progress end's (as in the test above:
    // players 1, then 2 and 3 by turn order after a tie on their own colours).
    let towers = "0,0=000;16,1=0;18,0=0;13,0=1111;21,0=1;14,0=22;22,0=222;15,0=333;19,0=33";
    let state = position(&format!("4 0123 - - move:0:5:999 {LINE} {towers}"));
    assert_eq!(state.round_moves(), 999);
    assert_eq!(state.round_move_limit(), 1_000);
    let next = play(&state, "M18,0n1");
    assert_eq!(next.to_string(), "4 123 - 0 lay - -");
    assert_eq!(next.round_moves(), 0);
    // One move earlier the round goes on, counting the move.
    let earlier = position(&format!("4 0123 - - move:0:5:998 {LINE} {towers}"));
    let next = play(&earlier, "M18,0n1");
    assert_eq!(next.round_moves(), 999);
    assert!(next.to_string().contains(" move:1:6:999 "), "{next}");
}

#[test]
fn a_scatter_that_makes_the_last_move_of_the_round_ends_it_once_placed() {
    // The final: player 1 scattered a tower of 2 of player 0 with the round's 500th move;
    // one pawn is still to place. Player 0 keeps the tallest tower (5) and wins.
    let state = position(&format!(
        "2 01 - - scatter:1:0:1:500 {LINE} 0,0=00000;16,1=0;18,0=0;13,0=111;1,0=11;20,0=111"
    ));
    assert_eq!(state.round_moves(), 500);
    let over = play(&state, "S4,0");
    assert_eq!(over.phase(), Phase::Over);
    assert_eq!(status(&over).to_string(), "ranking 0 1");
    // A tower finished with the round's last move qualifies its owner first; player 1
    // then has more pawns on their own colour than player 0 (towers of 5 both).
    let state = position(&format!(
        "3 012 - - move:2:0:749 {LINE} 0,0=00000;16,1=0;13,0=11111;20,0=1;4,0=22222;5,0=2"
    ));
    assert_eq!(play(&state, "M5,0w1").to_string(), "3 21 - 0 lay - -");
}

#[test]
fn the_round_moves_are_written_read_and_checked() {
    let text = format!(
        "4 0123 - - move:2:7:345 {LINE} 0,0=000;16,1=00;13,0=1111;21,0=1;14,0=22;22,0=222;15,0=333;19,0=33"
    );
    let state = position(&text);
    assert!(state.to_string().contains(" move:2:7:345 "), "{state}");
    assert_eq!(position(&state.to_string()), state);
    assert_eq!(state.round_moves(), 345);
    // The old forms without the count are read as the fewest moves they imply.
    let old = position(&text.replace("move:2:7:345", "move:2:7"));
    assert_eq!(old.round_moves(), 7);
    assert!(old.to_string().contains(" move:2:7:7 "));
    let scatter = format!(
        "4 0123 - - scatter:1:0:1 {LINE} 0,0=0;16,1=0;4,0=00;13,0=1111;21,0=1;14,0=22;22,0=222;15,0=333;19,0=33"
    );
    assert_eq!(position(&scatter).round_moves(), 1);
    // The key tells the counts apart.
    assert_ne!(state.position_key(), old.position_key());
    // Counts that cannot occur.
    let refused = |text: String| text.parse::<State>().unwrap_err().to_string();
    assert_eq!(
        refused(text.replace("move:2:7:345", "move:2:7:1000")),
        "invalid position: 1000 moves of the round's movement phase do not fit the phase (the round ends at 1000)"
    );
    assert_eq!(
        refused(text.replace("move:2:7:345", "move:2:7:6")),
        "invalid position: 7 moves without progress, but only 6 moves in the round"
    );
    assert_eq!(
        refused(scatter.replace("scatter:1:0:1", "scatter:1:0:1:0")),
        "invalid position: 0 moves of the round's movement phase do not fit the phase (the round ends at 1000)"
    );
    assert!(
        position(&scatter.replace("scatter:1:0:1", "scatter:1:0:1:1000")).round_moves() == 1_000
    );
    assert!(matches!(
        scatter
            .replace("scatter:1:0:1", "scatter:1:0:1:1001")
            .parse::<State>(),
        Err(PositionError::Invalid(Invalid::RoundMoves {
            moves: 1_001,
            limit: 1_000
        }))
    ));
}
