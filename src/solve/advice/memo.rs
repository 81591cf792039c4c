//! Best play's memo: the value of every decision state solved so far, by a key that forgets what cannot change the value ([`normal`]), packed into
//! 64 or 128 bits where the battle allows (`solve::key`).
//!
//! The memo is the solver's hot spot: every decision looks up each state its moves may lead to,
//! each a read at a random place of a memo much larger than the processor's caches. So it is
//! open addressing with the values beside the key (one read of memory serves a probe), the solver
//! reads every slot a decision will need before it looks any of them up ([`Memo::touch`]: the
//! reads do not depend on each other, so the memory system serves them together), and the memo
//! is split into [`SHARDS`] tables chosen by bits of the hash the tables do not use: each grows
//! on its own, so growing never holds two copies of the whole memo.

use crate::rules::state::{State, bits};
use crate::solve::advice::Objective;
use crate::solve::table::hash;
use std::hash::Hash;

/// One slot: the key and its values side by side (one read of memory serves a probe). The
/// empty slot holds the default key, which no decision state packs to: a decision point has a
/// block to act, whose strength is above 0.
#[derive(Clone, Copy, Default)]
struct Slot<K> {
    key: K,
    v: [f64; 2],
}

/// One table of the memo: open addressing with linear probing, at most 7/8 full.
struct Shard<K> {
    slots: Vec<Slot<K>>,
    len: usize,
}

impl<K: Copy + Eq + Hash + Default> Shard<K> {
    fn with_slots(n: usize) -> Self {
        Shard {
            slots: vec![Slot::default(); n],
            len: 0,
        }
    }

    #[inline]
    fn home(&self, h: u64) -> usize {
        (h as usize) & (self.slots.len() - 1)
    }

    #[inline]
    fn get(&self, key: &K, h: u64) -> Option<[f64; 2]> {
        let empty = K::default();
        let mask = self.slots.len() - 1;
        let mut i = self.home(h);
        loop {
            let slot = &self.slots[i];
            if slot.key == *key {
                return Some(slot.v);
            }
            if slot.key == empty {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Puts a key that is not held yet.
    fn insert(&mut self, key: K, h: u64, v: [f64; 2]) {
        debug_assert!(
            key != K::default(),
            "no decision state packs to the empty key"
        );
        if (self.len + 1) * 8 > self.slots.len() * 7 {
            self.grow();
        }
        self.put(Slot { key, v }, h);
        self.len += 1;
    }

    fn put(&mut self, slot: Slot<K>, h: u64) {
        let empty = K::default();
        let mask = self.slots.len() - 1;
        let mut i = self.home(h);
        while self.slots[i].key != empty {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }

    fn grow(&mut self) {
        let empty = K::default();
        let bigger = vec![Slot::default(); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        for slot in old.into_iter().filter(|s| s.key != empty) {
            self.put(slot, hash(&slot.key));
        }
    }
}

/// Tables of a [`Memo`].
const SHARDS: usize = 64;

/// Slots of a new table.
const FIRST_SLOTS: usize = 16;

/// The memo: [`SHARDS`] tables of solved states by key.
pub(crate) struct Memo<K> {
    shards: Vec<Shard<K>>,
    len: usize,
}

impl<K: Copy + Eq + Hash + Default> Memo<K> {
    /// An empty memo.
    pub(crate) fn new() -> Self {
        Memo {
            shards: (0..SHARDS)
                .map(|_| Shard::with_slots(FIRST_SLOTS))
                .collect(),
            len: 0,
        }
    }

    /// Bits 32-37 of the hash pick the table: a table's slot is picked by the low bits.
    #[inline]
    fn shard(&self, h: u64) -> &Shard<K> {
        &self.shards[(h >> 32) as usize % SHARDS]
    }

    /// States held.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The values of `key` (whose hash is `h`), if solved.
    #[inline]
    pub(crate) fn get(&self, key: &K, h: u64) -> Option<[f64; 2]> {
        self.shard(h).get(key, h)
    }

    /// Holds a state newly solved.
    pub(crate) fn insert(&mut self, key: K, h: u64, v: [f64; 2]) {
        self.shards[(h >> 32) as usize % SHARDS].insert(key, h, v);
        self.len += 1;
    }

    /// Reads the slot where the look-up of a hash starts, so that the look-up finds it in the
    /// cache; the value read means nothing.
    #[inline]
    pub(crate) fn touch(&self, h: u64) -> u64 {
        let shard = self.shard(h);
        shard.slots[shard.home(h)].v[0].to_bits()
    }
}

/// A state as far as its value goes: a retreated block's strength only matters as alive (the
/// Pretender and the dead-person shields read it, R1, D7), so it is kept as 1; steps lost matter
/// only to the steps objective. States equal in this form have the same value and the same best
/// moves, so the memo holds them once.
#[inline]
pub(crate) fn normal(state: &State, objective: Objective) -> State {
    let mut s = *state;
    for i in bits(s.retreated) {
        s.strength[i] = 1;
    }
    if objective != Objective::Steps {
        s.lost = [0, 0];
    }
    s
}
