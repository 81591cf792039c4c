//! Battle rounds (6.2, D1, D2, D13): who acts next, the start of each round, and the end of
//! the battle.

use crate::data::Initiative;
use crate::rules::battle::Battle;
use crate::rules::log::{Event, Observer};
use crate::rules::retreat;
use crate::rules::state::{State, bits};
use crate::scenario::Side;

/// What comes next in a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Point {
    /// This block takes its turn: a decision point.
    Act(usize),
    /// The battle is over.
    End(Ending),
}

/// How a battle ended (D13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    /// The last round fought.
    pub round: u8,
    /// The side holding the area (as entered), `None` if it is left vacant.
    pub holder: Option<Side>,
}

/// Moves the battle on to its next decision point or its end: starts new rounds and applies
/// the end of battle (D13).
#[inline]
pub(crate) fn advance<O: Observer>(battle: &Battle, state: &mut State, log: &mut O) -> Point {
    loop {
        if let Some(ending) = over(battle, state) {
            return Point::End(ending);
        }
        if let Some(actor) = next_actor(battle, state) {
            return Point::Act(actor);
        }
        if state.round == 4 {
            after_round_four(battle, state, log);
            let ending = over(battle, state).unwrap_or(Ending {
                round: 4,
                holder: None,
            });
            return Point::End(ending);
        }
        start_round(battle, state, log);
    }
}

/// The battle ends as soon as one side has no block left in it, active or reserve (D13).
#[inline]
pub(crate) fn over(battle: &Battle, state: &State) -> Option<Ending> {
    let has = |side| state.present & state.side_mask(battle, side) != 0;
    let (a, d) = (has(Side::Attacker), has(Side::Defender));
    if a && d {
        return None;
    }
    let holder = if a {
        Some(Side::Attacker)
    } else if d {
        Some(Side::Defender)
    } else {
        None
    };
    Some(Ending {
        round: state.round,
        holder,
    })
}

/// The next block to act (D1, D2): groups A to D, the side now defending first within each
/// letter; inside a group, the owner's fire order. Recomputed from the state every time, as the
/// pending block with the lowest place in that order ([`Battle::turn_rank`]).
#[inline]
pub(crate) fn next_actor(battle: &Battle, state: &State) -> Option<usize> {
    let pending = state.pending();
    if pending == 0 {
        return None;
    }
    let (later, swapped) = ((state.round > 1) as usize, state.swapped as usize);
    // The rank, then the slot: one key, the smallest wins.
    let best = if state.attacker == battle.initial.attacker {
        // Every block on the side it entered on: the table, a byte of the mask at a time.
        let chunks = battle.slots.len().div_ceil(8);
        let tables = &battle.turn_table[(2 * later + swapped) * chunks..][..chunks];
        tables
            .iter()
            .enumerate()
            .map(|(c, table)| table[(pending >> (8 * c)) as u8 as usize])
            .min()?
    } else {
        let ranks = &battle.turn_rank[later][swapped];
        let key = |i: usize| u16::from(ranks[state.side_of(i).index()][i]) << 8 | i as u16;
        bits(pending).map(key).min()?
    };
    Some(usize::from(best & 0xff))
}

/// Every block its owner may move next (D2): the pending blocks of the side to act in the
/// current initiative group, in that side's fire order, so the first is [`next_actor`]'s.
/// Empty when nobody is to act.
pub fn may_act_next(battle: &Battle, state: &State) -> Vec<usize> {
    let Some(first) = next_actor(battle, state) else {
        return Vec::new();
    };
    let side = state.side_of(first);
    let pending = state.pending() & state.side_mask(battle, side);
    let letter = battle.initiative(first, state.round);
    let group = pending & battle.letter_mask(state.round, letter);
    battle.fire_order[side.index()]
        .iter()
        .map(|&i| i as usize)
        .filter(|&i| group >> i & 1 == 1)
        .collect()
}

/// A new round: every reserve becomes active, turns and retreat capacity reset (6.3, D4, D12).
#[inline(never)]
pub(crate) fn start_round<O: Observer>(battle: &Battle, state: &mut State, log: &mut O) {
    state.round += 1;
    let arrive = state.present & state.reserve;
    state.reserve = 0;
    state.acted = 0;
    state.fresh = 0;
    state.retreats = [0, 0];
    log.note(|| Event::RoundStarts {
        round: state.round,
        arrive: bits(arrive)
            .map(|i| state.version(battle, i).id.clone())
            .collect(),
    });
}

/// After round 4, attacking blocks still in the area (one that defected to the attacker in
/// round 4, or reserves deployed too late to act) retreat while capacity remains and are
/// eliminated otherwise (D13), using what is left of the round-4 capacity, in fire order (R7).
#[inline(never)]
pub(crate) fn after_round_four<O: Observer>(battle: &Battle, state: &mut State, log: &mut O) {
    let side = state.defender().other();
    let left = state.present & state.side_mask(battle, side);
    for &i in &battle.fire_order[side.index()] {
        if left >> i & 1 == 1 {
            retreat::retreat(battle, state, i as usize, log);
        }
    }
}

impl Battle {
    /// Mask of slots whose initiative in `round` is `letter` (6.2, D1).
    pub(crate) fn letter_mask(&self, round: u8, letter: Initiative) -> u32 {
        self.letters[(round > 1) as usize][letter.index()]
    }
}
