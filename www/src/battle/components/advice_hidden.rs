//! The advisor's answer for a battle with hidden blocks (R24, `bosworth::solve::advice::
//! HiddenAdvice`): what the figures are (exact, or the rest of the mixture drawn), best play
//! against the choices as set, who is likely to act first and what best play does there, and
//! each possibility solved with its own first decision, any of them opened as a battle.

use super::advice_words::{OBJECTIVES, gain_sentence, value_se_text, value_text};
use crate::battle::state::{Action, State};
use crate::shell::format::pct;
use bosworth::Side;
use bosworth::data::House;
use bosworth::solve::advice::{HiddenAdvice, HiddenMethod, Possibility};
use yew::prelude::*;

/// Possibilities listed before "Show all".
pub const FIRST_POSSIBILITIES: usize = 6;

/// What the advisor shows for [`HiddenAdvice`]: `idx`/`who` are the side whose figures the
/// sentence gives (the attacker unless only the defender plays best).
#[allow(clippy::too_many_arguments)]
pub fn show_hidden(
    a: &HiddenAdvice,
    state: &UseReducerHandle<State>,
    objective: &str,
    players: &str,
    area: &str,
    ms: f64,
    budget: usize,
    house: impl Fn(Side) -> House,
) -> Html {
    let what = OBJECTIVES.iter().find(|(v, _)| *v == objective).map_or("hold the area", |o| o.1);
    let (idx, who) = match players {
        "defender" => (1, Side::Defender),
        _ => (0, Side::Attacker),
    };
    let whose = format!("{} ({})", house(who), who.name());
    let drawn = matches!(a.method, HiddenMethod::Drawn { .. });
    let se = |v: Option<[f64; 2]>| v.map(|e| e[idx]);
    let gain = if !drawn && objective == "hold" {
        let by = match players { "both" => "by both sides", "attacker" => "by the attacker", _ => "by the defender" };
        gain_sentence(by, &whose, area, a.policy[idx], a.best[idx])
    } else {
        let g = a.best[idx] - a.policy[idx];
        let gain = match (se(a.gain_std_error), objective) {
            (None, "steps") => format!("{g:+.2} steps"),
            (None, _) => format!("{:+.1} points", g * 100.0),
            (Some(e), "steps") => format!("{g:+.2} ± {e:.2} steps"),
            (Some(e), _) => format!("{:+.1} ± {:.1} points", g * 100.0, e * 100.0),
        };
        format!(
            "{whose}, playing to {what}: {} with the choices as set, {} with best play{} ({gain}).",
            value_se_text(objective, a.policy[idx], se(a.policy_std_error)),
            value_se_text(objective, a.best[idx], se(a.best_std_error)),
            if drawn { " (estimated)" } else { "" },
        )
    };
    let method = if drawn {
        html! { <p class="note" data-testid="advice-method" data-method="estimated">{a.explain(budget)}</p> }
    } else {
        html! { <p class="muted small" data-testid="advice-method" data-method="exact">{a.explain(budget)}</p> }
    };
    let first = if a.first_choices.is_empty() {
        html! { <p class="muted">{"Nobody has a choice: the battle is over before anyone acts, whatever the hidden blocks are."}</p> }
    } else {
        html! {
            <>
            <p class="decision">{format!("First decision: who acts first depends on what the hidden blocks are; chance of each, and best play's choice there{}.", if drawn { " (estimated from the possibilities solved)" } else { "" })}</p>
            <ol class="actions" data-testid="advice-first-choices">
                { for a.first_choices.iter().map(|f| html! {
                    <li data-testid="advice-first-choice">
                        <span class="act">{format!("{} ({}, {}): {}", f.block, house(f.side), f.side.name(), f.action)}</span>
                        <span class="val">{pct(f.chance)}</span>
                        <span class="meter" aria-hidden="true"><span style={format!("width: {:.2}%", f.chance.clamp(0.0, 1.0) * 100.0)}></span></span>
                    </li>
                }) }
            </ol>
            </>
        }
    };
    let row = |p: &Possibility| possibility(p, state, objective, idx, &house);
    let (shown, rest) = a.possibilities.split_at(a.possibilities.len().min(FIRST_POSSIBILITIES));
    html! {
        <>
            {method}
            <p class="gain" data-testid="advice-gain">{gain}</p>
            {first}
            <div class="outline" data-testid="advice-possibilities">
                <h3>{format!("Possibilities solved: {}", a.possibilities.len())}</h3>
                <p class="muted small">{format!("Likeliest first{}: what the hidden blocks are, {whose}'s figure with the choices as set and with best play, and the first decision valued for the side to act. Open one to play it out.", if drawn { ", those drawn after those solved before drawing" } else { "" })}</p>
                <ul class="possibilities">{ for shown.iter().map(row) }</ul>
                if !rest.is_empty() {
                    <details>
                        <summary data-testid="advice-possibilities-more">{format!("Show the other {}", rest.len())}</summary>
                        <ul class="possibilities">{ for rest.iter().map(row) }</ul>
                    </details>
                }
            </div>
            <p class="muted small" data-testid="advice-time">{format!("{} in {:.0} ms in your browser ({} battle states solved).", if drawn { "Estimated" } else { "Solved" }, ms, a.states)}</p>
        </>
    }
}

/// One possibility: what the hidden blocks are, its chance (and draws), the figures, its first
/// decision's best choices, and a button that opens it as a battle of its own.
fn possibility(p: &Possibility, state: &UseReducerHandle<State>, objective: &str, idx: usize, house: &impl Fn(Side) -> House) -> Html {
    let blocks: Vec<String> = p.picks.iter().map(ToString::to_string).collect();
    let chance = match (p.chance, p.drawn) {
        (Some(c), 0) => pct(c),
        (Some(c), 1) => format!("{}, drawn", pct(c)),
        (Some(c), d) => format!("{}, drawn {d} times", pct(c)),
        (None, d) => format!("drawn {d} time{}", if d == 1 { "" } else { "s" }),
    };
    let first = p.advice.first_decision.as_ref().map_or_else(
        || "nobody has a choice".to_string(),
        |d| {
            let values: Vec<String> = d.actions.iter().take(3).map(|x| format!("{} {}", x.label, value_text(objective, x.value))).collect();
            format!("{} ({}, {}) acts first: {}", d.block, house(d.side), d.side.name(), values.join(" · "))
        },
    );
    let open = {
        let (state, picks) = (state.clone(), p.picks.clone());
        Callback::from(move |_: MouseEvent| {
            let opened = bosworth::Fog::new(&state.scenario).ok().and_then(|f| f.reveal(&picks).ok());
            match opened {
                Some(sc) => state.dispatch(Action::Load(sc)),
                None => state.dispatch(Action::Notice(Some("That possibility could not be opened as a battle.".into()))),
            }
        })
    };
    html! {
        <li data-testid="advice-possibility">
            <span><b>{blocks.join(", ")}</b>{format!(" ({chance}): ")}
                {format!("{} → {}", value_text(objective, p.advice.policy[idx]), value_text(objective, p.advice.best[idx]))}</span>
            <br/>
            <span class="muted small">{first}</span>
            {" "}
            <button class="small open-as" data-testid="advice-open-possibility" title="Open it as a battle of its own, every block revealed (Undo comes back)" onclick={open}>{"Open"}</button>
        </li>
    }
}
