//! `bosworth game` as a user runs it on the sample exports (`tests/rtt-samples/`): the report, each
//! battle as a scenario `bosworth exact` reads with the blocks the snapshot shows, and bad input
//! refused by field (exit code 2, nothing on standard output).

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn sample(name: &str) -> String {
    format!(
        "{}/../tests/rtt-samples/{name}.export.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bosworth"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn refused(out: &Output, field: &str) {
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "nothing on stdout");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(field), "{err}");
}

#[test]
fn the_report_has_every_battle_its_winner_and_luck() {
    for (name, count) in [("game-1", 16), ("game-2", 20)] {
        let v = json(&run(&["game", "--json", &sample(name)], None));
        let battles = v["battles"].as_array().unwrap();
        assert_eq!(battles.len(), count);
        assert_eq!(v["exact"], count, "every sample battle is small");
        for b in battles {
            let p = b["odds"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&p));
            assert_eq!(b["method"], "exact");
            let attacker = b["attacker"].as_str().unwrap();
            let winner = b["winner"].as_str().unwrap();
            assert!(["York", "Lancaster"].contains(&winner));
            assert_eq!(b["attacker_holds"], attacker == winner);
            for h in ["York", "Lancaster"] {
                let l = &b["luck"][h];
                let var = l["variance"].as_f64().unwrap();
                let z = if var > 0.0 {
                    (l["hits"].as_f64().unwrap() - l["expected"].as_f64().unwrap()) / var.sqrt()
                } else {
                    0.0
                };
                assert!((l["z"].as_f64().unwrap() - z).abs() < 1e-9);
            }
        }
        // The least likely result first.
        let least = v["least_likely"].as_array().unwrap();
        let chances: Vec<f64> = least
            .iter()
            .map(|x| x["chance"].as_f64().unwrap())
            .collect();
        assert!(chances.windows(2).all(|w| w[0] <= w[1]));
    }
    // game-1's Oxford (battle 1): York 4 hits for 3 expected, Lancaster 0 for 1 (tests/rtt_game.rs).
    let v = json(&run(&["game", "--json", &sample("game-1")], None));
    let b = &v["battles"][0];
    assert_eq!(
        (
            b["area"].as_str(),
            b["campaign"].as_u64(),
            b["turn"].as_u64()
        ),
        (Some("Oxford"), Some(1), Some(4))
    );
    assert_eq!(
        (b["attacker"].as_str(), b["winner"].as_str()),
        (Some("Lancaster"), Some("York"))
    );
    assert_eq!(b["luck"]["York"]["hits"], 4);
    assert_eq!(b["luck"]["York"]["expected"], 3.0);
    assert_eq!(b["luck"]["Lancaster"]["hits"], 0);
    assert_eq!(b["luck"]["Lancaster"]["expected"], 1.0);
    let text = run(&["game", &sample("game-1")], None);
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("16 battles (16 solved exactly)"), "{text}");
}

/// The blocks of `area` in the last snapshot before log entry `entry`: (house side, id, steps,
/// reserve), read straight from the export.
fn snapshot_blocks(export: &Value, entry: usize, area: &str) -> Vec<(String, u64, bool)> {
    let snaps = export["snaps"].as_array().unwrap();
    let state = &snaps
        .iter()
        .rev()
        .find(|s| s[1]["log"].as_u64().unwrap() as usize <= entry)
        .unwrap()[1];
    let reserves: Vec<&str> = state["reserves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let mut out: Vec<(String, u64, bool)> = state["location"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, at)| at.as_str() == Some(area))
        .map(|(id, _)| {
            (
                id.clone(),
                state["steps"][id].as_u64().unwrap(),
                reserves.contains(&id.as_str()),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn each_battle_is_a_scenario_exact_reads_with_the_snapshots_blocks() {
    for name in ["game-1", "game-2"] {
        let path = sample(name);
        let export: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let log: Vec<&str> = export["state"]["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        let entries: Vec<usize> = (0..log.len())
            .filter(|&k| log[k].starts_with("Battle in "))
            .collect();
        for (n, &entry) in entries.iter().enumerate() {
            let out = run(&["game", &path, "--battle", &(n + 1).to_string()], None);
            let sc = json(&out);
            let area = sc["area"].as_str().unwrap().to_string();
            assert_eq!(log[entry], format!("Battle in {area}."));
            let mut blocks: Vec<(String, u64, bool)> = ["attacker", "defender"]
                .iter()
                .flat_map(|s| sc[s]["blocks"].as_array().unwrap().clone())
                .map(|b| {
                    (
                        b["id"].as_str().unwrap().to_string(),
                        b["strength"].as_u64().unwrap(),
                        b["reserve"].as_bool().unwrap_or(false),
                    )
                })
                .collect();
            blocks.sort();
            assert_eq!(
                blocks,
                snapshot_blocks(&export, entry, &area),
                "{name} battle {}",
                n + 1
            );
            // The attacker's house is the snapshot's.
            let snaps = export["snaps"].as_array().unwrap();
            let state = &snaps
                .iter()
                .rev()
                .find(|s| s[1]["log"].as_u64().unwrap() as usize <= entry)
                .unwrap()[1];
            assert_eq!(sc["attacker"]["house"], state["attacker"][&area]);
            // bosworth exact reads it, from standard input.
            let text = String::from_utf8(out.stdout).unwrap();
            let exact = json(&run(&["exact", "--json", "-"], Some(&text)));
            let p = exact["attacker_holds"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&p));
        }
    }
}

#[test]
fn bad_input_is_refused_by_field() {
    let text = std::fs::read_to_string(sample("game-1")).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["setup"]["title_id"] = "hammer-of-the-scots".into();
    refused(&run(&["game", "-"], Some(&v.to_string())), "setup.title_id");
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["snaps"] = Value::Array(vec![]);
    refused(&run(&["game", "-"], Some(&v.to_string())), "snaps");
    refused(
        &run(&["game", &sample("game-1"), "--battle", "17"], None),
        "--battle: 17",
    );
    refused(
        &run(&["game", &sample("game-1"), "--battle", "0"], None),
        "--battle: 0",
    );
    refused(&run(&["game", "-"], Some("{\"snaps\": [")), "cut short");
}
