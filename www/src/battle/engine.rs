//! The Web Worker that solves battles off the page's thread. The page asks one worker for the
//! exact solve; when the battle is too large, it asks `k` workers (see [`monte_carlo_workers`])
//! for Monte Carlo, worker `j` seeded `bosworth::worker_seed(seed, j)` with its share of the
//! runs ([`share`]), each sending its counts after every chunk; the page merges them with
//! [`merge_counts`], exactly as `bosworth simulate --threads k` merges its threads.
//!
//! With hidden blocks, the exact mixture's distinct battles are spread over a pool of solver
//! workers ([`solver_workers`]): the lead worker estimates the cost, keeps the battles solved
//! across edits (`FogMemo`), hands the page a share of the battles left for each helper
//! ([`Reply::FogShares`]), solves its own, and puts the helpers' battles (forwarded by the page,
//! [`Request::FogAbsorb`]) together into the figures. Each battle is solved at weight 1 and the
//! figures are added up in the mixture's own order, so they are the same however the battles
//! were shared out (ARCHITECTURE: "A battle with hidden blocks is a mixture of battles").
//!
//! The advisor, replay checkpoints and pinned plans are answered by a second worker of their
//! own (`crate::battle::helper_task`, `../bin/helper.rs`), on the same [`Request`] and [`Reply`].
//!
//! Messages carry JSON text (scenario in, `bosworth::Report` or `Tally` out), because
//! gloo-worker's bincode cannot carry the report's internally tagged enums.

use bosworth::solve::fog::{Cost, FogMemo, FogSimulation, SolvedBattle};
use bosworth::{Battle, Simulation, SolveError, Tally};
use gloo_worker::{HandlerId, Worker, WorkerScope};
use serde::{Deserialize, Serialize};

/// States the exact solver may visit in the browser before giving way to Monte Carlo: more than
/// the native solver visits in a second (docs/PERFORMANCE.md, "Targets (issue 10)"), so every
/// battle it solves that fast is exact here too. Its tables hold a fraction of them at once.
pub const BROWSER_STATE_BUDGET: usize = 4_000_000;
/// States the exact mixture of a battle with hidden blocks may visit in the browser, all its
/// battles together: the CLI's default (`bosworth exact --budget`), so the app refines to exact
/// every mixture `bosworth exact` solves, and refuses with the same reasons the others. Each
/// battle's states are freed before the next is solved, so this bounds time, not memory (each
/// battle stays within `bosworth::solve::fog::MAX_COMPOSITION_STATES`). Past
/// [`FAST_FOG_STATES`] the page shows Monte Carlo meanwhile.
pub const BROWSER_FOG_BUDGET: usize = bosworth::DEFAULT_STATE_BUDGET;
/// The states of an exact mixture the browser visits in about a second (the engine's measure:
/// natively about 5 M a second per core, a fifth of it in a browser; `bosworth::solve::fog`).
/// A mixture estimated at more left to solve shows Monte Carlo figures at once, refined to exact
/// in the background.
pub const FAST_FOG_STATES: usize = 1_000_000;
/// States the exact mixture of a pinned plan may visit (in the helper worker, no Monte Carlo
/// meanwhile), past which its figures are Monte Carlo.
pub const PIN_FOG_BUDGET: usize = 10_000_000;
/// Monte Carlo battles over a mixture between two progress reports (each carries the figures).
pub const FOG_MONTE_CARLO_CHUNK: u64 = 10_000;
/// Monte Carlo battles when the exact solver gives up (in all workers together).
pub const MONTE_CARLO_RUNS: u64 = 400_000;
/// Battles per chunk between progress reports (per worker).
pub const MONTE_CARLO_CHUNK: u64 = 20_000;
/// The most Monte Carlo workers the page starts.
pub const MAX_MONTE_CARLO_WORKERS: usize = 4;

/// How many Monte Carlo workers to start: `min(navigator.hardwareConcurrency, 4)`, at least 1.
pub fn monte_carlo_workers() -> usize {
    let n = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (n as usize).clamp(1, MAX_MONTE_CARLO_WORKERS)
}

/// The most workers an exact mixture of hidden blocks is solved on (the lead and its helpers).
pub const MAX_SOLVER_WORKERS: usize = 4;

/// How many workers solve an exact mixture: `min(navigator.hardwareConcurrency, 4)`, at least 1
/// (the lead, and one helper for each other).
pub fn solver_workers() -> usize {
    let n = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (n as usize).clamp(1, MAX_SOLVER_WORKERS)
}

/// The battles `missing` shared among `workers` solvers: every `workers`-th one, as
/// `Fog::solve_memo` shares them among threads; the first share is the lead's. At most one
/// share per battle.
pub fn fog_shares(missing: &[usize], workers: usize) -> Vec<Vec<usize>> {
    let k = workers.clamp(1, missing.len().max(1));
    (0..k).map(|t| missing.iter().skip(t).step_by(k).copied().collect()).collect()
}

/// Worker `j`'s share of `runs` battles split over `k` workers (the CLI's `--threads` split).
pub fn share(runs: u64, k: usize, j: usize) -> u64 {
    let k = k.max(1) as u64;
    runs / k + u64::from((j as u64) < runs % k)
}

/// The figures of every worker's counts together (`parts[j]` = worker `j`'s `(runs, Tally JSON)`),
/// reported as one simulation seeded `seed`: the same figures as one process merging the same
/// streams (`Simulation::merge` of `Simulation::new(battle, worker_seed(seed, j))`).
///
/// # Errors
/// Counts that do not parse or are of another battle.
pub fn merge_counts(battle: &Battle, seed: u64, parts: &[(u64, &str)]) -> Result<bosworth::Report, String> {
    let mut total = Simulation::new(battle, seed);
    for (runs, tally) in parts {
        let tally: Tally = serde_json::from_str(tally).map_err(|e| e.to_string())?;
        total.absorb(*runs, &tally)?;
    }
    Ok(total.report())
}

/// The note shown with Monte Carlo figures: why, how many, and the command that gives the same.
pub fn monte_carlo_note(budget: usize, k: usize) -> String {
    format!(
        "Too large for the exact solver in the browser (more than {budget} battle states): these are Monte Carlo \
         estimates from {MONTE_CARLO_RUNS} simulated battles in {k} worker{} (seed {MONTE_CARLO_SEED}; \
         `bosworth simulate --runs {MONTE_CARLO_RUNS} --threads {k}` gives the same figures).",
        if k == 1 { "" } else { "s" }
    )
}
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
    /// Run `runs` Monte Carlo battles of this scenario from `seed` (one worker's share).
    Simulate {
        /// The page's revision.
        job: u64,
        /// Which worker (echoed).
        part: usize,
        /// The scenario JSON.
        scenario: String,
        /// This worker's seed (`bosworth::worker_seed`).
        seed: u64,
        /// This worker's share of the battles.
        runs: u64,
    },
    /// Estimate what the exact mixture of a battle with hidden blocks costs
    /// (`bosworth::Fog::estimate`), say so at once ([`Reply::FogCost`]), then solve it exactly if
    /// it fits `budget` ([`Reply::FogDone`]). The worker keeps the battles it solved across
    /// jobs (`bosworth::solve::fog::FogMemo`), so an edit solves only what it changed.
    FogSolve {
        /// The page's revision.
        job: u64,
        /// The scenario JSON.
        scenario: String,
        /// State budget of the whole mixture.
        budget: usize,
        /// Helper workers the page has for this job: the battles left are shared among them
        /// and this one ([`Reply::FogShares`]).
        #[serde(default)]
        helpers: usize,
    },
    /// A helper's share of an exact mixture: solve these distinct battles (indices of the
    /// mixture's battles, `bosworth::Fog::solve_battles`) within `budget` states all together,
    /// telling how many are done ([`Reply::FogProgress`]), then send them ([`Reply::FogSolved`]).
    FogBattles {
        /// The page's revision.
        job: u64,
        /// Which helper (1 and up; the lead is 0).
        part: usize,
        /// The scenario JSON.
        scenario: String,
        /// The battles.
        list: Vec<usize>,
        /// The states they may visit together.
        budget: usize,
    },
    /// To the lead: a helper's battles for `job` (`Vec<SolvedBattle>` as JSON), or why it could
    /// not solve them.
    FogAbsorb {
        /// The page's revision.
        job: u64,
        /// The solved battles, or why not.
        battles: Result<String, String>,
    },
    /// Monte Carlo over a battle with hidden blocks (`bosworth::solve::fog::FogSimulation`),
    /// its figures so far after every [`FOG_MONTE_CARLO_CHUNK`] battles ([`Reply::FogCounts`]).
    FogSimulate {
        /// The page's revision.
        job: u64,
        /// The scenario JSON.
        scenario: String,
        /// The seed.
        seed: u64,
        /// The battles.
        runs: u64,
    },
    /// Stop the Monte Carlo run of `job`.
    Cancel {
        /// The page's revision.
        job: u64,
    },
    /// Solve the battle as a game (`bosworth::solve::advice::advise`).
    Advise {
        /// Echoed in the reply.
        key: String,
        /// The scenario JSON.
        scenario: String,
        /// `hold`, `kill-royal`, `keep-heirs` or `steps`.
        objective: String,
        /// `both`, `attacker` or `defender`.
        players: String,
        /// Best play also chooses which block of a group acts first (D2).
        #[serde(default)]
        group_order: bool,
        /// State budget.
        budget: usize,
        /// With hidden blocks, the mixture's exact report (JSON) when the page solved the battle
        /// before (`crate::shell::solved`): the policy's value over the mixture is not solved
        /// again (`advise_hidden_known`), the same answer.
        #[serde(default)]
        known: Option<String>,
    },
    /// The figures of a plan pinned to compare, come from a link ([`figures_json`]).
    Figures {
        /// Echoed in the reply.
        key: String,
        /// The scenario JSON.
        scenario: String,
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

/// State budget of the advisor in the browser: the CLI's, so that the Bosworth 1485 battle's
/// best play is answered exactly here too.
pub const ADVICE_STATE_BUDGET: usize = bosworth::solve::advice::DEFAULT_ADVICE_BUDGET;

/// State budget of the advisor on a battle in progress (live play, an opened replay step): the
/// engine's for "best choice here", about a second of work (`docs/PERFORMANCE.md`), with its
/// sampling past it ([`advise_order_json`]).
pub const LIVE_ADVICE_BUDGET: usize = bosworth::solve::advice::LIVE_BUDGET;

/// The advisor's state budget for a battle from its start, or in progress (`live`).
pub fn advice_budget(live: bool) -> usize {
    if live { LIVE_ADVICE_BUDGET } else { ADVICE_STATE_BUDGET }
}
/// State budget of each replay checkpoint's evaluation.
pub const VALUE_STATE_BUDGET: usize = 200_000;

/// An answer from the worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Reply {
    /// One worker's Monte Carlo counts so far (`Simulation::counts`).
    Counts {
        /// The page's revision.
        job: u64,
        /// Which worker.
        part: usize,
        /// Battles so far in this worker.
        runs: u64,
        /// `bosworth::Tally` as JSON.
        tally: String,
        /// This worker has run its whole share.
        done: bool,
    },
    /// The exact solver gave up at `budget` states: the page starts Monte Carlo.
    TooLarge {
        /// The page's revision.
        job: u64,
        /// The budget passed.
        budget: usize,
    },
    /// The figures of a battle with hidden blocks: `bosworth::FogReport` as JSON, exact or
    /// (past the budget) Monte Carlo with `note` saying so.
    FogDone {
        /// The page's revision.
        job: u64,
        /// `bosworth::FogReport` as JSON.
        fog: String,
        /// Why Monte Carlo, when it is.
        note: Option<String>,
    },
    /// What the exact mixture will cost, known before the work: `slow` when it will take more
    /// than about a second ([`FAST_FOG_STATES`]); `refused` (in players' words, [`refusal`])
    /// when it will not be solved exactly at all.
    FogCost {
        /// The page's revision.
        job: u64,
        /// More than about a second of work left.
        slow: bool,
        /// Why the exact figures will not come.
        refused: Option<String>,
        /// The mixture's distinct battles.
        #[serde(default)]
        battles: usize,
        /// Of them, solved already (kept from earlier edits, or the estimate's sample).
        #[serde(default)]
        solved: usize,
    },
    /// The lead's word to the page: give each helper its share of the battles left (share `j`
    /// to helper `j + 1`), to solve within `budget` states.
    FogShares {
        /// The page's revision.
        job: u64,
        /// The helpers' shares.
        shares: Vec<Vec<usize>>,
        /// The states each share may visit.
        budget: usize,
    },
    /// How many battles of its share a solver of `job` has solved (`part` 0 the lead).
    FogProgress {
        /// The page's revision.
        job: u64,
        /// Which solver.
        part: usize,
        /// Battles of its share solved so far.
        solved: usize,
    },
    /// A helper's share solved: `Vec<SolvedBattle>` as JSON, or why not (for the lead).
    FogSolved {
        /// The page's revision.
        job: u64,
        /// Which helper.
        part: usize,
        /// The battles, or why not.
        battles: Result<String, String>,
    },
    /// Monte Carlo over a mixture so far: `bosworth::FogReport` as JSON.
    FogCounts {
        /// The page's revision.
        job: u64,
        /// Battles so far.
        runs: u64,
        /// The figures so far.
        fog: String,
        /// Every battle asked for is fought.
        done: bool,
    },
    /// Exact figures.
    Done {
        /// The page's revision.
        job: u64,
        /// `bosworth::Report` as JSON.
        report: String,
    },
    /// The scenario could not be solved.
    Failed {
        /// The page's revision.
        job: u64,
        /// Why.
        message: String,
    },
    /// The advisor's answer: `bosworth::solve::advice::Advice` as JSON, or why not.
    Advice {
        /// The request's key.
        key: String,
        /// Advice JSON, or the message.
        result: Result<String, String>,
        /// Milliseconds spent in the worker.
        ms: f64,
    },
    /// How far the advisor has got with `key`: in `phase` "exact", `done` battle states solved
    /// of at most `total` (the budget); in "estimate", `done` battles sampled of `total`.
    AdviceProgress {
        /// The request's key.
        key: String,
        /// "exact" or "estimate".
        phase: String,
        /// Work done so far.
        done: u64,
        /// Work in all (at most, for "exact").
        total: u64,
    },
    /// A pinned plan's figures: `bosworth::Report` as JSON, or why not.
    Figures {
        /// The request's key.
        key: String,
        /// Report JSON, or the message.
        report: Result<String, String>,
    },
    /// A checkpoint's exact chance that the attacker holds; `None` past the budget.
    Value {
        /// The request's key.
        key: String,
        /// The chance, or `None` when too large.
        value: Result<Option<f64>, String>,
    },
}

/// Runs the advisor on scenario JSON: exact best play within `budget` states, else estimated
/// by sampling with `bosworth advise`'s defaults (`Sampling::default()`) in the same budget, as
/// the CLI answers; the advice's `method` says which.
///
/// # Errors
/// The engine's message.
pub fn advise_json(scenario: &str, objective: &str, players: &str, budget: usize) -> Result<String, String> {
    advise_order_json(scenario, objective, players, false, budget, None, Box::new(|_| {}))
}

/// How far the advisor has got: `(phase, done, total)` as in [`Reply::AdviceProgress`].
pub type AdviceProgress = (&'static str, u64, u64);

thread_local! {
    /// Where the advisor's watch hook sends its progress (the hook must be `Sync`; the worker
    /// has one thread).
    static ADVICE_PROGRESS: std::cell::RefCell<Option<Box<dyn Fn(AdviceProgress)>>> = const { std::cell::RefCell::new(None) };
}

/// A watch hook adding up the work of one phase and telling `ADVICE_PROGRESS` about it at each
/// half-percent of `total` (so at most 200 messages a phase). It never stops the work: the page
/// cancels by terminating the worker.
fn progress_hook(phase: &'static str, total: u64) -> impl Fn(usize) -> bool + Sync {
    let done = std::sync::atomic::AtomicU64::new(0);
    let told = std::sync::atomic::AtomicU64::new(0);
    move |n| {
        use std::sync::atomic::Ordering::Relaxed;
        let d = done.fetch_add(n as u64, Relaxed) + n as u64;
        let step = (d.min(total) * 200) / total.max(1);
        if n > 0 && (d == n as u64 || step > told.load(Relaxed)) {
            told.store(step, Relaxed);
            ADVICE_PROGRESS.with(|p| {
                if let Some(p) = p.borrow().as_ref() {
                    p((phase, d.min(total), total));
                }
            });
        }
        true
    }
}

/// [`advise_json`], best play also choosing which block of a group acts first when
/// `group_order` (D2); tied hits are always its choice (6.4, D3). `progress` is told how far
/// the work has got ([`AdviceProgress`]). A battle in progress (live play, a replay step) is
/// estimated past the budget with the live sampling (`Sampling::live`), so that the best
/// choice at the point it stands at comes in about a second; one from its start with `bosworth
/// advise`'s.
///
/// # Errors
/// The engine's message.
pub fn advise_order_json(scenario: &str, objective: &str, players: &str, group_order: bool, budget: usize, known: Option<&str>, progress: Box<dyn Fn(AdviceProgress)>) -> Result<String, String> {
    use bosworth::solve::advice::{Decisions, Objective, Players, Sampling, advise_with, estimate_battles, estimate_with};
    let sc = page_scenario(scenario).map_err(|e| e.to_string())?;
    let objective: Objective = serde_json::from_str(&format!("\"{objective}\"")).map_err(|e| e.to_string())?;
    let players = match players {
        "attacker" => Players::Only(bosworth::Side::Attacker),
        "defender" => Players::Only(bosworth::Side::Defender),
        _ => Players::Both,
    };
    let decide = Decisions { tie_hits: true, group_order };
    if bosworth::solve::fog::has_hidden(&sc) {
        return advise_hidden_json(&sc, objective, players, decide, budget, known, progress);
    }
    let battle = Battle::new(&sc).map_err(|e| e.to_string())?;
    ADVICE_PROGRESS.with(|p| *p.borrow_mut() = Some(progress));
    let answer = (|| {
        match advise_with(&battle, objective, players, budget, decide, &progress_hook("exact", budget as u64)) {
            // Past the budget, best play is estimated by sampling, as `bosworth advise` does.
            Err(SolveError::TooLarge { .. }) => {
                let sampling = if battle.in_progress() { Sampling::live() } else { Sampling::default() };
                let total = estimate_battles(&battle, players, decide, &sampling);
                estimate_with(&battle, objective, players, budget, decide, &sampling, &progress_hook("estimate", total))
            }
            answer => answer,
        }
    })();
    ADVICE_PROGRESS.with(|p| *p.borrow_mut() = None);
    match answer {
        Ok(a) => Ok(serde_json::to_string(&a).expect("advice serialises")),
        // Only a watched solve (the CLI's) is cancelled; the page terminates its workers instead.
        Err(e) => Err(e.to_string()),
    }
}

/// Best play with hidden blocks (R24), as `bosworth advise` answers it: each possibility's own
/// best play, exact when every one fits `budget` states, else the rest drawn with the CLI's
/// defaults (`Drawing::default()`, one thread here). `progress` is told the possibilities solved
/// (phase `possibilities`), the policy's mixture (`policy`) and the possibilities drawn (`drawn`).
/// The answer is a `HiddenAdvice`.
fn advise_hidden_json(
    sc: &bosworth::Scenario,
    objective: bosworth::solve::advice::Objective,
    players: bosworth::solve::advice::Players,
    decide: bosworth::solve::advice::Decisions,
    budget: usize,
    known: Option<&str>,
    progress: Box<dyn Fn(AdviceProgress)>,
) -> Result<String, String> {
    use bosworth::solve::advice::{Drawing, HiddenPhase, Sampling, advise_hidden_known};
    let fog = bosworth::Fog::new(sc).map_err(|e| e.to_string())?;
    // A report that cannot be read is as none: the mixture is solved again, the same answer.
    let known: Option<bosworth::Report> = known.and_then(|k| serde_json::from_str(k).ok());
    let tell = move |phase: HiddenPhase, done: usize, total: usize| {
        let phase = match phase {
            HiddenPhase::Possibilities => "possibilities",
            HiddenPhase::Policy => "policy",
            HiddenPhase::Drawn => "drawn",
        };
        progress((phase, done as u64, total as u64));
    };
    advise_hidden_known(&fog, objective, players, budget, decide, &Drawing::default(), &Sampling::default(), known.as_ref(), &|_| true, &tell)
        .map(|a| serde_json::to_string(&a).expect("advice serialises"))
        .map_err(|e| e.to_string())
}

/// Battles simulated for a pinned plan too large for the exact solver (one worker, fixed seed).
pub const PIN_MONTE_CARLO_RUNS: u64 = 100_000;

/// The figures of a pinned plan, as the headline would give them: exact within the browser's
/// budgets, else Monte Carlo ([`PIN_MONTE_CARLO_RUNS`] battles, seed [`MONTE_CARLO_SEED`]);
/// with hidden blocks, averaged over what they may be.
///
/// # Errors
/// The engine's message for an invalid scenario.
pub fn figures_json(scenario: &str) -> Result<String, String> {
    let s = page_scenario(scenario).map_err(|e| e.to_string())?;
    let report = if bosworth::solve::fog::has_hidden(&s) {
        let fog = bosworth::Fog::new(&s).map_err(|e| e.to_string())?;
        match fog.solve(PIN_FOG_BUDGET) {
            Ok(f) => f.report,
            Err(_) => fog.simulate(PIN_MONTE_CARLO_RUNS, MONTE_CARLO_SEED).report,
        }
    } else {
        let battle = Battle::new(&s).map_err(|e| e.to_string())?;
        match bosworth::solve(&battle, BROWSER_STATE_BUDGET) {
            Ok(r) => r,
            Err(_) => bosworth::simulate(&battle, PIN_MONTE_CARLO_RUNS, MONTE_CARLO_SEED),
        }
    };
    Ok(serde_json::to_string(&report).expect("reports serialise"))
}

/// The exact chance that the attacker holds, `None` past `budget` states.
///
/// # Errors
/// The engine's message for an invalid scenario.
pub fn value_json(scenario: &str, budget: usize) -> Result<Option<f64>, String> {
    let battle = page_scenario(scenario).and_then(|s| Battle::new(&s)).map_err(|e| e.to_string())?;
    match bosworth::solve(&battle, budget) {
        Ok(r) => Ok(Some(r.attacker_holds)),
        Err(SolveError::TooLarge { .. } | SolveError::Cancelled) => Ok(None),
    }
}

/// Why the exact mixture of a battle with hidden blocks is not solved, in players' words, from
/// its estimated cost (`None` when it could not even be listed): what `bosworth exact` says,
/// without its options.
pub fn refusal(fog: &bosworth::Fog, cost: Option<&Cost>, budget: usize) -> String {
    use bosworth::solve::fog::{MAX_COMPOSITION_STATES, MAX_EXACT_COMPOSITIONS};
    let why = match cost {
        None if fog.compositions().is_none() => "the hidden blocks may be too many things to list one by one".to_string(),
        None => format!(
            "the hidden blocks may make {} different battles, more than the {MAX_EXACT_COMPOSITIONS} the app solves one by one",
            fog.compositions().unwrap_or(0)
        ),
        Some(c) if c.largest > MAX_COMPOSITION_STATES => format!(
            "one of the {} battles the hidden blocks may make needs more than {} battle states, more than one battle of a mixture may have",
            c.battles,
            thousands(MAX_COMPOSITION_STATES)
        ),
        Some(c) => format!(
            "the hidden blocks may make {} different battles of about {} states each, some {} states in all, \
             more than the {} the app solves (about {} such battles would fit)",
            c.battles,
            thousands(c.per_battle()),
            thousands(c.estimate),
            thousands(budget),
            c.battles_within(budget)
        ),
    };
    format!(
        "Not solved exactly: {why}. Say more about who they may be (their kinds or candidates, or blocks seen elsewhere) for exact odds."
    )
}

/// `12,345,678`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A scenario the page wrote (`codec::to_json` of one it holds), read by the workers with serde
/// alone: the page has named the field of any error already, and the reader that names fields
/// (`codec::parse`) would add some 80 KB to the wasm the first figure waits for (issue 26).
///
/// # Errors
/// Serde's message, for JSON that is not a scenario.
pub fn page_scenario(json: &str) -> Result<bosworth::Scenario, bosworth::ScenarioError> {
    serde_json::from_str(json).map_err(|e| bosworth::ScenarioError::new("", e.to_string()))
}

/// The note beside Monte Carlo figures of a mixture: how many battles, the command that gives
/// the same, and whether the exact figures are coming.
pub fn fog_monte_carlo_note(runs: u64, refining: bool) -> String {
    let same = format!(
        "Monte Carlo over {runs} battles, each drawing what the hidden blocks are (seed {MONTE_CARLO_SEED}; \
         `bosworth simulate --runs {runs}` gives the same figures)."
    );
    if refining { format!("{same} The exact figures are being worked out in the background and replace these when ready.") } else { same }
}

/// The exact mixture's cost, estimated into `memo` (its sample stays there for the solve), or
/// why it will not be solved exactly ([`refusal`]).
fn fog_cost(fog: &bosworth::Fog, memo: &mut FogMemo, budget: usize) -> Result<Cost, String> {
    match fog.estimate(memo, budget, bosworth::solve::watch::UNWATCHED) {
        Ok(c) if c.fits(budget) => Ok(c),
        Ok(c) => Err(refusal(fog, Some(&c), budget)),
        Err(_) => Err(refusal(fog, None, budget)),
    }
}

struct FogRun {
    job: u64,
    who: HandlerId,
    sim: FogSimulation,
    runs: u64,
}

struct Run {
    job: u64,
    part: usize,
    who: HandlerId,
    sim: Simulation,
    share: u64,
}

/// The lead's exact mixture waiting for its helpers' battles.
struct Pending {
    job: u64,
    who: HandlerId,
    fog: bosworth::Fog,
    budget: usize,
}

/// The worker.
pub struct Engine {
    run: Option<Run>,
    fog_run: Option<FogRun>,
    /// The battles of mixtures solved so far (kept across edits, [`Request::FogSolve`]).
    memo: FogMemo,
    /// As the lead: the mixture whose figures wait for the helpers' battles.
    pending: Option<Pending>,
}

/// Solves `list` (battles of `fog`) one at a time within `budget` states all together (as
/// `Fog::solve_battles` does), calling `done` with the count after each.
fn solve_share(fog: &bosworth::Fog, list: &[usize], budget: usize, done: impl Fn(usize)) -> Result<Vec<SolvedBattle>, SolveError> {
    let mut out = Vec::with_capacity(list.len());
    let mut used = 0;
    for (n, &g) in list.iter().enumerate() {
        let mut one = fog.solve_battles(&[g], budget.saturating_sub(used), bosworth::solve::watch::UNWATCHED)?;
        let b = one.pop().expect("one battle asked, one solved");
        used += b.states();
        out.push(b);
        done(n + 1);
    }
    Ok(out)
}

impl Engine {
    /// As the lead: once every battle of the pending mixture is in the memo, its figures (or,
    /// past the budget after all, why not).
    fn finish(&mut self, scope: &WorkerScope<Self>) {
        let Some(p) = self.pending.as_ref() else { return };
        if !p.fog.missing(&self.memo).is_empty() {
            return;
        }
        let p = self.pending.take().expect("pending");
        let reply = match p.fog.report_from(&self.memo) {
            Some(f) if !matches!(f.report.method, bosworth::solve::report::Method::Exact { states, .. } if states > p.budget) => {
                Reply::FogDone { job: p.job, fog: serde_json::to_string(&f).expect("fog reports serialise"), note: None }
            }
            _ => self.refuse(&p.fog, p.job, p.budget),
        };
        scope.respond(p.who, reply);
    }

    /// Past the budget after all (the estimate extrapolates): the refusal, Monte Carlo stays.
    fn refuse(&self, fog: &bosworth::Fog, job: u64, budget: usize) -> Reply {
        let cost = fog.cost(&self.memo);
        Reply::FogCost { job, slow: true, refused: Some(refusal(fog, Some(&cost), budget)), battles: cost.battles, solved: cost.solved }
    }
}

/// Continue the Monte Carlo run of a job after letting other messages in.
pub struct Continue(u64);

impl Worker for Engine {
    type Message = Continue;
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        Engine { run: None, fog_run: None, memo: FogMemo::new(), pending: None }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, Continue(job): Continue) {
        if let Some(run) = self.fog_run.as_mut().filter(|r| r.job == job) {
            let left = run.runs - run.sim.runs();
            run.sim.run(left.min(FOG_MONTE_CARLO_CHUNK));
            let runs = run.sim.runs();
            let done = runs >= run.runs;
            let fog = serde_json::to_string(&run.sim.report().expect("a battle was fought")).expect("fog reports serialise");
            scope.respond(run.who, Reply::FogCounts { job, runs, fog, done });
            if done {
                self.fog_run = None;
            } else {
                schedule(scope, job);
            }
            return;
        }
        let Some(run) = self.run.as_mut().filter(|r| r.job == job) else {
            return;
        };
        let left = run.share - run.sim.runs();
        run.sim.run(left.min(MONTE_CARLO_CHUNK));
        let (runs, tally) = run.sim.counts();
        let tally = serde_json::to_string(&tally).expect("tallies serialise");
        let done = runs >= run.share;
        scope.respond(run.who, Reply::Counts { job, part: run.part, runs, tally, done });
        if done {
            self.run = None;
        } else {
            schedule(scope, job);
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Request, who: HandlerId) {
        match msg {
            Request::Cancel { job } => {
                if self.run.as_ref().is_some_and(|r| r.job == job) {
                    self.run = None;
                }
                if self.fog_run.as_ref().is_some_and(|r| r.job == job) {
                    self.fog_run = None;
                }
            }
            // The helper worker's questions (`crate::battle::helper_task`): this worker, whose
            // wasm the first figure waits for, carries no advisor (issue 26).
            Request::Advise { .. } | Request::Figures { .. } | Request::Value { .. } => {}
            Request::Solve { job, scenario, budget } => {
                self.run = None;
                let battle = match page_scenario(&scenario).and_then(|s| Battle::new(&s)) {
                    Ok(b) => b,
                    Err(e) => {
                        scope.respond(who, Reply::Failed { job, message: e.to_string() });
                        return;
                    }
                };
                match bosworth::solve(&battle, budget) {
                    Ok(report) => {
                        let report = serde_json::to_string(&report).expect("reports serialise");
                        scope.respond(who, Reply::Done { job, report });
                    }
                    Err(SolveError::TooLarge { budget }) => scope.respond(who, Reply::TooLarge { job, budget }),
                    Err(e @ SolveError::Cancelled) => scope.respond(who, Reply::Failed { job, message: e.to_string() }),
                }
            }
            Request::FogSolve { job, scenario, budget, helpers } => {
                self.run = None;
                self.pending = None;
                let fog = match page_scenario(&scenario).and_then(|s| bosworth::Fog::new(&s)) {
                    Ok(f) => f,
                    Err(e) => {
                        scope.respond(who, Reply::Failed { job, message: e.to_string() });
                        return;
                    }
                };
                // What an earlier battle solved and this one shares is found again.
                self.memo.keep(&fog);
                let cost = fog_cost(&fog, &mut self.memo, budget);
                let slow = cost.as_ref().map_or(true, |c| c.left() > FAST_FOG_STATES);
                let (battles, solved) = cost.as_ref().map_or((0, 0), |c| (c.battles, c.solved));
                scope.respond(who, Reply::FogCost { job, slow, refused: cost.as_ref().err().cloned(), battles, solved });
                let Ok(cost) = cost else { return };
                // The battles left, shared among the lead and its helpers (as `Fog::solve_memo`
                // shares them among threads, each within the budget left).
                let left = budget.saturating_sub(cost.solved_states);
                let shares = fog_shares(&fog.missing(&self.memo), helpers + 1);
                if shares.len() > 1 {
                    scope.respond(who, Reply::FogShares { job, shares: shares[1..].to_vec(), budget: left });
                }
                let told = |n: usize| scope.respond(who, Reply::FogProgress { job, part: 0, solved: n });
                match solve_share(&fog, &shares[0], left, told) {
                    Ok(mine) => mine.into_iter().for_each(|b| self.memo.insert(b)),
                    Err(_) => {
                        let reply = self.refuse(&fog, job, budget);
                        scope.respond(who, reply);
                        return;
                    }
                }
                self.pending = Some(Pending { job, who, fog, budget });
                self.finish(scope);
            }
            Request::FogBattles { job, part, scenario, list, budget } => {
                let battles = page_scenario(&scenario)
                    .and_then(|s| bosworth::Fog::new(&s))
                    .map_err(|e| e.to_string())
                    .and_then(|fog| {
                        let told = |n: usize| scope.respond(who, Reply::FogProgress { job, part, solved: n });
                        solve_share(&fog, &list, budget, told).map_err(|e| e.to_string())
                    })
                    .map(|b| serde_json::to_string(&b).expect("solved battles serialise"));
                scope.respond(who, Reply::FogSolved { job, part, battles });
            }
            Request::FogAbsorb { job, battles } => {
                match battles.and_then(|t| serde_json::from_str::<Vec<SolvedBattle>>(&t).map_err(|e| e.to_string())) {
                    // Kept whatever the job: a later edit may find them again.
                    Ok(list) => list.into_iter().for_each(|b| self.memo.insert(b)),
                    Err(_) => {
                        if let Some(p) = self.pending.take_if(|p| p.job == job) {
                            let reply = self.refuse(&p.fog, job, p.budget);
                            scope.respond(p.who, reply);
                        }
                        return;
                    }
                }
                if self.pending.as_ref().is_some_and(|p| p.job == job) {
                    self.finish(scope);
                }
            }
            Request::FogSimulate { job, scenario, seed, runs } => {
                self.fog_run = None;
                match page_scenario(&scenario).and_then(|s| bosworth::Fog::new(&s)) {
                    Ok(fog) => {
                        self.fog_run = Some(FogRun { job, who, sim: FogSimulation::new(fog, seed), runs });
                        self.update(scope, Continue(job));
                    }
                    Err(e) => scope.respond(who, Reply::Failed { job, message: e.to_string() }),
                }
            }
            Request::Simulate { job, part, scenario, seed, runs } => {
                self.run = None;
                match page_scenario(&scenario).and_then(|s| Battle::new(&s)) {
                    Ok(battle) => {
                        self.run = Some(Run { job, part, who, sim: Simulation::new(&battle, seed), share: runs });
                        self.update(scope, Continue(job));
                    }
                    Err(e) => scope.respond(who, Reply::Failed { job, message: e.to_string() }),
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
