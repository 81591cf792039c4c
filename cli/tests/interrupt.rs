//! Ctrl-C as a user presses it, and the progress bar, on a terminal (`script`, from util-linux,
//! gives the program one). Linux only.
//!
//! Nothing here is timed. Each run is long by its size: a billion battles, or a battle with far
//! more states than the budget; the bar appears once the work has lasted half a second, and the
//! test presses Ctrl-C when it sees the bar. A slow or loaded machine only makes the tests slower.
#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Far more battles than any machine fights before the bar appears, or before Ctrl-C.
const BILLION: &str = "1000000000";

/// What the bar of a Monte Carlo run of [`BILLION`] battles shows.
const BATTLES_BAR: &str = "/1,000,000,000 battles";

/// `bosworth` on a terminal of its own: its stdout goes to a file, its terminal (its stderr,
/// where the bar is drawn) is read as it comes, and keys can be typed on it.
struct OnTerminal {
    script: Child,
    keys: ChildStdin,
    screen: Receiver<Vec<u8>>,
    seen: Vec<u8>,
    stdout: PathBuf,
}

/// What a run left: its exit status, what its terminal showed, what it printed on stdout.
struct Finished {
    status: ExitStatus,
    screen: String,
    stdout: String,
}

/// Runs `bosworth ARGS` on a terminal.
fn on_terminal(args: &[&str]) -> OnTerminal {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let stdout = std::env::temp_dir().join(format!(
        "bosworth-interrupt-{}-{}.out",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let quote = |s: &str| format!("'{}'", s.replace('\'', r"'\''"));
    let command = std::iter::once(env!("CARGO_BIN_EXE_bosworth"))
        .chain(args.iter().copied())
        .map(quote)
        .collect::<Vec<_>>()
        .join(" ");
    // `exec`: the program is the terminal's foreground process, so Ctrl-C reaches it.
    let command = format!("exec {command} >{}", quote(stdout.to_str().unwrap()));
    let mut script = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script (util-linux) runs a command on a terminal");
    let keys = script.stdin.take().unwrap();
    let mut output = script.stdout.take().unwrap();
    let (send, screen) = channel();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = output.read(&mut buffer) {
            if send.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    OnTerminal {
        script,
        keys,
        screen,
        seen: Vec::new(),
        stdout,
    }
}

impl OnTerminal {
    /// Waits for the terminal to show more; false once the program has ended.
    fn more(&mut self) -> bool {
        match self.screen.recv() {
            Ok(chunk) => {
                self.seen.extend(chunk);
                true
            }
            Err(_) => false,
        }
    }

    /// Waits until the terminal shows `text`.
    fn wait_for(&mut self, text: &str) {
        while !String::from_utf8_lossy(&self.seen).contains(text) {
            assert!(
                self.more(),
                "the program ended before showing {text:?}: {}",
                String::from_utf8_lossy(&self.seen)
            );
        }
    }

    /// The program's process id: `script`'s child, which `exec` made the program.
    fn pid(&self) -> u32 {
        let id = self.script.id();
        let children = std::fs::read_to_string(format!("/proc/{id}/task/{id}/children")).unwrap();
        let pids: Vec<u32> = children
            .split_whitespace()
            .map(|p| p.parse().unwrap())
            .collect();
        assert_eq!(pids.len(), 1, "script's children: {children}");
        pids[0]
    }

    /// Presses Ctrl-C on the terminal.
    fn ctrl_c(&mut self) {
        self.keys.write_all(b"\x03").unwrap();
        self.keys.flush().unwrap();
    }

    /// Waits for the program to end.
    fn finish(mut self) -> Finished {
        while self.more() {}
        let status = self.script.wait().unwrap();
        let stdout = std::fs::read_to_string(&self.stdout).unwrap();
        std::fs::remove_file(&self.stdout).unwrap();
        Finished {
            status,
            screen: String::from_utf8_lossy(&self.seen).into_owned(),
            stdout,
        }
    }
}

/// Runs `bosworth ARGS` on a terminal, presses Ctrl-C once it shows `bar`, and waits for it.
fn interrupt_at(args: &[&str], bar: &str) -> Finished {
    let mut run = on_terminal(args);
    run.wait_for(bar);
    run.ctrl_c();
    run.finish()
}

/// CPU time the process has used, in clock ticks (user + system), or `None` once it is gone.
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name in parentheses: state is field 3, utime 14, stime 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// The number after `Interrupted after` in a Monte Carlo table.
fn battles_in(text: &str) -> u64 {
    let first = text.lines().next().unwrap_or("");
    let n = first
        .strip_prefix("Interrupted after ")
        .and_then(|r| r.strip_suffix(" battles: figures below are from those battles."))
        .unwrap_or_else(|| panic!("not an interrupted run: {text}"));
    n.parse().unwrap()
}

#[test]
fn ctrl_c_stops_monte_carlo_with_the_figures_of_the_battles_fought() {
    let huge = format!("{ROOT}/bench/huge.json");
    let out = interrupt_at(&["simulate", "--runs", BILLION, &huge], BATTLES_BAR);
    assert_eq!(out.status.code(), Some(0), "{}", out.screen);
    let n = battles_in(&out.stdout);
    assert!(n > 0 && n < 1_000_000_000, "{n}");
    assert!(
        out.stdout
            .contains(&format!("Monte Carlo estimate: {n} battles, seed 1")),
        "{}",
        out.stdout
    );

    // JSON: the figures, then the mark and both counts; on two threads too.
    let out = interrupt_at(
        &[
            "simulate",
            "--json",
            "--threads",
            "2",
            "--runs",
            BILLION,
            &huge,
        ],
        BATTLES_BAR,
    );
    assert_eq!(out.status.code(), Some(0), "{}", out.screen);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["interrupted"], true);
    let runs = v["runs"].as_u64().unwrap();
    assert!(runs > 0 && runs < 1_000_000_000, "{runs}");
    assert_eq!(v["method"]["runs"], runs);
    assert_eq!(v["runs_requested"], 1_000_000_000u64);
    assert!(v["std_errors"]["attacker_holds"].as_f64().unwrap() >= 0.0);

    // A battle with hidden blocks, whose Monte Carlo draws what they are.
    let hidden = format!("{ROOT}/examples/hidden-east-anglia.json");
    let out = interrupt_at(&["simulate", "--runs", BILLION, &hidden], BATTLES_BAR);
    assert_eq!(out.status.code(), Some(0), "{}", out.screen);
    assert!(battles_in(&out.stdout) > 0);
    assert!(
        out.stdout
            .contains("Averaged over what the hidden blocks may be")
    );
}

#[test]
fn ctrl_c_stops_the_exact_solver_best_play_and_the_planner_at_once_with_exit_code_130() {
    // Ten blocks a side with reserves: far more states than the budget, which takes many
    // seconds to reach; Ctrl-C comes when the bar shows. The planner on ten blocks in reach of
    // four unseen ones, each reported plan fought a billion times: long by its size.
    let large = format!("{ROOT}/bench/large.json");
    let board = format!("{ROOT}/bench/board-ten.json");
    for (args, bar) in [
        (vec!["exact", "--json", large.as_str()], "states (budget)"),
        (
            vec!["advise", "--budget", "20000000", large.as_str()],
            "states (budget)",
        ),
        (
            vec!["plan", "--target", "Sussex", "--runs", BILLION, &board],
            "battles and states",
        ),
    ] {
        let out = interrupt_at(&args, bar);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {}", out.screen);
        assert!(out.stdout.is_empty(), "{args:?}: {}", out.stdout);
        assert!(
            out.screen.trim_end().ends_with("interrupted"),
            "{args:?}: {}",
            out.screen
        );
    }
}

/// The bar on a terminal, and none with `--quiet`. Two runs side by side on one thread each: the
/// quiet one is stopped once it has used a second of CPU time, and so has worked for at least a
/// second, twice the half second after which the bar would appear; the other's bar, redrawn as
/// it works, is what the test waits on meanwhile. Both give their figures.
#[test]
fn the_progress_bar_is_drawn_on_a_terminal_unless_quiet() {
    let huge = format!("{ROOT}/bench/huge.json");
    let run = ["simulate", "--threads", "1", "--runs", BILLION, &huge];
    let mut quiet = on_terminal(&[&["--quiet"], &run[..]].concat());
    let mut shown = on_terminal(&run);
    shown.wait_for(BATTLES_BAR);
    // SAFETY: sysconf has no preconditions.
    let second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).unwrap();
    let pid = quiet.pid();
    while cpu_ticks(pid).expect("the quiet run ended before it was interrupted") < second {
        assert!(shown.more(), "the run with the bar ended");
    }
    quiet.ctrl_c();
    shown.ctrl_c();
    let (quiet, shown) = (quiet.finish(), shown.finish());
    assert!(shown.screen.contains(BATTLES_BAR), "{}", shown.screen);
    assert!(!quiet.screen.contains("battles"), "{}", quiet.screen);
    for out in [&quiet, &shown] {
        assert_eq!(out.status.code(), Some(0), "{}", out.screen);
        let n = battles_in(&out.stdout);
        assert!(
            out.stdout
                .contains(&format!("Monte Carlo estimate: {n} battles")),
            "{}",
            out.stdout
        );
    }
}
