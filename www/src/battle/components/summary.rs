//! The battle in one line, above the headline: every setting that changes the odds (area, throne,
//! the dead, the Treason card, retreat limits, the players' choices, a battle under way), so no
//! setting is ever out of sight. Each part takes you to the control that sets it.

use crate::battle::words::side_label;
use crate::shell::focus::focus_field;
use bosworth::scenario::SidePolicy;
use bosworth::{Scenario, Side};
use yew::prelude::*;

/// Props of the summary.
#[derive(Properties, PartialEq, Clone)]
pub struct SummaryProps {
    /// The battle as entered.
    pub scenario: Scenario,
    /// The Treason card is held but no enemy block can be turned: it cannot matter (D11).
    #[prop_or_default]
    pub treason_inert: bool,
}

fn choices(p: &SidePolicy) -> Vec<String> {
    let n = |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    let mut out = Vec::new();
    if !p.charges.is_empty() {
        out.push(n(p.charges.len(), "charge", "charges"));
    }
    if !p.treachery.is_empty() {
        out.push(n(p.treachery.len(), "Treachery roll", "Treachery rolls"));
    }
    if let Some(t) = &p.treason_target {
        out.push(format!("Treason card at {t}"));
    }
    if p.retreat.is_some() {
        out.push("retreats".to_string());
    }
    for r in &p.retreats {
        out.push(format!("{} may retreat", r.block));
    }
    if let Some(first) = p.hit_order.first() {
        out.push(format!("hits on {first} first"));
    }
    if let Some(first) = p.fire_order.first() {
        out.push(format!("{first} fires first"));
    }
    out
}

/// The parts of the summary of a battle, in reading order: the words, and the test id of the
/// control that sets it (empty: none).
pub fn parts(s: &Scenario, treason_inert: bool) -> Vec<(String, &'static str)> {
    let mut parts = vec![
        (s.area.clone().unwrap_or_else(|| "No area (no bonuses)".to_string()), "area"),
        (format!("{} holds the throne", s.king), "king"),
        (if s.dead.is_empty() { "Nobody dead".to_string() } else { format!("Dead: {}", s.dead.join(", ")) }, "dead-select"),
    ];
    if !s.defected_elsewhere.is_empty() {
        parts.push((format!("Defected elsewhere: {}", s.defected_elsewhere.join(", ")), "defected-select"));
    }
    parts.extend([
        (
            match s.treason {
                Some(side) if treason_inert => format!(
                    "Treason card: {}, but no {} block can be turned, so it cannot matter (3.13, D11)",
                    side_label(side, army(s, side).house),
                    army(s, side.other()).house
                ),
                Some(side) => format!("Treason card: {}", side_label(side, army(s, side).house)),
                None => "No Treason card".to_string(),
            },
            "treason",
        ),
    ]);
    for side in Side::BOTH {
        if let Some(c) = army(s, side).retreat_capacity {
            let blocks = if c == 1 { "block" } else { "blocks" };
            let control = if side == Side::Attacker { "capacity-attacker" } else { "capacity-defender" };
            parts.push((format!("{} retreats at most {c} {blocks} a round", army(s, side).house), control));
        }
    }
    for side in Side::BOTH {
        let policy = match side {
            Side::Attacker => &s.policy.attacker,
            Side::Defender => &s.policy.defender,
        };
        let c = choices(policy);
        let text = if c.is_empty() {
            format!("{} fires every turn", army(s, side).house)
        } else {
            format!("{}: {}", army(s, side).house, c.join(", "))
        };
        parts.push((text, if side == Side::Attacker { "choices-attacker" } else { "choices-defender" }));
    }
    for side in Side::BOTH {
        let n = army(s, side).hidden.len();
        if n > 0 {
            let blocks = if n == 1 { "block" } else { "blocks" };
            let control = if side == Side::Attacker { "add-hidden-attacker" } else { "add-hidden-defender" };
            parts.push((format!("{}: {n} hidden {blocks}", army(s, side).house), control));
        }
    }
    if !s.seen_elsewhere.is_empty() {
        parts.push((format!("Seen elsewhere: {}", s.seen_elsewhere.join(", ")), ""));
    }
    if let Some(p) = &s.progress {
        parts.push((format!("Under way: round {}", p.round), ""));
    }
    parts
}

fn army(s: &Scenario, side: Side) -> &bosworth::scenario::Army {
    match side {
        Side::Attacker => &s.attacker,
        Side::Defender => &s.defender,
    }
}

/// The summary line.
#[function_component]
pub fn Summary(p: &SummaryProps) -> Html {
    let parts = parts(&p.scenario, p.treason_inert);
    html! {
        <nav class="summary" aria-label="Everything that counts in this battle" data-testid="summary">
            <ul>
                { for parts.into_iter().map(|(text, control)| {
                    if control.is_empty() {
                        html! { <li><span>{text}</span></li> }
                    } else {
                        let to = format!("[data-testid=\"{control}\"]");
                        let onclick = Callback::from(move |_| { focus_field(&[to.clone(), format!("{to} summary")]); });
                        html! { <li><button class="link" title="Change it" {onclick}>{text}</button></li> }
                    }
                }) }
            </ul>
        </nav>
    }
}
