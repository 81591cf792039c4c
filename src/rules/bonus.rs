//! Defensive bonuses: +1 firepower for the defending side's blocks on their shields, crowns,
//! cities, cathedrals and Wales (2.2-2.6, 3.21-3.24, D6, D7), at most +2 (2.3).

use crate::data::{Area, Home, House, Kind};
use crate::rules::battle::{Battle, FIREPOWER_VARIES, Version};
use crate::rules::state::{State, bits};

/// People dead now: before the battle, or killed in it (D7: 'dead' includes blocks killed
/// earlier in the same battle). Only a permanent death counts (6.82, 6.83, D15): a Neville, or
/// an heir eliminated as an heir; Exeter eliminated as the noble Exeter/Y goes to the pool (R10).
pub(crate) fn dead_now(battle: &Battle, state: &State) -> u8 {
    let mut dead = battle.dead_before;
    for i in bits(battle.person_slots) {
        if state.strength[i] == 0 {
            let v = state.version(battle, i);
            if v.heir_rank.is_some() || v.is_neville() {
                dead |= battle.slots[i].person_bit;
            }
        }
    }
    dead
}

/// The senior active heir of a house: lowest rank among active heirs of that house (D8).
pub(crate) fn senior_heir(battle: &Battle, state: &State, house: House) -> Option<usize> {
    let mut best: Option<(u8, usize)> = None;
    for i in bits(state.active() & battle.heir_slots) {
        let v = state.version(battle, i);
        if let Some(rank) = v.heir_rank
            && v.house == house
            && best.is_none_or(|(r, _)| rank < r)
        {
            best = Some((rank, i));
        }
    }
    best.map(|(_, i)| i)
}

/// The parts of one block's bonus at this instant, for the fire-order explanation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BonusParts {
    /// +1 from a shield, city, cathedral or Wales.
    pub home: bool,
    /// +1 from a crown (heirs only).
    pub crown: bool,
}

impl BonusParts {
    /// The total, at most +2 (2.3).
    pub fn total(self) -> u8 {
        self.home as u8 + self.crown as u8
    }
}

/// A block's bonus at the instant of fire: only for active blocks of the side now defending (D6).
pub(crate) fn bonus_parts(battle: &Battle, state: &State, slot: usize) -> BonusParts {
    if !state.is_active(slot) || state.side_of(slot) != state.defender() {
        return BonusParts::default();
    }
    let v: &Version = state.version(battle, slot);
    let rule = v.bonus;
    let dead = if rule.shield_if_dead != 0 || rule.heir.is_some_and(|h| h.royal_if_dead != 0) {
        dead_now(battle, state)
    } else {
        0
    };
    let mut home = rule.fixed || rule.shield_if_dead & dead != 0;
    let mut crown = false;
    if let Some(h) = rule.heir
        && (h.royal_shield || h.royal_if_dead & dead != 0 || h.crown)
        && senior_heir(battle, state, h.house) == Some(slot)
    {
        home |= h.royal_shield || h.royal_if_dead & dead != 0;
        crown = h.crown;
    }
    BonusParts { home, crown }
}

/// Firepower at the instant of fire: printed firepower plus the defensive bonus (6.4), at most 6
/// (R11: every die hits).
/// Read from the battle's table where the bonus cannot change during the battle
/// ([`Battle::fixed_firepower`]), worked out from the state otherwise.
#[inline]
pub(crate) fn firepower(battle: &Battle, state: &State, slot: usize) -> u8 {
    let defending = state.is_active(slot) && state.side_of(slot) == state.defender();
    let version = state.has_defected(slot) as usize;
    match battle.fixed_firepower[slot][version][defending as usize] {
        FIREPOWER_VARIES => {
            let v = state.version(battle, slot);
            (v.rating.firepower + bonus_parts(battle, state, slot).total()).min(6)
        }
        fixed => fixed,
    }
}

/// A sentence saying where a version's +1 comes from, with the rule number.
pub(crate) fn home_reason(v: &Version, area: &Area) -> String {
    let Some(data) = v.data else {
        return String::new();
    };
    match data.home {
        Home::City(c) => format!("+1 defending its city, {c} (2.4)"),
        Home::Cathedral(c) => format!("+1 defending its cathedral, {c} (2.5)"),
        Home::Wales => format!("+1 defending {}, in Wales (2.6)", area.name),
        Home::Heir { .. } => format!("+1 defending a shield in {} (2.2, 3.21, D7)", area.name),
        Home::Shields(_) if data.kind == Kind::Noble || data.kind == Kind::Church => {
            format!("+1 defending its shield in {} (2.2, D6)", area.name)
        }
        _ => String::new(),
    }
}
