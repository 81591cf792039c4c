//! The planner and the card played (5.1, 5.2, Event Cards, R25-R30): an area activated this
//! turn moves its other blocks at no further cost; Force March, Surprise and Treason planned on
//! boards worked out by hand; Muster, Plague and Piracy give no target, with their reason.

use bosworth::board::{
    Board, Options, Plan, Position, Reinforce, battle, card_refusal, destinations, plans, rank,
    reinforcements, target, targets, ways,
};
use bosworth::rules::movement::area_index;
use bosworth::solve::report::Method;
use bosworth::{Battle, Side};

fn board(json: &str) -> Board {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("bad test JSON: {e}\n{json}"))
}

fn position(json: &str) -> Position {
    Position::new(&board(json)).unwrap_or_else(|e| panic!("invalid board: {e}"))
}

#[track_caller]
fn refused(json: &str, expected: &str) {
    match Position::new(&board(json)) {
        Ok(_) => panic!("expected an error for {json}"),
        Err(e) => assert_eq!(e.to_string(), expected),
    }
}

fn at(name: &str) -> usize {
    area_index(name).unwrap()
}

/// Every plan to attack `area`.
fn all(p: &Position, area: &str) -> Vec<Plan> {
    plans(p, target(p, at(area)).unwrap()).plans
}

/// The most blocks any plan commits.
fn most(plans: &[Plan]) -> usize {
    plans.iter().map(|p| p.ways.len()).max().unwrap_or(0)
}

/// The areas a plan's blocks leave, in the map's order.
fn sources(plan: &Plan) -> Vec<usize> {
    let mut s: Vec<usize> = plan.ways.iter().map(|w| w.source()).collect();
    s.sort_unstable();
    s.dedup();
    s
}

/// The issue's board: York (card 2) moved Hastings from Kent to Sussex, which Lancaster holds
/// with two unseen blocks; March and Norfolk are still in Kent, Herbert and the Salisbury levy
/// in Wilts. `extra` goes before the areas (`"spent":2,`).
fn issue(extra: &str) -> String {
    format!(
        r#"{{"kind":"board","version":1,"house":"York","card":2,{extra}"areas":[
        {{"area":"Kent","blocks":[{{"id":"March","strength":3}},{{"id":"Norfolk","strength":4}}]}},
        {{"area":"Sussex","blocks":[{{"id":"Hastings","strength":3,"route":["Kent"]}}],"enemy":2}},
        {{"area":"Wilts","blocks":[{{"id":"Herbert","strength":3}},
          {{"id":"Salisbury (levy)","strength":4}}]}}]}}"#
    )
}

#[test]
fn an_activated_area_moves_its_other_blocks_at_no_further_cost() {
    // 5.2: the AP that moved Hastings activated every block of Kent. The AP left pays for
    // Wilts, so all four join the attack on Sussex: Kent's two by the Main Attack's border
    // (Kent-Sussex, a major border: Hastings and these two make 3 of 4), Wilts' two by
    // Wilts-Sussex as reserves. Charging Kent again would allow two blocks only.
    let p = position(&issue(""));
    assert_eq!(p.ap, 1);
    assert_eq!(p.activated, vec![at("Kent")]);
    let found = all(&p, "Sussex");
    assert_eq!(most(&found), 4);
    let four = found.iter().find(|plan| plan.ways.len() == 4).unwrap();
    assert_eq!(four.ap, 1);
    assert_eq!(four.main, Some(at("Kent")));
    assert_eq!(four.active().len(), 2);
    // In the map's order.
    assert_eq!(four.left_empty, vec![at("Wilts"), at("Kent")]);
    // Every plan of Kent's blocks alone costs nothing; any with Wilts' costs the one AP.
    for plan in &found {
        let s = sources(plan);
        let expected = u8::from(s.contains(&at("Wilts")));
        assert_eq!(plan.ap, expected, "{:?}", plan.ways);
    }
    // The ranking's best plan commits all four.
    let quick = Options {
        runs: 2_000,
        screen_budget: 100_000,
        top: 3,
        ..Options::default()
    };
    let r = rank(&p, target(&p, at("Sussex")).unwrap(), &quick, &|_| true).unwrap();
    assert_eq!(r.plans[0].plan.ways.len(), 4);
}

#[test]
fn with_no_point_left_only_the_activated_area_moves() {
    // Both AP spent (Kent, and another move elsewhere): Kent's blocks may still go, for
    // nothing; Wilts' may not.
    let p = position(&issue(r#""spent":2,"#));
    assert_eq!(p.ap, 0);
    let found = all(&p, "Sussex");
    assert_eq!(most(&found), 2);
    // (One plan commits nobody: the battle as Hastings began it.)
    assert!(
        found
            .iter()
            .all(|plan| plan.ap == 0 && sources(plan).iter().all(|&s| s == at("Kent")))
    );
    assert!(destinations(&p, at("Wilts")).is_empty());
    // Kent's two may still reach Sussex (the attack) or pass Sussex? No: Sussex is contested and
    // stops them. They reach Middlesex directly (river, 3).
    let kent = destinations(&p, at("Kent"));
    assert!(kent.contains(&(at("Middlesex"), 2)));
    assert!(kent.contains(&(at("Sussex"), 2)));
}

#[test]
fn a_block_moved_without_its_route_activates_no_area() {
    // Hastings moved (by sea, or his route untold): which area paid for it is not known, so
    // Kent is not activated and its two blocks cost one AP like Wilts' two: with one AP left,
    // one group only.
    let p = position(
        r#"{"kind":"board","version":1,"house":"York","card":2,"spent":1,"areas":[
        {"area":"Kent","blocks":[{"id":"March","strength":3},{"id":"Norfolk","strength":4},
          {"id":"Hastings","strength":3,"moved":true}]},
        {"area":"Sussex","enemy":2},
        {"area":"Wilts","blocks":[{"id":"Herbert","strength":3},
          {"id":"Salisbury (levy)","strength":4}]}]}"#,
    );
    assert!(p.activated.is_empty());
    let found = all(&p, "Sussex");
    assert_eq!(most(&found), 2);
    assert!(found.iter().all(|plan| plan.ap == 1));
}

/// Five York blocks in Kent and `rest` (more areas), with `card`.
fn five_in_kent(card: &str, rest: &str) -> String {
    format!(
        r#"{{"kind":"board","version":1,"house":"York","card":{card},"areas":[
        {{"area":"Kent","blocks":[{{"id":"Norfolk","strength":4}},{{"id":"Suffolk","strength":3}},
          {{"id":"Arundel","strength":3}},{{"id":"Essex","strength":3}},
          {{"id":"Hastings","strength":3}}]}}{rest}]}}"#
    )
}

#[test]
fn force_march_attacks_three_areas_deep() {
    // Kent to Somerset is three areas: by Sussex and Wilts (major, major, major) or by Sussex
    // and Dorset (major, river, major); Middlesex leads nowhere near in three. Every way
    // crosses Kent-Sussex, a major border: four of the five may go (5.21 applies).
    let fm = five_in_kent(r#""Force March""#, r#",{"area":"Somerset","enemy":2}"#);
    let p = position(&fm);
    assert_eq!(p.ap, 1);
    let w = ways(&p, at("Somerset"));
    assert_eq!(w.len(), 10);
    let mut paths: Vec<Vec<&str>> = w
        .iter()
        .filter(|w| w.block == 0)
        .map(|w| {
            w.path
                .iter()
                .map(|&a| bosworth::data::AREAS[a].name)
                .collect()
        })
        .collect();
    paths.sort();
    assert_eq!(
        paths,
        [
            ["Kent", "Sussex", "Dorset", "Somerset"],
            ["Kent", "Sussex", "Wilts", "Somerset"]
        ]
    );
    let found = all(&p, "Somerset");
    assert_eq!(most(&found), 4);
    assert!(found.iter().all(|plan| plan.ap == 1));
    // Both entries can be used, one the Main Attack: Dorset-Somerset and Wilts-Somerset.
    let mut both = vec![at("Dorset"), at("Wilts")];
    both.sort_unstable();
    assert!(found.iter().any(|plan| plan.entries() == both));
    // An action card moves two areas: Somerset is out of reach.
    let four = position(&five_in_kent("4", r#",{"area":"Somerset","enemy":2}"#));
    assert!(ways(&four, at("Somerset")).is_empty());
    assert!(targets(&four).is_empty());
    assert_eq!(targets(&p).len(), 1);
}

#[test]
fn force_march_moves_one_group() {
    // Herbert in Wilts could reach Somerset too, but the card moves the blocks of one area.
    let p = position(&five_in_kent(
        r#""Force March""#,
        r#",{"area":"Wilts","blocks":[{"id":"Herbert","strength":3}]},
        {"area":"Somerset","enemy":2}"#,
    ));
    let found = all(&p, "Somerset");
    assert!(found.iter().all(|plan| sources(plan).len() == 1));
    assert!(found.iter().any(|plan| sources(plan) == [at("Wilts")]));
    assert_eq!(most(&found), 4);
}

#[test]
fn surprise_lets_a_fifth_block_over_a_major_border() {
    // Lancaster holds Middlesex, so Kent's blocks reach Sussex only across Kent-Sussex, a major
    // border: four with an action card, five with Surprise (limit 4 + 1).
    let rest = r#",{"area":"Middlesex","enemy":1},{"area":"Sussex","enemy":2}"#;
    let four = position(&five_in_kent("4", rest));
    assert_eq!(most(&all(&four, "Sussex")), 4);
    let p = position(&five_in_kent(r#""Surprise""#, rest));
    let found = all(&p, "Sussex");
    assert_eq!(most(&found), 5);
    // Lancaster's Middlesex may be attacked across Kent-Middlesex (river): 3 + 1.
    assert_eq!(
        destinations(&p, at("Kent")),
        [(at("Middlesex"), 4), (at("Sussex"), 5)]
    );
    // The five-block battle cannot say its borders (the battle knows no Surprise): it types each
    // side's retreat capacity as R20 works it out (R26). Sussex's land borders: Dorset (river),
    // Kent (major, York entered by it, left empty), Middlesex (river, Lancaster's), Oxford
    // (river), Wilts (major). York: Dorset 3 + Kent 4 + Oxford 3 + Wilts 4 = 14; Lancaster:
    // Dorset 3 + Middlesex 3 + Oxford 3 + Wilts 4 = 13 (not Kent, which York crossed).
    let five = found.iter().find(|plan| plan.ways.len() == 5).unwrap();
    let sc = battle(&p, five, &[]);
    assert_eq!(sc.attacker.retreat_capacity, Some(14));
    assert_eq!(sc.defender.retreat_capacity, Some(13));
    assert!(sc.attacker.blocks.iter().all(|b| b.from.is_none()));
    assert!(sc.neighbours.is_empty());
    // The same figures R20 gives a four-block battle that says its borders.
    let four_plan = found.iter().find(|plan| plan.ways.len() == 4).unwrap();
    let sc4 = battle(&p, four_plan, &[]);
    assert!(sc4.attacker.blocks.iter().all(|b| b.from.is_some()));
    let mut concrete = sc4.clone();
    concrete.defender.hidden.clear();
    concrete
        .defender
        .blocks
        .push(serde_json::from_str(r#"{"id":"Oxford","strength":2}"#).unwrap());
    let b = Battle::new(&concrete).unwrap();
    assert_eq!(b.retreat_capacity(Side::Attacker), Some(14));
    assert_eq!(b.retreat_capacity(Side::Defender), Some(13));
}

#[test]
fn surprise_lifts_the_limit_of_moves_made_this_turn() {
    // Four blocks moved Kent to Middlesex, a river border: three allowed with an action card,
    // four with Surprise, never five.
    let moved = |card: &str, n: usize| {
        let ids = ["Norfolk", "Suffolk", "Arundel", "Essex", "Hastings"];
        let blocks: Vec<String> = ids[..n]
            .iter()
            .map(|id| format!(r#"{{"id":"{id}","strength":3,"route":["Kent"]}}"#))
            .collect();
        format!(
            r#"{{"kind":"board","version":1,"house":"York","card":{card},"areas":[
            {{"area":"Middlesex","blocks":[{}]}}]}}"#,
            blocks.join(",")
        )
    };
    refused(
        &moved("2", 4),
        "areas[0].blocks[3].route: Kent-Middlesex is a river (blue) border: at most 3 blocks, 4 cross it (5.21)",
    );
    assert_eq!(position(&moved(r#""Surprise""#, 4)).ap, 0);
    refused(
        &moved(r#""Surprise""#, 5),
        "areas[0].blocks[4].route: Kent-Middlesex is a river (blue) border: at most 3 blocks, 5 cross it (5.21); with Surprise one more: 4",
    );
}

#[test]
fn treason_gives_each_plan_the_card_and_its_odds_are_the_battles() {
    // Norfolk 4 and Hastings 3 against Northumberland/L 3 and Oxford 3, both known. With
    // Treason the plan's battle holds the card (D11, R30) and its figures are `bosworth exact`'s
    // on it; the same plan with an action card holds far less.
    let json = |card: &str| {
        format!(
            r#"{{"kind":"board","version":1,"house":"York","card":{card},"areas":[
            {{"area":"Kent","blocks":[{{"id":"Norfolk","strength":4}},{{"id":"Hastings","strength":3}}]}},
            {{"area":"Sussex","enemy_known":[{{"id":"Northumberland/L","strength":3}},
              {{"id":"Oxford","strength":3}}]}}]}}"#
        )
    };
    let options = Options {
        top: 5,
        ..Options::default()
    };
    let hold = |card: &str| {
        let p = position(&json(card));
        let r = rank(&p, target(&p, at("Sussex")).unwrap(), &options, &|_| true).unwrap();
        let best = r.plans[0].clone();
        assert!(matches!(best.figures.method, Method::Exact { .. }));
        let exact = bosworth::solve(&Battle::new(&best.scenario).unwrap(), 10_000_000).unwrap();
        assert_eq!(best.figures.hold, exact.attacker_holds);
        (best, exact.attacker_holds)
    };
    let (with, h) = hold(r#""Treason""#);
    assert_eq!(with.scenario.treason, Some(Side::Attacker));
    let (without, h0) = hold("2");
    assert_eq!(without.scenario.treason, None);
    assert_eq!(with.plan.ways, without.plan.ways);
    // The card's roll at the holder's best target (R45): Northumberland/L, loyalty 2 (one
    // chance in four to turn), the only block it may roll at (Oxford is a rose noble, never).
    assert_eq!(
        with.scenario.policy.attacker.treason_target.as_deref(),
        Some("best")
    );
    let mut sc = with.scenario.clone();
    sc.treason = None;
    sc.policy.attacker.treason_target = None;
    let plain = bosworth::solve(&Battle::new(&sc).unwrap(), 10_000_000).unwrap();
    assert_eq!(plain.attacker_holds, h0);
    assert!(h > h0 + 0.1, "{h} vs {h0}");
    // Worked by hand: a quarter of the time Northumberland fights for York as Northumberland/Y,
    // a reserve from round 2 (D11); else the battle without the card. The turned battle is
    // written with the retreat capacities the plan's battle has, its borders left out.
    let original = Battle::new(&with.scenario).unwrap();
    let mut turned = sc.clone();
    turned
        .defender
        .blocks
        .retain(|b| b.id.as_deref() != Some("Northumberland/L"));
    turned.attacker.blocks.push(
        serde_json::from_str(r#"{"id":"Northumberland/Y","strength":3,"reserve":true}"#).unwrap(),
    );
    for b in turned
        .attacker
        .blocks
        .iter_mut()
        .chain(turned.defender.blocks.iter_mut())
    {
        b.from = None;
    }
    turned.neighbours.clear();
    turned.attacker.retreat_capacity = original.retreat_capacity(Side::Attacker);
    turned.defender.retreat_capacity = original.retreat_capacity(Side::Defender);
    let t = bosworth::solve(&Battle::new(&turned).unwrap(), 10_000_000).unwrap();
    assert!(
        (h - (0.25 * t.attacker_holds + 0.75 * h0)).abs() < 1e-12,
        "{h} vs {}",
        0.25 * t.attacker_holds + 0.75 * h0
    );
    assert_eq!((100.0 * h).round(), 35.0);
    assert_eq!((100.0 * h0).round(), 14.0);
}

/// York's blocks in Kent; Lancaster in Middlesex (a city, London), Somerset (Bristol), Sussex
/// (no city) and Wilts (Salisbury).
fn cities(card: &str, middlesex: u8) -> Position {
    position(&format!(
        r#"{{"kind":"board","version":1,"house":"York","card":"{card}","areas":[
        {{"area":"Kent","blocks":[{{"id":"Norfolk","strength":4}}]}},
        {{"area":"Middlesex","enemy":{middlesex}}},{{"area":"Somerset","enemy":3}},
        {{"area":"Sussex","enemy":4}},{{"area":"Wilts","enemy":1}}]}}"#
    ))
}

#[test]
fn muster_and_plague_plan_no_attack_and_say_why() {
    let p = cities("Plague", 2);
    let why = "Plague: no block moves this turn, so no attack (Event Cards); of Lancaster's city \
               areas, Somerset holds the most Lancaster blocks (3): Plague there takes the most \
               steps";
    assert_eq!(card_refusal(&p).as_deref(), Some(why));
    assert_eq!(target(&p, at("Sussex")), Err(why.to_string()));
    assert!(targets(&p).is_empty());
    // Sussex's four are not in a city; a tie names both, in the map's order.
    let tie = cities("Plague", 3);
    assert!(card_refusal(&tie).unwrap().ends_with(
        "of Lancaster's city areas, Middlesex, Somerset hold the most Lancaster blocks (3 each): \
         Plague on either takes the most steps"
    ));
    let m = cities("Muster", 2);
    assert_eq!(m.ap, 0);
    assert!(targets(&m).is_empty());
    assert!(
        target(&m, at("Sussex"))
            .unwrap_err()
            .starts_with("Muster: no attack this turn")
    );
    // Piracy attacks by sea (R43, tests/sea.rs); Force March, Surprise and Treason by land.
    for card in ["Force March", "Surprise", "Treason", "Piracy"] {
        let p = cities(card, 2);
        assert_eq!(card_refusal(&p), None);
        assert!(!targets(&p).is_empty(), "{card}");
    }
}

#[test]
fn land_moves_under_piracy_or_plague_are_refused() {
    let moved = |card: &str| {
        format!(
            r#"{{"kind":"board","version":1,"house":"York","card":"{card}","areas":[
            {{"area":"Middlesex","blocks":[{{"id":"Norfolk","strength":4,"route":["Kent"]}}]}}]}}"#
        )
    };
    refused(
        &moved("Piracy"),
        "areas[0].blocks[0].route: Piracy's action points are sea moves only (Event Cards, 5.3): no block moves by land this turn",
    );
    refused(
        &moved("Plague"),
        "areas[0].blocks[0].route: Plague moves no block (Event Cards)",
    );
    // Muster's moves cost no action point per area (Event Cards).
    let m = position(&moved("Muster"));
    assert_eq!((m.ap, m.activated.len()), (0, 0));
}

#[test]
fn the_player_of_an_event_card_is_player_one() {
    let kent = |card: &str, player: u8, enemy: &str| {
        format!(
            r#"{{"kind":"board","version":1,"house":"York","card":{card},"player":{player},
            "enemy_card":{enemy},"areas":[{{"area":"Kent","blocks":[{{"id":"Norfolk","strength":4}}]}}]}}"#
        )
    };
    refused(
        &kent(r#""Surprise""#, 2, "3"),
        "player: 2, but Surprise is an event card and the enemy's card is not: the player of an event card is always Player 1 (1.1)",
    );
    refused(
        &kent("3", 1, r#""Treason""#),
        "player: 1, but the enemy played Treason, an event card, and ours is not: the player of an event card is always Player 1 (1.1)",
    );
    // Both events: either may be Player 1 (1.1: the cards' AP, then the Pretender).
    assert_eq!(
        position(&kent(r#""Surprise""#, 2, r#""Piracy""#)).enemy_ap,
        Some(0)
    );
}

#[test]
fn the_enemys_event_limits_his_reinforcements() {
    // York (Force March, Player 1 as the Pretender on the tie, 1.1) sends March from Middlesex
    // into Kent; Hastings holds Middlesex. Lancaster's six in Sussex reinforce across
    // Sussex-Kent (major) alone: four with an action card, five with Surprise (R28), none with
    // Muster (its moves reach only a friendly or vacant area, R27).
    let json = |enemy: &str| {
        format!(
            r#"{{"kind":"board","version":1,"house":"York","card":"Force March","enemy_card":{enemy},
            "areas":[
            {{"area":"Middlesex","blocks":[{{"id":"March","strength":3}},{{"id":"Hastings","strength":3}}]}},
            {{"area":"Sussex","enemy":6}},
            {{"area":"Kent","enemy":1}}]}}"#
        )
    };
    let came = |enemy: &str| {
        let p = position(&json(enemy));
        let found = all(&p, "Kent");
        let march = found
            .iter()
            .find(|plan| plan.ways.len() == 1 && plan.ways[0].block == 0)
            .unwrap();
        let groups = reinforcements(&p, march, Reinforce::All);
        assert!(groups.iter().all(|g| g.entry() == at("Sussex")));
        groups.iter().map(|g| g.blocks()).sum::<usize>()
    };
    assert_eq!(came(r#""Surprise""#), 5);
    assert_eq!(came(r#""Treason""#), 4);
    assert_eq!(came(r#""Muster""#), 0);
    assert_eq!(came(r#""Plague""#), 0);
}
