//! The rulebook's own examples, and the decisions' worked cases.

mod common;
use common::*;

/// 6.4: "Stanley 3 rolls 3 dice; B2: rolls of 1 and 2 hit." Three dice at firepower 2, each
/// hitting with 1/3: no hit (2/3)^3 = 8/27, one 3(1/3)(2/3)^2 = 12/27, two 3(1/3)^2(2/3) = 6/27,
/// three (1/3)^3 = 1/27.
///
/// In a battle, where Stanley fires at the only enemy block: round 4 of a battle in which
/// Stanley/L (B2, strength 3) defends and Norfolk (B2, strength 3) attacks. The defending B fires
/// first (6.2); Norfolk then must retreat on his turn (6.2, D12), with no limit on retreats. So
/// Norfolk ends at 3 with 8/27, at 2 with 12/27, at 1 with 6/27 (all retreated), and is
/// eliminated with 1/27.
///
/// In round 1 of the same two blocks with Stanley attacking, Norfolk (defending B) fires first and
/// may cost Stanley dice: Norfolk is unhurt after round 1 with
/// (8/27)(8/27) + (12/27)(2/3)^2 + (6/27)(2/3) + (1/27)(1) = (64 + 144 + 108 + 27)/729 = 343/729
/// (Stanley at 3, 2, 1 or dead when his turn comes), not 8/27.
#[test]
fn rule_6_4_stanley_three_dice_at_b2() {
    let row = &bosworth::rules::dice::HITS[3][2];
    close(row[0], 8.0 / 27.0);
    close(row[1], 12.0 / 27.0);
    close(row[2], 6.0 / 27.0);
    close(row[3], 1.0 / 27.0);

    let r = exact(
        r#"{"version":1,"attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":3}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Stanley/L","strength":3}]},
            "progress":{"round":4}}"#,
    );
    let norfolk = block(&r, "Norfolk");
    for (k, want) in [1.0, 6.0, 12.0, 8.0, 0.0].iter().enumerate() {
        close(norfolk.final_strength[k], want / 27.0);
    }
    close(norfolk.retreated, 26.0 / 27.0);
    close(r.defender_holds, 1.0);

    let b = battle(
        r#"{"version":1,"attacker":{"house":"Lancaster","blocks":[{"id":"Stanley/L","strength":3}]},
            "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":3}]}}"#,
    );
    let order = bosworth::fire_order(&b);
    // Both B2: the defender's B blocks go first (6.2).
    assert_eq!(order[0].turns[0].block, "Norfolk");
    assert_eq!(order[0].turns[1].block, "Stanley/L");
    assert_eq!(order[0].turns[1].rating, "B2");
    // Round 1 through the transition function: Norfolk's fire, then Stanley's.
    use bosworth::rules::action::{Action, outcomes};
    use bosworth::rules::round::Point;
    let (stanley, norfolk) = (0, 1);
    let mut unhurt = 0.0;
    let mut start = b.initial_state();
    let Point::Act(first) = bosworth::next_point(&b, &mut start) else {
        panic!("nobody acts first")
    };
    assert_eq!(first, norfolk);
    for (p, mut s) in outcomes(&b, &start, norfolk, Action::Fire) {
        match bosworth::next_point(&b, &mut s) {
            Point::Act(next) => {
                assert_eq!(next, stanley);
                for (q, after) in outcomes(&b, &s, stanley, Action::Fire) {
                    if after.strength(norfolk) == 3 {
                        unhurt += p * q;
                    }
                }
            }
            // Stanley fell to Norfolk's three hits (1/27): Norfolk is unhurt.
            Point::End(_) => unhurt += p,
        }
    }
    close(unhurt, 343.0 / 729.0);
}

/// Sidebar to 6.2: "Herbert (A2) and Clarence (B2) attack Rivers (B2): Herbert, Rivers, Clarence."
#[test]
fn sidebar_herbert_clarence_attack_rivers() {
    let b = battle(
        r#"{"version":1,"king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Herbert","strength":3},{"id":"Clarence/Y","strength":3}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Rivers/L","strength":2}]}}"#,
    );
    for round in bosworth::fire_order(&b).iter().take(3) {
        let names: Vec<&str> = round.turns.iter().map(|t| t.block.as_str()).collect();
        assert_eq!(
            names,
            ["Herbert", "Rivers/L", "Clarence/Y"],
            "round {}",
            round.round
        );
        let ratings: Vec<&str> = round.turns.iter().map(|t| t.rating.as_str()).collect();
        assert_eq!(ratings, ["A2", "B2", "B2"]);
    }
}

/// 2.3: "Exeter defends Cornwall at A3" (his own shield +1 and the crown +1 as senior royal heir);
/// "a more senior heir, if present, would get the crown +1 instead".
#[test]
fn rule_2_3_exeter_defends_cornwall_at_a3() {
    let alone = battle(
        r#"{"version":1,"area":"Cornwall","king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3}]}}"#,
    );
    let t = &bosworth::fire_order(&alone)[0].turns[0];
    assert_eq!((t.block.as_str(), t.rating.as_str()), ("Exeter/L", "A3"));
    assert!(
        t.reasons
            .iter()
            .any(|r| r.contains("crown") && r.contains("2.3"))
    );

    let with_henry = battle(
        r#"{"version":1,"area":"Cornwall","king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3},{"id":"Henry VI","strength":4}]}}"#,
    );
    let order = &bosworth::fire_order(&with_henry)[0].turns;
    let rating = |name: &str| {
        order
            .iter()
            .find(|t| t.block == name)
            .unwrap()
            .rating
            .clone()
    };
    assert_eq!(rating("Exeter/L"), "A2", "still his own shield (D7)");
    assert_eq!(
        rating("Henry VI"),
        "B3",
        "the crown goes to the senior heir"
    );
}

/// 2.3 and D7: when York holds the throne the crown serves York's senior heir, not Exeter.
#[test]
fn crown_serves_only_the_kings_house() {
    let b = battle(
        r#"{"version":1,"area":"Cornwall","king":"York",
            "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3}]}}"#,
    );
    assert_eq!(bosworth::fire_order(&b)[0].turns[0].rating, "A2");
}

/// 6.91: Kent and Salisbury are loyalty 2, but 1 when Warwick rolls; Warwick may not roll on
/// Northumberland or Westmoreland.
#[test]
fn rule_6_91_warwick_loyalties() {
    let kent_vs = |roller: &str, king: &str| {
        let r = exact(&format!(
            r#"{{"version":1,"king":"{king}","dead":["York","March","Rutland"],
                "attacker":{{"house":"York","blocks":[{{"id":"{roller}","strength":1}}]}},
                "defender":{{"house":"Lancaster","blocks":[{{"id":"Kent/L","strength":1}}]}},
                "policy":{{"attacker":{{"treachery":[{{"by":"{roller}","target":"Kent/L","round":1}}]}}}}}}"#
        ));
        block(&r, "Kent/L").defected
    };
    // Kent/L (A2) fires first and may kill the roller: P(survive) = 2/3 at strength 1.
    close(kent_vs("Warwick/Y", "Lancaster"), 2.0 / 3.0 * 0.5);
    // Clarence/Y (B2) is the Pretender here (York, March, Rutland dead); he needs 2 dice.
    close(kent_vs("Clarence/Y", "Lancaster"), 2.0 / 3.0 * 0.25);
    let e = error(
        r#"{"version":1,"attacker":{"house":"York","blocks":[{"id":"Warwick/Y","strength":4}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Northumberland/L","strength":4}]},
            "policy":{"attacker":{"treachery":[{"by":"Warwick/Y","target":"Northumberland/L"}]}}}"#,
    );
    assert_eq!(e.field, "policy.attacker.treachery[0].target");
    assert!(e.reason.contains("6.91"), "{e}");
}

/// 6.2 and D1: a Bombard is A3 in round 1 and D3 after; a reserve Bombard never gets A3.
#[test]
fn bombard_a3_then_d3_and_never_a3_from_reserve() {
    let b = battle(
        r#"{"version":1,
            "attacker":{"house":"Lancaster","blocks":[{"id":"Bombard/L","strength":3},{"id":"Oxford","strength":3}]},
            "defender":{"house":"York","blocks":[{"id":"Herbert","strength":3},{"id":"Bombard/Y","strength":3,"reserve":true}]}}"#,
    );
    let order = bosworth::fire_order(&b);
    let names = |r: usize| {
        order[r]
            .turns
            .iter()
            .map(|t| format!("{} {}", t.block, t.rating))
            .collect::<Vec<_>>()
    };
    // Round 1: defending A (Herbert), then attacking A in listing order (Bombard, Oxford).
    assert_eq!(names(0), ["Herbert A2", "Bombard/L A3", "Oxford A2"]);
    assert_eq!(order[0].waiting.len(), 1);
    // Round 2: the Bombards are D3, the defender's first.
    assert_eq!(
        names(1),
        ["Herbert A2", "Oxford A2", "Bombard/Y D3", "Bombard/L D3"]
    );
}

/// The public planning rules the app uses: who may roll, and the dice against each target.
#[test]
fn planning_rules_for_rollers_and_targets() {
    let b = battle(
        r#"{"version":1,"king":"Lancaster","dead":["March","Rutland"],
        "attacker":{"house":"York","blocks":[{"id":"York","strength":3},{"id":"Clarence/Y","strength":3},{"id":"Warwick/Y","strength":4},{"id":"Norfolk","strength":4}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4},{"id":"Kent/L","strength":3},{"id":"Northumberland/L","strength":4,"reserve":true},{"id":"Oxford","strength":3}]}}"#,
    );
    use bosworth::Side;
    assert_eq!(
        b.possible_rollers(Side::Attacker),
        vec![0, 1, 2],
        "York (Pretender), Clarence (next in line), Warwick"
    );
    assert_eq!(
        b.possible_rollers(Side::Defender),
        vec![4],
        "Henry VI, the King"
    );
    assert_eq!(
        b.treachery_dice(Some(2), 5),
        Some(1),
        "Warwick against Kent: one die (6.91)"
    );
    assert_eq!(b.treachery_dice(Some(0), 5), Some(2));
    assert_eq!(
        b.treachery_dice(Some(2), 6),
        None,
        "Warwick may not roll on Northumberland (6.91)"
    );
    assert_eq!(
        b.treachery_dice(Some(0), 6),
        Some(2),
        "a reserve may be targeted once it arrives"
    );
    assert_eq!(
        b.treachery_dice(Some(0), 7),
        None,
        "a rose noble never defects"
    );
    assert_eq!(
        b.treachery_dice(Some(4), 0),
        None,
        "the Pretender cannot be turned (9.1)"
    );
    assert_eq!(
        b.treachery_dice(None, 1),
        Some(1),
        "the Treason card against Clarence/Y"
    );
    assert!(b.has_heir(Side::Attacker) && b.has_heir(Side::Defender));
}
