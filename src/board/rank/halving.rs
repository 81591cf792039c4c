//! Successive halving: every candidate fought on a draw, then the ones that could still be
//! among the best on twice the draws, and so on, within the screening's budget
//! ([`Screening::halve`]); and the candidates chosen for the fog of war's figures
//! ([`Screening::choose`]: the best, and the best for each number of blocks committed, for the
//! Pareto front).

use super::candidates::Candidate;
use super::error::PlanError;
use super::screening::Screening;
use super::tally::{self, BATTLES_PER_DRAW};
use crate::board::validate::Position;
use crate::solve::watch::Watch;
use std::collections::HashMap;

/// Draws of the hidden blocks every plan is fought on first.
const FIRST_DRAWS: usize = 1;

/// The most draws a plan is screened on: enough to choose the plans to assess, whose figures
/// come from the fog of war.
const MAX_DRAWS: usize = 512;

/// Standard errors a plan's screened chance may lie below the threshold and still be kept.
const KEEP_WITHIN: f64 = 3.0;

impl Screening {
    /// Screens the candidates by successive halving, keeping at least `keep` of them, within
    /// `budget` battles.
    pub(super) fn halve(
        &mut self,
        position: &Position,
        keep: usize,
        budget: u64,
        watch: &Watch<'_>,
    ) -> Result<(), PlanError> {
        let mut alive: Vec<usize> = (0..self.candidates.len()).collect();
        let mut k = FIRST_DRAWS;
        let keep = keep.max(1);
        loop {
            if !self.fight(position, &alive, k, watch)? {
                return Ok(());
            }
            alive.retain(|&i| !self.candidates[i].tally.broken);
            if alive.len() <= keep || k >= MAX_DRAWS {
                break;
            }
            let next = survivors(&self.candidates, &alive, keep);
            let next_cost = next.len() as u64 * k as u64 * u64::from(BATTLES_PER_DRAW);
            if next.len() == alive.len() || self.fought + next_cost > budget {
                // Nothing more to drop, or no budget left: the plans left are those to assess.
                break;
            }
            alive = next;
            k *= 2;
            self.templates.retain(|i, _| alive.contains(i));
        }
        self.flush(watch)
    }

    /// The candidates to assess: the `top` best by the screening, then (with `front`) the best
    /// for each number of blocks committed.
    pub(super) fn choose(&self, top: usize, front: bool) -> Vec<usize> {
        choose(&self.candidates, top, front)
    }
}

/// The plans that could still be among the `keep` best, by paired comparison with the
/// `keep`-th best (within [`KEEP_WITHIN`] standard errors), at most a quarter of them (the
/// draws double each round, so each round costs half the one before), and the best plan for
/// each number of blocks committed (for the Pareto front).
fn survivors(candidates: &[Candidate], alive: &[usize], keep: usize) -> Vec<usize> {
    let mut by_hold: Vec<usize> = alive.to_vec();
    by_hold.sort_by(|&a, &b| {
        candidates[b]
            .tally
            .hold()
            .total_cmp(&candidates[a].tally.hold())
            .then(a.cmp(&b))
    });
    let threshold = by_hold[keep.min(by_hold.len()) - 1];
    let reference = &candidates[threshold].tally.holds;
    let mut scored: Vec<(f64, usize)> = by_hold
        .iter()
        .enumerate()
        .filter_map(|(r, &i)| {
            if r < keep {
                return Some((f64::INFINITY, i));
            }
            let (m, se) = tally::paired(&candidates[i].tally.holds, reference);
            let upper = m + KEEP_WITHIN * se;
            (upper >= 0.0).then_some((upper, i))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.truncate((alive.len() / 4).max(keep));
    let mut out: Vec<usize> = scored.into_iter().map(|s| s.1).collect();
    for i in front_keepers(candidates, alive) {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out.sort_unstable();
    out
}

/// For each number of blocks committed, the plan that holds most often and the one that loses
/// fewest steps, by the screening.
fn front_keepers(candidates: &[Candidate], alive: &[usize]) -> Vec<usize> {
    let mut best: HashMap<usize, (usize, usize)> = HashMap::new();
    for &i in alive {
        let n = candidates[i].plan.ways.len();
        let e = best.entry(n).or_insert((i, i));
        let t = &candidates[i].tally;
        if t.hold() > candidates[e.0].tally.hold() {
            e.0 = i;
        }
        if t.lost() < candidates[e.1].tally.lost() {
            e.1 = i;
        }
    }
    let mut out: Vec<usize> = best.values().flat_map(|&(a, b)| [a, b]).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The plans to assess: the `top` best by the screening, then (with `front`) the best for each
/// number of blocks committed.
fn choose(candidates: &[Candidate], top: usize, front: bool) -> Vec<usize> {
    let alive: Vec<usize> = (0..candidates.len())
        .filter(|&i| !candidates[i].tally.broken && !candidates[i].tally.holds.is_empty())
        .collect();
    let mut by_hold = alive.clone();
    // Compare on the draws all of them were fought on: the most screened first.
    by_hold.sort_by(|&a, &b| {
        candidates[b]
            .tally
            .holds
            .len()
            .cmp(&candidates[a].tally.holds.len())
            .then(
                candidates[b]
                    .tally
                    .hold()
                    .total_cmp(&candidates[a].tally.hold()),
            )
            .then(a.cmp(&b))
    });
    let mut out: Vec<usize> = by_hold.into_iter().take(top.max(1)).collect();
    if !front {
        return out;
    }
    let mut per_count: HashMap<usize, usize> = HashMap::new();
    for &i in &alive {
        let n = candidates[i].plan.ways.len();
        let e = per_count.entry(n).or_insert(i);
        let (a, b) = (&candidates[i].tally, &candidates[*e].tally);
        if (a.holds.len(), a.hold()) > (b.holds.len(), b.hold()) {
            *e = i;
        }
    }
    let mut extra: Vec<usize> = per_count.into_values().collect();
    extra.sort_unstable();
    for i in extra {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}
