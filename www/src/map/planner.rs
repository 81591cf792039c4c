//! The map's Web Worker: the attack planner off the page's thread. For one target it ranks every
//! plan (`bosworth::board::rank`) or finds the best one (`bosworth::board::best_plan`, what
//! `bosworth plan` without `--target` gives for each target), first with fewer Monte Carlo
//! battles for a plan not solved exactly ([`QUICK_RUNS`]: the figures come sooner, each with its
//! standard error), then with `bosworth plan`'s own options ([`final_options`]): the same engine
//! calls, defaults and seed, so the same figures. It says how far it has got as it works.
//!
//! Messages carry JSON text (the board in, [`TargetPlans`] out), as the battle's engine does.
//! The same worker works out a finished game's odds, battle by battle ([`Request::Odds`],
//! `rtt/odds.rs`), and the best whole turns on a board ([`Request::Turn`], `turn/work.rs`).

use super::ranking::TargetPlans;
use super::rtt::odds::{self, OddsAsk, OddsHeard};
use super::turn::{self, work::{TurnAsk, TurnHeard}};
use bosworth::board::{Board, Options, PlanError, Position, best_plan, rank, target};
use bosworth::rules::movement::area_index;
use gloo_worker::{HandlerId, Worker, WorkerScope};
use serde::{Deserialize, Serialize};

/// Monte Carlo battles of each plan not solved exactly in the first pass (a tenth of `bosworth
/// plan`'s): figures within about a point, in a tenth of the time.
pub const QUICK_RUNS: u64 = bosworth::board::rank::DEFAULT_RUNS / 10;

/// The most states a plan's exact mixture may take in the first pass: exact figures that come
/// at once, the rest sampled until the second pass.
pub const QUICK_EXACT_BUDGET: usize = 200_000;

/// The planner's options in the second pass: `bosworth plan`'s defaults (`--top 10 --seed 1
/// --runs 20000 --budget 2000000 --exact-best 3 --best-budget 20000000 --screen 3000000`, no
/// reinforcements), on one thread (the figures do not depend on the threads).
pub fn final_options() -> Options {
    Options::default()
}

/// The first pass's options: [`final_options`] with [`QUICK_RUNS`] and [`QUICK_EXACT_BUDGET`]
/// for every plan, the best ones included (no larger budget for them: that is the second pass's).
pub fn quick_options() -> Options {
    Options {
        runs: QUICK_RUNS,
        exact_budget: QUICK_EXACT_BUDGET,
        exact_best: 0,
        ..final_options()
    }
}

/// Which pass an answer is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pass {
    /// Fewer battles: the figures sharpen in the next pass.
    Quick,
    /// `bosworth plan`'s figures.
    Final,
}

/// A request to the planner.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Request {
    /// Rank the plans to attack `target` on `board` (JSON); only its best plan when `best`.
    Rank {
        /// The page's job.
        job: u64,
        /// The board JSON.
        board: String,
        /// The target's name.
        target: String,
        /// Only the best plan, as `bosworth plan` without `--target` ranks each target.
        best: bool,
    },
    /// A finished game's odds, battle by battle.
    Odds(OddsAsk),
    /// The best whole turns on a board (`super::turn::work`).
    Turn(TurnAsk),
}

/// An answer from the planner.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Reply {
    /// How far the job has got: work done of about `total` in this pass (battles fought, states
    /// solved; the total is the CLI's estimate and may be passed).
    Progress {
        /// The page's job.
        job: u64,
        /// The pass.
        pass: Pass,
        /// Work done.
        done: u64,
        /// Work expected.
        total: u64,
    },
    /// The plans of one pass: [`TargetPlans`] as JSON.
    Ranked {
        /// The page's job.
        job: u64,
        /// The pass.
        pass: Pass,
        /// The plans.
        plans: String,
    },
    /// The board or the target could not be planned (the engine's words).
    Failed {
        /// The page's job.
        job: u64,
        /// Why.
        message: String,
    },
    /// A game's odds, as they come.
    Odds(OddsHeard),
    /// The best turns' progress and answer.
    Turn(TurnHeard),
}

/// The work a pass is expected to take, as `bosworth plan`'s progress bar reckons it: the
/// screening's budget and each assessed plan's battles (the best `top` and four more).
pub fn expected_work(options: &Options, best: bool) -> u64 {
    let top = if best { 1 } else { options.top as u64 };
    options.screen_budget + options.runs * (top + 4)
}

thread_local! {
    /// Where the planner's watch hook sends its progress (the hook must be `Sync`; a worker has
    /// one thread).
    static PROGRESS: std::cell::RefCell<Option<Box<dyn Fn(u64)>>> = const { std::cell::RefCell::new(None) };
}

/// A watch hook adding up the work and telling [`PROGRESS`] at each half-percent of `total` (at
/// most 200 messages a pass). It never stops the work: the page cancels by terminating the
/// worker.
fn progress_hook(total: u64) -> impl Fn(usize) -> bool + Sync {
    let done = std::sync::atomic::AtomicU64::new(0);
    let told = std::sync::atomic::AtomicU64::new(0);
    move |n| {
        use std::sync::atomic::Ordering::Relaxed;
        let d = done.fetch_add(n as u64, Relaxed) + n as u64;
        let step = (d.min(total) * 200) / total.max(1);
        if n > 0 && step > told.load(Relaxed) {
            told.store(step, Relaxed);
            PROGRESS.with(|p| {
                if let Some(p) = p.borrow().as_ref() {
                    p(d);
                }
            });
        }
        true
    }
}

/// One pass of the planner on a board: the target's ranking, or its best plan.
///
/// # Errors
/// The engine's words: a board it refuses, an area that is no target.
pub fn plan(
    board: &Board,
    target_name: &str,
    best: bool,
    options: &Options,
    progress: Box<dyn Fn(u64)>,
) -> Result<TargetPlans, String> {
    let position = Position::new(board).map_err(|e| e.to_string())?;
    let area = area_index(target_name)
        .ok_or_else(|| format!("'{target_name}' is not an area of the map"))?;
    let t = target(&position, area)?;
    PROGRESS.with(|p| *p.borrow_mut() = Some(progress));
    let hook = progress_hook(expected_work(options, best));
    let ranking = if best {
        best_plan(&position, t, options, &hook)
    } else {
        rank(&position, t, options, &hook)
    };
    PROGRESS.with(|p| *p.borrow_mut() = None);
    match ranking {
        Ok(r) => Ok(TargetPlans::of(&position, &r)),
        Err(PlanError::Cancelled) => Err("stopped".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// The worker.
pub struct Planner;

impl Worker for Planner {
    type Message = ();
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        Planner
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Request, who: HandlerId) {
        let (job, board, target, best) = match msg {
            Request::Rank {
                job,
                board,
                target,
                best,
            } => (job, board, target, best),
            Request::Odds(ask) => {
                odds::run(&ask, |h| scope.respond(who, Reply::Odds(h)));
                return;
            }
            Request::Turn(ask) => {
                let scope = scope.clone();
                turn::work::run(&ask, move |h| scope.respond(who, Reply::Turn(h)));
                return;
            }
        };
        let board: Board = match bosworth_link::parse_board(&board) {
            Ok(b) => b,
            Err(e) => {
                scope.respond(
                    who,
                    Reply::Failed {
                        job,
                        message: e.to_string(),
                    },
                );
                return;
            }
        };
        for (pass, options) in [
            (Pass::Quick, quick_options()),
            (Pass::Final, final_options()),
        ] {
            let total = expected_work(&options, best);
            let tell = {
                let scope = scope.clone();
                move |done: u64| {
                    scope.respond(
                        who,
                        Reply::Progress {
                            job,
                            pass,
                            done,
                            total,
                        },
                    )
                }
            };
            match plan(&board, &target, best, &options, Box::new(tell)) {
                Ok(plans) => {
                    let plans = serde_json::to_string(&plans).expect("plans serialise");
                    scope.respond(who, Reply::Ranked { job, pass, plans });
                }
                Err(message) => {
                    scope.respond(who, Reply::Failed { job, message });
                    return;
                }
            }
        }
    }
}
