//! The seas (2.81, 5.3, the Piracy card): the three sea zones, the areas on each, the blocks
//! that never go by sea, and where an attack that came by sea may retreat (R42).
//!
//! A sea zone is a "place" beside the areas: the planner numbers places as the areas of
//! [`AREAS`] followed by the zones of [`SEAS`], so that a way into a target names the border it
//! crossed (a land neighbour, or the sea zone it sailed) by one index ([`place_name`]).

use crate::data::{AREAS, Area, BORDERS, BlockData, BorderKind, Colour, House, Kind};
use crate::rules::movement::{self, Holder};

/// The three sea zones (2.81), in the map's order of their names.
pub const SEAS: [&str; 3] = ["English Channel", "Irish Sea", "North Sea"];

/// The sea zone of this name (case and surrounding spaces aside), as an index into [`SEAS`].
pub fn zone(name: &str) -> Option<usize> {
    let name = name.trim();
    SEAS.iter().position(|s| s.eq_ignore_ascii_case(name))
}

/// True if `area` lies on the sea zone `zone` (2.81): the map links them. Kent, Cornwall,
/// Scotland, Calais and France lie on two zones; Hereford, Gloucester and South Yorks on none
/// (5.3).
pub fn on(area: &str, zone: usize) -> bool {
    BORDERS.iter().any(|b| {
        b.kind == BorderKind::Sea
            && ((b.a == area && b.b == SEAS[zone]) || (b.b == area && b.a == SEAS[zone]))
    })
}

/// The sea zones an area lies on, in [`SEAS`]' order: none for an inland area.
pub fn zones(area: &str) -> Vec<usize> {
    (0..SEAS.len()).filter(|&z| on(area, z)).collect()
}

/// The areas on a sea zone, in the map's order.
pub fn coast(zone: usize) -> impl Iterator<Item = &'static Area> {
    AREAS.iter().filter(move |a| on(a.name, zone))
}

/// True if the block never moves by sea (5.3): the Scots and Welsh mercenaries, the Rebel and
/// the city levies.
pub fn never_by_sea(block: &BlockData) -> bool {
    block.kind == Kind::Levy
        || block.colour == Colour::Rebel
        || matches!(block.id, "Scots Mercenary" | "Welsh Mercenary")
}

/// The place numbered `i`: an area of [`AREAS`], then the sea zones of [`SEAS`].
pub fn place_name(i: usize) -> &'static str {
    match i.checked_sub(AREAS.len()) {
        None => AREAS[i].name,
        Some(z) => SEAS[z],
    }
}

/// The place number of the sea zone `zone`.
pub fn sea_place(zone: usize) -> usize {
    AREAS.len() + zone
}

/// The sea zone a place number names, if it names one.
pub fn place_zone(i: usize) -> Option<usize> {
    i.checked_sub(AREAS.len()).filter(|&z| z < SEAS.len())
}

/// Where the attackers of a battle they entered by sea may retreat (the Piracy card, R42): the
/// areas on the sea zones they crossed, other than the battle's own, that their house may stand
/// in (2.7) and that are friendly or vacant (6.6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeaRetreat {
    /// The sea zones the attack crossed, as indices into [`SEAS`].
    pub zones: Vec<usize>,
    /// The areas open to their retreat, in the map's order.
    pub open: Vec<&'static str>,
}

impl SeaRetreat {
    /// The retreat of `house`'s attackers into `area` across `zones`, each coastal area held as
    /// `holder` says (an area it does not name is vacant).
    pub fn new(
        area: &str,
        zones: Vec<usize>,
        house: House,
        holder: impl Fn(&str) -> Holder,
    ) -> SeaRetreat {
        let open = AREAS
            .iter()
            .filter(|a| a.name != area && zones.iter().any(|&z| on(a.name, z)))
            .filter(|a| movement::may_enter(a, house))
            .filter(|a| match holder(a.name) {
                Holder::Vacant => true,
                Holder::House(h) => h == house,
                Holder::Contested => false,
            })
            .map(|a| a.name)
            .collect();
        SeaRetreat { zones, open }
    }

    /// The attackers' retreat capacity (R42): no limit while an area is open to them (a sea move
    /// has no border limit, 5.3, 5.21), none when every one is closed.
    pub fn capacity(&self) -> Option<u8> {
        if self.open.is_empty() { Some(0) } else { None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zones_of_the_map() {
        let names = |z: usize| coast(z).map(|a| a.name).collect::<Vec<_>>();
        // 2.81: Kent, Cornwall and Scotland part two zones; 5.3: Calais and France too.
        for two in ["Kent", "Cornwall", "Scotland", "Calais", "France"] {
            assert_eq!(zones(two).len(), 2, "{two}");
        }
        // 5.3: no sea move to or from Hereford, Gloucester or South Yorks; Middlesex is a port.
        for inland in ["Hereford", "Gloucester", "South Yorks", "Warwick"] {
            assert!(zones(inland).is_empty(), "{inland}");
        }
        assert_eq!(zones("Middlesex"), [zone("north sea").unwrap()]);
        assert!(names(zone("Irish Sea").unwrap()).contains(&"Ireland"));
        assert!(names(zone("Irish Sea").unwrap()).contains(&"Isle of Man"));
        assert_eq!(place_name(sea_place(2)), "North Sea");
        assert_eq!(place_zone(sea_place(1)), Some(1));
        assert_eq!(place_zone(0), None);
    }

    #[test]
    fn who_never_sails() {
        let never: Vec<&str> = crate::data::BLOCKS
            .iter()
            .filter(|b| never_by_sea(b))
            .map(|b| b.id)
            .collect();
        assert!(never.contains(&"Scots Mercenary"));
        assert!(never.contains(&"Welsh Mercenary"));
        assert!(never.contains(&"London (levy)"));
        assert!(!never.contains(&"Irish Mercenary"));
        assert!(!never.contains(&"Warwick/Y"));
    }
}
