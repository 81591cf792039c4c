//! Retreats (6.6, D12): never in round 1; the attacker must retreat in round 4; each side may
//! pull out as many blocks per round as its retreat capacity; a block that must retreat and
//! cannot is eliminated.

use crate::rules::battle::Battle;
use crate::rules::log::{Event, Observer};
use crate::rules::state::State;
use crate::scenario::Side;

/// True if `side` still has room to retreat a block this round (D12); capacity belongs to the
/// side as entered, whatever its role after a control change (R7).
pub(crate) fn capacity_left(battle: &Battle, state: &State, side: Side) -> bool {
    battle.retreat_capacity[side.index()].is_none_or(|c| state.retreats[side.index()] < c)
}

/// The side now attacking must retreat on its turn in round 4 (6.2, D12).
pub(crate) fn must_retreat(state: &State, side: Side) -> bool {
    state.round == 4 && side != state.defender()
}

/// A block of `side` may choose to retreat: from round 2 (6.6), with capacity left (D12).
pub(crate) fn may_retreat(battle: &Battle, state: &State, side: Side) -> bool {
    state.round >= 2 && capacity_left(battle, state, side)
}

/// The block leaves the area at its current strength, or, with no capacity left, is eliminated (D12).
pub(crate) fn retreat<O: Observer>(battle: &Battle, state: &mut State, slot: usize, log: &mut O) {
    let side = state.side_of(slot);
    state.present &= !(1 << slot);
    if capacity_left(battle, state, side) {
        if battle.retreat_capacity[side.index()].is_some() {
            state.retreats[side.index()] += 1; // counted only where a limit reads it (D12)
        }
        state.retreated |= 1 << slot;
        log.note(|| Event::Retreats {
            block: state.version(battle, slot).id.clone(),
            strength: state.strength[slot],
        });
    } else {
        crate::rules::royals::before_elimination(battle, state, slot);
        state.lost[side.index()] += state.strength[slot];
        state.strength[slot] = 0;
        log.note(|| Event::CannotRetreat {
            block: state.version(battle, slot).id.clone(),
        });
        log.note(|| Event::Eliminated {
            block: state.version(battle, slot).id.clone(),
            fate: state.version(battle, slot).fate().into(),
        });
    }
}
