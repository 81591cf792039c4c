//! The repository's examples of the two other calculators, embedded: Campaign Resets of the
//! political-events variant (`examples/reset-*.json`) and Kingmaker combats
//! (`examples/kingmaker-*.json`). Chosen from a list and opened by a button, as the battle's
//! ready-made battles are (`presets.rs`).

/// One example file.
#[derive(Debug, PartialEq)]
pub struct Example {
    /// Shown in the list.
    pub name: &'static str,
    /// What it is, in one line.
    pub note: &'static str,
    /// Its file in `examples/`.
    pub file: &'static str,
    /// The file's JSON.
    pub json: &'static str,
}

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
