//! The Campaign Reset of the political-events variant (`docs/reset.md`, decisions in
//! `docs/rules.md`, V1-V13): after a usurpation the new King's Pledge of Loyalty, then three rolls on
//! the variant's Random Events table (King, Pretender, King), each applied at once, enumerated
//! exactly.
//!
//! ```
//! use bosworth::reset::{Reset, ResetScenario};
//! use bosworth::data::House;
//!
//! let scenario = ResetScenario {
//!     version: 1,
//!     king: House::York,
//!     dead: vec!["York".into(), "Rutland".into()],
//!     nobles: vec!["Warwick/Y".into(), "Stanley/L".into()],
//!     pool: vec![],
//!     usurpation: false,
//!     rebel_on_map: false,
//!     naming: Default::default(),
//! };
//! let odds = Reset::new(&scenario)?.odds();
//! assert_eq!(odds.king, "March");
//! let total: f64 = odds.crown.iter().map(|c| c.chance).sum();
//! assert!((total - 1.0).abs() < 1e-12);
//! # Ok::<(), bosworth::ScenarioError>(())
//! ```
//!
//! A layer of its own beside the battle's: it uses `data` (the blocks' loyalty and heir ranks)
//! and `scenario` (the [`crate::scenario::ScenarioError`] naming a field), nothing of the battle
//! rules or solvers.

mod events;
mod format;
mod naming;
mod odds;
mod pledge;
pub mod realm;
mod report;
mod treachery;
mod validate;

pub use format::{Names, Naming, RESET_VERSION, ResetScenario};
pub use report::{CrownOdds, HeirOdds, NobleOdds, ResetOdds};
pub use validate::Reset;
