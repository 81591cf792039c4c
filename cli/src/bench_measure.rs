//! What `bosworth bench` and its plans' part (`bench_plans.rs`) both measure with: Monte Carlo on
//! several threads in chunks, a solve in a child process, this process's CPU time and peak memory.
//! It uses neither of them, so neither imports the other.

use crate::progress::{Stop, interrupted};
use bosworth::solve::watch::Watch;
use bosworth::{Battle, Simulation, worker_seed};
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Battles of Monte Carlo fought between two looks at Ctrl-C and the progress bar: about a
/// millisecond of work, nothing next to the battles themselves.
const CHUNK: u64 = 4096;

/// This process's CPU time so far, all threads, user and system, in milliseconds (Linux: clock
/// ticks of `/proc/self/stat`, a hundredth of a second on most systems): a measure that a loaded
/// machine stretches less than the time on the clock.
pub(crate) fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks * 10.0)
}

/// This process's peak resident memory in MB (VmHWM of /proc/self/status; Linux only).
pub(crate) fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024.0 / 1e6)
}

/// Runs `bosworth bench-solve --quiet --budget BUDGET ARGS…` and returns what it printed.
pub(crate) fn run_child(args: &[&str], budget: usize) -> Result<String, Stop> {
    let target = args.last().copied().unwrap_or("?");
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut cmd = Command::new(exe);
    cmd.args(["bench-solve", "--quiet", "--budget", &budget.to_string()]);
    cmd.args(&args[..args.len().saturating_sub(1)]);
    let mut child = cmd
        .arg(target)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start a solve of {target}: {e}"))?;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_string(&mut text);
            }
            text
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as _));
    let status = loop {
        if interrupted() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Stop::Interrupted);
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(Stop::Error(format!("waiting for a solve of {target}: {e}"))),
        }
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    if !status.success() {
        return Err(Stop::Error(format!(
            "the solve of {target} failed ({status}): {}",
            err.trim()
        )));
    }
    Ok(out)
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
