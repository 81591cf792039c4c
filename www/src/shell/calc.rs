//! The parts the Campaign Reset and Kingmaker calculators share: the address and local storage
//! kept with the scenario, Back and Forward, Undo and Redo, the examples and JSON files, the
//! problem card and the notice.

use crate::battle::app::storage;
use crate::battle::components::share::download;
use crate::battle::components::toolbar::{shortcut, typing};
use crate::shell::examples::Example;
use crate::battle::state::Action;
use crate::battle::words::focus_field;
use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{HtmlInputElement, HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

/// Keeps the scenario in the address (`fragment`, with its `#`) and in local storage (`json` at
/// `key`) on every change. A scenario opened (an example, a file) gets its own entry in the
/// browser's history, so Back returns to the one before; an edit replaces the entry. `keep` false
/// leaves storage alone (a broken link opened the calculator empty: the last scenario stays).
#[hook]
pub fn use_address(revision: u64, opened: u64, fragment: String, key: &'static str, json: String, keep: bool) {
    let entry = use_mut_ref(|| 0u64);
    use_effect_with(revision, move |_| {
        if let Ok(history) = gloo::utils::window().history() {
            let null = wasm_bindgen::JsValue::NULL;
            let new_entry = opened != *entry.borrow();
            *entry.borrow_mut() = opened;
            let _ = if new_entry {
                history.push_state_with_url(&null, "", Some(&fragment))
            } else {
                history.replace_state_with_url(&null, "", Some(&fragment))
            };
        }
        if keep && let Some(s) = storage() {
            let _ = s.set_item(key, &json);
        }
    });
}

/// Back, Forward, or a link pasted into the address bar of an open page: `read` gives the
/// scenario of the address (or why it cannot be read) when the address is this calculator's.
#[hook]
pub fn use_follow_address<S: 'static>(read: fn(&bosworth_link::Fragment) -> Option<Result<S, String>>, on: Callback<Result<S, String>>) {
    use_effect_with((), move |_| {
        let follow = move |_: &web_sys::Event| {
            let hash = gloo::utils::window().location().hash().unwrap_or_default();
            if let Some(r) = read(&bosworth_link::fragment(&hash)) {
                on.emit(r);
            }
        };
        let window = gloo::utils::window();
        let listeners = [
            EventListener::new(&window, "popstate", follow.clone()),
            EventListener::new(&window, "hashchange", follow),
        ];
        move || drop(listeners)
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
        use_effect_with((), move |_| {
            let options = EventListenerOptions::enable_prevent_default();
            let listener = EventListener::new_with_options(&gloo::utils::document(), "keydown", options, move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else { return };
                if typing(e) {
                    return;
                }
                match shortcut(&e.key(), e.ctrl_key() || e.meta_key(), e.shift_key(), e.alt_key()) {
                    Some(Action::Undo) => undo.emit(()),
                    Some(Action::Redo) => redo.emit(()),
                    _ => return,
                }
                e.prevent_default();
            });
            move || drop(listener)
        });
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

/// Props of the share bar.
#[derive(Properties, PartialEq, Clone)]
pub struct ShareProps {
    /// The examples to choose from.
    pub examples: &'static [Example],
    /// The example on screen, unchanged, if it is one: its note stays in view.
    pub current: Option<usize>,
    /// What the scenario is called in the list's name (`reset`, `combat`).
    pub what: &'static str,
    /// The file name of Export JSON.
    pub file: &'static str,
    /// Open example `i`.
    pub on_open: Callback<usize>,
    /// The scenario as pretty JSON, for Export.
    pub json: AttrValue,
    /// A file's text, for Import.
    pub on_import: Callback<String>,
}

/// The examples (chosen from a list, opened by a button), the link, and the scenario as a JSON
/// file: the battle's share bar for the other calculators.
#[function_component]
pub fn ShareBar(p: &ShareProps) -> Html {
    let copied = use_state(|| false);
    let picked = use_state(|| None::<usize>);
    let n = p.examples.len();
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<HtmlSelectElement>();
            picked.set(el.value().parse::<usize>().ok().filter(|i| *i < n));
        })
    };
    let open = {
        let (picked, on_open) = (picked.clone(), p.on_open.clone());
        Callback::from(move |_| {
            if let Some(i) = *picked {
                on_open.emit(i);
            }
            picked.set(None);
        })
    };
    let copy = {
        let copied = copied.clone();
        Callback::from(move |_| {
            let href = gloo::utils::window().location().href().unwrap_or_default();
            let _ = gloo::utils::window().navigator().clipboard().write_text(&href);
            copied.set(true);
        })
    };
    let export = {
        let (json, file) = (p.json.clone(), p.file);
        Callback::from(move |_| download(file, "application/json", &json))
    };
    let import = {
        let on_import = p.on_import.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            let Ok(reader) = web_sys::FileReader::new() else { return };
            let (r2, on_import) = (reader.clone(), on_import.clone());
            let onload = Closure::once(move || {
                on_import.emit(r2.result().ok().and_then(|v| v.as_string()).unwrap_or_default());
            });
            reader.set_onload(Some(onload.as_ref().unchecked_ref()));
            onload.forget();
            let _ = reader.read_as_text(&file);
            input.set_value("");
        })
    };
    let note = picked.or(p.current).and_then(|i| p.examples.get(i));
    html! {
        <div class="share">
            <span class="preset-pick">
                <select aria-label={format!("Choose an example {}", p.what)} data-testid="examples" onchange={on_pick}>
                    <option value="" selected={picked.is_none()}>{format!("Example {}s…", p.what)}</option>
                    { for p.examples.iter().enumerate().map(|(i, x)| html! {
                        <option value={i.to_string()} selected={*picked == Some(i)}>{x.name}</option>
                    }) }
                </select>
                <button onclick={open} disabled={picked.is_none()} data-testid="example-open"
                    title={format!("Replace the {} with the example chosen (Undo brings yours back)", p.what)}>{"Open"}</button>
            </span>
            if let Some(x) = note {
                <p class="muted small preset-note" data-testid="example-note">{format!("{} (examples/{}): {}", x.name, x.file, x.note)}</p>
            }
            <button onclick={copy} data-testid="copy-link" title={format!("The address holds the whole {}", p.what)}>{ if *copied { "Link copied ✓" } else { "Copy link" } }</button>
            <button onclick={export} data-testid="export-json">{"Export JSON"}</button>
            <label class="button" data-testid="import-json">{"Import JSON"}<input type="file" accept=".json,application/json" class="visually-hidden" onchange={import} /></label>
        </div>
    }
}

/// The selectors that reach the control of a field, the field itself first, then each field
/// it is part of (`attacker.nobles[1].strength`, `attacker.nobles[1]`, `attacker.nobles`,
/// `attacker`): controls carry the field they set as `data-field`.
pub fn field_selectors(field: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut f = field.to_string();
    loop {
        if !f.is_empty() {
            out.push(format!("[data-field=\"{f}\"]"));
        }
        match f.rfind(['.', '[']) {
            Some(cut) => f.truncate(cut),
            None => break,
        }
    }
    out
}

/// Props of the problem card.
#[derive(Properties, PartialEq, Clone)]
pub struct ProblemProps {
    /// The heading.
    pub heading: AttrValue,
    /// The engine's message, in players' words.
    pub message: AttrValue,
    /// The field the message names.
    pub field: AttrValue,
    /// Something to undo.
    pub can_undo: bool,
    /// Undo.
    pub on_undo: Callback<()>,
    /// What comes back when it is fixed.
    pub after: AttrValue,
}

/// In place of the figures while the scenario cannot be computed: what is wrong, a button to
/// the control that sets it, and Undo.
#[function_component]
pub fn ProblemCard(p: &ProblemProps) -> Html {
    let to = field_selectors(&p.field);
    let found = !to.is_empty();
    let go = Callback::from(move |_| {
        focus_field(&to);
    });
    let undo = p.on_undo.reform(|_: MouseEvent| ());
    html! {
        <section class="card problem" aria-labelledby="problem-h" data-testid="problem">
            <h2 id="problem-h">{p.heading.clone()}</h2>
            <p class="problem-text" role="alert" data-testid="scenario-error">{p.message.clone()}</p>
            <div class="problem-actions">
                if found {
                    <button class="primary" onclick={go} data-testid="problem-go">{"Go to the field"}</button>
                }
                if p.can_undo {
                    <button onclick={undo} data-testid="problem-undo">{"Undo the last change"}</button>
                }
            </div>
            <p class="muted small">{p.after.clone()}</p>
        </section>
    }
}

/// A message about loading, with a button to dismiss it.
pub fn notice(text: Option<&String>, dismiss: Callback<()>) -> Html {
    let Some(text) = text else { return html! {} };
    html! {
        <div class="notice" role="alert" data-testid="notice">
            <span>{text.clone()}</span>
            <button class="icon" aria-label="Dismiss" onclick={dismiss.reform(|_: MouseEvent| ())}>{"✕"}</button>
        </div>
    }
}
