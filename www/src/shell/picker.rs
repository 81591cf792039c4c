//! Adding a block from a house's roster: filter by type, search by name (Enter adds the one block
//! a search leaves). The battle's armies and the map's areas add their blocks with it.

use crate::shell::roster::{KINDS, kind_name, roster, taken};
use bosworth::data::{Colour, House};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of the picker.
#[derive(Properties, PartialEq, Clone)]
pub struct PickerProps {
    /// The house whose roster it offers (the Rebel too when the house is the Pretender's).
    pub house: House,
    /// The house on the throne.
    pub king: House,
    /// Persons not offered: on the field already, or dead.
    pub used: Vec<String>,
    /// The testids' part: `search-{id}`, `kind-{id}`, `add-{id}-{block}`.
    pub id: AttrValue,
    /// A block was chosen: its id.
    pub on_add: Callback<String>,
    /// The search field's placeholder (default: "Add a York block: search…").
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
}

/// The roster picker.
#[function_component]
pub fn RosterPicker(p: &PickerProps) -> Html {
    let query = use_state(String::new);
    let kind = use_state(String::new);
    let q = query.to_lowercase();
    let list: Vec<_> = roster(p.house, p.king)
        .into_iter()
        .filter(|b| !taken(b, &p.used))
        .filter(|b| kind.is_empty() || kind_name(b.kind) == kind.as_str())
        .filter(|b| q.is_empty() || b.id.to_lowercase().contains(&q))
        .collect();
    let sid = p.id.clone();
    let on_query = {
        let query = query.clone();
        Callback::from(move |e: InputEvent| {
            query.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
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
        let (on_add, query) = (p.on_add.clone(), query.clone());
        let search = format!("[data-testid=\"search-{sid}\"]");
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter"
                && let Some(id) = single.clone()
            {
                e.prevent_default();
                on_add.emit(id);
                query.set(String::new());
                // The search may move (below the first block added): focus follows it.
                crate::shell::focus::focus_soon(vec![search.clone()]);
            }
        })
    };
    let on_kind = {
        let kind = kind.clone();
        Callback::from(move |e: Event| {
            kind.set(e.target_unchecked_into::<HtmlSelectElement>().value())
        })
    };
    let placeholder = p
        .placeholder
        .clone()
        .unwrap_or_else(|| format!("Add a {} block: search…", p.house).into());
    html! {
        <div class="picker">
            <div class="picker-controls">
                <input type="search" placeholder={placeholder}
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
                    let on_add = p.on_add.clone();
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
                                    on_add.emit(id.clone());
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
