//! Best play in outline: where it departs from plain fire, and which tied blocks it has take the
//! hits (6.4, D3), as chances of each turn under best play from the start.

use crate::rules::battle::Battle;
use crate::rules::log::Silent;
use crate::rules::policy;
use crate::rules::round::{Point, advance};
use crate::rules::state::{MAX_BLOCKS, State};
use crate::scenario::Side;
use crate::solve::advice::solver::Game;
use crate::solve::advice::{OutlineEntry, TieEntry, label};
use crate::solve::error::SolveError;
use crate::solve::key::Codec;
use crate::solve::watch::EVERY;
use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasherDefault;

type Fx = BuildHasherDefault<crate::solve::table::FxHasher>;

impl<C: Codec> Game<'_, C> {
    /// Follows best play forward from `openings`, summing the chance of every (round, block,
    /// action) at the decision points it reaches where there is a choice; keeps the actions other
    /// than fire, and any that departs from the scenario's policy; and the choices of tied
    /// blocks to take hits that depart from the hit order (6.4, D3). States are kept by their
    /// memo key: states equal as far as their value goes are followed once, their chances
    /// added.
    pub(crate) fn outline(
        &mut self,
        openings: &[(f64, State)],
    ) -> Result<(Vec<OutlineEntry>, Vec<TieEntry>), SolveError> {
        let battle = self.battle;
        let levels = 4 * (MAX_BLOCKS + 1);
        let mut buckets: Vec<HashMap<C::Key, f64, Fx>> =
            (0..levels).map(|_| HashMap::default()).collect();
        let place =
            |game: &Self, mut s: State, p: f64, buckets: &mut Vec<HashMap<C::Key, f64, Fx>>| {
                if let Point::Act(_) = advance(battle, &mut s, &mut Silent) {
                    *buckets[s.progress(battle)]
                        .entry(game.key(&s).0)
                        .or_insert(0.0) += p;
                }
            };
        for &(w, s) in openings {
            place(self, s, w, &mut buckets);
        }
        // (round, slot, label) -> (chance, departs); (round, slot) -> total
        let mut acts: BTreeMap<(u8, usize, String), (f64, bool)> = BTreeMap::new();
        let mut turns: BTreeMap<(u8, usize), f64> = BTreeMap::new();
        // (round, side, hit, spared) -> (chance, gain)
        let mut ties: BTreeMap<(u8, usize, String, String), (f64, f64)> = BTreeMap::new();
        let mut followed = 0usize;
        for level in 0..levels {
            for (key, p) in std::mem::take(&mut buckets[level]) {
                followed += 1;
                if followed.is_multiple_of(EVERY) && !(self.watch)(0) {
                    return Err(SolveError::Cancelled);
                }
                let mut s = self.unpack(&key);
                let Point::Act(next) = advance(battle, &mut s, &mut Silent) else {
                    continue;
                };
                let policy = policy::choose(battle, &s, next);
                let side = s.side_of(next);
                let choices = self.moves(&s, next).len();
                let (f, m) = if self.optimises(side) {
                    self.chosen_frame(&s, next)?
                } else {
                    (self.frame(&s, (next, policy))?, 0)
                };
                let (actor, action) = f.moves[m];
                if choices > 1 && !crate::rules::retreat::must_retreat(&s, side) {
                    // A forced move (the round-4 retreat, in whatever order) is no advice.
                    let words = if actor == next {
                        label(battle, &s, action)
                    } else {
                        // D2: another block of the group acts before the fire order's next.
                        let first = &s.version(battle, next).id;
                        format!("{} (before {first})", label(battle, &s, action))
                    };
                    let e = acts.entry((s.round, actor, words)).or_insert((0.0, false));
                    e.0 += p;
                    e.1 |= action != policy || actor != next;
                    *turns.entry((s.round, actor)).or_insert(0.0) += p;
                }
                let owner = s.side_of(actor).other();
                for (q, kids, picked) in f.results(m) {
                    let k = picked - kids.start;
                    let kids = &f.kids[kids];
                    if k != 0 {
                        let (w, by_order) = (kids[k].v, kids[0].v);
                        let (hit, spared) = tie_words(battle, &kids[k].state, &kids[0].state);
                        let e = ties
                            .entry((s.round, owner.index(), hit, spared))
                            .or_insert((0.0, 0.0));
                        e.0 += p * q;
                        e.1 += p * q * (w[owner.index()] - by_order[owner.index()]);
                    }
                    place(self, kids[k].state, p * q, &mut buckets);
                }
                self.give_back(f);
            }
        }
        let ties = ties
            .into_iter()
            .filter(|(_, (chance, _))| *chance > 1e-9)
            .map(|((round, side, hit, spared), (chance, gain))| TieEntry {
                round,
                side: Side::BOTH[side],
                hit,
                spared,
                chance,
                gain,
            })
            .collect();
        Ok((outline_entries(battle, acts, &turns), ties))
    }
}

/// The outline's lines from the chance of each (round, slot, action) and of each (round, slot)
/// turn: the actions other than fire and those that depart from the policy, above 1e-9.
pub(crate) fn outline_entries(
    battle: &Battle,
    acts: BTreeMap<(u8, usize, String), (f64, bool)>,
    turns: &BTreeMap<(u8, usize), f64>,
) -> Vec<OutlineEntry> {
    acts.into_iter()
        .filter(|((_, _, action), (chance, departs))| {
            (action != "fire" || *departs) && *chance > 1e-9
        })
        .map(|((round, slot, action), (chance, departs))| OutlineEntry {
            round,
            block: battle.slots[slot].name().to_string(),
            side: battle.slots[slot].side,
            share: chance / turns[&(round, slot)],
            action,
            chance,
            departs_from_policy: departs,
        })
        .collect()
}

/// Which blocks a chosen way of taking hits hits where the hit order would not, and which it
/// spares: (hit, spared), ids joined by " and ".
fn tie_words(battle: &Battle, chosen: &State, by_order: &State) -> (String, String) {
    let mut hit = Vec::new();
    let mut spared = Vec::new();
    for i in 0..battle.slots.len() {
        let id = || by_order.version(battle, i).id.clone();
        match chosen.strength[i].cmp(&by_order.strength[i]) {
            std::cmp::Ordering::Less => hit.push(id()),
            std::cmp::Ordering::Greater => spared.push(id()),
            std::cmp::Ordering::Equal => {}
        }
    }
    (hit.join(" and "), spared.join(" and "))
}
