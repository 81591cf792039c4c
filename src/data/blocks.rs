//! The 63 blocks (3.0): 31 York, 31 Lancaster and the Rebel, as printed on their labels.

use super::{BlockData, Colour, Home, House, Initiative, Kind, Loyalty, Rating};

const fn r(initiative: Initiative, firepower: u8) -> Rating {
    Rating { initiative, firepower }
}

use Colour::{Lancaster as L, Rebel as X, York as Y};
use Initiative::{A, B, C, D};
use Kind::{Bombard, Church, Heir, Levy, Mercenary, Noble};
use Loyalty::{Dice, None as NoLoyalty, Rose};

#[allow(clippy::too_many_arguments)]
const fn b(
    id: &'static str,
    person: &'static str,
    colour: Colour,
    kind: Kind,
    max_strength: u8,
    rating: Rating,
    loyalty: Loyalty,
    heir_rank: Option<u8>,
    home: Home,
) -> BlockData {
    BlockData { id, person, colour, kind, max_strength, rating, loyalty, heir_rank, home }
}

const fn shield(key: &'static [&'static str]) -> Home {
    Home::Shields(key)
}

const HEIR: Home = Home::Heir { specific: None };

/// Every block of the game, York first, then Lancaster, then the Rebel.
pub static BLOCKS: [BlockData; 63] = [
    // House of York (31)
    b("York", "York", Y, Heir, 4, r(B, 3), NoLoyalty, Some(1), HEIR),
    b("March", "March", Y, Heir, 3, r(A, 3), NoLoyalty, Some(2), HEIR),
    b("Rutland", "Rutland", Y, Heir, 3, r(B, 1), NoLoyalty, Some(3), HEIR),
    b("Clarence/Y", "Clarence", Y, Heir, 3, r(B, 2), Dice(1), Some(4), HEIR),
    b("Gloucester", "Gloucester", Y, Heir, 3, r(B, 3), NoLoyalty, Some(5), HEIR),
    b("Essex", "Essex", Y, Noble, 3, r(B, 1), Rose, None, shield(&["Essex"])),
    b("Hastings", "Hastings", Y, Noble, 3, r(B, 2), Rose, None, shield(&["Hastings"])),
    b("Herbert", "Herbert", Y, Noble, 3, r(A, 2), Rose, None, shield(&["Herbert"])),
    b("Worcester", "Worcester", Y, Noble, 2, r(B, 2), Rose, None, shield(&["Worcester"])),
    b("Suffolk", "Suffolk", Y, Noble, 3, r(B, 2), Rose, None, shield(&["Suffolk"])),
    b("Norfolk", "Norfolk", Y, Noble, 4, r(B, 2), Rose, None, shield(&["Norfolk"])),
    b("Buckingham/Y", "Buckingham", Y, Noble, 4, r(B, 2), Dice(1), None, shield(&["Buckingham"])),
    b("Exeter/Y", "Exeter", Y, Noble, 3, r(A, 1), Dice(1), None, shield(&["Exeter"])),
    b("Rivers/Y", "Rivers", Y, Noble, 2, r(B, 2), Dice(2), None, shield(&["Rivers"])),
    b("Northumberland/Y", "Northumberland", Y, Noble, 4, r(B, 3), Dice(1), None, shield(&["Northumberland"])),
    b("Shrewsbury/Y", "Shrewsbury", Y, Noble, 3, r(A, 1), Dice(1), None, shield(&["Shrewsbury"])),
    b("Stanley/Y", "Stanley", Y, Noble, 4, r(B, 2), Dice(1), None, shield(&["Stanley"])),
    b("Arundel", "Arundel", Y, Noble, 3, r(B, 2), Rose, None, shield(&["Arundel"])),
    b("Warwick/Y", "Warwick", Y, Noble, 4, r(B, 3), Dice(3), None, shield(&["Warwick"])),
    b("Kent/Y", "Kent", Y, Noble, 3, r(A, 2), Dice(2), None, shield(&["Kent"])),
    b("Salisbury/Y", "Salisbury", Y, Noble, 3, r(B, 2), Dice(2), None, shield(&["Salisbury"])),
    b("Westmoreland/Y", "Westmoreland", Y, Noble, 3, r(B, 2), Dice(2), None, shield(&["Westmoreland"])),
    b("Irish Mercenary", "Irish Mercenary", Y, Mercenary, 4, r(B, 2), NoLoyalty, None, Home::Nowhere),
    b("Burgundian Mercenary", "Burgundian Mercenary", Y, Mercenary, 3, r(A, 3), NoLoyalty, None, Home::Nowhere),
    b("Calais Mercenary", "Calais Mercenary", Y, Mercenary, 3, r(B, 4), NoLoyalty, None, Home::Nowhere),
    b("Canterbury (church)/Y", "Canterbury (church)", Y, Church, 3, r(C, 1), Dice(2), None, Home::Cathedral("Canterbury")),
    b("York (church)/Y", "York (church)", Y, Church, 3, r(C, 2), Dice(1), None, Home::Cathedral("York")),
    b("London (levy)", "London (levy)", Y, Levy, 4, r(C, 3), NoLoyalty, None, Home::City("London")),
    b("Norwich (levy)", "Norwich (levy)", Y, Levy, 4, r(C, 2), NoLoyalty, None, Home::City("Norwich")),
    b("Salisbury (levy)", "Salisbury (levy)", Y, Levy, 4, r(C, 2), NoLoyalty, None, Home::City("Salisbury")),
    b("Bombard/Y", "Bombard/Y", Y, Bombard, 3, r(D, 3), NoLoyalty, None, Home::Nowhere),
    // House of Lancaster (31)
    b("Henry VI", "Henry VI", L, Heir, 4, r(B, 2), NoLoyalty, Some(1), HEIR),
    b("Prince Edward", "Prince Edward", L, Heir, 3, r(B, 1), NoLoyalty, Some(2), HEIR),
    b("Exeter/L", "Exeter", L, Heir, 3, r(A, 1), Dice(2), Some(3), Home::Heir { specific: Some("Exeter") }),
    b("Somerset", "Somerset", L, Heir, 3, r(A, 2), NoLoyalty, Some(4), Home::Heir { specific: Some("Somerset") }),
    b("Richmond", "Richmond", L, Heir, 3, r(B, 2), NoLoyalty, Some(5), Home::Heir { specific: Some("Richmond") }),
    b("Westmoreland/L", "Westmoreland", L, Noble, 3, r(B, 2), Dice(2), None, shield(&["Westmoreland"])),
    b("Northumberland/L", "Northumberland", L, Noble, 4, r(B, 3), Dice(2), None, shield(&["Northumberland"])),
    b("Shrewsbury/L", "Shrewsbury", L, Noble, 3, r(A, 1), Dice(2), None, shield(&["Shrewsbury"])),
    b("Stanley/L", "Stanley", L, Noble, 4, r(B, 2), Dice(1), None, shield(&["Stanley"])),
    b("Warwick/L", "Warwick", L, Noble, 4, r(B, 3), Dice(3), None, shield(&["Warwick"])),
    b("Kent/L", "Kent", L, Noble, 3, r(A, 2), Dice(2), None, shield(&["Kent"])),
    b("Salisbury/L", "Salisbury", L, Noble, 3, r(B, 2), Dice(2), None, shield(&["Salisbury"])),
    b("Oxford", "Oxford", L, Noble, 3, r(A, 2), Rose, None, shield(&["Oxford"])),
    b("Pembroke", "Pembroke", L, Noble, 3, r(B, 2), Rose, None, shield(&["Pembroke"])),
    b("Devon", "Devon", L, Noble, 2, r(B, 2), Rose, None, shield(&["Devon"])),
    b("Beaumont", "Beaumont", L, Noble, 3, r(B, 2), Rose, None, shield(&["Beaumont"])),
    b("Buckingham/L", "Buckingham", L, Noble, 4, r(B, 2), Dice(1), None, shield(&["Buckingham"])),
    // D6: the defected Clarence uses only the York royal shields.
    b("Clarence/L", "Clarence", L, Noble, 3, r(B, 2), Dice(1), None, shield(&["York"])),
    b("Rivers/L", "Rivers", L, Noble, 2, r(B, 2), Dice(1), None, shield(&["Rivers"])),
    b("Clifford", "Clifford", L, Noble, 3, r(A, 2), Rose, None, shield(&["Clifford"])),
    b("Wiltshire", "Wiltshire", L, Noble, 3, r(B, 2), Rose, None, shield(&["Wiltshire"])),
    b("Scots Mercenary", "Scots Mercenary", L, Mercenary, 4, r(B, 3), NoLoyalty, None, Home::Nowhere),
    b("Welsh Mercenary", "Welsh Mercenary", L, Mercenary, 3, r(A, 2), NoLoyalty, None, Home::Wales),
    b("French Mercenary", "French Mercenary", L, Mercenary, 4, r(B, 3), NoLoyalty, None, Home::Nowhere),
    b("Canterbury (church)/L", "Canterbury (church)", L, Church, 3, r(C, 1), Dice(1), None, Home::Cathedral("Canterbury")),
    b("York (church)/L", "York (church)", L, Church, 3, r(C, 2), Dice(2), None, Home::Cathedral("York")),
    b("Bombard/L", "Bombard/L", L, Bombard, 3, r(D, 3), NoLoyalty, None, Home::Nowhere),
    b("Coventry (levy)", "Coventry (levy)", L, Levy, 4, r(C, 2), NoLoyalty, None, Home::City("Coventry")),
    b("Bristol (levy)", "Bristol (levy)", L, Levy, 4, r(C, 2), NoLoyalty, None, Home::City("Bristol")),
    b("Newcastle (levy)", "Newcastle (levy)", L, Levy, 4, r(C, 3), NoLoyalty, None, Home::City("Newcastle")),
    b("York (levy)", "York (levy)", L, Levy, 4, r(C, 3), NoLoyalty, None, Home::City("York")),
    // The Rebel (3.26, D14)
    b("Rebel", "Rebel", X, Kind::Rebel, 4, r(A, 2), NoLoyalty, None, Home::Nowhere),
];

/// The block with this exact reference id (case-insensitive).
pub fn block(id: &str) -> Option<&'static BlockData> {
    BLOCKS.iter().find(|b| b.id.eq_ignore_ascii_case(id.trim()))
}

/// The version of a person that serves `house`, if there is one.
pub fn block_by_person_and_house(person: &str, house: House) -> Option<&'static BlockData> {
    BLOCKS.iter().find(|b| b.person.eq_ignore_ascii_case(person) && b.house() == Some(house))
}
