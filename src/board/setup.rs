//! Which blocks are in play (4.3-4.6, 6.82, 9.1): of a two-version block, the version that began
//! the game on its house's side unless it has changed sides; of the minor heirs, only those an
//! heir's death has brought in. The board's validation and the enemy's unseen blocks use it
//! (R21).

use crate::data::{BLOCKS, BlockData, House};

/// The versions that begin the game off the map, as "Enemy Noble" (4.3, 4.4, 4.6): each is the
/// other version of a block whose first version begins in play, and comes into play only when
/// that block defects (6.9, 9.1).
pub const OFF_MAP_AT_START: [&str; 13] = [
    // Lancaster's (4.3)
    "Canterbury (church)/L",
    "Clarence/L",
    "Warwick/L",
    "Salisbury/L",
    "Kent/L",
    // York's (4.4)
    "Exeter/Y",
    "Buckingham/Y",
    "Northumberland/Y",
    "Westmoreland/Y",
    "Shrewsbury/Y",
    "Rivers/Y",
    "Stanley/Y",
    "York (church)/Y",
];

/// The minor heirs of a house, most senior first (4.5): absent when the game starts, the most
/// senior comes into play when an heir of his house is killed (6.82).
pub fn minors(house: House) -> [&'static str; 2] {
    match house {
        House::York => ["Clarence/Y", "Gloucester"],
        House::Lancaster => ["Prince Edward", "Richmond"],
    }
}

/// True for the version of a two-version block that begins the game in play (4.3, 4.4).
pub fn starts_in_play(block: &BlockData) -> bool {
    !OFF_MAP_AT_START.contains(&block.id)
}

/// How many heirs of `house` are among the dead persons: as many minors have come into play
/// (4.5, 6.82; an heir who defected is no death, 9.1).
pub fn heirs_dead(house: House, dead: &[&str]) -> usize {
    dead.iter()
        .filter(|p| {
            BLOCKS
                .iter()
                .any(|b| b.person == **p && b.heir_rank.is_some() && b.house() == Some(house))
        })
        .count()
}

/// If `block` is a minor heir not yet in play, the number of heirs of his house that must die
/// before he comes in (4.5).
pub fn minor_waiting(block: &BlockData, dead: &[&str]) -> Option<usize> {
    let house = block.house()?;
    let at = minors(house).iter().position(|m| *m == block.id)?;
    (heirs_dead(house, dead) <= at).then_some(at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::block;

    #[test]
    fn every_off_map_version_is_the_other_version_of_a_block_in_play() {
        for id in OFF_MAP_AT_START {
            let b = block(id).unwrap_or_else(|| panic!("{id}"));
            let other = b.other_version().expect(id);
            assert!(starts_in_play(other), "{id}");
        }
        // Every two-version block has exactly one version in play at the start.
        for b in BLOCKS.iter().filter(|b| b.other_version().is_some()) {
            let o = b.other_version().unwrap();
            assert_ne!(starts_in_play(b), starts_in_play(o), "{}", b.id);
        }
    }

    #[test]
    fn minors_come_in_as_heirs_die() {
        let gloucester = block("Gloucester").unwrap();
        let clarence = block("Clarence/Y").unwrap();
        assert_eq!(minor_waiting(clarence, &[]), Some(1));
        assert_eq!(minor_waiting(gloucester, &[]), Some(2));
        assert_eq!(minor_waiting(clarence, &["York"]), None);
        assert_eq!(minor_waiting(gloucester, &["York"]), Some(2));
        assert_eq!(minor_waiting(gloucester, &["York", "Clarence"]), None);
        // A Lancaster death brings no York minor.
        assert_eq!(minor_waiting(clarence, &["Henry VI"]), Some(1));
        assert_eq!(
            minor_waiting(block("Prince Edward").unwrap(), &["Somerset"]),
            None
        );
        assert_eq!(minor_waiting(block("March").unwrap(), &[]), None);
    }
}
