//! The figures below the headline: progress, warnings, charts and the table per block.

use super::StateProps;
use super::fog::FogSection;
pub use super::fog::{Possibility, revealed};
use crate::battle::charts;
use crate::shell::charts::{house_colour, save, svg};
use crate::shell::format::pct;
use crate::battle::state::{Action, Calc, Refine};
use bosworth::Report;
use bosworth::solve::report::Method;
use std::rc::Rc;
use yew::prelude::*;

/// The headline's line for a battle with hidden blocks: what its figures are averaged over.
pub fn averaged(f: &bosworth::FogReport) -> String {
    let ways = if f.possibilities > 0 { f.possibilities.to_string() } else { "too many to list".to_string() };
    let how = if f.spread.is_some() { "each solved exactly" } else { "drawn by Monte Carlo" };
    let n = f.hidden.len();
    format!(
        "Averaged over what the {n} hidden block{} may be: {ways} possibilities ({} distinct battles, {how}).",
        if n == 1 { "" } else { "s" },
        f.compositions
    )
}

/// The smallest chance of a royal death that earns a warning.
pub const DEATH_WARNING: f64 = 0.005;

/// Warnings about the King, the Pretender and the heirs.
pub fn royal_warnings(r: &Report) -> Vec<String> {
    [
        (r.king_dies, "the King dies"),
        (r.pretender_dies, "the Pretender dies"),
        (r.york_heir_dies, "a York heir dies"),
        (r.lancaster_heir_dies, "a Lancaster heir dies"),
    ]
    .into_iter()
    .filter_map(|(p, what)| p.filter(|&p| p >= DEATH_WARNING).map(|p| format!("Chance {what}: {}", pct(p))))
    .collect()
}

/// The results panel.
#[function_component]
pub fn Results(props: &StateProps) -> Html {
    let state = &props.state;
    let report = state.report.clone();
    let drawn = use_memo(report.clone(), |r: &Option<Rc<Report>>| {
        r.as_ref().map(|r| (charts::rounds(r), charts::steps_lost(r), charts::final_strength(r)))
    });
    let fog = state.fog.clone().filter(|_| state.report_is_current());
    let spread_svg = use_memo(fog.clone(), |f: &Option<Rc<bosworth::FogReport>>| {
        f.as_ref().and_then(|f| {
            let house = f.report.sides[f.viewer.index()].house;
            f.spread.as_ref().map(|s| charts::spread(&s.points, house))
        })
    });
    let cancel = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Cancel))
    };
    // A possibility opened as a battle: an undoable change with its own entry in the history.
    let open = {
        let state = state.clone();
        Callback::from(move |what: Possibility| match revealed(&state.scenario, &what) {
            Some(sc) => state.dispatch(Action::Load(sc)),
            None => state.dispatch(Action::Notice(Some("That possibility could not be opened as a battle.".into()))),
        })
    };
    let status = match &state.calc {
        Calc::Running { runs, total } if *total > 0 => html! {
            <div class="status running" data-testid="progress">
                <progress max={total.to_string()} value={runs.to_string()} aria-label="Monte Carlo battles"></progress>
                <span>{format!("Monte Carlo: {runs} of {total} battles")}</span>
                <button onclick={cancel} data-testid="cancel">{"Cancel"}</button>
            </div>
        },
        Calc::Running { .. } => html! {
            <div class="status running" data-testid="solving">
                <span class="spinner" aria-hidden="true"></span><span>{"Solving exactly…"}</span>
                <button onclick={cancel} data-testid="cancel">{"Cancel"}</button>
            </div>
        },
        Calc::Cancelled if state.report_is_current() => html! { <div class="status" data-testid="stopped">{"Stopped: the figures are from the battles simulated so far."}</div> },
        Calc::Cancelled => html! { <div class="status" data-testid="stopped">{"Stopped before the exact solve finished: the figures shown are of the battle before your last edit. Edit the battle to solve again."}</div> },
        Calc::Failed(m) => html! { <div class="status error" role="alert">{m.clone()}</div> },
        _ => html! {},
    };
    // With hidden blocks: whether exact figures follow the Monte Carlo ones (issue 22).
    let refine = match &state.refine {
        Refine::Working { solved, battles } if matches!(state.calc, Calc::Running { .. }) => html! {
            <div class="status running refining" data-testid="refining" data-solved={solved.to_string()} data-battles={battles.to_string()}>
                <progress max={battles.to_string()} value={solved.to_string()} aria-label="Distinct battles solved exactly"></progress>
                <span>{format!("Solving exactly in the background: {solved} of {battles} distinct battles; the exact figures replace these when ready.")}</span>
            </div>
        },
        Refine::Refused(why) => {
            html! { <p class="note" data-testid="exact-refused">{why.clone()}</p> }
        }
        _ => html! {},
    };
    // The heading and the status (with its Cancel button) stay in place whether figures have
    // arrived or not, so a button being clicked is never replaced under the pointer.
    let Some(r) = report else {
        return html! {
            <section class="card results" aria-labelledby="results-h" data-testid="results" data-current="false" aria-busy="true"
                data-calc={state.calc.word()}>
                <h2 id="results-h">{"What happens"}</h2>
                {status}
            </section>
        };
    };
    let (method, method_id) = match &r.method {
        Method::Exact { states, .. } => (format!("Exact: every outcome weighed ({states} battle states)."), "exact"),
        Method::MonteCarlo { runs, seed } => {
            (format!("Monte Carlo: {runs} simulated battles, seed {seed}; ± is two standard errors."), "monte-carlo")
        }
    };
    let warnings = royal_warnings(&r);
    let current = state.report_is_current();
    html! {
        <section class={classes!("card", "results", (!current).then_some("stale"))} aria-labelledby="results-h"
            data-testid="results" data-current={current.to_string()} aria-busy={(!current).to_string()} data-calc={state.calc.word()} data-method={method_id}
            data-source={if state.recalled && current { "solved-before" } else { "solved" }}>
            <h2 id="results-h">{"What happens"}</h2>
            {status}
            {refine}
            if !current && !matches!(state.calc, Calc::Cancelled) {
                <p class="stale-note" data-testid="stale-note">{"These figures are of the battle before your last change; the new ones replace them when ready."}</p>
            }
            <p class="method" data-testid="method">{method}</p>
            if let Some(note) = &state.note { <p class="note" data-testid="note">{note.clone()}</p> }
            { for warnings.iter().map(|w| html! { <p class="warning" role="note" data-testid="royal-warning">{"⚠ "}{w.clone()}</p> }) }
            if let Some((rounds, lost, strength)) = drawn.as_ref() {
                <div class="charts">
                    <figure><figcaption>{"When the battle ends"}{save("ends", rounds)}</figcaption>{svg(rounds)}</figure>
                    <figure><figcaption>{"Steps lost by each side "}
                        { for r.sides.iter().map(|sd| {
                            let c = house_colour(sd.house);
                            html! { <span class="key" style={format!("--k: rgb({},{},{})", c.0, c.1, c.2)}>{format!("{} ({})", sd.house, sd.side.name())}</span> }
                        }) }
                        {save("steps-lost", lost)}
                        </figcaption>{svg(lost)}</figure>
                    <figure class="wide">
                        <figcaption>{"Each block's final strength ("}<span class="key k0">{"✕ eliminated"}</span>{", then 1 to 4)"}{save("final-strength", strength)}</figcaption>
                        {svg(strength)}
                    </figure>
                </div>
            }
            <div class="table-wrap">
                <table class="blocks-table fates" data-testid="fates">
                    <caption>{"Each block's fate"}</caption>
                    <thead><tr>
                        <th scope="col">{"Block"}</th><th scope="col">{"Side"}</th><th scope="col">{"Start"}</th>
                        <th scope="col">{"P(eliminated)"}</th><th scope="col">{"P(retreats)"}</th>
                        <th scope="col">{"P(defects)"}</th><th scope="col">{"Expected strength"}</th>
                    </tr></thead>
                    <tbody>
                        { for r.blocks.iter().map(|b| html! {
                            <tr>
                                <th scope="row" title={format!("if eliminated: {}", b.if_eliminated)}>{b.name.clone()}</th>
                                <td data-label="Side">{b.side.name()}</td>
                                <td data-label="Start">{if b.strength == 0 { "?".to_string() } else { b.strength.to_string() }}</td>
                                <td data-label="Eliminated">{pct(b.eliminated)}</td>
                                <td data-label="Retreats">{pct(b.retreated)}</td>
                                <td data-label="Defects">{pct(b.defected)}</td>
                                <td data-label="Expected strength">{format!("{:.2}", b.expected_strength)}</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if let Some(f) = &fog {
                <FogSection scenario={state.scenario.clone()} fog={f.clone()} spread_svg={(*spread_svg).clone()} open={open.clone()} />
            }
            if let Some(t) = &r.treason {
                <p class="small" data-testid="treason-choice">{format!(
                    "Treason card: {} rolls at {}, the best target for {} (R45; {}): {}.",
                    r.sides[t.holder.index()].house,
                    t.target,
                    r.sides[t.holder.index()].house,
                    if t.runs.is_some() { "chosen by Monte Carlo" } else { "chosen exactly" },
                    t.targets.iter().map(|v| format!("{} {} to hold", v.block, pct(v.holds))).collect::<Vec<_>>().join(", ")
                )}</p>
            }
            <p class="muted small">{format!(
                "Expected steps lost: {} (attacker) {:.2}, {} (defender) {:.2}. Chance control changes in round 1 (D5): {}.",
                r.sides[0].house, r.sides[0].expected_steps_lost, r.sides[1].house, r.sides[1].expected_steps_lost, pct(r.control_changes)
            )}</p>
        </section>
    }
}
