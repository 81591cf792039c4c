//! Ranking the plans to attack a target (6.3, R13, R21, R23), and the screening the whole
//! turn's search shares (`turn.rs`): one [`Screening`] ranks a set of candidates, the plans to
//! attack one target, against the same draws of the hidden defenders and the same dice; the
//! ones it chooses get the fog of war's own figures on their battle.
//!
//! | file | what |
//! |---|---|
//! | `options.rs` | [`Options`] and their defaults; the [`Stage`] hook for a progress bar |
//! | `error.rs` | [`PlanError`]: why the planner stopped before its answer |
//! | `draws.rs` | the hidden blocks drawn (R13): slots, draws, a plan's battle for a draw, seeds |
//! | `tally.rs` | a plan's battles held and steps lost per draw; two plans compared in pairs |
//! | `candidates.rs` | the plans set up for the screening: reinforcements, unseen blocks' slots |
//! | `fight.rs` | one plan's battles on the draws, with the same dice for every plan |
//! | `muster.rs` | the fast path: every plan of a target fought on one draw by one battle |
//! | `screening.rs` | [`Screening`]: the candidates, the draws so far, the battles fought |
//! | `halving.rs` | successive halving, and the candidates chosen for the fog of war's figures |
//! | `separation.rs` | the paired separation: the best fought on until told apart or tied |
//! | `figures.rs` | a plan's [`Figures`] from the fog of war, and the plan reported with them |
//! | `fogs.rs` | each assessed plan's fog of war, built once for every pass |
//! | `assess.rs` | the fog of war's figures on the chosen candidates, exact or Monte Carlo |
//! | `order.rs` | the reported plans in order, ties said, the Pareto front marked |
//! | `presolved.rs` | [`Presolved`]: a ranking's final pass worked out ahead by other Web Workers |
//! | `ranking.rs` | [`rank`], [`best_plan`], [`every_target`]: a target's [`Ranking`] |

mod assess;
mod candidates;
mod draws;
mod error;
mod fight;
mod figures;
mod fogs;
mod halving;
mod muster;
mod options;
mod order;
mod presolved;
mod ranking;
mod screening;
mod separation;
mod tally;

pub(in crate::board) use assess::Pick;
pub use error::PlanError;
pub use figures::{Assessed, Figures, HeirRisk, Solution};
pub use options::{
    DEFAULT_BEST_BUDGET, DEFAULT_EXACT_BEST, DEFAULT_EXACT_BUDGET, DEFAULT_RUNS,
    DEFAULT_SCREEN_BUDGET, NO_STAGES, Options, Stage, Stages,
};
pub use presolved::Presolved;
pub use ranking::{
    Ranking, Screened, best_plan, best_plan_staged, every_target, order_targets, rank, rank_staged,
    screen, targets,
};
pub(in crate::board) use screening::Screening;
pub use separation::{SEPARATED, TIED_WITHIN};
pub(in crate::board) use tally::BATTLES_PER_DRAW;
