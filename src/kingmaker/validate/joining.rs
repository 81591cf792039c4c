//! Nobles joining an encounter with all their troops (Individual Encounter 2-3, K8): a Noble of
//! the secondary line of its column, or a battle-line Noble of a column with no encounter for
//! whom it is one of the closest.

use super::err;
use super::formation::{closest, list, noble, place};
use crate::kingmaker::combat::{Combat, Fight, Participant};
use crate::kingmaker::format::Line;
use crate::scenario::ScenarioError;

/// Adds to `fights` (one per encounter, in order, with its two battle-line Nobles) the Nobles
/// each encounter's `join` names; `columns` are the encounters' columns.
pub(super) fn join(c: &Combat, columns: &[u8], fights: &mut [Fight]) -> Result<(), ScenarioError> {
    let s = &c.scenario;
    // Nobles joining with all their troops (Individual Encounter 2-3).
    let mut joined: Vec<(usize, usize)> = Vec::new();
    for (e, enc) in s.encounters.iter().enumerate() {
        for (j, name) in enc.join.iter().enumerate() {
            let field = format!("encounters[{e}].join[{j}]");
            let p = noble(c, name, &field)?;
            let (line, column) = place(&c.pieces[p]).unwrap_or((Line::Reserve, None));
            if let Some(f) = fights
                .iter()
                .position(|f| f.participants[..2].iter().any(|q| q.piece == p))
            {
                return Err(err(
                    field,
                    format!(
                        "{} battles in the encounter of column {}; he may only strip off troops \
                         for another (Individual Encounter 4): list him under lend",
                        c.pieces[p].name, fights[f].column
                    ),
                ));
            }
            if let Some(&(other, _)) = joined.iter().find(|(_, q)| *q == p) {
                return Err(err(
                    field,
                    format!(
                        "{} already joins the encounter of column {}",
                        c.pieces[p].name, fights[other].column
                    ),
                ));
            }
            let column = column.unwrap_or(0);
            let allowed = match line {
                Line::Secondary => column == enc.column,
                Line::Battle => {
                    !columns.contains(&column) && closest(columns, column).contains(&enc.column)
                }
                Line::Reserve => false,
            };
            if !allowed {
                let why = match line {
                    Line::Secondary => format!(
                        "{} stands in the secondary line of column {column} and may join only \
                         that column's encounter (Individual Encounter 2)",
                        c.pieces[p].name
                    ),
                    Line::Battle => format!(
                        "{} may join only one of the closest encounters to his column {column}: \
                         column {} (Individual Encounter 3)",
                        c.pieces[p].name,
                        list(&closest(columns, column))
                    ),
                    Line::Reserve => format!(
                        "{} is in reserve: Nobles in reserve take no part in encounters (K8)",
                        c.pieces[p].name
                    ),
                };
                return Err(err(field, why));
            }
            joined.push((e, p));
            fights[e].participants.push(Participant {
                piece: p,
                troops: c.pieces[p].strength(),
            });
        }
    }
    Ok(())
}
