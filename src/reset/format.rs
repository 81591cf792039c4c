//! The reset scenario: the realm as the Campaign Reset of the political-events variant finds it,
//! in JSON (`docs/reset.md`).
//!
//! Plain serde data; it may describe an impossible realm. [`crate::reset::Reset::new`] validates
//! it once and either builds a reset or names the field that is wrong.

use crate::data::House;
use serde::{Deserialize, Serialize};

/// The reset format version this engine reads.
pub const RESET_VERSION: u32 = 1;

/// The realm at the Campaign Reset (8.5), when the variant's Pledge of Loyalty and three event
/// rolls are made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResetScenario {
    /// Format version; must be [`RESET_VERSION`].
    pub version: u32,
    /// The house holding the throne as the reset begins, after any usurpation this turn (8.2):
    /// its senior living heir is the King, the other house's the Pretender (3.21, V2).
    pub king: House,
    /// Heirs and nobles permanently dead (6.82, 6.83) or executed, by id or name: the living
    /// heirs of each house follow from it, in rank order (3.21).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dead: Vec<String>,
    /// The non-rose nobles on the map (V1), by the version in play (`Stanley/L`, `Warwick/Y`),
    /// in the order that breaks naming ties (V5). Heirs who have defected are listed here by the
    /// version they became (`Clarence/L`, `Exeter/Y`, 9.1) when they are on the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nobles: Vec<String>,
    /// The non-rose nobles in a pool (not on the map), by version. Only Warwick's place matters to
    /// the odds (event 2 turns him wherever he is, V8); a living Warwick must be listed here or in
    /// `nobles`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool: Vec<String>,
    /// A usurpation happened this turn (8.2): the new King rolls the Pledge of Loyalty (V6).
    #[serde(default, skip_serializing_if = "is_false")]
    pub usurpation: bool,
    /// The Rebel is already on the map (event 5 then places nothing). Normally false: the Rebel
    /// disbands in 8.1 and goes to the Pretender's pool in 8.5.
    #[serde(default, skip_serializing_if = "is_false")]
    pub rebel_on_map: bool,
    /// Whom each house names when the variant lets it name nobles (V5); every field optional.
    #[serde(default, skip_serializing_if = "Naming::is_default")]
    pub naming: Naming,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_true(b: &bool) -> bool {
    *b
}

fn yes() -> bool {
    true
}

/// Each house's naming choices (V5). Given by house rather than by role, since the crown can
/// pass to the other house in the middle of a reset (V10).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Naming {
    /// The House of York's choices.
    #[serde(default, skip_serializing_if = "Names::is_default")]
    pub york: Names,
    /// The House of Lancaster's choices.
    #[serde(default, skip_serializing_if = "Names::is_default")]
    pub lancaster: Names,
}

impl Naming {
    /// True when nothing is chosen.
    pub fn is_default(&self) -> bool {
        self == &Naming::default()
    }

    /// One house's choices.
    pub fn of(&self, house: House) -> &Names {
        match house {
            House::York => &self.york,
            House::Lancaster => &self.lancaster,
        }
    }
}

/// Whom one house names, by person (`Stanley`) or id, in order of preference. A player names the
/// first persons of a list he may name (never his own noble, a loyal heir or the dead); when the
/// list runs out, the default rule picks among the enemy nobles on the map (V5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Names {
    /// As the new King, in the Pledge of Loyalty (V6). Default: the fewest dice first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pledge: Vec<String>,
    /// As the King's opponent after his event 5, the noble executed (V11). Default: the most
    /// dice first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disgrace: Vec<String>,
    /// As the roller's opponent after an event 6, the noble rolled for (V12). Default: the fewest
    /// dice first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub double_game: Vec<String>,
    /// As the King's opponent after his event 5, place the Rebel if it is not on the map (V11).
    /// Default true.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub place_rebel: bool,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            pledge: Vec::new(),
            disgrace: Vec::new(),
            double_game: Vec::new(),
            place_rebel: true,
        }
    }
}

impl Names {
    /// True when nothing is chosen.
    pub fn is_default(&self) -> bool {
        self == &Names::default()
    }
}
