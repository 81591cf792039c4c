//! The Kingmaker scenario: one battle, siege or ambush as the user describes it, with the Event
//! deck as the user describes it (`docs/kingmaker.md`). A scenario kind of its own, versioned,
//! in JSON: `{"kind": "kingmaker", "version": 1, ...}`.
//!
//! These types are plain data and may describe an impossible combat; [`Combat::new`]
//! validates one once and either builds the combat or names the field that is wrong.
//!
//! [`Combat::new`]: super::combat::Combat::new

use super::odds::Odds;
use serde::{Deserialize, Serialize};

/// The Kingmaker scenario format version this engine reads.
pub const KINGMAKER_VERSION: u32 = 1;

/// The scenario kind's tag: always `"kingmaker"`, so a file says which game it describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A Kingmaker combat.
    Kingmaker,
}

/// The rules in use: the Basic Game (with the optional rules it needs, such as Ambush) or the
/// Advanced Game (battle formation, encounters, the Nobles Killed Table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// The Basic Game: one Event card settles a battle, and names the Nobles killed.
    Basic,
    /// The Advanced Game: encounters along the battle line, and the Nobles Killed Table.
    Advanced,
}

/// The type of combat (Combat; Ambush, an optional rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CombatKind {
    /// Nobles in the open against Nobles in the open.
    Battle,
    /// Nobles against a town, city or castle: its garrison and the Nobles inside.
    Siege,
    /// A force too weak to do battle against one at least 4 times stronger (Ambush).
    Ambush,
}

/// Which force: the attacking player's, or the one he attacks (Combat).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The attacking player's force (in a siege, the besiegers; in an ambush, the ambushers).
    Attacker,
    /// The force attacked (in a siege, the Nobles inside adding to the garrison; in an ambush,
    /// the target force). In the Advanced Game, the original defender.
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

    /// `"attacker"` or `"defender"`, as in field paths.
    pub fn name(self) -> &'static str {
        match self {
            Side::Attacker => "attacker",
            Side::Defender => "defender",
        }
    }
}

/// A whole combat as entered by the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Always `"kingmaker"`.
    pub kind: Kind,
    /// Format version; must be [`KINGMAKER_VERSION`].
    pub version: u32,
    /// Free text shown with the figures (where the combat comes from, what the deck is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Basic or Advanced Game.
    pub game: Game,
    /// Battle, siege or ambush.
    pub combat: CombatKind,
    /// The attacking player's force.
    pub attacker: Force,
    /// The force attacked.
    pub defender: Force,
    /// A siege only: the permanent garrison of the place besieged (Terrain Key: castle 100,
    /// town, open town and royal castle 200, city 300).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub garrison: Option<u32>,
    /// An Advanced Game battle only: the encounters the attacking player initiates in this half
    /// of the round (Advanced Battle 4-5, Individual Encounter).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub encounters: Vec<Encounter>,
    /// An Advanced Game battle only: the original defender is the one attacking now (Advanced
    /// Battle 7); he then has no defender's step (Encounter Modifications 1).
    #[serde(default, skip_serializing_if = "is_false")]
    pub counterattack: bool,
    /// An ambush only: which row of the Nobles Killed Table the ambusher uses, when the table is
    /// used (the Advanced Game, or a Basic Game card without a list). Default: he selects the
    /// first royal heir of the target force, or else its first Noble.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ambush: Option<AmbushChoice>,
    /// The Event cards the attacker may draw, as the user describes them: only cards with a
    /// combat result (a Writ or Free Move is kept and another card drawn, Combat).
    pub deck: Vec<Cards>,
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

/// One force: its Nobles and the royal heirs with them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    /// The Nobles, each with his troop strength (his own and his awards').
    #[serde(default)]
    pub nobles: Vec<Noble>,
    /// The royal heirs accompanying the force.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heirs: Vec<Heir>,
}

/// A Noble in the combat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Noble {
    /// His name as on his card and on the Event cards: `"Neville"`, `"Percy"`.
    pub name: String,
    /// His troop strength: his own and that of every award he holds.
    pub strength: u32,
    /// He is titled (printed, or by a title card): his successor may stay loyal (Loyalty Table).
    #[serde(default, skip_serializing_if = "is_false")]
    pub titled: bool,
    /// An Advanced Game battle only: his place in the battle formation; absent means reserve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<Line>,
    /// An Advanced Game battle only, in the battle or secondary line: his column, 1-3. Column n of
    /// one formation faces column n of the other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<u8>,
}

/// A row of the battle formation (Battle Formation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Line {
    /// The battle line: the first row, facing the enemy.
    Battle,
    /// The secondary line, behind a Noble of the battle line.
    Secondary,
    /// The reserve stack.
    Reserve,
}

/// A royal heir accompanying a force.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Heir {
    /// His or her name: `"Henry VI"`, `"Margaret of Anjou"`.
    pub name: String,
    /// The Noble of the same force he is attached to (Deployment 1d): required in an Advanced
    /// Game battle, optional elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with: Option<String>,
    /// Crowned King (or Queen Regent): the successor may stay loyal (Loyalty Table).
    #[serde(default, skip_serializing_if = "is_false")]
    pub crowned: bool,
}

/// One encounter (Individual Encounter): the battle-line Nobles of both sides in one column,
/// and those who join them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Encounter {
    /// The column, 1-3: the attacking Noble in the battle line there attacks the one opposite.
    pub column: u8,
    /// Nobles of either side joining with all their troops: one in the secondary line of this
    /// column (Individual Encounter 2), or one in the battle line of a column with no encounter
    /// for whom this is one of the closest encounters (Individual Encounter 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub join: Vec<String>,
    /// Troops stripped off Nobles battling in another encounter to join this one (Individual
    /// Encounter 4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lend: Vec<Lend>,
}

/// Troops a Noble strips off his strength in his own encounter to join a closest one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lend {
    /// The Noble.
    pub noble: String,
    /// The troops he sends.
    pub troops: u32,
}

/// The ambusher's choice of Nobles Killed Table row (Nobles Killed Table, Ambush; Questions: one
/// or the other, never both).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AmbushChoice {
    /// Each Noble and royal heir of the target force is killed on 2 or 12.
    Each,
    /// One selected Noble or royal heir of the target force is killed on 2, 3 or 4.
    Selected(String),
}

/// Cards of the Event deck with the same combat result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cards {
    /// How many such cards.
    pub count: u32,
    /// The result printed on the lower pink half: a victory ratio, or Bad Weather.
    pub result: CardResult,
    /// The Nobles killed section as printed, top to bottom (Basic Game; an ambush kills only the
    /// lowermost). Ignored in the Advanced Game, where the Nobles Killed Table replaces it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub killed: Vec<String>,
    /// Optional Event cards (Treachery, Gales at Sea, Catastrophe, Royal Death...) print a victory
    /// ratio but no list: the Nobles Killed Table decides who dies, in the Basic Game too.
    #[serde(default, skip_serializing_if = "is_false")]
    pub nobles_killed_table: bool,
}

/// The combat result printed on an Event card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardResult {
    /// Majority victory (Advanced Game only).
    #[serde(rename = "majority")]
    Majority,
    /// 5-4 victory.
    #[serde(rename = "5-4")]
    FiveToFour,
    /// 3-2 victory.
    #[serde(rename = "3-2")]
    ThreeToTwo,
    /// 2-1 victory.
    #[serde(rename = "2-1")]
    TwoToOne,
    /// 3-1 victory.
    #[serde(rename = "3-1")]
    ThreeToOne,
    /// 4-1 victory.
    #[serde(rename = "4-1")]
    FourToOne,
    /// "Bad Weather Delays Attack".
    #[serde(rename = "bad weather")]
    BadWeather,
}

impl CardResult {
    /// The victory ratio, or `None` for Bad Weather.
    pub fn odds(self) -> Option<Odds> {
        match self {
            CardResult::Majority => Some(Odds::Majority),
            CardResult::FiveToFour => Some(Odds::FiveToFour),
            CardResult::ThreeToTwo => Some(Odds::ThreeToTwo),
            CardResult::TwoToOne => Some(Odds::TwoToOne),
            CardResult::ThreeToOne => Some(Odds::ThreeToOne),
            CardResult::FourToOne => Some(Odds::FourToOne),
            CardResult::BadWeather => None,
        }
    }
}
