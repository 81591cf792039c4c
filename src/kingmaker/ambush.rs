//! An ambush: a force too weak to do battle against one at least 4 times stronger (Ambush). It
//! is fought as a battle, so the target force wins on every card but Bad Weather and captures
//! the surviving ambushers; only the lowermost Noble named on the card dies, or, with the
//! Nobles Killed Table, the ambusher's chosen row (K12).

use super::cards::{Listed, fates};
use super::combat::{AmbushRow, Combat};
use super::format::{Game, Side};
use super::killed::{Fate, Row};
use super::report::{Outcome, Ratio};

/// The ambush's outcome and what each piece risks.
pub fn ambush(c: &Combat) -> (Outcome, Vec<Fate>) {
    let ambushers = c.nobles_strength(Side::Attacker);
    let target = c.nobles_strength(Side::Defender);
    let deck = c.deck();
    let postponed = deck.bad_weather();
    let happens = postponed.complement();
    // The ambusher's row: only pieces of the target force roll (K12).
    let row = |i: usize| match c.ambush_row() {
        Some(AmbushRow::Each) if c.pieces()[i].side == Side::Defender => Some(Row::AmbushEach),
        Some(AmbushRow::Selected(p)) if p == i => Some(Row::AmbushSelected),
        _ => None,
    };
    let reads_table = c.game() == Game::Advanced || deck.groups().iter().any(|g| g.table);
    let outcome = Outcome::Ambush {
        ambushers,
        target,
        ratio: Ratio::of(c.game(), ambushers, target),
        table_row: if reads_table { c.ambush_choice() } else { None },
        ambushers_captured: happens,
        postponed,
    };
    let fates = match c.game() {
        Game::Basic => fates(c, Listed::Lowermost, row),
        Game::Advanced => (0..c.pieces().len())
            .map(|i| {
                let mut fate = Fate::default();
                if let Some(r) = row(i) {
                    fate.add_exclusive(
                        happens.times(r.chance()),
                        format!(
                            "the ambush takes place ({happens}), Nobles Killed Table, {} (K12)",
                            r.words()
                        ),
                    );
                }
                fate
            })
            .collect(),
    };
    (outcome, fates)
}
