//! The replay: one battle from a seed you can see and change, event by event.

use super::StateProps;
use crate::shell::codec;
use crate::battle::engine::{Reply, Request, VALUE_STATE_BUDGET};
use crate::battle::words::area_label;
use crate::shell::format::pct;
use crate::battle::helper::use_helper;
use crate::battle::narrate::{describe_all, swapped_after};
use crate::battle::state::Action;
use bosworth::Side;
use bosworth::rules::log::Event;
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
    let helper = use_helper();
    // The current event is the last one listed: keep it in view inside the list's own scroll
    // (the page itself does not move).
    let events_ref = use_node_ref();
    {
        let events_ref = events_ref.clone();
        use_effect_with(state.step, move |_| {
            if let Some(list) = events_ref.cast::<web_sys::Element>() {
                list.set_scroll_top(list.scroll_height());
            }
        });
    }
    // The battle as it stood at or before the current event, as a scenario of its own.
    let at = replay.as_ref().as_ref().and_then(|r| {
        let step = state.step.min(r.events.len());
        r.checkpoints.iter().rev().find(|(i, _)| *i <= step).cloned()
    });
    let checkpoint = at.as_ref().map(|(_, sc)| sc.clone());
    // The checkpoint to value: none before the first event, where the battle is the one the
    // headline solves (no second solve of it).
    let checkpoint_json = at.as_ref().filter(|(i, _)| *i > 0).map(|(_, sc)| codec::to_json(sc));
    {
        let helper = helper.clone();
        use_effect_with(checkpoint_json.clone(), move |json| {
            if let Some(json) = json {
                helper.ask(json.clone(), Request::Value { key: json.clone(), scenario: json.clone(), budget: VALUE_STATE_BUDGET }, false);
            }
        });
    }
    let (Some(battle), Some(replay)) = (battle, replay.as_ref()) else {
        return html! {};
    };
    let n = replay.events.len();
    let step = state.step.min(n);
    let s = &state.scenario;
    let area = area_label(s.area.as_deref());
    let whole = state.report.as_ref().filter(|_| state.report_is_current());
    // The evaluation bar: P(attacker holds) from here on.
    let (eval, eval_note): (Option<f64>, &str) = if step >= n && n > 0 {
        (Some(if replay.holder == Some(Side::Attacker) { 1.0 } else { 0.0 }), "the battle is over")
    } else if let Some(json) = &checkpoint_json {
        match helper.answer(json) {
            Some(Reply::Value { value: Ok(Some(v)), .. }) => (Some(v), "exact, from this point"),
            Some(Reply::Value { value: Ok(None), .. }) => (None, "too large to solve here"),
            Some(Reply::Value { value: Err(_), .. }) => (None, "cannot be solved"),
            _ => (None, "solving…"),
        }
    } else {
        (whole.map(|r| r.attacker_holds), "before the battle")
    };
    let open = {
        let state = state.clone();
        let cp = checkpoint.clone();
        Callback::from(move |_| {
            if let Some(cp) = cp.clone() {
                state.dispatch(Action::Load(cp));
                gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0);
            }
        })
    };
    let luck = (step >= n && n > 0).then(|| {
        let (who, p) = match replay.holder {
            Some(Side::Attacker) => (format!("{} held {area}", s.attacker.house), whole.map(|r| r.attacker_holds)),
            Some(Side::Defender) => (format!("{} held {area}", s.defender.house), whole.map(|r| r.defender_holds)),
            None => (format!("{area} was left vacant"), whole.map(|r| r.vacant)),
        };
        match p {
            Some(p) => format!("{who}: a {} outcome (its chance before the battle).", pct(p)),
            None => format!("{who}."),
        }
    });
    // A button that steps the replay; when the step disables it (Start, End, the last Next),
    // focus moves to the button that goes the other way, never to the page.
    let go = |to: usize| {
        let state = state.clone();
        let back = to == 0;
        let at_end = to >= n;
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Step(to));
            if back {
                crate::shell::focus::focus_soon(vec!["[data-testid=\"replay-next\"]".into()]);
            } else if at_end {
                crate::shell::focus::focus_soon(vec!["[data-testid=\"replay-back\"]".into()]);
            }
        })
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
    // The events in words, each side named by its role at that moment (D5).
    let at_start = battle.initial_state().control_changed();
    let lines = describe_all(&replay.events, at_start);
    let current = step.checked_sub(1).map(|i| lines[i].clone());
    let attacker_role = bosworth::play::order::role(Side::Attacker, swapped_after(&replay.events[..step], at_start));
    let att = crate::shell::charts::house_colour(s.attacker.house);
    let def = crate::shell::charts::house_colour(s.defender.house);
    let eval_label = format!(
        "Chance {} ({attacker_role}) holds {area}: {} ({eval_note})",
        s.attacker.house,
        eval.map(pct).unwrap_or_else(|| "—".into())
    );
    html! {
        <section class="card replay" aria-labelledby="replay-h" data-testid="replay" tabindex="0" onkeydown={on_key}>
            <h2 id="replay-h">{"Replay one battle"}</h2>
            <div class="replay-body">
            <div class="eval" role="img" aria-label={eval_label.clone()} title={eval_label} data-testid="eval-bar"
                style={format!("--att: rgb({},{},{}); --def: rgb({},{},{})", att.0, att.1, att.2, def.0, def.1, def.2)}>
                <div class="eval-track">
                    <span class={classes!("eval-fill", eval.is_none().then_some("unknown"))} style={format!("height: {:.2}%", eval.unwrap_or(0.5) * 100.0)}></span>
                </div>
                <span class="eval-num" data-testid="eval-value">{eval.map(pct).unwrap_or_else(|| "—".into())}</span>
                <span class="eval-cap">{format!("{} holds", s.attacker.house)}</span>
            </div>
            <div class="replay-main">
            <div class="replay-controls">
                <label>{"Seed "}<input type="number" min="0" value={seed.to_string()} onchange={on_seed} data-testid="seed" aria-label="Replay seed" /></label>
                <button onclick={new_seed} title="Roll a new seed">{"New seed"}</button>
                <span class="spacer"></span>
                <button onclick={go(0)} disabled={step == 0} aria-label="Back to the start">{"⇤ Start"}</button>
                <button onclick={go(step.saturating_sub(1))} disabled={step == 0} data-testid="replay-back">{"◀ Back"}</button>
                <button onclick={go((step + 1).min(n))} disabled={step >= n} data-testid="replay-next" class="primary">{"Next ▶"}</button>
                <button onclick={go(n)} disabled={step >= n} aria-label="To the end">{"End ⇥"}</button>
            </div>
            <div class="replay-open">
                <p class="step-count" data-testid="replay-step">{format!("Event {step} of {n}")}</p>
                <button onclick={open} disabled={checkpoint.is_none()} data-testid="open-checkpoint"
                    title="Load the battle as it stands before the current turn into the builder (the address changes too)">
                    {"Open this point as a new battle"}
                </button>
            </div>
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
            <ol class="events" data-testid="events" ref={events_ref} tabindex={(step > 0).then_some("0")} aria-label="Events so far">
                { for replay.events.iter().take(step).enumerate().map(|(i, e)| html! {
                    <li class={classes!((i + 1 == step).then_some("current"), matches!(e, Event::RoundStarts{..}).then_some("round-start"))}
                        aria-current={(i + 1 == step).then_some("step")}>{lines[i].clone()}</li>
                }) }
            </ol>
            if let Some(l) = luck { <p class="luck" data-testid="luck">{l}</p> }
            </div>
            </div>
        </section>
    }
}
