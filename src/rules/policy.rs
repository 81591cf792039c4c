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
    if battle.plans[side.index()].is_empty() {
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
    if !plans.treachery.is_empty() && treachery::may_roll(battle, state, actor) {
        for &(by, target, round) in &plans.treachery {
            if by as usize == actor
                && round.is_none_or(|r| r == state.round)
                && treachery::dice_against(battle, state, side, Some(actor), target as usize)
                    .is_some()
            {
                return Action::Treachery(target as usize);
            }
        }
    }
    if !plans.charges.is_empty() && charge::may_charge(battle, state, actor) {
        for &(target, round, by) in &plans.charges {
            if by.is_none_or(|b| b as usize == actor)
                && round.is_none_or(|r| r == state.round)
                && charge::may_target(state, actor, target as usize)
            {
                return Action::Charge(target as usize);
            }
        }
    }
    Action::Fire
}
