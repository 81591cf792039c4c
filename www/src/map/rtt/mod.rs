//! Rally the Troops on the map (issue 33): a game in progress pasted from its play page (the
//! bookmarklet copies `{player, view}`) becomes the player's board, with what it leaves out said
//! above the map; a finished game's export is kept in the browser, its points listed, each
//! putting its board on the map, and its battles reported with their odds and each side's luck.
//!
//! | file | what |
//! |---|---|
//! | `read.rs` | a paste or a file read: a board and its notes, an Observer's question, a game (no `Html`) |
//! | `card.rs` | the import card: the paste box, a file, the side of an Observer, the game's points |
//! | `bookmarklet.rs` | the link to drag to the bookmarks bar, and how to use it |
//! | `notes.rs` | what the import left out, above the map |
//! | `odds.rs` | the game's odds battle by battle, in the planner's worker (no `Html`) |
//! | `chart.rs` | each side's luck, battle by battle and over the game (plotters) |
//! | `report.rs` | the game's battles: the table, the chart, the odds as they come |

pub mod bookmarklet;
pub mod card;
pub mod chart;
pub mod notes;
pub mod odds;
pub mod read;
pub mod report;
