//! Monte Carlo over hidden blocks (`src/solve/fog/mod.rs`, `Draws`) works out each listed
//! composition's battle once and keeps it: the figures are those of working it out again at
//! every draw (`FogSimulation::one_by_one`), bit for bit, on generated battles with hidden
//! blocks (plans, reserves, the Treason card at its best target, R45) and on every battle with
//! hidden blocks in `bench/` and `examples/`, runs split in chunks as the app runs them.

mod common;

use bosworth::Scenario;
use bosworth::solve::fog::{Fog, FogSimulation};
use common::generate::random_hidden;

/// Asserts that `runs` battles from `seed` give the same figures with the battles kept and
/// worked out per draw, and in chunks.
fn same_figures(sc: &Scenario, runs: u64, seed: u64, what: &str) {
    let fog = Fog::new(sc).unwrap();
    let kept = fog.simulate(runs, seed);
    let mut sim = FogSimulation::new(Fog::new(sc).unwrap(), seed).one_by_one();
    sim.run(runs / 3);
    sim.run(runs - runs / 3);
    let each = sim.report().expect("battles were fought");
    assert_eq!(kept, each, "{what}, seed {seed}");
    let mut chunks = FogSimulation::new(fog, seed);
    chunks.run(1);
    chunks.run(runs - 1);
    assert_eq!(
        chunks.report().as_ref(),
        Some(&kept),
        "{what} in chunks, seed {seed}"
    );
}

#[test]
fn kept_battles_give_the_figures_of_battles_worked_out_per_draw_on_generated_battles() {
    let mut fought = 0;
    let mut best = 0;
    for seed in 0..200 {
        let Some(sc) = random_hidden(seed) else {
            continue;
        };
        same_figures(&sc, 600, seed, &format!("generated battle {seed}"));
        fought += 1;
        let json = serde_json::to_string(&sc).unwrap();
        best += usize::from(json.contains("\"best\""));
    }
    assert!(
        fought >= 100,
        "only {fought} generated battles with hidden blocks"
    );
    assert!(
        best >= 5,
        "only {best} with the Treason card at its best target"
    );
}

#[test]
fn kept_battles_give_the_figures_of_battles_worked_out_per_draw_on_the_repository_files() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut fought = Vec::new();
    for dir in ["bench", "examples"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let Ok(sc) = serde_json::from_str::<Scenario>(&text) else {
                continue;
            };
            if Fog::new(&sc).is_ok_and(|f| f.hidden_blocks() > 0) {
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                same_figures(&sc, 3000, 7, &name);
                fought.push(name);
            }
        }
    }
    fought.sort();
    assert_eq!(
        fought,
        [
            "hidden-east-anglia.json",
            "hidden-four.json",
            "hidden-kent.json",
            "hidden-three.json"
        ]
    );
}
