//! Compare plans: pin the figures of the battle on screen, change it, pin again; up to four
//! plans side by side with the battle as it is now (who holds, steps lost, heirs at risk), and
//! the steps lost overlaid. Pins travel in the address; a plan from a link has its figures
//! computed again by the helper worker, never trusted from the link.

use crate::shell::charts::{save, svg};
use crate::battle::charts::{self, PLAN_COLOURS, plan_marker};
use crate::shell::codec;
use crate::battle::engine::{Reply, Request};
use crate::shell::format::pct;
use crate::battle::helper::use_helper;
use crate::battle::state::{Action, State};
use bosworth::{Report, Scenario, Side};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Props of the compare panel.
#[derive(Properties, PartialEq, Clone)]
pub struct CompareProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
}

/// One row of the table: its words and its figure from a report.
type Row = (&'static str, fn(&Report) -> String);

/// The rows of the table, side by side for every plan.
pub const ROWS: [Row; 9] = [
    ("Attacker holds", |r| pct(r.attacker_holds)),
    ("Defender holds", |r| pct(r.defender_holds)),
    ("Left vacant", |r| pct(r.vacant)),
    ("Steps lost by the attacker", |r| format!("{:.2}", r.sides[0].expected_steps_lost)),
    ("Steps lost by the defender", |r| format!("{:.2}", r.sides[1].expected_steps_lost)),
    ("The King dies", |r| r.king_dies.map_or("—".into(), pct)),
    ("The Pretender dies", |r| r.pretender_dies.map_or("—".into(), pct)),
    ("A York heir dies", |r| r.york_heir_dies.map_or("—".into(), pct)),
    ("A Lancaster heir dies", |r| r.lancaster_heir_dies.map_or("—".into(), pct)),
];

/// Who fights whom where, in a few words: blocks and steps a side (and hidden blocks),
/// so plans that differ in a strength read apart.
fn what(s: &Scenario) -> String {
    let area = s.area.clone().unwrap_or_else(|| "no area".into());
    let army = |side: Side| {
        let a = match side {
            Side::Attacker => &s.attacker,
            Side::Defender => &s.defender,
        };
        let steps: u32 = a.blocks.iter().map(|b| b.strength as u32).sum();
        let hidden = if a.hidden.is_empty() { String::new() } else { format!(" and {} hidden", a.hidden.len()) };
        let n = a.blocks.len();
        format!("{}: {n} block{}, {steps} steps{hidden}", a.house, if n == 1 { "" } else { "s" })
    };
    let choices = if s.policy.is_default() { "" } else { ", choices set" };
    format!("{} against {}; {area}{choices}", army(Side::Attacker), army(Side::Defender))
}

/// What a battle is made of, as short phrases two plans can be told apart by: each block with
/// its strength and whether it is in reserve, the area, the throne, the Treason card, the dead,
/// hidden blocks, retreat limits and the choices (numbered when several plans set different ones).
fn features(s: &Scenario, choices: &[&bosworth::scenario::Policy]) -> Vec<String> {
    let mut out = Vec::new();
    for a in [&s.attacker, &s.defender] {
        for b in &a.blocks {
            let name = b.id.clone().or_else(|| b.custom.as_ref().map(|c| c.name.clone())).unwrap_or_default();
            out.push(format!("{name} {}{}", b.strength, if b.reserve { " in reserve" } else { "" }));
        }
        if !a.hidden.is_empty() {
            out.push(format!("{} hidden {}", a.hidden.len(), a.house));
        }
        if let Some(c) = a.retreat_capacity {
            out.push(format!("{} retreats {c} a round", a.house));
        }
    }
    out.push(s.area.clone().map_or("no area".to_string(), |a| format!("in {a}")));
    out.push(format!("{} on the throne", s.king));
    if let Some(t) = s.treason {
        out.push(format!("Treason card: the {}", t.name()));
    }
    out.extend(s.dead.iter().map(|d| format!("{d} dead")));
    if !s.policy.is_default() {
        let k = choices.iter().position(|p| **p == s.policy).map_or(0, |k| k + 1);
        out.push(if choices.len() > 1 { format!("choices {k}") } else { "choices set".to_string() });
    }
    out
}

/// Each plan's caption: what sets it apart from the others shown (a block in reserve, another
/// strength, a block the others lack or have), else who fights whom where.
pub fn captions(all: &[&Scenario]) -> Vec<String> {
    let mut choices: Vec<&bosworth::scenario::Policy> = Vec::new();
    for s in all {
        if !s.policy.is_default() && !choices.contains(&&s.policy) {
            choices.push(&s.policy);
        }
    }
    let sets: Vec<Vec<String>> = all.iter().map(|s| features(s, &choices)).collect();
    let names = |s: &Scenario| -> Vec<String> {
        s.attacker.blocks.iter().chain(&s.defender.blocks).filter_map(|b| b.id.clone().or_else(|| b.custom.as_ref().map(|c| c.name.clone()))).collect()
    };
    all.iter()
        .zip(&sets)
        .map(|(s, mine)| {
            let mut apart: Vec<String> = mine.iter().filter(|f| !sets.iter().all(|o| o.contains(f))).cloned().collect();
            // Blocks another plan has and this one does not.
            let have = names(s);
            let mut without: Vec<String> = all.iter().flat_map(|o| names(o)).filter(|n| !have.contains(n)).collect();
            without.dedup();
            let mut seen = Vec::new();
            for n in without {
                if !seen.contains(&n) {
                    apart.push(format!("without {n}"));
                    seen.push(n);
                }
            }
            if apart.is_empty() || all.len() < 2 { what(s) } else { apart.join("; ") }
        })
        .collect()
}

/// The compare panel.
#[function_component]
pub fn Compare(p: &CompareProps) -> Html {
    let state = &p.state;
    let helper = use_helper();
    // Plans from a link have no figures yet: the helper computes them, one at a time.
    let missing: Vec<String> = state.pins.iter().filter(|p| p.report.is_none()).map(|p| codec::to_json(&p.scenario)).collect();
    {
        let helper = helper.clone();
        use_effect_with(missing, move |missing| {
            for json in missing {
                helper.ask(format!("figures|{json}"), Request::Figures { key: format!("figures|{json}"), scenario: json.clone() }, false);
            }
        });
    }
    let figures = |pin: &crate::battle::state::Pinned| -> Result<Rc<Report>, String> {
        if let Some(r) = &pin.report {
            return Ok(r.clone());
        }
        let key = format!("figures|{}", codec::to_json(&pin.scenario));
        match helper.answer(&key) {
            Some(Reply::Figures { report: Ok(json), .. }) => serde_json::from_str::<Report>(&json).map(Rc::new).map_err(|e| e.to_string()),
            Some(Reply::Figures { report: Err(m), .. }) => Err(m),
            _ => Err(String::new()),
        }
    };
    let now = state.report.clone().filter(|_| state.can_pin() || (state.report_is_current() && matches!(state.calc, crate::battle::state::Calc::Done)));
    let pin = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Pin))
    };
    let why_not = if state.pins.len() >= bosworth_link::MAX_PINS {
        Some("Four plans are pinned: unpin one to pin another.")
    } else if !state.can_pin() {
        Some("Pinning waits for the figures of the battle as it is now.")
    } else {
        None
    };
    // Each plan's figures (or why not yet), then the battle as it is now.
    // Each captioned by what sets it apart from the others (issue 26: two plans that differ in
    // which block is in reserve read apart).
    let battles: Vec<&Scenario> = state.pins.iter().map(|p| &p.scenario).chain(std::iter::once(&state.scenario)).collect();
    let about = captions(&battles);
    let columns: Vec<(String, Option<String>, Result<Rc<Report>, String>, Option<usize>)> = state
        .pins
        .iter()
        .enumerate()
        .map(|(i, p)| (p.label.clone(), Some(about[i].clone()), figures(p), Some(i)))
        .chain(std::iter::once(("Now".to_string(), about.last().cloned(), now.clone().ok_or_else(String::new), None)))
        .collect();
    let lost = |side: usize| -> Option<String> {
        let reports: Vec<&Report> = columns.iter().filter_map(|c| c.2.as_ref().ok().map(|r| r.as_ref())).collect();
        if reports.len() < 2 {
            return None;
        }
        let series: Vec<&[f64]> = reports.iter().map(|r| r.sides[side].steps_lost.as_slice()).collect();
        Some(charts::overlay(&series, if side == 0 { "steps lost by the attacker" } else { "steps lost by the defender" }))
    };
    let charts_shown = !state.pins.is_empty();
    let (att, def) = if charts_shown { (lost(0), lost(1)) } else { (None, None) };
    // The legend names the plans that have figures, in the charts' order.
    let legend: Vec<(usize, String)> = columns.iter().filter(|c| c.2.is_ok()).map(|c| c.0.clone()).enumerate().collect();
    html! {
        <section class="card compare" aria-labelledby="compare-h" data-testid="compare">
            <h2 id="compare-h">{"Compare plans"}</h2>
            <p class="muted small">{"Pin the figures of the battle on screen, change it (a reserve, another area, other choices), pin again: up to four plans side by side. Pinned plans go into the link."}</p>
            <div class="compare-actions">
                <button class="primary" data-testid="pin" disabled={why_not.is_some()} onclick={pin}>
                    {format!("Pin this result as Plan {}", ["A", "B", "C", "D"].iter().find(|l| !state.pins.iter().any(|p| p.label == format!("Plan {l}"))).unwrap_or(&"…"))}
                </button>
                if let Some(w) = why_not { <span class="muted small" data-testid="pin-why">{w}</span> }
            </div>
            if !state.pins.is_empty() {
                if state.pins.len() >= 2 { <p class="muted small compare-scroll-hint">{"Swipe the table sideways for every plan ⇆"}</p> }
                <div class="table-scroll" tabindex="0" role="region" aria-label="Pinned plans side by side">
                <table class="compare-table" data-testid="compare-table">
                    <thead>
                        <tr>
                            <th scope="col"><span class="visually-hidden">{"Figure"}</span></th>
                            { for columns.iter().map(|(label, about, _, idx)| {
                                let head = match idx {
                                    Some(i) => {
                                        let state = state.clone();
                                        let i = *i;
                                        let rename = Callback::from(move |e: Event| {
                                            let v = e.target_unchecked_into::<HtmlInputElement>().value();
                                            state.dispatch(Action::RenamePin(i, v));
                                        });
                                        html! { <input class="plan-name" value={label.clone()} maxlength="40" aria-label={format!("Name of {label}")}
                                            data-testid={format!("pin-name-{i}")} onchange={rename} /> }
                                    }
                                    None => html! { <span>{"Now"}</span> },
                                };
                                html! {
                                    <th scope="col" data-testid={idx.map_or("col-now".to_string(), |i| format!("col-pin-{i}"))}>
                                        {head}
                                        if let Some(a) = about { <div class="muted small plan-about" data-testid="plan-about">{a.clone()}</div> }
                                    </th>
                                }
                            }) }
                        </tr>
                    </thead>
                    <tbody>
                        { for ROWS.iter().filter(|(_, f)| columns.iter().any(|c| c.2.as_ref().is_ok_and(|r| f(r) != "—"))).map(|(words, f)| html! {
                            <tr>
                                <th scope="row">{*words}</th>
                                { for columns.iter().map(|(_, _, r, _)| html! {
                                    <td>{ match r {
                                        Ok(r) => html! { {f(r)} },
                                        Err(m) if m.is_empty() => html! { <span class="muted">{"…"}</span> },
                                        Err(_) => html! { <span class="muted">{"—"}</span> },
                                    } }</td>
                                }) }
                            </tr>
                        }) }
                        <tr class="compare-tools">
                            <th scope="row"><span class="visually-hidden">{"Open or unpin"}</span></th>
                            { for columns.iter().map(|(label, _, r, idx)| match idx {
                                Some(i) => {
                                    let i = *i;
                                    let open = {
                                        let state = state.clone();
                                        let sc = state.pins[i].scenario.clone();
                                        Callback::from(move |_| state.dispatch(Action::Load(sc.clone())))
                                    };
                                    let unpin = {
                                        let state = state.clone();
                                        Callback::from(move |_| {
                                            state.dispatch(Action::Unpin(i));
                                            crate::shell::focus::focus_soon(vec![
                                                format!("[data-testid=\"unpin-{i}\"]"),
                                                format!("[data-testid=\"unpin-{}\"]", i.saturating_sub(1)),
                                                "[data-testid=\"pin\"]:not([disabled])".into(),
                                                "#compare-h".into(),
                                            ]);
                                        })
                                    };
                                    html! {
                                        <td>
                                            <button class="small" data-testid={format!("open-pin-{i}")} onclick={open}
                                                aria-label={format!("Open {label} as the battle (Undo brings this one back)")}>{"Open"}</button>
                                            <button class="small" data-testid={format!("unpin-{i}")} onclick={unpin}
                                                aria-label={format!("Unpin {label}")}>{"Unpin"}</button>
                                            if let Err(m) = r { if !m.is_empty() { <div class="field-error small">{m.clone()}</div> } }
                                        </td>
                                    }
                                }
                                None => html! { <td></td> },
                            }) }
                        </tr>
                    </tbody>
                </table>
                </div>
                if att.is_some() || def.is_some() {
                    <ul class="plan-legend" aria-label="Plans in the charts" data-testid="compare-legend">
                        { for legend.iter().map(|(k, label)| {
                            let c = PLAN_COLOURS[k % PLAN_COLOURS.len()];
                            html! { <li><span class="swatch" aria-hidden="true" style={format!("color: rgb({},{},{})", c.0, c.1, c.2)}>{plan_marker(*k)}</span>{label.clone()}</li> }
                        }) }
                    </ul>
                    <div class="charts">
                        if let Some(a) = &att { <figure><figcaption>{"Steps lost by the attacker"}{save("compare-attacker", a)}</figcaption><div data-testid="compare-chart">{svg(a)}</div></figure> }
                        if let Some(d) = &def { <figure><figcaption>{"Steps lost by the defender"}{save("compare-defender", d)}</figcaption>{svg(d)}</figure> }
                    </div>
                }
            }
        </section>
    }
}
