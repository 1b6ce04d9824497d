//! Hand-built positions for every ruling, variant and option, and every reason a move is
//! refused.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::{Actor, Bitset, MoveError, Outcome, Player, Status};
use pylos::{
    Config, Illegal, Move, Spot, State, TakeBackRule, apply, count_moves, legal_moves, status,
};

const LIGHT: Player = Player::FIRST;
const DARK: Player = Player::SECOND;

/// The spots of a space-separated list, as a set.
fn spots(list: &str) -> Bitset {
    list.split_whitespace()
        .map(|text| text.parse::<Spot>().expect("a spot").index())
        .collect()
}

/// The position with Light's balls on `light`, Dark's on `dark`, `to_move` to move and
/// the options `config` (as `Config` reads them).
fn position(config: &str, light: &str, dark: &str, to_move: Player) -> State {
    let config: Config = config.parse().expect("a configuration");
    State::from_balls(config, spots(light), spots(dark), to_move).expect("a valid position")
}

/// The legal moves as sorted text.
fn moves(state: &State) -> Vec<String> {
    let mut texts: Vec<String> = legal_moves(state).iter().map(ToString::to_string).collect();
    texts.sort_unstable();
    texts
}

/// The legal moves whose text starts with `prefix`.
fn moves_starting(state: &State, prefix: &str) -> Vec<String> {
    moves(state)
        .into_iter()
        .filter(|text| text.starts_with(prefix))
        .collect()
}

/// The reason `text` is refused in `state`.
fn refusal(state: &State, text: &str) -> MoveError<Illegal> {
    let mv: Move = text.parse().unwrap();
    let before = *state;
    let error = apply(state, mv).unwrap_err();
    assert_eq!(*state, before, "apply changed its input");
    error
}

/// The rule `text` breaks in `state` (the game not being over).
fn illegal(state: &State, text: &str) -> Illegal {
    match refusal(state, text) {
        MoveError::Illegal(reason) => reason,
        MoveError::GameOver => panic!("{text}: game over"),
    }
}

/// The spot written `text`.
fn spot(text: &str) -> Spot {
    text.parse().unwrap()
}

/// The position after `text`, which must be legal.
fn play(state: &State, text: &str) -> State {
    apply(state, text.parse().unwrap()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Level 0 full in a checkerboard (no square of one colour), Light on `0a1`, `0c1`, `0b2`
/// … and Dark on the others; both have 7 balls in reserve.
const CHECKER_LIGHT: &str = "0a1 0c1 0b2 0d2 0a3 0c3 0b4 0d4";
const CHECKER_DARK: &str = "0b1 0d1 0a2 0c2 0b3 0d3 0a4 0c4";

fn with(base: &str, more: &str) -> String {
    format!("{base} {more}")
}

// --- Material, placing -------------------------------------------------------------------

#[test]
fn the_start_offers_the_sixteen_spots_of_level_0() {
    let start = State::new(Config::default());
    assert_eq!(status(&start), Status::Ongoing(Actor::Player(LIGHT)));
    assert_eq!(start.reserve(LIGHT), 15);
    assert_eq!(start.reserve(DARK), 15);
    let all = moves(&start);
    assert_eq!(all.len(), 16);
    assert!(all.iter().all(|m| m.starts_with('0') && m.len() == 3));
}

#[test]
fn a_spot_above_level_0_needs_four_balls_of_any_colour_under_it() {
    let three = position("standard 1-2 nomove", "0a1 0b2", "0b1", DARK);
    assert_eq!(
        illegal(&three, "1a1"),
        Illegal::NotSupported { spot: spot("1a1") }
    );
    let four = play(&three, "0a2");
    assert!(moves(&four).contains(&"1a1".to_owned()));
    let on_top = play(&four, "1a1");
    assert_eq!(on_top.ball(spot("1a1")), Some(LIGHT));
    assert!(!on_top.is_free(spot("0b2")));
    assert!(on_top.is_free(spot("1a1")));
    // Level 2 needs all four level-1 spots under it, the apex all of level 2.
    assert_eq!(
        illegal(&on_top, "2a1"),
        Illegal::NotSupported { spot: spot("2a1") }
    );
    assert_eq!(
        illegal(&on_top, "3a1"),
        Illegal::NotSupported { spot: spot("3a1") }
    );
}

#[test]
fn placing_needs_an_empty_spot_and_a_ball_in_reserve() {
    let state = position("standard 1-2 nomove", "0a1", "0b1", LIGHT);
    assert_eq!(
        illegal(&state, "0b1"),
        Illegal::SpotOccupied { spot: spot("0b1") }
    );
    // Light with all 15 balls on the board (level 0 and three of level 1) can only raise.
    let light = "0a1 0b1 0c1 0d1 0a2 0b2 0c2 0d2 0a3 0b3 0c3 0d3 1a1 1b1 1c1";
    let dark = "0a4 0b4 0c4 0d4";
    let empty = position("standard 1-2 nomove", light, dark, LIGHT);
    assert_eq!(empty.reserve(LIGHT), 0);
    assert_eq!(illegal(&empty, "1a3"), Illegal::ReserveEmpty);
    assert!(moves(&empty).iter().all(|m| m.contains('-')));
    assert!(!moves(&empty).is_empty());
}

// --- Raising -----------------------------------------------------------------------------

#[test]
fn a_free_ball_rises_to_any_higher_spot_it_does_not_support() {
    let state = position("standard 1-2 nomove", CHECKER_LIGHT, CHECKER_DARK, LIGHT);
    // 9 placements on level 1; raises: each Light ball to the level-1 spots not on it
    // (corners 8, edges 7, centre 5): 2 * 8 + 4 * 7 + 2 * 5.
    assert_eq!(count_moves(&state), 9 + 54);
    assert_eq!(legal_moves(&state).len(), 63);
    let all = moves(&state);
    // Any such spot, not only a near one.
    assert!(all.contains(&"0a1-1c3".to_owned()));
    assert!(all.contains(&"0d4-1a1".to_owned()));
    // Never onto a spot it supports: support is judged after lifting it.
    assert!(!all.contains(&"0a1-1a1".to_owned()));
    assert_eq!(
        illegal(&state, "0a1-1a1"),
        Illegal::RaiseOntoOwnSupport {
            from: spot("0a1"),
            to: spot("1a1")
        }
    );
    assert_eq!(
        illegal(&state, "0b2-1b2"),
        Illegal::RaiseOntoOwnSupport {
            from: spot("0b2"),
            to: spot("1b2")
        }
    );
    let raised = play(&state, "0a1-1c3");
    assert_eq!(raised.ball(spot("0a1")), None);
    assert_eq!(raised.ball(spot("1c3")), Some(LIGHT));
    assert_eq!(raised.reserve(LIGHT), 7);
    assert_eq!(raised.mover(), DARK);
}

#[test]
fn raises_are_refused_with_the_reason() {
    let state = position(
        "standard 1-2 nomove",
        &with(CHECKER_LIGHT, "1b2"),
        &with(CHECKER_DARK, "1a1"),
        LIGHT,
    );
    assert_eq!(
        illegal(&state, "0b2-1c3"),
        Illegal::BallNotFree { spot: spot("0b2") }
    );
    assert_eq!(
        illegal(&state, "0d1-1c3"),
        Illegal::NotOwnBall { spot: spot("0d1") }
    );
    let emptied = position("standard 1-2 nomove", "0a1 0c1", "0b1", DARK);
    assert_eq!(
        illegal(&emptied, "0d4-1a1"),
        Illegal::NoBall { spot: spot("0d4") }
    );
    // Up at least one level: not along a level, not down.
    assert_eq!(
        illegal(&state, "1b2-1c3"),
        Illegal::NotHigher {
            from: spot("1b2"),
            to: spot("1c3")
        }
    );
    assert_eq!(
        illegal(&state, "1b2-0a1"),
        Illegal::NotHigher {
            from: spot("1b2"),
            to: spot("0a1")
        }
    );
    assert_eq!(
        illegal(&state, "0d4-1a1"),
        Illegal::SpotOccupied { spot: spot("1a1") }
    );
    assert_eq!(
        illegal(&state, "0d4-2a2"),
        Illegal::NotSupported { spot: spot("2a2") }
    );
}

#[test]
fn a_ball_may_rise_two_levels_and_onto_a_spot_beside_its_old_support() {
    // Level 0 and level 1 full but for 1c3; level 2: 2a1 (Dark) and the open 2b1, 2a2.
    let light = "0a1 0c1 0b2 0d2 0a3 0c3 0b4 0d4 1a1 1c1 1b2 1c2 1a3";
    let dark = "0b1 0d1 0a2 0c2 0b3 0d3 0a4 0c4 1b1 1a2 1b3 2a1";
    let state = position("standard 1-2 nomove", light, dark, LIGHT);
    let raises: Vec<String> = moves(&state)
        .into_iter()
        .filter(|m| m.contains('-'))
        .collect();
    // 0d4 is free (1c3 is empty) and rises two levels, to 2a2 and 2b1 but not to 1c3,
    // which rests on it. 1b2 carries 2a1. 1c1 and 1c2 support 2b1, so they go to 2a2;
    // 1a3 supports 2a2, so it goes to 2b1.
    assert_eq!(
        raises,
        ["0d4-2a2", "0d4-2b1", "1a3-2b1", "1c1-2a2", "1c2-2a2"]
    );
}

// --- Take-backs --------------------------------------------------------------------------

#[test]
fn completing_a_square_requires_taking_back_one_or_two_free_balls() {
    let state = position("standard 1-2 nomove", "0a1 0b1 0a2", "0d4 0d3 0d2", LIGHT);
    let square = moves_starting(&state, "0b2");
    // No bare move; each of the 4 free balls (the new one included), each pair of them.
    assert_eq!(
        square,
        [
            "0b2x0a1",
            "0b2x0a1x0a2",
            "0b2x0a1x0b1",
            "0b2x0a1x0b2",
            "0b2x0a2",
            "0b2x0a2x0b2",
            "0b2x0b1",
            "0b2x0b1x0a2",
            "0b2x0b1x0b2",
            "0b2x0b2"
        ]
    );
    assert_eq!(illegal(&state, "0b2"), Illegal::TakeBackRequired);
    assert_eq!(count_moves(&state), 9 + 10);
    let after = play(&state, "0b2x0b2x0a1");
    assert_eq!(after.reserve(LIGHT), 13);
    assert_eq!(after.ball(spot("0b2")), None);
    assert_eq!(after.ball(spot("0a1")), None);
    // Parsing accepts the balls in any order; the canonical form sorts them.
    let reordered: Move = "0b2x0b2x0a1".parse().unwrap();
    assert_eq!(reordered.to_string(), "0b2x0a1x0b2");
}

#[test]
fn only_a_square_of_ones_own_colour_that_holds_the_ball_played_counts() {
    // A mixed square gives nothing.
    let mixed = position("standard 1-2 nomove", "0a1 0b1", "0a2 0d4", LIGHT);
    assert!(moves_starting(&mixed, "0b2").iter().all(|m| m == "0b2"));
    assert_eq!(illegal(&mixed, "0b2x0b2"), Illegal::TakeBackNotAllowed);
    // A square already complete gives nothing to a ball played elsewhere.
    let done = position(
        "standard 1-2 nomove",
        "0a1 0b1 0a2 0b2",
        "0d4 0d3 0d2",
        LIGHT,
    );
    assert_eq!(illegal(&done, "0c3x0a1"), Illegal::TakeBackNotAllowed);
    assert!(moves(&done).iter().all(|m| !m.contains('x')));
}

#[test]
fn the_second_ball_may_be_one_the_first_freed() {
    // Light's 1a1 rests on Light's 0a1 (and on three Dark balls); 0a1 carries nothing else.
    let state = position(
        "standard 1-2 nomove",
        "0a1 1a1 0c3 0d3 0c4",
        "0b1 0a2 0b2 0a4 0b4",
        LIGHT,
    );
    let square = moves_starting(&state, "0d4");
    // 5 free balls (1a1, 0c3, 0d3, 0c4 and the new 0d4): 5 singles, 10 pairs, and 1a1 with
    // the 0a1 it frees.
    assert_eq!(square.len(), 16);
    assert!(square.contains(&"0d4x1a1x0a1".to_owned()));
    assert!(!square.contains(&"0d4x0a1".to_owned()));
    assert_eq!(
        illegal(&state, "0d4x0a1"),
        Illegal::BallNotFreeToTakeBack { spot: spot("0a1") }
    );
    // Any order that works is accepted: it is one unordered set.
    let either: Move = "0d4x0a1x1a1".parse().unwrap();
    assert_eq!(either, "0d4x1a1x0a1".parse().unwrap());
    let after = play(&state, "0d4x0a1x1a1");
    assert_eq!(after.reserve(LIGHT), 11);
    // Only free balls, only one's own, only balls on the board.
    assert_eq!(
        illegal(&state, "0d4x0b1"),
        Illegal::NotOwnBall { spot: spot("0b1") }
    );
    assert_eq!(
        illegal(&state, "0d4x0b3"),
        Illegal::NoBall { spot: spot("0b3") }
    );
}

#[test]
fn several_squares_made_by_one_ball_still_allow_two_balls() {
    let state = position(
        "standard 1-2 nomove",
        "0a1 0b1 0a2 0c1 0c2",
        "0d4 0d3 0a4 0b4 0c4",
        LIGHT,
    );
    let square = moves_starting(&state, "0b2");
    // 6 free balls: 6 singles and 15 pairs, nothing more.
    assert_eq!(square.len(), 21);
    assert!(square.iter().all(|m| m.matches('x').count() <= 2));
    assert!("0b2x0a1x0b1x0c1".parse::<Move>().is_err());
}

#[test]
fn a_raise_can_complete_a_square_and_take_itself_back() {
    // Light holds 1a1, 1b1 and 1a2 on the checkerboard; 1b2 completes the level-1 square.
    let state = position(
        "standard 1-2 nomove",
        &with(CHECKER_LIGHT, "1a1 1b1 1a2"),
        CHECKER_DARK,
        LIGHT,
    );
    // After a placement on 1b2: free Light balls 1a1 1b1 1a2 1b2 0d2 0b4 0d4 (7 singles,
    // 21 pairs), and four lower balls each freed by the one Light ball on it (0a1 by 1a1,
    // 0c1 by 1b1, 0a3 by 1a2, 0c3 by 1b2).
    assert_eq!(moves_starting(&state, "1b2").len(), 7 + 21 + 4);
    // A raise from 0d4: it is no longer free to take back, the others are as above.
    let raised = moves_starting(&state, "0d4-1b2");
    assert_eq!(raised.len(), 6 + 15 + 4);
    assert!(raised.contains(&"0d4-1b2x1b2".to_owned()));
    assert!(raised.contains(&"0d4-1b2x1b2x0c3".to_owned()));
    assert_eq!(
        illegal(&state, "0d4-1b2x0d4"),
        Illegal::NoBall { spot: spot("0d4") }
    );
    // 0c3 supports 1b2: it cannot go there at all.
    assert!(moves_starting(&state, "0c3-1b2").is_empty());
}

#[test]
fn rule_0_2_also_allows_taking_back_nothing() {
    let state = position("standard 0-2 nomove", "0a1 0b1 0a2", "0d4 0d3 0d2", LIGHT);
    let square = moves_starting(&state, "0b2");
    assert_eq!(square.len(), 11);
    assert!(square.contains(&"0b2".to_owned()));
    let bare = play(&state, "0b2");
    assert_eq!(bare.reserve(LIGHT), 11);
    assert_eq!(count_moves(&state), 9 + 11);
}

#[test]
fn the_earlier_rules_keep_the_ball_just_played() {
    // Light completes the square 0a1 0b1 0a2 0b2: of the ten take-backs of rule 1-2, the
    // six without 0b2 remain.
    let state = position(
        "standard 1-2-earlier nomove",
        "0a1 0b1 0a2",
        "0d4 0d3 0d2",
        LIGHT,
    );
    let square = moves_starting(&state, "0b2");
    assert_eq!(square.len(), 6);
    assert!(square.iter().all(|text| !text[3..].contains("0b2")));
    assert_eq!(
        illegal(&state, "0b2x0b2"),
        Illegal::BallJustPlayed {
            spot: spot("0b2"),
            rule: TakeBackRule::OneOrTwoEarlier
        }
    );
    assert_eq!(
        illegal(&state, "0b2x0a1x0b2").to_string(),
        "the ball on 0b2 was just played: it may not be taken back in the same turn (rule 1-2-earlier)"
    );
    assert_eq!(illegal(&state, "0b2"), Illegal::TakeBackRequired);
    assert_eq!(count_moves(&state), 9 + 6);
    // Under 0-2-earlier, taking back nothing is one more.
    let state = position(
        "standard 0-2-earlier nomove",
        "0a1 0b1 0a2",
        "0d4 0d3 0d2",
        LIGHT,
    );
    assert_eq!(moves_starting(&state, "0b2").len(), 7);
    assert_eq!(play(&state, "0b2").reserve(LIGHT), 11);
}

#[test]
fn the_earlier_rules_take_back_nothing_when_only_the_ball_played_is_free() {
    // Light's square 0b2 0c2 0b3 0c3 is completed on 0c3; Light's other balls all lie
    // under Dark's balls of level 1, so the ball just played is Light's only free one.
    let light = "0a1 0b1 0a2 0b2 0c1 0d1 0c2 0a3 0b3";
    let dark = "0d2 0a4 0b4 0d3 0c4 0d4 1a1 1c1 1a3";
    let earlier = position("standard 1-2-earlier nomove", light, dark, LIGHT);
    assert_eq!(moves_starting(&earlier, "0c3"), ["0c3"]);
    assert_eq!(play(&earlier, "0c3").reserve(LIGHT), 5);
    // Under 1-2, the ball just played is the only one to take back.
    let published = position("standard 1-2 nomove", light, dark, LIGHT);
    assert_eq!(moves_starting(&published, "0c3"), ["0c3x0c3"]);
    assert_eq!(illegal(&published, "0c3"), Illegal::TakeBackRequired);
}

#[test]
fn the_children_variant_has_no_take_back() {
    let state = position("children 1-2 nomove", "0a1 0b1 0a2", "0d4 0d3 0d2", LIGHT);
    assert_eq!(moves_starting(&state, "0b2"), ["0b2"]);
    assert_eq!(illegal(&state, "0b2x0b2"), Illegal::NoTakeBackInVariant);
    assert_eq!(count_moves(&state), 10);
}

#[test]
fn expert_lines_grant_a_take_back_but_never_diagonals() {
    // Level 0: a row of 4.
    let row = position("expert 1-2 nomove", "0a1 0b1 0c1", "0a4 0b4 0c4", LIGHT);
    assert_eq!(moves_starting(&row, "0d1").len(), 4 + 6);
    let standard = position("standard 1-2 nomove", "0a1 0b1 0c1", "0a4 0b4 0c4", LIGHT);
    assert_eq!(moves_starting(&standard, "0d1"), ["0d1"]);
    // A column of 4 too; not a diagonal, not a row of 3 with a Dark ball.
    let column = position("expert 1-2 nomove", "0b1 0b2 0b3", "0a1 0d4 0d3", LIGHT);
    assert_eq!(moves_starting(&column, "0b4").len(), 10);
    let diagonal = position("expert 1-2 nomove", "0a1 0b2 0c3", "0a4 0b4 0c4", LIGHT);
    assert_eq!(moves_starting(&diagonal, "0d4"), ["0d4"]);
    let broken = position("expert 1-2 nomove", "0a1 0b1 0c1", "0d1 0b4 0c4", LIGHT);
    assert!(moves(&broken).iter().all(|m| !m.contains('x')));
    // Level 1: a row of 3.
    let upper = position(
        "expert 1-2 nomove",
        &with(CHECKER_LIGHT, "1a1 1b1"),
        CHECKER_DARK,
        LIGHT,
    );
    assert!(
        moves_starting(&upper, "1c1")
            .iter()
            .all(|m| m.contains('x'))
    );
    let upper_standard = position(
        "standard 1-2 nomove",
        &with(CHECKER_LIGHT, "1a1 1b1"),
        CHECKER_DARK,
        LIGHT,
    );
    assert_eq!(moves_starting(&upper_standard, "1c1"), ["1c1"]);
}

// --- The end -----------------------------------------------------------------------------

/// Levels 0 to 2 full: Light on 14 spots, Dark on 15.
const FULL_LIGHT: &str = "0a1 0c1 0b2 0d2 0a3 0c3 0b4 0d4 1a1 1c1 1b2 1a3 1c3 2a1";
const FULL_DARK: &str = "0b1 0d1 0a2 0c2 0b3 0d3 0a4 0c4 1b1 1a2 1c2 1b3 2b1 2a2 2b2";

#[test]
fn the_player_who_fills_the_apex_wins() {
    let state = position("standard 1-2 nomove", FULL_LIGHT, FULL_DARK, LIGHT);
    assert_eq!(moves(&state), ["3a1"]);
    let crowned = play(&state, "3a1");
    assert_eq!(status(&crowned), Status::Finished(Outcome::Winner(LIGHT)));
    assert!(legal_moves(&crowned).is_empty());
    assert_eq!(count_moves(&crowned), 0);
    assert_eq!(refusal(&crowned, "0a1-1b1"), MoveError::GameOver);
}

#[test]
fn a_player_without_a_move_loses() {
    // Light: all 15 balls on the board, every one covered or unable to rise.
    let light = "0a1 0b1 0c1 0d1 0a2 0b2 0c2 0d2 0a3 0b3 0c3 1a1 1b1 1c1 1a2";
    let dark = "0d3 0a4 0b4 0c4 0d4 1b2 1c2 1a3 1b3 1c3 2a1 2b1";
    let stuck = position("standard 1-2 nomove", light, dark, LIGHT);
    assert_eq!(stuck.reserve(LIGHT), 0);
    assert!(legal_moves(&stuck).is_empty());
    assert_eq!(status(&stuck), Status::Finished(Outcome::Winner(DARK)));
    assert_eq!(refusal(&stuck, "1a2-2b2"), MoveError::GameOver);
    // With Dark to move the same board is an ordinary position.
    let dark_to_move = position("standard 1-2 nomove", light, dark, DARK);
    assert!(!status(&dark_to_move).is_finished());
}

#[test]
fn end_rule_reserve_ends_the_game_when_a_reserve_empties() {
    let light = "0b1 0c1 0a2 0b2 0c2 0d2 0a3 0b3 0c3 0d3 0b4 0c4 1a1 1b2";
    let dark = "0a1 0d1 0a4 0d4";
    for (options, light_after_placing) in [
        (
            "standard 1-2 reserve",
            Status::Finished(Outcome::Winner(DARK)),
        ),
        ("standard 1-2 nomove", Status::Ongoing(Actor::Player(DARK))),
    ] {
        let state = position(options, light, dark, LIGHT);
        assert_eq!(state.reserve(LIGHT), 1);
        let placed = play(&state, "1c3");
        assert_eq!(placed.reserve(LIGHT), 0);
        assert_eq!(status(&placed), light_after_placing, "{options}");
        // A raise keeps the last ball in reserve: the game goes on.
        let raised = play(&state, "0d3-1c1");
        assert_eq!(status(&raised), Status::Ongoing(Actor::Player(DARK)));
    }
}

#[test]
fn a_take_back_refills_an_empty_reserve() {
    // Light has no ball in reserve but completes a square by raising 0d4 onto 1b2.
    let light = "0a1 0c1 0b2 0d2 0a3 0c3 0b4 0d4 1a1 1b1 1a2 0b1 0d1 0a2 0c2";
    let dark = "0b3 0d3 0a4 0c4";
    let state = position("standard 1-2 nomove", light, dark, LIGHT);
    assert_eq!(state.reserve(LIGHT), 0);
    assert!(moves(&state).iter().all(|m| m.contains('-')));
    let after = play(&state, "0d4-1b2x1b2x1a1");
    assert_eq!(after.reserve(LIGHT), 2);
    assert_eq!(status(&after), Status::Ongoing(Actor::Player(DARK)));
}

// --- Records -----------------------------------------------------------------------------

#[test]
fn a_record_replays_and_names_the_failing_ply() {
    let start = State::new(Config::default());
    let state = start.replay("0a1 0d4 0b1 0d3 0a2 0d2 0b2x0a1x0b2").unwrap();
    assert_eq!(state.reserve(LIGHT), 13);
    let error = start.replay("0a1 0d4 0b1 0d3 0a2 0d2 0b2").unwrap_err();
    assert_eq!(error.ply, 7);
    assert_eq!(error.text, "0b2");
    assert!(error.to_string().contains("take back one or two balls"));
    let unreadable = start.replay("0a1 0z9").unwrap_err();
    assert_eq!(unreadable.ply, 2);
    assert!(unreadable.to_string().contains("cannot read move"));
}

#[test]
fn the_move_list_holds_the_largest_positions() {
    // Expert, rule 0-2: Light's four balls of level 1 make four lines to complete, with
    // seven free balls of level 0 that can rise and many balls to take back.
    let light = "1a1 1b1 1a2 1b2 0d1 0d2 0d3 0a4 0b4 0c4 0d4 0a1 0c1 0a3";
    let dark = "0b1 0a2 0b2 0c2 0b3 0c3";
    let state = position("expert 0-2 nomove", light, dark, LIGHT);
    let listed = legal_moves(&state);
    assert_eq!(listed.len(), 1265);
    assert!(listed.len() <= pylos::MAX_MOVES);
    assert_eq!(count_moves(&state), 1265);
    let distinct: std::collections::HashSet<Move> = listed.iter().copied().collect();
    assert_eq!(distinct.len(), 1265);
}

#[test]
fn to_move_is_none_once_the_game_is_over() {
    use pylos::Game as _;
    let start = pylos::State::new(pylos::Config::default());
    assert_eq!(start.to_move(), Some(start.mover()));
    for seed in 0..5 {
        let mut rng = boardcore::SeededRng::new(seed);
        let end = boardcore::random_playout(&start, &mut rng, 100_000);
        assert!(end.finished);
        assert_eq!(end.state.to_move(), None);
        assert_eq!(end.state.status().to_move(), None);
    }
}
