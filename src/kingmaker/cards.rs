//! The Basic Game's "Nobles killed" section of the card drawn: who it kills (Combat 5), and, on
//! an optional Event card with no list, the Nobles Killed Table instead (K14).

use super::combat::Combat;
use super::killed::{Fate, Row};

/// Which names of a card's list kill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    /// Every Noble named who takes part (Combat 5).
    All,
    /// Only the lowermost name, if he takes part (Ambush, K12).
    Lowermost,
}

/// What each piece risks from the one card drawn: named on it, or, on an optional card, the row
/// `table` gives him (`None`: he does not roll). Bad Weather cards kill nobody (K4). Every
/// piece of the combat takes part in it.
pub fn fates(c: &Combat, listed: Listed, table: impl Fn(usize) -> Option<Row>) -> Vec<Fate> {
    let deck = c.deck();
    let mut named = vec![0u32; c.pieces().len()];
    let mut optional = 0u32;
    for g in deck.groups().iter().filter(|g| g.result.is_some()) {
        if g.table {
            optional += g.count;
            continue;
        }
        let names: &[String] = match listed {
            Listed::All => &g.killed,
            Listed::Lowermost => g.killed.last().map_or(&[], std::slice::from_ref),
        };
        for (i, n) in named.iter_mut().enumerate() {
            if names.iter().any(|name| c.noble_named(name) == Some(i)) {
                *n += g.count;
            }
        }
    }
    let total = deck.total();
    let rule = match listed {
        Listed::All => "Combat 5",
        Listed::Lowermost => "Ambush: the lowermost name only, K12",
    };
    let mut fates = vec![Fate::default(); c.pieces().len()];
    for (i, fate) in fates.iter_mut().enumerate() {
        fate.add_exclusive(
            deck.share(named[i]),
            format!("named on {} of the {total} cards ({rule})", named[i]),
        );
        if let Some(row) = table(i) {
            fate.add_exclusive(
                deck.share(optional).times(row.chance()),
                format!(
                    "{optional} optional card(s) of {total} without a list: Nobles Killed Table, \
                     {} (K14)",
                    row.words()
                ),
            );
        }
    }
    fates
}
