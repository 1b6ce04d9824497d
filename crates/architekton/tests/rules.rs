//! Hand-built positions for the placement rules, the houses, the deal, the redraw, the
//! pass and the errors that name each rule.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use architekton::{
    BuildingMatch, Config, Illegal, Move, Phase, Stack, State, Terrain, TileSet, apply,
    chance_outcomes, count_moves, legal_moves, status,
};
use boardcore::{Actor, Direction, MoveError, Outcome, Player, SignedCoord, Status};

const P0: Player = Player::FIRST;
const P1: Player = Player::SECOND;

/// Start tiles forest (0,0) and water (1,1); display earth, plain, water and the buildings
/// `wepf`, `wefp`, `wpfe`.
const DEAL: &str = "*f *w *e *p *w *wepf *wefp *wpfe";

fn play(config: Config, record: &str) -> State {
    State::new(config)
        .replay(record)
        .unwrap_or_else(|e| panic!("{record}: {e}"))
}

fn refused(state: &State, mv: &str) -> Illegal {
    match apply(state, mv.parse().unwrap()) {
        Err(MoveError::Illegal(reason)) => reason,
        other => panic!("{mv} should be illegal: {other:?}"),
    }
}

fn at(x: i16, y: i16) -> SignedCoord {
    SignedCoord::new(x, y)
}

#[test]
fn the_deal_turns_up_start_tiles_then_the_display() {
    let start = State::new(Config::default());
    assert_eq!(status(&start), Status::Ongoing(Actor::Chance));
    let outcomes = chance_outcomes(&start);
    assert_eq!(outcomes.len(), 4);
    assert!(outcomes.iter().all(|w| w.weight == 6));
    let first = play(Config::default(), "*f");
    assert_eq!(first.tile_at(at(0, 0)).unwrap().tile.to_string(), "f");
    let second = play(Config::default(), "*f *w");
    assert_eq!(second.tile_at(at(1, 1)).unwrap().tile.to_string(), "w");
    assert_eq!(second.table_len(), 2);
    // Three landscapes, then three buildings, weighted by the unseen counts.
    let landscapes = play(Config::default(), "*f *w *e *p *w");
    let buildings = chance_outcomes(&landscapes);
    assert_eq!(
        buildings.iter().map(|w| w.weight).collect::<Vec<_>>(),
        [4, 4, 4, 4, 3, 3]
    );
    let dealt = play(Config::default(), DEAL);
    assert_eq!(dealt.phase(), Phase::Lay);
    assert_eq!(dealt.display_total(Stack::Landscape), 3);
    assert_eq!(dealt.display_total(Stack::Building), 3);
    assert_eq!(dealt.stack_left(Stack::Landscape), 24 - 4 - 2 - 3);
    assert_eq!(dealt.stack_left(Stack::Building), 22 - 4 - 3);
    assert!(!dealt.is_last_round());
}

#[test]
fn the_first_tile_is_always_a_building() {
    let dealt = play(Config::default(), DEAL);
    let moves = legal_moves(&dealt);
    assert_eq!(moves.len(), 13);
    assert!(
        moves
            .iter()
            .all(|m| matches!(m, Move::Lay(l) if l.tile.stack() == Stack::Building))
    );
    // Even when every landscape is plain, a building fits next to a single landscape, so
    // the default tile set never needs a redraw at the deal.
    let plain = play(Config::default(), "*p *p *p *p *p *wepf *wefp *wpfe");
    assert_eq!(plain.phase(), Phase::Lay);
    assert!(count_moves(&plain) > 0);
    assert!(!legal_moves(&plain).contains(&Move::Pass));
}

#[test]
fn placements_follow_contact_checkerboard_and_matching() {
    let dealt = play(Config::default(), DEAL);
    assert_eq!(
        refused(&dealt, "wfep@-1,0"),
        Illegal::NotInDisplay {
            tile: "wfep".parse().unwrap()
        }
    );
    assert_eq!(refused(&dealt, "e@2,0r1"), Illegal::LandscapeRotated);
    assert_eq!(
        refused(&dealt, "e@0,0"),
        Illegal::CellTaken { at: at(0, 0) }
    );
    assert_eq!(
        refused(&dealt, "e@1,0"),
        Illegal::OffCheckerboard {
            stack: Stack::Landscape,
            at: at(1, 0)
        }
    );
    assert_eq!(
        refused(&dealt, "wepf@0,0"),
        Illegal::CellTaken { at: at(0, 0) }
    );
    assert_eq!(
        refused(&dealt, "wepf@2,2"),
        Illegal::OffCheckerboard {
            stack: Stack::Building,
            at: at(2, 2)
        }
    );
    assert_eq!(
        refused(&dealt, "wepf@5,0"),
        Illegal::NoContact { at: at(5, 0) }
    );
    assert_eq!(
        refused(&dealt, "wepf@-1,0"),
        Illegal::SideMismatch {
            direction: Direction::East,
            side: Terrain::Earth,
            landscape: Terrain::Forest
        }
    );
    // Turned so that forest faces east, it fits.
    assert!(apply(&dealt, "wepf@-1,0r2".parse().unwrap()).is_ok());
    let built = play(Config::default(), &format!("{DEAL} wepf@1,0"));
    assert_eq!(
        refused(&built, "w@2,0"),
        Illegal::NoMatchingBuilding {
            terrain: Terrain::Water,
            at: at(2, 0)
        }
    );
    assert!(apply(&built, "e@2,0".parse().unwrap()).is_ok());
    let error = apply(&built, "w@2,0".parse().unwrap()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "no building next to 2,0 shows water towards it"
    );
}

#[test]
fn building_match_one_needs_a_single_matching_side() {
    let config = Config::new(BuildingMatch::AtLeastOne);
    let dealt = play(config, DEAL);
    assert_eq!(
        refused(&dealt, "wepf@-1,0"),
        Illegal::NoMatchingSide { at: at(-1, 0) }
    );
    // (1,0) touches forest west and water north: any rotation showing one of them fits.
    let fits: Vec<String> = legal_moves(&dealt)
        .iter()
        .map(ToString::to_string)
        .filter(|m| m.contains("@1,0"))
        .collect();
    assert_eq!(
        fits,
        [
            "wepf@1,0",
            "wefp@1,0",
            "wefp@1,0r1",
            "wpfe@1,0",
            "wpfe@1,0r1"
        ]
    );
    // Under All only the rotation matching both fits, and only for wepf.
    let all = play(Config::default(), DEAL);
    let fits_all: Vec<String> = legal_moves(&all)
        .iter()
        .map(ToString::to_string)
        .filter(|m| m.contains("@1,0"))
        .collect();
    assert_eq!(fits_all, ["wepf@1,0"]);
}

#[test]
fn moves_of_the_wrong_kind_name_the_decision_due() {
    let start = State::new(Config::default());
    assert_eq!(
        refused(&start, "wepf@1,0"),
        Illegal::ChanceDecides {
            expected: Stack::Landscape
        }
    );
    assert_eq!(
        refused(&start, "*wepf"),
        Illegal::WrongStack {
            expected: Stack::Landscape,
            tile: "wepf".parse().unwrap()
        }
    );
    let dealt = play(Config::default(), DEAL);
    assert_eq!(refused(&dealt, "*p"), Illegal::NoDraw);
    assert_eq!(refused(&dealt, "pass"), Illegal::MustLay);
    assert_eq!(refused(&dealt, "h@1,0"), Illegal::NoHouseToMove);
    assert_eq!(refused(&dealt, "remove"), Illegal::NotADecision);
    let scarce = Config {
        building_match: BuildingMatch::All,
        tiles: TileSet::new([1, 1, 1, 3], [4; 6]).unwrap(),
    };
    let one_water = play(scarce, "*w");
    assert_eq!(
        refused(&one_water, "*w"),
        Illegal::NotUnseen {
            tile: "w".parse().unwrap()
        }
    );
}

#[test]
fn a_player_without_houses_may_not_lay_buildings() {
    // Player 1 to move, no house on the table; the position says all 12 are removed.
    let state = play(
        Config::default(),
        &format!("{DEAL} wepf@1,0 e@2,0 *w *wepf"),
    );
    let text = state.to_string().replace(" 0/0 1.0 ", " 0/12 1.0 ");
    let bare: State = text.parse().unwrap();
    assert_eq!(bare.supply(P1), 0);
    assert_eq!(bare.houses_on_table(P1), 0);
    assert!(
        legal_moves(&bare)
            .iter()
            .all(|m| matches!(m, Move::Lay(l) if l.tile.stack() == Stack::Landscape))
    );
    assert_eq!(
        refused(&bare, "wepf@-1,0r2"),
        Illegal::NoHouse { player: P1 }
    );
    assert!(apply(&bare, "p@1,-1".parse().unwrap()).is_ok());
}

/// Plays a deterministic game where player 0 lays a building whenever one fits, player 1
/// lays landscapes, chance turns up the first kind due, and decisions keep when they can;
/// returns the record up to the first house move.
fn play_until_a_house_must_move() -> (State, String) {
    let mut state = State::new(Config::default());
    let mut record = Vec::new();
    while !matches!(state.phase(), Phase::House { .. }) {
        let moves = legal_moves(&state);
        assert!(!moves.is_empty(), "the game ended first: {state}");
        let pick = match status(&state) {
            Status::Ongoing(Actor::Player(player)) if state.phase() == Phase::Lay => {
                let wanted = if player == P0 {
                    Stack::Building
                } else {
                    Stack::Landscape
                };
                moves
                    .iter()
                    .find(|m| matches!(m, Move::Lay(l) if l.tile.stack() == wanted))
                    .copied()
                    .unwrap_or(moves[0])
            }
            Status::Ongoing(Actor::Player(player)) if moves.contains(&Move::Keep) => {
                if state.points(player) >= 4 {
                    Move::Keep
                } else {
                    Move::Remove
                }
            }
            _ => moves[0],
        };
        state = apply(&state, pick).unwrap();
        record.push(pick.to_string());
    }
    (state, record.join(" "))
}

#[test]
fn an_empty_supply_moves_a_house_from_the_table() {
    let (state, record) = play_until_a_house_must_move();
    // The record replays to the same position.
    assert_eq!(play(Config::default(), &record), state);
    let Phase::House { building } = state.phase() else {
        unreachable!()
    };
    assert_eq!(state.mover(), P0);
    assert_eq!(state.supply(P0), 0);
    assert_eq!(state.tile_at(building).unwrap().house, None);
    assert_eq!(status(&state), Status::Ongoing(Actor::Player(P0)));
    let moves = legal_moves(&state);
    assert_eq!(moves.len(), usize::from(state.houses_on_table(P0)));
    assert!(moves.iter().all(|m| matches!(m, Move::MoveHouse(_))));
    // Nothing else is played first.
    assert_eq!(
        refused(&state, "pass"),
        Illegal::HouseMustMove {
            player: P0,
            building
        }
    );
    // A cell without player 0's house is refused.
    assert_eq!(
        refused(&state, &format!("h@{building}")),
        Illegal::NotYourHouse {
            player: P0,
            at: building
        }
    );
    let Move::MoveHouse(from) = moves[0] else {
        unreachable!()
    };
    let moved = apply(&state, moves[0]).unwrap();
    assert_eq!(moved.tile_at(from).unwrap().house, None);
    assert_eq!(moved.tile_at(building).unwrap().house, Some(P0));
    assert_eq!(moved.supply(P0), 0);
    assert_eq!(moved.houses_on_table(P0), state.houses_on_table(P0));
}

#[test]
fn the_redraw_repeats_while_nothing_fits_then_the_player_passes() {
    // A set without buildings: both start tiles and all display landscapes are plain, and
    // nothing can ever be laid.
    let config = Config {
        building_match: BuildingMatch::All,
        tiles: TileSet::new([0, 0, 12, 0], [0; 6]).unwrap(),
    };
    let dealt = play(config, "*p *p *p *p *p");
    assert_eq!(dealt.phase(), Phase::Redraw { left: 3 });
    assert_eq!(dealt.discarded(Terrain::Plain), 3);
    assert_eq!(status(&dealt), Status::Ongoing(Actor::Chance));
    assert!(!dealt.is_last_round());
    // Three from the stack, then the reserve: its first tile marks the last round.
    let redrawn = play(config, "*p *p *p *p *p *p *p *p");
    assert_eq!(redrawn.phase(), Phase::Redraw { left: 3 });
    let marked = play(config, "*p *p *p *p *p *p *p *p *p");
    assert!(marked.is_last_round());
    assert_eq!(marked.reserve_left(Stack::Landscape), 3);
    // The last unseen landscape comes up alone; then no redraw is possible: pass.
    let record = "*p *p *p *p *p *p *p *p *p *p *p *p";
    let stuck = play(config, record);
    assert_eq!(stuck.phase(), Phase::Lay);
    assert_eq!(legal_moves(&stuck).as_slice(), [Move::Pass]);
    assert_eq!(
        stuck.unseen(architekton::Tile::Landscape(Terrain::Plain)),
        0
    );
    // Player 0 passes; player 1 plays the last turn of the round and passes too.
    let after = play(config, &format!("{record} pass"));
    assert_eq!(after.mover(), P1);
    assert_eq!(legal_moves(&after).as_slice(), [Move::Pass]);
    let end = play(config, &format!("{record} pass pass"));
    assert_eq!(end.phase(), Phase::Over);
    assert_eq!(status(&end), Status::Finished(Outcome::Draw));
    assert_eq!(end.final_score(P0).total, 1);
}

#[test]
fn a_mark_in_player_0s_turn_leaves_player_1_one_turn() {
    // A set whose building stack is empty after the deal: the deal draws on the reserve.
    let config = Config {
        building_match: BuildingMatch::All,
        tiles: TileSet::new([6, 6, 6, 6], [2, 1, 1, 1, 1, 0]).unwrap(),
    };
    let dealt = play(config, "*f *w *e *p *w *wepf *wefp *wpfe");
    assert!(dealt.is_last_round());
    assert_eq!(dealt.reserve_left(Stack::Building), 3);
    // Player 0 lays two tiles, the display is refilled (the last building comes from the
    // reserve), player 1 lays two, and the game is over.
    let after_first = play(
        config,
        "*f *w *e *p *w *wepf *wefp *wpfe wepf@1,0 e@2,0 *w *wepf",
    );
    assert_eq!(after_first.mover(), P1);
    assert_eq!(after_first.reserve_left(Stack::Building), 2);
    let end = play(
        config,
        "*f *w *e *p *w *wepf *wefp *wpfe wepf@1,0 e@2,0 *w *wepf p@1,-1 wefp@-1,0r3",
    );
    assert_eq!(end.phase(), Phase::Over);
    assert_eq!(end.turn(), 1);
    assert!(chance_outcomes(&end).is_empty());
    assert!(status(&end).is_finished());
}

#[test]
fn a_draw_of_no_tile_lists_the_tiles() {
    let error = "*q".parse::<Move>().unwrap_err();
    assert_eq!(error.input(), "*q");
    for tile in ["w, e, p, f", "wepf", "wfpe"] {
        assert!(error.reason().contains(tile), "{error}");
    }
}

#[test]
fn to_move_is_none_once_the_game_is_over() {
    use architekton::Game as _;
    let start = architekton::State::new(architekton::Config::default());
    assert_eq!(start.to_move(), Some(start.mover()));
    for seed in 0..5 {
        let mut rng = boardcore::SeededRng::new(seed);
        let end = boardcore::random_playout(&start, &mut rng, 100_000);
        assert!(end.finished);
        assert_eq!(end.state.to_move(), None);
        assert_eq!(end.state.status().to_move(), None);
    }
}
