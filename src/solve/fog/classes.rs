//! When two things a hidden block may be make the same battle (R13): the *behaviour class*
//! (everything the rules and the report read of the block but its name: equal classes give the
//! same battle, figures and all) and the coarser *battle class* (only what can change the course
//! of this battle: equal classes give the same battle up to who is King, Pretender or an heir,
//! which the mixture accounts for afterwards). Also the order that breaks ties among hidden
//! blocks described alike, and the roles (King, Pretender, heir) each candidate would have.

use super::{Fog, Hidden, army};
use crate::data::{BlockData, House, Initiative, Kind};
use crate::rules::battle::{Battle, Slot};
use crate::rules::home::{BonusRule, HeirRule};
use crate::scenario::{Scenario, ScenarioError, Side};
use std::collections::HashMap;

/// What a candidate would be in the battle's royal terms (3.21, R1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Role {
    /// The King.
    pub king: bool,
    /// The Pretender.
    pub pretender: bool,
    /// An heir of this house, as it enters the battle.
    pub heir: Option<House>,
}

/// The order that breaks ties among hidden blocks described alike (R13): lowest firepower first
/// (as printed, plus 1 when its side defends and the area holds its own shield, city, cathedral
/// or Wales, 2.2-2.6: `home`); then the later initiative letter (D before C before B before A);
/// then the lower strength; then the block later in the game's block list (so an heir, listed
/// first in his house, comes after every other block of his house, and the King last of all).
/// The first in this order acts first among equals of its initiative group (D2) and takes tied
/// hits first (D3).
pub(super) fn tie_order(block: &BlockData, strength: u8, home: bool) -> (u8, u8, u8, u16) {
    let index = crate::data::BLOCKS
        .iter()
        .position(|b| b.id == block.id)
        .unwrap_or(0);
    (
        block.rating.firepower + home as u8,
        Initiative::D.index() as u8 - block.rating.initiative.index() as u8,
        strength,
        (crate::data::BLOCKS.len() - index) as u16,
    )
}

/// True for an heir serving the other house (Clarence/L, Exeter/Y, 9.1): his presence in a
/// battle changes who his old house's King and Pretender are (R1), so no class merges him with
/// anyone else, and compositions holding one are read from their own battles.
pub(super) fn turned_heir(d: &BlockData) -> bool {
    d.heir_rank.is_none()
        && crate::data::BLOCKS
            .iter()
            .any(|b| b.person == d.person && b.heir_rank.is_some())
}

/// What a slot is to the rules and the report, without its name: its compiled versions (kind,
/// rating, maximum, loyalty, heir rank, house, bonus), side, strength, reserve, and dead-person
/// bit. The persons the rules name are kept: Warwick, Kent, Salisbury, Northumberland and
/// Westmoreland (6.91), the heirs and Nevilles whose shields others use (D6, D7), and an heir
/// serving the other house (9.1). When no Treachery roll and no Treason card can reach the
/// block's side (`unrollable`), its loyalty and its other version cannot matter (6.9, D10, D11)
/// and are left out too.
fn behaviour(battle: &Battle, slot: usize, unrollable: bool) -> String {
    let s: &Slot = &battle.slots[slot];
    let mut plain = s.clone();
    for v in plain.versions.iter_mut() {
        let person = v.person().to_string();
        let named = !unrollable
            && matches!(
                person.as_str(),
                "Warwick" | "Kent" | "Salisbury" | "Northumberland" | "Westmoreland"
            );
        let turned = v.data.is_some_and(turned_heir);
        v.id = if named || turned || s.person_bit != 0 {
            person
        } else {
            String::new()
        };
        v.data = None;
        if unrollable {
            v.loyalty = None;
        }
    }
    if unrollable {
        plain.versions[1] = plain.versions[0].clone();
    }
    format!(
        "{plain:?} king={} pretender={} line={}",
        battle.king() == Some(slot),
        battle.pretender() == Some(slot),
        battle.in_pretender_line(slot)
    )
}

/// An heir's bonus rule as it can ever act: `None` when it can never give anything here.
fn heir_part(rule: &BonusRule) -> Option<HeirRule> {
    rule.heir
        .filter(|h| h.royal_shield || h.royal_if_dead != 0 || h.crown)
}

/// What of one version can change the course of a battle (read through its `Debug` text, the
/// class's signature).
#[derive(Debug)]
#[allow(dead_code)]
struct Acts {
    initiative: Initiative,
    firepower: u8,
    defending: u8,
    bombard: bool,
    loyalty: Option<u8>,
    fixed: bool,
    shield_if_dead: u8,
    heir_bonus: Option<HeirRule>,
    heir: Option<(u8, House)>,
    person: String,
}

/// What a slot is to the course of this battle: [`behaviour`] without the kind (but for a
/// Bombard's initiative, D1), the maximum (which only the report reads), a plain defensive bonus
/// as the firepower it gives (and only the firepower it fires with when its side always defends,
/// `always` = `Some(true)`, or always attacks, `Some(false)`: no control change can happen,
/// D5), and, when the side's
/// heirs cannot change what happens (`strip`, see [`Fog::classify`]), the heir rank and the royal
/// roles, which [`super::mixture`] accounts for afterwards from each composition's own roles.
/// A person is kept where the rules read him: the Treason dice of 6.91 (when rollable), a dead
/// person's shield that some block here could use (`used`, D6, D7), an heir serving the other
/// house (9.1), and every heir and Neville of the dead-person bits when not stripped.
fn dynamics(
    battle: &Battle,
    slot: usize,
    unrollable: bool,
    strip: bool,
    used: u8,
    always: Option<bool>,
) -> String {
    let s: &Slot = &battle.slots[slot];
    let count = if unrollable { 1 } else { 2 };
    let acts: Vec<Acts> = s.versions[..count]
        .iter()
        .map(|v| {
            let person = v.person();
            let named = !unrollable
                && matches!(
                    person,
                    "Warwick" | "Kent" | "Salisbury" | "Northumberland" | "Westmoreland"
                );
            let bit = if strip {
                s.person_bit & used
            } else {
                s.person_bit
            };
            let turned = v.data.is_some_and(turned_heir);
            // A bonus that needs nothing else is only firepower when defending: B2 on its own
            // shield fights as B3 (2.2-2.6); one that depends on deaths or seniority is kept.
            let heir_bonus = heir_part(&v.bonus);
            let plain = v.bonus.shield_if_dead == 0 && heir_bonus.is_none();
            let defending = if plain {
                v.rating.firepower + v.bonus.fixed as u8
            } else {
                v.rating.firepower
            };
            // A side that can never change roles (D5) fires only as it entered.
            Acts {
                initiative: v.rating.initiative,
                firepower: match always {
                    Some(true) if plain => defending,
                    _ => v.rating.firepower,
                },
                defending: match always {
                    Some(false) => v.rating.firepower,
                    _ => defending,
                },
                bombard: v.kind == Kind::Bombard,
                loyalty: if unrollable { None } else { v.loyalty },
                fixed: v.bonus.fixed && !plain,
                shield_if_dead: v.bonus.shield_if_dead,
                heir_bonus,
                heir: if strip {
                    None
                } else {
                    v.heir_rank.map(|r| (r, v.house))
                },
                person: if named || turned || bit != 0 {
                    person.to_string()
                } else {
                    String::new()
                },
            }
        })
        .collect();
    let roles = if strip {
        String::new()
    } else {
        format!(
            " king={} pretender={} line={}",
            battle.king() == Some(slot),
            battle.pretender() == Some(slot),
            battle.in_pretender_line(slot)
        )
    };
    format!(
        "{:?} {} s{} r{} t{}{roles}",
        acts,
        s.side.name(),
        s.strength,
        s.reserve,
        s.turned_before
    )
}

/// True if no Treachery roll can ever be made against `side`'s blocks: the other side holds no
/// Treason card (D11) and has no block, known or hidden, that could roll: an heir (King,
/// Pretender or one who may become Pretender) or Warwick (6.9, D10).
pub(super) fn unrollable(sc: &Scenario, hidden: &[Hidden], side: Side) -> bool {
    let enemy = side.other();
    let roller = |d: &crate::data::BlockData| d.heir_rank.is_some() || d.person == "Warwick";
    let known = army(sc, enemy).blocks.iter().any(|b| {
        b.id.as_deref()
            .and_then(crate::data::block)
            .is_some_and(|d| roller(d) || d.other_version().is_some_and(roller))
    });
    let hidden = hidden
        .iter()
        .filter(|h| h.side == enemy)
        .any(|h| h.candidates.iter().any(|c| roller(c.block)));
    sc.treason != Some(enemy) && !known && !hidden
}

impl Fog {
    /// Gives every candidate its behaviour class, battle class and role: candidate c of hidden
    /// block i is tried in `base` (a valid assignment); when it names a person that `base` uses
    /// elsewhere, another valid assignment with c in place is searched.
    ///
    /// The behaviour class leaves out loyalty when no block that could roll is about
    /// ([`unrollable`]); the battle class, when no roll can be made against the side at all:
    /// the enemy holds no Treason card (D11) and plans no Treachery roll (a roll is made only by
    /// a plan, R3, and plans name known blocks, R13).
    ///
    /// A side's heirs are *stripped* from its battle classes (so Henry VI and Stanley/L, both
    /// B2 at 4, make one battle) when nothing in this battle reads who its hidden heirs are: no
    /// roll can reach the side, it plans no charge (6.5, D8) and no Treachery roll, no block of
    /// the side may get an heir's bonus here (D7), and no heir serving the other house is about
    /// (9.1, R1).
    pub(super) fn classify(&mut self, base: &[usize]) -> Result<(), ScenarioError> {
        let quiet = Side::BOTH.map(|side| unrollable(&self.scenario, &self.hidden, side));
        // No roll can reach the side in this battle: a roll needs the enemy's Treason card (D11)
        // or a plan of the enemy's, which names known blocks only (R3, R13).
        let calm = Side::BOTH.map(|side| {
            let enemy = side.other();
            let plans = match enemy {
                Side::Attacker => &self.scenario.policy.attacker,
                Side::Defender => &self.scenario.policy.defender,
            };
            self.scenario.treason != Some(enemy) && plans.treachery.is_empty()
        });
        // Every candidate's battle, built once (None: it is in no valid assignment).
        let mut built: Vec<Vec<Option<Battle>>> = Vec::with_capacity(self.hidden.len());
        for i in 0..self.hidden.len() {
            let mut row = Vec::with_capacity(self.hidden[i].candidates.len());
            for c in 0..self.hidden[i].candidates.len() {
                row.push(match self.with(base, i, c) {
                    Some(pick) => {
                        let sc = self.concrete(&pick);
                        let b = Battle::new(&sc).map_err(|e| self.explain(e, &pick))?;
                        super::figures::widen(&mut self.class_union.borrow_mut(), &b);
                        self.class_warnings.push(b.warnings().to_vec());
                        Some(b)
                    }
                    None => None,
                });
            }
            built.push(row);
        }
        // What the battles can read: dead-person bits some bonus here uses, heirs' bonuses.
        let mut used = 0u8;
        let mut heir_bonus = [false; 2];
        let mut turned = false;
        for b in built.iter().flatten().flatten() {
            for s in &b.slots {
                for v in &s.versions {
                    used |= v.bonus.shield_if_dead | v.bonus.heir.map_or(0, |h| h.royal_if_dead);
                    if heir_part(&v.bonus).is_some() {
                        heir_bonus[s.side.index()] = true;
                    }
                }
                turned |= s.versions[0].data.is_some_and(turned_heir);
            }
        }
        self.context_roles = turned;
        // Each side stripped while the hidden blocks of the sides stripped are few enough for
        // the tallies' ending counts.
        let mut room = super::mixture::MAX_STRIPPED;
        self.stripped = Side::BOTH.map(|side| {
            let p = match side {
                Side::Attacker => &self.scenario.policy.attacker,
                Side::Defender => &self.scenario.policy.defender,
            };
            let hidden = self.hidden.iter().filter(|h| h.side == side).count();
            let strip = calm[side.index()]
                && p.charges.is_empty()
                && p.treachery.is_empty()
                && !heir_bonus[side.index()]
                && !turned
                && hidden > 0
                && hidden <= room;
            if strip {
                room -= hidden;
            }
            strip
        });
        // Control can change only when the defender has reserves (D5): without, each side
        // keeps its role all battle.
        let reserves = self.scenario.defender.blocks.iter().any(|b| b.reserve)
            || self
                .hidden
                .iter()
                .any(|h| h.side == Side::Defender && h.reserve);
        let always = |side: Side| (!reserves).then_some(side == Side::Defender);
        let mut fine: HashMap<String, u32> = HashMap::new();
        let mut coarse: HashMap<String, u32> = HashMap::new();
        for (i, row) in built.iter().enumerate() {
            let side = self.hidden[i].side.index();
            let slot = self.hidden[i].slot;
            let (mut class, mut dynamic, mut role) = (Vec::new(), Vec::new(), Vec::new());
            for (c, b) in row.iter().enumerate() {
                let (sig, dsig, r) = match b {
                    Some(b) => (
                        behaviour(b, slot, quiet[side]),
                        dynamics(
                            b,
                            slot,
                            calm[side],
                            self.stripped[side],
                            used,
                            always(self.hidden[i].side),
                        ),
                        Role {
                            king: b.king() == Some(slot),
                            pretender: b.pretender() == Some(slot),
                            heir: b.slots[slot].versions[0]
                                .heir_rank
                                .map(|_| b.slots[slot].versions[0].house),
                        },
                    ),
                    // Never in a valid assignment: never drawn.
                    None => (
                        format!("never {i} {c}"),
                        format!("never {i} {c}"),
                        Role::default(),
                    ),
                };
                let next = fine.len() as u32;
                class.push(*fine.entry(sig).or_insert(next));
                let next = coarse.len() as u32;
                dynamic.push(*coarse.entry(dsig.clone()).or_insert(next));
                role.push(r);
            }
            self.hidden[i].class = class;
            self.hidden[i].dynamic = dynamic;
            self.hidden[i].role = role;
        }
        let mut signatures = vec![String::new(); coarse.len()];
        for (sig, id) in coarse {
            signatures[id as usize] = sig;
        }
        self.signatures = signatures;
        if let Some(b) = built.iter().flatten().flatten().next() {
            self.known_roles = [b.king(), b.pretender()]
                .map(|s| s.filter(|&s| !self.hidden.iter().any(|h| h.slot == s)));
        }
        Ok(())
    }
}
