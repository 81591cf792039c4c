//! Ready-made battles, the shareable link, and the scenario as a JSON file.

use super::StateProps;
use crate::shell::codec;
use crate::battle::presets::PRESETS;
use crate::battle::state::Action;
use crate::shell::share::{copy_address, download, read_chosen_file};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The share bar.
#[function_component]
pub fn Share(props: &StateProps) -> Html {
    let state = &props.state;
    let copied = use_state(|| false);
    // Choosing from the list (arrow keys included) only picks; Open replaces the battle (and
    // Undo brings it back).
    let picked = use_state(|| None::<usize>);
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<HtmlSelectElement>();
            picked.set(el.value().parse::<usize>().ok().filter(|i| *i < PRESETS.len()));
        })
    };
    let open_preset = {
        let state = state.clone();
        let picked = picked.clone();
        Callback::from(move |_| {
            if let Some(p) = picked.and_then(|i| PRESETS.get(i)) {
                state.dispatch(Action::Load(p.scenario()));
            }
            picked.set(None);
        })
    };
    // The ready-made battle on screen, unchanged: its note stays in view.
    let current = use_memo(state.scenario.clone(), |s| crate::battle::presets::preset_of(s));
    let copy = {
        let copied = copied.clone();
        Callback::from(move |_| {
            copy_address();
            copied.set(true);
        })
    };
    let export = {
        let state = state.clone();
        Callback::from(move |_| download("battle.json", "application/json", &codec::to_pretty_json(&state.scenario)))
    };
    let import = {
        let state = state.clone();
        let on_text = Callback::from(move |text: String| match codec::parse(&text) {
            Ok(s) => state.dispatch(Action::Load(s)),
            Err(e) => state.dispatch(Action::Notice(Some(format!("That file is not a battle: {e}")))),
        });
        Callback::from(move |e: Event| read_chosen_file(&e, on_text.clone()))
    };
    html! {
        <div class="share">
            <span class="preset-pick">
                <select aria-label="Choose a ready-made battle" data-testid="presets" onchange={on_pick}>
                    <option value="" selected={picked.is_none()}>{"Ready-made battles…"}</option>
                    { for PRESETS.iter().enumerate().map(|(i, p)| html! {
                        <option value={i.to_string()} selected={*picked == Some(i)}>{p.name}</option>
                    }) }
                </select>
                <button onclick={open_preset} disabled={picked.is_none()} data-testid="preset-open"
                    title="Replace the battle with the one chosen (Undo brings yours back)">{"Open"}</button>
            </span>
            if let Some(i) = *picked {
                <p class="muted small preset-note" data-testid="preset-note">{PRESETS[i].note}</p>
            } else if let Some(p) = (*current).as_ref() {
                <p class="muted small preset-note" data-testid="preset-note">{format!("{}: {}", p.name, p.note)}</p>
            }
            <button onclick={copy} title="The address holds the whole battle">{ if *copied { "Link copied ✓" } else { "Copy link" } }</button>
            <button onclick={export}>{"Export JSON"}</button>
            <label class="button">{"Import JSON"}<input type="file" accept=".json,application/json" class="visually-hidden" onchange={import} /></label>
        </div>
    }
}
