//! Random games checked by the boardcore harness: the Game contract and the invariants of
//! Architekton in every position reached.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use architekton::{BuildingMatch, Config, State, Tile, TileSet, chance_outcomes, status};
use boardcore::testing::Harness;
use boardcore::{Actor, Player, Status};

fn invariants(state: &State) -> Result<(), String> {
    state.validate().map_err(|e| format!("invalid: {e}"))?;
    let set = state.config().tiles;
    for tile in Tile::ALL {
        let on_table = state.tiles().filter(|t| t.tile == tile).count();
        let discarded = match tile {
            Tile::Landscape(terrain) => usize::from(state.discarded(terrain)),
            Tile::Building(_) => 0,
        };
        let total = on_table
            + usize::from(state.in_display(tile))
            + usize::from(state.unseen(tile))
            + discarded;
        if total != usize::from(set.count(tile)) {
            return Err(format!("{tile}: {total} tiles accounted for"));
        }
    }
    for player in [Player::FIRST, Player::SECOND] {
        let houses = state.tiles().filter(|t| t.house == Some(player)).count()
            + usize::from(state.supply(player))
            + usize::from(state.removed(player));
        if houses != 12 {
            return Err(format!("player {player} has {houses} houses"));
        }
    }
    if status(state) == Status::Ongoing(Actor::Chance) {
        for w in chance_outcomes(state) {
            if let architekton::Move::Draw(tile) = w.outcome
                && w.weight != u32::from(state.unseen(tile))
            {
                return Err(format!("weight of {tile} is not its unseen count"));
            }
        }
    }
    Ok(())
}

#[test]
fn random_games_keep_every_law_and_invariant() {
    for building_match in [BuildingMatch::All, BuildingMatch::AtLeastOne] {
        let report = Harness::<State>::new(Config::new(building_match))
            .games(150)
            .seed(11)
            .run(invariants)
            .unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(report.finished, report.games);
    }
}

#[test]
fn small_tile_sets_keep_the_laws() {
    let tiles = TileSet::new([2, 1, 2, 1], [1, 0, 1, 0, 1, 0]).unwrap();
    let report = Harness::<State>::new(Config {
        building_match: BuildingMatch::All,
        tiles,
    })
    .games(100)
    .run(invariants)
    .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.finished, report.games);
}
