//! Where a block is at home in this battle's area: its shields, city, cathedral, Wales, and an
//! heir's royal shields and crown (2.2-2.6, 3.21-3.24, D6, D7), compiled once per version before
//! any state is known. What a home is worth at the instant of fire is [`super::bonus`]'s.

use crate::data::{Area, BlockData, Home, House};

/// Bits of the dead people whose shields others may use (D6, D7).
pub(crate) const DEAD_WARWICK: u8 = 1;
pub(crate) const DEAD_KENT: u8 = 2;
pub(crate) const DEAD_SALISBURY: u8 = 4;
pub(crate) const DEAD_EXETER: u8 = 8;
pub(crate) const DEAD_SOMERSET: u8 = 16;
pub(crate) const DEAD_RICHMOND: u8 = 32;

/// The dead-person bit of a printed block (0 for everyone whose death frees no shield).
pub(crate) fn person_bit(person: &str) -> u8 {
    match person {
        "Warwick" => DEAD_WARWICK,
        "Kent" => DEAD_KENT,
        "Salisbury" => DEAD_SALISBURY,
        "Exeter" => DEAD_EXETER,
        "Somerset" => DEAD_SOMERSET,
        "Richmond" => DEAD_RICHMOND,
        _ => 0,
    }
}

/// What one version of a block gets in this battle's area, before the state is known.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct BonusRule {
    /// +1 that needs nothing else: the noble's own shield, the levy's city, the church's
    /// cathedral, the Welsh in Wales (D6), an heir's own specific shield (D7).
    pub fixed: bool,
    /// +1 if any of these people is dead: a dead Neville's shield (D6).
    pub shield_if_dead: u8,
    /// An heir's bonuses that only the senior heir gets (D7).
    pub heir: Option<HeirRule>,
}

/// The shared parts of an heir's bonus (D7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HeirRule {
    pub house: House,
    /// The area has a shared royal shield of his house (York: South Yorks, Hereford, Rutland;
    /// Lancaster: Lancaster, Lincoln).
    pub royal_shield: bool,
    /// The area holds the specific shields of these Lancaster heirs; once one of them is dead it
    /// serves the senior Lancaster heir (2.2, D7).
    pub royal_if_dead: u8,
    /// The area has a crown and his house holds the throne (2.3).
    pub crown: bool,
}

impl BonusRule {
    /// Compiles the rule for a printed block in an area.
    pub(crate) fn for_block(data: &BlockData, area: Option<&Area>, king: House) -> BonusRule {
        let Some(area) = area else {
            return BonusRule::default();
        };
        match data.home {
            Home::Nowhere => BonusRule::default(),
            Home::Shields(keys) => {
                let fixed = keys.iter().any(|k| area.has_shield(k));
                let mut shield_if_dead = 0;
                if data.is_neville() {
                    // D6: a Neville may use the shield of a dead Neville.
                    for other in ["Warwick", "Kent", "Salisbury"] {
                        if other != data.person && area.has_shield(other) {
                            shield_if_dead |= person_bit(other);
                        }
                    }
                }
                BonusRule {
                    fixed,
                    shield_if_dead,
                    heir: None,
                }
            }
            Home::City(city) => BonusRule {
                fixed: area.city == Some(city),
                ..BonusRule::default()
            },
            Home::Cathedral(c) => BonusRule {
                fixed: area.cathedral == Some(c),
                ..BonusRule::default()
            },
            Home::Wales => BonusRule {
                fixed: area.wales,
                ..BonusRule::default()
            },
            Home::Heir { specific } => {
                let house = data.house().unwrap_or(House::York);
                let fixed = specific.is_some_and(|s| area.has_shield(s));
                let mut royal_if_dead = 0;
                if house == House::Lancaster {
                    for s in ["Exeter", "Somerset", "Richmond"] {
                        if Some(s) != specific && area.has_shield(s) {
                            royal_if_dead |= person_bit(s);
                        }
                    }
                }
                let royal_key = match house {
                    House::York => "York",
                    House::Lancaster => "Lancaster",
                };
                BonusRule {
                    fixed,
                    shield_if_dead: 0,
                    heir: Some(HeirRule {
                        house,
                        royal_shield: area.has_shield(royal_key),
                        royal_if_dead,
                        crown: area.crown && house == king,
                    }),
                }
            }
        }
    }
}
