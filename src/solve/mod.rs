//! The solvers: the exact outcome distribution ([`crate::solve()`]), Monte Carlo
//! ([`crate::simulate`]), best play ([`advice`]), the [`report`] the first two share,
//! battles with hidden blocks as mixtures of battles ([`fog`]), and the hook that watches a long
//! solve and can stop it ([`watch`]).
//!
//! Uses `data`, `scenario` (its `Side`) and `rules`: they drive the one transition function in
//! [`crate::rules::action`] and add no rule of their own.

pub mod advice;
pub(crate) mod error;
pub(crate) mod exact;
pub(crate) mod fire_table;
pub mod fog;
pub(crate) mod key;
pub(crate) mod monte_carlo;
pub mod report;
pub(crate) mod table;
pub mod treason;
pub mod watch;
