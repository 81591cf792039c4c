//! Whom each house names (V5): the new King in the Pledge of Loyalty (V6), the Pretender after
//! the King's event 5 (V11), the roller's opponent after an event 6 (V12); and whether the
//! Pretender places the Rebel. Empty lists follow the defaults of `docs/reset.md`.

use crate::reset::state::ResetProps;
use super::throne::list_words;
use crate::shell::doc::DocAction;
use crate::reset::state::{List, Place, ResetEdit, list_of, place_of};
use bosworth::data::House;
use bosworth::reset::realm::people;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// What the list is for, and the default when it is empty or runs out (docs/reset.md).
fn about(list: List) -> (&'static str, &'static str) {
    match list {
        List::Pledge => ("As the new King, the nobles he rolls for in the Pledge of Loyalty (V6)", "the enemy nobles on the map with the fewest dice first"),
        List::Disgrace => ("As Pretender, the noble executed after the King rolls a 5 (V11)", "the enemy noble on the map with the most dice"),
        List::DoubleGame => ("The noble rolled for when the other house rolls a 6 (V12)", "the enemy noble on the map with the fewest dice"),
    }
}

fn key(list: List) -> &'static str {
    match list {
        List::Pledge => "pledge",
        List::Disgrace => "disgrace",
        List::DoubleGame => "double_game",
    }
}

/// Props of one list.
#[derive(Properties, PartialEq, Clone)]
struct ListProps {
    state: UseReducerHandle<crate::reset::state::ResetState>,
    house: House,
    list: List,
}

/// One naming list: its names in order, each removable, and a noble to add.
#[function_component]
fn NameList(p: &ListProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let names = list_of(s.naming.of(p.house), p.list).clone();
    let picked = use_state(String::new);
    let (house, list) = (p.house, p.list);
    let set = {
        let d = state.dispatcher();
        move |names: Vec<String>| d.dispatch(DocAction::Edit(ResetEdit::Names(house, list, names)))
    };
    // Anyone the variant names may be listed (V4), alive, once; a list names persons.
    let offered: Vec<&str> = people()
        .iter()
        .filter(|who| who.noble_dice(House::York).is_some() || who.noble_dice(House::Lancaster).is_some())
        .filter(|who| place_of(s, who) != Place::Dead)
        .filter(|who| !names.iter().any(|n| crate::reset::state::person_of(n).is_some_and(|q| people()[q].name == who.name)))
        .map(|who| who.name)
        .collect();
    let id = format!("{}-{}", house.to_string().to_lowercase(), key(list));
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: Event| picked.set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let add = {
        let (picked, names, set) = (picked.clone(), names.clone(), set.clone());
        Callback::from(move |_| {
            if !picked.is_empty() {
                let mut n = names.clone();
                n.push((*picked).clone());
                set(n);
                picked.set(String::new());
            }
        })
    };
    let (what, default) = about(list);
    let field = format!("naming.{}.{}", house.to_string().to_lowercase(), key(list));
    html! {
        <div class="name-list" data-testid={format!("names-{id}")}>
            <h4 id={format!("{id}-h")}>{list_words(list)}<small class="muted">{format!(" · {what}")}</small></h4>
            if names.is_empty() {
                <p class="muted small">{format!("Default: {default}.")}</p>
            } else {
                <ol class="order">
                    { for names.iter().enumerate().map(|(i, n)| {
                        let remove = {
                            let (names, set) = (names.clone(), set.clone());
                            Callback::from(move |_| {
                                let mut n = names.clone();
                                n.remove(i);
                                set(n);
                            })
                        };
                        html! {
                            <li>
                                <span class="order-n">{format!("{}.", i + 1)}</span>
                                <span class="order-name" data-field={format!("{field}[{i}]")} tabindex="-1">{n.clone()}</span>
                                <button class="icon danger" onclick={remove} aria-label={format!("Remove {n} from {house}'s {} list", list_words(list))}
                                    data-testid={format!("unname-{id}-{i}")}>{"✕"}</button>
                            </li>
                        }
                    }) }
                </ol>
                <p class="muted small">{format!("Then, when the list runs out: {default}.")}</p>
            }
            <span class="dead-pick">
                <select class="small" aria-labelledby={format!("{id}-h")} onchange={on_pick} data-testid={format!("name-pick-{id}")} data-field={field.clone()}>
                    <option value="" selected={picked.is_empty()}>{"noble…"}</option>
                    { for offered.iter().map(|n| html! { <option value={n.to_string()} selected={*picked == *n}>{*n}</option> }) }
                </select>
                <button onclick={add} disabled={picked.is_empty()} data-testid={format!("name-add-{id}")}>{"Add"}</button>
            </span>
        </div>
    }
}

/// Both houses' naming choices.
#[function_component]
pub fn Naming(p: &ResetProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let house = |house: House| {
        let pledge = s.usurpation && s.king == house;
        let d = state.dispatcher();
        let rebel = Callback::from(move |e: Event| {
            d.dispatch(DocAction::Edit(ResetEdit::PlaceRebel(house, e.target_unchecked_into::<HtmlInputElement>().checked())));
        });
        let lower = house.to_string().to_lowercase();
        html! {
            <fieldset class="naming-house">
                <legend>{format!("{house} names")}</legend>
                if pledge {
                    <NameList state={state.clone()} house={house} list={List::Pledge} />
                } else {
                    <p class="muted small">{format!("{}: only the new King, after a usurpation this turn (V6).", list_words(List::Pledge))}</p>
                }
                <NameList state={state.clone()} house={house} list={List::Disgrace} />
                <NameList state={state.clone()} house={house} list={List::DoubleGame} />
                <label class="check small">
                    <input type="checkbox" checked={s.naming.of(house).place_rebel} onchange={rebel} data-testid={format!("place-rebel-{lower}")} />
                    {"As Pretender, places the Rebel after the King's 5 (V11)"}
                </label>
            </fieldset>
        }
    };
    html! {
        <section class="card" aria-labelledby="reset-naming-h" data-testid="reset-naming">
            <h2 id="reset-naming-h">{"Whom each house names (V5)"}</h2>
            <p class="hint">{"By house, not by role: the crown can pass during the reset (V10). A player names the first persons of his list he may name, skipping his own nobles, the dead and loyal heirs; a noble off the map is named in vain (V5); a noble won earlier may be named again (V7)."}</p>
            <div class="naming-houses">
                {house(House::York)}
                {house(House::Lancaster)}
            </div>
        </section>
    }
}
