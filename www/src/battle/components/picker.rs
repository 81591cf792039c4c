//! Adding a block from a house's roster: filter by type, search by name (Enter adds the one block
//! a search leaves).

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
    // Focused, the search brings its matches into view with it (the list is below it).
    let list_ref = use_node_ref();
    let on_focus = {
        let list_ref = list_ref.clone();
        Callback::from(move |_: FocusEvent| {
            if let Some(el) = list_ref.cast::<web_sys::Element>() {
                el.scroll_into_view_with_bool(false);
            }
        })
    };
    // Enter adds the one block the search leaves, as a click on it would.
    let single = (list.len() == 1).then(|| list[0].id.to_string());
    let on_enter = {
        let (state, query, side) = (p.state.clone(), query.clone(), p.side);
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter"
                && let Some(id) = single.clone()
            {
                e.prevent_default();
                state.dispatch(Action::Edit(Edit::Add(side, id)));
                query.set(String::new());
                // The side's search may move (below its first block): focus follows it.
                crate::shell::focus::focus_soon(vec![format!("[data-testid=\"search-{}\"]", side_id(side))]);
            }
        })
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
                    data-testid={format!("search-{sid}")} value={(*query).clone()} oninput={on_query} onkeydown={on_enter} onfocus={on_focus}
                    aria-describedby={format!("search-{sid}-hint")} />
                <select aria-label="Filter by type" data-testid={format!("kind-{sid}")} onchange={on_kind}>
                    <option value="" selected={kind.is_empty()}>{"all types"}</option>
                    { for KINDS.iter().map(|k| html! {
                        <option value={kind_name(*k)} selected={*kind == kind_name(*k)}>{kind_name(*k)}</option>
                    }) }
                </select>
            </div>
            <p class="visually-hidden" id={format!("search-{sid}-hint")}>{"Enter adds the block when the search leaves only one."}</p>
            <ul class="roster" aria-label={format!("{} roster", p.house)} ref={list_ref}>
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
