//! An Advanced Game battle's encounters: in which columns the attacking player attacks, who
//! joins each, and the troops lent from another encounter (Individual Encounter 1-4, K8).

use crate::kingmaker::state::{KingmakerProps, edit};
use crate::kingmaker::state::{KingmakerEdit, force, new_lend};
use bosworth::kingmaker::{Encounter, Line, Scenario, Side};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The Noble of a side in a line and column, by name.
fn at(s: &Scenario, side: Side, line: Line, column: u8) -> Option<String> {
    force(s, side).nobles.iter().find(|n| n.line == Some(line) && n.column == Some(column)).map(|n| n.name.clone())
}

/// The Nobles who may join encounter `e` (K8): either side's secondary line of its column, and
/// the battle line of a column with no encounter; those already listed stay offered.
fn joiners(s: &Scenario, e: &Encounter) -> Vec<(String, Side)> {
    let busy: Vec<u8> = s.encounters.iter().map(|x| x.column).collect();
    let mut out: Vec<(String, Side)> = Vec::new();
    for side in Side::BOTH {
        for n in &force(s, side).nobles {
            let may = match (n.line, n.column) {
                (Some(Line::Secondary), Some(c)) => c == e.column,
                (Some(Line::Battle), Some(c)) => !busy.contains(&c),
                _ => false,
            };
            if may || e.join.iter().any(|j| j.eq_ignore_ascii_case(&n.name)) {
                out.push((n.name.clone(), side));
            }
        }
    }
    out
}

/// The Nobles who may lend troops to encounter `e`: those battling in another encounter (4).
fn lenders(s: &Scenario, e: &Encounter) -> Vec<String> {
    s.encounters
        .iter()
        .filter(|x| x.column != e.column)
        .flat_map(|x| Side::BOTH.into_iter().filter_map(move |side| at(s, side, Line::Battle, x.column)))
        .collect()
}

/// The encounters card.
#[function_component]
pub fn Encounters(p: &KingmakerProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let initiator = if s.counterattack { Side::Defender } else { Side::Attacker };
    let cards = s.encounters.iter().enumerate().map(|(i, e)| {
        let set = {
            let (state, e) = (state.clone(), e.clone());
            move |change: Box<dyn Fn(&mut Encounter)>| {
                let (state, e) = (state.clone(), e.clone());
                Callback::from(move |ev: Event| {
                    let mut x = e.clone();
                    change(&mut x);
                    let _ = ev;
                    edit(&state, KingmakerEdit::Encounter(i, x));
                })
            }
        };
        let column = {
            let (state, e) = (state.clone(), e.clone());
            Callback::from(move |ev: Event| {
                let mut x = e.clone();
                x.column = ev.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(1);
                edit(&state, KingmakerEdit::Encounter(i, x));
            })
        };
        let front = |side: Side| at(s, side, Line::Battle, e.column).unwrap_or_else(|| "nobody".into());
        let joins = joiners(s, e).into_iter().map(|(name, side)| {
            let checked = e.join.iter().any(|j| j.eq_ignore_ascii_case(&name));
            let (state, e, n2) = (state.clone(), e.clone(), name.clone());
            let onchange = Callback::from(move |ev: Event| {
                let on = ev.target_unchecked_into::<HtmlInputElement>().checked();
                let mut x = e.clone();
                x.join.retain(|j| !j.eq_ignore_ascii_case(&n2));
                if on {
                    x.join.push(n2.clone());
                }
                edit(&state, KingmakerEdit::Encounter(i, x));
            });
            html! {
                <label class="check small">
                    <input type="checkbox" {checked} {onchange} data-testid={format!("join-{i}-{name}")} />
                    {format!("{name} ({})", side.name())}
                </label>
            }
        });
        let offered = lenders(s, e);
        let lends = e.lend.iter().enumerate().map(|(k, l)| {
            let who = {
                let (state, e) = (state.clone(), e.clone());
                Callback::from(move |ev: Event| {
                    let mut x = e.clone();
                    x.lend[k].noble = ev.target_unchecked_into::<HtmlSelectElement>().value();
                    edit(&state, KingmakerEdit::Encounter(i, x));
                })
            };
            let troops = {
                let (state, e) = (state.clone(), e.clone());
                Callback::from(move |ev: Event| {
                    let mut x = e.clone();
                    x.lend[k].troops = ev.target_unchecked_into::<HtmlInputElement>().value().trim().parse().unwrap_or(0);
                    edit(&state, KingmakerEdit::Encounter(i, x));
                })
            };
            let remove = set(Box::new(move |x: &mut Encounter| {
                x.lend.remove(k);
            }));
            let mut names = offered.clone();
            if !names.contains(&l.noble) {
                names.push(l.noble.clone());
            }
            html! {
                <li class="km-row">
                    <select class="small" onchange={who} aria-label={format!("Who lends troops to encounter {}", i + 1)} data-field={format!("encounters[{i}].lend[{k}].noble")}>
                        { for names.iter().map(|n| html! { <option value={n.clone()} selected={*n == l.noble}>{n.clone()}</option> }) }
                    </select>
                    <label class="km-troops">
                        <input type="number" min="1" step="10" value={l.troops.to_string()} onchange={troops} aria-label={format!("Troops {} lends", l.noble)}
                            data-field={format!("encounters[{i}].lend[{k}].troops")} />
                        <span aria-hidden="true">{"troops"}</span>
                    </label>
                    <button class="icon danger" onclick={remove.reform(|e: MouseEvent| e.into())} aria-label={format!("Stop {} lending troops", l.noble)}>{"✕"}</button>
                </li>
            }
        });
        let add_lend = offered.first().cloned().map(|first| set(Box::new(move |x: &mut Encounter| x.lend.push(new_lend(first.clone())))));
        let remove = {
            let state = state.clone();
            Callback::from(move |_| {
                edit(&state, KingmakerEdit::RemoveEncounter(i));
                crate::shell::focus::focus_soon(vec!["[data-testid=\"add-encounter\"]".to_string()]);
            })
        };
        html! {
            <li class="encounter" data-testid={format!("encounter-{i}")}>
                <div class="encounter-head">
                    <label class="inline-field">{format!("Encounter {}: column", i + 1)}
                        <select class="small" onchange={column} data-testid={format!("encounter-column-{i}")} data-field={format!("encounters[{i}].column")}>
                            { for (1..=3u8).map(|c| html! { <option value={c.to_string()} selected={e.column == c}>{c.to_string()}</option> }) }
                        </select>
                    </label>
                    <span class="muted small">{format!("{} attacks {} (Individual Encounter 1)", front(initiator), front(initiator.other()))}</span>
                    <button class="icon danger" onclick={remove} aria-label={format!("Remove encounter {}", i + 1)} data-testid={format!("remove-encounter-{i}")}>{"✕"}</button>
                </div>
                <div class="joins" data-field={format!("encounters[{i}].join")}>
                    <span class="muted small">{"Join with all their troops (2, 3):"}</span>
                    { for joins }
                </div>
                if !e.lend.is_empty() {
                    <ul class="km-list">{ for lends }</ul>
                }
                if let Some(add) = add_lend {
                    <button class="small" onclick={add.reform(|e: MouseEvent| e.into())} data-testid={format!("add-lend-{i}")}>{"+ troops lent from another encounter (4)"}</button>
                }
            </li>
        }
    });
    let add = {
        let state = state.clone();
        Callback::from(move |_| edit(&state, KingmakerEdit::AddEncounter))
    };
    html! {
        <section class="card" aria-labelledby="km-enc-h" data-testid="km-encounters">
            <h2 id="km-enc-h">{"Encounters"}</h2>
            <p class="hint">{format!(
                "The encounters the {} initiates in this half-round, one per column at most (Advanced Battle 4-5). Each is the two battle-line Nobles facing each other there and those who join them (K8).",
                if s.counterattack { "original defender" } else { "attacker" }
            )}</p>
            <ul class="encounters">{ for cards }</ul>
            <button onclick={add} disabled={s.encounters.len() >= 3} data-testid="add-encounter" data-field="encounters">{"+ Encounter"}</button>
        </section>
    }
}
