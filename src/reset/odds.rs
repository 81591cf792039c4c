//! The exact enumeration of a reset: the Pledge of Loyalty, then the three event rolls, every die
//! and every Treachery roll branched with its exact chance, equal realms merged after each step.

use super::events::{ROLLS, event};
use super::pledge::pledge;
use super::realm::{Death, Realm, Standing, people};
use super::report::{CrownOdds, HeirOdds, NobleOdds, ResetOdds};
use super::validate::Reset;
use std::collections::HashMap;

/// Realms with their chances, equal realms merged, in the order first reached (so sums, and the
/// figures, are the same on every run).
#[derive(Default)]
struct Spread {
    realms: Vec<(Realm, f64)>,
    index: HashMap<Realm, usize>,
}

impl Spread {
    fn add(&mut self, realm: Realm, chance: f64) {
        if chance <= 0.0 {
            return;
        }
        match self.index.get(&realm) {
            Some(&i) => self.realms[i].1 += chance,
            None => {
                self.index.insert(realm.clone(), self.realms.len());
                self.realms.push((realm, chance));
            }
        }
    }
}

impl Reset {
    /// Every realm the reset may end in, with its exact chance; the chances sum to 1.
    pub fn outcomes(&self) -> Vec<(Realm, f64)> {
        let mut now = Spread::default();
        for (chance, realm) in pledge(self, &self.start) {
            now.add(realm, chance);
        }
        for role in ROLLS {
            let mut next = Spread::default();
            for (realm, chance) in &now.realms {
                for die in 1..=6 {
                    for (c, after) in event(self, realm, role, die) {
                        next.add(after, chance / 6.0 * c);
                    }
                }
            }
            now = next;
        }
        now.realms
    }

    /// The odds of the reset: each noble's and heir's fate, the crown after it, the Rebel.
    pub fn odds(&self) -> ResetOdds {
        let outcomes = self.outcomes();
        let start = &self.start;
        let sum = |f: &dyn Fn(&Realm) -> bool| -> f64 {
            outcomes
                .iter()
                .filter(|(r, _)| f(r))
                // From +0.0: an empty f64 sum is -0.0, which JSON would print as such.
                .fold(0.0, |total, (_, chance)| total + chance)
        };
        let nobles = self
            .tracked
            .iter()
            .filter_map(|&p| {
                let house = start.serves(p)?;
                let block = people()[p].version(house)?;
                Some(NobleOdds {
                    noble: block.id,
                    house,
                    dice: block.loyalty.dice().unwrap_or(0),
                    on_map: start.on_map(p),
                    pledge: sum(&|r| r.pledged & (1 << p) != 0),
                    turned: sum(&|r| r.serves(p) == Some(house.other())),
                    executed: sum(&|r| r.standing[p] == Standing::Dead(Death::Disgrace)),
                })
            })
            .collect();
        let mut heirs: Vec<HeirOdds> = people()
            .iter()
            .enumerate()
            .filter(|&(p, _)| !start.is_dead(p))
            .filter_map(|(p, who)| {
                let (house, rank) = who.heir()?;
                Some(HeirOdds {
                    heir: who.name,
                    house,
                    rank,
                    illness: sum(&|r| r.standing[p] == Standing::Dead(Death::Illness)),
                    trial: sum(&|r| r.standing[p] == Standing::Dead(Death::Trial)),
                    disgrace: sum(&|r| r.standing[p] == Standing::Dead(Death::Disgrace)),
                    alive: sum(&|r| !r.is_dead(p)),
                    king: sum(&|r| r.king() == Some(p)),
                })
            })
            .collect();
        heirs.sort_by_key(|h| (h.house != start.throne, h.rank));
        let mut crown: Vec<CrownOdds> = Vec::new();
        for (r, chance) in &outcomes {
            let name = |p: Option<usize>| p.map(|p| people()[p].name);
            let (king, pretender) = (name(r.king()), name(r.pretender()));
            match crown.iter_mut().find(|c| {
                (c.throne, c.king, c.pretender, c.winner) == (r.throne, king, pretender, r.winner)
            }) {
                Some(c) => c.chance += chance,
                None => crown.push(CrownOdds {
                    throne: r.throne,
                    king,
                    pretender,
                    winner: r.winner,
                    chance: *chance,
                }),
            }
        }
        crown.sort_by(|a, b| b.chance.total_cmp(&a.chance));
        ResetOdds {
            throne: start.throne,
            king: start.king().map_or("", |p| people()[p].name),
            pretender: start.pretender().map(|p| people()[p].name),
            pledge: self.scenario.usurpation,
            nobles,
            heirs,
            crown,
            rebel_placed: sum(&|r| r.rebel_placed),
            outcomes: outcomes.len(),
        }
    }
}
