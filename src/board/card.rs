//! The card played this turn (5.1): an action card's action points, or one of the six event
//! cards (the rulebook's Event Cards), whose action points serve only their event.

use serde::{Deserialize, Serialize};

/// The card on the board, as JSON says it: `3` (an action card's action points) or `"Force
/// March"` (an event card by name). [`Card::read`] checks it against the game's 25 cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Card {
    /// An action card: 2, 3 or 4 action points.
    Points(u8),
    /// An event card, by its name (`"Surprise"`, `"Force March"`...).
    Event(String),
}

/// The six event cards (the rulebook's Event Cards, 5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// Move one group up to three areas; it may attack; border limits apply; no sea move.
    ForceMarch,
    /// Designate a friendly or vacant area; any blocks may move normally to reach it.
    Muster,
    /// The action points are sea moves; attacking by sea is allowed, without the port bonus.
    Piracy,
    /// One enemy city area: every block there loses a step.
    Plague,
    /// Move one group; every border's limit one higher.
    Surprise,
    /// Move one group, and one Treachery roll in any battle this turn before it begins.
    Treason,
}

/// Every event, in the order of their card numbers on Rally the Troops (1 to 6).
pub const EVENTS: [Event; 6] = [
    Event::ForceMarch,
    Event::Muster,
    Event::Piracy,
    Event::Plague,
    Event::Surprise,
    Event::Treason,
];

impl Event {
    /// The card's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Event::ForceMarch => "Force March",
            Event::Muster => "Muster",
            Event::Piracy => "Piracy",
            Event::Plague => "Plague",
            Event::Surprise => "Surprise",
            Event::Treason => "Treason",
        }
    }

    /// The action points printed on the card, which serve only its event (5.1).
    pub fn points(self) -> u8 {
        match self {
            Event::ForceMarch | Event::Surprise | Event::Treason => 1,
            Event::Piracy => 2,
            Event::Muster | Event::Plague => 0,
        }
    }

    /// The event a name means, case and spaces aside (`"force march"`, `"ForceMarch"`).
    pub fn named(name: &str) -> Option<Event> {
        let squash = |s: &str| {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let want = squash(name);
        EVENTS.into_iter().find(|e| squash(e.name()) == want)
    }
}

/// A card checked against the game's cards: what [`Card::read`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// An action card's action points: 2, 3 or 4.
    Points(u8),
    /// An event card.
    Event(Event),
}

impl Played {
    /// The action points the card gives (an event's serve only the event, 5.1).
    pub fn points(self) -> u8 {
        match self {
            Played::Points(p) => p,
            Played::Event(e) => e.points(),
        }
    }

    /// The card as the board writes it.
    pub fn card(self) -> Card {
        match self {
            Played::Points(p) => Card::Points(p),
            Played::Event(e) => Card::Event(e.name().to_string()),
        }
    }

    /// The card in words: `"3 AP"`, `"Force March"`.
    pub fn words(self) -> String {
        match self {
            Played::Points(p) => format!("{p} AP"),
            Played::Event(e) => e.name().to_string(),
        }
    }

    /// The event played, if the card is one.
    pub fn event(self) -> Option<Event> {
        match self {
            Played::Points(_) => None,
            Played::Event(e) => Some(e),
        }
    }

    /// How many areas a block activated by this card may move by land: two (5.2), three with
    /// Force March (Event Cards).
    pub fn steps(self) -> usize {
        match self {
            Played::Event(Event::ForceMarch) => 3,
            _ => 2,
        }
    }

    /// What the card adds to every border's limit for its player's blocks this turn: one with
    /// Surprise (Event Cards, 5.21), else nothing. The number of borders an attack (3) or a
    /// reinforcement (2) may cross is no border's limit and stays (R26).
    pub fn limit_bonus(self) -> u8 {
        match self {
            Played::Event(Event::Surprise) => 1,
            _ => 0,
        }
    }

    /// How many areas' blocks the card lets its player move by land this turn (5.2, 5.1): an
    /// action card's action points; one group for Force March, Surprise and Treason; none for
    /// Muster (its moves only reach a friendly or vacant area, R27), Plague (no move) and Piracy
    /// (its action points are sea moves, 5.3).
    pub fn land_groups(self) -> u8 {
        match self {
            Played::Points(p) => p,
            Played::Event(Event::ForceMarch | Event::Surprise | Event::Treason) => 1,
            Played::Event(Event::Muster | Event::Plague | Event::Piracy) => 0,
        }
    }

    /// What the card lets its player do this turn, in a few words for the planner's first line:
    /// `"3 AP"`, `"Surprise: one group, border limits +1"`.
    pub fn summary(self) -> String {
        match self {
            Played::Points(p) => format!("{p} AP"),
            Played::Event(e) => format!(
                "{}: {}",
                e.name(),
                match e {
                    Event::ForceMarch => "one group, up to three areas, border limits apply",
                    Event::Surprise => "one group, border limits +1",
                    Event::Treason => "one group, and one Treachery roll before the battle",
                    Event::Muster => "blocks move only to reach one friendly or vacant area",
                    Event::Plague => "one enemy city area loses a step from every block",
                    Event::Piracy => "the action points are sea moves",
                }
            ),
        }
    }
}

impl Card {
    /// The card this is, or why it is no card of the game (5.1).
    ///
    /// # Errors
    /// The reason, to go with the field's name.
    pub fn read(&self) -> Result<Played, String> {
        match self {
            Card::Points(p @ 2..=4) => Ok(Played::Points(*p)),
            Card::Points(p) => Err(format!(
                "{p} is not a card of the game: action cards give 2, 3 or 4 action points, or \
                 name an event card ({}) (5.1)",
                event_names()
            )),
            Card::Event(name) => Event::named(name).map(Played::Event).ok_or_else(|| {
                format!(
                    "'{name}' is not a card of the game: action cards give 2, 3 or 4 action \
                     points; the event cards are {} (5.1)",
                    event_names()
                )
            }),
        }
    }
}

fn event_names() -> String {
    EVENTS.map(Event::name).join(", ")
}
