//! A hidden block: a "?" tile standing for one block the enemy cannot see (Fog-of-War, R13),
//! with who it may be (kinds, or a list of blocks), how many blocks remain and why the others
//! are out (the engine's `availability`), its strength, reserve and Remove.

use super::borders::{FromSelect, border_note};
use super::side_id;
use crate::battle::borders::{Arriving, side_said};
use crate::battle::state::{Action, Edit, State};
use bosworth::Side;
use bosworth::data::House;
use bosworth::scenario::{HiddenBlock, StrengthPrior};
use bosworth::solve::fog::{Availability, KIND_NAMES, availability, possible_blocks};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of a hidden tile.
#[derive(Properties, PartialEq, Clone)]
pub struct HiddenProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// Its side.
    pub side: Side,
    /// Its place among the side's hidden blocks.
    pub index: usize,
    /// The side's house.
    pub house: House,
}

/// The strength priors the tile offers, as (value, words).
const PRIORS: [(&str, &str); 8] = [
    ("full", "full strength"),
    ("any", "any strength"),
    ("at_most_1", "at most 1"),
    ("at_most_2", "at most 2"),
    ("at_most_3", "at most 3"),
    ("at_least_2", "at least 2"),
    ("at_least_3", "at least 3"),
    ("at_least_4", "at least 4"),
];

fn prior_value(p: &StrengthPrior) -> String {
    match p {
        StrengthPrior::Full => "full".into(),
        StrengthPrior::Any => "any".into(),
        StrengthPrior::AtMost(n) => format!("at_most_{n}"),
        StrengthPrior::AtLeast(n) => format!("at_least_{n}"),
        StrengthPrior::Weights(_) => "weights".into(),
    }
}

fn prior_of(v: &str) -> StrengthPrior {
    let n = |s: &str| s.parse::<u8>().unwrap_or(1);
    match v {
        "any" => StrengthPrior::Any,
        _ if v.starts_with("at_most_") => StrengthPrior::AtMost(n(&v[8..])),
        _ if v.starts_with("at_least_") => StrengthPrior::AtLeast(n(&v[9..])),
        _ => StrengthPrior::Full,
    }
}

/// One line saying who a hidden block may be: `one of 31 York blocks: Arundel, Bombard/Y, …`.
pub fn who_line(ids: &[&str], house: House) -> String {
    let shown: Vec<&str> = ids.iter().take(5).copied().collect();
    let more = ids.len().saturating_sub(5);
    let list = if more > 0 { format!("{}, and {more} more", shown.join(", ")) } else { shown.join(", ") };
    match ids.len() {
        1 => format!("it is {}", ids[0]),
        n => format!("one of {n} {house} blocks: {list}"),
    }
}

/// Why blocks of a house are not among a hidden block's candidates, in players' words with the
/// rule: one group per reason, each with the blocks it puts out.
#[derive(Debug, Clone, PartialEq)]
pub struct Out {
    /// The reason, for several blocks (`minor heirs not yet in play (4.5)`).
    pub why: &'static str,
    /// The blocks it puts out, in the game's block order.
    pub blocks: Vec<&'static str>,
}

/// The words of a reason a block is not a default candidate (R13), for several blocks.
fn why_out(a: Availability) -> &'static str {
    match a {
        Availability::Available => "not ticked",
        Availability::Dead => "dead",
        Availability::InBattle => "already in this battle",
        Availability::SeenElsewhere => "not in this area",
        Availability::DefectedElsewhere => "defected elsewhere (9.1)",
        Availability::OtherSide => "serving the other house (4.6)",
        Availability::NotDefected => "enemy versions before a defection (4.6)",
        Availability::Minor { .. } => "minor heirs not yet in play (4.5)",
        Availability::Kind => "not of the kinds asked",
        Availability::Strength => "cannot have the strength asked",
        Availability::OtherHouse => "cannot fight for this side",
    }
}

/// The blocks of the side's house that hidden block `h` cannot be, grouped by why (the engine's
/// [`availability`], then the block's own list, kinds and strength), given `now`, the blocks it
/// may be. The groups come in the order of their first block in the game's block list, those of
/// the block's own narrowing last.
pub fn out_groups(s: &bosworth::Scenario, side: Side, h: &HiddenBlock, now: &[&str]) -> Vec<Out> {
    let Ok(all) = availability(s, side) else { return Vec::new() };
    let kind_ok = |id: &str| {
        h.kinds.is_empty()
            || bosworth::data::block(id).is_some_and(|d| {
                KIND_NAMES.iter().any(|(n, k)| *k == d.kind && h.kinds.iter().any(|x| x.eq_ignore_ascii_case(n)))
            })
    };
    let mut out: Vec<Out> = Vec::new();
    for (id, a) in all {
        if now.contains(&id) {
            continue;
        }
        let why = match a {
            Availability::Available if !h.candidates.is_empty() => why_out(Availability::Available),
            Availability::Available if !kind_ok(id) => why_out(Availability::Kind),
            Availability::Available => why_out(Availability::Strength),
            other => why_out(other),
        };
        match out.iter_mut().find(|o| o.why == why) {
            Some(o) => o.blocks.push(id),
            None => out.push(Out { why, blocks: vec![id] }),
        }
    }
    out.sort_by_key(|o| narrowing(o.why));
    out
}

/// True for a reason of the hidden block's own narrowing (its list, kinds or strength), not of
/// where the blocks are (R13).
fn narrowing(why: &str) -> bool {
    [Availability::Available, Availability::Kind, Availability::Strength].iter().any(|a| why_out(*a) == why)
}

/// How many blocks a hidden block may be and why the others are out, in one line:
/// `24 of 31 Lancaster blocks. Out: minor heirs not yet in play (4.5) (2): Prince Edward, Richmond; …`.
/// The blocks put out by the tile's own narrowing (its kinds, strength or list) are counted, not
/// named: the user chose them.
pub fn out_line(count: usize, out: &[Out], house: House) -> String {
    let all = count + out.iter().map(|o| o.blocks.len()).sum::<usize>();
    let head = format!("{count} of {all} {house} blocks");
    if out.is_empty() {
        return format!("{head}: every one may be it.");
    }
    let why: Vec<String> = out
        .iter()
        .map(|o| match narrowing(o.why) {
            true => format!("{} ({})", o.why, o.blocks.len()),
            false => format!("{} ({}): {}", o.why, o.blocks.len(), o.blocks.join(", ")),
        })
        .collect();
    format!("{head}. Out: {}.", why.join("; "))
}

/// A hidden tile.
#[function_component]
pub fn HiddenTile(p: &HiddenProps) -> Html {
    let state = &p.state;
    let s = &state.scenario;
    let army = if p.side == Side::Attacker { &s.attacker } else { &s.defender };
    let Some(h) = army.hidden.get(p.index).cloned() else {
        return html! {};
    };
    let sid = side_id(p.side);
    let k = p.index;
    let label = format!("Hidden #{}", k + 1);
    let field = format!("{sid}.hidden[{k}]");
    let now = possible_blocks(s, p.side, &h, &field);
    // What it could be with no list given, for the picker.
    let open = possible_blocks(s, p.side, &HiddenBlock { candidates: Vec::new(), ..h.clone() }, &field).unwrap_or_default();
    let set = {
        let state = state.clone();
        let side = p.side;
        move |h: HiddenBlock| state.dispatch(Action::Edit(Edit::Hidden(side, k, h)))
    };
    let on_prior = {
        let (set, h) = (set.clone(), h.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            set(HiddenBlock { strength: prior_of(&v), ..h.clone() });
        })
    };
    let on_reserve = {
        let (set, h) = (set.clone(), h.clone());
        Callback::from(move |_| set(HiddenBlock { reserve: !h.reserve, ..h.clone() }))
    };
    let remove = {
        let state = state.clone();
        let side = p.side;
        Callback::from(move |_| state.dispatch(Action::Edit(Edit::RemoveHidden(side, k))))
    };
    let kind_box = |name: &'static str| {
        let (set, h) = (set.clone(), h.clone());
        let on = h.kinds.iter().any(|x| x.eq_ignore_ascii_case(name));
        let toggle = Callback::from(move |_| {
            let mut kinds: Vec<String> = h.kinds.iter().filter(|x| !x.eq_ignore_ascii_case(name)).cloned().collect();
            if !on {
                kinds.push(name.to_string());
            }
            set(HiddenBlock { kinds, ..h.clone() });
        });
        html! {
            <label class="toggle">
                <input type="checkbox" checked={on} onchange={toggle} data-testid={format!("hidden-kind-{sid}-{k}-{name}")} />
                {name}
            </label>
        }
    };
    let block_box = |id: &'static str| {
        let (set, h) = (set.clone(), h.clone());
        let on = h.candidates.iter().any(|x| x.eq_ignore_ascii_case(id));
        let toggle = Callback::from(move |e: Event| {
            let checked = e.target_unchecked_into::<HtmlInputElement>().checked();
            let mut candidates: Vec<String> = h.candidates.iter().filter(|x| !x.eq_ignore_ascii_case(id)).cloned().collect();
            if checked {
                candidates.push(id.to_string());
            }
            set(HiddenBlock { candidates, ..h.clone() });
        });
        html! {
            <label class="toggle">
                <input type="checkbox" checked={on} onchange={toggle} data-testid={format!("hidden-block-{sid}-{k}-{id}")} />
                {id}
            </label>
        }
    };
    let any_of_them = {
        let (set, h) = (set.clone(), h.clone());
        Callback::from(move |_| set(HiddenBlock { candidates: Vec::new(), ..h.clone() }))
    };
    let words = match &now {
        Ok(ids) => who_line(ids, p.house),
        Err(e) => crate::battle::words::message(s, e),
    };
    let count = now.as_ref().map(|ids| ids.len()).unwrap_or(0);
    let out = now.as_ref().ok().map(|ids| out_line(ids.len(), &out_groups(s, p.side, &h, ids), p.house));
    let colour = match p.house {
        House::York => "york",
        House::Lancaster => "lancaster",
    };
    let prior = prior_value(&h.strength);
    // As for a known block (6.3): the attacker's reserves follow their borders.
    let by_border = p.side == Side::Attacker && side_said(s, p.side);
    let note = border_note(s, p.side, Arriving::Hidden(k), h.reserve);
    let arrives = p.side == Side::Attacker || h.reserve;
    html! {
        <li class={classes!("block-row", "hidden-row", h.reserve.then_some("is-reserve"))} data-testid={format!("hidden-{sid}-{k}")}>
            <div class={classes!("block", "hidden-block", colour)} aria-label={format!("{label}: {words}")}>
                <span class="mark" aria-hidden="true">{"?"}</span>
                <span class="bname">{label.clone()}</span>
                <span class="rating" aria-hidden="true">{"?"}</span>
                <span class="hidden-count">{if count == 1 { "1 possible".to_string() } else { format!("{count} possible") }}</span>
            </div>
            <div class="block-info">
                <div class={classes!("bonus", now.is_err().then_some("invalid"))} data-testid={format!("hidden-who-{sid}-{k}")}>{words}</div>
                <label class="hidden-strength">{"Strength "}
                    <select data-testid={format!("hidden-strength-{sid}-{k}")} onchange={on_prior}>
                        { for PRIORS.iter().map(|(v, w)| html! { <option value={*v} selected={prior == *v}>{*w}</option> }) }
                        if prior == "weights" { <option value="weights" selected=true>{"custom weights"}</option> }
                    </select>
                </label>
            </div>
            <div class="block-tools">
                <label class="toggle" title="It crossed another border than the Main Attack (or reinforces the defence)">
                    <input type="checkbox" checked={h.reserve} onchange={on_reserve} data-testid={format!("hidden-reserve-{sid}-{k}")} disabled={by_border} />
                    {"Reserve"}
                </label>
                <button class="icon danger" aria-label={format!("Remove {label}")} title="Remove" onclick={remove}>{"✕"}</button>
            </div>
            if let Some(out) = out {
                <p class="hidden-out" data-testid={format!("hidden-out-{sid}-{k}")}>{out}</p>
            }
            if arrives {
                <FromSelect state={state.clone()} side={p.side} which={Arriving::Hidden(k)} name={label.clone()} house={p.house} {note} />
            }
            <details class="hidden-pick" data-testid={format!("hidden-pick-{sid}-{k}")}>
                <summary>{"Who may it be?"}</summary>
                <fieldset>
                    <legend>{"Kinds (none ticked: any kind)"}</legend>
                    { for KIND_NAMES.iter().map(|(n, _)| kind_box(n)) }
                </fieldset>
                <fieldset>
                    <legend>{"Only these blocks (none ticked: any of them)"}</legend>
                    <div class="hidden-blocks">{ for open.iter().map(|id| block_box(id)) }</div>
                    <button class="small" onclick={any_of_them} disabled={h.candidates.is_empty()}>{"Any of them"}</button>
                </fieldset>
            </details>
        </li>
    }
}
