//! In place of a calculator's figures while its scenario cannot be computed: what is wrong, a
//! button to the control that sets it, and Undo; and the notice of a scenario that could not be
//! opened.

use crate::shell::focus::focus_field;
use yew::prelude::*;

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
    /// Selectors of the controls that set the field the message names, best first (for a
    /// calculator whose controls carry their field as `data-field`, [`field_selectors`]).
    pub controls: Vec<String>,
    /// Something to undo.
    pub can_undo: bool,
    /// Undo.
    pub on_undo: Callback<()>,
    /// What comes back when it is fixed.
    pub after: AttrValue,
    /// Nothing is wrong yet, something is missing (a new battle with no blocks): said as the next
    /// thing to do, not as an error.
    #[prop_or_default]
    pub prompt: bool,
}

/// In place of the figures while the scenario cannot be computed: what is wrong, a button to
/// the control that sets it, and Undo.
#[function_component]
pub fn ProblemCard(p: &ProblemProps) -> Html {
    let to = p.controls.clone();
    let found = !to.is_empty();
    let go = Callback::from(move |_| {
        focus_field(&to);
    });
    let undo = p.on_undo.reform(|_: MouseEvent| ());
    html! {
        <section class={classes!("card", "problem", p.prompt.then_some("prompt"))} aria-labelledby="problem-h" data-testid="problem">
            <h2 id="problem-h">{p.heading.clone()}</h2>
            <p class="problem-text" role={if p.prompt { "status" } else { "alert" }} data-testid="scenario-error">{p.message.clone()}</p>
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
