//! Charges by the senior heir (6.5, D9): target, round and, optionally, which heir.

use super::ctx::{Ctx, action_rounds, names_options, value_of};
use bosworth::scenario::ChargePlan;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The charges section.
pub(crate) fn section(c: &Ctx) -> Html {
    let (o, sid, prefix) = (&c.o, c.sid, &c.prefix);
    let rows = c.policy.charges.iter().enumerate().map(|(k, plan)| {
        let field = format!("{prefix}.charges[{k}]");
        let on_target = c.edit(move |p, e: Event| p.charges[k].target = value_of(&e));
        let on_round = c.edit(move |p, e: Event| p.charges[k].round = value_of(&e).parse().ok());
        let on_by = c.edit(move |p, e: Event| {
            let v = value_of(&e);
            p.charges[k].by = (!v.is_empty()).then_some(v);
        });
        let remove = c.edit(move |p, _: MouseEvent| {
            p.charges.remove(k);
        });
        let by = plan.by.clone().unwrap_or_default();
        html! {
            <li>
                <div class="plan">
                    <select aria-label="Who charges" data-testid={format!("charge-{sid}-{k}-by")} onchange={on_by}
                        aria-invalid={c.invalid(&format!("{field}.by"))}>
                        <option value="" selected={by.is_empty()}>{"the senior heir"}</option>
                        { names_options(&o.heirs, &by) }
                    </select>
                    <span>{"charges"}</span>
                    <select aria-label="Charge target" data-testid={format!("charge-{sid}-{k}-target")} onchange={on_target}
                        aria-invalid={c.invalid(&format!("{field}.target"))}>
                        { names_options(&o.enemies, &plan.target) }
                    </select>
                    <select aria-label="In which round" data-testid={format!("charge-{sid}-{k}-round")} onchange={on_round}>
                        { action_rounds(sid == "attacker", plan.round, "every round") }
                    </select>
                    <button class="icon danger" aria-label="Remove this charge" onclick={remove}>{"✕"}</button>
                </div>
                { c.error_at(&field) }
                { c.warning_at(&field) }
            </li>
        }
    });
    let add = c.edit(|p, e: Event| {
        let el = e.target_unchecked_into::<HtmlSelectElement>();
        let v = el.value();
        if !v.is_empty() {
            p.charges.push(ChargePlan { target: v, round: None, by: None });
        }
        el.set_value("");
    });
    html! {
        <div class="choice">
            <h3>{"Charge "}<small class="muted">{"by the senior heir, instead of firing (6.5, D9); naming an heir limits a plan to the turns he is the senior one"}</small></h3>
            if o.can_charge || !c.policy.charges.is_empty() {
                <ul class="plans">{ for rows }</ul>
                if o.can_charge {
                    <select class="small" aria-label="Add a charge" data-testid={format!("add-charge-{sid}")} onchange={add}>
                        <option value="" selected=true>{"+ charge at…"}</option>
                        { for o.enemies.iter().map(|n| html! { <option value={n.clone()}>{n.clone()}</option> }) }
                    </select>
                }
                { c.error_at(&format!("{prefix}.charges")) }
            } else {
                <p class="muted small">{"No heir on this side: only the senior heir may charge."}</p>
            }
        </div>
    }
}
