//! The Treason card at its holder's best target (R45, D11, 6.9): the exact solver, Monte Carlo,
//! a battle with hidden blocks and the planner each fight the card at the enemy block that gives
//! its holder the best chance to hold the area, as `bosworth exact` with that target names it.

use bosworth::board::{Board, Options, Position, rank, target};
use bosworth::rules::movement::area_index;
use bosworth::solve::report::Method;
use bosworth::{Battle, Fog, Scenario, simulate, solve};

const BUDGET: usize = 10_000_000;

/// York's Norfolk 4 and Hastings 3 attack Sussex, held by Northumberland/L 3 (2 dice to turn),
/// Buckingham 2 (1 die) and Exeter 3 (2 dice); York holds the Treason card, its target `target`.
fn sussex(target: Option<&str>) -> Scenario {
    let policy = target.map_or(String::new(), |t| {
        format!(r#","policy":{{"attacker":{{"treason_target":"{t}"}}}}"#)
    });
    let json = format!(
        r#"{{"version":1,"king":"Lancaster","area":"Sussex","treason":"attacker",
        "attacker":{{"house":"York","blocks":[{{"id":"Norfolk","strength":4}},
          {{"id":"Hastings","strength":3}}]}},
        "defender":{{"house":"Lancaster","blocks":[{{"id":"Northumberland/L","strength":3}},
          {{"id":"Buckingham","strength":2}},{{"id":"Exeter","strength":3}}]}}{policy}}}"#
    );
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("bad test JSON: {e}\n{json}"))
}

fn holds(sc: &Scenario) -> f64 {
    solve(&Battle::new(sc).unwrap(), BUDGET)
        .unwrap()
        .attacker_holds
}

#[test]
fn the_best_target_is_the_one_the_holder_does_best_against() {
    let best = solve(&Battle::new(&sussex(Some("best"))).unwrap(), BUDGET).unwrap();
    let choice = best.treason.as_ref().expect("the choice is reported");
    // Each target's value is the battle with that target named, bit for bit, listed in R2's
    // order: the 1-die Buckingham first, then the two 2-dice blocks of strength 3 as listed.
    let names: Vec<&str> = choice.targets.iter().map(|t| t.block.as_str()).collect();
    assert_eq!(names, ["Buckingham/L", "Northumberland/L", "Exeter/L"]);
    for t in &choice.targets {
        assert_eq!(t.holds, holds(&sussex(Some(&t.block))), "{}", t.block);
    }
    assert_eq!(
        choice.targets.iter().map(|t| t.dice).collect::<Vec<_>>(),
        [1, 2, 2]
    );
    // R2's default rolls at Buckingham, the easiest to turn; turning Northumberland (a quarter
    // of the time) is worth more to York: 22.1% against 15.3%.
    assert_eq!(choice.target, "Northumberland/L");
    assert_eq!(choice.runs, None);
    let default = holds(&sussex(None));
    assert_eq!(default, holds(&sussex(Some("Buckingham/L"))));
    assert_eq!(
        best.attacker_holds,
        holds(&sussex(Some("Northumberland/L")))
    );
    assert_eq!((1000.0 * best.attacker_holds).round(), 221.0);
    assert_eq!((1000.0 * default).round(), 153.0);
    // The states of every target's battle are counted, and the figures add up.
    let Method::Exact { states, .. } = best.method else {
        panic!("exact")
    };
    let one = |t: &str| match solve(&Battle::new(&sussex(Some(t))).unwrap(), BUDGET)
        .unwrap()
        .method
    {
        Method::Exact { states, .. } => states,
        Method::MonteCarlo { .. } => unreachable!(),
    };
    assert_eq!(
        states,
        one("Buckingham/L") + one("Northumberland/L") + one("Exeter/L")
    );
    assert!((best.mass - 1.0).abs() < 1e-12);
}

#[test]
fn best_is_read_in_any_case_and_only_with_the_card() {
    let upper = solve(&Battle::new(&sussex(Some(" BEST "))).unwrap(), BUDGET).unwrap();
    assert_eq!(upper.treason.unwrap().target, "Northumberland/L");
    let mut sc = sussex(Some("best"));
    sc.treason = None;
    assert_eq!(
        Battle::new(&sc).unwrap_err().to_string(),
        r#"policy.attacker.treason_target: the attacker does not hold the Treason card (set "treason": "attacker")"#
    );
    // A battle with no block the card may roll at plays no roll, best or not.
    let mut none = sussex(Some("best"));
    none.defender
        .blocks
        .retain(|b| b.id.as_deref() == Some("Exeter"));
    none.defender.blocks[0].id = Some("Oxford".into()); // a rose noble: never turns (6.9)
    let r = solve(&Battle::new(&none).unwrap(), BUDGET).unwrap();
    assert!(r.treason.is_none());
    let mut plain = none.clone();
    plain.treason = None;
    plain.policy.attacker.treason_target = None;
    assert_eq!(r.attacker_holds, holds(&plain));
}

#[test]
fn a_single_target_is_the_choice_whatever_it_is_worth() {
    // With one block the card may roll at, that block is the choice, and the battle is the one
    // with it named.
    let mut sc = sussex(Some("best"));
    sc.defender
        .blocks
        .retain(|b| b.id.as_deref() == Some("Exeter"));
    let r = solve(&Battle::new(&sc).unwrap(), BUDGET).unwrap();
    let c = r.treason.unwrap();
    assert_eq!(c.target, "Exeter/L");
    assert_eq!(c.targets.len(), 1);
    sc.policy.attacker.treason_target = Some("Exeter".into());
    assert_eq!(r.attacker_holds, holds(&sc));
}

#[test]
fn monte_carlo_fights_the_target_chosen_first() {
    // The battle is small, so the target is chosen exactly, and Monte Carlo is the named
    // target's, draw for draw.
    let best = simulate(&Battle::new(&sussex(Some("best"))).unwrap(), 20_000, 7);
    let named = simulate(
        &Battle::new(&sussex(Some("Northumberland/L"))).unwrap(),
        20_000,
        7,
    );
    assert_eq!(best.attacker_holds, named.attacker_holds);
    assert_eq!(best.blocks, named.blocks);
    let c = best.treason.unwrap();
    assert_eq!(c.target, "Northumberland/L");
    assert_eq!(c.runs, None);
}

#[test]
fn with_hidden_blocks_each_composition_takes_its_own_best() {
    // A hidden Lancaster block beside Buckingham and Exeter: the card is rolled once it is revealed,
    // at the best target of each composition, so the mixture holds at least what R2's default
    // target holds in every composition, and more here.
    let json = |target: &str| {
        format!(
            r#"{{"version":1,"king":"Lancaster","area":"Sussex","treason":"attacker",
            "attacker":{{"house":"York","blocks":[{{"id":"Norfolk","strength":4}},
              {{"id":"Hastings","strength":3}}]}},
            "defender":{{"house":"Lancaster","blocks":[{{"id":"Buckingham","strength":2}},
              {{"id":"Exeter","strength":3}}],
              "hidden":[{{"candidates":["Northumberland/L","Oxford","Clifford"]}}]}}
            {target}}}"#
        )
    };
    let sc = |target: &str| -> Scenario { serde_json::from_str(&json(target)).unwrap() };
    let best = Fog::new(&sc(r#","policy":{"attacker":{"treason_target":"best"}}"#))
        .unwrap()
        .solve(BUDGET)
        .unwrap();
    let default = Fog::new(&sc("")).unwrap().solve(BUDGET).unwrap();
    let (b, d) = (best.report.attacker_holds, default.report.attacker_holds);
    assert!(b > d + 0.01, "{b} against {d}");
    // By hand: each candidate at full strength, equally likely (R13); the best target of each
    // composition is the best of Buckingham, Exeter and the hidden block, solved as known
    // battles (Northumberland's, as in the known battle above; R2's default elsewhere).
    let mut by_hand = 0.0;
    for who in ["Northumberland/L", "Oxford", "Clifford"] {
        let full = bosworth::data::block(who).unwrap().max_strength;
        let known = |t: &str| {
            let text = format!(
                r#"{{"version":1,"king":"Lancaster","area":"Sussex","treason":"attacker",
                "attacker":{{"house":"York","blocks":[{{"id":"Norfolk","strength":4}},
                  {{"id":"Hastings","strength":3}}]}},
                "defender":{{"house":"Lancaster","blocks":[{{"id":"Buckingham","strength":2}},
                  {{"id":"Exeter","strength":3}},{{"id":"{who}","strength":{full}}}]}},
                "policy":{{"attacker":{{"treason_target":"{t}"}}}}}}"#
            );
            let s: Scenario = serde_json::from_str(&text).unwrap();
            Battle::new(&s)
                .ok()
                .map(|b| solve(&b, BUDGET).unwrap().attacker_holds)
        };
        let best_here = ["Buckingham", "Exeter", who]
            .iter()
            .filter_map(|t| known(t))
            .fold(f64::MIN, f64::max);
        by_hand += best_here / 3.0;
    }
    assert!((b - by_hand).abs() < 1e-12, "{b} against {by_hand}");
    // Monte Carlo over the mixture chooses each drawn battle's target the same way.
    let mc = Fog::new(&sc(r#","policy":{"attacker":{"treason_target":"best"}}"#))
        .unwrap()
        .simulate(200_000, 3);
    let se = (b * (1.0 - b) / 200_000.0).sqrt();
    assert!(
        (mc.report.attacker_holds - b).abs() < 4.0 * se,
        "{} against {b}",
        mc.report.attacker_holds
    );
}

#[test]
fn the_planner_values_the_roll_at_the_best_target() {
    // The Sussex battle as a board: York's two blocks in Kent, Treason in hand (R30, R45).
    let json = r#"{"kind":"board","version":1,"house":"York","card":"Treason","areas":[
        {"area":"Kent","blocks":[{"id":"Norfolk","strength":4},{"id":"Hastings","strength":3}]},
        {"area":"Sussex","enemy_known":[{"id":"Northumberland/L","strength":3},
          {"id":"Buckingham","strength":2},{"id":"Exeter","strength":3}]}]}"#;
    let board: Board = serde_json::from_str(json).unwrap();
    let p = Position::new(&board).unwrap();
    let sussex_at = area_index("Sussex").unwrap();
    let r = rank(
        &p,
        target(&p, sussex_at).unwrap(),
        &Options::default(),
        &|_| true,
    )
    .unwrap();
    let best = &r.plans[0];
    assert_eq!(best.plan.ways.len(), 2);
    assert_eq!(
        best.scenario.policy.attacker.treason_target.as_deref(),
        Some("best")
    );
    assert!(matches!(best.figures.method, Method::Exact { .. }));
    let exact = solve(&Battle::new(&best.scenario).unwrap(), BUDGET).unwrap();
    assert_eq!(best.figures.hold, exact.attacker_holds);
    assert_eq!(exact.treason.unwrap().target, "Northumberland/L");
    // R2's default target would hold less in the same battle.
    let mut default = best.scenario.clone();
    default.policy.attacker.treason_target = None;
    assert!(best.figures.hold > holds(&default) + 0.05);
}

/// The fire order says which rule set the card's target: R45 for the holder's best, chosen once
/// the blocks are revealed; R2 for its default; and a target named is the player's.
#[test]
fn the_fire_order_names_the_rule_that_chose_the_target() {
    let said = |target: Option<&str>| {
        let b = bosworth::with_treason_target(Battle::new(&sussex(target)).unwrap());
        bosworth::fire_order(&b)[0].treason.clone().unwrap()
    };
    let best = said(Some("best"));
    assert!(
        best.contains("a Treachery roll on Northumberland/L"),
        "{best}"
    );
    assert!(best.contains("R45"), "{best}");
    let default = said(None);
    assert!(
        default.contains("a Treachery roll on Buckingham"),
        "{default}"
    );
    assert!(default.ends_with("(D11, R2)"), "{default}");
    let named = said(Some("Northumberland/L"));
    assert!(named.ends_with("(D11, R2)"), "{named}");
}
