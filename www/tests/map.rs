//! Component and unit tests of the map (issue 24) in headless Chromium (`cargo test --target
//! wasm32-unknown-unknown`, CHROMEDRIVER=/usr/bin/chromedriver): its reducer (placing and moving
//! blocks, the enemy's counts, the card, undo), the drawing as the page shows it (every area and
//! border of the reference table drawn once, with its type), the planning's bookkeeping, and the
//! plans' arrows and badges.

use bosworth::board::{Board, Card, Stage};
use bosworth::data::House;
use bosworth_www::map::MapApp;
use bosworth_www::map::examples::BOARDS;
use bosworth_www::map::planner::Pass;
use bosworth_www::map::planning::{Ask, Heard, Planning};
use bosworth_www::map::ranking::{PlanView, TargetPlans, WayView, border_use, legs};
use bosworth_www::map::state::{MapEdit, MapState, empty_board};
use bosworth_www::map::svg::Route;
use bosworth_www::shell::codec;
use bosworth_www::shell::doc::DocAction;
use std::rc::Rc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "../../tests/common/table.rs"]
mod table;

fn example(i: usize) -> Board {
    codec::parse_board(BOARDS[i].json).unwrap()
}

fn edit(s: MapState, e: MapEdit) -> MapState {
    s.apply(DocAction::Edit(e))
}

fn add(s: MapState, area: &str, id: &str) -> MapState {
    edit(
        s,
        MapEdit::Add {
            area: area.to_string(),
            id: id.to_string(),
        },
    )
}

/// The Kent board, placed block by block on an empty board as a player would: the example's
/// own board, valid, with every block at full strength.
#[wasm_bindgen_test]
fn placing_blocks_builds_the_kent_board() {
    let mut s = MapState::new(empty_board());
    assert!(s.check.is_ok(), "an empty board is a board");
    for id in ["March", "Hastings", "Herbert"] {
        s = add(s, "Middlesex", id);
    }
    s = add(s, "Essex", "Norfolk");
    s = edit(
        s,
        MapEdit::Enemy {
            area: "Kent".into(),
            count: 3,
        },
    );
    s = edit(s, MapEdit::Card(Card::Points(3)));
    assert_eq!(*s.board(), example(0));
    assert!(s.check.is_ok());
    // Norfolk's strength from the pips; a block at 5 would be refused by the engine.
    let s = edit(
        s,
        MapEdit::Strength {
            area: "Essex".into(),
            index: 0,
            strength: 2,
        },
    );
    assert_eq!(s.board().areas[1].blocks[0].strength, 2);
    let bad = edit(
        s.clone(),
        MapEdit::Strength {
            area: "Essex".into(),
            index: 0,
            strength: 5,
        },
    );
    let e = bad.check.unwrap_err();
    assert_eq!(e.field, "areas[1].blocks[0].strength");
    assert!(e.reason.contains("exceeds Norfolk's maximum 4"), "{e}");
}

/// Moving a block: it leaves its area (an area left empty leaves the board) and joins the other;
/// placing a block that stands elsewhere moves it, as a block stands in one place.
#[wasm_bindgen_test]
fn moving_blocks_and_undo() {
    let s = MapState::new(example(0));
    let s = edit(
        s,
        MapEdit::Move {
            from: "Essex".into(),
            index: 0,
            to: "Middlesex".into(),
        },
    );
    let areas: Vec<&str> = s.board().areas.iter().map(|a| a.area.as_str()).collect();
    assert_eq!(
        areas,
        ["Middlesex", "Kent"],
        "Essex, empty, leaves the board"
    );
    let ids: Vec<&str> = s.board().areas[0]
        .blocks
        .iter()
        .map(|b| b.id.as_str())
        .collect();
    assert_eq!(ids, ["March", "Hastings", "Herbert", "Norfolk"]);
    // Into Kent, where the enemy stands: the engine asks who attacked it.
    let s = edit(
        s,
        MapEdit::Move {
            from: "Middlesex".into(),
            index: 3,
            to: "Kent".into(),
        },
    );
    let e = s.check.clone().unwrap_err();
    assert_eq!(e.field, "areas[1]");
    assert!(e.reason.contains("stand in Kent together"), "{e}");
    // Undo twice: the example again, valid; Redo: Norfolk in Middlesex.
    let s = s.apply(DocAction::Undo).apply(DocAction::Undo);
    assert_eq!(*s.board(), example(0));
    assert!(s.check.is_ok());
    let s = s.apply(DocAction::Redo);
    assert_eq!(s.board().areas[0].blocks.len(), 4);
    assert!(s.doc.can_redo());
    // Placing March in Essex moves him there from Middlesex.
    let s = add(s, "Essex", "March");
    assert_eq!(s.board().areas[0].blocks.len(), 3);
    assert_eq!(s.board().areas.last().unwrap().area, "Essex");
    assert_eq!(s.board().areas.last().unwrap().blocks[0].id, "March");
    assert!(!s.doc.can_redo(), "a new change clears Redo");
    // Removing the last block of an area drops it.
    let s = edit(
        s,
        MapEdit::Remove {
            area: "Essex".into(),
            index: 0,
        },
    );
    assert!(s.board().areas.iter().all(|a| a.area != "Essex"));
}

/// The enemy's unseen blocks: counted up and down, an area with none left leaves the board; a
/// known block counts one out of the unseen; too many unseen blocks are refused by the engine
/// with the field named.
#[wasm_bindgen_test]
fn the_enemys_counts_and_the_card() {
    let s = MapState::new(example(0));
    let s = edit(
        s,
        MapEdit::Enemy {
            area: "Kent".into(),
            count: 2,
        },
    );
    assert_eq!(s.board().areas[2].enemy, 2);
    let s = edit(
        s,
        MapEdit::AddKnown {
            area: "Kent".into(),
            id: "Oxford".into(),
        },
    );
    assert_eq!(s.board().areas[2].enemy, 1);
    assert_eq!(s.board().areas[2].enemy_known[0].id, "Oxford");
    assert_eq!(
        s.board().areas[2].enemy_known[0].strength,
        3,
        "at full strength"
    );
    let s = edit(
        s,
        MapEdit::RemoveKnown {
            area: "Kent".into(),
            index: 0,
        },
    );
    let s = edit(
        s,
        MapEdit::Enemy {
            area: "Kent".into(),
            count: 0,
        },
    );
    assert_eq!(s.board().areas.len(), 2, "Kent, empty, leaves the board");
    let s = edit(
        s,
        MapEdit::Enemy {
            area: "Sussex".into(),
            count: 24,
        },
    );
    let s = edit(
        s,
        MapEdit::Enemy {
            area: "Surrey".into(),
            count: 1,
        },
    );
    // Not an area: refused by name.
    assert_eq!(s.check.clone().unwrap_err().field, "areas[3].area");
    let s = s.apply(DocAction::Undo);
    assert!(
        s.check.is_ok(),
        "24 unseen Lancaster blocks may stand on the board"
    );
    let s = edit(
        s,
        MapEdit::Enemy {
            area: "Kent".into(),
            count: 1,
        },
    );
    let e = s.check.clone().unwrap_err();
    assert_eq!(e.field, "areas[3].enemy");
    assert!(e.reason.contains("25 unseen Lancaster blocks"), "{e}");
    // The card: 2, 3 or 4 action points (5.1); a card of 5 from a file is refused.
    let s = edit(s.apply(DocAction::Undo), MapEdit::Card(Card::Points(4)));
    assert_eq!(s.board().card, Some(Card::Points(4)));
    let mut five = s.board().clone();
    five.card = Some(Card::Points(5));
    assert_eq!(MapState::new(five).check.unwrap_err().field, "card");
    let s = s.apply(DocAction::Undo);
    assert_eq!(s.board().card, Some(Card::Points(3)));
    // An event card by name (Event Cards): a valid board, its action points the event's.
    let surprise = edit(s.clone(), MapEdit::Card(Card::Event("Surprise".into())));
    assert_eq!(surprise.board().card, Some(Card::Event("Surprise".into())));
    assert!(surprise.check.is_ok());
    let plague = edit(s, MapEdit::Card(Card::Event("Plague".into())));
    assert!(plague.check.is_ok());
}

/// The moving house, the throne and the dead.
#[wasm_bindgen_test]
fn the_house_the_throne_and_the_dead() {
    let s = MapState::new(example(0));
    // Lancaster moves: York's blocks are now the enemy's known blocks, and Kent's unseen count
    // stays where it stands (their owner's own blocks, whose names the file does not give).
    let l = edit(s.clone(), MapEdit::House(House::Lancaster));
    assert_eq!(l.board().house, House::Lancaster);
    assert_eq!(l.board().areas[0].enemy_known.len(), 3);
    assert!(l.board().areas[0].blocks.is_empty());
    let back = edit(l, MapEdit::House(House::York));
    assert_eq!(back.board().areas[0].blocks.len(), 3);
    let k = edit(s.clone(), MapEdit::King(House::York));
    assert_eq!(k.board().king, House::York);
    // March dead: off the board, listed in dead; back from the dead, not on the board again.
    let d = edit(s, MapEdit::Dead("March".into(), true));
    assert_eq!(d.board().dead, ["March"]);
    assert!(d.board().areas[0].blocks.iter().all(|b| b.id != "March"));
    assert!(d.check.is_ok());
    let d = edit(d, MapEdit::Dead("March".into(), false));
    assert!(d.board().dead.is_empty());
}

async fn settle() {
    yew::scheduler::flush().await;
}

fn mount() -> web_sys::Element {
    let doc = gloo::utils::document();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    root
}

fn address(fragment: &str) {
    let history = gloo::utils::window().history().unwrap();
    history
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(fragment))
        .unwrap();
}

/// The rows of the reference's table under `heading`, as cells.
fn reference_table(heading: &str) -> Vec<Vec<String>> {
    table::rows(
        include_str!("../../docs/reference/richard-iii-blocks-and-map.md"),
        heading,
    )
}

fn count(root: &web_sys::Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

/// The map as the page draws it: every area of the reference table once (its land, and one
/// button that picks it), every border once with its type's class, the Kent board's blocks.
#[wasm_bindgen_test]
async fn the_page_draws_every_area_and_border_once() {
    address(&codec::board_fragment(&example(0)));
    let root = mount();
    let handle = yew::Renderer::<MapApp>::with_root(root.clone()).render();
    settle().await;
    let areas = reference_table("| area | shields |");
    assert_eq!(areas.len(), 33);
    for row in &areas {
        let a = &row[0];
        assert_eq!(
            count(&root, &format!(".land[data-area=\"{a}\"]")),
            1,
            "{a}'s land"
        );
        assert_eq!(
            count(&root, &format!(".hit[data-area=\"{a}\"]")),
            1,
            "{a}'s button"
        );
        assert_eq!(
            count(&root, &format!("g.icons[data-area=\"{a}\"]")),
            1,
            "{a}'s icons"
        );
    }
    assert_eq!(count(&root, ".hit"), 33);
    // Each area's button lies inside the map (Ireland and France run off it: cut to the frame).
    let frame = root
        .query_selector(".map-svg")
        .unwrap()
        .unwrap()
        .get_bounding_client_rect();
    let hits = root.query_selector_all(".hit").unwrap();
    for i in 0..hits.length() {
        let el: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(hits.get(i).unwrap());
        let r = el.get_bounding_client_rect();
        let name = el.get_attribute("data-area").unwrap();
        assert!(r.width() > 0.0 && r.height() > 0.0, "{name} has a button");
        assert!(
            r.left() >= frame.left() - 0.5
                && r.right() <= frame.right() + 0.5
                && r.top() >= frame.top() - 0.5
                && r.bottom() <= frame.bottom() + 0.5,
            "{name}'s button runs off the map"
        );
    }
    let borders = reference_table("## Borders");
    assert_eq!(borders.len(), 90);
    for row in &borders {
        let (a, b) = (&row[0], &row[1]);
        let class = match row[2].split_whitespace().next() {
            Some("major") => "major",
            Some("river") => "river",
            Some("minor") => "minor",
            Some("sea") => "link",
            other => panic!("a border type {other:?}"),
        };
        let both = format!("[data-border=\"{a}|{b}\"], [data-border=\"{b}|{a}\"]");
        assert_eq!(count(&root, &both), 1, "{a}-{b} drawn once");
        assert_eq!(
            count(
                &root,
                &format!("[data-border=\"{a}|{b}\"].{class}, [data-border=\"{b}|{a}\"].{class}")
            ),
            1,
            "{a}-{b} is {class}"
        );
    }
    assert_eq!(count(&root, "[data-border]"), 90);
    // The Kent board: York's four blocks and three unseen Lancaster blocks; Middlesex, Essex
    // York's, Kent Lancaster's.
    assert_eq!(count(&root, ".pieces .tile.york"), 4);
    assert_eq!(count(&root, ".pieces .tile.lancaster.hidden"), 3);
    assert_eq!(count(&root, ".holds .land.york"), 2);
    assert_eq!(count(&root, ".holds .land.lancaster"), 1);
    // The first area is being set up, and the list names the areas with blocks.
    let editor = root
        .query_selector("[data-testid=\"area-editor\"]")
        .unwrap()
        .unwrap();
    assert_eq!(
        editor.get_attribute("data-area").as_deref(),
        Some("Middlesex")
    );
    assert_eq!(
        count(
            &root,
            "[data-testid=\"board-list\"] .area-rows[aria-label=\"Areas with blocks\"] li"
        ),
        3
    );
    let label = root
        .query_selector(".hit[data-area=\"Kent\"]")
        .unwrap()
        .unwrap()
        .get_attribute("aria-label")
        .unwrap();
    assert!(label.contains("3 unseen Lancaster blocks"), "{label}");
    handle.destroy();
}

/// The arrow keys move between the map's areas by where their names are drawn: each step goes
/// the way of its key, every area is reached from the first with them, and Middlesex's
/// neighbours by key are the areas round it.
#[wasm_bindgen_test]
fn the_arrow_keys_reach_every_area() {
    use bosworth::data::AREAS;
    use bosworth_www::map::geometry;
    use bosworth_www::map::picture::next_area;
    const KEYS: [&str; 4] = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"];
    for a in AREAS {
        let here = geometry::area(a.name).unwrap().label;
        for k in KEYS {
            let Some(to) = next_area(a.name, k) else { continue };
            let there = geometry::area(to).unwrap().label;
            let (dx, dy) = (there.0 - here.0, there.1 - here.1);
            let way = match k {
                "ArrowRight" => dx,
                "ArrowLeft" => -dx,
                "ArrowDown" => dy,
                _ => -dy,
            };
            assert!(way > 0.0, "{k} from {} goes to {to}, not that way", a.name);
        }
    }
    let mut seen = vec![AREAS[0].name];
    let mut i = 0;
    while i < seen.len() {
        for k in KEYS {
            if let Some(to) = next_area(seen[i], k)
                && !seen.contains(&to)
            {
                seen.push(to);
            }
        }
        i += 1;
    }
    assert_eq!(seen.len(), AREAS.len(), "reached: {seen:?}");
    assert_eq!(next_area("Middlesex", "ArrowRight"), Some("Essex"));
    assert_eq!(next_area("Middlesex", "ArrowDown"), Some("Sussex"));
    assert_eq!(next_area("Middlesex", "Enter"), None);
}

/// Clicking an area on the map picks it to set up; a block added there goes into the address.
#[wasm_bindgen_test]
async fn an_area_clicked_is_set_up_and_the_address_follows() {
    address(&codec::board_fragment(&example(0)));
    let root = mount();
    let handle = yew::Renderer::<MapApp>::with_root(root.clone()).render();
    settle().await;
    let kent: web_sys::HtmlElement = wasm_bindgen::JsCast::unchecked_into(
        root.query_selector(".hit[data-area=\"Kent\"]")
            .unwrap()
            .unwrap(),
    );
    kent.dispatch_event(&web_sys::MouseEvent::new("click").unwrap())
        .unwrap();
    settle().await;
    let editor = root
        .query_selector("[data-testid=\"area-editor\"]")
        .unwrap()
        .unwrap();
    assert_eq!(editor.get_attribute("data-area").as_deref(), Some("Kent"));
    let more: web_sys::HtmlElement = wasm_bindgen::JsCast::unchecked_into(
        root.query_selector("[data-testid=\"enemy-more-kent\"]")
            .unwrap()
            .unwrap(),
    );
    more.click();
    settle().await;
    let input = root
        .query_selector("[data-testid=\"enemy-kent\"]")
        .unwrap()
        .unwrap();
    let value: web_sys::HtmlInputElement = wasm_bindgen::JsCast::unchecked_into(input);
    assert_eq!(value.value(), "4", "the count on the page");
    let hash = gloo::utils::window().location().hash().unwrap();
    let now = codec::decode_board(codec::fragment(&hash).board.as_deref().unwrap()).unwrap();
    assert_eq!(now.areas[2].enemy, 4);
    // The map draws three tiles at most, then the count of all.
    assert_eq!(count(&root, ".pieces .tile.lancaster.hidden"), 3);
    let counts: Vec<String> = (0..4)
        .filter_map(|i| {
            root.query_selector_all(".pieces .count-text")
                .unwrap()
                .get(i)
        })
        .filter_map(|n| n.text_content())
        .collect();
    assert!(counts.contains(&"4".to_string()), "{counts:?}");
    let label = root
        .query_selector(".hit[data-area=\"Kent\"]")
        .unwrap()
        .unwrap()
        .get_attribute("aria-label")
        .unwrap();
    assert!(label.contains("4 unseen Lancaster blocks"), "{label}");
    handle.destroy();
}

fn plan(holds: f64, ways: &[(&str, &[&str], bool)]) -> PlanView {
    PlanView {
        holds,
        std_error: 0.0,
        vacant: 0.0,
        own_steps_lost: 1.0,
        enemy_steps_lost: 1.0,
        heirs: Vec::new(),
        king_dies: None,
        pretender_dies: None,
        method: bosworth::solve::report::Method::MonteCarlo { runs: 10, seed: 1 },
        main: Some("Middlesex".into()),
        ways: ways.iter().map(|(id, r, reserve)| WayView { id: id.to_string(), route: r.iter().map(|x| x.to_string()).collect(), reserve: *reserve, sea: None }).collect(),
        action_points: 2,
        left_empty: Vec::new(),
        reinforcements: Vec::new(),
        pareto: true,
        tied_with_next: false,
        battle: codec::parse(r#"{"version":1,"attacker":{"house":"York","blocks":[{"id":"March","strength":3}]},"defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]}}"#).unwrap(),
        exact: None,
    }
}

/// [`plans`] with its plan's figures worked out by `method`.
fn plans_by(target: &str, holds: f64, method: bosworth::solve::report::Method) -> Rc<TargetPlans> {
    let mut p = (*plans(target, holds)).clone();
    p.plans[0].method = method;
    Rc::new(p)
}

fn plans(target: &str, holds: f64) -> Rc<TargetPlans> {
    Rc::new(TargetPlans {
        target: target.into(),
        role: "attack".into(),
        considered: 1,
        truncated: false,
        screened_battles: 0,
        plans: vec![plan(holds, &[("March", &["Middlesex", "Kent"], false)])],
    })
}

/// The plans' arrows: one per border and way of crossing it (Main Attack solid, reserves
/// dashed), and each border's badge counts every block crossing it against its limit (5.21).
#[wasm_bindgen_test]
fn a_plan_is_drawn_border_by_border() {
    let p = plan(
        0.5,
        &[
            ("March", &["Middlesex", "Kent"], false),
            ("Herbert", &["Middlesex", "Kent"], false),
            ("Norfolk", &["Essex", "Middlesex", "Kent"], false),
            ("Hastings", &["Middlesex", "Sussex", "Kent"], true),
        ],
    );
    let l = legs(&p, House::York);
    let has = |f: &str, t: &str, r: Route| l.iter().any(|x| x.0 == f && x.1 == t && x.3 == r);
    assert_eq!(l.len(), 4);
    assert!(has("Middlesex", "Kent", Route::Main));
    assert!(has("Essex", "Middlesex", Route::Main));
    assert!(has("Middlesex", "Sussex", Route::Reserve));
    assert!(has("Sussex", "Kent", Route::Reserve));
    let bosworth_borders = bosworth::data::BORDERS.len();
    let mut crossed = vec![0u8; bosworth_borders];
    // A block that moved Middlesex-Kent earlier this turn counts against the limit too.
    let mk = bosworth::rules::movement::land_border_index("Middlesex", "Kent").unwrap();
    crossed[mk] = 1;
    let uses = border_use(&p, &crossed);
    let of = |a: &str, b: &str| {
        uses.iter()
            .find(|u| (u.0 == a && u.1 == b) || (u.0 == b && u.1 == a))
            .map(|u| (u.2, u.3))
    };
    assert_eq!(
        of("Middlesex", "Kent"),
        Some((4, 3)),
        "a river: 3 may cross, 4 would"
    );
    assert_eq!(of("Essex", "Middlesex"), Some((1, 4)));
    assert_eq!(of("Sussex", "Kent"), Some((1, 4)));
}

/// A sea attack with Piracy (R43) is drawn out to its zone and in from it, and counts against no
/// border's limit: it crosses no land border, though Middlesex and Essex share one.
#[wasm_bindgen_test]
fn a_sea_attack_is_drawn_by_its_zone_and_counts_on_no_border() {
    let mut p = plan(
        0.5,
        &[
            ("Warwick/Y", &["Calais", "Essex"], false),
            ("March", &["Middlesex", "Essex"], false),
        ],
    );
    for w in &mut p.ways {
        w.sea = Some("North Sea".into());
    }
    p.main = Some("North Sea".into());
    let l = legs(&p, House::York);
    let has = |f: &str, t: &str| l.iter().any(|x| x.0 == f && x.1 == t && x.3 == Route::Main);
    assert_eq!(l.len(), 3, "{l:?}");
    assert!(has("Calais", "North Sea") && has("Middlesex", "North Sea"));
    assert!(has("North Sea", "Essex"));
    assert!(!has("Middlesex", "Essex"));
    assert!(border_use(&p, &vec![0u8; bosworth::data::BORDERS.len()]).is_empty());
    assert_eq!(p.ways[1].entry(), "North Sea");
}

/// The planning keeps only the board on screen's answers; the second pass's figures replace the
/// first's and are final; a Cancel keeps what came and drops what comes after.
#[wasm_bindgen_test]
fn the_planning_keeps_the_board_on_screens_answers() {
    let board = "B1".to_string();
    let mut p = Planning::default().apply(Heard::Board {
        board: Some(board.clone()),
        targets: vec!["Kent".into(), "Sussex".into()],
        known: vec![],
    });
    assert_eq!(p.status(), "idle", "nothing asked yet");
    for t in ["Kent", "Sussex"] {
        p = p.apply(Heard::Asked(Ask::best(t)));
    }
    assert_eq!(p.status(), "running");
    p = p.apply(Heard::Ranked(
        board.clone(),
        Ask::best("Kent"),
        Pass::Quick,
        plans("Kent", 0.4),
    ));
    // News of another board is dropped.
    p = p.apply(Heard::Ranked(
        "B0".into(),
        Ask::best("Sussex"),
        Pass::Final,
        plans("Sussex", 0.9),
    ));
    assert_eq!(p.chances(), [("Kent".to_string(), 0.4, false)]);
    p = p.apply(Heard::Ranked(
        board.clone(),
        Ask::best("Sussex"),
        Pass::Final,
        plans("Sussex", 0.7),
    ));
    p = p.apply(Heard::Ranked(
        board.clone(),
        Ask::best("Kent"),
        Pass::Final,
        plans("Kent", 0.45),
    ));
    assert_eq!(p.status(), "done");
    let (every, waiting) = p.every_target();
    assert_eq!(waiting, 0);
    let order: Vec<&str> = every.iter().map(|t| t.target.as_str()).collect();
    assert_eq!(
        order,
        ["Sussex", "Kent"],
        "best chance first, as bosworth plan orders them"
    );
    // A quick pass arriving after the final one changes nothing.
    let again = p.clone().apply(Heard::Ranked(
        board.clone(),
        Ask::best("Kent"),
        Pass::Quick,
        plans("Kent", 0.1),
    ));
    assert_eq!(again.chances(), p.chances());
    // Kent's full ranking colours Kent with its best plan, with the most refined figures known
    // for its battle (issue 35: one answer shown everywhere): its quick pass, sampled with fewer
    // battles than the overview's final figures for the same battle, shows those on the map and
    // in its own first row alike.
    let asked = p.clone().apply(Heard::Asked(Ask::ranking("Kent")));
    let quick = asked.clone().apply(Heard::Ranked(
        board.clone(),
        Ask::ranking("Kent"),
        Pass::Quick,
        plans_by("Kent", 0.47, bosworth::solve::report::Method::MonteCarlo { runs: 1, seed: 1 }),
    ));
    assert!(quick.chances().contains(&("Kent".to_string(), 0.45, true)));
    let row = &quick.answer(&Ask::ranking("Kent")).unwrap().figures().unwrap().plans[0];
    assert_eq!(row.holds, 0.47, "the ranking's own figures are kept as they came");
    assert_eq!(quick.refined(row).0.holds, 0.45, "the row shows what the chip shows");
    // An exact figure for the battle, from any answer, is the one shown everywhere.
    let exact = bosworth::solve::report::Method::Exact { states: 7, peak_states: 3 };
    let sharp = asked.clone().apply(Heard::Ranked(board.clone(), Ask::ranking("Kent"), Pass::Quick, plans_by("Kent", 0.5, exact.clone())));
    assert!(sharp.chances().contains(&("Kent".to_string(), 0.5, true)));
    let (best, _) = sharp.best_of("Kent").unwrap();
    assert_eq!((best.holds, best.method), (0.5, exact));
    let ranked = quick.apply(Heard::Ranked(
        board.clone(),
        Ask::ranking("Kent"),
        Pass::Final,
        plans("Kent", 0.47),
    ));
    assert!(ranked.chances().contains(&("Kent".to_string(), 0.47, true)));
    // A ranking asked, cancelled halfway: its first figures stay, later news is dropped.
    p = p.apply(Heard::Asked(Ask::ranking("Kent")));
    p = p.apply(Heard::Ranked(
        board.clone(),
        Ask::ranking("Kent"),
        Pass::Quick,
        plans("Kent", 0.42),
    ));
    p = p.apply(Heard::Progress(
        board.clone(),
        Ask::ranking("Kent"),
        Pass::Final,
        10,
        100,
        Stage::Screening,
        10,
    ));
    let screening = p.answer(&Ask::ranking("Kent")).unwrap().fraction();
    // The best plans' exact solves move the bar and say so (issue 35: it stood at 99% through them).
    let solving = |states| {
        p.clone().apply(Heard::Progress(
            board.clone(),
            Ask::ranking("Kent"),
            Pass::Final,
            50_000_000,
            100,
            Stage::Assessing { plan: 1, plans: 4, exact: true },
            states,
        ))
    };
    let (early, late) = (solving(100_000), solving(3_000_000));
    let (a, b) = (early.answer(&Ask::ranking("Kent")).unwrap(), late.answer(&Ask::ranking("Kent")).unwrap());
    assert!(screening < a.fraction() && a.fraction() < b.fraction() && b.fraction() < 1.0, "{screening} {} {}", a.fraction(), b.fraction());
    assert_eq!(b.doing().as_deref(), Some("solving plan 2 of 4 exactly (3.0 million positions)"));
    p = p.apply(Heard::Cancelled);
    assert_eq!(p.status(), "cancelled");
    p = p.apply(Heard::Ranked(
        board.clone(),
        Ask::ranking("Kent"),
        Pass::Final,
        plans("Kent", 0.45),
    ));
    let a = p.answer(&Ask::ranking("Kent")).unwrap();
    assert!(!a.done());
    assert_eq!(a.figures().unwrap().plans[0].holds, 0.42);
    assert_eq!(p.open(), [Ask::ranking("Kent")]);
    // Another board: everything goes, but what was worked out before for it comes back.
    let p = p.apply(Heard::Board {
        board: Some("B2".into()),
        targets: vec!["Kent".into()],
        known: vec![(Ask::best("Kent"), plans("Kent", 0.3))],
    });
    assert_eq!(p.status(), "done");
    assert_eq!(p.chances(), [("Kent".to_string(), 0.3, true)]);
}

/// The Best turn (issue 34): `bosworth plan examples/board-turn.json --turn --json`'s turns,
/// worked out here by the worker's own code in WebAssembly, to the bit (the CLI's figures
/// copied from its JSON); a take objective keeping an heir said as the command says it.
#[wasm_bindgen_test]
fn the_best_turn_in_webassembly_is_the_clis() {
    use bosworth_www::map::turn::work::{Goal, plan_turns};
    let board = codec::parse_board(include_str!("../../examples/board-turn.json")).unwrap();
    let t = plan_turns(&board, &Goal::Areas, Box::new(|_| {})).unwrap();
    assert_eq!(t.targets, ["Sussex", "Kent"]);
    let values: Vec<f64> = t.turns.iter().map(|x| x.value).collect();
    assert_eq!(values, [1.537841012106857, 1.5283103609463013, 1.495530714578462]);
    let best = &t.turns[0];
    let holds: Vec<(&str, f64)> = best.attacks.iter().map(|a| (a.target.as_str(), a.plan.holds)).collect();
    assert_eq!(holds, [("Sussex", 0.7667991095119733), ("Kent", 0.7710419025948838)]);
    assert_eq!(best.action_points, 2);
    assert_eq!(best.heirs_at_risk.len(), 1);
    assert_eq!((best.heirs_at_risk[0].id.as_str(), best.heirs_at_risk[0].dies), ("March", 0.033995016294886084));
    let open: Vec<(&str, Vec<&str>)> = best.open.iter().map(|o| (o.area.as_str(), o.from.iter().map(String::as_str).collect())).collect();
    assert_eq!(open, [("Middlesex", vec!["Sussex", "Kent"]), ("Essex", vec![])]);
    // Drawn as one plan: every block's way, each border crossed once per way of crossing it.
    let whole = best.merged().unwrap();
    assert_eq!(whole.ways.len(), 5);
    let l = legs(&whole, House::York);
    assert!(l.iter().any(|x| x.0 == "Middlesex" && x.1 == "Sussex"));
    assert!(l.iter().any(|x| x.0 == "Middlesex" && x.1 == "Kent"));
    assert_eq!(best.areas(), ["Essex", "Kent", "Middlesex", "Sussex"]);
    let take = Goal::Take { area: "Kent".into(), keep: Some("March".into()) };
    assert_eq!(take.command(), "bosworth plan BOARD --turn --objective \"take:Kent:March\"");
    // An heir who is not one is refused, as the CLI refuses him.
    let not = Goal::Take { area: "Kent".into(), keep: Some("Hastings".into()) };
    assert_eq!(plan_turns(&board, &not, Box::new(|_| {})).unwrap_err(), "objective: Hastings is not an heir (3.21)");
}

/// The Best turn with an attack pinned (R37: "I am attacking Kent with these"): the turns of
/// `bosworth plan examples/board-turn.json --turn --with Kent=March,Hastings,Herbert --json`, to
/// the bit, each making that attack with exactly those blocks; two attacks pinned, as `--with`
/// twice gives them; what the pin offers (each target's blocks that can reach it, 5.2); a block
/// not on the board refused by field, as `--with` is.
#[wasm_bindgen_test]
fn a_pinned_attack_is_in_every_turn_as_the_cli_gives_it() {
    use bosworth_www::map::turn::view::{PinAsk, reach};
    use bosworth_www::map::turn::work::{Goal, plan_turns_pinned};
    let board = codec::parse_board(include_str!("../../examples/board-turn.json")).unwrap();
    let position = bosworth::board::Position::new(&board).unwrap();
    let offered = reach(&position);
    assert_eq!(offered.iter().map(|(a, _)| a.as_str()).collect::<Vec<_>>(), ["Sussex", "Kent"]);
    assert_eq!(offered[1].1, ["March", "Hastings", "Herbert", "Norfolk", "Essex"]);
    let pin = PinAsk { area: "Kent".into(), blocks: vec!["March".into(), "Hastings".into(), "Herbert".into()] };
    assert_eq!(Goal::Areas.command_with(std::slice::from_ref(&pin)), "bosworth plan BOARD --turn --with \"Kent=March,Hastings,Herbert\"");
    let t = plan_turns_pinned(&board, &Goal::Areas, std::slice::from_ref(&pin), Box::new(|_| {})).unwrap();
    let values: Vec<f64> = t.turns.iter().map(|x| x.value).collect();
    assert_eq!(values, [1.5283103609463013, 1.490693940661136, 1.3928440381709675]);
    for turn in &t.turns {
        let kent: Vec<_> = turn.attacks.iter().filter(|a| a.target == "Kent").collect();
        assert_eq!(kent.len(), 1);
        assert_eq!(kent[0].plan.holds, 0.6405229256929696);
        let ids: Vec<&str> = kent[0].plan.ways.iter().map(|w| w.id.as_str()).collect();
        assert_eq!(ids, ["March", "Hastings", "Herbert"]);
    }
    // Sussex pinned too: `--with Kent=March,Hastings,Herbert --with Sussex=Norfolk`, one turn.
    let both = [pin.clone(), PinAsk { area: "Sussex".into(), blocks: vec!["Norfolk".into()] }];
    assert_eq!(
        Goal::Areas.command_with(&both),
        "bosworth plan BOARD --turn --with \"Kent=March,Hastings,Herbert\" --with \"Sussex=Norfolk\""
    );
    let t = plan_turns_pinned(&board, &Goal::Areas, &both, Box::new(|_| {})).unwrap();
    assert_eq!(t.turns.iter().map(|x| x.value).collect::<Vec<_>>(), [1.3928440381709675]);
    let mut targets: Vec<&str> = t.turns[0].attacks.iter().map(|a| a.target.as_str()).collect();
    targets.sort_unstable();
    assert_eq!(targets, ["Kent", "Sussex"]);
    let bad = PinAsk { area: "Kent".into(), blocks: vec!["March".into(), "Bob".into()] };
    assert_eq!(
        plan_turns_pinned(&board, &Goal::Areas, std::slice::from_ref(&bad), Box::new(|_| {})).unwrap_err(),
        "pin: 'Bob' is none of York's blocks on the board"
    );
}

/// What the page knows of the Best turn: another job's news is dropped, Cancel stops one under
/// way and keeps nothing of it, a known answer is done at once.
#[wasm_bindgen_test]
fn the_best_turns_work_keeps_to_its_job() {
    use bosworth_www::map::turn::state::{TurnAction, TurnState};
    use bosworth_www::map::turn::view::TurnsView;
    use bosworth_www::map::turn::work::Goal;
    let s = TurnState::default();
    assert_eq!(s.calc(), "idle");
    let s = s.apply(TurnAction::Start(2, "B".into(), Goal::Steps, Vec::new()));
    assert_eq!(s.calc(), "running");
    let s = s.apply(TurnAction::Progress(2, 50, 200));
    assert_eq!(s.fraction(), 0.25);
    let empty = Rc::new(TurnsView {
        goal: Goal::Steps,
        targets: Vec::new(),
        plans_considered: 0,
        turns_searched: 0,
        battles_assessed: 0,
        screened_battles: 0,
        turns: Vec::new(),
    });
    let old = s.clone().apply(TurnAction::Done(1, empty.clone()));
    assert_eq!(old.calc(), "running", "an older job's answer is dropped");
    let stopped = s.clone().apply(TurnAction::Cancel);
    assert_eq!(stopped.calc(), "cancelled");
    assert_eq!(stopped.clone().apply(TurnAction::Done(2, empty.clone())).calc(), "cancelled");
    let done = s.apply(TurnAction::Done(2, empty.clone()));
    assert_eq!(done.calc(), "done");
    let known = TurnState::default().apply(TurnAction::Known("B".into(), Goal::Areas, Vec::new(), empty));
    assert_eq!((known.calc(), known.goal), ("done", Goal::Areas));
}
