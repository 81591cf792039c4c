//! The area being set up: what it is, the moving player's blocks there (the battle's block tiles:
//! strength by pips, moved to another area, removed), blocks added from the roster, how many
//! enemy blocks stand there unseen and what is known of them; and, when the moving player can
//! attack it, the button that ranks every plan to.

use super::state::{MAX_ENEMY, MapEdit, MapState, edit, entry, taken};
use super::svg::describe;
use crate::shell::picker::RosterPicker;
use crate::shell::tile::{BlockFace, FaceProps};
use bosworth::board::Board;
use bosworth::data::{self, AREAS, House};
use bosworth::scenario::StrengthPrior;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of the area editor.
#[derive(Properties, PartialEq, Clone)]
pub struct AreaProps {
    /// The reducer.
    pub state: UseReducerHandle<MapState>,
    /// The area.
    pub area: AttrValue,
    /// The moving player can attack it this turn.
    pub target: bool,
    /// Another area is picked (from the list of areas).
    pub on_pick: Callback<String>,
    /// Rank every plan to attack the area.
    pub on_plan: Callback<String>,
}

/// A stable id for an area in testids: `middlesex`, `east-anglia` (the drawing's).
pub fn slug(name: &str) -> String {
    super::svg::id(name)
}

/// The strengths the unseen enemy blocks may have, as the list offers them.
const PRIORS: [(&str, &str); 6] = [
    ("full", "full strength"),
    ("any", "any strength"),
    ("at_most_1", "at most 1"),
    ("at_most_2", "at most 2"),
    ("at_least_2", "at least 2"),
    ("at_least_3", "at least 3"),
];

fn prior_key(p: &StrengthPrior) -> &'static str {
    match p {
        StrengthPrior::Full => "full",
        StrengthPrior::Any => "any",
        StrengthPrior::AtMost(1) => "at_most_1",
        StrengthPrior::AtMost(2) => "at_most_2",
        StrengthPrior::AtLeast(2) => "at_least_2",
        StrengthPrior::AtLeast(3) => "at_least_3",
        _ => "other",
    }
}

fn prior_of(key: &str) -> Option<StrengthPrior> {
    Some(match key {
        "full" => StrengthPrior::Full,
        "any" => StrengthPrior::Any,
        "at_most_1" => StrengthPrior::AtMost(1),
        "at_most_2" => StrengthPrior::AtMost(2),
        "at_least_2" => StrengthPrior::AtLeast(2),
        "at_least_3" => StrengthPrior::AtLeast(3),
        _ => return None,
    })
}

/// The field of the board an area's entry is, for the problem card's Go to the field.
fn field(board: &Board, area: &str) -> String {
    board
        .areas
        .iter()
        .position(|a| a.area == area)
        .map_or_else(String::new, |i| format!("areas[{i}]"))
}

/// The minor heirs not yet in play on this board, by id: the roster does not offer them (4.5,
/// 6.82; the board's validation refuses them, as the enemy's unseen blocks never include them,
/// `bosworth::board::setup::minor_waiting`).
pub fn not_in_play(board: &Board) -> Vec<String> {
    let dead: Vec<&str> = board
        .dead
        .iter()
        .filter_map(|n| data::block(n).or_else(|| data::block_by_person_and_house(n, board.house)))
        .map(|d| d.person)
        .collect();
    data::BLOCKS
        .iter()
        .filter(|d| bosworth::board::setup::minor_waiting(d, &dead).is_some())
        .map(|d| d.id.to_string())
        .collect()
}

/// The area editor.
#[function_component]
pub fn AreaEditor(p: &AreaProps) -> Html {
    let board = p.state.board();
    let area = p.area.to_string();
    let slug = slug(&area);
    let here = entry(board, &area);
    let field = field(board, &area);
    let house = board.house;
    let enemy = house.other();
    let may_enter = data::area(&area).is_some_and(|a| a.exile != Some(enemy));
    let pick = {
        let on_pick = p.on_pick.clone();
        Callback::from(move |e: Event| {
            on_pick.emit(e.target_unchecked_into::<HtmlSelectElement>().value())
        })
    };
    let own = here.map(|a| a.blocks.clone()).unwrap_or_default();
    let own_list = own.iter().enumerate().map(|(i, b)| {
        let Some(d) = data::block(&b.id).or_else(|| data::block_by_person_and_house(&b.id, house)) else {
            return html! { <li class="block-row">{format!("{} {}", b.id, b.strength)}</li> };
        };
        let (state, a) = (p.state.clone(), area.clone());
        let on_strength = Callback::from(move |strength: u8| edit(&state, MapEdit::Strength { area: a.clone(), index: i, strength }));
        let field = format!("{field}.blocks[{i}]");
        let face = FaceProps {
            field: Some(format!("{field}.strength").into()),
            ..FaceProps::of(d, b.strength, format!("pip-{slug}-{i}-"), on_strength)
        };
        let moving = {
            let (state, a) = (p.state.clone(), area.clone());
            Callback::from(move |e: Event| {
                let to = e.target_unchecked_into::<HtmlSelectElement>().value();
                if !to.is_empty() {
                    edit(&state, MapEdit::Move { from: a.clone(), index: i, to });
                }
            })
        };
        let remove = {
            let (state, a) = (p.state.clone(), area.clone());
            let to = vec![format!("[data-testid=\"search-{slug}\"]")];
            Callback::from(move |_: MouseEvent| {
                edit(&state, MapEdit::Remove { area: a.clone(), index: i });
                crate::shell::focus::focus_soon(to.clone());
            })
        };
        html! {
            <li class="block-row map-block" data-testid={format!("block-{slug}-{i}")}>
                <BlockFace ..face />
                <div class="block-tools">
                    <select class="small" aria-label={format!("Move {} to another area", d.id)} onchange={moving}
                        data-testid={format!("move-{slug}-{i}")} data-field={field.clone()}>
                        <option value="" selected=true>{"Move to…"}</option>
                        { for AREAS.iter().filter(|x| x.name != area).map(|x| html! { <option value={x.name}>{x.name}</option> }) }
                    </select>
                    <button class="icon danger" aria-label={format!("Remove {}", d.id)} title="Take the block off the board" onclick={remove}>{"✕"}</button>
                </div>
            </li>
        }
    });
    let add = {
        let (state, a) = (p.state.clone(), area.clone());
        Callback::from(move |id: String| {
            edit(
                &state,
                MapEdit::Add {
                    area: a.clone(),
                    id,
                },
            )
        })
    };
    let count = here.map_or(0, |a| a.enemy);
    let set_count = |n: u8| {
        let (state, a, slug) = (p.state.clone(), area.clone(), slug.clone());
        Callback::from(move |_: MouseEvent| {
            edit(
                &state,
                MapEdit::Enemy {
                    area: a.clone(),
                    count: n,
                },
            );
            // The button used is disabled at the end of the count: the focus goes to the other,
            // never to the page's body.
            let other = match n {
                0 => Some("more"),
                MAX_ENEMY => Some("less"),
                _ => None,
            };
            if let Some(o) = other {
                crate::shell::focus::focus_still_soon(vec![format!("[data-testid=\"enemy-{o}-{slug}\"]")]);
            }
        })
    };
    let typed = {
        let (state, a) = (p.state.clone(), area.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(n) = v.trim().parse::<u8>() {
                edit(
                    &state,
                    MapEdit::Enemy {
                        area: a.clone(),
                        count: n.min(MAX_ENEMY),
                    },
                );
            }
        })
    };
    let prior = here.map(|a| a.enemy_strength.clone()).unwrap_or_default();
    let on_prior = {
        let (state, a) = (p.state.clone(), area.clone());
        Callback::from(move |e: Event| {
            if let Some(prior) = prior_of(&e.target_unchecked_into::<HtmlSelectElement>().value()) {
                edit(
                    &state,
                    MapEdit::EnemyStrength {
                        area: a.clone(),
                        prior,
                    },
                );
            }
        })
    };
    let known = here.map(|a| a.enemy_known.clone()).unwrap_or_default();
    let known_list = known.iter().enumerate().map(|(i, k)| {
        let Some(d) = data::block(&k.id).or_else(|| data::block_by_person_and_house(&k.id, enemy)) else {
            return html! { <li class="block-row">{format!("{} {}", k.id, k.strength)}</li> };
        };
        let (state, a) = (p.state.clone(), area.clone());
        let on_strength = Callback::from(move |strength: u8| edit(&state, MapEdit::KnownStrength { area: a.clone(), index: i, strength }));
        let face = FaceProps {
            field: Some(format!("{field}.enemy_known[{i}].strength").into()),
            ..FaceProps::of(d, k.strength, format!("pip-known-{slug}-{i}-"), on_strength)
        };
        let remove = {
            let (state, a) = (p.state.clone(), area.clone());
            Callback::from(move |_: MouseEvent| edit(&state, MapEdit::RemoveKnown { area: a.clone(), index: i }))
        };
        html! {
            <li class="block-row map-block">
                <BlockFace ..face />
                <div class="block-tools">
                    <button class="icon danger" aria-label={format!("Remove {}", d.id)} title="Take the block off the board" onclick={remove}
                        data-field={format!("{field}.enemy_known[{i}]")}>{"✕"}</button>
                </div>
            </li>
        }
    });
    let add_known = {
        let (state, a) = (p.state.clone(), area.clone());
        Callback::from(move |id: String| {
            edit(
                &state,
                MapEdit::AddKnown {
                    area: a.clone(),
                    id,
                },
            )
        })
    };
    let clear = {
        let (state, a) = (p.state.clone(), area.clone());
        Callback::from(move |_: MouseEvent| edit(&state, MapEdit::Clear(a.clone())))
    };
    let plan = {
        let (on_plan, a) = (p.on_plan.clone(), area.clone());
        Callback::from(move |_: MouseEvent| on_plan.emit(a.clone()))
    };
    // The ranking's button at the top of the area, where it shows without scrolling.
    let rank_button = html! {
        if p.target {
            <p class="area-rank">
                <button class="primary" onclick={plan} data-testid="plan-here" aria-keyshortcuts="R"
                    title="R on the area in the map does the same">{format!("Rank every attack on {area}")}</button>
            </p>
        }
    };
    let used = taken(board);
    let out = not_in_play(board);
    let about = describe(&area);
    let about = about
        .strip_prefix(&format!("{area}: "))
        .unwrap_or("no shield, crown, city or cathedral")
        .to_string();
    // An area without the moving player's blocks shows the enemy's first (the order stays put
    // while the enemy's blocks are counted, so the keyboard keeps its place).
    let enemy_first = own.is_empty();
    let own_part = html! {
        <>
            <h3 class="side-h"><span class={classes!("dot", house_class(house))}></span>{format!("{house} blocks here")}</h3>
            // The roster above the blocks: a block added goes in below it, so nothing moves
            // under the pointer.
            if may_enter {
                <RosterPicker house={house} king={board.king} used={used.clone()} out={out.clone()} id={slug.clone()} on_add={add}
                    placeholder={format!("Add a {house} block to {area}: search…")} />
            }
            if own.is_empty() {
                <p class="muted small">{"None yet: add them from the roster."}</p>
            } else {
                <ul class="blocks map-blocks" aria-label={format!("{house} blocks in {area}")}>{ for own_list }</ul>
            }
        </>
    };
    let enemy_part = html! {
        <>
            <h3 class="side-h enemy-h"><span class={classes!("dot", house_class(enemy))}></span>{format!("{enemy} blocks here")}</h3>
            <div class="enemy-count" role="group" aria-label={format!("Unseen {enemy} blocks in {area}")}>
                <span class="enemy-label" id={format!("enemy-l-{slug}")}>{"Unseen"}</span>
                <button class="icon" aria-label={format!("One fewer unseen {enemy} block")} disabled={count == 0}
                    onclick={set_count(count.saturating_sub(1))} data-testid={format!("enemy-less-{slug}")}>{"−"}</button>
                <input type="number" min="0" max={MAX_ENEMY.to_string()} value={count.to_string()} onchange={typed}
                    aria-labelledby={format!("enemy-l-{slug}")} data-testid={format!("enemy-{slug}")} data-field={format!("{field}.enemy")} />
                <button class="icon" aria-label={format!("One more unseen {enemy} block")} disabled={count >= MAX_ENEMY}
                    onclick={set_count(count + 1)} data-testid={format!("enemy-more-{slug}")}>{"+"}</button>
                <label class="enemy-prior">
                    <span>{"at"}</span>
                    <select onchange={on_prior} disabled={count == 0} aria-label={format!("Strength of the unseen {enemy} blocks in {area}")}
                        data-testid={format!("prior-{slug}")} data-field={format!("{field}.enemy_strength")}>
                        { for PRIORS.iter().map(|(k, w)| html! { <option value={*k} selected={prior_key(&prior) == *k}>{*w}</option> }) }
                        if prior_key(&prior) == "other" { <option value="other" selected=true>{"as the file says"}</option> }
                    </select>
                </label>
            </div>
            <details class="known" open={!known.is_empty()}>
                <summary>{format!("Known {enemy} blocks ({})", known.len())}</summary>
                <p class="muted small">{"Blocks seen in an earlier battle, with their strength. Adding one counts it out of the unseen blocks here."}</p>
                if !known.is_empty() {
                    <ul class="blocks map-blocks" aria-label={format!("Known {enemy} blocks in {area}")}>{ for known_list }</ul>
                }
                <RosterPicker house={enemy} king={board.king} used={used} {out} id={format!("known-{slug}")} on_add={add_known}
                    placeholder={format!("A known {enemy} block in {area}: search…")} />
            </details>
        </>
    };
    // Escape anywhere in the area (once a search has nothing left to clear): back to the area on
    // the map, where the arrow keys go on.
    let escape = {
        let a = area.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && !e.default_prevented() {
                e.prevent_default();
                crate::shell::focus::focus_field(&[format!(".map-card .hit[data-area=\"{a}\"]")]);
            }
        })
    };
    html! {
        <section class="card area-card" aria-labelledby="area-h" data-testid="area-editor" data-area={area.clone()}
            onkeydown={escape} aria-keyshortcuts="Escape">
            <div class="area-head">
                <h2 id="area-h" tabindex="-1" data-field={field.clone()}>{area.clone()}</h2>
                <label class="area-pick">
                    <span class="visually-hidden">{"Set up another area"}</span>
                    <select onchange={pick} data-testid="area-pick" aria-label="Set up another area">
                        { for AREAS.iter().map(|x| html! { <option value={x.name} selected={x.name == area}>{x.name}</option> }) }
                    </select>
                </label>
            </div>
            <p class="muted small area-about">{about}</p>
            {rank_button}
            if !may_enter {
                <p class="note">{format!("An exile area of {enemy}: {house} can never enter it (2.7).")}</p>
            }
            if enemy_first { {enemy_part.clone()} {own_part.clone()} } else { {own_part} {enemy_part} }
            <div class="area-actions">
                if here.is_some() {
                    <button onclick={clear} data-testid="clear-area" title="Take every block off this area">{"Clear the area"}</button>
                }
            </div>
        </section>
    }
}

/// The class of a house's colour.
pub fn house_class(h: House) -> &'static str {
    match h {
        House::York => "york",
        House::Lancaster => "lancaster",
    }
}
