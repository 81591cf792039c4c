//! The fog of war's figures on the candidates the screening chose (6.3, R13, R21, R23): exact
//! where the mixture fits the budget, Monte Carlo at a stated seed and count otherwise, so that
//! `bosworth exact` or `bosworth simulate` on the plan's battle gives the same figures
//! ([`Screening::assess`], for one target's ranking and the whole turn alike).

use super::draws::{self, Slot, Template};
use super::error::PlanError;
use super::figures::{Assessed, Figures, Solution, battle_heirs, figures};
use super::fogs::Fogs;
use super::options::{Options, Stage, Stages};
use super::presolved::Presolved;
use super::screening::Screening;
use crate::board::battle::battle;
use crate::board::validate::Position;
use crate::rules::battle::Battle;
use crate::rules::dice::rng_from_seed;
use crate::scenario::Scenario;
use crate::solve::error::SolveError;
use crate::solve::fog::{Fog, FogMemo, FogReport};
use crate::solve::report::Method;
use crate::solve::watch::Watch;

/// A candidate to assess: which, and how hard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::board) struct Pick {
    /// The candidate (an index into [`Screening::candidates`]).
    pub(in crate::board) candidate: usize,
    /// Monte Carlo battles if its exact mixture does not fit `budget`.
    pub(in crate::board) runs: u64,
    /// The most states its exact mixture may take.
    pub(in crate::board) budget: usize,
}

impl Screening {
    /// The fog of war's figures on the candidates `picks`, each reported with its battle, in
    /// the order of `picks`; `without_treason` fights their battles without the Treason card
    /// (R41: a turn's one roll goes to one battle). `ahead` holds what other Web Workers worked
    /// out before ([`Screening::presolve`]): a mixture all of whose battles it holds is not
    /// solved again (see [`whole`]), a probe or a plan's Monte Carlo figures it holds (for the
    /// same budget, runs and seed) are not worked out again: the same figures. `stages` is told
    /// each candidate assessed.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::board) fn assess(
        &self,
        position: &Position,
        picks: &[Pick],
        without_treason: bool,
        options: &Options,
        ahead: &Presolved,
        watch: &Watch<'_>,
        stages: &Stages<'_>,
    ) -> Result<Vec<Assessed>, PlanError> {
        let jobs = self.jobs(position, picks, without_treason);
        let figures = assess_all(
            &jobs,
            &self.slots,
            &self.fogs,
            options,
            ahead,
            watch,
            stages,
        )?;
        Ok(picks
            .iter()
            .zip(jobs)
            .zip(figures)
            .map(|((p, job), (figures, exact))| {
                let c = &self.candidates[p.candidate];
                Assessed {
                    plan: c.plan.clone(),
                    reinforcements: c.groups.clone(),
                    scenario: job.scenario,
                    figures,
                    screened: (c.tally.hold(), c.tally.holds.len()),
                    pareto: false,
                    tied_with_next: false,
                    exact,
                }
            })
            .collect())
    }

    /// Share `k` of `solvers` of the work [`Screening::assess`] will do for `picks`, for Web
    /// Workers that work out one ranking's final pass together, their shares merged and handed
    /// to `assess`:
    /// - the exact mixtures: share 0 estimates each (the same probe, the same estimate against
    ///   the same budget as `assess`) and keeps the estimate's sample; every other battle is
    ///   dealt to one share ([`dealt`]: as many battles each). The other shares do not wait for
    ///   the estimate: where it says the mixture does not fit, `assess` samples the plan and
    ///   their battles are not used. A mixture that proves too large is left to `assess`;
    /// - share 0 (the worker that then assesses) keeps every plan's probe;
    /// - the other shares take turns at the Monte Carlo figures of the plans whose mixture is
    ///   not worth trying (their probe failed), at the plan's runs and `options.seed`.
    ///
    /// `stages` is told each plan it works on.
    ///
    /// # Errors
    /// [`PlanError::Cancelled`] when `watch` says stop.
    pub(in crate::board) fn presolve(
        &self,
        position: &Position,
        picks: &[Pick],
        (k, solvers): (usize, usize),
        options: &Options,
        watch: &Watch<'_>,
        stages: &Stages<'_>,
    ) -> Result<Presolved, PlanError> {
        let jobs = self.jobs(position, picks, false);
        let solvers = solvers.max(1);
        let mut out = Presolved::new();
        // The plans not tried exactly so far: the helpers take them in turn.
        let mut untried = 0usize;
        for (index, job) in jobs.iter().enumerate() {
            if !crate::solve::fog::has_hidden(&job.scenario) {
                continue;
            }
            let fog = self.fogs.get(job.key, &job.scenario)?;
            let fog = fog
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let fits = probe(job, &fog, &self.slots, options);
            if k == 0 {
                out.probes.insert(index, ((job.budget, options.seed), fits));
            }
            if !fits {
                // Monte Carlo, by the helpers in turn (the worker that assesses has the first
                // pass to give, and the rest of the pass to finish).
                let turn = untried;
                untried += 1;
                if solvers > 1 && k > 0 && turn % (solvers - 1) == k - 1 {
                    stages(Stage::Assessing {
                        plan: index,
                        plans: jobs.len(),
                        exact: false,
                    });
                    let report = fog.simulate_watched(job.runs, options.seed, watch)?;
                    out.simulated
                        .insert(index, ((job.runs, options.seed), report));
                }
                continue;
            }
            stages(Stage::Assessing {
                plan: index,
                plans: jobs.len(),
                exact: true,
            });
            // Every battle of the mixture has one solver: share 0 its estimate's sample, and
            // the rest dealt out so that each share has as many battles.
            let sample = fog.sampled();
            let mut mine = dealt(fog.battles(), &sample, (k, solvers));
            if k == 0 {
                // Only share 0 estimates: the others solve theirs whatever it says, and their
                // battles are thrown away if it says the mixture does not fit (their own
                // share never takes more than the budget).
                let mut memo = FogMemo::new();
                let cost = match fog.estimate(&mut memo, job.budget, watch) {
                    Ok(cost) => cost,
                    Err(SolveError::Cancelled) => return Err(PlanError::Cancelled),
                    Err(SolveError::TooLarge { .. }) => continue,
                };
                if !cost.fits(job.budget) {
                    continue;
                }
                // The sample's battles the estimate left unsolved (it stops once its allowance
                // is spent).
                let left = fog.missing(&memo);
                let mut list: Vec<usize> =
                    sample.into_iter().filter(|g| left.contains(g)).collect();
                list.append(&mut mine);
                mine = list;
                out.memo.merge(memo);
            }
            match fog.solve_battles(&mine, job.budget, watch) {
                Ok(battles) => {
                    for b in battles {
                        out.memo.insert(b);
                    }
                }
                Err(SolveError::Cancelled) => return Err(PlanError::Cancelled),
                Err(SolveError::TooLarge { .. }) => {}
            }
        }
        Ok(out)
    }

    /// The reported plans `picks` as battles to assess.
    fn jobs(&self, position: &Position, picks: &[Pick], without_treason: bool) -> Vec<Job> {
        picks
            .iter()
            .map(|p| {
                let c = &self.candidates[p.candidate];
                let mut scenario = battle(position, &c.plan, &c.groups);
                let mut template = c.template(position);
                if without_treason {
                    crate::board::battle::without_treason(&mut scenario);
                    crate::board::battle::without_treason(&mut template.known);
                }
                Job {
                    key: (p.candidate, without_treason),
                    scenario,
                    template,
                    runs: p.runs,
                    budget: p.budget,
                }
            })
            .collect()
    }
}

/// The battles of `memo` that make up `fog`'s exact mixture when it holds every one of them, else
/// none: with all of them the mixture is exact exactly when its states fit the budget, as when
/// it is solved from nothing after an estimate that said it would fit (which is the only case
/// [`Screening::presolve`] solves it in), so the figures are those of a solve from nothing. A
/// memo with only some of them could change the estimate, and so whether the plan is exact.
fn whole(memo: &FogMemo, fog: &Fog) -> FogMemo {
    if memo.is_empty() || fog.battles() == 0 || !fog.missing(memo).is_empty() {
        return FogMemo::new();
    }
    memo.part(fog)
}

/// Share `k` of `solvers` of a mixture's `n` battles, the estimate's `sampled` ones apart (share
/// 0 solves those): each battle in turn to the share that has the fewest so far (the first of
/// them on a tie), share 0 counting the sample. The same on every worker, and every battle
/// dealt once.
fn dealt(n: usize, sampled: &[usize], (k, solvers): (usize, usize)) -> Vec<usize> {
    let mut count = vec![0usize; solvers.max(1)];
    count[0] = sampled.len();
    let mut mine = Vec::new();
    for g in (0..n).filter(|g| !sampled.contains(g)) {
        let fewest = (0..count.len()).min_by_key(|&w| count[w]).unwrap_or(0);
        count[fewest] += 1;
        if fewest == k {
            mine.push(g);
        }
    }
    mine
}

/// Whether a plan's exact mixture is worth trying within the job's budget: one composition
/// (drawn at `options.seed`) solved within its share of the budget, times the mixture's
/// distinct battles, fits it. A probe that fails fast.
fn probe(job: &Job, fog: &Fog, slots: &[Slot], options: &Options) -> bool {
    let mut rng = rng_from_seed(options.seed);
    // The distinct battles the mixture solves (compositions that make the same battle are solved
    // once, R13), none when there are too many to solve each.
    match (fog.battles(), draws::draw(slots, &mut rng)) {
        (n, Some(d)) if n > 0 => job
            .template
            .battle(&d)
            .ok()
            .and_then(|b| crate::solve::exact::solve(&b, job.budget / n.max(1)).ok())
            .is_some_and(|r| match r.method {
                Method::Exact { states, .. } => states.saturating_mul(n) <= job.budget,
                Method::MonteCarlo { .. } => false,
            }),
        _ => false,
    }
}

/// A reported plan to assess: its battle, the battle without its hidden blocks' candidates (for
/// a draw), its Monte Carlo battles and its exact budget.
struct Job {
    /// The candidate, and whether its battle is fought without the Treason card: its fog's key
    /// in [`Fogs`].
    key: (usize, bool),
    scenario: Scenario,
    template: Template,
    runs: u64,
    budget: usize,
}

/// A plan's figures, with the exact report they were read from when they are exact.
type Assessment = (Figures, Option<Solution>);

/// Every plan's figures ([`assess`]), on `options.threads` threads natively (each plan on one
/// thread, with its own seed: the figures do not depend on the threads).
#[allow(clippy::too_many_arguments)]
fn assess_all(
    jobs: &[Job],
    slots: &[Slot],
    fogs: &Fogs,
    options: &Options,
    ahead: &Presolved,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Vec<Assessment>, PlanError> {
    // In the browser the plans are assessed one after the other (a worker has one thread).
    #[cfg(not(target_arch = "wasm32"))]
    let threads = options.threads.clamp(1, jobs.len().max(1));
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 {
        let results: Vec<Vec<(usize, Result<Assessment, PlanError>)>> =
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        scope.spawn(move || {
                            (t..jobs.len())
                                .step_by(threads)
                                .map(|i| {
                                    (
                                        i,
                                        assess(jobs, i, slots, fogs, options, ahead, watch, stages),
                                    )
                                })
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("an assessing thread"))
                    .collect()
            });
        let mut all: Vec<(usize, Result<Assessment, PlanError>)> =
            results.into_iter().flatten().collect();
        all.sort_by_key(|r| r.0);
        return all.into_iter().map(|r| r.1).collect();
    }
    (0..jobs.len())
        .map(|i| assess(jobs, i, slots, fogs, options, ahead, watch, stages))
        .collect()
}

/// The fog of war's figures on a plan's battle: exact when the mixture is likely to fit the
/// job's budget (its compositions times the states of one of them), else Monte Carlo.
#[allow(clippy::too_many_arguments)]
fn assess(
    jobs: &[Job],
    index: usize,
    slots: &[Slot],
    fogs: &Fogs,
    options: &Options,
    ahead: &Presolved,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Assessment, PlanError> {
    let job = &jobs[index];
    let stage = |exact| {
        stages(Stage::Assessing {
            plan: index,
            plans: jobs.len(),
            exact,
        })
    };
    let Job {
        scenario,
        template,
        runs,
        budget,
        ..
    } = job;
    let (runs, budget) = (*runs, *budget);
    let own = template.own;
    if !crate::solve::fog::has_hidden(scenario) {
        let battle = Battle::new(scenario).map_err(PlanError::Invalid)?;
        stage(true);
        let (report, exact) = match crate::solve::exact::solve_watched(&battle, budget, watch) {
            Ok(r) => (r.clone(), Some(Solution::Plain(r))),
            Err(SolveError::Cancelled) => return Err(PlanError::Cancelled),
            Err(SolveError::TooLarge { .. }) => (
                crate::solve::monte_carlo::simulate(&battle, runs, options.seed),
                None,
            ),
        };
        return Ok((figures(&report, own, &battle_heirs(scenario, own)), exact));
    }
    let fog = fogs.get(job.key, &job.scenario)?;
    let fog = fog
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let fits = ahead
        .probe(index, budget, options.seed)
        .unwrap_or_else(|| probe(job, &fog, slots, options));
    stage(fits);
    // Monte Carlo at the plan's runs and seed: worked out ahead, or here.
    let simulate = || match ahead.simulation(index, runs, options.seed) {
        Some(r) => Ok(r.clone()),
        None => fog.simulate_watched(runs, options.seed, watch),
    };
    let report: FogReport = if fits {
        match fog.solve_memo(
            &mut whole(&ahead.memo, &fog),
            budget,
            options.threads,
            watch,
        ) {
            Ok(r) => r,
            Err(SolveError::Cancelled) => return Err(PlanError::Cancelled),
            Err(SolveError::TooLarge { .. }) => simulate()?,
        }
    } else {
        simulate()?
    };
    let f = figures(&report.report, own, &battle_heirs(scenario, own));
    let exact = matches!(report.report.method, Method::Exact { .. }).then(|| Solution::Fog(report));
    Ok((f, exact))
}

#[cfg(test)]
mod tests {
    use super::dealt;

    /// Every battle is dealt once, the sample to share 0, and the shares differ by at most one
    /// battle, the sample counted.
    #[test]
    fn every_battle_is_dealt_once_and_evenly() {
        for n in [0, 1, 5, 8, 9, 195, 196] {
            for solvers in 1..=4 {
                let m = n.min(8);
                // As `Fog::sampled` spreads them.
                let sampled: Vec<usize> = (0..m).map(|j| (2 * j + 1) * n / (2 * m)).collect();
                let shares: Vec<Vec<usize>> = (0..solvers)
                    .map(|k| dealt(n, &sampled, (k, solvers)))
                    .collect();
                let mut all: Vec<usize> = shares.concat();
                all.extend(&sampled);
                all.sort_unstable();
                assert_eq!(all, (0..n).collect::<Vec<_>>(), "n {n}, {solvers} solvers");
                let sizes: Vec<usize> = shares
                    .iter()
                    .enumerate()
                    .map(|(k, s)| s.len() + if k == 0 { sampled.len() } else { 0 })
                    .collect();
                let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
                // Share 0 may hold more when the sample alone is more than a share.
                assert!(
                    hi - lo <= 1 || sizes[0] == sampled.len(),
                    "n {n}, {solvers} solvers: {sizes:?}"
                );
            }
        }
    }
}
