//! The advisor: the battle solved as a game (`bosworth::solve::advice`). The first decision with the
//! value of every legal action, the best marked, and what best play is worth over the choices
//! as set.

use super::StateProps;
use crate::shell::codec;
use crate::battle::engine::{Reply, Request, advice_budget};
use crate::battle::words::area_label;
use crate::battle::helper::use_helper;
use crate::battle::state::Calc;
use super::advice_hidden::show_hidden;
pub use super::advice_words::{OBJECTIVES, gain_sentence, value_se_text, value_text};
use bosworth::solve::advice::{Advice, AdviceMethod, HiddenAdvice, OutlineEntry};
use bosworth::solve::report::Method;
use gloo::timers::callback::Timeout;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Battles up to this many exact states are advised without asking.
pub const AUTO_ADVICE_STATES: usize = 60_000;
/// How long the battle must stay as it is before it is advised without asking.
pub const AUTO_ADVICE_DELAY_MS: u32 = 300;

/// Why the advisor estimates: the sentence `bosworth advise` gives in the same place.
pub fn too_large_why(budget: usize) -> String {
    format!("exact best play needs more than {budget} states here")
}

/// The advisor's progress: exact best play's states against its budget, then the battles
/// sampled for the estimate; with hidden blocks (R24), the possibilities solved, the policy's
/// mixture, then the possibilities drawn.
pub fn progress_text(phase: &str, done: u64, total: u64, budget: usize) -> String {
    if phase == "possibilities" {
        format!("Hidden blocks: solving each possibility by its own best play, {done} of {total}")
    } else if phase == "policy" {
        format!("Hidden blocks: too many possibilities to solve them all within {} battle states; first the choices as set over all of them, then best play on possibilities drawn by their chances", crate::battle::engine::thousands(budget))
    } else if phase == "drawn" {
        format!("Hidden blocks: best play on possibilities drawn by their chances, {done} of {total}")
    } else if phase == "estimate" {
        format!("Too large to solve exactly within {budget} battle states: estimating by sampling, {done} of {total} battles")
    } else {
        format!("Solving the battle as a game: {done} battle states (at most {total})")
    }
}

/// The advisor panel.
/// The exact report of the battle with hidden blocks whose scenario JSON is `scenario`, as JSON,
/// when this page solved it (`crate::shell::solved`): the advisor's policy over the mixture.
fn known_mixture(scenario: &str) -> Option<String> {
    match &*crate::shell::solved::recall(scenario)? {
        crate::shell::solved::Solution::Fog(f) => serde_json::to_string(&f.report).ok(),
        crate::shell::solved::Solution::Plain(_) => None,
    }
}

#[function_component]
pub fn Advisor(props: &StateProps) -> Html {
    let state = &props.state;
    let helper = use_helper();
    let objective = use_state(|| "hold".to_string());
    let players = use_state(|| "both".to_string());
    let order = use_state(|| false);
    // The key of the question the user cancelled, said so until asked again.
    let cancelled = use_state(|| None::<String>);
    let scenario = codec::to_json(&state.scenario);
    // A battle in progress (live play, a replay step) is advised from the point it stands at,
    // within the live budget: its best choice here in about a second.
    let live = state.scenario.progress.is_some();
    let budget = advice_budget(live);
    let key = format!("{}|{}|{}|{}", *objective, *players, *order, scenario);
    let small = state.report_is_current()
        && matches!(state.calc, Calc::Done)
        && state.report.as_ref().is_some_and(|r| matches!(r.method, Method::Exact { states, .. } if states <= AUTO_ADVICE_STATES));
    let request = {
        let (objective, players, group_order) = ((*objective).clone(), (*players).clone(), *order);
        let (key, scenario) = (key.clone(), scenario.clone());
        // With hidden blocks, the mixture's exact report if this page solved the battle (issue 35).
        move || Request::Advise { key: key.clone(), scenario: scenario.clone(), objective: objective.clone(), players: players.clone(), group_order, budget, known: known_mixture(&scenario) }
    };
    {
        let helper = helper.clone();
        let key = key.clone();
        let request = request.clone();
        let valid = state.check.is_ok();
        use_effect_with((key.clone(), small, valid), move |_| {
            let timer = if small && valid {
                // After a pause, so a run of edits is not slowed by advice nobody waits for.
                Some(Timeout::new(AUTO_ADVICE_DELAY_MS, move || helper.ask(key, request(), true)))
            } else {
                // The battle changed: advice on the old one would only take a core from its solve.
                helper.stop();
                None
            };
            move || drop(timer)
        });
    }
    let run = {
        let (helper, cancelled) = (helper.clone(), cancelled.clone());
        let key = key.clone();
        Callback::from(move |_| {
            cancelled.set(None);
            helper.ask(key.clone(), request(), true)
        })
    };
    let pick = |h: UseStateHandle<String>| Callback::from(move |e: Event| h.set(e.target_unchecked_into::<HtmlSelectElement>().value()));
    let s = &state.scenario;
    let area = area_label(s.area.as_deref());
    let house = |side: bosworth::Side| match side {
        bosworth::Side::Attacker => s.attacker.house,
        bosworth::Side::Defender => s.defender.house,
    };
    let pending = helper.pending(&key);
    let answer = helper.answer(&key);
    let cancel = {
        let (helper, cancelled, key) = (helper.clone(), cancelled.clone(), key.clone());
        Callback::from(move |_: MouseEvent| {
            helper.stop();
            cancelled.set(Some(key.clone()));
        })
    };
    let body = match answer {
        Some(Reply::Advice { result: Ok(json), ms, .. }) if state.hidden => match serde_json::from_str::<HiddenAdvice>(&json) {
            Ok(a) => show_hidden(&a, state, &objective, &players, &area, ms, budget, house),
            Err(e) => html! { <p class="field-error" role="alert">{e.to_string()}</p> },
        },
        Some(Reply::Advice { result: Ok(json), ms, .. }) => match serde_json::from_str::<Advice>(&json) {
            Ok(a) => show(&a, &objective, &players, &area, ms, live, house),
            Err(e) => html! { <p class="field-error" role="alert">{e.to_string()}</p> },
        },
        Some(Reply::Advice { result: Err(m), .. }) => html! { <p class="note" data-testid="advice-error" role="alert">{m}</p> },
        _ if pending => {
            let (phase, done, total) = helper.progress(&key).unwrap_or_else(|| ("exact".to_string(), 0, budget as u64));
            html! {
                <div class="status running" data-testid="advice-progress" data-phase={phase.clone()}>
                    <progress max={total.to_string()} value={done.to_string()}></progress>
                    <span>{progress_text(&phase, done, total, budget)}</span>
                    <button onclick={cancel} data-testid="advice-cancel">{"Cancel"}</button>
                </div>
            }
        }
        _ if cancelled.as_deref() == Some(key.as_str()) => html! { <p class="status" data-testid="advice-cancelled">{"Cancelled: press Advise to ask again."}</p> },
        _ if state.check.is_err() => html! { <p class="muted">{state.check.as_ref().err().map_or("Fix the battle first.", crate::battle::words::not_yet)}</p> },
        _ if state.hidden => html! { <p class="muted">{"Press Advise to solve this battle as a game in each possibility of what the hidden blocks are (they are revealed when battle is joined, 6.1): what best play is worth, and who acts first and what best play does there."}</p> },
        _ => html! { <p class="muted">{"Press Advise to solve this battle as a game: every choice of the first decision, valued."}</p> },
    };
    html! {
        <section class="card advisor" aria-labelledby="advisor-h" data-testid="advisor">
            <h2 id="advisor-h">{"Advisor: best play"}</h2>
            <div class="advisor-controls">
                <label>{"Each side plays to "}
                    <select data-testid="advice-objective" onchange={pick(objective.clone())}>
                        { for OBJECTIVES.iter().map(|(v, w)| html! { <option value={*v} selected={*objective == *v}>{*w}</option> }) }
                    </select>
                </label>
                <label>{"Best play by "}
                    <select data-testid="advice-players" onchange={pick(players.clone())}>
                        <option value="both" selected={*players == "both"}>{"both sides"}</option>
                        <option value="attacker" selected={*players == "attacker"}>{format!("{} (attacker) only", s.attacker.house)}</option>
                        <option value="defender" selected={*players == "defender"}>{format!("{} (defender) only", s.defender.house)}</option>
                    </select>
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="advice-order" checked={*order}
                        onchange={{ let order = order.clone(); Callback::from(move |e: Event| order.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked())) }} />
                    {" also choose who acts first in each letter (D2)"}
                </label>
                <button class="primary" onclick={run} disabled={pending || state.check.is_err()} data-testid="advise">{"Advise"}</button>
            </div>
            <div aria-live="polite" data-testid="advice-body">{body}</div>
        </section>
    }
}

fn show(a: &Advice, objective: &str, players: &str, area: &str, ms: f64, live: bool, house: impl Fn(bosworth::Side) -> bosworth::data::House) -> Html {
    let budget = advice_budget(live);
    let what = OBJECTIVES.iter().find(|(v, _)| *v == objective).map_or("hold the area", |o| o.1);
    let (idx, who) = match players {
        "defender" => (1, bosworth::Side::Defender),
        _ => (0, bosworth::Side::Attacker),
    };
    let whose = format!("{} ({})", house(who), who.name());
    let gain = if objective == "hold" {
        let by = match players { "both" => "by both sides", "attacker" => "by the attacker", _ => "by the defender" };
        gain_sentence(by, &whose, area, a.policy[idx], a.best[idx])
    } else {
        format!("{whose}, playing to {what}: {} with the choices as set, {} with best play.", value_text(objective, a.policy[idx]), value_text(objective, a.best[idx]))
    };
    let estimate = match &a.method {
        AdviceMethod::Estimated(e) => Some(e),
        AdviceMethod::Exact => None,
    };
    let se = |v: Option<[f64; 2]>| v.map(|e| e[idx]);
    let gain = match estimate {
        None => gain,
        // Estimated: both figures with their standard errors, never as if exact.
        Some(_) => format!("{whose}, playing to {what}: {} with the choices as set, {} with best play (estimated).",
            value_se_text(objective, a.policy[idx], se(a.policy_std_error)), value_se_text(objective, a.best[idx], se(a.best_std_error))),
    };
    let method = match estimate {
        None => html! { <p class="muted small" data-testid="advice-method" data-method="exact">{"Exact: every value below is exact best play."}</p> },
        Some(e) => html! { <p class="note" data-testid="advice-method" data-method="estimated">{e.explain(&too_large_why(budget))}</p> },
    };
    let decision = match &a.first_decision {
        None => html! { <p class="muted">{"Nobody has a choice: the battle is over before anyone acts."}</p> },
        Some(d) => {
            let top = d.actions.first().map(|x| x.value).unwrap_or(0.0);
            html! {
                <>
                <p class="decision" data-testid="advice-decision">
                    {format!("{}{}, round {}: {} of the {} ({}). Value for the {}: ",
                        if live { "Best choice here" } else { "First decision" },
                        if a.after_treason { " (after a failed Treason roll)" } else { "" },
                        d.round, d.block, d.side.name(), house(d.side), d.side.name())}
                    <em>{what}</em>{"."}
                </p>
                <ol class="actions" data-testid="advice-actions">
                    { for d.actions.iter().enumerate().map(|(i, x)| {
                        let best = (x.value - top).abs() < 1e-12;
                        let width = if objective == "steps" { 0.0 } else { x.value.clamp(0.0, 1.0) * 100.0 };
                        html! {
                            <li class={classes!(best.then_some("best"))} data-testid={if i == 0 { "advice-best" } else { "advice-action" }}>
                                <span class="act">{x.label.clone()}</span>
                                <span class="val">{value_se_text(objective, x.value, x.std_error)}</span>
                                <span class="meter" aria-hidden="true"><span style={format!("width: {width:.2}%")}></span></span>
                                <span class="tags">
                                    if best { <b class="tag best-tag">{"best"}</b> }
                                    if i > 0 && x.apart_from_best == Some(false) { <span class="tag" data-testid="advice-tied">{"cannot be told apart from the best"}</span> }
                                    if x.label == d.policy_action { <span class="tag">{"your choices"}</span> }
                                </span>
                            </li>
                        }
                    }) }
                </ol>
                </>
            }
        }
    };
    // With the Treason card held by a side playing best, its target is a choice too (D11).
    let treason = if a.treason.is_empty() {
        html! {}
    } else {
        html! {
            <div class="treason-values" data-testid="advice-treason">
                <p class="decision">{"The Treason card, before round 1 (D11): the value of rolling it at each block, best first."}</p>
                <ol class="actions">
                    { for a.treason.iter().enumerate().map(|(i, x)| html! {
                        <li class={classes!((i == 0).then_some("best"))}>
                            <span class="act">{x.label.clone()}</span>
                            <span class="val">{value_se_text(objective, x.value, x.std_error)}</span>
                            <span class="tags">
                                if i == 0 { <b class="tag best-tag">{"best"}</b> }
                                if i > 0 && x.apart_from_best == Some(false) { <span class="tag">{"cannot be told apart from the best"}</span> }
                            </span>
                        </li>
                    }) }
                </ol>
            </div>
        }
    };
    html! {
        <>
            {method}
            {treason}
            {decision}
            <p class="gain" data-testid="advice-gain">{gain}</p>
            if let Some(e) = estimate {
                <p class="muted small" data-testid="advice-outline-sampled">{format!("Best play in outline as played in the {} battles sampled from {}.", e.samples, if live { "here" } else { "the start" })}</p>
            }
            <Outline entries={a.outline.clone()} />
            { ties(a, objective, &house) }
            <p class="muted small" data-testid="advice-time">{match estimate {
                None => format!("Solved in {:.0} ms in your browser ({} battle states).", ms, a.states),
                Some(_) => format!("Estimated in {:.0} ms in your browser ({} battle states solved exactly within the budget).", ms, a.states),
            }}</p>
        </>
    }
}

/// A tied-hit choice's gain, in the objective's unit, signed.
fn gain_text(objective: &str, g: f64) -> String {
    if objective == "steps" { format!("{g:+.2} steps") } else { format!("{:+.1} points", g * 100.0) }
}

/// The tied-hit decisions (6.4, D3, R14): where best play has another of equally strong blocks
/// take the hits than the hit order would, and what it adds; those worth less than the figures
/// show are counted, not listed.
fn ties(a: &Advice, objective: &str, house: &impl Fn(bosworth::Side) -> bosworth::data::House) -> Html {
    if a.ties.is_empty() {
        return html! {};
    }
    let small = if objective == "steps" { 0.005 } else { 0.0005 };
    let (shown, rest): (Vec<_>, Vec<_>) = a.ties.iter().partition(|t| t.gain >= small);
    html! {
        <div class="outline" data-testid="advice-ties">
            <h3>{"Which block takes tied hits"}</h3>
            if shown.is_empty() {
                <p class="muted small">{"The hit order as set is as good as best play's choice of which equally strong block takes the hits (6.4, D3): no choice here adds as much as 0.1 point."}</p>
            } else {
                <p class="muted small">{"Where best play has another of equally strong blocks take the hits than your hit order (6.4, D3): chance such a fire comes, and what the choice adds for that side."}</p>
                <ul class="outline-round">
                    { for shown.iter().map(|t| html! {
                        <li data-testid="tie-line">
                            <span class="outline-r">{format!("Round {}", t.round)}</span>{" · "}
                            <span>{format!("{} ({}): {} takes the hits, sparing {}", house(t.side), t.side.name(), t.hit, t.spared)}</span>
                            {" · "}<span class="muted">{format!("{} of battles, {}", share_text(t.chance), gain_text(objective, t.gain))}</span>
                        </li>
                    }) }
                </ul>
                if !rest.is_empty() {
                    <p class="muted small">{format!("And {} more, each adding less than {}.", rest.len(), if objective == "steps" { "0.005 steps" } else { "0.05 points" })}</p>
                }
            }
        </div>
    }
}

/// A share as a whole percentage, `<1%` below one.
fn share_text(p: f64) -> String {
    if p > 0.0 && p < 0.005 { "<1%".to_string() } else { format!("{:.0}%", p * 100.0) }
}

/// The outline of best play as lines by round: (round, [(line, departs from the choices as set)]).
/// A line reads `Exeter/L: treachery on Stanley/Y (100% of its turns)`.
pub fn outline_lines(entries: &[OutlineEntry]) -> Vec<(u8, Vec<(String, bool)>)> {
    let mut rounds: Vec<(u8, Vec<(String, bool)>)> = Vec::new();
    for e in entries {
        let line = format!("{}: {} ({} of its turns)", e.block, e.action, share_text(e.share));
        match rounds.iter_mut().find(|(r, _)| *r == e.round) {
            Some((_, lines)) => lines.push((line, e.departs_from_policy)),
            None => rounds.push((e.round, vec![(line, e.departs_from_policy)])),
        }
    }
    rounds.sort_by_key(|(r, _)| *r);
    rounds
}

/// The share of a block's turns under which a line of best play is rare: such lines are listed
/// apart, so a charge made in one turn in a thousand is not flagged as what best play does.
pub const RARE_SHARE: f64 = 0.01;

/// The outline's entries in two: what best play does in at least [`RARE_SHARE`] of a block's
/// turns, and the rare rest.
pub fn split_rare(entries: &[OutlineEntry]) -> (Vec<OutlineEntry>, Vec<OutlineEntry>) {
    entries.iter().cloned().partition(|e| e.share >= RARE_SHARE)
}

/// The outline's props.
#[derive(Properties, PartialEq, Clone)]
pub struct OutlineProps {
    /// `Advice::outline`.
    pub entries: Vec<OutlineEntry>,
}

/// Best play in outline, after the first decision: where it does something other than fire, by
/// round, with the turns that depart from the choices as set marked.
#[function_component]
pub fn Outline(props: &OutlineProps) -> Html {
    let (common, rare) = split_rare(&props.entries);
    let rounds = outline_lines(&common);
    let rare_lines: Vec<String> = outline_lines(&rare)
        .into_iter()
        .flat_map(|(round, lines)| lines.into_iter().map(move |(line, _)| format!("Round {round} · {line}")))
        .collect();
    html! {
        <div class="outline" data-testid="advice-outline">
            <h3>{"Best play in outline"}</h3>
            if rounds.is_empty() && rare_lines.is_empty() {
                <p class="muted small">{"Every block fires whenever it has a choice, as set."}</p>
            } else if rounds.is_empty() {
                <p class="muted small">{"Every block fires whenever it has a choice, as set, but in rare turns (below)."}</p>
            } else {
                <p class="muted small">{"Where best play does other than fire; share of that block's turns in the round, as far as they come."}</p>
                { for rounds.iter().map(|(round, lines)| html! {
                    <ul class="outline-round" aria-label={format!("Round {round}")} data-testid={format!("outline-round-{round}")}>
                        { for lines.iter().map(|(line, departs)| html! {
                            <li class={classes!(departs.then_some("departs"))} data-testid="outline-line">
                                <span class="outline-r">{format!("Round {round}")}</span>{" · "}<span>{line.clone()}</span>
                                if *departs { <span class="tag departs-tag" title="Not what the choices as set would do">{"differs from your choices"}</span> }
                            </li>
                        }) }
                    </ul>
                }) }
            }
            if !rare_lines.is_empty() {
                <details class="outline-rare" data-testid="advice-rare">
                    <summary>{format!("Rare turns, under {:.0}% of a block's turns: {}", RARE_SHARE * 100.0, rare_lines.len())}</summary>
                    <ul>{ for rare_lines.iter().map(|l| html! { <li class="small">{l.clone()}</li> }) }</ul>
                </details>
            }
        </div>
    }
}
