//! The figures below the headline: progress, warnings, charts and the table per block.

use super::StateProps;
use crate::charts;
use crate::format::pct;
use crate::state::{Action, Calc};
use bosworth::Report;
use bosworth::solve::report::Method;
use std::rc::Rc;
use yew::prelude::*;

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

fn svg(text: &str) -> Html {
    Html::from_html_unchecked(AttrValue::from(text.to_string()))
}

/// A button that downloads a chart as `bosworth-{name}.svg`.
fn save(name: &'static str, text: &str) -> Html {
    let text = text.to_string();
    let file = format!("bosworth-{name}.svg");
    html! {
        <button class="save-svg" data-testid={format!("svg-{name}")} title={format!("Download this chart as {file}")}
            aria-label={format!("Download this chart as {file}")}
            onclick={Callback::from(move |_| crate::components::share::download(&file, "image/svg+xml", &charts::standalone(&text)))}>
            {"⤓ SVG"}
        </button>
    }
}

/// The results panel.
#[function_component]
pub fn Results(props: &StateProps) -> Html {
    let state = &props.state;
    let report = state.report.clone();
    let drawn = use_memo(report.clone(), |r: &Option<Rc<Report>>| {
        r.as_ref().map(|r| (charts::rounds(r), charts::steps_lost(r), charts::final_strength(r)))
    });
    let cancel = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Cancel))
    };
    let status = match &state.calc {
        Calc::Running { runs, total } if *total > 0 => html! {
            <div class="status running" data-testid="progress">
                <progress max={total.to_string()} value={runs.to_string()}></progress>
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
    let Some(r) = report else {
        return html! { <section class="card results">{status}</section> };
    };
    let method = match &r.method {
        Method::Exact { states, .. } => format!("Exact: every outcome weighed ({states} battle states)."),
        Method::MonteCarlo { runs, seed } => format!("Monte Carlo: {runs} simulated battles, seed {seed}; ± is two standard errors."),
    };
    let warnings = royal_warnings(&r);
    let current = state.report_is_current();
    html! {
        <section class={classes!("card", "results", (!current).then_some("stale"))} aria-labelledby="results-h"
            data-testid="results" data-current={current.to_string()} aria-busy={(!current).to_string()}>
            <h2 id="results-h">{"What happens"}</h2>
            {status}
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
                            let c = charts::house_colour(sd.house);
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
                <table class="blocks-table">
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
                                <td>{b.side.name()}</td>
                                <td>{b.strength}</td>
                                <td>{pct(b.eliminated)}</td>
                                <td>{pct(b.retreated)}</td>
                                <td>{pct(b.defected)}</td>
                                <td>{format!("{:.2}", b.expected_strength)}</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            <p class="muted small">{format!(
                "Expected steps lost: {} (attacker) {:.2}, {} (defender) {:.2}. Chance control changes in round 1 (D5): {}.",
                r.sides[0].house, r.sides[0].expected_steps_lost, r.sides[1].house, r.sides[1].expected_steps_lost, pct(r.control_changes)
            )}</p>
        </section>
    }
}
