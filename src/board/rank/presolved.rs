//! A ranking's final pass worked out ahead, in other Web Workers ([`Presolved`]): the battles of
//! its exact mixtures, the Monte Carlo figures of the plans whose mixture is not tried exactly,
//! and whether each plan's mixture was worth trying. Handed to [`Screened::finish`], it makes
//! the pass do none of that work again, the figures unchanged (`assess.rs`).
//!
//! [`Screened::finish`]: super::Screened::finish

use crate::solve::fog::{FogMemo, FogReport};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What other workers worked out for a ranking's final pass ([`super::Screened::presolve`]),
/// merged from every worker's share ([`Presolved::merge`]). Each figure is kept with what it
/// depends on beyond the plan (the budget, the runs and the seed): a pass asked with other
/// options finds none of it and works it out itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Presolved {
    /// Battles of the exact mixtures.
    pub(in crate::board) memo: FogMemo,
    /// Each plan's probe (by its place among the plans assessed): `(budget, seed)`, and
    /// whether its exact mixture was worth trying.
    pub(in crate::board) probes: BTreeMap<usize, ((usize, u64), bool)>,
    /// Each plan whose mixture is not tried exactly: `(runs, seed)`, and its Monte Carlo figures.
    pub(in crate::board) simulated: BTreeMap<usize, ((u64, u64), FogReport)>,
}

impl Presolved {
    /// Nothing worked out: the pass works out everything itself.
    pub fn new() -> Presolved {
        Presolved::default()
    }

    /// True if it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty() && self.probes.is_empty() && self.simulated.is_empty()
    }

    /// Battles of exact mixtures it holds.
    pub fn battles(&self) -> usize {
        self.memo.len()
    }

    /// Plans whose Monte Carlo figures it holds.
    pub fn simulated(&self) -> usize {
        self.simulated.len()
    }

    /// Adds another worker's share.
    pub fn merge(&mut self, other: Presolved) {
        self.memo.merge(other.memo);
        self.probes.extend(other.probes);
        self.simulated.extend(other.simulated);
    }

    /// Plan `index`'s probe, when worked out with this `budget` and `seed`.
    pub(in crate::board) fn probe(&self, index: usize, budget: usize, seed: u64) -> Option<bool> {
        self.probes
            .get(&index)
            .filter(|(at, _)| *at == (budget, seed))
            .map(|(_, fits)| *fits)
    }

    /// Plan `index`'s Monte Carlo figures, when worked out with these `runs` and `seed`.
    pub(in crate::board) fn simulation(
        &self,
        index: usize,
        runs: u64,
        seed: u64,
    ) -> Option<&FogReport> {
        self.simulated
            .get(&index)
            .filter(|(at, _)| *at == (runs, seed))
            .map(|(_, r)| r)
    }
}
