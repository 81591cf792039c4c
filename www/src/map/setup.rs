//! The turn: who moves (his blocks are the board's own), who holds the throne, the card played
//! (an action card's action points or an event card), Player 1 or 2, and the dead.

use super::area::house_class;
use super::state::{MapEdit, MapProps, edit};
use bosworth::board::{Card, EVENTS};
use bosworth::data::{BLOCKS, House};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// One choice of a segmented control: a radio button with its words.
fn option(
    name: &str,
    label: String,
    checked: bool,
    testid: String,
    on: Callback<()>,
    title: &str,
) -> Html {
    html! {
        <label class="seg-option" title={title.to_string()}>
            <input type="radio" name={name.to_string()} {checked} data-testid={testid}
                onchange={on.reform(|_: Event| ())} />
            {label}
        </label>
    }
}

/// The turn's settings.
#[function_component]
pub fn Setup(p: &MapProps) -> Html {
    let board = p.state.board();
    let send = |e: MapEdit| {
        let state = p.state.clone();
        Callback::from(move |_: ()| edit(&state, e.clone()))
    };
    let houses = [House::York, House::Lancaster];
    let dead_pick = {
        let state = p.state.clone();
        Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<HtmlSelectElement>();
            let id = el.value();
            if !id.is_empty() {
                edit(&state, MapEdit::Dead(id, true));
                el.set_value("");
            }
        })
    };
    // The six event cards beside the action cards (5.1, Event Cards).
    let event_played = board
        .card
        .as_ref()
        .and_then(|c| c.read().ok())
        .and_then(|c| c.event());
    let event_pick = {
        let state = p.state.clone();
        Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<HtmlSelectElement>();
            let name = el.value();
            if !name.is_empty() {
                edit(&state, MapEdit::Card(Card::Event(name)));
            }
        })
    };
    let dead: Vec<&String> = board.dead.iter().collect();
    // Heirs first: their deaths bring the minor heirs into play (4.5, 6.82).
    let mut offer: Vec<&bosworth::data::BlockData> = BLOCKS
        .iter()
        .filter(|b| {
            !board
                .dead
                .iter()
                .any(|d| super::state::person(d).eq_ignore_ascii_case(b.person))
        })
        .collect();
    offer.sort_by_key(|b| {
        (
            b.heir_rank.is_none(),
            b.house().map(|h| h as u8),
            b.heir_rank,
            b.id,
        )
    });
    offer.dedup_by_key(|b| b.person);
    html! {
        <section class="card setup" aria-labelledby="setup-h" data-testid="setup">
            <h2 id="setup-h">{"The turn"}</h2>
            <fieldset class="segmented" data-field="house">
                <legend>{"Moving"}</legend>
                { for houses.iter().map(|&h| option("house", h.to_string(), board.house == h, format!("house-{}", house_class(h)),
                    send(MapEdit::House(h)), "The player who moves: his blocks are known, the enemy's stand unseen")) }
            </fieldset>
            <fieldset class="segmented" data-field="king">
                <legend>{"King"}</legend>
                { for houses.iter().map(|&h| option("king", h.to_string(), board.king == h, format!("king-{}", house_class(h)),
                    send(MapEdit::King(h)), "The house on the throne: who is King and who Pretender (3.21)")) }
            </fieldset>
            <fieldset class="segmented" data-field="card">
                <legend>{"Card"}</legend>
                { for [2u8, 3, 4].iter().map(|&c| option("card", format!("{c} AP"), board.card == Some(Card::Points(c)), format!("card-{c}"),
                    send(MapEdit::Card(Card::Points(c))), "The action points of the card played (5.1)")) }
            </fieldset>
            <div class="card-event">
                <select class="small" onchange={event_pick} aria-label="Event card played" data-testid="card-event"
                    title="An event card: its action points serve only its event (5.1, Event Cards)">
                    <option value="" selected={event_played.is_none()}>{"Event card…"}</option>
                    { for EVENTS.iter().map(|e| html! {
                        <option value={e.name()} selected={event_played == Some(*e)}>{e.name()}</option>
                    }) }
                </select>
            </div>
            <fieldset class="segmented" data-field="player">
                <legend>{"Player"}</legend>
                { for [1u8, 2].iter().map(|&n| option("player", format!("{n}"), board.player == n, format!("player-{n}"),
                    send(MapEdit::Player(n)), "Player 1 moves first; Player 2 may reinforce Player 1's battles (1.1, 6.3)")) }
            </fieldset>
            <div class="dead" data-field="dead">
                <span class="dead-label">{"Dead:"}</span>
                if dead.is_empty() { <span class="muted small">{"nobody"}</span> }
                { for dead.iter().map(|d| {
                    let state = p.state.clone();
                    let id = (*d).clone();
                    html! {
                        <button class="chip" aria-label={format!("{d} is dead: bring back")} title="No longer dead"
                            onclick={Callback::from(move |_: MouseEvent| edit(&state, MapEdit::Dead(id.clone(), false)))}>{d.to_string()}</button>
                    }
                }) }
                <select class="small" onchange={dead_pick} aria-label="Add to the dead" data-testid="dead-pick">
                    <option value="" selected=true>{"Add to the dead…"}</option>
                    { for offer.iter().map(|b| html! { <option value={b.person}>{
                        match b.heir_rank { Some(r) => format!("{} (heir {r})", b.person), None => b.person.to_string() }
                    }</option> }) }
                </select>
            </div>
        </section>
    }
}
