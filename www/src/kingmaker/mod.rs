//! The Kingmaker calculator (`docs/kingmaker.md`): the combat and the Event deck as the user
//! describes them on the left, the exact odds on the right. Its reducer is
//! `crate::kingmaker::state`; the address carries the combat as `#k=`.

pub mod state;
mod deck;
mod encounters;
mod forces;
mod results;
mod settings;

use crate::battle::app::storage;
use crate::shell::calc::{HistoryBar, ProblemCard, ShareBar, notice, use_address, use_follow_address};
use crate::shell::switch::{CalcSwitch, ThemeToggle};
use crate::shell::doc::DocAction;
use crate::shell::examples::KINGMAKER;
use crate::kingmaker::state::{KingmakerEdit, KingmakerState, advanced_battle, empty_combat, new_combat};
use bosworth::ScenarioError;
use bosworth::kingmaker::{Scenario, Side};
use bosworth_link::Calculator;
use yew::prelude::*;

/// Where the last combat is kept between visits.
pub const STORAGE_KEY: &str = "bosworth.kingmaker";

/// Props of the calculator's parts.
#[derive(Properties, PartialEq, Clone)]
pub struct KingmakerProps {
    /// The reducer.
    pub state: UseReducerHandle<KingmakerState>,
}

/// The first example: the combat a new visitor sees.
pub fn default_combat() -> Scenario {
    bosworth_link::parse_kingmaker(KINGMAKER[0].json).expect("the examples are valid")
}

fn stored() -> Option<Scenario> {
    storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .and_then(|t| bosworth_link::parse_kingmaker(&t).ok())
}

/// The fragment that opens the calculator with the last combat shown, else the first example.
pub fn last_fragment() -> String {
    bosworth_link::kingmaker_fragment(&stored().unwrap_or_else(default_combat))
}

/// The first state: the combat in the address; a broken link opens the calculator empty and
/// says why; no combat in the address, the last one kept, else the first example.
pub fn initial_state() -> KingmakerState {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    match bosworth_link::fragment(&hash).kingmaker.as_deref().map(bosworth_link::decode_kingmaker) {
        Some(Ok(s)) => KingmakerState::new(s),
        Some(Err(e)) => {
            let mut st = KingmakerState::new(empty_combat());
            st.doc.notice = Some(format!("This link's Kingmaker combat could not be opened: {e}. The calculator opens empty."));
            st
        }
        None => KingmakerState::new(stored().unwrap_or_else(default_combat)),
    }
}

fn example_of(s: &Scenario) -> Option<usize> {
    KINGMAKER.iter().position(|x| bosworth_link::parse_kingmaker(x.json).is_ok_and(|e| &e == s))
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
        let force = crate::kingmaker::state::force(s, side);
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
    let state = use_reducer(initial_state);
    let s = state.scenario().clone();
    let keep = use_state(|| state.doc.notice.is_none());
    use_address(
        state.doc.revision,
        state.doc.opened,
        bosworth_link::kingmaker_fragment(&s),
        STORAGE_KEY,
        bosworth_link::kingmaker_to_json(&s),
        *keep || state.doc.revision > 1,
    );
    {
        let dispatcher = state.dispatcher();
        let read = |f: &bosworth_link::Fragment| f.kingmaker.as_deref().map(bosworth_link::decode_kingmaker);
        use_follow_address(
            read,
            Callback::from(move |r: Result<Scenario, String>| match r {
                Ok(s) => dispatcher.dispatch(DocAction::Navigate(s)),
                Err(e) => dispatcher.dispatch(DocAction::Notice(Some(format!("This link's Kingmaker combat could not be opened: {e}")))),
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
    let new = {
        let d = d.clone();
        Callback::from(move |_| {
            d.dispatch(DocAction::Load(new_combat()));
            crate::battle::words::focus_soon(vec!["[data-testid=\"add-noble-attacker\"]".to_string()]);
        })
    };
    let open = {
        let d = d.clone();
        Callback::from(move |i: usize| {
            if let Some(x) = KINGMAKER.get(i).and_then(|x| bosworth_link::parse_kingmaker(x.json).ok()) {
                d.dispatch(DocAction::Load(x));
            }
        })
    };
    let import = {
        let d = d.clone();
        Callback::from(move |text: String| match bosworth_link::parse_kingmaker(&text) {
            Ok(s) => d.dispatch(DocAction::Load(s)),
            Err(e) => d.dispatch(DocAction::Notice(Some(wrong_file(&text, &e.to_string())))),
        })
    };
    let dismiss = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(DocAction::Notice(None)))
    };
    let current = use_memo(s.clone(), example_of);
    let output = match &state.report {
        Ok(r) => html! { <results::Figures report={r.clone()} scenario={s.clone()} /> },
        Err(e) => html! {
            <ProblemCard heading="No odds: this combat cannot be resolved as entered" message={message(&s, e)} field={e.field.clone()}
                can_undo={state.doc.can_undo()} on_undo={undo.clone()}
                after="The odds come back as soon as the combat and the deck are complete." />
        },
    };
    html! {
        <>
        <header class="top">
            <div class="brand">
                <h1>{"Bosworth"}</h1>
                <span class="tagline">{"combat odds for Kingmaker"}</span>
            </div>
            <CalcSwitch current={Calculator::Kingmaker} />
            <ShareBar examples={KINGMAKER} current={*current} what="combat" file="kingmaker.json" on_open={open}
                json={bosworth_link::kingmaker_to_pretty_json(&s)} on_import={import} />
            <div class="view-toggles"><ThemeToggle /></div>
        </header>
        <main class="layout" data-testid="kingmaker-view">
            {notice(state.doc.notice.as_ref(), dismiss)}
            <div class="col builder">
                <HistoryBar label="Combat" can_undo={state.doc.can_undo()} can_redo={state.doc.can_redo()} on_undo={undo} on_redo={redo}>
                    <button onclick={new} data-testid="new-combat" title="A Basic Game battle with no Noble yet and the examples' deck">{"New combat"}</button>
                </HistoryBar>
                <settings::Settings state={state.clone()} />
                <forces::ForceCard state={state.clone()} side={Side::Attacker} />
                <forces::ForceCard state={state.clone()} side={Side::Defender} />
                if advanced_battle(&s) {
                    <encounters::Encounters state={state.clone()} />
                }
                <deck::DeckCard state={state.clone()} />
            </div>
            <div class="col output">
                {output}
            </div>
        </main>
        <footer class="foot">
            {"Avalon Hill's Kingmaker: Combat, Siege, Ambush and the Advanced Game's battles, with this project's decisions K1-K14 (docs/rules.md); exact fractions computed in your browser. "}
            {"The address holds the whole combat and its deck: copy it to share."}
        </footer>
        </>
    }
}

/// Why a file is not a Kingmaker combat, and where it belongs if it is another calculator's.
fn wrong_file(text: &str, error: &str) -> String {
    let elsewhere = match bosworth_link::kind_of(text) {
        Some(Calculator::Battle) => " It looks like a Richard III battle: open it in the battle calculator.",
        Some(Calculator::Reset) => " It looks like a Campaign Reset: open it in the Campaign Reset calculator.",
        _ => "",
    };
    format!("That file is not a Kingmaker combat: {error}.{elsewhere}")
}

/// Sends an edit.
pub fn edit(state: &UseReducerHandle<KingmakerState>, e: KingmakerEdit) {
    state.dispatch(DocAction::Edit(e));
}
