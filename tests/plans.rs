//! The attack planner's figures and ranking (docs/board.md): every plan it reports is its battle
//! as the fog of war solves it, the ranking agrees with every plan solved exactly, and the
//! enemy's reinforcements obey 6.3.

use bosworth::board::{
    Board, Options, Position, Reinforce, Role, battle, plans, rank, reinforcements, target,
};
use bosworth::rules::movement::area_index;
use bosworth::{Fog, Side};

fn position(json: &str) -> Position {
    let board: Board =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("bad test JSON: {e}\n{json}"));
    Position::new(&board).unwrap_or_else(|e| panic!("invalid board: {e}"))
}

fn at(name: &str) -> usize {
    area_index(name).unwrap()
}

/// The issue's Kent question with `hidden` unseen Lancaster blocks in Kent.
fn kent(hidden: u8) -> Position {
    position(&format!(
        r#"{{"kind":"board","version":1,"house":"York","card":3,"areas":[
        {{"area":"Middlesex","blocks":[{{"id":"March","strength":3}},{{"id":"Hastings","strength":3}},
          {{"id":"Herbert","strength":3}}]}},
        {{"area":"Essex","blocks":[{{"id":"Norfolk","strength":4}}]}},
        {{"area":"Kent","enemy":{hidden}}}]}}"#
    ))
}

fn quick() -> Options {
    Options {
        runs: 3_000,
        screen_budget: 200_000,
        // The best plan may take the larger budget (and is then exact on the Kent board).
        exact_best: 1,
        ..Options::default()
    }
}

#[test]
fn every_plan_is_its_battle_as_the_fog_of_war_solves_it() {
    let p = kent(3);
    let t = target(&p, at("Kent")).unwrap();
    let r = rank(&p, t, &quick(), &|_| true).unwrap();
    assert_eq!(r.considered, 64);
    assert!(r.plans.len() >= 10);
    // The plan the screening ranked best took the larger budget, which its mixture fits (about
    // 17 M states): it is exact, and so it is among the plans reported, wherever it now ranks.
    assert!(
        r.plans.iter().any(|a| matches!(
            a.figures.method,
            bosworth::solve::report::Method::Exact { .. }
        ) && a.plan.ways.len() == 4),
        "no four-block plan is exact"
    );
    for a in &r.plans {
        // The battle obeys the map: Fog::new checks its borders too.
        let fog = Fog::new(&a.scenario).unwrap();
        let report = match a.figures.method {
            bosworth::solve::report::Method::MonteCarlo { runs, seed } => {
                // The best plans get every run; those there only for the Pareto front, a quarter.
                assert!(runs == 3_000 || runs == 750, "{runs} runs");
                assert_eq!(seed, 1);
                fog.simulate(runs, seed).report
            }
            bosworth::solve::report::Method::Exact { .. } => {
                fog.solve(Options::default().best_budget).unwrap().report
            }
        };
        assert_eq!(a.figures.hold, report.attacker_holds);
        assert_eq!(
            a.figures.own_steps_lost,
            report.sides[0].expected_steps_lost
        );
        assert_eq!(
            a.figures.enemy_steps_lost,
            report.sides[1].expected_steps_lost
        );
        // March is York's only heir here: his risk is his line's.
        let march = report.blocks.iter().find(|b| b.name == "March");
        assert_eq!(
            a.figures.heirs.first().map(|h| h.dies),
            march.map(|b| b.eliminated)
        );
    }
    // Best first; the Pareto front holds a plan for the fewest blocks committed.
    assert!(
        r.plans
            .windows(2)
            .all(|w| w[0].figures.hold >= w[1].figures.hold)
    );
    assert!(r.plans[0].pareto);
    let fewest = r.plans.iter().map(|a| a.plan.ways.len()).min().unwrap();
    assert_eq!(fewest, 1);
    for a in r.plans.iter().filter(|a| a.pareto) {
        assert!(!r.plans.iter().any(|b| {
            b.figures.hold > a.figures.hold
                && b.figures.own_steps_lost <= a.figures.own_steps_lost
                && b.plan.ways.len() <= a.plan.ways.len()
        }));
    }
    // The best plan commits all four, Norfolk by Middlesex, one of the Middlesex blocks by
    // Sussex (Middlesex-Kent takes three, 5.21).
    let best = &r.plans[0];
    assert_eq!(best.plan.ways.len(), 4);
    assert_eq!(best.plan.entries(), {
        let mut e = vec![at("Middlesex"), at("Sussex")];
        e.sort();
        e
    });
}

#[test]
fn the_ranking_agrees_with_every_plan_solved_exactly() {
    // One unseen block: every plan's mixture solves exactly, so the brute force ranks them all.
    // York's blocks worn down (the full-strength Kent board wins 99.9% whatever the plan), so
    // that the plans lie apart.
    let p = position(
        r#"{"kind":"board","version":1,"house":"York","card":3,"areas":[
        {"area":"Middlesex","blocks":[{"id":"March","strength":1},{"id":"Hastings","strength":1},
          {"id":"Herbert","strength":2}]},
        {"area":"Essex","blocks":[{"id":"Norfolk","strength":1}]},
        {"area":"Kent","enemy":1}]}"#,
    );
    let t = target(&p, at("Kent")).unwrap();
    let all = plans(&p, t).plans;
    assert_eq!(all.len(), 64);
    let budget = Options::default().exact_budget;
    let mut exact: Vec<(f64, Vec<usize>, Vec<usize>)> = all
        .iter()
        .map(|plan| {
            let sc = battle(&p, plan, &[]);
            let r = Fog::new(&sc).unwrap().solve(budget).unwrap();
            (r.report.attacker_holds, plan.active(), plan.reserves())
        })
        .collect();
    exact.sort_by(|a, b| b.0.total_cmp(&a.0));
    let top = 5;
    let r = rank(
        &p,
        t,
        &Options {
            top,
            ..Options::default()
        },
        &|_| true,
    )
    .unwrap();
    // Every reported plan is exact here, and equals its brute-force figure.
    for a in &r.plans {
        assert!(matches!(
            a.figures.method,
            bosworth::solve::report::Method::Exact { .. }
        ));
        let e = exact
            .iter()
            .find(|e| e.1 == a.plan.active() && e.2 == a.plan.reserves())
            .unwrap();
        assert_eq!(a.figures.hold, e.0);
    }
    // Every reported figure is exact, so the reported plans are in the brute force's order.
    assert!(
        r.plans
            .windows(2)
            .all(|w| w[0].figures.hold >= w[1].figures.hold),
        "not best first"
    );
    // The screening chose the right best j plans wherever the brute force's j-th and (j+1)-th
    // lie further apart than its sampling could blur: 3 points, more than 5 standard errors of
    // a plan's screened chance once it has survived the halving (512 draws of 16 battles, 0.55
    // points at most). Then the reported best j hold as often as the brute force's best j (by
    // value: two plans may hold exactly as often, as the two here that keep a different
    // strength-1 block in reserve do, and either is then the best).
    let mut checked = 0;
    for j in 1..=top {
        if exact[j - 1].0 - exact[j].0 > 0.03 {
            checked += 1;
            for k in 0..j {
                assert_eq!(
                    r.plans[k].figures.hold,
                    exact[k].0,
                    "rank {} of the best {j}: {:?} in reserve {:?}",
                    k + 1,
                    r.plans[k].plan.active(),
                    r.plans[k].plan.reserves()
                );
            }
        }
    }
    // The board was chosen so that the check above says something.
    assert!(
        checked >= 1,
        "no gap over 3 points among the best {top}: {exact:?}"
    );
}

#[test]
fn the_enemy_reinforces_as_player_two() {
    // York (Player 1) attacks Kent; Lancaster has blocks in Sussex and in Surrey's stead
    // Middlesex is York's. Sussex's blocks may reinforce Kent across Sussex-Kent (6.3).
    let json = |player: u8| {
        format!(
            r#"{{"kind":"board","version":1,"house":"York","card":3,"player":{player},"areas":[
            {{"area":"Middlesex","blocks":[{{"id":"March","strength":3}},{{"id":"Hastings","strength":3}}]}},
            {{"area":"Sussex","enemy":5,"enemy_known":[{{"id":"Oxford","strength":2}}]}},
            {{"area":"Kent","enemy":1}}]}}"#
        )
    };
    let p = position(&json(1));
    let t = target(&p, at("Kent")).unwrap();
    let all = plans(&p, t).plans;
    let direct = all
        .iter()
        .find(|plan| plan.ways.len() == 2 && plan.entries() == [at("Middlesex")])
        .unwrap();
    assert!(reinforcements(&p, direct, Reinforce::None).is_empty());
    let groups = reinforcements(&p, direct, Reinforce::All);
    // All six of Sussex's come: four across the major Sussex-Kent border, the known Oxford
    // first (R23), and two by Middlesex, which York's blocks left vacant (R20, R22).
    assert_eq!(groups.len(), 2);
    assert_eq!((groups[0].blocks(), groups[0].entry()), (4, at("Sussex")));
    assert_eq!(groups[0].known.len(), 1);
    assert_eq!(
        (groups[1].blocks(), groups[1].entry()),
        (2, at("Middlesex"))
    );
    let sc = battle(&p, direct, &groups);
    assert_eq!(sc.defender.hidden.len(), 6);
    assert!(sc.defender.hidden[1..].iter().all(|h| h.reserve));
    // York may not retreat by Sussex, which Lancaster's reinforcements crossed (6.6, R20).
    // A valid battle (too many compositions to list: Monte Carlo draws them).
    let fog = Fog::new(&sc).unwrap();
    assert_eq!(fog.hidden_blocks(), 6);
    let b = bosworth::Battle::new(&{
        let mut s = sc.clone();
        s.defender
            .blocks
            .extend(
                s.defender
                    .hidden
                    .drain(..)
                    .map(|h| bosworth::scenario::BlockEntry {
                        id: Some("Clifford".into()),
                        custom: None,
                        strength: 3,
                        reserve: h.reserve,
                        from: h.from,
                    }),
            );
        // Distinct blocks for the check.
        let ids = [
            "Somerset",
            "Clifford",
            "Beaumont",
            "Devon",
            "Pembroke",
            "Wiltshire",
        ];
        for (k, e) in s.defender.blocks.iter_mut().skip(1).enumerate() {
            e.id = Some(ids[k].into());
            e.strength = if ids[k] == "Devon" { 2 } else { 3 };
        }
        s
    })
    .unwrap();
    // Kent's two borders are closed to York: Sussex, which only Lancaster crossed, and
    // Middlesex, which both crossed and only Player 2 may then use (6.6): York cannot retreat.
    assert_eq!(b.retreat_capacity(Side::Attacker), Some(0));
    assert_eq!(b.retreat_capacity(Side::Defender), Some(7));
    // As Player 2, York's attack gets no reinforcement: the enemy has moved.
    let p2 = position(&json(2));
    let t2 = target(&p2, at("Kent")).unwrap();
    let plan2 = plans(&p2, t2).plans.into_iter().next().unwrap();
    assert!(reinforcements(&p2, &plan2, Reinforce::All).is_empty());
    let ranked = rank(
        &p,
        t,
        &Options {
            reinforce: Reinforce::All,
            ..quick()
        },
        &|_| true,
    )
    .unwrap();
    assert!(ranked.plans.iter().all(|a| !a.reinforcements.is_empty()));
}

#[test]
fn player_two_reinforces_its_own_defence() {
    // Lancaster (Player 1) attacked Chester as in the Pinning Example, three from Derby and one
    // from Warwick; York, Player 2, defends with two and has a block in Powys to bring in.
    let p = position(
        r#"{"kind":"board","version":1,"house":"York","card":2,"player":2,"areas":[
        {"area":"Chester","enemy":4,"blocks":[{"id":"March","strength":3},{"id":"Suffolk","strength":1}],
         "attacked_from":[{"from":"Derby","blocks":3},{"from":"Warwick","blocks":1,"reserve":true}]},
        {"area":"Powys","blocks":[{"id":"Worcester","strength":2}]}]}"#,
    );
    let t = target(&p, at("Chester")).unwrap();
    assert_eq!(t.role, Role::Reinforce);
    let r = rank(&p, t, &quick(), &|_| true).unwrap();
    // Two plans: stand as they are, or bring Worcester in as a reserve.
    assert_eq!(r.considered, 2);
    for a in &r.plans {
        let sc = &a.scenario;
        assert_eq!(sc.defender.house, bosworth::data::House::York);
        assert_eq!(sc.attacker.hidden.len(), 4);
        assert_eq!(
            sc.attacker.hidden.iter().filter(|h| !h.reserve).count(),
            3,
            "the Main Attack by Derby"
        );
        Fog::new(sc).unwrap();
        assert!(a.figures.hold > 0.0 && a.figures.hold < 1.0);
    }
}

/// Issue 35: a ranking's exact mixtures shared out between Web Workers. `screen`, then each
/// worker's `presolve` share, their memos merged, then `finish`: the ranking `rank` gives, bit
/// for bit, whatever the number of workers; `finish` then solves none of those mixtures again;
/// and one screening assessed twice (the page's first pass, then the final one) is `rank`'s
/// each time.
#[test]
fn the_ranking_shared_between_workers_is_rank_s() {
    use bosworth::board::Presolved;
    use bosworth::board::{NO_STAGES, screen};
    use std::sync::atomic::{AtomicUsize, Ordering};
    let p = kent(2);
    let t = target(&p, at("Kent")).unwrap();
    // The two best may take the larger budget; the others' mixtures do not fit the smaller
    // one, so they are sampled.
    let options = Options {
        top: 4,
        exact_best: 2,
        exact_budget: 5_000,
        ..quick()
    };
    let whole = format!("{:?}", rank(&p, t, &options, &|_| true).unwrap());
    let screened = screen(&p, t, &options, false, &|_| true, NO_STAGES).unwrap();
    let first = Options {
        runs: 500,
        exact_budget: 20_000,
        exact_best: 0,
        ..options.clone()
    };
    assert_eq!(
        format!(
            "{:?}",
            screened
                .finish(&p, &first, &Presolved::new(), &|_| true, NO_STAGES)
                .unwrap()
        ),
        format!("{:?}", rank(&p, t, &first, &|_| true).unwrap()),
        "a first pass on the same screening"
    );
    // The work `finish` does (states solved and battles fought), told to its watch.
    let work = |memo: &Presolved| {
        let n = AtomicUsize::new(0);
        let r = screened
            .finish(
                &p,
                &options,
                memo,
                &|k| {
                    n.fetch_add(k, Ordering::Relaxed);
                    true
                },
                NO_STAGES,
            )
            .unwrap();
        (format!("{r:?}"), n.into_inner())
    };
    let (alone, alone_work) = work(&Presolved::new());
    assert_eq!(alone, whole);
    let mut one_worker_work = 0;
    for workers in 1..=3 {
        let mut memo = Presolved::new();
        for k in 0..workers {
            let part = screened
                .presolve(&p, &options, (k, workers), &|_| true, NO_STAGES)
                .unwrap();
            memo.merge(part);
        }
        assert!(
            !memo.is_empty(),
            "the best plans' mixtures are solved exactly"
        );
        let (shared, shared_work) = work(&memo);
        assert_eq!(shared, whole, "{workers} workers");
        assert!(
            shared_work < alone_work / 2,
            "{workers} workers: finish worked {shared_work}, alone {alone_work}"
        );
        // With helpers, they also sample the plans not tried exactly: `finish` fights none.
        assert_eq!(memo.simulated() > 0, workers > 1, "{workers} workers");
        if workers > 1 {
            assert!(
                shared_work < one_worker_work,
                "{workers} workers: finish worked {shared_work}, after one worker's share {one_worker_work}"
            );
        } else {
            one_worker_work = shared_work;
        }
        // A pass asked with other runs and budgets finds none of it usable but the battles
        // solved: `rank`'s figures for those options.
        let other = Options {
            runs: options.runs / 2,
            ..options.clone()
        };
        assert_eq!(
            format!(
                "{:?}",
                screened
                    .finish(&p, &other, &memo, &|_| true, NO_STAGES)
                    .unwrap()
            ),
            format!("{:?}", rank(&p, t, &other, &|_| true).unwrap()),
            "{workers} workers, other runs"
        );
    }
}
