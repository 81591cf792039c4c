//! Adding a block from a house's roster: filter by type, search by name. The battle's armies and
//! the map's areas add their blocks with it.

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
