//! The repository's Campaign Resets of the political-events variant (`examples/reset-*.json`),
//! embedded: chosen from a list and opened by a button, as the battle's ready-made battles are
//! (`crate::battle::presets`).

use crate::shell::share::Example;

/// The Campaign Reset examples; the first is the reset a new visitor sees.
pub const RESETS: &[Example] = &[
    Example {
        name: "York's usurpation of 1461: Edward is the new King",
        note: "The Duke of York, Rutland and Salisbury are dead; March (Edward IV) has usurped the throne from Henry VI, so he rolls the Pledge of Loyalty (V6). Lancaster names Warwick whenever York rolls the Double Game.",
        file: "reset-usurpation.json",
        json: include_str!("../../../examples/reset-usurpation.json"),
    },
    Example {
        name: "A quiet reset in 1483: the last heirs",
        note: "No usurpation this turn. Gloucester (Richard III) and Richmond are the last heirs of their houses, so a 4 rolled by either side may end the game (V10, V13).",
        file: "reset-quiet.json",
        json: include_str!("../../../examples/reset-quiet.json"),
    },
];
