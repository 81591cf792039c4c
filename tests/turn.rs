//! The whole turn (issue 34, R37, R38): `best_turns` against every combination of plans solved
//! exactly, the combinations' feasibility checked independently: the board after one attack's
//! moves (its blocks standing in the target with their routes, the Main Attack named) is
//! validated again, and the second attack must be among that board's own plans.

use bosworth::Battle;
use bosworth::board::{
    Board, Objective, Options, Pin, Plan, Position, TurnOptions, best_turns, plans, target,
};
use bosworth::data::AREAS;
use bosworth::rules::movement::area_index;
use bosworth::rules::sea::{SEAS, place_name};
use bosworth::solve;
use std::collections::BTreeSet;

/// York with four blocks in Middlesex and one in Essex, a 2-AP card; Lancaster known in Kent and
/// Sussex (no hidden block: every battle exact). Kent is reached from Middlesex only (the
/// estuary bars Essex, 5.2), by a river border (3 blocks, 5.21); Sussex from Middlesex (river)
/// or through Oxford: the two attacks share blocks, action points and border limits.
const BOARD: &str = r#"{"kind":"board","version":1,"house":"York","card":2,"areas":[
  {"area":"Middlesex","blocks":[{"id":"March","strength":3},{"id":"Hastings","strength":2},
    {"id":"Herbert","strength":3},{"id":"Norfolk","strength":3}]},
  {"area":"Essex","blocks":[{"id":"Essex","strength":2}]},
  {"area":"Kent","enemy_known":[{"id":"Oxford","strength":2},{"id":"Devon","strength":2}]},
  {"area":"Sussex","enemy_known":[{"id":"Exeter","strength":2}]}]}"#;

fn board(json: &str) -> Board {
    serde_json::from_str(json).unwrap()
}

fn area(name: &str) -> usize {
    area_index(name).unwrap()
}

/// The blocks a plan sends, by id: (Main Attack, reserves).
fn sent(p: &Position, plan: &Plan) -> (BTreeSet<String>, BTreeSet<String>) {
    let id = |k: usize| p.own[k].block.id.to_string();
    (
        plan.active().into_iter().map(id).collect(),
        plan.reserves().into_iter().map(id).collect(),
    )
}

/// The board after a plan's moves: each block in the target with its route, the Main Attack
/// named when it crossed more than one border.
fn after(json: &str, p: &Position, plan: &Plan) -> Board {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    let areas = v["areas"].as_array_mut().unwrap();
    let target = AREAS[plan.target.area].name;
    let mut moved = Vec::new();
    for w in &plan.ways {
        let id = p.own[w.block].block.id;
        for a in areas.iter_mut() {
            if let Some(bs) = a.get_mut("blocks").and_then(|b| b.as_array_mut()) {
                if let Some(i) = bs.iter().position(|b| b["id"] == id) {
                    let mut b = bs.remove(i);
                    // By land the areas it passed; by sea where it sailed from and the zone (R43).
                    let mut route: Vec<&str> = w.path[..w.path.len() - 1]
                        .iter()
                        .map(|&x| AREAS[x].name)
                        .collect();
                    route.extend(w.sea.map(|z| SEAS[z]));
                    b["route"] = serde_json::json!(route);
                    moved.push(b);
                }
            }
        }
    }
    let t = areas.iter_mut().find(|a| a["area"] == target).unwrap();
    t["blocks"] = serde_json::Value::Array(moved);
    if plan.entries().len() > 1 {
        t["main"] = serde_json::json!(place_name(plan.main.unwrap()));
    }
    serde_json::from_value(v).unwrap()
}

/// A plan's battle solved exactly: (hold, own steps lost, enemy steps lost).
fn exact(p: &Position, plan: &Plan) -> (f64, f64, f64) {
    let sc = bosworth::board::battle(p, plan, &[]);
    let r = solve(&Battle::new(&sc).unwrap(), 10_000_000).unwrap();
    (
        r.attacker_holds,
        r.sides[0].expected_steps_lost,
        r.sides[1].expected_steps_lost,
    )
}

/// Every turn by brute force: each plan alone, and each pair one after the other where the board
/// after the first still offers the second. Returns (plans by target, value by `f`).
fn brute(json: &str, f: &dyn Fn(&[(f64, f64, f64)]) -> f64) -> Vec<(Vec<String>, f64)> {
    brute_on(json, ["Kent", "Sussex"], f)
}

/// [`brute`] over two named targets.
fn brute_on(
    json: &str,
    targets: [&str; 2],
    f: &dyn Fn(&[(f64, f64, f64)]) -> f64,
) -> Vec<(Vec<String>, f64)> {
    let p = Position::new(&board(json)).unwrap();
    let (one, two) = (area(targets[0]), area(targets[1]));
    let mut out = Vec::new();
    for (first, second) in [(one, two), (two, one)] {
        let t = target(&p, first).unwrap();
        for p1 in plans(&p, t).plans {
            let e1 = exact(&p, &p1);
            out.push((vec![label(&p, &p1)], f(&[e1])));
            let after_json = serde_json::to_string(&after(json, &p, &p1)).unwrap();
            let q = Position::new(&board(&after_json)).unwrap();
            let Ok(t2) = target(&q, second) else { continue };
            for p2 in plans(&q, t2).plans {
                // The same plan on the original board (its battle is written from there).
                let same = plans(&p, target(&p, second).unwrap())
                    .plans
                    .into_iter()
                    .find(|x| sent(&p, x) == sent(&q, &p2))
                    .expect("a plan after another is a plan of the board");
                let e2 = exact(&p, &same);
                let mut names = vec![label(&p, &p1), label(&p, &same)];
                names.sort();
                out.push((names, f(&[e1, e2])));
            }
        }
    }
    out
}

fn label(p: &Position, plan: &Plan) -> String {
    let (a, r) = sent(p, plan);
    format!("{}:{a:?}{r:?}", AREAS[plan.target.area].name)
}

fn turns(json: &str, objective: Objective, pins: Vec<Pin>) -> Vec<(Vec<String>, f64)> {
    let p = Position::new(&board(json)).unwrap();
    let options = Options {
        exact_budget: 10_000_000,
        ..Options::default()
    };
    let t = TurnOptions {
        objective,
        pins,
        top: 3,
    };
    best_turns(&p, &options, &t, &|_| true)
        .unwrap()
        .turns
        .into_iter()
        .map(|t| {
            let mut names: Vec<String> = t.attacks.iter().map(|a| label(&p, &a.plan)).collect();
            names.sort();
            assert_eq!(t.std_error, 0.0, "every battle here is exact");
            (names, t.value)
        })
        .collect()
}

fn best(all: &[(Vec<String>, f64)]) -> f64 {
    all.iter().map(|x| x.1).fold(f64::MIN, f64::max)
}

#[test]
fn the_best_turn_by_areas_is_the_best_of_every_combination() {
    let all = brute(BOARD, &|e| e.iter().map(|x| x.0).sum());
    // Two attacks together are possible here, and better than either alone.
    assert!(all.iter().any(|x| x.0.len() == 2));
    let top = best(&all);
    let single = all
        .iter()
        .filter(|x| x.0.len() == 1)
        .map(|x| x.1)
        .fold(0.0, f64::max);
    assert!(top > single + 0.2, "two attacks {top} against one {single}");
    found_among(&turns(BOARD, Objective::Areas, vec![]), &all);
}

/// The first turn found is the best of the brute force, and every turn reported is a turn of
/// the brute force, with its value.
#[track_caller]
fn found_among(found: &[(Vec<String>, f64)], all: &[(Vec<String>, f64)]) {
    let top = best(all);
    assert!(
        (found[0].1 - top).abs() < 1e-12,
        "{} against {top}",
        found[0].1
    );
    for (names, v) in found {
        let b = all.iter().find(|x| &x.0 == names).expect("a feasible turn");
        assert!((b.1 - v).abs() < 1e-12, "{names:?}");
    }
}

/// York plays Piracy (R43): Warwick and Salisbury in Calais, March and London's levy (which
/// never sails, 5.3) in Middlesex; Lancaster known in Essex and Kent, both on the North Sea, Kent
/// on the English Channel too. Two action points: two blocks sail, one each (no port bonus).
const PIRACY: &str = r#"{"kind":"board","version":1,"house":"York","card":"Piracy","areas":[
  {"area":"Calais","blocks":[{"id":"Warwick/Y","strength":3},{"id":"Salisbury/Y","strength":2}]},
  {"area":"Middlesex","blocks":[{"id":"March","strength":3},{"id":"London (levy)","strength":2}]},
  {"area":"Essex","enemy_known":[{"id":"Oxford","strength":2}]},
  {"area":"Kent","enemy_known":[{"id":"Devon","strength":2},{"id":"Exeter","strength":1}]}]}"#;

#[test]
fn the_best_piracy_turn_is_the_best_of_every_combination_of_sea_attacks() {
    let all = brute_on(PIRACY, ["Essex", "Kent"], &|e| e.iter().map(|x| x.0).sum());
    // One block each on two targets is a turn; so is two on one; never three blocks.
    assert!(all.iter().any(|x| x.0.len() == 2));
    found_among(&turns(PIRACY, Objective::Areas, vec![]), &all);
    let p = Position::new(&board(PIRACY)).unwrap();
    let options = Options {
        exact_budget: 10_000_000,
        ..Options::default()
    };
    let t = TurnOptions {
        objective: Objective::Areas,
        pins: vec![],
        top: 3,
    };
    for turn in best_turns(&p, &options, &t, &|_| true).unwrap().turns {
        let blocks: usize = turn.attacks.iter().map(|a| a.plan.ways.len()).sum();
        assert_eq!(
            usize::from(turn.ap),
            blocks,
            "one action point per sea move"
        );
        assert!(blocks <= 2);
    }
}

#[test]
fn the_best_turn_by_steps_is_the_best_of_every_combination() {
    let all = brute(BOARD, &|e| e.iter().map(|x| x.2 - x.1).sum());
    let found = turns(BOARD, Objective::Steps, vec![]);
    let top = best(&all);
    assert!(
        (found[0].1 - top).abs() < 1e-12,
        "{} against {top}",
        found[0].1
    );
}

#[test]
fn a_pinned_attack_is_in_every_turn_and_the_rest_is_the_best_around_it() {
    let p = Position::new(&board(BOARD)).unwrap();
    let ids = ["March", "Herbert"];
    let blocks: Vec<usize> = {
        let mut b: Vec<usize> = ids
            .iter()
            .map(|id| p.own.iter().position(|o| o.block.id == *id).unwrap())
            .collect();
        b.sort_unstable();
        b
    };
    let pin = Pin {
        area: area("Kent"),
        blocks,
    };
    let all = brute(BOARD, &|e| e.iter().map(|x| x.0).sum());
    let with: Vec<(Vec<String>, f64)> = all
        .into_iter()
        .filter(|x| {
            x.0.iter().any(|n| {
                n.starts_with("Kent:")
                    && ids.iter().all(|id| n.contains(id))
                    && !["Hastings", "Norfolk", "\"Essex\""]
                        .iter()
                        .any(|o| n.contains(o))
            })
        })
        .collect();
    let found = turns(BOARD, Objective::Areas, vec![pin]);
    assert!(
        (found[0].1 - best(&with)).abs() < 1e-12,
        "{found:?} against {:?}",
        with.iter().max_by(|a, b| a.1.total_cmp(&b.1))
    );
    for (names, _) in &found {
        assert!(
            names
                .iter()
                .any(|n| n.starts_with("Kent:") && n.contains("March"))
        );
    }
}

#[test]
fn the_chance_to_take_an_area_keeping_an_heir_multiplies_over_separate_battles() {
    let p = Position::new(&board(BOARD)).unwrap();
    let options = Options {
        exact_budget: 10_000_000,
        ..Options::default()
    };
    let t = TurnOptions {
        objective: Objective::Take {
            area: area("Sussex"),
            keep: Some("March".into()),
        },
        pins: vec![],
        top: 3,
    };
    let found = best_turns(&p, &options, &t, &|_| true).unwrap();
    for turn in &found.turns {
        let sussex = turn
            .attacks
            .iter()
            .find(|a| a.plan.target.area == area("Sussex"))
            .expect("every turn attacks the area to take");
        let dies = |a: &bosworth::board::Assessed| {
            a.figures
                .heirs
                .iter()
                .find(|h| h.id == "March")
                .map_or(0.0, |h| h.dies)
        };
        let elsewhere: f64 = turn
            .attacks
            .iter()
            .filter(|a| a.plan.target.area != area("Sussex"))
            .map(|a| 1.0 - dies(a))
            .product();
        let here = dies(sussex);
        let want = if here > 0.0 {
            (sussex.figures.hold - here).max(0.0) * elsewhere
        } else {
            sussex.figures.hold * elsewhere
        };
        assert_eq!(turn.at_least, here > 0.0);
        assert!((turn.value - want).abs() < 1e-12);
    }
    // Ranked best first.
    assert!(found.turns.windows(2).all(|w| w[0].value >= w[1].value));
}

#[test]
fn a_pin_no_plan_makes_is_refused_by_field() {
    let p = Position::new(&board(BOARD)).unwrap();
    // Four blocks from Middlesex over its river border into Kent: three at most (5.21), and
    // Sussex, Lancaster's, is no way round.
    let four: Vec<usize> = ["March", "Hastings", "Herbert", "Norfolk"]
        .iter()
        .map(|id| p.own.iter().position(|o| o.block.id == *id).unwrap())
        .collect();
    let essex = p.own.iter().position(|o| o.block.id == "Essex").unwrap();
    let t = TurnOptions {
        pins: vec![Pin {
            area: area("Kent"),
            blocks: four,
        }],
        ..TurnOptions::default()
    };
    let e = best_turns(&p, &Options::default(), &t, &|_| true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "pins[0]: no plan this turn sends exactly those blocks to Kent"
    );
    let t = TurnOptions {
        pins: vec![Pin {
            area: area("Wilts"),
            blocks: vec![essex],
        }],
        ..TurnOptions::default()
    };
    let e = best_turns(&p, &Options::default(), &t, &|_| true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "pins[0]: Wilts is no area the moving player can attack this turn"
    );
}

#[test]
fn the_treason_cards_one_roll_goes_to_the_battle_where_it_gains_most() {
    // Treason moves one group (Event Cards): Middlesex's four blocks may split between Kent and
    // Sussex, and only one of the two battles takes the card's roll (R41).
    let json = BOARD.replace(r#""card":2"#, r#""card":"Treason""#).replace(
        r#"{"area":"Essex","blocks":[{"id":"Essex","strength":2}]},"#,
        "",
    );
    let p = Position::new(&board(&json)).unwrap();
    let options = Options {
        exact_budget: 10_000_000,
        ..Options::default()
    };
    let t = TurnOptions {
        top: 3,
        ..TurnOptions::default()
    };
    let found = best_turns(&p, &options, &t, &|_| true).unwrap();
    let hold = |sc: &bosworth::Scenario| {
        solve(&Battle::new(sc).unwrap(), 10_000_000)
            .unwrap()
            .attacker_holds
    };
    let mut split = 0;
    for turn in &found.turns {
        let i = turn.treason.expect("the card's roll is in one battle");
        for (j, a) in turn.attacks.iter().enumerate() {
            assert_eq!(a.scenario.treason.is_some(), i == j);
            assert!((hold(&a.scenario) - a.figures.hold).abs() < 1e-12);
        }
        if turn.attacks.len() == 2 {
            split += 1;
            // The roll in the other battle instead gains less.
            let mut other = 0.0;
            for (j, a) in turn.attacks.iter().enumerate() {
                let mut sc = a.scenario.clone();
                // The roll moved to the other battle, at its best target there (R45).
                let (holder, target) = if j == i {
                    (None, None)
                } else {
                    (Some(bosworth::Side::Attacker), Some("best".to_string()))
                };
                sc.treason = holder;
                sc.policy.attacker.treason_target = target;
                other += hold(&sc);
            }
            assert!(
                turn.value >= other - 1e-12,
                "{} against {other}",
                turn.value
            );
        }
    }
    assert!(split > 0, "a turn splits the group");
}
