//! The battle in one line, above the headline: every setting that changes the odds (area, throne,
//! the dead, the Treason card, the borders crossed and who holds the neighbours, retreat limits
//! typed or from the map, the players' choices, a battle under way), so no
//! setting is ever out of sight. Each part takes you to the control that sets it. Where the
//! order the blocks were entered in decides who takes tied hits (D3), it says so, with "Protect
//! heirs" beside it.

use super::choices::{protect_heirs, scenario_options};
use crate::battle::borders;
use crate::battle::state::{Action, Edit, State};
use crate::battle::words::side_label;
use crate::shell::focus::focus_field;
use bosworth::scenario::{Held, SidePolicy};
use bosworth::{Scenario, Side};
use yew::prelude::*;

/// Props of the summary.
#[derive(Properties, PartialEq, Clone)]
pub struct SummaryProps {
    /// The battle as entered.
    pub scenario: Scenario,
    /// The reducer, for "Protect heirs" beside the tied hits (without it, no button).
    #[prop_or_default]
    pub state: Option<UseReducerHandle<State>>,
    /// The Treason card is held but no enemy block can be turned: it cannot matter (D11).
    #[prop_or_default]
    pub treason_inert: bool,
    /// The choices the rules set aside (`Battle::warnings`, R35), each shown with its rule.
    #[prop_or_default]
    pub warnings: Vec<bosworth::Warning>,
}

/// A warning in the summary's words, and the test id of the control that sets the choice.
pub fn warning_part(s: &Scenario, w: &bosworth::Warning) -> (String, String) {
    let rest = |sid: &str| w.field.strip_prefix(&format!("policy.{sid}.")).map(str::to_string);
    let index = |r: &str, list: &str| {
        r.strip_prefix(&format!("{list}["))
            .and_then(|t| t.split(']').next())
            .map(str::to_string)
    };
    for side in Side::BOTH {
        let sid = side.name();
        if let Some(r) = rest(sid) {
            let control = if let Some(k) = index(&r, "treachery") {
                format!("treachery-{sid}-{k}-round")
            } else if let Some(k) = index(&r, "charges") {
                format!("charge-{sid}-{k}-round")
            } else if r == "retreat" {
                format!("retreat-round-{sid}")
            } else if r == "retreats" {
                format!("add-retreats-{sid}")
            } else {
                format!("choices-{sid}")
            };
            return (format!("{}'s choice set aside: {}", army(s, side).house, w.reason), control);
        }
    }
    (format!("Set aside: {}", w.reason), w.field.clone())
}

/// Who takes tied hits first on `side` when the order the blocks were entered in decides it:
/// the side names no hit order, and has a known block and another block (D3; its hidden blocks
/// come after its known ones, R13). `None` otherwise.
pub fn tied_hits(s: &Scenario, side: Side) -> Option<String> {
    let a = army(s, side);
    let policy = match side {
        Side::Attacker => &s.policy.attacker,
        Side::Defender => &s.policy.defender,
    };
    let first = a.blocks.first()?;
    if !policy.hit_order.is_empty() || a.blocks.len() + a.hidden.len() < 2 {
        return None;
    }
    let name = first.id.clone().or_else(|| first.custom.as_ref().map(|c| c.name.clone())).unwrap_or_default();
    Some(format!("{}'s tied hits: {name} first (listing order)", a.house))
}

/// The hit order "Protect heirs" would give `side` (the Choices panel's, D3), when it changes
/// anything: the heirs after the side's other known blocks.
pub fn protect_order(s: &Scenario, side: Side) -> Option<Vec<String>> {
    let mut bare = s.clone();
    bare.policy = Default::default();
    let o = scenario_options(&bare, side)?;
    let names = match side {
        Side::Attacker => &s.policy.attacker.hit_order,
        Side::Defender => &s.policy.defender.hit_order,
    };
    protect_heirs(&o.blocks, names)
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
        out.push(if bosworth::solve::treason::names_best(t) {
            "Treason card at the best target".to_string()
        } else {
            format!("Treason card at {t}")
        });
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
    parts.extend(border_parts(s));
    for side in Side::BOTH {
        let typed = army(s, side).retreat_capacity;
        let map = borders::worked_out(s, side).map(|w| w.0);
        if let Some(c) = typed.or(map) {
            let blocks = if c == 1 { "block" } else { "blocks" };
            let control = if side == Side::Attacker { "capacity-attacker" } else { "capacity-defender" };
            let how = if typed.is_none() { " (from the map)" } else { "" };
            parts.push((format!("{} retreats at most {c} {blocks} a round{how}", army(s, side).house), control));
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
        if let Some(t) = tied_hits(s, side) {
            parts.push((t, if side == Side::Attacker { "hit-order-attacker" } else { "hit-order-defender" }));
        }
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
        let control = if s.attacker.hidden.is_empty() { "not-here-defender" } else { "not-here-attacker" };
        parts.push((format!("Not in this area: {}", s.seen_elsewhere.join(", ")), control));
    }
    if let Some(p) = &s.progress {
        parts.push((format!("Under way: round {}", p.round), ""));
    }
    parts
}

/// The battle's borders, when it says them (R20): each side's blocks across each border with
/// its limit, the Main Attack, and who holds each neighbour (which decides the retreats, 6.6).
fn border_parts(s: &Scenario) -> Vec<(String, &'static str)> {
    let Some(area) = borders::area(s) else { return Vec::new() };
    if !borders::said(s) {
        return Vec::new();
    }
    let main = borders::agreed_main_attack(s);
    let mut out = Vec::new();
    for side in Side::BOTH {
        let mut used: Vec<String> = borders::crossing(s, side)
            .into_iter()
            .filter(|c| c.blocks > 0)
            .map(|c| {
                let m = if side == Side::Attacker && main == Some(c.area.name) { " (Main Attack)" } else { "" };
                format!("{}–{} {} of {}{m}", c.area.name, area.name, c.blocks, c.kind.limit())
            })
            .collect();
        // Said, though no land border: the battle is refused, and the line says what it holds.
        used.extend(borders::elsewhere(s, side).into_iter().map(|(n, k)| format!("{n}: {k}, no land border")));
        if !used.is_empty() {
            let verb = if side == Side::Attacker { "attacks across" } else { "reinforces across" };
            out.push((format!("{} {verb} {}", army(s, side).house, used.join(", ")), "borders-heading"));
        }
    }
    let held: Vec<String> = borders::land_neighbours(area.name)
        .into_iter()
        .map(|(n, _)| {
            let who = match borders::held(s, n.name) {
                None => "vacant",
                Some(Held::Contested) => "contested",
                Some(Held::York) => "York",
                Some(Held::Lancaster) => "Lancaster",
            };
            format!("{} {who}", n.name)
        })
        .collect();
    out.push((format!("Neighbours: {}", held.join(", ")), "borders-heading"));
    out
}

fn army(s: &Scenario, side: Side) -> &bosworth::scenario::Army {
    match side {
        Side::Attacker => &s.attacker,
        Side::Defender => &s.defender,
    }
}

/// "Protect heirs" beside a side's tied hits: sets the side's hit order as the Choices panel's
/// button does (one undoable edit).
fn protect_button(state: &UseReducerHandle<State>, side: Side, order: Option<&Vec<String>>) -> Html {
    let Some(order) = order.cloned() else { return html! {} };
    let sid = side.name();
    let onclick = {
        let state = state.clone();
        Callback::from(move |_| {
            let mut policy = match side {
                Side::Attacker => state.scenario.policy.attacker.clone(),
                Side::Defender => state.scenario.policy.defender.clone(),
            };
            policy.hit_order = order.clone();
            state.dispatch(Action::Edit(Edit::Policy(side, policy)));
        })
    };
    html! {
        <button class="small protect" data-testid={format!("summary-protect-{sid}")} {onclick}
            title="Heirs take tied hits last (D3), as the Choices panel's Protect heirs sets it">{"Protect heirs"}</button>
    }
}

/// The summary line.
#[function_component]
pub fn Summary(p: &SummaryProps) -> Html {
    let parts = parts(&p.scenario, p.treason_inert);
    // What Protect heirs would set for each side (needs the battle's choices: memoised).
    let protect = use_memo(p.scenario.clone(), |s| Side::BOTH.map(|side| tied_hits(s, side).and_then(|_| protect_order(s, side))));
    html! {
        <nav class="summary" aria-label="Everything that counts in this battle" data-testid="summary">
            <ul>
                { for parts.into_iter().map(|(text, control)| {
                    if control.is_empty() {
                        return html! { <li><span>{text}</span></li> };
                    }
                    let to = format!("[data-testid=\"{control}\"]");
                    // The tied hits lead to the hit order's first arrow.
                    let side = match control {
                        "hit-order-attacker" => Some(Side::Attacker),
                        "hit-order-defender" => Some(Side::Defender),
                        _ => None,
                    };
                    let targets = match side {
                        Some(_) => vec![format!("{to} button:not([disabled])"), format!("[data-testid=\"choices-{}\"] summary", &control[10..])],
                        None => vec![to.clone(), format!("{to} summary")],
                    };
                    let onclick = Callback::from(move |_| { focus_field(&targets); });
                    let button = match (side, &p.state) {
                        (Some(side), Some(state)) => protect_button(state, side, protect[side.index()].as_ref()),
                        _ => html! {},
                    };
                    html! { <li><button class="link" title="Change it" {onclick}>{text}</button>{button}</li> }
                }) }
                { for p.warnings.iter().filter(|w| !(p.treason_inert && w.field == "treason")).map(|w| {
                    let (text, control) = warning_part(&p.scenario, w);
                    let to = format!("[data-testid=\"{control}\"]");
                    let targets = vec![to.clone(), format!("{to} summary")];
                    let onclick = Callback::from(move |_| { focus_field(&targets); });
                    html! { <li class="set-aside" data-testid="summary-warning"><button class="link" title="Change it" {onclick}>{text}</button></li> }
                }) }
            </ul>
        </nav>
    }
}
