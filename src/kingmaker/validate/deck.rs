//! The Event deck as the user describes it: counts within bounds, at least one card, results
//! and lists the game allows (K2, K3).

use super::err;
use crate::kingmaker::combat::MAX_CARDS;
use crate::kingmaker::deck::{Deck, Group};
use crate::kingmaker::format::{CardResult, Game, Scenario};
use crate::scenario::ScenarioError;

/// The most names a card's Nobles killed section may list.
const MAX_KILLED: usize = 16;

/// The deck: counts within bounds, at least one card, results and lists the game allows.
pub(super) fn deck(s: &Scenario) -> Result<Deck, ScenarioError> {
    let mut groups = Vec::new();
    let mut total: u64 = 0;
    for (i, cards) in s.deck.iter().enumerate() {
        let field = format!("deck[{i}]");
        if cards.count > MAX_CARDS {
            return Err(err(
                format!("{field}.count"),
                format!(
                    "{} cards exceed the most a deck may hold, {MAX_CARDS}",
                    cards.count
                ),
            ));
        }
        total += cards.count as u64;
        if s.game == Game::Basic && cards.result == CardResult::Majority {
            return Err(err(
                format!("{field}.result"),
                "a Majority victory is Advanced Game only (Table of Odds): no Basic Game card \
                 prints it (K3)",
            ));
        }
        if cards.nobles_killed_table && !cards.killed.is_empty() {
            return Err(err(
                format!("{field}.killed"),
                "a card read on the Nobles Killed Table prints no list (optional Event cards)",
            ));
        }
        if cards.killed.len() > MAX_KILLED {
            return Err(err(
                format!("{field}.killed"),
                format!("more than {MAX_KILLED} names"),
            ));
        }
        if let Some(k) = cards.killed.iter().position(|n| n.trim().is_empty()) {
            return Err(err(format!("{field}.killed[{k}]"), "empty name"));
        }
        groups.push(Group {
            count: cards.count,
            result: cards.result.odds(),
            killed: cards.killed.iter().map(|n| n.trim().to_string()).collect(),
            table: cards.nobles_killed_table,
        });
    }
    if total > MAX_CARDS as u64 {
        return Err(err(
            "deck",
            format!("{total} cards exceed the most a deck may hold, {MAX_CARDS}"),
        ));
    }
    if total == 0 {
        return Err(err(
            "deck",
            "no card: an empty deck settles nothing. Count the Event cards with a combat result \
             (each victory ratio, and Bad Weather) the attacker may draw (K2)",
        ));
    }
    Ok(Deck::new(groups))
}
