//! The attack planner: from the board as the moving player sees it, every legal way to attack
//! an area this turn, each evaluated as a battle against the hidden defenders, ranked.
//!
//! A [`Board`] (`docs/board.md`, its own scenario kind) is validated once by [`Position::new`].
//! Uses `data`, `scenario`, `rules` (the map's rules of movement, and `Battle::new` for every
//! battle a plan makes) and `solve` (the fog of war and Monte Carlo).
//!
//! | file | what |
//! |---|---|
//! | `format.rs` | the board as JSON: the moving player's blocks, the enemy's unseen blocks, the card, this turn's moves |
//! | `setup.rs` | which blocks are in play: the versions that begin the game, the minor heirs (4.3-4.6) |
//! | `validate.rs` | [`Position::new`]: every rule a board must obey, and the enemy's candidates (R21) |

mod format;
pub mod setup;
mod validate;

pub use format::*;
pub use validate::{EnemyAttack, Own, Position, Seen, Spot};
