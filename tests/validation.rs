//! Every validation error, with its exact message: the field and the reason.

mod common;
use common::*;

const A: &str = r#""attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]}"#;
const D: &str = r#""defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]}"#;

fn with(extra: &str) -> String {
    format!(r#"{{"version":1,{extra}}}"#)
}

#[track_caller]
fn says(json: &str, expected: &str) {
    assert_eq!(error(json).to_string(), expected);
}

#[test]
fn the_example_scenario_is_valid() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/east-anglia.json"
    ))
    .unwrap();
    assert!(bosworth::Battle::new(&scenario(&text)).is_ok());
}

#[test]
fn version() {
    says(
        &format!(r#"{{"version":2,{A},{D}}}"#),
        "version: 2 is not supported; this engine reads version 1",
    );
}

#[test]
fn area_unknown_and_exile() {
    says(
        &with(&format!(r#""area":"Narnia",{A},{D}"#)),
        "area: 'Narnia' is not an area of the map",
    );
    says(
        &with(&format!(r#""area":"Calais",{A},{D}"#)),
        "area: Calais is a York exile area and can never be attacked (2.7)",
    );
}

#[test]
fn dead_unknown_and_dead_block_fighting() {
    says(
        &with(&format!(r#""dead":["Nobody"],{A},{D}"#)),
        "dead[0]: unknown block 'Nobody'",
    );
    says(
        &with(&format!(r#""dead":["Oxford"],{A},{D}"#)),
        "attacker.blocks[0].id: Oxford is listed in dead and cannot fight",
    );
}

#[test]
fn same_house_on_both_sides() {
    says(
        &with(&format!(
            r#"{A},"defender":{{"house":"Lancaster","blocks":[{{"id":"Clifford","strength":3}}]}}"#
        )),
        "defender.house: both sides are Lancaster; a battle is between York and Lancaster",
    );
}

#[test]
fn empty_side_and_all_reserves() {
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[]}},{D}"#
        )),
        "attacker.blocks: the attacker has no blocks",
    );
    says(
        &with(&format!(
            r#"{A},"defender":{{"house":"York","blocks":[{{"id":"Norfolk","strength":4,"reserve":true}}]}}"#
        )),
        "defender.blocks: every defender block is a reserve; at least one must fight in round 1 (6.3)",
    );
}

#[test]
fn unknown_block_and_missing_id() {
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Lancelot","strength":3}}]}},{D}"#
        )),
        "attacker.blocks[0].id: unknown block 'Lancelot' (ids look like Buckingham/L, Coventry (levy), Bombard/Y, Rebel)",
    );
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"strength":3}}]}},{D}"#
        )),
        "attacker.blocks[0].id: missing: name a block by id, or describe a custom block",
    );
}

#[test]
fn strength_out_of_range() {
    says(
        &with(&format!(
            r#"{A},"defender":{{"house":"York","blocks":[{{"id":"Norfolk","strength":4}},{{"id":"Hastings","strength":1}},{{"id":"Suffolk","strength":5}}]}}"#
        )),
        "defender.blocks[2].strength: 5 exceeds Suffolk's maximum 3",
    );
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":0}}]}},{D}"#
        )),
        "attacker.blocks[0].strength: must be at least 1 (a block at 0 is eliminated)",
    );
}

#[test]
fn wrong_house() {
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Stanley/Y","strength":3}}]}},{D}"#
        )),
        "attacker.blocks[0].id: Stanley/Y fights for York, not Lancaster; use Stanley/L (4.6)",
    );
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Hastings","strength":3}}]}},{D}"#
        )),
        "attacker.blocks[0].id: Hastings is a York block and cannot fight for Lancaster",
    );
    // The Rebel serves the Pretender's house (3.26, D14): York here, since Lancaster is King.
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Rebel","strength":4}}]}},{D}"#
        )),
        "attacker.blocks[0].id: the Rebel fights for the Pretender's house, York, not for Lancaster (3.26, D14)",
    );
}

#[test]
fn a_nobles_name_alone_picks_the_version_of_the_side() {
    let b = battle(&with(&format!(
        r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Stanley","strength":3}}]}},{D}"#
    )));
    assert_eq!(b.slots()[0].name(), "Stanley/L");
}

#[test]
fn duplicates_and_both_versions() {
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}},{{"id":"oxford","strength":2}}]}},{D}"#
        )),
        "attacker.blocks[1].id: Oxford is already in the battle (attacker.blocks[0])",
    );
    says(
        &with(
            r#""attacker":{"house":"Lancaster","blocks":[{"id":"Stanley/L","strength":3}]},"defender":{"house":"York","blocks":[{"id":"Stanley/Y","strength":3}]}"#,
        ),
        "defender.blocks[0].id: Stanley/L and Stanley/Y are two versions of one noble; only one can be in play (3.22, 4.6) (attacker.blocks[0])",
    );
}

#[test]
fn id_and_custom_together() {
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","custom":{{"name":"X","rating":"A1","max_strength":1}},"strength":1}}]}},{D}"#
        )),
        "attacker.blocks[0]: give either an id or a custom block, not both",
    );
}

#[test]
fn custom_block_fields() {
    let custom = |c: &str, strength: u8| {
        with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"custom":{c},"strength":{strength}}}]}},{D}"#
        ))
    };
    says(
        &custom(r#"{"name":"","rating":"A1","max_strength":1}"#, 1),
        "attacker.blocks[0].custom.name: must be 1 to 40 characters",
    );
    says(
        &custom(r#"{"name":"Norfolk","rating":"A1","max_strength":1}"#, 1),
        "attacker.blocks[0].custom.name: 'Norfolk' is the name of a real block; choose another",
    );
    says(
        &custom(r#"{"name":"Sir John","rating":"E2","max_strength":1}"#, 1),
        "attacker.blocks[0].custom.rating: 'E2' is not a combat rating like B2 (A-D, then 1-6)",
    );
    says(
        &custom(r#"{"name":"Sir John","rating":"A2","max_strength":5}"#, 1),
        "attacker.blocks[0].custom.max_strength: 5 is not 1 to 4 (3.11)",
    );
    says(
        &custom(
            r#"{"name":"Sir John","rating":"A2","max_strength":3,"loyalty":4}"#,
            1,
        ),
        "attacker.blocks[0].custom.loyalty: 4 is not 1 to 3 (3.13)",
    );
    says(
        &custom(r#"{"name":"Sir John","rating":"A2","max_strength":3}"#, 4),
        "attacker.blocks[0].strength: 4 exceeds Sir John's maximum 3",
    );
    let two = with(&format!(
        r#""attacker":{{"house":"Lancaster","blocks":[{{"custom":{{"name":"Sir John","rating":"A2","max_strength":3}},"strength":1}},{{"custom":{{"name":"sir john","rating":"A2","max_strength":3}},"strength":1}}]}},{D}"#
    ));
    says(
        &two,
        "attacker.blocks[1].custom.name: 'sir john' is already in the battle",
    );
}

#[test]
fn too_many_blocks() {
    let customs: Vec<String> = (0..33)
        .map(|i| {
            format!(
                r#"{{"custom":{{"name":"Man {i}","rating":"C1","max_strength":1}},"strength":1}}"#
            )
        })
        .collect();
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{}]}},{D}"#,
            customs.join(",")
        )),
        "attacker.blocks: more than 32 blocks in one battle",
    );
}

fn policy(p: &str) -> String {
    with(&format!(
        r#""king":"Lancaster","attacker":{{"house":"Lancaster","blocks":[{{"id":"Henry VI","strength":4}},{{"id":"Oxford","strength":3}}]}},
           "defender":{{"house":"York","blocks":[{{"id":"Norfolk","strength":4}},{{"id":"Stanley/Y","strength":4}},{{"id":"Warwick/Y","strength":4}}]}},
           "policy":{p}"#
    ))
}

#[test]
fn policy_names_a_block_not_in_the_battle() {
    says(
        &policy(r#"{"attacker":{"fire_order":["Clifford"]}}"#),
        "policy.attacker.fire_order[0]: Clifford is not in the battle",
    );
    says(
        &policy(r#"{"attacker":{"hit_order":["Norfolk"]}}"#),
        "policy.attacker.hit_order[0]: Norfolk is the defender's and can never defect to the attacker (3.13)",
    );
    says(
        &policy(r#"{"attacker":{"hit_order":["Stanley/Y"]}}"#),
        "policy.attacker.hit_order[0]: Stanley/Y fights for the defender; name it as the block it would become by defecting: Stanley/L",
    );
    says(
        &policy(r#"{"attacker":{"fire_order":["Oxford","Warwick"]}}"#),
        "policy.attacker.fire_order[1]: Warwick/Y fights for the defender; name it as the block it would become by defecting: Warwick/L",
    );
    says(
        &policy(r#"{"attacker":{"retreats":[{"block":"Clifford"}]}}"#),
        "policy.attacker.retreats[0].block: Clifford is not in the battle",
    );
    says(
        &policy(r#"{"attacker":{"retreats":[{"block":"Oxford","from_round":1}]}}"#),
        "policy.attacker.retreats[0].from_round: 1: blocks may retreat only in rounds 2-4 (6.6)",
    );
    says(
        &policy(r#"{"defender":{"retreats":[{"block":"Norfolk","below_strength":5}]}}"#),
        "policy.defender.retreats[0].below_strength: 5: Norfolk has strength 1-4, so a limit must be 2-4",
    );
    says(
        &policy(r#"{"attacker":{"retreats":[{"block":"Oxford","below_ratio":-1}]}}"#),
        "policy.attacker.retreats[0].below_ratio: must be a positive number",
    );
    // A defector by the version it would become is accepted in orders and retreat plans.
    let ok = policy(
        r#"{"attacker":{"hit_order":["Stanley/L","Henry VI"],"fire_order":["Warwick/L"],
            "retreats":[{"block":"Stanley/L","below_strength":2}]}}"#,
    );
    assert!(bosworth::Battle::new(&scenario(&ok)).is_ok());
    says(
        &policy(r#"{"attacker":{"hit_order":["Oxford","Oxford"]}}"#),
        "policy.attacker.hit_order[1]: Oxford is named twice",
    );
}

#[test]
fn an_heir_behind_a_senior_heir_alive_elsewhere_may_not_roll() {
    // Lancaster on the throne: York is the Pretender, alive and not here, so March (rank 2) cannot
    // become Pretender in this battle (3.21, R1) and has no Treachery roll (6.9).
    says(
        &with(
            r#""king":"Lancaster","attacker":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3}]},
               "defender":{"house":"York","blocks":[{"id":"March","strength":3}]},
               "policy":{"defender":{"treachery":[{"by":"March","target":"Exeter/L"}]}}"#,
        ),
        "policy.defender.treachery[0].by: March cannot become the Pretender in this battle: a senior heir of his house is alive elsewhere (3.21, R1)",
    );
    // With York dead, March is the Pretender and may roll.
    let ok = with(
        r#""king":"Lancaster","dead":["York"],"attacker":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3}]},
           "defender":{"house":"York","blocks":[{"id":"March","strength":3}]},
           "policy":{"defender":{"treachery":[{"by":"March","target":"Exeter/L"}]}}"#,
    );
    assert!(bosworth::Battle::new(&scenario(&ok)).is_ok());
}

#[test]
fn defected_elsewhere_names_a_living_defector_not_in_the_battle() {
    says(
        &with(&format!(r#""defected_elsewhere":["Clarence/Y"],{A},{D}"#)),
        "defected_elsewhere[0]: Clarence/Y is not a defected heir or Neville; name one of Clarence/L, Exeter/Y, Warwick/L, Kent/L, Salisbury/L (blocks merely seen elsewhere go in seen_elsewhere)",
    );
    says(
        &with(&format!(r#""defected_elsewhere":["Stanley/L"],{A},{D}"#)),
        "defected_elsewhere[0]: Stanley/L is not a defected heir or Neville; name one of Clarence/L, Exeter/Y, Warwick/L, Kent/L, Salisbury/L (blocks merely seen elsewhere go in seen_elsewhere)",
    );
    says(
        &with(&format!(r#""defected_elsewhere":["Nobody"],{A},{D}"#)),
        "defected_elsewhere[0]: unknown block 'Nobody'",
    );
    says(
        &with(&format!(
            r#""dead":["Exeter"],"defected_elsewhere":["Exeter/Y"],{A},{D}"#
        )),
        "defected_elsewhere[0]: Exeter is listed in dead; a dead man cannot have defected",
    );
    says(
        &with(&format!(
            r#""defected_elsewhere":["Warwick/L","Warwick/L"],{A},{D}"#
        )),
        "defected_elsewhere[1]: Warwick is named twice",
    );
    says(
        &with(&format!(
            r#""defected_elsewhere":["Exeter/Y"],"attacker":{{"house":"Lancaster","blocks":[{{"id":"Exeter/L","strength":3}}]}},{D}"#
        )),
        "defected_elsewhere[0]: Exeter fights in this battle (attacker.blocks[0]); he cannot also be elsewhere",
    );
}

#[test]
fn policy_charges() {
    says(
        &policy(r#"{"attacker":{"charges":[{"target":"Oxford"}]}}"#),
        "policy.attacker.charges[0].target: Oxford is on the attacker's own side",
    );
    says(
        &policy(r#"{"defender":{"charges":[{"target":"Oxford"}]}}"#),
        "policy.defender.charges[0]: the defender has no heir; only the senior heir may charge (6.5)",
    );
    says(
        &policy(r#"{"attacker":{"charges":[{"target":"Norfolk","by":"Oxford"}]}}"#),
        "policy.attacker.charges[0].by: Oxford is not an heir; only the senior heir may charge (6.5, D8)",
    );
    says(
        &policy(r#"{"attacker":{"charges":[{"target":"Norfolk","round":5}]}}"#),
        "policy.attacker.charges[0].round: 5 is not a battle round (1-4, 6.2)",
    );
}

#[test]
fn policy_treachery() {
    says(
        &policy(r#"{"attacker":{"treachery":[{"by":"Oxford","target":"Stanley/Y"}]}}"#),
        "policy.attacker.treachery[0].by: Oxford is not the King, the Pretender or Warwick; only they make Treachery rolls (6.9, D10)",
    );
    says(
        &policy(r#"{"attacker":{"treachery":[{"by":"Henry VI","target":"Norfolk"}]}}"#),
        "policy.attacker.treachery[0].target: Norfolk is a rose noble and never defects (3.13)",
    );
    says(
        &with(
            r#""attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4}]},"defender":{"house":"York","blocks":[{"id":"Calais Mercenary","strength":3}]},
               "policy":{"attacker":{"treachery":[{"by":"Henry VI","target":"Calais Mercenary"}]}}"#,
        ),
        "policy.attacker.treachery[0].target: Calais Mercenary has no loyalty rating and cannot defect (3.13)",
    );
    says(
        &policy(r#"{"defender":{"treachery":[{"by":"Warwick/Y","target":"Henry VI"}]}}"#),
        "policy.defender.treachery[0].target: Henry VI is the King and cannot be turned (9.1, D10)",
    );
    let ok = policy(
        r#"{"defender":{"treachery":[{"by":"Warwick/Y","target":"Buckingham","round":2}]}}"#,
    )
    .replace(
        r#"{"id":"Oxford","strength":3}"#,
        r#"{"id":"Buckingham/L","strength":3}"#,
    );
    assert_eq!(battle(&ok).slots().len(), 5);
}

#[test]
fn policy_treason_target() {
    says(
        &policy(r#"{"attacker":{"treason_target":"Stanley/Y"}}"#),
        r#"policy.attacker.treason_target: the attacker does not hold the Treason card (set "treason": "attacker")"#,
    );
    let held = |p: &str| {
        policy(p).replace(
            r#""king":"Lancaster""#,
            r#""king":"Lancaster","treason":"attacker""#,
        )
    };
    says(
        &held(r#"{"attacker":{"treason_target":"Norfolk"}}"#),
        "policy.attacker.treason_target: Norfolk is a rose noble and never defects (3.13)",
    );
    assert!(
        bosworth::Battle::new(&scenario(&held(
            r#"{"attacker":{"treason_target":"Stanley"}}"#
        )))
        .is_ok()
    );
}

#[test]
fn policy_retreat() {
    says(
        &policy(r#"{"attacker":{"retreat":{"from_round":1}}}"#),
        "policy.attacker.retreat.from_round: 1: blocks may retreat only in rounds 2-4 (6.6)",
    );
    says(
        &policy(r#"{"attacker":{"retreat":{"below_ratio":-1}}}"#),
        "policy.attacker.retreat.below_ratio: must be a positive number",
    );
}

#[test]
fn unknown_fields_are_rejected_by_the_format() {
    let e =
        serde_json::from_str::<bosworth::Scenario>(&with(&format!(r#""colour":"red",{A},{D}"#)))
            .unwrap_err();
    assert!(e.to_string().contains("unknown field `colour`"), "{e}");
}

#[test]
fn progress_of_a_battle_under_way() {
    let base = |p: &str| with(&format!(r#"{A},{D},"progress":{p}"#));
    says(
        &base(r#"{"round":5}"#),
        "progress.round: 5 is not a battle round (1-4, 6.2)",
    );
    says(
        &base(r#"{"round":2,"acted":["Clifford"]}"#),
        "progress.acted[0]: Clifford is not in the battle",
    );
    says(
        &base(r#"{"round":2,"rolled":["Oxford"]}"#),
        "progress.rolled[0]: Oxford is not the King, the Pretender or Warwick; only they make Treachery rolls (6.9, D10)",
    );
    says(
        &base(r#"{"round":1,"retreats_used":[1,0]}"#),
        "progress.retreats_used: no block may retreat in round 1 (6.6)",
    );
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}}],"retreat_capacity":1}},{D},"progress":{{"round":3,"retreats_used":[2,0]}}"#
        )),
        "progress.retreats_used: the attacker used 2 retreats but its capacity is 1",
    );
    // With no capacity (no limit) the count is accepted and changes nothing (D12): the exact
    // solver packs the battle without it (its debug check "a state must pack without loss" once
    // panicked on it) and gives the same odds as with none used.
    let unlimited = |used: &str| {
        let json = format!(
            r#"{{"version":1,"attacker":{{"house":"York","blocks":[{{"id":"Essex","strength":1}}],"retreat_capacity":1}},"defender":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":1}}]}},"policy":{{"defender":{{"retreat":{{"from_round":2}}}}}},"progress":{{"round":2,"retreats_used":{used}}}}}"#
        );
        let s: bosworth::Scenario = serde_json::from_str(&json).unwrap();
        let b = bosworth::Battle::new(&s).unwrap_or_else(|e| panic!("{used}: {e}"));
        bosworth::solve(&b, bosworth::DEFAULT_STATE_BUDGET).unwrap()
    };
    let (none, some) = (unlimited("[0,0]"), unlimited("[0,3]"));
    assert_eq!(none.defender_holds, some.defender_holds);
    assert!(some.blocks[1].retreated > 0.5, "{:?}", some.blocks[1]);
    says(
        &with(&format!(
            r#""attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}},{{"id":"Clifford","strength":3,"reserve":true}}]}},{D},"progress":{{"round":2}}"#
        )),
        "attacker.blocks: Clifford is a reserve in round 2: from round 2 only a block that defected this round waits in reserve (6.3, D10)",
    );
    says(
        &with(&format!(
            r#"{A},"defender":{{"house":"York","blocks":[{{"id":"Stanley/Y","strength":2,"reserve":true}}]}},"progress":{{"round":2,"defected":["Stanley/Y"]}}"#
        )),
        "defender.blocks: the defender has no active block; the battle would be over or its reserves deployed (D4, D13)",
    );
}
