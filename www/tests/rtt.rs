//! Component and unit tests of Rally the Troops on the map (issue 33) in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --test rtt`): a paste read as a board, an
//! Observer's question, a game's points, errors in the CLI's words; the report's bookkeeping of
//! the odds as they come; the luck chart; the bookmarklet's code.

use bosworth::data::House;
use bosworth::rtt::{Luck, battles, totals};
use bosworth_www::map::rtt::bookmarklet::{SCRIPT, href};
use bosworth_www::map::rtt::chart;
use bosworth_www::map::rtt::odds::{BattleOdds, OddsHeard};
use bosworth_www::map::rtt::read::{Read, read};
use bosworth_www::map::rtt::report::{OddsAction, OddsState, chance_words};
use std::rc::Rc;
use yew::Reducible;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The samples in the repository (`tests/rtt-samples/`).
const VIEW: &str = include_str!("../../tests/rtt-samples/game-2.view-006.json");
const EXPORT: &str = include_str!("../../tests/rtt-samples/game-2.export.json");

#[wasm_bindgen_test]
fn a_view_is_its_players_board_with_notes() {
    let Read::Board(b) = read(VIEW, None) else {
        panic!("a view is a board");
    };
    assert_eq!(b.board.house, House::York);
    assert!(b.from.starts_with("York's view"), "{}", b.from);
    assert!(
        b.notes.iter().any(|n| n.contains("Lancaster blocks on the map")),
        "{:?}",
        b.notes
    );
    // The board is one the planner takes.
    bosworth::board::Position::new(&b.board).expect("a valid board");
}

#[wasm_bindgen_test]
fn an_observer_is_asked_whose_board() {
    let mut v: serde_json::Value = serde_json::from_str(VIEW).unwrap();
    v["player"] = "Observer".into();
    let text = v.to_string();
    assert_eq!(read(&text, None), Read::Observer);
    let Read::Board(b) = read(&text, Some(House::Lancaster)) else {
        panic!("an Observer's view as Lancaster's board");
    };
    assert_eq!(b.board.house, House::Lancaster);
}

#[wasm_bindgen_test]
fn what_cannot_be_read_is_said_in_the_clis_words() {
    let cut = &VIEW[..VIEW.len() / 3];
    let Read::Failed(e) = read(cut, None) else {
        panic!("a paste cut short is refused");
    };
    assert!(e.starts_with("the JSON is cut short"), "{e}");
    let Read::Failed(e) = read("  ", None) else {
        panic!("nothing is refused");
    };
    assert!(e.starts_with("nothing to import"), "{e}");
    let board = bosworth_link::board_to_json(&bosworth_www::map::state::empty_board());
    let Read::Failed(e) = read(&board, None) else {
        panic!("a Bosworth board is not Rally the Troops'");
    };
    assert!(e.starts_with("kind: "), "{e}");
    // A block at sea mid-move, and a place that is nowhere: the field is named.
    for (place, why) in [("Irish Sea", "is at sea in the Irish Sea"), ("Atlantis", "Atlantis")] {
        let mut v: serde_json::Value = serde_json::from_str(VIEW).unwrap();
        v["view"]["location"]["York"] = place.into();
        let Read::Failed(e) = read(&v.to_string(), None) else {
            panic!("{place} is refused");
        };
        assert!(e.starts_with("view.location[\"York\"]: "), "{e}");
        assert!(e.contains(why), "{e}");
    }
}

#[wasm_bindgen_test]
fn an_export_lists_its_points_and_gives_the_board_at_each() {
    let Read::Game(g) = read(EXPORT, None) else {
        panic!("an export is a game");
    };
    assert!(g.points.len() > 10);
    assert!(g.title().starts_with("Wars of the Roses"), "{}", g.title());
    let b = g.board_at(5).expect("point 5");
    assert!(b.from.starts_with("Point 5: campaign "), "{}", b.from);
    assert_eq!(
        b.board,
        bosworth::rtt::board_at(&g.export, 5, None).unwrap().board
    );
    assert!(g.board_at(0).is_err());
    assert!(g.board_at(g.points.len() + 1).is_err());
}

fn odds(p: f64) -> BattleOdds {
    BattleOdds {
        attacker_holds: Some(p),
        std_error: None,
        exact: true,
    }
}

#[wasm_bindgen_test]
fn the_odds_come_battle_by_battle_and_an_old_jobs_are_dropped() {
    let s = Rc::new(OddsState::default()).reduce(OddsAction::Start(1, 3));
    assert_eq!(s.calc(), "running");
    let heard = |s: Rc<OddsState>, job, index, p| {
        s.reduce(OddsAction::Heard(OddsHeard::Battle {
            job,
            index,
            odds: odds(p),
        }))
    };
    let s = heard(s, 1, 2, 0.25);
    let s = heard(s, 0, 1, 0.5);
    assert_eq!(s.known(), 1, "an older job's answer is dropped");
    let s = s.reduce(OddsAction::Cancel);
    assert_eq!(s.calc(), "cancelled");
    // Going on keeps what is known.
    let s = s.reduce(OddsAction::Start(2, 3));
    assert_eq!((s.calc(), s.known()), ("running", 1));
    let s = heard(heard(s, 2, 1, 0.5), 2, 3, 1.0);
    assert_eq!(s.calc(), "done");
    assert_eq!(chance_words(s.odds[0].as_ref()), "50.0%");
    assert_eq!(chance_words(None), "…");
    let sampled = BattleOdds {
        attacker_holds: Some(0.631),
        std_error: Some(0.0031),
        exact: false,
    };
    assert_eq!(chance_words(Some(&sampled)), "63.1% ± 0.3");
    let failed = s.reduce(OddsAction::Heard(OddsHeard::Failed {
        job: 2,
        message: "no".into(),
    }));
    assert_eq!(failed.calc(), "failed");
}

#[wasm_bindgen_test]
fn the_luck_chart_ends_on_the_games_totals() {
    let Read::Game(g) = read(EXPORT, None) else {
        panic!("an export is a game");
    };
    let list = battles(&g.export).unwrap();
    let over = chart::running(&list);
    assert_eq!(over.len(), list.len());
    let whole: [Luck; 2] = totals(&list);
    assert_eq!(over.last().unwrap(), &whole);
    let svg = chart::luck(&list);
    assert!(svg.starts_with("<svg"), "{}", &svg[..40]);
    assert!(svg.contains("currentColor"), "the theme's ink");
}

#[wasm_bindgen_test]
fn the_bookmarklet_copies_player_and_view() {
    let h = href();
    assert!(h.starts_with("javascript:"));
    assert!(!h.contains(' '), "spaces written %20");
    assert!(SCRIPT.contains("JSON.stringify({player:player,view:view})"));
    assert!(SCRIPT.contains("navigator.clipboard.writeText(t)"));
    assert!(SCRIPT.contains("prompt("), "a prompt when the clipboard is refused");
}
