//! Whom a player names when the variant lets him name nobles (V5): the Pledge of Loyalty (V6),
//! event 5 (V11) and event 6 (V12).

use super::realm::{Realm, people};
use super::validate::Reset;
use crate::data::House;

/// What the named noble is named for, which decides the default order (V5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// To make him defect with a Treachery roll (Pledge of Loyalty, event 6): the fewest dice
    /// first, the easiest to turn.
    Defect,
    /// To have him executed (event 5): the most dice first, the one the namer could least hope to
    /// turn.
    Execute,
}

/// The persons `namer` names, at most `count`, in the order named (V5). First the persons of his
/// list he may name: not dead, not his own, not a loyal heir (3.21, V4), not named already; such
/// a person who is not on the map is named all the same and nothing happens to him (the
/// variant's own rule). Then, while names are left, the enemy non-rose nobles on the map by the
/// purpose's order, ties by their order in the scenario's `nobles`. A noble who changed sides
/// earlier in the reset may be named like any other (V7).
pub fn named(
    reset: &Reset,
    realm: &Realm,
    namer: House,
    list: &[usize],
    purpose: Purpose,
    count: usize,
) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for &p in list {
        if out.len() == count {
            return out;
        }
        let own = realm.serves(p) == Some(namer);
        let noble = match realm.serves(p) {
            Some(house) => people()[p].noble_dice(house).is_some(),
            // Not listed by the scenario: he is somewhere as a noble, not on the map.
            None => !realm.is_dead(p),
        };
        if !own && noble && !out.contains(&p) {
            out.push(p);
        }
    }
    let mut rest: Vec<(u8, usize, usize)> = reset
        .listing
        .iter()
        .enumerate()
        .filter(|&(_, &p)| realm.on_map(p) && !out.contains(&p))
        .filter_map(|(order, &p)| {
            let house = realm.serves(p).filter(|&h| h != namer)?;
            Some((people()[p].noble_dice(house)?, order, p))
        })
        .collect();
    match purpose {
        Purpose::Defect => rest.sort_by_key(|&(dice, order, _)| (dice, order)),
        Purpose::Execute => rest.sort_by_key(|&(dice, order, _)| (u8::MAX - dice, order)),
    }
    out.extend(
        rest.into_iter()
            .map(|(_, _, p)| p)
            .take(count.saturating_sub(out.len())),
    );
    out
}
