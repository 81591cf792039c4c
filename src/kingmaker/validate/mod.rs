//! [`Combat::new`]: every validation rule of a Kingmaker scenario and its message, and the
//! compilation into pieces, a deck and encounters. An error names the field (`field: reason`).
//! One file for each thing validated: the forces (`forces.rs`), the Event deck (`deck.rs`), what
//! belongs to one type of combat, sieges and ambushes (`kinds.rs`), the Advanced Game's battle
//! formation (`formation.rs`), its encounters (`encounters.rs`), the Nobles who join one
//! (`joining.rs`) and the troops stripped off for one (`lending.rs`).

mod deck;
mod encounters;
mod forces;
mod formation;
mod joining;
mod kinds;
mod lending;

use super::combat::Combat;
use super::format::{CombatKind, Force, Game, KINGMAKER_VERSION, Scenario, Side};
use crate::scenario::ScenarioError;

/// The longest note kept.
const MAX_NOTE: usize = 4_000;

/// The error naming `field`, for `reason`.
pub(super) fn err(field: impl Into<String>, reason: impl Into<String>) -> ScenarioError {
    ScenarioError::new(field, reason)
}

/// The scenario's force of one side.
pub(super) fn force(s: &Scenario, side: Side) -> &Force {
    match side {
        Side::Attacker => &s.attacker,
        Side::Defender => &s.defender,
    }
}

/// A side in an error message's words.
pub(super) fn side_words(side: Side) -> &'static str {
    match side {
        Side::Attacker => "the attacking force",
        Side::Defender => "the force attacked",
    }
}

impl Combat {
    /// Validates a scenario and builds the combat.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the first field that breaks the format or the rules, with the
    /// reason and the rule (or decision) it breaks.
    pub fn new(s: &Scenario) -> Result<Combat, ScenarioError> {
        if s.version != KINGMAKER_VERSION {
            return Err(err(
                "version",
                format!(
                    "{} is not supported; this engine reads version {KINGMAKER_VERSION}",
                    s.version
                ),
            ));
        }
        if s.note.as_ref().is_some_and(|n| n.len() > MAX_NOTE) {
            return Err(err("note", format!("longer than {MAX_NOTE} bytes")));
        }
        let advanced_battle = s.game == Game::Advanced && s.combat == CombatKind::Battle;
        let pieces = forces::pieces(s, advanced_battle)?;
        kinds::check_fields(s, advanced_battle)?;
        let deck = deck::deck(s)?;
        let mut combat = Combat {
            scenario: s.clone(),
            pieces,
            deck,
            fights: Vec::new(),
            ambush: None,
        };
        match s.combat {
            CombatKind::Battle => {}
            CombatKind::Siege => kinds::check_siege(&combat)?,
            CombatKind::Ambush => combat.ambush = Some(kinds::ambush_row(&combat)?),
        }
        if advanced_battle {
            formation::check_formation(&combat)?;
            combat.fights = encounters::fights(&combat)?;
        }
        Ok(combat)
    }
}
