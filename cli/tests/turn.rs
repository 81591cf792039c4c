//! `bosworth plan --turn`: whole turns as a user asks for them (R37, R38).

mod common;

use common::{json, ok, refused, run};

const BOARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/board-turn.json");

#[test]
fn each_attack_of_a_turn_is_its_battle_as_bosworth_exact_solves_it() {
    let v = json(&run(&["plan", BOARD, "--turn", "--json"], None));
    assert_eq!(v["objective"], "areas");
    assert_eq!(v["targets"], serde_json::json!(["Sussex", "Kent"]));
    let turns = v["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 3);
    for t in turns {
        let attacks = t["attacks"].as_array().unwrap();
        let mut sum = 0.0;
        let mut blocks = Vec::new();
        for a in attacks {
            let battle = serde_json::to_string(&a["battle"]).unwrap();
            let r = json(&run(&["exact", "-", "--json"], Some(&battle)));
            assert_eq!(r["report"]["attacker_holds"], a["holds"]);
            sum += a["holds"].as_f64().unwrap();
            for b in a["active"]
                .as_array()
                .unwrap()
                .iter()
                .chain(a["reserves"].as_array().unwrap())
            {
                blocks.push(b["id"].as_str().unwrap().to_string());
            }
        }
        // The value is the sum of the battles' chances to hold; no block goes twice.
        assert!((t["value"].as_f64().unwrap() - sum).abs() < 1e-12);
        let n = blocks.len();
        blocks.sort();
        blocks.dedup();
        assert_eq!(blocks.len(), n, "{blocks:?}");
        // The card's two action points serve every attack of the turn together (5.2).
        assert!(t["action_points"].as_u64().unwrap() <= 2);
    }
    let values: Vec<f64> = turns.iter().map(|t| t["value"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    // Both areas are attacked in the best turn, which beats the best single attack.
    assert_eq!(turns[0]["attacks"].as_array().unwrap().len(), 2);
}

#[test]
fn the_text_names_each_turns_battles_and_what_it_leaves_open() {
    let out = ok(&run(&["plan", BOARD, "--turn", "--top", "1"], None));
    assert!(
        out.starts_with("York's whole turn, Player 1, 2 action points left: 2 targets,"),
        "{out}"
    );
    assert!(out.contains("\n1. Sussex + Kent ("), "{out}");
    assert!(
        out.contains("left empty: Middlesex, open to Lancaster from Sussex, Kent"),
        "{out}"
    );
    assert!(!out.contains("\n2. "), "{out}");
}

#[test]
fn a_pinned_attack_and_another_objective() {
    let v = json(&run(
        &[
            "plan",
            BOARD,
            "--turn",
            "--json",
            "--with",
            "Kent=March,Herbert,Norfolk",
            "--objective",
            "take:Sussex:March",
        ],
        None,
    ));
    assert_eq!(
        v["objective"],
        serde_json::json!({"take": "Sussex", "keep": "March"})
    );
    for t in v["turns"].as_array().unwrap() {
        let kent = t["attacks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["target"] == "Kent")
            .unwrap();
        let ids: Vec<&str> = kent["active"]
            .as_array()
            .unwrap()
            .iter()
            .chain(kent["reserves"].as_array().unwrap())
            .map(|b| b["id"].as_str().unwrap())
            .collect();
        let mut ids = ids;
        ids.sort();
        assert_eq!(ids, ["Herbert", "March", "Norfolk"]);
        assert!(
            t["attacks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|a| a["target"] == "Sussex")
        );
    }
}

#[test]
fn bad_questions_are_refused_by_field() {
    for (args, expected) in [
        (
            vec!["--with", "Kent=Nobody"],
            "--with: 'Nobody' is none of York's blocks on the board",
        ),
        (
            vec!["--with", "Kentt=March"],
            "--with: 'Kentt' is not an area of the map",
        ),
        (
            vec!["--with", "Kent"],
            "--with: 'Kent' is not AREA=BLOCK,BLOCK (the blocks attacking the area)",
        ),
        (
            vec!["--with", "Kent=March", "--with", "Kent=Herbert"],
            "--with: Kent is named twice",
        ),
        (
            vec!["--with", "Kent=March,Hastings,Herbert,Norfolk"],
            "pins[0]: no plan this turn sends exactly those blocks to Kent",
        ),
        (
            vec!["--with", "Wilts=March"],
            "pins[0]: Wilts is no area the moving player can attack this turn",
        ),
        (
            vec!["--objective", "glory"],
            "--objective: 'glory' is not areas, steps or take:AREA[:HEIR]",
        ),
        (
            vec!["--objective", "take:Kentt"],
            "--objective: 'Kentt' is not an area of the map",
        ),
        (
            vec!["--objective", "take:Kent:Norfolk"],
            "--objective: Norfolk is not an heir (3.21)",
        ),
    ] {
        let mut a = vec!["plan", BOARD, "--turn"];
        a.extend(args);
        refused(&run(&a, None), expected);
    }
}
