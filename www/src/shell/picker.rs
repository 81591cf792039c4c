//! Adding a block from a house's roster: filter by type, search by name. The search is a WAI-ARIA
//! combobox over the roster as a grid: the arrow keys move the active block through the matches,
//! Enter adds the active one (the first when none is). The battle's armies and the map's areas
//! add their blocks with it.

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
    /// Blocks not offered because they are not in play (the map's minor heirs before their time,
    /// 4.5, 6.82), by id.
    #[prop_or_default]
    pub out: Vec<String>,
}

/// The roster picker.
#[function_component]
pub fn RosterPicker(p: &PickerProps) -> Html {
    let query = use_state(String::new);
    let kind = use_state(String::new);
    // The block the arrow keys made active, by its place among the matches.
    let active = use_state(|| None::<usize>);
    let q = query.to_lowercase();
    let list: Vec<_> = roster(p.house, p.king)
        .into_iter()
        .filter(|b| !taken(b, &p.used))
        .filter(|b| !p.out.iter().any(|o| o == b.id))
        .filter(|b| kind.is_empty() || kind_name(b.kind) == kind.as_str())
        .filter(|b| q.is_empty() || b.id.to_lowercase().contains(&q))
        .collect();
    let sid = p.id.clone();
    let grid_id = format!("roster-{sid}");
    let cell_id = move |i: usize| format!("roster-{sid}-{i}");
    let sid = p.id.clone();
    let search_sel = format!("[data-testid=\"search-{sid}\"]");
    let list_ref = use_node_ref();
    let on_query = {
        let (query, active, list_ref) = (query.clone(), active.clone(), list_ref.clone());
        Callback::from(move |e: InputEvent| {
            query.set(e.target_unchecked_into::<HtmlInputElement>().value());
            active.set(None);
            // Typing brings the matches into view with the search (they are below it), only as
            // far as needed.
            if let Some(el) = list_ref.cast::<web_sys::Element>() {
                let o = web_sys::ScrollIntoViewOptions::new();
                o.set_block(web_sys::ScrollLogicalPosition::Nearest);
                el.scroll_into_view_with_scroll_into_view_options(&o);
            }
        })
    };
    // Focused with its matches out of sight below (New battle focuses the search at the foot of
    // the screen), the search brings them into view; when they show already (a block of the
    // roster was just clicked), nothing scrolls.
    let on_focus = {
        let list_ref = list_ref.clone();
        Callback::from(move |_: FocusEvent| {
            let Some(el) = list_ref.cast::<web_sys::Element>() else { return };
            let below = gloo::utils::window()
                .inner_height()
                .ok()
                .and_then(|h| h.as_f64())
                .is_some_and(|h| el.get_bounding_client_rect().top() + 40.0 > h);
            if below {
                let o = web_sys::ScrollIntoViewOptions::new();
                o.set_block(web_sys::ScrollLogicalPosition::Nearest);
                el.scroll_into_view_with_scroll_into_view_options(&o);
            }
        })
    };
    let ids: Vec<String> = list.iter().map(|b| b.id.to_string()).collect();
    let on_key = {
        let (on_add, query, active, ids) = (p.on_add.clone(), query.clone(), active.clone(), ids.clone());
        let (search, cell_id) = (search_sel.clone(), cell_id.clone());
        Callback::from(move |e: KeyboardEvent| {
            let n = ids.len();
            let show = |i: usize| {
                if let Ok(Some(el)) = gloo::utils::document().query_selector(&format!("#{}", cell_id(i))) {
                    let o = web_sys::ScrollIntoViewOptions::new();
                    o.set_block(web_sys::ScrollLogicalPosition::Nearest);
                    el.scroll_into_view_with_scroll_into_view_options(&o);
                }
            };
            match e.key().as_str() {
                "ArrowDown" if n > 0 => {
                    e.prevent_default();
                    let i = active.map_or(0, |i| (i + 1).min(n - 1));
                    active.set(Some(i));
                    show(i);
                }
                "ArrowUp" if n > 0 => {
                    e.prevent_default();
                    let i = active.and_then(|i| i.checked_sub(1));
                    active.set(i);
                    if let Some(i) = i {
                        show(i);
                    }
                }
                "Escape" if !query.is_empty() => {
                    e.prevent_default();
                    query.set(String::new());
                    active.set(None);
                }
                // Enter adds the active block, else the first match, as a click on it would.
                "Enter" if n > 0 && (active.is_some() || !query.is_empty()) => {
                    e.prevent_default();
                    let i = active.unwrap_or(0).min(n - 1);
                    on_add.emit(ids[i].clone());
                    query.set(String::new());
                    active.set(None);
                    // The search may move (below the first block added): focus follows it.
                    crate::shell::focus::focus_soon(vec![search.clone()]);
                }
                _ => {}
            }
        })
    };
    let on_kind = {
        let (kind, active) = (kind.clone(), active.clone());
        Callback::from(move |e: Event| {
            kind.set(e.target_unchecked_into::<HtmlSelectElement>().value());
            active.set(None);
        })
    };
    let placeholder = p
        .placeholder
        .clone()
        .unwrap_or_else(|| format!("Add a {} block: search…", p.house).into());
    let active_id = active.filter(|i| *i < list.len()).map(&cell_id);
    html! {
        <div class="picker">
            <div class="picker-controls">
                <input type="search" placeholder={placeholder} role="combobox" aria-expanded="true"
                    aria-controls={grid_id.clone()} aria-haspopup="grid" aria-autocomplete="list"
                    aria-activedescendant={active_id}
                    aria-label={format!("Search the {} roster", p.house)}
                    data-testid={format!("search-{sid}")} value={(*query).clone()} oninput={on_query} onkeydown={on_key} onfocus={on_focus}
                    aria-describedby={format!("search-{sid}-hint")} />
                <select aria-label="Filter by type" data-testid={format!("kind-{sid}")} onchange={on_kind}>
                    <option value="" selected={kind.is_empty()}>{"all types"}</option>
                    { for KINDS.iter().map(|k| html! {
                        <option value={kind_name(*k)} selected={*kind == kind_name(*k)}>{kind_name(*k)}</option>
                    }) }
                </select>
            </div>
            <p class="visually-hidden" id={format!("search-{sid}-hint")}>{"The arrow keys move through the matches; Enter adds the one chosen, else the first."}</p>
            <div class="roster" role="grid" id={grid_id} aria-label={format!("{} roster", p.house)} ref={list_ref}
                data-testid={format!("roster-{sid}")}>
                { for list.iter().enumerate().map(|(i, b)| {
                    let on_add = p.on_add.clone();
                    let id = b.id.to_string();
                    let query = query.clone();
                    let n = list.len();
                    // Added, the block leaves the roster. After a search, focus goes back to the
                    // search, emptied, ready for the next; browsing the whole roster, to the
                    // block that took its place. Either way the page does not scroll.
                    let (search, sid) = (search_sel.clone(), sid.clone());
                    let searched = !query.is_empty();
                    let colour = match b.colour { Colour::York => "york", Colour::Lancaster => "lancaster", Colour::Rebel => "rebel" };
                    let key = {
                        let (sid, search) = (sid.clone(), search.clone());
                        Callback::from(move |e: KeyboardEvent| {
                            let to = match e.key().as_str() {
                                "ArrowDown" | "ArrowRight" if i + 1 < n => format!("[data-testid=\"roster-{sid}\"] [data-index=\"{}\"]", i + 1),
                                "ArrowUp" | "ArrowLeft" if i > 0 => format!("[data-testid=\"roster-{sid}\"] [data-index=\"{}\"]", i - 1),
                                "ArrowUp" | "ArrowLeft" => search.clone(),
                                _ => return,
                            };
                            e.prevent_default();
                            crate::shell::focus::focus_field(&[to]);
                        })
                    };
                    let on = active.is_some_and(|a| a == i);
                    html! {
                        <div role="row" class="roster-row">
                            <div role="gridcell" id={cell_id(i)} class={classes!("roster-cell", on.then_some("active"))} aria-selected={on.to_string()}>
                            <button class={classes!("add", colour)} data-testid={format!("add-{sid}-{}", b.id)} data-index={i.to_string()}
                                onkeydown={key}
                                onclick={Callback::from(move |_| {
                                    on_add.emit(id.clone());
                                    query.set(String::new());
                                    let next = format!("[data-testid=\"roster-{sid}\"] [data-index=\"{}\"]", i.min(n.saturating_sub(2)));
                                    let to = if searched || n <= 1 { vec![search.clone()] } else { vec![next, search.clone()] };
                                    crate::shell::focus::focus_still_soon(to);
                                })}>
                                <span class="visually-hidden">{"Add "}</span>
                                <span class="add-name">{b.id}</span>{" "}
                                <span class="add-meta">{format!("{} · {}", b.rating, b.max_strength)}</span>
                                <span class="visually-hidden">{format!(": rating {}, strength {}", b.rating, b.max_strength)}</span>
                            </button>
                            </div>
                        </div>
                    }
                }) }
                if list.is_empty() { <div role="row"><div role="gridcell" class="muted">{"no block matches"}</div></div> }
            </div>
        </div>
    }
}
