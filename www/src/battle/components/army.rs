//! One side of the battle: its blocks in order, the roster to add from, its retreat capacity.

use super::block::{BlockCard, Standing};
use super::choices::Choices;
use super::custom::CustomForm;
use super::hidden::HiddenTile;
use super::not_here::NotHere;
use super::picker::Picker;
use super::side_id;
use crate::battle::state::{Action, Edit, State};
use bosworth::Side;
use bosworth::play::order::RoundOrder;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Props of an army panel.
#[derive(Properties, PartialEq, Clone)]
pub struct ArmyProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// Which side.
    pub side: Side,
    /// The fire order of the valid battle, for each block's bonus.
    pub order: Option<std::rc::Rc<Vec<RoundOrder>>>,
}

fn is_bonus(reason: &str) -> bool {
    reason.starts_with('+') || reason.starts_with("at most") || reason.starts_with("Bombard")
}

/// What the fire order says about the side's `i`-th block.
fn standing(state: &State, order: &[RoundOrder], side: Side, i: usize) -> Option<Standing> {
    let battle = state.battle.as_ref().ok()?;
    let offset = if side == Side::Defender { state.scenario.attacker.blocks.len() } else { 0 };
    let id = &battle.slots().get(offset + i)?.versions[0].id;
    // Reserves do not act in round 1: their bonus shows in round 2.
    let turn = order
        .iter()
        .take(2)
        .flat_map(|r| r.turns.iter())
        .find(|t| &t.block == id && t.side == side)?;
    Some(Standing {
        printed: turn.printed.clone(),
        rating: turn.rating.clone(),
        bonus: turn.reasons.iter().filter(|r| is_bonus(r)).cloned().collect(),
    })
}

/// Which borders a side may retreat by, and why not the others: "by Middlesex (3); not by
/// Sussex: Lancaster holds it (6.6)".
fn exits_words(each: &[(&str, u8, Option<String>)]) -> String {
    let open: Vec<String> = each.iter().filter(|e| e.2.is_none()).map(|(n, l, _)| format!("{n} ({l})")).collect();
    let shut: Vec<String> = each.iter().filter_map(|(n, _, why)| why.as_ref().map(|w| format!("{n}: {w}"))).collect();
    let open = if open.is_empty() { "no open border".to_string() } else { format!("by {}", open.join(", ")) };
    if shut.is_empty() { open } else { format!("{open}; not by {}", shut.join("; ")) }
}

/// An army panel.
#[function_component]
pub fn ArmyPanel(p: &ArmyProps) -> Html {
    let state = &p.state;
    let army = state.army(p.side);
    let sid = side_id(p.side);
    let field_prefix = format!("{sid}.");
    let err = state.check.as_ref().err().filter(|e| e.field.starts_with(&field_prefix));
    // A block's strength or identity, not where it came from (its border says that, R20).
    let invalid_block = |i: usize| {
        err.is_some_and(|e| e.field.starts_with(&format!("{sid}.blocks[{i}]")) && !e.field.ends_with(".from") && !e.field.ends_with(".reserve"))
    };
    let on_capacity = {
        let state = state.clone();
        let side = p.side;
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            state.dispatch(Action::Edit(Edit::RetreatCapacity(side, v.trim().parse().ok())));
        })
    };
    let add_hidden = {
        let state = state.clone();
        let side = p.side;
        Callback::from(move |_| state.dispatch(Action::Edit(Edit::AddHidden(side))))
    };
    // The retreat limit: typed, or with the battle's borders given worked out from the map.
    let map_given = crate::battle::borders::said(&state.scenario);
    let worked_out = crate::battle::borders::worked_out(&state.scenario, p.side);
    let map_pending = map_given && worked_out.is_none() && army.retreat_capacity.is_none();
    let empty = army.blocks.is_empty() && army.hidden.is_empty();
    let title = match p.side {
        Side::Attacker => format!("Attacker: {}", army.house),
        Side::Defender => format!("Defender: {}", army.house),
    };
    html! {
        <section class={classes!("card", "army", sid)} aria-labelledby={format!("{sid}-h")} data-testid={format!("army-{sid}")}>
            <h2 id={format!("{sid}-h")} tabindex="-1">{title}</h2>
            <p class="hint">{"Top to bottom is the fire order inside an initiative group and who takes tied hits first (D2, D3). Click a pip to reduce a block's strength."}</p>
            if p.side == Side::Attacker {
                <p class="hint legend" data-testid="codes-legend">
                    <b>{"Codes: "}</b>{"B2 acts in group B and hits on a 1 or 2 (3.12); ♛3 an heir of rank 3 (3.21); ✿ a rose noble, never turned; a number in the corner: the dice a Treachery roll on it needs (3.13); B3 · 4 in the roster: rating, then full strength."}
                </p>
            }
            if empty {
                // A side with no block yet: its roster first, where the eye and the focus are.
                <p class="muted">{"No blocks yet: search the roster, or add a hidden block."}</p>
                <Picker state={state.clone()} side={p.side} house={army.house} />
            }
            <ol class="blocks">
                { for army.blocks.iter().enumerate().map(|(i, entry)| html! {
                    <BlockCard state={state.clone()} side={p.side} index={i} count={army.blocks.len()}
                        entry={entry.clone()} house={army.house}
                        standing={p.order.as_ref().and_then(|o| standing(state, o, p.side, i))}
                        invalid={invalid_block(i)} />
                }) }
            </ol>
            if !army.hidden.is_empty() {
                <ol class="blocks hidden-blocks-list" aria-label={format!("{}'s hidden blocks", army.house)}>
                    { for (0..army.hidden.len()).map(|k| html! {
                        <HiddenTile state={state.clone()} side={p.side} index={k} house={army.house} />
                    }) }
                </ol>
                <NotHere state={state.clone()} side={p.side} house={army.house} />
            }
            <button class="add-hidden" data-testid={format!("add-hidden-{sid}")} onclick={add_hidden}
                title="A block standing upright: you know it is there, not who it is (Fog-of-War)">{"+ Add a hidden block"}</button>
            if let Some(e) = err.filter(|_| !empty) {
                <p class="field-error" data-testid={format!("error-{sid}")}>{crate::battle::words::message(&state.scenario, e)}</p>
            }
            if let Some((c, each)) = worked_out {
                // With borders given, the map gives the limit (D12, R20): shown, not typed.
                <p class="capacity worked-out" data-testid={format!("capacity-{sid}")} tabindex="-1">
                    {"Blocks that may retreat each round: "}<b data-testid={format!("capacity-value-{sid}")}>{c}</b>
                    <small>{format!(" worked out from the map (D12, R20): {}", exits_words(&each))}</small>
                </p>
            } else if map_pending {
                <p class="capacity worked-out" data-testid={format!("capacity-{sid}")} tabindex="-1">
                    {"Blocks that may retreat each round: worked out from the map once its borders can be fought (D12, R20)"}
                </p>
            } else {
                <label class="capacity">{"Blocks that may retreat each round "}
                    <input type="number" min="0" max="32" placeholder={if map_given { "from the map" } else { "no limit" }}
                        aria-label={if map_given { "Retreat capacity (blank: worked out from the map)" } else { "Retreat capacity (blank: no limit)" }}
                        data-testid={format!("capacity-{sid}")}
                        value={army.retreat_capacity.map(|c| c.to_string()).unwrap_or_default()} onchange={on_capacity} />
                    if map_given {
                        <small>{" (typed, so the map's limit is not used; blank: worked out from the map, D12, R20)"}</small>
                    } else {
                        <small>{" (sum of its open borders' limits, D12; blank: no limit)"}</small>
                    }
                </label>
            }
            <Choices state={state.clone()} side={p.side} />
            if !empty {
                <Picker state={state.clone()} side={p.side} house={army.house} />
            }
            <CustomForm state={state.clone()} side={p.side} />
        </section>
    }
}
