//! The Treason card's best target (R45): with `"treason_target": "best"` the card's holder rolls
//! at the enemy block that gives his side the best chance to hold the area, chosen once the
//! blocks are revealed (6.1, D11). The solvers fight the battle once per target the card may
//! roll at ([`choices`]) and keep the best: the exact solver exactly ([`solve_best`]); Monte
//! Carlo by a choice made first (`monte_carlo::choose_treason_target`), exact where each
//! target's battle is small, else estimated from battles fought on the same dice for every
//! target. This file holds what both share and imports neither.
//! Ties (within [`TIE`]) go to R2's order: fewest dice, then the strongest, then the first listed.

use crate::rules::battle::Battle;
use crate::scenario::Side;
use crate::solve::error::SolveError;
use crate::solve::report::{Tally, TargetValue, TreasonChoice};
use crate::solve::watch::Watch;

pub use crate::rules::treachery::{BEST_TARGET, names_best};

/// Two targets whose chances differ by no more than this are tied (R45): the first in R2's
/// order is taken, so that sums added in another order never decide.
pub const TIE: f64 = 1e-12;

/// Battles fought for each target, on the same dice, when Monte Carlo chooses the best target
/// of one battle too large to choose exactly.
pub const CHOICE_RUNS: u64 = 20_000;

/// The most states an exact solve of one target's battle may take when Monte Carlo chooses
/// the target first; past it the choice is estimated.
pub const CHOICE_STATES: usize = 50_000;

/// The seed of the battles that choose a target (R45): the same for every seed and worker, so
/// that every Monte Carlo run of one battle, merged or not, fights the same target.
pub const CHOICE_SEED: u64 = 0x7265_6173_6f6e;

/// One battle per enemy block the card may roll at (an active block with a loyalty rating,
/// 6.9, D10, D11), in the order of the battle's blocks, each with the card's target set to it
/// and paired with its slot; none without a holder or once the battle is under way.
pub fn choices(battle: &Battle) -> Vec<(Battle, usize)> {
    let Some(holder) = battle.treason() else {
        return Vec::new();
    };
    if battle.in_progress() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (j, slot) in battle.slots.iter().enumerate() {
        if slot.side == holder || slot.reserve || battle.treachery_dice(None, j).is_none() {
            continue;
        }
        let mut sc = battle.scenario().clone();
        let policy = match holder {
            Side::Attacker => &mut sc.policy.attacker,
            Side::Defender => &mut sc.policy.defender,
        };
        policy.treason_target = Some(slot.name().to_string());
        // A target the card may roll at is one `Battle::new` accepts; skip any other.
        if let Ok(b) = Battle::new(&sc) {
            out.push((b, j));
        }
    }
    out
}

/// The card's choices in R2's order: (battle, slot, dice).
pub(crate) fn in_r2_order(battle: &Battle) -> Vec<(Battle, usize, u8)> {
    let state = battle.initial_state();
    let mut out: Vec<(Battle, usize, u8)> = choices(battle)
        .into_iter()
        .filter_map(|(b, j)| {
            let dice = battle.treachery_dice(None, j)?;
            Some((b, j, dice))
        })
        .collect();
    out.sort_by_key(|&(_, j, dice)| (dice, std::cmp::Reverse(state.strength[j]), j));
    out
}

/// The index of the best value: the first (in R2's order) that no later one beats by more
/// than [`TIE`].
pub(crate) fn best_index(values: &[f64]) -> usize {
    let mut best = 0;
    for (k, &v) in values.iter().enumerate().skip(1) {
        if v > values[best] + TIE {
            best = k;
        }
    }
    best
}

/// The choice made: the best of `values` (in R2's order), with every target's value.
pub(crate) fn choice(
    battle: &Battle,
    holder: Side,
    choices: &[(Battle, usize, u8)],
    values: &[f64],
    runs: Option<u64>,
) -> TreasonChoice {
    let best = best_index(values);
    let name = |j: usize| battle.slots[j].name().to_string();
    TreasonChoice {
        holder,
        target: name(choices[best].1),
        targets: choices
            .iter()
            .zip(values)
            .map(|((_, j, dice), &holds)| TargetValue {
                block: name(*j),
                dice: *dice,
                holds,
            })
            .collect(),
        runs,
    }
}

/// The exact solver with the best target (R45): each target's battle solved into a tally of
/// its own, within `budget` states in all; the best one's added to `tally`. Returns the states
/// visited in all, the most held at once, and the choice; `None` when the battle does not ask
/// for the best target or the card may roll at no block.
pub(crate) fn solve_best(
    battle: &Battle,
    budget: usize,
    weight: f64,
    tally: &mut Tally,
    watch: &Watch<'_>,
    solve_one: impl Fn(
        &Battle,
        usize,
        f64,
        &mut Tally,
        &Watch<'_>,
    ) -> Result<(usize, usize), SolveError>,
) -> Result<Option<(usize, usize, TreasonChoice)>, SolveError> {
    let Some(holder) = battle.treason().filter(|_| battle.treason_best()) else {
        return Ok(None);
    };
    let choices = in_r2_order(battle);
    if choices.is_empty() {
        return Ok(None);
    }
    let (mut used, mut peak) = (0usize, 0usize);
    let mut tallies = Vec::with_capacity(choices.len());
    let mut values = Vec::with_capacity(choices.len());
    for (b, _, _) in &choices {
        let mut t = tally.blank();
        let left = budget.saturating_sub(used);
        let (states, held) = solve_one(b, left, weight, &mut t, watch).map_err(|e| match e {
            SolveError::TooLarge { .. } => SolveError::TooLarge { budget },
            e => e,
        })?;
        used += states;
        peak = peak.max(held);
        values.push(t.holds()[holder.index()] / weight);
        tallies.push(t);
    }
    let made = choice(battle, holder, &choices, &values, None);
    tally.merge(&tallies[best_index(&values)]);
    Ok(Some((used, peak, made)))
}
