//! In place of the figures while the battle cannot be fought: what is wrong in players' words,
//! a button to the control that fixes it, and Undo. No figure of an older battle is shown.

use super::StateProps;
use crate::battle::state::Action;
use crate::battle::words::{controls, focus_field, message};
use yew::prelude::*;

/// The problem card; nothing while the battle is valid.
#[function_component]
pub fn Problem(props: &StateProps) -> Html {
    let state = &props.state;
    let Err(e) = &state.check else {
        return html! {};
    };
    let text = message(&state.scenario, e);
    let to = controls(&e.field);
    let go = {
        let to = to.clone();
        Callback::from(move |_| {
            focus_field(&to);
        })
    };
    let undo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Undo))
    };
    html! {
        <section class="card problem" aria-labelledby="problem-h" data-testid="problem">
            <h2 id="problem-h">{"No odds: this battle cannot be fought as entered"}</h2>
            <p class="problem-text" role="alert" data-testid="scenario-error">{text}</p>
            <div class="problem-actions">
                if !to.is_empty() {
                    <button class="primary" onclick={go} data-testid="problem-go">{"Go to the field"}</button>
                }
                if state.can_undo() {
                    <button onclick={undo} data-testid="problem-undo">{"Undo the last change"}</button>
                }
            </div>
            <p class="muted small">{"The odds, charts, table, advice and replay come back as soon as the battle can be fought."}</p>
        </section>
    }
}
