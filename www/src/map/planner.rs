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
use bosworth::board::{
    Board, Options, PlanError, Position, Stage, best_plan_staged, rank_staged, target,
};
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
    /// solved; the total is the CLI's estimate and may be passed), and what the planner is doing.
    Progress {
        /// The page's job.
        job: u64,
        /// The pass.
        pass: Pass,
        /// Work done.
        done: u64,
        /// Work expected.
        total: u64,
        /// What the planner is doing: the screening, or which plan it assesses and how.
        stage: Stage,
        /// Work done since the stage began (battles, or states for an exact solve).
        since: u64,
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

/// What the planner's hooks have heard so far in a pass: the work done, the stage, the work done
/// when it began, and when the page was last told (ms).
#[derive(Clone, Copy)]
struct Heard {
    done: u64,
    stage: Stage,
    began: u64,
    told_at: f64,
}

/// The least time between two progress messages within a stage (ms): the page redraws the
/// panel at each, and a stage's first is told at once.
const PROGRESS_MS: f64 = 100.0;

thread_local! {
    /// Where the planner's hooks send its progress (the hooks must be `Sync`; a worker has one
    /// thread): the work done, the stage and the work done since it began.
    static PROGRESS: std::cell::RefCell<Option<Box<dyn Fn(u64, Stage, u64)>>> = const { std::cell::RefCell::new(None) };
    /// What the hooks have heard in the pass under way.
    static HEARD: std::cell::Cell<Heard> = const { std::cell::Cell::new(Heard { done: 0, stage: Stage::Screening, began: 0, told_at: 0.0 }) };
}

/// Tells [`PROGRESS`] what was heard, when `now` (a new stage) or at most every [`PROGRESS_MS`]:
/// the bar moves through every stage, the exact solves of the best plans included (before issue
/// 35 it stood at 99% through them: their states ran past the pass's expected work).
fn tell(now: bool) {
    let clock = js_sys::Date::now();
    let h = HEARD.with(std::cell::Cell::get);
    if !now && clock - h.told_at < PROGRESS_MS {
        return;
    }
    HEARD.with(|c| {
        c.set(Heard {
            told_at: clock,
            ..h
        })
    });
    PROGRESS.with(|p| {
        if let Some(p) = p.borrow().as_ref() {
            p(h.done, h.stage, h.done - h.began);
        }
    });
}

/// A watch hook adding up the work (battles fought, states solved). It never stops the work: the
/// page cancels by terminating the worker.
fn progress_hook() -> impl Fn(usize) -> bool + Sync {
    move |n| {
        if n > 0 {
            HEARD.with(|c| {
                let h = c.get();
                c.set(Heard {
                    done: h.done + n as u64,
                    ..h
                });
            });
            tell(false);
        }
        true
    }
}

/// A stages hook: a new stage is told at once.
fn stages_hook(stage: Stage) {
    HEARD.with(|c| {
        let h = c.get();
        c.set(Heard {
            stage,
            began: h.done,
            ..h
        });
    });
    tell(true);
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
    progress: Box<dyn Fn(u64, Stage, u64)>,
) -> Result<TargetPlans, String> {
    let position = Position::new(board).map_err(|e| e.to_string())?;
    let area = area_index(target_name)
        .ok_or_else(|| format!("'{target_name}' is not an area of the map"))?;
    let t = target(&position, area)?;
    PROGRESS.with(|p| *p.borrow_mut() = Some(progress));
    HEARD.with(|c| {
        c.set(Heard {
            done: 0,
            stage: Stage::Screening,
            began: 0,
            told_at: 0.0,
        })
    });
    let hook = progress_hook();
    let stages = |s: Stage| stages_hook(s);
    let ranking = if best {
        best_plan_staged(&position, t, options, &hook, &stages)
    } else {
        rank_staged(&position, t, options, &hook, &stages)
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
                move |done: u64, stage: Stage, since: u64| {
                    scope.respond(
                        who,
                        Reply::Progress {
                            job,
                            pass,
                            done,
                            total,
                            stage,
                            since,
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
