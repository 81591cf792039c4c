//! The figures below the headline: progress, warnings, charts and the table per block.

use super::StateProps;
use crate::battle::charts;
use crate::shell::charts::{house_colour, save, svg};
use crate::shell::format::pct;
use crate::battle::state::{Action, Calc};
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

/// What the hidden blocks mean for the attack: the spread of the viewer's chance, who they may
/// be, the chance a royal is among them, and what scouting each would tell.
fn fog_section(f: &bosworth::FogReport, spread_svg: Option<&String>) -> Html {
    let viewer = f.report.sides[f.viewer.index()].house;
    let who = format!("{viewer} ({})", f.viewer.name());
    let spread = f.spread.as_ref().map(|s| {
        let q = |k: usize| s.quantiles.get(k).map_or(0.0, |x| x[1]);
        html! {
            <>
            <p data-testid="spread-words">{format!(
                "In a quarter of what they may be, {who} holds with at most {}; in half, at most {}; in three quarters, at most {}.",
                pct(q(1)), pct(q(2)), pct(q(3))
            )}</p>
            <ul class="examples">
                <li data-testid="spread-worst">{format!("As bad as it likely gets (10%): {} → {}", s.worst.blocks.join(", "), pct(s.worst.viewer_holds))}</li>
                <li data-testid="spread-best">{format!("As good as it likely gets (90%): {} → {}", s.best.blocks.join(", "), pct(s.best.viewer_holds))}</li>
            </ul>
            </>
        }
    });
    // Hidden blocks described alike have one list.
    let mut lists: Vec<(Vec<String>, &bosworth::solve::fog::HiddenReport)> = Vec::new();
    for h in &f.hidden {
        match lists.iter_mut().find(|(_, r)| r.side == h.side && r.who == h.who) {
            Some((labels, _)) => labels.push(h.label.clone()),
            None => lists.push((vec![h.label.clone()], h)),
        }
    }
    html! {
        <section class="fog" aria-labelledby="fog-h" data-testid="fog">
            <h3 id="fog-h">{"Against blocks you cannot see"}</h3>
            if let Some(svg_text) = spread_svg {
                <figure><figcaption>{format!("Chance {who} holds, across what the hidden blocks may be")}{save("spread", svg_text)}</figcaption>
                    <div data-testid="spread-chart">{svg(svg_text)}</div></figure>
            }
            {spread.unwrap_or_default()}
            <p data-testid="royal">{format!(
                "Chance the enemy King is among the hidden blocks: {}; the Pretender: {}; an heir: {}.",
                pct(f.royal.king), pct(f.royal.pretender), pct(f.royal.heir)
            )}</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="What scouting would tell">
            <table class="blocks-table" data-testid="scouting">
                <caption>{format!("What scouting a hidden block would tell {who}")}</caption>
                <thead><tr><th scope="col">{"Block"}</th><th scope="col">{"Moves the chance by"}</th><th scope="col">{"Worst if it is"}</th><th scope="col">{"Best if it is"}</th></tr></thead>
                <tbody>
                    { for f.scouting.iter().map(|s| html! {
                        <tr>
                            <th scope="row">{format!("{} ({})", s.label, s.side.name())}</th>
                            <td>{format!("{:.1} points", s.value * 100.0)}</td>
                            <td>{format!("{} {} → {}", s.worst.block, s.worst.strength, pct(s.worst.viewer_holds))}</td>
                            <td>{format!("{} {} → {}", s.best.block, s.best.strength, pct(s.best.viewer_holds))}</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            </div>
            { for lists.iter().map(|(labels, h)| {
                let shown: Vec<String> = h.who.iter().take(8).map(|w| format!("{} {} ({})", w.block, w.strength, pct(w.chance))).collect();
                let more = h.who.len().saturating_sub(8);
                html! {
                    <p class="small" data-testid="hidden-who">{format!(
                        "{} ({}) may {}be: {}{}",
                        labels.join(", "), h.side.name(), if labels.len() > 1 { "each " } else { "" },
                        shown.join(", "), if more > 0 { format!(", and {more} more") } else { String::new() }
                    )}</p>
                }
            }) }
        </section>
    }
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
    // The heading and the status (with its Cancel button) stay in place whether figures have
    // arrived or not, so a button being clicked is never replaced under the pointer.
    let Some(r) = report else {
        return html! {
            <section class="card results" aria-labelledby="results-h" data-testid="results" data-current="false" aria-busy="true">
                <h2 id="results-h">{"What happens"}</h2>
                {status}
            </section>
        };
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
            if let Some(f) = &fog { {fog_section(f, spread_svg.as_ref().as_ref())} }
            <p class="muted small">{format!(
                "Expected steps lost: {} (attacker) {:.2}, {} (defender) {:.2}. Chance control changes in round 1 (D5): {}.",
                r.sides[0].house, r.sides[0].expected_steps_lost, r.sides[1].house, r.sides[1].expected_steps_lost, pct(r.control_changes)
            )}</p>
        </section>
    }
}
