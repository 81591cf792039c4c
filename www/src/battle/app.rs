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
use crate::shell::address::{mark_written, revision_key, write_address};
use crate::shell::codec;
use crate::shell::problem::notice;
use crate::shell::storage;
use crate::shell::theme::ThemeToggle;
use crate::battle::components::settings::Settings;
use crate::shell::switch::CalcSwitch;
use crate::battle::components::share::Share;
use crate::battle::components::summary::Summary;
use crate::battle::components::toolbar::Toolbar;
use crate::battle::stream::setup::StreamSetup;
use crate::battle::stream::view::StreamView;
use crate::battle::workers::{Pool, submit};
use crate::battle::narrate::position;
use crate::battle::presets::default_scenario;
use crate::battle::address::{fragment_of, look_of};
use crate::battle::state::{Action, State};
use bosworth::Side;
use gloo::timers::callback::Timeout;
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
    state.look = look_of(&frag.stream);
    if let Some(seed) = frag.stream.seed {
        state.seed = seed;
    }
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

/// What the address holds, as a `data-revision` (see `shell::address`): the battle, the streamer
/// view (its look and the replay's seed) and the pinned plans each change it.
fn address_key(state: &State) -> String {
    revision_key(
        bosworth_link::Calculator::Battle,
        &[state.revision, u64::from(state.overlay), state.pins_revision, state.look_revision, state.seed],
    )
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
    // The streamer view opened from the page gets an entry of its own too, so Back (all a phone
    // or a mouse has: the view has no button) closes it.
    let streaming = use_mut_ref(|| state.overlay);
    {
        let state = state.clone();
        let pool = pool.clone();
        let debounce = debounce.clone();
        let entry = entry.clone();
        let streaming = streaming.clone();
        use_effect_with((state.revision, state.overlay, state.pins_revision, state.look_revision, state.seed), move |_| {
            let frag = fragment_of(&state);
            let opened_view = state.overlay && !*streaming.borrow();
            let new_entry = state.opened != *entry.borrow() || opened_view;
            *entry.borrow_mut() = state.opened;
            *streaming.borrow_mut() = state.overlay;
            write_address(&frag, new_entry);
            storage::save(STORAGE_KEY, &codec::to_json(&state.scenario));
            mark_written(&address_key(&state));
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
                if frag.overlay {
                    state.dispatch(Action::Look(look_of(&frag.stream)));
                    if let Some(seed) = frag.stream.seed {
                        state.dispatch(Action::Seed(seed));
                    }
                }
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
                averaged={state.fog.as_ref().filter(|_| state.report_is_current()).map(|f| crate::battle::components::results::averaged(f))}
                control_changed={s.progress.as_ref().is_some_and(|p| p.control_changed)} />
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
    let revision = address_key(&state);

    if state.overlay {
        return html! { <StreamView state={state.clone()} {revision} /> };
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
        <main class="layout" data-revision={revision}>
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
                <Summary scenario={state.scenario.clone()} state={state.clone()}
                    treason_inert={state.battle.as_ref().is_ok_and(|b| b.treason().is_some() && !b.in_progress() && bosworth::play::live::treason_due(b).is_none())}
                    warnings={state.warnings.clone()} />
                {headline}
                if state.check.is_ok() {
                    <Results state={state.clone()} />
                }
                <Compare state={state.clone()} />
                <Live state={state.clone()} />
                <Advisor state={state.clone()} />
                <FireOrder order={(*order).clone()} highlight={highlight} />
                <Replay state={state.clone()} />
                <StreamSetup state={state.clone()} />
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
