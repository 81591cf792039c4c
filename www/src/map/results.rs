//! The plans: every target with its best plan (`bosworth plan` without `--target`), or every way
//! to attack one target, ranked (`bosworth plan --target`), as the planner's workers answer; the
//! chosen plan's arrows are on the map, and "Open as battle" takes its battle to the battle
//! calculator through the address (`#s=`), with its own history entry, so Back returns here.
//! While the figures sharpen, each says how it was worked out and its standard error.

use super::planner::{Pass, QUICK_RUNS};
use super::planning::{Answer, Ask, Planning};
use super::ranking::{PlanView, TargetPlans, deaths, error_words, groups, method_words};
use crate::shell::format::pct;
use bosworth::data::House;
use bosworth::solve::report::Method;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Props of the plans.
#[derive(Properties, PartialEq, Clone)]
pub struct PlansProps {
    /// The planning of the board on screen.
    pub planning: Planning,
    /// The board is valid (else the problem card says why, and no plan is shown).
    pub valid: bool,
    /// The planning is of the board on screen (just after an edit, it is still the board before's:
    /// the panel says it is working).
    pub current: bool,
    /// Why the card played allows no attack this turn (Muster, Plague, Piracy: Event Cards), if
    /// it does not (`bosworth::board::card_refusal`).
    pub refusal: Option<String>,
    /// The moving player's house.
    pub house: House,
    /// The target whose plans are ranked; `None`: every target with its best plan.
    pub focus: Option<String>,
    /// The plan (or target) chosen: its arrows are on the map.
    pub chosen: usize,
    /// Another focus.
    pub on_focus: Callback<Option<String>>,
    /// Another plan (or target) chosen.
    pub on_choose: Callback<usize>,
    /// Stop the work.
    pub on_cancel: Callback<()>,
    /// Start it again after a stop.
    pub on_resume: Callback<()>,
    /// Show the best whole turn instead (`super::turn`).
    #[prop_or_default]
    pub on_turn: Callback<()>,
}

/// The plans shown: every target's best (each with its target), or one target's ranking; each
/// with the most refined figures known for its battle, as the map's chips show them
/// (`Planning::refined`, `Planning::best_of`).
pub fn shown(planning: &Planning, focus: Option<&str>) -> Vec<(String, PlanView)> {
    match focus {
        None => planning
            .every_target()
            .0
            .into_iter()
            .filter_map(|t| planning.best_of(&t.target).map(|(p, _)| (t.target.clone(), p)))
            .collect(),
        Some(t) => planning
            .answer(&Ask::ranking(t))
            .and_then(Answer::figures)
            .map(|r| r.plans.iter().map(|p| (t.to_string(), planning.refined(p).0)).collect())
            .unwrap_or_default(),
    }
}

/// The fragment that opens a plan's battle in the battle calculator.
pub fn battle_fragment(plan: &PlanView) -> String {
    crate::shell::codec::to_fragment(&plan.battle, false)
}

/// Takes the plan's battle to the battle calculator: a new entry in the browser's history, so
/// Back (or the battle's own history) returns to the map.
pub fn open(plan: &PlanView) {
    let _ = gloo::utils::window()
        .location()
        .set_hash(&battle_fragment(plan));
}

fn method_key(m: &Method) -> &'static str {
    match m {
        Method::Exact { .. } => "exact",
        Method::MonteCarlo { .. } => "monte_carlo",
    }
}

/// One plan's lines of words, as `bosworth plan` prints them.
pub fn plan_lines(plan: &PlanView, house: House) -> Html {
    let (main, reserves) = groups(plan);
    let n = plan.ways.len();
    let dies = deaths(plan);
    html! {
        <>
            <span class="plan-cost">{format!("{} AP, {n} block{} · ", plan.action_points, if n == 1 { "" } else { "s" })}
                <span class="plan-method" data-testid="row-method">{method_words(&plan.method)}</span></span>
            if let Some(m) = main { <span class="plan-line main-line">{format!("Main Attack by {m}")}</span> }
            if !reserves.is_empty() { <span class="plan-line reserve-line">{format!("reserves by {}", reserves.join("; "))}</span> }
            { for plan.reinforcements.iter().map(|g| html! {
                <span class="plan-line enemy-line">{format!("enemy reserves by {}: {} from {}", g.route[g.route.len().saturating_sub(2)],
                    g.known.len() + g.unseen as usize, g.from)}</span>
            }) }
            <span class="plan-line muted">
                {format!("steps lost {:.2} ({} {:.2})", plan.own_steps_lost, house.other(), plan.enemy_steps_lost)}
                if !dies.is_empty() { {format!("; dies: {dies}")} }
                if !plan.left_empty.is_empty() { {format!("; left empty: {}", plan.left_empty.join(", "))} }
            </span>
        </>
    }
}

/// The plans panel.
#[function_component]
pub fn Plans(p: &PlansProps) -> Html {
    let planning = &p.planning;
    let focus = p.focus.clone();
    // A target just focused whose ranking is not asked yet (it is asked after this render) is
    // running, not the last question's "done": a test or a reader waiting for its figures must
    // not take the old ones for them.
    let unasked = focus
        .as_ref()
        .is_some_and(|t| planning.targets.contains(t) && planning.answer(&Ask::ranking(t)).is_none());
    let status = match (p.valid, p.current) {
        (false, _) => "idle",
        (true, false) => "running",
        (true, true) if unasked => "running",
        (true, true) => planning.status(),
    };
    let plans = shown(planning, focus.as_deref());
    let answer: Option<&Answer> = focus
        .as_ref()
        .and_then(|t| planning.answer(&Ask::ranking(t)));
    let (every, waiting) = planning.every_target();
    let pass = match &focus {
        Some(_) => answer.and_then(|a| a.plans.as_ref()).map(|(p, _)| *p),
        None if every.is_empty() => None,
        None if waiting == 0
            && planning
                .targets
                .iter()
                .all(|t| planning.answer(&Ask::best(t)).is_some_and(Answer::done)) =>
        {
            Some(Pass::Final)
        }
        None => Some(Pass::Quick),
    };
    let on_target = {
        let on_focus = p.on_focus.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            on_focus.emit(if v.is_empty() { None } else { Some(v) });
        })
    };
    // Progress of what the panel shows.
    let fraction = match &focus {
        Some(_) => answer.map_or(0.0, Answer::fraction),
        None if planning.targets.is_empty() => 1.0,
        None => {
            let all: Vec<f64> = planning
                .targets
                .iter()
                .map(|t| planning.answer(&Ask::best(t)).map_or(0.0, Answer::fraction))
                .collect();
            all.iter().sum::<f64>() / all.len() as f64
        }
    };
    let failed: Vec<String> = match &focus {
        Some(_) => answer.and_then(|a| a.failed.clone()).into_iter().collect(),
        None => planning
            .targets
            .iter()
            .filter_map(|t| {
                planning
                    .answer(&Ask::best(t))
                    .and_then(|a| a.failed.clone())
                    .map(|f| format!("{t}: {f}"))
            })
            .collect(),
    };
    let working = status == "running" && fraction < 1.0 && failed.is_empty();
    // What the planner is doing, in words, for the ranking on screen.
    let doing = answer.and_then(Answer::doing);
    let chosen = p.chosen.min(plans.len().saturating_sub(1));
    let cancel = p.on_cancel.reform(|_: MouseEvent| ());
    let resume = p.on_resume.reform(|_: MouseEvent| ());
    let all_targets = planning.targets.clone();
    let title = match &focus {
        Some(t) => format!("Every attack on {t}"),
        None => "Where to attack".to_string(),
    };
    let ranking: Option<&TargetPlans> = answer.and_then(Answer::figures);
    html! {
        <section class={classes!("card", "plans-card", super::area::house_class(p.house))} aria-labelledby="plans-h" data-testid="plans" data-calc={status}
            data-pass={pass.map(|p| if p == Pass::Final { "final" } else { "quick" })} data-target={focus.clone()}>
            <div class="plans-head">
                <h2 id="plans-h">{title}</h2>
                <label class="plans-target">
                    <span>{"Target"}</span>
                    <select onchange={on_target} data-testid="target-pick" disabled={!p.valid}>
                        <option value="" selected={focus.is_none()}>{"Every target"}</option>
                        { for all_targets.iter().map(|t| html! { <option value={t.clone()} selected={focus.as_deref() == Some(t.as_str())}>{t.clone()}</option> }) }
                        if let Some(t) = focus.as_ref().filter(|t| !all_targets.contains(t)) {
                            <option value={t.clone()} selected=true>{t.clone()}</option>
                        }
                    </select>
                </label>
                <button onclick={p.on_turn.reform(|_: MouseEvent| ())} data-testid="best-turn-open" disabled={!p.valid}
                    title="Every attack the card allows together this turn, ranked">{"Best turn"}</button>
            </div>
            if !p.valid {
                <p class="muted">{"No plan while the board cannot be: see what is wrong under the area being set up."}</p>
            } else if let Some(why) = p.refusal.clone().filter(|_| focus.is_none()) {
                <p class="muted" data-testid="no-target">{why}</p>
            } else if planning.targets.is_empty() && focus.is_none() {
                <p class="muted" data-testid="no-target">{format!("{} cannot attack anything this turn: no {} block stands within reach. Place enemy blocks (unseen or known) in an area next to yours.", p.house, p.house.other())}</p>
            } else {
                <div class="plan-status" role="status">
                    if working {
                        <progress max="1" value={format!("{fraction:.3}")} aria-label="Planning" data-testid="plans-progress"></progress>
                        <span class="small" data-testid="plans-doing">{
                            match (pass == Some(Pass::Quick), doing) {
                                (true, Some(d)) => format!("Sharpening the figures: {:.0}%, {d}", 100.0 * fraction),
                                (true, None) => format!("Sharpening the figures: {:.0}%", 100.0 * fraction),
                                (false, Some(d)) => format!("Working out every plan: {:.0}%, {d}", 100.0 * fraction),
                                (false, None) => format!("Working out every plan: {:.0}%", 100.0 * fraction),
                            }
                        }</span>
                        <button onclick={cancel} data-testid="plans-cancel">{"Cancel"}</button>
                    } else if status == "cancelled" {
                        <span class="small">{"Stopped: the figures below are those worked out so far."}</span>
                        <button onclick={resume} data-testid="plans-resume">{"Plan again"}</button>
                    }
                </div>
                { for failed.iter().map(|f| html! { <p class="field-error" data-testid="plans-failed">{f.clone()}</p> }) }
                if let Some(r) = ranking {
                    <p class="small muted plans-about">{format!("{} plan{} considered{}; the screening fought {} battles.",
                        r.considered, if r.considered == 1 { "" } else { "s" },
                        if r.truncated { " (the search stopped at its limit)" } else { "" }, r.screened_battles)}</p>
                }
                if plans.is_empty() && !working && failed.is_empty() && focus.is_some() && ranking.is_some() {
                    <p class="muted">{"No plan: no block can reach it this turn."}</p>
                }
                <fieldset class="plan-list" data-testid="plan-list">
                    <legend class="visually-hidden">{if focus.is_some() { "Choose a plan to draw on the map" } else { "Choose a target to draw its best plan on the map" }}</legend>
                    { for plans.iter().enumerate().map(|(i, (target, plan))| {
                        let choose = p.on_choose.reform(move |_: Event| i);
                        let active: Vec<&str> = plan.active().map(|w| w.id.as_str()).collect();
                        let reserves: Vec<&str> = plan.reserves().map(|w| w.id.as_str()).collect();
                        let rank = format!("{}{}", i + 1, if plan.pareto && focus.is_some() { "*" } else { "" });
                        html! {
                            <div class="plan-item" key={i.to_string()}>
                            <label class={classes!("plan-row", (i == chosen).then_some("chosen"))} data-testid={format!("plan-{i}")}
                                data-holds={plan.holds.to_string()} data-std-error={plan.std_error.to_string()}
                                data-method={method_key(&plan.method)} data-target={target.clone()} data-main={plan.main.clone()}
                                data-active={active.join(",")} data-reserves={reserves.join(",")}>
                                <input type="radio" name="plan" checked={i == chosen} onchange={choose} />
                                <span class="plan-rank" title={if plan.pareto && focus.is_some() { "on the Pareto front" } else { "" }}>{rank}</span>
                                <span class="plan-body">
                                    <span class="plan-top">
                                        if focus.is_none() { <span class="plan-target">{target.clone()}</span> }
                                        <span class="plan-holds"><b>{pct(plan.holds)}</b><small>{error_words(plan)}</small></span>
                                        if plan.tied_with_next && focus.is_some() { <span class="tag" title="within 4 standard errors of the next">{"tied"}</span> }
                                    </span>
                                    <span class="bar plan-bar" aria-hidden="true"><span class="seg" style={format!("width:{:.1}%", 100.0 * plan.holds)}></span></span>
                                    { plan_lines(plan, p.house) }
                                </span>
                            </label>
                            if i == chosen { { actions(target, plan, chosen, focus.as_deref(), &p.on_focus) } }
                            </div>
                        }
                    }) }
                </fieldset>
                { note(&plans, pass, focus.as_deref()) }
            }
        </section>
    }
}

/// The chosen plan's buttons: Open as battle, and to its target's ranking (or back to every
/// target).
fn actions(target: &str, plan: &PlanView, chosen: usize, focus: Option<&str>, on_focus: &Callback<Option<String>>) -> Html {
    let open_it = {
        let plan = plan.clone();
        Callback::from(move |e: MouseEvent| {
            if e.ctrl_key() || e.meta_key() || e.shift_key() || e.button() != 0 {
                return;
            }
            e.prevent_default();
            open(&plan);
        })
    };
    let other = match focus {
        None => {
            let (f, t) = (on_focus.clone(), target.to_string());
            html! { <button onclick={Callback::from(move |_: MouseEvent| f.emit(Some(t.clone())))} data-testid="rank-target">{format!("Every attack on {target}")}</button> }
        }
        Some(_) => {
            let f = on_focus.clone();
            html! { <button onclick={Callback::from(move |_: MouseEvent| f.emit(None))} data-testid="every-target">{"Every target"}</button> }
        }
    };
    html! {
        <div class="plan-actions">
            <a class="button primary" href={battle_fragment(plan)} data-testid="open-battle" onclick={open_it}>
                {format!("Open as battle: plan {} on {target}", chosen + 1)}
            </a>
            {other}
        </div>
    }
}

/// How the figures were worked out, and the command that gives the same.
fn note(plans: &[(String, PlanView)], pass: Option<Pass>, focus: Option<&str>) -> Html {
    if plans.is_empty() {
        return html! {};
    }
    let mut methods: Vec<String> = plans.iter().map(|(_, p)| method_words(&p.method)).collect();
    methods.sort();
    methods.dedup();
    let command = match focus {
        Some(t) => format!("bosworth plan BOARD --target \"{t}\""),
        None => "bosworth plan BOARD".to_string(),
    };
    let what = if pass == Some(Pass::Final) {
        format!("the same figures as {command} on this board's link (Copy link), but where another question worked out a plan's battle more finely (its method says so: the map, the list and every row show one answer for a battle)")
    } else {
        format!(
            "a first pass with {QUICK_RUNS} battles for each plan not solved exactly; they sharpen to {command}'s as the planner works"
        )
    };
    html! {
        <p class="small muted plans-method" data-testid="plans-method">
            if focus.is_some() { {"* on the Pareto front: no other plan holds as often with no more steps lost and blocks committed. "} }
            {format!("Each plan's figures are the fog of war's on its battle ({}): {what}. ", methods.join("; "))}
            {"Open as battle shows the plan's battle in the battle calculator, where bosworth exact gives its odds; Back returns to the map."}
        </p>
    }
}
