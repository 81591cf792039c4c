//! Battles made deterministic with custom A6 blocks (every die hits) or exact by hand,
//! one rule or decision each.

mod common;
use bosworth::Side;
use bosworth::rules::log::Event;
use common::*;

/// D4: the surplus of the fire that removes a side's last active block is lost, not carried to
/// its reserves; the reserves deploy at once and take hits from enemies that fire later in the
/// round, but may not act until the next. D5: the defender running out in round 1 with reserves
/// left makes the attacker the defender.
#[test]
fn d4_surplus_lost_reserves_deploy_d5_control_changes() {
    let json = r#"{"version":1,
        "attacker":{"house":"Lancaster","blocks":[
            {"custom":{"name":"Hammer","rating":"A6","max_strength":3},"strength":3},
            {"custom":{"name":"Pick","rating":"B6","max_strength":1},"strength":1}]},
        "defender":{"house":"York","blocks":[
            {"custom":{"name":"Anvil","rating":"C1","max_strength":1},"strength":1},
            {"custom":{"name":"Wall","rating":"C1","max_strength":2},"strength":2,"reserve":true}]}}"#;
    let r = exact(json);
    // Round 1: Hammer's 3 hits kill Anvil; 2 are lost (D4). Wall deploys; control changes (D5).
    // Pick (B) then hits Wall: 2 -> 1. Round 2: the attacker as entered now defends and fires
    // first in A: Hammer kills Wall. Had the surplus carried over, the battle would end in round 1.
    close(r.control_changes, 1.0);
    close(r.ends_in_round[1], 1.0);
    close(r.attacker_holds, 1.0);
    close(r.sides[1].steps_lost[3], 1.0);
    let replay = bosworth::replay(&battle(json), 1);
    assert!(
        replay
            .events
            .iter()
            .any(|e| matches!(e, Event::HitsLost { hits: 2, .. }))
    );
    assert!(replay.events.iter().any(|e| matches!(
        e,
        Event::ControlChanges {
            defender: Side::Attacker
        }
    )));
}

/// D5 and 6.2: after a control change the defender as entered must retreat in round 4, and the
/// attacker as entered, now defending, acts first within a letter (D1).
///
/// Tap (custom A1, strength 1) attacks Anvil (C1, 1); Wall (A1, 1) is the defender's reserve. Every
/// die hits with 1/6 (q), misses with 5/6.
///
/// Round 1 (Wall waits, 6.3): Tap fires first (A). With 1/6 Anvil falls, Wall deploys and cannot
/// act (D4, R6), and control changes (D5): Tap now defends, Wall attacks. Otherwise Anvil (C)
/// fires: 1/6 kills Tap (Lancaster, the defender as entered, holds in round 1: 5/36), else round 2.
///
/// After the change (1/6): Tap and Wall are both A, and the defending A, now Tap, fires first in
/// rounds 2-4. Rounds 2 and 3: Tap kills Wall with 1/6, else Wall kills Tap with (5/6)(1/6) = 5/36,
/// else on with c = 25/36. Round 4: Tap fires (1/6), else Wall, the attacker now, must retreat on
/// its turn (6.2, D12): Wall retreats with (1/6)(25/36)^2(5/6) = 3125/46656 (had Wall kept the
/// first turn, it would retreat before Tap fired: (1/6)(25/36)^2 = 625/7776). York (the attacker as
/// entered) holds after the change with 1/6 + (25/36)(1/6) + (25/36)^2 = 991/1296.
///
/// Without it (25/36 reach round 2): Wall (defending A), Tap (attacking A), Anvil (defending C).
/// Wall kills Tap with 1/6; else Tap's hit (1/6) goes to Anvil, first of the tied pair in
/// Lancaster's listing (D3); else Anvil kills Tap with 1/6. With Anvil gone, Tap kills Wall with
/// (5/6)(1/6) in a later round; from round 2 only an Anvil falling in round 2 and Wall in round 3
/// lets York hold: (25/36)(5/36)(5/36) = 625/46656. In round 4 Wall fires (1/6), then Tap retreats.
///
/// - control changes = 1/6; attacker holds = (1/6)(991/1296) + 625/46656 = 6571/46656;
///   defender holds = 40085/46656; never vacant.
/// - Wall retreated 3125/46656 (only after the change); eliminated (1/6)(1/6)(1 + 25/36 +
///   (25/36)^2) + 625/46656 = 2821/46656 + 625/46656 = 1723/23328.
/// - Anvil eliminated: 1/6 in round 1, or by Tap in round 2 or 3 without the change:
///   1/6 + (25/36)(5/36)(1 + 125/216) = 89281/279936.
#[test]
fn d5_new_attacker_must_retreat_in_round_four_and_the_new_defender_acts_first() {
    let r = exact(
        r#"{"version":1,
        "attacker":{"house":"York","blocks":[{"custom":{"name":"Tap","rating":"A1","max_strength":1},"strength":1}]},
        "defender":{"house":"Lancaster","blocks":[
            {"custom":{"name":"Anvil","rating":"C1","max_strength":1},"strength":1},
            {"custom":{"name":"Wall","rating":"A1","max_strength":1},"strength":1,"reserve":true}]}}"#,
    );
    close(r.control_changes, 1.0 / 6.0);
    close(r.attacker_holds, 6571.0 / 46656.0);
    close(r.defender_holds, 40085.0 / 46656.0);
    close(r.vacant, 0.0);
    let wall = block(&r, "Wall");
    close(wall.retreated, 3125.0 / 46656.0);
    close(wall.eliminated, 1723.0 / 23328.0);
    close(block(&r, "Anvil").eliminated, 89281.0 / 279936.0);
}

/// D12: with no retreat capacity, the attacker's forced retreat in round 4 eliminates it.
#[test]
fn d12_no_exit_turns_the_round_four_retreat_into_elimination() {
    let json = |cap: &str| {
        format!(
            r#"{{"version":1,
            "attacker":{{"house":"Lancaster","blocks":[{{"custom":{{"name":"Dud","rating":"A1","max_strength":1}},"strength":1}}]{cap}}},
            "defender":{{"house":"York","blocks":[{{"custom":{{"name":"Post","rating":"B1","max_strength":1}},"strength":1}}]}}}}"#
        )
    };
    // Rounds 1-3: Dud (A) hits 1/6, else Post (B) hits 1/6. Round 4: Dud, acting first (A),
    // must retreat at once (6.2): it reaches that turn with (25/36)^3.
    let reach = (25.0f64 / 36.0).powi(3);
    let open = exact(&json(""));
    close(block(&open, "Dud").retreated, reach);
    let shut = exact(&json(r#","retreat_capacity":0"#));
    close(block(&shut, "Dud").retreated, 0.0);
    close(
        block(&shut, "Dud").eliminated,
        block(&open, "Dud").eliminated + reach,
    );
    close(shut.defender_holds, open.defender_holds);
}

/// 6.6, D12: a voluntary retreat plan pulls blocks out from its round, never in round 1, and
/// uses one unit of capacity per block per round.
#[test]
fn voluntary_retreat_from_round_two_with_capacity_one() {
    let json = r#"{"version":1,
        "attacker":{"house":"Lancaster","blocks":[
            {"custom":{"name":"One","rating":"A1","max_strength":1},"strength":1},
            {"custom":{"name":"Two","rating":"A1","max_strength":1},"strength":1}],"retreat_capacity":1},
        "defender":{"house":"York","blocks":[{"custom":{"name":"Post","rating":"D1","max_strength":4},"strength":4}]},
        "policy":{"attacker":{"retreat":{"from_round":2}}}}"#;
    let b = battle(json);
    let mut retreats_seen = 0;
    for seed in 0..300 {
        let mut round = 1;
        let mut this_round = 0;
        for e in bosworth::replay(&b, seed).events {
            match e {
                Event::RoundStarts { round: r, .. } => (round, this_round) = (r, 0),
                Event::Retreats { .. } => {
                    assert!(round >= 2, "seed {seed}: a retreat in round 1");
                    this_round += 1;
                    retreats_seen += 1;
                    assert!(
                        this_round <= 1,
                        "seed {seed}: capacity 1 exceeded in round {round}"
                    );
                }
                _ => {}
            }
        }
    }
    assert!(retreats_seen > 100);
    // With no capacity limit, no attacking block fires after round 1 (both retreat in round 2),
    // so Post's expected loss is the round-1 fire only: 2 dice at 1/6 = 1/3 of a step. With
    // capacity 1, Two must fire in round 2 while One leaves, so Post loses more.
    let unlimited = exact(&json.replace(r#","retreat_capacity":1"#, ""));
    close(unlimited.sides[1].expected_steps_lost, 2.0 / 6.0);
    close(unlimited.ends_in_round[2] + unlimited.ends_in_round[3], 0.0);
    assert!(exact(json).sides[1].expected_steps_lost > 2.0 / 6.0 + 0.01);
}

/// D11: the Treason card's roll before round 1; the turned block sits out round 1 in the
/// holder's reserve and fights from round 2.
#[test]
fn d11_treason_card_turns_a_block_before_round_one() {
    let r = exact(
        r#"{"version":1,"treason":"defender",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Stanley/L","strength":2},{"id":"Oxford","strength":3}]},
        "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]}}"#,
    );
    // Default target: the block that defects most easily: Stanley/L, 1 die (Oxford is a rose noble).
    close(block(&r, "Stanley/L").defected, 0.5);
    let b = battle(
        r#"{"version":1,"treason":"defender",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Stanley/L","strength":2},{"id":"Oxford","strength":3}]},
        "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]}}"#,
    );
    // Every replay where the roll succeeds: Stanley does not act in round 1, arrives from the
    // reserve at the start of round 2, and acts in round 2 when the battle lasts to his turn.
    let (mut turned, mut acted_in_round_2) = (0, 0);
    for seed in 0..64 {
        let events = bosworth::replay(&b, seed).events;
        if !events.iter().any(|e| matches!(e, Event::Defects { .. })) {
            continue;
        }
        turned += 1;
        let acts_in = |round: u8| {
            events.iter().any(
                |e| matches!(e, Event::Acts { block, round: r, .. } if block == "Stanley/Y" && *r == round),
            )
        };
        assert!(!acts_in(1), "seed {seed}: Stanley/Y acts in round 1");
        if let Some(Event::RoundStarts { arrive, .. }) = events
            .iter()
            .find(|e| matches!(e, Event::RoundStarts { round: 2, .. }))
        {
            assert_eq!(arrive, &["Stanley/Y"], "seed {seed}");
        }
        acted_in_round_2 += acts_in(2) as u32;
    }
    assert!(turned >= 20, "only {turned} of 64 rolls succeeded");
    assert!(
        acted_in_round_2 >= 10,
        "Stanley/Y acted in round 2 in only {acted_in_round_2} of {turned} battles"
    );
}

/// D7: Dorset is Somerset's own shield; once Somerset is dead it serves the senior Lancaster heir.
#[test]
fn d7_dead_heirs_shield_serves_the_senior_heir() {
    let rating = |dead: &str| {
        let b = battle(&format!(
            r#"{{"version":1,"area":"Dorset","king":"York","dead":[{dead}],
            "attacker":{{"house":"York","blocks":[{{"id":"Norfolk","strength":4}}]}},
            "defender":{{"house":"Lancaster","blocks":[{{"id":"Richmond","strength":3}}]}}}}"#
        ));
        bosworth::fire_order(&b)[0]
            .turns
            .iter()
            .find(|t| t.block == "Richmond")
            .unwrap()
            .rating
            .clone()
    };
    assert_eq!(rating(""), "B2");
    assert_eq!(rating(r#""Somerset""#), "B3");
}

/// D6: the Nevilles may use a dead Neville's shield.
#[test]
fn d6_neville_uses_a_dead_nevilles_shield() {
    let rating = |dead: &str| {
        let b = battle(&format!(
            r#"{{"version":1,"area":"Warwick","dead":[{dead}],
            "attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}}]}},
            "defender":{{"house":"York","blocks":[{{"id":"Kent/Y","strength":3}}]}}}}"#
        ));
        bosworth::fire_order(&b)[0]
            .turns
            .iter()
            .find(|t| t.block == "Kent/Y")
            .unwrap()
            .rating
            .clone()
    };
    assert_eq!(rating(""), "A2");
    assert_eq!(rating(r#""Warwick/L""#), "A3");
}

/// D6: bonuses belong only to the side defending; the attacker on its own shield gets nothing.
#[test]
fn d6_no_bonus_for_the_attacker() {
    let b = battle(
        r#"{"version":1,"area":"East Anglia",
        "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4},{"id":"Norwich (levy)","strength":4}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]}}"#,
    );
    let ratings: Vec<String> = bosworth::fire_order(&b)[0]
        .turns
        .iter()
        .map(|t| t.rating.clone())
        .collect();
    assert_eq!(ratings, ["A2", "B2", "C2"]);
}

/// 6.9, D10, 6.2: a block turned in round 3 to the attacker's side fights from round 4, where,
/// like every attacking block, it must retreat on its turn (D12); it never ends round 4 in the area.
#[test]
fn round_three_defector_to_the_attacker_retreats_in_round_four() {
    let b = battle(
        r#"{"version":1,"king":"Lancaster",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4}]},
        "defender":{"house":"York","blocks":[{"id":"Stanley/Y","strength":4},{"custom":{"name":"Rock","rating":"D1","max_strength":4},"strength":4}]},
        "policy":{"attacker":{"treachery":[{"by":"Henry VI","target":"Stanley/Y","round":3}]}}}"#,
    );
    let mut reached = 0;
    for seed in 0..400 {
        let events = bosworth::replay(&b, seed).events;
        let defected = events.iter().any(|e| matches!(e, Event::Defects { .. }));
        let round_4 = events
            .iter()
            .position(|e| matches!(e, Event::RoundStarts { round: 4, .. }));
        let (true, Some(at)) = (defected, round_4) else {
            continue;
        };
        reached += 1;
        let left = events[at..].iter().any(|e| {
            matches!(e, Event::Retreats { block, .. } | Event::CannotRetreat { block } if block == "Stanley/L")
                || matches!(e, Event::Eliminated { block, .. } if block == "Stanley/L")
        });
        assert!(
            left,
            "seed {seed}: Stanley/L stayed in the area after round 4"
        );
    }
    assert!(
        reached >= 20,
        "only {reached} battles reached round 4 with Stanley turned"
    );
}

/// 9.1: Clarence cannot be turned while he is the Pretender.
#[test]
fn clarence_as_pretender_cannot_be_turned() {
    let e = error(
        r#"{"version":1,"king":"Lancaster","dead":["York","March","Rutland"],
        "attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4}]},
        "defender":{"house":"York","blocks":[{"id":"Clarence/Y","strength":3}]},
        "policy":{"attacker":{"treachery":[{"by":"Henry VI","target":"Clarence/Y"}]}}}"#,
    );
    assert_eq!(
        e.to_string(),
        "policy.attacker.treachery[0].target: Clarence/Y is the Pretender and cannot be turned (9.1, D10)"
    );
}

/// 9.1: a defected heir (Exeter/Y) counts as a possible Lancaster heir only while a Lancaster
/// roller could turn him back in this battle; turned back, his death is an heir's death.
#[test]
fn defected_heir_counts_as_heir_only_if_he_can_turn_back() {
    let json = |attacker: &str| {
        format!(
            r#"{{"version":1,"king":"Lancaster",
            "attacker":{{"house":"Lancaster","blocks":[{attacker}]}},
            "defender":{{"house":"York","blocks":[{{"id":"Exeter/Y","strength":1}}]}}}}"#
        )
    };
    let none = exact(&json(r#"{"id":"Oxford","strength":3}"#));
    assert_eq!(none.lancaster_heir_dies, None);
    let with_warwick = exact(&json(r#"{"id":"Warwick/L","strength":1}"#));
    assert_eq!(
        with_warwick.lancaster_heir_dies,
        Some(0.0),
        "no plan to roll, so he never turns back"
    );
}

/// R10, D15: Exeter killed as the noble Exeter/Y goes to the pool, alive, so Cornwall stays his
/// shield and does not serve the senior Lancaster heir.
#[test]
fn r10_exeter_killed_as_a_noble_keeps_his_shield() {
    let b = battle(
        r#"{"version":1,"area":"Cornwall","king":"Lancaster",
        "attacker":{"house":"York","blocks":[{"id":"Exeter/Y","strength":1},{"custom":{"name":"Wall","rating":"D1","max_strength":1},"strength":1}]},
        "defender":{"house":"Lancaster","blocks":[{"custom":{"name":"Killer","rating":"A6","max_strength":1},"strength":1},{"id":"Henry VI","strength":4}]}}"#,
    );
    let replay = bosworth::replay(&b, 1);
    assert!(
        replay
            .events
            .iter()
            .any(|e| matches!(e, Event::Eliminated { block, .. } if block == "Exeter/Y"))
    );
    let henry = replay
        .events
        .iter()
        .find_map(|e| match e {
            Event::Acts { block, rating, .. } if block == "Henry VI" => rating.clone(),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        henry, "B3",
        "the crown only: Exeter lives on in York's pool"
    );
}

/// R12: a reserve that deploys mid-round (D4) takes a charge's hits but does not fire back.
#[test]
fn r12_deployed_reserve_does_not_fire_back_at_a_charge() {
    let b = battle(
        r#"{"version":1,"king":"Lancaster","dead":["York"],
        "attacker":{"house":"York","blocks":[{"custom":{"name":"Killer","rating":"A6","max_strength":1},"strength":1},{"id":"March","strength":3}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Beaumont","strength":1},{"id":"Oxford","strength":3,"reserve":true}]},
        "policy":{"attacker":{"charges":[{"target":"Oxford","round":1}]}}}"#,
    );
    let (mut charged, mut hit) = (0, 0);
    for seed in 0..40 {
        let events = bosworth::replay(&b, seed).events;
        let round_1: Vec<&Event> = events
            .iter()
            .take_while(|e| !matches!(e, Event::RoundStarts { .. }))
            .collect();
        let charge = round_1
            .iter()
            .position(|e| matches!(e, Event::Acts { action, .. } if action == "charge"));
        charged += charge.is_some() as u32;
        // The charge's hits land on Oxford, deployed this round.
        hit += charge.is_some_and(|at| {
            round_1[at..]
                .iter()
                .any(|e| matches!(e, Event::Hit { block, .. } if block == "Oxford"))
        }) as u32;
        assert!(
            !round_1
                .iter()
                .any(|e| matches!(e, Event::Acts { action, .. } if action == "counter-fire")),
            "seed {seed}"
        );
    }
    assert_eq!(charged, 40);
    // March (A3) charges with 3 dice at 1/2: he misses with all three only 1 time in 8.
    assert!(
        hit >= 25,
        "the charge hit Oxford in only {hit} of 40 battles"
    );
}

/// R1, 3.21: when the Pretender falls, the next heir of his house is the Pretender at once: he
/// may roll and may not be turned. The King, by 6.81, is not replaced during the battle.
#[test]
fn r1_the_pretender_is_succeeded_at_once() {
    use bosworth::rules::action::{Action, legal_actions, outcomes};
    use bosworth::rules::round::Point;
    let b = battle(
        r#"{"version":1,"king":"Lancaster","dead":["March","Rutland"],
        "attacker":{"house":"York","blocks":[{"id":"York","strength":3},{"id":"Clarence/Y","strength":1},{"id":"Buckingham/Y","strength":2}]},
        "defender":{"house":"Lancaster","blocks":[{"custom":{"name":"Killer","rating":"A6","max_strength":3},"strength":3},
                                                  {"id":"Henry VI","strength":4}]}}"#,
    );
    let (york, clarence, buckingham, henry) = (0, 1, 2, 4);
    let mut s = b.initial_state();
    assert_eq!(b.pretender_now(&s), Some(york));
    let Point::Act(killer) = bosworth::next_point(&b, &mut s) else {
        panic!()
    };
    assert!(legal_actions(&b, &s, killer).contains(&Action::Fire));
    // Killer's three hits all land on York (the strongest): he falls.
    let outs = outcomes(&b, &s, killer, Action::Fire);
    assert_eq!(outs.len(), 1);
    s = outs[0].1;
    assert_eq!(s.strength(york), 0);
    assert_eq!(
        b.pretender_now(&s),
        Some(clarence),
        "Clarence is Pretender at once"
    );
    let Point::Act(actor) = bosworth::next_point(&b, &mut s) else {
        panic!()
    };
    assert_eq!(actor, henry);
    let henry_can = legal_actions(&b, &s, henry);
    assert!(
        !henry_can.contains(&Action::Treachery(clarence)),
        "the Pretender cannot be turned (9.1)"
    );
    assert!(
        henry_can.contains(&Action::Treachery(buckingham)),
        "Henry is King and may roll"
    );
}

/// Live play refuses a turn that is not legal or dice that are not the turn's.
#[test]
fn live_play_checks_the_action_and_the_dice() {
    use bosworth::rules::action::Action;
    let b = battle(
        r#"{"version":1,
        "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]},
        "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]}}"#,
    );
    // Oxford (A2) acts first: three dice.
    assert_eq!(
        bosworth::play::live::play(&b, Action::Fire, &[1, 2], &[]).unwrap_err(),
        "this turn rolls 3 dice, not 2"
    );
    assert_eq!(
        bosworth::play::live::play(&b, Action::Fire, &[1, 2, 7], &[]).unwrap_err(),
        "7 is not a die roll (1-6)"
    );
    assert!(
        bosworth::play::live::play(&b, Action::Retreat, &[], &[])
            .unwrap_err()
            .contains("not a legal action"),
        "no retreat in round 1 (6.6)"
    );
    let t = bosworth::play::live::play(&b, Action::Fire, &[1, 2, 6], &[]).unwrap();
    let next = bosworth::Battle::new(&t.next.unwrap()).unwrap();
    assert_eq!(next.slots()[1].strength, 2, "two hits on Norfolk");
}
