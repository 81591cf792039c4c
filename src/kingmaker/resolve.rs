//! A combat resolved into its [`Report`]: the one entry point over the battle, siege, ambush and
//! encounter rules, and the Loyalty Table for those killed.

use super::ambush::ambush;
use super::battle::battle;
use super::combat::{Combat, PieceKind};
use super::encounter::encounters;
use super::format::{CombatKind, Game};
use super::killed::Fate;
use super::loyalty::successor_loyal;
use super::odds::Odds;
use super::report::{DeckFigures, PieceFigures, PieceType, Report, VictoryCards};
use super::siege::siege;

impl Combat {
    /// The exact odds of the combat: its outcome and what every Noble and royal heir risks.
    pub fn report(&self) -> Report {
        let advanced = self.game() == Game::Advanced;
        let (outcome, fates, mut notes) = match self.kind() {
            CombatKind::Battle if advanced => {
                let (o, f) = encounters(self);
                (o, f, Vec::new())
            }
            CombatKind::Battle => battle(self),
            CombatKind::Siege => {
                let (o, f) = siege(self);
                (o, f, Vec::new())
            }
            CombatKind::Ambush => {
                let (o, f) = ambush(self);
                (o, f, Vec::new())
            }
        };
        if advanced && self.deck().groups().iter().any(|g| !g.killed.is_empty()) {
            notes.push(
                "The cards' Nobles killed lists are not read in the Advanced Game: the Nobles \
                 Killed Table replaces them (Advanced Battle 5)."
                    .to_string(),
            );
        }
        Report {
            game: self.game(),
            combat: self.kind(),
            note: self.scenario().note.clone(),
            deck: self.deck_figures(),
            outcome,
            pieces: self.piece_figures(fates),
            notes,
        }
    }

    fn deck_figures(&self) -> DeckFigures {
        let deck = self.deck();
        DeckFigures {
            cards: deck.total(),
            bad_weather: deck.count(None),
            victory: Odds::ALL
                .into_iter()
                .map(|odds| VictoryCards {
                    odds,
                    cards: deck.count(Some(odds)),
                })
                .filter(|v| v.cards > 0)
                .collect(),
        }
    }

    /// Each piece's fate, and in the Advanced Game the Loyalty Table for the titled and crowned
    /// (K11).
    fn piece_figures(&self, fates: Vec<Fate>) -> Vec<PieceFigures> {
        let loyal = successor_loyal();
        self.pieces()
            .iter()
            .zip(fates)
            .map(|(p, fate)| {
                let (piece, strength, titled, crowned) = match p.kind {
                    PieceKind::Noble {
                        strength, titled, ..
                    } => (PieceType::Noble, Some(strength), titled, false),
                    PieceKind::Heir { crowned, .. } => (PieceType::RoyalHeir, None, false, crowned),
                };
                let loyalty = self.game() == Game::Advanced && (titled || crowned);
                PieceFigures {
                    name: p.name.clone(),
                    side: p.side,
                    piece,
                    strength,
                    titled,
                    crowned,
                    killed: fate.killed,
                    how: fate.how,
                    successor_loyal: loyalty.then(|| fate.killed.times(loyal)),
                    successor_lost: loyalty.then(|| fate.killed.times(loyal.complement())),
                }
            })
            .collect()
    }
}
