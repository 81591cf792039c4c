//! A siege: the odds are ignored, the card decides only Bad Weather and who is killed (Siege
//! 1-3); in the Advanced Game the Nobles Killed Table's siege rows decide who is killed (K13).

use super::cards::{Listed, fates};
use super::combat::Combat;
use super::format::{Game, Side};
use super::killed::{Fate, force_row};
use super::report::Outcome;

/// The siege's outcome and what each piece risks.
pub fn siege(c: &Combat) -> (Outcome, Vec<Fate>) {
    let besiegers = c.nobles_strength(Side::Attacker);
    let defenders = c.nobles_strength(Side::Defender);
    let garrison = c.garrison();
    let defence = garrison + defenders;
    let bad_weather = c.deck().bad_weather();
    let captured = bad_weather.complement();
    let outcome = Outcome::Siege {
        besiegers,
        garrison,
        defenders,
        captured,
        under_siege: bad_weather,
    };
    // The larger force is the besiegers', or the garrison with the Nobles inside; royal heirs do
    // not roll in a siege (K13).
    let row = |i: usize| {
        let p = &c.pieces()[i];
        if !p.is_noble() {
            return None;
        }
        Some(if p.side == Side::Attacker {
            force_row(besiegers, defence)
        } else {
            force_row(defence, besiegers)
        })
    };
    let fates = match c.game() {
        Game::Basic => fates(c, Listed::All, row),
        Game::Advanced => (0..c.pieces().len())
            .map(|i| {
                let mut fate = Fate::default();
                if let Some(r) = row(i) {
                    fate.add_exclusive(
                        captured.times(r.chance()),
                        format!(
                            "the siege takes place ({captured}), Nobles Killed Table, {} (K13)",
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
