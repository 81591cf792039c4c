//! Battle hits (6.4, D3): all hits of one fire go to the strongest active enemy block, the
//! owner breaking ties; surplus carries to the next strongest; what finds no target is lost.

use crate::rules::battle::Battle;
use crate::rules::log::{Event, Observer, Silent};
use crate::rules::state::{State, bits};
use crate::scenario::Side;

/// Applies `hits` from one fire to `side`'s active blocks (6.4, D3). Reserves never take them:
/// surplus hits after the last active block falls are lost, not carried to reserves (D4).
#[inline]
pub(crate) fn take_hits<O: Observer>(
    battle: &Battle,
    state: &mut State,
    side: Side,
    mut hits: u8,
    log: &mut O,
) {
    while hits > 0 {
        let targets = state.active() & state.side_mask(battle, side);
        let Some(target) = strongest(battle, state, side, targets) else {
            log.note(|| Event::HitsLost {
                hits,
                rule: "6.4, D3/D4: no active enemy block is left".into(),
            });
            return;
        };
        let tied = O::KEEPS
            && bits(targets)
                .filter(|&i| state.strength[i] == state.strength[target])
                .count()
                > 1;
        let rule = if tied {
            "6.4, D3: the strongest active enemy block; the owner's hit order breaks the tie"
        } else {
            "6.4, D3: the strongest active enemy block"
        };
        hits -= hit_block(battle, state, target, hits, rule, log);
    }
}

/// The block of `side` among `targets` that takes the next hit: highest current strength,
/// ties broken by the owner's hit order (D3, [`Battle::hit_rank`]).
#[inline]
pub(crate) fn strongest(battle: &Battle, state: &State, side: Side, targets: u32) -> Option<usize> {
    let rank = &battle.hit_rank[side.index()];
    // Strength first, then the earlier place in the hit order, then the slot: one key, the
    // largest wins (ranks and slots are below 32: five bits each).
    let key =
        |i: usize| u16::from(state.strength[i]) << 10 | u16::from(31 - rank[i]) << 5 | i as u16;
    let best = bits(targets).map(key).max()?;
    Some(usize::from(best & 31))
}

/// Takes up to `hits` steps off one block; returns the steps taken (surplus is the caller's).
#[inline]
pub(crate) fn hit_block<O: Observer>(
    battle: &Battle,
    state: &mut State,
    target: usize,
    hits: u8,
    rule: &str,
    log: &mut O,
) -> u8 {
    let taken = hits.min(state.strength[target]);
    if taken == 0 {
        return 0;
    }
    if taken == state.strength[target] {
        crate::rules::royals::before_elimination(battle, state, target);
    }
    state.strength[target] -= taken;
    state.lost[state.side_of(target).index()] += taken;
    log.note(|| Event::Hit {
        block: state.version(battle, target).id.clone(),
        hits: taken,
        strength: state.strength[target],
        rule: rule.into(),
    });
    if state.strength[target] == 0 {
        state.present &= !(1 << target);
        log.note(|| Event::Eliminated {
            block: state.version(battle, target).id.clone(),
            fate: state.version(battle, target).fate().into(),
        });
    }
    taken
}

/// Every way the owner may take `hits` on `side`'s active blocks when equal strengths leave him
/// the choice (6.4, D3), appended to `out` (what it held before is kept, and not compared with):
/// at each step any of the tied strongest blocks may take the hits. The states appended are
/// distinct; the first is the one the side's hit order gives.
pub(crate) fn choices_into(
    battle: &Battle,
    state: &State,
    side: Side,
    hits: u8,
    out: &mut Vec<State>,
) {
    let from = out.len();
    let mut first = *state;
    take_hits(battle, &mut first, side, hits, &mut Silent);
    out.push(first);
    every_choice(battle, *state, side, hits, out, from);
}

fn every_choice(
    battle: &Battle,
    state: State,
    side: Side,
    hits: u8,
    out: &mut Vec<State>,
    from: usize,
) {
    let targets = state.active() & state.side_mask(battle, side);
    let Some(max) = bits(targets).map(|i| state.strength[i]).max() else {
        if !out[from..].contains(&state) {
            out.push(state);
        }
        return;
    };
    if hits == 0 {
        if !out[from..].contains(&state) {
            out.push(state);
        }
        return;
    }
    for t in bits(targets).filter(|&i| state.strength[i] == max) {
        let mut next = state;
        let taken = hit_block(battle, &mut next, t, hits, "", &mut Silent);
        every_choice(battle, next, side, hits - taken, out, from);
    }
}
