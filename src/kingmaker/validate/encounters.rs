//! The encounters of an Advanced Game battle (Individual Encounter, K8): one per column where
//! the battle lines face each other, with those who join it (`joining.rs`) and the troops
//! stripped off for it (`lending.rs`), and none the optional rule Ambush forbids (K5).

use super::formation::front;
use super::{err, joining, lending, side_words};
use crate::kingmaker::combat::{Combat, Fight, Participant};
use crate::scenario::ScenarioError;

/// The encounters: who fights in each and with how many troops (Individual Encounter 1-4,
/// K8), and the optional rule Ambush (K5).
pub(super) fn fights(c: &Combat) -> Result<Vec<Fight>, ScenarioError> {
    let s = &c.scenario;
    if s.encounters.is_empty() {
        return Err(err(
            "encounters",
            "an Advanced Game battle needs the encounters the attacking player initiates \
             (Advanced Battle 4-5)",
        ));
    }
    let initiator = c.initiator();
    let columns: Vec<u8> = s.encounters.iter().map(|e| e.column).collect();
    let mut fights: Vec<Fight> = Vec::new();
    // Principals first: the two battle-line Nobles of each encounter's column.
    for (e, enc) in s.encounters.iter().enumerate() {
        let field = format!("encounters[{e}].column");
        if !(1..=3).contains(&enc.column) {
            return Err(err(
                field,
                format!(
                    "{} is not a column: a formation has columns 1-3",
                    enc.column
                ),
            ));
        }
        if columns[..e].contains(&enc.column) {
            return Err(err(
                field,
                format!(
                    "column {} already has an encounter: each defending Noble is attacked once \
                     (Individual Encounter)",
                    enc.column
                ),
            ));
        }
        let mut participants = Vec::new();
        for side in [initiator, initiator.other()] {
            let Some(p) = front(c, side, enc.column) else {
                return Err(err(
                    field,
                    format!(
                        "no Noble of {} in the battle line of column {}: an encounter is between \
                         the Nobles facing each other there (Individual Encounter 1)",
                        side_words(side),
                        enc.column
                    ),
                ));
            };
            participants.push(Participant {
                piece: p,
                troops: c.pieces[p].strength(),
            });
        }
        fights.push(Fight {
            column: enc.column,
            participants,
        });
    }
    joining::join(c, &columns, &mut fights)?;
    lending::lend(c, &columns, &mut fights)?;
    // The optional rule Ambush: no battle the attacker cannot even draw (K5).
    for (e, f) in fights.iter().enumerate() {
        let (attacking, attacked) = (c.troops(f, initiator), c.troops(f, initiator.other()));
        if attacked as u64 >= 4 * attacking as u64 {
            return Err(err(
                format!("encounters[{e}]"),
                format!(
                    "the Nobles attacked have 4 to 1 or better ({attacked} to {attacking}): the \
                     optional rule Ambush forbids a battle the attacker cannot even draw (K5)"
                ),
            ));
        }
    }
    Ok(fights)
}
