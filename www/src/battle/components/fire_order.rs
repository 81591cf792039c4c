//! The fire order of rounds 1-4, each turn with its effective rating and the rules behind it.

use bosworth::play::order::RoundOrder;
use std::rc::Rc;
use yew::prelude::*;

/// Props of the fire-order panel.
#[derive(Properties, PartialEq, Clone)]
pub struct FireOrderProps {
    /// The order, if the battle is valid.
    pub order: Option<Rc<Vec<RoundOrder>>>,
    /// The replay's current round and actor.
    pub highlight: Option<(u8, String)>,
}

/// The fire-order panel.
#[function_component]
pub fn FireOrder(p: &FireOrderProps) -> Html {
    let Some(order) = &p.order else {
        return html! {};
    };
    html! {
        <section class="card fire-order" aria-labelledby="order-h" data-testid="fire-order">
            <h2 id="order-h">{"Fire order"}</h2>
            <p class="hint">{"If no block is lost and nobody turns: who acts when, at what rating, and why; what the choices have a block do instead of firing (a charge, a Treachery roll, a retreat). Rounds 2-4 list only what changes from round 1."}</p>
            <div class="rounds">
            { for order.iter().map(|round| {
                // After round 1, only what is new for a block: the rest was said in round 1.
                let first = &order[0];
                let shown = |t: &bosworth::play::order::Turn| -> Vec<String> {
                    let before = first.turns.iter().find(|f| f.block == t.block && f.side == t.side);
                    match before {
                        Some(f) if round.round > 1 => t.reasons.iter().filter(|r| !f.reasons.contains(r)).cloned().collect(),
                        _ => t.reasons.clone(),
                    }
                };
                html! {
                <div class="round" data-testid={format!("round-{}", round.round)}>
                    <h3>{format!("Round {}", round.round)}</h3>
                    if let Some(t) = &round.treason { <p class="plan-note" data-testid="treason-plan">{t.clone()}</p> }
                    <ol>
                    { for round.turns.iter().map(|t| {
                        let current = p.highlight.as_ref().is_some_and(|(r, b)| *r == round.round && *b == t.block);
                        html! {
                            <li class={classes!("turn", t.side.name(), current.then_some("current"))}
                                aria-current={current.then_some("step")} data-testid="turn">
                                <span class="who"><span class="turn-block">{t.block.clone()}</span>
                                    <span class="turn-rating" title={format!("printed {}", t.printed)}>{t.rating.clone()}</span>
                                    <span class="turn-side">{t.side.name()}</span></span>
                                <ul class="reasons">{ for shown(t).into_iter().map(|r| html! { <li>{r}</li> }) }</ul>
                                if let Some(plan) = &t.plan { <p class="plan-note" data-testid="turn-plan">{plan.clone()}</p> }
                            </li>
                        }
                    }) }
                    </ol>
                    { for round.waiting.iter().map(|w| html! { <p class="waiting">{w.clone()}</p> }) }
                </div>
            }}) }
            </div>
        </section>
    }
}
