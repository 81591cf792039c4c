//! A side's choices (the scenario's `policy`, docs/scenario.md): charges by the senior heir,
//! Treachery rolls, the Treason card's target and voluntary retreat. Only legal choices are
//! offered; what the engine still refuses is shown next to the field.

use super::side_id;
use crate::state::{Action, Edit, State};
use bosworth::scenario::{ChargePlan, RetreatPlan, SidePolicy, TreacheryPlan};
use bosworth::{Battle, Side};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of a choices panel.
#[derive(Properties, PartialEq, Clone)]
pub struct ChoicesProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// Which side.
    pub side: Side,
}

/// What a side may choose in this battle, read from the battle without any policy.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Options {
    /// The side has an heir, so its senior heir may charge (6.5).
    pub can_charge: bool,
    /// Enemy blocks (charge targets).
    pub enemies: Vec<String>,
    /// This side's King, Pretender line and Warwick (6.9, D10).
    pub rollers: Vec<String>,
    /// For each roller, the enemy blocks it may roll against.
    pub targets: Vec<Vec<String>>,
    /// Enemy blocks the Treason card may target (active, with a loyalty, D11); `None` when this
    /// side does not hold the card.
    pub treason: Option<Vec<String>>,
}

/// The legal choices of `side` in `battle` (compiled from the scenario with no policy), as the
/// engine's own planning rules say: `Battle::has_heir` (6.5), `Battle::possible_rollers` and
/// `Battle::treachery_dice` (6.9, 6.91, D10, D11). Nothing here restates a rule.
pub fn options(battle: &Battle, side: Side) -> Options {
    let slots = battle.slots();
    let name = |i: usize| slots[i].name().to_string();
    let enemies: Vec<usize> = (0..slots.len()).filter(|&j| slots[j].side != side).collect();
    let rollers = battle.possible_rollers(side);
    let targets = rollers
        .iter()
        .map(|&r| enemies.iter().filter(|&&j| battle.treachery_dice(Some(r), j).is_some()).map(|&j| name(j)).collect())
        .collect();
    // The Treason card is rolled before round 1, so only at an active block (D11).
    let treason = (battle.treason() == Some(side) && !battle.in_progress()).then(|| {
        enemies
            .iter()
            .filter(|&&j| !slots[j].reserve && battle.treachery_dice(None, j).is_some())
            .map(|&j| name(j))
            .collect()
    });
    Options {
        can_charge: battle.has_heir(side),
        enemies: enemies.iter().map(|&j| name(j)).collect(),
        rollers: rollers.iter().map(|&r| name(r)).collect(),
        targets,
        treason,
    }
}

fn value_of(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

fn round_options(selected: Option<u8>, none: &str) -> Html {
    html! {
        <>
            <option value="" selected={selected.is_none()}>{none.to_string()}</option>
            { for (1..=4u8).map(|r| html! { <option value={r.to_string()} selected={selected == Some(r)}>{format!("round {r}")}</option> }) }
        </>
    }
}

fn names_options(names: &[String], selected: &str) -> Html {
    let known = names.iter().any(|n| n.eq_ignore_ascii_case(selected));
    html! {
        <>
            if !known && !selected.is_empty() { <option value={selected.to_string()} selected=true>{selected.to_string()}</option> }
            { for names.iter().map(|n| html! { <option value={n.clone()} selected={n.eq_ignore_ascii_case(selected)}>{n.clone()}</option> }) }
        </>
    }
}

/// The choices panel of one side.
#[function_component]
pub fn Choices(p: &ChoicesProps) -> Html {
    let state = &p.state;
    let side = p.side;
    let sid = side_id(side);
    let policy = match side {
        Side::Attacker => state.scenario.policy.attacker.clone(),
        Side::Defender => state.scenario.policy.defender.clone(),
    };
    let mut bare = state.scenario.clone();
    bare.policy = Default::default();
    let plain = use_memo(bare, |s| Battle::new(s).ok().map(|b| options(&b, side)));
    let prefix = format!("policy.{sid}");
    let err = state.check.as_ref().err().filter(|e| e.field.starts_with(&prefix)).cloned();
    let error_at = |field: &str| -> Html {
        match &err {
            Some(e) if e.field == field || e.field.starts_with(&format!("{field}.")) || e.field.starts_with(&format!("{field}[")) => html! {
                <p class="field-error" data-testid={format!("error-{}", e.field)}>{crate::words::message(&state.scenario, e)}</p>
            },
            _ => html! {},
        }
    };
    let set = {
        let state = state.clone();
        move |p: SidePolicy| state.dispatch(Action::Edit(Edit::Policy(side, p)))
    };
    let chosen = policy.charges.len()
        + policy.treachery.len()
        + usize::from(policy.treason_target.is_some())
        + usize::from(policy.retreat.is_some());
    let summary = if chosen == 0 { "defaults: every block fires, nobody charges or rolls".to_string() } else { format!("{chosen} set") };

    let Some(o) = (*plain).clone() else {
        return html! {
            <details class="choices" data-testid={format!("choices-{sid}")}>
                <summary>{"Choices "}<span class="muted small">{
                    if state.hidden { "(with hidden blocks every block follows the defaults here; known blocks' choices can be set in the JSON)" } else { "(fix the blocks first)" }
                }</span></summary>
            </details>
        };
    };

    // Charges.
    let charges = {
        let rows = policy.charges.iter().enumerate().map(|(k, c)| {
            let field = format!("{prefix}.charges[{k}]");
            let on_target = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
                let mut p = policy.clone(); p.charges[k].target = value_of(&e); set(p);
            })};
            let on_round = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
                let mut p = policy.clone(); p.charges[k].round = value_of(&e).parse().ok(); set(p);
            })};
            let remove = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |_| {
                let mut p = policy.clone(); p.charges.remove(k); set(p);
            })};
            html! {
                <li>
                    <div class="plan">
                        <span>{"charge"}</span>
                        <select aria-label="Charge target" data-testid={format!("charge-{sid}-{k}-target")} onchange={on_target}
                            aria-invalid={err.as_ref().is_some_and(|e| e.field.starts_with(&format!("{field}.target"))).then_some("true")}>
                            { names_options(&o.enemies, &c.target) }
                        </select>
                        <select aria-label="In which round" data-testid={format!("charge-{sid}-{k}-round")} onchange={on_round}>
                            { round_options(c.round, "every round") }
                        </select>
                        <button class="icon danger" aria-label="Remove this charge" onclick={remove}>{"✕"}</button>
                    </div>
                    { error_at(&field) }
                </li>
            }
        });
        let add = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<HtmlSelectElement>();
            let v = el.value();
            if !v.is_empty() {
                let mut p = policy.clone();
                p.charges.push(ChargePlan { target: v, round: None, by: None });
                set(p);
            }
            el.set_value("");
        })};
        html! {
            <div class="choice">
                <h3>{"Charge "}<small class="muted">{"by the senior heir, instead of firing (6.5, D9)"}</small></h3>
                if o.can_charge || !policy.charges.is_empty() {
                    <ul class="plans">{ for rows }</ul>
                    if o.can_charge {
                        <select class="small" aria-label="Add a charge" data-testid={format!("add-charge-{sid}")} onchange={add}>
                            <option value="" selected=true>{"+ charge at…"}</option>
                            { for o.enemies.iter().map(|n| html! { <option value={n.clone()}>{n.clone()}</option> }) }
                        </select>
                    }
                    { error_at(&format!("{prefix}.charges")) }
                } else {
                    <p class="muted small">{"No heir on this side: only the senior heir may charge."}</p>
                }
            </div>
        }
    };

    // Treachery.
    let treachery = {
        let rows = policy.treachery.iter().enumerate().map(|(k, t)| {
            let field = format!("{prefix}.treachery[{k}]");
            let ri = o.rollers.iter().position(|r| r.eq_ignore_ascii_case(&t.by));
            let targets = ri.map(|i| o.targets[i].clone()).unwrap_or_default();
            let on_by = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
                let mut p = policy.clone(); p.treachery[k].by = value_of(&e); set(p);
            })};
            let on_target = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
                let mut p = policy.clone(); p.treachery[k].target = value_of(&e); set(p);
            })};
            let on_round = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
                let mut p = policy.clone(); p.treachery[k].round = value_of(&e).parse().ok(); set(p);
            })};
            let remove = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |_| {
                let mut p = policy.clone(); p.treachery.remove(k); set(p);
            })};
            html! {
                <li>
                    <div class="plan">
                        <select aria-label="Who rolls" data-testid={format!("treachery-{sid}-{k}-by")} onchange={on_by}>
                            { names_options(&o.rollers, &t.by) }
                        </select>
                        <span>{"rolls on"}</span>
                        <select aria-label="Treachery target" data-testid={format!("treachery-{sid}-{k}-target")} onchange={on_target}
                            aria-invalid={err.as_ref().is_some_and(|e| e.field.starts_with(&field)).then_some("true")}>
                            { names_options(&targets, &t.target) }
                        </select>
                        <select aria-label="In which round" data-testid={format!("treachery-{sid}-{k}-round")} onchange={on_round}>
                            { round_options(t.round, "first chance") }
                        </select>
                        <button class="icon danger" aria-label="Remove this Treachery roll" onclick={remove}>{"✕"}</button>
                    </div>
                    { error_at(&field) }
                </li>
            }
        });
        // Offer a roll for each roller that has a target and has not used its roll in a plan.
        let free: Vec<(String, String)> = o
            .rollers
            .iter()
            .zip(&o.targets)
            .filter(|(r, t)| !t.is_empty() && !policy.treachery.iter().any(|p| p.by.eq_ignore_ascii_case(r)))
            .flat_map(|(r, t)| t.iter().map(move |t| (r.clone(), t.clone())))
            .collect();
        let add = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<HtmlSelectElement>();
            if let Some((by, target)) = el.value().split_once('\u{1}') {
                let mut p = policy.clone();
                p.treachery.push(TreacheryPlan { by: by.into(), target: target.into(), round: None });
                set(p);
            }
            el.set_value("");
        })};
        html! {
            <div class="choice">
                <h3>{"Treachery "}<small class="muted">{"by the King, the Pretender or Warwick, once per battle (6.9, D10)"}</small></h3>
                <ul class="plans">{ for rows }</ul>
                if !free.is_empty() {
                    <select class="small" aria-label="Add a Treachery roll" data-testid={format!("add-treachery-{sid}")} onchange={add}>
                        <option value="" selected=true>{"+ Treachery roll…"}</option>
                        { for free.iter().map(|(r, t)| html! { <option value={format!("{r}\u{1}{t}")}>{format!("{r} on {t}")}</option> }) }
                    </select>
                } else if o.rollers.is_empty() {
                    <p class="muted small">{"Nobody here may roll: no King, Pretender or Warwick on this side."}</p>
                } else if policy.treachery.is_empty() {
                    <p class="muted small">{"No enemy block here can be turned (a loyalty rating is needed, 3.13)."}</p>
                }
                { error_at(&format!("{prefix}.treachery")) }
            </div>
        }
    };

    // The Treason card.
    let treason = o.treason.as_ref().map(|targets| {
        let on = { let policy = policy.clone(); let set = set.clone(); Callback::from(move |e: Event| {
            let v = value_of(&e);
            let mut p = policy.clone(); p.treason_target = (!v.is_empty()).then_some(v); set(p);
        })};
        let current = policy.treason_target.clone().unwrap_or_default();
        html! {
            <div class="choice">
                <h3>{"Treason card "}<small class="muted">{"rolled before round 1 (D11)"}</small></h3>
                <select aria-label="Treason card target" data-testid={format!("treason-target-{sid}")} onchange={on}
                    aria-invalid={err.as_ref().is_some_and(|e| e.field.ends_with("treason_target")).then_some("true")}>
                    <option value="" selected={current.is_empty()}>{"the easiest block to turn (default)"}</option>
                    { for targets.iter().map(|n| html! { <option value={n.clone()} selected={n.eq_ignore_ascii_case(&current)}>{n.clone()}</option> }) }
                </select>
                { error_at(&format!("{prefix}.treason_target")) }
            </div>
        }
    });

    // Voluntary retreat.
    let retreat = {
        let r = policy.retreat.clone().unwrap_or(RetreatPlan { from_round: None, below_ratio: None });
        let put = {
            let policy = policy.clone();
            let set = set.clone();
            move |r: RetreatPlan| {
                let mut p = policy.clone();
                p.retreat = (r.from_round.is_some() || r.below_ratio.is_some()).then_some(r);
                set(p);
            }
        };
        let on_round = { let r = r.clone(); let put = put.clone(); Callback::from(move |e: Event| {
            let mut r = r.clone(); r.from_round = value_of(&e).parse().ok(); put(r);
        })};
        let on_ratio = { let r = r.clone(); let put = put.clone(); Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut r = r.clone(); r.below_ratio = v.trim().parse::<f64>().ok().map(|x| x / 100.0); put(r);
        })};
        html! {
            <div class="choice">
                <h3>{"Retreat by choice "}<small class="muted">{"rounds 2-4 (6.6); both conditions when both are set"}</small></h3>
                <div class="plan">
                    <label>{"from "}
                        <select aria-label="Retreat from round" data-testid={format!("retreat-round-{sid}")} onchange={on_round}>
                            <option value="" selected={r.from_round.is_none()}>{"any round"}</option>
                            { for (2..=4u8).map(|k| html! { <option value={k.to_string()} selected={r.from_round == Some(k)}>{format!("round {k}")}</option> }) }
                        </select>
                    </label>
                    <label>{"while below "}
                        <input type="number" min="1" max="1000" step="5" placeholder="—" class="ratio"
                            aria-label="Retreat while this side's strength is below this percentage of the enemy's"
                            data-testid={format!("retreat-ratio-{sid}")}
                            value={r.below_ratio.map(|x| format!("{}", (x * 1000.0).round() / 10.0)).unwrap_or_default()}
                            onchange={on_ratio} />
                        {"% of the enemy's strength"}
                    </label>
                </div>
                if policy.retreat.is_none() {
                    <p class="muted small">{"Not set: nobody retreats by choice (the attacker leaves on its turn in round 4)."}</p>
                }
                { error_at(&format!("{prefix}.retreat")) }
            </div>
        }
    };
    // Anything else the engine says about this side's policy (fire or hit order from a file).
    let other = err.as_ref().filter(|e| {
        !["charges", "treachery", "treason_target", "retreat"].iter().any(|k| e.field.starts_with(&format!("{prefix}.{k}")))
    });
    html! {
        <details class="choices" open={chosen > 0 || err.is_some()} data-testid={format!("choices-{sid}")}>
            <summary>{"Choices "}<span class="muted small">{summary}</span></summary>
            {charges}
            {treachery}
            {treason}
            {retreat}
            if let Some(e) = other { <p class="field-error" role="alert">{e.to_string()}</p> }
        </details>
    }
}
