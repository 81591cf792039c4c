//! Why a solver stopped before its answer.

use std::fmt;

/// Why an exact solve stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The battle has more distinct states than the budget allows.
    TooLarge {
        /// The state budget that was reached.
        budget: usize,
    },
    /// The caller's [`crate::solve::watch::Watch`] hook asked the solve to stop (the
    /// command line's Ctrl-C); nothing it had computed is returned.
    Cancelled,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooLarge { budget } => write!(
                f,
                "this battle has more than {budget} distinct states, too many for the exact solver; \
                 use Monte Carlo instead (bosworth simulate)"
            ),
            SolveError::Cancelled => write!(f, "interrupted: stopped before its answer"),
        }
    }
}

impl std::error::Error for SolveError {}
