//! The benchmark suite of `bosworth bench`, in WebAssembly: the same scenarios and figures,
//! timed with the browser's clock. Run by `scripts/bench-web`.

/// Milliseconds from the browser's high-resolution clock.
pub fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or_else(js_sys::Date::now, |p| p.now())
}

/// The suite's scenarios, embedded.
pub const SUITE: [(&str, &str); 5] = [
    ("small", include_str!("../../bench/small.json")),
    ("medium", include_str!("../../bench/medium.json")),
    ("large", include_str!("../../bench/large.json")),
    ("huge", include_str!("../../bench/huge.json")),
    ("policy", include_str!("../../bench/policy.json")),
];

/// The app's source of its exact solver's state budget, read for [`browser_budget`].
const ENGINE_RS: &str = include_str!("../../www/src/battle/engine.rs");

/// The app's `BROWSER_STATE_BUDGET` (www/src/battle/engine.rs), read from its source so that this run
/// always uses the app's own figure: past it the app falls back to Monte Carlo.
pub fn browser_budget() -> usize {
    let key = "pub const BROWSER_STATE_BUDGET: usize = ";
    let start = ENGINE_RS.find(key).expect("www/src/battle/engine.rs defines BROWSER_STATE_BUDGET") + key.len();
    let digits: String = ENGINE_RS[start..].chars().take_while(|c| c.is_ascii_digit() || *c == '_').filter(|c| *c != '_').collect();
    digits.parse().expect("BROWSER_STATE_BUDGET is a number")
}

/// The WebAssembly linear memory in MB. It only grows, so after a solve it is the most the
/// module has held so far.
fn wasm_memory_mb() -> f64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map_or(0.0, |m| js_sys::ArrayBuffer::from(m.buffer()).byte_length() as f64 / 1e6)
}

/// Issue 10's 6-a-side battle as the app would compute it: the exact solver at the app's
/// budget, else the app falls back to Monte Carlo (timed too, the app's 400,000 battles).
/// Run first, so the memory figure is this solve's.
fn six(quick: bool) -> serde_json::Value {
    let scenario: bosworth::Scenario = serde_json::from_str(include_str!("../../bench/six.json")).expect("six.json parses");
    let battle = bosworth::Battle::new(&scenario).expect("six.json is valid");
    let budget = if quick { 20_000 } else { browser_budget() };
    let before = wasm_memory_mb();
    let t = now_ms();
    let answer = bosworth::solve(&battle, budget);
    let ms = now_ms() - t;
    let memory = wasm_memory_mb();
    let states = match &answer {
        Ok(r) => match r.method {
            bosworth::solve::report::Method::Exact { states, .. } => Some(states),
            _ => None,
        },
        Err(_) => None,
    };
    drop(answer);
    let runs: u64 = if quick { 2_000 } else { 400_000 };
    let t = now_ms();
    let _ = bosworth::simulate(&battle, runs, 1);
    let mc_ms = now_ms() - t;
    serde_json::json!({
        "budget": budget,
        "outcome": if states.is_some() { "solved" } else { "past_budget" },
        "ms": ms, "states": states,
        "memory_mb_before": before, "memory_mb": memory,
        "mc_runs": runs, "mc_ms": mc_ms,
    })
}

/// Issue 25's best play as the app answers it: Bosworth 1485 advised from its start as the
/// app's advisor does (exact best play within the default budget, else estimated with
/// `bosworth advise`'s sampling); and the best choice here (`best_here`, the live budget and
/// sampling) at the first decision and at the middle step of the replay from seed 1 of the
/// 6-a-side battle and of the 5-a-side one.
pub fn advice(quick: bool) -> serde_json::Value {
    use bosworth::solve::advice::{
        AdviceMethod, Decisions, LIVE_BUDGET, Objective, Players, Sampling, advise_with, best_here, estimate_with, openings,
    };
    let load = |text: &str| {
        let scenario: bosworth::Scenario = serde_json::from_str(text).expect("bench scenarios parse");
        bosworth::Battle::new(&scenario).expect("bench scenarios are valid")
    };
    let method = |m: &AdviceMethod| match m {
        AdviceMethod::Exact => "exact",
        AdviceMethod::Estimated(_) => "estimated",
    };
    let decide = Decisions { tie_hits: true, group_order: false };
    let budget = if quick { 20_000 } else { bosworth::solve::advice::DEFAULT_ADVICE_BUDGET };
    let sampling = if quick { Sampling { samples: 10, ..Sampling::default() } } else { Sampling::default() };
    let bosworth_1485 = load(include_str!("../../bench/bosworth-1485.json"));
    let t = now_ms();
    let advice = match advise_with(&bosworth_1485, Objective::Hold, Players::Both, budget, decide, &|_| true) {
        Err(bosworth::SolveError::TooLarge { .. }) => {
            estimate_with(&bosworth_1485, Objective::Hold, Players::Both, budget, decide, &sampling, &|_| true)
        }
        answer => answer,
    }
    .expect("best play answers");
    let ms = now_ms() - t;
    let runs: u64 = if quick { 2_000 } else { 400_000 };
    let t = now_ms();
    let _ = bosworth::simulate(&bosworth_1485, runs, 1);
    let mc_ms = now_ms() - t;
    let advise = serde_json::json!({
        "name": "bosworth-1485", "budget": budget, "method": method(&advice.method), "ms": ms,
        "states": advice.states, "memory_mb": wasm_memory_mb(), "mc_runs": runs, "mc_ms": mc_ms,
    });
    let live = Sampling { samples: if quick { 10 } else { Sampling::live().samples }, ..Sampling::live() };
    let mut here = Vec::new();
    for (name, text) in [("six", include_str!("../../bench/six.json")), ("advise-five", include_str!("../../bench/advise-five.json"))] {
        let battle = load(text);
        let replay = bosworth::replay(&battle, 1);
        let middle = bosworth::Battle::new(&replay.checkpoints[replay.checkpoints.len() / 2].1).expect("a replay step is a battle");
        for (point, b) in [("first", &battle), ("mid", &middle)] {
            let (_, start) = openings(b).pop().expect("a battle opens");
            let t = now_ms();
            let h = best_here(b, &start, Objective::Hold, Players::Both, decide, LIVE_BUDGET, &live, &|_| true).expect("best choice here answers");
            let ms = now_ms() - t;
            // The app's advisor on a battle in progress: the whole answer (the decision, what
            // best play gains, the outline) within the live budget, else estimated with the
            // live sampling (www/src/battle/engine.rs, advise_order_json).
            let app = b.in_progress().then(|| {
                let t = now_ms();
                let a = match advise_with(b, Objective::Hold, Players::Both, LIVE_BUDGET, decide, &|_| true) {
                    Err(bosworth::SolveError::TooLarge { .. }) => {
                        estimate_with(b, Objective::Hold, Players::Both, LIVE_BUDGET, decide, &live, &|_| true)
                    }
                    answer => answer,
                }
                .expect("the advisor answers");
                serde_json::json!({"method": method(&a.method), "ms": now_ms() - t, "states": a.states})
            });
            here.push(serde_json::json!({
                "name": name, "point": point, "round": start.round(), "method": method(&h.method),
                "ms": ms, "states": h.states, "app": app,
            }));
        }
    }
    serde_json::json!({"advise": advise, "here": here, "live_budget": LIVE_BUDGET})
}

/// Runs the suite and returns its figures as JSON (the shape of `bosworth bench --json` rows),
/// with issue 10's 6-a-side battle at the app's budget (`six`) and issue 25's best play
/// (`advice`); with `advice_only`, issue 25's part alone (for `scripts/performance
/// --advice-only`).
pub fn run(quick: bool, advice_only: bool) -> String {
    if advice_only {
        return serde_json::json!({"quick": quick, "advice": advice(quick)}).to_string();
    }
    let six = six(quick);
    let advice = advice(quick);
    let mut rows = Vec::new();
    for (name, text) in SUITE {
        let scenario: bosworth::Scenario = serde_json::from_str(text).expect("suite scenarios parse");
        let battle = bosworth::Battle::new(&scenario).expect("suite scenarios are valid");
        let budget = if quick { 100_000 } else { 3_000_000 };
        let mut times = Vec::new();
        let mut states = None;
        let start = now_ms();
        while times.len() < if quick { 1 } else { 21 } {
            let t = now_ms();
            match bosworth::solve(&battle, budget) {
                Ok(r) => {
                    if let bosworth::solve::report::Method::Exact { states: n, .. } = r.method {
                        states = Some(n);
                    }
                }
                Err(_) => break,
            }
            times.push(now_ms() - t);
            if now_ms() - start > 2000.0 && times.len() >= 3 {
                break;
            }
        }
        times.sort_by(f64::total_cmp);
        let median = states.map(|_| times[times.len() / 2]);
        let runs: u64 = if quick { 2_000 } else { 1_000_000 };
        let t = now_ms();
        let _ = bosworth::simulate(&battle, runs, 1);
        let per_s = runs as f64 / ((now_ms() - t) / 1000.0);
        rows.push(serde_json::json!({
            "name": name, "exact_ms_median": median, "states": states,
            "mc_battles_per_s_1_thread": per_s,
        }));
    }
    serde_json::json!({"rows": rows, "quick": quick, "six": six, "advice": advice, "browser_state_budget": browser_budget()}).to_string()
}
