//! The players' choices (the scenario's `policy`): what a block does on its turn when the
//! rules leave it to its owner. Defaults: fire; no charge; no Treachery; no voluntary retreat;
//! the attacker retreats on its turn in round 4 (6.2).

use crate::rules::action::Action;
use crate::rules::battle::Battle;
use crate::rules::state::State;
use crate::{rules::charge, rules::retreat, rules::treachery};

/// The action the scenario's policy takes for `actor` now; the first that applies wins (R3).
#[inline]
pub fn choose(battle: &Battle, state: &State, actor: usize) -> Action {
    let side = state.side_of(actor);
    if retreat::must_retreat(state, side) {
        return Action::Retreat; // 6.2, D12: forced in round 4
    }
    if !battle.has_plans[side.index()] {
        return Action::Fire;
    }
    planned(battle, state, actor)
}

/// The rest of [`choose`], for a side with plans (R3).
fn planned(battle: &Battle, state: &State, actor: usize) -> Action {
    let side = state.side_of(actor);
    let plans = &battle.plans[side.index()];
    let ratio_below = |ratio: f64| {
        let own = state.side_strength(battle, side) as f64;
        let enemy = state.side_strength(battle, side.other()) as f64;
        own < ratio * enemy
    };
    if let Some((from_round, below_ratio)) = plans.retreat
        && retreat::may_retreat(battle, state, side)
        && from_round.is_none_or(|r| state.round >= r)
        && below_ratio.is_none_or(ratio_below)
    {
        return Action::Retreat;
    }
    if plans.retreats.iter().any(|p| {
        p.slot as usize == actor
            && p.from_round.is_none_or(|r| state.round >= r)
            && p.below_strength.is_none_or(|s| state.strength[actor] < s)
            && p.below_ratio.is_none_or(ratio_below)
    }) && retreat::may_retreat(battle, state, side)
    {
        return Action::Retreat; // a block's own plan (6.6, R3)
    }
    // The plans for this block in this round, before the rules are asked whether it may act on
    // them (the same answer, without asking for every block that has none).
    let mut rolls = plans
        .treachery
        .iter()
        .filter(|&&(by, _, round)| by as usize == actor && round.is_none_or(|r| r == state.round))
        .peekable();
    if rolls.peek().is_some() && treachery::may_roll(battle, state, actor) {
        for &(_, target, _) in rolls {
            if treachery::dice_against(battle, state, side, Some(actor), target as usize).is_some()
            {
                return Action::Treachery(target as usize);
            }
        }
    }
    let mut charges = plans
        .charges
        .iter()
        .filter(|&&(_, round, by)| {
            by.is_none_or(|b| b as usize == actor) && round.is_none_or(|r| r == state.round)
        })
        .peekable();
    if charges.peek().is_some() && charge::may_charge(battle, state, actor) {
        for &(target, _, _) in charges {
            if charge::may_target(state, actor, target as usize) {
                return Action::Charge(target as usize);
            }
        }
    }
    Action::Fire
}
