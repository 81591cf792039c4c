//! Battles that know their borders (5.2, 5.21, 6.3, D12): a battle whose blocks say where they
//! came from (`from`) is checked against the map, every refusal naming its field, and each
//! side's retreat capacity is worked out from the map.

mod common;
use bosworth::{Battle, Fog, Side};
use common::*;

/// The issue's Kent battle: York's March, Hastings and Herbert from Middlesex and Norfolk from
/// `norfolk` (all in the Main Attack unless `reserve`), against Somerset in Kent.
fn kent(norfolk: &str, reserve: bool) -> String {
    format!(
        r#"{{"version":1,"area":"Kent","attacker":{{"house":"York","blocks":[
        {{"id":"March","strength":3,"from":"Middlesex"}},
        {{"id":"Hastings","strength":3,"from":"Middlesex"}},
        {{"id":"Herbert","strength":3,"from":"Middlesex"}},
        {{"id":"Norfolk","strength":4,"from":"{norfolk}","reserve":{reserve}}}]}},
        "defender":{{"house":"Lancaster","blocks":[{{"id":"Somerset","strength":3}}]}}}}"#
    )
}

#[track_caller]
fn says(json: &str, expected: &str) {
    assert_eq!(error(json).to_string(), expected);
}

#[test]
fn no_land_move_across_an_estuary() {
    says(
        &kent("Essex", false),
        "attacker.blocks[3].from: Norfolk: Essex and Kent share no land border (5.2, estuary: \
         only a sea move crosses it)",
    );
    says(
        &kent("Leicester", true),
        "attacker.blocks[3].from: Norfolk: Leicester and Kent share no land border (5.2)",
    );
    says(
        &kent("Narnia", true),
        "attacker.blocks[3].from: Norfolk: 'Narnia' is not an area of the map nor a sea zone",
    );
}

#[test]
fn a_border_carries_at_most_its_limit() {
    says(
        &kent("Middlesex", false),
        "attacker.blocks[3].from: Norfolk: Middlesex-Kent is a river (blue) border: at most 3 \
         blocks, 4 cross it (5.21)",
    );
    // By Sussex, as a reserve, the same four blocks may attack.
    assert!(Battle::new(&scenario(&kent("Sussex", true))).is_ok());
}

#[test]
fn the_main_attack_is_one_border_and_reserves_cross_others() {
    says(
        &kent("Sussex", false),
        "attacker.blocks[3].from: Norfolk came from Sussex, not across the Main Attack's border \
         (Middlesex-Kent, as attacker.blocks[0] came): a block crossing another border is a \
         reserve (6.3)",
    );
    let json = kent("Sussex", true).replace(
        r#""id":"Hastings","strength":3,"from":"Middlesex""#,
        r#""id":"Hastings","strength":3,"from":"Middlesex","reserve":true"#,
    );
    says(
        &json,
        "attacker.blocks[1].reserve: Hastings crossed Middlesex-Kent, the Main Attack's border: \
         only blocks crossing other borders are reserves (6.3)",
    );
}

#[test]
fn an_attack_crosses_at_most_three_borders() {
    let json = r#"{"version":1,"area":"Leicester","attacker":{"house":"York","blocks":[
        {"id":"March","strength":3,"from":"Middlesex"},
        {"id":"Hastings","strength":3,"from":"Rutland","reserve":true},
        {"id":"Herbert","strength":3,"from":"Essex","reserve":true},
        {"id":"Norfolk","strength":4,"from":"Oxford","reserve":true}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Somerset","strength":3}]}}"#;
    says(
        json,
        "attacker.blocks[3].from: Norfolk: Oxford would be a fourth border; an attack crosses \
         at most three (6.3)",
    );
}

#[test]
fn every_attacking_block_says_where_it_came_from_or_none_does() {
    let json = kent("Sussex", true).replace(
        r#"{"id":"Hastings","strength":3,"from":"Middlesex"}"#,
        r#"{"id":"Hastings","strength":3}"#,
    );
    says(
        &json,
        "attacker.blocks[1].from: missing: where one attacking block says where it came from, \
         every one must (6.3)",
    );
    says(
        &kent("Sussex", true).replace(r#""area":"Kent","#, ""),
        "attacker.blocks[0].from: a battle whose blocks say where they came from needs its area \
         (5.2)",
    );
    says(
        &kent("Sussex", true)
            .replace(
                r#""area":"Kent","#,
                r#""area":"Kent","progress":{"round":2},"#,
            )
            .replace(r#","reserve":true"#, ""),
        "attacker.blocks[0].from: a battle under way carries its retreat capacity, not where its \
         blocks came from: give retreat_capacity instead (D12)",
    );
}

#[test]
fn no_block_stands_in_the_enemy_exile() {
    let json = r#"{"version":1,"area":"Cumbria","attacker":{"house":"York","blocks":[
        {"id":"March","strength":3,"from":"Scotland"}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Clifford","strength":3}]}}"#;
    says(
        json,
        "attacker.blocks[0].from: March: York blocks never stand in Scotland, an exile area of \
         Lancaster (2.7)",
    );
    // Lancaster may come down from Scotland by land.
    let json = r#"{"version":1,"area":"Cumbria","attacker":{"house":"Lancaster","blocks":[
        {"id":"Clifford","strength":3,"from":"Scotland"}]},
        "defender":{"house":"York","blocks":[{"id":"March","strength":3}]}}"#;
    let b = battle(json);
    // Cumbria's land borders are all minor (2 each): Lancaster, North Yorks, Northumbria,
    // Scotland. York may not go to Scotland, nor by Scotland, which Lancaster crossed.
    assert_eq!(b.retreat_capacity(Side::Attacker), Some(8));
    assert_eq!(b.retreat_capacity(Side::Defender), Some(6));
}

/// 6.3's reinforcement example: York attacks Essex from Rutland with 3 blocks (the Main Attack)
/// and from Middlesex with 2; Lancaster defends with 2 and reinforces with 3 from East Anglia.
fn essex(lancaster_from_middlesex: bool) -> String {
    let extra = if lancaster_from_middlesex {
        r#",{"id":"Wiltshire","strength":3,"reserve":true,"from":"Middlesex"}"#
    } else {
        ""
    };
    format!(
        r#"{{"version":1,"area":"Essex","attacker":{{"house":"York","blocks":[
        {{"id":"March","strength":3,"from":"Rutland"}},
        {{"id":"Hastings","strength":3,"from":"Rutland"}},
        {{"id":"Herbert","strength":3,"from":"Rutland"}},
        {{"id":"Norfolk","strength":4,"from":"Middlesex","reserve":true}},
        {{"id":"Suffolk","strength":3,"from":"Middlesex","reserve":true}}]}},
        "defender":{{"house":"Lancaster","blocks":[
        {{"id":"Oxford","strength":3}},{{"id":"Beaumont","strength":3}},
        {{"id":"Somerset","strength":3,"reserve":true,"from":"East Anglia"}},
        {{"id":"Exeter","strength":3,"reserve":true,"from":"East Anglia"}},
        {{"id":"Clifford","strength":3,"reserve":true,"from":"East Anglia"}}{extra}]}}}}"#
    )
}

#[test]
fn retreat_capacity_is_worked_out_from_the_map() {
    // Essex: East Anglia (major 4), Leicester (river 3), Middlesex (major 4), Rutland (river 3).
    // York may not retreat by East Anglia, which Lancaster's reinforcements crossed: 3 + 4 + 3.
    // Lancaster may not by Rutland or Middlesex, which York crossed: 4 + 3 (6.6, D12).
    let b = battle(&essex(false));
    assert_eq!(b.retreat_capacity(Side::Attacker), Some(10));
    assert_eq!(b.retreat_capacity(Side::Defender), Some(7));
    // Both crossed Middlesex-Essex: only Player 2, the reinforcing Lancaster, retreats by it.
    let b = battle(&essex(true));
    assert_eq!(b.retreat_capacity(Side::Attacker), Some(6));
    assert_eq!(b.retreat_capacity(Side::Defender), Some(11));
    // A neighbour held by the enemy, or contested, is closed (6.6: friendly or vacant only).
    let held = essex(false).replace(
        r#"{"version":1,"#,
        r#"{"version":1,"neighbours":{"Leicester":"Lancaster","East Anglia":"contested"},"#,
    );
    let b = battle(&held);
    assert_eq!(b.retreat_capacity(Side::Attacker), Some(7));
    assert_eq!(b.retreat_capacity(Side::Defender), Some(3));
    // A typed capacity is kept as typed.
    let typed = essex(false).replace(
        r#""house":"York","blocks""#,
        r#""house":"York","retreat_capacity":1,"blocks""#,
    );
    assert_eq!(battle(&typed).retreat_capacity(Side::Attacker), Some(1));
    // Without borders the battle means what it always meant: no limit.
    let plain = essex(false).replace(r#","from":"Rutland""#, "");
    let plain = plain
        .replace(r#","from":"Middlesex""#, "")
        .replace(r#","from":"East Anglia""#, "");
    assert_eq!(battle(&plain).retreat_capacity(Side::Attacker), None);
}

/// What the app shows beside the worked-out capacity: each border open or closed to each side,
/// and why (6.6, 2.1, R20), from the same reading the capacity is the sum of.
#[test]
fn each_border_says_why_it_is_closed() {
    use bosworth::rules::movement::{Closed, closed, retreat_capacity};
    let held = essex(false).replace(
        r#"{"version":1,"#,
        r#"{"version":1,"neighbours":{"Leicester":"Lancaster","East Anglia":"contested"},"#,
    );
    let sc = scenario(&held);
    let exits = Battle::exits(&sc)
        .unwrap()
        .expect("the battle says its borders");
    let houses = [sc.attacker.house, sc.defender.house];
    let why = |attacker: bool| -> Vec<(&str, Option<Closed>)> {
        let mut v: Vec<_> = exits
            .iter()
            .map(|e| (e.area.name, closed(e, houses, attacker)))
            .collect();
        v.sort_by_key(|x| x.0);
        v
    };
    assert_eq!(
        why(true),
        [
            ("East Anglia", Some(Closed::Contested)),
            ("Leicester", Some(Closed::Enemy)),
            ("Middlesex", None),
            ("Rutland", None)
        ]
    );
    assert_eq!(
        why(false),
        [
            ("East Anglia", Some(Closed::Contested)),
            ("Leicester", None),
            ("Middlesex", Some(Closed::Crossed)),
            ("Rutland", Some(Closed::Crossed))
        ]
    );
    // The capacity is the sum of the open borders' limits: Middlesex 4 + Rutland 3; Leicester 3.
    assert_eq!(retreat_capacity(&exits, houses, true), 7);
    assert_eq!(retreat_capacity(&exits, houses, false), 3);
    assert_eq!(
        Closed::Crossed.words(bosworth::data::House::York),
        "York entered the battle across it (6.6)"
    );
    // A battle that says nothing of its borders has none; one the map refuses, the same error.
    assert!(
        Battle::exits(&scenario(
            &kent("Sussex", true)
                .replace(r#","from":"Middlesex""#, "")
                .replace(r#","from":"Sussex""#, "")
        ))
        .unwrap()
        .is_none()
    );
    assert_eq!(
        Battle::exits(&scenario(&kent("Essex", false)))
            .unwrap_err()
            .field,
        "attacker.blocks[3].from"
    );
}

#[test]
fn a_battle_with_borders_gives_the_figures_of_the_same_battle_typed() {
    // The 6.3 Example 1 position: York's Kent group the Main Attack on Sussex, the Wilts group in
    // reserve; Sussex's borders: Dorset 3, Kent 4, Middlesex 3, Oxford 3, Wilts 4.
    let with = r#"{"version":1,"area":"Sussex","neighbours":{"Dorset":"Lancaster"},
        "attacker":{"house":"York","blocks":[
        {"id":"Norfolk","strength":2,"from":"Kent"},{"id":"Arundel","strength":1,"from":"Kent"},
        {"id":"Hastings","strength":1,"from":"Wilts","reserve":true}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":2}]}}"#;
    let typed = r#"{"version":1,"area":"Sussex",
        "attacker":{"house":"York","retreat_capacity":14,"blocks":[
        {"id":"Norfolk","strength":2},{"id":"Arundel","strength":1},
        {"id":"Hastings","strength":1,"reserve":true}]},
        "defender":{"house":"Lancaster","retreat_capacity":9,"blocks":[{"id":"Oxford","strength":2}]}}"#;
    let b = battle(with);
    assert_eq!(b.retreat_capacity(Side::Attacker), Some(14));
    assert_eq!(b.retreat_capacity(Side::Defender), Some(9));
    let (a, t) = (exact(with), exact(typed));
    close(a.attacker_holds, t.attacker_holds);
    close(
        a.sides[0].expected_steps_lost,
        t.sides[0].expected_steps_lost,
    );
}

#[test]
fn reinforcements_say_where_they_came_from() {
    says(
        &essex(false).replace(
            r#"{"id":"Oxford","strength":3}"#,
            r#"{"id":"Oxford","strength":3,"from":"Leicester"}"#,
        ),
        "defender.blocks[0].from: Oxford is not a reserve: only the defender's reinforcements \
         came into the battle (6.3); its other blocks were there",
    );
    says(
        &essex(false)
            .replace(
                r#""id":"Clifford","strength":3,"reserve":true,"from":"East Anglia""#,
                r#""id":"Clifford","strength":3,"reserve":true,"from":"Leicester""#,
            )
            .replace(
                r#""id":"Exeter","strength":3,"reserve":true,"from":"East Anglia""#,
                r#""id":"Exeter","strength":3,"reserve":true,"from":"Rutland""#,
            ),
        "defender.blocks[4].from: Clifford: Leicester would be a third border; Player 2 \
         reinforces a battle across at most two (6.3)",
    );
    says(
        &essex(false).replace(
            r#""id":"Exeter","strength":3,"reserve":true,"from":"East Anglia""#,
            r#""id":"Exeter","strength":3,"reserve":true"#,
        ),
        "defender.blocks[3].from: missing: where one reinforcement says where it came from, \
         every one must (6.3)",
    );
    let plain = essex(false).replace(r#","from":"Rutland""#, "");
    let plain = plain.replace(r#","from":"Middlesex""#, "");
    says(
        &plain,
        "defender.blocks[2].from: say where the attacking blocks came from too: the map's rules \
         need the attack's borders (6.3)",
    );
}

#[test]
fn neighbours_are_land_neighbours() {
    let json = kent("Sussex", true).replace(
        r#"{"version":1,"#,
        r#"{"version":1,"neighbours":{"Essex":"York"},"#,
    );
    says(
        &json,
        "neighbours.Essex: Essex is not a land neighbour of Kent: Essex and Kent share no land \
         border (5.2, estuary: only a sea move crosses it)",
    );
    let json = kent("Sussex", true).replace(
        r#"{"version":1,"#,
        r#"{"version":1,"neighbours":{"Narnia":"York"},"#,
    );
    says(
        &json,
        "neighbours.Narnia: 'Narnia' is not an area of the map",
    );
}

#[test]
fn hidden_blocks_are_checked_by_their_own_field() {
    let json = r#"{"version":1,"area":"Kent","attacker":{"house":"York","blocks":[
        {"id":"March","strength":3,"from":"Middlesex"},
        {"id":"Hastings","strength":3,"from":"Middlesex"}]},
        "defender":{"house":"Lancaster","blocks":[{"id":"Somerset","strength":3}],
        "hidden":[{"reserve":true,"from":"Essex"}]}}"#;
    let e = Fog::new(&scenario(json)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "defender.hidden[0].from: hidden #1: Essex and Kent share no land border (5.2, estuary: \
         only a sea move crosses it)"
    );
    // Reinforcing by Middlesex, which York crossed, is allowed (both players may cross one
    // border, 5.21, 6.6); York then may not retreat by it.
    let ok = json.replace(r#""from":"Essex""#, r#""from":"Middlesex""#);
    let f = Fog::new(&scenario(&ok)).unwrap();
    assert!(f.compositions().unwrap() > 1);
}
