//! Treachery rolls by the King, the Pretender or Warwick (6.9, D10), and the Treason card's
//! target (D11).

use super::ctx::{Ctx, names_options, value_of};
use bosworth::scenario::TreacheryPlan;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The Treachery section.
pub(crate) fn section(c: &Ctx) -> Html {
    let policy = &c.policy;
    let set = c.set.clone();
    let (o, sid, prefix) = (&c.o, c.sid, &c.prefix);
        let rows = policy.treachery.iter().enumerate().map(|(k, t)| {
            let field = format!("{prefix}.treachery[{k}]");
            let ri = o.rollers.iter().position(|r| r.eq_ignore_ascii_case(&t.by));
            let targets = ri.map(|i| o.targets[i].clone()).unwrap_or_default();
            let on_by = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
                let mut p = policy.clone(); p.treachery[k].by = value_of(&e); set.emit(p);
            })};
            let on_target = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
                let mut p = policy.clone(); p.treachery[k].target = value_of(&e); set.emit(p);
            })};
            let on_round = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
                let mut p = policy.clone(); p.treachery[k].round = value_of(&e).parse().ok(); set.emit(p);
            })};
            let remove = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |_| {
                let mut p = policy.clone(); p.treachery.remove(k); set.emit(p);
            })};
            html! {
                <li>
                    <div class="plan">
                        <select aria-label="Who rolls" data-testid={format!("treachery-{sid}-{k}-by")} onchange={on_by}>
                            { names_options(&o.rollers, &t.by) }
                        </select>
                        <span>{"rolls on"}</span>
                        <select aria-label="Treachery target" data-testid={format!("treachery-{sid}-{k}-target")} onchange={on_target}
                            aria-invalid={c.invalid(&field)}>
                            { names_options(&targets, &t.target) }
                        </select>
                        <select aria-label="In which round" data-testid={format!("treachery-{sid}-{k}-round")} onchange={on_round}>
                            { super::ctx::action_rounds(sid == "attacker", t.round, "first chance") }
                        </select>
                        <button class="icon danger" aria-label="Remove this Treachery roll" onclick={remove}>{"✕"}</button>
                    </div>
                    { c.error_at(&field) }
                    { c.warning_at(&field) }
                </li>
            }
        });
        // Offer a roll for each roller that has a target and has not used its roll in a plan.
        let free: Vec<(String, String)> = o
            .rollers
            .iter()
            .zip(&o.targets)
            .filter(|(r, t)| !t.is_empty() && !policy.treachery.iter().any(|p| p.by.eq_ignore_ascii_case(r)))
            .flat_map(|(r, t)| t.iter().map(move |t| (r.clone(), t.clone())))
            .collect();
        let add = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<HtmlSelectElement>();
            if let Some((by, target)) = el.value().split_once('\u{1}') {
                let mut p = policy.clone();
                p.treachery.push(TreacheryPlan { by: by.into(), target: target.into(), round: None });
                set.emit(p);
            }
            el.set_value("");
        })};
        html! {
            <div class="choice">
                <h3>{"Treachery "}<small class="muted">{"by the King, the Pretender or Warwick, once per battle (6.9, D10)"}</small></h3>
                <ul class="plans">{ for rows }</ul>
                if !free.is_empty() {
                    <select class="small" aria-label="Add a Treachery roll" data-testid={format!("add-treachery-{sid}")} onchange={add}>
                        <option value="" selected=true>{"+ Treachery roll…"}</option>
                        { for free.iter().map(|(r, t)| html! { <option value={format!("{r}\u{1}{t}")}>{format!("{r} on {t}")}</option> }) }
                    </select>
                } else if o.rollers.is_empty() {
                    <p class="muted small">{"Nobody here may roll: no King, Pretender or Warwick on this side."}</p>
                } else if policy.treachery.is_empty() {
                    <p class="muted small">{"No enemy block here can be turned (a loyalty rating is needed, 3.13)."}</p>
                }
                { c.error_at(&format!("{prefix}.treachery")) }
            </div>
        }
}

/// The Treason card's target, when this side holds the card.
pub(crate) fn treason(c: &Ctx) -> Html {
    let policy = &c.policy;
    let set = c.set.clone();
    let (o, sid, prefix) = (&c.o, c.sid, &c.prefix);
    let Some(targets) = o.treason.as_ref() else {
        return html! {};
    };
        let on = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
            let v = value_of(&e);
            let mut p = policy.clone(); p.treason_target = (!v.is_empty()).then_some(v); set.emit(p);
        })};
        let current = policy.treason_target.clone().unwrap_or_default();
        html! {
            <div class="choice">
                <h3>{"Treason card "}<small class="muted">{"rolled before round 1 (D11)"}</small></h3>
                <select aria-label="Treason card target" data-testid={format!("treason-target-{sid}")} onchange={on}
                    aria-invalid={c.invalid(&format!("{prefix}.treason_target"))}>
                    <option value="" selected={current.is_empty()}>{"easiest to turn (default)"}</option>
                    <option value={bosworth::solve::treason::BEST_TARGET} selected={bosworth::solve::treason::names_best(&current)} title="the target that gives the holder the best chance to hold the area (R45)">{"best for the holder"}</option>
                    { for targets.iter().map(|n| html! { <option value={n.clone()} selected={n.eq_ignore_ascii_case(&current)}>{n.clone()}</option> }) }
                </select>
                { c.error_at(&format!("{prefix}.treason_target")) }
            </div>
        }
}
