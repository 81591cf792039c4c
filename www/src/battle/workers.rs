//! The workers of the battle's headline figures: one for the exact solve and, when the battle is
//! too large for it, `k` for Monte Carlo (`crate::battle::engine::monte_carlo_workers`); what the
//! page does with their replies. With hidden blocks, the solver estimates the exact mixture's
//! cost first while a second worker runs Monte Carlo over it: when the exact figures will take
//! more than about a second, the Monte Carlo figures are shown as they come and the exact ones
//! replace them when ready (or the page says why they will not come). The exact mixture's
//! battles are shared between the solver (the lead) and helper workers
//! (`crate::battle::engine::solver_workers` in all), the page carrying each helper's share to it
//! and its battles back to the lead; the progress bar counts the battles solved.
//! Dropping a worker terminates it (Cancel, or a newer battle while it works).
//!
//! A battle solved exactly before in this page (by these workers, or by the map's planner for a
//! plan it solved exactly: `crate::shell::solved`) is not solved again: its report is shown at
//! once, the same bit for bit, and the results panel says it came from there (issue 35).

use crate::battle::engine::{
    BROWSER_FOG_BUDGET, BROWSER_STATE_BUDGET, MONTE_CARLO_RUNS, MONTE_CARLO_SEED, Reply, Request, fog_monte_carlo_note, merge_counts,
    monte_carlo_note, monte_carlo_workers, share, solver_workers,
};
use crate::battle::pool::RawWorker;
use crate::battle::state::{Action, Refine, State};
use crate::shell::codec;
use crate::shell::solved::{self, Solution};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The headline's workers: one for the exact solve, and `k` for Monte Carlo when the battle is
/// too large. Dropping a worker terminates it (Cancel, or a newer battle while it works).
#[derive(Default)]
pub struct Pool {
    solver: Option<RawWorker>,
    /// The solver is working on a job.
    busy: bool,
    /// The job the solver is working on: its revision and scenario JSON.
    job: Option<(u64, String)>,
    mc: Option<MonteCarlo>,
    fog: Option<FogRun>,
    /// The solver's helpers for an exact mixture (kept between jobs, like the solver).
    helpers: Vec<RawWorker>,
    /// How many helpers are working on a share.
    helpers_busy: usize,
}

/// A battle with hidden blocks under way: the solver estimates, then solves the exact mixture;
/// a Monte Carlo worker runs meanwhile.
struct FogRun {
    job: u64,
    /// The scenario JSON (to start Monte Carlo again if the exact solve fails late).
    scenario: String,
    /// The Monte Carlo worker, while it runs.
    worker: Option<RawWorker>,
    /// Its latest figures: battles, `FogReport` JSON, finished.
    latest: Option<(u64, String, bool)>,
    /// The estimate said the exact figures take more than about a second: show Monte Carlo.
    slow: bool,
    /// Why the exact figures will not come, when the estimate (or the solve) said so.
    refused: Option<String>,
    /// When the page last showed progress (ms), as for [`MonteCarlo::shown`].
    shown: f64,
    /// The mixture's distinct battles.
    battles: usize,
    /// Battles solved before the shares were handed out (the estimate's, or kept from earlier
    /// edits).
    base: usize,
    /// Battles of its share each solver has solved (the lead first).
    solved: Vec<usize>,
    /// When the page last showed the exact solve's progress (ms).
    told: f64,
}

impl FogRun {
    /// The exact solve's progress as the page shows it.
    fn working(&self) -> Refine {
        Refine::Working { solved: (self.base + self.solved.iter().sum::<usize>()).min(self.battles), battles: self.battles }
    }
}

/// A Monte Carlo run split across workers.
struct MonteCarlo {
    job: u64,
    battle: bosworth::Battle,
    note: String,
    /// Held so that dropping the run terminates them.
    _workers: Vec<RawWorker>,
    /// Each worker's latest counts: battles, `Tally` JSON, finished.
    parts: Vec<(u64, String, bool)>,
    /// When the page last showed progress (ms): at most every [`PROGRESS_MS`], so drawing the
    /// figures does not take a core from the workers.
    shown: f64,
}

/// The least time between two Monte Carlo progress updates of the page.
const PROGRESS_MS: f64 = 250.0;

impl Pool {
    /// Stops everything under way (terminating the workers that are busy).
    pub fn stop(&mut self) {
        if self.busy {
            self.solver = None;
            self.busy = false;
        }
        self.stop_helpers();
        self.job = None;
        self.mc = None;
        self.fog = None;
    }

    /// Terminates the helpers if they are working (a share of an older or refused mixture).
    fn stop_helpers(&mut self) {
        if self.helpers_busy > 0 {
            self.helpers.clear();
            self.helpers_busy = 0;
        }
    }

    /// True while a job is under way.
    pub fn working(&self) -> bool {
        self.busy || self.helpers_busy > 0 || self.mc.is_some() || self.fog.is_some()
    }
}

/// What the page does with a reply from one of the headline's workers.
fn on_reply(pool: &Rc<RefCell<Pool>>, d: &UseReducerDispatcher<State>, reply: Reply) {
    let parse = |t: &str| serde_json::from_str(t).map(Rc::new);
    let action = {
        let Ok(mut p) = pool.try_borrow_mut() else {
            return;
        };
        match reply {
            Reply::Done { job, report } => {
                p.busy = false;
                let scenario = p.job.take().filter(|(j, _)| *j == job).map(|(_, s)| s);
                match parse(&report) {
                    Ok(report) => {
                        let report: Rc<bosworth::Report> = report;
                        if let Some(key) = scenario {
                            solved::keep(&key, Solution::Plain((*report).clone()));
                        }
                        Action::Done { revision: job, report, note: None, fog: None }
                    }
                    Err(e) => Action::Failed { revision: job, message: e.to_string() },
                }
            }
            Reply::FogDone { job, fog, note } => {
                if p.fog.as_ref().is_some_and(|f| f.job != job) {
                    return;
                }
                p.busy = false;
                p.job = None;
                p.helpers_busy = 0;
                // Exact: the Monte Carlo worker is no longer needed.
                let scenario = p.fog.take().map(|f| f.scenario);
                match serde_json::from_str::<bosworth::FogReport>(&fog) {
                    Ok(f) => {
                        if let Some(key) = scenario {
                            solved::keep(&key, Solution::Fog(f.clone()));
                        }
                        Action::Done { revision: job, report: Rc::new(f.report.clone()), note, fog: Some(Rc::new(f)) }
                    }
                    Err(e) => Action::Failed { revision: job, message: e.to_string() },
                }
            }
            Reply::Failed { job, message } => {
                p.stop();
                Action::Failed { revision: job, message }
            }
            Reply::FogCost { job, slow, refused, battles, solved } => {
                let Some(run) = p.fog.as_mut().filter(|r| r.job == job) else { return };
                if run.battles == 0 {
                    (run.battles, run.base) = (battles, solved);
                }
                if refused.is_none() && !slow {
                    // Exact within about a second: no Monte Carlo.
                    run.worker = None;
                    run.latest = None;
                    return;
                }
                run.slow = true;
                let restart = refused.is_some() && run.worker.is_none() && !run.latest.as_ref().is_some_and(|l| l.2);
                let scenario = run.scenario.clone();
                let refine = match &refused {
                    Some(why) => Refine::Refused(why.clone()),
                    None => run.working(),
                };
                let stop_solver = refused.is_some();
                run.refused = refused;
                let shown = fog_figures(run);
                let finished = run.latest.as_ref().is_some_and(|l| l.2);
                if stop_solver {
                    p.busy = false;
                    p.job = None;
                    p.stop_helpers();
                    if finished {
                        p.fog = None;
                    }
                }
                drop(p);
                d.dispatch(Action::Refine { revision: job, refine });
                if restart && !start_fog_monte_carlo(pool, d, job, &scenario) {
                    return;
                }
                if let Some(a) = shown {
                    d.dispatch(a);
                }
                return;
            }
            Reply::FogCounts { job, runs, fog, done } => {
                let Some(run) = p.fog.as_mut().filter(|r| r.job == job) else { return };
                run.latest = Some((runs, fog, done));
                if done {
                    run.worker = None;
                }
                let now = js_sys::Date::now();
                if !run.slow || (!done && now - run.shown < PROGRESS_MS) {
                    return;
                }
                run.shown = now;
                let Some(action) = fog_figures(run) else { return };
                if done && run.refused.is_some() {
                    // The Monte Carlo figures are final: nothing more is coming.
                    p.fog = None;
                }
                action
            }
            Reply::FogShares { job, shares, budget } => {
                let Some((_, scenario)) = p.job.clone().filter(|(j, _)| *j == job) else { return };
                drop(p);
                give_shares(pool, d, job, &scenario, shares, budget);
                return;
            }
            Reply::FogProgress { job, part, solved } => {
                let Some(run) = p.fog.as_mut().filter(|r| r.job == job) else { return };
                if run.solved.len() <= part {
                    run.solved.resize(part + 1, 0);
                }
                run.solved[part] = solved;
                let now = js_sys::Date::now();
                if !run.slow || run.refused.is_some() || now - run.told < PROGRESS_MS {
                    return;
                }
                run.told = now;
                Action::Refine { revision: job, refine: run.working() }
            }
            Reply::FogSolved { job, part: _, battles } => {
                if p.job.as_ref().is_none_or(|(j, _)| *j != job) {
                    return;
                }
                p.helpers_busy = p.helpers_busy.saturating_sub(1);
                if let Some(lead) = &p.solver {
                    lead.send(Request::FogAbsorb { job, battles });
                }
                return;
            }
            Reply::TooLarge { job, budget } => {
                p.busy = false;
                let Some((_, scenario)) = p.job.take().filter(|(j, _)| *j == job) else { return };
                let battle = match codec::parse(&scenario).and_then(|s| bosworth::Battle::new(&s)) {
                    Ok(b) => b,
                    Err(e) => {
                        drop(p);
                        d.dispatch(Action::Failed { revision: job, message: e.to_string() });
                        return;
                    }
                };
                let k = monte_carlo_workers();
                let mut workers = Vec::with_capacity(k);
                for part in 0..k {
                    let (pool2, d2) = (Rc::downgrade(pool), d.clone());
                    let spawned = RawWorker::spawn("worker.js", move |r| {
                        if let Some(pool) = pool2.upgrade() {
                            on_reply(&pool, &d2, r);
                        }
                    });
                    match spawned {
                        Ok(w) => {
                            w.send(Request::Simulate {
                                job,
                                part,
                                scenario: scenario.clone(),
                                seed: bosworth::worker_seed(MONTE_CARLO_SEED, part as u64),
                                runs: share(MONTE_CARLO_RUNS, k, part),
                            });
                            workers.push(w);
                        }
                        Err(e) => {
                            drop(p);
                            d.dispatch(Action::Failed { revision: job, message: format!("A worker could not start: {e:?}") });
                            return;
                        }
                    }
                }
                let note = monte_carlo_note(budget, k);
                p.mc = Some(MonteCarlo { job, battle, note, _workers: workers, parts: vec![(0, String::new(), false); k], shown: 0.0 });
                return;
            }
            Reply::Counts { job, part, runs, tally, done } => {
                let Some(mc) = p.mc.as_mut().filter(|m| m.job == job && part < m.parts.len()) else {
                    return;
                };
                mc.parts[part] = (runs, tally, done);
                let parts: Vec<(u64, &str)> =
                    mc.parts.iter().filter(|x| x.0 > 0).map(|(r, t, _)| (*r, t.as_str())).collect();
                let runs = parts.iter().map(|x| x.0).sum();
                let finished = mc.parts.iter().all(|x| x.2);
                let now = js_sys::Date::now();
                if !finished && now - mc.shown < PROGRESS_MS {
                    return;
                }
                mc.shown = now;
                let note = Some(mc.note.clone());
                let action = match merge_counts(&mc.battle, MONTE_CARLO_SEED, &parts) {
                    Ok(report) if finished => Action::Done { revision: job, report: Rc::new(report), note, fog: None },
                    Ok(report) => {
                        Action::Progress { revision: job, runs, total: MONTE_CARLO_RUNS, report: Rc::new(report), note, fog: None }
                    }
                    Err(message) => Action::Failed { revision: job, message },
                };
                if finished {
                    p.mc = None;
                }
                action
            }
            Reply::Advice { .. } | Reply::AdviceProgress { .. } | Reply::Value { .. } | Reply::Figures { .. } => return,
        }
    };
    d.dispatch(action);
}

/// The figures a mixture's Monte Carlo worker has so far, as the page shows them: final when
/// it has finished and the exact figures will not come, else progress.
fn fog_figures(run: &FogRun) -> Option<Action> {
    let (runs, fog, done) = run.latest.as_ref()?;
    let job = run.job;
    let f = match serde_json::from_str::<bosworth::FogReport>(fog) {
        Ok(f) => Rc::new(f),
        Err(e) => {
            return Some(Action::Failed { revision: job, message: e.to_string() });
        }
    };
    let report = Rc::new(f.report.clone());
    let note = Some(fog_monte_carlo_note(*runs, run.refused.is_none()));
    Some(if *done && run.refused.is_some() {
        Action::Done { revision: job, report, note, fog: Some(f) }
    } else {
        Action::Progress { revision: job, runs: *runs, total: MONTE_CARLO_RUNS, report, note, fog: Some(f) }
    })
}

/// Hands each helper its share of an exact mixture's battles (starting the helpers missing); the
/// lead solves its own meanwhile and waits for theirs.
fn give_shares(pool: &Rc<RefCell<Pool>>, d: &UseReducerDispatcher<State>, job: u64, scenario: &str, shares: Vec<Vec<usize>>, budget: usize) {
    let mut p = pool.borrow_mut();
    while p.helpers.len() < shares.len() {
        let (pool2, d2) = (Rc::downgrade(pool), d.clone());
        match RawWorker::spawn("worker.js", move |r| {
            if let Some(pool) = pool2.upgrade() {
                on_reply(&pool, &d2, r);
            }
        }) {
            Ok(w) => p.helpers.push(w),
            Err(e) => {
                drop(p);
                d.dispatch(Action::Failed { revision: job, message: format!("A worker could not start: {e:?}") });
                return;
            }
        }
    }
    let given = shares.len();
    for (j, list) in shares.into_iter().enumerate() {
        p.helpers[j].send(Request::FogBattles { job, part: j + 1, scenario: scenario.to_string(), list, budget });
    }
    p.helpers_busy = given;
}

/// Starts Monte Carlo over a mixture in a worker of its own (its figures shown once the
/// estimate says the exact ones are slow); `false` if it could not start (the page is told).
fn start_fog_monte_carlo(pool: &Rc<RefCell<Pool>>, d: &UseReducerDispatcher<State>, job: u64, scenario: &str) -> bool {
    let (pool2, d2) = (Rc::downgrade(pool), d.clone());
    match RawWorker::spawn("worker.js", move |r| {
        if let Some(pool) = pool2.upgrade() {
            on_reply(&pool, &d2, r);
        }
    }) {
        Ok(w) => {
            w.send(Request::FogSimulate { job, scenario: scenario.to_string(), seed: MONTE_CARLO_SEED, runs: MONTE_CARLO_RUNS });
            if let Some(run) = pool.borrow_mut().fog.as_mut().filter(|r| r.job == job) {
                run.worker = Some(w);
            }
            true
        }
        Err(e) => {
            d.dispatch(Action::Failed { revision: job, message: format!("A worker could not start: {e:?}") });
            false
        }
    }
}

/// A battle with hidden blocks: the solver estimates the exact mixture (then solves it where it
/// fits), a second worker runs Monte Carlo over it meanwhile; `false` for a battle without.
fn submit_fog(pool: &Rc<RefCell<Pool>>, dispatcher: &UseReducerDispatcher<State>, job: u64, scenario: &str) -> bool {
    if !codec::parse(scenario).is_ok_and(|s| bosworth::solve::fog::has_hidden(&s)) {
        return false;
    }
    pool.borrow_mut().fog = Some(FogRun {
        job,
        scenario: scenario.to_string(),
        worker: None,
        latest: None,
        slow: false,
        refused: None,
        shown: 0.0,
        battles: 0,
        base: 0,
        solved: Vec::new(),
        told: 0.0,
    });
    if !start_fog_monte_carlo(pool, dispatcher, job, scenario) {
        return true;
    }
    if start_solver(pool, dispatcher, job) {
        let mut p = pool.borrow_mut();
        p.busy = true;
        p.job = Some((job, scenario.to_string()));
        if let Some(w) = &p.solver {
            w.send(Request::FogSolve { job, scenario: scenario.to_string(), budget: BROWSER_FOG_BUDGET, helpers: solver_workers() - 1 });
        }
    }
    true
}

/// Starts the solver worker if it is not running; `false` if it could not start (the page is
/// told).
fn start_solver(pool: &Rc<RefCell<Pool>>, dispatcher: &UseReducerDispatcher<State>, job: u64) -> bool {
    let mut p = pool.borrow_mut();
    if p.solver.is_none() {
        let (pool2, d) = (Rc::downgrade(pool), dispatcher.clone());
        match RawWorker::spawn("worker.js", move |r| {
            if let Some(pool) = pool2.upgrade() {
                on_reply(&pool, &d, r);
            }
        }) {
            Ok(w) => p.solver = Some(w),
            Err(e) => {
                drop(p);
                dispatcher.dispatch(Action::Failed { revision: job, message: format!("The worker could not start: {e:?}") });
                return false;
            }
        }
    }
    true
}

/// Sends a scenario to the solver worker (started if needed); `false` if it could not start
/// (the page is told).
fn solve_in_worker(pool: &Rc<RefCell<Pool>>, dispatcher: &UseReducerDispatcher<State>, job: u64, scenario: String) -> bool {
    if !start_solver(pool, dispatcher, job) {
        return false;
    }
    let mut p = pool.borrow_mut();
    p.busy = true;
    p.job = Some((job, scenario.clone()));
    if let Some(w) = &p.solver {
        w.send(Request::Solve { job, scenario, budget: BROWSER_STATE_BUDGET });
    }
    true
}

/// The exact answer to a battle solved before in this page (`crate::shell::solved`), as the
/// page shows it, if it is one this page's own solve would give: within the budget the workers
/// would solve it with ([`BROWSER_STATE_BUDGET`], [`BROWSER_FOG_BUDGET`] with hidden blocks).
fn recalled(job: u64, scenario: &str) -> Option<Action> {
    let s = solved::recall(scenario)?;
    let states = solved::states(&s)?;
    Some(match &*s {
        Solution::Plain(r) if states <= BROWSER_STATE_BUDGET => Action::Recalled { revision: job, report: Rc::new(r.clone()), fog: None },
        Solution::Fog(f) if states <= BROWSER_FOG_BUDGET => {
            Action::Recalled { revision: job, report: Rc::new(f.report.clone()), fog: Some(Rc::new(f.clone())) }
        }
        _ => return None,
    })
}

/// Sends a job to the solver worker; anything still under way for an older battle is stopped
/// (its workers terminated). A battle solved before in this page is answered at once.
pub fn submit(pool: &Rc<RefCell<Pool>>, dispatcher: UseReducerDispatcher<State>, job: u64, scenario: String) {
    pool.borrow_mut().stop();
    if let Some(answer) = recalled(job, &scenario) {
        dispatcher.dispatch(Action::Started(job));
        dispatcher.dispatch(answer);
        return;
    }
    if submit_fog(pool, &dispatcher, job, &scenario) {
        dispatcher.dispatch(Action::Started(job));
        return;
    }
    if solve_in_worker(pool, &dispatcher, job, scenario) {
        dispatcher.dispatch(Action::Started(job));
    }
}
