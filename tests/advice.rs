//! Best play (the advisor): checked against the plain solver, against every policy on tiny
//! battles, and against Monte Carlo.

mod common;
use bosworth::rules::action::{Action, legal_actions, outcomes};
use bosworth::rules::round::Point;
use bosworth::solve::advice::{Advisor, Objective, Players, advise, openings};
use bosworth::{Battle, Side, State};
use common::*;
use std::collections::HashMap;

const TINY: &[&str] = &[
    // An heir who may charge, against two blocks.
    r#"{"version":1,"king":"Lancaster","dead":["York"],
        "attacker":{"house":"York","blocks":[{"id":"March","strength":2}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Beaumont","strength":1},{"id":"Devon","strength":1}]}}"#,
    // The King with a Treachery roll, against a block that may defect.
    r#"{"version":1,"king":"Lancaster",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":1}]},
        "defender":{"house":"York","blocks":[{"id":"Rivers/Y","strength":2}]}}"#,
    // Retreat choices with a capacity of one.
    r#"{"version":1,
        "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":1},{"id":"Devon","strength":1}],"retreat_capacity":1},
        "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":2}]}}"#,
];

/// Battles small enough to enumerate every policy of a side.
const MICRO: &[&str] = &[
    r#"{"version":1,"king":"Lancaster","dead":["York"],
        "attacker":{"house":"York","blocks":[{"id":"March","strength":1}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Beaumont","strength":1}]}}"#,
    r#"{"version":1,"king":"Lancaster",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":1}]},
        "defender":{"house":"York","blocks":[{"id":"Rivers/Y","strength":1}]}}"#,
    r#"{"version":1,"king":"York","area":"Leicester",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":1}],"retreat_capacity":1},
        "defender":{"house":"York","blocks":[{"id":"Hastings","strength":2}]}}"#,
];

/// With nobody playing best, the advisor's value is the plain exact solution.
#[test]
fn neither_playing_best_is_the_exact_solution() {
    for json in TINY.iter().chain([&std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bench/medium.json"
    ))
    .unwrap()
    .as_str()])
    {
        let b = battle(json);
        let a = advise(&b, Objective::Hold, Players::Neither, 1_000_000).unwrap();
        let r = bosworth::solve(&b, 1_000_000).unwrap();
        close(a.best[0], r.attacker_holds);
        close(a.best[1], r.defender_holds);
    }
}

/// Every deterministic policy of `side` (one action per decision state), the other side on its
/// scenario policy: the best of them by brute force.
fn brute_force(b: &Battle, side: Side) -> f64 {
    // Collect `side`'s decision states reachable under any of its actions.
    let mut decisions: Vec<(State, usize, Vec<Action>)> = Vec::new();
    let mut seen: HashMap<State, ()> = HashMap::new();
    let mut stack: Vec<State> = openings(b).into_iter().map(|(_, s)| s).collect();
    while let Some(mut s) = stack.pop() {
        let Point::Act(actor) = bosworth::next_point(b, &mut s) else {
            continue;
        };
        if seen.insert(s, ()).is_some() {
            continue;
        }
        let actions = if s.side_of(actor) == side {
            let legal = legal_actions(b, &s, actor);
            decisions.push((s, actor, legal.clone()));
            legal
        } else {
            vec![bosworth::rules::policy::choose(b, &s, actor)]
        };
        for a in actions {
            stack.extend(outcomes(b, &s, actor, a).into_iter().map(|(_, n)| n));
        }
    }
    let combos: usize = decisions.iter().map(|d| d.2.len()).product();
    assert!(
        (8..=200_000).contains(&combos),
        "{combos} policies: not a meaningful brute-force test"
    );
    let index: HashMap<State, usize> = decisions
        .iter()
        .enumerate()
        .map(|(i, d)| (d.0, i))
        .collect();
    let mut best = f64::NEG_INFINITY;
    let mut choice = vec![0usize; decisions.len()];
    loop {
        // Evaluate this policy exactly.
        fn value(
            b: &Battle,
            s: &State,
            side: Side,
            choice: &[usize],
            decisions: &[(State, usize, Vec<Action>)],
            index: &HashMap<State, usize>,
            memo: &mut HashMap<State, f64>,
        ) -> f64 {
            if let Some(v) = memo.get(s) {
                return *v;
            }
            let mut s2 = *s;
            let v = match bosworth::next_point(b, &mut s2) {
                Point::End(e) => (e.holder == Some(side)) as u8 as f64,
                Point::Act(actor) => {
                    let a = match index.get(&s2) {
                        Some(&i) if s2.side_of(actor) == side => decisions[i].2[choice[i]],
                        _ => bosworth::rules::policy::choose(b, &s2, actor),
                    };
                    outcomes(b, &s2, actor, a)
                        .iter()
                        .map(|(p, n)| p * value(b, n, side, choice, decisions, index, memo))
                        .sum()
                }
            };
            memo.insert(*s, v);
            v
        }
        let mut memo = HashMap::new();
        let v: f64 = openings(b)
            .iter()
            .map(|(p, s)| p * value(b, s, side, &choice, &decisions, &index, &mut memo))
            .sum();
        best = best.max(v);
        // Next combination.
        let mut k = 0;
        loop {
            if k == choice.len() {
                return best;
            }
            choice[k] += 1;
            if choice[k] < decisions[k].2.len() {
                break;
            }
            choice[k] = 0;
            k += 1;
        }
    }
}

/// On tiny battles the solved optimum equals the best of all policies, found by enumeration.
#[test]
fn optimum_equals_exhaustive_enumeration_of_policies() {
    for json in MICRO {
        let b = battle(json);
        for side in Side::BOTH {
            let a = advise(&b, Objective::Hold, Players::Only(side), 1_000_000).unwrap();
            close(a.best[side.index()], brute_force(&b, side));
        }
    }
}

/// Best play is never worse than the policy, for either side and every objective, on the three
/// fixed battles of `TINY`.
#[test]
fn best_play_is_never_below_the_policy() {
    for json in TINY {
        let b = battle(json);
        for side in Side::BOTH {
            for objective in [
                Objective::Hold,
                Objective::KillRoyal,
                Objective::KeepHeirs,
                Objective::Steps,
            ] {
                let a = advise(&b, objective, Players::Only(side), 1_000_000).unwrap();
                assert!(
                    a.best[side.index()] >= a.policy[side.index()] - 1e-12,
                    "{objective:?} {side:?}: {a:?}"
                );
            }
        }
    }
}

/// The advisor's policy fed back into Monte Carlo gives its solved value within 4 s.e.
#[test]
fn advisor_policy_in_monte_carlo_agrees_with_its_value() {
    for json in TINY {
        let b = battle(json);
        let a = advise(&b, Objective::Hold, Players::Both, 1_000_000).unwrap();
        let mut advisor = Advisor::new(&b, Objective::Hold, Players::Both, 1_000_000);
        let runs = 40_000;
        let r = bosworth::simulate_with(&b, runs, 3, |s, actor| {
            advisor.best_action(s, actor).unwrap()
        });
        let p = a.best[0];
        let se = (p * (1.0 - p) / runs as f64).sqrt();
        assert!(
            (r.attacker_holds - p).abs() <= 4.0 * se + 1e-12,
            "solved {p}, simulated {}",
            r.attacker_holds
        );
    }
}

/// A battle where a Treachery roll is the best first move (the README's worked example):
/// Exeter, King since Henry VI and Prince Edward are dead, acts first (A1) and can roll one die
/// against Stanley/Y (loyalty 1): half the time a strength-4 block changes sides.
#[test]
fn treachery_is_the_best_first_move_in_the_readme_example() {
    let b = battle_file("examples/treachery-advice.json");
    let a = advise(&b, Objective::Hold, Players::Both, 1_000_000).unwrap();
    let d = a.first_decision.unwrap();
    assert_eq!(
        (d.block.as_str(), d.actions[0].label.as_str()),
        ("Exeter/L", "treachery on Stanley/Y")
    );
    let fire = d.actions.iter().find(|x| x.label == "fire").unwrap().value;
    assert!(d.actions[0].value > fire + 0.2, "{d:?}");
    assert!(a.best[0] > a.policy[0] + 0.3);
    assert_eq!(d.policy_action, "fire");
}

/// The outline of best play names the moves that depart from firing: in the README example,
/// Exeter's round-1 Treachery roll on every path (it is the first move).
#[test]
fn outline_of_best_play_names_the_departures() {
    let b = battle_file("examples/treachery-advice.json");
    let a = advise(&b, Objective::Hold, Players::Both, 1_000_000).unwrap();
    let first = a
        .outline
        .iter()
        .find(|e| e.round == 1 && e.block == "Exeter/L")
        .unwrap();
    assert_eq!(first.action, "treachery on Stanley/Y");
    close(first.chance, 1.0);
    close(first.share, 1.0);
    assert!(first.departs_from_policy);
    assert!(
        a.outline
            .iter()
            .all(|e| e.chance > 0.0 && e.share <= 1.0 + 1e-12)
    );
}
