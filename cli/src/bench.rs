//! `bosworth bench`: the benchmark suite in `bench/`, timed on this machine.

use crate::progress::{Meter, Stop, interrupted};
use bosworth::solve::watch::Watch;
use bosworth::{Battle, Simulation, worker_seed};
use serde::Serialize;
use std::time::Instant;

/// Battles of Monte Carlo fought between two looks at Ctrl-C and the progress bar: about a
/// millisecond of work, nothing next to the battles themselves.
const CHUNK: u64 = 4096;

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

/// How the exact solver grows: n blocks a side (custom B2 blocks at strength 3, one reserve a side
/// from n = 3), no area.
#[derive(Serialize)]
pub struct Growth {
    blocks_per_side: usize,
    exact_ms: Option<f64>,
    states: Option<usize>,
    peak_states: Option<usize>,
    peak_mb: Option<f64>,
    advisor_ms: Option<f64>,
    advisor_states: Option<usize>,
}

/// A hot path timed on its own: nanoseconds per call, median of batches.
#[derive(Serialize)]
pub struct Micro {
    name: String,
    ns_per_call: f64,
}

/// Times the hot paths on the medium battle's first decision point: one fire drawn and applied
/// (hit allocation included), hit allocation alone, one state expansion (every result of an
/// action, as the exact solver does), and finding the next actor.
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
    Ok(out)
}

/// The whole run.
#[derive(Serialize)]
pub struct Bench {
    /// The exact solver's state budget in this run.
    budget: usize,
    /// Micro-benchmarks: batches, and calls per batch.
    micro_batches: usize,
    micro_calls: u32,
    micro: Vec<Micro>,
    machine: String,
    threads: usize,
    quick: bool,
    rows: Vec<Row>,
    growth: Vec<Growth>,
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

fn growth(quick: bool, meter: &Meter) -> Result<Vec<Growth>, Stop> {
    let budget = if quick { 20_000 } else { 3_000_000 };
    let per_state = (std::mem::size_of::<(bosworth::State, f64)>() + 1) * 8 / 7;
    let mut out = Vec::new();
    for n in 1..=8 {
        meter.say(format!("growth, {n} blocks a side"));
        let b = growth_battle(n);
        let t = Instant::now();
        let exact = ok(bosworth::solve_watched(&b, budget, &go_on))?;
        let exact_ms = t.elapsed().as_secs_f64() * 1000.0;
        let (states, peak) = match exact.as_ref().map(|r| &r.method) {
            Some(bosworth::solve::report::Method::Exact {
                states,
                peak_states,
            }) => (Some(*states), Some(*peak_states)),
            _ => (None, None),
        };
        let t = Instant::now();
        let advice = ok(bosworth::solve::advice::advise_watched(
            &b,
            bosworth::solve::advice::Objective::Hold,
            bosworth::solve::advice::Players::Both,
            budget,
            &go_on,
        ))?;
        let advisor_ms = t.elapsed().as_secs_f64() * 1000.0;
        let done = exact.is_none() && advice.is_none();
        out.push(Growth {
            blocks_per_side: n,
            exact_ms: exact.as_ref().map(|_| exact_ms),
            states,
            peak_states: peak,
            peak_mb: peak.map(|p| (p * per_state) as f64 / 1e6),
            advisor_ms: advice.as_ref().map(|_| advisor_ms),
            advisor_states: advice.map(|a| a.states),
        });
        meter.add(1);
        if done {
            break;
        }
    }
    Ok(out)
}

/// A solve's answer, `None` if too large; Ctrl-C stops the benchmark.
fn ok<T>(r: Result<T, bosworth::SolveError>) -> Result<Option<T>, Stop> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(bosworth::SolveError::Cancelled) => Err(Stop::Interrupted),
        Err(_) => Ok(None),
    }
}

/// Runs Monte Carlo on `threads` threads, one seed stream per thread, merged. Each thread
/// fights its battles in chunks of [`CHUNK`], telling `watch` each one: when it says stop, the
/// threads stop after their chunk under way and the figures are those of the battles fought (the
/// report's `runs`). Chunks change no figure (`Simulation::run`).
pub fn simulate_threads(
    battle: &Battle,
    runs: u64,
    seed: u64,
    threads: usize,
    watch: &Watch<'_>,
) -> bosworth::Report {
    let threads = threads.max(1) as u64;
    if threads == 1 {
        return fight(Simulation::new(battle, seed), runs, watch).report();
    }
    let sims: Vec<Simulation> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let share = runs / threads + u64::from(k < runs % threads);
                scope.spawn(move || {
                    fight(Simulation::new(battle, worker_seed(seed, k)), share, watch)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a simulation thread panicked"))
            .collect()
    });
    let mut iter = sims.into_iter();
    let mut total = iter.next().expect("at least one thread");
    for s in iter {
        total.merge(&s);
    }
    total.report()
}

/// Fights `runs` battles of `sim` in chunks of [`CHUNK`], telling `watch` each, until it says stop.
fn fight(mut sim: Simulation, runs: u64, watch: &Watch<'_>) -> Simulation {
    let mut chunk = 0;
    while sim.runs() < runs && watch(chunk as usize) {
        chunk = CHUNK.min(runs - sim.runs());
        sim.run(chunk);
    }
    sim
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

/// Runs the suite found in `dir` (`small`, `medium`, `large`, `huge`, `policy`).
/// `meter` counts its steps: the five scenarios, the growth battles and the hot paths; Ctrl-C
/// stops it.
pub fn run(
    dir: &str,
    quick: bool,
    load: impl Fn(&str) -> Result<Battle, String>,
    meter: &Meter,
) -> Result<Bench, Stop> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let budget = if quick { 100_000 } else { 3_000_000 };
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
            // A hash-map entry: the state and its probability, plus the table's control byte
            // and its load factor of 7/8.
            bytes_per_state: (std::mem::size_of::<(bosworth::State, f64)>() + 1) * 8 / 7,
            exact_error,
            mc_battles_per_s_1_thread: one,
            mc_battles_per_s_all_threads: all,
            threads,
            mc_runs: n,
            agreement_std_errors: agreement,
        });
        meter.add(1);
    }
    let growth = growth(quick, meter)?;
    meter.say("hot paths".into());
    let micro = micro(dir, quick, &load)?;
    Ok(Bench {
        machine: machine(),
        threads,
        quick,
        rows,
        growth,
        budget,
        micro_batches: if quick { 3 } else { 31 },
        micro_calls: if quick { 1_000 } else { 200_000 },
        micro,
    })
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
    let _ = writeln!(o, "\nHot paths (medium battle, first decision):");
    for m in &b.micro {
        let _ = writeln!(o, "  {:<46} {:>9.1} ns", m.name, m.ns_per_call);
    }
    let _ = writeln!(
        o,
        "\nGrowth (n custom B2 blocks a side at strength 3, one a reserve from n = 3):"
    );
    let _ = writeln!(
        o,
        "{:>6} {:>12} {:>10} {:>10} {:>9} {:>12} {:>12}",
        "n", "exact ms", "states", "peak", "peak MB", "advisor ms", "adv. states"
    );
    let opt = |x: Option<f64>| x.map_or("too large".to_string(), |v| format!("{v:.2}"));
    let opt_n = |x: Option<usize>| x.map_or("-".to_string(), |v| v.to_string());
    for g in &b.growth {
        let _ = writeln!(
            o,
            "{:>6} {:>12} {:>10} {:>10} {:>9} {:>12} {:>12}",
            g.blocks_per_side,
            opt(g.exact_ms),
            opt_n(g.states),
            opt_n(g.peak_states),
            opt(g.peak_mb),
            opt(g.advisor_ms),
            opt_n(g.advisor_states)
        );
    }
    o.trim_end().to_string()
}
