//! Ranking (6.3, R13, R21, R23): every plan to attack a target, screened against the hidden
//! defenders (`screening.rs`), and the best of them given the fog of war's own figures on their
//! battle (`assess.rs`). Ranked by the chance to hold, ties said, the Pareto front marked
//! (`order.rs`): one target ([`rank`]), one target's best plan ([`best_plan`], what the app's
//! workers ask of each target), or every target at once ([`every_target`]).

use super::assess::Pick;
use super::error::PlanError;
use super::figures::Assessed;
use super::options::{NO_STAGES, Options, Stage, Stages};
use super::order::order;
use super::presolved::Presolved;
use super::screening::Screening;
use crate::board::plans::plans;
use crate::board::reach::{self, Role, Target};
use crate::board::validate::Position;
use crate::data::AREAS;
use crate::solve::watch::Watch;

/// Every plan to attack one target, the best of them assessed.
#[derive(Debug, Clone)]
pub struct Ranking {
    /// The target.
    pub target: Target,
    /// The plans reported, best first.
    pub plans: Vec<Assessed>,
    /// Every distinct plan found.
    pub considered: usize,
    /// The search stopped at its limit: more plans exist.
    pub truncated: bool,
    /// Battles the screening fought.
    pub screened_battles: u64,
}

/// Every enemy or contested area the moving player can attack this turn (some plan reaches it),
/// in the map's order.
pub fn targets(position: &Position) -> Vec<Target> {
    (0..AREAS.len())
        .filter_map(|a| reach::target(position, a).ok())
        .filter(|t| match t.role {
            Role::Attack => !reach::ways(position, t.area).is_empty(),
            _ => true,
        })
        .collect()
}

/// Ranks every plan to attack `target`.
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn rank(
    position: &Position,
    target: Target,
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Ranking, PlanError> {
    rank_staged(position, target, options, watch, NO_STAGES)
}

/// [`rank`], telling `stages` what it is doing as it goes (the same figures): the target's plans
/// screened by successive halving, the best told apart, the best plan for each number of blocks
/// committed besides, the chosen assessed and put in order.
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn rank_staged(
    position: &Position,
    target: Target,
    options: &Options,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Ranking, PlanError> {
    screen(position, target, options, false, watch, stages)?.finish(
        position,
        options,
        &Presolved::new(),
        watch,
        stages,
    )
}

/// A target's plans screened, before the chosen are assessed: what [`rank`] (or [`best_plan`])
/// does first, kept so that its assessment can be made more than once (a first pass with fewer
/// battles, then `bosworth plan`'s own) and its exact mixtures shared out between Web Workers
/// first ([`Screened::presolve`]). The screening depends on the options' `top`,
/// `screen_budget`, `reinforce` and `seed` only: passes that differ in their runs and budgets
/// share one.
pub struct Screened {
    screening: Screening,
    /// The candidates chosen, in the screening's order.
    chosen: Vec<usize>,
    /// Only the best plan, as [`best_plan`] gives it.
    best: bool,
    considered: usize,
    truncated: bool,
}

/// Screens the plans to attack `target` as [`rank_staged`] does (or [`best_plan_staged`], when
/// `best`), for [`Screened::finish`].
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn screen(
    position: &Position,
    target: Target,
    options: &Options,
    best: bool,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Screened, PlanError> {
    let mut s = if best {
        screen_with(position, target, &only_best(options), false, watch, stages)?
    } else {
        screen_with(position, target, options, true, watch, stages)?
    };
    s.best = best;
    Ok(s)
}

fn screen_with(
    position: &Position,
    target: Target,
    options: &Options,
    front: bool,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Screened, PlanError> {
    stages(Stage::Screening);
    let found = plans(position, target);
    let considered = found.plans.len();
    let mut screening = Screening::new(
        position,
        target,
        found.plans,
        options.reinforce,
        options.seed,
    );
    screening.halve(position, options.top, options.screen_budget, watch)?;
    let chosen = screening.choose(options.top, front);
    let top: Vec<usize> = chosen.iter().take(options.top.max(1)).copied().collect();
    screening.separate(position, &top, options.screen_budget, watch)?;
    Ok(Screened {
        screening,
        chosen,
        best: false,
        considered,
        truncated: found.truncated,
    })
}

/// [`best_plan`]'s options: one plan, none with the larger exact budget.
fn only_best(options: &Options) -> Options {
    Options {
        top: 1,
        exact_best: 0,
        ..options.clone()
    }
}

impl Screened {
    /// The chosen plans' assessment: the best get `runs` battles; the others, there for the
    /// Pareto front, a quarter. The very best (`exact_best`, in the screening's order) may take
    /// the larger exact budget.
    fn picks(&self, options: &Options) -> Vec<Pick> {
        self.chosen
            .iter()
            .enumerate()
            .map(|(rank, &i)| Pick {
                candidate: i,
                runs: if rank < options.top.max(1) {
                    options.runs
                } else {
                    (options.runs / 4).max(1)
                },
                budget: if rank < options.exact_best {
                    options.best_budget.max(options.exact_budget)
                } else {
                    options.exact_budget
                },
            })
            .collect()
    }

    /// The options this screening is assessed with: `options`, as [`best_plan`] takes them
    /// when only the best plan is asked for.
    fn options(&self, options: &Options) -> Options {
        if self.best {
            only_best(options)
        } else {
            options.clone()
        }
    }

    /// Share `k` of `solvers` of the work [`Screened::finish`] will do with `options`, each Web
    /// Worker working out its own: the exact mixtures' battles, the probes (share 0) and the
    /// Monte Carlo figures of the plans not tried exactly (the other shares in turn). Merged and
    /// given to `finish`, the shares make it do none of that work again, the figures unchanged
    /// (`assess.rs`).
    ///
    /// # Errors
    /// [`PlanError::Cancelled`] when `watch` says stop.
    pub fn presolve(
        &self,
        position: &Position,
        options: &Options,
        share: (usize, usize),
        watch: &Watch<'_>,
        stages: &Stages<'_>,
    ) -> Result<Presolved, PlanError> {
        let options = self.options(options);
        let picks = self.picks(&options);
        self.screening
            .presolve(position, &picks, share, &options, watch, stages)
    }

    /// The chosen plans assessed with `options` (the same screening may be assessed with other
    /// runs and budgets) and put in order: [`rank`]'s answer, or [`best_plan`]'s. `ahead` holds
    /// what was worked out before ([`Screened::presolve`]): the same figures, sooner.
    ///
    /// # Errors
    /// [`PlanError::Cancelled`] when `watch` says stop.
    pub fn finish(
        &self,
        position: &Position,
        options: &Options,
        ahead: &Presolved,
        watch: &Watch<'_>,
        stages: &Stages<'_>,
    ) -> Result<Ranking, PlanError> {
        let options = self.options(options);
        let picks = self.picks(&options);
        let screening = &self.screening;
        let assessed = screening.assess(position, &picks, false, &options, ahead, watch, stages)?;
        let mut out: Vec<(usize, Assessed)> = self.chosen.iter().copied().zip(assessed).collect();
        order(&mut out, &screening.candidates);
        let mut plans: Vec<Assessed> = out.into_iter().map(|(_, a)| a).collect();
        if self.best
            && let Some(p) = plans.first_mut()
        {
            p.tied_with_next = false;
        }
        Ok(Ranking {
            target: screening.target,
            plans,
            considered: self.considered,
            truncated: self.truncated,
            screened_battles: screening.fought,
        })
    }
}

/// Every target the moving player can attack this turn, each with its best plan (`options.top`
/// is taken as 1 for each, and none takes the larger exact budget of `exact_best`: an overview
/// that comes quickly; [`rank`] on one target gives its best plans exact figures), the best
/// first.
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn every_target(
    position: &Position,
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Vec<Ranking>, PlanError> {
    let mut out = Vec::new();
    for t in targets(position) {
        out.push(best_plan(position, t, options, watch)?);
    }
    order_targets(&mut out);
    Ok(out)
}

/// One target's best plan, as [`every_target`] ranks it (`options.top` taken as 1, no best
/// plan for each number of blocks committed): what a page that works on each target apart (in
/// Web Workers) gives for it, the same figures.
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn best_plan(
    position: &Position,
    target: Target,
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Ranking, PlanError> {
    best_plan_staged(position, target, options, watch, NO_STAGES)
}

/// [`best_plan`], telling `stages` what it is doing as it goes (the same figures).
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn best_plan_staged(
    position: &Position,
    target: Target,
    options: &Options,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Ranking, PlanError> {
    screen(position, target, options, true, watch, stages)?.finish(
        position,
        options,
        &Presolved::new(),
        watch,
        stages,
    )
}

/// Every target's ranking in [`every_target`]'s order: the best plan's chance to hold first,
/// then the map's order of areas.
pub fn order_targets(rankings: &mut [Ranking]) {
    rankings.sort_by(|a, b| {
        let h = |r: &Ranking| r.plans.first().map_or(-1.0, |p| p.figures.hold);
        h(b).total_cmp(&h(a))
            .then(a.target.area.cmp(&b.target.area))
    });
}
