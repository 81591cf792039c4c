//! A Basic Game battle: one Event card decides (Combat, Battle 1-5).

use super::cards::{Listed, fates};
use super::combat::{Combat, PieceKind};
use super::format::Side;
use super::killed::{Fate, Row, force_row};
use super::report::{Outcome, Ratio};

/// The battle's outcome, what each piece risks, and remarks.
pub fn battle(c: &Combat) -> (Outcome, Vec<Fate>, Vec<String>) {
    let attacker = c.nobles_strength(Side::Attacker);
    let defender = c.nobles_strength(Side::Defender);
    let ratio = Ratio::of(c.game(), attacker, defender);
    let deck = c.deck();
    // Combat 4a: the larger force wins on a card whose ratio is not above the battle's.
    let won = deck.victory(ratio.odds);
    let for_side = |side| {
        if ratio.larger == Some(side) {
            won
        } else {
            super::chance::Chance::ZERO
        }
    };
    let outcome = Outcome::Battle {
        attacker,
        defender,
        ratio,
        attacker_wins: for_side(Side::Attacker),
        defender_wins: for_side(Side::Defender),
        indecisive: deck.indecisive(ratio.odds),
        bad_weather: deck.bad_weather(),
    };
    // An optional card's table: a battle is one encounter (K9, K14).
    let row = |i: usize| {
        let p = &c.pieces()[i];
        Some(match p.kind {
            PieceKind::Noble { .. } => {
                let (own, enemy) = if p.side == Side::Attacker {
                    (attacker, defender)
                } else {
                    (defender, attacker)
                };
                force_row(own, enemy)
            }
            PieceKind::Heir { .. } => Row::RoyalHeir,
        })
    };
    let mut notes = Vec::new();
    if defender as u64 >= 4 * attacker as u64 {
        notes.push(
            "The defender has 4 to 1 or better: the attacker can only lose or see Bad Weather. \
             Under the optional rule Ambush this battle is not allowed, and an ambush may be made \
             instead (K5)."
                .to_string(),
        );
    }
    (outcome, fates(c, Listed::All, row), notes)
}
