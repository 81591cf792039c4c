//! The rules of the battle (rulebook section 6 and decisions D1-D15, R1-R12): the validated,
//! compiled [`Battle`](crate::Battle), the [`State`](crate::State) between two actions, and one
//! transition function ([`action`]) built from one file per rule family.
//!
//! Uses `data` and `scenario` (the scenario only in [`crate::Battle::new`], `validate.rs`; the
//! rest of the rules see no scenario but its [`Side`](crate::Side)). Knows nothing of solvers or
//! play: they drive the rules, never the reverse.
//!
//! | file | rules |
//! |---|---|
//! | `validate.rs` | `Battle::new`: every rule a scenario must obey, and its compilation |
//! | `battle.rs` | the compiled battle: slots, versions, orders, plans |
//! | `royals.rs` | who is King and who is Pretender at each instant (3.21, 6.81, 9.1, R1) |
//! | `state.rs` | a battle between two actions |
//! | `round.rs` | turn order (6.2, D1, D2), round starts, the end of battle (D13) |
//! | `action.rs` | the transition function: legal actions, chances, resolve |
//! | `dice.rs` | binomial hit tables (6.4) and the portable generator |
//! | `hits.rs` | hit allocation (6.4, D3) |
//! | `home.rs`, `bonus.rs` | where a block is at home (2.2-2.6, D6, D7), and its bonus at the instant of fire (D8) |
//! | `reserves.rs` | reserves deploying (D4), the control change (D5) |
//! | `charge.rs`, `treachery.rs`, `retreat.rs` | charges (6.5, D9), Treachery and the Treason card (6.9, D10, D11), retreats (6.6, D12) |
//! | `policy.rs` | the players' choices: what a block does on its turn |
//! | `plain.rs` | the default policy's battle fought fast: a performance path, the same draws and results |
//! | `warnings.rs` | the policy's choices the rules set aside, each with its rule (R35) |
//! | `log.rs` | the events the rules report as they apply |
//! | `sea.rs` | the sea zones, who never sails, and where an attack that came by sea retreats (2.81, 5.3, Piracy, R42) |
//! | `movement.rs` | the map's rules of movement: land borders and their limits, estuaries, the borders an attack or a reinforcement may use, retreat capacity from the map (5.2, 5.21, 6.3, 6.6, D12) |

pub mod action;
pub(crate) mod battle;
pub(crate) mod bonus;
pub(crate) mod charge;
pub mod dice;
pub(crate) mod hits;
pub(crate) mod home;
pub mod log;
pub mod movement;
pub(crate) mod plain;
pub mod policy;
pub(crate) mod reserves;
pub(crate) mod retreat;
pub mod round;
pub(crate) mod royals;
pub mod sea;
pub(crate) mod state;
pub(crate) mod treachery;
pub(crate) mod validate;
pub mod warnings;
