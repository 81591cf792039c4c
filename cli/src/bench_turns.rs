//! Issue 34's speed goal in `bosworth bench --turn-only`: the best whole turns (`bosworth plan
//! BOARD --turn`'s defaults) on `examples/board-turn.json` and on the sample positions of Rally
//! the Troops games (`tests/rtt-samples/`, the play page views whose card is a 3- or 4-AP card,
//! imported as `bosworth import` does), each in a process of its own on one thread (`bosworth
//! bench-solve --turn FILE`), in CPU time and on the clock, with the machine's load average
//! beside each and the goal (2 s natively).

use crate::bench_measure::{cpu_ms, peak_rss_mb, run_child};
use crate::progress::{Meter, Stop, interrupted};
use bosworth::board::{Board, Card, Options, PlanError, Position, TurnOptions, best_turns};
use bosworth::data::AREAS;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// The goal: the best turns ranked within this many milliseconds natively (issue 34).
pub const GOAL_MS: f64 = 2000.0;

/// The board of a whole turn worked by hand, beside the samples.
pub const EXAMPLE: &str = "examples/board-turn.json";

/// The sample positions' folder.
pub const SAMPLES: &str = "tests/rtt-samples";

/// The board in `file`: a board (JSON or link), or a Rally the Troops play page view imported
/// for the player whose view it is (`bosworth import`).
///
/// # Errors
/// The file cannot be read, or is neither.
pub fn board_of(file: &str) -> Result<Board, Stop> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    if bosworth_link::kind_of(&text) == Some(bosworth_link::Calculator::Board) {
        return bosworth_link::read_board(&text).map_err(|e| Stop::Error(format!("{file}: {e}")));
    }
    match bosworth_link::read_rtt(&text).map_err(|e| Stop::Error(format!("{file}: {e}")))? {
        bosworth_link::Rtt::View(paste) => Ok(bosworth::rtt::import_view(&paste, None)
            .map_err(|e| Stop::Error(format!("{file}: {e}")))?
            .board),
        bosworth_link::Rtt::Export(_) => Err(Stop::Error(format!(
            "{file}: a finished game's export, not a board or a view"
        ))),
    }
}

/// The machine's load average over 1, 5 and 15 minutes (Linux).
fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut it = text.split_whitespace().map(|x| x.parse::<f64>().ok());
    Some([it.next()??, it.next()??, it.next()??])
}

/// What `bosworth bench-solve --turn FILE` measures.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Timed {
    /// Milliseconds on the clock, and of CPU time.
    ms: f64,
    cpu_ms: Option<f64>,
    /// The load average when the search began and when it ended.
    load_before: Option<[f64; 3]>,
    load_after: Option<[f64; 3]>,
    /// The moving player, the card's action points.
    house: String,
    action_points: u8,
    /// Targets, plans found, turns the branch and bound valued, battles assessed and screened.
    targets: usize,
    plans: usize,
    turns_searched: u64,
    search_truncated: bool,
    battles_assessed: usize,
    screened_battles: u64,
    /// The best turn: its targets and value (expected areas held), exact or not.
    best_targets: Vec<String>,
    best_value: Option<f64>,
    best_std_error: Option<f64>,
    peak_rss_mb: Option<f64>,
}

/// The best turns on the board in `file`, on one thread, with `bosworth plan --turn`'s other
/// defaults (three turns, expected areas held), as JSON (`bosworth bench-solve --turn FILE`).
pub fn solve_turn(file: &str) -> Result<String, Stop> {
    let board = board_of(file)?;
    let position = Position::new(&board).map_err(|e| Stop::Error(e.to_string()))?;
    let options = Options {
        threads: 1,
        top: 3,
        ..Options::default()
    };
    let turn = TurnOptions {
        top: options.top,
        ..TurnOptions::default()
    };
    let go_on = |_: usize| !interrupted();
    let load_before = load_average();
    let (cpu0, t0) = (cpu_ms(), Instant::now());
    let turns = best_turns(&position, &options, &turn, &go_on).map_err(|e| match e {
        PlanError::Cancelled => Stop::Interrupted,
        e => Stop::Error(e.to_string()),
    })?;
    let ms = t0.elapsed().as_secs_f64() * 1000.0;
    let cpu = cpu_ms().zip(cpu0).map(|(b, a)| b - a);
    let best = turns.turns.first();
    let out = Timed {
        ms,
        cpu_ms: cpu,
        load_before,
        load_after: load_average(),
        house: position.house.to_string(),
        action_points: position.ap,
        targets: turns.targets.len(),
        plans: turns.plans,
        turns_searched: turns.searched,
        search_truncated: turns.truncated,
        battles_assessed: turns.assessed,
        screened_battles: turns.screened_battles,
        best_targets: best.map_or_else(Vec::new, |t| {
            t.attacks
                .iter()
                .map(|a| AREAS[a.plan.target.area].name.to_string())
                .collect()
        }),
        best_value: best.map(|t| t.value),
        best_std_error: best.map(|t| t.std_error),
        peak_rss_mb: peak_rss_mb(),
    };
    Ok(serde_json::to_string(&out).expect("figures serialise"))
}

/// One position of the whole turn's bench.
#[derive(Serialize)]
pub struct TurnRow {
    /// The file, and what it is.
    file: String,
    what: String,
    /// The goal in milliseconds of CPU time on one thread.
    goal_ms: f64,
    run: Timed,
}

/// The repository's folder: the one holding the bench's folder `dir`.
fn root(dir: &str) -> std::path::PathBuf {
    std::path::Path::new(dir)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."))
        .to_path_buf()
}

/// The positions measured, as paths from the repository's folder: the example board, then each
/// sample view whose card is a 3- or 4-AP action card, in the order of their names.
///
/// # Errors
/// The samples' folder cannot be read, or a view cannot be imported.
pub fn positions(root: &std::path::Path) -> Result<Vec<(String, String)>, Stop> {
    let mut out = vec![(
        EXAMPLE.to_string(),
        "the whole turn worked by hand (README): York's 2-AP card, Sussex and Kent in reach"
            .to_string(),
    )];
    let mut views: Vec<String> = std::fs::read_dir(root.join(SAMPLES))
        .map_err(|e| format!("cannot read {SAMPLES}: {e}"))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".view-") && n.ends_with(".json"))
        .collect();
    views.sort();
    for v in views {
        let file = format!("{SAMPLES}/{v}");
        let board = board_of(&root.join(&file).to_string_lossy())?;
        if let Some(Card::Points(ap @ (3 | 4))) = board.card {
            out.push((
                file,
                format!(
                    "a Rally the Troops game's play page view, imported: {}'s {ap}-AP card",
                    board.house
                ),
            ));
        }
    }
    Ok(out)
}

/// The whole turn's rows: each position in a child process of its own (the repository's files
/// found beside the bench's folder `dir`).
pub fn turns(dir: &str, meter: &Meter) -> Result<Vec<TurnRow>, Stop> {
    let root = root(dir);
    let mut rows = Vec::new();
    for (file, what) in positions(&root)? {
        meter.say(file.clone());
        let path = root.join(&file).to_string_lossy().into_owned();
        let text = run_child(&["--turn", &path], bosworth::DEFAULT_STATE_BUDGET)?;
        let run: Timed = serde_json::from_str(&text)
            .map_err(|e| Stop::Error(format!("the turns of {file} answered {text:?}: {e}")))?;
        rows.push(TurnRow {
            file,
            what,
            goal_ms: GOAL_MS,
            run,
        });
        meter.add(1);
    }
    Ok(rows)
}

/// The whole turn's rows as a table.
pub fn table(rows: &[TurnRow]) -> String {
    use std::fmt::Write;
    let ms = |v: Option<f64>| v.map_or("-".to_string(), |m| format!("{m:.0}"));
    let load = |l: Option<[f64; 3]>| l.map_or("-".to_string(), |l| format!("{:.2}", l[0]));
    let mut o = format!(
        "\nWhole turns (issue 34: within {GOAL_MS:.0} ms natively, one thread):\n{:<40} {:>6} {:>7} {:>9} {:>8} {:>8} {:>6}\n",
        "position", "plans", "turns", "CPU ms", "ms", "load", "goal"
    );
    for r in rows {
        let cpu = r.run.cpu_ms.unwrap_or(r.run.ms);
        let _ = writeln!(
            o,
            "{:<40} {:>6} {:>7} {:>9} {:>8} {:>8} {:>6}",
            r.file,
            r.run.plans,
            r.run.turns_searched,
            ms(r.run.cpu_ms),
            ms(Some(r.run.ms)),
            load(r.run.load_before),
            if cpu <= r.goal_ms { "met" } else { "missed" }
        );
    }
    o
}
