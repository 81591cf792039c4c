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
    let sea = Battle::sea_retreat(&scenario(&essex(NORTH_SEA_LANCASTRIAN, "North Sea", false)))
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

// The planner with Piracy (R43).

use bosworth::board::{Board, Position, battle as plan_battle, plans, target, targets, ways};
use bosworth::rules::movement::area_index;
use bosworth::rules::sea::{SEAS, place_name, sea_place, zone};

/// York plays `card`: Warwick, Salisbury and Kent/Y in Calais, March and London's levy in
/// Middlesex; Lancaster unseen in Essex (North Sea), Kent (North Sea and English Channel),
/// Oxford (inland) and Somerset (Irish Sea). `extra` adds to Essex's entry.
fn pirates(card: &str, calais: &str, essex: &str) -> String {
    format!(
        r#"{{"kind":"board","version":1,"house":"York","card":{card},"areas":[
        {{"area":"Calais","blocks":[{calais}]}},
        {{"area":"Middlesex","blocks":[{{"id":"March","strength":3}},
          {{"id":"London (levy)","strength":2}}]}},
        {{"area":"Essex","enemy":2{essex}}},{{"area":"Kent","enemy":1}},
        {{"area":"Oxford","enemy":2}},{{"area":"Somerset","enemy":1}}]}}"#
    )
}

const CALAIS: &str = r#"{"id":"Warwick/Y","strength":3},{"id":"Salisbury/Y","strength":2},
    {"id":"Kent/Y","strength":2}"#;

fn position(json: &str) -> Position {
    let b: Board = serde_json::from_str(json).unwrap();
    Position::new(&b).unwrap()
}

fn refused(json: &str, expected: &str) {
    let b: Board = serde_json::from_str(json).unwrap();
    assert_eq!(Position::new(&b).unwrap_err().to_string(), expected);
}

fn at(name: &str) -> usize {
    area_index(name).unwrap()
}

#[test]
fn piracy_attacks_every_enemy_area_on_a_zone_its_blocks_lie_on() {
    let p = position(&pirates(r#""Piracy""#, CALAIS, ""));
    let t: Vec<&str> = targets(&p).iter().map(|t| place_name(t.area)).collect();
    // Calais lies on the English Channel and the North Sea, Middlesex on the North Sea: Essex
    // and Kent; Somerset is on the Irish Sea only, and Oxford inland (5.3, 2.81).
    assert_eq!(t, ["Essex", "Kent"]);
    assert_eq!(
        target(&p, at("Oxford")).unwrap_err(),
        "Piracy's action points are sea moves (5.3, Event Cards), and Oxford lies on no sea \
         zone: no sea move reaches it"
    );
    assert!(ways(&p, at("Somerset")).is_empty());
    // Into Essex, across the North Sea: Calais' three and March, never the levy (5.3).
    let essex = ways(&p, at("Essex"));
    let mut who: Vec<String> = essex
        .iter()
        .map(|w| {
            format!(
                "{} from {} by {}",
                p.own[w.block].block.id,
                place_name(w.source()),
                SEAS[w.sea.unwrap()]
            )
        })
        .collect();
    who.sort();
    assert_eq!(
        who,
        [
            "Kent/Y from Calais by North Sea",
            "March from Middlesex by North Sea",
            "Salisbury/Y from Calais by North Sea",
            "Warwick/Y from Calais by North Sea"
        ]
    );
    assert!(essex.iter().all(|w| w.borders().is_empty()));
    // Into Kent, Calais' blocks may sail either zone.
    let kent = ways(&p, at("Kent"));
    assert_eq!(kent.iter().filter(|w| w.block == 0).count(), 2);
}

#[test]
fn each_sea_move_is_one_action_point_with_no_port_bonus() {
    let p = position(&pirates(r#""Piracy""#, CALAIS, ""));
    assert_eq!(p.ap, 2);
    let all = plans(&p, target(&p, at("Essex")).unwrap()).plans;
    // Two action points: at most two blocks, though three stand in Calais (Event Cards: no
    // port-to-port bonus); every plan costs one point per block.
    assert_eq!(all.iter().map(|x| x.ways.len()).max(), Some(2));
    assert!(all.iter().all(|x| usize::from(x.ap) == x.ways.len()));
    // 4 single blocks and 6 pairs, all over one border: the North Sea, the Main Attack.
    assert_eq!(all.len(), 10);
    assert!(
        all.iter()
            .all(|x| x.main == Some(sea_place(zone("North Sea").unwrap())))
    );
}

#[test]
fn a_piracy_plans_battle_comes_by_sea_and_retreats_to_the_same_zone() {
    let p = position(&pirates(r#""Piracy""#, CALAIS, ""));
    let all = plans(&p, target(&p, at("Essex")).unwrap()).plans;
    let both = all
        .iter()
        .find(|x| {
            let ids: Vec<&str> = x.ways.iter().map(|w| p.own[w.block].block.id).collect();
            ids == ["Warwick/Y", "March"]
        })
        .unwrap();
    let sc = plan_battle(&p, both, &[]);
    let froms: Vec<Option<&str>> = sc
        .attacker
        .blocks
        .iter()
        .map(|b| b.from.as_deref())
        .collect();
    assert_eq!(froms, [Some("North Sea"), Some("North Sea")]);
    // Salisbury and Kent/Y stay in Calais, the levy in Middlesex: both York's; Kent is
    // Lancaster's. York's attackers may retreat to the North Sea's other areas but Kent (R42).
    let sea = Battle::sea_retreat(&sc).unwrap().unwrap();
    assert_eq!(
        sc.neighbours
            .get("Kent")
            .map(|h| format!("{h:?}"))
            .as_deref(),
        Some("Lancaster")
    );
    assert!(sea.open.contains(&"Calais") && sea.open.contains(&"Middlesex"));
    assert!(!sea.open.contains(&"Kent"));
    assert_eq!(sea.capacity(), None);
}

#[test]
fn a_sea_move_made_this_turn_is_told_by_its_route() {
    // Warwick sailed into Essex already: one point spent, one left; the North Sea is the Main
    // Attack's border, and a second block joins across it.
    let moved = r#",{"id":"Salisbury/Y","strength":2}"#;
    let json = pirates(r#""Piracy""#, &moved[1..], "").replace(
        r#"{"area":"Essex","enemy":2}"#,
        r#"{"area":"Essex","enemy":2,"blocks":[{"id":"Warwick/Y","strength":3,
                "route":["Calais","North Sea"]}]}"#,
    );
    let p = position(&json);
    assert_eq!(p.ap, 1);
    let t = target(&p, at("Essex")).unwrap();
    let all = plans(&p, t).plans;
    // The battle as it stands, or one more block: Salisbury from Calais or March from
    // Middlesex, in the Main Attack (6.3); never two (one point left).
    let mut sizes: Vec<usize> = all.iter().map(|x| x.ways.len()).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [0, 1, 1]);
    assert!(all.iter().all(|x| x.reserves().is_empty()));
    assert!(
        all.iter()
            .all(|x| x.main == Some(sea_place(zone("North Sea").unwrap())))
    );
}

#[test]
fn a_sea_move_the_rules_forbid_is_refused_by_field() {
    let sailed = |card: &str, id: &str, route: &str| {
        format!(
            r#"{{"kind":"board","version":1,"house":"York","card":{card},"areas":[
            {{"area":"Essex","enemy":1,"blocks":[{{"id":"{id}","strength":2,"route":{route}}}]}}]}}"#
        )
    };
    let piracy = r#""Piracy""#;
    for (card, id, route, expected) in [
        // 5.3: a sea move never enters an enemy area, save with Piracy.
        (
            "3",
            "Warwick/Y",
            r#"["Calais","North Sea"]"#,
            "areas[0].blocks[0].route: a sea move never enters an enemy or contested area (5.3): \
             only Piracy attacks by sea (Event Cards), and the card is 3 AP",
        ),
        (
            piracy,
            "London (levy)",
            r#"["Kent","North Sea"]"#,
            "areas[0].blocks[0].route: London (levy) never moves by sea (5.3)",
        ),
        (
            r#""Force March""#,
            "Warwick/Y",
            r#"["Calais","North Sea"]"#,
            "areas[0].blocks[0].route: Force March allows no sea move (Event Cards)",
        ),
        (
            piracy,
            "Warwick/Y",
            r#"["Calais","Irish Sea"]"#,
            "areas[0].blocks[0].route[0]: a sea move goes from one area on a sea zone to another \
             on the same zone (5.3): Calais does not lie on the Irish Sea",
        ),
        (
            piracy,
            "Warwick/Y",
            r#"["Calais","English Channel"]"#,
            "areas[0].blocks[0].route[1]: a sea move goes from one area on a sea zone to another \
             on the same zone (5.3): Essex does not lie on the English Channel",
        ),
        (
            piracy,
            "Warwick/Y",
            r#"["Kent","Calais","North Sea"]"#,
            "areas[0].blocks[0].route: a sea move's route is where the block sailed from and the \
             sea zone, as [\"Calais\", \"North Sea\"] (5.3)",
        ),
    ] {
        refused(&sailed(card, id, route), expected);
    }
    // Three sea moves are three action points with Piracy: more than its two.
    let three = pirates(r#""Piracy""#, r#"{"id":"Kent/Y","strength":2}"#, "").replace(
        r#"{"area":"Essex","enemy":2}"#,
        r#"{"area":"Essex","enemy":2,"blocks":[
            {"id":"Warwick/Y","strength":3,"route":["Calais","North Sea"]},
            {"id":"Salisbury/Y","strength":2,"route":["Calais","North Sea"]},
            {"id":"Norfolk","strength":2,"route":["Middlesex","North Sea"]}]}"#,
    );
    refused(
        &three,
        "areas: the blocks that moved by land started from 0 areas, one action point each \
         (5.2), and 3 blocks moved by sea, 3 action points (5.3), more than the card's 2",
    );
}
