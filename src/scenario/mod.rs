//! The scenario: a battle as the user describes it, in the JSON format shared by the CLI, the
//! browser app and shared links (`docs/scenario.md`), and the error that names a field of it.
//!
//! Plain serde data over [`crate::data`]; it may describe an impossible battle. Uses only
//! `data`. The rules read a scenario in one place, [`crate::Battle::new`], which validates it
//! and compiles it into a battle.

mod error;
mod format;

pub use error::ScenarioError;
pub use format::*;
