//! Who is King and who is Pretender at each instant of a battle (3.21, 6.81, 9.1, R1): the
//! senior living heir of each house, an heir who turns back to his house (Clarence/L to
//! Clarence/Y, Exeter/Y to Exeter/L) taking the role at once if he outranks its holder; only the
//! King's death leaves the throne empty until the Supply Phase (6.81).

use crate::rules::battle::Battle;
use crate::rules::state::State;

impl Battle {
    /// The slot of the King at the start of the battle, if he fights in it (3.21).
    pub fn king(&self) -> Option<usize> {
        self.king_slot.map(usize::from)
    }

    /// The slot of the Pretender at the start of the battle, if he fights in it (3.21).
    pub fn pretender(&self) -> Option<usize> {
        self.pretender_slot.map(usize::from)
    }

    /// The slot of the King now, if he fights in this battle: the senior living heir of the
    /// throne's house (3.21), an heir turned back to his house included (9.1, R1), until the
    /// King falls here: then nobody is King for the rest of the battle (6.81, R1).
    pub fn king_now(&self, state: &State) -> Option<usize> {
        if !self.king_may_change {
            return self.king(); // nobody can take his place: fixed, even once fallen (6.81)
        }
        if state.king_fell {
            return None;
        }
        self.senior_in(&self.king_line, state)
    }

    /// The slot of the Pretender now, if he fights in this battle: the senior living heir of his
    /// house (3.21). Unlike the King's (6.81), the Pretender's succession is immediate (R1): when
    /// he falls in battle, or an heir turns (9.1), the next heir is Pretender at once; an heir
    /// who turns back to his house and outranks him takes the role at once too.
    pub fn pretender_now(&self, state: &State) -> Option<usize> {
        self.senior_in(&self.pretender_line, state)
    }

    /// The first heir of `line` serving his house now: alive and fighting as his heir version
    /// (9.1); `None` if an heir alive elsewhere comes first.
    fn senior_in(&self, line: &[Option<u8>], state: &State) -> Option<usize> {
        for &entry in line {
            let i = usize::from(entry?);
            if state.strength[i] > 0 && state.version(self, i).heir_rank.is_some() {
                return Some(i);
            }
        }
        None
    }

    /// True if the King may change during this battle: an heir of his house fights here as his
    /// defected version (Clarence/L, Exeter/Y) and may turn back (9.1, R1), ahead of the King at
    /// the start (who cannot be turned, 9.1, and has no successor in battle, 6.81) and of every
    /// heir alive elsewhere. Only then does the state keep who rolled for the King and whether
    /// the King fell ([`State`]'s `king_rolled`, `king_fell`).
    pub(crate) fn compute_king_may_change(&self) -> bool {
        for &entry in &self.king_line {
            let Some(i) = entry else { return false };
            let i = usize::from(i);
            if self.may_turn_back(i) {
                return true;
            }
            if self.slots[i].versions[0].heir_rank.is_some() {
                return false; // the King at the start
            }
        }
        false
    }

    /// True if this slot is an heir fighting as his defected version who may turn back to his
    /// house in this battle (6.9, 9.1): not one who turned before the battle's starting point.
    pub(crate) fn may_turn_back(&self, slot: usize) -> bool {
        let s = &self.slots[slot];
        s.versions[0].heir_rank.is_none() && s.versions[1].heir_rank.is_some() && !s.turned_before
    }

    /// Heirs fighting here as their defected version who may turn back and so become King or
    /// Pretender (9.1, R1): the blocks a player's best play may roll with beyond
    /// [`Battle::possible_rollers`].
    pub(crate) fn returning_heirs(&self) -> u32 {
        [&self.king_line, &self.pretender_line]
            .iter()
            .flat_map(|line| line.iter().map_while(|&e| e))
            .map(usize::from)
            .filter(|&i| self.may_turn_back(i))
            .fold(0, |m, i| m | 1 << i)
    }

    /// True if this slot is an heir of the Pretender's house, entered as such, who is or may
    /// become the Pretender in this battle: every living heir ahead of him fights here, so may
    /// fall or turn (R1). An heir behind one who is alive elsewhere cannot succeed before the
    /// battle ends.
    pub fn in_pretender_line(&self, slot: usize) -> bool {
        if self
            .slots
            .get(slot)
            .is_none_or(|s| s.versions[0].heir_rank.is_none())
        {
            return false;
        }
        for &entry in &self.pretender_line {
            match entry {
                Some(s) if s as usize == slot => return true,
                Some(_) => {}
                None => return false,
            }
        }
        false
    }

    /// The blocks of `side` (as entered) that may make a Treachery roll in this battle: its King,
    /// the Pretender or an heir who may become Pretender (R1), and Warwick (6.9, D10). What a
    /// policy may name as `by`.
    pub fn possible_rollers(&self, side: crate::scenario::Side) -> Vec<usize> {
        (0..self.slots.len())
            .filter(|&i| {
                self.slots[i].side == side
                    && (self.king() == Some(i)
                        || self.in_pretender_line(i)
                        || self.slots[i].versions[0].person() == "Warwick")
            })
            .collect()
    }
}

/// Called just before `slot` is eliminated: if he is the King, the throne stays empty for the
/// rest of the battle (6.81, R1). Kept only where the King may change
/// ([`Battle::king_now`]); elsewhere the fixed King's strength says it.
#[inline]
pub(crate) fn before_elimination(battle: &Battle, state: &mut State, slot: usize) {
    if battle.king_may_change && battle.king_now(state) == Some(slot) {
        state.king_fell = true;
    }
}
