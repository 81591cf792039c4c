//! Ctrl-C (SIGINT) as a user sends it, and the progress bar on a terminal. Linux only: the
//! tests wait for the program to have worked a while by its CPU time in `/proc`, never by the
//! clock, so a slow or loaded machine only makes them slower.
#![cfg(target_os = "linux")]

use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Generous: only a broken program takes this long.
const PATIENCE: Duration = Duration::from_secs(300);

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_bosworth"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// CPU time the process has used, in clock ticks (user + system), or `None` once it is gone.
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name in parentheses: state is field 3, utime 14, stime 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// Waits until the child has worked `ticks` of CPU (well past its start and its Ctrl-C handler),
/// sends it SIGINT, and returns its output. Panics, after killing it, if it takes for ever.
fn interrupt_after(child: Child, ticks: u64) -> Output {
    let pid = child.id();
    let start = Instant::now();
    loop {
        let used = cpu_ticks(pid).expect("the program ended before it was interrupted");
        if used >= ticks {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "the program never got going");
        std::thread::sleep(Duration::from_millis(50));
    }
    // SAFETY: kill(2) on our own child's pid, which has not been waited for, so not reused.
    assert_eq!(unsafe { libc::kill(pid as i32, libc::SIGINT) }, 0);
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || send.send(child.wait_with_output().unwrap()));
    receive.recv_timeout(PATIENCE).unwrap_or_else(|_| {
        // SAFETY: as above; the child is still running, so its pid is still its own.
        unsafe { libc::kill(pid as i32, libc::SIGKILL) };
        panic!("the program did not stop after Ctrl-C");
    })
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
    let out = interrupt_after(spawn(&["simulate", "--runs", "1000000000", &huge]), 30);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    let text = String::from_utf8(out.stdout).unwrap();
    let n = battles_in(&text);
    assert!(n > 0 && n < 1_000_000_000, "{n}");
    assert!(
        text.contains(&format!("Monte Carlo estimate: {n} battles, seed 1")),
        "{text}"
    );

    // JSON: the figures, then the mark and both counts; on two threads too.
    let out = interrupt_after(
        spawn(&[
            "simulate",
            "--json",
            "--threads",
            "2",
            "--runs",
            "1000000000",
            &huge,
        ]),
        30,
    );
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["interrupted"], true);
    let runs = v["runs"].as_u64().unwrap();
    assert!(runs > 0 && runs < 1_000_000_000, "{runs}");
    assert_eq!(v["method"]["runs"], runs);
    assert_eq!(v["runs_requested"], 1_000_000_000u64);
    assert!(v["std_errors"]["attacker_holds"].as_f64().unwrap() >= 0.0);

    // A battle with hidden blocks, whose Monte Carlo draws what they are.
    let hidden = format!("{ROOT}/examples/hidden-east-anglia.json");
    let out = interrupt_after(spawn(&["simulate", "--runs", "1000000000", &hidden]), 30);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(battles_in(&text) > 0);
    assert!(text.contains("Averaged over what the hidden blocks may be"));
}

#[test]
fn ctrl_c_stops_the_exact_solver_and_best_play_at_once_with_exit_code_130() {
    // Ten blocks a side with reserves: far more states than the budget; it would take a minute
    // to find that out, Ctrl-C comes after a fraction of a second of work.
    let large = format!("{ROOT}/bench/large.json");
    for args in [
        vec!["exact", "--json", large.as_str()],
        vec!["advise", "--budget", "20000000", large.as_str()],
    ] {
        let out = interrupt_after(spawn(&args), 30);
        assert_eq!(
            out.status.code(),
            Some(130),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "interrupted\n");
    }
}

/// The bar as a terminal shows it (`script` gives the program a terminal), and not with
/// `--quiet`; the figures come all the same.
#[test]
fn the_progress_bar_is_drawn_on_a_terminal_unless_quiet() {
    let huge = format!("{ROOT}/bench/huge.json");
    let run = |quiet: &str| {
        // Several seconds of battles here, far over the half second the bar waits for.
        let command = format!(
            "{} simulate {quiet} --threads 2 --runs 1200000 {huge}",
            env!("CARGO_BIN_EXE_bosworth")
        );
        let out = Command::new("script")
            .args(["-qfec", &command, "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .expect("script (util-linux) runs a command on a terminal");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let shown = run("");
    assert!(shown.contains("/1,200,000 battles"), "{shown}");
    assert!(shown.contains("Monte Carlo estimate: 1200000 battles"));
    let quiet = run("--quiet");
    assert!(!quiet.contains("/1,200,000 battles"), "{quiet}");
    assert!(quiet.contains("Monte Carlo estimate: 1200000 battles"));
}
