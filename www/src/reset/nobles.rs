//! The non-rose nobles (3.22, V4): where each stands, by the version in play, and the order of
//! those on the map, which breaks naming ties (V5).

use crate::reset::state::ResetProps;
use super::throne::{field_of, place_value, value_place};
use crate::shell::doc::DocAction;
use crate::reset::state::{Place, ResetEdit, nobles, place_of, places};
use bosworth::reset::realm::Person;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The words of a place in a noble's list, with the dice of a Treachery roll against the
/// version (6.9).
fn words(who: &Person, place: Place) -> String {
    let version = |h| {
        let id = who.version(h).map_or("?", |b| b.id);
        let dice = who.noble_dice(h).unwrap_or(0);
        format!("{id} ({dice} {})", if dice == 1 { "die" } else { "dice" })
    };
    match place {
        Place::Unlisted => "off the map, out of reach".to_string(),
        Place::Map(h) => format!("on the map: {}", version(h)),
        Place::Pool(h) => format!("in a pool: {}", version(h)),
        Place::Dead => "dead".to_string(),
    }
}

/// The nobles.
#[function_component]
pub fn Nobles(p: &ResetProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let rows = nobles().into_iter().map(|who| {
        let place = place_of(s, who);
        let d = state.dispatcher();
        let name = who.name.to_string();
        let onchange = Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            d.dispatch(DocAction::Edit(ResetEdit::Place(name.clone(), value_place(&v))));
        });
        let id = format!("noble-{}", who.name);
        let field = field_of(s, who);
        // The engine's "Warwick is alive... list him" names the whole list.
        let field = if field.is_empty() && who.name == "Warwick" { "nobles".to_string() } else { field };
        html! {
            <li class={classes!("noble-row", match place { Place::Map(h) | Place::Pool(h) => Some(h.to_string().to_lowercase()), _ => None })}>
                <label for={id.clone()}>{who.name}</label>
                <select id={id} class="small" {onchange} data-testid={format!("place-{}", who.name)}
                    data-field={(!field.is_empty()).then_some(field)}>
                    { for places(who).into_iter().map(|pl| html! {
                        <option value={place_value(pl)} selected={pl == place}>{words(who, pl)}</option>
                    }) }
                </select>
            </li>
        }
    });
    let order = s.nobles.len();
    let moves = s.nobles.iter().enumerate().map(|(i, n)| {
        let mv = |up: bool| {
            let d = state.dispatcher();
            Callback::from(move |_| {
                d.dispatch(DocAction::Edit(ResetEdit::Move(i, up)));
                // Focus stays on the arrow of the noble moved.
                let k = if up { i.saturating_sub(1) } else { i + 1 };
                let dir = if up { "up" } else { "down" };
                crate::shell::focus::focus_soon(vec![format!("[data-testid=\"order-{dir}-{k}\"]"), format!("[data-testid=\"order-{}-{k}\"]", if up { "down" } else { "up" })]);
            })
        };
        html! {
            <li>
                <span class="order-n">{format!("{}.", i + 1)}</span>
                <span class="order-name">{n.clone()}</span>
                <button class="icon" onclick={mv(true)} disabled={i == 0} aria-label={format!("Move {n} earlier")} data-testid={format!("order-up-{i}")}>{"↑"}</button>
                <button class="icon" onclick={mv(false)} disabled={i + 1 == order} aria-label={format!("Move {n} later")} data-testid={format!("order-down-{i}")}>{"↓"}</button>
            </li>
        }
    });
    html! {
        <section class="card" aria-labelledby="reset-nobles-h" data-testid="reset-nobles">
            <h2 id="reset-nobles-h">{"Nobles"}</h2>
            <p class="hint">{"The non-rose nobles, by the version in play and the dice a Treachery roll against him throws (3.22, 6.9). On the map means any area, exile areas included (V1); in a pool only Warwick can be reached (event 2, V8); off the map, out of reach, a noble is named in vain (V5)."}</p>
            <ul class="noble-list">{ for rows }</ul>
            if order > 1 {
                <h3 class="order-h">{"Order on the map: it breaks naming ties (V5)"}</h3>
                <ol class="order" data-testid="noble-order">{ for moves }</ol>
            }
        </section>
    }
}
