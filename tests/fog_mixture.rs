//! The exact mixture of hidden blocks against known battles solved one by one (R13): the tie
//! order among hidden blocks described alike, the royal figures of compositions fought as one
//! battle, the players' choices for known blocks with hidden blocks present, a composition opened
//! as a battle, the memo across edits, and the cost known before the work.

mod common;

use bosworth::data::{self, BlockData};
use bosworth::scenario::BlockEntry;
use bosworth::solve::fog::{FogMemo, Pick};
use bosworth::{Battle, Fog, FogReport, Report, Scenario, SolveError};
use common::{close, scenario};
use std::sync::atomic::{AtomicUsize, Ordering};

const BUDGET: usize = bosworth::DEFAULT_STATE_BUDGET;

fn known(sc: &Scenario) -> Report {
    bosworth::solve(&Battle::new(sc).expect("a valid battle"), BUDGET).expect("small")
}

/// The tie order of R13, from its words: lowest firepower first (printed, plus 1 on the block's
/// own shield, city, cathedral or Wales when its side defends: `home`), then the later
/// initiative letter, then the lower strength, then the block later in the game's block list.
fn before(a: (&BlockData, u8), b: (&BlockData, u8), home: &dyn Fn(&str) -> bool) -> bool {
    let fire = |d: &BlockData| d.rating.firepower + home(d.id) as u8;
    let index = |d: &BlockData| data::BLOCKS.iter().position(|x| x.id == d.id).unwrap();
    let (fa, fb) = (fire(a.0), fire(b.0));
    if fa != fb {
        return fa < fb;
    }
    let (la, lb) = (a.0.rating.initiative, b.0.rating.initiative);
    if la != lb {
        return la > lb;
    }
    if a.1 != b.1 {
        return a.1 < b.1;
    }
    index(a.0) > index(b.0)
}

/// Every assignment of the defender's hidden blocks, all described alike by `candidates` at
/// any strength (each block equally likely, no person twice, R13), as a known battle with them
/// listed in the tie order (`home` as in [`before`]; `reverse`: the other way round), with its
/// chance.
fn mixture(
    sc: &Scenario,
    candidates: &[&str],
    home: &dyn Fn(&str) -> bool,
    reverse: bool,
) -> Vec<(f64, Scenario)> {
    let n = sc.defender.hidden.len();
    assert_eq!(n, 2, "two hidden blocks described alike");
    let blocks: Vec<&BlockData> = candidates
        .iter()
        .map(|id| data::block(id).unwrap())
        .collect();
    let mut out = Vec::new();
    for a in &blocks {
        for b in &blocks {
            if a.person == b.person {
                continue;
            }
            let (sa, sb) = (any(a), any(b));
            for &x in &sa {
                for &y in &sb {
                    let w = 1.0 / (sa.len() * sb.len()) as f64;
                    let mut pair = [(*a, x), (*b, y)];
                    if before(pair[0], pair[1], home) == reverse {
                        pair.swap(0, 1);
                    }
                    let mut c = sc.clone();
                    c.defender.hidden.clear();
                    for (d, s) in pair {
                        c.defender.blocks.push(BlockEntry {
                            id: Some(d.id.into()),
                            custom: None,
                            strength: s,
                            reserve: false,
                            from: None,
                        });
                    }
                    out.push((w, c));
                }
            }
        }
    }
    let total: f64 = out.iter().map(|x| x.0).sum();
    out.iter_mut().for_each(|x| x.0 /= total);
    out
}

/// The figures a mixture of known battles gives: holds, the King's and the heirs' deaths, steps
/// lost, each known block's elimination, the hidden blocks' elimination averaged.
fn expected(all: &[(f64, Scenario)], known_blocks: usize) -> Vec<f64> {
    let mut out = vec![0.0; 7 + known_blocks];
    for (w, c) in all {
        let r = known(c);
        let hidden =
            (r.blocks[known_blocks].eliminated + r.blocks[known_blocks + 1].eliminated) / 2.0;
        let figures = [
            r.attacker_holds,
            r.defender_holds,
            r.king_dies.unwrap_or(0.0),
            r.lancaster_heir_dies.unwrap_or(0.0),
            r.york_heir_dies.unwrap_or(0.0),
            r.sides[1].expected_steps_lost,
            hidden,
        ];
        for (o, f) in out.iter_mut().zip(
            figures
                .iter()
                .copied()
                .chain(r.blocks[..known_blocks].iter().map(|b| b.eliminated)),
        ) {
            *o += w * f;
        }
    }
    out
}

fn reported(f: &FogReport, known_blocks: usize) -> Vec<f64> {
    let r = &f.report;
    [
        r.attacker_holds,
        r.defender_holds,
        r.king_dies.unwrap_or(0.0),
        r.lancaster_heir_dies.unwrap_or(0.0),
        r.york_heir_dies.unwrap_or(0.0),
        r.sides[1].expected_steps_lost,
        r.blocks[known_blocks].eliminated,
    ]
    .into_iter()
    .chain(r.blocks[..known_blocks].iter().map(|b| b.eliminated))
    .collect()
}

/// York attacks two Lancaster blocks hidden alike, in `area` (`""`: none).
fn twins(area: &str, candidates: &[&str]) -> Scenario {
    let area = if area.is_empty() {
        String::new()
    } else {
        format!(r#""area":"{area}","#)
    };
    let list = candidates
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(",");
    scenario(&format!(
        r#"{{"version":1,{area}"king":"Lancaster",
        "attacker":{{"house":"York","blocks":[{{"id":"March","strength":3}},{{"id":"Norfolk","strength":4}},{{"id":"Hastings","strength":2}}]}},
        "defender":{{"house":"Lancaster","blocks":[],
          "hidden":[{{"candidates":[{list}],"strength":"any"}},{{"candidates":[{list}],"strength":"any"}}]}}}}"#
    ))
}

const CANDIDATES: [&str; 6] = [
    "Henry VI",
    "Stanley/L",
    "Exeter/L",
    "Shrewsbury/L",
    "Devon",
    "Pembroke",
];

fn any(d: &BlockData) -> Vec<u8> {
    (1..=d.max_strength).collect()
}

#[test]
fn hidden_blocks_described_alike_break_ties_by_the_rule_of_r13() {
    // Every part of the rule decides some pairs here: firepower (Exeter/L A1 before Devon B2),
    // initiative (Pembroke B2 before Shrewsbury/L... no: A1 is lower firepower), strength
    // (Devon 2 before Pembroke 3), and the block list (Stanley/L before Henry VI, both B2: the
    // King takes tied hits last).
    for (area, home) in [
        ("", &(|_: &str| false) as &dyn Fn(&str) -> bool),
        // Lancaster: Stanley's own shield (2.2) makes him B3 defending; Lancaster's royal
        // shield gives its senior heir +1 too (D7), but that is no part of the rule.
        ("Lancaster", &|id: &str| id == "Stanley/L"),
    ] {
        let sc = twins(area, &CANDIDATES);
        let fog = Fog::new(&sc).unwrap();
        let f = fog.solve(BUDGET).unwrap();
        let all = mixture(&sc, &CANDIDATES, home, false);
        let want = expected(&all, 3);
        for (k, (g, w)) in reported(&f, 3).iter().zip(&want).enumerate() {
            assert!((g - w).abs() < 1e-12, "{area} figure {k}: {g} against {w}");
        }
        // The order matters here: the other way round, the figures differ.
        let other = expected(&mixture(&sc, &CANDIDATES, home, true), 3);
        assert!(
            (other[2] - want[2]).abs() > 1e-4,
            "{area}: the King's death does not depend on the order ({} {})",
            other[2],
            want[2]
        );
        // Nor on the order the candidates are listed in.
        let mut reversed = CANDIDATES;
        reversed.reverse();
        let g = Fog::new(&twins(area, &reversed))
            .unwrap()
            .solve(BUDGET)
            .unwrap();
        for (a, b) in reported(&g, 3).iter().zip(reported(&f, 3)) {
            close(*a, b);
        }
    }
}

#[test]
fn compositions_fought_as_one_battle_keep_their_own_royal_figures() {
    // No area, no plans, nothing to roll: who is King or an heir among the hidden blocks cannot
    // change the course of the battle, so Henry VI and Stanley/L (both B2 at the same strength)
    // are one battle; the King's death, the heirs' and the royals among the hidden blocks are
    // each composition's own.
    let sc = twins("", &CANDIDATES);
    let fog = Fog::new(&sc).unwrap();
    let f = fog.solve(BUDGET).unwrap();
    assert!(
        f.battles < f.compositions,
        "battles merged: {} of {}",
        f.battles,
        f.compositions
    );
    let all = mixture(&sc, &CANDIDATES, &|_| false, false);
    let (mut king, mut heir) = (0.0, 0.0);
    for (w, c) in &all {
        let ids: Vec<&str> = c
            .defender
            .blocks
            .iter()
            .map(|b| b.id.as_deref().unwrap())
            .collect();
        king += w * ids.contains(&"Henry VI") as u8 as f64;
        heir += w * ids.iter().any(|id| ["Henry VI", "Exeter/L"].contains(id)) as u8 as f64;
    }
    close(f.royal.king, king);
    close(f.royal.heir, heir);
    // Where the King's identity matters to the battle (Lancaster's royal shield, D7), his
    // compositions are battles of their own: fewer merge.
    let g = Fog::new(&twins("Lancaster", &CANDIDATES)).unwrap();
    assert_eq!(g.compositions(), fog.compositions());
    assert!(
        g.battles() > fog.battles(),
        "{} {}",
        g.battles(),
        fog.battles()
    );
}

#[test]
fn choices_of_known_blocks_apply_with_hidden_blocks_present() {
    // The known blocks' fire and hit orders, a charge, a Treachery roll, the Treason card's
    // target, the side's and a block's retreat plans: each is a choice the app offers; with a
    // hidden block present each applies as in every composition's battle (R3, R13).
    let sc = scenario(
        r#"{"version":1,"king":"York","area":"Warwick","treason":"attacker",
        "attacker":{"house":"York","blocks":[{"id":"York","strength":4},{"id":"Warwick/Y","strength":3},{"id":"Hastings","strength":2},{"id":"Herbert","strength":3}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Stanley/L","strength":3},{"id":"Oxford","strength":3}],
          "hidden":[{"candidates":["Pembroke","Devon","Clifford","Henry VI"],"strength":"any"}]},
        "policy":{
          "attacker":{"fire_order":["Herbert"],"hit_order":["Hastings","York"],
            "charges":[{"target":"Oxford","round":2}],
            "treachery":[{"by":"Warwick/Y","target":"Stanley/L"}],
            "treason_target":"Stanley/L",
            "retreats":[{"block":"Hastings","from_round":3}]},
          "defender":{"hit_order":["Oxford"],"retreat":{"from_round":3,"below_ratio":0.5}}}}"#,
    );
    let f = Fog::new(&sc).unwrap().solve(BUDGET).unwrap();
    let mut want = [0.0; 4];
    let mut plain = sc.clone();
    plain.policy = Default::default();
    let g = Fog::new(&plain).unwrap().solve(BUDGET).unwrap();
    for (block, strengths) in [
        ("Pembroke", 3),
        ("Devon", 2),
        ("Clifford", 3),
        ("Henry VI", 4),
    ] {
        for s in 1..=strengths {
            let mut c = sc.clone();
            c.defender.hidden.clear();
            c.defender.blocks.push(BlockEntry {
                id: Some(block.into()),
                custom: None,
                strength: s,
                reserve: false,
                from: None,
            });
            let r = known(&c);
            let w = 0.25 / strengths as f64;
            want[0] += w * r.attacker_holds;
            want[1] += w * r.blocks[5].defected;
            want[2] += w * r.blocks[1].eliminated;
            want[3] += w * r.blocks[2].retreated;
        }
    }
    let got = [
        f.report.attacker_holds,
        f.report.blocks[5].defected,
        f.report.blocks[1].eliminated,
        f.report.blocks[2].retreated,
    ];
    for (a, b) in got.iter().zip(want) {
        close(*a, b);
    }
    assert!(
        (f.report.attacker_holds - g.report.attacker_holds).abs() > 1e-3,
        "the choices change the odds"
    );
    // A block's retreat plan names a known block too, as every choice does (R13).
    let mut bad = sc.clone();
    bad.policy.attacker.retreats[0].block = "Pembroke".into();
    bad.policy.attacker.fire_order.clear();
    let e = Fog::new(&{
        let mut b = bad.clone();
        b.policy.defender.retreats = b.policy.attacker.retreats.clone();
        b.policy.attacker.retreats.clear();
        b
    })
    .unwrap_err();
    assert_eq!(e.field, "policy.defender.retreats[0].block", "{e}");
    assert!(e.reason.contains("known blocks only"), "{e}");
}

#[test]
fn a_composition_opened_as_a_battle_is_what_the_mixture_counted() {
    let sc = twins("", &CANDIDATES);
    let fog = Fog::new(&sc).unwrap();
    let f = fog.solve(BUDGET).unwrap();
    let spread = f.spread.as_ref().unwrap();
    for example in [&spread.worst, &spread.best] {
        let picks = fog.possibility(example.composition).unwrap();
        assert_eq!(
            picks.iter().map(Pick::to_string).collect::<Vec<_>>(),
            example.blocks
        );
        let battle = fog.reveal(&picks).unwrap();
        assert!(battle.defender.hidden.is_empty());
        close(known(&battle).attacker_holds, example.viewer_holds);
        // Given the other way round, the same battle: hidden blocks alike are revealed in the
        // tie order (R13).
        let mut swapped = picks.clone();
        swapped.reverse();
        assert_eq!(fog.reveal(&swapped).unwrap(), battle);
    }
    // Any percentile names a composition, the 10% point the worst.
    assert_eq!(spread.at(0.1), Some(spread.worst.composition));
    let median = spread.at(0.5).unwrap();
    let battle = fog.reveal(&fog.possibility(median).unwrap()).unwrap();
    close(known(&battle).attacker_holds, spread.quantiles[2][1]);
    // Who each hidden block may be, and the scouting table: a possibility with that block.
    let who = &f.hidden[1].who[3];
    let picks = fog.possibility_with(1, &who.block, who.strength).unwrap();
    assert!(picks.contains(&Pick {
        block: who.block.clone(),
        strength: who.strength,
    }));
    let scout = &f.scouting[0];
    let picks = fog
        .possibility_with(scout.hidden, &scout.worst.block, scout.worst.strength)
        .unwrap();
    fog.reveal(&picks).unwrap();
    // What is not a candidate is refused by the hidden block's field.
    let e = fog
        .reveal(&[
            Pick {
                block: "Oxford".into(),
                strength: 3,
            },
            picks[1].clone(),
        ])
        .unwrap_err();
    assert_eq!(e.field, "defender.hidden[0]");
}

/// What the app shows on a button before opening a possibility: the composition it opens and
/// that composition's own figure from the spread, never the averaged figure of the row.
#[test]
fn the_composition_a_possibility_opens_is_known_with_its_figure() {
    // Two hidden blocks described alike, and one described otherwise (a levy at any strength).
    let mut sc = twins("Kent", &CANDIDATES);
    sc.defender.hidden.push(bosworth::scenario::HiddenBlock {
        kinds: vec!["levy".into()],
        strength: bosworth::scenario::StrengthPrior::Any,
        ..Default::default()
    });
    let fog = Fog::new(&sc).unwrap();
    let f = fog.solve(BUDGET).unwrap();
    let spread = f.spread.as_ref().unwrap();
    let holds = |k: usize| {
        let at = spread.compositions.iter().position(|&c| c == k).unwrap();
        spread.points[at][0]
    };
    // Every composition is found again from its own possibility.
    for &k in &spread.compositions {
        assert_eq!(fog.composition_of(&fog.possibility(k).unwrap()), Some(k));
    }
    // Every row of who each hidden block may be, and both ends of each scouting row: the
    // composition opened is the one named, and its battle's exact figure is the spread's.
    let mut rows: Vec<(usize, String, u8)> = Vec::new();
    for (i, h) in f.hidden.iter().enumerate() {
        rows.extend(h.who.iter().map(|w| (i, w.block.clone(), w.strength)));
    }
    for s in &f.scouting {
        rows.push((s.hidden, s.worst.block.clone(), s.worst.strength));
        rows.push((s.hidden, s.best.block.clone(), s.best.strength));
    }
    let mut averaged_differs = false;
    for (i, block, strength) in rows.iter().step_by(7).chain(rows.iter().rev().take(4)) {
        let picks = fog.possibility_with(*i, block, *strength).unwrap();
        let k = fog.composition_of(&picks).expect("a composition");
        let battle = fog.reveal(&picks).unwrap();
        close(known(&battle).attacker_holds, holds(k));
        let row = f.hidden[*i]
            .who
            .iter()
            .find(|w| &w.block == block && w.strength == *strength)
            .unwrap();
        averaged_differs |= (row.viewer_holds - holds(k)).abs() > 1e-3;
    }
    assert!(
        averaged_differs,
        "a row's figure is an average over the others' possibilities, not the opened battle's"
    );
    // What is not a possibility has no composition.
    let mut twice = fog.possibility(0).unwrap();
    twice[1] = twice[0].clone();
    assert_eq!(fog.composition_of(&twice), None);
}

#[test]
fn a_memo_finds_again_the_battles_an_edit_keeps() {
    let sc = twins("", &CANDIDATES);
    let fog = Fog::new(&sc).unwrap();
    let mut memo = FogMemo::new();
    let first = fog.solve_memo(&mut memo, BUDGET, 1, &|_| true).unwrap();
    assert_eq!(memo.len(), fog.battles());
    assert!(fog.missing(&memo).is_empty());
    // The same battle again: nothing to solve, the same figures.
    let count = AtomicUsize::new(0);
    let again = fog
        .solve_memo(&mut memo, BUDGET, 2, &|n| {
            count.fetch_add(n, Ordering::Relaxed);
            true
        })
        .unwrap();
    assert_eq!(count.load(Ordering::Relaxed), 0);
    assert_eq!(again, first);
    // One hidden block's prior narrowed: most of its battles are known already.
    let mut narrower = sc.clone();
    narrower.defender.hidden[1].strength = bosworth::scenario::StrengthPrior::AtLeast(2);
    let fog2 = Fog::new(&narrower).unwrap();
    let missing = fog2.missing(&memo).len();
    assert!(missing < fog2.battles(), "{missing} of {}", fog2.battles());
    let from_memo = fog2.solve_memo(&mut memo, BUDGET, 1, &|_| true).unwrap();
    let fresh = fog2.solve(BUDGET).unwrap();
    for (a, b) in reported(&from_memo, 3).iter().zip(reported(&fresh, 3)) {
        close(*a, b);
    }
    // A known block edited: nothing is found again.
    let mut edited = sc.clone();
    edited.attacker.blocks[2].strength = 3;
    let fog3 = Fog::new(&edited).unwrap();
    assert_eq!(fog3.missing(&memo).len(), fog3.battles());
    memo.keep(&fog2);
    assert_eq!(memo.len(), fog2.battles());
}

#[test]
fn a_mixture_too_large_is_refused_before_the_work() {
    // The issue's battle: three hidden Lancaster blocks in Kent. With a budget of 2 M states the
    // estimate (a small sample of its battles) says at once that the whole will not fit: the
    // work done before the refusal is counted by the hook, a sixteenth of the budget at most,
    // where the whole mixture needs some 17 M states.
    let sc = scenario(include_str!("../bench/hidden-kent.json"));
    let fog = Fog::new(&sc).unwrap();
    let budget = 2_000_000;
    let count = AtomicUsize::new(0);
    let watch = |n: usize| {
        count.fetch_add(n, Ordering::Relaxed);
        true
    };
    let mut memo = FogMemo::new();
    let cost = fog.estimate(&mut memo, budget, &watch).unwrap();
    assert!(!cost.fits(budget), "{cost:?}");
    assert!(cost.estimate > 10_000_000, "{cost:?}");
    assert!(cost.battles_within(budget) < cost.battles);
    let done = count.load(Ordering::Relaxed);
    assert!(done <= budget / 16, "{done} states before the refusal");
    let err = fog.solve_memo(&mut memo, budget, 2, &watch).unwrap_err();
    assert_eq!(err, SolveError::TooLarge { budget });
    assert_eq!(
        count.load(Ordering::Relaxed),
        done,
        "the refusal does no more work"
    );
}

#[test]
fn monte_carlo_in_steps_is_one_run_of_as_many_battles() {
    // The app shows Monte Carlo figures as they come (a Web Worker's steps): after each step,
    // the figures are those of `bosworth simulate --runs N` from the same seed (R13's draws).
    use bosworth::solve::fog::FogSimulation;
    let sc = twins("Kent", &CANDIDATES);
    let fog = Fog::new(&sc).unwrap();
    let mut steps = FogSimulation::new(Fog::new(&sc).unwrap(), 3);
    assert!(steps.report().is_none(), "no figure before a battle");
    for (step, total) in [(1, 1), (999, 1_000), (4_000, 5_000)] {
        steps.run(step);
        assert_eq!(steps.runs(), total);
        let whole = fog.simulate(total, 3);
        let now = steps.report().unwrap();
        assert_eq!(now.report, whole.report, "after {total} battles");
        assert_eq!(now.hidden, whole.hidden, "after {total} battles");
        assert_eq!(now.compositions, whole.compositions);
    }
    // Another seed draws other battles.
    assert_ne!(
        fog.simulate(5_000, 4).report,
        steps.report().unwrap().report
    );
}

/// A composition of the Kent battle (`bench/hidden-kent.json`, here Henry VI, Somerset and
/// Exeter/L at full strength) packs into a key of at most 56 bits, so the exact solver's slots
/// keep the tag in the key's word: 16 bytes a state, against 24 for a 64-bit key beside its tag
/// and 32 for a 128-bit one (the 8-a-side battle with reserves).
#[test]
fn the_kent_battles_take_sixteen_bytes_a_state() {
    let kent = common::battle(
        r#"{"version":1,"area":"Kent","king":"Lancaster",
        "attacker":{"house":"York","blocks":[{"id":"March","strength":3},
            {"id":"Hastings","strength":3},{"id":"Herbert","strength":3},
            {"id":"Norfolk","strength":4}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4},
            {"id":"Somerset","strength":3},{"id":"Exeter/L","strength":3}]}}"#,
    );
    assert_eq!(bosworth::state_bytes(&kent), 16);
    let eight = common::battle_file("bench/large.json");
    assert_eq!(bosworth::state_bytes(&eight), 32);
}
