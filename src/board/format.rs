//! The board: the position as the moving player sees it, in JSON (`docs/board.md`). A scenario
//! kind of its own, versioned: `{"kind": "board", "version": 1, ...}`.
//!
//! Plain serde data; it may describe an impossible position. [`crate::board::Position::new`]
//! validates it once and either builds a position or names the field that is wrong.

use super::card::Card;
use crate::data::House;
use crate::scenario::StrengthPrior;
use serde::{Deserialize, Serialize};

/// The board format version this engine reads.
pub const BOARD_VERSION: u32 = 1;

/// The scenario kind's tag: always `"board"`, so a file says what it describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardKind {
    /// A board for the attack planner.
    #[serde(rename = "board")]
    Board,
}

/// The board as the moving player sees it, at his turn of the Action Phase (1.2, 5.0): his own
/// blocks with their strengths, the enemy's blocks standing unseen (Fog-of-War) with anything
/// known of them, the card he played, and what already happened this turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Always `"board"`.
    pub kind: BoardKind,
    /// Format version; must be [`BOARD_VERSION`].
    pub version: u32,
    /// The moving player's house: the blocks in each area's `blocks` are his.
    pub house: House,
    /// The house holding the throne (3.21); default Lancaster, as at the start of the game.
    #[serde(default = "lancaster")]
    pub king: House,
    /// Player 1 (moves first) or 2 this turn (1.1, 1.2); default 1. Player 1's attacks may be
    /// reinforced by Player 2 (6.3); Player 2 moves after Player 1's attacks, pinned (5.22).
    #[serde(default = "one")]
    pub player: u8,
    /// The card played this turn: an action card's 2, 3 or 4 action points, or an event card by
    /// name (5.1). Absent while it is not known yet (before the Card Phase): the planner then
    /// asks for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<Card>,
    /// Action points already spent this turn (moves, sea moves, recruits). Default: one per area
    /// the moved blocks (`route`) started from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spent: Option<u8>,
    /// The enemy's card this turn, revealed at the Card Phase (1.1): its action points (2, 3 or
    /// 4) or an event card by name. It says how many groups Player 2 may move to reinforce (6.3,
    /// R28). Absent: any number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enemy_card: Option<Card>,
    /// Blocks permanently dead (6.8), by id or name, of either house: each heir killed brings a
    /// minor heir of his house into play (4.5, 6.82).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dead: Vec<String>,
    /// Two-version blocks in play as the version that is not the one they begin with (4.6, 6.9,
    /// 9.1), named by that version: `["Stanley/Y", "Warwick/L"]`. A block placed on the board as
    /// either version is in play as that version without being listed here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defected: Vec<String>,
    /// Enemy blocks known to be off the map (in the pool, 4.2): no unseen enemy block is one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemy_pool: Vec<String>,
    /// What the board leaves out or could not know, in words (an imported board says what the
    /// game it came from did not tell: the card, the borders one's own blocks crossed...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Every area with a block in it, own or enemy; areas not listed are vacant.
    pub areas: Vec<AreaEntry>,
}

fn lancaster() -> House {
    House::Lancaster
}

fn one() -> u8 {
    1
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One area of the board and what stands in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaEntry {
    /// The area's name (2.1).
    pub area: String,
    /// The moving player's blocks here, in the order he lists them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<Piece>,
    /// Enemy blocks standing here unseen: who they are is not known (Fog-of-War).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub enemy: u8,
    /// Enemy blocks here whose identity and strength are known (revealed in an earlier battle).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemy_known: Vec<Known>,
    /// What the unseen enemy blocks' strengths may be; default full (as the fog of war has it).
    #[serde(default, skip_serializing_if = "StrengthPrior::is_full")]
    pub enemy_strength: StrengthPrior,
    /// The enemy attacked this area this turn (the moving player being Player 2): each group of
    /// the enemy's blocks here by the neighbour it came from. The group that is not a reserve is
    /// the Main Attack; its blocks pin as many of the moving player's blocks here (5.22).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacked_from: Vec<Attack>,
    /// The moving player attacked this area earlier this turn by more than one border: the
    /// neighbour his Main Attack came from (6.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main: Option<String>,
}

/// One of the moving player's blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// A reference id (`March`, `Buckingham/Y`), or a noble's name for his version of the
    /// player's house.
    pub id: String,
    /// Current strength, 1 to the block's maximum (3.11).
    pub strength: u8,
    /// It moved this turn by land: the areas it moved through, from where it started, before
    /// the one it stands in (`["Essex", "Middlesex"]`). Its border crossings count against the
    /// limits (5.21) and it moves no more (5.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub route: Vec<String>,
    /// It moved this turn by sea (or its route is not told): it moves no more (5.2, 5.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
}

/// An enemy block whose identity and strength are known.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Known {
    /// A reference id, or a noble's name for his version of the enemy's house.
    pub id: String,
    /// Its strength, 1 to its maximum.
    pub strength: u8,
}

/// A group of enemy blocks that attacked an area of the moving player's this turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The neighbour it came from, across their border.
    pub from: String,
    /// How many blocks crossed.
    pub blocks: u8,
    /// A reserve (6.3): not the Main Attack, so it pins nobody (5.22).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reserve: bool,
}
