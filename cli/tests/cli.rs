//! The `bosworth` command as a user runs it.

mod common;

use common::{json, ok, run};
use std::process::{Command, Output};

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/east-anglia.json");

#[test]
fn exact_json_sums_to_one_and_matches_the_table() {
    let v = json(&run(&["exact", "--json", EXAMPLE], None));
    let total = v["attacker_holds"].as_f64().unwrap()
        + v["defender_holds"].as_f64().unwrap()
        + v["vacant"].as_f64().unwrap();
    assert!((total - 1.0).abs() < 1e-12);
    assert_eq!(v["method"]["kind"], "exact");
    let table = String::from_utf8(run(&["exact", EXAMPLE], None).stdout).unwrap();
    let pct = format!("{:5.1}%", v["defender_holds"].as_f64().unwrap() * 100.0);
    assert!(
        table.contains(&format!(
            "Chance the defender (York) holds East Anglia: {pct}"
        )),
        "{table}"
    );
}

#[test]
fn stdin_dash_reads_the_scenario() {
    let text = std::fs::read_to_string(EXAMPLE).unwrap();
    let a = json(&run(&["exact", "--json", "-"], Some(&text)));
    let b = json(&run(&["exact", "--json", EXAMPLE], None));
    assert_eq!(a, b);
}

#[test]
fn simulate_is_seeded_and_close_to_exact() {
    let exact = json(&run(&["exact", "--json", EXAMPLE], None));
    let a = json(&run(
        &[
            "simulate", "--json", "--runs", "200000", "--seed", "9", EXAMPLE,
        ],
        None,
    ));
    let b = json(&run(
        &[
            "simulate", "--json", "--runs", "200000", "--seed", "9", EXAMPLE,
        ],
        None,
    ));
    assert_eq!(a, b);
    let p = exact["defender_holds"].as_f64().unwrap();
    let q = a["defender_holds"].as_f64().unwrap();
    let se = (p * (1.0 - p) / 200000.0).sqrt();
    assert!((p - q).abs() <= 4.0 * se, "exact {p}, simulated {q}");
}

#[test]
fn replay_and_order_print() {
    let r = json(&run(&["replay", "--json", "--seed", "3", EXAMPLE], None));
    assert_eq!(
        r["events"].as_array().unwrap().last().unwrap()["event"],
        "ends"
    );
    let text = String::from_utf8(run(&["order", EXAMPLE], None).stdout).unwrap();
    assert!(
        text.starts_with("Round 1\n  1. Oxford (attacker, A2, printed A2)"),
        "{text}"
    );
}

#[test]
fn invalid_input_exits_2_with_the_field_on_stderr_and_nothing_on_stdout() {
    let bad = std::fs::read_to_string(EXAMPLE).unwrap().replace(
        r#""id": "Suffolk", "strength": 3"#,
        r#""id": "Suffolk", "strength": 5"#,
    );
    let out = run(&["exact", "-"], Some(&bad));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: defender.blocks[1].strength: 5 exceeds Suffolk's maximum 3"
    );

    let out = run(
        &["exact", "-"],
        Some(
            r#"{"version": 1, "attacker": {"house": "Lancaster", "blocks": [{"id": "Oxford", "strenght": 3}]}}"#,
        ),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: attacker.blocks[0].strenght: unknown field `strenght`"),
        "{err}"
    );

    let out = run(&["exact", "-"], Some("{not json"));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());

    let out = run(&["exact", "/no/such/file.json"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /no/such/file.json"));
}

#[test]
fn exact_budget_error_suggests_monte_carlo() {
    let out = run(&["exact", "--budget", "5", EXAMPLE], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bosworth simulate"));
}

const HIDDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../examples/hidden-east-anglia.json"
);

#[test]
fn reveal_prints_a_composition_whose_exact_figures_are_the_mixtures() {
    let mix = json(&run(&["exact", "--json", HIDDEN], None));
    let spread = &mix["spread"];
    let holds = |out: &Output| {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let battle = String::from_utf8(out.stdout.clone()).unwrap();
        assert!(!battle.contains("hidden"), "{battle}");
        json(&run(&["exact", "--json", "-"], Some(&battle)))["attacker_holds"]
            .as_f64()
            .unwrap()
    };
    let close = |a: f64, b: &serde_json::Value| {
        assert!((a - b.as_f64().unwrap()).abs() < 1e-12, "{a} against {b}")
    };
    close(
        holds(&run(&["reveal", HIDDEN, "worst"], None)),
        &spread["worst"]["viewer_holds"],
    );
    close(
        holds(&run(&["reveal", HIDDEN, "P90"], None)),
        &spread["best"]["viewer_holds"],
    );
    close(
        holds(&run(&["reveal", HIDDEN, "P50"], None)),
        &spread["quantiles"][2][1],
    );
    close(
        holds(&run(&["reveal", HIDDEN, "7"], None)),
        &spread["points"][6][0],
    );
    // The list numbers every composition, worst first.
    let list = String::from_utf8(run(&["reveal", HIDDEN, "--list"], None).stdout).unwrap();
    let n = spread["points"].as_array().unwrap().len();
    assert!(
        list.starts_with(&format!("{n} compositions, worst first")),
        "{list}"
    );
    assert_eq!(list.lines().count(), n + 2);
    // A hidden block named: a battle where it is.
    let out = run(&["reveal", HIDDEN, "defender.hidden[1]=Herbert"], None);
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"Herbert\""));
    let out = run(&["reveal", HIDDEN, "defender.hidden[0]=Oxford"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = run(&["reveal", EXAMPLE, "worst"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn exact_refuses_a_mixture_too_large_at_once_saying_what_would_fit() {
    // The issue's Kent battle: some 17 M states over 195 battles; with 2 M allowed, the
    // estimate refuses it and says what to narrow.
    let kent = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/hidden-kent.json");
    let out = run(&["exact", "--budget", "2000000", kent], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    for words in [
        "different battles of about",
        "over the budget of 2000000",
        "such battles would fit",
        "defender.hidden[0] may be 24 blocks",
        "bosworth simulate",
    ] {
        assert!(err.contains(words), "{words}: {err}");
    }
}

#[test]
fn bench_smoke_run_covers_the_suite() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench");
    let v = json(&run(&["bench", "--quick", "--json", "--dir", dir], None));
    let names: Vec<&str> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["small", "medium", "large", "huge", "policy"]);
    assert!(v["rows"][0]["states"].as_u64().unwrap() > 10);
    assert!(
        v["rows"][2]["exact_error"]
            .as_str()
            .unwrap()
            .contains("Monte Carlo")
    );
    // Issue 10's battles, each solved in a child process: past the quick run's tiny budget is
    // an answer with its time and the child's own peak memory, not an error.
    let targets: Vec<&str> = v["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(targets, ["six", "eight", "bosworth-1485", "advise-five"]);
    for t in v["targets"].as_array().unwrap() {
        let outcome = t["solve"]["outcome"].as_str().unwrap();
        assert!(["solved", "past_budget"].contains(&outcome), "{t}");
        assert!(t["solve"]["ms"].as_f64().is_some());
        assert!(t["solve"]["peak_rss_mb"].as_f64().unwrap() > 0.0);
        assert!(t["mc_ms"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(v["targets"][1]["blocks"], serde_json::json!([8, 8]));
    // Issue 22's battles with hidden blocks: at the quick run's budget each is refused on the
    // estimate, with what it took to know.
    let hidden = v["hidden"].as_array().unwrap();
    assert_eq!(hidden.len(), 3);
    for h in hidden {
        assert_eq!(h["solve"]["outcome"], "past_budget", "{h}");
        assert!(h["solve"]["estimate"].as_u64().unwrap() > 20_000, "{h}");
        assert!(h["solve"]["battles"].as_u64().unwrap() > 100, "{h}");
        assert!(h["mc_ms"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(v["hidden"][1]["file"], "hidden-kent.json");
    assert_eq!(v["hidden"][2]["hidden"], 4);
    // The growth rows go to 8 a side; a solver past its budget is not run on larger battles.
    let growth = v["growth"].as_array().unwrap();
    assert_eq!(growth.len(), 8);
    assert_eq!(growth[0]["exact"]["outcome"], "solved");
    assert_eq!(growth[0]["advisor"]["outcome"], "solved");
    for solver in ["exact", "advisor"] {
        let past = growth
            .iter()
            .position(|g| g[solver]["outcome"] != "solved")
            .unwrap_or(8);
        for g in &growth[past.min(7) + 1..] {
            assert_eq!(g[solver]["outcome"], "not_run", "{solver} after n = {past}");
        }
    }
    // Issue 34's whole turns: the example board, then the sample views with a 3- or 4-AP card,
    // each with its best turn as `bosworth plan BOARD --turn` gives it and its CPU time.
    let turns = v["turns"].as_array().unwrap();
    let files: Vec<&str> = turns.iter().map(|t| t["file"].as_str().unwrap()).collect();
    assert_eq!(
        files,
        [
            "examples/board-turn.json",
            "tests/rtt-samples/game-1.view-020.json",
            "tests/rtt-samples/game-2.view-006.json"
        ]
    );
    let best = &turns[0]["run"];
    assert_eq!(best["best_targets"], serde_json::json!(["Sussex", "Kent"]));
    assert_eq!(best["best_value"], 1.537841012106857);
    assert_eq!(turns[1]["run"]["action_points"], 3);
    assert_eq!(turns[1]["run"]["house"], "Lancaster");
    for t in turns {
        assert_eq!(t["goal_ms"], 2000.0);
        assert!(t["run"]["ms"].as_f64().unwrap() > 0.0, "{t}");
    }
}

/// The benchmark's Bosworth 1485 is the app's preset of that name, the example file it embeds.
#[test]
fn bench_bosworth_1485_is_the_apps_preset() {
    let presets = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../www/src/battle/presets.rs"
    ))
    .unwrap();
    let at = presets.find("name: \"Bosworth 1485").expect("the preset");
    let embeds = &presets[at..];
    let embeds = &embeds[..embeds.find("},").unwrap()];
    assert!(
        embeds.contains("include_str!(\"../../../examples/bosworth-1485.json\")"),
        "{embeds}"
    );
    let preset: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/bosworth-1485.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let bench: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../bench/bosworth-1485.json"
        ))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(bench, preset);
}

#[test]
fn threads_merge_their_streams_reproducibly() {
    let args = [
        "simulate",
        "--json",
        "--runs",
        "50000",
        "--threads",
        "2",
        "--seed",
        "4",
        EXAMPLE,
    ];
    let a = json(&run(&args, None));
    let b = json(&run(&args, None));
    assert_eq!(a, b);
    assert_eq!(a["method"]["runs"], 50000);
    let one = json(&run(
        &[
            "simulate", "--json", "--runs", "50000", "--seed", "4", EXAMPLE,
        ],
        None,
    ));
    assert_ne!(a["blocks"], one["blocks"], "two streams are not one stream");
}

#[test]
fn advise_values_every_first_choice() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/treachery-advice.json"
    );
    let v = json(&run(&["advise", "--json", file], None));
    let actions = v["first_decision"]["actions"].as_array().unwrap();
    assert_eq!(actions[0]["label"], "treachery on Stanley/Y");
    assert!(actions.len() >= 4);
    assert!(v["best"][0].as_f64().unwrap() > v["policy"][0].as_f64().unwrap());
    let out = run(
        &[
            "advise",
            "--objective",
            "steps",
            "--players",
            "defender",
            file,
        ],
        None,
    );
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("steps"));
}

/// A battle with hidden blocks gets best play too (R24): each possibility its own, the answer
/// plainly exact or estimated, with who acts first and every possibility solved; `--draws` is
/// checked; and `bench-solve` measures it in a process of its own.
#[test]
fn advise_answers_a_battle_with_hidden_blocks() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/hidden-east-anglia.json"
    );
    let v = json(&run(&["advise", "--json", file], None));
    assert_eq!(v["method"]["kind"], "drawn");
    assert_eq!(v["method"]["policy"]["kind"], "exact");
    let exact = json(&run(&["exact", "--json", file], None));
    assert_eq!(v["policy"][0], exact["report"]["attacker_holds"]);
    let possibilities = v["possibilities"].as_array().unwrap();
    assert!(possibilities.len() >= 10, "{}", possibilities.len());
    let drawn: u64 = possibilities
        .iter()
        .map(|p| p["drawn"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(drawn, 12);
    let first: f64 = v["first_choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["chance"].as_f64().unwrap())
        .sum();
    assert!((first - 1.0).abs() < 1e-9, "{first}");
    let text = String::from_utf8(run(&["advise", file], None).stdout).unwrap();
    assert!(text.starts_with("Estimated, not exact"), "{text}");
    assert!(
        text.contains("First decision, by what the hidden blocks are"),
        "{text}"
    );
    // More draws, a smaller error (from 12 to 96: the spread of the gain over the possibilities
    // is uneven, so 24 may not show it).
    let more = json(&run(&["advise", "--json", "--draws", "96", file], None));
    assert!(more["gain_std_error"][0].as_f64().unwrap() < v["gain_std_error"][0].as_f64().unwrap());
    let bad = run(&["advise", "--draws", "1", file], None);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr).trim(),
        "error: --draws: 1 is not 2 to 10000"
    );
    let three = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/hidden-three.json");
    let m = json(&run(
        &[
            "bench-solve",
            "--quiet",
            "--budget",
            "20000",
            "--hidden",
            "--advise",
            "--samples",
            "2",
            three,
        ],
        None,
    ));
    assert_eq!(m["method"], "drawn");
    assert_eq!(m["draws"], 2);
}

/// A battle past best play's budget gets an answer all the same, plainly estimated (issue 25):
/// `bench/advise-five.json`, which exact best play cannot solve in 60 million states, here with
/// a small budget so that the test is quick. Each choice has its standard error; the same seed
/// gives the same figures; the text says first that it is an estimate.
#[test]
fn advise_estimates_a_battle_past_its_budget() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/advise-five.json");
    let args = |seed: &'static str| {
        vec![
            "advise",
            "--budget",
            "20000",
            "--samples",
            "60",
            "--look-ahead",
            "0",
            "--seed",
            seed,
            file,
        ]
    };
    let with_json = |seed| {
        let mut a = args(seed);
        a.insert(1, "--json");
        json(&run(&a, None))
    };
    let v = with_json("3");
    assert_eq!(v["method"]["kind"], "estimated");
    assert_eq!(v["method"]["samples"], 60);
    let actions = v["first_decision"]["actions"].as_array().unwrap();
    assert!(actions.len() >= 5, "{actions:?}");
    for a in actions {
        let (value, se) = (
            a["value"].as_f64().unwrap(),
            a["std_error"].as_f64().unwrap(),
        );
        assert!((0.0..=1.0).contains(&value) && se > 0.0 && se < 0.1, "{a}");
    }
    assert!(v["best_std_error"][0].as_f64().unwrap() > 0.0);
    assert_eq!(v, with_json("3"));
    assert_ne!(v["first_decision"], with_json("4")["first_decision"]);
    let text = String::from_utf8(run(&args("3"), None).stdout).unwrap();
    assert!(text.starts_with("Estimated, not exact"), "{text}");
    assert!(text.contains(" ± "), "{text}");
}

/// `advise --live` answers as live play and an opened replay step do (issue 25, part 3): within
/// the live budget (400,000 states) and, past it, with the live sampling (500 battles a choice,
/// no look-ahead). The suite's policy battle, which bosworth advise solves exactly within its
/// budget, is estimated so; the live settings cannot be mixed with --budget, --samples or
/// --look-ahead.
#[test]
fn advise_live_uses_the_live_budget_and_sampling() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/policy.json");
    let live = json(&run(&["advise", "--live", "--json", file], None));
    assert_eq!(live["method"]["kind"], "estimated", "{}", live["method"]);
    assert_eq!(live["method"]["samples"], 500);
    assert_eq!(live["method"]["look_ahead"], 0);
    assert!(
        live["states"].as_u64().unwrap() <= 400_000,
        "{}",
        live["states"]
    );
    let full = json(&run(&["advise", "--json", file], None));
    assert_eq!(full["method"]["kind"], "exact");
    assert!(
        full["states"].as_u64().unwrap() > 400_000,
        "{}",
        full["states"]
    );
    let out = run(&["advise", "--live", "--budget", "10", file], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--budget"));
}

/// The README's worked examples are what the program prints today (scripts/readme-example):
/// between each pair of markers, the output of its command. The hidden-blocks example (`fog`) is
/// left out, as it solves millions of states.
#[test]
fn readme_worked_examples_are_current() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    for (marker, command, file) in [
        ("advise", "advise", "treachery-advice.json"),
        ("reset", "reset", "reset-usurpation.json"),
        ("kingmaker", "kingmaker", "kingmaker-basic-battle.json"),
    ] {
        let begin = format!("<!-- {marker}:begin -->\n```\n");
        let start = readme.find(&begin).expect(marker) + begin.len();
        let end = readme[start..]
            .find(&format!("```\n<!-- {marker}:end -->"))
            .expect(marker);
        let out = run(&[command, &format!("{root}/examples/{file}")], None);
        assert!(out.status.success(), "{marker}");
        let printed = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            readme[start..start + end].trim_end(),
            printed.trim_end(),
            "README.md is stale ({marker}): run scripts/readme-example"
        );
    }
    // The two commands at the top stay as they are.
    assert!(readme.contains("## Two commands"));
    assert!(
        readme.contains("```\n./scripts/serve\n```") && readme.contains("```\n./scripts/test\n```")
    );
}

/// The rows of `docs/reliability.md`'s catalogue of error messages, by command: (case, example
/// input as printed, message), in the order of their table. `scripts/reliability` writes each
/// table from `docs/error-examples.jsonl`, the example cut to 400 characters and every `|` in a
/// cell written `&#124;`.
fn documented_messages() -> std::collections::BTreeMap<String, Vec<[String; 3]>> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/reliability.md"
    ))
    .unwrap();
    let catalogue = text
        .split("\n## ")
        .find(|s| s.starts_with("Every error message"))
        .expect("docs/reliability.md has its catalogue of error messages");
    let mut tables = std::collections::BTreeMap::new();
    for section in catalogue.split("\n### ").skip(1) {
        let title = section.lines().next().unwrap();
        let command = ["exact", "reset", "kingmaker", "plan"]
            .into_iter()
            .find(|c| title.contains(&format!("`bosworth {c}`")))
            .unwrap_or_else(|| panic!("which command is {title}?"));
        let rows: Vec<[String; 3]> = section
            .lines()
            .filter(|l| l.starts_with("| ") && !l.starts_with("| case |"))
            .map(|l| {
                let cells: Vec<String> = l
                    .trim()
                    .trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().replace("&#124;", "|"))
                    .collect();
                assert_eq!(cells.len(), 3, "{l}");
                [cells[0].clone(), cells[1].clone(), cells[2].clone()]
            })
            .collect();
        assert!(
            tables.insert(command.to_string(), rows).is_none(),
            "{command} twice"
        );
    }
    tables
}

/// Every example in docs/error-examples.jsonl is refused with exit code 2, nothing on stdout and
/// on stderr exactly the message docs/reliability.md documents for it (which names the field and
/// the reason). Each goes to the command its `command` names: `exact` (the default), `reset`,
/// `kingmaker` or `plan`; each is found in that command's table by its place, and must be the row's case
/// and example.
#[test]
fn every_documented_error_example_is_refused_with_its_documented_message() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/error-examples.jsonl"
    ))
    .unwrap();
    let documented = documented_messages();
    let mut n = std::collections::BTreeMap::new();
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let what = case["what"].as_str().unwrap();
        let scenario = case["scenario"].as_str().unwrap();
        let command = case["command"].as_str().unwrap_or("exact");
        let k = n.entry(command.to_string()).or_insert(0usize);
        let [case_cell, example, message] = documented
            .get(command)
            .and_then(|rows| rows.get(*k))
            .unwrap_or_else(|| panic!("{what}: no row {k} in the {command} table"));
        *k += 1;
        assert_eq!(case_cell, what, "{command} row {k}");
        let shown: String = if scenario.chars().count() <= 400 {
            scenario.to_string()
        } else {
            scenario.chars().take(397).chain("...".chars()).collect()
        };
        assert_eq!(example, &format!("`{shown}`"), "{what}: the example shown");
        let out = run(&[command, "-"], Some(scenario));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert!(out.stdout.is_empty(), "{what}");
        assert_eq!(err, format!("error: {message}\n"), "{what}");
        // The field first (`deck[0].result: ...`), or serde's own words naming it.
        let field = message.split(": ").next().unwrap();
        let named = message.starts_with("missing field `")
            || (!field.is_empty()
                && field
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_.[]".contains(c)));
        assert!(named, "{what}: no field named: {message}");
    }
    for (command, rows) in &documented {
        assert_eq!(
            n.get(command),
            Some(&rows.len()),
            "{command}: rows without an example"
        );
    }
    assert!(
        n["exact"] >= 47 && n["reset"] >= 20 && n["kingmaker"] >= 50 && n["plan"] >= 16,
        "{n:?}"
    );
}

/// `bosworth link` prints the app's link; every command takes that link (or its `#s=` fragment)
/// in place of the file, with the same figures; a broken link gets a message and exit code 2.
#[test]
fn share_links_work_both_ways() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/east-anglia.json");
    let out = run(&["link", file], None);
    assert_eq!(out.status.code(), Some(0));
    let link = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(link.starts_with("http://127.0.0.1:8080/#s="), "{link}");
    let from_file = run(&["exact", "--json", file], None);
    let from_link = run(&["exact", "--json", &link], None);
    assert_eq!(
        from_link.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&from_link.stderr)
    );
    assert_eq!(from_file.stdout, from_link.stdout);
    let fragment = &link[link.find('#').unwrap()..];
    let from_fragment = run(&["order", "--json", fragment], None);
    assert_eq!(
        from_fragment.stdout,
        run(&["order", "--json", file], None).stdout
    );
    // The link read back prints the same link; --base changes the address only.
    let again = run(&["link", "--base", "https://example.org/b/", &link], None);
    let again = String::from_utf8(again.stdout).unwrap();
    assert_eq!(
        again.trim(),
        link.replace("http://127.0.0.1:8080/", "https://example.org/b/")
    );
    // Broken: not base64url, and a valid link to an invalid scenario (named field).
    let bad = run(&["exact", "#s=not-a-battle!!"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not valid base64url"));
    assert!(bad.stdout.is_empty());
    let invalid = run(
        &["link", "-"],
        Some(
            r#"{"version":1,"attacker":{"house":"York","blocks":[]},"defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]}}"#,
        ),
    );
    assert_eq!(invalid.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&invalid.stderr).starts_with("error: attacker.blocks: "));
}

/// Shell completions name every command; the manual page is roff naming the command and them.
#[test]
fn completions_and_the_manual_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = run(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        for command in ["exact", "simulate", "advise", "link"] {
            assert!(text.contains(command), "{shell} completions lack {command}");
        }
    }
    // Bash accepts the script it is told to source (`bash -n` parses without running).
    let script =
        std::env::temp_dir().join(format!("bosworth-completion-{}.bash", std::process::id()));
    std::fs::write(&script, run(&["completions", "bash"], None).stdout).unwrap();
    let check = Command::new("bash")
        .arg("-n")
        .arg(&script)
        .output()
        .expect("bash runs (the project's scripts need it)");
    assert!(
        check.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&check.stderr)
    );
    std::fs::remove_file(&script).unwrap();
    let bad = run(&["completions", "cmd.exe"], None);
    assert_eq!(bad.status.code(), Some(2));
    let man = String::from_utf8(run(&["manual"], None).stdout).unwrap();
    assert!(man.contains(".TH bosworth 1"), "{man}");
    assert!(man.contains("exact") && man.contains("simulate"), "{man}");
}

const RESETS: [&str; 2] = [
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/reset-usurpation.json"
    ),
    concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/reset-quiet.json"),
];

#[test]
fn reset_prints_the_odds_of_the_examples() {
    for file in RESETS {
        let v = json(&run(&["reset", "--json", file], None));
        let total: f64 = v["crown"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["chance"].as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-12, "{file}: {total}");
        let text = std::fs::read_to_string(file).unwrap();
        assert_eq!(json(&run(&["reset", "--json", "-"], Some(&text))), v);
        let out = run(&["reset", file], None);
        assert!(out.status.success());
        let table = String::from_utf8(out.stdout).unwrap();
        assert!(
            table.contains("King and Pretender after the reset"),
            "{table}"
        );
    }
    // The quiet reset: Gloucester, York's last heir, dies of illness on the King's first roll,
    // or on his third if neither 4 came before: 1/6 + 5/6 * 5/6 * 1/6 = 61/216 (V10, V13).
    let v = json(&run(&["reset", "--json", RESETS[1]], None));
    assert_eq!(v["heirs"][0]["heir"], "Gloucester");
    let illness = v["heirs"][0]["illness"].as_f64().unwrap();
    assert!((illness - 61.0 / 216.0).abs() < 1e-12, "{illness}");
    let table = String::from_utf8(run(&["reset", RESETS[1]], None).stdout).unwrap();
    assert!(
        table.contains(" 28.2%  Lancaster wins at once: every York heir is dead (9.0)"),
        "{table}"
    );
}

#[test]
fn reset_invalid_input_exits_2_with_the_field_on_stderr() {
    let refused = |stdin: &str, expected: &str| {
        let out = run(&["reset", "-"], Some(stdin));
        assert_eq!(out.status.code(), Some(2), "{stdin}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with(expected), "{err}");
    };
    refused(
        r#"{"version": 1, "king": "York", "nobles": ["Warwick/Y", "Oxford"]}"#,
        "error: nobles[1]: Oxford is a rose noble",
    );
    refused(
        r#"{"version": 1, "king": "York", "pool": ["Warwick/Y"], "dead": ["Narnia"]}"#,
        "error: dead[0]: unknown block 'Narnia'",
    );
    refused(
        r#"{"version": 1, "king": "York", "pool": ["Warwick/Y"], "usurpaton": true}"#,
        "error: usurpaton: unknown field `usurpaton`",
    );
    // A battle is no reset.
    let battle = std::fs::read_to_string(EXAMPLE).unwrap();
    refused(&battle, "error: area: unknown field `area`");
    let out = run(&["reset", "/no/such/reset.json"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /no/such/reset.json"));
}

/// `bosworth kingmaker` on the examples: exit 0, JSON whose chances add up to 1, the text's
/// headline; `-` reads standard input; an invalid scenario exits 2 with the field on stderr.
#[test]
fn kingmaker_odds_and_errors() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("kingmaker-") {
            continue;
        }
        seen += 1;
        let file = path.to_str().unwrap();
        let v = json(&run(&["kingmaker", "--json", file], None));
        let value = |c: &serde_json::Value| {
            c["numerator"].as_f64().unwrap() / c["denominator"].as_f64().unwrap()
        };
        let outcome = &v["outcome"];
        let sums: Vec<f64> = match outcome["kind"].as_str().unwrap() {
            "battle" => vec![
                [
                    "attacker_wins",
                    "defender_wins",
                    "indecisive",
                    "bad_weather",
                ]
                .iter()
                .map(|k| value(&outcome[k]))
                .sum(),
            ],
            "siege" => vec![value(&outcome["captured"]) + value(&outcome["under_siege"])],
            "encounters" => outcome["encounters"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| {
                    [
                        "attacker_wins",
                        "defender_wins",
                        "indecisive",
                        "bad_weather",
                    ]
                    .iter()
                    .map(|k| value(&e[k]))
                    .sum()
                })
                .collect(),
            other => panic!("{other}"),
        };
        for s in sums {
            assert!((s - 1.0).abs() < 1e-12, "{name}: {s}");
        }
        let text = String::from_utf8(run(&["kingmaker", file], None).stdout).unwrap();
        assert!(text.starts_with("Kingmaker, "), "{text}");
    }
    assert!(seen >= 3);

    let battle = format!("{dir}/kingmaker-basic-battle.json");
    let text = String::from_utf8(run(&["kingmaker", &battle], None).stdout).unwrap();
    assert!(
        text.contains("Table of Odds: 380 to 290 troops, 5-4 for the attacker."),
        "{text}"
    );
    let scenario = std::fs::read_to_string(&battle).unwrap();
    assert_eq!(
        json(&run(&["kingmaker", "--json", "-"], Some(&scenario))),
        json(&run(&["kingmaker", "--json", &battle], None))
    );

    let empty = scenario.replace(r#""count": 1"#, r#""count": 0"#);
    let out = run(&["kingmaker", "-"], Some(&empty));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("error: deck: no card: "),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let typo = scenario.replace(r#""strength": 130"#, r#""strenght": 130"#);
    let out = run(&["kingmaker", "-"], Some(&typo));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("error: attacker.nobles[0].strenght: unknown field `strenght`"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A Richard III scenario is not a Kingmaker one.
    let out = run(&["kingmaker", EXAMPLE], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("error: kind: missing: "),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// docs/kingmaker.md shows what `bosworth kingmaker examples/kingmaker-basic-battle.json` prints,
/// with the note and the Nobles who risk nothing left out: it must stay what the command prints.
#[test]
fn kingmaker_doc_example_is_current() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let doc = std::fs::read_to_string(format!("{root}/docs/kingmaker.md")).unwrap();
    let start = doc.find("```\nKingmaker, Basic Game: battle").unwrap() + 4;
    let shown = &doc[start..start + doc[start..].find("```").unwrap()];
    let out = run(
        &[
            "kingmaker",
            &format!("{root}/examples/kingmaker-basic-battle.json"),
        ],
        None,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let note_end = lines.iter().position(|l| l.is_empty()).unwrap();
    let killed = lines.iter().position(|l| l.starts_with("Killed")).unwrap();
    let kept: Vec<&str> = lines[..1]
        .iter()
        .chain(&lines[note_end..killed])
        .chain(
            lines[killed..]
                .iter()
                .filter(|l| !l.ends_with(" 0    0.0%")),
        )
        .copied()
        .collect();
    assert_eq!(shown.trim_end(), kept.join("\n"));
}

/// `bosworth reset` and `bosworth kingmaker` take the app's link (`#r=`, `#k=`) in place of the
/// file, with the same figures; a link to another calculator says so, exit code 2.
#[test]
fn reset_and_kingmaker_read_the_apps_links() {
    for (command, file) in [
        ("reset", "reset-usurpation.json"),
        ("kingmaker", "kingmaker-basic-battle.json"),
    ] {
        let path = format!("{}/../examples/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let from_file = run(&[command, "--json", &path], None);
        assert_eq!(from_file.status.code(), Some(0), "{command}");
        // The fragment the app writes for this document.
        let fragment = if command == "reset" {
            bosworth_link::reset_fragment(&bosworth_link::parse_reset(&text).unwrap())
        } else {
            bosworth_link::kingmaker_fragment(&bosworth_link::parse_kingmaker(&text).unwrap())
        };
        let link = format!("http://127.0.0.1:8080/{fragment}");
        let from_link = run(&[command, "--json", &link], None);
        assert_eq!(
            from_link.status.code(),
            Some(0),
            "{command} {}",
            String::from_utf8_lossy(&from_link.stderr)
        );
        assert_eq!(from_link.stdout, from_file.stdout, "{command}");
        assert_eq!(
            run(&[command, "--json", &fragment], None).stdout,
            from_file.stdout
        );
        // A battle's link given to this command: not what it reads.
        let wrong = run(&[command, "--json", "#s=e30"], None);
        assert_eq!(wrong.status.code(), Some(2), "{command}");
        assert!(String::from_utf8_lossy(&wrong.stderr).contains("this link holds no"));
    }
}

/// Bosworth 1485 with Richmond's roll on Stanley/Y moved to round 1, when Stanley is in reserve
/// (6.3): set aside, and said so (R35).
fn bosworth_round_1() -> String {
    let path = format!(
        "{}/../examples/bosworth-1485.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap().replace(
        r#""target": "Stanley/Y", "round": 2"#,
        r#""target": "Stanley/Y", "round": 1"#,
    )
}

#[test]
fn a_choice_the_rules_set_aside_is_a_warning_in_text_and_json() {
    let sc = bosworth_round_1();
    assert!(sc.contains(r#""round": 1"#), "the example changed");
    const WARNING: &str = "policy.attacker.treachery[0].round: Stanley/Y is in reserve in round 1 and cannot be targeted before round 2 (6.3, D4, D10): Richmond makes no roll in round 1 under this plan";
    let text = ok(&run(&["exact", "-"], Some(&sc)));
    assert!(
        text.starts_with(&format!(
            "Choices the rules set aside (the figures are without them):\n  warning: {WARNING}\n\nExact result"
        )),
        "{text}"
    );
    let r = json(&run(&["exact", "--json", "-"], Some(&sc)));
    let warnings = r["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0]["field"], "policy.attacker.treachery[0].round");
    assert!(
        WARNING.ends_with(warnings[0]["reason"].as_str().unwrap()),
        "{}",
        warnings[0]
    );
    // The figures are those of the battle without the roll (0.07% for Lancaster, the same with
    // no Treachery plan at all), where the example's round-2 roll gives 1.4%.
    let p = r["attacker_holds"].as_f64().unwrap();
    assert!((p - 0.0006994455488508924).abs() < 1e-12, "{p}");
    let sim = json(&run(
        &["simulate", "--json", "--runs", "100", "-"],
        Some(&sc),
    ));
    assert_eq!(sim["warnings"], r["warnings"]);
    // The fire order says so too, and names the plans in play; the example itself has none.
    let order = ok(&run(&["order", "-"], Some(&sc)));
    assert!(order.contains(WARNING), "{order}");
    let plain = json(&run(&["exact", "--json", EXAMPLE], None));
    assert!(plain.get("warnings").is_none());
    let example = format!(
        "{}/../examples/bosworth-1485.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let order = ok(&run(&["order", &example], None));
    assert!(order.starts_with("Round 1\n"), "{order}");
    assert!(
        order.contains("       > Treachery roll on Stanley/Y instead of firing: 1 die, all even to turn (6.9, D10)\n"),
        "{order}"
    );
    let order = json(&run(&["order", "--json", &example], None));
    assert_eq!(
        order[1]["turns"][5]["plan"],
        "Treachery roll on Stanley/Y instead of firing: 1 die, all even to turn (6.9, D10)"
    );
    assert!(order[0]["turns"][0].get("plan").is_none());
}

/// The same choice in a battle with hidden blocks (R44): York's army holds one more block no
/// one has seen. The warning is the same in `exact` and `simulate`, in text and JSON.
#[test]
fn a_choice_set_aside_in_a_battle_with_hidden_blocks_is_a_warning_too() {
    let sc = bosworth_round_1().replace(
        r#"{"id": "Stanley/Y", "strength": 4, "reserve": true}
    ]"#,
        r#"{"id": "Stanley/Y", "strength": 4, "reserve": true}
    ],
    "hidden": [{}]"#,
    );
    assert!(sc.contains(r#""hidden": [{}]"#), "the example changed");
    const WARNING: &str = "policy.attacker.treachery[0].round: Stanley/Y is in reserve in round 1 and cannot be targeted before round 2 (6.3, D4, D10): Richmond makes no roll in round 1 under this plan";
    let text = ok(&run(&["exact", "-"], Some(&sc)));
    assert!(
        text.starts_with(&format!(
            "Choices the rules set aside (the figures are without them):\n  warning: {WARNING}\n\nAveraged over what the hidden blocks may be: "
        )),
        "{text}"
    );
    let r = json(&run(&["exact", "--json", "-"], Some(&sc)));
    let warnings = r["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0]["field"], "policy.attacker.treachery[0].round");
    assert!(WARNING.ends_with(warnings[0]["reason"].as_str().unwrap()));
    // The figures stay those of the mixture without the roll: moving it to round 1 changes
    // nothing from no roll at all.
    let none = json(&run(
        &["exact", "--json", "-"],
        Some(&sc.replace(
            r#""treachery": [{"by": "Richmond", "target": "Stanley/Y", "round": 1}],"#,
            "",
        )),
    ));
    assert!(none.get("warnings").is_none());
    // (to rounding: without a plan the mixture may merge more of its battles)
    let (p, q) = (
        r["report"]["attacker_holds"].as_f64().unwrap(),
        none["report"]["attacker_holds"].as_f64().unwrap(),
    );
    assert!(p > 0.0 && (p - q).abs() < 1e-12, "{p} {q}");
    let sim = json(&run(
        &["simulate", "--json", "--runs", "100", "-"],
        Some(&sc),
    ));
    assert_eq!(sim["warnings"], r["warnings"]);
    let sim = ok(&run(&["simulate", "--runs", "100", "-"], Some(&sc)));
    assert!(sim.contains(&format!("  warning: {WARNING}\n")), "{sim}");
}
