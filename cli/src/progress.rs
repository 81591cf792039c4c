//! Long work seen from the terminal: a progress bar on stderr, and Ctrl-C.
//!
//! `exact`, `simulate`, `advise` and `bench` watch their work with a [`Meter`]: the engine's
//! hook ([`bosworth::solve::watch::Watch`]) feeds it the states or battles done, and it answers
//! whether to go on, which it is not after Ctrl-C ([`catch_interrupt`]). The bar (indicatif) is
//! drawn only when stderr is a terminal, `--quiet` was not given and the work has lasted half a
//! second; it is cleared when the work ends. Nothing of it ever reaches stdout.

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set by the first Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// How long work runs before its bar appears: quick answers never flash one.
const GRACE: Duration = Duration::from_millis(500);

/// The exit code after Ctrl-C, as shells report a process ended by SIGINT (128 + 2).
pub const INTERRUPTED_EXIT: u8 = 130;

/// Why a command ends without its answer.
pub enum Stop {
    /// Invalid input or a battle too large: the message (exit code 2).
    Error(String),
    /// Ctrl-C (exit code 130, `interrupted` on stderr).
    Interrupted,
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Error(message)
    }
}

impl From<bosworth::SolveError> for Stop {
    fn from(e: bosworth::SolveError) -> Stop {
        match e {
            bosworth::SolveError::Cancelled => Stop::Interrupted,
            e => Stop::Error(e.to_string()),
        }
    }
}

/// Catches Ctrl-C (SIGINT; SIGTERM keeps its default): the first sets the flag that
/// [`Meter::add`] reads, so the work stops at its next check (within a few thousand states or
/// battles); a second ends the program at once.
pub fn catch_interrupt() {
    // Failing to catch it (never expected) leaves Ctrl-C its default: the program ends.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            eprintln!("interrupted");
            std::process::exit(i32::from(INTERRUPTED_EXIT));
        }
    });
}

/// True once Ctrl-C has been pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// A progress bar that may never be drawn, and the Ctrl-C check of the work it follows.
pub struct Meter {
    /// `None` when nothing may be drawn (`--quiet`, or stderr is not a terminal).
    bar: Option<ProgressBar>,
    start: Instant,
    shown: AtomicBool,
}

impl Meter {
    /// A meter of `len` units drawn with `template` (indicatif's), hidden until [`GRACE`].
    fn new(len: u64, template: &str, quiet: bool) -> Meter {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> ").with_key("rate", rate));
            }
            bar
        });
        Meter {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// For a solver: states visited against the budget. The budget is a ceiling, not the
    /// battle's size (unknown until solved), so the time left is an upper bound.
    pub fn states(budget: usize, quiet: bool) -> Meter {
        Meter::new(
            budget as u64,
            "{spinner} [{bar:30}] {human_pos}/{human_len} states (budget), {rate}, at most {eta} left",
            quiet,
        )
    }

    /// For Monte Carlo: battles fought out of `runs`.
    pub fn battles(runs: u64, quiet: bool) -> Meter {
        Meter::new(
            runs,
            "{spinner} [{bar:30}] {human_pos}/{human_len} battles, {rate}, {eta} left",
            quiet,
        )
    }

    /// For the attack planner: battles fought and states solved, against an estimate of both.
    pub fn work(estimate: u64, quiet: bool) -> Meter {
        Meter::new(
            estimate,
            "{spinner} [{bar:30}] {human_pos} battles and states, {rate}, {elapsed}",
            quiet,
        )
    }

    /// For the benchmark suite: its steps, the current one named.
    pub fn steps(steps: u64, quiet: bool) -> Meter {
        Meter::new(
            steps,
            "{spinner} [{bar:30}] step {pos}/{len}, {elapsed}: {msg}",
            quiet,
        )
    }

    /// Counts `n` more units done (drawing the bar once the work has lasted [`GRACE`]); returns
    /// whether to go on: `false` after Ctrl-C. This is the engine's hook.
    pub fn add(&self, n: usize) -> bool {
        if let Some(bar) = &self.bar {
            bar.inc(n as u64);
            if !self.shown.load(Ordering::Relaxed)
                && self.start.elapsed() >= GRACE
                && !self.shown.swap(true, Ordering::Relaxed)
            {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(200));
            }
        }
        !interrupted()
    }

    /// Names the step under way (the benchmark's).
    pub fn say(&self, message: String) {
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }
}

/// Units a second, in whole units with thousands separators: `1,234,567/s`.
fn rate(state: &ProgressState, out: &mut dyn std::fmt::Write) {
    let _ = write!(out, "{}/s", HumanCount(state.per_sec().max(0.0) as u64));
}

impl Drop for Meter {
    /// The bar goes when the work ends, whatever the outcome: the terminal keeps the answer only.
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
