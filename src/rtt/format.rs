//! What Rally the Troops gives out, as plain serde data (`../shared/rtt/README.md`): the play
//! page's `{player, view}` of a game in progress, and the export of a finished game
//! (`{setup, players, state, replay, snaps}`). Every field the importer does not read is left
//! out (serde skips unknown fields), and every field it reads may be missing, so that a file
//! from another moment of the game, or another version of the site, still reads: what is
//! missing is reported by the importer, naming the field.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The play page's two globals, copied by the bookmarklet: `{player, view}`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Paste {
    /// The role of the page's browser: `"York"`, `"Lancaster"` or `"Observer"`.
    #[serde(default)]
    pub player: Option<String>,
    /// What the server sent for that role.
    #[serde(default)]
    pub view: Option<View>,
}

/// The view of a game in progress (the README's table).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct View {
    /// `"2 of 3"`: campaign 2 of a game that ends after campaign 3.
    #[serde(default)]
    pub campaign: Option<String>,
    /// Whose turn it is: `"York"`, `"Lancaster"`, `"Both"` (the card phase) or `"None"`.
    #[serde(default)]
    pub active: Option<String>,
    /// The King's block id.
    #[serde(default)]
    pub king: Option<String>,
    /// The Pretender's block id.
    #[serde(default)]
    pub pretender: Option<String>,
    /// Lancaster's card this turn (0 while hidden from this player).
    #[serde(default)]
    pub l_card: Option<u8>,
    /// York's card this turn (0 while hidden from this player).
    #[serde(default)]
    pub y_card: Option<u8>,
    /// Block id -> where it stands: an area, a sea zone, `"Pool"`, `"Minor"`, or null.
    #[serde(default, deserialize_with = "nullable")]
    pub location: BTreeMap<String, Option<String>>,
    /// Block id -> strength.
    #[serde(default, deserialize_with = "nullable")]
    pub steps: BTreeMap<String, u8>,
    /// Block id -> moved (or was recruited) this turn.
    #[serde(default, deserialize_with = "nullable")]
    pub moved: BTreeMap<String, bool>,
    /// During a battle, its lineup; only its presence is read (the battle's area is `where`).
    #[serde(default)]
    pub battle: Option<serde::de::IgnoredAny>,
    /// The area of the battle under way, or of the current choice.
    #[serde(default, rename = "where")]
    pub at: Option<String>,
    /// The sentence the page shows: `"... 2AP left."`.
    #[serde(default)]
    pub prompt: Option<String>,
    /// The game's log; one entry may hold several lines joined by `\n`.
    #[serde(default, deserialize_with = "nullable")]
    pub log: Vec<String>,
}

/// The export of a finished game: `/api/export/GAME_ID`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Export {
    /// The game: title and scenario.
    #[serde(default)]
    pub setup: Option<Setup>,
    /// Who played which role.
    #[serde(default, deserialize_with = "nullable")]
    pub players: Vec<Player>,
    /// The final state, with the whole log.
    #[serde(default)]
    pub state: Option<State>,
    /// Every action of the game, `[role, action, argument]`; only the count is read.
    #[serde(default, deserialize_with = "nullable")]
    pub replay: Vec<serde::de::IgnoredAny>,
    /// `[replay_index, state]` each time the player to act changed; `log` there is the log's
    /// length at that moment.
    #[serde(default, deserialize_with = "nullable")]
    pub snaps: Vec<(u64, State)>,
}

/// An export's `setup`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// The game's number on the site.
    #[serde(default)]
    pub game_id: Option<u64>,
    /// `"richard-iii"` for this game.
    #[serde(default)]
    pub title_id: Option<String>,
    /// `"Wars of the Roses"`, `"Kingmaker"` or `"Richard III"`.
    #[serde(default)]
    pub scenario: Option<String>,
}

/// One of an export's `players`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// `"York"` or `"Lancaster"`.
    #[serde(default)]
    pub role: Option<String>,
    /// The player's name on the site.
    #[serde(default)]
    pub name: Option<String>,
}

/// The game's full state (an export's `state`, or a snapshot's).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The phase: `play_card`, `action_phase`, `battle_phase`, `battle_round`, `regroup`...
    #[serde(default)]
    pub state: Option<String>,
    /// Whose turn it is.
    #[serde(default)]
    pub active: Option<String>,
    /// The campaign, 1 to `end_campaign`.
    #[serde(default)]
    pub campaign: Option<u8>,
    /// The campaign after which the game ends.
    #[serde(default)]
    pub end_campaign: Option<u8>,
    /// The turn of the campaign, 1 to 7.
    #[serde(default)]
    pub turn: Option<u8>,
    /// The King's block id.
    #[serde(default)]
    pub king: Option<String>,
    /// The Pretender's block id.
    #[serde(default)]
    pub pretender: Option<String>,
    /// Lancaster's card this turn.
    #[serde(default)]
    pub l_card: Option<u8>,
    /// York's card this turn.
    #[serde(default)]
    pub y_card: Option<u8>,
    /// Player 1 this turn (`"York"` or `"Lancaster"`).
    #[serde(default)]
    pub p1: Option<String>,
    /// Player 2 this turn.
    #[serde(default)]
    pub p2: Option<String>,
    /// Action points left to the active player.
    #[serde(default)]
    pub moves: Option<u8>,
    /// Block id -> where it stands.
    #[serde(default, deserialize_with = "nullable")]
    pub location: BTreeMap<String, Option<String>>,
    /// Block id -> strength.
    #[serde(default, deserialize_with = "nullable")]
    pub steps: BTreeMap<String, u8>,
    /// Block id -> moved this turn.
    #[serde(default, deserialize_with = "nullable")]
    pub moved: BTreeMap<String, bool>,
    /// Area -> the house that attacked it this turn.
    #[serde(default, deserialize_with = "nullable")]
    pub attacker: BTreeMap<String, String>,
    /// Area -> the border id (`"Kent/Middlesex"`) of the Main Attack, when it has more than one.
    #[serde(default, deserialize_with = "nullable")]
    pub main_border: BTreeMap<String, String>,
    /// Border id -> blocks that crossed it this turn.
    #[serde(default, deserialize_with = "nullable")]
    pub border_limit: BTreeMap<String, u8>,
    /// Block ids in reserve in the battle under way.
    #[serde(default, deserialize_with = "nullable")]
    pub reserves: Vec<String>,
    /// The battle's area during a battle.
    #[serde(default, rename = "where")]
    pub at: Option<String>,
    /// The battle round under way, 1 to 4 (0 or absent outside a battle).
    #[serde(default)]
    pub battle_round: Option<u8>,
    /// Blocks eliminated this campaign.
    #[serde(default, deserialize_with = "nullable")]
    pub dead: BTreeMap<String, bool>,
    /// In a snapshot, the log's length at that moment; in the final state, the whole log.
    #[serde(default, deserialize_with = "nullable")]
    pub log: Log,
}

/// A state's `log`: the log itself (the final state) or its length (a snapshot).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Log {
    /// A snapshot's: how many entries the log had.
    Length(usize),
    /// The final state's: every entry.
    Lines(Vec<String>),
}

impl Default for Log {
    fn default() -> Self {
        Log::Length(0)
    }
}

/// A field that may be `null` as well as absent: either reads as empty.
fn nullable<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}
