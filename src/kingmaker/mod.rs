//! # Kingmaker: battle, siege and ambush odds
//!
//! Avalon Hill's *Kingmaker*, the older game of the same wars, settles combat with a card: the
//! ratio of the two forces' troops, read on the Table of Odds, against the victory ratio printed
//! on the Event card drawn, which also names the Nobles killed; the Advanced Game fights
//! encounters along a battle line and rolls two dice on the Nobles Killed Table. This module
//! computes the exact odds of one combat from a [`Scenario`] that describes the forces and the
//! Event deck as the user knows it. The rules' gaps are filled by the decisions K1-K14 in
//! `docs/rules.md`; the format is in `docs/kingmaker.md`.
//!
//! ```
//! use bosworth::kingmaker::{Combat, Scenario};
//!
//! let scenario: Scenario = serde_json::from_str(r#"{
//!     "kind": "kingmaker", "version": 1, "game": "basic", "combat": "battle",
//!     "attacker": {"nobles": [{"name": "Percy", "strength": 410}]},
//!     "defender": {"nobles": [{"name": "Neville", "strength": 280}]},
//!     "deck": [{"count": 1, "result": "bad weather"},
//!              {"count": 2, "result": "5-4", "killed": ["Neville"]},
//!              {"count": 7, "result": "3-2"}]
//! }"#)?;
//! let report = Combat::new(&scenario)?.report();
//! // 410 to 280 is 5-4 (Table of Odds): the two 5-4 cards of ten win.
//! let bosworth::kingmaker::Outcome::Battle { attacker_wins, .. } = report.outcome else { panic!() };
//! assert_eq!(attacker_wins.to_string(), "1/5");
//! assert_eq!(report.pieces[1].killed.to_string(), "1/5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A separate system from *Richard III*: it uses nothing of `data`, `rules`, `solve` or `play`,
//! and of `scenario` only [`ScenarioError`](crate::scenario::ScenarioError), so a wrong field is
//! reported the same way everywhere (`tests/layers.rs`).

mod ambush;
mod battle;
mod cards;
mod chance;
mod combat;
mod deck;
mod dice;
mod encounter;
mod format;
mod killed;
mod loyalty;
mod odds;
mod report;
mod resolve;
mod siege;
mod validate;

pub use chance::Chance;
pub use combat::{
    AmbushRow, Combat, Fight, MAX_CARDS, MAX_HEIRS, MAX_NOBLES, MAX_STRENGTH, Participant, Piece,
    PieceKind,
};
pub use deck::{Deck, Group};
pub use dice::{two_dice, ways};
pub use format::*;
pub use killed::{Row, force_row};
pub use loyalty::{LOYAL_TOTALS, successor_loyal};
pub use odds::{Odds, odds, read_table, table_row};
pub use report::{
    DeckFigures, EncounterFigures, Modification, Outcome, ParticipantFigures, PieceFigures,
    PieceType, Ratio, Report, VictoryCards,
};
