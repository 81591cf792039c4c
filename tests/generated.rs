//! Generated battles: properties every result must have, and exact against Monte Carlo.

mod common;
use bosworth::rules::dice::rng_from_seed;
use bosworth::{Battle, Report, Scenario, Side};
use common::generate::{pick, random_battle};

#[track_caller]
fn is_distribution(ps: &[f64], what: &str) {
    assert!(
        ps.iter().all(|&p| p >= 0.0),
        "{what}: negative probability {ps:?}"
    );
    let sum: f64 = ps.iter().sum();
    assert!((sum - 1.0).abs() < 1e-12, "{what}: sums to {sum}");
}

fn check_report(r: &Report) {
    assert!((r.mass - 1.0).abs() < 1e-12, "mass {}", r.mass);
    is_distribution(&[r.attacker_holds, r.defender_holds, r.vacant], "holders");
    is_distribution(&r.ends_in_round, "ends_in_round");
    for b in &r.blocks {
        is_distribution(&b.final_strength, &b.name);
        assert!(b.eliminated <= 1.0 + 1e-12 && (b.eliminated - b.final_strength[0]).abs() < 1e-12);
        assert!(b.retreated + b.eliminated <= 1.0 + 1e-12);
    }
    for s in &r.sides {
        is_distribution(&s.steps_lost, "steps_lost");
    }
}

/// 300 generated battles: no panic; every distribution sums to 1 within 1e-12 with no negative
/// probability; replays and fire orders run.
#[test]
fn properties_of_generated_battles() {
    let mut solved = 0;
    for seed in 0..300 {
        let battle = random_battle(seed, 3);
        let _ = bosworth::fire_order(&battle);
        let replay = bosworth::replay(&battle, seed);
        assert!(matches!(
            replay.events.last(),
            Some(bosworth::rules::log::Event::Ends { .. })
        ));
        if let Ok(r) = bosworth::solve(&battle, 2_000_000) {
            check_report(&r);
            solved += 1;
        }
    }
    assert!(solved > 250, "only {solved} of 300 solved exactly");
}

/// Exact against Monte Carlo on 40 generated battles with reserves, heirs, shields and Bombards:
/// every headline figure and every block's elimination chance within 4 standard errors.
#[test]
fn exact_agrees_with_monte_carlo() {
    const RUNS: u64 = 40_000;
    let (mut compared, mut reserves, mut heirs, mut bombards, mut bonuses, mut turned) =
        (0, 0, 0, 0, 0, 0);
    let (mut block_plans, mut defector_orders) = (0, 0);
    for seed in 1000..1040 {
        let battle = random_battle(seed, 3);
        let Ok(exact) = bosworth::solve(&battle, 2_000_000) else {
            continue;
        };
        compared += 1;
        let slots = battle.slots();
        reserves += slots.iter().any(|s| s.reserve) as u32;
        heirs += slots.iter().any(|s| s.versions[0].heir_rank.is_some()) as u32;
        bombards += slots
            .iter()
            .any(|s| s.versions[0].kind == bosworth::data::Kind::Bombard)
            as u32;
        bonuses += bosworth::fire_order(&battle)[0]
            .turns
            .iter()
            .any(|t| t.rating != t.printed && !t.printed.starts_with('D'))
            as u32;
        turned += exact.blocks.iter().any(|b| b.defected > 0.0) as u32;
        let policy = &battle.scenario().policy;
        block_plans +=
            (!policy.attacker.retreats.is_empty() || !policy.defender.retreats.is_empty()) as u32;
        defector_orders +=
            (!policy.attacker.hit_order.is_empty() || !policy.defender.hit_order.is_empty()) as u32;
        let mc = bosworth::simulate(&battle, RUNS, seed);
        let mut pairs = vec![
            (
                "attacker holds".to_string(),
                exact.attacker_holds,
                mc.attacker_holds,
            ),
            (
                "defender holds".to_string(),
                exact.defender_holds,
                mc.defender_holds,
            ),
            (
                "ends in round 1".to_string(),
                exact.ends_in_round[0],
                mc.ends_in_round[0],
            ),
            (
                "ends in round 4".to_string(),
                exact.ends_in_round[3],
                mc.ends_in_round[3],
            ),
        ];
        for (e, m) in exact.blocks.iter().zip(&mc.blocks) {
            pairs.push((format!("{} eliminated", e.name), e.eliminated, m.eliminated));
            pairs.push((format!("{} defects", e.name), e.defected, m.defected));
        }
        for (what, p, q) in pairs {
            let p_in = p.clamp(0.0, 1.0);
            let se = (p_in * (1.0 - p_in) / RUNS as f64).sqrt();
            assert!(
                (p - q).abs() <= 4.0 * se + 1e-12,
                "seed {seed}, {what}: exact {p}, Monte Carlo {q}, 4 s.e. = {}",
                4.0 * se
            );
        }
    }
    assert!(compared >= 30, "only {compared} battles compared");
    let coverage = [
        reserves,
        heirs,
        bombards,
        bonuses,
        turned,
        block_plans,
        defector_orders,
    ];
    assert!(
        coverage.iter().all(|&n| n >= 2),
        "reserves, heirs, bombards, bonuses, defections, block retreat plans, defectors in orders: {coverage:?}"
    );
}

/// Same seed, same numbers; another seed, other numbers.
#[test]
fn monte_carlo_is_reproducible_from_its_seed() {
    let battle = (0..)
        .map(|seed| random_battle(seed, 2))
        .find(|b| bosworth::solve(b, 100_000).is_ok_and(|r| (0.2..0.8).contains(&r.attacker_holds)))
        .unwrap();
    let a = bosworth::simulate(&battle, 5_000, 42);
    let b = bosworth::simulate(&battle, 5_000, 42);
    assert_eq!(a, b);
    let c = bosworth::simulate(&battle, 5_000, 43);
    assert_ne!(a.attacker_holds, c.attacker_holds);
}

/// The exact solver stops at its budget with a message that points to Monte Carlo.
#[test]
fn exact_solver_stops_at_its_budget() {
    let battle = random_battle(3, 4);
    let e = bosworth::solve(&battle, 10).unwrap_err();
    assert!(e.to_string().contains("Monte Carlo"), "{e}");
}

/// A simulation run in chunks gives exactly the figures of one run (progress bars, cancelling).
#[test]
fn monte_carlo_in_chunks_equals_one_run() {
    let battle = random_battle(11, 3);
    let mut sim = bosworth::Simulation::new(&battle, 5);
    sim.run(1_000);
    sim.run(2_500);
    assert_eq!(sim.runs(), 3_500);
    assert_eq!(sim.report(), bosworth::simulate(&battle, 3_500, 5));
    let se = sim.report().std_errors.unwrap();
    let p = sim.report().attacker_holds;
    assert!((se.attacker_holds - (p * (1.0 - p) / 3500.0).sqrt()).abs() < 1e-15);
}

/// The decision-point API: every legal action's outcomes sum to 1, and the policy's action is legal.
#[test]
fn legal_actions_and_outcomes_at_the_first_decision() {
    for seed in 0..50 {
        let battle = random_battle(seed, 3);
        let mut s = battle.initial_state();
        let bosworth::rules::round::Point::Act(actor) = bosworth::next_point(&battle, &mut s)
        else {
            continue;
        };
        let legal = bosworth::rules::action::legal_actions(&battle, &s, actor);
        assert!(
            legal.contains(&bosworth::rules::policy::choose(&battle, &s, actor)),
            "seed {seed}"
        );
        for a in legal {
            let total: f64 = bosworth::rules::action::outcomes(&battle, &s, actor, a)
                .iter()
                .map(|(p, _)| p)
                .sum();
            assert!((total - 1.0).abs() < 1e-12, "seed {seed}, {a:?}");
        }
    }
}

/// A battle stopped at any point and written back as a scenario with `progress` solves to
/// the same odds as the battle continued from that point.
#[test]
fn a_battle_in_progress_resumes_with_the_same_odds() {
    use bosworth::solve::advice::{Advisor, Objective, Players, openings};
    let mut checked = 0;
    for seed in 0..300 {
        let battle = random_battle(seed, 3);
        let mut rng = rng_from_seed(seed + 7);
        let (_, mut s) = openings(&battle).pop().unwrap();
        let steps = pick(&mut rng, 12);
        for _ in 0..steps {
            let bosworth::rules::round::Point::Act(actor) = bosworth::next_point(&battle, &mut s)
            else {
                break;
            };
            let action = bosworth::rules::policy::choose(&battle, &s, actor);
            let outs = bosworth::rules::action::outcomes(&battle, &s, actor, action);
            s = outs[pick(&mut rng, outs.len())].1;
        }
        let mut probe = s;
        if !matches!(
            bosworth::next_point(&battle, &mut probe),
            bosworth::rules::round::Point::Act(_)
        ) {
            continue;
        }
        let mut advisor = Advisor::new(&battle, Objective::Hold, Players::Neither, 2_000_000);
        let Ok(v) = advisor.value(&s) else { continue };
        let resumed = bosworth::play::resume::scenario_at(&battle, &s);
        let json = serde_json::to_string(&resumed).unwrap();
        let again: Scenario = serde_json::from_str(&json).unwrap();
        let b2 = Battle::new(&again).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{json}"));
        let r = bosworth::solve(&b2, 2_000_000).unwrap();
        assert!(
            (r.attacker_holds - v[0]).abs() < 1e-9,
            "seed {seed}: resumed {} vs continued {}\n{json}",
            r.attacker_holds,
            v[0]
        );
        assert!((r.defender_holds - v[1]).abs() < 1e-9, "seed {seed}");
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} battles checked");
}

/// Every replay checkpoint is a valid battle whose next actor is the one who acts next in the replay.
#[test]
fn replay_checkpoints_open_as_battles() {
    for seed in 0..40 {
        let battle = random_battle(seed, 3);
        let replay = bosworth::replay(&battle, seed);
        for (at, scenario) in &replay.checkpoints {
            let b = Battle::new(scenario).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let mut s = b.initial_state();
            let bosworth::rules::round::Point::Act(actor) = bosworth::next_point(&b, &mut s) else {
                panic!("seed {seed}: no actor")
            };
            let next_acts = replay.events[*at..].iter().find_map(|e| match e {
                bosworth::rules::log::Event::Acts { block, .. } => Some(block.clone()),
                _ => None,
            });
            assert_eq!(
                Some(b.slots()[actor].name().to_string()),
                next_acts,
                "seed {seed}"
            );
        }
    }
}

/// Workers' counts, sent as JSON and absorbed, give the same figures as merging in place:
/// one seed stream per worker (worker_seed), merged exactly.
#[test]
fn worker_counts_travel_and_merge_exactly() {
    let battle = random_battle(21, 3);
    let mut main = bosworth::Simulation::new(&battle, bosworth::worker_seed(9, 0));
    main.run(3_000);
    let mut other = bosworth::Simulation::new(&battle, bosworth::worker_seed(9, 1));
    other.run(2_000);
    let (runs, tally) = other.counts();
    let wire = serde_json::to_string(&tally).unwrap();
    let mut a = bosworth::Simulation::new(&battle, bosworth::worker_seed(9, 0));
    a.run(3_000);
    a.absorb(runs, &serde_json::from_str(&wire).unwrap())
        .unwrap();
    main.merge(&other);
    assert_eq!(a.report(), main.report());
    assert_eq!(a.runs(), 5_000);
    let other_battle = random_battle(22, 3);
    let mut b = bosworth::Simulation::new(&other_battle, 1);
    if other_battle.slots().len() != battle.slots().len() {
        assert!(b.absorb(runs, &tally).is_err());
    }
}

/// Live play with the dice of a replay, turn by turn through scenarios with progress, ends the
/// battle exactly as the replay did.
#[test]
fn live_play_with_a_replays_dice_ends_as_the_replay() {
    use bosworth::rules::log::Event;
    let mut checked = 0;
    for seed in 0..60 {
        let battle = random_battle(seed, 3);
        let replay = bosworth::replay(&battle, seed);
        let acts: Vec<(String, String, Option<String>, Vec<u8>)> = replay
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Acts {
                    block,
                    action,
                    target,
                    dice,
                    ..
                } => Some((block.clone(), action.clone(), target.clone(), dice.clone())),
                _ => None,
            })
            .collect();
        let mut b = battle.clone();
        let mut k = 0;
        let mut ending = None;
        if acts.first().is_some_and(|a| a.1 == "treason") {
            let t = bosworth::play::live::play_treason(&b, &acts[0].3).unwrap();
            k = 1;
            match t.next {
                Some(sc) => b = Battle::new(&sc).unwrap(),
                None => ending = t.ending,
            }
        }
        while ending.is_none() {
            let (_, action, target, dice) = &acts[k];
            let mut s = b.initial_state();
            let bosworth::rules::round::Point::Act(actor) = bosworth::next_point(&b, &mut s) else {
                panic!("seed {seed}")
            };
            let find = |name: &str| {
                (0..b.slots().len())
                    .find(|&i| s.version(&b, i).id == name)
                    .unwrap()
            };
            let a = match action.as_str() {
                "fire" => bosworth::rules::action::Action::Fire,
                "pass" => bosworth::rules::action::Action::Pass,
                "retreat" => bosworth::rules::action::Action::Retreat,
                "charge" => {
                    bosworth::rules::action::Action::Charge(find(target.as_deref().unwrap()))
                }
                "treachery" => {
                    bosworth::rules::action::Action::Treachery(find(target.as_deref().unwrap()))
                }
                other => panic!("seed {seed}: {other}"),
            };
            let _ = actor;
            k += 1;
            let counter =
                if action == "charge" && acts.get(k).is_some_and(|n| n.1 == "counter-fire") {
                    k += 1;
                    acts[k - 1].3.clone()
                } else {
                    Vec::new()
                };
            let t = bosworth::play::live::play(&b, a, dice, &counter)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            match t.next {
                Some(sc) => b = Battle::new(&sc).unwrap(),
                None => ending = t.ending,
            }
        }
        let ending = ending.unwrap();
        assert_eq!(
            (ending.round, ending.holder),
            (replay.last_round, replay.holder),
            "seed {seed}"
        );
        checked += 1;
    }
    assert_eq!(checked, 60);
}

/// Best play with the choice of which tied block takes the hits (6.4, D3), and then of who in a
/// group acts first (D2), is never worth less to the side that plays it than best play without.
#[test]
fn tie_choices_never_lower_best_play() {
    use bosworth::solve::advice::{Advisor, Decisions, Objective, Players};
    let mut gained = 0;
    for seed in 2000..2030 {
        let battle = random_battle(seed, 2);
        for side in [Side::Attacker, Side::Defender] {
            for objective in [Objective::Hold, Objective::Steps] {
                let start = battle.initial_state();
                let value = |ties: bool| {
                    Advisor::new(&battle, objective, Players::Only(side), 500_000)
                        .with_decisions(Decisions {
                            tie_hits: ties,
                            group_order: false,
                        })
                        .value(&start)
                        .map(|v| v[side.index()])
                };
                let (Ok(with), Ok(without)) = (value(true), value(false)) else {
                    continue;
                };
                assert!(
                    with >= without - 1e-9,
                    "seed {seed}, {side:?}, {objective:?}: {with} < {without}"
                );
                gained += (with > without + 1e-9) as u32;
                // Choosing who of a group acts first (D2) is never worth less either.
                let ordered = Advisor::new(&battle, objective, Players::Only(side), 500_000)
                    .with_decisions(Decisions {
                        tie_hits: true,
                        group_order: true,
                    })
                    .value(&start)
                    .map(|v| v[side.index()]);
                if let Ok(ordered) = ordered {
                    assert!(
                        ordered >= with - 1e-9,
                        "seed {seed}, {side:?}, {objective:?}: order {ordered} < {with}"
                    );
                }
            }
        }
    }
    assert!(gained >= 3, "the choice mattered in only {gained} cases");
}
