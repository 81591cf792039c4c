//! The repository's Kingmaker combats (`examples/kingmaker-*.json`), embedded: chosen from a list
//! and opened by a button.

use crate::shell::share::Example;

/// The Kingmaker examples; the first is the combat a new visitor sees.
pub const KINGMAKER: &[Example] = &[
    Example {
        name: "Basic Game battle: the rules' worked example, 380 to 290",
        note: "Player B's force against Player C's in the open at Coventry (Combat). The deck is one card of each result, as the example's own chances imply (K2).",
        file: "kingmaker-basic-battle.json",
        json: include_str!("../../../examples/kingmaker-basic-battle.json"),
    },
    Example {
        name: "Basic Game siege of Coventry",
        note: "Player B besieges Coventry (garrison 200) with 310 troops against Scrope's 100 inside (Siege 1-3).",
        file: "kingmaker-basic-siege.json",
        json: include_str!("../../../examples/kingmaker-basic-siege.json"),
    },
    Example {
        name: "Advanced Game battle: the worked example's encounters",
        note: "Player E attacks in columns 1 and 2, 230 to 220 and 170 to 270, with royal heirs on both sides (Individual Encounter, Encounter Modifications, K6).",
        file: "kingmaker-advanced-encounters.json",
        json: include_str!("../../../examples/kingmaker-advanced-encounters.json"),
    },
    Example {
        name: "Advanced Game battle: the counter-attack",
        note: "The second half-round of the worked example: Player F counter-attacks, with no defender's step (Advanced Battle 7).",
        file: "kingmaker-advanced-counterattack.json",
        json: include_str!("../../../examples/kingmaker-advanced-counterattack.json"),
    },
];
