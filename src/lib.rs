//! # Bosworth: the battle engine of *Richard III*
//!
//! Bosworth models the four-round battle of Columbia Games' *Richard III* (rulebook section 6)
//! and the decisions in `docs/rules.md`, and computes the exact outcome distribution of a
//! battle, or a Monte Carlo estimate of it.
//!
//! ```
//! use bosworth::{Battle, Scenario, scenario::{Army, BlockEntry}, data::House};
//!
//! let block = |id: &str, strength| BlockEntry { id: Some(id.into()), custom: None, strength, reserve: false };
//! let scenario = Scenario {
//!     version: 1,
//!     area: Some("East Anglia".into()),
//!     king: House::Lancaster,
//!     dead: vec![],
//!     treason: None,
//!     attacker: Army { house: House::Lancaster, blocks: vec![block("Oxford", 3)], retreat_capacity: None },
//!     defender: Army { house: House::York, blocks: vec![block("Suffolk", 3)], retreat_capacity: None },
//!     policy: Default::default(),
//!     progress: None,
//! };
//! let battle = Battle::new(&scenario)?;
//! let report = bosworth::solve(&battle, bosworth::DEFAULT_STATE_BUDGET)?;
//! assert!((report.attacker_holds + report.defender_holds + report.vacant - 1.0).abs() < 1e-12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Architecture: [`data`] holds the printed facts; [`scenario`] the user's description;
//! [`Battle::new`] validates it once; the rules live in modules named after the rulebook's
//! words (`round`, `hits`, `reserves`, `charge`, `treachery`, `retreat`, `bonus`); the solvers
//! ([`solve`], [`simulate`], [`replay()`]) all drive the one transition function in [`action`].

#![deny(missing_docs)]

pub mod action;
pub mod advice;
mod battle;
mod bonus;
mod charge;
pub mod data;
pub mod dice;
mod error;
pub(crate) mod exact;
mod hits;
pub mod live;
pub mod log;
mod monte_carlo;
pub mod order;
pub mod policy;
pub mod replay;
pub mod report;
mod reserves;
pub mod resume;
mod retreat;
pub mod round;
pub mod scenario;
mod state;
mod treachery;
mod validate;

pub use battle::{Battle, MAX_BLOCKS, Slot, Version};
pub use bonus::BonusParts;
pub use error::{ScenarioError, SolveError};
pub use exact::{DEFAULT_STATE_BUDGET, solve};
pub use monte_carlo::{
    MAX_RUNS, Simulation, one_battle, one_battle_with, simulate, simulate_with, worker_seed,
};
pub use order::{RoundOrder, fire_order};
pub use replay::replay;
pub use report::{Report, Tally};
pub use scenario::{Scenario, Side};
pub use state::State;

/// The next decision point of a battle in progress, after starting any new round and applying
/// the end of battle (D13): the block to act, or the ending.
pub fn next_point(battle: &Battle, state: &mut State) -> round::Point {
    round::advance(battle, state, &mut log::Silent)
}
