//! The blocks a house can add, and how a block entry is looked up for drawing: shared by the
//! battle's armies and the map's areas.

use bosworth::data::{BLOCKS, BlockData, Colour, House, Kind, Loyalty};
use bosworth::scenario::BlockEntry;

/// The block types, in the order the filter lists them.
pub const KINDS: [Kind; 7] = [
    Kind::Heir,
    Kind::Noble,
    Kind::Church,
    Kind::Levy,
    Kind::Mercenary,
    Kind::Bombard,
    Kind::Rebel,
];

/// A type's name in the filter.
pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Heir => "Heirs",
        Kind::Noble => "Nobles",
        Kind::Church => "Church",
        Kind::Levy => "Levies",
        Kind::Mercenary => "Mercenaries",
        Kind::Bombard => "Bombards",
        Kind::Rebel => "Rebel",
    }
}

/// The printed block an entry names, as the side of `house` means it (a noble's name alone is
/// the version of that house).
pub fn lookup(entry: &BlockEntry, house: House) -> Option<&'static BlockData> {
    let id = entry.id.as_deref()?;
    bosworth::data::block(id)
        .or_else(|| bosworth::data::block_by_person_and_house(id, house))
}

/// The blocks of `house`'s roster: every block of its colour, and the Rebel for the Pretender's
/// house (it serves the Pretender, 3.26, D14).
pub fn roster(house: House, king: House) -> Vec<&'static BlockData> {
    BLOCKS
        .iter()
        .filter(|b| match b.colour {
            Colour::Rebel => house != king,
            _ => b.house() == Some(house),
        })
        .collect()
}

/// True if the person is already on the field or dead (a person can be in only one place).
pub fn taken(block: &BlockData, used: &[String]) -> bool {
    used.iter().any(|u| {
        bosworth::data::block(u).map(|b| b.person).unwrap_or(u.as_str()).eq_ignore_ascii_case(block.person)
    })
}

/// What the top left of a block shows: loyalty dice, a rose, or the heir's crown and rank.
pub fn badge(block: &BlockData) -> (String, String) {
    if let Some(rank) = block.heir_rank {
        return (format!("♛{rank}"), format!("heir, rank {rank} (3.21)"));
    }
    match block.loyalty {
        Loyalty::Rose => ("✿".into(), "rose: always loyal (3.13)".into()),
        Loyalty::Dice(n) => (n.to_string(), format!("loyalty {n}: a Treachery roll needs {n} even dice (6.9)")),
        Loyalty::None => (String::new(), "no loyalty rating: never defects".into()),
    }
}
