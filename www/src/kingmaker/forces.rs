//! One force: its Nobles (name, troops, title, and in an Advanced Game battle their place in the
//! formation) and the royal heirs with it.

use crate::kingmaker::state::edit;
use crate::kingmaker::state::{KingmakerEdit, KingmakerState, advanced_battle, force};
use bosworth::kingmaker::{CombatKind, Heir, Line, Noble, Side};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of a force.
#[derive(Properties, PartialEq, Clone)]
pub struct ForceProps {
    /// The reducer.
    pub state: UseReducerHandle<KingmakerState>,
    /// Which force.
    pub side: Side,
}

/// What the force is in this type of combat.
fn title(side: Side, combat: CombatKind) -> (&'static str, &'static str) {
    match (side, combat) {
        (Side::Attacker, CombatKind::Battle) => ("Attacker", "The attacking player's force"),
        (Side::Defender, CombatKind::Battle) => ("Defender", "The force attacked"),
        (Side::Attacker, CombatKind::Siege) => ("Besiegers", "The attacking player's force"),
        (Side::Defender, CombatKind::Siege) => ("Inside the place", "The Nobles adding their troops to the garrison (none: an empty castle)"),
        (Side::Attacker, CombatKind::Ambush) => ("Ambushers", "The force too weak to do battle"),
        (Side::Defender, CombatKind::Ambush) => ("Target force", "At least 4 times stronger than the ambushers (Ambush)"),
    }
}

fn line_value(n: &Noble) -> &'static str {
    match n.line {
        Some(Line::Battle) => "battle",
        Some(Line::Secondary) => "secondary",
        _ => "reserve",
    }
}

/// A force's card.
#[function_component]
pub fn ForceCard(p: &ForceProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let side = p.side;
    let f = force(s, side);
    let advanced = advanced_battle(s);
    let at = side.name();
    let (name, what) = title(side, s.combat);
    let troops: u32 = f.nobles.iter().map(|n| n.strength).sum();
    let nobles = f.nobles.iter().enumerate().map(|(i, n)| {
        let field = format!("{at}.nobles[{i}]");
        let on = |what: &'static str| {
            let (state, n) = (state.clone(), n.clone());
            Callback::from(move |e: Event| {
                let mut x = n.clone();
                let el = e.target_unchecked_into::<HtmlInputElement>();
                match what {
                    "name" => x.name = el.value(),
                    "strength" => x.strength = el.value().trim().parse().unwrap_or(0),
                    "titled" => x.titled = el.checked(),
                    _ => {}
                }
                edit(&state, KingmakerEdit::Noble(side, i, x));
            })
        };
        let on_select = |what: &'static str| {
            let (state, n) = (state.clone(), n.clone());
            Callback::from(move |e: Event| {
                let mut x = n.clone();
                let v = e.target_unchecked_into::<HtmlSelectElement>().value();
                match what {
                    "line" => {
                        x.line = match v.as_str() {
                            "battle" => Some(Line::Battle),
                            "secondary" => Some(Line::Secondary),
                            _ => None,
                        };
                        if x.line.is_some() && x.column.is_none() {
                            x.column = Some(1);
                        }
                    }
                    _ => x.column = v.parse().ok(),
                }
                edit(&state, KingmakerEdit::Noble(side, i, x));
            })
        };
        let remove = {
            let state = state.clone();
            Callback::from(move |_| {
                edit(&state, KingmakerEdit::RemoveNoble(side, i));
                crate::shell::focus::focus_soon(vec![format!("[data-testid=\"add-noble-{}\"]", side.name())]);
            })
        };
        let label = if n.name.trim().is_empty() { format!("Noble {}", i + 1) } else { n.name.clone() };
        html! {
            <li class="km-row" data-testid={format!("noble-{at}-{i}")}>
                <input type="text" class="km-name" value={n.name.clone()} onchange={on("name")} aria-label={format!("Name of {at}'s Noble {}", i + 1)}
                    data-testid={format!("noble-name-{at}-{i}")} data-field={format!("{field}.name")} />
                <label class="km-troops">
                    <input type="number" min="1" step="10" value={n.strength.to_string()} onchange={on("strength")} aria-label={format!("{label}'s troops")}
                        data-testid={format!("noble-strength-{at}-{i}")} data-field={format!("{field}.strength")} />
                    <span aria-hidden="true">{"troops"}</span>
                </label>
                <label class="check small">
                    <input type="checkbox" checked={n.titled} onchange={on("titled")} data-testid={format!("noble-titled-{at}-{i}")} />
                    {"titled"}
                </label>
                if advanced {
                    <select class="small" onchange={on_select("line")} aria-label={format!("{label}'s place in the formation")}
                        data-testid={format!("noble-line-{at}-{i}")} data-field={format!("{field}.line")}>
                        <option value="battle" selected={line_value(n) == "battle"}>{"battle line"}</option>
                        <option value="secondary" selected={line_value(n) == "secondary"}>{"secondary line"}</option>
                        <option value="reserve" selected={line_value(n) == "reserve"}>{"reserve"}</option>
                    </select>
                    if n.line.is_some() {
                        <select class="small" onchange={on_select("column")} aria-label={format!("{label}'s column")}
                            data-testid={format!("noble-column-{at}-{i}")} data-field={format!("{field}.column")}>
                            { for (1..=3u8).map(|c| html! { <option value={c.to_string()} selected={n.column == Some(c)}>{format!("column {c}")}</option> }) }
                        </select>
                    }
                }
                <button class="icon danger" onclick={remove} aria-label={format!("Remove {label}")} data-testid={format!("remove-noble-{at}-{i}")}>{"✕"}</button>
            </li>
        }
    });
    let heirs = f.heirs.iter().enumerate().map(|(i, h)| {
        let field = format!("{at}.heirs[{i}]");
        let on = |what: &'static str| {
            let (state, h) = (state.clone(), h.clone());
            Callback::from(move |e: Event| {
                let mut x: Heir = h.clone();
                match what {
                    "name" => x.name = e.target_unchecked_into::<HtmlInputElement>().value(),
                    "crowned" => x.crowned = e.target_unchecked_into::<HtmlInputElement>().checked(),
                    _ => {
                        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
                        x.with = (!v.is_empty()).then_some(v);
                    }
                }
                edit(&state, KingmakerEdit::Heir(side, i, x));
            })
        };
        let remove = {
            let state = state.clone();
            Callback::from(move |_| {
                edit(&state, KingmakerEdit::RemoveHeir(side, i));
                crate::shell::focus::focus_soon(vec![format!("[data-testid=\"add-heir-{}\"]", side.name())]);
            })
        };
        let label = if h.name.trim().is_empty() { format!("royal heir {}", i + 1) } else { h.name.clone() };
        let with = h.with.clone().unwrap_or_default();
        html! {
            <li class="km-row heir" data-testid={format!("heir-{at}-{i}")}>
                <input type="text" class="km-name" value={h.name.clone()} onchange={on("name")} aria-label={format!("Name of {at}'s royal heir {}", i + 1)}
                    data-testid={format!("heir-name-{at}-{i}")} data-field={format!("{field}.name")} />
                <select class="small" onchange={on("with")} aria-label={format!("The Noble {label} is with")} data-field={format!("{field}.with")}
                    data-testid={format!("heir-with-{at}-{i}")}>
                    <option value="" selected={with.is_empty()}>{ if advanced { "with… (Deployment 1d)" } else { "with no Noble in particular" } }</option>
                    { for f.nobles.iter().map(|n| html! { <option value={n.name.clone()} selected={with == n.name}>{format!("with {}", n.name)}</option> }) }
                </select>
                <label class="check small">
                    <input type="checkbox" checked={h.crowned} onchange={on("crowned")} data-testid={format!("heir-crowned-{at}-{i}")} />
                    {"crowned"}
                </label>
                <button class="icon danger" onclick={remove} aria-label={format!("Remove {label}")} data-testid={format!("remove-heir-{at}-{i}")}>{"✕"}</button>
            </li>
        }
    });
    let add_noble = {
        let (state, next) = (state.clone(), f.nobles.len());
        Callback::from(move |_| {
            edit(&state, KingmakerEdit::AddNoble(side));
            // The new Noble's name, to type it at once.
            crate::shell::focus::focus_soon(vec![format!("[data-testid=\"noble-name-{}-{next}\"]", side.name())]);
        })
    };
    let add_heir = {
        let state = state.clone();
        Callback::from(move |_| edit(&state, KingmakerEdit::AddHeir(side)))
    };
    html! {
        <section class={classes!("card", "army", at)} aria-labelledby={format!("km-{at}-h")} data-testid={format!("km-force-{at}")}>
            <h2 id={format!("km-{at}-h")}>{format!("{name}: {troops} troops")}</h2>
            <p class="hint">{format!("{what}. Each Noble's troops with all his awards; titled, his successor may stay loyal (Loyalty Table, K11).")}</p>
            <ul class="km-list">{ for nobles }</ul>
            <button onclick={add_noble} data-testid={format!("add-noble-{at}")} data-field={format!("{at}.nobles")}>{"+ Noble"}</button>
            <h3 class="km-sub">{"Royal heirs"}</h3>
            if f.heirs.is_empty() {
                <p class="muted small">{"None with this force."}</p>
            }
            <ul class="km-list">{ for heirs }</ul>
            <button onclick={add_heir} data-testid={format!("add-heir-{at}")} data-field={format!("{at}.heirs")}>{"+ royal heir"}</button>
        </section>
    }
}
