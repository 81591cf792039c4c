//! The throne, the usurpation and the Rebel; the heirs of both houses, dead or alive (and
//! Clarence's and Exeter's defection); the engine's messages in players' words.

use crate::reset::state::ResetProps;
use crate::shell::doc::DocAction;
use crate::reset::state::{List, Place, ResetEdit, heirs, place_of, places};
use bosworth::ScenarioError;
use bosworth::data::House;
use bosworth::reset::ResetScenario;
use bosworth::reset::realm::Person;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The field of a scenario's list entry that names a person (`nobles[2]`, `dead[0]`), for the
/// controls' `data-field`: the problem card's "Go to the field" finds them by it.
pub fn field_of(s: &ResetScenario, who: &Person) -> String {
    let is = |n: &String| crate::reset::state::person_of(n).is_some_and(|p| bosworth::reset::realm::people()[p].name == who.name);
    for (what, list) in [("nobles", &s.nobles), ("pool", &s.pool), ("dead", &s.dead)] {
        if let Some(i) = list.iter().position(is) {
            return format!("{what}[{i}]");
        }
    }
    String::new()
}

/// A list's name in the page's words.
pub fn list_words(list: List) -> &'static str {
    match list {
        List::Pledge => "Pledge of Loyalty",
        List::Disgrace => "Attempt to Disgrace the King",
        List::DoubleGame => "Double Game",
    }
}

/// The engine's message about a reset it refuses, in players' words: where, then its reason
/// (which cites the rule or decision).
pub fn message(s: &ResetScenario, e: &ScenarioError) -> String {
    let entry = |list: &[String], rest: &str| {
        rest.strip_prefix('[')
            .and_then(|r| r.split(']').next())
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| list.get(i).cloned())
    };
    let f = e.field.as_str();
    let place = if f == "king" {
        Some("Throne held by".to_string())
    } else if let Some(r) = f.strip_prefix("dead") {
        Some(entry(&s.dead, r).map_or("Dead".to_string(), |n| format!("Dead ({n})")))
    } else if let Some(r) = f.strip_prefix("nobles") {
        Some(entry(&s.nobles, r).map_or("Nobles on the map".to_string(), |n| format!("On the map ({n})")))
    } else if let Some(r) = f.strip_prefix("pool") {
        Some(entry(&s.pool, r).map_or("Nobles in a pool".to_string(), |n| format!("In a pool ({n})")))
    } else if let Some(r) = f.strip_prefix("naming.") {
        let (house, names) = if let Some(r) = r.strip_prefix("york.") { (House::York, r) } else { (House::Lancaster, r.trim_start_matches("lancaster.")) };
        let list = [List::Pledge, List::Disgrace, List::DoubleGame]
            .into_iter()
            .find(|l| names.starts_with(match l { List::Pledge => "pledge", List::Disgrace => "disgrace", List::DoubleGame => "double_game" }));
        list.map(|l| format!("{house}'s names for the {}", list_words(l)))
    } else {
        None
    };
    match place {
        Some(p) => format!("{p}: {}", e.reason),
        None if f.is_empty() => e.reason.clone(),
        None => format!("{f}: {}", e.reason),
    }
}

/// The throne, the usurpation and the Rebel.
#[function_component]
pub fn Throne(p: &ResetProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let d = state.dispatcher();
    let king = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            d.dispatch(DocAction::Edit(ResetEdit::King(if v == "Lancaster" { House::Lancaster } else { House::York })));
        })
    };
    let check = |edit: fn(bool) -> ResetEdit| {
        let d = d.clone();
        Callback::from(move |e: Event| d.dispatch(DocAction::Edit(edit(e.target_unchecked_into::<HtmlInputElement>().checked()))))
    };
    let who = state.odds.as_ref().ok().map(|o| {
        let pretender = o.pretender.map_or("none: every living heir of his house has defected (9.1)".to_string(), |p| format!("{p} ({})", o.throne.other()));
        format!("King {} ({}), Pretender {pretender} (3.21, V2).", o.king, o.throne)
    });
    html! {
        <section class="card" aria-labelledby="reset-throne-h" data-testid="reset-throne">
            <h2 id="reset-throne-h">{"The realm as the reset begins"}</h2>
            <p class="hint">{"Richard III's political-events variant: after a usurpation the new King's Pledge of Loyalty, then three events, rolled by the King, the Pretender and the King (8.5)."}</p>
            <div class="fields">
                <label>{"Throne held by"}
                    <select data-testid="reset-king" data-field="king" onchange={king}>
                        <option value="York" selected={s.king == House::York}>{"York"}</option>
                        <option value="Lancaster" selected={s.king == House::Lancaster}>{"Lancaster"}</option>
                    </select>
                </label>
            </div>
            <p class="hint reset-who" data-testid="reset-who">{who.unwrap_or_else(|| "After any usurpation this turn (8.2): its senior living heir is King (3.21, V2).".into())}</p>
            <label class="check reset-check">
                <input type="checkbox" checked={s.usurpation} onchange={check(ResetEdit::Usurpation)} data-testid="reset-usurpation" data-field="usurpation" />
                {"A usurpation this turn: the new King rolls the Pledge of Loyalty (8.2, V6)"}
            </label>
            <label class="check reset-check">
                <input type="checkbox" checked={s.rebel_on_map} onchange={check(ResetEdit::RebelOnMap)} data-testid="reset-rebel" data-field="rebel_on_map" />
                {"The Rebel is already on the map: event 5 cannot place it (V11)"}
            </label>
        </section>
    }
}

/// The words of a place in an heir's list.
fn heir_place(who: &Person, place: Place) -> String {
    match place {
        Place::Unlisted => "alive, his own house's heir".to_string(),
        Place::Map(h) => format!("defected: {} on the map", who.version(h).map_or("?", |b| b.id)),
        Place::Pool(h) => format!("defected: {} in a pool", who.version(h).map_or("?", |b| b.id)),
        Place::Dead => "dead".to_string(),
    }
}

/// A place as a select's value.
pub fn place_value(place: Place) -> String {
    match place {
        Place::Unlisted => "unlisted".into(),
        Place::Map(h) => format!("map-{h}"),
        Place::Pool(h) => format!("pool-{h}"),
        Place::Dead => "dead".into(),
    }
}

/// A select's value as a place.
pub fn value_place(v: &str) -> Place {
    let house = |h: &str| if h == "York" { House::York } else { House::Lancaster };
    match v.split_once('-') {
        Some(("map", h)) => Place::Map(house(h)),
        Some(("pool", h)) => Place::Pool(house(h)),
        _ if v == "dead" => Place::Dead,
        _ => Place::Unlisted,
    }
}

/// The heirs of both houses in rank order, each dead or alive (Clarence and Exeter may have
/// defected, 9.1), with the King and Pretender marked.
#[function_component]
pub fn Heirs(p: &ResetProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let odds = state.odds.as_ref().ok();
    let house = |house: House| {
        html! {
            <div class="heir-house">
                <h3>{house.to_string()}</h3>
                <ul class="heir-list">
                    { for heirs(house).into_iter().enumerate().map(|(k, who)| {
                        let (_, rank) = who.heir().unwrap_or((house, 0));
                        let place = place_of(s, who);
                        let d = state.dispatcher();
                        let name = who.name.to_string();
                        let onchange = Callback::from(move |e: Event| {
                            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
                            d.dispatch(DocAction::Edit(ResetEdit::Place(name.clone(), value_place(&v))));
                        });
                        let role = odds.and_then(|o| {
                            if o.king == who.name { Some("King") } else if o.pretender == Some(who.name) { Some("Pretender") } else { None }
                        });
                        let id = format!("heir-{}", who.name.replace(' ', "-"));
                        let field = field_of(s, who);
                        let field = if field.is_empty() && k == 0 && house == House::York { "dead".to_string() } else { field };
                        html! {
                            <li>
                                <label for={id.clone()}><span class="heir-rank">{format!("{rank}.")}</span>{who.name}
                                    if let Some(r) = role { <span class="tag">{r}</span> }</label>
                                <select id={id} class="small" onchange={onchange} data-testid={format!("place-{}", who.name)}
                                    data-field={(!field.is_empty()).then_some(field)}>
                                    { for places(who).into_iter().filter(|pl| !matches!(pl, Place::Map(h) | Place::Pool(h) if *h == house)).map(|pl| html! {
                                        <option value={place_value(pl)} selected={pl == place}>{heir_place(who, pl)}</option>
                                    }) }
                                </select>
                            </li>
                        }
                    }) }
                </ul>
            </div>
        }
    };
    html! {
        <section class="card" aria-labelledby="reset-heirs-h" data-testid="reset-heirs">
            <h2 id="reset-heirs-h">{"Heirs"}</h2>
            <p class="hint">{"In rank order (3.21). The dead are dead for good (6.82) or executed in an earlier reset; Clarence and Exeter may have defected and serve the other house as nobles (9.1, V4)."}</p>
            <div class="heir-houses">
                {house(House::York)}
                {house(House::Lancaster)}
            </div>
        </section>
    }
}
