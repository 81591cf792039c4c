//! Retreat by choice (6.6, D12): the whole side, and block by block (R3).

use super::ctx::{Ctx, Named, round_options, value_of};
use bosworth::scenario::{BlockRetreat, RetreatPlan};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// A percentage typed by the user as a ratio (`50` is 0.5); empty or not a number is none.
fn ratio_of(e: &Event) -> Option<f64> {
    let v = e.target_unchecked_into::<HtmlInputElement>().value();
    v.trim().parse::<f64>().ok().map(|x| x / 100.0)
}

/// A ratio shown as a percentage.
fn percent(r: Option<f64>) -> String {
    r.map(|x| format!("{}", (x * 1000.0).round() / 10.0)).unwrap_or_default()
}

/// The whole side's retreat plan.
pub(crate) fn section(c: &Ctx) -> Html {
    let policy = &c.policy;
    let set = c.set.clone();
    let (sid, prefix) = (c.sid, &c.prefix);
        let r = policy.retreat.clone().unwrap_or(RetreatPlan { from_round: None, below_ratio: None });
        let put = {
            let policy = policy.clone();
            let set = set.clone();
            move |r: RetreatPlan| {
                let mut p = policy.clone();
                p.retreat = (r.from_round.is_some() || r.below_ratio.is_some()).then_some(r);
                set.emit(p);
            }
        };
        let on_round = { let r = r.clone(); let put = put.clone(); Callback::from(move |e: Event| {
            let mut r = r.clone(); r.from_round = value_of(&e).parse().ok(); put(r);
        })};
        let on_ratio = { let r = r.clone(); let put = put.clone(); Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut r = r.clone(); r.below_ratio = v.trim().parse::<f64>().ok().map(|x| x / 100.0); put(r);
        })};
        html! {
            <div class="choice">
                <h3>{"Retreat by choice: the whole side "}<small class="muted">{"rounds 2-4 (6.6); both conditions when both are set"}</small></h3>
                <div class="plan">
                    <label>{"from "}
                        <select aria-label="Retreat from round" data-testid={format!("retreat-round-{sid}")} onchange={on_round}>
                            <option value="" selected={r.from_round.is_none()}>{"any round"}</option>
                            { for (2..=4u8).map(|k| html! { <option value={k.to_string()} selected={r.from_round == Some(k)}>{format!("round {k}")}</option> }) }
                        </select>
                    </label>
                    <label>{"while below "}
                        <input type="number" min="1" max="1000" step="5" placeholder="—" class="ratio"
                            aria-label="Retreat while this side's strength is below this percentage of the enemy's"
                            data-testid={format!("retreat-ratio-{sid}")}
                            value={r.below_ratio.map(|x| format!("{}", (x * 1000.0).round() / 10.0)).unwrap_or_default()}
                            onchange={on_ratio} />
                        {"% of the enemy"}
                    </label>
                </div>
                if policy.retreat.is_none() {
                    <p class="muted small">{ if sid == "attacker" { "Not set: nobody retreats by choice (the attacker leaves on its turn in round 4, 6.2)." } else { "Not set: nobody retreats by choice." } }</p>
                }
                { c.error_at(&format!("{prefix}.retreat")) }
                { c.warning_at(&format!("{prefix}.retreat")) }
            </div>
        }
}

/// Retreat plans block by block: which block, from which round, below which strength or ratio.
pub(crate) fn blocks(c: &Ctx) -> Html {
    let (o, sid, prefix) = (&c.o, c.sid, &c.prefix);
    let named = |name: &str| o.blocks.iter().find(|b| b.is(name));
    let rows = c.policy.retreats.iter().enumerate().map(|(k, plan)| {
        let field = format!("{prefix}.retreats[{k}]");
        let max = named(&plan.block).map_or(4, |b| b.max);
        let on_block = c.edit(move |p, e: Event| p.retreats[k].block = value_of(&e));
        let on_round = c.edit(move |p, e: Event| p.retreats[k].from_round = value_of(&e).parse().ok());
        let on_strength = c.edit(move |p, e: Event| p.retreats[k].below_strength = value_of(&e).parse().ok());
        let on_ratio = c.edit(move |p, e: Event| p.retreats[k].below_ratio = ratio_of(&e));
        let remove = c.edit(move |p, _: MouseEvent| {
            p.retreats.remove(k);
        });
        let known = named(&plan.block).is_some();
        html! {
            <li>
                <div class="plan">
                    <select aria-label="Which block retreats" data-testid={format!("retreats-{sid}-{k}-block")} onchange={on_block}
                        aria-invalid={c.invalid(&format!("{field}.block"))}>
                        if !known { <option value={plan.block.clone()} selected=true>{plan.block.clone()}</option> }
                        { for o.blocks.iter().map(|b| html! {
                            <option value={b.name.clone()} selected={b.is(&plan.block)}>{label(b)}</option>
                        }) }
                    </select>
                    <span>{"retreats"}</span>
                    <select aria-label="From which round" data-testid={format!("retreats-{sid}-{k}-round")} onchange={on_round}
                        aria-invalid={c.invalid(&format!("{field}.from_round"))}>
                        { round_options(2..=4, plan.from_round, "from round 2") }
                    </select>
                    <select aria-label="Once its strength is below" data-testid={format!("retreats-{sid}-{k}-strength")} onchange={on_strength}
                        aria-invalid={c.invalid(&format!("{field}.below_strength"))}>
                        <option value="" selected={plan.below_strength.is_none()}>{"at any strength"}</option>
                        { for (2..=max).map(|s| html! {
                            <option value={s.to_string()} selected={plan.below_strength == Some(s)}>{format!("once below {s}")}</option>
                        }) }
                    </select>
                    <label>{"while below "}
                        <input type="number" min="1" max="1000" step="5" placeholder="—" class="ratio"
                            aria-label="while this side's strength is below this percentage of the enemy's"
                            data-testid={format!("retreats-{sid}-{k}-ratio")}
                            value={percent(plan.below_ratio)} onchange={on_ratio} />
                        {"% of the enemy"}
                    </label>
                    <button class="icon danger push-right" aria-label={format!("Remove the retreat plan of {}", plan.block)} onclick={remove}>{"✕"}</button>
                </div>
                { c.error_at(&field) }
            </li>
        }
    });
    let add = c.edit(|p, e: Event| {
        let el = e.target_unchecked_into::<HtmlSelectElement>();
        let v = el.value();
        if !v.is_empty() {
            p.retreats.push(BlockRetreat { block: v, from_round: None, below_strength: None, below_ratio: None });
        }
        el.set_value("");
    });
    html! {
        <div class="choice">
            <h3>{"Retreat by choice: block by block "}<small class="muted">{"every condition set must hold; capacity allowing (6.6, D12)"}</small></h3>
            <ul class="plans">{ for rows }</ul>
            <select class="small" aria-label="Add a retreat plan for a block" data-testid={format!("add-retreats-{sid}")} onchange={add}>
                <option value="" selected=true>{"+ retreat plan for…"}</option>
                { for o.blocks.iter().map(|b| html! { <option value={b.name.clone()}>{label(b)}</option> }) }
            </select>
            { c.error_at(&format!("{prefix}.retreats")) }
            { c.warning_at(&format!("{prefix}.retreats")) }
        </div>
    }
}

/// A block's name in a list, a defector marked as such.
pub(crate) fn label(b: &Named) -> String {
    if b.defector { format!("{} (if turned)", b.name) } else { b.name.clone() }
}
