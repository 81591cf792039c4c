//! The repository's boards (`examples/board-*.json`), embedded: chosen from a list and opened
//! by a button.

use crate::shell::share::Example;

/// The map's example boards; the first is the board a new visitor sees.
pub const BOARDS: &[Example] = &[
    Example {
        name: "The Kent question: York's four blocks against three unseen in Kent",
        note: "York holds a 3-AP card, with March, Hastings and Herbert in Middlesex and Norfolk in Essex; Lancaster has three blocks in Kent that York cannot see (docs/board.md).",
        file: "board-kent.json",
        json: include_str!("../../../examples/board-kent.json"),
    },
    Example {
        name: "Rulebook 6.3, Example 1: York attacks Sussex from Wilts and Kent",
        note: "York has two blocks in Wilts and four in Kent, and a 2-AP card: both groups can attack the two unseen Lancaster blocks in Sussex, one of them the Main Attack (6.3).",
        file: "board-sussex.json",
        json: include_str!("../../../examples/board-sussex.json"),
    },
];
