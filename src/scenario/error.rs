//! The error for a scenario that cannot be a battle: the field that is wrong and why.

use std::fmt;

/// A scenario that breaks the rules or the format, with the field that is wrong.
///
/// `field` is a path into the scenario JSON (`attacker.blocks[2].strength`); `reason` says
/// why, in words a player understands, with the rule number where a rule is broken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError {
    /// Where in the scenario: `attacker.blocks[2].strength`, `area`, `policy.defender.charges[0].target`.
    pub field: String,
    /// Why it is wrong.
    pub reason: String,
}

impl ScenarioError {
    /// An error at `field` for `reason`.
    pub fn new(field: impl Into<String>, reason: impl Into<String>) -> Self {
        ScenarioError {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.reason)
        } else {
            write!(f, "{}: {}", self.field, self.reason)
        }
    }
}

impl std::error::Error for ScenarioError {}
