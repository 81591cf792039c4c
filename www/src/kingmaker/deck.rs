//! The Event deck as the user describes it (K2): groups of cards alike, each with its count, its
//! result, its Nobles killed list and whether it is an optional card read on the Nobles Killed
//! Table (K14). The rules print no counts, so the editor never invents them.

use crate::kingmaker::state::{KingmakerProps, edit};
use crate::kingmaker::state::KingmakerEdit;
use bosworth::kingmaker::{CardResult, Cards, Game};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

const RESULTS: [(CardResult, &str, &str); 7] = [
    (CardResult::BadWeather, "bad weather", "Bad Weather"),
    (CardResult::Majority, "majority", "Majority (Advanced Game)"),
    (CardResult::FiveToFour, "5-4", "5-4"),
    (CardResult::ThreeToTwo, "3-2", "3-2"),
    (CardResult::TwoToOne, "2-1", "2-1"),
    (CardResult::ThreeToOne, "3-1", "3-1"),
    (CardResult::FourToOne, "4-1", "4-1"),
];

fn result_of(v: &str) -> CardResult {
    RESULTS.iter().find(|r| r.1 == v).map_or(CardResult::BadWeather, |r| r.0)
}

/// The deck card.
#[function_component]
pub fn DeckCard(p: &KingmakerProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let basic = s.game == Game::Basic;
    let total: u64 = s.deck.iter().map(|c| c.count as u64).sum();
    let rows = s.deck.iter().enumerate().map(|(i, c)| {
        let field = format!("deck[{i}]");
        let change = |what: &'static str| {
            let (state, c) = (state.clone(), c.clone());
            Callback::from(move |e: Event| {
                let mut x: Cards = c.clone();
                match what {
                    "count" => x.count = e.target_unchecked_into::<HtmlInputElement>().value().trim().parse().unwrap_or(0),
                    "result" => x.result = result_of(&e.target_unchecked_into::<HtmlSelectElement>().value()),
                    "killed" => {
                        x.killed = e.target_unchecked_into::<HtmlInputElement>().value().split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect()
                    }
                    _ => {
                        x.nobles_killed_table = e.target_unchecked_into::<HtmlInputElement>().checked();
                        if x.nobles_killed_table {
                            x.killed.clear();
                        }
                    }
                }
                edit(&state, KingmakerEdit::Cards(i, x));
            })
        };
        let remove = {
            let state = state.clone();
            Callback::from(move |_| {
                edit(&state, KingmakerEdit::RemoveCards(i));
                crate::shell::focus::focus_soon(vec!["[data-testid=\"add-cards\"]".to_string()]);
            })
        };
        let weather = c.result == CardResult::BadWeather;
        html! {
            <li class="km-row deck-row" data-testid={format!("cards-{i}")}>
                <label class="km-count">
                    <input type="number" min="0" value={c.count.to_string()} onchange={change("count")} aria-label={format!("How many cards of row {}", i + 1)}
                        data-testid={format!("cards-count-{i}")} data-field={format!("{field}.count")} />
                    <span aria-hidden="true">{"×"}</span>
                </label>
                <select class="small" onchange={change("result")} aria-label={format!("The result of row {}", i + 1)}
                    data-testid={format!("cards-result-{i}")} data-field={format!("{field}.result")}>
                    { for RESULTS.iter().filter(|r| !basic || r.0 != CardResult::Majority || c.result == CardResult::Majority).map(|r| html! {
                        <option value={r.1} selected={c.result == r.0}>{r.2}</option>
                    }) }
                </select>
                if basic && !weather && !c.nobles_killed_table {
                    <input type="text" class="km-killed" value={c.killed.join(", ")} onchange={change("killed")} placeholder="Nobles killed, top to bottom"
                        aria-label={format!("Nobles killed on the cards of row {}, top to bottom, separated by commas", i + 1)}
                        data-testid={format!("cards-killed-{i}")} data-field={format!("{field}.killed")} />
                }
                if basic && !weather {
                    <label class="check small" title="Treachery, Gales at Sea, Catastrophe, Royal Death...: a ratio but no list (K14)">
                        <input type="checkbox" checked={c.nobles_killed_table} onchange={change("table")} data-testid={format!("cards-table-{i}")} />
                        {"optional card: Nobles Killed Table"}
                    </label>
                }
                <button class="icon danger" onclick={remove} aria-label={format!("Remove row {} of the deck", i + 1)} data-testid={format!("remove-cards-{i}")}>{"✕"}</button>
            </li>
        }
    });
    let add = {
        let state = state.clone();
        Callback::from(move |_| edit(&state, KingmakerEdit::AddCards))
    };
    let example = {
        let state = state.clone();
        Callback::from(move |_| edit(&state, KingmakerEdit::ExampleDeck))
    };
    html! {
        <section class="card" aria-labelledby="km-deck-h" data-testid="km-deck">
            <h2 id="km-deck-h">{format!("Event deck: {total} cards with a combat result")}</h2>
            <p class="hint" data-testid="deck-note">{"The rules never print how many Event cards show each victory ratio, Bad Weather or each Nobles killed list (K2): describe the deck as it stands for the draw. Each card is equally likely; leave out Writs, Free Moves and the cards with no combat result (Combat). The examples' deck is one card of each result, as the worked example's own chances imply: a start, not the real deck."}</p>
            if !basic {
                <p class="muted small">{"The Advanced Game reads the Nobles Killed Table, not the cards' lists: only each card's result counts here (K14)."}</p>
            }
            <ul class="km-list">{ for rows }</ul>
            <div class="km-actions">
                <button onclick={add} data-testid="add-cards" data-field="deck">{"+ cards"}</button>
                <button onclick={example} data-testid="example-deck" title="One card of each result: the examples' deck, not the real one">{"Use the examples' deck"}</button>
            </div>
        </section>
    }
}
