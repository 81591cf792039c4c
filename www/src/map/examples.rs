//! The repository's boards (`examples/board-*.json`), embedded: chosen from a list and opened
//! by a button.

use crate::shell::share::Example;

/// The map's example boards; the first is the board a new visitor sees.
pub const BOARDS: &[Example] = &[
    Example {
        name: "The Kent question: York's four blocks against three unseen in Kent",
        note: "York, 3 AP: March, Hastings, Herbert in Middlesex, Norfolk in Essex; three unseen Lancaster blocks in Kent.",
        file: "board-kent.json",
        json: include_str!("../../../examples/board-kent.json"),
    },
    Example {
        name: "Rulebook 6.3, Example 1: York attacks Sussex from Wilts and Kent",
        note: "York, 2 AP: two blocks in Wilts, four in Kent, both groups against two unseen in Sussex, one the Main Attack (6.3).",
        file: "board-sussex.json",
        json: include_str!("../../../examples/board-sussex.json"),
    },
    Example {
        name: "A whole turn: York's five blocks against Sussex and Kent together",
        note: "York, 2 AP: four blocks in Middlesex, Essex in Essex; two unseen in Kent, one of strength 2 at most in Sussex. Best turn ranks the attacks made together.",
        file: "board-turn.json",
        json: include_str!("../../../examples/board-turn.json"),
    },
    Example {
        name: "Piracy: York's attacks by sea from Calais and London",
        note: "York plays Piracy: two sea moves, one block each, from Calais or Middlesex into Essex or Kent; the levy never sails (5.3, R43).",
        file: "board-piracy.json",
        json: include_str!("../../../examples/board-piracy.json"),
    },
];
