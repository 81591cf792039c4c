//! A battle's borders in the battle view (issue 24, part 5; R20), in headless Chromium: the
//! reducer setting and clearing where each block came from, each border filling to its limit,
//! the Main Attack by border with the reserves following it, the retreat limits worked out from
//! the map, the engine's refusals in players' words, Undo, the link; and the panel drawn.

use bosworth::Side;
use bosworth::data::House;
use bosworth::scenario::Held;
use bosworth_www::battle::borders::{self, Arriving};
use bosworth_www::battle::components::borders::BordersPanel;
use bosworth_www::battle::components::summary::parts;
use bosworth_www::battle::state::{Action, Edit, State, empty_battle};
use bosworth_www::battle::words::{controls, message};
use bosworth_www::shell::codec;
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

fn edit(s: State, e: Edit) -> State {
    s.apply(Action::Edit(e))
}

fn from(s: State, i: usize, area: &str) -> State {
    edit(
        s,
        Edit::From(Side::Attacker, Arriving::Block(i), Some(area.to_string())),
    )
}

/// Issue 23's example as a player types it: York's March, Hastings, Herbert and Norfolk attack
/// Kent, held by Lancaster's Somerset; a retreat limit typed before the borders.
fn kent() -> State {
    let mut s = State::new(empty_battle(
        Some("Kent".into()),
        House::Lancaster,
        House::York,
    ));
    for id in ["March", "Hastings", "Herbert", "Norfolk"] {
        s = edit(s, Edit::Add(Side::Attacker, id.into()));
    }
    s = edit(s, Edit::Add(Side::Defender, "Somerset".into()));
    edit(s, Edit::RetreatCapacity(Side::Attacker, Some(2)))
}

fn reserves(s: &State) -> Vec<bool> {
    s.scenario
        .attacker
        .blocks
        .iter()
        .map(|b| b.reserve)
        .collect()
}

fn fill(s: &State, side: Side, area: &str) -> usize {
    borders::crossing(&s.scenario, side)
        .into_iter()
        .find(|c| c.area.name == area)
        .expect(area)
        .blocks
}

fn refusal(s: &State) -> (String, String) {
    let e = s.check.clone().unwrap_err();
    (e.field.clone(), message(&s.scenario, &e))
}

#[wasm_bindgen_test]
fn setting_each_border_refuses_the_estuary_and_the_full_river_then_fights() {
    let s = kent();
    assert!(s.check.is_ok());
    assert_eq!(s.scenario.attacker.retreat_capacity, Some(2));
    // The first border said: the map works out the retreat limits, so the typed one goes.
    let s = from(s, 0, "Middlesex");
    assert_eq!(
        s.scenario.attacker.blocks[0].from.as_deref(),
        Some("Middlesex")
    );
    assert_eq!(s.scenario.attacker.retreat_capacity, None);
    // Where one block says it, every one must (6.3): the next block is named.
    assert_eq!(refusal(&s).0, "attacker.blocks[1].from");
    assert_eq!(
        controls("attacker.blocks[1].from")[0],
        "[data-testid=\"from-attacker-1\"]"
    );
    let s = from(from(s, 1, "Middlesex"), 2, "Middlesex");
    assert_eq!(fill(&s, Side::Attacker, "Middlesex"), 3);
    // Norfolk from Essex: across the estuary, no land move (5.2).
    let s = from(s, 3, "Essex");
    assert_eq!(
        refusal(&s),
        (
            "attacker.blocks[3].from".to_string(),
            "York's Norfolk: Essex and Kent share no land border (5.2, estuary: only a sea move crosses it)".to_string()
        )
    );
    // The summary still says what the battle holds, the estuary too.
    let words: Vec<String> = parts(&s.scenario, false).into_iter().map(|p| p.0).collect();
    assert!(
        words.iter().any(|w| w == "York attacks across Middlesex–Kent 3 of 3 (Main Attack), Essex: 1, no land border"),
        "{words:?}"
    );
    // Norfolk by Middlesex: the Main Attack's border, so active, but the river takes three (5.21).
    let s = from(s, 3, "Middlesex");
    assert_eq!(reserves(&s), [false; 4]);
    assert_eq!(fill(&s, Side::Attacker, "Middlesex"), 4);
    assert!(
        borders::crossing(&s.scenario, Side::Attacker)
            .iter()
            .any(|c| c.over())
    );
    assert_eq!(
        refusal(&s).1,
        "York's Norfolk: Middlesex-Kent is a river (blue) border: at most 3 blocks, 4 cross it (5.21)"
    );
    // By Sussex: another border than the Main Attack's, so a reserve, and the battle is fought.
    let s = from(s, 3, "Sussex");
    assert_eq!(reserves(&s), [false, false, false, true]);
    assert!(s.check.is_ok(), "{:?}", s.check);
    assert_eq!(borders::agreed_main_attack(&s.scenario), Some("Middlesex"));
    assert_eq!(
        (
            fill(&s, Side::Attacker, "Middlesex"),
            fill(&s, Side::Attacker, "Sussex")
        ),
        (3, 1)
    );
    // Every change is one step of Undo, back to the typed retreat limit.
    let mut u = s.clone();
    for _ in 0..6 {
        u = u.apply(Action::Undo);
    }
    assert_eq!(u.scenario, kent().scenario);
    assert_eq!(u.scenario.attacker.retreat_capacity, Some(2));
    // The link carries the borders.
    let f = codec::fragment(&codec::to_fragment(&s.scenario, false));
    assert_eq!(codec::decode(&f.scenario.unwrap()).unwrap(), s.scenario);
}

fn fought() -> State {
    from(
        from(
            from(from(kent(), 0, "Middlesex"), 1, "Middlesex"),
            2,
            "Middlesex",
        ),
        3,
        "Sussex",
    )
}

#[wasm_bindgen_test]
fn the_main_attack_is_chosen_by_border_and_the_reserves_follow() {
    let s = fought();
    // Sussex the Main Attack: Norfolk fights in round 1, the three from Middlesex wait (6.3).
    let s = edit(s, Edit::MainAttack("Sussex".into()));
    assert_eq!(reserves(&s), [true, true, true, false]);
    assert!(s.check.is_ok(), "{:?}", s.check);
    assert_eq!(borders::main_attack(&s.scenario), Some("Sussex"));
    assert_eq!(borders::agreed_main_attack(&s.scenario), Some("Sussex"));
    // No block crossed from Essex: nothing changes, no step of Undo.
    let undo = s.undo.len();
    let s = edit(s, Edit::MainAttack("Essex".into()));
    assert_eq!(s.undo.len(), undo);
    // A reserve's new border keeps the Main Attack where it is.
    let s = from(s, 0, "Sussex");
    assert_eq!(reserves(&s), [false, true, true, false]);
    // The Main Attack's last block leaving it hands the Main Attack to the first block that
    // says a border (March, now from Sussex: still the Main Attack).
    let s = edit(s, Edit::Remove(Side::Attacker, 3));
    assert_eq!(reserves(&s), [false, true, true]);
    let s = edit(s, Edit::Remove(Side::Attacker, 0));
    assert_eq!(
        reserves(&s),
        [false, false],
        "Middlesex is now the only border: the Main Attack"
    );
    assert!(s.check.is_ok(), "{:?}", s.check);
    // Undo brings each back.
    let s = s.apply(Action::Undo).apply(Action::Undo);
    assert_eq!(reserves(&s), [false, true, true, false]);
}

#[wasm_bindgen_test]
fn a_reserve_typed_before_the_borders_stays_one() {
    // Norfolk ticked as a reserve, then his border said first: the Main Attack is not said yet
    // while March, Hastings and Herbert, in round 1, say none; it is theirs once they do.
    let s = edit(kent(), Edit::Reserve(Side::Attacker, 3));
    let s = from(s, 3, "Sussex");
    assert_eq!(reserves(&s), [false, false, false, true]);
    assert_eq!(borders::main_attack(&s.scenario), None);
    let s = from(from(from(s, 0, "Middlesex"), 1, "Middlesex"), 2, "Middlesex");
    assert_eq!(reserves(&s), [false, false, false, true]);
    assert_eq!(borders::agreed_main_attack(&s.scenario), Some("Middlesex"));
    assert!(s.check.is_ok(), "{:?}", s.check);
    assert_eq!(s.scenario, fought().scenario);
}

#[wasm_bindgen_test]
fn the_retreat_limits_are_worked_out_from_the_map() {
    let s = fought();
    // Kent's land borders: Middlesex (river, 3) and Sussex (major, 4). York crossed both;
    // Lancaster may retreat by neither (6.6); York by both while they are vacant.
    assert_eq!(
        borders::worked_out(&s.scenario, Side::Attacker).map(|w| w.0),
        Some(7)
    );
    assert_eq!(
        borders::worked_out(&s.scenario, Side::Defender).map(|w| w.0),
        Some(0)
    );
    let b = s.battle.clone().unwrap();
    assert_eq!(
        (
            b.retreat_capacity(Side::Attacker),
            b.retreat_capacity(Side::Defender)
        ),
        (Some(7), Some(0))
    );
    // Lancaster holds Sussex: York may retreat only by Middlesex.
    let s = edit(s, Edit::Held("Sussex".into(), Some(Held::Lancaster)));
    let (c, each) = borders::worked_out(&s.scenario, Side::Attacker).unwrap();
    assert_eq!(c, 3);
    let sussex = each.iter().find(|e| e.0 == "Sussex").unwrap();
    assert_eq!(sussex.2.as_deref(), Some("Lancaster holds it (6.6)"));
    assert_eq!(
        s.battle.as_ref().unwrap().retreat_capacity(Side::Attacker),
        Some(3)
    );
    // The summary says the borders, who holds the neighbours and the limits from the map.
    let words: Vec<String> = parts(&s.scenario, false).into_iter().map(|p| p.0).collect();
    for w in [
        "York attacks across Middlesex–Kent 3 of 3 (Main Attack), Sussex–Kent 1 of 4",
        "York retreats at most 3 blocks a round (from the map)",
        "Lancaster retreats at most 0 blocks a round (from the map)",
    ] {
        assert!(words.iter().any(|x| x == w), "{w} in {words:?}");
    }
    assert!(
        words.iter().any(|x| x.starts_with("Neighbours: ")
            && x.contains("Sussex Lancaster")
            && x.contains("Middlesex vacant")),
        "{words:?}"
    );
    // A typed limit wins over the map's, and the page says it is typed.
    let t = edit(s.clone(), Edit::RetreatCapacity(Side::Attacker, Some(1)));
    assert_eq!(borders::worked_out(&t.scenario, Side::Attacker), None);
    assert_eq!(
        t.battle.as_ref().unwrap().retreat_capacity(Side::Attacker),
        Some(1)
    );
    // Vacant again: the neighbour leaves the battle's list.
    let s = edit(s, Edit::Held("Sussex".into(), None));
    assert!(s.scenario.neighbours.is_empty());
    assert_eq!(
        borders::worked_out(&s.scenario, Side::Attacker).map(|w| w.0),
        Some(7)
    );
}

#[wasm_bindgen_test]
fn clearing_the_borders_returns_to_the_battle_typed() {
    let s = edit(fought(), Edit::Held("Middlesex".into(), Some(Held::York)));
    // A new area: the borders were Kent's.
    let moved = edit(s.clone(), Edit::Area(Some("Sussex".into())));
    assert!(!borders::said(&moved.scenario));
    assert_eq!(moved.apply(Action::Undo).scenario, s.scenario);
    // Each border unsaid: with the last one, who holds the neighbours goes too.
    let mut c = s.clone();
    for i in 0..4 {
        assert!(borders::said(&c.scenario));
        c = edit(c, Edit::From(Side::Attacker, Arriving::Block(i), None));
    }
    assert!(c.scenario.neighbours.is_empty());
    assert!(c.check.is_ok(), "{:?}", c.check);
    assert_eq!(c.scenario.attacker.retreat_capacity, None);
    // The armies changing sides forget who came from where.
    let swapped = edit(s, Edit::AttackingHouse(House::Lancaster));
    assert!(!borders::said(&swapped.scenario));
}

#[wasm_bindgen_test]
fn the_defenders_reinforcements_say_their_border() {
    let s = edit(fought(), Edit::Add(Side::Defender, "Exeter".into()));
    let s = edit(s, Edit::Reserve(Side::Defender, 1));
    let s = edit(
        s,
        Edit::From(Side::Defender, Arriving::Block(1), Some("Sussex".into())),
    );
    assert!(s.check.is_ok(), "{:?}", s.check);
    assert_eq!(fill(&s, Side::Defender, "Sussex"), 1);
    // Both crossed Sussex: only Player 2, Lancaster, may retreat by it (6.6, R20).
    assert_eq!(
        borders::worked_out(&s.scenario, Side::Attacker).map(|w| w.0),
        Some(3)
    );
    assert_eq!(
        borders::worked_out(&s.scenario, Side::Defender).map(|w| w.0),
        Some(4)
    );
    // No longer a reinforcement: it was there, and says no border.
    let s = edit(s, Edit::Reserve(Side::Defender, 1));
    assert_eq!(s.scenario.defender.blocks[1].from, None);
    assert!(s.check.is_ok(), "{:?}", s.check);
    // A hidden attacker says its border too, and follows the Main Attack.
    let s = edit(s, Edit::AddHidden(Side::Attacker));
    assert_eq!(refusal(&s).0, "attacker.hidden[0].from");
    let s = edit(
        s,
        Edit::From(Side::Attacker, Arriving::Hidden(0), Some("Sussex".into())),
    );
    assert!(s.scenario.attacker.hidden[0].reserve);
    assert_eq!(fill(&s, Side::Attacker, "Sussex"), 2);
    assert!(s.check.is_ok(), "{:?}", s.check);
}

#[derive(Properties, PartialEq)]
struct HarnessProps {
    state: State,
}

#[function_component]
fn Harness(p: &HarnessProps) -> Html {
    let start = p.state.clone();
    let state = use_reducer(move || start);
    html! { <BordersPanel {state} /> }
}

#[wasm_bindgen_test]
async fn the_panel_shows_each_border_filling_and_the_main_attack() {
    let doc = gloo::utils::document();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    let state = edit(fought(), Edit::Held("Middlesex".into(), Some(Held::York)));
    let handle =
        yew::Renderer::<Harness>::with_root_and_props(root.clone(), HarnessProps { state })
            .render();
    yew::scheduler::flush().await;
    let text = |sel: &str| {
        root.query_selector(sel)
            .unwrap()
            .map(|e| e.text_content().unwrap_or_default())
    };
    assert_eq!(
        text("[data-testid=fill-attacker-Middlesex]").as_deref(),
        Some("York: 3 of 3")
    );
    assert_eq!(
        text("[data-testid=fill-attacker-Sussex]").as_deref(),
        Some("York: 1 of 4")
    );
    assert!(
        text("[data-testid=border-Middlesex]")
            .unwrap()
            .contains("Middlesex–Kent river · 3")
    );
    assert!(
        text("[data-testid=borders]")
            .unwrap()
            .contains("Essex–Kent estuary")
    );
    let radio = |n: &str| {
        use wasm_bindgen::JsCast;
        root.query_selector(&format!("[data-testid=main-{n}]"))
            .unwrap()
            .unwrap()
            .dyn_into::<web_sys::HtmlInputElement>()
            .unwrap()
            .checked()
    };
    assert!(radio("Middlesex") && !radio("Sussex"));
    let held = {
        use wasm_bindgen::JsCast;
        root.query_selector("[data-testid=held-Middlesex]")
            .unwrap()
            .unwrap()
            .dyn_into::<web_sys::HtmlSelectElement>()
            .unwrap()
            .value()
    };
    assert_eq!(held, "York");
    handle.destroy();
    root.remove();
}
