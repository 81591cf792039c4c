//! The battle's setting: who attacks, who holds the throne, where, the Treason card, the area's
//! borders (`borders.rs`), the dead, and the heirs and Nevilles defected elsewhere.

use super::StateProps;
use super::borders::BordersPanel;
use crate::battle::state::{Action, Edit};
use bosworth::Side;
use bosworth::data::{AREAS, BLOCKS, House, Kind};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The areas a battle can be fought in (not the exile areas, 2.7), sorted by name.
pub fn area_names() -> Vec<&'static str> {
    let mut areas: Vec<&str> = AREAS.iter().filter(|a| a.exile.is_none()).map(|a| a.name).collect();
    areas.sort_unstable();
    areas
}

/// The defected versions of the heirs who may change sides (9.1) and of the Nevilles (who begin
/// with York, 4.4): what the scenario's `defected_elsewhere` may list.
const DEFECTED: [&str; 5] = ["Clarence/L", "Exeter/Y", "Warwick/L", "Kent/L", "Salisbury/L"];

fn house_of(v: &str) -> House {
    if v == "York" { House::York } else { House::Lancaster }
}

/// The settings form.
#[function_component]
pub fn Settings(props: &StateProps) -> Html {
    let state = &props.state;
    let s = &state.scenario;
    let edit = |f: fn(String) -> Edit| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            state.dispatch(Action::Edit(f(v)));
        })
    };
    let error_field = state.check.as_ref().err().map(|e| e.field.clone()).unwrap_or_default();
    let invalid = |f: &str| (error_field == f).then_some("true");
    let areas = area_names();
    let dead_choices: Vec<&str> = BLOCKS
        .iter()
        .filter(|b| b.kind == Kind::Heir || b.is_neville())
        .map(|b| b.id)
        .filter(|id| !s.dead.iter().any(|d| d.eq_ignore_ascii_case(id)))
        .collect();
    // Choosing from the list (arrow keys included) only picks; the button marks the block dead.
    let dead_pick = use_state(String::new);
    let on_dead_pick = {
        let dead_pick = dead_pick.clone();
        Callback::from(move |e: Event| dead_pick.set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let add_dead = {
        let state = state.clone();
        let dead_pick = dead_pick.clone();
        Callback::from(move |_| {
            if !dead_pick.is_empty() {
                state.dispatch(Action::Edit(Edit::Dead((*dead_pick).clone(), true)));
                dead_pick.set(String::new());
            }
        })
    };
    // Heirs and Nevilles defected elsewhere (3.21, 9.1): not those dead or fighting here.
    let person = |id: &str| BLOCKS.iter().find(|b| b.id.eq_ignore_ascii_case(id.trim()) || b.person.eq_ignore_ascii_case(id.trim())).map(|b| b.person);
    let here: Vec<&str> = s.attacker.blocks.iter().chain(&s.defender.blocks).filter_map(|b| b.id.as_deref()).filter_map(person).collect();
    let away_choices: Vec<&str> = DEFECTED
        .iter()
        .copied()
        .filter(|id| {
            let p = person(id);
            !s.defected_elsewhere.iter().any(|d| d.eq_ignore_ascii_case(id))
                && !s.dead.iter().any(|d| person(d) == p)
                && !here.contains(&p.unwrap_or_default())
        })
        .collect();
    let away_pick = use_state(String::new);
    let on_away_pick = {
        let away_pick = away_pick.clone();
        Callback::from(move |e: Event| away_pick.set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let add_away = {
        let state = state.clone();
        let away_pick = away_pick.clone();
        Callback::from(move |_| {
            if !away_pick.is_empty() {
                state.dispatch(Action::Edit(Edit::DefectedElsewhere((*away_pick).clone(), true)));
                away_pick.set(String::new());
            }
        })
    };
    html! {
        <section class="card settings" aria-labelledby="settings-h">
            <h2 id="settings-h">{"The battle"}</h2>
            <div class="fields">
                <label>{"Attacking house"}
                    <select id="attacker-house" data-testid="attacker-house" onchange={edit(|v| Edit::AttackingHouse(house_of(&v)))}>
                        <option value="Lancaster" selected={s.attacker.house == House::Lancaster}>{"Lancaster attacks"}</option>
                        <option value="York" selected={s.attacker.house == House::York}>{"York attacks"}</option>
                    </select>
                </label>
                <label>{"Throne held by"}
                    <select id="king" data-testid="king" aria-invalid={invalid("king")} onchange={edit(|v| Edit::King(house_of(&v)))}>
                        <option value="Lancaster" selected={s.king == House::Lancaster}>{"Lancaster"}</option>
                        <option value="York" selected={s.king == House::York}>{"York"}</option>
                    </select>
                </label>
                <label>{"Area"}
                    <select id="area" data-testid="area" aria-invalid={invalid("area")}
                        onchange={edit(|v| Edit::Area((!v.is_empty()).then_some(v)))}>
                        <option value="" selected={s.area.is_none()}>{"(no area: no bonuses)"}</option>
                        { for areas.iter().map(|a| html! {
                            <option value={*a} selected={s.area.as_deref() == Some(*a)}>{*a}</option>
                        }) }
                    </select>
                </label>
                <label>{"Treason card held by"}
                    <select id="treason" data-testid="treason" aria-invalid={invalid("treason")} onchange={edit(|v| Edit::Treason(match v.as_str() {
                        "attacker" => Some(Side::Attacker),
                        "defender" => Some(Side::Defender),
                        _ => None,
                    }))}>
                        <option value="" selected={s.treason.is_none()}>{"nobody"}</option>
                        <option value="attacker" selected={s.treason == Some(Side::Attacker)}>{format!("{} (attacker)", s.attacker.house)}</option>
                        <option value="defender" selected={s.treason == Some(Side::Defender)}>{format!("{} (defender)", s.defender.house)}</option>
                    </select>
                </label>
            </div>
            <BordersPanel state={state.clone()} />
            <div class="dead">
                <span class="dead-label">{"Dead before the battle:"}</span>
                { for s.dead.iter().map(|d| {
                    let state = state.clone();
                    let id = d.clone();
                    html! {
                        <button class="chip" title="Bring back to life" aria-label={format!("{d} is dead; bring back to life")}
                            onclick={Callback::from(move |_| state.dispatch(Action::Edit(Edit::Dead(id.clone(), false))))}>
                            {d}<span aria-hidden="true">{" ↺"}</span>
                        </button>
                    }
                }) }
                <span class="dead-pick">
                    <select aria-label="Choose a block to mark dead" class="small" data-testid="dead-select" onchange={on_dead_pick}>
                        <option value="" selected={dead_pick.is_empty()}>{"heir or Neville…"}</option>
                        { for dead_choices.iter().map(|id| html! { <option value={*id} selected={*dead_pick == *id}>{*id}</option> }) }
                    </select>
                    <button class="small" onclick={add_dead} disabled={dead_pick.is_empty()} data-testid="dead-add">{"Mark dead"}</button>
                </span>
            </div>
            <div class="dead">
                <span class="dead-label" title="An heir who has changed sides is no heir of his house: the King and Pretender are found without him (3.21, 9.1)">{"Defected elsewhere:"}</span>
                { for s.defected_elsewhere.iter().map(|d| {
                    let state = state.clone();
                    let id = d.clone();
                    html! {
                        <button class="chip away" aria-label={format!("{d} has defected elsewhere; take him off this list")}
                            onclick={Callback::from(move |_| state.dispatch(Action::Edit(Edit::DefectedElsewhere(id.clone(), false))))}>
                            {d}<span aria-hidden="true">{" ↺"}</span>
                        </button>
                    }
                }) }
                if !away_choices.is_empty() {
                    <span class="dead-pick">
                        <select aria-label="Choose an heir or Neville who has defected elsewhere" class="small" data-testid="defected-select" onchange={on_away_pick}>
                            <option value="" selected={away_pick.is_empty()}>{"heir or Neville…"}</option>
                            { for away_choices.iter().map(|id| html! { <option value={*id} selected={*away_pick == *id}>{*id}</option> }) }
                        </select>
                        <button class="small" onclick={add_away} disabled={away_pick.is_empty()} data-testid="defected-add">{"Add"}</button>
                    </span>
                } else if s.defected_elsewhere.is_empty() {
                    <span class="muted small">{"nobody can be (each is dead or here)"}</span>
                }
            </div>
        </section>
    }
}
