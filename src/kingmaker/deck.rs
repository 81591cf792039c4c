//! The Event deck as the user describes it: how many cards print each victory ratio or Bad
//! Weather, and the Nobles killed section of each. The rules do not say how many cards print
//! each result, so the engine never assumes a composition; each draw takes one card of the deck
//! as described, every card equally likely (K2).

use super::chance::Chance;
use super::odds::Odds;

/// Cards alike: the same result and the same Nobles killed section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// How many.
    pub count: u32,
    /// The victory ratio printed, or `None` for "Bad Weather Delays Attack".
    pub result: Option<Odds>,
    /// The Nobles killed section, top to bottom.
    pub killed: Vec<String>,
    /// An optional card without a list: the Nobles Killed Table decides (optional Event cards).
    pub table: bool,
}

/// The deck: at least one card (validation refuses an empty deck).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    groups: Vec<Group>,
    total: u32,
}

impl Deck {
    /// A deck of these groups (validated: at least one card in all).
    pub(crate) fn new(groups: Vec<Group>) -> Deck {
        let total = groups.iter().map(|g| g.count).sum();
        Deck { groups, total }
    }

    /// Every group, in the order described.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// The number of cards.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The chance the card drawn is one of `count` cards.
    pub fn share(&self, count: u32) -> Chance {
        Chance::new(count as u64, self.total as u64)
    }

    /// How many cards print this result (`None`: Bad Weather).
    pub fn count(&self, result: Option<Odds>) -> u32 {
        self.groups
            .iter()
            .filter(|g| g.result == result)
            .map(|g| g.count)
            .sum()
    }

    /// The chance of "Bad Weather Delays Attack" (Combat 4c).
    pub fn bad_weather(&self) -> Chance {
        self.share(self.count(None))
    }

    /// The chance the card's victory ratio is at most `ratio`: the larger force wins (Combat 4a).
    /// `None` (no column reached) wins on no card.
    pub fn victory(&self, ratio: Option<Odds>) -> Chance {
        let Some(ratio) = ratio else {
            return Chance::ZERO;
        };
        let won = self
            .groups
            .iter()
            .filter(|g| g.result.is_some_and(|r| r <= ratio))
            .map(|g| g.count)
            .sum();
        self.share(won)
    }

    /// The chance of a card with a victory ratio above `ratio`: an indecisive battle (Combat 4b).
    pub fn indecisive(&self, ratio: Option<Odds>) -> Chance {
        self.bad_weather().plus(self.victory(ratio)).complement()
    }
}
