//! Troops stripped off a Noble battling in one encounter to join another (Individual Encounter
//! 4): one of the closest encounters to his own (4a), never more troops than he has, and his own
//! encounter keeping 2 to 1 (4b). He rolls in both (K9).

use super::err;
use super::formation::{closest, list, noble};
use crate::kingmaker::combat::{Combat, Fight, Participant};
use crate::scenario::ScenarioError;

/// Moves to each encounter of `fights` (with their principals and those joining) the troops
/// its `lend` strips off Nobles battling in another; `columns` are the encounters' columns.
pub(super) fn lend(c: &Combat, columns: &[u8], fights: &mut [Fight]) -> Result<(), ScenarioError> {
    let s = &c.scenario;
    // Troops stripped off Nobles battling in another encounter (Individual Encounter 4).
    let own = |p: usize, fights: &[Fight]| {
        fights
            .iter()
            .position(|f| f.participants.iter().any(|q| q.piece == p))
    };
    // (encounter lent to, its home encounter, Noble, troops, field)
    let mut lent: Vec<(usize, usize, usize, u32, String)> = Vec::new();
    for (e, enc) in s.encounters.iter().enumerate() {
        for (l, lend) in enc.lend.iter().enumerate() {
            let field = format!("encounters[{e}].lend[{l}]");
            let p = noble(c, &lend.noble, &format!("{field}.noble"))?;
            let name = &c.pieces[p].name;
            let Some(home) = own(p, fights).filter(|&h| h != e) else {
                return Err(err(
                    format!("{field}.noble"),
                    format!(
                        "{name} is not battling in another encounter: only a Noble battling in a \
                         different column may strip off troops to join (Individual Encounter 4)"
                    ),
                ));
            };
            let others: Vec<u8> = columns
                .iter()
                .copied()
                .filter(|&col| col != columns[home])
                .collect();
            if !closest(&others, columns[home]).contains(&enc.column) {
                return Err(err(
                    format!("{field}.noble"),
                    format!(
                        "the closest encounters to {name}'s (column {}) are in column {}, not {} \
                         (Individual Encounter 4a)",
                        columns[home],
                        list(&closest(&others, columns[home])),
                        enc.column
                    ),
                ));
            }
            if lent.iter().any(|(to, _, q, _, _)| *to == e && *q == p) {
                return Err(err(
                    format!("{field}.noble"),
                    format!("{name} already lends troops to this encounter"),
                ));
            }
            if lend.troops == 0 {
                return Err(err(
                    format!("{field}.troops"),
                    "at least 1 troop is stripped off",
                ));
            }
            let total: u64 = lent
                .iter()
                .filter(|(_, _, q, _, _)| *q == p)
                .map(|(_, _, _, t, _)| *t as u64)
                .sum::<u64>()
                + lend.troops as u64;
            if total > c.pieces[p].strength() as u64 {
                return Err(err(
                    format!("{field}.troops"),
                    format!(
                        "{name} would strip off {total} troops in all, more than his {}",
                        c.pieces[p].strength()
                    ),
                ));
            }
            lent.push((e, home, p, lend.troops, format!("{field}.troops")));
        }
    }
    for (to, home, p, troops, _) in &lent {
        if let Some(q) = fights[*home]
            .participants
            .iter_mut()
            .find(|q| q.piece == *p)
        {
            // At most his strength in all (checked above).
            q.troops = q.troops.saturating_sub(*troops);
        }
        fights[*to].participants.push(Participant {
            piece: *p,
            troops: *troops,
        });
    }
    // Individual Encounter 4b: a lender keeps 2 to 1 in his own encounter.
    for (_, home, p, _, field) in &lent {
        let side = c.pieces[*p].side;
        let (mine, theirs) = (
            c.troops(&fights[*home], side),
            c.troops(&fights[*home], side.other()),
        );
        if (mine as u64) < 2 * theirs as u64 {
            return Err(err(
                field,
                format!(
                    "{}'s own encounter (column {}) would be {mine} to {theirs}, short of the 2 to 1 \
                     superiority a Noble stripping off troops keeps (Individual Encounter 4b)",
                    c.pieces[*p].name, fights[*home].column
                ),
            ));
        }
    }
    Ok(())
}
