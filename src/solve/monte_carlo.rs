//! Monte Carlo: the same rules, sampled. One random draw per fire (hits come from the
//! precomputed tables in [`crate::rules::dice`]), no allocation per battle, same seed same figures.

use crate::rules::action::{Action, resolve, sample};
use crate::rules::battle::Battle;
use crate::rules::dice::{BattleRng, rng_from_seed, uniform};
use crate::rules::log::{Observer, Silent};
use crate::rules::{plain, policy};
use crate::solve::fire_table::FireTable;
use crate::solve::report::TreasonChoice;
use crate::solve::report::{Method, Report, Tally};
use crate::solve::treason;
use crate::solve::watch::UNWATCHED;

use crate::rules::round::{Ending, Point, advance};
use crate::rules::state::State;
use crate::rules::treachery;
use rand::Rng;

/// The most battles one call simulates.
pub const MAX_RUNS: u64 = 1_000_000_000;

/// Simulates `runs` battles from `seed` (at most [`MAX_RUNS`]).
pub fn simulate(battle: &Battle, runs: u64, seed: u64) -> Report {
    let mut sim = Simulation::new(battle, seed);
    sim.run(runs.clamp(1, MAX_RUNS));
    sim.report()
}

/// A Monte Carlo run that can be advanced in chunks, for progress bars and cancellation:
/// `run(a); run(b)` gives exactly the figures of one `run(a + b)` from the same seed.
pub struct Simulation {
    battle: Battle,
    seed: u64,
    rng: BattleRng,
    tally: Tally,
    runs: u64,
    /// The Treason card's target, chosen before the first battle (R45).
    treason: Option<TreasonChoice>,
    /// The battle's fires as a table, where the fast loop of `rules::plain` applies once the
    /// Treason card has failed or is not played (`solve::fire_table`): the same battles, faster.
    table: Option<FireTable>,
}

impl Simulation {
    /// A simulation of `battle` (copied, so the simulation can live on its own, e.g. in a
    /// worker between chunks) from `seed`, with no battle fought yet. With the Treason card at
    /// its best target the target is chosen first ([`choose_treason_target`], R45).
    pub fn new(battle: &Battle, seed: u64) -> Self {
        let (battle, treason) =
            choose_treason_target(battle, treason::CHOICE_RUNS, treason::CHOICE_STATES);
        let start = treachery::play_treason(&battle, false, Vec::new(), &mut Silent);
        let table = plain::applies(&battle, &start).then(|| FireTable::new(&battle, start));
        Simulation {
            tally: Tally::new(&battle),
            battle,
            seed,
            rng: rng_from_seed(seed),
            runs: 0,
            treason,
            table,
        }
    }

    /// Fights `runs` more battles (never past [`MAX_RUNS`] in all): each as [`one_battle`]
    /// fights it, draw for draw, through the table of fires where there is one.
    pub fn run(&mut self, runs: u64) {
        let runs = runs.min(MAX_RUNS - self.runs);
        let (battle, rng, tally) = (&self.battle, &mut self.rng, &mut self.tally);
        match &mut self.table {
            Some(table) => {
                for _ in 0..runs {
                    // `one_battle`: the Treason card's draw, then the battle from the state it
                    // leaves; the table's start is the state a failed (or no) roll leaves.
                    let success = treason(battle, rng);
                    let off = if success {
                        Some(after_treason(battle, true, rng, &mut Silent))
                    } else {
                        table.fight(battle, rng)
                    };
                    if let Some((state, ending)) = off {
                        tally.add(battle, &state, ending, 1.0);
                    }
                }
                table.flush(battle, tally);
            }
            None => {
                for _ in 0..runs {
                    let (state, ending) = one_battle(battle, rng, &mut Silent);
                    tally.add(battle, &state, ending, 1.0);
                }
            }
        }
        self.runs += runs;
    }

    /// Adds the battles of another simulation of the same battle: workers each run their own
    /// stream ([`worker_seed`]) and the merged figures are those of all their battles together.
    pub fn merge(&mut self, other: &Simulation) {
        self.tally.merge(&other.tally);
        self.runs += other.runs;
    }

    /// The counts so far, to send to another thread or worker and [`Simulation::absorb`] there.
    pub fn counts(&self) -> (u64, Tally) {
        (self.runs, self.tally.clone())
    }

    /// Adds counts of the same battle sent by another worker ([`Simulation::counts`]).
    ///
    /// # Errors
    /// When the counts are of a battle with another number of blocks.
    pub fn absorb(&mut self, runs: u64, tally: &Tally) -> Result<(), String> {
        if !self.tally.same_shape(tally) {
            return Err("counts of another battle".into());
        }
        self.tally.merge(tally);
        self.runs += runs;
        Ok(())
    }

    /// Battles fought so far.
    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// The figures so far (all zero before the first battle).
    pub fn report(&self) -> Report {
        let mut report = self.tally.report(
            &self.battle,
            Method::MonteCarlo {
                runs: self.runs,
                seed: self.seed,
            },
            self.runs.max(1) as f64,
        );
        report.treason = self.treason.clone();
        report
    }
}

/// Fights one battle with `rng`, under the scenario's policy; returns its final state.
pub fn one_battle<R: Rng + ?Sized, O: Observer>(
    battle: &Battle,
    rng: &mut R,
    log: &mut O,
) -> (State, Ending) {
    let success = treason(battle, rng);
    after_treason(battle, success, rng, log)
}

/// [`one_battle`] after the Treason card's draw (`success`: the card turned its target).
#[inline]
fn after_treason<R: Rng + ?Sized, O: Observer>(
    battle: &Battle,
    success: bool,
    rng: &mut R,
    log: &mut O,
) -> (State, Ending) {
    let mut s = treachery::play_treason(battle, success, Vec::new(), log);
    if O::KEEPS || !plain::applies(battle, &s) {
        return fight_from(battle, s, rng, log, |s, actor| {
            policy::choose(battle, s, actor)
        });
    }
    // The same battle as the loop below, draw for draw, without asking the policy and the turn
    // order at every turn (`rules::plain`).
    let ending = plain::fight(battle, &mut s, rng);
    (s, ending)
}

/// The Treason card's roll before round 1 (D11, R2): one draw when the card is played.
#[inline]
fn treason<R: Rng + ?Sized>(battle: &Battle, rng: &mut R) -> bool {
    treachery::treason_roll(battle)
        .is_some_and(|(_, _, dice)| uniform(rng) < treachery::success_chance(dice))
}

/// Fights one battle with `rng`, each turn's action chosen by `choose(state, actor)`.
pub fn one_battle_with<R: Rng + ?Sized, O: Observer>(
    battle: &Battle,
    rng: &mut R,
    log: &mut O,
    choose: impl FnMut(&State, usize) -> Action,
) -> (State, Ending) {
    let success = treason(battle, rng);
    let s = treachery::play_treason(battle, success, Vec::new(), log);
    fight_from(battle, s, rng, log, choose)
}

/// The battle's loop from `s`: each turn's action chosen by `choose`, drawn and applied.
#[inline]
fn fight_from<R: Rng + ?Sized, O: Observer>(
    battle: &Battle,
    mut s: State,
    rng: &mut R,
    log: &mut O,
    mut choose: impl FnMut(&State, usize) -> Action,
) -> (State, Ending) {
    loop {
        match advance(battle, &mut s, log) {
            Point::End(ending) => return (s, ending),
            Point::Act(actor) => {
                let action = choose(&s, actor);
                let roll = sample(battle, &s, actor, action, rng);
                resolve(battle, &mut s, actor, action, roll, log);
            }
        }
    }
}

/// Simulates `runs` battles from `seed` with each turn's action chosen by `choose`.
pub fn simulate_with(
    battle: &Battle,
    runs: u64,
    seed: u64,
    mut choose: impl FnMut(&State, usize) -> Action,
) -> Report {
    let runs = runs.clamp(1, MAX_RUNS);
    let mut rng = rng_from_seed(seed);
    let mut tally = Tally::new(battle);
    for _ in 0..runs {
        let (state, ending) = one_battle_with(battle, &mut rng, &mut Silent, &mut choose);
        tally.add(battle, &state, ending, 1.0);
    }
    tally.report(battle, Method::MonteCarlo { runs, seed }, runs as f64)
}

/// The seed of worker `k` of a run seeded `seed`: worker 0 uses `seed` itself, so one worker
/// gives exactly [`simulate`]'s figures; the others get well-mixed distinct seeds (SplitMix64).
pub fn worker_seed(seed: u64, k: u64) -> u64 {
    if k == 0 {
        return seed;
    }
    let mut z = seed.wrapping_add(k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The battle with the card's target chosen before Monte Carlo fights it (R45): exact when each
/// target's battle takes at most `states` states (tried on the first target in R2's order, and
/// on the others only if it fits; not tried when `states` is 0), else `runs` battles per target from
/// [`treason::CHOICE_SEED`], the same dice for each. The battle itself (and `None`) when it does
/// not ask for the best target or the card may roll at no block.
pub fn choose_treason_target(
    battle: &Battle,
    runs: u64,
    states: usize,
) -> (Battle, Option<TreasonChoice>) {
    let Some(holder) = battle.treason().filter(|_| battle.treason_best()) else {
        return (battle.clone(), None);
    };
    let mut choices = treason::in_r2_order(battle);
    if choices.is_empty() {
        return (battle.clone(), None);
    }
    if choices.len() == 1 && states == 0 {
        // One block to roll at and no exact value asked for: no battle need be fought.
        let mut chosen = choices.remove(0).0;
        chosen.plans[holder.index()].treason_chosen = true;
        return (chosen, None);
    }
    // One target's battle past `states` and the others are taken to be too: the first failed
    // solve stops the rest (`collect` on the first `None`).
    let exact: Option<Vec<f64>> = choices
        .iter()
        .filter(|_| states > 0)
        .map(|(b, _, _)| {
            let mut t = Tally::new(b);
            crate::solve::exact::solve_into_serial(b, states, 1.0, &mut t, UNWATCHED)
                .ok()
                .map(|_| t.holds()[holder.index()])
        })
        .collect();
    let (values, fought) = match exact {
        Some(v) if !v.is_empty() => (v, None),
        _ => {
            let runs = runs.max(1);
            let v = choices
                .iter()
                .map(|(b, _, _)| {
                    let mut rng = rng_from_seed(treason::CHOICE_SEED);
                    let mut held = 0u64;
                    for _ in 0..runs {
                        let (_, ending) = one_battle(b, &mut rng, &mut Silent);
                        held += (ending.holder == Some(holder)) as u64;
                    }
                    held as f64 / runs as f64
                })
                .collect();
            (v, Some(runs))
        }
    };
    let made = treason::choice(battle, holder, &choices, &values, fought);
    let best = treason::best_index(&values);
    let mut chosen = choices.swap_remove(best).0;
    chosen.plans[holder.index()].treason_chosen = true;
    (chosen, Some(made))
}

/// The battle as it will be fought, for whatever shows one battle's dice (a replay, the fire
/// order, a battle played live): with the card at its best target, that target chosen
/// ([`choose_treason_target`] with [`treason::CHOICE_RUNS`], R45); else the battle itself.
pub fn with_treason_target(battle: Battle) -> Battle {
    if battle.treason_best() {
        choose_treason_target(&battle, treason::CHOICE_RUNS, treason::CHOICE_STATES).0
    } else {
        battle
    }
}
