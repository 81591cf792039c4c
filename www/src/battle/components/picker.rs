//! Adding a block from a house's roster: filter by type, search by name.

use super::side_id;
use crate::battle::roster::{KINDS, kind_name, roster, taken};
use crate::battle::state::{Action, Edit, State};
use bosworth::Side;
use bosworth::data::{Colour, House};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of the picker.
#[derive(Properties, PartialEq, Clone)]
pub struct PickerProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// The side blocks are added to.
    pub side: Side,
    /// Its house.
    pub house: House,
}

/// The roster picker.
#[function_component]
pub fn Picker(p: &PickerProps) -> Html {
    let query = use_state(String::new);
    let kind = use_state(String::new);
    let s = &p.state.scenario;
    let used: Vec<String> = s
        .attacker
        .blocks
        .iter()
        .chain(s.defender.blocks.iter())
        .filter_map(|b| b.id.clone())
        .chain(s.dead.iter().cloned())
        .collect();
    let q = query.to_lowercase();
    let list: Vec<_> = roster(p.house, s.king)
        .into_iter()
        .filter(|b| !taken(b, &used))
        .filter(|b| kind.is_empty() || kind_name(b.kind) == kind.as_str())
        .filter(|b| q.is_empty() || b.id.to_lowercase().contains(&q))
        .collect();
    let sid = side_id(p.side);
    let on_query = {
        let query = query.clone();
        Callback::from(move |e: InputEvent| query.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_kind = {
        let kind = kind.clone();
        Callback::from(move |e: Event| kind.set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    html! {
        <div class="picker">
            <div class="picker-controls">
                <input type="search" placeholder={format!("Add a {} block: search…", p.house)}
                    aria-label={format!("Search the {} roster", p.house)}
                    data-testid={format!("search-{sid}")} value={(*query).clone()} oninput={on_query} />
                <select aria-label="Filter by type" data-testid={format!("kind-{sid}")} onchange={on_kind}>
                    <option value="" selected={kind.is_empty()}>{"all types"}</option>
                    { for KINDS.iter().map(|k| html! {
                        <option value={kind_name(*k)} selected={*kind == kind_name(*k)}>{kind_name(*k)}</option>
                    }) }
                </select>
            </div>
            <ul class="roster" aria-label={format!("{} roster", p.house)}>
                { for list.iter().map(|b| {
                    let state = p.state.clone();
                    let side = p.side;
                    let id = b.id.to_string();
                    let query = query.clone();
                    // Added, the block leaves the roster: focus goes back to the search, emptied,
                    // ready for the next block.
                    let search = format!("[data-testid=\"search-{sid}\"]");
                    let colour = match b.colour { Colour::York => "york", Colour::Lancaster => "lancaster", Colour::Rebel => "rebel" };
                    html! {
                        <li>
                            <button class={classes!("add", colour)} data-testid={format!("add-{sid}-{}", b.id)}

                                onclick={Callback::from(move |_| {
                                    state.dispatch(Action::Edit(Edit::Add(side, id.clone())));
                                    query.set(String::new());
                                    crate::shell::focus::focus_soon(vec![search.clone()]);
                                })}>
                                <span class="visually-hidden">{"Add "}</span>
                                <span class="add-name">{b.id}</span>{" "}
                                <span class="add-meta">{format!("{} · {}", b.rating, b.max_strength)}</span>
                                <span class="visually-hidden">{format!(": rating {}, strength {}", b.rating, b.max_strength)}</span>
                            </button>
                        </li>
                    }
                }) }
                if list.is_empty() { <li class="muted">{"no block matches"}</li> }
            </ul>
        </div>
    }
}
