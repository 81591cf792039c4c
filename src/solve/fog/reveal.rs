//! Any possibility opened as a battle of its own: once battle is joined the blocks are revealed
//! (6.1), and the charges and Treachery rolls are decided knowing them, so a player wants to
//! look at "the worst case" as an ordinary battle, with best play, replay and the fire order.
//! A possibility names what each hidden block is ([`Pick`]); [`Fog::reveal`] writes its battle
//! as a [`Scenario`] with every block known, in the order the mixture fights it (R13), so that
//! its exact figures are those the mixture counted for it.

use super::Fog;
use crate::rules::battle::Battle;
use crate::rules::dice::{BattleRng, uniform};
use crate::scenario::{Scenario, ScenarioError, Side};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What one hidden block is in a possibility.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pick {
    /// The block's id (`Somerset`, `Stanley/L`).
    pub block: String,
    /// Its strength.
    pub strength: u8,
}

impl std::fmt::Display for Pick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.block, self.strength)
    }
}

impl Fog {
    /// What the hidden blocks are in composition `k` (its example, one of the assignments that
    /// make its battle), in the order of the scenario's hidden blocks (the attacker's first);
    /// `None` when the compositions are not listed or there is no composition `k`.
    pub fn possibility(&self, k: usize) -> Option<Vec<Pick>> {
        let comp = self.compositions.as_ref()?.get(k)?;
        Some(self.picks(&comp.example))
    }

    /// Composition `k` for best play (R24): its chance, its battle (that of its example, every
    /// block revealed, 6.1) and what its hidden blocks are. Compositions are distinct behaviour
    /// classes, which keep all that the rules read of a block but its name, and its loyalty only
    /// where no block that could roll is about: a distinction best play could use is never
    /// merged away, as it may be in the coarser battles of the exact mixture (`classes.rs`).
    /// `None` when the compositions are not listed or there is no composition `k`.
    pub fn composition_battle(&self, k: usize) -> Option<(f64, Arc<Battle>, Vec<Pick>)> {
        let comp = self.compositions.as_ref()?.get(k)?;
        let battle = self.battle_of(&comp.example).ok()?;
        Some((comp.chance, battle, self.picks(&comp.example)))
    }

    /// The chance of composition `k` (R13), without building its battle.
    pub fn composition_chance(&self, k: usize) -> Option<f64> {
        Some(self.compositions.as_ref()?.get(k)?.chance)
    }

    /// A composition drawn from the prior of R13 (the listed ones by their chances, else by
    /// rejection, as Monte Carlo draws them): its index when listed, its behaviour-class key, its
    /// battle and what its hidden blocks are.
    pub fn draw_composition(
        &self,
        rng: &mut BattleRng,
    ) -> (Option<usize>, Vec<u32>, Arc<Battle>, Vec<Pick>) {
        let (k, pick) = match &self.compositions {
            Some(comps) if !comps.is_empty() => {
                let total: f64 = comps.iter().map(|c| c.chance).sum();
                let mut u = uniform(rng) * total;
                let mut at = comps.len() - 1;
                for (i, c) in comps.iter().enumerate() {
                    if u < c.chance {
                        at = i;
                        break;
                    }
                    u -= c.chance;
                }
                (Some(at), comps[at].example.clone())
            }
            _ => (None, self.draw(rng)),
        };
        let key = self
            .hidden
            .iter()
            .zip(&pick)
            .map(|(h, &c)| h.class[c])
            .collect();
        let battle = self
            .battle_of(&pick)
            .expect("every composition was checked when it was classified");
        (k, key, battle, self.picks(&pick))
    }

    /// A possibility in which hidden block `i` (an index of [`super::FogReport::hidden`]) is
    /// `block` at `strength`: the most likely composition where it or a hidden block described
    /// alike is (ties: the first listed), with that block in place. For "who each hidden block
    /// may be" and the scouting table. `None` if it never is.
    pub fn possibility_with(&self, i: usize, block: &str, strength: u8) -> Option<Vec<Pick>> {
        let comps = self.compositions.as_ref()?;
        let h = self.hidden.get(i)?;
        let c = h.candidates.iter().position(|c| {
            c.block.id.eq_ignore_ascii_case(block.trim()) && c.strength == strength
        })?;
        // Hidden block i and those described alike: any of them may hold it (R13).
        let group: Vec<usize> = (0..self.hidden.len())
            .filter(|&j| self.alike(i, j))
            .collect();
        let mut best: Option<(f64, usize, usize)> = None;
        for (k, comp) in comps.iter().enumerate() {
            for &j in &group {
                if let Some(&(_, p)) = comp.who[j].iter().find(|(x, _)| *x == c)
                    && p > 0.0
                    && best.is_none_or(|b| comp.chance > b.0)
                {
                    best = Some((comp.chance, k, j));
                }
            }
        }
        let (_, k, j) = best?;
        let mut pick = comps[k].example.clone();
        if pick[j] != c {
            let person = self.hidden[j].candidates[c].block.person;
            // The block that had it at j goes where `c`'s person was, if anyone had him.
            if let Some(o) =
                (0..pick.len()).find(|&o| self.hidden[o].candidates[pick[o]].block.person == person)
            {
                if self.alike(j, o) {
                    pick[o] = pick[j];
                } else {
                    pick = self.with(&pick, j, c)?;
                }
            }
            pick[j] = c;
        }
        self.in_tie_order(&mut pick);
        Some(self.picks(&pick))
    }

    /// True if hidden blocks `i` and `j` are described alike (interchangeable, R13).
    fn alike(&self, i: usize, j: usize) -> bool {
        let root = |mut k: usize| {
            while let Some(t) = self.hidden[k].twin {
                k = t;
            }
            k
        };
        root(i) == root(j)
    }

    fn picks(&self, pick: &[usize]) -> Vec<Pick> {
        self.hidden
            .iter()
            .zip(pick)
            .map(|(h, &c)| Pick {
                block: h.candidates[c].block.id.to_string(),
                strength: h.candidates[c].strength,
            })
            .collect()
    }

    /// The battle of a possibility, every block revealed (6.1): the scenario with each hidden
    /// block replaced by what `picks` says it is (one per hidden block, in the order of the
    /// scenario's hidden blocks), listed after its side's known blocks; hidden blocks described
    /// alike are listed in the tie order of R13 whatever order `picks` gives them, so the battle
    /// is the one the mixture counted. Its exact figures are the composition's.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the hidden block (`defender.hidden[1]`) whose pick is not one
    /// of its candidates at a strength its prior allows, or the possibility that names a person
    /// twice.
    pub fn reveal(&self, picks: &[Pick]) -> Result<Scenario, ScenarioError> {
        let pick = self.indices(picks)?;
        Ok(self.concrete(&pick))
    }

    /// The composition a possibility belongs to (an index for [`Fog::possibility`] and the
    /// spread's `compositions`): the one whose battle [`Fog::reveal`] writes for `picks`, so
    /// that the spread's figure for it is the opened battle's. For a caller that shows the
    /// figure of what [`Fog::possibility_with`] opens before opening it. `None` when the
    /// compositions are not listed or `picks` is not a possibility.
    pub fn composition_of(&self, picks: &[Pick]) -> Option<usize> {
        let pick = self.indices(picks).ok()?;
        let key = |p: &[usize]| -> Vec<u32> {
            self.hidden
                .iter()
                .zip(p)
                .map(|(h, &c)| h.class[c])
                .collect()
        };
        let want = key(&pick);
        self.compositions
            .as_ref()?
            .iter()
            .position(|comp| key(&comp.example) == want)
    }

    /// The candidate each pick names, in the tie order of R13 among hidden blocks described
    /// alike (see [`Fog::reveal`]).
    fn indices(&self, picks: &[Pick]) -> Result<Vec<usize>, ScenarioError> {
        if picks.len() != self.hidden.len() {
            return Err(ScenarioError::new(
                "hidden",
                format!(
                    "name what each of the {} hidden blocks is; {} given",
                    self.hidden.len(),
                    picks.len()
                ),
            ));
        }
        let mut pick = Vec::with_capacity(picks.len());
        let mut persons: Vec<&str> = Vec::new();
        for (i, (h, p)) in self.hidden.iter().zip(picks).enumerate() {
            let field = self.field(i);
            let c = h
                .candidates
                .iter()
                .position(|c| {
                    (c.block.id.eq_ignore_ascii_case(p.block.trim())
                        || c.block.person.eq_ignore_ascii_case(p.block.trim()))
                        && c.strength == p.strength
                })
                .ok_or_else(|| {
                    ScenarioError::new(
                        field.clone(),
                        format!("{p} is not one of what {} may be", h.label),
                    )
                })?;
            let person = h.candidates[c].block.person;
            if persons.contains(&person) {
                return Err(ScenarioError::new(
                    field,
                    format!("{person} cannot be two hidden blocks at once"),
                ));
            }
            persons.push(person);
            pick.push(c);
        }
        self.in_tie_order(&mut pick);
        Ok(pick)
    }

    /// Each hidden block by its field (`defender.hidden[1]`), with how many blocks it may be:
    /// what to narrow when a mixture is too large.
    pub fn hidden_fields(&self) -> Vec<(String, usize)> {
        (0..self.hidden.len())
            .map(|i| (self.field(i), self.hidden[i].blocks))
            .collect()
    }

    /// The field of hidden block `i`: `defender.hidden[1]`.
    fn field(&self, i: usize) -> String {
        let h = &self.hidden[i];
        let k = self.hidden[..i].iter().filter(|o| o.side == h.side).count();
        format!("{}.hidden[{k}]", h.side.name())
    }

    /// The index (in the order of [`super::FogReport::hidden`]) of the hidden block the field
    /// `side.hidden[k]` names, if there is one.
    pub fn hidden_index(&self, side: Side, k: usize) -> Option<usize> {
        self.hidden
            .iter()
            .enumerate()
            .filter(|(_, h)| h.side == side)
            .nth(k)
            .map(|(i, _)| i)
    }
}
