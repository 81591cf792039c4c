//! Who a hidden block may be by default (R13): the blocks in play and not known to be elsewhere.
//! One battle per rule, each including or excluding a block: minor heirs only once enough heirs
//! of their house are dead (4.5, 6.82; a defection makes no vacancy, 9.1); an enemy version of a
//! noble only once the scenario says he has defected (4.6, the `defected` list); never a block
//! dead, on the other side, or seen elsewhere. Named candidates widen or narrow as before.

mod common;

use bosworth::solve::fog::{Availability, availability, possible_blocks};
use bosworth::{Fog, Scenario, Side};
use common::{battle, error, scenario};

/// A Lancaster King's battle in Kent: York attacks three of its blocks with `extra` added at the
/// top level, the defender hiding one block described by `hidden`.
fn kent(extra: &str, hidden: &str) -> Scenario {
    scenario(&format!(
        r#"{{"version":1,"area":"Kent","king":"Lancaster"{extra},
        "attacker":{{"house":"York","blocks":[{{"id":"March","strength":3}},{{"id":"Hastings","strength":3}}]}},
        "defender":{{"house":"Lancaster","blocks":[],"hidden":[{hidden}]}}}}"#
    ))
}

/// The blocks the defender's first hidden block may be.
fn may_be(sc: &Scenario) -> Vec<&'static str> {
    possible_blocks(
        sc,
        Side::Defender,
        &sc.defender.hidden[0],
        "defender.hidden[0]",
    )
    .unwrap()
}

/// Why the defender's hidden blocks may or may not be `id` by default.
fn why(sc: &Scenario, side: Side, id: &str) -> Availability {
    availability(sc, side)
        .unwrap()
        .into_iter()
        .find(|(b, _)| *b == id)
        .unwrap_or_else(|| panic!("{id} cannot fight for {side:?}"))
        .1
}

#[test]
fn the_kent_battle_has_the_24_lancaster_blocks_in_play() {
    // The issue's battle: 31 Lancaster blocks less the two minor heirs (4.5) and the five enemy
    // versions (4.6) leaves 24.
    let sc = kent("", "{}");
    let blocks = may_be(&sc);
    assert_eq!(blocks.len(), 24, "{blocks:?}");
    for out in [
        "Prince Edward",
        "Richmond",
        "Warwick/L",
        "Kent/L",
        "Salisbury/L",
        "Clarence/L",
        "Canterbury (church)/L",
    ] {
        assert!(!blocks.contains(&out), "{out} is not in play");
    }
    for id in [
        "Henry VI",
        "Exeter/L",
        "Somerset",
        "Stanley/L",
        "Oxford",
        "Bombard/L",
    ] {
        assert!(blocks.contains(&id), "{id} is in play");
    }
}

#[test]
fn a_minor_heir_enters_once_enough_heirs_of_his_house_are_dead() {
    // 4.5: Prince Edward and Richmond are Lancaster's minors; the most senior enters when an heir
    // is killed (6.82). Prince Edward first, Richmond once two heirs are dead.
    let prince = |dead: &str| may_be(&kent(dead, "{}")).contains(&"Prince Edward");
    let richmond = |dead: &str| may_be(&kent(dead, "{}")).contains(&"Richmond");
    assert!(!prince(""));
    assert!(prince(r#","dead":["Somerset"]"#));
    assert!(!richmond(r#","dead":["Somerset"]"#));
    assert!(richmond(r#","dead":["Somerset","Exeter"]"#));
    // A dead minor counts among the dead heirs: he entered, and the next one after him.
    assert!(richmond(r#","dead":["Henry VI","Prince Edward"]"#));
    assert_eq!(
        why(&kent("", "{}"), Side::Defender, "Richmond"),
        Availability::Minor { needed: 2, dead: 0 }
    );
    // York's minors: Clarence, then Gloucester (4.5).
    let york = |dead: &str| {
        let sc = scenario(&format!(
            r#"{{"version":1,"king":"Lancaster"{dead},
            "attacker":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}}]}},
            "defender":{{"house":"York","blocks":[],"hidden":[{{"kinds":["heir"]}}]}}}}"#
        ));
        may_be(&sc)
    };
    assert_eq!(york(""), ["York", "March", "Rutland"]);
    assert_eq!(
        york(r#","dead":["Rutland"]"#),
        ["York", "March", "Clarence/Y"]
    );
    assert_eq!(
        york(r#","dead":["Rutland","York"]"#),
        ["March", "Clarence/Y", "Gloucester"]
    );
}

#[test]
fn a_defection_makes_no_vacancy_for_a_minor() {
    // 9.1: no minor heir enters to replace a heir who defected; only a death does.
    let sc = kent(r#","defected_elsewhere":["Exeter/Y"]"#, "{}");
    let blocks = may_be(&sc);
    assert!(!blocks.contains(&"Prince Edward"));
    assert!(!blocks.contains(&"Exeter/L"), "defected elsewhere");
    assert_eq!(
        why(&sc, Side::Defender, "Exeter/L"),
        Availability::DefectedElsewhere
    );
}

#[test]
fn an_enemy_version_only_once_the_noble_has_defected() {
    // 4.6: Warwick/L stays off the map until Warwick defects. Listed in `defected`, he may be
    // Lancaster's hidden block, and no longer York's (he serves Lancaster now).
    assert!(!may_be(&kent("", "{}")).contains(&"Warwick/L"));
    assert_eq!(
        why(&kent("", "{}"), Side::Defender, "Warwick/L"),
        Availability::NotDefected
    );
    let turned = kent(r#","defected":["Warwick/L"]"#, "{}");
    assert!(may_be(&turned).contains(&"Warwick/L"));
    assert_eq!(
        why(&turned, Side::Attacker, "Warwick/Y"),
        Availability::OtherSide
    );
    // York's enemy versions likewise: Stanley/Y once Stanley has defected, and then not
    // Stanley/L.
    assert!(!may_be(&kent(r#","defected":["Stanley/Y"]"#, "{}")).contains(&"Stanley/L"));
    assert_eq!(
        why(
            &kent(r#","defected":["Stanley/Y"]"#, "{}"),
            Side::Attacker,
            "Stanley/Y"
        ),
        Availability::Available
    );
    assert_eq!(
        why(&kent("", "{}"), Side::Attacker, "Stanley/Y"),
        Availability::NotDefected
    );
}

#[test]
fn never_a_block_dead_in_the_battle_or_seen_elsewhere() {
    let sc = kent(r#","dead":["Oxford"],"seen_elsewhere":["Pembroke"]"#, "{}");
    let blocks = may_be(&sc);
    assert!(!blocks.contains(&"Oxford") && !blocks.contains(&"Pembroke"));
    assert_eq!(why(&sc, Side::Defender, "Oxford"), Availability::Dead);
    assert_eq!(
        why(&sc, Side::Defender, "Pembroke"),
        Availability::SeenElsewhere
    );
    // A known block of the other side is one person with its other version (4.6).
    let sc = scenario(
        r#"{"version":1,"king":"Lancaster","area":"Kent","defected":["Stanley/Y"],
        "attacker":{"house":"York","blocks":[{"id":"Stanley/Y","strength":3}]},
        "defender":{"house":"Lancaster","blocks":[],"hidden":[{}]}}"#,
    );
    assert_eq!(
        why(&sc, Side::Defender, "Stanley/L"),
        Availability::InBattle
    );
    assert!(!may_be(&sc).contains(&"Stanley/L"));
}

#[test]
fn named_candidates_widen_and_narrow_as_before() {
    // Named, a minor heir and an enemy version are candidates whatever the deaths and
    // defections (R13: the user may widen); a dead block is refused by its field.
    let sc = kent(
        "",
        r#"{"candidates":["Prince Edward","Warwick/L","Oxford"]}"#,
    );
    assert_eq!(may_be(&sc), ["Prince Edward", "Warwick/L", "Oxford"]);
    assert_eq!(Fog::new(&sc).unwrap().possibilities(), 3);
    let e = Fog::new(&kent(
        r#","dead":["Oxford"]"#,
        r#"{"candidates":["Oxford"]}"#,
    ))
    .unwrap_err();
    assert_eq!(e.field, "defender.hidden[0].candidates[0]");
    assert_eq!(e.reason, "Oxford is dead: it cannot be hidden here");
    // Named but serving the other side: refused.
    let e = Fog::new(&kent(
        r#","defected":["Stanley/Y"]"#,
        r#"{"candidates":["Stanley/L"]}"#,
    ))
    .unwrap_err();
    assert!(e.reason.contains("serves the other house"), "{e}");
}

#[test]
fn the_defected_list_is_checked_by_field() {
    let json = |extra: &str, blocks: &str| {
        format!(
            r#"{{"version":1,"king":"Lancaster"{extra},
            "attacker":{{"house":"York","blocks":[{blocks}]}},
            "defender":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}}]}}}}"#
        )
    };
    let march = r#"{"id":"March","strength":3}"#;
    let e = error(&json(r#","defected":["Warwick/Y"]"#, march));
    assert_eq!(e.field, "defected[0]");
    assert!(e.reason.contains("Warwick/L"), "{e}");
    let e = error(&json(r#","defected":["Robin Hood"]"#, march));
    assert_eq!(e.field, "defected[0]");
    let e = error(&json(r#","defected":["Kent/L"],"dead":["Kent"]"#, march));
    assert!(e.reason.contains("dead"), "{e}");
    let e = error(&json(
        r#","defected":["Kent/L"],"defected_elsewhere":["Kent/L"]"#,
        march,
    ));
    assert!(e.reason.contains("named twice"), "{e}");
    let e = error(
        r#"{"version":1,"king":"Lancaster","defected":["Stanley/Y"],
        "attacker":{"house":"York","blocks":[{"id":"March","strength":3}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Stanley/L","strength":3}]}}"#,
    );
    assert_eq!(e.field, "defected[0]");
    assert!(e.reason.contains("as Stanley/L"), "{e}");
    // In the battle as the version he defected to: consistent.
    battle(&json(
        r#","defected":["Stanley/Y"]"#,
        r#"{"id":"Stanley/Y","strength":3}"#,
    ));
}

#[test]
fn a_defected_heir_is_passed_over_for_pretender() {
    // R1, 9.1: Clarence, listed as having defected to Lancaster, is no heir of York, wherever
    // he is. York, March and Rutland dead, York out of power: Gloucester is Pretender.
    let json = |extra: &str| {
        format!(
            r#"{{"version":1,"king":"Lancaster","dead":["York","March","Rutland"]{extra},
            "attacker":{{"house":"York","blocks":[{{"id":"Gloucester","strength":3}}]}},
            "defender":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}}]}}}}"#
        )
    };
    let pretender = |extra: &str| {
        let b = battle(&json(extra));
        b.pretender().map(|i| b.slots()[i].name().to_string())
    };
    assert_eq!(
        pretender(""),
        None,
        "Clarence (rank 4) is Pretender, elsewhere"
    );
    assert_eq!(
        pretender(r#","defected":["Clarence/L"]"#),
        Some("Gloucester".into())
    );
}
