//! The battle log: what happened, die by die, with the rule applied. The rules write to an
//! [`Observer`]; the replay keeps every event, the solvers keep none at no cost.

use crate::scenario::Side;
use serde::{Deserialize, Serialize};

/// One thing that happened in a battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A battle round begins; reserves (and last round's defectors) become active (6.3, D4).
    RoundStarts {
        /// The round.
        round: u8,
        /// Blocks that arrive from reserve now.
        arrive: Vec<String>,
    },
    /// A block takes its turn, or the Treason card is played (D11).
    Acts {
        /// The round.
        round: u8,
        /// Who acts (or the Treason card's holder).
        block: String,
        /// The side it fights for.
        side: Side,
        /// `fire`, `pass`, `retreat`, `charge`, `treachery`, `treason`, `counter-fire`.
        action: String,
        /// The target of a charge, a Treachery roll or a counter-fire.
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        /// Effective rating with any defensive bonus, e.g. `B3`.
        #[serde(skip_serializing_if = "Option::is_none")]
        rating: Option<String>,
        /// Every die rolled.
        dice: Vec<u8>,
        /// Hits scored (or for Treachery: 1 if every die was even).
        hits: u8,
        /// The rule applied.
        rule: String,
        /// Why the rating is above the printed one, each with its rule (a shield, the crown,
        /// control changed: 2.2-2.6, 6.3, D5-D7); empty without a bonus.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        bonus: Vec<String>,
    },
    /// A block takes hits.
    Hit {
        /// The block hit.
        block: String,
        /// Steps it lost.
        hits: u8,
        /// Its strength after.
        strength: u8,
        /// Why this block took them.
        rule: String,
    },
    /// A block is eliminated (6.8).
    Eliminated {
        /// The block.
        block: String,
        /// What becomes of it (D15).
        fate: String,
    },
    /// Hits that found no target are lost (6.4, D3, D4).
    HitsLost {
        /// How many.
        hits: u8,
        /// The rule.
        rule: String,
    },
    /// A block defects and joins the other side's reserve (6.9, D10, D11).
    Defects {
        /// The block as it was.
        block: String,
        /// The version it becomes.
        becomes: String,
        /// The side it now fights for.
        to: Side,
    },
    /// Reserves deploy at once because their side has no active block left (6.3, D4).
    Deploys {
        /// The side.
        side: Side,
        /// The blocks.
        blocks: Vec<String>,
    },
    /// Control changes in round 1 (6.3, D5).
    ControlChanges {
        /// The side that defends from now on.
        defender: Side,
    },
    /// A block leaves the battle (6.6, D12).
    Retreats {
        /// The block.
        block: String,
        /// Its strength as it leaves.
        strength: u8,
    },
    /// A block that had to retreat and could not is eliminated (6.6, D12, D13).
    CannotRetreat {
        /// The block.
        block: String,
    },
    /// The battle is over (D13).
    Ends {
        /// The last round fought.
        round: u8,
        /// The side holding the area, `None` if it is left vacant.
        holder: Option<Side>,
    },
}

/// Receives events as the rules apply them.
pub trait Observer {
    /// False for an observer that keeps nothing: the rules then skip work done only for the log.
    const KEEPS: bool = true;
    /// Called with a function that builds the event; an observer that keeps nothing never calls it.
    fn note(&mut self, event: impl FnOnce() -> Event);
}

/// Keeps nothing; used by the solvers.
pub struct Silent;

impl Observer for Silent {
    const KEEPS: bool = false;
    #[inline(always)]
    fn note(&mut self, _event: impl FnOnce() -> Event) {}
}

impl Observer for Vec<Event> {
    fn note(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
}
