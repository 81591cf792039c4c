//! The replay: one battle from a seed you can see and change, event by event.

use super::StateProps;
use crate::narrate::describe;
use crate::state::Action;
use bosworth::Side;
use bosworth::log::Event;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Strengths of every block after the first `step` events (blocks in scenario order).
pub fn strengths_after(names: &[(String, Side, u8)], events: &[Event], step: usize) -> Vec<(String, Side, u8, &'static str)> {
    let mut out: Vec<(String, Side, u8, &'static str)> =
        names.iter().map(|(n, s, k)| (n.clone(), *s, *k, "")).collect();
    for e in events.iter().take(step) {
        match e {
            Event::Hit { block, strength, .. } => {
                if let Some(b) = out.iter_mut().find(|b| &b.0 == block) {
                    b.2 = *strength;
                }
            }
            Event::Eliminated { block, .. } | Event::CannotRetreat { block } => {
                if let Some(b) = out.iter_mut().find(|b| &b.0 == block) {
                    b.2 = 0;
                    b.3 = "eliminated";
                }
            }
            Event::Retreats { block, .. } => {
                if let Some(b) = out.iter_mut().find(|b| &b.0 == block) {
                    b.3 = "retreated";
                }
            }
            Event::Defects { block, becomes, to } => {
                if let Some(b) = out.iter_mut().find(|b| &b.0 == block) {
                    b.0 = becomes.clone();
                    b.1 = *to;
                    b.3 = "defected";
                }
            }
            _ => {}
        }
    }
    out
}

/// The replay panel.
#[function_component]
pub fn Replay(props: &StateProps) -> Html {
    let state = &props.state;
    let battle = state.battle.as_ref().ok().cloned();
    let seed = state.seed;
    let replay = use_memo((battle.clone(), seed), |(b, seed)| b.as_ref().map(|b| bosworth::replay(b, *seed)));
    let (Some(battle), Some(replay)) = (battle, replay.as_ref()) else {
        return html! {};
    };
    let n = replay.events.len();
    let step = state.step.min(n);
    let go = |to: usize| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Step(to)))
    };
    let on_seed = {
        let state = state.clone();
        Callback::from(move |e: web_sys::Event| {
            if let Ok(s) = e.target_unchecked_into::<HtmlInputElement>().value().trim().parse() {
                state.dispatch(Action::Seed(s));
            }
        })
    };
    let new_seed = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Seed((js_sys::Math::random() * 1e9) as u64)))
    };
    let on_key = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "ArrowRight" => { e.prevent_default(); state.dispatch(Action::Step((step + 1).min(n))) }
            "ArrowLeft" => { e.prevent_default(); state.dispatch(Action::Step(step.saturating_sub(1))) }
            _ => {}
        })
    };
    let names: Vec<(String, Side, u8)> = battle.slots().iter().map(|s| (s.name().to_string(), s.side, s.strength)).collect();
    let now = strengths_after(&names, &replay.events, step);
    let current = step.checked_sub(1).map(|i| describe(&replay.events[i]));
    html! {
        <section class="card replay" aria-labelledby="replay-h" data-testid="replay" tabindex="0" onkeydown={on_key}>
            <h2 id="replay-h">{"Replay one battle"}</h2>
            <div class="replay-controls">
                <label>{"Seed "}<input type="number" min="0" value={seed.to_string()} onchange={on_seed} data-testid="seed" aria-label="Replay seed" /></label>
                <button onclick={new_seed} title="Roll a new seed">{"New seed"}</button>
                <span class="spacer"></span>
                <button onclick={go(0)} disabled={step == 0} aria-label="Back to the start">{"⇤ Start"}</button>
                <button onclick={go(step.saturating_sub(1))} disabled={step == 0} data-testid="replay-back">{"◀ Back"}</button>
                <button onclick={go((step + 1).min(n))} disabled={step >= n} data-testid="replay-next" class="primary">{"Next ▶"}</button>
                <button onclick={go(n)} disabled={step >= n} aria-label="To the end">{"End ⇥"}</button>
            </div>
            <p class="step-count" data-testid="replay-step">{format!("Event {step} of {n}")}</p>
            <p class="replay-current" data-testid="replay-current" aria-live="polite">
                { current.unwrap_or_else(|| "Press Next (or →) to fight the battle event by event.".to_string()) }
            </p>
            <ul class="replay-strengths">
                { for now.iter().map(|(name, side, k, fate)| html! {
                    <li class={classes!(side.name(), (!fate.is_empty()).then_some("gone"))}>
                        <span>{name.clone()}</span><b>{k}</b>
                        if !fate.is_empty() { <small>{*fate}</small> }
                    </li>
                }) }
            </ul>
            <ol class="events" data-testid="events">
                { for replay.events.iter().take(step).enumerate().map(|(i, e)| html! {
                    <li class={classes!((i + 1 == step).then_some("current"), matches!(e, Event::RoundStarts{..}).then_some("round-start"))}
                        aria-current={(i + 1 == step).then_some("step")}>{describe(e)}</li>
                }) }
            </ol>
        </section>
    }
}
