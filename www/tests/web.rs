//! Component and unit tests in headless Chromium: `cargo test --target wasm32-unknown-unknown`
//! (runner in .cargo/config.toml, CHROMEDRIVER=/usr/bin/chromedriver).

use bosworth::Side;
use bosworth::data::House;
use bosworth_www::battle::components::headline::{Headline, HeadlineProps};
use bosworth_www::battle::components::results::royal_warnings;
use bosworth_www::battle::presets::PRESETS;
use bosworth_www::battle::state::{Action, Edit, State};
use bosworth_www::battle::{charts, narrate};
use bosworth_www::shell::{codec, format};
use std::rc::Rc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn preset(name: &str) -> bosworth::Scenario {
    PRESETS.iter().find(|p| p.name.contains(name)).expect("preset").scenario()
}

#[wasm_bindgen_test]
fn percentages_have_one_decimal() {
    assert_eq!(format::pct(0.296), "29.6%");
    assert_eq!(format::pct(1.0), "100.0%");
    assert_eq!(format::pct(0.0), "0.0%");
    assert_eq!(format::pct(0.00049), "0.0%");
}

/// Every ready-made battle survives its link (the codec's own tests live with it, in `link/`).
#[wasm_bindgen_test]
fn links_round_trip_and_broken_links_say_why() {
    for p in PRESETS {
        let s = p.scenario();
        assert!(bosworth::Battle::new(&s).is_ok(), "{}", p.name);
        let frag = codec::to_fragment(&s, true);
        let f = codec::fragment(&frag);
        assert!(f.overlay);
        assert_eq!(codec::decode(&f.scenario.unwrap()).unwrap(), s);
    }
    let err = codec::decode("not-a-battle!!").unwrap_err();
    assert!(err.contains("base64url"), "{err}");
    let err = codec::decode(&base64_of(r#"{"version":1,"attacker":{}}"#)).unwrap_err();
    assert!(err.contains("attacker"), "{err}");
}

fn base64_of(text: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
}

/// A Cancel is final for its battle: progress, figures or a failure the workers sent before they
/// were stopped are dropped, so the figures stay those shown when Cancel was pressed.
#[wasm_bindgen_test]
fn a_cancelled_computation_stays_cancelled() {
    use bosworth_www::battle::state::Calc;
    let s = State::new(preset("sidebar"));
    let rev = s.revision;
    let b = s.battle.clone().unwrap();
    let early = Rc::new(bosworth::simulate(&b, 1_000, 7));
    let late = Rc::new(bosworth::simulate(&b, 2_000, 7));
    let progress = |report: &Rc<bosworth::Report>, runs| Action::Progress { revision: rev, runs, total: 400_000, report: report.clone(), note: None, fog: None };
    let s = s.apply(Action::Started(rev)).apply(progress(&early, 1_000));
    assert_eq!(s.calc, Calc::Running { runs: 1_000, total: 400_000 });
    let s = s.apply(Action::Cancel);
    assert_eq!(s.calc, Calc::Cancelled);
    let s = s
        .apply(progress(&late, 2_000))
        .apply(Action::Done { revision: rev, report: late.clone(), note: None, fog: None })
        .apply(Action::Failed { revision: rev, message: "late".into() });
    assert_eq!(s.calc, Calc::Cancelled);
    assert!(Rc::ptr_eq(s.report.as_ref().unwrap(), &early), "the figures are those shown at Cancel");
    assert!(s.report_is_current());
    // An edit starts afresh: the new battle's answers are taken.
    let s = s.apply(Action::Edit(Edit::Strength(Side::Attacker, 0, 2)));
    let now = s.revision;
    assert!(now > rev);
    let s = s.apply(Action::Started(now)).apply(Action::Done { revision: now, report: late.clone(), note: None, fog: None });
    assert_eq!(s.calc, Calc::Done);
    assert!(Rc::ptr_eq(s.report.as_ref().unwrap(), &late));
}

#[wasm_bindgen_test]
fn the_reducer_edits_the_battle() {
    let s = State::new(preset("sidebar"));
    let rev = s.revision;
    let s = s
        .apply(Action::Edit(Edit::Area(Some("Cornwall".into()))))
        .apply(Action::Edit(Edit::Add(Side::Defender, "Devon".into())))
        .apply(Action::Edit(Edit::Strength(Side::Attacker, 0, 2)))
        .apply(Action::Edit(Edit::Reserve(Side::Attacker, 1)))
        .apply(Action::Edit(Edit::Move(Side::Attacker, 1, true)));
    assert!(s.revision > rev);
    assert_eq!(s.scenario.area.as_deref(), Some("Cornwall"));
    let ids: Vec<_> = s.scenario.attacker.blocks.iter().map(|b| b.id.clone().unwrap()).collect();
    assert_eq!(ids, ["Clarence/Y", "Herbert"]);
    assert!(s.scenario.attacker.blocks[0].reserve);
    assert_eq!(s.scenario.attacker.blocks[1].strength, 2);
    assert_eq!(s.scenario.defender.blocks[1].id.as_deref(), Some("Devon"));
    assert!(s.battle.is_ok());

    // Switching the attacking house swaps the armies.
    let s = s.apply(Action::Edit(Edit::AttackingHouse(House::Lancaster)));
    assert_eq!(s.scenario.attacker.house, House::Lancaster);
    assert_eq!(s.scenario.attacker.blocks[0].id.as_deref(), Some("Rivers/L"));

    // An invalid battle keeps the engine's message with its field.
    let s = s.apply(Action::Edit(Edit::Strength(Side::Attacker, 0, 4)));
    let e = s.battle.as_ref().unwrap_err();
    assert_eq!(e.field, "attacker.blocks[0].strength");
}

#[wasm_bindgen_test]
fn stale_answers_are_dropped() {
    let s = State::new(preset("sidebar"));
    let b = bosworth::Battle::new(&s.scenario).unwrap();
    let report = Rc::new(bosworth::solve(&b, 1_000_000).unwrap());
    let old = s.revision;
    let s = s.apply(Action::Edit(Edit::Strength(Side::Attacker, 0, 1)));
    let s = s.apply(Action::Done { revision: old, report: report.clone(), note: None, fog: None });
    assert!(s.report.is_none());
    let rev = s.revision;
    let s = s.apply(Action::Done { revision: rev, report, note: None, fog: None });
    assert!(s.report_is_current());
}

#[wasm_bindgen_test]
fn charts_are_svg_that_follow_the_theme() {
    let b = bosworth::Battle::new(&preset("Bosworth")).unwrap();
    let r = bosworth::solve(&b, 2_000_000).unwrap();
    for svg in [charts::rounds(&r), charts::steps_lost(&r), charts::final_strength(&r)] {
        assert!(svg.starts_with("<svg"), "{}", &svg[..40]);
        assert!(svg.contains("currentColor"));
        assert!(!svg.contains("#010203"));
    }
    assert!(charts::final_strength(&r).contains("Stanley/Y"));
    let w = royal_warnings(&r);
    assert!(w.iter().any(|w| w.starts_with("Chance a Lancaster heir dies: ")), "{w:?}");
}

#[wasm_bindgen_test]
fn replays_read_as_sentences_with_rules() {
    let b = bosworth::Battle::new(&preset("sidebar")).unwrap();
    let r = bosworth::replay(&b, 7);
    let text: Vec<String> = narrate::describe_all(&r.events, false);
    assert!(text[0].starts_with("Herbert (A2) fires: rolls ["), "{}", text[0]);
    assert!(text.last().unwrap().starts_with("The battle ends in round"));
    assert_eq!(narrate::position(&r.events, 1), Some((1, "Herbert".to_string())));
    assert_eq!(narrate::position(&r.events, 0), None);
}

/// Henry VI (King) and Oxford attack Middlesex (a crown) held by Hastings at 1, Norfolk in
/// reserve: at seed 1 Oxford kills Hastings, Norfolk deploys and control changes in round 1.
const CONTROL_CHANGE: &str = r#"{"version":1,"area":"Middlesex","king":"Lancaster",
    "attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4},{"id":"Oxford","strength":3}]},
    "defender":{"house":"York","blocks":[{"id":"Hastings","strength":1},{"id":"Norfolk","strength":4,"reserve":true}]}}"#;

#[wasm_bindgen_test]
fn after_a_control_change_the_sides_are_named_by_role_and_the_crown_explained() {
    let b = bosworth::Battle::new(&codec::parse(CONTROL_CHANGE).unwrap()).unwrap();
    let r = bosworth::replay(&b, 1);
    let text = narrate::describe_all(&r.events, false);
    let change = r.events.iter().position(|e| matches!(e, bosworth::rules::log::Event::ControlChanges { .. })).expect("control changes at seed 1");
    assert!(text[change].starts_with("Control changes: the attacker now defends and the defender now attacks"), "{}", text[change]);
    assert!(narrate::swapped_after(&r.events[..=change], false) && !narrate::swapped_after(&r.events[..change], false));
    // Before it, no role is said; after it, Henry VI is named by his new role, at B3, and why.
    assert!(text[0].starts_with("Oxford (A2) fires"), "{}", text[0]);
    let henry = text.iter().skip(change).find(|t| t.starts_with("Henry VI")).unwrap();
    assert!(henry.starts_with("Henry VI (now defending, B3) fires: rolls ["), "{henry}");
    assert!(henry.contains("+1 defending the crown in Middlesex: senior royal heir (2.3, D7)"), "{henry}");
    assert!(henry.contains("its side now defends: control changed in round 1 (6.3, D5)"), "{henry}");
    assert!(text.last().unwrap().contains("the attacker (now defending) holds the area"), "{}", text.last().unwrap());
    // Live play's ending names the side the same way.
    use bosworth_www::battle::components::live::ending_text;
    let s = codec::parse(CONTROL_CHANGE).unwrap();
    let end = bosworth::rules::round::Ending { round: 2, holder: Some(Side::Attacker) };
    assert_eq!(ending_text(&s, end, true), "The battle is over after round 2: Lancaster (now defending) holds Middlesex.");
    assert_eq!(ending_text(&s, end, false), "The battle is over after round 2: Lancaster (attacker) holds Middlesex.");
}

#[wasm_bindgen_test]
fn the_stream_fights_a_replay_turn_by_turn() {
    use bosworth_www::battle::stream::beats::{Standing, back_step, beats, field, next_step, shown};
    let b = bosworth::Battle::new(&codec::parse(CONTROL_CHANGE).unwrap()).unwrap();
    let r = bosworth::replay(&b, 1);
    let cut = beats(&r);
    // One beat a turn, each ending where the next turn begins, the last with the battle.
    let starts: Vec<usize> = r.checkpoints.iter().map(|c| c.0).collect();
    assert_eq!(cut.iter().map(|b| b.start).collect::<Vec<_>>(), starts);
    assert_eq!(cut.last().unwrap().end, r.events.len());
    assert!(cut.last().unwrap().after.is_none() && cut[..cut.len() - 1].iter().all(|b| b.after.is_some()));
    // Space goes from the start to the end of each beat in turn; the left arrow comes back.
    let mut step = 0;
    for (k, beat) in cut.iter().enumerate() {
        step = next_step(&cut, step);
        assert_eq!((step, shown(&cut, step)), (beat.end, k + 1));
    }
    assert_eq!(next_step(&cut, step), step, "nothing after the end");
    assert_eq!(back_step(&cut, step), cut[cut.len() - 2].end);
    assert_eq!(back_step(&cut, cut[0].end), 0);
    // The field after the first beat: Hastings eliminated, Norfolk deployed from reserve.
    let f0 = field(&b, &r.events, 0);
    assert_eq!(f0.iter().find(|p| p.name == "Norfolk").unwrap().standing, Standing::Reserve);
    let f1 = field(&b, &r.events, cut[0].end);
    assert_eq!(f1.iter().find(|p| p.name == "Hastings").unwrap().standing, Standing::Eliminated);
    assert_eq!(f1.iter().find(|p| p.name == "Norfolk").unwrap().standing, Standing::Fighting);
    // At the end, every strength is the replay's.
    let end = field(&b, &r.events, r.events.len());
    assert_eq!(end.iter().map(|p| p.strength).collect::<Vec<_>>(), r.final_strength);
}

#[wasm_bindgen_test]
async fn the_headline_shows_labelled_percentages() {
    let b = bosworth::Battle::new(&preset("East Anglia")).unwrap();
    let r = bosworth::solve(&b, 2_000_000).unwrap();
    let doc = gloo::utils::document();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    let props = HeadlineProps {
        report: Some(Rc::new(r.clone())),
        current: true,
        attacker: House::Lancaster,
        defender: House::York,
        area: Some("East Anglia".into()),
        averaged: None,
        control_changed: false,
    };
    let handle = yew::Renderer::<Headline>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let text = |id: &str| {
        root.query_selector(&format!("[data-testid={id}]")).unwrap().unwrap().text_content().unwrap()
    };
    assert_eq!(text("outcome-attacker"), format::pct(r.attacker_holds));
    assert_eq!(text("outcome-defender"), format::pct(r.defender_holds));
    assert_eq!(text("outcome-vacant"), format::pct(r.vacant));
    let all = root.text_content().unwrap();
    assert!(all.contains("Chance Lancaster (attacker) holds East Anglia"), "{all}");
    assert!(all.contains("Chance East Anglia is left vacant"));
    handle.destroy();
}

#[wasm_bindgen_test]
fn monte_carlo_in_the_browser_draws_the_native_stream() {
    // The same pin as tests/stability.rs: a platform difference in the random stream (wasm32
    // against native) would change every shared seed and replay.
    let text = include_str!("../../bench/medium.json");
    let battle = bosworth::Battle::new(&codec::parse(text).unwrap()).unwrap();
    let r = bosworth::simulate(&battle, 10_000, 1);
    let count = |p: f64| (p * 10_000.0).round() as u32;
    assert_eq!(
        (count(r.attacker_holds), count(r.defender_holds), count(r.ends_in_round[0])),
        (4602, 5398, 80)
    );
}

#[wasm_bindgen_test]
fn choices_offer_only_legal_plans() {
    use bosworth_www::battle::components::choices::options;
    // Bosworth 1485: Richmond is the Pretender (an heir, may charge and roll); York's King
    // Gloucester may roll; Northumberland and Stanley can be turned, the King cannot.
    let b = bosworth::Battle::new(&preset("Bosworth")).unwrap();
    let l = options(&b, Side::Attacker);
    assert!(l.can_charge);
    assert_eq!(l.rollers, ["Richmond"]);
    assert!(l.targets[0].iter().any(|t| t == "Stanley/Y"));
    assert!(!l.targets[0].iter().any(|t| t == "Gloucester"));
    let y = options(&b, Side::Defender);
    assert!(y.rollers.iter().any(|r| r == "Gloucester"), "{:?}", y.rollers);
    assert!(!y.targets[0].iter().any(|t| t == "Richmond"));
    // Every plan the panel offers is accepted by the engine.
    let mut s = preset("Bosworth");
    s.policy.attacker.treachery = vec![bosworth::scenario::TreacheryPlan { by: l.rollers[0].clone(), target: l.targets[0][0].clone(), round: None }];
    s.policy.attacker.charges = vec![bosworth::scenario::ChargePlan { target: l.enemies[0].clone(), round: Some(2), by: None }];
    assert!(bosworth::Battle::new(&s).is_ok(), "{:?}", bosworth::Battle::new(&s).err());
    // Removing a block drops the plans that name it.
    let st = State::new(s).apply(Action::Edit(Edit::Remove(Side::Defender, 0)));
    assert!(st.scenario.policy.attacker.charges.is_empty() || st.scenario.policy.attacker.charges[0].target != "Gloucester");
}

#[wasm_bindgen_test]
fn choices_offered_are_exactly_what_the_engine_accepts() {
    use bosworth::scenario::{ChargePlan, TreacheryPlan};
    use bosworth_www::battle::components::choices::options;
    // Every preset and bench battle, both sides, each holding the Treason card in turn: a plan
    // is offered if and only if Battle::new accepts it.
    let mut scenarios: Vec<bosworth::Scenario> = PRESETS.iter().map(|p| p.scenario()).collect();
    for text in [include_str!("../../bench/medium.json"), include_str!("../../bench/policy.json"), include_str!("../../bench/large.json")] {
        scenarios.push(codec::parse(text).unwrap());
    }
    let mut checked = 0;
    for mut s in scenarios {
        s.policy = Default::default();
        for side in Side::BOTH {
            s.treason = Some(side);
            let b = bosworth::Battle::new(&s).unwrap();
            let o = options(&b, side);
            let accepts = |f: &dyn Fn(&mut bosworth::scenario::SidePolicy)| {
                let mut t = s.clone();
                f(match side { Side::Attacker => &mut t.policy.attacker, Side::Defender => &mut t.policy.defender });
                bosworth::Battle::new(&t).is_ok()
            };
            let own: Vec<String> = b.slots().iter().filter(|x| x.side == side).map(|x| x.name().to_string()).collect();
            for by in &own {
                let k = o.rollers.iter().position(|r| r == by);
                for target in &o.enemies {
                    let offered = k.is_some_and(|k| o.targets[k].contains(target));
                    let ok = accepts(&|p| p.treachery = vec![TreacheryPlan { by: by.clone(), target: target.clone(), round: None }]);
                    assert_eq!(offered, ok, "treachery {by} on {target}");
                    checked += 1;
                }
            }
            for target in &o.enemies {
                let ok = accepts(&|p| p.charges = vec![ChargePlan { target: target.clone(), round: None, by: None }]);
                assert_eq!(o.can_charge, ok, "charge at {target}");
                let ok = accepts(&|p| p.treason_target = Some(target.clone()));
                assert_eq!(o.treason.as_ref().is_some_and(|t| t.contains(target)), ok, "treason on {target}");
            }
            // Every block the orders and retreat plans offer is accepted in the hit and fire
            // orders (defectors by the version they would become, R5), in a retreat plan at every
            // strength limit offered, and the heirs offered as a charge's `by`; the whole order
            // reversed too.
            let names: Vec<String> = o.blocks.iter().map(|x| x.name.clone()).collect();
            let reversed: Vec<String> = names.iter().rev().cloned().collect();
            assert!(accepts(&|p| p.hit_order = reversed.clone()), "hit order {reversed:?}");
            assert!(accepts(&|p| p.fire_order = reversed.clone()), "fire order {reversed:?}");
            for x in &o.blocks {
                for below in 2..=x.max {
                    let plan = bosworth::scenario::BlockRetreat { block: x.name.clone(), from_round: Some(2), below_strength: Some(below), below_ratio: None };
                    assert!(accepts(&|p| p.retreats = vec![plan.clone()]), "retreat {} below {below}", x.name);
                    checked += 1;
                }
                // A defector is offered only where this side can turn him (a roller's target or
                // the Treason card's).
                if x.defector {
                    let entered = b.slots().iter().find(|e| e.side != side && e.versions[1].id == x.name).map(|e| e.name().to_string());
                    let entered = entered.expect("a defector is an enemy block's other version");
                    assert!(o.treason.iter().flatten().chain(o.targets.iter().flatten()).any(|t| *t == entered), "{entered}");
                }
            }
            for heir in &o.heirs {
                let target = o.enemies[0].clone();
                assert!(accepts(&|p| p.charges = vec![ChargePlan { target: target.clone(), round: None, by: Some(heir.clone()) }]), "charge by {heir}");
            }
            // An enemy block that can never join this side is refused in its orders.
            for e in b.slots().iter().filter(|x| x.side != side && x.versions[0].loyalty.is_none()) {
                assert!(!accepts(&|p| p.hit_order = vec![e.versions[1].id.clone()]), "{} in the hit order", e.name());
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

#[wasm_bindgen_test]
fn monte_carlo_counts_from_workers_merge_exactly() {
    use bosworth::{Simulation, worker_seed};
    use bosworth_www::battle::engine::{merge_counts, share};
    let text = include_str!("../../bench/medium.json");
    let battle = bosworth::Battle::new(&codec::parse(text).unwrap()).unwrap();
    // Two workers' streams, split as the page (and `bosworth simulate --threads 2`) splits them.
    let (runs, k) = (10_001, 2);
    assert_eq!((share(runs, k, 0), share(runs, k, 1)), (5_001, 5_000));
    let worker = |j: usize| {
        let mut s = Simulation::new(&battle, worker_seed(1, j as u64));
        s.run(share(runs, k, j));
        s
    };
    let (w0, w1) = (worker(0), worker(1));
    let json = |s: &Simulation| {
        let (n, t) = s.counts();
        (n, serde_json::to_string(&t).unwrap())
    };
    let (j0, j1) = (json(&w0), json(&w1));
    // In one process: worker 0 merges worker 1, and worker 1 merges worker 0.
    let mut one = worker(0);
    one.merge(&w1);
    let mut other = worker(1);
    other.merge(&w0);
    // In the page: the counts travel as JSON and are absorbed in either order.
    let page = merge_counts(&battle, 1, &[(j0.0, &j0.1), (j1.0, &j1.1)]).unwrap();
    let reversed = merge_counts(&battle, 1, &[(j1.0, &j1.1), (j0.0, &j0.1)]).unwrap();
    assert_eq!(page, one.report());
    assert_eq!(reversed, one.report());
    // Merged the other way round only the seed named in the report differs.
    let mut b = other.report();
    b.method = one.report().method;
    assert_eq!(b, one.report());
    assert!(matches!(page.method, bosworth::solve::report::Method::MonteCarlo { runs: 10_001, seed: 1 }));
    // One worker gives exactly `simulate` from the seed.
    assert_eq!(merge_counts(&battle, 1, &[(json(&worker(0)).0, &json(&worker(0)).1)]).unwrap().attacker_holds,
        { let mut s = Simulation::new(&battle, 1); s.run(5_001); s.report().attacker_holds });
    // Counts of another battle are refused.
    let sidebar = bosworth::Battle::new(&preset("sidebar")).unwrap();
    assert!(merge_counts(&sidebar, 1, &[(j0.0, &j0.1)]).is_err());
}

#[wasm_bindgen_test]
fn advice_and_checkpoint_values_come_from_the_engine() {
    let text = include_str!("../../examples/treachery-advice.json");
    let json = bosworth_www::battle::engine::advise_json(text, "hold", "both", 1_000_000).unwrap();
    let a: bosworth::solve::advice::Advice = serde_json::from_str(&json).unwrap();
    assert_eq!(a.first_decision.unwrap().actions[0].label, "treachery on Stanley/Y");
    // Past its budget the advisor estimates (as `bosworth advise` does) and says so: each value
    // with its standard error.
    let json = bosworth_www::battle::engine::advise_json(text, "hold", "both", 10).unwrap();
    let e: bosworth::solve::advice::Advice = serde_json::from_str(&json).unwrap();
    assert!(matches!(e.method, bosworth::solve::advice::AdviceMethod::Estimated(_)));
    assert!(e.first_decision.unwrap().actions.iter().all(|x| x.std_error.is_some()));
    let v = bosworth_www::battle::engine::value_json(text, 1_000_000).unwrap().unwrap();
    assert!((0.0..=1.0).contains(&v));
    assert_eq!(bosworth_www::battle::engine::value_json(text, 10).unwrap(), None);
}

#[wasm_bindgen_test]
fn live_turns_move_the_battle_on_and_undo_takes_them_back() {
    use bosworth_www::battle::components::live::{counter_needed, entered, parse_dice, turn_of};
    use bosworth_www::battle::state::LiveTurn;
    assert_eq!(parse_dice("3 5,1").unwrap(), [3, 5, 1]);
    assert_eq!(parse_dice("351").unwrap(), [3, 5, 1]);
    assert!(parse_dice("3 x").unwrap_err().contains("'x' is not a die"));
    assert_eq!(entered(&[2, 4], &[3], Some("Norfolk")), ", dice [2 4]; Norfolk fired back [3].");
    let text = include_str!("../../examples/treachery-advice.json");
    let start = codec::parse(text).unwrap();
    let st = State::new(start.clone());
    let b = st.battle.clone().unwrap();
    let t = turn_of(&b).unwrap();
    assert_eq!((t.round, t.block.as_str(), t.side), (1, "Exeter/L", Side::Attacker));
    let (treachery, _) = t.actions.iter().find(|(_, l)| l == "treachery on Stanley/Y").unwrap().clone();
    assert!(bosworth::play::live::play(&b, treachery, &[2, 4], &[]).unwrap_err().contains("not 2"));
    let turn = bosworth::play::live::play(&b, treachery, &[2], &[]).unwrap();
    let next = turn.next.clone().unwrap();
    let st = st.apply(Action::Live {
        turn: LiveTurn { before: start.clone(), said: "x".into(), events: turn.events.clone(), ending: None },
        next: Some(next.clone()),
    });
    assert_eq!(st.scenario, next);
    assert_eq!(st.live.len(), 1);
    // A stale turn (played from another battle) is ignored.
    let again = st.clone().apply(Action::Live {
        turn: LiveTurn { before: start.clone(), said: "x".into(), events: vec![], ending: None },
        next: Some(start.clone()),
    });
    assert_eq!(again.scenario, next);
    // A charge whose target survives names the dice it fires back with (6.5, D9): Exeter's three
    // misses leave Stanley all four steps; three hits leave him one.
    let (charge, _) = t.actions.iter().find(|(_, l)| l == "charge Stanley/Y").unwrap().clone();
    assert_eq!(counter_needed(&b, charge, &[6, 6, 6]), Some(4));
    assert_eq!(counter_needed(&b, charge, &[1, 1, 1]), Some(1));
    assert_eq!(counter_needed(&b, treachery, &[2]), None);
    assert!(bosworth::play::live::play(&b, charge, &[6, 6, 6], &[6, 6, 6, 6]).is_ok());
    // The Treason card is rolled first where it is held (D11).
    let held = bosworth::Battle::new(&codec::parse(include_str!("../../examples/every-choice.json")).unwrap()).unwrap();
    let (side, target, dice) = bosworth_www::battle::components::live::treason_due(&held).unwrap();
    assert_eq!((side, target.as_str()), (Side::Attacker, "Stanley/Y"));
    assert!(dice > 0);
    assert!(bosworth::play::live::play_treason(&held, &vec![2; dice as usize]).is_ok());
    assert_eq!(bosworth_www::battle::components::live::treason_due(&b), None);
    let st = st.apply(Action::LiveUndo);
    assert_eq!(st.scenario, start);
    assert!(st.live.is_empty());
    // An edit forgets the turns entered.
    let st = st
        .apply(Action::Live { turn: LiveTurn { before: start.clone(), said: "x".into(), events: vec![], ending: None }, next: Some(next) })
        .apply(Action::Edit(Edit::Strength(Side::Attacker, 1, 1)));
    assert!(st.live.is_empty());
}

#[wasm_bindgen_test]
async fn the_outline_of_best_play_reads_by_round_with_departures_marked() {
    use bosworth::solve::advice::OutlineEntry;
    use bosworth_www::battle::components::advisor::{Outline, OutlineProps, outline_lines};
    let entry = |round, block: &str, action: &str, share, departs| OutlineEntry {
        round,
        block: block.into(),
        side: Side::Attacker,
        action: action.into(),
        chance: share / 2.0,
        share,
        departs_from_policy: departs,
    };
    let entries = vec![
        entry(1, "Exeter/L", "treachery on Stanley/Y", 1.0, true),
        entry(3, "Oxford", "retreat", 0.004, false),
        entry(1, "Oxford", "charge Norfolk", 0.25, false),
    ];
    let lines = outline_lines(&entries);
    assert_eq!(lines.iter().map(|(r, l)| (*r, l.len())).collect::<Vec<_>>(), [(1, 2), (3, 1)]);
    assert_eq!(lines[0].1[0], ("Exeter/L: treachery on Stanley/Y (100% of its turns)".to_string(), true));
    assert_eq!(lines[1].1[0].0, "Oxford: retreat (<1% of its turns)");
    // The advisor's real outline for the worked example: the Treachery roll in round 1.
    let text = include_str!("../../examples/treachery-advice.json");
    let json = bosworth_www::battle::engine::advise_json(text, "hold", "both", 1_000_000).unwrap();
    let advice: bosworth::solve::advice::Advice = serde_json::from_str(&json).unwrap();

    let doc = gloo::utils::document();
    for (entries, want) in [
        // The retreat in under 1% of Oxford's turns is listed apart, under "Rare turns".
        (entries, vec!["Round 1 · Exeter/L: treachery on Stanley/Y (100% of its turns)differs from your choices", "Round 1 · Oxford: charge Norfolk (25% of its turns)"]),
        (advice.outline.clone(), vec!["Round 1 · Exeter/L: treachery on Stanley/Y (100% of its turns)differs from your choices"]),
        (Vec::new(), vec![]),
    ] {
        let root = doc.create_element("div").unwrap();
        doc.body().unwrap().append_child(&root).unwrap();
        let handle = yew::Renderer::<Outline>::with_root_and_props(root.clone(), OutlineProps { entries }).render();
        yew::scheduler::flush().await;
        let items = root.query_selector_all("[data-testid=outline-line]").unwrap();
        let got: Vec<String> = (0..items.length()).map(|i| items.get(i).unwrap().text_content().unwrap()).collect();
        assert_eq!(got, want);
        let marked = root.query_selector_all("[data-testid=outline-line].departs").unwrap().length() as usize;
        assert_eq!(marked, want.iter().filter(|l| l.ends_with("differs from your choices")).count());
        let rare = root.query_selector("[data-testid=advice-rare]").unwrap().map(|r| r.text_content().unwrap());
        if want.len() == 2 {
            let rare = rare.expect("the rare turns");
            assert!(rare.contains("Rare turns, under 1% of a block's turns: 1"), "{rare}");
            assert!(rare.contains("Round 3 · Oxford: retreat (<1% of its turns)"), "{rare}");
        } else {
            assert!(rare.is_none());
        }
        if want.is_empty() {
            assert!(root.text_content().unwrap().contains("Every block fires"), "{}", root.text_content().unwrap());
        } else {
            assert!(root.query_selector("[data-testid=outline-round-1]").unwrap().is_some());
        }
        handle.destroy();
    }
}

#[wasm_bindgen_test]
fn a_panic_report_carries_the_address_of_the_battle() {
    let doc = gloo::utils::document();
    let el = doc.create_element("div").unwrap();
    el.set_id("panic");
    doc.body().unwrap().append_child(&el).unwrap();
    bosworth_www::shell::panic::show_panic("panicked at src/x.rs:1:1: boom");
    let href = gloo::utils::window().location().href().unwrap();
    let report = doc.get_element_by_id("panic-report").unwrap().text_content().unwrap();
    assert_eq!(report, bosworth_www::shell::panic::panic_report("panicked at src/x.rs:1:1: boom", &href));
    assert!(report.contains(&href) && report.contains("boom"), "{report}");
    assert!(doc.get_element_by_id("panic-copy").is_some());
    assert_eq!(el.get_attribute("class").as_deref(), Some("panic shown"));
    el.remove();
}

#[wasm_bindgen_test]
fn every_change_can_be_undone_and_redone() {
    use bosworth_www::battle::state::HISTORY_LIMIT;
    let start = preset("East Anglia");
    let s = State::new(start.clone());
    assert!(!s.can_undo() && !s.can_redo());
    let s = s
        .apply(Action::Edit(Edit::Strength(Side::Attacker, 0, 2)))
        .apply(Action::Edit(Edit::Remove(Side::Defender, 1)));
    let edited = s.scenario.clone();
    assert_eq!(edited.defender.blocks.len(), 1);
    // A ready-made battle replaces it; Undo brings it back, then the battle before the edits.
    let s = s.apply(Action::Load(preset("Bosworth")));
    assert_eq!(s.opened, 1, "a battle opened gets its own browser history entry");
    let s = s.apply(Action::Undo);
    assert_eq!(s.scenario, edited);
    let s = s.apply(Action::Undo).apply(Action::Undo);
    assert_eq!(s.scenario, start);
    assert!(!s.can_undo() && s.can_redo());
    let s = s.apply(Action::Undo);
    assert_eq!(s.scenario, start, "nothing left to undo: nothing changes");
    let s = s.apply(Action::Redo).apply(Action::Redo);
    assert_eq!(s.scenario, edited);
    assert!(s.battle.is_ok());
    // A new change forgets what was undone.
    let s = s.apply(Action::Undo).apply(Action::Edit(Edit::Area(None)));
    assert!(!s.can_redo());
    // An edit that changes nothing is not a change.
    let depth = s.undo.len();
    let s = s.apply(Action::Edit(Edit::Area(None)));
    assert_eq!(s.undo.len(), depth);
    // Back and Forward (Navigate) can be undone too, but make no new browser entry.
    let s = s.apply(Action::Navigate(start.clone()));
    assert_eq!((s.scenario == start, s.opened), (true, 1));
    // The history is bounded.
    let mut s = s;
    for k in 0..HISTORY_LIMIT + 10 {
        s = s.apply(Action::Edit(Edit::Strength(Side::Attacker, 0, 1 + (k % 3) as u8)));
    }
    assert_eq!(s.undo.len(), HISTORY_LIMIT);
}

#[wasm_bindgen_test]
fn undo_brings_back_the_live_turns_of_its_battle() {
    use bosworth_www::battle::state::LiveTurn;
    let start = codec::parse(include_str!("../../examples/treachery-advice.json")).unwrap();
    let st = State::new(start.clone());
    let b = st.battle.clone().unwrap();
    let t = bosworth_www::battle::components::live::turn_of(&b).unwrap();
    let (fire, _) = t.actions.iter().find(|(_, l)| l == "fire").unwrap().clone();
    let turn = bosworth::play::live::play(&b, fire, &[1, 1, 1], &[]).unwrap();
    let next = turn.next.clone().unwrap();
    let st = st.apply(Action::Live {
        turn: LiveTurn { before: start.clone(), said: "x".into(), events: turn.events, ending: None },
        next: Some(next.clone()),
    });
    let st = st.apply(Action::Edit(Edit::Area(Some("Kent".into()))));
    assert!(st.live.is_empty(), "an edit ends live play");
    let st = st.apply(Action::Undo);
    assert_eq!((st.scenario == next, st.live.len()), (true, 1), "Undo restores the battle and its turns");
    let st = st.apply(Action::Undo);
    assert_eq!((st.scenario == start, st.live.len()), (true, 0));
}

#[wasm_bindgen_test]
fn a_new_battle_carries_nothing_over() {
    use bosworth_www::battle::state::empty_battle;
    let mut old = preset("East Anglia");
    old.treason = Some(Side::Defender);
    assert!(old.treason.is_some() && !old.dead.is_empty());
    let s = State::new(old).apply(Action::Load(empty_battle(Some("Kent".into()), House::York, House::York)));
    let n = &s.scenario;
    assert_eq!((n.area.as_deref(), n.king, n.attacker.house, n.defender.house), (Some("Kent"), House::York, House::York, House::Lancaster));
    assert!(n.dead.is_empty() && n.treason.is_none() && n.progress.is_none());
    assert!(n.attacker.blocks.is_empty() && n.defender.blocks.is_empty());
    assert_eq!((n.attacker.retreat_capacity, n.defender.retreat_capacity), (None, None));
    assert!(n.policy.attacker.is_default() && n.policy.defender.is_default());
    // Empty, it cannot be fought: the page says so in players' words.
    let e = s.battle.as_ref().unwrap_err();
    assert_eq!(bosworth_www::battle::words::message(n, e), "York (attacker) has no blocks yet: add at least one from its roster.");
}

#[wasm_bindgen_test]
fn messages_name_the_field_in_players_words_and_its_control() {
    use bosworth_www::battle::words::{controls, message, place};
    let s = preset("East Anglia");
    let e = |field: &str, reason: &str| bosworth::ScenarioError::new(field, reason);
    assert_eq!(
        message(&s, &e("defender.blocks[1].strength", "5 exceeds Suffolk's maximum 3")),
        "York's Suffolk, strength: 5 exceeds Suffolk's maximum 3"
    );
    assert_eq!(place(&s, "policy.attacker.treachery[0].by").as_deref(), Some("Lancaster's Treachery roll 1"));
    assert_eq!(place(&s, "policy.defender.charges[2].target").as_deref(), Some("York's charge 3"));
    assert_eq!(place(&s, "dead[0]").as_deref(), Some("Dead before the battle (Somerset)"));
    assert_eq!(place(&s, "area").as_deref(), Some("Area"));
    assert_eq!(place(&s, "attacker.retreat_capacity").as_deref(), Some("Lancaster's retreat limit"));
    assert_eq!(place(&s, ""), None);
    assert_eq!(controls("defender.blocks[1].strength")[0], "[data-testid=\"block-defender-1\"] .pip");
    assert_eq!(controls("attacker.blocks"), ["[data-testid=\"search-attacker\"]"]);
    assert_eq!(controls("king"), ["[data-testid=\"king\"]"]);
    assert!(controls("policy.defender.treason_target")[0].starts_with("[data-testid=\"choices-defender\"]"));
    // A real message from the engine reads the same way.
    let mut bad = s.clone();
    bad.defender.blocks[1].strength = 5;
    let err = bosworth::Battle::new(&bad).unwrap_err();
    assert!(message(&bad, &err).starts_with("York's Suffolk, strength: "), "{}", message(&bad, &err));
}

#[wasm_bindgen_test]
fn the_summary_names_every_setting_that_counts() {
    use bosworth_www::battle::components::summary::parts;
    let words: Vec<String> = parts(&preset("East Anglia"), false).into_iter().map(|p| p.0).collect();
    assert_eq!(
        words,
        [
            "East Anglia",
            "Lancaster holds the throne",
            "Dead: Somerset",
            "No Treason card",
            "Lancaster retreats at most 4 blocks a round",
            "Lancaster fires every turn",
            "Lancaster's tied hits: Oxford first (listing order)",
            "York fires every turn",
            "York's tied hits: Norfolk first (listing order)",
        ]
    );
    let s = codec::parse(include_str!("../../examples/treachery-advice.json")).unwrap();
    let words: Vec<String> = parts(&s, false).into_iter().map(|p| p.0).collect();
    assert!(words.iter().any(|w| w.starts_with("No Treason card")), "{words:?}");
    // A Treason card with no enemy block to turn (Lancaster's Oxford and Wiltshire are roses,
    // 3.13) cannot matter, and the summary says so (issue 26).
    let mut held = preset("East Anglia");
    held.treason = Some(Side::Defender);
    let b = bosworth::Battle::new(&held).unwrap();
    assert_eq!(bosworth_www::battle::components::live::treason_due(&b), None);
    let words: Vec<String> = parts(&held, true).into_iter().map(|p| p.0).collect();
    assert!(
        words.contains(&"Treason card: York (defender), but no Lancaster block can be turned, so it cannot matter (3.13, D11)".to_string()),
        "{words:?}"
    );
}

#[wasm_bindgen_test]
fn pinned_plans_are_captioned_by_what_sets_them_apart() {
    use bosworth_www::battle::components::compare::captions;
    // East Anglia as it is (Wiltshire in reserve), then with Oxford in reserve instead.
    let a = preset("East Anglia");
    let mut b = a.clone();
    b.attacker.blocks[0].reserve = true;
    b.attacker.blocks[1].reserve = false;
    let mut c = a.clone();
    c.attacker.blocks.pop();
    assert_eq!(captions(&[&a, &b]), ["Oxford 3; Wiltshire 2 in reserve", "Oxford 3 in reserve; Wiltshire 2"]);
    // A plan without a block the others have says so; one plan alone says who fights whom.
    assert_eq!(captions(&[&a, &c])[1], "without Wiltshire");
    assert!(captions(&[&a])[0].starts_with("Lancaster: 2 blocks, 5 steps against York"), "{:?}", captions(&[&a]));
}

#[wasm_bindgen_test]
fn undo_and_redo_keys() {
    use bosworth_www::battle::components::toolbar::shortcut;
    assert_eq!(shortcut("z", true, false, false), Some(Action::Undo));
    assert_eq!(shortcut("Z", true, true, false), Some(Action::Redo));
    assert_eq!(shortcut("y", true, false, false), Some(Action::Redo));
    assert_eq!(shortcut("z", false, false, false), None);
    assert_eq!(shortcut("z", true, false, true), None);
}

#[wasm_bindgen_test]
fn hidden_blocks_are_edited_checked_and_described() {
    use bosworth::scenario::{HiddenBlock, StrengthPrior};
    use bosworth_www::battle::components::hidden::who_line;
    let s = State::new(preset("East Anglia"));
    assert!(!s.hidden && s.check.is_ok());
    let s = s.apply(Action::Edit(Edit::AddHidden(Side::Defender)));
    assert!(s.hidden, "the battle now has a hidden block");
    assert!(s.check.is_ok(), "{:?}", s.check);
    assert!(s.battle.is_err(), "no single battle: a mixture");
    let levies = HiddenBlock { kinds: vec!["levy".into()], strength: StrengthPrior::Any, ..Default::default() };
    let s = s.apply(Action::Edit(Edit::Hidden(Side::Defender, 0, levies.clone())));
    assert_eq!(s.scenario.defender.hidden, [levies]);
    let ids = bosworth::solve::fog::possible_blocks(&s.scenario, Side::Defender, &s.scenario.defender.hidden[0], "defender.hidden[0]").unwrap();
    assert_eq!(who_line(&ids, House::York), "one of 3 York blocks: London (levy), Norwich (levy), Salisbury (levy)");
    assert_eq!(who_line(&["Suffolk"], House::York), "it is Suffolk");
    // Two hidden blocks that must both be Suffolk cannot be: the check says so by field.
    let only = HiddenBlock { candidates: vec!["Suffolk".into()], ..Default::default() };
    let s = s
        .apply(Action::Edit(Edit::Hidden(Side::Defender, 0, only.clone())))
        .apply(Action::Edit(Edit::AddHidden(Side::Defender)))
        .apply(Action::Edit(Edit::Hidden(Side::Defender, 1, only)));
    let e = s.check.as_ref().unwrap_err();
    assert_eq!(e.field, "defender.hidden[0].candidates[0]", "{e}");
    let s = s.apply(Action::Edit(Edit::RemoveHidden(Side::Defender, 1))).apply(Action::Edit(Edit::RemoveHidden(Side::Defender, 0)));
    assert!(!s.hidden && s.battle.is_ok());
}

#[wasm_bindgen_test]
fn with_hidden_blocks_the_choices_name_the_known_blocks_and_a_possibility_opens_as_a_battle() {
    use bosworth_www::battle::components::choices::scenario_options;
    use bosworth_www::battle::components::results::{Possibility, revealed};
    use bosworth_www::battle::state::Refine;
    let sc = codec::parse(
        r#"{"version":1,"area":"Kent","king":"Lancaster",
        "attacker":{"house":"York","blocks":[{"id":"March","strength":3},{"id":"Hastings","strength":2}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Pembroke","strength":3}],"hidden":[{}]}}"#,
    )
    .unwrap();
    // York's choices: its own known blocks; it charges with March (an heir, 6.5) at Pembroke only.
    let o = scenario_options(&sc, Side::Attacker).expect("a battle with a hidden block has choices");
    assert!(o.can_charge);
    assert_eq!(o.heirs, ["March"]);
    assert_eq!(o.enemies, ["Pembroke"]);
    let own: Vec<&str> = o.blocks.iter().filter(|b| !b.defector).map(|b| b.name.as_str()).collect();
    assert_eq!(own, ["March", "Hastings"]);
    // Lancaster's: Pembroke alone of its blocks, the hidden one follows the defaults (R13).
    let o = scenario_options(&sc, Side::Defender).unwrap();
    let own: Vec<&str> = o.blocks.iter().filter(|b| !b.defector).map(|b| b.name.as_str()).collect();
    assert_eq!(own, ["Pembroke"]);
    assert_eq!(o.enemies, ["March", "Hastings"]);
    // Any possibility opens as a battle with every block known, the hidden one revealed as asked.
    let b = revealed(&sc, &Possibility::Block(0, "Devon".into(), 2)).expect("Devon may be there");
    assert!(b.defender.hidden.is_empty());
    assert_eq!(b.defender.blocks.len(), 2);
    assert_eq!((b.defender.blocks[1].id.as_deref(), b.defender.blocks[1].strength), (Some("Devon"), 2));
    assert!(revealed(&sc, &Possibility::Block(0, "Warwick/Y".into(), 4)).is_none(), "no York block hides among Lancaster's");
    // Opened, it is an undoable change; Undo brings the hidden block back.
    let s = State::new(sc.clone()).apply(Action::Load(b.clone()));
    assert_eq!(s.scenario, b);
    assert!(!s.hidden && s.opened == 1);
    let s = s.apply(Action::Undo);
    assert_eq!(s.scenario, sc);
    // The estimate's word is kept for its revision only, and cleared by an edit.
    let rev = s.revision;
    let working = Refine::Working { solved: 3, battles: 10 };
    let s = s.apply(Action::Started(rev)).apply(Action::Refine { revision: rev, refine: working.clone() });
    assert_eq!(s.refine, working);
    let s = s.apply(Action::Refine { revision: rev - 1, refine: Refine::Refused("old".into()) });
    assert_eq!(s.refine, working, "an older battle's word is dropped");
    let s = s.apply(Action::Edit(Edit::AddHidden(Side::Defender)));
    assert_eq!(s.refine, Refine::None);
}

#[wasm_bindgen_test]
fn a_refused_exact_mixture_is_said_in_players_words() {
    use bosworth_www::battle::engine::{refusal, thousands};
    assert_eq!(thousands(0), "0");
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1_000), "1,000");
    assert_eq!(thousands(50_000_000), "50,000,000");
    let sc = codec::parse(
        r#"{"version":1,"area":"Kent","king":"Lancaster",
        "attacker":{"house":"York","blocks":[{"id":"March","strength":3}]},
        "defender":{"house":"Lancaster","blocks":[],"hidden":[{}]}}"#,
    )
    .unwrap();
    let fog = bosworth::Fog::new(&sc).unwrap();
    let cost = bosworth::solve::fog::Cost { battles: 556, solved: 3, solved_states: 600_000, largest: 250_000, estimate: 111_000_000 };
    let m = refusal(&fog, Some(&cost), 50_000_000);
    assert!(m.starts_with("Not solved exactly: the hidden blocks may make 556 different battles of about 199,640 states each, some 111,000,000 states in all, more than the 50,000,000 the app solves (about 250 such battles would fit)."), "{m}");
    assert!(m.contains("Say more about who they may be"), "{m}");
}

#[wasm_bindgen_test]
fn the_advisor_never_says_a_chance_rises_to_itself() {
    use bosworth_www::battle::components::advisor::gain_sentence;
    assert_eq!(
        gain_sentence("by both sides", "York (defender)", "Kent", 0.63912, 0.63948),
        "Best play by both sides changes nothing that shows: York (defender)'s chance to hold Kent stays 63.9%, as with the choices as set."
    );
    assert_eq!(
        gain_sentence("by the attacker", "Lancaster (attacker)", "Kent", 0.016, 0.428),
        "Best play by the attacker raises Lancaster (attacker)'s chance to hold Kent from 1.6% to 42.8%."
    );
}

#[wasm_bindgen_test]
fn rare_turns_of_best_play_are_listed_apart() {
    use bosworth::solve::advice::OutlineEntry;
    use bosworth_www::battle::components::advisor::split_rare;
    let entry = |action: &str, share: f64| OutlineEntry {
        round: 2,
        block: "Gloucester".into(),
        side: Side::Defender,
        action: action.into(),
        chance: share / 2.0,
        share,
        departs_from_policy: true,
    };
    let (common, rare) = split_rare(&[entry("charge Oxford", 0.4), entry("charge Pembroke", 0.004)]);
    assert_eq!(common.iter().map(|e| e.action.as_str()).collect::<Vec<_>>(), ["charge Oxford"]);
    assert_eq!(rare.iter().map(|e| e.action.as_str()).collect::<Vec<_>>(), ["charge Pembroke"]);
}

/// Issue 22's Kent battle: York's March (3), Hastings, Herbert and Norfolk attack three hidden
/// Lancaster blocks (`bench/hidden-kent.json`).
fn kent() -> bosworth::Scenario {
    codec::parse(include_str!("../../bench/hidden-kent.json")).unwrap()
}

#[wasm_bindgen_test]
fn the_summary_says_who_takes_tied_hits_and_protect_heirs_sets_the_hit_order() {
    use bosworth_www::battle::components::summary::{protect_order, tied_hits};
    let s = kent();
    // York entered March first: he takes tied hits first (D3); Lancaster's blocks are all hidden,
    // so their tie order is R13's, not the listing's.
    assert_eq!(
        tied_hits(&s, Side::Attacker).as_deref(),
        Some("York's tied hits: March first (listing order)")
    );
    assert_eq!(tied_hits(&s, Side::Defender), None);
    // Protect heirs, as the Choices panel's button: March after the others.
    let order = protect_order(&s, Side::Attacker).expect("March is an heir, not last");
    assert_eq!(order, ["Hastings", "Herbert", "Norfolk", "March"]);
    let mut policy = s.policy.attacker.clone();
    policy.hit_order = order;
    let st = State::new(s.clone()).apply(Action::Edit(Edit::Policy(Side::Attacker, policy)));
    assert_eq!(
        tied_hits(&st.scenario, Side::Attacker),
        None,
        "the hit order decides now"
    );
    assert_eq!(
        protect_order(&st.scenario, Side::Attacker),
        None,
        "the heirs are last already"
    );
    assert!(st.check.is_ok(), "{:?}", st.check);
    // Undo takes it back.
    assert_eq!(st.apply(Action::Undo).scenario, s);
}

#[wasm_bindgen_test]
fn a_hidden_tile_says_how_many_blocks_remain_and_why_the_others_are_out() {
    use bosworth_www::battle::components::hidden::{out_groups, out_line};
    use bosworth_www::battle::components::not_here::{offered, quick_picks};
    let s = kent();
    let h = &s.defender.hidden[0];
    let now =
        bosworth::solve::fog::possible_blocks(&s, Side::Defender, h, "defender.hidden[0]").unwrap();
    assert_eq!(now.len(), 24, "R13's default: the Lancaster blocks in play");
    let line = out_line(
        now.len(),
        &out_groups(&s, Side::Defender, h, &now),
        House::Lancaster,
    );
    assert_eq!(
        line,
        "24 of 31 Lancaster blocks. Out: minor heirs not yet in play (4.5) (2): Prince Edward, Richmond; \
         enemy versions before a defection (4.6) (5): Warwick/L, Kent/L, Salisbury/L, Clarence/L, Canterbury (church)/L."
    );
    // What the tile's own kinds put out is counted, not named: the user chose it.
    let levy = bosworth::scenario::HiddenBlock { kinds: vec!["levy".into()], ..Default::default() };
    let now = bosworth::solve::fog::possible_blocks(&s, Side::Defender, &levy, "x").unwrap();
    let line = out_line(now.len(), &out_groups(&s, Side::Defender, &levy, &now), House::Lancaster);
    assert!(line.starts_with("4 of 31 Lancaster blocks. Out: minor heirs not yet in play (4.5) (2): Prince Edward, Richmond; "), "{line}");
    assert!(line.ends_with("; not of the kinds asked (20).") && !line.contains("Oxford"), "{line}");
    // Not in this area: a quick pick marks Lancaster's four levies for every hidden block at once.
    let offer = offered(&s, Side::Defender);
    assert_eq!(offer.len(), 24);
    let picks = quick_picks(&offer);
    let words: Vec<&str> = picks.iter().map(|q| q.words.as_str()).collect();
    assert_eq!(
        words,
        [
            "all levies",
            "all mercenaries",
            "the church",
            "the nobles of the North",
            "the nobles of Wales and the West",
            "the nobles of the Midlands",
            "the nobles of the South-East"
        ]
    );
    assert_eq!(
        picks[0].blocks,
        [
            "Coventry (levy)",
            "Bristol (levy)",
            "Newcastle (levy)",
            "York (levy)"
        ]
    );
    assert_eq!(
        picks[3].blocks,
        [
            "Westmoreland/L",
            "Northumberland/L",
            "Shrewsbury/L",
            "Stanley/L",
            "Clifford"
        ]
    );
    let levies: Vec<String> = picks[0].blocks.iter().map(|b| b.to_string()).collect();
    let st = State::new(s.clone()).apply(Action::Edit(Edit::NotHere(levies.clone(), true)));
    assert_eq!(st.scenario.seen_elsewhere, levies);
    assert!(st.check.is_ok());
    for k in 0..3 {
        let h = &st.scenario.defender.hidden[k];
        let now =
            bosworth::solve::fog::possible_blocks(&st.scenario, Side::Defender, h, "x").unwrap();
        assert_eq!(
            now.len(),
            20,
            "the list is shared by every hidden block of the side"
        );
        let line = out_line(
            now.len(),
            &out_groups(&st.scenario, Side::Defender, h, &now),
            House::Lancaster,
        );
        assert!(line.contains("not in this area (4): Coventry (levy), Bristol (levy), Newcastle (levy), York (levy)"), "{line}");
    }
    // Marked blocks stay offered, ticked; taking one off keeps the others.
    assert!(offered(&st.scenario, Side::Defender).contains(&("Bristol (levy)", true)));
    let st = st.apply(Action::Edit(Edit::NotHere(
        vec!["Bristol (levy)".into()],
        false,
    )));
    assert_eq!(
        st.scenario.seen_elsewhere,
        ["Coventry (levy)", "Newcastle (levy)", "York (levy)"]
    );
    // A block out for its own reason is not offered: dead, or a minor heir not yet in play.
    let dead = State::new(s).apply(Action::Edit(Edit::Dead("Somerset".into(), true)));
    let offer = offered(&dead.scenario, Side::Defender);
    assert!(
        !offer
            .iter()
            .any(|(id, _)| *id == "Somerset" || *id == "Richmond")
    );
    assert!(
        offer.iter().any(|(id, _)| *id == "Prince Edward"),
        "one heir dead: Prince Edward enters play (4.5, 6.82)"
    );
}

#[wasm_bindgen_test]
fn a_row_averaged_over_the_others_opens_a_named_composition_with_its_own_figure() {
    use bosworth_www::battle::components::fog::{Possibility, opening, revealed};
    let sc = codec::parse(
        r#"{"version":1,"area":"Kent","king":"Lancaster",
        "attacker":{"house":"York","blocks":[{"id":"March","strength":3},{"id":"Hastings","strength":2}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Pembroke","strength":3}],"hidden":[{"kinds":["levy","mercenary"]},{"kinds":["noble"],"strength":"any"}]}}"#,
    )
    .unwrap();
    let fog = bosworth::Fog::new(&sc).unwrap();
    let f = fog.solve(bosworth::DEFAULT_STATE_BUDGET).unwrap();
    let spread = f.spread.as_ref().unwrap();
    let exact = |b: &bosworth::Scenario| {
        bosworth::solve(&bosworth::Battle::new(b).unwrap(), 10_000_000)
            .unwrap()
            .attacker_holds
    };
    // Each scouting row's ends and each row of who a hidden block may be: the button's figure is
    // the opened battle's exact figure, and it names the blocks revealed.
    let mut rows: Vec<Possibility> = f
        .scouting
        .iter()
        .flat_map(|s| {
            [
                Possibility::Block(s.hidden, s.worst.block.clone(), s.worst.strength),
                Possibility::Block(s.hidden, s.best.block.clone(), s.best.strength),
            ]
        })
        .collect();
    rows.extend(
        f.hidden[1]
            .who
            .iter()
            .map(|w| Possibility::Block(1, w.block.clone(), w.strength)),
    );
    rows.push(Possibility::Composition(spread.at(0.37).unwrap()));
    for what in &rows {
        let o = opening(&sc, &fog, Some(spread), what).expect("listed");
        let battle = revealed(&sc, what).unwrap();
        let h = o.holds.expect("exact figures have the spread");
        assert!(
            (exact(&battle) - h).abs() < 1e-9,
            "{what:?}: {} against {h}",
            exact(&battle)
        );
        let shown: Vec<String> = battle.defender.blocks[1..]
            .iter()
            .map(|b| format!("{} {}", b.id.as_deref().unwrap(), b.strength))
            .collect();
        assert_eq!(o.blocks, shown);
        assert!(
            o.button()
                .starts_with(&format!("Open {}", shown.join(", "))),
            "{}",
            o.button()
        );
    }
    // Without the spread (Monte Carlo figures) the button names the composition, no figure.
    let o = opening(&sc, &fog, None, &rows[0]).unwrap();
    assert!(o.holds.is_none() && !o.button().contains('%'));
}

#[wasm_bindgen_test]
fn an_exact_mixture_shared_over_workers_gives_the_figures_of_one() {
    use bosworth::solve::fog::{FogMemo, SolvedBattle};
    use bosworth_www::battle::engine::fog_shares;
    assert_eq!(fog_shares(&[1, 2, 3, 4, 5], 2), [vec![1, 3, 5], vec![2, 4]]);
    assert_eq!(fog_shares(&[7], 3), [vec![7]], "no share without a battle");
    assert_eq!(fog_shares(&[], 4), [Vec::<usize>::new()]);
    let text = r#"{"version":1,"area":"Kent","king":"Lancaster",
        "attacker":{"house":"York","blocks":[{"id":"March","strength":3},{"id":"Hastings","strength":2}]},
        "defender":{"house":"Lancaster","blocks":[],"hidden":[{"kinds":["levy","mercenary"],"strength":"any"},{"kinds":["noble"]}]}}"#;
    let sc = codec::parse(text).unwrap();
    let budget = bosworth::DEFAULT_STATE_BUDGET;
    let one = bosworth::Fog::new(&sc).unwrap().solve(budget).unwrap();
    // As the pool does it: the lead estimates into its memo, shares the battles left, and each
    // helper (its own Fog from the same JSON) sends its battles back as JSON, in any order.
    for workers in [2, 3] {
        let lead = bosworth::Fog::new(&sc).unwrap();
        let mut memo = FogMemo::new();
        let cost = lead
            .estimate(&mut memo, budget, bosworth::solve::watch::UNWATCHED)
            .unwrap();
        let left = budget - cost.solved_states;
        let shares = fog_shares(&lead.missing(&memo), workers);
        assert_eq!(shares.len(), workers);
        for share in shares.iter().rev() {
            let helper = bosworth::Fog::new(&codec::parse(text).unwrap()).unwrap();
            let json = serde_json::to_string(
                &helper
                    .solve_battles(share, left, bosworth::solve::watch::UNWATCHED)
                    .unwrap(),
            )
            .unwrap();
            for b in serde_json::from_str::<Vec<SolvedBattle>>(&json).unwrap() {
                memo.insert(b);
            }
        }
        assert!(lead.missing(&memo).is_empty());
        assert_eq!(lead.report_from(&memo).unwrap(), one, "{workers} workers");
    }
}
