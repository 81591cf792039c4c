//! The workers of the battle's headline figures: one for the exact solve and, when the battle is
//! too large for it, `k` for Monte Carlo (`crate::battle::engine::monte_carlo_workers`), or the
//! pieces of a battle with hidden blocks shared among `k`; what the page does with their replies.
//! Dropping a worker terminates it (Cancel, or a newer battle while it works).

use crate::battle::engine::{
    BROWSER_FOG_BUDGET, BROWSER_STATE_BUDGET, MONTE_CARLO_RUNS, MONTE_CARLO_SEED, Reply, Request, merge_counts, monte_carlo_note,
    monte_carlo_workers, share,
};
use crate::battle::pool::RawWorker;
use crate::battle::state::{Action, State};
use crate::shell::codec;
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
}

/// The exact solve of a battle with hidden blocks split across workers: each solves some pieces
/// of its compositions (`bosworth::Fog::solve_pieces`), the page puts them together.
struct FogRun {
    job: u64,
    fog: bosworth::Fog,
    /// The scenario JSON, for the Monte Carlo fallback.
    scenario: String,
    /// Held so that dropping the run terminates them.
    _workers: Vec<RawWorker>,
    /// Each worker's part (JSON) once it has answered.
    parts: Vec<Option<String>>,
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
        self.job = None;
        self.mc = None;
        self.fog = None;
    }

    /// True while a job is under way.
    pub fn working(&self) -> bool {
        self.busy || self.mc.is_some() || self.fog.is_some()
    }
}

/// What the page does with a reply from one of the headline's workers.
fn on_reply(pool: &Rc<RefCell<Pool>>, d: &UseReducerDispatcher<State>, reply: Reply) {
    let parse = |t: &str| serde_json::from_str(t).map(Rc::new);
    let action = {
        let Ok(mut p) = pool.try_borrow_mut() else { return };
        match reply {
            Reply::Done { job, report } => {
                p.busy = false;
                p.job = None;
                match parse(&report) {
                    Ok(report) => Action::Done { revision: job, report, note: None, fog: None },
                    Err(e) => Action::Failed { revision: job, message: e.to_string() },
                }
            }
            Reply::FogDone { job, fog, note } => {
                p.busy = false;
                p.job = None;
                match serde_json::from_str::<bosworth::FogReport>(&fog) {
                    Ok(f) => Action::Done { revision: job, report: Rc::new(f.report.clone()), note, fog: Some(Rc::new(f)) },
                    Err(e) => Action::Failed { revision: job, message: e.to_string() },
                }
            }
            Reply::Failed { job, message } => {
                p.stop();
                Action::Failed { revision: job, message }
            }
            Reply::FogPart { job, part, fog } => {
                let Some(run) = p.fog.as_mut().filter(|r| r.job == job && part < r.parts.len()) else { return };
                run.parts[part] = Some(fog);
                if run.parts.iter().any(Option::is_none) {
                    return;
                }
                let run = p.fog.take().expect("checked above");
                let parts: Result<Vec<bosworth::solve::fog::FogPart>, String> = run
                    .parts
                    .iter()
                    .map(|t| serde_json::from_str(t.as_deref().unwrap_or_default()).map_err(|e| e.to_string()))
                    .collect();
                match parts.map(|parts| run.fog.assemble(BROWSER_FOG_BUDGET, &parts)) {
                    Ok(Ok(f)) => Action::Done { revision: job, report: Rc::new(f.report.clone()), note: None, fog: Some(Rc::new(f)) },
                    Ok(Err(_)) => {
                        // Past the budget: the solver worker draws the mixture whole (Monte Carlo).
                        drop(p);
                        solve_in_worker(pool, d, job, run.scenario);
                        return;
                    }
                    Err(message) => Action::Failed { revision: job, message },
                }
            }
            Reply::TooLarge { job, .. } if p.fog.as_ref().is_some_and(|r| r.job == job) => {
                let run = p.fog.take().expect("checked above");
                drop(p);
                // Past the budget: the solver worker draws the mixture whole (Monte Carlo).
                solve_in_worker(pool, d, job, run.scenario);
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
                let Some(mc) = p.mc.as_mut().filter(|m| m.job == job && part < m.parts.len()) else { return };
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
                    Ok(report) => Action::Progress { revision: job, runs, total: MONTE_CARLO_RUNS, report: Rc::new(report), note },
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

/// The exact solve of a battle with hidden blocks, its pieces split across workers; `false` when
/// it cannot be split (then the solver worker takes it whole, and falls back to Monte Carlo).
fn submit_fog(pool: &Rc<RefCell<Pool>>, dispatcher: &UseReducerDispatcher<State>, job: u64, scenario: &str) -> bool {
    let Ok(fog) = codec::parse(scenario).and_then(|s| bosworth::Fog::new(&s)) else { return false };
    let pieces = fog.pieces();
    if pieces < 2 {
        return false;
    }
    let k = monte_carlo_workers().min(pieces);
    let mut workers = Vec::with_capacity(k);
    for part in 0..k {
        let (pool2, d2) = (Rc::downgrade(pool), dispatcher.clone());
        let Ok(w) = RawWorker::spawn("worker.js", move |r| {
            if let Some(pool) = pool2.upgrade() {
                on_reply(&pool, &d2, r);
            }
        }) else {
            return false;
        };
        w.send(Request::FogPieces { job, part, scenario: scenario.to_string(), budget: BROWSER_FOG_BUDGET, pieces: fog.share(part, k) });
        workers.push(w);
    }
    pool.borrow_mut().fog = Some(FogRun { job, fog, scenario: scenario.to_string(), _workers: workers, parts: vec![None; k] });
    true
}

/// Sends a scenario to the solver worker (started if needed); `false` if it could not start
/// (the page is told).
fn solve_in_worker(pool: &Rc<RefCell<Pool>>, dispatcher: &UseReducerDispatcher<State>, job: u64, scenario: String) -> bool {
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
    p.busy = true;
    p.job = Some((job, scenario.clone()));
    if let Some(w) = &p.solver {
        w.send(Request::Solve { job, scenario, budget: BROWSER_STATE_BUDGET });
    }
    true
}

/// Sends a job to the solver worker; anything still under way for an older battle is stopped
/// (its workers terminated).
pub fn submit(pool: &Rc<RefCell<Pool>>, dispatcher: UseReducerDispatcher<State>, job: u64, scenario: String) {
    pool.borrow_mut().stop();
    if submit_fog(pool, &dispatcher, job, &scenario) {
        dispatcher.dispatch(Action::Started(job));
        return;
    }
    if solve_in_worker(pool, &dispatcher, job, scenario) {
        dispatcher.dispatch(Action::Started(job));
    }
}
