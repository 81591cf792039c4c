//! The board as a list: every area the map draws, what stands in it and its best plan's chance
//! when planned, each a button that picks it to set up. The same areas and blocks as the map,
//! for a screen reader, a keyboard, or anyone who prefers reading to looking.

use super::area::slug;
use super::look::contents;
use bosworth::board::Board;
use bosworth::data::AREAS;
use yew::prelude::*;

/// Props of the list.
#[derive(Properties, PartialEq, Clone)]
pub struct ListProps {
    /// The board.
    pub board: Board,
    /// The area being set up.
    pub selected: Option<String>,
    /// Each target's best chance to hold so far.
    pub chances: Vec<(String, f64, bool)>,
    /// An area is picked.
    pub on_pick: Callback<String>,
    /// Everything in an area leaves the board (for a name that is no area of the map).
    pub on_clear: Callback<String>,
}

fn row(p: &ListProps, name: &'static str) -> Html {
    let pick = {
        let on_pick = p.on_pick.clone();
        Callback::from(move |_: MouseEvent| on_pick.emit(name.to_string()))
    };
    let on = p.selected.as_deref() == Some(name);
    let field = p
        .board
        .areas
        .iter()
        .position(|a| a.area == name)
        .map(|i| format!("areas[{i}]"));
    let chance = p.chances.iter().find(|c| c.0 == name);
    html! {
        <li class={classes!("area-row", on.then_some("selected"))}>
            <button class="area-name" aria-pressed={if on { "true" } else { "false" }} onclick={pick}
                data-testid={format!("list-{}", slug(name))} data-field={field}>{name}</button>
            <span class="area-what">{contents(&p.board, name)}</span>
            if let Some((_, c, done)) = chance {
                <span class={classes!("area-chance", (!done).then_some("refining"))}
                    title="Its best plan's chance to hold">{crate::shell::format::pct(*c)}</span>
            }
        </li>
    }
}

/// The board as a list.
#[function_component]
pub fn BoardList(p: &ListProps) -> Html {
    let used = |n: &str| p.board.areas.iter().any(|a| a.area == n);
    let held: Vec<&'static str> = AREAS.iter().map(|a| a.name).filter(|n| used(n)).collect();
    let vacant: Vec<&'static str> = AREAS.iter().map(|a| a.name).filter(|n| !used(n)).collect();
    html! {
        <section class="card board-list" aria-labelledby="list-h" data-testid="board-list">
            <h2 id="list-h">{"The board as a list"}</h2>
            if held.is_empty() {
                <p class="muted small">{"Nothing on the board yet: pick an area on the map or below to place blocks."}</p>
            } else {
                <ul class="area-rows" aria-label="Areas with blocks">{ for held.iter().map(|n| row(p, n)) }</ul>
            }
            { for p.board.areas.iter().enumerate().filter(|(_, a)| !AREAS.iter().any(|x| x.name == a.area)).map(|(i, a)| {
                let clear = { let (on_clear, name) = (p.on_clear.clone(), a.area.clone()); Callback::from(move |_: MouseEvent| on_clear.emit(name.clone())) };
                html! {
                    <p class="field-error stray-area">
                        {format!("'{}' is not an area of the map: ", a.area)}
                        <button onclick={clear} data-field={format!("areas[{i}]")} data-testid="stray-clear">{format!("Take '{}' off the board", a.area)}</button>
                    </p>
                }
            }) }
            <details class="vacant-areas">
                <summary>{format!("Vacant areas ({})", vacant.len())}</summary>
                <ul class="area-rows" aria-label="Vacant areas">{ for vacant.iter().map(|n| row(p, n)) }</ul>
            </details>
        </section>
    }
}
