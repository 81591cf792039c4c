//! Undo and Redo: the buttons and the keys (Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, Cmd on a Mac),
//! which leave a text field's own undo alone.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// A step through a calculator's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Take back the last change.
    Undo,
    /// Make again the last change taken back.
    Redo,
}

/// True when a key goes to a text field, whose own undo must keep working.
pub fn typing(e: &KeyboardEvent) -> bool {
    let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    match el.tag_name().as_str() {
        "TEXTAREA" => true,
        "INPUT" => {
            let kind = el.get_attribute("type").unwrap_or_default();
            matches!(kind.as_str(), "" | "text" | "search" | "number")
        }
        _ => el.get_attribute("contenteditable").is_some_and(|v| v != "false"),
    }
}

/// What a key press asks of the history: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo (Cmd on a Mac).
pub fn step(key: &str, ctrl: bool, shift: bool, alt: bool) -> Option<Step> {
    if !ctrl || alt {
        return None;
    }
    match key.to_lowercase().as_str() {
        "z" if shift => Some(Step::Redo),
        "z" => Some(Step::Undo),
        "y" => Some(Step::Redo),
        _ => None,
    }
}

/// Calls `on` with the step each key press on the page asks for (not while typing in a text
/// field), for as long as the component that calls it is shown.
#[hook]
pub fn use_history_keys(on: Callback<Step>) {
    use_effect_with((), move |_| {
        let options = EventListenerOptions::enable_prevent_default();
        let listener = EventListener::new_with_options(&gloo::utils::document(), "keydown", options, move |e| {
            let Some(e) = e.dyn_ref::<KeyboardEvent>() else { return };
            if typing(e) {
                return;
            }
            if let Some(s) = step(&e.key(), e.ctrl_key() || e.meta_key(), e.shift_key(), e.alt_key()) {
                e.prevent_default();
                on.emit(s);
            }
        });
        move || drop(listener)
    });
}

/// Props of the history bar.
#[derive(Properties, PartialEq, Clone)]
pub struct HistoryProps {
    /// Its accessible name (`Reset`, `Combat`).
    pub label: AttrValue,
    /// Something to undo.
    pub can_undo: bool,
    /// Something to redo.
    pub can_redo: bool,
    /// Undo.
    pub on_undo: Callback<()>,
    /// Redo.
    pub on_redo: Callback<()>,
    /// Buttons before Undo (New combat).
    #[prop_or_default]
    pub children: Html,
}

/// Undo and Redo (buttons, Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y), as the battle's toolbar has them.
#[function_component]
pub fn HistoryBar(p: &HistoryProps) -> Html {
    {
        let (undo, redo) = (p.on_undo.clone(), p.on_redo.clone());
        use_history_keys(Callback::from(move |s: Step| match s {
            Step::Undo => undo.emit(()),
            Step::Redo => redo.emit(()),
        }));
    }
    let (undo, redo) = (p.on_undo.reform(|_: MouseEvent| ()), p.on_redo.reform(|_: MouseEvent| ()));
    html! {
        <div class="toolbar" role="group" aria-label={p.label.clone()}>
            {p.children.clone()}
            <button onclick={undo} disabled={!p.can_undo} data-testid="undo"
                aria-keyshortcuts="Control+Z" title="Undo the last change (Ctrl+Z)">{"↶ Undo"}</button>
            <button onclick={redo} disabled={!p.can_redo} data-testid="redo"
                aria-keyshortcuts="Control+Shift+Z Control+Y" title="Redo (Ctrl+Shift+Z)">{"↷ Redo"}</button>
        </div>
    }
}
