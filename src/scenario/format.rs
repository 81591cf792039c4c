//! The scenario: a battle as the user describes it, in the JSON format shared by the CLI,
//! the browser app and shared links (`docs/scenario.md`).
//!
//! These types are plain data and may describe an impossible battle; [`crate::Battle::new`]
//! validates one once and either builds a battle or names the field that is wrong.

use crate::data::House;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The scenario format version this engine reads.
pub const SCENARIO_VERSION: u32 = 1;

/// Which side of the battle, as entered: the attacker moved in, the defender was there (5.22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The side that moved into the area.
    Attacker,
    /// The side that held the area.
    Defender,
}

impl Side {
    /// Both sides, attacker first.
    pub const BOTH: [Side; 2] = [Side::Attacker, Side::Defender];

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }

    /// 0 for the attacker, 1 for the defender.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"attacker"` or `"defender"`, as in field paths.
    pub fn name(self) -> &'static str {
        match self {
            Side::Attacker => "attacker",
            Side::Defender => "defender",
        }
    }
}

/// A whole battle as entered by the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Format version; must be [`SCENARIO_VERSION`].
    pub version: u32,
    /// The map area of the battle; it decides every defensive bonus (2.2-2.6). `None`: no bonuses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
    /// The house holding the throne (3.21); default Lancaster, as at the start of the game.
    #[serde(default = "default_king")]
    pub king: House,
    /// Blocks permanently dead before this battle (6.8): they decide which shields
    /// other heirs and Nevilles may use (D6, D7) and who is King or Pretender.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dead: Vec<String>,
    /// Who holds the Treason event card and will roll it before round 1 (D11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treason: Option<Side>,
    /// The side that moved in.
    pub attacker: Army,
    /// The side that held the area.
    pub defender: Army,
    /// Blocks the attacker has seen elsewhere on the map (Fog-of-War): no hidden block can be one
    /// of them. Ids or persons (`Warwick`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seen_elsewhere: Vec<String>,
    /// Heirs and Nevilles who have defected elsewhere on the map (6.9, 9.1), named by the
    /// version they became: `Clarence/L`, `Exeter/Y`, `Warwick/L`, `Kent/L`, `Salisbury/L`. A
    /// defected heir is no heir of his house, so he is passed over for King and Pretender (3.21,
    /// 9.1, R1); none of them can be a hidden block here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defected_elsewhere: Vec<String>,
    /// Who holds the area's land neighbours, for a battle whose blocks say where they came from
    /// (`from`): the retreat capacity of each side is then worked out from the map (6.6, D12).
    /// A neighbour not listed is vacant.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub neighbours: BTreeMap<String, Held>,
    /// Two-version nobles who have changed sides (4.6, 6.9) and may be anywhere, named by the
    /// version they now are (`Warwick/L`, `Stanley/Y`, `Clarence/L`): the enemy version of a
    /// noble, which no hidden block may be unless listed here (R13). A defected heir is no heir
    /// of his house (9.1, R1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defected: Vec<String>,
    /// The players' choices; every field optional (see [`Policy`]).
    #[serde(default, skip_serializing_if = "Policy::is_default")]
    pub policy: Policy,
    /// A battle already under way: where it stands. Absent: the battle is about to begin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress: Option<Progress>,
}

/// Where a battle in progress stands. Blocks' `strength` fields are their current strengths;
/// blocks eliminated or retreated so far are left out (dead heirs and Nevilles go in `dead`);
/// a block that has defected is listed on its new side as its new version, and in `defected`.
/// The Treason card, if any, has been played.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// The current battle round, 1-4.
    pub round: u8,
    /// Blocks that have had their turn this round (or may not act in it, D4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acted: Vec<String>,
    /// Rollers that have spent their Treachery roll (6.9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolled: Vec<String>,
    /// Blocks that defected earlier in this battle: they cannot be rolled against again (6.9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defected: Vec<String>,
    /// Control changed in round 1 (D5): the attacker as entered now defends.
    #[serde(default, skip_serializing_if = "is_false")]
    pub control_changed: bool,
    /// Blocks each side has retreated this round (D12): [attacker, defender].
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub retreats_used: [u8; 2],
}

/// Who holds a neighbouring area (2.1): blocks retreat only to friendly or vacant areas (6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Held {
    /// York's blocks only.
    York,
    /// Lancaster's blocks only.
    Lancaster,
    /// Blocks of both houses, awaiting their own battle: friendly to neither.
    #[serde(rename = "contested")]
    Contested,
}

fn is_zero_pair(p: &[u8; 2]) -> bool {
    *p == [0, 0]
}

fn default_king() -> House {
    House::Lancaster
}

/// One side's blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// The house this side fights for.
    pub house: House,
    /// Its blocks, in the order that breaks ties (fire order inside a group, D2; hits, D3).
    pub blocks: Vec<BlockEntry>,
    /// How many of its blocks may retreat each battle round (D12); `None` = no limit, 0 = no exit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_capacity: Option<u8>,
    /// Blocks standing upright, facing their owner (Fog-of-War): the other side knows they are
    /// there, not who they are. They enter after `blocks`, in this order (D2, D3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden: Vec<HiddenBlock>,
}

/// A block whose identity and strength are not known (Fog-of-War): one block out of its
/// candidates, at a strength drawn from its prior. Two hidden blocks are never the same person.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HiddenBlock {
    /// The blocks it may be (ids, or a noble's name for this side's version). Empty: every block
    /// of the side's house that could be here (not dead, not in the battle, not seen elsewhere).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<String>,
    /// Only blocks of these kinds: `heir`, `noble`, `church`, `levy`, `mercenary`, `bombard`,
    /// `rebel`. Empty: any kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<String>,
    /// What its strength may be; default `full`.
    #[serde(default, skip_serializing_if = "StrengthPrior::is_full")]
    pub strength: StrengthPrior,
    /// Enters as a reserve (6.3, D4).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reserve: bool,
    /// The neighbouring area it came from, across their border (5.2, 6.3): as for a known
    /// block's `from`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
}

/// What a hidden block's strength may be, for each candidate up to its own maximum (3.11).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StrengthPrior {
    /// Full strength: recruits and fresh campaigns are (the default).
    #[default]
    Full,
    /// Any strength from 1 to the maximum, equally likely.
    Any,
    /// 1 to n, equally likely.
    AtMost(u8),
    /// n to the maximum, equally likely.
    AtLeast(u8),
    /// Relative weights of strengths 1, 2, 3, 4 (a candidate's weights above its maximum are
    /// dropped, the rest renormalised).
    Weights(Vec<f64>),
}

impl StrengthPrior {
    /// True for the default, full strength.
    pub fn is_full(&self) -> bool {
        *self == StrengthPrior::Full
    }
}

/// One block in a battle: a real block by id, or a custom one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockEntry {
    /// A reference id (`Buckingham/L`, `Coventry (levy)`), or a noble's name alone
    /// (`Buckingham`) for the version of this side's house.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// A what-if block not in the game, instead of `id`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom: Option<CustomBlock>,
    /// Current strength (3.11), 1 up to the block's maximum.
    pub strength: u8,
    /// A reserve: it crossed another border than the Main Attack, or reinforces the defence (6.3, D4).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reserve: bool,
    /// The neighbouring area it came from, across their border (5.2, 6.3). Optional; where a
    /// side's blocks say it, the map's rules apply to the battle: border limits (5.21), no land
    /// move across an estuary, at most three borders for an attack and two for reinforcements
    /// (6.3), the Main Attack's blocks active and the others reserves, the retreat capacity
    /// worked out from the map (D12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A block invented for a what-if battle. It has no defensive bonus anywhere.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomBlock {
    /// Its name; must differ from every reference id.
    pub name: String,
    /// Combat rating such as `B2` (3.12).
    pub rating: String,
    /// Maximum strength, 1-4 (3.11).
    pub max_strength: u8,
    /// Treachery dice (1-3) if it can defect; `None` if it never does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<u8>,
}

/// The choices the rules leave to the players. Everything defaults to the plain battle:
/// every block fires on its turn, no charge, no Treachery, no voluntary retreat, and the
/// attacker retreats on its turn in round 4 (6.2).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Policy {
    /// The attacker's choices.
    #[serde(default, skip_serializing_if = "SidePolicy::is_default")]
    pub attacker: SidePolicy,
    /// The defender's choices.
    #[serde(default, skip_serializing_if = "SidePolicy::is_default")]
    pub defender: SidePolicy,
}

impl Policy {
    /// True when nothing is chosen.
    pub fn is_default(&self) -> bool {
        self == &Policy::default()
    }
}

/// One side's choices.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidePolicy {
    /// Which block acts first when several of this side share an initiative group (D2).
    /// Blocks not named follow in listing order. An enemy block that may defect to this side is
    /// named by the version it would become (`Stanley/L` on the Lancaster side); unnamed
    /// defectors come last (R5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fire_order: Vec<String>,
    /// Which block takes the hits first among this side's equally strong blocks (D3).
    /// Blocks not named follow in listing order; defectors as in `fire_order` (R5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hit_order: Vec<String>,
    /// Charges by this side's senior heir (6.5, D9), tried in order on his turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charges: Vec<ChargePlan>,
    /// Treachery rolls by this side's King, Pretender or Warwick (6.9, D10), tried in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treachery: Vec<TreacheryPlan>,
    /// The block this side's Treason card rolls against (D11); only with `treason` set to this side.
    /// Default: the enemy block that defects most easily (fewest dice, then strongest, then first listed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treason_target: Option<String>,
    /// When this side's blocks retreat of their own will (6.6, D12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat: Option<RetreatPlan>,
    /// When chosen blocks retreat of their own will (6.6, D12, R3), tried in order after
    /// `retreat`: a block may have several plans, any of which sends it away.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreats: Vec<BlockRetreat>,
}

impl SidePolicy {
    /// True when nothing is chosen.
    pub fn is_default(&self) -> bool {
        self == &SidePolicy::default()
    }
}

/// A charge the senior heir makes on his turn instead of firing (6.5, D9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChargePlan {
    /// The enemy block to charge.
    pub target: String,
    /// Only in this battle round; `None` = in every round a charge is allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u8>,
    /// Only when this heir is the senior heir; `None` = whoever is senior.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// A Treachery roll (6.9, D10).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreacheryPlan {
    /// The roller: this side's King, Pretender or Warwick.
    pub by: String,
    /// The enemy block to turn.
    pub target: String,
    /// Only in this battle round; `None` = at the roller's first chance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u8>,
}

/// When blocks retreat of their own will. Both conditions, when given, must hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetreatPlan {
    /// Retreat from this battle round on (2-4; rule 6.6 forbids round 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_round: Option<u8>,
    /// Retreat while this side's total strength divided by the enemy's is below this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below_ratio: Option<f64>,
}

/// When one block retreats of its own will (6.6, D12). Every condition given must hold on its
/// turn; a plan with no condition retreats it at its first chance (round 2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockRetreat {
    /// The block: one of this side's, or an enemy block that may defect to it, by the version it
    /// would become (as in `hit_order`).
    pub block: String,
    /// From this battle round on (2-4; rule 6.6 forbids round 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_round: Option<u8>,
    /// While the block's own strength is below this (it has lost steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below_strength: Option<u8>,
    /// While this side's total strength divided by the enemy's is below this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below_ratio: Option<f64>,
}
