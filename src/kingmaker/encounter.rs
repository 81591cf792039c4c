//! An Advanced Game battle's encounters (Individual Encounter, Encounter Modifications): the
//! troops of each side, the one-step modification, the card, and the Nobles Killed Table rolls.
//!
//! The modifications sit on one scale: 4-1 for one side down through Majority to an even 1-1 and
//! up to 4-1 for the other (K6). The original defender gets a step while his Nobles defend; a
//! side with a royal heir attached to a Noble of its battle line gets a step in every encounter
//! (however many heirs). Opposite steps cancel one for one, and what is left moves the ratio at
//! most one step: two steps for the defender against one for the attacker leave him one, as the
//! worked example's first encounter shows.

use super::chance::Chance;
use super::combat::{Combat, Fight, PieceKind};
use super::format::{Line, Side};
use super::killed::{Fate, Row, force_row};
use super::odds::Odds;
use super::report::{EncounterFigures, Modification, Outcome, ParticipantFigures, Ratio};
use std::cmp::Ordering;

/// A ratio as a place on the scale: positive favours the defender, negative the attacker.
fn place(ratio: Ratio) -> i8 {
    let step = ratio.odds.map_or(0, |o| o.step() as i8);
    match ratio.larger {
        Some(Side::Defender) => step,
        Some(Side::Attacker) => -step,
        None => 0,
    }
}

/// The ratio at a place on the scale (clamped to 4-1 either way).
fn at(place: i8) -> Ratio {
    let place = place.clamp(-6, 6);
    let larger = match place.cmp(&0) {
        Ordering::Greater => Some(Side::Defender),
        Ordering::Less => Some(Side::Attacker),
        Ordering::Equal => None,
    };
    Ratio {
        larger,
        odds: Odds::at_step(place.unsigned_abs()),
    }
}

/// The modifications of every encounter this half-round (Encounter Modifications 1-2).
fn modifications(c: &Combat) -> Vec<Modification> {
    let mut mods = Vec::new();
    if !c.scenario().counterattack {
        mods.push(Modification {
            side: Side::Defender,
            reason: "the original defender, defending (Encounter Modifications 1)".into(),
        });
    }
    for side in Side::BOTH {
        let heirs: Vec<String> = c
            .pieces()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.side == side && !p.is_noble())
            .filter_map(|(i, p)| {
                let noble = &c.pieces()[c.heir_with(i)?];
                let in_line = matches!(
                    noble.kind,
                    PieceKind::Noble {
                        line: Line::Battle,
                        ..
                    }
                );
                in_line.then(|| format!("{} with {}", p.name, noble.name))
            })
            .collect();
        if !heirs.is_empty() {
            mods.push(Modification {
                side,
                reason: format!(
                    "royal heir in the battle line: {} (Encounter Modifications 2)",
                    heirs.join(", ")
                ),
            });
        }
    }
    mods
}

/// The one step left after opposite modifications cancel (Encounter Modifications 3-4, K6).
fn shift(mods: &[Modification]) -> Option<Side> {
    let net: i32 = mods
        .iter()
        .map(|m| if m.side == Side::Defender { 1 } else { -1 })
        .sum();
    match net.cmp(&0) {
        Ordering::Greater => Some(Side::Defender),
        Ordering::Less => Some(Side::Attacker),
        Ordering::Equal => None,
    }
}

/// One encounter's figures, and each participant's roll on the Nobles Killed Table.
fn encounter(c: &Combat, f: &Fight, mods: &[Modification], fates: &mut [Fate]) -> EncounterFigures {
    let attacker = c.troops(f, Side::Attacker);
    let defender = c.troops(f, Side::Defender);
    let troop_ratio = Ratio::of(c.game(), attacker, defender);
    let shift = shift(mods);
    let step = match shift {
        Some(Side::Defender) => 1,
        Some(Side::Attacker) => -1,
        None => 0,
    };
    let ratio = at(place(troop_ratio) + step);
    let deck = c.deck();
    let won = deck.victory(ratio.odds);
    let for_side = |side| {
        if ratio.larger == Some(side) {
            won
        } else {
            Chance::ZERO
        }
    };
    // Casualties are rolled for every encounter, Bad Weather too (Individual Encounter 5, the
    // worked example), by troops in the encounter (K7); heirs with a participant roll (K9).
    for q in &f.participants {
        let p = &c.pieces()[q.piece];
        let (own, enemy) = (c.troops(f, p.side), c.troops(f, p.side.other()));
        let row = force_row(own, enemy);
        fates[q.piece].add_independent(
            row.chance(),
            format!(
                "encounter in column {}: {} (Nobles Killed Table)",
                f.column,
                row.words()
            ),
        );
        for (h, fate) in fates.iter_mut().enumerate() {
            if c.heir_with(h) == Some(q.piece) {
                fate.add_independent(
                    Row::RoyalHeir.chance(),
                    format!(
                        "encounter in column {} with {}: {} (Nobles Killed Table)",
                        f.column,
                        p.name,
                        Row::RoyalHeir.words()
                    ),
                );
            }
        }
    }
    EncounterFigures {
        column: f.column,
        participants: f
            .participants
            .iter()
            .map(|q| ParticipantFigures {
                name: c.pieces()[q.piece].name.clone(),
                side: c.pieces()[q.piece].side,
                troops: q.troops,
            })
            .collect(),
        attacker,
        defender,
        troop_ratio,
        modifications: mods.to_vec(),
        shift,
        ratio,
        attacker_wins: for_side(Side::Attacker),
        defender_wins: for_side(Side::Defender),
        indecisive: deck.indecisive(ratio.odds),
        bad_weather: deck.bad_weather(),
    }
}

/// The half-round's encounters and what each piece risks in them.
pub fn encounters(c: &Combat) -> (Outcome, Vec<Fate>) {
    let mods = modifications(c);
    let mut fates = vec![Fate::default(); c.pieces().len()];
    let encounters = c
        .fights()
        .iter()
        .map(|f| encounter(c, f, &mods, &mut fates))
        .collect();
    let outcome = Outcome::Encounters {
        initiator: c.initiator(),
        postponed: (!c.scenario().counterattack).then(|| c.deck().bad_weather()),
        encounters,
    };
    (outcome, fates)
}
