//! The Web Worker that solves battles off the page's thread: the exact solver first, and Monte
//! Carlo in chunks (with progress, cancellable between chunks) when the battle is too large.
//!
//! Messages carry JSON text (scenario in, `bosworth::Report` out), because gloo-worker's bincode
//! cannot carry the report's internally tagged enums.

use bosworth::{Battle, SolveError};
use gloo_worker::{HandlerId, Worker, WorkerScope};
use serde::{Deserialize, Serialize};

/// States the exact solver may visit in the browser before giving way to Monte Carlo.
pub const BROWSER_STATE_BUDGET: usize = 2_000_000;
/// Monte Carlo battles when the exact solver gives up.
pub const MONTE_CARLO_RUNS: u64 = 400_000;
/// Battles per chunk between progress reports.
pub const MONTE_CARLO_CHUNK: u64 = 20_000;
/// The Monte Carlo seed (the CLI's default, so `bosworth simulate --runs 400000` agrees).
pub const MONTE_CARLO_SEED: u64 = 1;

/// A request to the worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Request {
    /// Solve this scenario (JSON) for the page's revision `job`.
    Solve {
        /// The page's revision.
        job: u64,
        /// The scenario JSON.
        scenario: String,
        /// Exact solver state budget.
        budget: usize,
    },
    /// Stop the Monte Carlo run of `job`.
    Cancel {
        /// The page's revision.
        job: u64,
    },
    /// Solve the battle as a game (`bosworth::advice::advise`).
    Advise {
        /// Echoed in the reply.
        key: String,
        /// The scenario JSON.
        scenario: String,
        /// `hold`, `kill-royal`, `keep-heirs` or `steps`.
        objective: String,
        /// `both`, `attacker` or `defender`.
        players: String,
        /// State budget.
        budget: usize,
    },
    /// The exact chance the attacker holds, for a replay checkpoint.
    Value {
        /// Echoed in the reply.
        key: String,
        /// The scenario JSON.
        scenario: String,
        /// State budget.
        budget: usize,
    },
}

/// State budget of the advisor in the browser.
pub const ADVICE_STATE_BUDGET: usize = 1_000_000;
/// State budget of each replay checkpoint's evaluation.
pub const VALUE_STATE_BUDGET: usize = 200_000;

/// An answer from the worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Reply {
    /// Monte Carlo figures so far.
    Progress {
        /// The page's revision.
        job: u64,
        /// Battles so far.
        runs: u64,
        /// Battles planned.
        total: u64,
        /// `bosworth::Report` as JSON.
        report: String,
        /// Why Monte Carlo.
        note: Option<String>,
    },
    /// Final figures.
    Done {
        /// The page's revision.
        job: u64,
        /// `bosworth::Report` as JSON.
        report: String,
        /// Why Monte Carlo, if it is.
        note: Option<String>,
    },
    /// The scenario could not be solved.
    Failed {
        /// The page's revision.
        job: u64,
        /// Why.
        message: String,
    },
    /// The advisor's answer: `bosworth::advice::Advice` as JSON, or why not.
    Advice {
        /// The request's key.
        key: String,
        /// Advice JSON, or the message.
        result: Result<String, String>,
        /// Milliseconds spent in the worker.
        ms: f64,
    },
    /// A checkpoint's exact chance that the attacker holds; `None` past the budget.
    Value {
        /// The request's key.
        key: String,
        /// The chance, or `None` when too large.
        value: Result<Option<f64>, String>,
    },
}

/// Runs the advisor on scenario JSON.
///
/// # Errors
/// The engine's message, or a plain sentence when the battle is too large.
pub fn advise_json(scenario: &str, objective: &str, players: &str, budget: usize) -> Result<String, String> {
    use bosworth::advice::{Objective, Players};
    let battle = crate::codec::parse(scenario).and_then(|s| Battle::new(&s)).map_err(|e| e.to_string())?;
    let objective: Objective = serde_json::from_str(&format!("\"{objective}\"")).map_err(|e| e.to_string())?;
    let players = match players {
        "attacker" => Players::Only(bosworth::Side::Attacker),
        "defender" => Players::Only(bosworth::Side::Defender),
        _ => Players::Both,
    };
    match bosworth::advice::advise(&battle, objective, players, budget) {
        Ok(a) => Ok(serde_json::to_string(&a).expect("advice serialises")),
        Err(SolveError::TooLarge { budget }) => Err(format!(
            "Too large for the advisor in the browser: best play needs more than {budget} battle states. \
             Try fewer blocks, or run `bosworth advise` on the command line."
        )),
    }
}

/// The exact chance that the attacker holds, `None` past `budget` states.
///
/// # Errors
/// The engine's message for an invalid scenario.
pub fn value_json(scenario: &str, budget: usize) -> Result<Option<f64>, String> {
    let battle = crate::codec::parse(scenario).and_then(|s| Battle::new(&s)).map_err(|e| e.to_string())?;
    match bosworth::solve(&battle, budget) {
        Ok(r) => Ok(Some(r.attacker_holds)),
        Err(SolveError::TooLarge { .. }) => Ok(None),
    }
}

struct Run {
    job: u64,
    who: HandlerId,
    sim: bosworth::Simulation,
    note: String,
}

/// The worker.
pub struct Engine {
    run: Option<Run>,
}

/// Continue the Monte Carlo run of a job after letting other messages in.
pub struct Continue(u64);

impl Worker for Engine {
    type Message = Continue;
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        Engine { run: None }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, Continue(job): Continue) {
        let Some(run) = self.run.as_mut().filter(|r| r.job == job) else {
            return;
        };
        let left = MONTE_CARLO_RUNS - run.sim.runs();
        run.sim.run(left.min(MONTE_CARLO_CHUNK));
        let report = serde_json::to_string(&run.sim.report()).expect("reports serialise");
        let note = Some(run.note.clone());
        if run.sim.runs() >= MONTE_CARLO_RUNS {
            scope.respond(run.who, Reply::Done { job, report, note });
            self.run = None;
        } else {
            scope.respond(
                run.who,
                Reply::Progress { job, runs: run.sim.runs(), total: MONTE_CARLO_RUNS, report, note },
            );
            schedule(scope, job);
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Request, who: HandlerId) {
        match msg {
            Request::Cancel { job } => {
                if self.run.as_ref().is_some_and(|r| r.job == job) {
                    self.run = None;
                }
            }
            Request::Advise { key, scenario, objective, players, budget } => {
                let t0 = js_sys::Date::now();
                let result = advise_json(&scenario, &objective, &players, budget);
                scope.respond(who, Reply::Advice { key, result, ms: js_sys::Date::now() - t0 });
            }
            Request::Value { key, scenario, budget } => {
                scope.respond(who, Reply::Value { key, value: value_json(&scenario, budget) });
            }
            Request::Solve { job, scenario, budget } => {
                self.run = None;
                let battle = match crate::codec::parse(&scenario).and_then(|s| Battle::new(&s)) {
                    Ok(b) => b,
                    Err(e) => {
                        scope.respond(who, Reply::Failed { job, message: e.to_string() });
                        return;
                    }
                };
                match bosworth::solve(&battle, budget) {
                    Ok(report) => {
                        let report = serde_json::to_string(&report).expect("reports serialise");
                        scope.respond(who, Reply::Done { job, report, note: None });
                    }
                    Err(SolveError::TooLarge { budget }) => {
                        let note = format!(
                            "Too large for the exact solver in the browser (more than {budget} battle states): \
                             these are Monte Carlo estimates from {MONTE_CARLO_RUNS} simulated battles (seed {MONTE_CARLO_SEED})."
                        );
                        self.run = Some(Run {
                            job,
                            who,
                            sim: bosworth::Simulation::new(&battle, MONTE_CARLO_SEED),
                            note,
                        });
                        self.update(scope, Continue(job));
                    }
                }
            }
        }
    }
}

/// Runs the next chunk from a fresh task, so a Cancel (or a newer job) can arrive in between.
fn schedule(scope: &WorkerScope<Engine>, job: u64) {
    scope.send_future(async move {
        gloo::timers::future::TimeoutFuture::new(0).await;
        Continue(job)
    });
}
