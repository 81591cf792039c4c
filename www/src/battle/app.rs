//! The battle calculator's page: the reducer, the workers of the headline's figures, the address
//! and local storage.

use crate::battle::components::advisor::Advisor;
use crate::battle::components::army::ArmyPanel;
use crate::battle::components::compare::Compare;
use crate::battle::components::fire_order::FireOrder;
use crate::battle::components::headline::{Headline, OddsBar};
use crate::battle::components::live::Live;
use crate::battle::components::replay::Replay;
use crate::battle::components::results::Results;
use crate::battle::components::problem::Problem;
use crate::shell::codec;
use crate::shell::problem::notice;
use crate::shell::storage;
use crate::shell::theme::ThemeToggle;
use crate::battle::components::settings::Settings;
use crate::shell::switch::CalcSwitch;
use crate::battle::components::share::Share;
use crate::battle::components::summary::Summary;
use crate::battle::components::toolbar::Toolbar;
use crate::battle::engine::{
    BROWSER_FOG_BUDGET, BROWSER_STATE_BUDGET, MONTE_CARLO_RUNS, MONTE_CARLO_SEED, Reply, Request, merge_counts, monte_carlo_note,
    monte_carlo_workers, share,
};
use crate::battle::pool::RawWorker;
use crate::battle::narrate::position;
use crate::battle::presets::default_scenario;
use crate::battle::state::{Action, State};
use bosworth::Side;
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Where the last battle is kept between visits.
pub const STORAGE_KEY: &str = "bosworth.scenario";
/// The first state: the battle in the address, else the last one kept, else the default.
pub fn initial_state() -> State {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    let frag = codec::fragment(&hash);
    let mut state = match frag.scenario.as_deref().map(codec::decode) {
        Some(Ok(s)) => State::new(s),
        Some(Err(e)) => {
            let mut st = State::new(stored().unwrap_or_else(default_scenario));
            st.notice = Some(format!("This link's battle could not be opened: {e}. Showing your last battle instead."));
            st
        }
        None => State::new(stored().unwrap_or_else(default_scenario)),
    };
    state.overlay = frag.overlay;
    // Plans pinned in the link; a broken list is said, and the battle opens without it.
    match frag.pins.as_deref().map(codec::decode_pins) {
        Some(Ok(pins)) => state = state.apply(Action::SetPins(pins)),
        Some(Err(e)) => state.notice = Some(format!("This link's pinned plans could not be opened: {e}.")),
        None => {}
    }
    state
}

/// The battle kept in local storage, if any.
fn stored() -> Option<bosworth::Scenario> {
    storage::load(STORAGE_KEY).and_then(|t| codec::parse(&t).ok())
}

/// The fragment that opens the calculator with the last battle shown, else the default battle.
pub fn last_fragment() -> String {
    codec::to_fragment(&stored().unwrap_or_else(default_scenario), false)
}

/// The headline's workers: one for the exact solve, and `k` for Monte Carlo when the battle is
/// too large. Dropping a worker terminates it (Cancel, or a newer battle while it works).
#[derive(Default)]
struct Pool {
    solver: Option<RawWorker>,
    /// The solver is working on a job.
    busy: bool,
    /// The job the solver is working on: its revision and scenario JSON.
    job: Option<(u64, String)>,
    mc: Option<MonteCarlo>,
    fog: Option<FogRun>,
}

/// The exact solve of a battle with hidden blocks split across workers: each solves some pieces
/// of its compositions (`bosworth::Fog::solve_pieces`), the page puts them together.
struct FogRun {
    job: u64,
    fog: bosworth::Fog,
    /// The scenario JSON, for the Monte Carlo fallback.
    scenario: String,
    /// Held so that dropping the run terminates them.
    _workers: Vec<RawWorker>,
    /// Each worker's part (JSON) once it has answered.
    parts: Vec<Option<String>>,
}

/// A Monte Carlo run split across workers.
struct MonteCarlo {
    job: u64,
    battle: bosworth::Battle,
    note: String,
    /// Held so that dropping the run terminates them.
    _workers: Vec<RawWorker>,
    /// Each worker's latest counts: battles, `Tally` JSON, finished.
    parts: Vec<(u64, String, bool)>,
    /// When the page last showed progress (ms): at most every [`PROGRESS_MS`], so drawing the
    /// figures does not take a core from the workers.
    shown: f64,
}

/// The least time between two Monte Carlo progress updates of the page.
const PROGRESS_MS: f64 = 250.0;

impl Pool {
    /// Stops everything under way (terminating the workers that are busy).
    fn stop(&mut self) {
        if self.busy {
            self.solver = None;
            self.busy = false;
        }
        self.job = None;
        self.mc = None;
        self.fog = None;
    }

    fn working(&self) -> bool {
        self.busy || self.mc.is_some() || self.fog.is_some()
    }
}

/// What the page does with a reply from one of the headline's workers.
fn on_reply(pool: &Rc<RefCell<Pool>>, d: &UseReducerDispatcher<State>, reply: Reply) {
    let parse = |t: &str| serde_json::from_str(t).map(Rc::new);
    let action = {
        let Ok(mut p) = pool.try_borrow_mut() else { return };
        match reply {
            Reply::Done { job, report } => {
                p.busy = false;
                p.job = None;
                match parse(&report) {
                    Ok(report) => Action::Done { revision: job, report, note: None, fog: None },
                    Err(e) => Action::Failed { revision: job, message: e.to_string() },
                }
            }
            Reply::FogDone { job, fog, note } => {
                p.busy = false;
                p.job = None;
                match serde_json::from_str::<bosworth::FogReport>(&fog) {
                    Ok(f) => Action::Done { revision: job, report: Rc::new(f.report.clone()), note, fog: Some(Rc::new(f)) },
                    Err(e) => Action::Failed { revision: job, message: e.to_string() },
                }
            }
            Reply::Failed { job, message } => {
                p.stop();
                Action::Failed { revision: job, message }
            }
            Reply::FogPart { job, part, fog } => {
                let Some(run) = p.fog.as_mut().filter(|r| r.job == job && part < r.parts.len()) else { return };
                run.parts[part] = Some(fog);
                if run.parts.iter().any(Option::is_none) {
                    return;
                }
                let run = p.fog.take().expect("checked above");
                let parts: Result<Vec<bosworth::solve::fog::FogPart>, String> = run
                    .parts
                    .iter()
                    .map(|t| serde_json::from_str(t.as_deref().unwrap_or_default()).map_err(|e| e.to_string()))
                    .collect();
                match parts.map(|parts| run.fog.assemble(BROWSER_FOG_BUDGET, &parts)) {
                    Ok(Ok(f)) => Action::Done { revision: job, report: Rc::new(f.report.clone()), note: None, fog: Some(Rc::new(f)) },
                    Ok(Err(_)) => {
                        // Past the budget: the solver worker draws the mixture whole (Monte Carlo).
                        drop(p);
                        solve_in_worker(pool, d, job, run.scenario);
                        return;
                    }
                    Err(message) => Action::Failed { revision: job, message },
                }
            }
            Reply::TooLarge { job, .. } if p.fog.as_ref().is_some_and(|r| r.job == job) => {
                let run = p.fog.take().expect("checked above");
                drop(p);
                // Past the budget: the solver worker draws the mixture whole (Monte Carlo).
                solve_in_worker(pool, d, job, run.scenario);
                return;
            }
            Reply::TooLarge { job, budget } => {
                p.busy = false;
                let Some((_, scenario)) = p.job.take().filter(|(j, _)| *j == job) else { return };
                let battle = match codec::parse(&scenario).and_then(|s| bosworth::Battle::new(&s)) {
                    Ok(b) => b,
                    Err(e) => {
                        drop(p);
                        d.dispatch(Action::Failed { revision: job, message: e.to_string() });
                        return;
                    }
                };
                let k = monte_carlo_workers();
                let mut workers = Vec::with_capacity(k);
                for part in 0..k {
                    let (pool2, d2) = (Rc::downgrade(pool), d.clone());
                    let spawned = RawWorker::spawn("worker.js", move |r| {
                        if let Some(pool) = pool2.upgrade() {
                            on_reply(&pool, &d2, r);
                        }
                    });
                    match spawned {
                        Ok(w) => {
                            w.send(Request::Simulate {
                                job,
                                part,
                                scenario: scenario.clone(),
                                seed: bosworth::worker_seed(MONTE_CARLO_SEED, part as u64),
                                runs: share(MONTE_CARLO_RUNS, k, part),
                            });
                            workers.push(w);
                        }
                        Err(e) => {
                            drop(p);
                            d.dispatch(Action::Failed { revision: job, message: format!("A worker could not start: {e:?}") });
                            return;
                        }
                    }
                }
                let note = monte_carlo_note(budget, k);
                p.mc = Some(MonteCarlo { job, battle, note, _workers: workers, parts: vec![(0, String::new(), false); k], shown: 0.0 });
                return;
            }
            Reply::Counts { job, part, runs, tally, done } => {
                let Some(mc) = p.mc.as_mut().filter(|m| m.job == job && part < m.parts.len()) else { return };
                mc.parts[part] = (runs, tally, done);
                let parts: Vec<(u64, &str)> =
                    mc.parts.iter().filter(|x| x.0 > 0).map(|(r, t, _)| (*r, t.as_str())).collect();
                let runs = parts.iter().map(|x| x.0).sum();
                let finished = mc.parts.iter().all(|x| x.2);
                let now = js_sys::Date::now();
                if !finished && now - mc.shown < PROGRESS_MS {
                    return;
                }
                mc.shown = now;
                let note = Some(mc.note.clone());
                let action = match merge_counts(&mc.battle, MONTE_CARLO_SEED, &parts) {
                    Ok(report) if finished => Action::Done { revision: job, report: Rc::new(report), note, fog: None },
                    Ok(report) => Action::Progress { revision: job, runs, total: MONTE_CARLO_RUNS, report: Rc::new(report), note },
                    Err(message) => Action::Failed { revision: job, message },
                };
                if finished {
                    p.mc = None;
                }
                action
            }
            Reply::Advice { .. } | Reply::Value { .. } | Reply::Figures { .. } => return,
        }
    };
    d.dispatch(action);
}

/// The app.
#[function_component]
pub fn App() -> Html {
    let state = use_reducer(initial_state);
    let pool = use_mut_ref(Pool::default);
    let debounce = use_mut_ref(|| None::<Timeout>);

    // Every change of the battle: keep it in the address and in local storage, and ask the
    // worker: at once when it is idle, else after a short pause (so typing does not queue work).
    // A battle opened (New battle, a ready-made one, a file, a replay point) gets its own entry
    // in the browser's history, so Back returns to the battle before; an edit replaces it.
    let entry = use_mut_ref(|| 0u64);
    {
        let state = state.clone();
        let pool = pool.clone();
        let debounce = debounce.clone();
        let entry = entry.clone();
        use_effect_with((state.revision, state.overlay, state.pins_revision), move |_| {
            let frag = codec::to_fragment_with_pins(&state.scenario, state.overlay, &state.link_pins());
            if let Ok(history) = gloo::utils::window().history() {
                let null = wasm_bindgen::JsValue::NULL;
                let new_entry = state.opened != *entry.borrow();
                *entry.borrow_mut() = state.opened;
                let _ = if new_entry {
                    history.push_state_with_url(&null, "", Some(&frag))
                } else {
                    history.replace_state_with_url(&null, "", Some(&frag))
                };
            }
            storage::save(STORAGE_KEY, &codec::to_json(&state.scenario));
            if state.check.is_ok() && !state.report_is_current() && !matches!(state.calc, crate::battle::state::Calc::Running { .. }) {
                let job = state.revision;
                let scenario = codec::to_json(&state.scenario);
                let dispatcher = state.dispatcher();
                if pool.borrow().working() {
                    *debounce.borrow_mut() = Some(Timeout::new(120, move || {
                        submit(&pool, dispatcher, job, scenario);
                    }));
                } else {
                    *debounce.borrow_mut() = None;
                    submit(&pool, dispatcher, job, scenario);
                }
            }
        });
    }
    // Cancel: terminate the workers (the exact solve or every Monte Carlo worker).
    {
        let pool = pool.clone();
        use_effect_with(matches!(state.calc, crate::battle::state::Calc::Cancelled), move |cancelled| {
            if *cancelled {
                pool.borrow_mut().stop();
            }
        });
    }
    // Back, Forward, or a link pasted into the address bar of an open page: show the battle
    // of the address (an undoable change; the browser already has its entry).
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let follow = move |_: &web_sys::Event| {
                let hash = gloo::utils::window().location().hash().unwrap_or_default();
                let frag = codec::fragment(&hash);
                state.dispatch(Action::Overlay(frag.overlay));
                if let Some(Ok(pins)) = frag.pins.as_deref().map(codec::decode_pins) {
                    state.dispatch(Action::SetPins(pins));
                }
                match frag.scenario.as_deref().map(codec::decode) {
                    Some(Ok(s)) => state.dispatch(Action::Navigate(s)),
                    Some(Err(e)) => state.dispatch(Action::Notice(Some(format!("This link's battle could not be opened: {e}")))),
                    None => {}
                }
            };
            let window = gloo::utils::window();
            let listeners = [
                gloo::events::EventListener::new(&window, "popstate", follow.clone()),
                gloo::events::EventListener::new(&window, "hashchange", follow),
            ];
            move || drop(listeners)
        });
    }
    let order = use_memo(state.battle.clone(), |b| b.as_ref().ok().map(|b| Rc::new(bosworth::fire_order(b))));
    let highlight = {
        let replay = use_memo((state.battle.clone(), state.seed), |(b, seed)| {
            b.as_ref().ok().map(|b| bosworth::replay(b, *seed))
        });
        replay.as_ref().as_ref().and_then(|r| position(&r.events, state.step))
    };
    let toggle_overlay = {
        let state = state.clone();
        let on = state.overlay;
        Callback::from(move |_| state.dispatch(Action::Overlay(!on)))
    };
    let dismiss = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Notice(None)))
    };
    let s = &state.scenario;
    // While the battle cannot be fought, no figure is shown: the problem takes their place.
    let headline = if state.check.is_ok() {
        html! {
            <Headline report={state.report.clone()} current={state.report_is_current()}
                attacker={s.attacker.house} defender={s.defender.house} area={s.area.clone()}
                averaged={state.fog.as_ref().filter(|_| state.report_is_current()).map(|f| crate::battle::components::results::averaged(f))} />
        }
    } else {
        html! { <Problem state={state.clone()} /> }
    };
    let odds_bar = if state.check.is_ok() {
        html! {
            <OddsBar report={state.report.clone()} current={state.report_is_current()}
                attacker={s.attacker.house} defender={s.defender.house} area={s.area.clone()} />
        }
    } else {
        html! {}
    };
    let global_error = state.check.as_ref().err().filter(|e| !e.field.starts_with("attacker.") && !e.field.starts_with("defender.") && !e.field.starts_with("policy."));
    let notice = notice(state.notice.as_ref(), dismiss);

    if state.overlay {
        let area = s.area.clone().unwrap_or_else(|| "the area".into());
        return html! {
            <main class="overlay" data-testid="overlay">
                {notice}
                <h1 class="overlay-title">{format!("{} attacks {} in {area}", s.attacker.house, s.defender.house)}</h1>
                <div class="overlay-armies">
                    { for Side::BOTH.iter().map(|side| {
                        let army = state.army(*side);
                        html! {
                            <div class={classes!("overlay-army", side.name())}>
                                <h2>{format!("{} ({})", army.house, side.name())}</h2>
                                <ul>{ for army.blocks.iter().map(|b| html! {
                                    <li class={classes!(army.house.to_string().to_lowercase(), b.reserve.then_some("is-reserve"))}>
                                        <span>{b.id.clone().unwrap_or_default()}</span><b>{b.strength}</b>
                                        if b.reserve { <small>{"reserve"}</small> }
                                    </li>
                                }) }</ul>
                            </div>
                        }
                    }) }
                </div>
                {headline}
                <button class="overlay-exit" onclick={toggle_overlay}>{"Exit streamer view"}</button>
            </main>
        };
    }

    html! {
        <>
        <header class="top">
            <div class="brand">
                <h1>{"Bosworth"}</h1>
                <span class="tagline">{"battle odds for Richard III"}</span>
            </div>
            <CalcSwitch current={bosworth_link::Calculator::Battle} />
            <Share state={state.clone()} />
            <div class="view-toggles">
                <ThemeToggle />
                <button onclick={toggle_overlay.clone()} data-testid="overlay-toggle" title="Only the battle and the odds, for a stream">{"Streamer view"}</button>
            </div>
        </header>
        <main class="layout">
            {notice}
            <div class="col builder">
                <Toolbar state={state.clone()} />
                <Settings state={state.clone()} />
                if let Some(e) = global_error {
                    <p class="field-error" data-testid="error-global">{crate::battle::words::message(&state.scenario, e)}</p>
                }
                <ArmyPanel state={state.clone()} side={Side::Attacker} order={(*order).clone()} />
                <ArmyPanel state={state.clone()} side={Side::Defender} order={(*order).clone()} />
            </div>
            <div class="col output">
                <Summary scenario={state.scenario.clone()} />
                {headline}
                if state.check.is_ok() {
                    <Results state={state.clone()} />
                }
                <Compare state={state.clone()} />
                <Live state={state.clone()} />
                <Advisor state={state.clone()} />
                <FireOrder order={(*order).clone()} highlight={highlight} />
                <Replay state={state.clone()} />
            </div>
        </main>
        {odds_bar}
        <footer class="foot">
            {"Rules as in Columbia Games' Richard III (section 6) and the decisions D1-D15; numbers from the exact solver, computed in your browser. "}
            {"The address holds the whole battle: copy it to share."}
        </footer>
        </>
    }
}

/// The exact solve of a battle with hidden blocks, its pieces split across workers; `false` when
/// it cannot be split (then the solver worker takes it whole, and falls back to Monte Carlo).
fn submit_fog(pool: &Rc<RefCell<Pool>>, dispatcher: &UseReducerDispatcher<State>, job: u64, scenario: &str) -> bool {
    let Ok(fog) = codec::parse(scenario).and_then(|s| bosworth::Fog::new(&s)) else { return false };
    let pieces = fog.pieces();
    if pieces < 2 {
        return false;
    }
    let k = monte_carlo_workers().min(pieces);
    let mut workers = Vec::with_capacity(k);
    for part in 0..k {
        let (pool2, d2) = (Rc::downgrade(pool), dispatcher.clone());
        let Ok(w) = RawWorker::spawn("worker.js", move |r| {
            if let Some(pool) = pool2.upgrade() {
                on_reply(&pool, &d2, r);
            }
        }) else {
            return false;
        };
        w.send(Request::FogPieces { job, part, scenario: scenario.to_string(), budget: BROWSER_FOG_BUDGET, pieces: fog.share(part, k) });
        workers.push(w);
    }
    pool.borrow_mut().fog = Some(FogRun { job, fog, scenario: scenario.to_string(), _workers: workers, parts: vec![None; k] });
    true
}

/// Sends a scenario to the solver worker (started if needed); `false` if it could not start
/// (the page is told).
fn solve_in_worker(pool: &Rc<RefCell<Pool>>, dispatcher: &UseReducerDispatcher<State>, job: u64, scenario: String) -> bool {
    let mut p = pool.borrow_mut();
    if p.solver.is_none() {
        let (pool2, d) = (Rc::downgrade(pool), dispatcher.clone());
        match RawWorker::spawn("worker.js", move |r| {
            if let Some(pool) = pool2.upgrade() {
                on_reply(&pool, &d, r);
            }
        }) {
            Ok(w) => p.solver = Some(w),
            Err(e) => {
                drop(p);
                dispatcher.dispatch(Action::Failed { revision: job, message: format!("The worker could not start: {e:?}") });
                return false;
            }
        }
    }
    p.busy = true;
    p.job = Some((job, scenario.clone()));
    if let Some(w) = &p.solver {
        w.send(Request::Solve { job, scenario, budget: BROWSER_STATE_BUDGET });
    }
    true
}

/// Sends a job to the solver worker; anything still under way for an older battle is stopped
/// (its workers terminated).
fn submit(pool: &Rc<RefCell<Pool>>, dispatcher: UseReducerDispatcher<State>, job: u64, scenario: String) {
    pool.borrow_mut().stop();
    if submit_fog(pool, &dispatcher, job, &scenario) {
        dispatcher.dispatch(Action::Started(job));
        return;
    }
    if solve_in_worker(pool, &dispatcher, job, scenario) {
        dispatcher.dispatch(Action::Started(job));
    }
}
