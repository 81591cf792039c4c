//! The game's printed facts: the 63 blocks and the map.
//!
//! Everything here is data from `shared/reference/richard-iii-blocks-and-map.md`
//! (block labels and map), typed so the rules can use it. Nothing here rolls dice.

mod blocks;
mod map;

pub use blocks::{BLOCKS, block, block_by_person_and_house};
pub use map::{AREAS, BORDERS, area, borders_of};

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two royal houses (3.0). The Rebel fights for the Pretender's house (3.26, D14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum House {
    /// The white blocks.
    York,
    /// The red blocks.
    Lancaster,
}

impl House {
    /// The other house.
    pub fn other(self) -> House {
        match self {
            House::York => House::Lancaster,
            House::Lancaster => House::York,
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            House::York => "York",
            House::Lancaster => "Lancaster",
        })
    }
}

/// The colour of a block: a house, or black for the Rebel (3.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// A block of the House of York.
    York,
    /// A block of the House of Lancaster.
    Lancaster,
    /// The black Rebel block (3.26).
    Rebel,
}

/// Block types (3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// An heir to the throne, with a crown and a rank (3.21).
    Heir,
    /// A noble with shields (3.22).
    Noble,
    /// Canterbury or York church (3.23).
    Church,
    /// A city levy (3.24).
    Levy,
    /// A Bombard: A3 in round 1, D3 later (6.2, D1).
    Bombard,
    /// A mercenary (3.25).
    Mercenary,
    /// The Rebel (3.26, D14).
    Rebel,
}

/// The initiative letter of a combat rating (3.12): A acts before B, B before C, C before D.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Initiative {
    /// First.
    A,
    /// Second.
    B,
    /// Third.
    C,
    /// Last (Bombards from round 2, 6.2).
    D,
}

impl Initiative {
    /// 0 for A up to 3 for D.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The letter as a char.
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }
}

/// A combat rating such as B2 (3.12): initiative letter and firepower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rating {
    /// When the block acts in a battle round.
    pub initiative: Initiative,
    /// The highest die roll that scores a hit (6.4).
    pub firepower: u8,
}

impl Rating {
    /// Parses `"B2"`. Returns `None` unless the letter is A-D and the firepower 1-6.
    pub fn parse(text: &str) -> Option<Rating> {
        let bytes = text.trim().as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let initiative = match bytes[0].to_ascii_uppercase() {
            b'A' => Initiative::A,
            b'B' => Initiative::B,
            b'C' => Initiative::C,
            b'D' => Initiative::D,
            _ => return None,
        };
        let firepower = bytes[1].wrapping_sub(b'0');
        (1..=6).contains(&firepower).then_some(Rating {
            initiative,
            firepower,
        })
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.initiative.letter(), self.firepower)
    }
}

/// The loyalty printed at the top left of a block (3.13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Loyalty {
    /// No loyalty rating: can never be the target of a Treachery roll.
    None,
    /// A rose noble: always loyal (3.13).
    Rose,
    /// Dice rolled in a Treachery roll against this version (6.9).
    Dice(u8),
}

impl Loyalty {
    /// The dice a Treachery roll needs, if this block can defect at all.
    pub fn dice(self) -> Option<u8> {
        match self {
            Loyalty::Dice(n) => Some(n),
            _ => None,
        }
    }
}

/// Where a block defends at +1 firepower (2.2-2.6, 3.21-3.24, D6, D7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Home {
    /// No defensive bonus anywhere (mercenaries, Bombards, the Rebel: D14).
    Nowhere,
    /// A noble: any area holding one of these shields (2.2, 3.22).
    Shields(&'static [&'static str]),
    /// An heir: the royal shields of his house, his own specific shield if he has one,
    /// and crowns while he is the senior royal heir (2.2, 2.3, 3.21, D7).
    Heir {
        /// The shield only this heir may use while he lives (Exeter, Somerset, Richmond).
        specific: Option<&'static str>,
    },
    /// A levy: its city (2.4, 3.24).
    City(&'static str),
    /// A church block: its cathedral (2.5, 3.23).
    Cathedral(&'static str),
    /// The Welsh mercenary: any area of Wales (2.6).
    Wales,
}

/// One block as printed: one version of a noble, or a block with a single version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockData {
    /// The reference id, e.g. `Buckingham/L` or `Coventry (levy)`.
    pub id: &'static str,
    /// The person or unit, the same for both versions of a noble (`Buckingham`).
    pub person: &'static str,
    /// The block's colour.
    pub colour: Colour,
    /// Its type.
    pub kind: Kind,
    /// The most steps it can have (3.11).
    pub max_strength: u8,
    /// Its printed combat rating (3.12).
    pub rating: Rating,
    /// Its loyalty for this version (3.13).
    pub loyalty: Loyalty,
    /// Heir rank, 1 = senior (3.21). `None` for every non-heir, including Clarence/L and Exeter/Y (9.1, D8).
    pub heir_rank: Option<u8>,
    /// Where it defends at +1.
    pub home: Home,
}

impl BlockData {
    /// The house this version fights for; the Rebel has none of its own (it serves the Pretender).
    pub fn house(&self) -> Option<House> {
        match self.colour {
            Colour::York => Some(House::York),
            Colour::Lancaster => Some(House::Lancaster),
            Colour::Rebel => None,
        }
    }

    /// The other-house version of this noble, if it has one (4.6).
    pub fn other_version(&self) -> Option<&'static BlockData> {
        let house = self.house()?.other();
        block_by_person_and_house(self.person, house).filter(|b| b.id != self.id)
    }

    /// True for the three Nevilles: Warwick, Kent, Salisbury (3.13, 6.83, 6.91).
    pub fn is_neville(&self) -> bool {
        matches!(self.person, "Warwick" | "Kent" | "Salisbury")
    }

    /// The house a two-version noble serves when the game begins (the 1460 deployment, 4.3,
    /// 4.4): York for the persons Lancaster lists as *Enemy Noble* (Canterbury, Clarence,
    /// Warwick, Salisbury, Kent), Lancaster for those York lists (Exeter, Buckingham,
    /// Northumberland, Westmoreland, Shrewsbury, Rivers, Stanley, York church). `None` for a
    /// block with one version.
    pub fn starting_house(&self) -> Option<House> {
        self.other_version()?;
        Some(
            if matches!(
                self.person,
                "Canterbury (church)" | "Clarence" | "Warwick" | "Salisbury" | "Kent"
            ) {
                House::York
            } else {
                House::Lancaster
            },
        )
    }

    /// True for the enemy version of a two-version noble (4.6): the one that serves the house
    /// the person does not start the game with (`Warwick/L`, `Stanley/Y`), kept off the map
    /// until he defects.
    pub fn is_enemy_version(&self) -> bool {
        self.starting_house()
            .is_some_and(|h| self.house() != Some(h))
    }

    /// For a minor heir (4.5), his place among his house's minors: `Some(1)` for the first to
    /// enter play (Prince Edward, Clarence), `Some(2)` for the second (Richmond, Gloucester).
    /// The k-th minor enters once k heirs of his house have been killed (4.5, 6.82); a
    /// defection makes no vacancy (9.1). `None` for every other block.
    pub fn minor(&self) -> Option<u8> {
        match self.id {
            "Prince Edward" | "Clarence/Y" => Some(1),
            "Richmond" | "Gloucester" => Some(2),
            _ => None,
        }
    }
}

/// A border's type (5.21); its limit also bounds retreats each battle round (6.6, D12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BorderKind {
    /// Yellow: 4 blocks.
    Major,
    /// Blue: 3 blocks.
    River,
    /// Red: 2 blocks.
    Minor,
    /// A link to a sea zone: no retreat by sea (5.3).
    Sea,
}

impl BorderKind {
    /// Blocks per player per turn (5.21); 0 for sea links, which no retreat may use.
    pub fn limit(self) -> u8 {
        match self {
            BorderKind::Major => 4,
            BorderKind::River => 3,
            BorderKind::Minor => 2,
            BorderKind::Sea => 0,
        }
    }
}

/// A border between an area and a neighbouring area or sea zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Border {
    /// One side.
    pub a: &'static str,
    /// The other side.
    pub b: &'static str,
    /// Its type.
    pub kind: BorderKind,
}

/// One map area and the defensive features in it (2.2-2.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Area {
    /// The area's name.
    pub name: &'static str,
    /// Shields in the area: noble names, or `York` / `Lancaster` for royal shields,
    /// or `Exeter` / `Somerset` / `Richmond` for the three specific Lancaster heir shields.
    pub shields: &'static [&'static str],
    /// A crown (2.3).
    pub crown: bool,
    /// The city in the area, named as its levy's city (2.4).
    pub city: Option<&'static str>,
    /// The cathedral in the area (2.5).
    pub cathedral: Option<&'static str>,
    /// One of the four areas of Wales (2.6).
    pub wales: bool,
    /// The house whose exile area this is (2.7); such areas are never attacked.
    pub exile: Option<House>,
    /// A major port (2.83).
    pub major_port: bool,
}

impl Area {
    /// True if a shield with this key is in the area.
    pub fn has_shield(&self, key: &str) -> bool {
        self.shields.contains(&key)
    }
}
