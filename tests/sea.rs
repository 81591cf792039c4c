//! Attacks by sea (the Piracy card, 5.3, 2.81, R42): a battle whose attackers sailed a sea zone
//! (`from` names the zone) counts the zone as one border for 6.3, lets its attackers retreat only
//! to friendly or vacant areas on that zone, with no limit of blocks, and refuses what the rules
//! forbid, naming the field.

mod common;
use bosworth::{Battle, Side};
use common::*;

/// York's Warwick and Salisbury sail from Calais across the North Sea into Essex, held by
/// Lancaster's Oxford; `neighbours` as given.
fn essex(neighbours: &str, salisbury_from: &str, salisbury_reserve: bool) -> String {
    format!(
        r#"{{"version":1,"area":"Essex","neighbours":{{{neighbours}}},
        "attacker":{{"house":"York","blocks":[
        {{"id":"Warwick/Y","strength":3,"from":"North Sea"}},
        {{"id":"Salisbury/Y","strength":2,"from":"{salisbury_from}","reserve":{salisbury_reserve}}}]}},
        "defender":{{"house":"Lancaster","blocks":[{{"id":"Oxford","strength":3}}]}}}}"#
    )
}

/// Every area on the North Sea but Essex held by Lancaster (Calais, York's exile, is left out:
/// Lancaster never stands there, 2.7).
const NORTH_SEA_LANCASTRIAN: &str = r#""East Anglia":"Lancaster","East Yorks":"Lancaster",
    "Kent":"Lancaster","Lincoln":"Lancaster","Middlesex":"Lancaster","Northumbria":"Lancaster",
    "Rutland":"Lancaster""#;

#[track_caller]
fn says(json: &str, expected: &str) {
    assert_eq!(error(json).to_string(), expected);
}

#[test]
fn the_attackers_retreat_by_sea_with_no_limit_and_the_defender_by_land() {
    let b = battle(&essex("", "North Sea", false));
    // R42: a sea move has no border limit, and the zone's areas are open (vacant, or York's
    // own Calais): any number of York's blocks may retreat each round.
    assert_eq!(b.retreat_capacity(Side::Attacker), None);
    // The defender retreats by land as ever, every land border open (York crossed none of
    // them): East Anglia 4, Leicester 3, Middlesex 4, Rutland 3 (6.6, D12).
    assert_eq!(b.retreat_capacity(Side::Defender), Some(14));
    let sea = Battle::sea_retreat(&scenario(&essex("", "North Sea", false)))
        .unwrap()
        .unwrap();
    assert_eq!(sea.zones, [2]);
    assert_eq!(
        sea.open,
        [
            "Northumbria",
            "East Yorks",
            "Lincoln",
            "Rutland",
            "East Anglia",
            "Middlesex",
            "Kent",
            "Calais"
        ]
    );
}

#[test]
fn only_friendly_or_vacant_areas_of_the_same_zone_take_the_retreat() {
    // Lancaster holds every area on the North Sea that York may stand in but Calais: Calais
    // is open.
    let b = battle(&essex(NORTH_SEA_LANCASTRIAN, "North Sea", false));
    assert_eq!(b.retreat_capacity(Side::Attacker), None);
    let sea = Battle::sea_retreat(&scenario(&essex(
        NORTH_SEA_LANCASTRIAN,
        "North Sea",
        false,
    )))
    .unwrap()
    .unwrap();
    assert_eq!(sea.open, ["Calais"]);
    // Calais contested too: no area left, so no retreat; Scotland, Lancaster's exile, never was
    // York's (2.7), and the English Channel's areas are another zone (Event Cards: the same sea
    // zone).
    let shut = format!(r#"{NORTH_SEA_LANCASTRIAN},"Calais":"contested""#);
    let b = battle(&essex(&shut, "North Sea", false));
    assert_eq!(b.retreat_capacity(Side::Attacker), Some(0));
    // Lancaster's own retreat is the land borders it may use: its own neighbours are open.
    assert_eq!(b.retreat_capacity(Side::Defender), Some(14));
}

#[test]
fn a_sea_attack_has_the_figures_of_the_same_battle_typed() {
    let typed = |capacity: &str| {
        format!(
            r#"{{"version":1,"area":"Essex","attacker":{{"house":"York",{capacity}"blocks":[
            {{"id":"Warwick/Y","strength":3}},{{"id":"Salisbury/Y","strength":2}}]}},
            "defender":{{"house":"Lancaster","retreat_capacity":14,
            "blocks":[{{"id":"Oxford","strength":3}}]}}}}"#
        )
    };
    let open = exact(&essex("", "North Sea", false));
    let shut = exact(&essex(
        &format!(r#"{NORTH_SEA_LANCASTRIAN},"Calais":"contested""#),
        "North Sea",
        false,
    ));
    let (t_open, t_shut) = (exact(&typed("")), exact(&typed(r#""retreat_capacity":0,"#)));
    for (a, t) in [(&open, &t_open), (&shut, &t_shut)] {
        close(a.attacker_holds, t.attacker_holds);
        close(
            a.sides[0].expected_steps_lost,
            t.sides[0].expected_steps_lost,
        );
    }
    // The retreat matters: with no area open, York's blocks still there at its turn in round 4
    // must retreat and cannot, and are lost (6.2, D12).
    assert!(shut.sides[0].expected_steps_lost > open.sides[0].expected_steps_lost + 0.05);
}

#[test]
fn the_zone_is_one_border_for_the_main_attack() {
    // Both sailed the North Sea: one border, both in the Main Attack.
    assert!(Battle::new(&scenario(&essex("", "North Sea", false))).is_ok());
    says(
        &essex("", "North Sea", true),
        "attacker.blocks[1].reserve: Salisbury/Y crossed North Sea-Essex, the Main Attack's \
         border: only blocks crossing other borders are reserves (6.3)",
    );
}

#[test]
fn what_the_sea_rules_forbid_is_refused_by_field() {
    says(
        &essex("", "Irish Sea", true),
        "attacker.blocks[1].from: Salisbury/Y: Essex does not lie on the Irish Sea (2.81): no \
         sea move ends there (5.3)",
    );
    says(
        &essex("", "Middlesex", true),
        "attacker.blocks[1].from: Salisbury/Y came by land from Middlesex, but other attacking \
         blocks came by sea: an attack by sea is the Piracy card's, whose action points are all \
         sea moves (Event Cards, 5.3, R42)",
    );
    let levy = essex("", "North Sea", false).replace("Salisbury/Y", "London (levy)");
    says(
        &levy,
        "attacker.blocks[1].from: London (levy) never moves by sea (5.3)",
    );
    let reinforced = essex("", "North Sea", false).replace(
        r#"{"id":"Oxford","strength":3}"#,
        r#"{"id":"Oxford","strength":3},{"id":"Beaumont","strength":3,"reserve":true,
            "from":"North Sea"}"#,
    );
    says(
        &reinforced,
        "defender.blocks[1].from: Beaumont: a reinforcement cannot come by sea: a sea move \
         never enters an enemy or contested area (5.3); only Piracy's attack does (R42)",
    );
    says(
        &essex(r#""Warwick":"York""#, "North Sea", false),
        "neighbours.Warwick: Warwick is not a land neighbour of Essex: Warwick and Essex share \
         no land border (5.2) nor on a sea zone the attack sailed (R42)",
    );
}
