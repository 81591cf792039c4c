//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod generate;
pub mod hand;

use bosworth::{Battle, Report, Scenario, ScenarioError};

/// Parses scenario JSON (the test's own text: a parse failure is a bug in the test).
pub fn scenario(json: &str) -> Scenario {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("bad test JSON: {e}\n{json}"))
}

/// Builds a battle that must be valid.
pub fn battle(json: &str) -> Battle {
    Battle::new(&scenario(json)).unwrap_or_else(|e| panic!("invalid battle: {e}"))
}

/// The validation error a scenario must produce.
pub fn error(json: &str) -> ScenarioError {
    match Battle::new(&scenario(json)) {
        Ok(_) => panic!("expected a validation error for {json}"),
        Err(e) => e,
    }
}

/// Exact report.
pub fn exact(json: &str) -> Report {
    bosworth::solve(&battle(json), bosworth::DEFAULT_STATE_BUDGET).expect("small battles solve")
}

/// Asserts two probabilities agree to 1e-12.
#[track_caller]
pub fn close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "got {actual}, expected {expected} (diff {})",
        actual - expected
    );
}

/// The report of the block named `name`.
pub fn block<'r>(r: &'r Report, name: &str) -> &'r bosworth::solve::report::BlockReport {
    r.blocks
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no block {name}"))
}

/// Builds the battle of a scenario file in the repository (`examples/…`, `bench/…`).
pub fn battle_file(path: &str) -> Battle {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    battle(&text)
}
