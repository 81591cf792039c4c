//! Rally the Troops (RTT), where most online games of *Richard III* are played
//! (`../shared/rtt/README.md`): a game in progress (the play page's `{player, view}`) or a
//! finished game (its export) brought in as the project's own data: a board for the attack
//! planner, as one player may see it (`docs/board.md`), and the game's battles with their odds
//! and each side's luck.
//!
//! Uses `data`, `scenario` (the error naming a field), `rules` (the map's movement facts) and
//! `board` (the format it writes, and which versions begin in play).
//!
//! | file | what |
//! |---|---|
//! | `format.rs` | what RTT gives out, as serde data: the view, the export, a state |
//! | `ids.rs` | RTT's names of the 63 blocks, the sea zones, the card numbers |
//! | `log.rs` | reading the log: the turn, who moved first, each player's moves, eliminations |
//! | `import.rs` | a moment of the game as one player's board: fog of war, the card, the enemy's attacks |
//! | `export.rs` | a finished game: its points to plan from, and the board at each |
//! | `battles.rs` | a finished game's battles: each read from the snapshots and the log as a scenario |
//! | `luck.rs` | a battle's rolls as the log shows them, and each side's luck over them (6.4, 6.5) |
//! | `game.rs` | the game's battles with their odds and luck, and its totals (`bosworth game`) |

pub mod battles;
pub mod export;
pub mod format;
pub mod game;
pub mod ids;
pub mod import;
pub mod log;
pub mod luck;

pub use export::{Point, board_at, points};
pub use format::{Export, Paste, State, View};
pub use game::{GameBattle, Luck, Odds, Roll, RollKind, battles, odds, totals};
pub use import::{Imported, Moment, import, import_view};
