//! One block, drawn like the real thing: loyalty or crown at the top left, name, rating, and its
//! strength as pips you click to reduce (as you would rotate the block).

use super::borders::{FromSelect, border_note};
use super::side_id;
use crate::battle::borders::{Arriving, side_said};
use crate::battle::roster::{badge, lookup};
use crate::battle::state::{Action, Edit, State};
use bosworth::Side;
use crate::shell::tile::BlockFace;
use bosworth::data::House;
use bosworth::scenario::BlockEntry;
use yew::prelude::*;

/// What the fire order says about a block in this area.
#[derive(Clone, PartialEq, Debug)]
pub struct Standing {
    /// Printed rating.
    pub printed: String,
    /// Effective rating with the bonus.
    pub rating: String,
    /// The reasons that concern the bonus (with rule numbers).
    pub bonus: Vec<String>,
}

/// Props of a block card.
#[derive(Properties, PartialEq, Clone)]
pub struct BlockProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// Its side.
    pub side: Side,
    /// Its place in the side's list.
    pub index: usize,
    /// How many blocks the side has.
    pub count: usize,
    /// The entry.
    pub entry: BlockEntry,
    /// The side's house.
    pub house: House,
    /// Its bonus here, if the battle is valid.
    pub standing: Option<Standing>,
    /// The engine flags this block's strength.
    pub invalid: bool,
}

/// A block card.
#[function_component]
pub fn BlockCard(p: &BlockProps) -> Html {
    let data = lookup(&p.entry, p.house);
    let name = data
        .map(|d| d.id.to_string())
        .or_else(|| p.entry.id.clone())
        .or_else(|| p.entry.custom.as_ref().map(|c| c.name.clone()))
        .unwrap_or_default();
    let max = data
        .map(|d| d.max_strength)
        .or_else(|| p.entry.custom.as_ref().map(|c| c.max_strength))
        .unwrap_or(4)
        .max(p.entry.strength);
    let colour = crate::shell::tile::colour_class(data);
    let mark = data.map(badge).unwrap_or_else(|| match p.entry.custom.as_ref().and_then(|c| c.loyalty) {
        Some(n) => (n.to_string(), format!("loyalty {n}: a Treachery roll needs {n} even dice (6.9)")),
        None => (String::new(), "custom block: never defects".to_string()),
    });
    let printed = data
        .map(|d| d.rating.to_string())
        .or_else(|| p.entry.custom.as_ref().map(|c| c.rating.clone()))
        .unwrap_or_default();
    let sid = side_id(p.side);
    let i = p.index;
    let send = {
        let state = p.state.clone();
        move |e: Edit| state.dispatch(Action::Edit(e))
    };
    let side = p.side;
    let on_strength = { let send = send.clone(); Callback::from(move |k: u8| send(Edit::Strength(side, i, k))) };
    let reserve = p.entry.reserve;
    let on_reserve = { let send = send.clone(); Callback::from(move |_| send(Edit::Reserve(side, i))) };
    // Focus follows the block moved (its arrow, or the other one at either end); after a
    // removal it goes to the army's heading (Ctrl+Z still undoes), never to another block's Remove.
    let arrow = |n: &str, dir: &str| format!("[aria-label=\"Move {n} {dir}\"]:not([disabled])");
    let up = {
        let send = send.clone();
        let to = vec![arrow(&name, "earlier"), arrow(&name, "later")];
        Callback::from(move |_| {
            send(Edit::Move(side, i, true));
            crate::shell::focus::focus_soon(to.clone());
        })
    };
    let down = {
        let send = send.clone();
        let to = vec![arrow(&name, "later"), arrow(&name, "earlier")];
        Callback::from(move |_| {
            send(Edit::Move(side, i, false));
            crate::shell::focus::focus_soon(to.clone());
        })
    };
    let remove = {
        let send = send.clone();
        let to = vec![format!("#{sid}-h")];
        Callback::from(move |_| {
            send(Edit::Remove(side, i));
            crate::shell::focus::focus_soon(to.clone());
        })
    };
    let boosted = p.standing.as_ref().is_some_and(|s| s.rating != s.printed);
    // With the attack's borders given, a block is a reserve exactly when it crossed another
    // border than the Main Attack's (6.3): its border sets it, not the box.
    let by_border = side == Side::Attacker && side_said(&p.state.scenario, side);
    let note = border_note(&p.state.scenario, side, Arriving::Block(i), reserve);
    // Only the attacker's blocks and the defender's reinforcements came into the battle (6.3).
    let arrives = side == Side::Attacker || reserve;
    html! {
        <li class={classes!("block-row", reserve.then_some("is-reserve"))} data-testid={format!("block-{sid}-{i}")}>
            <BlockFace {colour} {mark} name={name.clone()} printed={printed.clone()} max={max} strength={p.entry.strength}
                invalid={p.invalid} pip_id={format!("pip-{sid}-{i}-")} on_strength={on_strength} rating={html! {
                    <span class={classes!("rating", boosted.then_some("boosted"))}
                          title={if boosted { "effective rating here (printed rating in small)" } else { "combat rating" }}>
                        { p.standing.as_ref().map(|s| s.rating.clone()).unwrap_or(printed.clone()) }
                        if boosted { <small>{format!(" ({printed})")}</small> }
                    </span>
                }} />
            <div class="block-info">
                { for p.standing.iter().flat_map(|s| s.bonus.iter()).map(|r| html! { <div class="bonus">{r}</div> }) }
                if p.standing.as_ref().is_some_and(|s| s.bonus.is_empty()) && !reserve {
                    <div class="bonus none">{"no bonus here"}</div>
                }
                if reserve && note.is_none() {
                    <div class="bonus reserve-note">{"reserve: sits out round 1, arrives in round 2 (6.3, D4)"}</div>
                }
            </div>
            <div class="block-tools">
                <label class="toggle" title={if by_border { "Set by its border: the Main Attack's blocks fight in round 1, the others are reserves (6.3)" } else { "A reserve crossed another border than the Main Attack (or reinforces the defence)" }}>
                    <input type="checkbox" checked={reserve} onchange={on_reserve} data-testid={format!("reserve-{sid}-{i}")} disabled={by_border}
                        aria-label={format!("Reserve: {name}")} />
                    {"Reserve"}
                </label>
                <button class="icon" aria-label={format!("Move {name} earlier")} title="Earlier in fire order / hit tie-break" disabled={i == 0} onclick={up}>{"↑"}</button>
                <button class="icon" aria-label={format!("Move {name} later")} title="Later in fire order / hit tie-break" disabled={i + 1 >= p.count} onclick={down}>{"↓"}</button>
                <button class="icon danger" aria-label={format!("Remove {name}")} title="Remove" onclick={remove}>{"✕"}</button>
            </div>
            if arrives {
                <FromSelect state={p.state.clone()} side={side} which={Arriving::Block(i)} name={name.clone()} house={p.house} {note} />
            }
        </li>
    }
}
