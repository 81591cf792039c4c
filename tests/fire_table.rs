//! Monte Carlo's table of fires (`src/solve/fire_table.rs`, a performance path) gives the figures
//! of fighting every battle through the general loop, bit for bit: `Simulation` (which takes the
//! table where the fast loop applies, and counts battles per ending) against `simulate_with`
//! under the default policy (the general loop, each battle added to the tally on its own), on
//! generated battles, each also with its plans and reserves removed so that the table applies,
//! and on every battle of `bench/` and `examples/`. The runs are split in chunks, as the app and
//! the bench run them, and must give one run's figures.

mod common;

use bosworth::rules::policy;
use bosworth::{Battle, Report, Scenario, Simulation, simulate_with};
use common::generate::random_battle;

/// The battle with no plan and no reserve (the table's battle); `None` if not a valid battle.
fn plain(battle: &Battle) -> Option<Battle> {
    let mut v = serde_json::to_value(battle.scenario()).unwrap();
    if let Some(policy) = v.get_mut("policy").and_then(|p| p.as_object_mut()) {
        for side in policy.values_mut() {
            if let Some(side) = side.as_object_mut() {
                for plan in ["charges", "treachery", "retreat", "retreats", "treason"] {
                    side.remove(plan);
                }
            }
        }
    }
    for army in ["attacker", "defender"] {
        if let Some(blocks) = v[army]["blocks"].as_array_mut() {
            for b in blocks {
                if let Some(b) = b.as_object_mut() {
                    b.remove("reserve");
                }
            }
        }
    }
    let sc: Scenario = serde_json::from_value(v).ok()?;
    Battle::new(&sc).ok()
}

/// Asserts that `runs` battles from `seed`, fought by `Simulation` in three chunks, give the
/// general loop's report exactly; returns the mass counted (to show every battle was).
fn same_report(battle: &Battle, runs: u64, seed: u64, what: &str) -> f64 {
    let mut sim = Simulation::new(battle, seed);
    sim.run(runs / 3);
    sim.run(1);
    sim.run(runs - runs / 3 - 1);
    let fast: Report = sim.report();
    let general = simulate_with(battle, runs, seed, |s, actor| {
        policy::choose(battle, s, actor)
    });
    assert_eq!(fast, general, "{what}, seed {seed}");
    fast.mass
}

#[test]
fn the_table_gives_the_general_loops_figures_on_generated_battles() {
    let mut plain_battles = 0;
    for seed in 0..150 {
        let battle = random_battle(seed, 4);
        same_report(&battle, 300, seed, &format!("generated battle {seed}"));
        if let Some(p) = plain(&battle) {
            let mass = same_report(&p, 300, seed, &format!("plain battle {seed}"));
            assert_eq!(mass, 1.0, "plain battle {seed}: every battle counted once");
            plain_battles += 1;
        }
    }
    assert!(plain_battles >= 100, "only {plain_battles} plain battles");
}

#[test]
fn the_table_gives_the_general_loops_figures_on_the_repository_battles() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut fought = Vec::new();
    for dir in ["bench", "examples"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(sc) = serde_json::from_str::<Scenario>(&text) else {
                continue; // boards, Kingmaker and Campaign Reset files are not battles
            };
            let Ok(battle) = Battle::new(&sc) else {
                continue; // hidden blocks: a mixture, not one battle
            };
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            same_report(&battle, 3000, 11, &name);
            if let Some(p) = plain(&battle) {
                same_report(&p, 3000, 12, &format!("{name} without plans or reserves"));
            }
            fought.push(name);
        }
    }
    for name in [
        "medium.json",
        "large.json",
        "huge.json",
        "bosworth-1485.json",
    ] {
        assert!(
            fought.iter().any(|f| f == name),
            "{name} not fought: {fought:?}"
        );
    }
}
