//! Monte Carlo's table of a plain battle's fires (a performance path, no rule of its own).
//!
//! Where the fast loop of `rules::plain` applies, a battle's course depends only on its state
//! and the dice: from the state where a block is about to fire, each number of hits leads to one
//! next such state, or to the battle's end. Monte Carlo fights the same battle millions of times
//! and meets the same few thousand states again and again, so [`FireTable`] keeps each state met
//! as a node holding the fire's thresholds ([`crate::rules::dice::thresholds`]) and, per number
//! of hits, the node or ending that follows, worked out the first time it is needed by
//! `plain::fire` and `plain::to_fire` (the steps of `plain::fight`). A battle is then one draw
//! of the generator per fire and a look-up, the same draws in the same order as `plain::fight`
//! makes: the same final state and ending, and the generator left where it leaves it (checked
//! by `tests/fire_table.rs`). Battles are counted per ending and added to the [`Tally`] in one
//! go ([`FireTable::flush`]); every count is a whole number below 2^53, so the sums are those of
//! adding the battles one at a time, bit for bit.
//!
//! The table holds at most [`MAX_ENTRIES`] nodes and endings (a few MB); a battle that reaches a
//! state past that is fought on from there by the same steps without the table.
//!
//! It serves one battle fought many times over few states. Monte Carlo over hidden blocks
//! (`solve::fog`) fights hundreds of battles, a few hundred to a few thousand times each, over
//! thousands of states each: a table per battle drawn, built after its 32nd or 1,000th draw,
//! made `bench/hidden-kent.json` 1.7 to 5.8 times slower (tables met few states twice, and
//! together left the cache), so it fights each battle by `plain::fight`. Nor does the planner's
//! screening use one: each battle there is fought 16 times on its draw, and draws rarely repeat.

use crate::rules::battle::Battle;
use crate::rules::dice::{MAX_DICE, hits_of_draw, hits_of_row, thresholds};
use crate::rules::plain;
use crate::rules::round::Ending;
use crate::rules::state::State;
use crate::solve::report::Tally;
use crate::solve::table::FxHasher;
use rand::Rng;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

type Fx = BuildHasherDefault<FxHasher>;

/// The most nodes and endings one table holds (about 200 bytes each with its index): their
/// links fit 15 bits.
pub(crate) const MAX_ENTRIES: usize = (1 << 15) - 1;

/// A link: a node's index, or [`END`] and an ending's, or [`UNKNOWN`].
type Link = u16;
/// A link not worked out yet.
const UNKNOWN: Link = Link::MAX;
/// The bit marking a link to an ending (its index in the rest, below [`MAX_ENTRIES`], so no
/// link to an ending is [`UNKNOWN`]).
const END: Link = 1 << 15;

/// A state where a block is about to fire: its fire's thresholds
/// ([`crate::rules::dice::thresholds`]) and per number of hits the next node or ending
/// ([`END`]), or [`UNKNOWN`]. One cache line, read at once.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Node {
    row: [u64; MAX_DICE],
    next: [Link; MAX_DICE + 1],
}

/// What follows a fire: the state after it and, unless the battle ended, the next block to fire
/// with its firepower (its turn taken), as `plain::to_fire` gives it.
type Step = (State, Result<(usize, u8), Ending>);

/// The table of one battle's fires, filled as battles meet new states.
pub(crate) struct FireTable {
    nodes: Vec<Node>,
    /// Per node: the state at it (the firer's turn taken) and the firer.
    at: Vec<(State, u8)>,
    index: HashMap<(State, u8), Link, Fx>,
    /// Per ending: the final state and how the battle ended.
    ends: Vec<(State, Ending)>,
    end_index: HashMap<State, Link, Fx>,
    /// Battles ended at each ending since the last [`FireTable::flush`].
    counts: Vec<u64>,
    /// The endings with a count, in the order first reached.
    touched: Vec<Link>,
    /// Where every battle starts: a node, or an ending ([`END`]).
    root: Link,
    /// The most nodes and endings this table holds: [`MAX_ENTRIES`] (fewer in tests).
    cap: usize,
}

impl FireTable {
    /// The table of `battle` fought from `start`, a state where `plain::applies`.
    pub(crate) fn new(battle: &Battle, start: State) -> FireTable {
        FireTable::with_cap(battle, start, MAX_ENTRIES)
    }

    /// [`FireTable::new`] holding at most `cap` (at least 1) nodes and endings.
    fn with_cap(battle: &Battle, start: State, cap: usize) -> FireTable {
        let mut table = FireTable {
            nodes: Vec::new(),
            at: Vec::new(),
            index: HashMap::default(),
            ends: Vec::new(),
            end_index: HashMap::default(),
            counts: Vec::new(),
            touched: Vec::new(),
            root: UNKNOWN,
            cap: cap.clamp(1, MAX_ENTRIES),
        };
        let mut s = start;
        let next = plain::to_fire(battle, &mut s);
        table.root = table
            .entry(s, next)
            .expect("an empty table has room for its first entry");
        table
    }

    /// Fights one battle from the start, drawing from `rng` exactly as `plain::fight` does.
    /// A battle ending in the table is counted there (`None`); one that left the table (full)
    /// is returned to be counted by the caller.
    #[inline]
    pub(crate) fn fight<R: Rng + ?Sized>(
        &mut self,
        battle: &Battle,
        rng: &mut R,
    ) -> Option<(State, Ending)> {
        let mut at = self.root;
        loop {
            // The walk through known links, on the nodes borrowed once.
            let nodes = &self.nodes[..];
            let hits = loop {
                if at & END != 0 {
                    let e = usize::from(at & !END);
                    if self.counts[e] == 0 {
                        self.touched.push(at & !END);
                    }
                    self.counts[e] += 1;
                    return None;
                }
                let node = &nodes[usize::from(at)];
                let hits = hits_of_row(&node.row, rng.next_u64());
                let next = node.next[usize::from(hits)];
                if next == UNKNOWN {
                    break hits;
                }
                at = next;
            };
            at = match self.expand(battle, at, hits) {
                Ok(next) => next,
                Err(step) => return Some(off_table(battle, step, rng)),
            };
        }
    }

    /// Adds the battles counted since the last flush to `tally`, each ending once with its count
    /// as weight, and clears the counts.
    pub(crate) fn flush(&mut self, battle: &Battle, tally: &mut Tally) {
        for &e in &self.touched {
            let e = usize::from(e);
            let (state, ending) = &self.ends[e];
            tally.add(battle, state, *ending, self.counts[e] as f64);
            self.counts[e] = 0;
        }
        self.touched.clear();
    }

    /// Works out what follows `hits` hits at node `at` and links it; `Err` with the step when
    /// that is a state the table has no room for.
    #[cold]
    fn expand(&mut self, battle: &Battle, at: Link, hits: u8) -> Result<Link, Step> {
        let (mut s, firer) = self.at[usize::from(at)];
        let next = match plain::fire(battle, &mut s, usize::from(firer), hits) {
            Some(ending) => Err(ending),
            None => plain::to_fire(battle, &mut s),
        };
        let link = self.entry(s, next).ok_or((s, next))?;
        self.nodes[usize::from(at)].next[usize::from(hits)] = link;
        Ok(link)
    }

    /// The link to the node or ending for `step`, added if new; `None` if it is new and the
    /// table is full.
    fn entry(&mut self, s: State, next: Result<(usize, u8), Ending>) -> Option<Link> {
        let full = self.nodes.len() + self.ends.len() >= self.cap;
        match next {
            Ok((firer, fp)) => {
                let key = (s, firer as u8);
                if let Some(&n) = self.index.get(&key) {
                    return Some(n);
                }
                if full {
                    return None;
                }
                let n = self.nodes.len() as Link;
                self.nodes.push(Node {
                    row: thresholds(s.strength[firer], fp),
                    next: [UNKNOWN; MAX_DICE + 1],
                });
                self.at.push(key);
                self.index.insert(key, n);
                Some(n)
            }
            Err(ending) => {
                if let Some(&e) = self.end_index.get(&s) {
                    return Some(e | END);
                }
                if full {
                    return None;
                }
                let e = self.ends.len() as Link;
                self.ends.push((s, ending));
                self.counts.push(0);
                self.end_index.insert(s, e);
                Some(e | END)
            }
        }
    }
}

/// Fights a battle on from `step` without the table: the pending fire, then `plain::fight`
/// from the state between two actions it leaves (it takes a battle up from any such state).
fn off_table<R: Rng + ?Sized>(battle: &Battle, step: Step, rng: &mut R) -> (State, Ending) {
    let (mut s, next) = step;
    let ending = match next {
        Err(ending) => ending,
        Ok((i, fp)) => {
            let hits = hits_of_draw(s.strength[i], fp, rng.next_u64());
            match plain::fire(battle, &mut s, i, hits) {
                Some(ending) => ending,
                None => plain::fight(battle, &mut s, rng),
            }
        }
    };
    (s, ending)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::rng_from_seed;
    use crate::scenario::Scenario;

    /// The bench's medium battle with a retreat capacity, so that round 4's retreats come too.
    const MEDIUM: &str = r#"{"version": 1, "area": "East Anglia", "king": "Lancaster",
        "attacker": {"house": "Lancaster", "blocks": [{"id": "Oxford", "strength": 3},
            {"id": "Beaumont", "strength": 3}, {"id": "Clifford", "strength": 3}]},
        "defender": {"house": "York", "blocks": [{"id": "Norfolk", "strength": 4},
            {"id": "Suffolk", "strength": 3}]}}"#;

    /// Every battle through the table, full or not, ends as `plain::fight` ends it (the general
    /// loop's battle: `tests/plain_fight.rs`), with the same draws (the next draw after it is the
    /// same), and is counted once.
    #[test]
    fn a_battle_through_the_table_is_one_battles_draw_for_draw() {
        let sc: Scenario = serde_json::from_str(MEDIUM).unwrap();
        let battle = Battle::new(&sc).unwrap();
        for cap in [1, 2, 7, 40, MAX_ENTRIES] {
            let mut table = FireTable::with_cap(&battle, battle.initial, cap);
            let (mut counted, mut off) = (0, 0);
            for seed in 0..3000 {
                let (mut a, mut b) = (rng_from_seed(seed), rng_from_seed(seed));
                let mut state = battle.initial;
                let ending = plain::fight(&battle, &mut state, &mut a);
                let before = table.counts.clone();
                match table.fight(&battle, &mut b) {
                    Some(got) => {
                        assert_eq!(got, (state, ending), "cap {cap}, seed {seed}");
                        assert_eq!(table.counts, before, "cap {cap}, seed {seed}");
                        off += 1;
                    }
                    None => {
                        // The one ending whose count went up is this battle's.
                        let up: Vec<usize> = (0..table.counts.len())
                            .filter(|&e| table.counts[e] != before.get(e).copied().unwrap_or(0))
                            .collect();
                        assert_eq!(up.len(), 1, "cap {cap}, seed {seed}");
                        assert_eq!(table.ends[up[0]], (state, ending), "cap {cap}, seed {seed}");
                        counted += 1;
                    }
                }
                assert_eq!(a.next_u64(), b.next_u64(), "cap {cap}, seed {seed}: draws");
            }
            assert!(table.nodes.len() + table.ends.len() <= cap);
            assert_eq!(table.counts.iter().sum::<u64>(), counted);
            assert_eq!(counted + off, 3000);
            if cap < 40 {
                assert!(off > 0, "cap {cap}: no battle left the table");
            } else if cap == MAX_ENTRIES {
                assert_eq!(off, 0, "the medium battle fits the table");
            }
        }
    }
}
