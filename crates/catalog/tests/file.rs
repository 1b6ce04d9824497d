//! Game files and records: every game, with options or from a position, comes back from
//! its file; long records cost one link per move.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use catalog::{AnyGame, BotRequest, ErrorKind, GAMES, GameFile, GameInfo, Options};

fn request(seed: u64) -> BotRequest {
    BotRequest {
        level: catalog::bots::Level::MIN,
        seed,
        time_ms: None,
    }
}

/// `game` after at most `plies` moves of the random bot (chance drawn from the seed).
fn random_game(mut game: AnyGame, plies: usize, seed: u64) -> AnyGame {
    for ply in 0..plies {
        let Ok(mv) = game.bot_move(Some("random"), request(seed + ply as u64), &|| 0.0) else {
            break;
        };
        game = game.play(&mv).unwrap();
    }
    game
}

/// Every game with each value of each of its options (one at a time).
fn option_sets() -> Vec<(&'static str, Options)> {
    let mut sets = Vec::new();
    for &name in GAMES {
        sets.push((name, Options::default()));
        for spec in GameInfo::named(name).unwrap().options {
            for value in spec.values {
                sets.push((name, Options::from_pairs(&[(spec.key, value)])));
            }
        }
    }
    sets
}

#[test]
fn every_game_and_option_comes_back_from_its_file() {
    for (index, (name, options)) in option_sets().into_iter().enumerate() {
        let game = random_game(AnyGame::start(name, &options).unwrap(), 60, index as u64);
        let text = game.file().to_string();
        assert!(text.starts_with(&format!("[game \"{name}\"]\n")), "{text}");
        let back = AnyGame::from_file(&GameFile::parse(&text).unwrap(), None).unwrap();
        assert_eq!(back.text(), game.text(), "{name} {options:?}");
        assert_eq!(back.record(), game.record());
        assert_eq!(back.file(), game.file());
    }
}

#[test]
fn a_game_begun_at_a_position_keeps_it_in_its_file() {
    let middle = random_game(AnyGame::start("pylos", &Options::default()).unwrap(), 12, 5);
    let from_here = AnyGame::from_text("pylos", &middle.text()).unwrap();
    let later = random_game(from_here, 6, 9);
    let file = later.file();
    assert_eq!(file.position.as_deref(), Some(middle.text().as_str()));
    let back = AnyGame::from_file(&GameFile::parse(&file.to_string()).unwrap(), None).unwrap();
    assert_eq!(back.text(), later.text());
}

#[test]
fn a_file_of_moves_alone_needs_a_game() {
    let file = GameFile::parse("Sa1 Tb1w\n").unwrap();
    let error = AnyGame::from_file(&file, None).unwrap_err();
    assert_eq!(error.kind, ErrorKind::BadOption);
    assert_eq!(
        AnyGame::from_file(&file, Some("pyrga")).unwrap().record(),
        "Sa1 Tb1w"
    );
    // A file of another game's moves fails on its first move, saying where.
    let error = AnyGame::from_file(&GameFile::parse("0a1").unwrap(), Some("pyrga")).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Parse);
    assert!(
        error.message.starts_with("ply 1, move 0a1"),
        "{}",
        error.message
    );
}

#[test]
fn an_option_in_a_file_is_checked_like_any_other() {
    let file = GameFile::parse("[game \"pyrga\"]\n[players \"2\"]\n").unwrap();
    let error = AnyGame::from_file(&file, None).unwrap_err();
    assert_eq!(
        error.message,
        "option players does not apply to pyrga (its options: rules)"
    );
    let file = GameFile::parse("[game \"chess\"]\ne4\n").unwrap();
    assert!(
        AnyGame::from_file(&file, None)
            .unwrap_err()
            .message
            .starts_with("unknown game")
    );
}

#[test]
fn a_long_record_is_kept_and_dropped_link_by_link() {
    // Four-player Crescendo between random players runs long (its rounds mostly end at
    // their limit of moves): thousands of plies, each game object sharing the record of
    // the one before.
    let players = Options::from_pairs(&[("players", "4")]);
    let start = AnyGame::start("crescendo", &players).unwrap();
    let mut games = vec![start];
    let mut game = games[0].clone();
    for ply in 0..20_000u64 {
        let Ok(mv) = game.bot_move(Some("random"), request(ply), &|| 0.0) else {
            break;
        };
        game = game.play(&mv).unwrap();
        if ply % 1_000 == 0 {
            games.push(game.clone());
        }
    }
    let plies = game.record().split_whitespace().count();
    assert!(plies > 2_000, "only {plies} plies");
    let back = AnyGame::from_record("crescendo", &players, &game.record()).unwrap();
    assert_eq!(back.text(), game.text());
    // The older games still see their own records.
    for kept in &games[1..] {
        assert!(game.record().starts_with(&kept.record()));
    }
    drop(games);
    drop(game);
}

#[test]
fn huge_bad_input_gives_a_short_message() {
    let huge = "x".repeat(200_000);
    let record = vec!["Sa1"; 50_000].join(" ") + " " + &huge;
    let errors = [
        AnyGame::from_record("pyrga", &Options::default(), &record).unwrap_err(),
        AnyGame::from_record("pyrga", &Options::default(), &huge).unwrap_err(),
        AnyGame::from_text("pylos", &huge).unwrap_err(),
        AnyGame::from_text("pylos", &vec!["x"; 100_000].join(" ")).unwrap_err(),
        AnyGame::start("pyrga", &Options::default())
            .unwrap()
            .play(&huge)
            .unwrap_err(),
        AnyGame::start(&huge, &Options::default()).unwrap_err(),
        GameFile::parse(&format!("[{huge}]")).unwrap_err(),
    ];
    for error in errors {
        let length = error.message.chars().count();
        assert!(
            length <= catalog::MAX_MESSAGE,
            "{length}: {}",
            error.message
        );
    }
}
