//! The forces: every Noble and royal heir once, named, with a strength within bounds, a place
//! only in an Advanced Game battle, and each heir with a Noble of his own force.

use super::{err, force, side_words};
use crate::kingmaker::combat::{MAX_HEIRS, MAX_NOBLES, MAX_STRENGTH, Piece, PieceKind, same_name};
use crate::kingmaker::format::{CombatKind, Line, Scenario, Side};
use crate::scenario::ScenarioError;

/// Every Noble and heir once, with a name, a strength within bounds and a place that exists.
pub(super) fn pieces(s: &Scenario, advanced_battle: bool) -> Result<Vec<Piece>, ScenarioError> {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut heirs_with = Vec::new();
    for side in Side::BOTH {
        let f = force(s, side);
        let at = side.name();
        if f.nobles.len() > MAX_NOBLES {
            return Err(err(
                format!("{at}.nobles"),
                format!("more than {MAX_NOBLES} Nobles"),
            ));
        }
        if f.heirs.len() > MAX_HEIRS {
            return Err(err(
                format!("{at}.heirs"),
                format!("more than {MAX_HEIRS} royal heirs"),
            ));
        }
        let needed = side == Side::Attacker || s.combat != CombatKind::Siege;
        if needed && f.nobles.is_empty() {
            return Err(err(
                format!("{at}.nobles"),
                format!(
                    "{} needs at least one Noble (Combat; royal heirs cannot fight alone, Counter Key)",
                    side_words(side)
                ),
            ));
        }
        for (i, n) in f.nobles.iter().enumerate() {
            let field = format!("{at}.nobles[{i}]");
            check_name(&pieces, &n.name, &field)?;
            if n.strength == 0 {
                return Err(err(
                    format!("{field}.strength"),
                    "a Noble has at least 1 troop",
                ));
            }
            if n.strength > MAX_STRENGTH {
                return Err(err(
                    format!("{field}.strength"),
                    format!(
                        "{} exceeds the largest strength, {MAX_STRENGTH}",
                        n.strength
                    ),
                ));
            }
            if !advanced_battle && (n.line.is_some() || n.column.is_some()) {
                let which = if n.line.is_some() { "line" } else { "column" };
                return Err(err(
                    format!("{field}.{which}"),
                    "a battle formation is only for an Advanced Game battle (Battle Formation)",
                ));
            }
            pieces.push(Piece {
                name: n.name.trim().to_string(),
                side,
                field,
                kind: PieceKind::Noble {
                    strength: n.strength,
                    titled: n.titled,
                    line: n.line.unwrap_or(Line::Reserve),
                    column: n.column,
                },
            });
        }
        for (i, h) in f.heirs.iter().enumerate() {
            let field = format!("{at}.heirs[{i}]");
            check_name(&pieces, &h.name, &field)?;
            heirs_with.push((pieces.len(), h.with.clone()));
            pieces.push(Piece {
                name: h.name.trim().to_string(),
                side,
                field,
                kind: PieceKind::Heir {
                    with: None,
                    crowned: h.crowned,
                },
            });
        }
    }
    for (heir, with) in heirs_with {
        let side = pieces[heir].side;
        let field = format!("{}.with", pieces[heir].field);
        let noble = match with {
            None if advanced_battle => {
                return Err(err(
                    field,
                    "in an Advanced Game battle each royal heir is attached to one Noble of his \
                     force (Deployment 1d)",
                ));
            }
            None => None,
            Some(name) => Some(
                pieces
                    .iter()
                    .position(|p| p.side == side && p.is_noble() && same_name(&p.name, &name))
                    .ok_or_else(|| {
                        err(
                            &field,
                            format!("'{name}' is not a Noble of {}", side_words(side)),
                        )
                    })?,
            ),
        };
        if let PieceKind::Heir { with, .. } = &mut pieces[heir].kind {
            *with = noble;
        }
    }
    Ok(pieces)
}

fn check_name(pieces: &[Piece], name: &str, field: &str) -> Result<(), ScenarioError> {
    if name.trim().is_empty() {
        return Err(err(format!("{field}.name"), "empty"));
    }
    if let Some(other) = pieces.iter().find(|p| same_name(&p.name, name)) {
        return Err(err(
            format!("{field}.name"),
            format!(
                "'{}' is already at {}: a piece is in the combat once",
                name.trim(),
                other.field
            ),
        ));
    }
    Ok(())
}
