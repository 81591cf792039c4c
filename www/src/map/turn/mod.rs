//! The best turn (issue 34, R37, R38): every attack the card allows together, ranked by an
//! objective, asked of the planner's worker with `bosworth plan --turn`'s options, the chosen
//! turn drawn on the map and each attack opened as a battle through the address (`#s=`).
//!
//! | file | what |
//! |---|---|
//! | `work.rs` | the worker's side: the objective, the question, `best_turns` (no `Html`) |
//! | `view.rs` | the turns as the page receives them, a turn on the map, its value in words, the pin and who can attack each target (no `Html`) |
//! | `state.rs` | what the page knows of the work, answers kept for the session (no `Html`) |
//! | `card.rs` | the Best turn card: the objective, an attack pinned, progress and Cancel, the turns, Open as battle |

pub mod card;
pub mod state;
pub mod view;
pub mod work;
