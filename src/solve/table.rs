//! The exact solver's tables: the probability reaching each state, one table per level of
//! [`State::progress`](crate::rules::state::State), filled before the level is expanded.
//!
//! A large table is slow for a reason that has nothing to do with the rules: every new state
//! lands at a random place in it, so once it outgrows the processor's caches each addition
//! waits for main memory, one at a time. The solver therefore adds states in batches
//! ([`Levels::add_batch`]): it first finds every batch member's place and reads it (reads that
//! do not depend on each other, so the memory system serves them together), then adds them,
//! now from cache. The table is open addressing with linear probing over a byte of hash per
//! slot; emptied tables are kept for the next levels, so their memory is not cleared and
//! given again. The sums are the same as with any table; only the order they are added in, and
//! the time, change.

use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

/// A fast hash for states (FxHash's multiply-rotate), good enough for our keys.
#[doc(hidden)]
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64)
    }
    fn finish(&self) -> u64 {
        // SplitMix64's finaliser: every bit of the key reaches every bit of the hash, so the
        // table's low bits (its slot) and top bits (its tag) are both well mixed, even for a
        // key that is one 64-bit word.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A slot's tag: 0 when empty, else 0x80 with 7 bits of the key's hash.
const EMPTY: u8 = 0;

/// One slot: the tag sits beside the key (in what would be padding for a 128-bit key), so one
/// read of memory serves the whole probe.
#[derive(Clone, Copy, Default)]
pub(crate) struct Slot<K> {
    key: K,
    p: f64,
    tag: u8,
}

/// A key the tables hold, and how one of their slots holds it with its probability and tag
/// (the slot's layout only: the slots a key probes, and so every table's order, are the same).
pub(crate) trait TableKey: Copy + Eq + Hash + Default {
    /// A slot holding such a key.
    type Slot: Copy + Default + Send + Sync;
    /// A full slot.
    fn slot(key: Self, p: f64, tag: u8) -> Self::Slot;
    /// Its tag ([`EMPTY`] when empty).
    fn tag_of(slot: &Self::Slot) -> u8;
    /// True if the slot holds `key` with `tag`.
    fn holds(slot: &Self::Slot, key: Self, tag: u8) -> bool;
    /// Its key and probability.
    fn entry(slot: &Self::Slot) -> (Self, f64);
    /// Its probability, to add to.
    fn p_mut(slot: &mut Self::Slot) -> &mut f64;
    /// Empties it.
    fn empty(slot: &mut Self::Slot);
}

macro_rules! beside {
    ($($k:ty),*) => {$(
        impl TableKey for $k {
            type Slot = Slot<$k>;
            #[inline]
            fn slot(key: Self, p: f64, tag: u8) -> Slot<$k> {
                Slot { key, p, tag }
            }
            #[inline]
            fn tag_of(slot: &Slot<$k>) -> u8 {
                slot.tag
            }
            #[inline]
            fn holds(slot: &Slot<$k>, key: Self, tag: u8) -> bool {
                slot.tag == tag && slot.key == key
            }
            #[inline]
            fn entry(slot: &Slot<$k>) -> (Self, f64) {
                (slot.key, slot.p)
            }
            #[inline]
            fn p_mut(slot: &mut Slot<$k>) -> &mut f64 {
                &mut slot.p
            }
            #[inline]
            fn empty(slot: &mut Slot<$k>) {
                slot.tag = EMPTY;
            }
        }
    )*};
}
beside!(u64, u128, crate::rules::state::State);

/// A key of at most 56 bits (`key::Narrow` keys when the layout allows): its tag is kept in the
/// top byte of the same word, so a slot is 16 bytes instead of 24 and more of a table stays in
/// cache. It hashes as the `u64` it is, so its tables are those of `u64` keys, slot for slot.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Tagged(pub(crate) u64);

/// A [`Tagged`] key's slot: the tag in the word's top byte (0 when empty), the key below.
#[derive(Clone, Copy, Default)]
pub(crate) struct TaggedSlot {
    word: u64,
    p: f64,
}

impl TableKey for Tagged {
    type Slot = TaggedSlot;
    #[inline]
    fn slot(key: Self, p: f64, tag: u8) -> TaggedSlot {
        TaggedSlot {
            word: (tag as u64) << 56 | key.0,
            p,
        }
    }
    #[inline]
    fn tag_of(slot: &TaggedSlot) -> u8 {
        (slot.word >> 56) as u8
    }
    #[inline]
    fn holds(slot: &TaggedSlot, key: Self, tag: u8) -> bool {
        slot.word == (tag as u64) << 56 | key.0
    }
    #[inline]
    fn entry(slot: &TaggedSlot) -> (Self, f64) {
        (Tagged(slot.word & ((1 << 56) - 1)), slot.p)
    }
    #[inline]
    fn p_mut(slot: &mut TaggedSlot) -> &mut f64 {
        &mut slot.p
    }
    #[inline]
    fn empty(slot: &mut TaggedSlot) {
        slot.word = 0;
    }
}

/// One open-addressing table of (state key, probability).
pub(crate) struct Table<K: TableKey> {
    slots: Vec<K::Slot>,
    len: usize,
    /// `slots.len() - 1`; the length is a power of two.
    mask: usize,
}

/// The hash of a key, as the tables use it.
pub(crate) fn hash<K: Hash>(key: &K) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(key)
}

fn tag(h: u64) -> u8 {
    0x80 | (h >> 57) as u8
}

impl<K: TableKey> Table<K> {
    fn with_slots(slots: usize) -> Self {
        Table {
            slots: vec![K::Slot::default(); slots],
            len: 0,
            mask: slots - 1,
        }
    }

    /// Bytes of one slot.
    pub(crate) fn slot_bytes() -> usize {
        std::mem::size_of::<K::Slot>()
    }

    /// States held.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Where a hash starts probing.
    #[inline]
    fn home(&self, h: u64) -> usize {
        // The tag takes the top 7 bits; the slot the low ones.
        (h as usize) & self.mask
    }

    /// Adds `p` to `key`; true if the key is new.
    #[inline]
    fn add(&mut self, key: K, h: u64, p: f64) -> bool {
        if (self.len + 1) * 8 > self.slots.len() * 7 {
            self.grow();
        }
        let t = tag(h);
        let mut i = self.home(h);
        loop {
            let slot = &mut self.slots[i];
            if K::tag_of(slot) == EMPTY {
                *slot = K::slot(key, p, t);
                self.len += 1;
                return true;
            }
            if K::holds(slot, key, t) {
                *K::p_mut(slot) += p;
                return false;
            }
            i = (i + 1) & self.mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(self, Table::with_slots(self.slots.len() * 2));
        for slot in old.slots.into_iter().filter(|s| K::tag_of(s) != EMPTY) {
            let mut j = self.home(hash(&K::entry(&slot).0));
            while K::tag_of(&self.slots[j]) != EMPTY {
                j = (j + 1) & self.mask;
            }
            self.slots[j] = slot;
            self.len += 1;
        }
    }

    /// Reads the slot a hash starts at, so that a later [`Table::add`] finds it in cache.
    #[inline]
    fn touch(&self, h: u64) -> u8 {
        K::tag_of(&self.slots[self.home(h)])
    }

    /// Every (key, probability) held, in slot order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (K, f64)> + '_ {
        self.slots
            .iter()
            .filter(|s| K::tag_of(s) != EMPTY)
            .map(K::entry)
    }

    /// Slots allocated.
    fn capacity(&self) -> usize {
        self.slots.len()
    }

    fn clear(&mut self) {
        if self.len > 0 {
            self.slots.iter_mut().for_each(K::empty);
            self.len = 0;
        }
    }
}

/// The largest emptied table kept for reuse.
pub(crate) const SPARE_SLOTS: usize = 1 << 18;

/// States waiting to be added, found but not yet added: [`Levels::add_batch`]'s unit.
pub(crate) const BATCH: usize = 64;

/// A state on its way into its level: its key's hash is worked out once, here, for every
/// use (its owner in the exact solver, its slot and tag in the table).
#[derive(Clone, Copy)]
pub(crate) struct Pending<K> {
    level: usize,
    key: K,
    p: f64,
    pub(crate) hash: u64,
}

impl<K: Hash> Pending<K> {
    /// Probability `p` for `key` in `level`.
    pub(crate) fn new(level: usize, key: K, p: f64) -> Self {
        let hash = hash(&key);
        Pending {
            level,
            key,
            p,
            hash,
        }
    }
}

/// Probability per state, level by level; counts the distinct states ever held and those held
/// now.
pub(crate) struct Levels<K: TableKey> {
    levels: Vec<Option<Table<K>>>,
    /// Emptied tables, kept for the next levels.
    spare: Vec<Table<K>>,
    /// Distinct states added so far (each state belongs to one level).
    pub(crate) visited: usize,
    /// States held now.
    pub(crate) live: usize,
}

impl<K: TableKey> Levels<K> {
    /// `count` empty levels.
    pub(crate) fn new(count: usize) -> Self {
        Levels {
            levels: (0..count).map(|_| None).collect(),
            spare: Vec::new(),
            visited: 0,
            live: 0,
        }
    }

    #[inline]
    fn table(&mut self, level: usize) -> &mut Table<K> {
        let spare = &mut self.spare;
        self.levels[level]
            .get_or_insert_with(|| spare.pop().unwrap_or_else(|| Table::with_slots(16)))
    }

    /// Adds the states of `all`, a batch of [`BATCH`] at a time, reading every place of a batch
    /// first (see the module's doc); `all` is emptied.
    pub(crate) fn add_batch(&mut self, all: &mut Vec<Pending<K>>) {
        for batch in all.chunks(BATCH) {
            let mut seen = 0u8;
            for s in batch {
                seen ^= self.table(s.level).touch(s.hash);
            }
            std::hint::black_box(seen);
            for s in batch {
                if self.table(s.level).add(s.key, s.hash, s.p) {
                    self.visited += 1;
                    self.live += 1;
                }
            }
        }
        all.clear();
    }

    /// Adds one state at once (for tables small enough to stay in cache; [`Levels::add_batch`]
    /// gives the same tables).
    #[inline]
    pub(crate) fn add(&mut self, s: Pending<K>) {
        if self.table(s.level).add(s.key, s.hash, s.p) {
            self.visited += 1;
            self.live += 1;
        }
    }

    /// The table of `level`, taken out of the levels (`live` drops by its size); give it back
    /// with [`Levels::recycle`] once expanded.
    pub(crate) fn take(&mut self, level: usize) -> Option<Table<K>> {
        let table = self.levels[level].take()?;
        self.live -= table.len();
        Some(table)
    }

    /// Keeps an expanded table's memory for a later level: the two largest emptied tables of at
    /// most [`SPARE_SLOTS`] slots are kept, the rest given back (a spare is held while unused).
    pub(crate) fn recycle(&mut self, mut table: Table<K>) {
        if table.capacity() > SPARE_SLOTS {
            return;
        }
        table.clear();
        self.spare.push(table);
        self.spare.sort_by_key(|t| t.capacity());
        if self.spare.len() > 2 {
            self.spare.remove(0);
        }
    }
}
