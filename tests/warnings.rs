//! Choices the rules set aside (issue 36, R35): each plan of a policy that the engine skips at
//! the round it names is reported by `Battle::warnings` with its field and rule, the figures
//! staying those of the battle without it; and the fire order names the plans in play and, for
//! an heir with a roll and a charge in one round, which he makes (R3, R35).

mod common;
use bosworth::{Battle, fire_order};
use common::*;

/// Bosworth 1485 (`examples/bosworth-1485.json`) with its Treachery plan moved: `ROUND` for
/// Richmond's roll on Stanley/Y (in reserve, 6.3) and `CHARGES` for the attacker's charges.
const BOSWORTH: &str = r#"{"version":1,"area":"Leicester","king":"York",
 "dead":["York","March","Rutland","Clarence/Y","Henry VI","Prince Edward","Exeter/L","Somerset","Warwick/Y","Salisbury/Y","Kent/Y"],
 "attacker":{"house":"Lancaster","blocks":[{"id":"Richmond","strength":3},{"id":"Oxford","strength":3},{"id":"Pembroke","strength":3}]},
 "defender":{"house":"York","blocks":[{"id":"Gloucester","strength":3},{"id":"Norfolk","strength":4},
   {"id":"Northumberland/Y","strength":4},{"id":"Stanley/Y","strength":4,"reserve":true}]},
 "policy":{"attacker":{CHARGES"treachery":[{"by":"Richmond","target":"Stanley/Y"ROUND}]}}}"#;

fn bosworth(round: &str, charges: &str) -> String {
    BOSWORTH.replace("ROUND", round).replace("CHARGES", charges)
}

fn fields(b: &Battle) -> Vec<String> {
    b.warnings().iter().map(|w| w.field.clone()).collect()
}

#[test]
fn the_examples_and_a_plain_battle_have_no_warnings() {
    for name in [
        "barnet-1471",
        "bosworth-1485",
        "east-anglia",
        "every-choice",
        "mortimers-cross-1461",
        "northampton-1460",
        "st-albans-1455",
        "tewkesbury-1471",
        "towton-1461",
        "treachery-advice",
        "wakefield-1460",
    ] {
        let b = battle_file(&format!("examples/{name}.json"));
        assert_eq!(b.warnings(), &[], "{name}");
    }
    assert!(battle(&bosworth(r#","round":2"#, "")).warnings().is_empty());
    assert!(battle(&bosworth("", "")).warnings().is_empty()); // first chance: round 2
}

#[test]
fn a_roll_in_round_1_on_a_reserve_is_flagged_with_6_3_and_changes_nothing() {
    let b = battle(&bosworth(r#","round":1"#, ""));
    assert_eq!(fields(&b), ["policy.attacker.treachery[0].round"]);
    let reason = &b.warnings()[0].reason;
    assert!(
        reason.starts_with(
            "Stanley/Y is in reserve in round 1 and cannot be targeted before round 2 (6.3, D4, D10)"
        ),
        "{reason}"
    );
    // The figures are those of no roll at all (R3 skips the plan), to the last bits of rounding
    // (the roll's bits in the state's key change the order of the sums).
    let with = exact(&bosworth(r#","round":1"#, ""));
    let none = exact(&bosworth(r#","round":1"#, "").replace(
        r#""treachery":[{"by":"Richmond","target":"Stanley/Y","round":1}]"#,
        r#""treachery":[]"#,
    ));
    close(with.attacker_holds, none.attacker_holds);
    close(with.pretender_dies.unwrap(), none.pretender_dies.unwrap());
    close(with.attacker_holds, 1.4382624102715443e-5);
    // ... and the fire order gives Richmond no roll in round 1, none later either.
    let order = fire_order(&b);
    assert!(
        order
            .iter()
            .all(|r| r.turns.iter().all(|t| t.plan.is_none()))
    );
}

#[test]
fn a_charge_and_a_roll_by_one_heir_in_one_round_say_the_roll_is_made() {
    let b = battle(&bosworth(
        r#","round":2"#,
        r#""charges":[{"target":"Gloucester"}],"#,
    ));
    assert_eq!(fields(&b), ["policy.attacker.charges[0]"]);
    let reason = &b.warnings()[0].reason;
    assert!(
        reason.starts_with("Richmond has a Treachery roll on Stanley/Y planned for round 2 (treachery[0]): in round 2 he makes the roll, not this charge"),
        "{reason}"
    );
    assert!(reason.ends_with("(R3, R35)"), "{reason}");
    // The fire order: Richmond charges in rounds 1 and 3, rolls in round 2 and says the charge
    // waits; in round 4 the attacker must retreat (6.2, D12).
    let order = fire_order(&b);
    let richmond = |round: usize| {
        order[round - 1]
            .turns
            .iter()
            .find(|t| t.block == "Richmond")
            .and_then(|t| t.plan.clone())
            .unwrap_or_default()
    };
    assert!(
        richmond(1).starts_with("charges Gloucester instead of firing"),
        "{}",
        richmond(1)
    );
    assert_eq!(
        richmond(2),
        "Treachery roll on Stanley/Y instead of firing: 1 die, all even to turn (6.9, D10); his charge on Gloucester planned for this round is not made: the roll comes first (R3, R35)"
    );
    assert!(
        richmond(3).starts_with("charges Gloucester"),
        "{}",
        richmond(3)
    );
    assert_eq!(richmond(4), "");
    // A charge in round 3 only does not meet the roll: no warning.
    let apart = battle(&bosworth(
        r#","round":2"#,
        r#""charges":[{"target":"Gloucester","round":3}],"#,
    ));
    assert!(apart.warnings().is_empty());
}

#[test]
fn charges_in_round_1_on_or_by_a_reserve_and_in_round_4_by_the_attacker_are_flagged() {
    let b = battle(&bosworth(
        r#","round":2"#,
        r#""charges":[{"target":"Stanley/Y","round":1},{"target":"Norfolk","round":4}],"#,
    ));
    // With Stanley/Y in reserve control may change in round 1 (D5), and Lancaster may then
    // defend and charge in round 4: only the round-1 charge is set aside.
    assert_eq!(fields(&b), ["policy.attacker.charges[0].round"]);
    assert!(b.warnings()[0].reason.starts_with(
        "Stanley/Y is in reserve in round 1 and cannot be charged before round 2 (6.3, D4, D9)"
    ));
    let b = battle(
        &bosworth(
            r#","round":2"#,
            r#""charges":[{"target":"Stanley/Y","round":1},{"target":"Norfolk","round":4}],"#,
        )
        .replace(
            r#"{"id":"Stanley/Y","strength":4,"reserve":true}"#,
            r#"{"id":"Stanley/Y","strength":4}"#,
        ),
    );
    assert_eq!(fields(&b), ["policy.attacker.charges[1].round"]);
    assert!(
        b.warnings()[0]
            .reason
            .starts_with("the attacker may charge only in rounds 1-3 (D9)")
    );
    // The defender's heir in reserve has no turn in round 1 (6.3, D4).
    let b = battle(
        &bosworth(r#","round":2"#, "")
            .replace(
                r#"{"id":"Gloucester","strength":3}"#,
                r#"{"id":"Gloucester","strength":3,"reserve":true}"#,
            )
            .replace(
                r#""policy":{"attacker""#,
                r#""policy":{"defender":{"charges":[{"target":"Oxford","round":1,"by":"Gloucester"}]},"attacker""#,
            ),
    );
    assert_eq!(fields(&b), ["policy.defender.charges[0].round"]);
    assert!(b.warnings()[0].reason.starts_with(
        "Gloucester is in reserve in round 1 and has no turn before round 2 (6.3, D4)"
    ));
}

#[test]
fn an_attackers_roll_in_round_4_is_flagged_unless_control_may_change() {
    // Richmond's roll on Northumberland/Y in round 4, with Stanley/Y fighting from round 1: the attacker
    // rolls only in rounds 1-3 and retreats in round 4 (D10, 6.2, D12).
    let sc = bosworth(r#","round":4"#, "")
        .replace(r#""target":"Stanley/Y""#, r#""target":"Northumberland/Y""#);
    let fighting = sc.replace(
        r#"{"id":"Stanley/Y","strength":4,"reserve":true}"#,
        r#"{"id":"Stanley/Y","strength":4}"#,
    );
    let b = battle(&fighting);
    assert_eq!(fields(&b), ["policy.attacker.treachery[0].round"]);
    assert!(
        b.warnings()[0]
            .reason
            .starts_with("the attacker may make Treachery rolls only in rounds 1-3 (D10)")
    );
    // With Stanley/Y in reserve, control may change in round 1 (D5): Lancaster then defends in
    // round 4 and may roll, so the plan is not set aside.
    assert!(battle(&sc).warnings().is_empty());
}

#[test]
fn a_side_with_no_retreat_capacity_has_its_retreat_plans_flagged() {
    let sc = r#"{"version":1,"king":"York",
     "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}],"retreat_capacity":0},
     "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":3}]},
     "policy":{"attacker":{"retreat":{"from_round":2}}}}"#;
    let b = battle(sc);
    assert_eq!(fields(&b), ["policy.attacker.retreat"]);
    assert!(
        b.warnings()[0]
            .reason
            .starts_with("the attacker has no retreat capacity (0)")
    );
    assert!(b.warnings()[0].reason.contains("(6.6, D12)"));
}

#[test]
fn a_treason_card_with_no_target_is_flagged_and_a_played_one_is_in_the_fire_order() {
    // The King alone defends: he may not be rolled at (D10), so the card has no target (D11).
    let sc = r#"{"version":1,"king":"Lancaster","treason":"attacker",
     "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":3}]},
     "defender":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4}]}}"#;
    let b = battle(sc);
    assert_eq!(fields(&b), ["treason"]);
    assert!(
        b.warnings()[0]
            .reason
            .contains("the attacker makes no Treason roll")
    );
    assert!(b.warnings()[0].reason.contains("D11"));
    assert!(fire_order(&b)[0].treason.is_none());
    // every-choice.json: the attacker's card on Stanley/Y (1 die), before the first turn.
    let b = battle_file("examples/every-choice.json");
    assert_eq!(
        fire_order(&b)[0].treason.as_deref(),
        Some(
            "before the first turn, the attacker plays the Treason card: a Treachery roll on Stanley/Y, 1 die, all even to turn (D11, R2)"
        )
    );
    assert!(fire_order(&b)[1].treason.is_none());
}

#[test]
fn a_battle_under_way_is_not_warned_of_plans_for_rounds_it_has_played() {
    // From round 3, a charge and a roll planned for round 2 are history, not choices set aside.
    let sc = bosworth(
        r#","round":2"#,
        r#""charges":[{"target":"Gloucester","round":2}],"#,
    )
    .replace(
        r#"{"id":"Stanley/Y","strength":4,"reserve":true}"#,
        r#"{"id":"Stanley/Y","strength":4}"#,
    )
    .replace(r#""policy""#, r#""progress":{"round":3},"policy""#);
    assert!(battle(&sc).warnings().is_empty());
}

/// Lancaster holds the Treason card against Gloucester (the King, never a target, 6.9, D10)
/// and one York block no one has seen (`HIDDEN`).
const TREASON_HIDDEN: &str = r#"{"version":1,"area":"Leicester","king":"York","treason":"attacker",
 "dead":["York","March","Rutland","Clarence/Y","Henry VI","Prince Edward","Exeter/L","Somerset","Warwick/Y","Salisbury/Y","Kent/Y"],
 "attacker":{"house":"Lancaster","blocks":[{"id":"Richmond","strength":3},{"id":"Oxford","strength":3}]},
 "defender":{"house":"York","blocks":[{"id":"Gloucester","strength":3}],"hidden":[HIDDEN]}}"#;

fn fog_warnings(hidden: &str) -> Vec<bosworth::Warning> {
    let sc = scenario(&TREASON_HIDDEN.replace("HIDDEN", hidden));
    bosworth::Fog::new(&sc).unwrap().warnings()
}

#[test]
fn with_hidden_blocks_a_choice_set_aside_in_only_some_of_them_says_how_likely_r44() {
    const WHY: &str = "no active block of the defender may be the target of a Treachery roll (the King, the Pretender, rose nobles and reserves may not, 6.9, D10, D11): the attacker makes no Treason roll";
    // Norfolk may not be targeted (a rose noble): set aside in every battle, said as ever.
    let w = fog_warnings(r#"{"candidates":["Norfolk"]}"#);
    assert_eq!(w.len(), 1);
    assert_eq!(
        (w[0].field.as_str(), w[0].reason.as_str()),
        ("treason", WHY)
    );
    // Stanley/Y may be: nothing to say.
    assert_eq!(fog_warnings(r#"{"candidates":["Stanley/Y"]}"#), []);
    // Either, equally likely (R13): half of the time.
    let w = fog_warnings(r#"{"candidates":["Norfolk","Stanley/Y"]}"#);
    assert_eq!(
        w[0].reason,
        format!("{WHY} (in 50% of what the hidden blocks may be, R44)")
    );
    // Any York block in play: 15, of which Stanley/Y alone may be targeted, so 14 in 15.
    let sc = scenario(&TREASON_HIDDEN.replace("HIDDEN", "{}"));
    let fog = bosworth::Fog::new(&sc).unwrap();
    assert_eq!(fog.possibilities(), 15);
    let w = fog.warnings();
    assert_eq!(w.len(), 1);
    assert_eq!(
        w[0].reason,
        format!("{WHY} (in 93.3% of what the hidden blocks may be, R44)")
    );
}

#[test]
fn with_hidden_blocks_a_roll_on_a_reserve_in_round_1_is_flagged_as_with_every_block_known() {
    let known = battle(&bosworth(r#","round":1"#, ""));
    let sc = scenario(&bosworth(r#","round":1"#, "").replace(
        r#"{"id":"Stanley/Y","strength":4,"reserve":true}]"#,
        r#"{"id":"Stanley/Y","strength":4,"reserve":true}],"hidden":[{},{"reserve":true}]"#,
    ));
    assert_eq!(
        bosworth::Fog::new(&sc).unwrap().warnings(),
        known.warnings()
    );
}
