//! `bosworth::rtt`: Rally the Troops' views and exports made boards, checked on every sample game
//! (`tests/rtt-samples/`): each imports, the planner accepts it, the enemy's identities never
//! show, and the enemy's attacks of the turn are read from the log (5.22, 6.3).

use bosworth::board::{Board, Card, Position, targets};
use bosworth::data::{self, House};
use bosworth::rtt::{self, Export, Paste};
use std::path::PathBuf;

fn sample(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/rtt-samples")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

const VIEWS: [&str; 4] = [
    "game-1.view-004.json",
    "game-1.view-010.json",
    "game-1.view-020.json",
    "game-2.view-006.json",
];

fn paste(name: &str) -> Paste {
    serde_json::from_str(&sample(name)).expect(name)
}

fn export(name: &str) -> Export {
    serde_json::from_str(&sample(name)).expect(name)
}

/// The enemy blocks on the map in a view, by id, and how many stand in each area.
fn enemies_on_map(p: &Paste, house: House) -> (Vec<String>, Vec<(String, u8)>) {
    let v = p.view.as_ref().unwrap();
    let king = rtt::ids::block(v.king.as_deref().unwrap())
        .unwrap()
        .house()
        .unwrap();
    let mut ids = Vec::new();
    let mut count: Vec<(String, u8)> = Vec::new();
    for (id, at) in &v.location {
        let b = rtt::ids::block(id).unwrap();
        let serves = match b.colour {
            data::Colour::Rebel => Some(king.other()),
            _ => b.house(),
        };
        let Some(at) = at.as_deref().filter(|a| data::area(a).is_some()) else {
            continue;
        };
        if serves != Some(house) {
            ids.push(id.clone());
            match count.iter_mut().find(|(a, _)| a == at) {
                Some((_, n)) => *n += 1,
                None => count.push((at.to_string(), 1)),
            }
        }
    }
    (ids, count)
}

/// Every id written in the board's areas (own blocks and known enemy blocks).
fn ids_in_areas(b: &Board) -> Vec<String> {
    b.areas
        .iter()
        .flat_map(|a| {
            a.blocks
                .iter()
                .map(|p| p.id.clone())
                .chain(a.enemy_known.iter().map(|k| k.id.clone()))
        })
        .collect()
}

#[test]
fn every_sample_view_imports_and_the_planner_accepts_it() {
    for name in VIEWS {
        let p = paste(name);
        let imported = rtt::import_view(&p, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        let b = &imported.board;
        let pos = Position::new(b).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The planner finds something to attack in each (each has enemy blocks within reach),
        // but for the Piracy view, whose sea moves are for the event (5.1).
        let t = targets(&pos);
        assert!(
            !t.is_empty() || b.card == Some(Card::Event("Piracy".into())),
            "{name}: no target"
        );
        // The note says what was left out.
        assert!(
            b.note
                .as_deref()
                .is_some_and(|n| n.contains("hidden from you")),
            "{name}"
        );
    }
}

#[test]
fn the_enemys_identities_never_appear_and_every_enemy_block_is_counted() {
    for name in VIEWS {
        let p = paste(name);
        let house = rtt::import::side_of(&p, None).unwrap();
        let b = rtt::import_view(&p, None).unwrap().board;
        let (enemy_ids, counts) = enemies_on_map(&p, house);
        assert!(!enemy_ids.is_empty(), "{name}");
        let written = ids_in_areas(&b);
        for id in &enemy_ids {
            assert!(
                !written.contains(id),
                "{name}: {id} is the enemy's and is named"
            );
        }
        // Nor do the lists of the dead and the enemy's pool name a block on the map.
        for id in &enemy_ids {
            assert!(
                !b.dead.contains(id) && !b.enemy_pool.contains(id),
                "{name}: {id}"
            );
        }
        for (area, n) in counts {
            let e = b.areas.iter().find(|a| a.area == area).unwrap();
            assert_eq!(e.enemy, n, "{name}: {area}");
        }
        // Every own block on the map is there with its strength.
        let v = p.view.as_ref().unwrap();
        for a in &b.areas {
            for piece in &a.blocks {
                assert_eq!(v.location[&piece.id].as_deref(), Some(a.area.as_str()));
                assert_eq!(v.steps[&piece.id], piece.strength, "{name}: {}", piece.id);
            }
        }
    }
}

#[test]
fn the_card_the_action_points_and_the_enemys_attack_come_from_the_view() {
    // Lancaster is Player 2 with a 2 (card 22) and 2 AP left; York, Player 1, moved
    // "1 Oxford → Middlesex → Kent*": one block attacks Kent from Middlesex.
    let b = rtt::import_view(&paste("game-1.view-010.json"), None)
        .unwrap()
        .board;
    assert_eq!(
        (b.house, b.player, b.card.clone(), b.spent),
        (House::Lancaster, 2, Some(Card::Points(2)), Some(0))
    );
    let kent = b.areas.iter().find(|a| a.area == "Kent").unwrap();
    assert_eq!(kent.attacked_from.len(), 1);
    assert_eq!(
        (
            kent.attacked_from[0].from.as_str(),
            kent.attacked_from[0].blocks,
            kent.attacked_from[0].reserve
        ),
        ("Middlesex", 1, false)
    );
    // Exeter, Lancaster's heir, is dead (both versions off the board): Prince Edward is in play.
    assert_eq!(b.dead, vec!["Exeter/L".to_string()]);
    // The event card of game 1's fourth view: Piracy, 2 AP, none spent.
    let b = rtt::import_view(&paste("game-1.view-004.json"), None)
        .unwrap()
        .board;
    assert_eq!(
        (b.card.clone(), b.spent),
        (Some(Card::Event("Piracy".into())), Some(0))
    );
    // York's view in game 2: York is Player 1 and the King is Prince Edward's house.
    let b = rtt::import_view(&paste("game-2.view-006.json"), None)
        .unwrap()
        .board;
    assert_eq!(
        (b.house, b.player, b.king, b.card.clone()),
        (House::York, 1, House::Lancaster, Some(Card::Points(3)))
    );
}

#[test]
fn every_action_phase_of_both_exports_is_a_board_the_planner_accepts() {
    let mut contested = 0;
    for name in ["game-1.export.json", "game-2.export.json"] {
        let e = export(name);
        let points = rtt::points(&e).unwrap();
        assert_eq!(points.len(), 42, "{name}: 21 turns of two action phases");
        for p in &points {
            let b = rtt::board_at(&e, p.index, None)
                .unwrap_or_else(|err| panic!("{name} point {}: {err}", p.index))
                .board;
            assert_eq!(b.house, p.house);
            assert_eq!(b.player, if p.p1 == p.house { 1 } else { 2 });
            Position::new(&b).unwrap_or_else(|err| panic!("{name} point {}: {err}", p.index));
            contested += b
                .areas
                .iter()
                .filter(|a| !a.attacked_from.is_empty())
                .count();
            // From the other side too.
            let other = rtt::board_at(&e, p.index, Some(p.house.other()))
                .unwrap()
                .board;
            Position::new(&other)
                .unwrap_or_else(|err| panic!("{name} point {} other: {err}", p.index));
        }
    }
    // The log's moves gave the enemy's attacks wherever both houses stood.
    assert!(contested >= 15, "{contested}");
}

#[test]
fn a_piracy_attack_comes_from_its_sea_zone() {
    // Game 1, point 18: York played Piracy and moved "1 Caernarvon → Irish Sea → Glamorgan*",
    // "1 Calais → North Sea → Lincoln*" (5.3).
    let e = export("game-1.export.json");
    let b = rtt::board_at(&e, 18, None).unwrap().board;
    let from = |area: &str| {
        b.areas
            .iter()
            .find(|a| a.area == area)
            .unwrap()
            .attacked_from[0]
            .from
            .clone()
    };
    assert_eq!(
        (from("Glamorgan"), from("Lincoln")),
        ("Irish Sea".to_string(), "North Sea".to_string())
    );
    Position::new(&b).unwrap();
}

/// A sample view changed by `edit` on its JSON.
fn paste_with(name: &str, edit: impl Fn(&mut serde_json::Value)) -> Paste {
    let mut v: serde_json::Value = serde_json::from_str(&sample(name)).unwrap();
    edit(&mut v);
    serde_json::from_value(v).unwrap()
}

#[test]
fn a_battle_under_way_reveals_its_enemy_blocks_and_only_those() {
    // Lancaster's view of game 1 with the battle in Kent under way: York's block there (the one
    // that attacked from Middlesex) is revealed (6.1); every other York block stays counted.
    let p = paste_with("game-1.view-010.json", |v| {
        v["view"]["battle"] = serde_json::json!({"round": 1});
        v["view"]["where"] = "Kent".into();
    });
    let b = rtt::import_view(&p, None).unwrap().board;
    let kent = b.areas.iter().find(|a| a.area == "Kent").unwrap();
    let v = p.view.as_ref().unwrap();
    let york_in_kent: Vec<&String> = v
        .location
        .iter()
        .filter(|(id, at)| {
            at.as_deref() == Some("Kent")
                && rtt::ids::block(id).unwrap().house() == Some(House::York)
        })
        .map(|(id, _)| id)
        .collect();
    assert_eq!(york_in_kent.len(), 1);
    assert_eq!(kent.enemy, 0);
    assert_eq!(kent.enemy_known.len(), 1);
    assert_eq!(&kent.enemy_known[0].id, york_in_kent[0]);
    assert_eq!(kent.enemy_known[0].strength, v.steps[york_in_kent[0]]);
    assert!(
        b.areas
            .iter()
            .filter(|a| a.area != "Kent")
            .all(|a| a.enemy_known.is_empty())
    );
    Position::new(&b).unwrap();
}

#[test]
fn before_the_card_phase_the_card_is_left_to_set_and_said() {
    let p = paste_with("game-2.view-006.json", |v| {
        v["view"]["active"] = "Both".into();
        v["view"]["y_card"] = 0.into();
        v["view"]["l_card"] = 0.into();
        v["view"]["prompt"] = "Card Phase: Play a card.".into();
    });
    let imported = rtt::import_view(&p, None).unwrap();
    assert_eq!(imported.board.card, None);
    assert!(
        imported
            .notes
            .iter()
            .any(|n| n.starts_with("your card this turn is not known yet"))
    );
    let e = Position::new(&imported.board).unwrap_err();
    assert_eq!(e.field, "card");
    assert!(e.reason.starts_with("not set"), "{e}");
}

#[test]
fn an_observer_chooses_a_side() {
    let p = paste_with("game-2.view-006.json", |v| v["player"] = "Observer".into());
    assert_eq!(rtt::import_view(&p, None).unwrap_err().field, "player");
    let b = rtt::import_view(&p, Some(House::Lancaster)).unwrap().board;
    assert_eq!((b.house, b.player), (House::Lancaster, 2));
    Position::new(&b).unwrap();
}
