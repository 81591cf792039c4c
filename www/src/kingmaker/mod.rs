//! The Kingmaker calculator (`docs/kingmaker.md`): the combat and the Event deck as the user
//! describes them on the left, the exact odds on the right. Its reducer is [`state`]; the address
//! carries the combat as `#k=`, local storage keeps it as `bosworth.kingmaker`, and the page
//! around it is the shell's (`crate::shell::page`).

mod deck;
mod encounters;
pub mod examples;
mod forces;
mod results;
mod settings;
pub mod state;

use crate::shell::doc::{Doc, DocAction};
use crate::shell::focus::focus_soon;
use crate::shell::mount::Mount;
use crate::shell::page::{DocCalculator, DocPage, PageWords, last_fragment, send, use_doc};
use crate::shell::problem::{ProblemCard, field_selectors};
use crate::shell::share::Example;
use bosworth::ScenarioError;
use bosworth::kingmaker::{Scenario, Side};
use bosworth_link::{Calculator, Fragment};
use examples::KINGMAKER;
use state::{KingmakerEdit, KingmakerState, advanced_battle, empty_combat, new_combat};
use yew::prelude::*;

/// How the shell mounts the Kingmaker calculator.
pub const MOUNT: Mount = Mount {
    title: "Bosworth: Kingmaker combat odds",
    last_fragment: last_fragment::<KingmakerState>,
    view: || html! { <KingmakerApp /> },
};

impl DocCalculator for KingmakerState {
    type Scenario = Scenario;
    type Edit = KingmakerEdit;
    const CALCULATOR: Calculator = Calculator::Kingmaker;
    const STORAGE_KEY: &'static str = "bosworth.kingmaker";
    const EXAMPLES: &'static [Example] = KINGMAKER;
    const WORDS: PageWords = PageWords {
        tagline: "combat odds for Kingmaker",
        history: "Combat",
        what: "combat",
        file: "kingmaker.json",
        footer: "Avalon Hill's Kingmaker: Combat, Siege, Ambush and the Advanced Game's battles, with this project's decisions K1-K14 (docs/rules.md); exact fractions computed in your browser. \
                 The address holds the whole combat and its deck: copy it to share.",
    };

    fn open(scenario: Scenario) -> KingmakerState {
        KingmakerState::new(scenario)
    }
    fn doc(&self) -> &Doc<Scenario> {
        &self.doc
    }
    fn doc_mut(&mut self) -> &mut Doc<Scenario> {
        &mut self.doc
    }
    fn empty() -> Scenario {
        empty_combat()
    }
    fn parse(json: &str) -> Result<Scenario, String> {
        bosworth_link::parse_kingmaker(json).map_err(|e| e.to_string())
    }
    fn read(f: &Fragment) -> Option<Result<Scenario, String>> {
        f.kingmaker.as_deref().map(bosworth_link::decode_kingmaker)
    }
    fn fragment(s: &Scenario) -> String {
        bosworth_link::kingmaker_fragment(s)
    }
    fn to_json(s: &Scenario) -> String {
        bosworth_link::kingmaker_to_json(s)
    }
    fn to_pretty_json(s: &Scenario) -> String {
        bosworth_link::kingmaker_to_pretty_json(s)
    }
}

/// Where a field is, in the page's words (`attacker.nobles[1].strength` is "Attacker's Grey,
/// strength"), then the engine's reason, which cites its rule or decision.
pub fn message(s: &Scenario, e: &ScenarioError) -> String {
    fn index(rest: &str) -> Option<(usize, &str)> {
        let (i, more) = rest.strip_prefix('[')?.split_once(']')?;
        Some((i.parse().ok()?, more))
    }
    let f = e.field.as_str();
    let mut place: Option<String> = None;
    for side in Side::BOTH {
        let Some(rest) = f.strip_prefix(side.name()) else { continue };
        let who = if side == Side::Attacker { "Attacker" } else { "Defender" };
        let force = state::force(s, side);
        place = Some(if let Some((i, more)) = rest.strip_prefix(".nobles").and_then(index) {
            let name = force.nobles.get(i).map_or(format!("Noble {}", i + 1), |n| n.name.clone());
            format!("{who}'s {name}{}", more.strip_prefix('.').map(|m| format!(", {m}")).unwrap_or_default())
        } else if let Some((i, more)) = rest.strip_prefix(".heirs").and_then(index) {
            let name = force.heirs.get(i).map_or(format!("royal heir {}", i + 1), |h| h.name.clone());
            format!("{who}'s {name}{}", more.strip_prefix('.').map(|m| format!(", {m}")).unwrap_or_default())
        } else {
            who.to_string()
        });
    }
    if let Some((i, more)) = f.strip_prefix("deck").and_then(index) {
        place = Some(format!("Deck, row {}{}", i + 1, more.strip_prefix('.').map(|m| format!(", {m}")).unwrap_or_default()));
    } else if let Some((i, more)) = f.strip_prefix("encounters").and_then(index) {
        let col = s.encounters.get(i).map_or(String::new(), |e| format!(" (column {})", e.column));
        place = Some(format!("Encounter {}{col}{}", i + 1, more.strip_prefix('.').map(|m| format!(", {m}")).unwrap_or_default()));
    }
    match (place, f.is_empty()) {
        (Some(p), _) => format!("{p}: {}", e.reason),
        (None, true) => e.reason.clone(),
        (None, false) => format!("{f}: {}", e.reason),
    }
}

/// The Kingmaker calculator.
#[function_component]
pub fn KingmakerApp() -> Html {
    let state = use_doc::<KingmakerState>();
    let s = state.scenario();
    let new = {
        let d = state.dispatcher();
        Callback::from(move |_| {
            d.dispatch(DocAction::Load(new_combat()));
            focus_soon(vec!["[data-testid=\"add-noble-attacker\"]".to_string()]);
        })
    };
    let output = match &state.report {
        Ok(r) => html! { <results::Figures report={r.clone()} scenario={s.clone()} /> },
        Err(e) => html! {
            <ProblemCard heading="No odds: this combat cannot be resolved as entered" message={message(s, e)}
                controls={field_selectors(&e.field)}
                can_undo={state.doc.can_undo()} on_undo={send(&state, DocAction::Undo)}
                after="The odds come back as soon as the combat and the deck are complete." />
        },
    };
    let tools = html! {
        <button onclick={new} data-testid="new-combat" title="A Basic Game battle with no Noble yet and the examples' deck">{"New combat"}</button>
    };
    html! {
        <DocPage<KingmakerState> state={state.clone()} {tools} {output}>
            <settings::Settings state={state.clone()} />
            <forces::ForceCard state={state.clone()} side={Side::Attacker} />
            <forces::ForceCard state={state.clone()} side={Side::Defender} />
            if advanced_battle(s) {
                <encounters::Encounters state={state.clone()} />
            }
            <deck::DeckCard state={state.clone()} />
        </DocPage<KingmakerState>>
    }
}
