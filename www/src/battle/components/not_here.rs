//! "Not in this area": one list per side of the blocks known not to be in the battle's area
//! (seen elsewhere on the map, in the pool, known to be away), shared by all of that side's
//! hidden blocks: none of them can be one (R13). The scenario keeps them in `seen_elsewhere`
//! (docs/scenario.md), one list for both sides; each side's panel shows the blocks of its house.
//! Quick picks mark a kind at once (the levies, the mercenaries, the church, the nobles of a
//! region); every block is a checkbox, so the list is set by keyboard as well as by pointer.

use super::side_id;
use crate::battle::state::{Action, Edit, State};
use crate::shell::format::sentence;
use bosworth::Side;
use bosworth::data::{AREAS, BlockData, Home, House, Kind};
use bosworth::solve::fog::{Availability, availability};
use yew::prelude::*;

/// Props of a side's list.
#[derive(Properties, PartialEq, Clone)]
pub struct NotHereProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// The side whose hidden blocks it narrows.
    pub side: Side,
    /// Its house.
    pub house: House,
}

/// The regions of the quick picks, by the map's areas: a noble belongs to one when every area
/// holding his shield lies in it (2.2), so "the nobles of the North" are the lords whose
/// estates are all there. Our grouping for a quick pick, not a rule of the game.
pub const REGIONS: [(&str, &[&str]); 4] = [
    (
        "the North",
        &[
            "Northumbria",
            "Cumbria",
            "North Yorks",
            "East Yorks",
            "South Yorks",
            "Lancaster",
            "Isle of Man",
        ],
    ),
    (
        "Wales and the West",
        &[
            "Caernarvon",
            "Pembroke",
            "Powys",
            "Glamorgan",
            "Chester",
            "Hereford",
            "Gloucester",
            "Somerset",
            "Cornwall",
            "Dorset",
            "Wilts",
        ],
    ),
    (
        "the Midlands",
        &[
            "Derby",
            "Lincoln",
            "Warwick",
            "Leicester",
            "Rutland",
            "Oxford",
        ],
    ),
    (
        "the South-East",
        &[
            "East Anglia",
            "Essex",
            "Middlesex",
            "Kent",
            "Sussex",
            "Calais",
        ],
    ),
];

/// True if every area holding one of a noble's shields lies in `areas`.
fn noble_of(d: &BlockData, areas: &[&str]) -> bool {
    let Home::Shields(shields) = d.home else {
        return false;
    };
    let held: Vec<&str> = AREAS
        .iter()
        .filter(|a| shields.iter().any(|s| a.has_shield(s)))
        .map(|a| a.name)
        .collect();
    d.kind == Kind::Noble && !held.is_empty() && held.iter().all(|a| areas.contains(a))
}

/// A quick pick: its words and the blocks it marks.
#[derive(Debug, Clone, PartialEq)]
pub struct QuickPick {
    /// `all levies`, `the nobles of the North`.
    pub words: String,
    /// The ids it marks, among those the list offers.
    pub blocks: Vec<&'static str>,
}

/// The blocks a side's list offers, in the game's block order: those its hidden blocks may be by
/// default and those already marked not here (R13: the engine's `availability`; a block out for
/// another reason, dead or in the battle or not yet in play, needs no mark). Each with whether
/// it is marked.
pub fn offered(s: &bosworth::Scenario, side: Side) -> Vec<(&'static str, bool)> {
    availability(s, side)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(id, a)| match a {
            Availability::Available => Some((id, false)),
            Availability::SeenElsewhere => Some((id, true)),
            _ => None,
        })
        .collect()
}

/// The quick picks for a side's list: the levies, the mercenaries, the church and the nobles of
/// each region, each with the blocks the list offers (picks with none are left out).
pub fn quick_picks(offered: &[(&'static str, bool)]) -> Vec<QuickPick> {
    let data = |id: &str| bosworth::data::block(id);
    let of = |f: &dyn Fn(&BlockData) -> bool| -> Vec<&'static str> {
        offered
            .iter()
            .map(|(id, _)| *id)
            .filter(|id| data(id).is_some_and(f))
            .collect()
    };
    let mut picks = vec![
        QuickPick {
            words: "all levies".into(),
            blocks: of(&|d| d.kind == Kind::Levy),
        },
        QuickPick {
            words: "all mercenaries".into(),
            blocks: of(&|d| d.kind == Kind::Mercenary),
        },
        QuickPick {
            words: "the church".into(),
            blocks: of(&|d| d.kind == Kind::Church),
        },
    ];
    for (name, areas) in REGIONS {
        picks.push(QuickPick {
            words: format!("the nobles of {name}"),
            blocks: of(&|d| noble_of(d, areas)),
        });
    }
    picks.retain(|p| !p.blocks.is_empty());
    picks
}

/// A side's "Not in this area" list.
#[function_component]
pub fn NotHere(p: &NotHereProps) -> Html {
    let state = &p.state;
    let s = &state.scenario;
    let sid = side_id(p.side);
    let offered = offered(s, p.side);
    let marked: Vec<&str> = offered
        .iter()
        .filter(|(_, m)| *m)
        .map(|(id, _)| *id)
        .collect();
    let set = |ids: Vec<&'static str>, away: bool| {
        let state = state.clone();
        Callback::from(move |_: ()| {
            state.dispatch(Action::Edit(Edit::NotHere(
                ids.iter().map(|x| x.to_string()).collect(),
                away,
            )))
        })
    };
    let picks = quick_picks(&offered);
    let summary = match marked.len() {
        0 => "none yet".to_string(),
        1 => "1 block".to_string(),
        n => format!("{n} blocks"),
    };
    html! {
        <details class="not-here" data-testid={format!("not-here-{sid}")} open={!marked.is_empty()}>
            <summary>{format!("Not in this area ({}): ", p.house)}<span class="muted small">{summary}</span></summary>
            <p class="hint">{format!(
                "Blocks seen elsewhere, still in the pool, or known to be away: none of {}'s hidden blocks can be one (R13). Ticked here, they are out for every one of them.",
                p.house
            )}</p>
            if !picks.is_empty() {
                <div class="quick-picks" role="group" aria-label={format!("Quick picks for {}", p.house)}>
                    { for picks.iter().enumerate().map(|(n, q)| {
                        let all = q.blocks.iter().all(|b| marked.contains(b));
                        html! {
                            <button class="small" aria-pressed={all.to_string()} data-testid={format!("not-here-{sid}-pick-{n}")}
                                title={q.blocks.join(", ")} onclick={set(q.blocks.clone(), !all).reform(|_: MouseEvent| ())}>
                                {format!("{} ({})", sentence(&q.words), q.blocks.len())}
                            </button>
                        }
                    }) }
                </div>
            }
            <fieldset class="not-here-blocks">
                <legend>{format!("{} blocks not here", p.house)}</legend>
                { for offered.iter().map(|(id, on)| html! {
                    <label class="toggle">
                        <input type="checkbox" checked={*on} onchange={set(vec![*id], !*on).reform(|_: Event| ())}
                            data-testid={format!("not-here-{sid}-{id}")} />
                        {*id}
                    </label>
                }) }
            </fieldset>
        </details>
    }
}
