//! Monte Carlo's fast loop for battles under the default policy (`src/rules/plain.rs`, a
//! performance path) fights every battle exactly as the general loop does: the same final state,
//! the same ending, and the same numbers drawn from the generator (the next draw after the
//! battle is the same), so every seeded figure stays the same.
//!
//! `one_battle` takes the fast loop where it applies; `one_battle_with` with the policy's own
//! choice always takes the general one. Compared on generated battles (heirs, Bombards, areas
//! and their bonuses, the Treason card, retreat capacities, battles in progress), each also with
//! its plans and reserves removed so that the fast loop applies, with their fire and hit orders
//! kept, and on every battle of `bench/` and `examples/`.

mod common;

use bosworth::rules::dice::rng_from_seed;
use bosworth::rules::log::Silent;
use bosworth::rules::policy;
use bosworth::{Battle, one_battle, one_battle_with};
use common::generate::{plain, random_battle, repository_battles};
use rand::Rng;

/// Fights `runs` battles of `battle` from seeds `0..runs` both ways; returns the rounds fought
/// in all (to show the battles were fought).
fn same_both_ways(battle: &Battle, runs: u64, what: &str) -> u64 {
    let mut rounds = 0;
    for seed in 0..runs {
        let (mut fast, mut general) = (rng_from_seed(seed), rng_from_seed(seed));
        let (s1, e1) = one_battle(battle, &mut fast, &mut Silent);
        let (s2, e2) = one_battle_with(battle, &mut general, &mut Silent, |s, actor| {
            policy::choose(battle, s, actor)
        });
        assert_eq!(e1, e2, "{what}, seed {seed}: the ending");
        assert_eq!(s1, s2, "{what}, seed {seed}: the final state");
        assert_eq!(
            fast.next_u64(),
            general.next_u64(),
            "{what}, seed {seed}: the draws used"
        );
        rounds += u64::from(e1.round);
    }
    rounds
}

#[test]
fn the_fast_loop_fights_generated_battles_as_the_general_loop() {
    let mut plain_battles = 0;
    for seed in 0..400 {
        let battle = random_battle(seed, 4);
        same_both_ways(&battle, 100, &format!("generated battle {seed}"));
        if let Some(p) = plain(&battle) {
            assert!(same_both_ways(&p, 100, &format!("plain battle {seed}")) >= 100);
            plain_battles += 1;
        }
    }
    assert!(plain_battles >= 300, "only {plain_battles} plain battles");
}

#[test]
fn the_fast_loop_fights_the_repository_battles_as_the_general_loop() {
    let mut fought = Vec::new();
    for (name, battle) in repository_battles() {
        same_both_ways(&battle, 2000, &name);
        if let Some(p) = plain(&battle) {
            same_both_ways(&p, 2000, &format!("{name} without plans or reserves"));
        }
        fought.push(name);
    }
    for name in [
        "medium.json",
        "six.json",
        "bosworth-1485.json",
        "policy.json",
    ] {
        assert!(
            fought.iter().any(|f| f == name),
            "{name} not fought: {fought:?}"
        );
    }
}
