//! Heir charges (6.5, D9): the senior heir, instead of firing, rolls at one named enemy block;
//! a target that survives fires back at once at the heir.

use crate::rules::battle::Battle;
use crate::rules::bonus::{firepower, senior_heir};
use crate::rules::hits::hit_block;
use crate::rules::log::Observer;
use crate::rules::state::State;

/// True if `actor` may charge now: he is his side's senior active heir (6.5, D8), and it is
/// round 1-3 for the side now attacking or 1-4 for the side now defending (D9).
pub(crate) fn may_charge(battle: &Battle, state: &State, actor: usize) -> bool {
    let side = state.side_of(actor);
    let last_round = if side == state.defender() { 4 } else { 3 };
    state.round <= last_round && senior_heir(battle, state, battle.house(side)) == Some(actor)
}

/// True if `target` may be charged by `actor`: an active enemy block (D9).
pub(crate) fn may_target(state: &State, actor: usize, target: usize) -> bool {
    state.is_active(target) && state.side_of(target) != state.side_of(actor)
}

/// The target's bonus fire after surviving `hits`: (dice, firepower), or `None` if the hits
/// eliminate it or it joined the fighting this round and may not fire yet (D9: its reduced
/// strength, its own firepower with any defensive bonus after the charge's hits, R9;
/// 6.3, D4, R12).
pub(crate) fn counter_fire(
    battle: &Battle,
    state: &State,
    target: usize,
    hits: u8,
) -> Option<(u8, u8)> {
    let left = state.strength[target]
        .checked_sub(hits)
        .filter(|&s| s > 0)?;
    if state.fresh >> target & 1 == 1 {
        return None;
    }
    let mut after = *state;
    after.strength[target] = left;
    Some((left, firepower(battle, &after, target)))
}

/// Applies a charge that scored `hits` and a counter-fire that scored `counter` (D9).
pub(crate) fn charge<O: Observer>(
    battle: &Battle,
    state: &mut State,
    actor: usize,
    target: usize,
    hits: u8,
    counter: u8,
    log: &mut O,
) {
    hit_block(
        battle,
        state,
        target,
        hits,
        "6.5, D9: a charge hits only its named target; surplus is lost",
        log,
    );
    if state.strength[target] > 0 {
        hit_block(
            battle,
            state,
            actor,
            counter,
            "6.5, D9: the target's bonus fire hits only the charging heir",
            log,
        );
    }
}
