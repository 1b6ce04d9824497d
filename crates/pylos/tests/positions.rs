//! The position text form, validation, serde and the keys.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use boardcore::{Bitset, Player, PositionError, Symmetry};
use pylos::{Config, Invalid, State};

const START: &str = "....,....,....,..../...,...,.../..,../. L 15 15 standard 1-2 nomove";

fn invalid(text: &str) -> Invalid {
    match text.parse::<State>() {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn the_text_form_round_trips() {
    let start = State::new(Config::default());
    assert_eq!(start.to_string(), START);
    let state = start
        .replay("0a1 0d4 0b1 0d3 0a2 0d2 0b2x0a1x0b2 0c1")
        .unwrap();
    let text = state.to_string();
    assert_eq!(
        text,
        "...D,...D,L..D,.LD./...,...,.../..,../. L 13 11 standard 1-2 nomove"
    );
    assert_eq!(text.parse::<State>().unwrap(), state);
    let expert: State = "....,....,....,..../...,...,.../..,../. D 15 15 expert 0-2 reserve"
        .parse()
        .unwrap();
    assert_eq!(expert.mover(), Player::SECOND);
    assert_eq!(expert.config().to_string(), "expert 0-2 reserve");
}

#[test]
fn invalid_positions_name_the_reason() {
    // 1a1 on three balls.
    assert_eq!(
        invalid("....,....,L...,LL../...,...,D../..,../. L 12 14 standard 1-2 nomove"),
        Invalid::Floating {
            spot: "1a1".parse().unwrap()
        }
    );
    assert_eq!(
        invalid("....,....,....,..../...,...,.../..,../. L 15 16 standard 1-2 nomove"),
        Invalid::ReserveOverFull {
            player: Player::SECOND,
            reserve: 16
        }
    );
    assert_eq!(
        invalid("....,....,....,L.../...,...,.../..,../. D 15 15 standard 1-2 nomove"),
        Invalid::BallCount {
            player: Player::FIRST,
            on_board: 1,
            reserve: 15
        }
    );
    let full_levels = "LDLD,DLDL,LDLD,DLDL/LDL,DLD,DLD/DL,LD";
    assert_eq!(
        invalid(&format!("{full_levels}/L L 0 0 standard 1-2 nomove")),
        Invalid::ApexOfPlayerToMove
    );
    assert!(
        format!("{full_levels}/L D 0 0 standard 1-2 nomove")
            .parse::<State>()
            .is_ok()
    );
    assert_eq!(
        invalid(&format!("{full_levels}/L D 0 0 standard 1-2 reserve")),
        Invalid::EmptyReserveToMove
    );
}

#[test]
fn ball_sets_are_checked() {
    let config = Config::default();
    let first = Player::FIRST;
    assert_eq!(
        State::from_balls(config, Bitset::single(30), Bitset::EMPTY, first),
        Err(Invalid::OffBoard { index: 30 })
    );
    assert_eq!(
        State::from_balls(config, Bitset::single(3), Bitset::single(3), first),
        Err(Invalid::DoubleBall {
            spot: "0d1".parse().unwrap()
        })
    );
    assert_eq!(
        State::from_balls(
            config,
            Bitset::EMPTY,
            Bitset::EMPTY,
            Player::new(2).unwrap()
        ),
        Err(Invalid::NoSuchPlayer {
            player: Player::new(2).unwrap()
        })
    );
    // 16 Light balls: all of level 0.
    assert!(matches!(
        State::from_balls(config, Bitset::below(16), Bitset::EMPTY, first),
        Err(Invalid::BallCount { on_board: 16, .. })
    ));
    let state = State::from_balls(config, Bitset::below(15), Bitset::single(15), first).unwrap();
    assert_eq!(state.reserve(first), 0);
    assert_eq!(state.validate(), Ok(()));
}

#[test]
fn position_keys_are_fixed_values() {
    // These values must never change: stored keys and opening books depend on them.
    let start = State::new(Config::default());
    assert_eq!(start.position_key(), 0x7476_a8c3_faac_7d55);
    assert_eq!(start.symmetric_key(), 0x7476_a8c3_faac_7d55);
    let expert = State::new("expert 1-2 nomove".parse().unwrap());
    assert_ne!(expert.position_key(), start.position_key());
    let dark_to_move: State = "....,....,....,..../...,...,.../..,../. D 15 15 standard 1-2 nomove"
        .parse()
        .unwrap();
    assert_ne!(dark_to_move.position_key(), start.position_key());
}

#[test]
fn the_symmetric_key_folds_the_eight_images() {
    let state = State::new(Config::default())
        .replay("0a1 0b1 0c1 0d2 0a2")
        .unwrap();
    let mut keys: Vec<u64> = Symmetry::ALL
        .iter()
        .map(|&s| state.transformed(s).position_key())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), 8, "the images are 8 different positions");
    for symmetry in Symmetry::ALL {
        assert_eq!(
            state.transformed(symmetry).symmetric_key(),
            state.symmetric_key()
        );
    }
    // A position that is not an image has another key.
    let other = State::new(Config::default())
        .replay("0a1 0b1 0c1 0d2 0a3")
        .unwrap();
    assert_ne!(other.symmetric_key(), state.symmetric_key());
}

#[cfg(feature = "serde")]
mod serde_forms {
    use boardcore::Player;
    use pylos::{Config, Illegal, Move, Spot, State, TakeBack};

    #[test]
    fn states_serialize_as_their_text_and_deserialize_through_validation() {
        let state = State::new(Config::default()).replay("0a1 0b1").unwrap();
        let json = serde_json::to_string(&state).unwrap();
        assert_eq!(
            json,
            "\"....,....,....,LD../...,...,.../..,../. L 14 14 standard 1-2 nomove\""
        );
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
        for bad in [
            // A floating ball, a wrong ball count, a reserve over 15.
            "\"....,....,....,L.../...,...,L../..,../. D 13 15 standard 1-2 nomove\"",
            "\"....,....,....,LD../...,...,.../..,../. L 15 14 standard 1-2 nomove\"",
            "\"....,....,....,..../...,...,.../..,../. L 15 99 standard 1-2 nomove\"",
            "\"nonsense\"",
            "42",
        ] {
            let error = serde_json::from_str::<State>(bad).unwrap_err().to_string();
            assert!(!error.is_empty(), "{bad}");
        }
        let error = serde_json::from_str::<State>(
            "\"....,....,....,L.../...,...,L../..,../. D 13 15 standard 1-2 nomove\"",
        )
        .unwrap_err();
        assert!(error.to_string().contains("floats"), "{error}");
    }

    #[test]
    fn moves_spots_take_backs_and_options_serialize() {
        let mv: Move = "0a1-1b2x0c1x1b2".parse().unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, "\"0a1-1b2x1b2x0c1\"");
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        assert!(serde_json::from_str::<Move>("\"0a1x0a1x0a1\"").is_err());
        let takeback = mv.takeback();
        let json = serde_json::to_string(&takeback).unwrap();
        assert_eq!(json, "[\"1b2\",\"0c1\"]");
        assert_eq!(serde_json::from_str::<TakeBack>(&json).unwrap(), takeback);
        assert!(serde_json::from_str::<TakeBack>("[\"1b2\",\"1b2\"]").is_err());
        assert!(serde_json::from_str::<TakeBack>("[\"1b2\",\"1a2\",\"0a1\"]").is_err());
        let spot: Spot = serde_json::from_str("\"3a1\"").unwrap();
        assert_eq!(spot, Spot::APEX);
        assert!(serde_json::from_str::<Spot>("\"1d1\"").is_err());
        let config: Config = "expert 0-2 reserve".parse().unwrap();
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(
            json,
            r#"{"variant":"expert","takeback":"0-2","end":"reserve"}"#
        );
        assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
        let reason = Illegal::NotHigher {
            from: "1a1".parse().unwrap(),
            to: "1b1".parse().unwrap(),
        };
        let json = serde_json::to_string(&reason).unwrap();
        assert_eq!(serde_json::from_str::<Illegal>(&json).unwrap(), reason);
        assert_eq!(serde_json::to_string(&Player::SECOND).unwrap(), "1");
    }
}
