//! The Campaign Reset calculator of the political-events variant (`docs/reset.md`): the realm
//! as the reset begins on the left, the odds of the Pledge of Loyalty and the three events on the
//! right. Its reducer is [`state`]; the address carries the reset as `#r=`, local storage keeps
//! it as `bosworth.reset`, and the page around it is the shell's (`crate::shell::page`).

mod chart;
pub mod examples;
mod naming;
mod nobles;
mod results;
pub mod state;
mod throne;

use crate::shell::doc::{Doc, DocAction};
use crate::shell::mount::Mount;
use crate::shell::page::{DocCalculator, DocPage, PageWords, last_fragment, send, use_doc};
use crate::shell::problem::{ProblemCard, field_selectors};
use crate::shell::share::Example;
use bosworth::reset::ResetScenario;
use bosworth_link::{Calculator, Fragment};
use examples::RESETS;
use state::{ResetEdit, ResetState, empty_reset};
use yew::prelude::*;

/// How the shell mounts the Campaign Reset calculator.
pub const MOUNT: Mount = Mount {
    title: "Bosworth: Campaign Reset odds, Richard III political-events variant",
    last_fragment: last_fragment::<ResetState>,
    view: || html! { <ResetApp /> },
};

impl DocCalculator for ResetState {
    type Scenario = ResetScenario;
    type Edit = ResetEdit;
    const CALCULATOR: Calculator = Calculator::Reset;
    const STORAGE_KEY: &'static str = "bosworth.reset";
    const EXAMPLES: &'static [Example] = RESETS;
    const WORDS: PageWords = PageWords {
        tagline: "Campaign Reset odds",
        history: "Reset",
        what: "reset",
        file: "reset.json",
        footer: "The political-events variant of Richard III by Petr Mojžiš, with this project's decisions V1-V13 (docs/rules.md); exact odds computed in your browser. \
                 The address holds the whole reset: copy it to share.",
    };

    fn open(scenario: ResetScenario) -> ResetState {
        ResetState::new(scenario)
    }
    fn doc(&self) -> &Doc<ResetScenario> {
        &self.doc
    }
    fn doc_mut(&mut self) -> &mut Doc<ResetScenario> {
        &mut self.doc
    }
    fn empty() -> ResetScenario {
        empty_reset()
    }
    fn parse(json: &str) -> Result<ResetScenario, String> {
        bosworth_link::parse_reset(json).map_err(|e| e.to_string())
    }
    fn read(f: &Fragment) -> Option<Result<ResetScenario, String>> {
        f.reset.as_deref().map(bosworth_link::decode_reset)
    }
    fn fragment(s: &ResetScenario) -> String {
        bosworth_link::reset_fragment(s)
    }
    fn to_json(s: &ResetScenario) -> String {
        bosworth_link::reset_to_json(s)
    }
    fn to_pretty_json(s: &ResetScenario) -> String {
        bosworth_link::reset_to_pretty_json(s)
    }
}

/// The Campaign Reset calculator.
#[function_component]
pub fn ResetApp() -> Html {
    let state = use_doc::<ResetState>();
    let s = state.scenario();
    let output = match &state.odds {
        Ok(odds) => html! {
            <>
                <results::Headline odds={odds.clone()} />
                <results::Figures odds={odds.clone()} rebel_on_map={s.rebel_on_map} took_ms={state.took_ms} />
            </>
        },
        Err(e) => html! {
            <ProblemCard heading="No odds: this reset cannot be computed as entered"
                message={throne::message(s, e)} controls={field_selectors(&e.field)}
                can_undo={state.doc.can_undo()} on_undo={send(&state, DocAction::Undo)}
                after="The odds come back as soon as the realm is one the variant can reset." />
        },
    };
    html! {
        <DocPage<ResetState> state={state.clone()} {output}>
            <throne::Throne state={state.clone()} />
            <throne::Heirs state={state.clone()} />
            <nobles::Nobles state={state.clone()} />
            <naming::Naming state={state.clone()} />
        </DocPage<ResetState>>
    }
}
