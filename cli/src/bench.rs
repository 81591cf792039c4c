//! `bosworth bench`: the benchmark suite in `bench/`, timed on this machine.

use crate::bench_measure::{cpu_ms, peak_rss_mb, run_child, simulate_threads};
use crate::progress::{Meter, Stop, interrupted};
use bosworth::Battle;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// The benchmark's hook: it draws nothing (its bar counts steps) and stops on Ctrl-C.
fn go_on(_: usize) -> bool {
    !interrupted()
}

/// The figures of one scenario.
#[derive(Serialize)]
pub struct Row {
    name: String,
    blocks: usize,
    exact_ms_median: Option<f64>,
    exact_runs: usize,
    states: Option<usize>,
    peak_states: Option<usize>,
    bytes_per_state: usize,
    exact_error: Option<String>,
    mc_battles_per_s_1_thread: f64,
    mc_battles_per_s_all_threads: f64,
    threads: usize,
    mc_runs: u64,
    agreement_std_errors: Option<f64>,
}

/// How the exact solver and best play grow: n blocks a side (custom B2 blocks at strength 3, one
/// reserve a side from n = 3), no area. Each solve runs in a process of its own ([`Solved`]).
#[derive(Serialize)]
pub struct Growth {
    blocks_per_side: usize,
    exact: Solved,
    advisor: Solved,
}

/// What became of one solve run in a child process (`bosworth bench-solve`).
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Solved within the budget.
    Solved,
    /// Stopped past the state budget: the solver refuses the battle.
    PastBudget,
    /// Not run: the same solver was past the budget on a smaller battle of the same kind.
    NotRun,
}

/// One solve measured in a process of its own, so that its peak resident memory is its own.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Solved {
    outcome: Outcome,
    /// The state budget it ran with.
    budget: usize,
    /// Milliseconds to the answer, or to finding the battle past the budget.
    ms: Option<f64>,
    /// Distinct states: those solved, or the budget when past it.
    states: Option<usize>,
    /// The exact solver's most states held at once (solved only).
    peak_states: Option<usize>,
    /// The child's peak resident memory (VmHWM, Linux), the process's own start included.
    peak_rss_mb: Option<f64>,
    /// The chance the attacker holds the area: exact, or under best play for both sides.
    attacker_holds: Option<f64>,
    /// Best play past its budget, answered as `bosworth advise` answers it: the estimate's
    /// milliseconds after the exact attempt, and the process's peak memory at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    estimate_ms: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    estimate_peak_rss_mb: Option<f64>,
    /// "Best choice here": `exact` or `estimated`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    method: Option<String>,
    /// "Best choice here": the round of the point asked about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    round: Option<u8>,
}

impl Solved {
    fn not_run(budget: usize) -> Solved {
        Solved {
            outcome: Outcome::NotRun,
            budget,
            ms: None,
            states: None,
            peak_states: None,
            peak_rss_mb: None,
            attacker_holds: None,
            estimate_ms: None,
            estimate_peak_rss_mb: None,
            method: None,
            round: None,
        }
    }
}

/// One of issue 10's battles: a heavy solve against Monte Carlo on the same battle.
#[derive(Serialize)]
pub struct Target {
    /// Its name in the suite.
    name: String,
    /// Its file in the suite's folder.
    file: String,
    /// `exact` (`bosworth exact`) or `advise` (`bosworth advise`, both sides, objective hold).
    solver: String,
    /// What the battle is, in one line.
    what: String,
    /// Blocks of the attacker and of the defender, reserves included; reserves of each.
    blocks: [usize; 2],
    reserves: [usize; 2],
    /// The heavy solve, in its own process, at the command's default budget.
    solve: Solved,
    /// Monte Carlo on the same battle (`bosworth simulate --runs N --threads 1`): runs, and the
    /// median milliseconds of `mc_repeats` runs in this process.
    mc_runs: u64,
    mc_repeats: usize,
    mc_ms: f64,
    /// The solve's time over Monte Carlo's, when solved.
    ratio_to_mc: Option<f64>,
    /// |exact - Monte Carlo| in Monte Carlo standard errors (exact solves only).
    agreement_std_errors: Option<f64>,
    /// "Best choice here" at the first decision with the live budget and sampling, in its own
    /// process (the best-play battles, and six and eight).
    #[serde(skip_serializing_if = "Option::is_none")]
    here: Option<Solved>,
    /// The same at the middle decision of the battle fought by its policy from seed 1 (the
    /// middle step of its replay, opened as a battle in progress, as the app opens it).
    #[serde(skip_serializing_if = "Option::is_none")]
    here_mid: Option<Solved>,
}

/// Issue 10's battles: name, file in the suite's folder, best play (else exact), what it is.
/// The 8-a-side battle is `large.json` (8 a side, two of them reserves), not a copy of it.
const TARGETS: [(&str, &str, bool, &str); 4] = [
    (
        "six",
        "six.json",
        false,
        "6 a side in Warwick, one reserve each: York's March, Gloucester, Norfolk, Hastings and \
         a bombard attack Henry VI, Somerset, Buckingham, Warwick and the Coventry levy, several \
         of whom defend at home (shields, a crown, the city)",
    ),
    (
        "eight",
        "large.json",
        false,
        "8 a side in Warwick, two reserves each: the six-a-side battle with Herbert and Essex for \
         York, Clifford and Beaumont for Lancaster (the suite's large battle)",
    ),
    (
        "bosworth-1485",
        "bosworth-1485.json",
        true,
        "the app's preset Bosworth 1485: Richmond, Oxford and Pembroke against Richard \
         (Gloucester), Norfolk, Northumberland and Stanley in reserve at Leicester, Treachery on \
         Stanley and Northumberland's retreat in the policy",
    ),
    (
        "advise-five",
        "advise-five.json",
        true,
        "5 a side in Derby, a crown (York and Rutland dead): King Henry VI with Warwick, Oxford, \
         Clifford and Buckingham attack the Pretender March with Gloucester, Stanley, \
         Northumberland and Hastings; the King, the Pretender and Warwick may roll Treachery on \
         Buckingham, Stanley, Northumberland and Warwick",
    ),
];

/// Monte Carlo runs set against each heavy solve (`bosworth simulate --runs 400000 --threads 1`).
pub const TARGET_MC_RUNS: u64 = 400_000;

/// Issue 22's battles with hidden blocks (R13): name, file in the suite's folder, what it is.
const HIDDEN: [(&str, &str, &str); 3] = [
    (
        "hidden 3 v 3",
        "hidden-three.json",
        "York's March (3), Hastings and Norfolk attack three hidden Lancaster blocks in Kent, \
         each any of the 24 Lancaster blocks in play by default",
    ),
    (
        "hidden Kent",
        "hidden-kent.json",
        "issue 22's battle: York's March (3), Hastings, Herbert and Norfolk attack three hidden \
         Lancaster blocks in Kent, each any of the 24 Lancaster blocks in play by default",
    ),
    (
        "hidden 4 v 4",
        "hidden-four.json",
        "the same four York blocks against four hidden Lancaster blocks in Kent",
    ),
];

/// One exact mixture of hidden blocks solved in a process of its own (`bosworth bench-solve
/// --hidden`), as `bosworth exact` does it: the cost estimated first, refused at once when over
/// the budget, else every battle solved on every core.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Mixture {
    outcome: Outcome,
    budget: usize,
    /// Every way the hidden blocks may be, their distinct compositions, and the distinct
    /// battles the exact mixture solves.
    possibilities: usize,
    compositions: usize,
    battles: usize,
    /// The estimate of all the battles' states, made before the work, and what making it took:
    /// milliseconds and states (the sample it solved, kept for the rest).
    estimate: usize,
    estimate_ms: f64,
    estimate_states: usize,
    /// Milliseconds to the answer (or to the refusal), threads used.
    ms: f64,
    threads: usize,
    /// CPU milliseconds to the answer, every thread together (what a loaded machine stretches
    /// less than `ms`).
    #[serde(default)]
    cpu_ms: Option<f64>,
    /// States of every battle, when solved.
    states: Option<usize>,
    peak_rss_mb: Option<f64>,
    attacker_holds: Option<f64>,
}

/// One of issue 22's battles: its exact mixture against Monte Carlo over the same mixture.
#[derive(Serialize)]
pub struct Hidden {
    name: String,
    file: String,
    what: String,
    /// Known blocks (both sides), hidden blocks.
    known: usize,
    hidden: usize,
    solve: Mixture,
    /// Monte Carlo over the mixture (`bosworth simulate --runs N`, one thread: a battle with
    /// hidden blocks is simulated on one), median milliseconds of `mc_repeats` in this process.
    mc_runs: u64,
    mc_repeats: usize,
    mc_ms: f64,
    mc_attacker_holds: f64,
    /// The exact answer's (or the refusal's) time over Monte Carlo's.
    ratio_to_mc: Option<f64>,
    /// |exact - Monte Carlo| in Monte Carlo standard errors (solved only).
    agreement_std_errors: Option<f64>,
}

/// The steps `run` counts: the suite's five scenarios, issue 10's battles, issue 22's hidden
/// blocks, the growth rows, the hot paths and best play's estimate against exact (an
/// `--advice-only` run counts best play on the hidden blocks too, and fewer steps in all).
pub const STEPS: u64 = 5
    + TARGETS.len() as u64
    + HIDDEN.len() as u64
    + GROWTH_MAX as u64
    + 1
    + ACCURACY_BATTLES.len() as u64
    + crate::bench_plans::BOARDS.len() as u64
    + TURN_STEPS;

/// The steps of the whole turn's part (`--turn-only`): the example board and the sample views
/// with a 3- or 4-AP card (two today; the bar's count is a guide).
pub const TURN_STEPS: u64 = 3;

/// Only the whole turn's part of the suite (issue 34): the best turns of
/// `examples/board-turn.json` and of the sample views (found beside the bench's folder `dir`),
/// each in a child process of its own.
pub fn turn_only(dir: &str, meter: &Meter) -> Result<Bench, Stop> {
    Ok(Bench {
        machine: machine(),
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        quick: false,
        rows: Vec::new(),
        targets: Vec::new(),
        hidden: Vec::new(),
        hidden_advice: Vec::new(),
        plans: None,
        turns: crate::bench_turns::turns(dir, meter)?,
        growth: Vec::new(),
        budget: 0,
        budgets: Budgets {
            exact: bosworth::DEFAULT_STATE_BUDGET,
            advise: crate::ADVISE_STATE_BUDGET,
        },
        micro_batches: 0,
        micro_calls: 0,
        micro: Vec::new(),
        accuracy: Vec::new(),
    })
}

/// The battles on which best play's estimate is set against exact best play (files of the
/// suite's folder, or `growth:N`), each estimated within a tenth of the states exact best play
/// solves, so that the estimate must guess the early choices.
const ACCURACY_BATTLES: [&str; 5] = [
    "medium.json",
    "policy.json",
    "bosworth-1485.json",
    "growth:3",
    "growth:4",
];

/// One choice of the first decision: its exact value, and its estimate with its standard error
/// and whether it is told apart from the estimate's best.
#[derive(Serialize)]
pub struct ChoiceFigures {
    label: String,
    exact: f64,
    estimate: f64,
    std_error: f64,
    apart_from_best: Option<bool>,
}

/// Best play's estimate against exact best play on one battle (the acting side's values).
#[derive(Serialize)]
pub struct Accuracy {
    name: String,
    /// States exact best play solves, and the budget the estimate had (a tenth of them).
    exact_states: usize,
    estimate_budget: usize,
    samples: u64,
    look_ahead: u32,
    /// The first decision's choices, the estimate's best first.
    choices: Vec<ChoiceFigures>,
    /// The exact best choice.
    exact_best: String,
    estimate_ms: f64,
    settled_share: f64,
    guessed_per_battle: f64,
}

/// The largest growth battle, blocks a side.
const GROWTH_MAX: usize = 8;

/// A hot path timed on its own: nanoseconds per call, median of batches.
#[derive(Serialize)]
pub struct Micro {
    name: String,
    ns_per_call: f64,
}

/// Times the hot paths on the medium battle's first decision point: one fire drawn and applied
/// (hit allocation included), hit allocation alone, one state expansion (every result of an
/// action, as the exact solver does), and finding the next actor; then one whole Monte Carlo
/// battle of the medium battle and one draw of the generator alone.
fn micro(
    dir: &str,
    quick: bool,
    load: &impl Fn(&str) -> Result<Battle, String>,
) -> Result<Vec<Micro>, Stop> {
    use bosworth::rules::action::{Action, Roll, outcomes, resolve, sample};
    let battle = load(&format!("{dir}/medium.json"))?;
    let mut start = battle.initial_state();
    let bosworth::rules::round::Point::Act(actor) = bosworth::next_point(&battle, &mut start)
    else {
        return Err(Stop::Error(
            "the medium battle has no first decision".into(),
        ));
    };
    let batches = if quick { 3 } else { 31 };
    let per_batch: u32 = if quick { 1_000 } else { 200_000 };
    let time = |f: &mut dyn FnMut()| {
        let mut samples = Vec::new();
        for _ in 0..batches {
            if interrupted() {
                return Err(Stop::Interrupted);
            }
            let t = Instant::now();
            for _ in 0..per_batch {
                f();
            }
            samples.push(t.elapsed().as_secs_f64() * 1e9 / per_batch as f64);
        }
        Ok(median(samples))
    };
    let mut rng = bosworth::rules::dice::rng_from_seed(1);
    let mut out = Vec::new();
    out.push(Micro {
        name: "one fire: draw and apply".into(),
        ns_per_call: time(&mut || {
            let mut s = start;
            let roll = sample(&battle, &s, actor, Action::Fire, &mut rng);
            resolve(
                &battle,
                &mut s,
                actor,
                Action::Fire,
                roll,
                &mut bosworth::rules::log::Silent,
            );
            std::hint::black_box(s);
        })?,
    });
    out.push(Micro {
        name: "hit allocation (3 hits)".into(),
        ns_per_call: time(&mut || {
            let mut s = start;
            resolve(
                &battle,
                &mut s,
                actor,
                Action::Fire,
                Roll::Hits(3),
                &mut bosworth::rules::log::Silent,
            );
            std::hint::black_box(s);
        })?,
    });
    out.push(Micro {
        name: "one state expansion (all results of a fire)".into(),
        ns_per_call: time(&mut || {
            std::hint::black_box(outcomes(&battle, &start, actor, Action::Fire));
        })?,
    });
    out.push(Micro {
        name: "next actor".into(),
        ns_per_call: time(&mut || {
            let mut s = start;
            std::hint::black_box(bosworth::next_point(&battle, &mut s));
        })?,
    });
    // Monte Carlo's bound (issue 35): a whole battle as `Simulation` fights it (through its
    // table of fires, counted per ending), and the generator's one draw a fire (as a die) alone.
    let mut sim = bosworth::Simulation::new(&battle, 1);
    sim.run(u64::from(per_batch));
    let mut samples = Vec::new();
    for _ in 0..batches {
        if interrupted() {
            return Err(Stop::Interrupted);
        }
        let t = Instant::now();
        sim.run(u64::from(per_batch));
        samples.push(t.elapsed().as_secs_f64() * 1e9 / per_batch as f64);
    }
    out.push(Micro {
        name: "one Monte Carlo battle (Simulation)".into(),
        ns_per_call: median(samples),
    });
    out.push(Micro {
        name: "one die (one draw of the generator)".into(),
        ns_per_call: time(&mut || {
            std::hint::black_box(bosworth::rules::dice::roll_die(&mut rng));
        })?,
    });
    Ok(out)
}

/// The whole run.
#[derive(Serialize)]
pub struct Bench {
    /// The exact solver's state budget for the suite's scenarios in this run.
    budget: usize,
    /// The budgets of issue 10's battles and of the growth rows: the commands' defaults.
    budgets: Budgets,
    /// Micro-benchmarks: batches, and calls per batch.
    micro_batches: usize,
    micro_calls: u32,
    micro: Vec<Micro>,
    machine: String,
    threads: usize,
    quick: bool,
    rows: Vec<Row>,
    targets: Vec<Target>,
    hidden: Vec<Hidden>,
    growth: Vec<Growth>,
    /// Best play's estimates against exact best play.
    accuracy: Vec<Accuracy>,
    /// Issue 23's boards: the attack planner's speed.
    #[serde(skip_serializing_if = "Option::is_none")]
    plans: Option<crate::bench_plans::Plans>,
    /// Best play with hidden blocks on issue 22's battles (R24), in `--advice-only` runs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    hidden_advice: Vec<HiddenAdvice>,
    /// Issue 34's whole turns: the best turns on each position, in a full or `--turn-only` run.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    turns: Vec<crate::bench_turns::TurnRow>,
}

/// Best play with hidden blocks (R24) on one of issue 22's battles, as `bosworth advise` answers
/// it, in a process of its own (`bosworth bench-solve --hidden --advise`).
#[derive(Serialize)]
struct HiddenAdvice {
    name: String,
    file: String,
    hidden: usize,
    run: AdvisedMixture,
}

/// What `bosworth bench-solve --hidden --advise` measures.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct AdvisedMixture {
    /// Wall-clock time, and CPU time of every thread.
    ms: f64,
    cpu_ms: Option<f64>,
    /// Best play's states, summed over the possibilities solved.
    states: usize,
    /// `exact` or `drawn`.
    method: String,
    /// The possibilities of the mixture, when listed.
    compositions: Option<usize>,
    /// Possibilities solved before drawing, draws, and draws estimated by sampling.
    solved: usize,
    draws: usize,
    estimated: usize,
    /// The attacker's chance to hold under best play and under the policy, with the standard
    /// errors of best play's figure and of its gain.
    best: f64,
    best_std_error: Option<f64>,
    policy: f64,
    gain_std_error: Option<f64>,
    peak_rss_mb: Option<f64>,
}

/// The battle of `n` blocks a side used to measure growth.
fn growth_battle(n: usize) -> Battle {
    let side = |house: &str, tag: &str| {
        let blocks: Vec<String> = (0..n)
            .map(|i| {
                let reserve = n >= 3 && i == n - 1;
                format!(r#"{{"custom":{{"name":"{tag}{i}","rating":"B2","max_strength":3}},"strength":3,"reserve":{reserve}}}"#)
            })
            .collect();
        format!(r#"{{"house":"{house}","blocks":[{}]}}"#, blocks.join(","))
    };
    let json = format!(
        r#"{{"version":1,"attacker":{},"defender":{}}}"#,
        side("Lancaster", "L"),
        side("York", "Y")
    );
    let scenario: bosworth::Scenario =
        serde_json::from_str(&json).expect("growth scenario is well-formed");
    Battle::new(&scenario).expect("growth scenario is valid")
}

/// The growth rows up to [`GROWTH_MAX`] blocks a side, each solve in a child process at the
/// commands' default budgets; once a solver is past its budget, the larger battles are not run
/// for it (they only have more states).
fn growth(budgets: Budgets, meter: &Meter) -> Result<Vec<Growth>, Stop> {
    let mut out = Vec::new();
    let (mut exact_past, mut advisor_past) = (false, false);
    for n in 1..=GROWTH_MAX {
        meter.say(format!("growth, {n} blocks a side"));
        let target = format!("growth:{n}");
        let exact = if exact_past {
            Solved::not_run(budgets.exact)
        } else {
            in_child(&target, Kind::Exact, budgets.exact, None)?
        };
        let advisor = if advisor_past {
            Solved::not_run(budgets.advise)
        } else {
            in_child(&target, Kind::Advise, budgets.advise, None)?
        };
        exact_past |= exact.outcome != Outcome::Solved;
        advisor_past |= advisor.outcome != Outcome::Solved;
        out.push(Growth {
            blocks_per_side: n,
            exact,
            advisor,
        });
        meter.add(1);
    }
    Ok(out)
}

/// Best play's estimate against exact best play on [`ACCURACY_BATTLES`] (both sides, hold):
/// exact best play within `bosworth advise`'s budget, then the estimate of `bosworth advise`'s
/// sampling within a tenth of the states exact best play solved, in this process. A quick run
/// takes the two smallest battles and a few samples.
fn accuracy(
    dir: &str,
    quick: bool,
    load: &impl Fn(&str) -> Result<Battle, String>,
    meter: &Meter,
) -> Result<Vec<Accuracy>, Stop> {
    use bosworth::solve::advice::{
        AdviceMethod, Decisions, Objective, Players, Sampling, advise_watched, estimate_with,
    };
    let mut out = Vec::new();
    for (k, name) in ACCURACY_BATTLES.iter().enumerate() {
        meter.say(format!("estimate against exact: {name}"));
        meter.add(1);
        if quick && k != 0 && k != 3 {
            continue;
        }
        let battle = match name.strip_prefix("growth:") {
            Some(n) => growth_battle(n.parse().expect("a growth battle's size")),
            None => load(&format!("{dir}/{name}"))?,
        };
        let exact = advise_watched(
            &battle,
            Objective::Hold,
            Players::Both,
            crate::ADVISE_STATE_BUDGET,
            &go_on,
        )?;
        let Some(d) = exact.first_decision else {
            continue;
        };
        let sampling = Sampling {
            samples: if quick {
                40
            } else {
                Sampling::default().samples
            },
            ..Sampling::default()
        };
        let budget = (exact.states / 10).max(100);
        let t = Instant::now();
        let est = estimate_with(
            &battle,
            Objective::Hold,
            Players::Both,
            budget,
            Decisions::default(),
            &sampling,
            &go_on,
        )?;
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let AdviceMethod::Estimated(how) = est.method else {
            return Err(Stop::Error(format!(
                "{name}: the estimate says it is exact"
            )));
        };
        let e = est.first_decision.unwrap_or_else(|| d.clone());
        let choices = e
            .actions
            .iter()
            .map(|x| ChoiceFigures {
                label: x.label.clone(),
                exact: d
                    .actions
                    .iter()
                    .find(|y| y.label == x.label)
                    .map_or(f64::NAN, |y| y.value),
                estimate: x.value,
                std_error: x.std_error.unwrap_or(0.0),
                apart_from_best: x.apart_from_best,
            })
            .collect();
        out.push(Accuracy {
            name: name.trim_end_matches(".json").to_string(),
            exact_states: exact.states,
            estimate_budget: budget,
            samples: sampling.samples,
            look_ahead: sampling.look_ahead,
            choices,
            exact_best: d.actions[0].label.clone(),
            estimate_ms: ms,
            settled_share: how.settled_share,
            guessed_per_battle: how.guessed_per_battle,
        });
    }
    Ok(out)
}

/// The state budgets of a run: the suite's (`budget`), and those of the heavy solves and the
/// growth rows, the commands' defaults in a full run.
#[derive(Clone, Copy, Serialize)]
pub struct Budgets {
    /// `bosworth exact`'s default.
    exact: usize,
    /// `bosworth advise`'s default.
    advise: usize,
}

/// What `bosworth bench-solve` runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// The exact solver (`bosworth exact`).
    Exact,
    /// Best play, exactly, both sides, hold (`bosworth advise` within its budget).
    Advise,
    /// Best play as `bosworth advise` answers it: past the budget, estimated.
    AdviseOrEstimate,
    /// The best choice at the first decision as live play asks it
    /// ([`bosworth::solve::advice::best_here`] with the live budget and sampling).
    Here,
    /// The same at a point in the middle of the battle: the middle step of its replay from seed
    /// 1 ([`bosworth::replay`]), opened as a battle in progress.
    HereMid,
}

/// `bosworth bench-solve`: one solve in this process, its figures and this process's peak
/// memory as JSON. A battle past the budget is an answer (`past_budget`), not an error.
pub fn solve_one(
    target: &str,
    kind: Kind,
    budget: usize,
    samples: Option<u64>,
    load: impl Fn(&str) -> Result<Battle, String>,
) -> Result<String, Stop> {
    use bosworth::solve::advice::{AdviceMethod, Decisions, Objective, Players, Sampling};
    let sampling = |s: Sampling| Sampling {
        samples: samples.unwrap_or(s.samples),
        ..s
    };
    let battle = match target.strip_prefix("growth:") {
        Some(n) => growth_battle(
            n.parse()
                .ok()
                .filter(|n| (1..=GROWTH_MAX).contains(n))
                .ok_or_else(|| format!("{target}: growth:N takes N from 1 to {GROWTH_MAX}"))?,
        ),
        None => load(target)?,
    };
    let battle = if kind == Kind::HereMid {
        let replay = bosworth::replay(&battle, 1);
        let (_, point) = replay
            .checkpoints
            .get(replay.checkpoints.len() / 2)
            .cloned()
            .ok_or_else(|| format!("{target}: the battle has no decision to stop at"))?;
        Battle::new(&point).map_err(|e| format!("{target}: its middle step: {e}"))?
    } else {
        battle
    };
    let t = Instant::now();
    if kind == Kind::Here || kind == Kind::HereMid {
        let (_, start) = bosworth::solve::advice::openings(&battle)
            .pop()
            .expect("at least one opening");
        let here = bosworth::solve::advice::best_here(
            &battle,
            &start,
            Objective::Hold,
            Players::Both,
            Decisions::default(),
            budget,
            &sampling(Sampling::live()),
            &go_on,
        )?;
        let mut solved = Solved::not_run(budget);
        solved.outcome = Outcome::Solved;
        solved.ms = Some(t.elapsed().as_secs_f64() * 1000.0);
        solved.states = Some(here.states);
        solved.peak_rss_mb = peak_rss_mb();
        solved.round = Some(start.round());
        solved.method = Some(
            match here.method {
                AdviceMethod::Exact => "exact",
                AdviceMethod::Estimated(_) => "estimated",
            }
            .into(),
        );
        return Ok(serde_json::to_string(&solved).expect("figures serialise"));
    }
    let answer = if kind == Kind::Exact {
        bosworth::solve_watched(&battle, budget, &go_on).map(|r| match r.method {
            bosworth::solve::report::Method::Exact {
                states,
                peak_states,
            } => (states, Some(peak_states), r.attacker_holds),
            _ => unreachable!("the exact solver reports an exact method"),
        })
    } else {
        bosworth::solve::advice::advise_watched(
            &battle,
            Objective::Hold,
            Players::Both,
            budget,
            &go_on,
        )
        .map(|a| (a.states, None, a.best[0]))
    };
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let mut solved = match answer {
        Ok((states, peak_states, holds)) => Solved {
            outcome: Outcome::Solved,
            budget,
            ms: Some(ms),
            states: Some(states),
            peak_states,
            peak_rss_mb: peak_rss_mb(),
            attacker_holds: Some(holds),
            estimate_ms: None,
            estimate_peak_rss_mb: None,
            method: None,
            round: None,
        },
        Err(bosworth::SolveError::TooLarge { .. }) => Solved {
            outcome: Outcome::PastBudget,
            budget,
            ms: Some(ms),
            states: Some(budget),
            peak_states: None,
            peak_rss_mb: peak_rss_mb(),
            attacker_holds: None,
            estimate_ms: None,
            estimate_peak_rss_mb: None,
            method: None,
            round: None,
        },
        Err(e) => return Err(e.into()),
    };
    if kind == Kind::AdviseOrEstimate && solved.outcome == Outcome::PastBudget {
        let t = Instant::now();
        let a = bosworth::solve::advice::estimate_with(
            &battle,
            Objective::Hold,
            Players::Both,
            budget,
            Decisions::default(),
            &sampling(Sampling::default()),
            &go_on,
        )?;
        solved.estimate_ms = Some(t.elapsed().as_secs_f64() * 1000.0);
        solved.estimate_peak_rss_mb = peak_rss_mb();
        solved.attacker_holds = Some(a.best[0]);
    }
    Ok(serde_json::to_string(&solved).expect("figures serialise"))
}

/// `bosworth bench-solve --hidden --advise`: best play on a battle with hidden blocks as
/// `bosworth advise` answers it (R24; draws `draws` when given), timed, with this process's peak
/// memory, as JSON.
pub fn advise_mixture(
    scenario: &bosworth::Scenario,
    budget: usize,
    draws: Option<u64>,
) -> Result<String, Stop> {
    use bosworth::solve::advice::{
        Decisions, Drawing, HiddenMethod, Objective, Players, Sampling, advise_hidden,
    };
    let fog = bosworth::Fog::new(scenario).map_err(|e| e.to_string())?;
    let drawing = Drawing {
        draws: draws.map_or(Drawing::default().draws, |d| d.max(2) as usize),
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        ..Drawing::default()
    };
    let (t, cpu0) = (Instant::now(), cpu_ms());
    let a = advise_hidden(
        &fog,
        Objective::Hold,
        Players::Both,
        budget,
        Decisions::default(),
        &drawing,
        &Sampling::default(),
        &go_on,
        &|_, _, _| {},
    )?;
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let (method, solved, draws, estimated) = match a.method {
        HiddenMethod::Exact => ("exact", a.possibilities.len(), 0, 0),
        HiddenMethod::Drawn {
            solved,
            draws,
            estimated,
            ..
        } => ("drawn", solved, draws, estimated),
    };
    let run = AdvisedMixture {
        ms,
        cpu_ms: cpu_ms().zip(cpu0).map(|(a, b)| a - b),
        states: a.states,
        method: method.into(),
        compositions: a.compositions,
        solved,
        draws,
        estimated,
        best: a.best[0],
        best_std_error: a.best_std_error.map(|e| e[0]),
        policy: a.policy[0],
        gain_std_error: a.gain_std_error.map(|e| e[0]),
        peak_rss_mb: peak_rss_mb(),
    };
    Ok(serde_json::to_string(&run).expect("figures serialise"))
}

/// Best play on issue 22's battles with hidden blocks, each in a process of its own.
fn hidden_advice(
    dir: &str,
    quick: bool,
    budget: usize,
    meter: &Meter,
) -> Result<Vec<HiddenAdvice>, Stop> {
    let mut out = Vec::new();
    for (name, file, _) in HIDDEN {
        meter.say(format!("best play, {name} ({file})"));
        let path = format!("{dir}/{file}");
        let scenario: bosworth::Scenario = serde_json::from_str(
            &std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?,
        )
        .map_err(|e| format!("{path}: {e}"))?;
        let mut args = vec!["--hidden", "--advise"];
        if quick {
            args.extend(["--samples", "2"]);
        }
        args.push(&path);
        let text = run_child(&args, budget)?;
        let run: AdvisedMixture = serde_json::from_str(&text)
            .map_err(|e| Stop::Error(format!("best play on {path} answered {text:?}: {e}")))?;
        out.push(HiddenAdvice {
            name: name.into(),
            file: file.into(),
            hidden: scenario.attacker.hidden.len() + scenario.defender.hidden.len(),
            run,
        });
        meter.add(1);
    }
    Ok(out)
}

/// `bosworth bench-solve --hidden`: the exact mixture of a battle with hidden blocks in this
/// process, as `bosworth exact` solves it, its figures and this process's peak memory as JSON.
pub fn solve_mixture(scenario: &bosworth::Scenario, budget: usize) -> Result<String, Stop> {
    use bosworth::solve::fog::FogMemo;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let fog = bosworth::Fog::new(scenario).map_err(|e| e.to_string())?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let counted = AtomicUsize::new(0);
    let watch = |n: usize| {
        counted.fetch_add(n, Ordering::Relaxed);
        go_on(n)
    };
    let (t, cpu0) = (Instant::now(), cpu_ms());
    let mut memo = FogMemo::new();
    let cost = fog.estimate(&mut memo, budget, &watch)?;
    let estimate_ms = t.elapsed().as_secs_f64() * 1000.0;
    let estimate_states = counted.load(Ordering::Relaxed);
    let answer = if cost.fits(budget) {
        Some(fog.solve_memo(&mut memo, budget, threads, &watch))
    } else {
        None
    };
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let (outcome, states, holds) = match answer {
        Some(Ok(f)) => match f.report.method {
            bosworth::solve::report::Method::Exact { states, .. } => {
                (Outcome::Solved, Some(states), Some(f.report.attacker_holds))
            }
            _ => unreachable!("the exact mixture reports an exact method"),
        },
        Some(Err(bosworth::SolveError::TooLarge { .. })) | None => {
            (Outcome::PastBudget, None, None)
        }
        Some(Err(e)) => return Err(e.into()),
    };
    let m = Mixture {
        outcome,
        budget,
        possibilities: fog.possibilities(),
        compositions: fog.compositions().unwrap_or(0),
        battles: fog.battles(),
        estimate: cost.estimate,
        estimate_ms,
        estimate_states,
        ms,
        threads,
        cpu_ms: cpu_ms().zip(cpu0).map(|(b, a)| b - a),
        states,
        peak_rss_mb: peak_rss_mb(),
        attacker_holds: holds,
    };
    Ok(serde_json::to_string(&m).expect("figures serialise"))
}

/// Issue 22's battles: each exact mixture in its own process, then Monte Carlo over the same
/// mixture in this one.
fn hidden(
    dir: &str,
    quick: bool,
    budget: usize,
    read: &impl Fn(&str) -> Result<bosworth::Scenario, String>,
    meter: &Meter,
) -> Result<Vec<Hidden>, Stop> {
    let mut out = Vec::new();
    for (name, file, what) in HIDDEN {
        meter.say(format!("{name} ({file})"));
        let path = format!("{dir}/{file}");
        let scenario = read(&path)?;
        let fog = bosworth::Fog::new(&scenario).map_err(|e| format!("{path}: {e}"))?;
        let text = run_child(&["--hidden", &path], budget)?;
        let solve: Mixture = serde_json::from_str(&text)
            .map_err(|e| Stop::Error(format!("the solve of {path} answered {text:?}: {e}")))?;
        let mc_runs = if quick { 2_000 } else { TARGET_MC_RUNS };
        let repeats = if quick { 1 } else { 3 };
        let mut times = Vec::new();
        let mut mc = None;
        for _ in 0..repeats {
            let t = Instant::now();
            mc = Some(fog.simulate_watched(mc_runs, 1, &go_on)?);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            if interrupted() {
                return Err(Stop::Interrupted);
            }
        }
        let mc = mc.expect("one run at least");
        let mc_ms = median(times);
        let agreement = solve.attacker_holds.map(|p| {
            let p = p.clamp(0.0, 1.0);
            let se = (p * (1.0 - p) / mc_runs as f64).sqrt();
            let diff = (p - mc.report.attacker_holds).abs();
            if se > 0.0 { diff / se } else { diff }
        });
        out.push(Hidden {
            name: name.into(),
            file: file.into(),
            what: what.into(),
            known: scenario.attacker.blocks.len() + scenario.defender.blocks.len(),
            hidden: scenario.attacker.hidden.len() + scenario.defender.hidden.len(),
            ratio_to_mc: (mc_ms > 0.0).then(|| solve.ms / mc_ms),
            solve,
            mc_runs,
            mc_repeats: repeats,
            mc_ms,
            mc_attacker_holds: mc.report.attacker_holds,
            agreement_std_errors: agreement,
        });
        meter.add(1);
    }
    Ok(out)
}

/// Runs one solve in a child process of this same program (`bosworth bench-solve`), so that its
/// peak memory is measured alone, and reads its figures. Ctrl-C stops the child and the bench.
fn in_child(target: &str, kind: Kind, budget: usize, samples: Option<u64>) -> Result<Solved, Stop> {
    let samples = samples.map(|n| n.to_string());
    let mut args: Vec<&str> = Vec::new();
    if let Some(n) = &samples {
        args.extend(["--samples", n.as_str()]);
    }
    match kind {
        Kind::Exact => {}
        Kind::Advise => args.push("--advise"),
        Kind::AdviseOrEstimate => args.extend(["--advise", "--estimate"]),
        Kind::Here => args.extend(["--advise", "--here"]),
        Kind::HereMid => args.extend(["--advise", "--here", "--mid"]),
    }
    args.push(target);
    let out = run_child(&args, budget)?;
    serde_json::from_str(&out)
        .map_err(|e| Stop::Error(format!("the solve of {target} answered {out:?}: {e}")))
}

/// Issue 10's battles: each heavy solve in its own process, then Monte Carlo on the same battle
/// in this one. With `advice_only`, best play's alone: the exact solver's battles are only
/// asked for the best choice here.
fn targets(
    dir: &str,
    quick: bool,
    advice_only: bool,
    budgets: Budgets,
    load: &impl Fn(&str) -> Result<Battle, String>,
    meter: &Meter,
) -> Result<Vec<Target>, Stop> {
    let mut out = Vec::new();
    for (name, file, advise, what) in TARGETS {
        meter.say(format!("{name} ({file})"));
        let path = format!("{dir}/{file}");
        let battle = load(&path)?;
        let budget = if advise {
            budgets.advise
        } else {
            budgets.exact
        };
        let kind = if advise {
            Kind::AdviseOrEstimate
        } else {
            Kind::Exact
        };
        // A quick run samples a handful of battles, within its small budgets.
        let samples = quick.then_some(10);
        let solve = if advice_only && !advise {
            Solved::not_run(budget)
        } else {
            in_child(&path, kind, budget, samples)?
        };
        // Best play's answer at the first decision as live play asks it, on every battle.
        let live = if quick {
            budgets.advise
        } else {
            bosworth::solve::advice::LIVE_BUDGET
        };
        let here = Some(in_child(&path, Kind::Here, live, samples)?);
        let here_mid = Some(in_child(&path, Kind::HereMid, live, samples)?);
        let mc_runs = if quick { 2_000 } else { TARGET_MC_RUNS };
        let repeats = if quick { 1 } else { 3 };
        let mut times = Vec::new();
        let mut mc = None;
        for _ in 0..repeats {
            let t = Instant::now();
            mc = Some(simulate_threads(&battle, mc_runs, 1, 1, &go_on));
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            if interrupted() {
                return Err(Stop::Interrupted);
            }
        }
        let mc_ms = median(times);
        let count = |side: bosworth::Side, reserve: bool| {
            battle
                .slots()
                .iter()
                .filter(|s| s.side == side && (s.reserve || !reserve))
                .count()
        };
        use bosworth::Side::{Attacker, Defender};
        let agreement = match (solve.attacker_holds, &mc) {
            (Some(p), Some(mc)) if !advise => {
                let p = p.clamp(0.0, 1.0);
                let se = (p * (1.0 - p) / mc_runs as f64).sqrt();
                let diff = (p - mc.attacker_holds).abs();
                Some(if se > 0.0 { diff / se } else { diff })
            }
            _ => None,
        };
        out.push(Target {
            name: name.into(),
            file: file.into(),
            solver: if advise { "advise" } else { "exact" }.into(),
            what: what.into(),
            blocks: [count(Attacker, false), count(Defender, false)],
            reserves: [count(Attacker, true), count(Defender, true)],
            ratio_to_mc: solve
                .ms
                .filter(|_| solve.outcome == Outcome::Solved)
                .map(|ms| ms / mc_ms),
            solve,
            mc_runs,
            mc_repeats: repeats,
            mc_ms,
            agreement_std_errors: agreement,
            here,
            here_mid,
        });
        meter.add(1);
    }
    Ok(out)
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "{cpu}, {threads} hardware threads, {} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Runs the suite found in `dir` (`small`, `medium`, `large`, `huge`, `policy`), issue 10's
/// battles ([`TARGETS`]) and the growth rows, each heavy solve in a child process of its own;
/// with `hidden_only` issue 22's battles alone, with `advice_only` best play's alone (issue 25:
/// its battles and the best choice here on every battle).
/// `meter` counts its steps ([`STEPS`]); Ctrl-C stops it.
pub fn run(
    dir: &str,
    quick: bool,
    hidden_only: bool,
    advice_only: bool,
    load: impl Fn(&str) -> Result<Battle, String>,
    read: impl Fn(&str) -> Result<bosworth::Scenario, String>,
    meter: &Meter,
) -> Result<Bench, Stop> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let budget = if quick { 100_000 } else { 3_000_000 };
    // A quick run keeps every step, with budgets that stop each heavy solve at once.
    let budgets = if quick {
        Budgets {
            exact: 20_000,
            advise: 20_000,
        }
    } else {
        Budgets {
            exact: bosworth::DEFAULT_STATE_BUDGET,
            advise: crate::ADVISE_STATE_BUDGET,
        }
    };
    // A part of the suite alone: the rest of the run left empty.
    let part = Bench {
        machine: machine(),
        threads,
        quick,
        rows: Vec::new(),
        targets: Vec::new(),
        hidden: Vec::new(),
        hidden_advice: Vec::new(),
        plans: None,
        turns: Vec::new(),
        growth: Vec::new(),
        budget,
        budgets,
        micro_batches: 0,
        micro_calls: 0,
        micro: Vec::new(),
        accuracy: Vec::new(),
    };
    if hidden_only {
        return Ok(Bench {
            hidden: hidden(dir, quick, budgets.exact, &read, meter)?,
            plans: Some(crate::bench_plans::plans(dir, quick, &load, meter)?),
            ..part
        });
    }
    if advice_only {
        return Ok(Bench {
            targets: targets(dir, quick, true, budgets, &load, meter)?,
            hidden_advice: hidden_advice(dir, quick, budgets.advise, meter)?,
            ..part
        });
    }
    let mut rows = Vec::new();
    for name in ["small", "medium", "large", "huge", "policy"] {
        meter.say(format!("{name}.json"));
        let battle = load(&format!("{dir}/{name}.json"))?;
        let mut times = Vec::new();
        let mut exact = None;
        let mut exact_error = None;
        let start = Instant::now();
        while times.len() < if quick { 1 } else { 21 } {
            let t = Instant::now();
            match bosworth::solve_watched(&battle, budget, &go_on) {
                Ok(r) => exact = Some(r),
                Err(bosworth::SolveError::Cancelled) => return Err(Stop::Interrupted),
                Err(e) => {
                    exact_error = Some(e.to_string());
                    break;
                }
            }
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            if start.elapsed().as_secs_f64() > 2.0 && times.len() >= 3 {
                break;
            }
        }
        let mc_runs: u64 = if quick { 2_000 } else { 2_000_000 };
        let t = Instant::now();
        let _ = simulate_threads(&battle, mc_runs, 1, 1, &go_on);
        let one = mc_runs as f64 / t.elapsed().as_secs_f64();
        let t = Instant::now();
        let mc = simulate_threads(&battle, mc_runs * threads as u64, 1, threads, &go_on);
        if interrupted() {
            return Err(Stop::Interrupted);
        }
        let all = (mc_runs * threads as u64) as f64 / t.elapsed().as_secs_f64();
        let n = mc_runs * threads as u64;
        let (states, peak, agreement) = match &exact {
            Some(r) => match r.method {
                bosworth::solve::report::Method::Exact {
                    states,
                    peak_states,
                } => {
                    let p = r.attacker_holds.clamp(0.0, 1.0);
                    let se = (p * (1.0 - p) / n as f64).sqrt();
                    let diff = (p - mc.attacker_holds).abs();
                    (
                        Some(states),
                        Some(peak_states),
                        Some(if se > 0.0 { diff / se } else { diff }),
                    )
                }
                _ => (None, None, None),
            },
            None => (None, None, None),
        };
        rows.push(Row {
            name: name.into(),
            blocks: battle.slots().len(),
            exact_ms_median: exact.as_ref().map(|_| median(times.clone())),
            exact_runs: if exact.is_some() { times.len() } else { 0 },
            states,
            peak_states: peak,
            // A table slot: the packed state, its probability and tag (tables are 7/16 to 7/8 full).
            bytes_per_state: bosworth::state_bytes(&battle),
            exact_error,
            mc_battles_per_s_1_thread: one,
            mc_battles_per_s_all_threads: all,
            threads,
            mc_runs: n,
            agreement_std_errors: agreement,
        });
        meter.add(1);
    }
    let targets = targets(dir, quick, false, budgets, &load, meter)?;
    let hidden = hidden(dir, quick, budgets.exact, &read, meter)?;
    let plans = Some(crate::bench_plans::plans(dir, quick, &load, meter)?);
    let turns = crate::bench_turns::turns(dir, meter)?;
    let growth = growth(budgets, meter)?;
    let accuracy = accuracy(dir, quick, &load, meter)?;
    meter.say("hot paths".into());
    let micro = micro(dir, quick, &load)?;
    Ok(Bench {
        machine: machine(),
        threads,
        quick,
        rows,
        targets,
        hidden,
        hidden_advice: Vec::new(),
        plans,
        turns,
        growth,
        accuracy,
        budget,
        budgets,
        micro_batches: if quick { 3 } else { 31 },
        micro_calls: if quick { 1_000 } else { 200_000 },
        micro,
    })
}

/// A `--turn-only` run as a table: the machine and the whole turn's rows.
pub fn turn_table(b: &Bench) -> String {
    format!(
        "Machine: {}\n{}",
        b.machine,
        crate::bench_turns::table(&b.turns)
    )
    .trim_end()
    .to_string()
}

/// The suite as a table.
pub fn table(b: &Bench) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(o, "Machine: {}", b.machine);
    let _ = writeln!(
        o,
        "{:<8} {:>6} {:>12} {:>10} {:>10} {:>9} {:>14} {:>14} {:>9}",
        "scenario",
        "blocks",
        "exact ms",
        "states",
        "peak",
        "B/state",
        "MC/s 1 thread",
        format!("MC/s {} thr.", b.threads),
        "agree s.e."
    );
    for r in &b.rows {
        let ms = r
            .exact_ms_median
            .map_or("too large".into(), |m| format!("{m:.3}"));
        let st = r.states.map_or("-".into(), |s| s.to_string());
        let pk = r.peak_states.map_or("-".into(), |s| s.to_string());
        let ag = r
            .agreement_std_errors
            .map_or("-".into(), |a| format!("{a:.2}"));
        let _ = writeln!(
            o,
            "{:<8} {:>6} {:>12} {:>10} {:>10} {:>9} {:>14.0} {:>14.0} {:>9}",
            r.name,
            r.blocks,
            ms,
            st,
            pk,
            r.bytes_per_state,
            r.mc_battles_per_s_1_thread,
            r.mc_battles_per_s_all_threads,
            ag
        );
    }
    let opt = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.2}"));
    let opt_n = |x: Option<usize>| x.map_or("-".to_string(), |v| v.to_string());
    let outcome = |s: &Solved| match s.outcome {
        Outcome::Solved => "solved",
        Outcome::PastBudget => "past budget",
        Outcome::NotRun => "not run",
    };
    let _ = writeln!(o, "\nHot paths (medium battle, first decision):");
    for m in &b.micro {
        let _ = writeln!(o, "  {:<46} {:>9.1} ns", m.name, m.ns_per_call);
    }
    let _ = writeln!(
        o,
        "\nIssue 10's battles (each solve in its own process; Monte Carlo: {} runs, 1 thread):",
        b.targets.first().map_or(0, |t| t.mc_runs)
    );
    let _ = writeln!(
        o,
        "{:<14} {:>7} {:>6} {:>14} {:>12} {:>10} {:>10} {:>9} {:>9} {:>12} {:>20} {:>20}",
        "battle",
        "solver",
        "blocks",
        "outcome",
        "ms",
        "states",
        "peak MB",
        "MC ms",
        "vs MC",
        "estimate ms",
        "best here ms",
        "mid-battle ms"
    );
    for t in &b.targets {
        let s = &t.solve;
        let here_of = |h: &Option<Solved>| {
            h.as_ref().map_or("-".to_string(), |h| {
                format!("{} ({})", opt(h.ms), h.method.as_deref().unwrap_or("?"))
            })
        };
        let (here, mid) = (here_of(&t.here), here_of(&t.here_mid));
        let _ = writeln!(
            o,
            "{:<14} {:>7} {:>6} {:>14} {:>12} {:>10} {:>10} {:>9.1} {:>9} {:>12} {:>20} {:>20}",
            t.name,
            t.solver,
            format!("{}v{}", t.blocks[0], t.blocks[1]),
            outcome(s),
            opt(s.ms),
            opt_n(s.states),
            opt(s.peak_rss_mb),
            t.mc_ms,
            opt(t.ratio_to_mc),
            opt(s.estimate_ms),
            here,
            mid
        );
    }
    if !b.hidden_advice.is_empty() {
        let _ = writeln!(
            o,
            "\nBest play with hidden blocks (R24, bosworth advise, each in its own process):"
        );
        let _ = writeln!(
            o,
            "{:<14} {:>7} {:>7} {:>9} {:>10} {:>12} {:>8} {:>16} {:>8} {:>11}",
            "battle",
            "method",
            "solved",
            "drawn",
            "ms",
            "states",
            "peak MB",
            "best",
            "policy",
            "gain s.e."
        );
        for h in &b.hidden_advice {
            let r = &h.run;
            let _ = writeln!(
                o,
                "{:<14} {:>7} {:>7} {:>9} {:>10.0} {:>12} {:>8} {:>16} {:>7.1}% {:>11}",
                h.name,
                r.method,
                r.solved,
                format!("{} ({} est.)", r.draws, r.estimated),
                r.ms,
                r.states,
                opt(r.peak_rss_mb),
                match r.best_std_error {
                    Some(se) => format!("{:.1}% ± {:.1}", r.best * 100.0, se * 100.0),
                    None => format!("{:.1}%", r.best * 100.0),
                },
                r.policy * 100.0,
                r.gain_std_error
                    .map_or("-".into(), |e| format!("{:.2} pt", e * 100.0)),
            );
        }
    }
    let _ = writeln!(
        o,
        "\nIssue 22's hidden blocks (exact mixture in its own process on {} threads, estimate \
         first; Monte Carlo: {} runs, 1 thread):",
        b.threads,
        b.hidden.first().map_or(0, |h| h.mc_runs)
    );
    let _ = writeln!(
        o,
        "{:<14} {:>6} {:>9} {:>8} {:>12} {:>12} {:>12} {:>12} {:>10} {:>9} {:>9}",
        "battle",
        "blocks",
        "battles",
        "est. ms",
        "estimate",
        "outcome",
        "ms",
        "states",
        "peak MB",
        "MC ms",
        "vs MC"
    );
    for h in &b.hidden {
        let s = &h.solve;
        let _ = writeln!(
            o,
            "{:<14} {:>6} {:>9} {:>8.1} {:>12} {:>12} {:>12.1} {:>12} {:>10} {:>9.1} {:>9}",
            h.name,
            format!("{}v{}", h.known, h.hidden),
            s.battles,
            s.estimate_ms,
            s.estimate,
            match s.outcome {
                Outcome::Solved => "solved",
                _ => "refused",
            },
            s.ms,
            opt_n(s.states),
            opt(s.peak_rss_mb),
            h.mc_ms,
            opt(h.ratio_to_mc)
        );
    }
    let _ = writeln!(
        o,
        "\nBest play estimated within a tenth of exact best play's states, against exact:"
    );
    for a in &b.accuracy {
        let _ = writeln!(
            o,
            "  {} ({} states exact, estimate budget {}, {} ms; exact best: {}):",
            a.name,
            a.exact_states,
            a.estimate_budget,
            opt(Some(a.estimate_ms)),
            a.exact_best
        );
        for c in &a.choices {
            let _ = writeln!(
                o,
                "    {:<28} exact {:>8.4}  estimate {:>8.4} ± {:.4}",
                c.label, c.exact, c.estimate, c.std_error
            );
        }
    }
    let _ = writeln!(
        o,
        "\nGrowth (n custom B2 blocks a side at strength 3, one a reserve from n = 3; \
         budgets {} exact, {} best play):",
        b.budgets.exact, b.budgets.advise
    );
    let _ = writeln!(
        o,
        "{:>3} {:>14} {:>12} {:>10} {:>9} {:>14} {:>12} {:>10} {:>9}",
        "n", "exact", "ms", "states", "peak MB", "advisor", "ms", "states", "peak MB"
    );
    for g in &b.growth {
        let (e, a) = (&g.exact, &g.advisor);
        let _ = writeln!(
            o,
            "{:>3} {:>14} {:>12} {:>10} {:>9} {:>14} {:>12} {:>10} {:>9}",
            g.blocks_per_side,
            outcome(e),
            opt(e.ms),
            opt_n(e.states),
            opt(e.peak_rss_mb),
            outcome(a),
            opt(a.ms),
            opt_n(a.states),
            opt(a.peak_rss_mb)
        );
    }
    if !b.turns.is_empty() {
        o.push_str(&crate::bench_turns::table(&b.turns));
    }
    o.trim_end().to_string()
}
