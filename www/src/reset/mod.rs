//! The Campaign Reset calculator of the political-events variant (`docs/reset.md`): the realm
//! as the reset begins on the left, the odds of the Pledge of Loyalty and the three events on the
//! right. Its reducer is `crate::reset::state`; the address carries the reset as `#r=`.

pub mod state;
mod chart;
mod naming;
mod nobles;
mod results;
mod throne;

use crate::battle::app::storage;
use crate::shell::calc::{HistoryBar, ProblemCard, ShareBar, notice, use_address, use_follow_address};
use crate::shell::switch::{CalcSwitch, ThemeToggle};
use crate::shell::doc::DocAction;
use crate::shell::examples::RESETS;
use crate::reset::state::{ResetState, empty_reset};
use bosworth::reset::ResetScenario;
use bosworth_link::Calculator;
use yew::prelude::*;

/// Where the last reset is kept between visits.
pub const STORAGE_KEY: &str = "bosworth.reset";

/// Props of the reset's parts.
#[derive(Properties, PartialEq, Clone)]
pub struct ResetProps {
    /// The reducer.
    pub state: UseReducerHandle<ResetState>,
}

/// The first example: the reset a new visitor sees.
pub fn default_reset() -> ResetScenario {
    bosworth_link::parse_reset(RESETS[0].json).expect("the examples are valid")
}

fn stored() -> Option<ResetScenario> {
    storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .and_then(|t| bosworth_link::parse_reset(&t).ok())
}

/// The fragment that opens the calculator with the last reset shown, else the first example.
pub fn last_fragment() -> String {
    bosworth_link::reset_fragment(&stored().unwrap_or_else(default_reset))
}

/// The first state: the reset in the address; a broken link opens the calculator empty and
/// says why; no reset in the address, the last one kept, else the first example.
pub fn initial_state() -> ResetState {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    match bosworth_link::fragment(&hash).reset.as_deref().map(bosworth_link::decode_reset) {
        Some(Ok(s)) => ResetState::new(s),
        Some(Err(e)) => {
            let mut st = ResetState::new(empty_reset());
            st.doc.notice = Some(format!("This link's Campaign Reset could not be opened: {e}. The calculator opens empty."));
            st
        }
        None => ResetState::new(stored().unwrap_or_else(default_reset)),
    }
}

/// Which example is on screen, unchanged.
fn example_of(s: &ResetScenario) -> Option<usize> {
    RESETS.iter().position(|x| bosworth_link::parse_reset(x.json).is_ok_and(|e| &e == s))
}

/// The Campaign Reset calculator.
#[function_component]
pub fn ResetApp() -> Html {
    let state = use_reducer(initial_state);
    let s = state.scenario().clone();
    let keep = use_state(|| state.doc.notice.is_none());
    use_address(
        state.doc.revision,
        state.doc.opened,
        bosworth_link::reset_fragment(&s),
        STORAGE_KEY,
        bosworth_link::reset_to_json(&s),
        *keep || state.doc.revision > 1,
    );
    {
        let dispatcher = state.dispatcher();
        let read = |f: &bosworth_link::Fragment| f.reset.as_deref().map(bosworth_link::decode_reset);
        use_follow_address(
            read,
            Callback::from(move |r: Result<ResetScenario, String>| match r {
                Ok(s) => dispatcher.dispatch(DocAction::Navigate(s)),
                Err(e) => dispatcher.dispatch(DocAction::Notice(Some(format!("This link's Campaign Reset could not be opened: {e}")))),
            }),
        );
    }
    let d = state.dispatcher();
    let undo = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(DocAction::Undo))
    };
    let redo = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(DocAction::Redo))
    };
    let open = {
        let d = d.clone();
        Callback::from(move |i: usize| {
            if let Some(x) = RESETS.get(i).and_then(|x| bosworth_link::parse_reset(x.json).ok()) {
                d.dispatch(DocAction::Load(x));
            }
        })
    };
    let import = {
        let d = d.clone();
        Callback::from(move |text: String| match bosworth_link::parse_reset(&text) {
            Ok(s) => d.dispatch(DocAction::Load(s)),
            Err(e) => d.dispatch(DocAction::Notice(Some(wrong_file(&text, &e.to_string())))),
        })
    };
    let dismiss = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(DocAction::Notice(None)))
    };
    let current = use_memo(s.clone(), example_of);
    let output = match &state.odds {
        Ok(odds) => html! {
            <>
                <results::Headline odds={odds.clone()} />
                <results::Figures odds={odds.clone()} rebel_on_map={s.rebel_on_map} took_ms={state.took_ms} />
            </>
        },
        Err(e) => html! {
            <ProblemCard heading="No odds: this reset cannot be computed as entered"
                message={throne::message(&s, e)} field={e.field.clone()}
                can_undo={state.doc.can_undo()} on_undo={undo.clone()}
                after="The odds come back as soon as the realm is one the variant can reset." />
        },
    };
    html! {
        <>
        <header class="top">
            <div class="brand">
                <h1>{"Bosworth"}</h1>
                <span class="tagline">{"Campaign Reset odds"}</span>
            </div>
            <CalcSwitch current={Calculator::Reset} />
            <ShareBar examples={RESETS} current={*current} what="reset" file="reset.json" on_open={open}
                json={bosworth_link::reset_to_pretty_json(&s)} on_import={import} />
            <div class="view-toggles"><ThemeToggle /></div>
        </header>
        <main class="layout" data-testid="reset-view">
            {notice(state.doc.notice.as_ref(), dismiss)}
            <div class="col builder">
                <HistoryBar label="Reset" can_undo={state.doc.can_undo()} can_redo={state.doc.can_redo()} on_undo={undo} on_redo={redo} />
                <throne::Throne state={state.clone()} />
                <throne::Heirs state={state.clone()} />
                <nobles::Nobles state={state.clone()} />
                <naming::Naming state={state.clone()} />
            </div>
            <div class="col output">
                {output}
            </div>
        </main>
        <footer class="foot">
            {"The political-events variant of Richard III by Petr Mojžiš, with this project's decisions V1-V13 (docs/rules.md); exact odds computed in your browser. "}
            {"The address holds the whole reset: copy it to share."}
        </footer>
        </>
    }
}

/// Why a file is not a reset, and where it belongs if it is another calculator's.
pub fn wrong_file(text: &str, error: &str) -> String {
    let elsewhere = match bosworth_link::kind_of(text) {
        Some(Calculator::Battle) => " It looks like a Richard III battle: open it in the battle calculator.",
        Some(Calculator::Kingmaker) => " It looks like a Kingmaker combat: open it in the Kingmaker calculator.",
        _ => "",
    };
    format!("That file is not a Campaign Reset: {error}.{elsewhere}")
}
