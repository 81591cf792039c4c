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

/// Runs the suite and returns its figures as JSON (the shape of `bosworth bench --json` rows).
pub fn run(quick: bool) -> String {
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
    serde_json::json!({"rows": rows, "quick": quick}).to_string()
}
