//! Monte Carlo: the same rules, sampled. One random draw per fire (hits come from the
//! precomputed tables in [`crate::dice`]), no allocation per battle, same seed same figures.

use crate::action::{chances, resolve};
use crate::battle::Battle;
use crate::dice::{BattleRng, rng_from_seed, uniform};
use crate::log::{Observer, Silent};
use crate::policy;
use crate::report::{Method, Report, Tally};
use crate::round::{Ending, Point, advance};
use crate::state::State;
use crate::treachery;
use rand::Rng;

/// The most battles one call simulates.
pub const MAX_RUNS: u64 = 1_000_000_000;

/// Simulates `runs` battles from `seed` (at most [`MAX_RUNS`]).
pub fn simulate(battle: &Battle, runs: u64, seed: u64) -> Report {
    let runs = runs.clamp(1, MAX_RUNS);
    let mut rng: BattleRng = rng_from_seed(seed);
    let mut tally = Tally::new(battle);
    for _ in 0..runs {
        let (state, ending) = one_battle(battle, &mut rng, &mut Silent);
        tally.add(battle, &state, ending, 1.0);
    }
    tally.report(battle, Method::MonteCarlo { runs, seed }, runs as f64)
}

/// Fights one battle with `rng`, under the scenario's policy; returns its final state.
pub fn one_battle<R: Rng + ?Sized, O: Observer>(battle: &Battle, rng: &mut R, log: &mut O) -> (State, Ending) {
    let success = treachery::treason_roll(battle).is_some_and(|(_, _, dice)| uniform(rng) < treachery::success_chance(dice));
    let mut s = treachery::play_treason(battle, success, Vec::new(), log);
    loop {
        match advance(battle, &mut s, log) {
            Point::End(ending) => return (s, ending),
            Point::Act(actor) => {
                let action = policy::choose(battle, &s, actor);
                let roll = chances(battle, &s, actor, action).pick(uniform(rng));
                resolve(battle, &mut s, actor, action, roll, log);
            }
        }
    }
}
