//! Any possibility opened as a battle of its own: once battle is joined the blocks are revealed
//! (6.1), and the charges and Treachery rolls are decided knowing them, so a player wants to
//! look at "the worst case" as an ordinary battle, with best play, replay and the fire order.
//! A possibility names what each hidden block is ([`Pick`]); [`Fog::reveal`] writes its battle
//! as a [`Scenario`] with every block known, in the order the mixture fights it (R13), so that
//! its exact figures are those the mixture counted for it.

use super::Fog;
use crate::scenario::{Scenario, ScenarioError, Side};
use serde::{Deserialize, Serialize};

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
