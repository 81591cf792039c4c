//! The state of a battle between two actions: strengths, who is where, who has acted,
//! the round. Small and `Copy`, so the exact solver can hash millions of them.

use crate::scenario::Side;

/// The most blocks one battle may hold (both sides, reserves included): one bit per block in a
/// state's masks.
pub const MAX_BLOCKS: usize = 32;

/// Iterates the set bits of a mask, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        }
    })
}

/// A battle between two actions. Masks have one bit per slot of the [`Battle`](crate::Battle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct State {
    /// Current strength of every block; 0 = eliminated (3.11).
    pub(crate) strength: [u8; MAX_BLOCKS],
    /// Blocks still in the area: active or reserve (not eliminated, not retreated).
    pub(crate) present: u32,
    /// Blocks in reserve: they neither act nor take hits (6.3, D4).
    pub(crate) reserve: u32,
    /// Blocks fighting for the attacker as entered (a defector changes side, 6.9).
    pub(crate) attacker: u32,
    /// Blocks that have had their turn this round, or may not act this round (D4).
    pub(crate) acted: u32,
    /// Blocks that retreated (6.6).
    pub(crate) retreated: u32,
    /// Blocks that defected in this battle (6.9): they now use their other version.
    pub(crate) defected: u32,
    /// Blocks that joined the fighting this round (reserves deployed under D4): they may not
    /// fire until the next round, not even back at a charge (6.3, R12).
    pub(crate) fresh: u32,
    /// Rollers who have spent their one Treachery roll (6.9, D10).
    pub(crate) rolled: u32,
    /// The Pretender has spent his Treachery roll: the roll belongs to the role and passes to
    /// his successor spent (6.9, R1).
    pub(crate) pretender_rolled: bool,
    /// The King has spent his Treachery roll: like the Pretender's, the roll belongs to the
    /// role (6.9, R1). Kept only in a battle where the King may change
    /// (`Battle::king_may_change`); elsewhere the King's own `rolled` bit says it.
    pub(crate) king_rolled: bool,
    /// The King fell in this battle: nobody is King until the Supply Phase (6.81, R1), not even
    /// an heir who turns back to his house afterwards. Kept only where the King may change.
    pub(crate) king_fell: bool,
    /// Battle round, 1-4 (6.2).
    pub(crate) round: u8,
    /// The sides have swapped roles (D5): the attacker as entered now defends.
    pub(crate) swapped: bool,
    /// Retreats used this round, per side as entered (D12).
    pub(crate) retreats: [u8; 2],
    /// Steps lost so far, per side as entered (hits taken, and blocks lost for want of a retreat).
    pub(crate) lost: [u8; 2],
}

impl State {
    /// The battle round, 1-4.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// A block's current strength; 0 once eliminated.
    pub fn strength(&self, slot: usize) -> u8 {
        self.strength[slot]
    }

    /// Blocks in the battle and not in reserve.
    pub(crate) fn active(&self) -> u32 {
        self.present & !self.reserve
    }

    /// True if the block is in the battle and not in reserve.
    pub fn is_active(&self, slot: usize) -> bool {
        self.active() >> slot & 1 == 1
    }

    /// True if the block is in the battle as a reserve.
    pub fn is_reserve(&self, slot: usize) -> bool {
        ((self.present & self.reserve) >> slot) & 1 == 1
    }

    /// True if the block retreated.
    pub fn has_retreated(&self, slot: usize) -> bool {
        self.retreated >> slot & 1 == 1
    }

    /// True if the block defected in this battle.
    pub fn has_defected(&self, slot: usize) -> bool {
        self.defected >> slot & 1 == 1
    }

    /// The side the block fights for now.
    pub fn side_of(&self, slot: usize) -> Side {
        if self.attacker >> slot & 1 == 1 {
            Side::Attacker
        } else {
            Side::Defender
        }
    }

    /// The side defending now: the defender as entered, unless control changed (D5).
    pub fn defender(&self) -> Side {
        if self.swapped {
            Side::Attacker
        } else {
            Side::Defender
        }
    }

    /// True if control changed in round 1 (D5).
    pub fn control_changed(&self) -> bool {
        self.swapped
    }

    /// Blocks of `side` that have not had their turn this round and may have one.
    pub(crate) fn pending(&self) -> u32 {
        self.active() & !self.acted
    }
}
