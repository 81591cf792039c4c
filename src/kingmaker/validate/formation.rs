//! The Advanced Game's battle formation (Battle Formation, Deployment 1a-1b): where each Noble
//! stands, who stands in front in each column, which columns are closest to another (Individual
//! Encounter 3, 4a), and the Noble a name means.

use super::err;
use crate::kingmaker::combat::{Combat, Piece, PieceKind, same_name};
use crate::kingmaker::format::{Line, Side};
use crate::scenario::ScenarioError;

/// The place of a Noble in the formation: (line, column).
pub(super) fn place(p: &Piece) -> Option<(Line, Option<u8>)> {
    match p.kind {
        PieceKind::Noble { line, column, .. } => Some((line, column)),
        PieceKind::Heir { .. } => None,
    }
}

/// Battle Formation and Deployment 1a-1b: one to three Nobles in the battle line, no stacking
/// in the lines, a secondary Noble only behind a battle-line one.
pub(super) fn check_formation(c: &Combat) -> Result<(), ScenarioError> {
    for side in Side::BOTH {
        let nobles: Vec<&Piece> = c
            .pieces
            .iter()
            .filter(|p| p.side == side && p.is_noble())
            .collect();
        for (i, p) in nobles.iter().enumerate() {
            let Some((line, column)) = place(p) else {
                continue;
            };
            match (line, column) {
                (Line::Reserve, Some(_)) => {
                    return Err(err(
                        format!("{}.column", p.field),
                        "a Noble in reserve has no column (Battle Formation)",
                    ));
                }
                (Line::Battle | Line::Secondary, None) => {
                    return Err(err(
                        format!("{}.column", p.field),
                        "a Noble in the battle or secondary line needs a column, 1-3",
                    ));
                }
                (_, Some(col)) if !(1..=3).contains(&col) => {
                    return Err(err(
                        format!("{}.column", p.field),
                        format!(
                            "{col} is not a column: a formation has columns 1-3 (Battle Formation)"
                        ),
                    ));
                }
                _ => {}
            }
            if line != Line::Reserve
                && let Some(other) = nobles[..i]
                    .iter()
                    .find(|q| place(q) == Some((line, column)))
            {
                return Err(err(
                    format!("{}.column", p.field),
                    format!(
                        "column {} of the {} line already holds {}: Nobles are not stacked in \
                         the lines (Battle Formation)",
                        column.unwrap_or(0),
                        line_name(line),
                        other.name
                    ),
                ));
            }
            if line == Line::Secondary
                && !nobles
                    .iter()
                    .any(|q| place(q) == Some((Line::Battle, column)))
            {
                return Err(err(
                    format!("{}.line", p.field),
                    format!(
                        "{} stands in the secondary line of column {} with no Noble of the \
                         battle line in front of him (Deployment 1b)",
                        p.name,
                        column.unwrap_or(0)
                    ),
                ));
            }
        }
        if !nobles
            .iter()
            .any(|p| place(p).is_some_and(|(l, _)| l == Line::Battle))
        {
            return Err(err(
                format!("{}.nobles", side.name()),
                "no Noble in the battle line: at least one must be there (Deployment 1a)",
            ));
        }
    }
    Ok(())
}

fn line_name(line: Line) -> &'static str {
    match line {
        Line::Battle => "battle",
        Line::Secondary => "secondary",
        Line::Reserve => "reserve",
    }
}

/// The battle-line Noble of a side in a column.
pub(super) fn front(c: &Combat, side: Side, column: u8) -> Option<usize> {
    c.pieces
        .iter()
        .position(|p| p.side == side && place(p) == Some((Line::Battle, Some(column))))
}

/// The columns among `columns` closest to `column` (Individual Encounter 3, 4a).
pub(super) fn closest(columns: &[u8], column: u8) -> Vec<u8> {
    let distance = |c: u8| c.abs_diff(column);
    let best = columns.iter().map(|&c| distance(c)).min();
    columns
        .iter()
        .copied()
        .filter(|&c| Some(distance(c)) == best)
        .collect()
}

pub(super) fn list(columns: &[u8]) -> String {
    let words: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
    words.join(" or ")
}

/// The Noble of that name, of either force.
pub(super) fn noble(c: &Combat, name: &str, field: &str) -> Result<usize, ScenarioError> {
    c.pieces
        .iter()
        .position(|p| p.is_noble() && same_name(&p.name, name))
        .ok_or_else(|| err(field, format!("'{name}' is not a Noble of either force")))
}
