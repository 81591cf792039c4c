//! Issue 23's speed goals in `bosworth bench`: the attack planner on the boards of `bench/`
//! (`board-*.json`), each ranked in a process of its own on one thread (`bosworth bench-solve
//! --plan AREA`), with the time its best plan's exact mixture takes, and Monte Carlo's rate on
//! the medium battle in the same run. Kept apart from `bench.rs`, which calls [`plans`].

use crate::bench_measure::{cpu_ms, peak_rss_mb, run_child, simulate_threads};
use crate::progress::{Meter, Stop, interrupted};
use bosworth::board::{Options, Position, rank, target};
use bosworth::rules::movement::area_index;
use bosworth::solve::fog::{Fog, FogMemo};
use bosworth::solve::report::Method;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Issue 23's boards, and issue 35's Kent question: name, file, target, what it is.
pub const BOARDS: [(&str, &str, &str, &str); 3] = [
    (
        "6.3 Example 1",
        "board-six-three.json",
        "Sussex",
        "the rulebook's 6.3 Example 1: York's Norfolk and Suffolk in Wilts, Arundel, Essex, \
         Hastings and Herbert in Kent, a 2-AP card, against 2 unseen Lancaster blocks in Sussex",
    ),
    (
        "ten in reach",
        "board-ten.json",
        "Sussex",
        "ten York blocks in reach of Sussex (three in Kent, three in Middlesex, two in Wilts, two \
         in Oxford), a 4-AP card, against 4 unseen Lancaster blocks",
    ),
    (
        "Kent",
        "board-kent.json",
        "Kent",
        "issue 35's question on the map (`examples/board-kent.json`): York's March, Hastings and \
         Herbert in Middlesex, Norfolk in Essex, a 3-AP card, against 3 unseen Lancaster blocks \
         in Kent",
    ),
];

/// How many of the best plans the goal asks to tell apart.
pub const TOLD_APART: usize = 10;

/// One plan of a ranking, as the bench reports it.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Ranked {
    /// The chance to hold, its standard error (0 when exact).
    hold: f64,
    std_error: f64,
    /// Exact, with the states of its mixture; else Monte Carlo.
    exact: bool,
    states: Option<usize>,
    /// Blocks committed.
    blocks: usize,
    /// Not told apart from the next plan (within 4 standard errors).
    tied_with_next: bool,
}

/// The best plan's battle solved as an exact mixture on one thread, as `bosworth exact` would
/// (estimated first, refused at once over the budget).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BestExact {
    /// Distinct battles of its mixture.
    battles: usize,
    /// The estimate of their states, made first.
    estimate: usize,
    /// Solved within the budget (else refused on the estimate).
    solved: bool,
    states: Option<usize>,
    ms: f64,
    cpu_ms: Option<f64>,
    budget: usize,
}

/// `bosworth bench-solve --plan AREA BOARD`: one ranking in this process, on one thread.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Planned {
    /// Milliseconds and CPU milliseconds to the ranking.
    ms: f64,
    cpu_ms: Option<f64>,
    /// Plans found, battles the screening fought.
    considered: usize,
    screened_battles: u64,
    /// The plans reported, best first.
    plans: Vec<Ranked>,
    /// Of the pairs of neighbours among the best [`TOLD_APART`]: told apart, said to be tied.
    separated: usize,
    tied: usize,
    /// Of the best [`TOLD_APART`], those with exact figures.
    exact_among_best: usize,
    peak_rss_mb: Option<f64>,
    /// The best plan's exact mixture after the ranking, for the limit it shows.
    best_exact: Option<BestExact>,
}

/// One board of issue 23's goals.
#[derive(Serialize)]
pub struct BoardRow {
    name: String,
    file: String,
    target: String,
    what: String,
    plan: Planned,
}

/// Issue 23's part of the bench: each board ranked in its own process, and Monte Carlo's rate.
#[derive(Serialize)]
pub struct Plans {
    boards: Vec<BoardRow>,
    /// Monte Carlo on `medium.json`, one thread: battles a second on the clock, and a second
    /// of CPU time (the planner's bound; a loaded machine stretches the clock's).
    mc_medium_per_s: f64,
    mc_medium_per_cpu_s: Option<f64>,
    mc_runs: u64,
}

/// The state budget for the best plan's exact mixture: `bosworth exact`'s.
const BEST_BUDGET: usize = bosworth::DEFAULT_STATE_BUDGET;

/// Ranks every plan for `area` on `board` on one thread and reports it as JSON
/// (`bosworth bench-solve --plan AREA`).
pub fn solve_plan(board: &bosworth::board::Board, area: &str, quick: bool) -> Result<String, Stop> {
    let position = Position::new(board).map_err(|e| Stop::Error(e.to_string()))?;
    let a = area_index(area).ok_or_else(|| format!("--plan: '{area}' is not an area"))?;
    let t = target(&position, a).map_err(|e| format!("--plan: {e}"))?;
    let options = Options {
        threads: 1,
        ..Options::default()
    };
    let go_on = |_: usize| !interrupted();
    let (cpu0, t0) = (cpu_ms(), Instant::now());
    let ranking = rank(&position, t, &options, &go_on).map_err(|e| match e {
        bosworth::board::PlanError::Cancelled => Stop::Interrupted,
        e => Stop::Error(e.to_string()),
    })?;
    let ms = t0.elapsed().as_secs_f64() * 1000.0;
    let cpu = cpu_ms().zip(cpu0).map(|(b, a)| b - a);
    let plans: Vec<Ranked> = ranking
        .plans
        .iter()
        .map(|p| {
            let (exact, states) = match p.figures.method {
                Method::Exact { states, .. } => (true, Some(states)),
                Method::MonteCarlo { .. } => (false, None),
            };
            Ranked {
                hold: p.figures.hold,
                std_error: p.figures.std_error,
                exact,
                states,
                blocks: p.plan.ways.len(),
                tied_with_next: p.tied_with_next,
            }
        })
        .collect();
    let best: Vec<&Ranked> = plans.iter().take(TOLD_APART).collect();
    let pairs = best.len().saturating_sub(1);
    let tied = best[..pairs].iter().filter(|p| p.tied_with_next).count();
    let best_exact = match (quick, ranking.plans.first()) {
        (false, Some(p)) => Some(best_plan_exact(&p.scenario)?),
        _ => None,
    };
    let out = Planned {
        ms,
        cpu_ms: cpu,
        considered: ranking.considered,
        screened_battles: ranking.screened_battles,
        exact_among_best: best.iter().filter(|p| p.exact).count(),
        separated: pairs - tied,
        tied,
        plans,
        peak_rss_mb: peak_rss_mb(),
        best_exact,
    };
    Ok(serde_json::to_string(&out).expect("figures serialise"))
}

/// The best plan's battle as an exact mixture on one thread, estimated first.
fn best_plan_exact(scenario: &bosworth::Scenario) -> Result<BestExact, Stop> {
    let fog = Fog::new(scenario).map_err(|e| Stop::Error(e.to_string()))?;
    let go_on = |_: usize| !interrupted();
    let (cpu0, t0) = (cpu_ms(), Instant::now());
    let mut memo = FogMemo::new();
    let cost = fog.estimate(&mut memo, BEST_BUDGET, &go_on)?;
    let solved = if cost.fits(BEST_BUDGET) {
        match fog.solve_memo(&mut memo, BEST_BUDGET, 1, &go_on) {
            Ok(r) => match r.report.method {
                Method::Exact { states, .. } => Some(states),
                Method::MonteCarlo { .. } => None,
            },
            Err(bosworth::SolveError::TooLarge { .. }) => None,
            Err(e) => return Err(e.into()),
        }
    } else {
        None
    };
    Ok(BestExact {
        battles: fog.battles(),
        estimate: cost.estimate,
        solved: solved.is_some(),
        states: solved,
        ms: t0.elapsed().as_secs_f64() * 1000.0,
        cpu_ms: cpu_ms().zip(cpu0).map(|(b, a)| b - a),
        budget: BEST_BUDGET,
    })
}

/// Issue 23's boards, each ranked in a child process, then Monte Carlo on the medium battle.
pub fn plans(
    dir: &str,
    quick: bool,
    load: &impl Fn(&str) -> Result<bosworth::Battle, String>,
    meter: &Meter,
) -> Result<Plans, Stop> {
    let mut boards = Vec::new();
    for (name, file, area, what) in BOARDS {
        meter.say(format!("{name} ({file})"));
        let path = format!("{dir}/{file}");
        let mut args = vec!["--plan", area];
        if quick {
            args.push("--quick-plan");
        }
        args.push(&path);
        let text = run_child(&args, BEST_BUDGET)?;
        let plan: Planned = serde_json::from_str(&text)
            .map_err(|e| Stop::Error(format!("the ranking of {path} answered {text:?}: {e}")))?;
        boards.push(BoardRow {
            name: name.into(),
            file: file.into(),
            target: area.into(),
            what: what.into(),
            plan,
        });
        meter.add(1);
    }
    let medium = load(&format!("{dir}/medium.json"))?;
    let mc_runs: u64 = if quick { 2_000 } else { 2_000_000 };
    let (t, cpu0) = (Instant::now(), cpu_ms());
    let _ = simulate_threads(&medium, mc_runs, 1, 1, &|_| !interrupted());
    if interrupted() {
        return Err(Stop::Interrupted);
    }
    let cpu = cpu_ms().zip(cpu0).map(|(b, a)| (b - a) / 1000.0);
    Ok(Plans {
        boards,
        mc_medium_per_s: mc_runs as f64 / t.elapsed().as_secs_f64(),
        mc_medium_per_cpu_s: cpu.filter(|&c| c > 0.0).map(|c| mc_runs as f64 / c),
        mc_runs,
    })
}
