//! # Bosworth: the battle engine of *Richard III*
//!
//! Bosworth models the four-round battle of Columbia Games' *Richard III* (rulebook section 6)
//! and the decisions in `docs/rules.md`, and computes the exact outcome distribution of a
//! battle, or a Monte Carlo estimate of it.
//!
//! ```
//! use bosworth::{Battle, Scenario, scenario::{Army, BlockEntry}, data::House};
//!
//! let block = |id: &str, strength| BlockEntry { id: Some(id.into()), custom: None, strength, reserve: false, from: None };
//! let scenario = Scenario {
//!     version: 1,
//!     area: Some("East Anglia".into()),
//!     king: House::Lancaster,
//!     dead: vec![],
//!     treason: None,
//!     attacker: Army { house: House::Lancaster, blocks: vec![block("Oxford", 3)], retreat_capacity: None, hidden: vec![] },
//!     defender: Army { house: House::York, blocks: vec![block("Suffolk", 3)], retreat_capacity: None, hidden: vec![] },
//!     seen_elsewhere: vec![],
//!     defected_elsewhere: vec![],
//!     neighbours: Default::default(),
//!     defected: vec![],
//!     policy: Default::default(),
//!     progress: None,
//! };
//! let battle = Battle::new(&scenario)?;
//! let report = bosworth::solve(&battle, bosworth::DEFAULT_STATE_BUDGET)?;
//! assert!((report.attacker_holds + report.defender_holds + report.vacant - 1.0).abs() < 1e-12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate is the *Richard III* battle in five layers, the attack planner over them, the political-events variant's Campaign
//! Reset beside them, and *Kingmaker*'s battles apart; one folder each, each using only the
//! layers its row names:
//!
//! | layer | holds | uses |
//! |---|---|---|
//! | [`data`] | the printed facts: blocks, areas, borders | nothing |
//! | [`scenario`] | the battle as the user describes it, and the error naming a field of it | `data` |
//! | [`rules`] | [`Battle::new`] (validation), the battle, its state, one transition function, a file per rule family | `data`, `scenario` |
//! | [`mod@solve`] | exact ([`solve()`]), Monte Carlo ([`simulate`]), best play, the report | `data`, `scenario`, `rules` |
//! | [`play`] | replay ([`replay()`]), live play, the fire order explained, resuming a battle | `data`, `scenario`, `rules` |
//! | [`board`] | the attack planner: the board as the moving player sees it, validated | `data`, `scenario`, `rules`, `solve` |
//! | [`reset`] | the Campaign Reset of the political-events variant: its scenario, rules and exact odds | `data`, `scenario` |
//! | [`kingmaker`] | a separate system: *Kingmaker*'s battle, siege and ambush odds | `scenario` (its error type only) |
//!
//! `tests/layers.rs` keeps it so: no file imports another in a loop, and no folder uses a
//! layer after it.

#![deny(missing_docs)]

pub mod board;
pub mod data;
pub mod kingmaker;
pub mod play;
pub mod reset;
pub mod rtt;
pub mod rules;
pub mod scenario;
pub mod solve;

pub use play::order::{RoundOrder, fire_order};
pub use play::replay::replay;
pub use rules::battle::{Battle, Slot, Version, Warning};
pub use rules::bonus::BonusParts;
pub use rules::state::{MAX_BLOCKS, State};
pub use scenario::{Scenario, ScenarioError, Side};
pub use solve::error::SolveError;
pub use solve::exact::{DEFAULT_STATE_BUDGET, solve, solve_watched, state_bytes};
pub use solve::fog::{Fog, FogReport};
pub use solve::monte_carlo::{
    MAX_RUNS, Simulation, choose_treason_target, one_battle, one_battle_with, simulate,
    simulate_with, with_treason_target, worker_seed,
};
pub use solve::report::{Report, Tally};

/// The next decision point of a battle in progress, after starting any new round and applying
/// the end of battle (D13): the block to act, or the ending.
pub fn next_point(battle: &Battle, state: &mut State) -> rules::round::Point {
    rules::round::advance(battle, state, &mut rules::log::Silent)
}
