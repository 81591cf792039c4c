//! Component and unit tests of the Campaign Reset and Kingmaker calculators in headless
//! Chromium (`cargo test --target wasm32-unknown-unknown`, CHROMEDRIVER=/usr/bin/chromedriver):
//! their reducers, the link keys `#r=` and `#k=`, the views drawn from an address.

use bosworth::data::House;
use bosworth::kingmaker::{AmbushChoice, CardResult, CombatKind, Game, Line, Outcome, Side};
use bosworth_link::Calculator;
use bosworth_www::kingmaker::KingmakerApp;
use bosworth_www::reset::ResetApp;
use bosworth_www::shell::doc::DocAction;
use bosworth_www::kingmaker::examples::KINGMAKER;
use bosworth_www::reset::examples::RESETS;
use bosworth_www::shell::format::pct;
use bosworth_www::kingmaker::state::{KingmakerEdit, KingmakerState, example_deck, new_combat};
use bosworth_www::reset::state::{List, Place, ResetEdit, ResetState, empty_reset, place_of};
use bosworth_www::kingmaker::state as kingmaker_state;
use bosworth_www::reset::state as reset_state;
use bosworth_www::shell::codec;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn reset(i: usize) -> bosworth::reset::ResetScenario {
    bosworth_link::parse_reset(RESETS[i].json).unwrap()
}

fn combat(i: usize) -> bosworth::kingmaker::Scenario {
    bosworth_link::parse_kingmaker(KINGMAKER[i].json).unwrap()
}

fn person(name: &str) -> &'static bosworth::reset::realm::Person {
    let people = bosworth::reset::realm::people();
    &people[bosworth::reset::realm::person(name).unwrap()]
}

fn edit(s: ResetState, e: ResetEdit) -> ResetState {
    s.apply(DocAction::Edit(e))
}

/// Every example opens from its link, in the calculator its key names, with the engine's odds.
#[wasm_bindgen_test]
fn every_example_travels_under_its_own_key() {
    for (i, x) in RESETS.iter().enumerate() {
        let s = reset(i);
        let f = codec::fragment(&codec::reset_fragment(&s));
        assert_eq!(f.calculator(), Calculator::Reset, "{}", x.name);
        assert_eq!(codec::decode_reset(f.reset.as_deref().unwrap()).unwrap(), s);
        let odds = ResetState::new(s).odds.unwrap();
        let total: f64 = odds.crown.iter().map(|c| c.chance).sum();
        assert!((total - 1.0).abs() < 1e-12, "{}", x.name);
    }
    for (i, x) in KINGMAKER.iter().enumerate() {
        let s = combat(i);
        let f = codec::fragment(&codec::kingmaker_fragment(&s));
        assert_eq!(f.calculator(), Calculator::Kingmaker, "{}", x.name);
        assert_eq!(codec::decode_kingmaker(f.kingmaker.as_deref().unwrap()).unwrap(), s);
        assert!(KingmakerState::new(s).report.is_ok(), "{}", x.name);
    }
    let e = codec::decode_reset("garbage!!").unwrap_err();
    assert!(e.contains("base64url"), "{e}");
}

#[wasm_bindgen_test]
fn the_reset_reducer_places_nobles_and_heirs() {
    let s = ResetState::new(reset(0));
    assert_eq!(s.odds.as_ref().unwrap().king, "March");
    assert_eq!(s.scenario().nobles[0], "Warwick/Y");
    // Warwick goes over on the map: he keeps his place in the order that breaks ties (V5).
    let s = edit(s, ResetEdit::Place("Warwick".into(), Place::Map(House::Lancaster)));
    assert_eq!(s.scenario().nobles[0], "Warwick/L");
    assert_eq!(place_of(s.scenario(), person("Warwick")), Place::Map(House::Lancaster));
    // To a pool, then dead: out of the lists, and out of Lancaster's Double Game list.
    let s = edit(s, ResetEdit::Place("Warwick".into(), Place::Pool(House::York)));
    assert!(!s.scenario().nobles.iter().any(|n| n.starts_with("Warwick")));
    assert!(s.scenario().pool.contains(&"Warwick/Y".to_string()));
    assert_eq!(s.scenario().naming.lancaster.double_game, ["Warwick"]);
    let s = edit(s, ResetEdit::Place("Warwick".into(), Place::Dead));
    assert!(s.scenario().dead.contains(&"Warwick".to_string()));
    assert!(s.scenario().naming.lancaster.double_game.is_empty());
    assert!(s.odds.is_ok(), "{:?}", s.odds);
    // Clarence defects: listed by the version he became (9.1).
    let s = edit(s, ResetEdit::Place("Clarence".into(), Place::Map(House::Lancaster)));
    assert!(s.scenario().nobles.contains(&"Clarence/L".to_string()));
    // The order on the map.
    let first = s.scenario().nobles[0].clone();
    let s = edit(s, ResetEdit::Move(0, false));
    assert_eq!(s.scenario().nobles[1], first);
    // Undo takes back each change, Redo makes it again.
    let rev = s.doc.revision;
    let s = s.apply(DocAction::Undo);
    assert_eq!(s.scenario().nobles[0], first);
    assert!(s.doc.revision > rev);
    let s = s.apply(DocAction::Redo);
    assert_eq!(s.scenario().nobles[1], first);
}

#[wasm_bindgen_test]
fn the_reset_reducer_keeps_the_pledge_with_the_king() {
    let s = ResetState::new(reset(0));
    let s = edit(s, ResetEdit::Names(House::York, List::Pledge, vec!["Rivers".into(), "Westmoreland".into()]));
    assert!(s.odds.is_ok(), "{:?}", s.odds);
    assert_eq!(s.scenario().naming.york.pledge.len(), 2);
    // Lancaster on the throne: only the King names in the Pledge (V6), York's list goes.
    let s = edit(s, ResetEdit::King(House::Lancaster));
    assert!(s.scenario().naming.york.pledge.is_empty());
    assert!(s.odds.is_ok(), "{:?}", s.odds);
    let s = edit(s, ResetEdit::King(House::York));
    let s = edit(s, ResetEdit::Names(House::York, List::Pledge, vec!["Rivers".into()]));
    let s = edit(s, ResetEdit::Usurpation(false));
    assert!(s.scenario().naming.york.pledge.is_empty());
    assert!(!s.odds.as_ref().unwrap().pledge);
    let s = edit(s, ResetEdit::PlaceRebel(House::Lancaster, false));
    assert_eq!(s.odds.as_ref().unwrap().rebel_placed, 0.0);
    let s = edit(s, ResetEdit::RebelOnMap(true));
    assert!(s.scenario().rebel_on_map);
    // An empty reset is refused until Warwick is placed (V8), with the field.
    let e = ResetState::new(empty_reset()).odds.unwrap_err();
    assert_eq!(e.field, "nobles");
    assert!(e.reason.contains("Warwick"), "{e}");
    // Opening a scenario is a new entry of the browser's history; showing the address's is not.
    let s = s.apply(DocAction::Load(reset(1)));
    assert_eq!(s.doc.opened, 1);
    let s = s.apply(DocAction::Navigate(reset(0)));
    assert_eq!(s.doc.opened, 1);
    assert_eq!(s.scenario(), &reset(0));
}

/// The largest reset the editor allows, and the examples, compute in the page (each edit
/// recomputes on the page's thread); the time is printed, not asserted (no timed tests).
#[wasm_bindgen_test]
fn the_largest_reset_computes_in_the_page() {
    // Every non-rose noble on the map, a usurpation: the most branches the editor allows.
    let mut s = empty_reset();
    s.usurpation = true;
    for (k, who) in reset_state::nobles().into_iter().enumerate() {
        let h = if k % 2 == 0 { House::York } else { House::Lancaster };
        s.nobles.push(who.version(h).unwrap().id.to_string());
    }
    for (name, scenario) in [("largest", s), ("usurpation", reset(0)), ("quiet", reset(1))] {
        let start = js_sys::Date::now();
        let runs = 20;
        for _ in 0..runs {
            assert!(reset_state::compute(&scenario).is_ok());
        }
        let ms = (js_sys::Date::now() - start) / runs as f64;
        // Measured and printed, not asserted: the machine's load is no test result.
        console_log!("reset '{name}': {ms:.2} ms a computation");
    }
}

fn km(s: KingmakerState, e: KingmakerEdit) -> KingmakerState {
    s.apply(DocAction::Edit(e))
}

#[wasm_bindgen_test]
fn the_kingmaker_reducer_builds_a_combat() {
    // A new combat: the examples' deck (said on the page), no Noble yet.
    let s = KingmakerState::new(new_combat());
    assert_eq!(s.scenario().deck, example_deck(Game::Basic));
    assert_eq!(s.report.as_ref().unwrap_err().field, "attacker.nobles");
    let s = km(s, KingmakerEdit::AddNoble(Side::Attacker));
    let s = km(s, KingmakerEdit::AddNoble(Side::Defender));
    let s = km(s, KingmakerEdit::AddNoble(Side::Attacker));
    let names: Vec<&str> = s.scenario().attacker.nobles.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["Attacking Noble", "Attacking Noble 2"]);
    // 20 against 10 is 2-1: the attacker wins on 5-4, 3-2 and 2-1, three cards in six.
    let Outcome::Battle { attacker_wins, .. } = s.report.as_ref().unwrap().outcome else { panic!() };
    assert_eq!(attacker_wins.to_string(), "1/2");
    // A name changed is followed by the heir with him.
    let s = km(s, KingmakerEdit::AddHeir(Side::Attacker));
    let mut heir = s.scenario().attacker.heirs[0].clone();
    heir.with = Some("Attacking Noble".into());
    let s = km(s, KingmakerEdit::Heir(Side::Attacker, 0, heir));
    let mut noble = s.scenario().attacker.nobles[0].clone();
    noble.name = "Percy".into();
    let s = km(s, KingmakerEdit::Noble(Side::Attacker, 0, noble));
    assert_eq!(s.scenario().attacker.heirs[0].with.as_deref(), Some("Percy"));
    // Removed, he is forgotten.
    let s = km(s, KingmakerEdit::RemoveNoble(Side::Attacker, 0));
    assert_eq!(s.scenario().attacker.heirs[0].with, None);
    // The deck as the user describes it.
    let s = km(s, KingmakerEdit::AddCards);
    let mut cards = s.scenario().deck.last().unwrap().clone();
    cards.count = 3;
    cards.result = CardResult::FourToOne;
    let n = s.scenario().deck.len() - 1;
    let s = km(s, KingmakerEdit::Cards(n, cards));
    assert_eq!(s.report.as_ref().unwrap().deck.cards, 9);
    let s = km(s, KingmakerEdit::RemoveCards(n));
    assert_eq!(s.report.as_ref().unwrap().deck.cards, 6);
}

#[wasm_bindgen_test]
fn leaving_the_advanced_game_drops_what_only_it_has() {
    let s = KingmakerState::new(combat(2));
    assert!(kingmaker_state::advanced_battle(s.scenario()));
    let Outcome::Encounters { encounters, .. } = &s.report.as_ref().unwrap().outcome else { panic!() };
    assert_eq!(encounters.len(), 2);
    let s = km(s, KingmakerEdit::Game(Game::Basic));
    assert!(s.scenario().encounters.is_empty());
    assert!(s.scenario().attacker.nobles.iter().all(|n| n.line.is_none() && n.column.is_none()));
    // The examples' deck has a Majority card, which the Basic Game refuses (K3).
    let e = s.report.as_ref().unwrap_err();
    assert_eq!(e.field, "deck[1].result", "{e}");
    let s = km(s, KingmakerEdit::ExampleDeck);
    assert!(s.report.is_ok(), "{:?}", s.report);
    // Undo brings the formation back.
    let s = s.apply(DocAction::Undo).apply(DocAction::Undo);
    assert_eq!(s.scenario(), &combat(2));
    assert_eq!(s.scenario().attacker.nobles[0].line, Some(Line::Battle));
    // A siege needs its garrison; an ambush its 4 to 1.
    let s = km(KingmakerState::new(combat(0)), KingmakerEdit::Combat(CombatKind::Siege));
    assert_eq!(s.report.as_ref().unwrap_err().field, "garrison");
    let s = km(s, KingmakerEdit::Garrison(Some(50)));
    assert!(s.report.is_ok(), "{:?}", s.report);
    let s = km(s, KingmakerEdit::Combat(CombatKind::Ambush));
    assert_eq!(s.scenario().garrison, None);
    assert_eq!(s.report.as_ref().unwrap_err().field, "defender.nobles");
    let s = km(s, KingmakerEdit::Ambush(Some(AmbushChoice::Each)));
    let s = km(s, KingmakerEdit::Combat(CombatKind::Battle));
    assert_eq!(s.scenario().ambush, None);
}

async fn settle() {
    gloo::timers::future::TimeoutFuture::new(20).await;
}

fn text(root: &web_sys::Element, id: &str) -> String {
    root.query_selector(&format!("[data-testid=\"{id}\"]"))
        .unwrap()
        .unwrap_or_else(|| panic!("no {id}"))
        .text_content()
        .unwrap()
}

fn mount() -> web_sys::Element {
    let doc = gloo::utils::document();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    root
}

fn address(fragment: &str) {
    let history = gloo::utils::window().history().unwrap();
    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(fragment)).unwrap();
}

/// The reset view opened from an address shows the engine's figures, and a change made in the
/// page goes into the address.
#[wasm_bindgen_test]
async fn the_reset_view_shows_the_odds_of_its_address() {
    let s = reset(1);
    address(&codec::reset_fragment(&s));
    let root = mount();
    let handle = yew::Renderer::<ResetApp>::with_root(root.clone()).render();
    settle().await;
    let odds = reset_state::compute(&s).unwrap();
    assert_eq!(text(&root, "heir-0-illness"), pct(odds.heirs[0].illness));
    assert_eq!(text(&root, "crown-0").contains(&pct(odds.crown[0].chance)), true);
    assert!(text(&root, "reset-before").contains("King Gloucester (York)"));
    let current = root.query_selector("[aria-current=\"page\"]").unwrap().unwrap();
    assert_eq!(current.get_attribute("data-testid").as_deref(), Some("calc-reset"));
    // A usurpation, ticked in the page: the Pledge is rolled and the address follows.
    let tick: web_sys::HtmlInputElement = wasm_bindgen::JsCast::unchecked_into(root.query_selector("[data-testid=\"reset-usurpation\"]").unwrap().unwrap());
    tick.set_checked(true);
    tick.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    settle().await;
    let hash = gloo::utils::window().location().hash().unwrap();
    let now = codec::decode_reset(codec::fragment(&hash).reset.as_deref().unwrap()).unwrap();
    assert!(now.usurpation);
    assert!(text(&root, "reset-before").contains("Pledge of Loyalty is rolled"));
    handle.destroy();
}

/// A broken link opens the calculator empty and says why.
#[wasm_bindgen_test]
async fn a_broken_kingmaker_link_opens_the_calculator_empty() {
    address("#k=not-a-combat!!");
    let root = mount();
    let handle = yew::Renderer::<KingmakerApp>::with_root(root.clone()).render();
    settle().await;
    assert!(text(&root, "notice").contains("This link's Kingmaker combat could not be opened"));
    assert!(text(&root, "scenario-error").contains("Attacker"), "{}", text(&root, "scenario-error"));
    handle.destroy();
    // A good link: the figures are the engine's.
    let s = combat(0);
    address(&codec::kingmaker_fragment(&s));
    let root = mount();
    let handle = yew::Renderer::<KingmakerApp>::with_root(root.clone()).render();
    settle().await;
    let r = kingmaker_state::compute(&s).unwrap();
    let Outcome::Battle { attacker_wins, bad_weather, .. } = r.outcome else { panic!() };
    assert_eq!(text(&root, "km-attacker-wins"), pct(attacker_wins.value()));
    assert_eq!(text(&root, "km-attacker-wins-fraction"), "1/6");
    assert_eq!(text(&root, "km-bad-weather"), pct(bad_weather.value()));
    assert!(text(&root, "km-ratio").contains("5-4 for the attacker"));
    handle.destroy();
    address("#");
}
