//! Value stability: Monte Carlo figures and replay dice pinned for fixed scenarios and seeds.
//! A change here means the random stream changed (a dependency upgrade, a new draw order):
//! every saved seed and shared replay would then show a different battle. Re-pin only on purpose,
//! and the browser build pins the same numbers (www/tests).

mod common;
use bosworth::rules::log::Event;

/// (file, seed, attacker holds, defender holds, ends in round 1) out of 10,000 battles;
/// the first 12 dice of the replay with the same seed.
type Pin = (&'static str, u64, u32, u32, u32, [u8; 12]);

const PINNED: &[Pin] = &[
    (
        "bench/medium.json",
        1,
        4602,
        5398,
        80,
        [5, 5, 1, 5, 2, 4, 6, 4, 1, 1, 6, 3],
    ),
    (
        "bench/policy.json",
        7,
        2933,
        7067,
        1,
        [1, 2, 5, 3, 6, 3, 5, 2, 6, 1, 1, 2],
    ),
    (
        "examples/east-anglia.json",
        42,
        28,
        9972,
        690,
        [5, 2, 6, 5, 5, 4, 1, 4, 2, 6, 4, 6],
    ),
];

#[test]
fn monte_carlo_figures_are_pinned() {
    for &(file, seed, att, def, r1, _) in PINNED {
        let r = bosworth::simulate(&common::battle_file(file), 10_000, seed);
        let count = |p: f64| (p * 10_000.0).round() as u32;
        assert_eq!(
            (
                count(r.attacker_holds),
                count(r.defender_holds),
                count(r.ends_in_round[0])
            ),
            (att, def, r1),
            "{file} seed {seed}"
        );
    }
}

#[test]
fn replay_dice_are_pinned() {
    for &(file, seed, .., dice) in PINNED {
        let rolled: Vec<u8> = bosworth::replay(&common::battle_file(file), seed)
            .events
            .into_iter()
            .filter_map(|e| {
                if let Event::Acts { dice, .. } = e {
                    Some(dice)
                } else {
                    None
                }
            })
            .flatten()
            .take(12)
            .collect();
        assert_eq!(rolled, dice, "{file} seed {seed}");
    }
}
