//! Monte Carlo's table of fires (`src/solve/fire_table.rs`, a performance path) gives the figures
//! of fighting every battle through the general loop, bit for bit: `Simulation` (which takes the
//! table where the fast loop applies, and counts battles per ending) against `simulate_with`
//! under the default policy (the general loop, each battle added to the tally on its own), on
//! generated battles, each also with its plans and reserves removed so that the table applies,
//! and on every battle of `bench/` and `examples/`. The runs are split in chunks, as the app and
//! the bench run them, and must give one run's figures.

mod common;

use bosworth::rules::policy;
use bosworth::{Battle, Report, Simulation, simulate_with};
use common::generate::{plain, random_battle, repository_battles};

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
    let mut fought = Vec::new();
    for (name, battle) in repository_battles() {
        same_report(&battle, 3000, 11, &name);
        if let Some(p) = plain(&battle) {
            same_report(&p, 3000, 12, &format!("{name} without plans or reserves"));
        }
        fought.push(name);
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
