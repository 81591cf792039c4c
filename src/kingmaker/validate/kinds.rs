//! What belongs to one type of combat: a siege's garrison, an Advanced Game battle's encounters
//! and counter-attack, an ambush's choice of row; a siege's strength (Siege 1) and an ambush's
//! (Ambush), and the ambusher's row (K12).

use super::err;
use crate::kingmaker::combat::{AmbushRow, Combat, MAX_STRENGTH, Piece, same_name};
use crate::kingmaker::format::{AmbushChoice, CombatKind, Scenario, Side};
use crate::scenario::ScenarioError;

/// Fields that belong to one type of combat only.
pub(super) fn check_fields(s: &Scenario, advanced_battle: bool) -> Result<(), ScenarioError> {
    match (s.combat, s.garrison) {
        (CombatKind::Siege, None) => {
            return Err(err(
                "garrison",
                "a siege needs the permanent garrison of the place (Terrain Key: castle 100; \
                 town, open town and royal castle 200; city 300)",
            ));
        }
        (CombatKind::Siege, Some(g)) if !(1..=MAX_STRENGTH).contains(&g) => {
            return Err(err(
                "garrison",
                format!("{g} is not 1 to {MAX_STRENGTH} troops"),
            ));
        }
        (CombatKind::Battle | CombatKind::Ambush, Some(_)) => {
            return Err(err("garrison", "only a siege has a garrison"));
        }
        _ => {}
    }
    if !advanced_battle && !s.encounters.is_empty() {
        return Err(err(
            "encounters",
            "encounters are only for an Advanced Game battle (Individual Encounter)",
        ));
    }
    if !advanced_battle && s.counterattack {
        return Err(err(
            "counterattack",
            "a counter-attack is only for an Advanced Game battle (Advanced Battle 7)",
        ));
    }
    if s.combat != CombatKind::Ambush && s.ambush.is_some() {
        return Err(err("ambush", "only an ambush has the ambusher's choice"));
    }
    Ok(())
}

/// Siege 1: the besiegers match at least the garrison and the Nobles inside.
pub(super) fn check_siege(c: &Combat) -> Result<(), ScenarioError> {
    let besiegers = c.nobles_strength(Side::Attacker);
    let inside = c.nobles_strength(Side::Defender);
    let defence = c.garrison() + inside;
    if besiegers < defence {
        return Err(err(
            "attacker.nobles",
            format!(
                "{besiegers} troops cannot besiege a defence of {defence} (garrison {}, Nobles \
                 inside {inside}): the besiegers need at least an equal strength (Siege 1)",
                c.garrison()
            ),
        ));
    }
    Ok(())
}

/// Ambush: the target at least 4 times stronger, and the ambusher's row (default: the first
/// royal heir of the target force, else its first Noble; K12).
pub(super) fn ambush_row(c: &Combat) -> Result<AmbushRow, ScenarioError> {
    let ambushers = c.nobles_strength(Side::Attacker);
    let target = c.nobles_strength(Side::Defender);
    if (target as u64) < 4 * ambushers as u64 {
        return Err(err(
            "defender.nobles",
            format!(
                "an ambush needs a target force at least 4 times stronger (Ambush): {target} is \
                 less than 4 × {ambushers}; fight a battle instead"
            ),
        ));
    }
    let in_target = |p: &Piece| p.side == Side::Defender;
    match &c.scenario.ambush {
        Some(AmbushChoice::Each) => Ok(AmbushRow::Each),
        Some(AmbushChoice::Selected(name)) => c
            .pieces
            .iter()
            .position(|p| in_target(p) && same_name(&p.name, name))
            .map(AmbushRow::Selected)
            .ok_or_else(|| {
                err(
                    "ambush.selected",
                    format!("'{name}' is not a Noble or royal heir of the target force"),
                )
            }),
        None => {
            let first = c
                .pieces
                .iter()
                .position(|p| in_target(p) && !p.is_noble())
                .or_else(|| c.pieces.iter().position(in_target));
            // Validation above guarantees a target Noble.
            Ok(first.map_or(AmbushRow::Each, AmbushRow::Selected))
        }
    }
}
