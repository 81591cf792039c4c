//! Reserves (6.3, D4) and the round-1 control change (6.3, D5), checked after every action.

use crate::rules::battle::Battle;
use crate::rules::log::{Event, Observer};
use crate::rules::state::{State, bits};

/// After an action: a side with no active block left but with reserves deploys them at once;
/// they may not act until the next round but take hits from enemies that fire later (D4).
/// If that side is the defender in round 1, control changes (D5), each time it happens (R8);
/// the deployed blocks have no turn left this round (R6).
#[inline]
pub(crate) fn after_action<O: Observer>(battle: &Battle, state: &mut State, log: &mut O) {
    if state.present & state.reserve == 0 {
        return; // no reserve in the battle: nothing to deploy
    }
    let defender = state.defender();
    for side in [defender, defender.other()] {
        let mine = state.present & state.side_mask(battle, side);
        if mine == 0 || mine & !state.reserve != 0 {
            continue;
        }
        state.reserve &= !mine;
        state.acted |= mine;
        state.fresh |= mine;
        log.note(|| Event::Deploys {
            side,
            blocks: bits(mine)
                .map(|i| state.version(battle, i).id.clone())
                .collect(),
        });
        if state.round == 1 && side == defender {
            state.swapped = !state.swapped;
            log.note(|| Event::ControlChanges {
                defender: state.defender(),
            });
        }
    }
}
