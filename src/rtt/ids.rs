//! Rally the Troops' names for the blocks, areas, sea zones and cards (`../shared/rtt/README.md`),
//! mapped to the project's own. RTT names each block as the game does, with `/Y` and `/L` for
//! the versions of a two-version block: the same ids as `data::BLOCKS`, kept as a table of their
//! own so that a change on either side is caught by a test rather than by a player.

use crate::board::{Event, Played};
use crate::data::{self, BlockData};

/// RTT's id of every block, in `data::BLOCKS`' order (York, Lancaster, the Rebel).
pub const RTT_BLOCKS: [&str; 63] = [
    "York",
    "March",
    "Rutland",
    "Clarence/Y",
    "Gloucester",
    "Essex",
    "Hastings",
    "Herbert",
    "Worcester",
    "Suffolk",
    "Norfolk",
    "Buckingham/Y",
    "Exeter/Y",
    "Rivers/Y",
    "Northumberland/Y",
    "Shrewsbury/Y",
    "Stanley/Y",
    "Arundel",
    "Warwick/Y",
    "Kent/Y",
    "Salisbury/Y",
    "Westmoreland/Y",
    "Irish Mercenary",
    "Burgundian Mercenary",
    "Calais Mercenary",
    "Canterbury (church)/Y",
    "York (church)/Y",
    "London (levy)",
    "Norwich (levy)",
    "Salisbury (levy)",
    "Bombard/Y",
    "Henry VI",
    "Prince Edward",
    "Exeter/L",
    "Somerset",
    "Richmond",
    "Westmoreland/L",
    "Northumberland/L",
    "Shrewsbury/L",
    "Stanley/L",
    "Warwick/L",
    "Kent/L",
    "Salisbury/L",
    "Oxford",
    "Pembroke",
    "Devon",
    "Beaumont",
    "Buckingham/L",
    "Clarence/L",
    "Rivers/L",
    "Clifford",
    "Wiltshire",
    "Scots Mercenary",
    "Welsh Mercenary",
    "French Mercenary",
    "Canterbury (church)/L",
    "York (church)/L",
    "Bombard/L",
    "Coventry (levy)",
    "Bristol (levy)",
    "Newcastle (levy)",
    "York (levy)",
    "Rebel",
];

/// The printed block RTT's id names, if any.
pub fn block(rtt_id: &str) -> Option<&'static BlockData> {
    RTT_BLOCKS
        .iter()
        .position(|&r| r == rtt_id)
        .map(|i| &data::BLOCKS[i])
}

/// RTT's three sea zones: a block standing in one is at sea in the middle of a sea move (5.3).
pub const SEA_ZONES: [&str; 3] = ["Irish Sea", "North Sea", "English Channel"];

/// RTT's places that are not on the map: the pool (4.2) and the minor heirs not yet in play
/// (4.5).
pub const POOL: &str = "Pool";
/// A minor heir waiting to come of age (4.5).
pub const MINOR: &str = "Minor";

/// What a card number of RTT's deck is (the README's table): 1-6 the events, 7-12 four action
/// points, 13-19 three, 20-25 two; `None` for 0 (hidden from this player) or anything else.
pub fn card(number: u8) -> Option<Played> {
    match number {
        1 => Some(Played::Event(Event::ForceMarch)),
        2 => Some(Played::Event(Event::Muster)),
        3 => Some(Played::Event(Event::Piracy)),
        4 => Some(Played::Event(Event::Plague)),
        5 => Some(Played::Event(Event::Surprise)),
        6 => Some(Played::Event(Event::Treason)),
        7..=12 => Some(Played::Points(4)),
        13..=19 => Some(Played::Points(3)),
        20..=25 => Some(Played::Points(2)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_one_of_the_63_blocks_maps_to_its_own_block() {
        for (i, id) in RTT_BLOCKS.iter().enumerate() {
            let b = block(id).unwrap_or_else(|| panic!("{id}"));
            assert_eq!(b.id, data::BLOCKS[i].id, "{id}");
        }
        let mut seen: Vec<&str> = RTT_BLOCKS.to_vec();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 63);
        assert!(
            block("Warwick").is_none(),
            "a two-version noble needs /Y or /L"
        );
        assert!(
            block("Bruce").is_none(),
            "Hammer of the Scots' blocks are no blocks here"
        );
    }

    #[test]
    fn the_deck_has_six_events_and_nineteen_action_cards() {
        let points = |p| {
            (1..=25)
                .filter(|&n| card(n) == Some(Played::Points(p)))
                .count()
        };
        assert_eq!((points(4), points(3), points(2)), (6, 7, 6));
        assert_eq!(card(3), Some(Played::Event(Event::Piracy)));
        assert_eq!(card(0), None);
        assert_eq!(card(26), None);
    }
}
