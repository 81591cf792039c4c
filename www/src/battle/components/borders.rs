//! The battle's borders (issue 24, part 5; R20): on each attacking block and reinforcement,
//! where it came from, picked among the area's land neighbours ([`FromSelect`]); and in the
//! battle's setting, each border of the area filling up to its limit, the Main Attack chosen by
//! border and who holds each neighbour ([`BordersPanel`]). The reducer keeps the reserves in
//! step with the Main Attack (`battle::borders`).

use super::{StateProps, side_id};
use crate::battle::borders::{self, Arriving, kind_word};
use crate::battle::state::{Action, Edit, State};
use bosworth::Side;
use bosworth::data::House;
use bosworth::scenario::Held;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Props of a block's "Came from".
#[derive(Properties, PartialEq, Clone)]
pub struct FromProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// The block's side.
    pub side: Side,
    /// Which block.
    pub which: Arriving,
    /// Its name as the page shows it.
    pub name: AttrValue,
    /// The side's house.
    pub house: House,
    /// What its border makes of it ([`border_note`]).
    #[prop_or_default]
    pub note: Option<String>,
}

/// The test id of a block's "Came from": `from-attacker-3`, `from-hidden-defender-0`.
pub fn from_test_id(side: Side, which: Arriving) -> String {
    match which {
        Arriving::Block(i) => format!("from-{}-{i}", side_id(side)),
        Arriving::Hidden(k) => format!("from-hidden-{}-{k}", side_id(side)),
    }
}

/// The scenario's field of a block's `from`: `attacker.blocks[3].from`.
fn from_field(side: Side, which: Arriving) -> String {
    match which {
        Arriving::Block(i) => format!("{}.blocks[{i}].from", side.name()),
        Arriving::Hidden(k) => format!("{}.hidden[{k}].from", side.name()),
    }
}

/// Where a block came from: the area's land neighbours its house may stand in, each with its
/// border filling ("Middlesex: river, 3 of 3"); apart, the areas across an estuary, which no
/// land move joins (5.2), so that choosing one says why not; and whatever the battle says if it
/// is neither (a link or a file).
#[function_component]
pub fn FromSelect(p: &FromProps) -> Html {
    let s = &p.state.scenario;
    let Some(area) = borders::area(s) else {
        return html! {};
    };
    let now = borders::from_of(s, p.side, p.which).map(str::to_string);
    // A battle under way carries its retreat limits as typed, not its borders (R20).
    if s.progress.is_some() && now.is_none() {
        return html! {};
    }
    let fills = borders::crossing(s, p.side);
    let offered: Vec<_> = fills
        .iter()
        .filter(|c| borders::may_come_from(c.area, p.house))
        .collect();
    let estuary = borders::across_estuary(area.name);
    let known = |n: &str| offered.iter().any(|c| c.area.name == n) || estuary.contains(&n);
    let other = now.clone().filter(|n| !known(n));
    let is = |n: &str| now.as_deref().is_some_and(|x| x.eq_ignore_ascii_case(n));
    let field = from_field(p.side, p.which);
    let invalid = p
        .state
        .check
        .as_ref()
        .err()
        .is_some_and(|e| e.field == field || e.field == field.replace(".from", ".reserve"));
    let onchange = {
        let state = p.state.clone();
        let (side, which) = (p.side, p.which);
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            state.dispatch(Action::Edit(Edit::From(
                side,
                which,
                (!v.is_empty()).then_some(v),
            )));
        })
    };
    let what = if p.side == Side::Attacker {
        "attacked"
    } else {
        "reinforced"
    };
    let note_id = format!("{}-note", from_test_id(p.side, p.which));
    html! {
        <div class="block-border">
        <label class="from" title={format!("The neighbouring area it {what} {} from: the border it crossed (5.2, 5.21, 6.3)", area.name)}>
            <span>{"Came from"}</span>
            <select data-testid={from_test_id(p.side, p.which)} data-field={field.clone()}
                aria-label={format!("{}: came from", p.name)} aria-invalid={invalid.then_some("true")}
                aria-describedby={p.note.is_some().then(|| note_id.clone())} {onchange}>
                <option value="" selected={now.is_none()}>{"(not said)"}</option>
                { for offered.iter().map(|c| html! {
                    <option value={c.area.name} selected={is(c.area.name)}>
                        {format!("{}: {}, {} of {}", c.area.name, kind_word(c.kind), c.blocks, c.kind.limit())}
                    </option>
                }) }
                if !estuary.is_empty() {
                    <optgroup label="No land border (5.2)">
                        { for estuary.iter().map(|n| html! {
                            <option value={*n} selected={is(n)}>{format!("{n}: estuary, by sea only")}</option>
                        }) }
                    </optgroup>
                }
                if let Some(n) = other {
                    <option value={n.clone()} selected=true>{format!("{n}: not a land neighbour of {}", area.name)}</option>
                }
            </select>
        </label>
        if let Some(n) = &p.note {
            <span class="border-note" id={note_id.clone()} data-testid={note_id.clone()}>{n.clone()}</span>
        }
        </div>
    }
}

/// What a block's row says of its border, with borders given: the Main Attack's blocks fight in
/// round 1, the others are reserves (6.3, D4); `None` while the block says nothing.
pub fn border_note(
    s: &bosworth::Scenario,
    side: Side,
    which: Arriving,
    reserve: bool,
) -> Option<String> {
    let area = borders::area(s)?;
    let from = borders::from_of(s, side, which)?;
    // Across no land border, it crossed nothing: the problem card says why (5.2).
    bosworth::rules::movement::land_border(area.name, bosworth::data::area(from)?.name)?;
    let border = format!("{from}–{}", area.name);
    Some(match (side, reserve) {
        (Side::Attacker, false) => format!("Main Attack ({border}): fights in round 1 (6.3)"),
        (Side::Attacker, true) => {
            format!("reserve ({border}, not the Main Attack's): arrives in round 2 (6.3, D4)")
        }
        (Side::Defender, _) => {
            format!("reinforcement ({border}): arrives in round 2 (6.3, D4)")
        }
    })
}

const HELD: [(&str, &str); 4] = [
    ("", "vacant"),
    ("York", "York"),
    ("Lancaster", "Lancaster"),
    ("contested", "contested"),
];

fn held_value(h: Option<Held>) -> &'static str {
    match h {
        None => "",
        Some(Held::York) => "York",
        Some(Held::Lancaster) => "Lancaster",
        Some(Held::Contested) => "contested",
    }
}

fn held_of(v: &str) -> Option<Held> {
    match v {
        "York" => Some(Held::York),
        "Lancaster" => Some(Held::Lancaster),
        "contested" => Some(Held::Contested),
        _ => None,
    }
}

/// A border's limit as boxes, filled for each block crossing it, red past the limit.
fn slots(blocks: usize, limit: u8, house: House) -> Html {
    let n = blocks.max(usize::from(limit));
    let colour = if house == House::York {
        "york"
    } else {
        "lancaster"
    };
    html! {
        <span class={classes!("slots", colour)} aria-hidden="true">
            { for (0..n).map(|k| html! {
                <span class={classes!("slot", (k < blocks).then_some("on"), (k >= usize::from(limit)).then_some("over"))}></span>
            }) }
        </span>
    }
}

/// The area's borders: each land neighbour with its border's type and limit, and once the
/// battle says where its blocks came from, each side's blocks filling it ("Middlesex–Kent
/// river: 3 of 3"), the Main Attack by border and who holds the neighbour (for retreats, 6.6).
#[function_component]
pub fn BordersPanel(props: &StateProps) -> Html {
    let state = &props.state;
    let s = &state.scenario;
    let Some(area) = borders::area(s) else {
        return html! {};
    };
    let attack = borders::crossing(s, Side::Attacker);
    let reinforce = borders::crossing(s, Side::Defender);
    if attack.is_empty() {
        return html! {};
    }
    let said = borders::said(s);
    if s.progress.is_some() && !said {
        return html! {};
    }
    let main = borders::agreed_main_attack(s);
    let estuary = borders::across_estuary(area.name);
    let error = state
        .check
        .as_ref()
        .err()
        .map(|e| e.field.clone())
        .unwrap_or_default();
    let row = |i: usize| {
        let (a, d) = (&attack[i], &reinforce[i]);
        let n = a.area.name;
        let on_held = {
            let state = state.clone();
            Callback::from(move |e: Event| {
                let v = e.target_unchecked_into::<HtmlSelectElement>().value();
                state.dispatch(Action::Edit(Edit::Held(n.to_string(), held_of(&v))));
            })
        };
        let on_main = {
            let state = state.clone();
            Callback::from(move |_: Event| {
                state.dispatch(Action::Edit(Edit::MainAttack(n.to_string())))
            })
        };
        let held = held_value(borders::held(s, n));
        let field = format!("neighbours.{n}");
        let side_fill = |c: &borders::Crossing, house: House, side: Side| {
            html! {
                <span class={classes!("fill", c.over().then_some("over"))} data-testid={format!("fill-{}-{n}", side_id(side))}>
                    {slots(c.blocks, c.kind.limit(), house)}
                    {format!("{house}: {} of {}", c.blocks, c.kind.limit())}
                </span>
            }
        };
        html! {
            <li class={classes!("border-row", kind_word(a.kind))} data-testid={format!("border-{n}")}>
                <span class="border-name">
                    <b>{format!("{n}–{}", area.name)}</b>
                    <span class="border-kind">{format!(" {} · {}", kind_word(a.kind), a.kind.limit())}</span>
                </span>
                if said {
                    <span class="fills">
                        {side_fill(a, s.attacker.house, Side::Attacker)}
                        if d.blocks > 0 { {side_fill(d, s.defender.house, Side::Defender)} }
                    </span>
                    if a.blocks > 0 {
                        <label class="toggle main">
                            <input type="radio" name="main-attack" value={n} checked={main == Some(n)} onchange={on_main}
                                data-testid={format!("main-{n}")} />
                            {"Main Attack"}<span class="visually-hidden">{format!(" across {n}–{}", area.name)}</span>
                        </label>
                    }
                    <label class="held">
                        <span>{"held by"}</span>
                        <select data-testid={format!("held-{n}")} data-field={field.clone()} aria-label={format!("Who holds {n}")}
                            aria-invalid={(error == field).then_some("true")} onchange={on_held}>
                            { for HELD.iter().map(|(v, w)| html! { <option value={*v} selected={held == *v}>{*w}</option> }) }
                        </select>
                    </label>
                }
            </li>
        }
    };
    html! {
        <section class="borders" aria-labelledby="borders-h" data-testid="borders">
            <h3 id="borders-h" tabindex="-1" data-testid="borders-heading">{format!("Borders of {}", area.name)}</h3>
            if said {
                <p class="hint">{"A border carries at most its limit of each side's blocks a turn (5.21). The attack crosses at most three: the Main Attack's blocks fight in round 1, the others are reserves (6.3). Who holds each neighbour decides where each side may retreat (6.6, D12)."}</p>
            } else {
                <p class="hint">{"Say on each attacking block where it came from, and the map's rules apply: border limits (5.21), the Main Attack by border (6.3), retreat limits from the map (D12)."}</p>
            }
            <ul class={classes!("border-list", (!said).then_some("compact"))}>
                { for (0..attack.len()).map(row) }
                { for estuary.iter().map(|n| html! {
                    <li class="border-row estuary"><span class="border-name"><b>{format!("{n}–{}", area.name)}</b>
                        <span class="border-kind">{" estuary: no land border, by sea only (5.2)"}</span></span></li>
                }) }
            </ul>
        </section>
    }
}
