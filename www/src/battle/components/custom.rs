//! A what-if block (docs/scenario.md, `custom`): a name, a rating like B2, a maximum strength
//! and an optional loyalty. Custom blocks get no defensive bonus (R11).

use super::side_id;
use crate::battle::state::{Action, Edit, State};
use bosworth::Side;
use bosworth::data::Rating;
use bosworth::scenario::CustomBlock;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of the custom block form.
#[derive(Properties, PartialEq, Clone)]
pub struct CustomProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// The side it joins.
    pub side: Side,
}

/// Checks the form before it reaches the engine (which checks again).
pub fn check(name: &str, rating: &str) -> Result<(), String> {
    let n = name.trim();
    if n.is_empty() || n.chars().count() > 40 {
        return Err("Give the block a name of 1 to 40 characters.".into());
    }
    if Rating::parse(rating.trim()).is_none() {
        return Err(format!("'{}' is not a combat rating like B2 (A-D, then 1-6).", rating.trim()));
    }
    Ok(())
}

/// The form.
#[function_component]
pub fn CustomForm(p: &CustomProps) -> Html {
    let name = use_state(String::new);
    let rating = use_state(|| "B2".to_string());
    let max = use_state(|| 3u8);
    let loyalty = use_state(|| None::<u8>);
    let problem = use_state(|| None::<String>);
    let sid = side_id(p.side);
    let text = |h: UseStateHandle<String>| Callback::from(move |e: InputEvent| h.set(e.target_unchecked_into::<HtmlInputElement>().value()));
    let on_max = { let max = max.clone(); Callback::from(move |e: Event| max.set(e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(3))) };
    let on_loyalty = { let l = loyalty.clone(); Callback::from(move |e: Event| l.set(e.target_unchecked_into::<HtmlSelectElement>().value().parse().ok())) };
    let add = {
        let (name, rating, max, loyalty, problem) = (name.clone(), rating.clone(), max.clone(), loyalty.clone(), problem.clone());
        let state = p.state.clone();
        let side = p.side;
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match check(&name, &rating) {
                Ok(()) => {
                    state.dispatch(Action::Edit(Edit::AddCustom(side, CustomBlock {
                        name: name.trim().to_string(),
                        rating: rating.trim().to_uppercase(),
                        max_strength: *max,
                        loyalty: *loyalty,
                    })));
                    name.set(String::new());
                    problem.set(None);
                }
                Err(m) => problem.set(Some(m)),
            }
        })
    };
    html! {
        <details class="custom-form" data-testid={format!("custom-{sid}")}>
            <summary>{"+ Custom block "}<span class="muted small">{"a what-if block, no area bonus (R11)"}</span></summary>
            <form class="custom-fields" onsubmit={add}>
                <label>{"Name"}<input type="text" maxlength="40" required=true value={(*name).clone()} oninput={text(name.clone())}
                    data-testid={format!("custom-{sid}-name")} placeholder="Sir John" /></label>
                <label>{"Rating"}<input type="text" maxlength="2" size="3" value={(*rating).clone()} oninput={text(rating.clone())}
                    data-testid={format!("custom-{sid}-rating")} placeholder="B2" title="Initiative A-D, then firepower 1-6" /></label>
                <label>{"Max strength"}
                    <select data-testid={format!("custom-{sid}-max")} onchange={on_max}>
                        { for (1..=4u8).map(|k| html! { <option value={k.to_string()} selected={*max == k}>{k}</option> }) }
                    </select>
                </label>
                <label>{"Loyalty"}
                    <select data-testid={format!("custom-{sid}-loyalty")} onchange={on_loyalty} title="Treachery dice against it (3.13)">
                        <option value="" selected={loyalty.is_none()}>{"never defects"}</option>
                        { for (1..=3u8).map(|k| html! { <option value={k.to_string()} selected={*loyalty == Some(k)}>{k}</option> }) }
                    </select>
                </label>
                <button type="submit" class="primary" data-testid={format!("custom-{sid}-add")}>{"Add"}</button>
            </form>
            if let Some(m) = &*problem { <p class="field-error" role="alert">{m.clone()}</p> }
        </details>
    }
}
