//! Generated battles: properties every result must have, and exact against Monte Carlo.

mod common;
use bosworth::data::House;
use bosworth::rules::dice::rng_from_seed;
use bosworth::{Battle, Report, Scenario, Side};
use common::generate::{pick, random_battle};

/// True if some block of this battle may change sides: the Treason card is in play (D11), or a
/// King, Pretender (or an heir who may become one, R1) or Warwick fights and may roll (6.9, D10).
fn turning_possible(battle: &Battle) -> bool {
    battle.treason().is_some()
        || Side::BOTH
            .iter()
            .any(|&side| !battle.possible_rollers(side).is_empty())
        || battle
            .slots()
            .iter()
            .any(|s| s.versions.iter().any(|v| v.person() == "Warwick"))
}

/// How many times each check of [`check_report`] that applies only to some battles was made:
/// each side's steps against its own blocks, no retreat without capacity, no control change
/// without a reserve, an heir's death.
type Applied = [u32; 4];

/// What the rules say of every exact report, checked against the battle it came from rather than
/// against the solver's own bookkeeping. Returns which of the checks that apply to some battles
/// only were made.
fn check_report(battle: &Battle, r: &Report) -> Applied {
    let mut applied = [0; 4];
    let eps = 1e-12;
    // The exact solver loses no probability on the way.
    assert!((r.mass - 1.0).abs() < eps, "mass {}", r.mass);
    let turning = turning_possible(battle);
    let mut lost_by_blocks = 0.0;
    for (slot, b) in battle.slots().iter().zip(&r.blocks) {
        // No block gains a step in battle (5.4: steps are never added during a campaign).
        assert!(
            b.final_strength[slot.strength as usize + 1..]
                .iter()
                .all(|&p| p == 0.0),
            "{}: ends above its starting strength {}: {:?}",
            b.name,
            slot.strength,
            b.final_strength
        );
        lost_by_blocks += slot.strength as f64 - b.expected_strength;
        // A retreated block has left the area and cannot be eliminated there, and the reverse.
        assert!(b.retreated + b.eliminated <= 1.0 + eps, "{}", b.name);
        // No retreat in round 1 (6.6): a block that retreats saw round 2.
        assert!(
            b.retreated <= 1.0 - r.ends_in_round[0] + eps,
            "{}: retreated {} but the battle ends in round 1 with {}",
            b.name,
            b.retreated,
            r.ends_in_round[0]
        );
        // Only a block with a loyalty rating defects (3.13, 6.9), and only when someone rolls.
        let loyal = slot.versions[0].loyalty.is_none();
        if loyal || !turning {
            assert_eq!(b.defected, 0.0, "{} cannot defect", b.name);
        }
        // A block that stays on its side never retreats when that side has no way out (D12).
        let army = match slot.side {
            Side::Attacker => &battle.scenario().attacker,
            Side::Defender => &battle.scenario().defender,
        };
        if (loyal || !turning) && army.retreat_capacity == Some(0) {
            assert_eq!(b.retreated, 0.0, "{}: no retreat capacity", b.name);
            applied[1] += 1;
        }
    }
    // Every step a block loses is lost by the side it serves at that moment, and a defection is
    // no step lost (R4): the two sides' losses add up to the blocks' lost strength.
    let lost_by_sides: f64 = r.sides.iter().map(|s| s.expected_steps_lost).sum();
    assert!(
        (lost_by_sides - lost_by_blocks).abs() < 1e-9,
        "steps lost: sides {lost_by_sides}, blocks {lost_by_blocks}"
    );
    if !turning {
        for side in Side::BOTH {
            let own: f64 = battle
                .slots()
                .iter()
                .zip(&r.blocks)
                .filter(|(s, _)| s.side == side)
                .map(|(s, b)| s.strength as f64 - b.expected_strength)
                .sum();
            let lost = r.sides[side.index()].expected_steps_lost;
            assert!((own - lost).abs() < 1e-9, "{side:?}: {lost} vs {own}");
            applied[0] += 1;
        }
    }
    // Control changes only when the defender has a reserve to deploy in round 1 (6.3, D5): one
    // it entered with, or a block turned to it.
    let defender_reserve = battle
        .slots()
        .iter()
        .any(|s| s.side == Side::Defender && s.reserve);
    if !defender_reserve && !turning {
        assert_eq!(r.control_changes, 0.0, "control changes with no reserve");
        applied[2] += 1;
    }
    // The King's death is his block's elimination (6.81); an heir who cannot change sides dies
    // with his block, so his house loses an heir at least that often (6.82).
    if let Some(k) = battle.king() {
        let dies = r.king_dies.expect("the King fights");
        assert!((dies - r.blocks[k].eliminated).abs() < eps, "King dies");
    } else {
        assert_eq!(r.king_dies, None);
    }
    for (slot, b) in battle.slots().iter().zip(&r.blocks) {
        let v = &slot.versions[0];
        if v.heir_rank.is_some() && v.loyalty.is_none() {
            let dies = match v.house {
                House::York => r.york_heir_dies,
                House::Lancaster => r.lancaster_heir_dies,
            };
            let dies = dies.unwrap_or_else(|| panic!("{} is an heir in the battle", b.name));
            assert!(dies >= b.eliminated - eps, "{}: heir dies {dies}", b.name);
            applied[3] += 1;
        }
    }
    applied
}

/// What the rules say of every fire order (6.2, 6.3, D1, D2, D6, D7, R11): in each round every
/// block present acts once (reserves only from round 2), letters run A to D, the defender's
/// blocks of a letter before the attacker's, a side's blocks of a letter in its fire order (the
/// listing when the policy names none); a Bombard is A3 in round 1 and D3 after; a bonus adds at
/// most 2, only for the defender, never for a custom block.
fn check_fire_order(battle: &Battle) {
    let order = bosworth::fire_order(battle);
    assert_eq!(order.len(), 4);
    let slots = battle.slots();
    let index = |name: &str| {
        slots
            .iter()
            .position(|s| s.name() == name)
            .unwrap_or_else(|| panic!("{name} is not in the battle"))
    };
    let reserves = slots.iter().filter(|s| s.reserve).count();
    for (k, round) in order.iter().enumerate() {
        assert_eq!(round.round as usize, k + 1);
        let mut acting: Vec<usize> = round.turns.iter().map(|t| index(&t.block)).collect();
        acting.sort();
        let expected: Vec<usize> = (0..slots.len())
            .filter(|&i| round.round > 1 || !slots[i].reserve)
            .collect();
        assert_eq!(acting, expected, "round {}", round.round);
        assert_eq!(
            round.waiting.len(),
            if round.round == 1 { reserves } else { 0 }
        );
        for pair in round.turns.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let (la, lb) = (a.rating.as_bytes()[0], b.rating.as_bytes()[0]);
            assert!(la <= lb, "round {}: {a:?} before {b:?}", round.round);
            if la == lb {
                assert!(
                    !(a.side == Side::Attacker && b.side == Side::Defender),
                    "round {}: attacker {} before defender {} in {}",
                    round.round,
                    a.block,
                    b.block,
                    la as char
                );
                let policy = &battle.scenario().policy;
                let named = match a.side {
                    Side::Attacker => &policy.attacker.fire_order,
                    Side::Defender => &policy.defender.fire_order,
                };
                if a.side == b.side && named.is_empty() {
                    assert!(index(&a.block) < index(&b.block), "D2: listing order");
                }
            }
        }
        for t in &round.turns {
            let slot = &slots[index(&t.block)];
            let v = &slot.versions[0];
            let (letter, fire) = (t.rating.as_bytes()[0], t.rating.as_bytes()[1] - b'0');
            if v.kind == bosworth::data::Kind::Bombard {
                let want = if round.round == 1 { "A3" } else { "D3" };
                assert_eq!(t.rating, want, "Bombard in round {} (6.2)", round.round);
                continue;
            }
            assert_eq!(letter, v.rating.initiative.letter() as u8, "{}", t.block);
            let bonus = fire as i32 - v.rating.firepower as i32;
            assert!((0..=2).contains(&bonus), "{}: {}", t.block, t.rating);
            if bonus > 0 {
                assert_eq!(
                    t.side,
                    Side::Defender,
                    "{}: a bonus attacking (D6)",
                    t.block
                );
                assert!(
                    v.data.is_some(),
                    "{}: a custom block's bonus (R11)",
                    t.block
                );
            }
            if bonus == 2 {
                assert!(
                    v.heir_rank.is_some(),
                    "{}: +2 for a non-heir (2.3)",
                    t.block
                );
            }
        }
    }
}

/// 300 generated battles: no panic; every report says what the rules say of it
/// ([`check_report`]) and so does every fire order ([`check_fire_order`]); replays end.
#[test]
fn properties_of_generated_battles() {
    let (mut solved, mut applied) = (0, [0; 4]);
    for seed in 0..300 {
        let battle = random_battle(seed, 3);
        check_fire_order(&battle);
        let replay = bosworth::replay(&battle, seed);
        assert!(matches!(
            replay.events.last(),
            Some(bosworth::rules::log::Event::Ends { .. })
        ));
        if let Ok(r) = bosworth::solve(&battle, 2_000_000) {
            let made = check_report(&battle, &r);
            applied.iter_mut().zip(made).for_each(|(a, m)| *a += m);
            solved += 1;
        }
    }
    assert!(solved > 250, "only {solved} of 300 solved exactly");
    assert!(
        applied.iter().all(|&n| n >= 20),
        "sides' own steps, no capacity, no reserve, heirs: {applied:?}"
    );
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
    // Counts of a battle with another number of blocks are refused.
    let other_battle = (22..)
        .map(|seed| random_battle(seed, 3))
        .find(|b| b.slots().len() != battle.slots().len())
        .unwrap();
    let mut b = bosworth::Simulation::new(&other_battle, 1);
    assert!(b.absorb(runs, &tally).is_err());
    assert_eq!(b.runs(), 0, "nothing absorbed");
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
            let (block, action, target, dice) = &acts[k];
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
            // The battle written back after each turn gives the turn to the replay's next actor.
            assert_eq!(&s.version(&b, actor).id, block, "seed {seed}");
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
    let (mut gained, mut ordered_compared) = (0, 0);
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
                    ordered_compared += 1;
                }
            }
        }
    }
    assert!(gained >= 3, "the choice mattered in only {gained} cases");
    assert!(
        ordered_compared >= 40,
        "the group order was compared in only {ordered_compared} cases"
    );
}

/// Battles where an heir turned back outranks his house's King or Pretender (R1 amended):
/// stopped at every point they can reach and written back as a scenario with `progress`, each
/// solves to the same odds as the battle continued from that point, so the role, its spent roll
/// and its protection pass to the returning heir in both (6.9, 9.1, D10, R1).
#[test]
fn a_returning_heir_resumes_with_the_same_odds() {
    use bosworth::solve::advice::{Advisor, Objective, Players, openings};
    const BATTLES: &[&str] = &[
        // Clarence/L, turned back by the Treason card, is the Pretender over Gloucester.
        r#"{"version":1,"king":"Lancaster","dead":["York","March","Rutland"],"treason":"attacker","attacker":{"house":"York","blocks":[{"id":"Gloucester","strength":3}]},"defender":{"house":"Lancaster","blocks":[{"id":"Clarence/L","strength":1},{"id":"Canterbury (church)/L","strength":1}]},"policy":{"attacker":{"treason_target":"Clarence/L","treachery":[{"by":"Gloucester","target":"Canterbury (church)/L","round":2}]}}}"#,
        // Exeter/Y, turned back by the Treason card, is the King over Somerset.
        r#"{"version":1,"king":"Lancaster","dead":["Henry VI","Prince Edward"],"treason":"attacker","attacker":{"house":"Lancaster","blocks":[{"id":"Somerset","strength":3}]},"defender":{"house":"York","blocks":[{"id":"Exeter/Y","strength":1},{"id":"York (church)/Y","strength":1}]},"policy":{"attacker":{"treason_target":"Exeter/Y","treachery":[{"by":"Somerset","target":"York (church)/Y","round":2}]}}}"#,
        // Somerset, King, rolls in round 1 and may fall before or after Warwick turns Exeter
        // back: once he has fallen nobody is King (6.81), whoever turns afterwards. The hit
        // orders name the defectors, so that the resumed battle keeps their places (R5).
        r#"{"version":1,"king":"Lancaster","dead":["Henry VI","Prince Edward"],"attacker":{"house":"Lancaster","blocks":[{"id":"Somerset","strength":1},{"id":"Warwick/L","strength":2}]},"defender":{"house":"York","blocks":[{"id":"Exeter/Y","strength":2},{"id":"Stanley/Y","strength":2},{"id":"Norfolk","strength":2}]},"policy":{"attacker":{"hit_order":["Somerset","Warwick/L","Stanley/L","Exeter/L"],"treachery":[{"by":"Somerset","target":"Stanley/Y","round":1},{"by":"Warwick/L","target":"Exeter/Y"}]},"defender":{"hit_order":["Norfolk","Stanley/Y","Exeter/Y"]}}}"#,
    ];
    let mut checked = 0;
    for (k, json) in BATTLES.iter().enumerate() {
        let sc: Scenario = serde_json::from_str(json).unwrap();
        let battle = Battle::new(&sc).unwrap_or_else(|e| panic!("battle {k}: {e}"));
        let mut seen = std::collections::HashSet::new();
        let mut queue: Vec<_> = openings(&battle).into_iter().map(|(_, s)| s).collect();
        let mut advisor = Advisor::new(&battle, Objective::Hold, Players::Neither, 2_000_000);
        while let Some(s) = queue.pop() {
            if !seen.insert(s) {
                continue;
            }
            let mut probe = s;
            let bosworth::rules::round::Point::Act(actor) =
                bosworth::next_point(&battle, &mut probe)
            else {
                continue;
            };
            let v = advisor.value(&s).unwrap();
            let resumed = bosworth::play::resume::scenario_at(&battle, &s);
            let text = serde_json::to_string(&resumed).unwrap();
            let again: Scenario = serde_json::from_str(&text).unwrap();
            let b2 = Battle::new(&again).unwrap_or_else(|e| panic!("battle {k}: {e}\n{text}"));
            let r = bosworth::solve(&b2, 2_000_000).unwrap();
            assert!(
                (r.attacker_holds - v[0]).abs() < 1e-9 && (r.defender_holds - v[1]).abs() < 1e-9,
                "battle {k}: resumed {} {} vs continued {v:?}\n{text}",
                r.attacker_holds,
                r.defender_holds,
            );
            checked += 1;
            let action = bosworth::rules::policy::choose(&battle, &probe, actor);
            for (_, next) in bosworth::rules::action::outcomes(&battle, &probe, actor, action) {
                queue.push(next);
            }
        }
    }
    assert!(checked >= 100, "only {checked} points checked");
}
