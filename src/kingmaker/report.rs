//! What a combat's odds are: the report `bosworth kingmaker` prints and the app will show. Every
//! chance is exact ([`Chance`]); each outcome's chances add up to 1.

use super::chance::Chance;
use super::format::{AmbushChoice, CombatKind, Game, Side};
use super::odds::{Odds, odds};
use serde::Serialize;
use std::cmp::Ordering;

/// The figures of one combat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Basic or Advanced Game.
    pub game: Game,
    /// Battle, siege or ambush.
    pub combat: CombatKind,
    /// The scenario's note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The deck as described.
    pub deck: DeckFigures,
    /// Who wins, or why nothing is decided.
    pub outcome: Outcome,
    /// Each Noble and royal heir: the chance he is killed, and his successor's loyalty.
    pub pieces: Vec<PieceFigures>,
    /// Remarks on rules that bear on this combat, with their rule or decision.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The deck's composition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeckFigures {
    /// Cards with a combat result.
    pub cards: u32,
    /// "Bad Weather Delays Attack" cards.
    pub bad_weather: u32,
    /// Cards printing each victory ratio, Majority to 4-1 (those with none left out).
    pub victory: Vec<VictoryCards>,
}

/// How many cards print one victory ratio.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct VictoryCards {
    /// The ratio.
    pub odds: Odds,
    /// The cards.
    pub cards: u32,
}

/// A ratio between two forces, read on the Table of Odds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Ratio {
    /// The side with more troops (after modifications, for a modified ratio); `None` if equal.
    pub larger: Option<Side>,
    /// The column it reaches; `None` below the first column (1-1, or below 5-4 in the Basic
    /// Game, which has no Majority: K3).
    pub odds: Option<Odds>,
}

impl Ratio {
    /// The ratio of the two forces' troops on the Table of Odds (K1). The Basic Game has no
    /// Majority column: a smaller excess reaches no column (K3).
    pub fn of(game: Game, attacker: u32, defender: u32) -> Ratio {
        let larger = match attacker.cmp(&defender) {
            Ordering::Greater => Some(Side::Attacker),
            Ordering::Less => Some(Side::Defender),
            Ordering::Equal => None,
        };
        let odds = odds(attacker.max(defender), attacker.min(defender))
            .filter(|o| game == Game::Advanced || *o != Odds::Majority);
        Ratio { larger, odds }
    }
}

/// The outcome of the combat.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// A Basic Game battle: one card (Combat 3-4).
    Battle {
        /// The attacker's troops.
        attacker: u32,
        /// The defender's troops.
        defender: u32,
        /// Their ratio.
        ratio: Ratio,
        /// The attacker wins: he is the larger force and the card's ratio is not above his.
        attacker_wins: Chance,
        /// The defender wins (he is the larger force).
        defender_wins: Chance,
        /// A card with a higher ratio: no victor.
        indecisive: Chance,
        /// Bad Weather: no battle.
        bad_weather: Chance,
    },
    /// A siege: the odds are ignored; it succeeds unless Bad Weather delays it (Siege 2-3).
    Siege {
        /// The besiegers' troops.
        besiegers: u32,
        /// The place's garrison.
        garrison: u32,
        /// The troops of the Nobles inside adding to it.
        defenders: u32,
        /// The place and all inside are captured.
        captured: Chance,
        /// Bad Weather: the place is "under siege".
        under_siege: Chance,
    },
    /// An ambush (Ambush).
    Ambush {
        /// The ambushers' troops.
        ambushers: u32,
        /// The target force's troops.
        target: u32,
        /// Their ratio (4-1 for the target, or no ambush).
        ratio: Ratio,
        /// The Nobles Killed Table row, when it is read (Advanced Game, or optional cards).
        #[serde(skip_serializing_if = "Option::is_none")]
        table_row: Option<AmbushChoice>,
        /// The ambush takes place: surviving ambushers are captured by the target force.
        ambushers_captured: Chance,
        /// Bad Weather postpones it.
        postponed: Chance,
    },
    /// An Advanced Game battle: this half-round's encounters (Advanced Battle 4-5).
    Encounters {
        /// The side attacking in this half-round.
        initiator: Side,
        /// Step 1: the card drawn before the formations postpones the battle. Absent for a
        /// counter-attack, which draws none. The encounter figures assume the battle goes ahead.
        #[serde(skip_serializing_if = "Option::is_none")]
        postponed: Option<Chance>,
        /// Each encounter.
        encounters: Vec<EncounterFigures>,
    },
}

/// One encounter's odds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EncounterFigures {
    /// Its column.
    pub column: u8,
    /// Who fights, with their troops.
    pub participants: Vec<ParticipantFigures>,
    /// The attacker's troops in it (the original attacker's side).
    pub attacker: u32,
    /// The defender's troops in it.
    pub defender: u32,
    /// The ratio of troops.
    pub troop_ratio: Ratio,
    /// Each modification, for the side it favours (Encounter Modifications 1-2).
    pub modifications: Vec<Modification>,
    /// The side the one step left after cancelling favours, if any (Encounter Modifications
    /// 3-4, K6).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shift: Option<Side>,
    /// The ratio after the step: the one compared with the card.
    pub ratio: Ratio,
    /// The original attacker's side wins.
    pub attacker_wins: Chance,
    /// The original defender's side wins.
    pub defender_wins: Chance,
    /// A card with a higher ratio.
    pub indecisive: Chance,
    /// Bad Weather: an indecisive encounter too (Individual Encounter 5), shown apart.
    pub bad_weather: Chance,
}

/// A participant of an encounter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParticipantFigures {
    /// The Noble.
    pub name: String,
    /// His force.
    pub side: Side,
    /// The troops he brings.
    pub troops: u32,
}

/// A one-step modification of an encounter's ratio.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Modification {
    /// The side it favours.
    pub side: Side,
    /// Why, with the rule.
    pub reason: String,
}

/// Noble or royal heir.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceType {
    /// A Noble.
    Noble,
    /// A royal heir.
    RoyalHeir,
}

/// What a Noble or royal heir risks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PieceFigures {
    /// His name.
    pub name: String,
    /// His force.
    pub side: Side,
    /// Noble or royal heir.
    pub piece: PieceType,
    /// A Noble's troop strength.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strength: Option<u32>,
    /// A titled Noble.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub titled: bool,
    /// A crowned royal heir.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub crowned: bool,
    /// The chance he is killed.
    pub killed: Chance,
    /// Each way he may be killed, with its rule.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub how: Vec<String>,
    /// Advanced Game, titled or crowned: killed, and his successor stays with the faction
    /// (Loyalty Table, 2 through 7).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub successor_loyal: Option<Chance>,
    /// Killed, and the successor is lost to the faction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub successor_lost: Option<Chance>,
}
