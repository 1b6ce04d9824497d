//! The conversions of the JavaScript API, run natively: sessions, errors, views, input
//! steps and bots.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use catalog::{AnyGame, BotRequest, ErrorKind, GAMES, Options, SolveRequest};
use serde_json::Value;

fn start(name: &str) -> AnyGame {
    AnyGame::start(name, &Options::default()).unwrap()
}

fn view(game: &AnyGame) -> Value {
    game.view(serde_json::value::Serializer).unwrap()
}

fn clock() -> f64 {
    0.0
}

fn request(seed: u64) -> BotRequest {
    BotRequest {
        level: bots::Level::MIN,
        seed,
        time_ms: None,
    }
}

#[test]
fn start_positions() {
    assert_eq!(start("pyrga").legal_moves().len(), 80);
    assert_eq!(start("pylos").legal_moves().len(), 16);
    assert_eq!(start("architekton").status(), "ongoing chance");
    assert_eq!(start("crescendo").status(), "ongoing 0");
    for name in GAMES {
        let game = start(name);
        assert_eq!(game.name(), *name);
        assert_eq!(game.record(), "");
        assert_eq!(view(&game)["game"], *name);
    }
}

#[test]
fn perft_matches_the_engines() {
    assert_eq!(start("pyrga").perft(3), 7000);
    assert_eq!(start("pylos").perft(4), 43680);
    assert_eq!(start("crescendo").perft(2), 128);
}

#[test]
fn options_are_checked() {
    let classic = AnyGame::start("pyrga", &Options::from_pairs(&[("rules", "classic")])).unwrap();
    assert_eq!(view(&classic)["board"]["rules"], "classic");
    let two = AnyGame::start("crescendo", &Options::from_pairs(&[("players", "2")])).unwrap();
    assert_eq!(view(&two)["players"].as_array().unwrap().len(), 2);
    let expert = AnyGame::start(
        "pylos",
        &Options::from_pairs(&[
            ("variant", "expert"),
            ("takeback", "0-2"),
            ("end", "reserve"),
        ]),
    )
    .unwrap();
    assert_eq!(view(&expert)["board"]["variant"], "expert");
    let one = AnyGame::start(
        "architekton",
        &Options::from_pairs(&[("buildingMatch", "one")]),
    )
    .unwrap();
    assert_eq!(view(&one)["board"]["buildingMatch"], "one");
    for (name, pairs) in [
        ("chess", vec![]),
        ("pyrga", vec![("players", "2")]),
        ("pyrga", vec![("rules", "expert")]),
        ("crescendo", vec![("players", "5")]),
        ("pylos", vec![("size", "5")]),
    ] {
        let error = AnyGame::start(name, &Options::from_pairs(&pairs)).unwrap_err();
        assert_eq!(error.kind, ErrorKind::BadOption, "{name} {pairs:?}");
    }
}

#[test]
fn errors_have_kinds_and_reasons() {
    let pylos = start("pylos");
    let error = pylos.play("zz").unwrap_err();
    assert_eq!(error.kind, ErrorKind::Parse);
    let error = pylos.play("1a1").unwrap_err();
    assert_eq!(error.kind, ErrorKind::Illegal);
    assert_eq!(
        error.message,
        "1a1 is not supported: the four spots under it do not all hold a ball"
    );
    let error = AnyGame::from_record("pyrga", &Options::default(), "Ca1 Ca1 Xq").unwrap_err();
    assert_eq!(error.kind, ErrorKind::Illegal);
    assert!(
        error.message.starts_with("ply 2, move Ca1: "),
        "{}",
        error.message
    );
    let error = AnyGame::from_record("pyrga", &Options::default(), "Ca1 Xq").unwrap_err();
    assert_eq!(error.kind, ErrorKind::Parse);
    assert!(error.message.starts_with("ply 2, move Xq: "));
    let error = AnyGame::from_text("pyrga", "garbage").unwrap_err();
    assert_eq!(error.kind, ErrorKind::Parse);
    let over = play_out(start("pyrga"), 1);
    assert_eq!(over.play("Ca1").unwrap_err().kind, ErrorKind::GameOver);
    assert_eq!(
        over.bot_move(None, request(1), &clock).unwrap_err().kind,
        ErrorKind::GameOver
    );
    let record = over.record();
    let error =
        AnyGame::from_record("pyrga", &Options::default(), &format!("{record} Ca1")).unwrap_err();
    assert_eq!(error.kind, ErrorKind::GameOver);
}

#[test]
fn an_invalid_position_text_is_refused_as_such() {
    let after = AnyGame::from_record("pylos", &Options::default(), "0a1").unwrap();
    assert_eq!(
        after.text(),
        "....,....,....,L.../...,...,.../..,../. D 14 15 standard 1-2 nomove"
    );
    // A ball on level 1 with nothing under it reads, but floats.
    let floating = "....,....,....,..../...,...,L../..,../. D 14 15 standard 1-2 nomove";
    let error = AnyGame::from_text("pylos", floating).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidPosition, "{error}");
    assert!(error.message.starts_with("invalid position: "));
}

/// Plays random-bot moves (chance included) until the end or `limit` moves.
fn play_out(mut game: AnyGame, seed: u64) -> AnyGame {
    for ply in 0..3_000 {
        if game.status().starts_with("ongoing") {
            let mv = game
                .bot_move(Some("random"), request(seed + ply), &clock)
                .unwrap();
            game = game.play(&mv).unwrap();
        } else {
            break;
        }
    }
    game
}

#[test]
fn records_and_texts_round_trip() {
    for name in GAMES {
        let mut game = start(name);
        for ply in 0..60 {
            if !game.status().starts_with("ongoing") {
                break;
            }
            let mv = game.bot_move(Some("random"), request(ply), &clock).unwrap();
            game = game.play(&mv).unwrap();
            let again = AnyGame::from_text(name, &game.text()).unwrap();
            assert_eq!(again.text(), game.text());
            assert_eq!(again.key(), game.key());
            assert_eq!(again.legal_moves(), game.legal_moves());
        }
        let replayed = AnyGame::from_record(name, &Options::default(), &game.record()).unwrap();
        assert_eq!(replayed.text(), game.text());
        assert_eq!(replayed.record(), game.record());
    }
}

#[test]
fn play_leaves_the_game_unchanged() {
    let game = start("pyrga");
    let next = game.play("Ca1").unwrap();
    assert_eq!(game.record(), "");
    assert_eq!(next.record(), "Ca1");
    assert_eq!(view(&next)["lastMove"], "Ca1");
    assert_eq!(view(&game)["lastMove"], Value::Null);
}

/// Every legal move, entered step by step through the choices, ends as that move.
fn check_steps(game: &AnyGame) {
    if !game.status().starts_with("ongoing") {
        return;
    }
    let first = game.choices(&[]).unwrap();
    assert_eq!(first.moves, game.legal_moves());
    for mv in game.legal_moves() {
        let mut steps: Vec<String> = Vec::new();
        loop {
            let choices = game.choices(&steps).unwrap();
            if choices.complete.as_deref() == Some(mv.as_str()) {
                break;
            }
            let next = choices
                .next
                .iter()
                .find(|step| {
                    let mut longer = steps.clone();
                    longer.push(step.step.clone());
                    game.choices(&longer).is_ok_and(|c| c.moves.contains(&mv))
                })
                .unwrap_or_else(|| panic!("{mv}: no step after {steps:?}"));
            steps.push(next.step.clone());
            assert!(steps.len() <= 6, "{mv}: too many steps");
        }
    }
}

#[test]
fn every_move_can_be_entered_step_by_step() {
    for name in GAMES {
        let mut game = start(name);
        for ply in 0..40 {
            if !game.status().starts_with("ongoing") {
                break;
            }
            if ply % 4 == 0 {
                check_steps(&game);
            }
            let mv = game.bot_move(Some("random"), request(ply), &clock).unwrap();
            game = game.play(&mv).unwrap();
        }
    }
}

#[test]
fn pylos_steps_and_take_backs() {
    let game =
        AnyGame::from_record("pylos", &Options::default(), "0a1 0d4 0b1 0d3 0a2 0d2").unwrap();
    let steps = |s: &[&str]| game.choices(&s.iter().map(|t| (*t).to_owned()).collect::<Vec<_>>());
    let after_place = steps(&["0b2"]).unwrap();
    assert_eq!(
        after_place.complete, None,
        "a take-back is due under the 1-2 rule"
    );
    assert!(after_place.next.iter().all(|s| s.role == "takeBack"));
    let either = steps(&["0b2", "0a1", "0b2"]).unwrap();
    assert_eq!(either.complete.as_deref(), Some("0b2x0a1x0b2"));
    assert_eq!(steps(&["0b2", "1a1"]).unwrap_err().kind, ErrorKind::Illegal);
    let played = game.play("0b2x0b2x0a1").unwrap();
    let effects = &view(&played)["effects"];
    assert_eq!(effects[0]["kind"], "takeBack");
    assert_eq!(effects.as_array().unwrap().len(), 2);
    let seats = &view(&played)["players"];
    assert_eq!(seats[0]["name"], "Light");
    assert_eq!(seats[0]["reserve"], 13);
}

#[test]
fn views_name_effects() {
    // Pyrga: the square completes White's tower on a1.
    let game = AnyGame::from_record("pyrga", &Options::default(), "Ca1 Ta1e Cb1 Sb1 Sa1").unwrap();
    let effects = &view(&game)["effects"];
    assert_eq!(effects[0]["kind"], "towerComplete");
    assert_eq!(effects[0]["cell"], "a1");
    // Architekton: a building takes a house.
    let game = AnyGame::from_record(
        "architekton",
        &Options::default(),
        "*p *w *w *e *f *wepf *wefp *wpfe wepf@-1,0r3",
    )
    .unwrap();
    let view = view(&game);
    assert_eq!(view["effects"][0]["kind"], "housePlaced");
    assert_eq!(view["effects"][0]["at"]["x"], -1);
    assert_eq!(view["players"][0]["name"], "Blue");
    assert_eq!(view["board"]["phase"]["name"], "lay");
}

#[test]
fn crescendo_scatters_show_in_the_view() {
    let mut found = false;
    for seed in 0..30 {
        let mut game =
            AnyGame::start("crescendo", &Options::from_pairs(&[("players", "2")])).unwrap();
        for ply in 0..400 {
            if !game.status().starts_with("ongoing") {
                break;
            }
            let mv = game
                .bot_move(Some("greedy"), request(seed * 1000 + ply), &clock)
                .unwrap();
            game = game.play(&mv).unwrap();
            let effects = view(&game)["effects"].clone();
            if effects
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["kind"] == "scatter")
            {
                assert_eq!(view(&game)["board"]["phase"]["name"], "scattering");
                found = true;
                break;
            }
        }
        if found {
            break;
        }
    }
    assert!(found, "greedy games scatter a tower");
}

#[test]
fn bots_return_legal_moves() {
    for name in GAMES {
        let mut game = start(name);
        for ply in 0..12 {
            if !game.status().starts_with("ongoing") {
                break;
            }
            let mv = game.bot_move(None, request(ply), &clock).unwrap();
            assert!(game.legal_moves().contains(&mv), "{name}: {mv}");
            game = game.play(&mv).unwrap();
        }
    }
    let error = start("pyrga")
        .bot_move(Some("greedy"), request(1), &clock)
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::BadOption);
}

#[test]
fn a_time_budget_stops_the_search() {
    let game = start("pylos");
    let started = std::time::Instant::now();
    let now = || started.elapsed().as_secs_f64() * 1000.0;
    let timed = BotRequest {
        level: bots::Level::MAX,
        seed: 3,
        time_ms: Some(50.0),
    };
    for name in ["mcts", "alphabeta"] {
        let mv = game.bot_move(Some(name), timed, &now).unwrap();
        assert!(game.legal_moves().contains(&mv));
    }
}

/// A Pyrga game at ply 16 where White has wins, draws and losses to choose from: White
/// wins in 9 with Cc3.
const PYRGA_LATE: &str = "Tc3n Tc4e Td4s Cd1 Sd1 Sc1 Cb1 Tb1w Sa1 Ta2s Ta1n Ta3n Ta4e Cb4 Sb4 Sb3";

fn pyrga_late() -> AnyGame {
    AnyGame::from_record("pyrga", &Options::default(), PYRGA_LATE).unwrap()
}

#[test]
fn pyrga_positions_and_moves_are_solved() {
    let game = pyrga_late();
    let value = game.solve(SolveRequest::default()).unwrap();
    assert_eq!((value.verdict, value.plies), ("win", 9));
    assert_eq!(value.text, "White wins in 9");
    let moves = game.move_values(SolveRequest::default()).unwrap();
    let mut listed: Vec<String> = moves.iter().map(|m| m.mv.clone()).collect();
    listed.sort();
    assert_eq!(listed, game.legal_moves());
    assert_eq!(moves[0].mv, "Cc3");
    assert_eq!(moves[0].text, "win in 9");
    // Best first: the shortest win, then draws, then the longest loss.
    let rank = |m: &catalog::MoveValue| match m.verdict {
        "win" => i64::from(m.plies),
        "draw" => 100,
        _ => 200 - i64::from(m.plies),
    };
    assert!(moves.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])));
    for verdict in ["win", "draw", "loss"] {
        assert!(moves.iter().any(|m| m.verdict == verdict), "{verdict}");
    }
    // Each value is that of the position after the move, for the other player.
    let after = game
        .play("Cb2")
        .unwrap()
        .solve(SolveRequest::default())
        .unwrap();
    let listed = moves.iter().find(|m| m.mv == "Cb2").unwrap();
    assert_eq!((listed.verdict, after.verdict), ("draw", "draw"));
    assert_eq!(after.text, "Draw");
}

#[test]
fn the_book_values_every_reply_to_a_perfect_move() {
    use pyrga::boardcore::Game;
    // White plays the book's move, Black the first of its legal moves: from ply 3 on,
    // after each of White's moves the book holds the position after every reply with its
    // exact value, so the values of Black's moves and of the position need no search (a
    // budget of one node; at ply 1 two replies lead to positions without one).
    let book = solve::PyrgaBook::shipped(pyrga::Rules::Standard).unwrap();
    let no_search = SolveRequest {
        time_ms: None,
        nodes: Some(1),
    };
    let mut state = pyrga::State::new(pyrga::Config::default());
    let mut record = Vec::new();
    for ply in 0..10 {
        let mv = if ply % 2 == 0 {
            book.best_move(&state).unwrap().mv
        } else if ply == 1 {
            pyrga::legal_moves(&state)[0]
        } else {
            let game =
                AnyGame::from_record("pyrga", &Options::default(), &record.join(" ")).unwrap();
            let value = game.solve(no_search).unwrap();
            let moves = game.move_values(no_search).unwrap();
            assert_eq!(moves.len(), pyrga::legal_moves(&state).len());
            // The position's value is that of its best move, and White is winning.
            assert_eq!((value.verdict, value.plies), ("loss", moves[0].plies));
            assert!(moves.iter().all(|m| m.verdict == "loss"), "{moves:?}");
            if ply == 9 {
                // The search, from a new table, finds the same values.
                let mut solver = solve::PyrgaSolver::new(18);
                let mut solved: Vec<(String, u32)> = solver
                    .move_values(&state)
                    .unwrap()
                    .into_iter()
                    .map(|(mv, after)| (mv.to_string(), after.after_move().plies))
                    .collect();
                solved.sort();
                let mut listed: Vec<(String, u32)> =
                    moves.iter().map(|m| (m.mv.clone(), m.plies)).collect();
                listed.sort();
                assert_eq!(listed, solved);
            }
            pyrga::legal_moves(&state)[0]
        };
        record.push(mv.to_string());
        state = state.apply(mv).unwrap();
    }
}

#[test]
fn the_first_moves_are_valued_at_once() {
    let no_search = SolveRequest {
        time_ms: None,
        nodes: Some(1),
    };
    for (rules, plies) in [("standard", 27), ("classic", 25)] {
        let options = Options::new(vec![("rules".to_owned(), rules.to_owned())]);
        let game = AnyGame::start("pyrga", &options).unwrap();
        let value = game.solve(no_search).unwrap();
        assert_eq!((value.verdict, value.plies), ("win", plies), "{rules}");
        assert_eq!(value.text, format!("White wins in {plies}"));
        let moves = game.move_values(no_search).unwrap();
        assert_eq!(moves.len(), 80);
        assert_eq!(
            (moves[0].mv.as_str(), moves[0].text.as_str()),
            ("Sa1", format!("win in {plies}").as_str())
        );
        // After Sa1, Black's every reply loses.
        let replies = game.play("Sa1").unwrap().move_values(no_search).unwrap();
        assert!(replies.iter().all(|m| m.verdict == "loss"), "{replies:?}");
        assert_eq!(replies[0].plies, plies - 1, "{rules}");
    }
}

#[test]
fn solving_refuses_what_it_cannot_do() {
    // The solver looks at its budget every few thousand nodes: a position of the first
    // plies that nothing shipped values (the start is) needs far more.
    let early = || start("pyrga").play("Sb2").unwrap();
    let tight = SolveRequest {
        time_ms: None,
        nodes: Some(10),
    };
    let error = early().solve(tight).unwrap_err();
    assert_eq!(error.kind, ErrorKind::OutOfBudget);
    assert!(
        error
            .message
            .starts_with("the solver ran out of its budget (5000 ms or 10 nodes)")
    );
    let quick = SolveRequest {
        time_ms: Some(1.0),
        nodes: None,
    };
    assert_eq!(
        early().move_values(quick).unwrap_err().kind,
        ErrorKind::OutOfBudget
    );
    let solved = if cfg!(feature = "database") {
        "pyrga and pylos"
    } else {
        "pyrga"
    };
    for name in ["pylos", "architekton", "crescendo"] {
        let error = start(name)
            .move_values(SolveRequest::default())
            .unwrap_err();
        if name == "pylos" && cfg!(feature = "database") {
            // Pylos is solved with its database, or directly when late: not the start.
            assert_eq!(error.kind, ErrorKind::OutOfBudget);
            continue;
        }
        assert_eq!(error.kind, ErrorKind::BadOption);
        assert_eq!(
            error.message,
            format!("moveValues solves {solved} only, not {name}")
        );
    }
    let over = play_out(start("pyrga"), 5);
    assert_eq!(
        over.solve(SolveRequest::default()).unwrap_err().kind,
        ErrorKind::GameOver
    );
}

#[test]
fn the_perfect_bot_plays_a_best_move() {
    let game = pyrga_late();
    let timed = BotRequest {
        level: bots::Level::MIN,
        seed: 0,
        time_ms: Some(5_000.0),
    };
    let mv = game.bot_move(Some("perfect"), timed, &clock).unwrap();
    assert_eq!(mv, "Cc3");
    // Without a budget it takes the level's time.
    assert_eq!(
        game.bot_move(Some("perfect"), request(1), &clock).unwrap(),
        "Cc3"
    );
    // Pylos has it only with the solver's database (feature `database`), as it lists.
    let pylos = start("pylos").bot_move(Some("perfect"), request(1), &clock);
    let listed = catalog::GameInfo::named("pylos")
        .unwrap()
        .bots
        .contains(&"perfect");
    assert_eq!(pylos.is_ok(), listed);
    assert_eq!(listed, cfg!(feature = "database"));
    if let Err(error) = pylos {
        assert_eq!(error.kind, ErrorKind::BadOption);
    }
}

/// Pylos values (feature `database`, here without a database file: solved directly) agree
/// with themselves and with a plain minimax of the same positions.
#[cfg(feature = "database")]
#[test]
fn late_pylos_positions_are_solved_with_every_move() {
    use catalog::solve::{Verdict, minimax};
    let (mut solved, mut settled) = (0, 0);
    for seed in 0..20u64 {
        let mut game = start("pylos");
        for ply in 0..200u64 {
            let balls = game
                .text()
                .chars()
                .filter(|c| matches!(c, 'L' | 'D'))
                .count();
            if balls >= 26 || !game.status().starts_with("ongoing") {
                break;
            }
            let mv = game
                .bot_move(Some("random"), request(seed * 1000 + ply), &clock)
                .unwrap();
            game = game.play(&mv).unwrap();
        }
        let (Ok(value), Ok(moves)) = (
            game.solve(SolveRequest::default()),
            game.move_values(SolveRequest::default()),
        ) else {
            continue;
        };
        // The best move's value is the position's, seen from the mover.
        assert_eq!(moves[0].verdict, value.verdict, "{}", game.text());
        assert_eq!(moves[0].plies, value.plies, "{}", game.text());
        assert_eq!(moves.len(), game.legal_moves().len());
        let AnyGame::Pylos(session) = &game else {
            unreachable!("a Pylos game")
        };
        // Where 5 plies settle the game, a plain minimax says the same.
        if let Some(exact) = minimax(session.state(), 5) {
            let verdict = match exact.verdict {
                Verdict::Win => "win",
                Verdict::Draw => "draw",
                Verdict::Loss => "loss",
            };
            assert_eq!((verdict, exact.plies), (value.verdict, value.plies));
            settled += 1;
        }
        solved += 1;
    }
    assert!(solved >= 10, "only {solved} positions solved directly");
    assert!(settled >= 3, "only {settled} positions settled by minimax");
}
