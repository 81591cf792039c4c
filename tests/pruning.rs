//! Best play's shortcuts (`src/solve/advice/certain.rs`): moves after an unbeatable one are not
//! valued, and a state whose outcome is settled whatever the attacker does is followed along
//! best play's own moves only, or valued on the spot. They must never change a value: on
//! generated battles, for every objective, whoever plays best and whichever choices best play
//! makes, the advisor reports what the plain search (every move of every decision valued,
//! `Advisor::exhaustive`) reports, to the last bit: the value from the start, every action of
//! the first decision, the outline and the tied hits, and the value and best move at every
//! point of battles played at random.

mod common;
use bosworth::rules::action::{legal_actions, outcomes};
use bosworth::rules::dice::rng_from_seed;
use bosworth::rules::round::Point;
use bosworth::solve::advice::{Advisor, Decisions, Objective, Players, openings};
use bosworth::{Battle, Side, State};
use common::battle;
use common::generate::{pick, random_battle};
use rand::Rng;

const BUDGET: usize = 5_000_000;

/// Bit for bit.
fn same(x: [f64; 2], y: [f64; 2], what: &str) {
    assert_eq!(
        (x[0].to_bits(), x[1].to_bits()),
        (y[0].to_bits(), y[1].to_bits()),
        "{what}: {x:?} against {y:?}"
    );
}

/// States a battle played at random from its openings meets at its decision points: each
/// action drawn among the legal ones, each result by its chance.
fn played(b: &Battle, seed: u64, battles: usize) -> Vec<(State, usize)> {
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    for _ in 0..battles {
        let starts = openings(b);
        let mut s = starts[pick(&mut rng, starts.len())].1;
        while let Point::Act(actor) = bosworth::next_point(b, &mut s) {
            out.push((s, actor));
            let legal = legal_actions(b, &s, actor);
            let action = legal[pick(&mut rng, legal.len())];
            let results = outcomes(b, &s, actor, action);
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let mut acc = 0.0;
            let mut next = results[results.len() - 1].1;
            for &(p, r) in &results {
                acc += p;
                if u < acc {
                    next = r;
                    break;
                }
            }
            s = next;
        }
    }
    out
}

/// The advisor against the plain search on `b`: every figure bit for bit, at the start and at
/// every point of `battles` played at random. Returns the states each solved.
fn compare(
    b: &Battle,
    objective: Objective,
    players: Players,
    decide: Decisions,
    seed: u64,
    battles: usize,
) -> (usize, usize) {
    let what = format!("seed {seed}, {objective:?}, {players:?}, {decide:?}");
    let new = || Advisor::new(b, objective, players, BUDGET).with_decisions(decide);
    let (mut fast, mut plain) = (new(), new().exhaustive());
    for (_, s) in openings(b) {
        same(fast.value(&s).unwrap(), plain.value(&s).unwrap(), &what);
    }
    let (_, mut start) = *openings(b).last().unwrap();
    if let Point::Act(actor) = bosworth::next_point(b, &mut start) {
        let (x, y) = (
            fast.decision(&start, actor).unwrap(),
            plain.decision(&start, actor).unwrap(),
        );
        assert_eq!(x.actions.len(), y.actions.len(), "{what}");
        for (a, c) in x.actions.iter().zip(&y.actions) {
            assert_eq!(a.label, c.label, "{what}");
            assert_eq!(a.value.to_bits(), c.value.to_bits(), "{what}: {}", a.label);
        }
    }
    assert_eq!(fast.outline().unwrap(), plain.outline().unwrap(), "{what}");
    for (s, actor) in played(b, seed, battles) {
        let here = format!("{what}, round {} at {s:?}", s.round());
        same(fast.value(&s).unwrap(), plain.value(&s).unwrap(), &here);
        assert_eq!(
            fast.best_move(&s, actor).unwrap(),
            plain.best_move(&s, actor).unwrap(),
            "{here}"
        );
    }
    (fast.states(), plain.states())
}

/// Generated battles of up to three blocks a side, both sides playing their best, the area at
/// stake: the figures are the plain search's, and the shortcuts spare states (so they are put
/// to the test).
#[test]
fn shortcuts_change_no_value_when_both_play_best() {
    let (mut fast, mut plain) = (0, 0);
    for seed in 0..40 {
        let b = random_battle(31_000 + seed, 3);
        let (x, y) = compare(
            &b,
            Objective::Hold,
            Players::Both,
            Decisions::default(),
            seed,
            20,
        );
        fast += x;
        plain += y;
    }
    assert!(
        fast * 4 < plain * 3,
        "the shortcuts spared little: {fast} against {plain}"
    );
}

/// The same for one side playing its best (the other by its policy: settled states are then
/// followed, not valued on the spot), the other objectives (only the unbeatable move counts
/// there), the tied hits by the hit order, and best play choosing who acts first in a group.
#[test]
fn shortcuts_change_no_value_for_other_players_objectives_and_choices() {
    let choose_order = Decisions {
        tie_hits: true,
        group_order: true,
    };
    let hit_order = Decisions {
        tie_hits: false,
        group_order: false,
    };
    let (mut fast, mut plain) = (0, 0);
    for seed in 0..24 {
        let b = random_battle(32_000 + seed, 3);
        let cases = [
            (
                Objective::Hold,
                Players::Only(Side::Defender),
                Decisions::default(),
            ),
            (
                Objective::Hold,
                Players::Only(Side::Attacker),
                Decisions::default(),
            ),
            (Objective::KillRoyal, Players::Both, Decisions::default()),
            (Objective::KeepHeirs, Players::Both, Decisions::default()),
            (Objective::Steps, Players::Both, Decisions::default()),
            (Objective::Hold, Players::Both, hit_order),
            (Objective::Hold, Players::Both, choose_order),
        ];
        let (objective, players, decide) = cases[seed as usize % cases.len()];
        let (x, y) = compare(&b, objective, players, decide, seed, 20);
        if players == Players::Only(Side::Defender) {
            fast += x;
            plain += y;
        }
    }
    assert!(
        fast < plain,
        "settled states were never followed: {fast} against {plain}"
    );
}

/// A block of four steps that fires with one die in six (a custom B1) has a chance table that
/// does not add up to exactly 1 as computed: settled states are then followed, not valued on
/// the spot, and the figures are still the plain search's.
#[test]
fn shortcuts_change_no_value_where_a_table_does_not_add_up_to_one() {
    let b = battle(
        r#"{"version":1,"area":"Kent",
        "attacker":{"house":"York","blocks":[
            {"custom":{"name":"Big","rating":"B1","max_strength":4},"strength":4},
            {"id":"Norfolk","strength":2}]},
        "defender":{"house":"Lancaster","blocks":[
            {"id":"Oxford","strength":3},{"id":"Pembroke","strength":3},
            {"id":"Devon","strength":2,"reserve":true}]}}"#,
    );
    let (fast, plain) = compare(
        &b,
        Objective::Hold,
        Players::Both,
        Decisions::default(),
        7,
        400,
    );
    assert!(fast < plain, "{fast} against {plain}");
}
