//! The headline: who holds the area, as big numbers and a bar.

use crate::shell::charts::house_colour;
use crate::battle::words::area_label;
use crate::shell::format::pct;
use bosworth::Report;
use bosworth::Side;
use bosworth::data::House;
use bosworth::play::order::role;
use std::rc::Rc;
use yew::prelude::*;

/// Props of the headline.
#[derive(Properties, PartialEq, Clone)]
pub struct HeadlineProps {
    /// The figures, if any yet.
    pub report: Option<Rc<Report>>,
    /// True when the figures are for the battle as it is now.
    pub current: bool,
    /// The attacker's house.
    pub attacker: House,
    /// The defender's house.
    pub defender: House,
    /// The area.
    pub area: Option<String>,
    /// With hidden blocks: what the figures are averaged over.
    #[prop_or_default]
    pub averaged: Option<String>,
    /// A battle in progress whose sides changed roles in round 1 (6.3, D5): each is named by
    /// the role it has now.
    #[prop_or_default]
    pub control_changed: bool,
}

fn rgb(house: House) -> String {
    let c = house_colour(house);
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

/// The headline.
#[function_component]
pub fn Headline(p: &HeadlineProps) -> Html {
    let area = area_label(p.area.as_deref());
    let figures = p.report.as_ref().map(|r| (r.attacker_holds, r.defender_holds, r.vacant));
    let num = |f: fn((f64, f64, f64)) -> f64| figures.map(|x| pct(f(x))).unwrap_or_else(|| "…".into());
    let se = p.report.as_ref().and_then(|r| r.std_errors);
    let pm = |x: Option<f64>| x.map(|e| format!("± {:.1}", 2.0 * e * 100.0)).unwrap_or_default();
    let width = |x: f64| format!("width: {:.3}%", x * 100.0);
    let (att_role, def_role) = (role(Side::Attacker, p.control_changed), role(Side::Defender, p.control_changed));
    let bar_label = figures
        .map(|(a, d, v)| {
            format!(
                "{} ({att_role}) {}, {} ({def_role}) {}, vacant {}",
                p.attacker,
                pct(a),
                p.defender,
                pct(d),
                pct(v)
            )
        })
        .unwrap_or_default();
    html! {
        <section class={classes!("headline", (!p.current).then_some("stale"))} aria-labelledby="odds-h"
            data-testid="headline" tabindex="-1" data-landing="" data-current={p.current.to_string()} aria-live="polite" aria-busy={(!p.current).to_string()}>
            <h2 id="odds-h" class="visually-hidden">{format!("Odds in {area}")}</h2>
            <div class="odds">
                <div class="odd" style={format!("--c: {}", rgb(p.attacker))}>
                    <span class="num" data-testid="outcome-attacker">{num(|x| x.0)}</span>
                    <span class="pm">{pm(se.map(|s| s.attacker_holds))}</span>
                    <span class="lbl">{format!("Chance {} ({att_role}) holds {area}", p.attacker)}</span>
                </div>
                <div class="odd" style={format!("--c: {}", rgb(p.defender))}>
                    <span class="num" data-testid="outcome-defender">{num(|x| x.1)}</span>
                    <span class="pm">{pm(se.map(|s| s.defender_holds))}</span>
                    <span class="lbl">{format!("Chance {} ({def_role}) holds {area}", p.defender)}</span>
                </div>
                <div class="odd vacant">
                    <span class="num" data-testid="outcome-vacant">{num(|x| x.2)}</span>
                    <span class="pm">{pm(se.map(|s| s.vacant))}</span>
                    <span class="lbl">{format!("Chance {area} is left vacant")}</span>
                </div>
            </div>
            if let Some(a) = &p.averaged {
                <p class="averaged" data-testid="averaged">{a.clone()}</p>
            }
            <div class="bar" role="img" aria-label={bar_label}>
                if let Some((a, d, v)) = figures {
                    <span class="seg" style={format!("{}; background: {}", width(a), rgb(p.attacker))}></span>
                    <span class="seg vacant" style={width(v)}></span>
                    <span class="seg" style={format!("{}; background: {}", width(d), rgb(p.defender))}></span>
                }
            </div>
        </section>
    }
}

/// The odds in one line, kept in view at the foot of a phone's screen while the battle is edited
/// far above or below the headline (issue 16). Not a live region: the headline announces them.
/// While they are worked out again it says so, and shows no figure of the battle before (issue 26).
#[function_component]
pub fn OddsBar(p: &HeadlineProps) -> Html {
    // Details: the headline and the figures under it, focus with them.
    let to_details = Callback::from(|_| {
        crate::shell::focus::focus_field(&["[data-testid=\"headline\"]".to_string()]);
    });
    let r = match &p.report {
        Some(r) if p.current => r,
        _ => {
            return html! {
                <aside class="odds-bar stale" aria-label="The odds, kept in view" data-testid="odds-bar" data-current="false">
                    <span class="ob muted" data-testid="odds-bar-working">{"Working out the odds of this battle…"}</span>
                    <button class="small" onclick={to_details}>{"Details"}</button>
                </aside>
            };
        }
    };
    html! {
        <aside class="odds-bar" aria-label="The odds, kept in view" data-testid="odds-bar" data-current="true">
            <span class="ob" style={format!("--c: {}", rgb(p.attacker))}><b data-testid="odds-bar-attacker">{pct(r.attacker_holds)}</b>{format!(" {} holds", p.attacker)}</span>
            <span class="ob" style={format!("--c: {}", rgb(p.defender))}><b data-testid="odds-bar-defender">{pct(r.defender_holds)}</b>{format!(" {} holds", p.defender)}</span>
            if r.vacant >= 0.0005 { <span class="ob vacant"><b>{pct(r.vacant)}</b>{" vacant"}</span> }
            <button class="small" onclick={to_details}>{"Details"}</button>
        </aside>
    }
}