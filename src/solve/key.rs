//! Compact keys for the solvers' tables: a [`State`] packed into 128 bits when the battle allows.
//!
//! A [`State`] is 92 bytes, laid out for the rules to read fast. The solvers hash millions of
//! them, and most of those bytes are fixed for the whole battle: strengths of slots that do not
//! exist, masks of blocks that can never defect or roll, a loss count that follows from the
//! strengths. A [`Packer`] is built once per battle and keeps only what can change in it:
//!
//! - every block's strength, in as many bits as its starting strength needs (strength never
//!   grows, 3.11);
//! - whether it has acted this round, and whether it retreated (6.6); whether it is still in the
//!   area follows: a block is present when its strength is above 0 and it has not retreated;
//! - reserve and "joined this round" bits only for blocks that can be in reserve (reserves as
//!   entered, and blocks that can defect, which join the roller's reserve: 6.3, 6.9, D4);
//! - the defected bit only for blocks that can defect here (its side follows from it: a block
//!   defects at most once in a battle, 6.9), and the rolled bit only for blocks that can roll;
//! - the round, the control change, the Pretender's spent roll, the King's spent roll and fall
//!   only where the King may change (an heir ahead of him may turn back, 9.1, R1), retreats used
//!   per side where a capacity limits them (D12), and the steps lost per side only when a block
//!   can defect (else they follow from the strengths: every step lost is a strength point gone,
//!   3.11, R4).
//!
//! Packing loses nothing: `unpack(pack(s)) == s` for every state the battle can reach (checked in
//! debug builds on every pack, and by tests). A battle whose layout needs more than 128 bits
//! keeps the full [`State`] as its key ([`Plain`]).

use crate::rules::battle::Battle;
use crate::rules::state::{MAX_BLOCKS, State, bits};
use crate::scenario::Side;
use crate::solve::table::Tagged;
use std::hash::Hash;

/// How a solver turns states into table keys and back.
pub(crate) trait Codec {
    /// The key type.
    type Key: Copy + Eq + Hash + Default;
    /// The key of a state.
    fn pack(&self, state: &State) -> Self::Key;
    /// The state of a key.
    fn unpack(&self, key: &Self::Key) -> State;
}

/// The state itself as its key: for battles too wide for [`Packer`].
pub(crate) struct Plain;

impl Codec for Plain {
    type Key = State;
    fn pack(&self, state: &State) -> State {
        *state
    }
    fn unpack(&self, key: &State) -> State {
        *key
    }
}

/// A mask field kept for a subset of slots: their bits, one after another from `at`; `run` is
/// the first slot when the subset is one run of consecutive slots (then a shift and a mask move
/// the whole field at once, the same bits as one at a time).
#[derive(Debug, Clone, Copy, Default)]
struct Subset {
    slots: u32,
    at: u8,
    run: Option<u8>,
}

impl Subset {
    fn new(slots: u32, at: u8) -> Subset {
        let lo = slots.trailing_zeros();
        let run =
            (slots != 0 && (slots >> lo).wrapping_add(1) & (slots >> lo) == 0).then_some(lo as u8);
        Subset { slots, at, run }
    }

    /// The field's bits below its first slot: all ones for a run of `count` slots.
    #[inline]
    fn low(&self) -> u32 {
        ((1u64 << self.slots.count_ones()) - 1) as u32
    }

    #[inline]
    fn put<W: Word>(&self, key: &mut W, mask: u32) {
        if self.slots == 0 {
            return;
        }
        if let Some(lo) = self.run {
            *key = key.or(W::of(mask >> lo & self.low()).shl(self.at));
            return;
        }
        for (k, i) in bits(self.slots).enumerate() {
            *key = key.or(W::of(mask >> i & 1).shl(self.at + k as u8));
        }
    }

    #[inline]
    fn get<W: Word>(&self, key: W) -> u32 {
        if self.slots == 0 {
            return 0;
        }
        if let Some(lo) = self.run {
            return (key.low32(self.at) & self.low()) << lo;
        }
        let mut mask = 0;
        for (k, i) in bits(self.slots).enumerate() {
            mask |= (key.low32(self.at + k as u8) & 1) << i;
        }
        mask
    }
}

/// A key's machine word: `u128` for [`Packer`]'s keys, `u64` for [`Narrow`]'s, the same bits
/// in both (a narrow layout fits in 64), so that narrow keys are packed with 64-bit shifts.
pub(crate) trait Word: Copy {
    /// The word holding `v` in its low bits.
    fn of(v: u32) -> Self;
    /// Shifted left by `at` bits.
    fn shl(self, at: u8) -> Self;
    /// Bitwise or.
    fn or(self, other: Self) -> Self;
    /// The 32 bits from bit `at` on.
    fn low32(self, at: u8) -> u32;
}

impl Word for u64 {
    #[inline]
    fn of(v: u32) -> u64 {
        u64::from(v)
    }
    #[inline]
    fn shl(self, at: u8) -> u64 {
        self << at
    }
    #[inline]
    fn or(self, other: u64) -> u64 {
        self | other
    }
    #[inline]
    fn low32(self, at: u8) -> u32 {
        (self >> at) as u32
    }
}

impl Word for u128 {
    #[inline]
    fn of(v: u32) -> u128 {
        u128::from(v)
    }
    #[inline]
    fn shl(self, at: u8) -> u128 {
        self << at
    }
    #[inline]
    fn or(self, other: u128) -> u128 {
        self | other
    }
    #[inline]
    fn low32(self, at: u8) -> u32 {
        (self >> at) as u32
    }
}

/// Packs a battle's states into 128 bits (see the module's doc): the strengths first, in a
/// width per slot, then the masks, then the round and the counts.
#[derive(Debug, Clone)]
pub(crate) struct Packer {
    /// Mask of every slot.
    all: u32,
    /// Where each slot's strength starts, and its width.
    strength: Vec<(u8, u8)>,
    acted_at: u8,
    retreated_at: u8,
    reserve: Subset,
    fresh: Subset,
    defected: Subset,
    rolled: Subset,
    round_at: u8,
    swapped_at: u8,
    pretender_rolled_at: u8,
    /// The King's spent roll and his fall, where the King may change.
    king_at: Option<u8>,
    retreats_at: [Option<(u8, u8)>; 2],
    lost_at: Option<[(u8, u8); 2]>,
    lost: Lost,
    /// Bits the layout uses.
    width: u32,
    /// Each slot's side as entered (0 the attacker), and each side's starting strength: a
    /// side's steps lost, when derived, are its starting strength less what it has left.
    side_of: [u8; MAX_BLOCKS],
    start_sum: [u8; 2],
    /// The fields no action changes in this battle (ignored slots, fixed retreat counts).
    base: State,
}

/// What a key does with the steps lost per side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lost {
    /// Kept in the key.
    Stored,
    /// Not kept: no block changes sides, so they follow from the strengths (3.11, R4).
    Derived,
    /// Not kept: the keys are of states whose losses were set to 0 (best play's memo, whose
    /// values do not depend on them).
    Zero,
}

/// Bits needed to write every number from 0 to `max`.
fn width(max: u32) -> u8 {
    (32 - max.leading_zeros()) as u8
}

impl Packer {
    /// A packer for `battle` where only the slots of `may_defect` can change sides and only
    /// those of `may_roll` make Treachery rolls; `None` if the layout needs more than 128 bits.
    pub(crate) fn new(
        battle: &Battle,
        may_defect: u32,
        may_roll: u32,
        lost: Lost,
    ) -> Option<Packer> {
        let initial = battle.initial_state();
        // A roll spent before a battle in progress is forgotten when the block leaves (the
        // flags of blocks gone are cleared), so it is a bit that changes too.
        let may_roll = may_roll | initial.rolled;
        let mut at = 0u32;
        let mut take = |w: u8| {
            let here = at as u8;
            at += w as u32;
            here
        };
        let n = battle.slots.len();
        let all = battle.all();
        let mut start = [0u8; MAX_BLOCKS];
        let mut sides = [0u32; 2];
        let mut strength = Vec::with_capacity(n);
        for (i, slot) in battle.slots.iter().enumerate() {
            start[i] = initial.strength[i];
            sides[slot.side.index()] |= 1 << i;
            let w = width(initial.strength[i] as u32);
            strength.push((take(w), w));
        }
        let acted_at = take(n as u8);
        let retreated_at = take(n as u8);
        let mut subset = |slots: u32| Subset::new(slots, take(slots.count_ones() as u8));
        let can_reserve = initial.reserve | may_defect;
        let reserve = subset(can_reserve);
        let fresh = subset(can_reserve);
        let defected = subset(may_defect);
        let rolled = subset(may_roll);
        let round_at = take(2);
        let swapped_at = take(1);
        let pretender_rolled_at = take(1);
        let king_at = battle.king_may_change.then(|| take(2));
        let retreats_at = [Side::Attacker, Side::Defender].map(|s| {
            battle.retreat_capacity[s.index()].map(|c| (take(width(c as u32)), width(c as u32)))
        });
        let lost_at = (lost == Lost::Stored).then(|| {
            let most: u32 = battle.slots.iter().map(|s| s.strength as u32).sum();
            let w = width(most);
            [(take(w), w), (take(w), w)]
        });
        if at > 128 {
            return None;
        }
        let mut base = initial;
        for i in 0..n {
            base.strength[i] = 0;
        }
        base.present = 0;
        base.reserve = 0;
        base.acted = 0;
        base.retreated = 0;
        base.fresh = 0;
        base.defected = initial.defected & !may_defect;
        base.rolled = initial.rolled & !may_roll;
        base.attacker = sides[Side::Attacker.index()];
        base.pretender_rolled = false;
        if king_at.is_some() {
            base.king_rolled = false;
            base.king_fell = false;
        }
        base.round = 0;
        base.swapped = false;
        base.lost = [0, 0];
        for s in Side::BOTH {
            if retreats_at[s.index()].is_some() {
                base.retreats[s.index()] = 0;
            }
        }
        let mut side_of = [0u8; MAX_BLOCKS];
        let mut start_sum = [0u8; 2];
        for (i, slot) in battle.slots.iter().enumerate() {
            side_of[i] = slot.side.index() as u8;
            start_sum[slot.side.index()] += start[i];
        }
        Some(Packer {
            side_of,
            start_sum,
            width: at,
            lost,
            all,
            strength,
            acted_at,
            retreated_at,
            reserve,
            fresh,
            defected,
            rolled,
            round_at,
            swapped_at,
            pretender_rolled_at,
            king_at,
            retreats_at,
            lost_at,
            base,
        })
    }

    /// True if every key fits in 64 bits: [`Narrow`] keys then take half the room.
    pub(crate) fn fits_64(&self) -> bool {
        self.width <= 64
    }

    /// True if every key fits in 56 bits: [`Short`] keys then leave the tables room for a tag.
    pub(crate) fn fits_56(&self) -> bool {
        self.width <= 56
    }

    /// A packer for the exact solver under the scenario's policy: only the targets of its
    /// Treachery plans and of the Treason card can defect, only the plans' rollers roll.
    pub(crate) fn for_policy(battle: &Battle) -> Option<Packer> {
        let mut defect = 0u32;
        let mut roll = 0u32;
        for plans in &battle.plans {
            for &(by, target, _) in &plans.treachery {
                roll |= 1 << by;
                defect |= 1 << target;
            }
        }
        if let Some((_, target, _)) = crate::rules::treachery::treason_roll(battle) {
            defect |= 1 << target;
        }
        let lost = if defect != 0 {
            Lost::Stored
        } else {
            Lost::Derived
        };
        Packer::new(battle, defect, roll, lost)
    }

    /// A packer for best play, where any legal action may be taken: every block with a
    /// loyalty rating that has not turned already can defect, every possible roller rolls.
    pub(crate) fn for_any_play(battle: &Battle, lost: Lost) -> Option<Packer> {
        let mut defect = 0u32;
        for (i, slot) in battle.slots.iter().enumerate() {
            if !slot.turned_before && slot.versions.iter().any(|v| v.loyalty.is_some()) {
                defect |= 1 << i;
            }
        }
        // ... and an heir who turns back to his house may roll as its King or Pretender (R1).
        let roll = Side::BOTH
            .iter()
            .flat_map(|&s| battle.possible_rollers(s))
            .fold(battle.returning_heirs(), |m, i| m | 1 << i);
        Packer::new(battle, defect, roll, lost)
    }
}

/// A [`Packer`] whose layout fits in 64 bits, with `u64` keys.
pub(crate) struct Narrow(pub(crate) Packer);

impl Narrow {
    /// The narrow key of a state by a packer that fits in 64 bits.
    #[inline]
    pub(crate) fn pack_with(packer: &Packer, state: &State) -> u64 {
        let key: u64 = packer.pack_word(state);
        debug_assert_eq!(
            key as u128,
            packer.pack(state),
            "a narrow key is the wide key's low 64 bits"
        );
        key
    }
}

impl Codec for Narrow {
    type Key = u64;
    #[inline]
    fn pack(&self, state: &State) -> u64 {
        Narrow::pack_with(&self.0, state)
    }
    #[inline]
    fn unpack(&self, key: &u64) -> State {
        self.0.unpack_word(*key)
    }
}

/// A [`Packer`] whose layout fits in 56 bits, with [`Tagged`] keys: the tables keep each key's
/// tag in its top byte (`solve::table`), the same keys as [`Narrow`]'s in a smaller slot.
pub(crate) struct Short(pub(crate) Packer);

impl Codec for Short {
    type Key = Tagged;
    #[inline]
    fn pack(&self, state: &State) -> Tagged {
        Tagged(Narrow::pack_with(&self.0, state))
    }
    #[inline]
    fn unpack(&self, key: &Tagged) -> State {
        self.0.unpack_word(key.0)
    }
}

#[inline]
fn put<W: Word>(key: &mut W, at: u8, width: u8, value: u32) {
    *key = key.or(W::of(value).shl(at));
    debug_assert!(value < 1 << width, "{value} does not fit in {width} bits");
}

#[inline]
fn get<W: Word>(key: W, at: u8, width: u8) -> u32 {
    key.low32(at) & ((1u32 << width) - 1)
}

#[inline]
fn flag<W: Word>(key: W, at: u8) -> bool {
    key.low32(at) & 1 == 1
}

impl Packer {
    /// The key of a state in a word wide enough for the layout.
    #[inline]
    fn pack_word<W: Word>(&self, s: &State) -> W {
        let mut key = W::of(0);
        for (i, &(at, w)) in self.strength.iter().enumerate() {
            put(&mut key, at, w, s.strength[i] as u32);
        }
        key = key.or(W::of(s.acted).shl(self.acted_at));
        key = key.or(W::of(s.retreated).shl(self.retreated_at));
        self.reserve.put(&mut key, s.reserve);
        self.fresh.put(&mut key, s.fresh);
        self.defected.put(&mut key, s.defected);
        self.rolled.put(&mut key, s.rolled);
        put(&mut key, self.round_at, 2, s.round as u32 - 1);
        put(&mut key, self.swapped_at, 1, s.swapped as u32);
        put(
            &mut key,
            self.pretender_rolled_at,
            1,
            s.pretender_rolled as u32,
        );
        if let Some(at) = self.king_at {
            put(&mut key, at, 1, s.king_rolled as u32);
            put(&mut key, at + 1, 1, s.king_fell as u32);
        }
        for side in 0..2 {
            if let Some((at, w)) = self.retreats_at[side] {
                put(&mut key, at, w, s.retreats[side] as u32);
            }
            if let Some(lost) = self.lost_at {
                put(&mut key, lost[side].0, lost[side].1, s.lost[side] as u32);
            }
        }
        key
    }

    /// The state of a key in a word wide enough for the layout.
    #[inline]
    fn unpack_word<W: Word>(&self, key: W) -> State {
        let mut s = self.base;
        let mut standing = 0u32;
        // What each side has left, for its steps lost when they are derived.
        let mut left = [0u8; 2];
        for (i, &(at, w)) in self.strength.iter().enumerate() {
            let strength = get(key, at, w) as u8;
            s.strength[i] = strength;
            left[self.side_of[i] as usize] += strength;
            standing |= ((strength > 0) as u32) << i;
        }
        // The acted and retreated masks are whole (`n` bits each, `all` their mask).
        s.acted = key.low32(self.acted_at) & self.all;
        s.retreated = key.low32(self.retreated_at) & self.all;
        s.present = standing & !s.retreated;
        s.reserve = self.reserve.get(key);
        s.fresh = self.fresh.get(key);
        let defected = self.defected.get(key);
        s.defected |= defected;
        s.attacker ^= defected; // a block defects once, to the other side (6.9)
        s.rolled |= self.rolled.get(key);
        s.round = get(key, self.round_at, 2) as u8 + 1;
        s.swapped = flag(key, self.swapped_at);
        s.pretender_rolled = flag(key, self.pretender_rolled_at);
        if let Some(at) = self.king_at {
            s.king_rolled = flag(key, at);
            s.king_fell = flag(key, at + 1);
        }
        for side in 0..2 {
            if let Some((at, w)) = self.retreats_at[side] {
                s.retreats[side] = get(key, at, w) as u8;
            }
            match (self.lost_at, self.lost) {
                (Some(lost), _) => s.lost[side] = get(key, lost[side].0, lost[side].1) as u8,
                // No block changes sides: a side's steps lost are its strength gone (3.11, R4).
                (None, Lost::Derived) => s.lost[side] = self.start_sum[side] - left[side],
                (None, _) => {}
            }
        }
        s
    }
}

impl Codec for Packer {
    type Key = u128;

    fn pack(&self, s: &State) -> u128 {
        let key = self.pack_word(s);
        debug_assert_eq!(self.unpack(&key), *s, "a state must pack without loss");
        key
    }

    fn unpack(&self, &key: &u128) -> State {
        self.unpack_word(key)
    }
}
