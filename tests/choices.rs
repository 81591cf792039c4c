//! The players' choices of issue 11: a defector in a side's hit order (D3, R5), per-block retreat
//! plans (6.6, R3), heirs defected elsewhere (3.21, 9.1, R1), and best play choosing which tied
//! block takes the hits (6.4, D3).

mod common;
use bosworth::next_point;
use bosworth::rules::action::{Action, chances, legal_actions, resolve};
use bosworth::rules::log::Silent;
use bosworth::rules::round::Point;
use bosworth::solve::advice::{Advisor, Decisions, Objective, Players};
use bosworth::{Battle, Side, State};
use common::*;
use std::collections::HashMap;

/// Round 3 of a battle under way: Henry VI (King, strength 1) has yet to act and rolls Treachery on
/// Stanley/Y (one die, 1/2, D10); Stanley/Y and Herbert (both strength 1) have acted.
/// If Stanley turns he sits out the rest of round 3 (R6). In round 4 Herbert (A2) fires first:
/// one die, a hit 1/3, on the strongest active Lancastrian, Henry VI and Stanley/L tied at 1;
/// then both Lancastrians must retreat on their turn (B, 6.2, D12). If Stanley stays, Herbert and
/// then Stanley/Y (B2, defending B acts before attacking B, D1) fire at Henry VI alone:
/// he dies with 1/3 + 2/3 x 1/3 = 5/9.
const TIED_WITH_A_DEFECTOR: &str = r#"{"version":1,"king":"Lancaster",
 "attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":1}]},
 "defender":{"house":"York","blocks":[{"id":"Stanley/Y","strength":1},{"id":"Herbert","strength":1}]},
 "policy":{"attacker":{HIT_ORDER"treachery":[{"by":"Henry VI","target":"Stanley/Y","round":3}]}},
 "progress":{"round":3,"acted":["Stanley/Y","Herbert"]}}"#;

#[test]
fn a_defector_first_in_the_hit_order_takes_the_tied_hits() {
    // Default (R5): own blocks before defectors, so Henry VI takes Herbert's hit after Stanley turns:
    // King dies 1/2 x 1/3 + 1/2 x 5/9 = 4/9; Stanley is never eliminated.
    let default = exact(&TIED_WITH_A_DEFECTOR.replace("HIT_ORDER", ""));
    close(default.king_dies.unwrap(), 4.0 / 9.0);
    close(block(&default, "Henry VI").eliminated, 4.0 / 9.0);
    close(block(&default, "Stanley/Y").eliminated, 0.0);
    close(block(&default, "Stanley/Y").defected, 0.5);
    // Stanley/L first (D3): he takes it instead. King dies 1/2 x 5/9 = 5/18; Stanley 1/2 x 1/3 = 1/6.
    let protect =
        exact(&TIED_WITH_A_DEFECTOR.replace("HIT_ORDER", r#""hit_order":["Stanley/L"],"#));
    close(protect.king_dies.unwrap(), 5.0 / 18.0);
    close(block(&protect, "Henry VI").eliminated, 5.0 / 18.0);
    close(block(&protect, "Stanley/Y").eliminated, 1.0 / 6.0);
    // The steps the Lancastrians lose are the same 4/9 (R4: a defector's hits count for his new
    // side); only who takes them moved, by the 1/6 Stanley now takes.
    close(default.sides[0].expected_steps_lost, 4.0 / 9.0);
    close(protect.sides[0].expected_steps_lost, 4.0 / 9.0);
    close(
        block(&default, "Henry VI").eliminated - block(&protect, "Henry VI").eliminated,
        1.0 / 6.0,
    );
}

/// Round 2 under way, no area: Oxford (A2, strength 2) attacks Herbert (A2, strength 1) and
/// retreats once below strength 2. Each round Herbert (defending A) fires first: one die, a hit
/// 1/3, leaving Oxford at 1, who then retreats on his turn (6.6, R3) and York holds. Otherwise
/// Oxford fires two dice: some hit 1 - (2/3)^2 = 5/9, and Herbert falls. In round 4 Oxford must
/// retreat (6.2). Lancaster holds 2/3 x 5/9 + 2/3 x 4/9 x 2/3 x 5/9 = 350/729; Oxford is never
/// eliminated (at 1 he is gone before Herbert can fire again), so he retreats 379/729.
#[test]
fn a_block_retreats_by_its_own_plan() {
    let json = |plan: &str| {
        format!(
            r#"{{"version":1,"king":"Lancaster",
            "attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":2}}]}},
            "defender":{{"house":"York","blocks":[{{"id":"Herbert","strength":1}}]}},
            "policy":{{"attacker":{{"retreats":[{plan}]}}}},
            "progress":{{"round":2}}}}"#
        )
    };
    let planned = exact(&json(r#"{"block":"Oxford","below_strength":2}"#));
    close(planned.attacker_holds, 350.0 / 729.0);
    close(block(&planned, "Oxford").retreated, 379.0 / 729.0);
    close(block(&planned, "Oxford").eliminated, 0.0);
    // A plan for round 4 only changes nothing: he must retreat then anyway (6.2), and without a
    // plan he fights on at strength 1 and may be eliminated.
    let late = exact(&json(r#"{"block":"Oxford","from_round":4}"#));
    assert!(block(&late, "Oxford").eliminated > 0.01);
    assert!(late.attacker_holds > planned.attacker_holds);
}

/// The battle of `scenario` with each order of `side`'s blocks as its hit order (D3), or as its
/// fire order (D2) when `fire`.
fn every_order(json: &str, side: Side, names: &[&str], fire: bool) -> Vec<Battle> {
    fn permutations(items: &[&str]) -> Vec<Vec<String>> {
        if items.is_empty() {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for (i, first) in items.iter().enumerate() {
            let mut rest = items.to_vec();
            rest.remove(i);
            for mut p in permutations(&rest) {
                p.insert(0, first.to_string());
                out.push(p);
            }
        }
        out
    }
    permutations(names)
        .into_iter()
        .map(|order| {
            let mut sc = scenario(json);
            let p = match side {
                Side::Attacker => &mut sc.policy.attacker,
                Side::Defender => &mut sc.policy.defender,
            };
            if fire {
                p.fire_order = order;
            } else {
                p.hit_order = order;
            }
            Battle::new(&sc).unwrap()
        })
        .collect()
}

/// Brute force over every strategy of `me` (objective: hold the area), written apart from the
/// advisor: at each of its turns every legal action of every block that some fire order would
/// move next (a battle per fire order in `fires`, D2); after each enemy fire's dice, every order
/// in which its blocks may take the hits (a battle per hit order in `battles`, D3); the enemy
/// follows the policy.
fn brute_force(
    battles: &[Battle],
    fires: &[Battle],
    me: Side,
    state: State,
    memo: &mut HashMap<State, f64>,
) -> f64 {
    if let Some(&v) = memo.get(&state) {
        return v;
    }
    let plan = &battles[0];
    let mut s = state;
    let v = match next_point(plan, &mut s) {
        Point::End(end) => (end.holder == Some(me)) as u8 as f64,
        Point::Act(next) => {
            let mine = s.side_of(next) == me;
            let mut moves = Vec::new();
            if mine {
                for b in fires {
                    let Point::Act(actor) = next_point(b, &mut s.clone()) else {
                        unreachable!("the same state under another fire order")
                    };
                    for action in legal_actions(plan, &s, actor) {
                        if !moves.contains(&(actor, action)) {
                            moves.push((actor, action));
                        }
                    }
                }
            } else {
                moves.push((next, bosworth::rules::policy::choose(plan, &s, next)));
            }
            let mut best = f64::NEG_INFINITY;
            for (actor, action) in moves {
                let hits_me = !mine && action == Action::Fire;
                let mut q = 0.0;
                for &(p, roll) in chances(plan, &s, actor, action).iter() {
                    let orders = if hits_me { battles } else { &battles[..1] };
                    let mut w = f64::NEG_INFINITY;
                    for b in orders {
                        let mut next = s;
                        resolve(b, &mut next, actor, action, roll, &mut Silent);
                        w = w.max(brute_force(battles, fires, me, next, memo));
                    }
                    q += p * w;
                }
                best = best.max(q);
            }
            best
        }
    };
    memo.insert(state, v);
    v
}

#[test]
fn best_play_with_tie_choices_equals_brute_force_on_a_tiny_battle() {
    // Two equal blocks a side, so every fire that hits leaves its owner a choice (D3).
    let json = r#"{"version":1,"king":"Lancaster",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":2},{"id":"Beaumont","strength":2}]},
        "defender":{"house":"York","blocks":[{"id":"Hastings","strength":2},{"id":"Suffolk","strength":2},{"id":"Essex","strength":1}]}}"#;
    let mut gains = Vec::new();
    for (me, names) in [
        (Side::Attacker, vec!["Oxford", "Beaumont"]),
        (Side::Defender, vec!["Hastings", "Suffolk", "Essex"]),
    ] {
        let battles = every_order(json, me, &names, false);
        let start = battles[0].initial_state();
        let brute = brute_force(&battles, &battles[..1], me, start, &mut HashMap::new());
        let mut with = Advisor::new(&battles[0], Objective::Hold, Players::Only(me), 1_000_000);
        let mut without = Advisor::new(&battles[0], Objective::Hold, Players::Only(me), 1_000_000)
            .with_decisions(Decisions {
                tie_hits: false,
                group_order: false,
            });
        let v_with = with.value(&start).unwrap()[me.index()];
        let v_without = without.value(&start).unwrap()[me.index()];
        close(v_with, brute);
        assert!(v_with >= v_without - 1e-12);
        gains.push(v_with - v_without);
    }
    // Somewhere in this battle the choice is worth something (else the test shows nothing).
    assert!(gains.iter().any(|&g| g > 1e-6), "{gains:?}");
}

#[test]
fn best_play_choosing_who_acts_first_equals_brute_force_on_a_tiny_battle() {
    // Every block a B: each round, whoever of a side's group acts first is the owner's choice (D2).
    let json = r#"{"version":1,"king":"Lancaster",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Beaumont","strength":3},{"id":"Wiltshire","strength":2}]},
        "defender":{"house":"York","blocks":[{"id":"Hastings","strength":2},{"id":"Suffolk","strength":3},{"id":"Essex","strength":1}]}}"#;
    let mut gains = Vec::new();
    for (me, names) in [
        (Side::Attacker, vec!["Beaumont", "Wiltshire"]),
        (Side::Defender, vec!["Hastings", "Suffolk", "Essex"]),
    ] {
        let hits = every_order(json, me, &names, false);
        let fires = every_order(json, me, &names, true);
        let start = hits[0].initial_state();
        let brute = brute_force(&hits, &fires, me, start, &mut HashMap::new());
        let value = |group_order| {
            Advisor::new(&hits[0], Objective::Hold, Players::Only(me), 1_000_000)
                .with_decisions(Decisions {
                    tie_hits: true,
                    group_order,
                })
                .value(&start)
                .unwrap()[me.index()]
        };
        close(value(true), brute);
        assert!(value(true) >= value(false) - 1e-12);
        gains.push(value(true) - value(false));
    }
    assert!(gains.iter().any(|&g| g > 1e-6), "{gains:?}");
}

#[test]
fn best_play_names_the_tied_block_it_spares() {
    // Henry VI and two nobles at 3 against Norfolk and March: best play for keeping the heirs
    // alive lets a noble take tied hits rather than the King.
    let b = battle(
        r#"{"version":1,"king":"Lancaster","area":"Kent",
        "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4},{"id":"March","strength":3}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":3},{"id":"Beaumont","strength":3},{"id":"Oxford","strength":3}]}}"#,
    );
    let advice = bosworth::solve::advice::advise(
        &b,
        Objective::KeepHeirs,
        Players::Both,
        bosworth::DEFAULT_STATE_BUDGET,
    )
    .unwrap();
    let spare_king: Vec<_> = advice
        .ties
        .iter()
        .filter(|t| t.side == Side::Defender && t.spared == "Henry VI")
        .collect();
    assert!(!spare_king.is_empty(), "{:?}", advice.ties);
    assert!(spare_king.iter().all(|t| t.gain > 0.0 && t.chance > 0.0));
    // Without the choice, best play is worth less to Lancaster by at least what the entries add.
    let mut without = Advisor::new(
        &b,
        Objective::KeepHeirs,
        Players::Both,
        bosworth::DEFAULT_STATE_BUDGET,
    )
    .with_decisions(Decisions {
        tie_hits: false,
        group_order: false,
    });
    let v = without.value(&b.initial_state()).unwrap();
    assert!(
        advice.best[1] > v[1] + 0.05,
        "{} vs {}",
        advice.best[1],
        v[1]
    );
}

/// The King and Pretender of a battle, by name.
fn royals(json: &str) -> (Option<String>, Option<String>) {
    let b = battle(json);
    let name = |slot: Option<usize>| slot.map(|i| b.slots()[i].name().to_string());
    (name(b.king()), name(b.pretender()))
}

#[test]
fn clarence_defected_elsewhere_is_passed_over_for_king() {
    // 3.21: the King is the senior living heir of the house on the throne; 9.1: Clarence, defected,
    // is no heir of York. York, March and Rutland dead: Gloucester is King, not Clarence.
    let json = |away: &str| {
        format!(
            r#"{{"version":1,"king":"York","dead":["York","March","Rutland"]{away},
            "attacker":{{"house":"York","blocks":[{{"id":"Gloucester","strength":3}}]}},
            "defender":{{"house":"Lancaster","blocks":[{{"id":"Henry VI","strength":4}}]}}}}"#
        )
    };
    // Without the list Clarence (rank 4) is King, away from this battle: nobody here is King.
    assert_eq!(royals(&json("")), (None, Some("Henry VI".into())));
    assert_eq!(
        royals(&json(r#","defected_elsewhere":["Clarence/L"]"#)),
        (Some("Gloucester".into()), Some("Henry VI".into()))
    );
}

#[test]
fn exeter_defected_elsewhere_is_passed_over_for_pretender() {
    // 3.21 and 9.1 for the other house: Lancaster out of power, Henry VI and Prince Edward dead.
    // Exeter (rank 3) would be Pretender; defected to York elsewhere, Somerset (rank 4) is.
    let json = |away: &str| {
        format!(
            r#"{{"version":1,"king":"York","dead":["Henry VI","Prince Edward"]{away},
            "attacker":{{"house":"Lancaster","blocks":[{{"id":"Somerset","strength":3}}]}},
            "defender":{{"house":"York","blocks":[{{"id":"Stanley/Y","strength":4}}]}}}}"#
        )
    };
    // Without the list Exeter is Pretender, away from this battle.
    assert_eq!(royals(&json("")), (None, None));
    assert_eq!(
        royals(&json(r#","defected_elsewhere":["Exeter/Y"]"#)),
        (None, Some("Somerset".into()))
    );
}

#[test]
fn exeter_defected_elsewhere_is_passed_over_for_king() {
    // Lancaster on the throne, Henry VI and Prince Edward dead: Exeter (rank 3) is King, away from
    // this battle. Defected to York elsewhere, he is no heir of Lancaster (9.1): Somerset is King
    // (3.21), here, with the King's protection from Treachery and his crown bonus to come.
    let json = |away: &str| {
        format!(
            r#"{{"version":1,"king":"Lancaster","dead":["Henry VI","Prince Edward"]{away},
            "attacker":{{"house":"York","blocks":[{{"id":"Warwick/Y","strength":4}}]}},
            "defender":{{"house":"Lancaster","blocks":[{{"id":"Somerset","strength":3}},{{"id":"Buckingham/L","strength":4}}]}},
            "policy":{{"attacker":{{"treachery":[{{"by":"Warwick","target":"Buckingham/L"}}]}}}}}}"#
        )
    };
    assert_eq!(royals(&json("")), (None, None));
    assert_eq!(
        royals(&json(r#","defected_elsewhere":["Exeter/Y"]"#)),
        (Some("Somerset".into()), None)
    );
}

#[test]
fn a_neville_defected_elsewhere_cannot_be_a_hidden_block() {
    // Fog-of-War (R13): a hidden York block may be any York block not dead and not elsewhere;
    // Warwick, defected to Lancaster elsewhere, is not among them.
    let json = |away: &str, hidden: &str| {
        format!(
            r#"{{"version":1,"king":"Lancaster"{away},
            "attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}}]}},
            "defender":{{"house":"York","blocks":[],"hidden":[{hidden}]}}}}"#
        )
    };
    let count = |json: &str| bosworth::Fog::new(&scenario(json)).unwrap().possibilities();
    let away = r#","defected_elsewhere":["Warwick/L"]"#;
    assert_eq!(count(&json(away, "{}")), count(&json("", "{}")) - 1);
    let named = r#"{"candidates":["Warwick/Y","Kent/Y"]}"#;
    assert_eq!(count(&json("", named)), 2);
    assert_eq!(
        bosworth::Fog::new(&scenario(&json(away, named)))
            .unwrap_err()
            .to_string(),
        "defender.hidden[0].candidates[0]: Warwick/Y is defected elsewhere: it cannot be hidden here"
    );
}

#[test]
fn best_play_picks_the_treason_cards_target() {
    // Lancaster holds the Treason card (D11): Stanley/Y (1 die) or Buckingham/Y (1 die) may be
    // its target, and which one turns matters. Best play tries both and rolls at the better.
    let json = |target: &str| {
        format!(
            r#"{{"version":1,"king":"Lancaster","area":"Warwick","treason":"attacker",
            "attacker":{{"house":"Lancaster","blocks":[{{"id":"Henry VI","strength":4}},{{"id":"Beaumont","strength":3}}]}},
            "defender":{{"house":"York","blocks":[{{"id":"Stanley/Y","strength":2}},{{"id":"Buckingham/Y","strength":4}}]}},
            "policy":{{"attacker":{{"treason_target":"{target}"}}}}}}"#
        )
    };
    let value_with = |target: &str| {
        let b = battle(&json(target));
        let mut solver = Advisor::new(
            &b,
            Objective::Hold,
            Players::Only(Side::Attacker),
            1_000_000,
        );
        bosworth::solve::advice::openings(&b)
            .into_iter()
            .map(|(w, s)| w * solver.value(&s).unwrap()[0])
            .sum::<f64>()
    };
    let (stanley, buckingham) = (value_with("Stanley/Y"), value_with("Buckingham/Y"));
    assert!(
        (stanley - buckingham).abs() > 1e-3,
        "the target should matter: {stanley} {buckingham}"
    );
    // Set on the weaker target, best play still finds the better one and says what each is worth.
    let weaker = if stanley < buckingham {
        "Stanley/Y"
    } else {
        "Buckingham/Y"
    };
    let a = bosworth::solve::advice::advise(
        &battle(&json(weaker)),
        Objective::Hold,
        Players::Only(Side::Attacker),
        1_000_000,
    )
    .unwrap();
    close(a.best[0], stanley.max(buckingham));
    assert_eq!(a.treason.len(), 2);
    close(a.treason[0].value, stanley.max(buckingham));
    close(a.treason[1].value, stanley.min(buckingham));
    // The policy's figure is the target as set.
    close(a.policy[0], exact(&json(weaker)).attacker_holds);
    // Only the holder chooses: played best by the other side alone, the target stays as set.
    let d = bosworth::solve::advice::advise(
        &battle(&json(weaker)),
        Objective::Hold,
        Players::Only(Side::Defender),
        1_000_000,
    )
    .unwrap();
    assert!(d.treason.is_empty());
}
