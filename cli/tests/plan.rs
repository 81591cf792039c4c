//! `bosworth plan`: the attack planner as a user runs it.

mod common;

use common::{ok, refused, run};

const BOARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/board-kent.json");

const FAST: [&str; 4] = ["--runs", "4000", "--screen", "100000"];

#[test]
fn a_plan_opened_as_a_battle_gives_its_figures() {
    let mut args = vec!["plan", BOARD, "--target", "Kent", "--json"];
    args.extend(FAST);
    let v: serde_json::Value = serde_json::from_str(&ok(&run(&args, None))).unwrap();
    assert_eq!(v["target"], "Kent");
    assert_eq!(v["plans_considered"], 64);
    let plans = v["plans"].as_array().unwrap();
    assert!(plans.len() >= 10);
    for n in [1, 2, plans.len()] {
        let p = &plans[n - 1];
        let mut open = args.clone();
        open.retain(|a| *a != "--json");
        let n_text = n.to_string();
        open.extend(["--open", &n_text]);
        let battle = ok(&run(&open, None));
        // The battle printed is the one in the JSON.
        let sc: serde_json::Value = serde_json::from_str(&battle).unwrap();
        assert_eq!(sc, p["battle"]);
        let check = match p["method"]["kind"].as_str().unwrap() {
            "monte_carlo" => run(
                &["simulate", "-", "--json", "--runs", "4000", "--seed", "1"],
                Some(&battle),
            ),
            _ => run(&["exact", "-", "--json"], Some(&battle)),
        };
        let r: serde_json::Value = serde_json::from_str(&ok(&check)).unwrap();
        assert_eq!(r["report"]["attacker_holds"], p["holds"], "plan {n}");
        assert_eq!(
            r["report"]["sides"][0]["expected_steps_lost"], p["own_steps_lost"],
            "plan {n}"
        );
    }
    // Best first; the first is on the Pareto front.
    let holds: Vec<f64> = plans.iter().map(|p| p["holds"].as_f64().unwrap()).collect();
    assert!(holds.windows(2).all(|w| w[0] >= w[1]));
    assert_eq!(plans[0]["pareto"], true);
    // Norfolk comes from Essex through Middlesex.
    let routes: Vec<String> = plans[0]["active"]
        .as_array()
        .unwrap()
        .iter()
        .chain(plans[0]["reserves"].as_array().unwrap())
        .map(|b| format!("{}:{}", b["id"].as_str().unwrap(), b["route"]))
        .collect();
    assert!(
        routes.contains(&r#"Norfolk:["Essex","Middlesex","Kent"]"#.to_string()),
        "{routes:?}"
    );
}

#[test]
fn tables_csv_and_every_target() {
    let mut args = vec!["plan", BOARD, "--target", "Kent"];
    args.extend(FAST);
    let table = ok(&run(&args, None));
    assert!(
        table.starts_with("York attacks Kent (3 unseen Lancaster blocks)"),
        "{table}"
    );
    assert!(table.contains("Main Attack by Middlesex"));
    let mut csv = args.clone();
    csv.extend(["--format", "csv"]);
    let csv = ok(&run(&csv, None));
    assert!(csv.starts_with("target,rank,holds,"));
    assert!(csv.lines().count() > 10);
    // Without a target: every area York can attack, each with its best plan.
    let mut every = vec!["plan", BOARD, "--json"];
    every.extend(FAST);
    let v: serde_json::Value = serde_json::from_str(&ok(&run(&every, None))).unwrap();
    let targets = v.as_array().unwrap();
    assert_eq!(targets.len(), 1);
    assert_eq!(targets[0]["target"], "Kent");
    assert_eq!(targets[0]["plans"].as_array().unwrap().len(), 1);
}

#[test]
fn the_board_travels_as_a_link() {
    let link = ok(&run(&["link", BOARD], None)).trim().to_string();
    assert!(link.starts_with("http://127.0.0.1:8080/#b="), "{link}");
    let mut a = vec!["plan", BOARD, "--target", "Kent", "--json"];
    a.extend(FAST);
    let mut b = vec!["plan", &link, "--target", "Kent", "--json"];
    b.extend(FAST);
    assert_eq!(ok(&run(&a, None)), ok(&run(&b, None)));
    let text = std::fs::read_to_string(BOARD).unwrap();
    let mut c = vec!["plan", "-", "--target", "Kent", "--json"];
    c.extend(FAST);
    assert_eq!(ok(&run(&a, None)), ok(&run(&c, Some(&text))));
}

#[test]
fn bad_boards_and_questions_are_refused_by_field() {
    let text = std::fs::read_to_string(BOARD).unwrap();
    let plan = |t: &str| run(&["plan", "-"], Some(t));
    refused(
        &plan(&text.replace(r#""card": 3"#, r#""card": 5"#)),
        "card: 5 is not a card of the game: action cards give 2, 3 or 4 action points, or name an event card (Force March, Muster, Piracy, Plague, Surprise, Treason) (5.1)",
    );
    refused(
        &plan(&text.replace(r#""area": "Kent""#, r#""area": "Kentt""#)),
        "areas[2].area: 'Kentt' is not an area of the map",
    );
    refused(
        &plan(&text.replace(
            r#""id": "Norfolk", "strength": 4"#,
            r#""id": "Norfolk", "strength": 5"#,
        )),
        "areas[1].blocks[0].strength: 5 exceeds Norfolk's maximum 4 (3.11)",
    );
    refused(
        &plan(&text.replace(r#""id": "Herbert""#, r#""id": "March""#)),
        "areas[0].blocks[2].id: March is already on the board (areas[0].blocks[0]); a block \
         stands in one place",
    );
    refused(
        &plan(&text.replace(r#""kind": "board","#, "")),
        "kind: missing: a board says \"kind\": \"board\" (docs/board.md)",
    );
    refused(
        &plan(&text.replace(r#""card": 3"#, r#""card": 3, "cards": 2"#)),
        "cards: unknown field `cards`, expected one of `kind`, `version`, `house`, `king`, \
         `player`, `card`, `spent`, `enemy_card`, `dead`, `defected`, `enemy_pool`, `note`, `areas` at \
         line 6 column 20",
    );
    refused(
        &run(&["plan", BOARD, "--target", "Narnia"], None),
        "--target: 'Narnia' is not an area of the map",
    );
    refused(
        &run(&["plan", BOARD, "--target", "Essex"], None),
        "--target: no Lancaster block stands in Essex: there is nothing to attack",
    );
    let mut open = vec!["plan", BOARD, "--target", "Kent", "--open", "99"];
    open.extend(FAST);
    refused(
        &run(&open, None),
        "--open: 99: there are 12 plans (1 to 12)",
    );
}

#[test]
fn a_battle_the_board_could_not_produce_is_refused() {
    // The issue's example typed by hand: Norfolk from Essex in the Main Attack on Kent.
    let battle = r#"{"version": 1, "area": "Kent", "attacker": {"house": "York", "blocks": [
        {"id": "March", "strength": 3, "from": "Middlesex"},
        {"id": "Hastings", "strength": 3, "from": "Middlesex"},
        {"id": "Herbert", "strength": 3, "from": "Middlesex"},
        {"id": "Norfolk", "strength": 4, "from": "Essex"}]},
        "defender": {"house": "Lancaster", "blocks": [], "hidden": [{}, {}, {}]}}"#;
    for command in ["exact", "simulate", "link"] {
        refused(
            &run(&[command, "-"], Some(battle)),
            "attacker.blocks[3].from: Norfolk: Essex and Kent share no land border (5.2, \
             estuary: only a sea move crosses it)",
        );
    }
    refused(
        &run(
            &["exact", "-"],
            Some(&battle.replace(r#""from": "Essex""#, r#""from": "Middlesex""#)),
        ),
        "attacker.blocks[3].from: Norfolk: Middlesex-Kent is a river (blue) border: at most 3 \
         blocks, 4 cross it (5.21)",
    );
}
