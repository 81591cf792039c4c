//! What the caller asks of the ranking: how many plans it reports and how hard it looks
//! ([`Options`], with the defaults the command line and the app use), and the hook told each
//! [`Stage`] as it goes.

use crate::board::reinforce::Reinforce;

/// How the planner works: how many plans it reports, how hard it looks.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Whether the enemy reinforces the battle (6.3): none by default.
    pub reinforce: Reinforce,
    /// How many of the best plans get the fog of war's figures and are reported (besides the
    /// best plan for each number of blocks committed, for the Pareto front, assessed with a
    /// quarter of `runs`).
    pub top: usize,
    /// The seed of every random draw: the screening's and each reported plan's Monte Carlo.
    pub seed: u64,
    /// Battles of Monte Carlo for a reported plan whose exact mixture does not fit `exact_budget`.
    pub runs: u64,
    /// The most states an exact mixture may take for one plan.
    pub exact_budget: usize,
    /// How many of the best plans (by the screening) may take [`Options::best_budget`] states
    /// instead of [`Options::exact_budget`], so that the plans a player is choosing between get
    /// exact figures where their mixture fits.
    pub exact_best: usize,
    /// The most states an exact mixture may take for one of the [`Options::exact_best`] plans.
    pub best_budget: usize,
    /// The most battles the screening fights, over all plans.
    pub screen_budget: u64,
    /// Threads for an exact mixture and for assessing the plans (natively); the figures are the
    /// same whatever the number.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            reinforce: Reinforce::None,
            top: 10,
            seed: 1,
            runs: DEFAULT_RUNS,
            exact_budget: DEFAULT_EXACT_BUDGET,
            exact_best: DEFAULT_EXACT_BEST,
            best_budget: DEFAULT_BEST_BUDGET,
            screen_budget: DEFAULT_SCREEN_BUDGET,
            threads: 1,
        }
    }
}

/// Monte Carlo battles for a reported plan that is not solved exactly: its chance to hold to
/// 0.35 points or better (one standard error).
pub const DEFAULT_RUNS: u64 = 20_000;

/// The most states an exact mixture may take for one reported plan.
pub const DEFAULT_EXACT_BUDGET: usize = 2_000_000;

/// How many of the best plans are solved exactly with [`DEFAULT_BEST_BUDGET`].
pub const DEFAULT_EXACT_BEST: usize = 3;

/// The most states an exact mixture may take for one of the best plans: the Kent board's best
/// plans (three unseen blocks against four, about 17 M states each) fit; a mixture this size
/// takes a few seconds natively, and little memory, as its battles are solved one at a time.
pub const DEFAULT_BEST_BUDGET: usize = 20_000_000;

/// The most battles the screening fights for one target.
pub const DEFAULT_SCREEN_BUDGET: u64 = 3_000_000;

/// What the planner is doing, told to a [`Stages`] hook as it goes (for a progress bar that
/// says what it waits on: the screening, then each reported plan assessed in turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Stage {
    /// Every plan fought against the same draws, the weakest dropped.
    Screening,
    /// The reported plans' own figures: plan `plan` (from 0) of `plans`, exactly (its mixture
    /// solved, the watch counting states) or by Monte Carlo (counting battles).
    Assessing {
        /// Which plan, in the screening's order.
        plan: usize,
        /// How many are assessed.
        plans: usize,
        /// Solved exactly.
        exact: bool,
    },
}

/// A hook told each [`Stage`] as the planner enters it.
pub type Stages<'a> = dyn Fn(Stage) + Sync + 'a;

/// A [`Stages`] hook that is told nothing.
pub const NO_STAGES: &Stages<'static> = &|_| {};
