//! The attack planner: from the board as the moving player sees it, every legal way to attack
//! an area this turn, each evaluated as a battle against the hidden defenders, ranked.
//!
//! A [`Board`] (`docs/board.md`, its own scenario kind) is validated once by [`Position::new`].
//! Uses `data`, `scenario`, `rules` (the map's rules of movement, and `Battle::new` for every
//! battle a plan makes) and `solve` (the fog of war and Monte Carlo).
//!
//! | file | what |
//! |---|---|
//! | `card.rs` | the card played: an action card's action points or an event card (5.1) |
//! | `format.rs` | the board as JSON: the moving player's blocks, the enemy's unseen blocks, the card, this turn's moves |
//! | `setup.rs` | which blocks are in play: the versions that begin the game, the minor heirs (4.3-4.6) |
//! | `validate.rs` | [`Position::new`]: every rule a board must obey, and the enemy's candidates (R21) |
//! | `reach.rs` | where blocks can go this turn: paths, pins, targets (5.2, 5.21, 5.22, R22) |
//! | `plans.rs` | every distinct way to attack a target within the card (6.3) |
//! | `reinforce.rs` | the enemy's reinforcements as Player 2 (6.3, R23) |
//! | `battle.rs` | a plan as a battle scenario, with its borders and hidden defenders |
//! | `rank/` | the ranking: the screening (plans on the same draws and dice), the fog of war's figures |
//! | `turn.rs` | the whole turn: the best sets of attacks the card allows together (R37, R38) |

mod battle;
pub mod card;
mod format;
pub mod plans;
pub mod rank;
pub mod reach;
pub mod reinforce;
pub mod setup;
pub mod turn;
mod validate;

pub use battle::battle;
pub use card::{Card, EVENTS, Event, Played};
pub use format::*;
pub use plans::{Plan, Plans, plans};
pub use rank::{
    Assessed, Figures, NO_STAGES, Options, PlanError, Presolved, Ranking, Screened, Solution,
    Stage, Stages, best_plan, best_plan_staged, every_target, order_targets, rank, rank_staged,
    screen, targets,
};
pub use reach::{Role, Target, Way, card_refusal, destinations, target, ways};
pub use reinforce::{Group, Reinforce, reinforcements};
pub use turn::{Objective, Pin, Turn, TurnOptions, Turns, best_turns};
pub use validate::{EnemyAttack, Own, Position, Seen, Spot};
