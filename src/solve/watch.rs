//! Watching a long solve: how far it has got, and whether to stop.
//!
//! The solvers that can run for minutes take an optional hook, a [`Watch`]. They call it now
//! and then, every [`EVERY`] states expanded or a small multiple of it (the exact solver: every
//! chunk of a level it expands on two threads; never on every state, so it costs nothing
//! measurable), with the work done since its previous call; it answers whether to go on. A
//! `false` stops the solve at once with [`crate::solve::error::SolveError::Cancelled`]. The
//! plain functions ([`crate::solve()`], [`crate::solve::advice::advise`], [`crate::Fog::solve`])
//! pass [`UNWATCHED`], which watches nothing and never stops.

/// A solve's hook: called with the distinct states visited (or battles fought, for Monte Carlo)
/// since its previous call, possibly 0 when the solve only asks whether to go on; returns `true`
/// to go on, `false` to stop. Counts are deltas so that a caller can add them up across the
/// threads of one solve; `Sync` because those threads share it.
pub type Watch<'a> = dyn Fn(usize) -> bool + Sync + 'a;

/// The hook that watches nothing and never stops.
pub const UNWATCHED: &Watch<'static> = &|_| true;

/// How often a solve calls its hook: every this many states expanded (or battles fought).
pub const EVERY: usize = 4096;
