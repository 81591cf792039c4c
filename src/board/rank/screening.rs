//! The screening: the one piece that ranks a set of candidates, the plans to attack a target,
//! for the ranking of one target (`ranking.rs`) and for the whole turn (`turn.rs`) alike. Every
//! candidate is fought against the same draws of the enemy's unseen blocks and the same dice
//! (common random numbers, `draws.rs`), so that two plans are compared on equal terms and a few
//! dozen battles tell a hopeless plan from a good one. A [`Screening`] holds the candidates, the
//! draws so far and the battles fought; its steps are in their own files: fighting every
//! candidate on more draws (here), successive halving (`halving.rs`), telling the best apart
//! (`separation.rs`) and the fog of war's figures on those chosen (`assess.rs`). The figures
//! the planner reports are not the screening's: they are the fog of war's on each plan's battle.

use super::candidates::{Candidate, prepare};
use super::draws::{self, Draw, Slot, Template};
use super::error::PlanError;
use super::fight;
use super::fogs::Fogs;
use super::muster::{Muster, muster};
use super::tally::{BATTLES_PER_DRAW, Tally};
use crate::board::plans::Plan;
use crate::board::reach::Target;
use crate::board::reinforce::Reinforce;
use crate::board::validate::Position;
use crate::rules::dice::{BattleRng, rng_from_seed};
use crate::solve::watch::Watch;
use std::collections::HashMap;

/// The screening of one target's plans under way: the candidates with their tallies, the
/// slots of the unseen blocks, the draws of them so far (every candidate is fought on the same
/// ones, in order), the one battle of the fast path when it applies, and the battles fought.
pub(in crate::board) struct Screening {
    /// The target the candidates attack (or join, or defend).
    pub(in crate::board) target: Target,
    /// The plans, each with its reinforcements and tally.
    pub(in crate::board) candidates: Vec<Candidate>,
    /// The unseen enemy blocks any candidate's battle holds.
    pub(super) slots: Vec<Slot>,
    /// The seed of the draws and of every battle on them.
    seed: u64,
    draws: Vec<Draw>,
    rng: BattleRng,
    /// The fast path's battle (`None` inside: each plan's own battle is built per draw).
    fast: Option<Option<Muster>>,
    pub(super) templates: HashMap<usize, Template>,
    /// Each assessed plan's fog of war, built once for every pass (`assess.rs`).
    pub(super) fogs: Fogs,
    /// Battles fought in all.
    pub(in crate::board) fought: u64,
    /// Battles fought since `watch` was last told.
    pending: usize,
}

impl Screening {
    /// The screening of `plans`, the plans to attack `target`, each with the enemy's
    /// reinforcements `reinforce` asks for, before any battle; its draws seeded by `seed`.
    pub(in crate::board) fn new(
        position: &Position,
        target: Target,
        plans: Vec<Plan>,
        reinforce: Reinforce,
        seed: u64,
    ) -> Screening {
        let (candidates, slots) = prepare(position, plans, reinforce);
        Screening {
            target,
            candidates,
            slots,
            seed,
            draws: Vec::new(),
            rng: rng_from_seed(draws::battle_seed(seed, draws::DRAWS, 0)),
            fast: None,
            templates: HashMap::new(),
            fogs: Fogs::default(),
            fought: 0,
            pending: 0,
        }
    }

    /// Fights the candidates `alive` (all screened on the same draws so far) on the draws up to
    /// `k`; false when no more draws can be made (the hidden blocks cannot be drawn).
    pub(super) fn fight(
        &mut self,
        position: &Position,
        alive: &[usize],
        k: usize,
        watch: &Watch<'_>,
    ) -> Result<bool, PlanError> {
        while self.draws.len() < k {
            match draws::draw(&self.slots, &mut self.rng) {
                Some(d) => self.draws.push(d),
                None => return Ok(false),
            }
        }
        let Some(&first) = alive.first() else {
            return Ok(true);
        };
        let draws = &self.draws;
        let candidates = &mut self.candidates;
        let fast = self
            .fast
            .get_or_insert_with(|| muster(position, candidates, &draws[0]));
        let from = candidates[first].tally.holds.len();
        match fast {
            Some(m) => {
                let mut tallies: Vec<Tally> = candidates
                    .iter_mut()
                    .map(|c| std::mem::take(&mut c.tally))
                    .collect();
                let done = m.fight(
                    &draws[..k],
                    from,
                    alive,
                    &mut tallies,
                    self.seed,
                    &mut self.pending,
                    watch,
                );
                for (c, t) in candidates.iter_mut().zip(tallies) {
                    c.tally = t;
                }
                if !done? {
                    for &i in alive {
                        candidates[i].tally.broken = true;
                    }
                }
            }
            None => {
                for &i in alive {
                    let template = self
                        .templates
                        .entry(i)
                        .or_insert_with(|| candidates[i].template(position));
                    let c = &mut candidates[i];
                    fight::fight(
                        template,
                        &draws[..k],
                        from,
                        self.seed,
                        &mut c.tally,
                        &mut self.pending,
                        watch,
                    )?;
                }
            }
        }
        self.fought += (alive.len() * (k - from)) as u64 * u64::from(BATTLES_PER_DRAW);
        Ok(true)
    }

    /// Fights every candidate on the first `k` draws (no halving: the whole turn's search
    /// chooses among them all), and tells `watch` the battles fought.
    pub(in crate::board) fn fight_every(
        &mut self,
        position: &Position,
        k: usize,
        watch: &Watch<'_>,
    ) -> Result<(), PlanError> {
        let alive: Vec<usize> = (0..self.candidates.len()).collect();
        self.fight(position, &alive, k, watch)?;
        self.flush(watch)
    }

    /// Tells `watch` the battles fought since it was last told.
    pub(super) fn flush(&mut self, watch: &Watch<'_>) -> Result<(), PlanError> {
        let n = std::mem::take(&mut self.pending);
        if n > 0 && !watch(n) {
            return Err(PlanError::Cancelled);
        }
        Ok(())
    }
}
