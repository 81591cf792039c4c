//! Battles solved in this page, kept for the session (issue 35): every calculator's exact
//! answers by the battle itself, so that a battle solved once (by the battle calculator, or by
//! the map's planner for a plan it solved exactly) shows its figures at once when it comes
//! again: a plan opened as a battle, an edit undone. The key is the battle's canonical scenario
//! JSON (`codec::to_json`, hidden blocks and their candidates included); the value is the exact
//! report as the engine gave it (`bosworth::solve`, `Fog::solve`), the same bit for bit as a
//! solve would give again. Only exact answers are kept: Monte Carlo figures depend on the
//! workers that drew them. In memory only (a reload solves again).

pub use bosworth::board::Solution;
use bosworth::solve::report::Method;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The most battles kept; past it the oldest half is forgotten.
const KEPT: usize = 256;

thread_local! {
    /// Solved battles by scenario JSON, with the order they came in.
    static SOLVED: RefCell<(HashMap<String, Rc<Solution>>, Vec<String>)> = RefCell::new((HashMap::new(), Vec::new()));
}

/// The key of a battle: its canonical scenario JSON.
pub fn key(scenario: &bosworth::Scenario) -> String {
    crate::shell::codec::to_json(scenario)
}

/// The states an exact solution visited (its budget's measure), `None` for Monte Carlo.
pub fn states(solution: &Solution) -> Option<usize> {
    let method = match solution {
        Solution::Plain(r) => &r.method,
        Solution::Fog(f) => &f.report.method,
    };
    match method {
        Method::Exact { states, .. } => Some(*states),
        Method::MonteCarlo { .. } => None,
    }
}

/// Keeps an exact solution of the battle whose scenario JSON is `key` (a Monte Carlo one is
/// not kept).
pub fn keep(key: &str, solution: Solution) {
    if states(&solution).is_none() {
        return;
    }
    SOLVED.with(|s| {
        let (map, order) = &mut *s.borrow_mut();
        if map.contains_key(key) {
            return;
        }
        if order.len() >= KEPT {
            for old in order.drain(..KEPT / 2) {
                map.remove(&old);
            }
        }
        order.push(key.to_string());
        map.insert(key.to_string(), Rc::new(solution));
    });
}

/// The exact solution of the battle whose scenario JSON is `key`, if it was solved in this page.
pub fn recall(key: &str) -> Option<Rc<Solution>> {
    SOLVED.with(|s| s.borrow().0.get(key).cloned())
}

/// Keeps the exact answer the loading screen's worker gave for the battle the page opened with
/// (`bosworthBoot.solved` of `www/boot.js`, issue 35: the scenario JSON it asked about and the
/// engine's report JSON, as a worker's `Reply::Done` carries it), so that the app shows it at
/// once instead of solving it again. Nothing when it had not come by the time the app started.
pub fn keep_boot_answer() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(solved) = js_sys::Reflect::get(&window, &"bosworthBoot".into())
        .and_then(|boot| js_sys::Reflect::get(&boot, &"solved".into()))
    else {
        return;
    };
    let text = |k: &str| {
        js_sys::Reflect::get(&solved, &k.into())
            .ok()
            .and_then(|v| v.as_string())
    };
    let (Some(scenario), Some(report)) = (text("scenario"), text("report")) else {
        return;
    };
    if let (Ok(scenario), Ok(report)) = (
        crate::shell::codec::parse(&scenario),
        serde_json::from_str::<bosworth::Report>(&report),
    ) {
        keep(&key(&scenario), Solution::Plain(report));
    }
}
