//! Best play estimated by sampling: where exact best play fits, the estimate agrees with it;
//! same seed, same figures; more samples, smaller errors.

mod common;
use bosworth::Battle;
use bosworth::solve::advice::{
    APART, Advice, AdviceMethod, Decisions, Objective, Players, Sampling, advise, estimate_with,
};
use common::generate::random_battle;

/// An estimate whose sampled battles are solved exactly from their first later decision: the
/// whole battle fits the budget, so every estimate is unbiased and only the dice of the choice
/// itself are sampled.
fn unbiased(battle: &Battle, samples: u64, seed: u64) -> Advice {
    let sampling = Sampling {
        samples,
        seed,
        look_ahead: 0,
        attempt: 2_000_000,
    };
    estimate_with(
        battle,
        Objective::Hold,
        Players::Both,
        2_000_000,
        Decisions::default(),
        &sampling,
        bosworth::solve::watch::UNWATCHED,
    )
    .unwrap()
}

/// Exact values of the first decision's choices, by label.
fn exact_values(a: &Advice) -> Vec<(String, f64)> {
    a.first_decision
        .iter()
        .flat_map(|d| d.actions.iter().map(|x| (x.label.clone(), x.value)))
        .collect()
}

#[test]
fn estimates_agree_with_exact_best_play_where_it_fits() {
    let (mut battles, mut choices, mut ranked, mut apart) = (0, 0, 0, 0);
    let mut seed = 0;
    while battles < 24 {
        seed += 1;
        let battle = random_battle(5000 + seed, 3);
        let Ok(exact) = advise(&battle, Objective::Hold, Players::Both, 2_000_000) else {
            continue;
        };
        let Some(d) = &exact.first_decision else {
            continue;
        };
        if d.actions.len() < 2 {
            continue;
        }
        battles += 1;
        let est = unbiased(&battle, 400, seed);
        let AdviceMethod::Estimated(how) = &est.method else {
            panic!("an estimate says it is one")
        };
        assert_eq!(how.samples, 400);
        let e = est.first_decision.as_ref().unwrap();
        assert_eq!(e.actions.len(), d.actions.len());
        for (label, value) in exact_values(&exact) {
            let x = e.actions.iter().find(|x| x.label == label).unwrap();
            let se = x.std_error.unwrap();
            assert!(
                (x.value - value).abs() <= APART * se + 1e-9,
                "seed {seed}, {label}: estimated {} ± {se}, exact {value}",
                x.value
            );
            choices += 1;
        }
        // Where the exact best is clearly ahead of another choice, the estimate ranks it so.
        let best = &e.actions[0];
        let exact_of = |l: &str| {
            exact_values(&exact)
                .into_iter()
                .find(|x| x.0 == l)
                .unwrap()
                .1
        };
        let top = d.actions[0].value;
        if top - exact_of(&best.label) > 1e-12 {
            let se = e
                .actions
                .iter()
                .map(|x| x.std_error.unwrap())
                .fold(0.0, f64::max);
            assert!(
                top - exact_of(&best.label) <= APART * se * std::f64::consts::SQRT_2 + 1e-9,
                "seed {seed}: estimate's best {} is clearly behind the exact best {}",
                best.label,
                d.actions[0].label
            );
        } else {
            ranked += 1;
        }
        apart += e
            .actions
            .iter()
            .filter(|x| x.apart_from_best == Some(true))
            .count();
    }
    eprintln!("{battles} battles, {choices} choices, {ranked} ranked alike, {apart} apart");
    assert!(choices >= 2 * battles, "{choices} choices compared");
    assert!(ranked >= 20, "{ranked} battles ranked alike");
    assert!(apart >= 10, "only {apart} choices told apart from the best");
}

/// Where the budget is too small for the rest of the battle, the early choices of the sampled
/// battles are guessed (a look-ahead over policy battles) and the values stray from exact best
/// play by more than their standard errors; but the choice the estimate ranks first is still as
/// good as the exact best, or nearly, on 40 generated battles: the same in at least 36, and on
/// average it gives up less than half a point.
#[test]
fn guessed_later_play_still_finds_the_best_choice() {
    let (mut battles, mut same, mut loss, mut strayed) = (0, 0, 0.0, 0);
    let mut seed = 0;
    while battles < 40 {
        seed += 1;
        let battle = random_battle(7000 + seed, 3);
        let Ok(exact) = advise(&battle, Objective::Hold, Players::Both, 2_000_000) else {
            continue;
        };
        let Some(d) = &exact.first_decision else {
            continue;
        };
        if d.actions.len() < 2 {
            continue;
        }
        battles += 1;
        let sampling = Sampling {
            samples: 1000,
            seed,
            look_ahead: 8,
            attempt: 2_000,
        };
        let budget = (exact.states / 10).max(100);
        let est = estimate_with(
            &battle,
            Objective::Hold,
            Players::Both,
            budget,
            Decisions::default(),
            &sampling,
            bosworth::solve::watch::UNWATCHED,
        )
        .unwrap();
        let e = est.first_decision.as_ref().unwrap();
        let exact_of = |l: &str| {
            exact_values(&exact)
                .into_iter()
                .find(|x| x.0 == l)
                .unwrap()
                .1
        };
        let l = d.actions[0].value - exact_of(&e.actions[0].label);
        loss += l;
        same += (l <= 1e-12) as usize;
        strayed += e
            .actions
            .iter()
            .filter(|x| (x.value - exact_of(&x.label)).abs() > APART * x.std_error.unwrap() + 1e-9)
            .count();
    }
    assert!(
        same >= 36,
        "the estimate's best is the exact best in {same} of 40"
    );
    assert!(loss / 40.0 < 0.005, "mean loss {}", loss / 40.0);
    // The guessed play shows: some values are off by more than the dice explain.
    assert!(
        strayed > 0,
        "no estimate strayed: the early choices were not guessed"
    );
}

/// The figures of an estimate depend on its seed alone: the same seed gives the same figures,
/// another seed others.
#[test]
fn the_same_seed_gives_the_same_estimate() {
    let battle = common::battle_file("examples/every-choice.json");
    let estimate = |seed| {
        let sampling = Sampling {
            samples: 300,
            seed,
            look_ahead: 4,
            attempt: 3_000,
        };
        estimate_with(
            &battle,
            Objective::Hold,
            Players::Both,
            20_000,
            Decisions::default(),
            &sampling,
            bosworth::solve::watch::UNWATCHED,
        )
        .unwrap()
    };
    let a = estimate(7);
    assert!(matches!(a.method, AdviceMethod::Estimated(_)));
    assert_eq!(a, estimate(7));
    assert_ne!(a.first_decision, estimate(8).first_decision);
}

/// Four times the samples, half the standard error (within what the standard errors' own
/// spread allows), on every choice of a battle whose later choices are guessed.
#[test]
fn more_samples_give_smaller_errors() {
    let battle = common::battle_file("bench/medium.json");
    let errors = |samples| {
        let sampling = Sampling {
            samples,
            seed: 5,
            look_ahead: 0,
            attempt: 1_000,
        };
        let a = estimate_with(
            &battle,
            Objective::Hold,
            Players::Both,
            2_000,
            Decisions::default(),
            &sampling,
            bosworth::solve::watch::UNWATCHED,
        )
        .unwrap();
        let d = a.first_decision.unwrap();
        let mut by_label: Vec<(String, f64)> = d
            .actions
            .iter()
            .map(|x| (x.label.clone(), x.std_error.unwrap()))
            .collect();
        by_label.sort_by(|x, y| x.0.cmp(&y.0));
        (by_label, a.best_std_error.unwrap()[0])
    };
    let (few, few_best) = errors(400);
    let (many, many_best) = errors(1600);
    assert_eq!(few.len(), many.len());
    let mut compared = 0;
    for ((label, a), (_, b)) in few.iter().zip(&many) {
        if *a > 0.0 {
            let ratio = b / a;
            assert!((0.35..0.7).contains(&ratio), "{label}: {a} then {b}");
            compared += 1;
        }
    }
    assert!(compared >= 2, "{few:?}");
    assert!(
        (0.35..0.7).contains(&(many_best / few_best)),
        "{few_best} {many_best}"
    );
}

/// A point of a battle some turns in: the state after `steps` turns of the policy on `seed`'s
/// dice (a replay's step, or where live play stands).
fn some_point(battle: &Battle, seed: u64, steps: usize) -> bosworth::State {
    use bosworth::rules::round::Point;
    let mut rng = bosworth::rules::dice::rng_from_seed(seed);
    let (_, mut s) = bosworth::solve::advice::openings(battle).pop().unwrap();
    for _ in 0..steps {
        let Point::Act(actor) = bosworth::next_point(battle, &mut s) else {
            break;
        };
        let action = bosworth::rules::policy::choose(battle, &s, actor);
        let outs = bosworth::rules::action::outcomes(battle, &s, actor, action);
        s = outs[common::generate::pick(&mut rng, outs.len())].1;
    }
    s
}

/// "Best choice here" at points of generated battles: exact when the rest fits, the values of
/// best play from that point (as the same battle resumed there from a scenario would give them,
/// docs/scenario.md's `progress`); past the budget, estimated, with the same choices.
#[test]
fn best_choice_here_at_any_point() {
    use bosworth::solve::advice::{Advisor, best_here};
    let (mut exact, mut estimated) = (0, 0);
    for seed in 0..120 {
        let battle = random_battle(9000 + seed, 3);
        let s = some_point(&battle, seed, 1 + (seed as usize % 9));
        let mut p = s;
        let bosworth::rules::round::Point::Act(actor) = bosworth::next_point(&battle, &mut p)
        else {
            continue;
        };
        let here = |budget| {
            best_here(
                &battle,
                &s,
                Objective::Hold,
                Players::Both,
                Decisions::default(),
                budget,
                &Sampling::live(),
                bosworth::solve::watch::UNWATCHED,
            )
            .unwrap()
        };
        let answer = here(2_000_000);
        assert_eq!(answer.method, AdviceMethod::Exact);
        let d = answer.decision.unwrap();
        let want = Advisor::new(&battle, Objective::Hold, Players::Both, 2_000_000)
            .decision(&p, actor)
            .unwrap();
        assert_eq!(d, want, "seed {seed}");
        // The same point as a battle of its own, resumed from its scenario: its first decision.
        let resumed = Battle::new(&bosworth::play::resume::scenario_at(&battle, &s)).unwrap();
        let first = advise(&resumed, Objective::Hold, Players::Both, 2_000_000)
            .unwrap()
            .first_decision
            .unwrap();
        for (x, y) in d.actions.iter().zip(&first.actions) {
            assert_eq!(x.label, y.label, "seed {seed}");
            assert!((x.value - y.value).abs() < 1e-9, "seed {seed}: {x:?} {y:?}");
        }
        exact += 1;
        if d.actions.len() < 2 || answer.states < 50 {
            continue;
        }
        // Too large for a budget of a tenth of its states: estimated, every move still valued.
        let small = here(answer.states / 10);
        let AdviceMethod::Estimated(how) = &small.method else {
            panic!("seed {seed}: {small:?}")
        };
        assert_eq!(how.samples, Sampling::live().samples);
        let e = small.decision.unwrap();
        let mut labels: Vec<_> = e.actions.iter().map(|x| x.label.clone()).collect();
        let mut want: Vec<_> = d.actions.iter().map(|x| x.label.clone()).collect();
        labels.sort();
        want.sort();
        assert_eq!(labels, want, "seed {seed}");
        assert!(e.actions.iter().all(|x| x.std_error.is_some()));
        assert!(e.actions[1..].iter().all(|x| x.apart_from_best.is_some()));
        assert!(small.states <= answer.states / 10);
        estimated += 1;
    }
    assert!(
        exact >= 40 && estimated >= 15,
        "{exact} exact, {estimated} estimated"
    );
}
