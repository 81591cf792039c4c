//! Reach (5.2, 5.21, 5.22, 6.3, R22): where blocks can go this turn and every plan to attack an
//! area, on the rulebook's own examples and boards worked out by hand.

use bosworth::board::{Board, Plan, Position, Role, destinations, plans, target, ways};
use bosworth::rules::movement::area_index;

fn position(json: &str) -> Position {
    let board: Board =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("bad test JSON: {e}\n{json}"));
    Position::new(&board).unwrap_or_else(|e| panic!("invalid board: {e}"))
}

/// A board for `house` (Player `player`) with `card` action points and these areas.
fn board(house: &str, player: u8, card: u8, areas: &str) -> Position {
    position(&format!(
        r#"{{"kind":"board","version":1,"house":"{house}","player":{player},"card":{card},
        "areas":[{areas}]}}"#
    ))
}

/// `n` blocks of York, full strength, from a list of York nobles and others.
fn york(n: usize) -> String {
    const IDS: [(&str, u8); 10] = [
        ("Norfolk", 4),
        ("Suffolk", 3),
        ("Arundel", 3),
        ("Essex", 3),
        ("Hastings", 3),
        ("Herbert", 3),
        ("Worcester", 2),
        ("London (levy)", 4),
        ("Norwich (levy)", 4),
        ("Salisbury (levy)", 4),
    ];
    IDS[..n]
        .iter()
        .map(|(id, s)| format!(r#"{{"id":"{id}","strength":{s}}}"#))
        .collect::<Vec<_>>()
        .join(",")
}

fn at(name: &str) -> usize {
    area_index(name).unwrap()
}

fn names(areas: &[usize]) -> Vec<&'static str> {
    areas
        .iter()
        .map(|&a| bosworth::data::AREAS[a].name)
        .collect()
}

/// Every plan to attack `area`.
fn all(p: &Position, area: &str) -> Vec<Plan> {
    plans(p, target(p, at(area)).unwrap()).plans
}

/// The most blocks any plan commits.
fn most(plans: &[Plan]) -> usize {
    plans.iter().map(|p| p.ways.len()).max().unwrap_or(0)
}

#[test]
fn the_move_example() {
    // 5.2, Move Example: for 1 AP, East Anglia's blocks may move to Essex, Middlesex, Rutland,
    // Leicester and Lincoln; three straight to Rutland over the river border, three more by
    // Essex.
    let p = board(
        "York",
        1,
        2,
        &format!(r#"{{"area":"East Anglia","blocks":[{}]}}"#, york(8)),
    );
    let d = destinations(&p, at("East Anglia"));
    let mut reached: Vec<&str> = names(&d.iter().map(|x| x.0).collect::<Vec<_>>());
    reached.sort();
    assert_eq!(
        reached,
        ["Essex", "Leicester", "Lincoln", "Middlesex", "Rutland"]
    );
    let rutland = d.iter().find(|x| x.0 == at("Rutland")).unwrap().1;
    assert_eq!(rutland, 6);
    // Essex: four across the major border, three more by Rutland (river, then river).
    assert_eq!(d.iter().find(|x| x.0 == at("Essex")).unwrap().1, 7);
    // As an attack on Rutland: at most six blocks, the direct three and three by Essex.
    let p = board(
        "York",
        1,
        2,
        &format!(
            r#"{{"area":"East Anglia","blocks":[{}]}},{{"area":"Rutland","enemy":2}}"#,
            york(8)
        ),
    );
    let plans = all(&p, "Rutland");
    assert_eq!(most(&plans), 6);
    let six = plans.iter().find(|p| p.ways.len() == 6).unwrap();
    assert_eq!(names(&six.entries()), ["East Anglia", "Essex"]);
    assert_eq!(six.ap, 1);
}

#[test]
fn the_border_limit_example() {
    // 5.21: five blocks in Middlesex wish to move to Oxford; four can move directly, one must
    // move by Leicester or Sussex.
    let p = board(
        "York",
        1,
        2,
        &format!(
            r#"{{"area":"Middlesex","blocks":[{}]}},{{"area":"Oxford","enemy":1}}"#,
            york(5)
        ),
    );
    let plans = all(&p, "Oxford");
    assert_eq!(most(&plans), 5);
    let direct = |p: &Plan| p.ways.iter().filter(|w| w.path.len() == 2).count();
    // No plan sends more than four across the major border...
    assert!(plans.iter().all(|p| direct(p) <= 4));
    // ...and the example's way is one of them: four directly, one by Leicester or Sussex.
    let five: Vec<&Plan> = plans
        .iter()
        .filter(|p| p.ways.len() == 5 && direct(p) == 4)
        .collect();
    assert!(!five.is_empty());
    for plan in five {
        let other = plan.ways.iter().find(|w| w.path.len() == 3).unwrap();
        assert!(["Leicester", "Sussex"].contains(&names(&[other.entry()])[0]));
    }
    // Every way into Oxford from Middlesex: directly, or by Leicester, or by Sussex.
    let mut entries: Vec<usize> = ways(&p, at("Oxford")).iter().map(|w| w.entry()).collect();
    entries.sort();
    entries.dedup();
    assert_eq!(names(&entries), ["Leicester", "Middlesex", "Sussex"]);
}

#[test]
fn no_land_move_across_the_estuaries() {
    // 5.2, Estuaries: no land move Glamorgan-Somerset, East Yorks-Lincoln, Kent-Essex.
    for (from, to, other_way) in [
        ("Glamorgan", "Somerset", None),
        ("East Yorks", "Lincoln", Some("South Yorks")),
        ("Kent", "Essex", Some("Middlesex")),
    ] {
        let p = board(
            "York",
            1,
            2,
            &format!(
                r#"{{"area":"{from}","blocks":[{}]}},{{"area":"{to}","enemy":1}}"#,
                york(1)
            ),
        );
        let w = ways(&p, at(to));
        assert!(w.iter().all(|w| w.entry() != at(from)), "{from}-{to}");
        let entries: Vec<&str> = names(&w.iter().map(|w| w.entry()).collect::<Vec<_>>());
        match other_way {
            // Glamorgan to Somerset takes three moves: Hereford, Gloucester, Somerset.
            None => assert!(w.is_empty(), "{entries:?}"),
            Some(by) => assert_eq!(entries, [by], "{from}-{to}"),
        }
    }
}

#[test]
fn the_pinning_example() {
    // 5.22, Pinning Example: five blocks defend Chester; three attack from Derby (the Main
    // Attack), one from Warwick. Three are pinned; two may leave, but not by the Derby or
    // Warwick borders.
    let chester = format!(
        r#"{{"area":"Chester","enemy":4,"blocks":[{}],"attacked_from":[
        {{"from":"Derby","blocks":3}},{{"from":"Warwick","blocks":1,"reserve":true}}]}}"#,
        york(5)
    );
    // An enemy in Lancaster (river border from Chester): two blocks at most attack it.
    let p = board(
        "York",
        2,
        4,
        &format!(r#"{chester},{{"area":"Lancaster","enemy":1}}"#),
    );
    let plans = all(&p, "Lancaster");
    assert_eq!(most(&plans), 2);
    // Derby itself: not by the Derby border the enemy came by, nor through Warwick (closed
    // too), but by Lancaster (Chester-Lancaster river, then the red Lancaster-Derby border).
    let p = board(
        "York",
        2,
        4,
        &format!(r#"{chester},{{"area":"Derby","enemy":2}}"#),
    );
    let w = ways(&p, at("Derby"));
    assert!(!w.is_empty());
    for way in &w {
        assert_eq!(names(&way.path), ["Chester", "Lancaster", "Derby"]);
    }
    assert_eq!(most(&all(&p, "Derby")), 2);
    // Player 2 reinforcing Chester itself: reserves across at most two borders (6.3).
    let p = board(
        "York",
        2,
        4,
        &format!(
            r#"{chester},{{"area":"Powys","blocks":[{{"id":"Worcester","strength":2}}]}},
            {{"area":"Lancaster","blocks":[{{"id":"London (levy)","strength":4}}]}},
            {{"area":"Caernarvon","blocks":[{{"id":"Norwich (levy)","strength":4}}]}}"#
        ),
    );
    let t = target(&p, at("Chester")).unwrap();
    assert_eq!(t.role, Role::Reinforce);
    let plans = bosworth::board::plans(&p, t).plans;
    assert!(
        plans
            .iter()
            .all(|p| p.entries().len() <= 2 && p.active().is_empty())
    );
    // The three could come by three borders; at most two are used, so two blocks at most.
    assert_eq!(most(&plans), 2);
    // With nothing moved, the battle as it stands is a plan too.
    assert!(plans.iter().any(|p| p.ways.is_empty()));
}

#[test]
fn the_examples_of_6_3() {
    // Example 1: York has 2 blocks in Wilts and 4 in Kent; both groups attack Sussex, the Kent
    // group the Main Attack.
    let p = board(
        "York",
        1,
        2,
        r#"{"area":"Wilts","blocks":[{"id":"Norfolk","strength":4},{"id":"Suffolk","strength":3}]},
        {"area":"Kent","blocks":[{"id":"Arundel","strength":3},{"id":"Essex","strength":3},
        {"id":"Hastings","strength":3},{"id":"Herbert","strength":3}]},
        {"area":"Sussex","enemy":2}"#,
    );
    let plans = all(&p, "Sussex");
    let example = plans
        .iter()
        .find(|p| p.ways.len() == 6 && p.main == Some(at("Kent")))
        .expect("the example's attack");
    assert_eq!(example.active().len(), 4);
    assert_eq!(example.reserves().len(), 2);
    assert_eq!(example.ap, 2);
    // Example 2: Lancaster has one block in each of Middlesex, Oxford and Gloucester; for 3 AP
    // they combine for a Main Attack on Sussex by the Oxford-Sussex river border.
    let p = board(
        "Lancaster",
        1,
        3,
        r#"{"area":"Middlesex","blocks":[{"id":"Oxford","strength":3}]},
        {"area":"Oxford","blocks":[{"id":"Beaumont","strength":3}]},
        {"area":"Gloucester","blocks":[{"id":"Wiltshire","strength":3}]},
        {"area":"Sussex","enemy":2}"#,
    );
    let plans = all(&p, "Sussex");
    let example = plans
        .iter()
        .find(|p| p.ways.len() == 3 && p.main == Some(at("Oxford")) && p.reserves().is_empty())
        .expect("the example's attack");
    assert_eq!(example.ap, 3);
    // With a 2-AP card, only two of the three areas can move.
    let mut two = p.clone();
    two.ap = 2;
    assert_eq!(most(&all(&two, "Sussex")), 2);
}

#[test]
fn a_red_border_stops_the_move() {
    // Caernarvon-Powys is red: a block crossing it stops in Powys and cannot go on to Hereford;
    // by Chester (river, then river) it can.
    let p = board(
        "York",
        1,
        2,
        &format!(
            r#"{{"area":"Caernarvon","blocks":[{}]}},{{"area":"Hereford","enemy":1}}"#,
            york(2)
        ),
    );
    let w = ways(&p, at("Hereford"));
    assert!(!w.is_empty());
    assert!(
        w.iter()
            .all(|w| names(&w.path) == ["Caernarvon", "Chester", "Hereford"])
    );
    // A red border last is no obstacle: Powys-Hereford is red, and Powys' blocks attack across it.
    let p = board(
        "York",
        1,
        2,
        &format!(
            r#"{{"area":"Powys","blocks":[{}]}},{{"area":"Hereford","enemy":1}}"#,
            york(3)
        ),
    );
    let plans = all(&p, "Hereford");
    // Two across the red border, one more by Glamorgan or Chester.
    assert_eq!(most(&plans), 3);
    assert!(
        plans
            .iter()
            .all(|p| p.ways.iter().filter(|w| w.entry() == at("Powys")).count() <= 2)
    );
}

#[test]
fn no_route_through_an_enemy_area() {
    // York in Middlesex, Lancaster in Sussex and Kent: a block entering Sussex must stop and
    // fight there, so Kent is reached only across the Middlesex-Kent border.
    let p = board(
        "York",
        1,
        2,
        &format!(
            r#"{{"area":"Middlesex","blocks":[{}]}},{{"area":"Sussex","enemy":1}},
            {{"area":"Kent","enemy":2}}"#,
            york(5)
        ),
    );
    let w = ways(&p, at("Kent"));
    assert!(w.iter().all(|w| names(&w.path) == ["Middlesex", "Kent"]));
    assert_eq!(most(&all(&p, "Kent")), 3);
    // With Sussex vacant, the other two go round by it.
    let p = board(
        "York",
        1,
        2,
        &format!(
            r#"{{"area":"Middlesex","blocks":[{}]}},{{"area":"Kent","enemy":2}}"#,
            york(5)
        ),
    );
    assert_eq!(most(&all(&p, "Kent")), 5);
}

#[test]
fn an_attack_crosses_at_most_three_borders() {
    // Leicester borders Middlesex, Rutland, Essex and Oxford, each with one of York's blocks:
    // four borders, but an attack uses at most three (6.3).
    let p = board(
        "York",
        1,
        4,
        r#"{"area":"Middlesex","blocks":[{"id":"Norfolk","strength":4}]},
        {"area":"Rutland","blocks":[{"id":"Suffolk","strength":3}]},
        {"area":"Essex","blocks":[{"id":"Arundel","strength":3}]},
        {"area":"Oxford","blocks":[{"id":"Hastings","strength":3}]},
        {"area":"Leicester","enemy":3}"#,
    );
    let plans = all(&p, "Leicester");
    assert!(plans.iter().all(|p| p.entries().len() <= 3));
    // All four still go, some of them by the same border (Essex's by Middlesex or Rutland).
    let four: Vec<&Plan> = plans.iter().filter(|p| p.ways.len() == 4).collect();
    assert!(!four.is_empty());
    assert!(four.iter().all(|p| p.entries().len() <= 3 && p.ap == 4));
}

#[test]
fn an_intermediate_border_counts_against_its_limit() {
    // Two of York's blocks crossed East Anglia-Essex this turn: two more may, so only two of
    // East Anglia's go round by Essex into Rutland; three cross directly (5.21).
    let p = board(
        "York",
        1,
        3,
        &format!(
            r#"{{"area":"East Anglia","blocks":[{}]}},
            {{"area":"Essex","blocks":[{{"id":"Hastings","strength":3,"route":["East Anglia"]}},
              {{"id":"Herbert","strength":3,"route":["East Anglia"]}}]}},
            {{"area":"Rutland","enemy":2}}"#,
            york(4).to_string()
                + r#",{"id":"Worcester","strength":2},{"id":"London (levy)","strength":4}"#
        ),
    );
    assert_eq!(p.ap, 2);
    assert_eq!(most(&all(&p, "Rutland")), 5);
}

#[test]
fn vacant_areas_are_passed_and_friendly_ones_too() {
    // R22: a block passes through a vacant area as through a friendly one.
    let p = board(
        "York",
        1,
        2,
        &format!(
            r#"{{"area":"Essex","blocks":[{}]}},{{"area":"Kent","enemy":1}}"#,
            york(1)
        ),
    );
    assert_eq!(
        names(&ways(&p, at("Kent"))[0].path),
        ["Essex", "Middlesex", "Kent"]
    );
    // An exile area is never a target (2.7).
    let p = board("Lancaster", 1, 2, r#"{"area":"Calais","enemy":2}"#);
    assert_eq!(
        target(&p, at("Calais")).unwrap_err(),
        "Calais is an exile area of York and can never be attacked (2.7)"
    );
}
