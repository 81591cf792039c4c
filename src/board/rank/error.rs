//! Why the planner stopped before its answer ([`PlanError`]).

use crate::scenario::ScenarioError;
use crate::solve::error::SolveError;

/// Why the planner stopped before its answer.
#[derive(Debug, Clone, PartialEq)]
pub enum PlanError {
    /// The caller's hook asked it to stop (Ctrl-C).
    Cancelled,
    /// A plan's battle was refused (a bug: plans obey the rules the battle checks).
    Invalid(ScenarioError),
    /// The whole turn's request cannot be met: the field and why (a pinned attack no plan makes).
    Turn(String),
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanError::Cancelled => write!(f, "interrupted: stopped before its answer"),
            PlanError::Invalid(e) => write!(f, "a plan's battle is not valid: {e}"),
            PlanError::Turn(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlanError {}

impl From<SolveError> for PlanError {
    fn from(_: SolveError) -> Self {
        PlanError::Cancelled
    }
}
