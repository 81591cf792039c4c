//! In place of the figures while the battle cannot be fought: what is wrong in players' words,
//! a button to the control that fixes it, and Undo (the shell's problem card). No figure of an
//! older battle is shown.

use super::StateProps;
use crate::battle::state::Action;
use crate::battle::words::{controls, message};
use crate::shell::problem::ProblemCard;
use yew::prelude::*;

/// The problem card; nothing while the battle is valid.
#[function_component]
pub fn Problem(props: &StateProps) -> Html {
    let state = &props.state;
    let Err(e) = &state.check else {
        return html! {};
    };
    let undo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Undo))
    };
    // A side with no block at all (a new battle) is the next thing to do, not an error.
    let prompt = (e.field == "attacker.blocks" || e.field == "defender.blocks") && e.reason.contains("has no blocks");
    let (heading, after) = if prompt {
        ("Add the blocks to see the odds", "The odds, charts, table, advice and replay appear as soon as both sides have a block.")
    } else {
        ("No odds: this battle cannot be fought as entered", "The odds, charts, table, advice and replay come back as soon as the battle can be fought.")
    };
    html! {
        <ProblemCard heading={heading} message={message(&state.scenario, e)} {prompt}
            controls={controls(&e.field)} can_undo={state.can_undo()} on_undo={undo} after={after} />
    }
}
