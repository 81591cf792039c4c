//! Small battles worked out by hand, as exact fractions.

mod common;
use common::*;

/// 1 against 1, both A2 at strength 1, no area. Each round the defender's A block fires first
/// (6.2): it kills with 1/3; else the attacker kills with 1/3. Round 4: the defender fires, then
/// the attacker must retreat (6.2). P(attacker holds) = (2/9)(1 + 4/9 + 16/81) = 266/729.
#[test]
fn one_against_one_four_rounds() {
    let r = exact(
        r#"{"version":1,
        "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":1}]},
        "defender":{"house":"York","blocks":[{"id":"Herbert","strength":1}]}}"#,
    );
    close(r.attacker_holds, 266.0 / 729.0);
    close(r.defender_holds, 463.0 / 729.0);
    close(r.vacant, 0.0);
    close(r.ends_in_round[0], 405.0 / 729.0);
    close(r.ends_in_round[1], 180.0 / 729.0);
    close(r.ends_in_round[2], 80.0 / 729.0);
    close(r.ends_in_round[3], 64.0 / 729.0);
    // Oxford reaches round 4 alive with (4/9)^3 = 64/729, then survives Herbert's fire with 2/3.
    close(block(&r, "Oxford").retreated, 64.0 / 729.0 * 2.0 / 3.0);
    close(
        block(&r, "Oxford").final_strength[1],
        64.0 / 729.0 * 2.0 / 3.0 + 266.0 / 729.0,
    );
    close(
        r.sides[0].expected_steps_lost,
        block(&r, "Oxford").eliminated,
    );
}

/// 6.5, D9: March (A3, strength 1) charges Beaumont (B2, strength 1) in round 1; later rounds
/// he fires. Round 1: the charge kills with 1/2; else Beaumont's bonus fire kills March with 1/3,
/// and if not, Beaumont's own turn kills with 1/3. Rounds 2-3: March kills 1/2, else Beaumont 1/3.
/// Round 4: March must retreat at once (A before B).
/// P(attacker) = 1/2 + (2/9)(1/2) + (2/9)(1/3)(1/2) = 35/54.
/// P(March eliminated) = 5/18 + (2/9)(1/2)(1/3) + (2/9)(1/3)(1/2)(1/3) = 53/162.
#[test]
fn heir_charge_with_counter_fire() {
    let r = exact(
        r#"{"version":1,"king":"Lancaster","dead":["York"],
        "attacker":{"house":"York","blocks":[{"id":"March","strength":1}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Beaumont","strength":1}]},
        "policy":{"attacker":{"charges":[{"target":"Beaumont","round":1}]}}}"#,
    );
    close(r.attacker_holds, 35.0 / 54.0);
    close(r.defender_holds, 19.0 / 54.0);
    close(block(&r, "March").eliminated, 53.0 / 162.0);
    close(block(&r, "March").retreated, 2.0 / 81.0);
    // With York dead, March is the Pretender (R1).
    close(r.pretender_dies.unwrap(), 53.0 / 162.0);
    close(r.york_heir_dies.unwrap(), 53.0 / 162.0);
    assert_eq!(r.king_dies, None);
}

/// 6.9, D10: Henry VI (the King, B2, strength 1) rolls against Rivers/Y (loyalty 2, B2, strength 1)
/// in round 1. Rivers fires first (defender) and kills with 1/3; else 2 dice all even (1/4) turn
/// Rivers, who leaves the defender with no block: the attacker holds at once (D13).
/// P(attacker) = (2/3)(1/4) + (1/2)(2/9) + (1/2)(4/9)(2/9) = 53/162.
#[test]
fn treachery_roll_loyalty_two_is_one_in_four() {
    let r = exact(
        r#"{"version":1,"king":"Lancaster",
        "attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":1}]},
        "defender":{"house":"York","blocks":[{"id":"Rivers/Y","strength":1}]},
        "policy":{"attacker":{"treachery":[{"by":"Henry VI","target":"Rivers/Y","round":1}]}}}"#,
    );
    close(block(&r, "Rivers/Y").defected, 1.0 / 6.0);
    close(r.attacker_holds, 53.0 / 162.0);
    // The King dies: round 1 1/3, round 2 (1/2)(1/3), round 3 (1/2)(4/9)(1/3), round 4 (1/2)(16/81)(1/3).
    close(
        r.king_dies.unwrap(),
        1.0 / 3.0 + 1.0 / 6.0 + 2.0 / 27.0 + 8.0 / 243.0,
    );
}

/// One round: Wiltshire (B2, strength 2) attacks Suffolk (B2, strength 1). The defender fires
/// first (6.2): its one die hits with 1/3, taking one of Wiltshire's two steps. Then Wiltshire
/// fires its remaining dice at 1/3 each and any hit eliminates Suffolk: with 1 die 1/3, with
/// 2 dice 1 - (2/3)^2 = 5/9. Round 1 ends the battle with (1/3)(1/3) + (2/3)(5/9) = 13/27.
#[test]
fn one_against_one_first_round() {
    let r = exact(
        r#"{"version":1,
        "attacker":{"house":"Lancaster","blocks":[{"id":"Wiltshire","strength":2}]},
        "defender":{"house":"York","blocks":[{"id":"Suffolk","strength":1}]}}"#,
    );
    close(r.ends_in_round[0], 13.0 / 27.0);
}
