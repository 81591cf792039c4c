//! What best play may take for granted without solving: how far rounding can move a value, and
//! the states whose outcome is settled whatever the attacker does and whatever the dice give.
//!
//! Best play must report every value as the plain search computes it, to the last bit, and
//! choose as it does: by the sequence of `better` (solver.rs) over the moves in order, equal
//! within [`TIE`]. Three facts let it skip work without changing either:
//!
//! - **Rounding is bounded** ([`Rounding`]). A value is a sum, over the results of the move
//!   taken, of each result's chance times the value it leads to, from 0: a tree of such sums no
//!   deeper than the turns left in the battle, at most one a block a round (6.2). Rounding lifts
//!   or lowers a sum of `n` terms by at most `n` units in the last place of its true total, and
//!   the chances themselves add up to within 3 units of 1 (a charge's are products of two
//!   rounded chances); no action has more than 25 results (a charge and its counter-fire). So a
//!   state can be worth at most [`Rounding::ceiling`] to a side whose endings are worth at most
//!   1, and a state all of whose endings are worth 1 to it at least [`Rounding::floor`]; one
//!   whose endings are all worth 0 is worth 0 exactly (no term is negative). A move worth within
//!   [`TIE`] of the ceiling to its side and within [`TIE`] of 0 to the other cannot be bettered
//!   ([`Rounding::top`]).
//! - **Some states are settled** ([`Settling::held`]): the side defending now keeps a block in
//!   the area to the end if it fires at every turn, whatever the other side does and the dice
//!   give. Every state such play leads to ends with the defender holding the area, so every
//!   move from them, by either side, is worth 0 to the attacker and between the floor and the
//!   ceiling to the defender. Where those are within [`TIE`] of each other ([`Rounding::tight`]),
//!   the choice in such a state is known: the defender's first move (fire) cannot be bettered;
//!   the attacker's moves are all equal to [`better`], so his first stays (fire, or his round-4
//!   retreat); the owner of tied blocks keeps his hit order's choice the same way.
//! - **Where every chance table adds up to exactly 1** ([`Settling::exact_tables`]) and both
//!   sides play their best, a settled state is worth exactly 1 to the defender and 0 to the
//!   attacker as computed: both sides take their first move, whose results' chances add up to
//!   exactly 1 (a fire's table, or a retreat's single result), times values of exactly 1, down
//!   to endings worth exactly 1. No state below it need be solved at all ([`held_exactly`]).

use crate::rules::battle::Battle;
use crate::rules::dice::{HITS, MAX_DICE};
use crate::rules::state::State;
use crate::scenario::Side;

/// Values closer than this are equal to best play's comparison of moves (`better`, solver.rs).
pub(crate) const TIE: f64 = 1e-12;

/// How far rounding can move the values of a battle, from its number of blocks: at most to
/// the ceiling for a side whose endings are worth at most 1, at least to the floor for a side
/// all of whose endings are worth 1.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rounding {
    /// Worth at least this to a side, and at most [`TIE`] to the other, a move cannot be
    /// bettered.
    pub(crate) top: f64,
    /// Whether a state all of whose endings are worth 1 to a side is worth at least the top to
    /// it (the floor within [`TIE`] of the ceiling).
    pub(crate) tight: bool,
}

impl Rounding {
    /// The bounds for `battle`: at most four rounds of one turn a block (6.2), a sum of at most
    /// 25 results each, its chances within 3 units in the last place of adding up to 1.
    pub(crate) fn new(battle: &Battle) -> Self {
        let depth = 4 * battle.slots.len() as i32;
        let unit = f64::EPSILON / 2.0;
        let ceiling = (1.0 + 30.0 * unit).powi(depth);
        let floor = (1.0 - 30.0 * unit).powi(depth);
        let top = ceiling - TIE;
        Rounding {
            top,
            tight: floor >= top,
        }
    }
}

/// What a settled state is worth exactly where [`Settling::exact_tables`] holds and both sides
/// play their best: 1 to the side defending now (`defender`, as entered), 0 to the other.
pub(crate) fn held_exactly(defender: Side) -> [f64; 2] {
    let mut v = [0.0; 2];
    v[defender.index()] = 1.0;
    v
}

/// The test of settled states for one battle, with what it needs of the battle worked out once.
#[derive(Debug, Clone)]
pub(crate) struct Settling {
    /// Blocks that may make a Treachery roll in this battle for either side (6.9, R1): the
    /// King as entered, an heir, Warwick, in either version.
    rollers: u32,
    /// Blocks whose version (as entered, 0; turned, 1) has a loyalty rating (6.9).
    loyal: [u32; 2],
    /// Blocks that turned before the battle: they turn no more (6.9).
    turned_before: u32,
    /// Whether every chance table a block may fire with adds up to exactly 1 as the solver adds
    /// it (its chances in order, from 0): the table of its dice (its strength, which never
    /// grows, 3.11) at any firepower from its printed one up (the bonuses only add, 6.4).
    pub(crate) exact_tables: bool,
}

impl Settling {
    /// The test for `battle`.
    pub(crate) fn new(battle: &Battle) -> Self {
        let mut t = Settling {
            rollers: 0,
            loyal: [0; 2],
            turned_before: 0,
            exact_tables: true,
        };
        for (i, slot) in battle.slots.iter().enumerate() {
            let bit = 1u32 << i;
            let roller = battle.king() == Some(i)
                || slot
                    .versions
                    .iter()
                    .any(|v| v.heir_rank.is_some() || v.person() == "Warwick");
            if roller {
                t.rollers |= bit;
            }
            for (k, v) in slot.versions.iter().enumerate() {
                if v.loyalty.is_some() {
                    t.loyal[k] |= bit;
                }
            }
            if slot.turned_before {
                t.turned_before |= bit;
            }
            let least = slot.versions.iter().map(|v| v.rating.firepower).min();
            let dice = usize::from(slot.strength).min(MAX_DICE);
            for tables in &HITS[1..=dice] {
                for table in &tables[usize::from(least.unwrap_or(0))..] {
                    let mut sum = 0.0;
                    for &p in table.iter().filter(|&&p| p > 0.0) {
                        sum += p * 1.0;
                    }
                    t.exact_tables &= sum == 1.0;
                }
            }
        }
        t
    }

    /// True if the side defending `s` now holds the area at the end of the battle whatever the
    /// other side does and whatever the dice give, provided it fires at each of its turns.
    ///
    /// Its blocks leave the area only by hits (3.11) or by turning to the other side (6.9, D10;
    /// it never retreats, firing at every turn, and the round-4 retreat is the attacker's, 6.6).
    /// A block turns only to a roll, one a roller, made by the attacker's side no later than
    /// round 3 (6.9): so no more of its blocks can turn than the attacker's blocks that may yet
    /// roll and the turned blocks that may roll in their turn. The blocks that cannot turn (no
    /// loyalty rating, or turned once already), and those that can beyond that count (the
    /// weakest), are enough if their strength is more than all the hits the other side can
    /// still score: each of its blocks, and each block that may turn to it, firing at most once
    /// a round to round 3 with at most as many hits as its strength (6.2, 6.4; a turned block
    /// from the next round; in round 4 the attacker's blocks must retreat, 6.6). In round 1 the
    /// defender must also keep an active block that cannot turn to the end of the round if it
    /// has reserves, or control would change (D5). A block keeping the area to the end, the
    /// area is the defender's (D13): the attacker retreats after round 4, or is gone before.
    pub(crate) fn held(&self, battle: &Battle, s: &State) -> bool {
        if s.round == 4 {
            // The attacker only retreats (6.6): the defender, in the battle still, keeps it.
            return true;
        }
        let defender = s.defender();
        let theirs = s.present & s.side_mask(battle, defender.other());
        let mine = s.present & !theirs;
        let later = u32::from(3 - s.round);
        let turned = s.defected | self.turned_before;
        let loyal = (self.loyal[0] & !s.defected) | (self.loyal[1] & s.defected);
        let turnable = mine & loyal & !turned;
        let rolls = (theirs & self.rollers & !s.rolled).count_ones()
            + (turnable & self.rollers).count_ones();
        let (mut hits, mut hits_now, mut safe, mut safe_active) = (0u32, 0u32, 0u32, 0u32);
        let mut turn = [0u8; 32];
        let mut n = 0;
        for i in 0..battle.slots.len() {
            let (bit, x) = (1u32 << i, u32::from(s.strength[i]));
            if theirs & bit != 0 {
                let now = u32::from(s.acted & bit == 0);
                hits += x * (later + now);
                if now == 1 && s.reserve & bit == 0 {
                    hits_now += x;
                }
            } else if turnable & bit != 0 {
                turn[n] = s.strength[i];
                n += 1;
            } else if mine & bit != 0 {
                safe += x;
                if s.reserve & bit == 0 {
                    safe_active += x;
                }
            }
        }
        // The turnable blocks, strongest first: as many as there are rolls turn, to fight for
        // the attacker from the next round; the rest stay.
        let turn = &mut turn[..n];
        if rolls > 0 && n > 0 {
            turn.sort_unstable_by(|a, b| b.cmp(a));
        }
        for (k, &x) in turn.iter().enumerate() {
            if k < rolls as usize {
                hits += u32::from(x) * later;
            } else {
                safe += u32::from(x);
            }
        }
        if safe <= hits {
            return false;
        }
        // D5: in round 1 a defender left with reserves alone changes roles with the attacker.
        let reserves = mine & s.reserve != 0;
        !(s.round == 1 && reserves && safe_active <= hits_now)
    }
}
