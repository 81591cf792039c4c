//! The Pledge of Loyalty: after a usurpation this turn, the new King rolls a die; on 1-3 he names
//! that many enemy non-rose nobles and makes a Treachery roll for each (V6).

use super::naming::{Purpose, named};
use super::realm::{Realm, people};
use super::treachery::all_even;
use super::validate::Reset;

/// The realms the Pledge of Loyalty may leave, each with its chance (they sum to 1). Without a
/// usurpation this turn there is no Pledge: the realm as it is, for sure.
pub fn pledge(reset: &Reset, realm: &Realm) -> Vec<(f64, Realm)> {
    if !reset.scenario.usurpation || realm.king().is_none() {
        return vec![(1.0, realm.clone())];
    }
    let king = realm.throne;
    // 4-6: nothing happens.
    let mut out = vec![(0.5, realm.clone())];
    for roll in 1..=3 {
        // V6: he names as many nobles as the die shows, fewer if fewer are left to name.
        let names = named(
            reset,
            realm,
            king,
            &reset.choices(king).pledge,
            Purpose::Defect,
            roll,
        );
        let mut branches = vec![(1.0 / 6.0, realm.clone())];
        for p in names {
            // One try each; a named noble not on the map: nothing happens (V6).
            let Some(house) = realm.serves(p).filter(|_| realm.on_map(p)) else {
                continue;
            };
            let Some(dice) = people()[p].noble_dice(house) else {
                continue;
            };
            let turn = all_even(dice);
            branches = branches
                .into_iter()
                .flat_map(|(chance, r)| {
                    let mut turned = r.clone();
                    turned.turn(p);
                    turned.pledged |= 1 << p;
                    [(chance * turn, turned), (chance * (1.0 - turn), r)]
                })
                .collect();
        }
        out.extend(branches);
    }
    out
}
