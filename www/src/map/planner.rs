//! The map's Web Worker: the attack planner off the page's thread. For one target it ranks every
//! plan (as `bosworth::board::rank`) or finds the best one (as `bosworth::board::best_plan`, what
//! `bosworth plan` without `--target` gives for each target): the plans screened once
//! (`bosworth::board::screen`), then assessed first with fewer Monte Carlo battles for a plan not
//! solved exactly ([`QUICK_RUNS`]: the figures come sooner, each with its standard error), then
//! with `bosworth plan`'s own options ([`final_options`]): the same engine calls, defaults and
//! seed, so the same figures. A ranking's final pass may share its work with the page's idle
//! planner workers ([`Request::Presolve`], [`Request::Finish`]): its exact mixtures, and the Monte
//! Carlo figures of the plans not tried exactly; the same figures, sooner.
//! It says how far it has got as it works.
//!
//! Messages carry JSON text (the board in, [`TargetPlans`] out), as the battle's engine does.
//! The same worker works out a finished game's odds, battle by battle ([`Request::Odds`],
//! `rtt/odds.rs`), and the best whole turns on a board ([`Request::Turn`], `turn/work.rs`).

use super::ranking::TargetPlans;
use super::rtt::odds::{self, OddsAsk, OddsHeard};
use super::turn::{self, work::{TurnAsk, TurnHeard}};
use bosworth::board::{
    Board, Options, PlanError, Position, Presolved, Ranking, Screened, Stage, Stages, Target,
    screen, target,
};
use bosworth::solve::watch::Watch;
use std::rc::Rc;
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
        /// Other workers solving shares of the final pass's exact mixtures
        /// ([`Request::Presolve`]): with any, this worker solves its own share after the first
        /// pass, says so ([`Reply::Shared`]) and waits for [`Request::Finish`].
        helpers: usize,
    },
    /// Work out share `k` of `of` of a ranking's final pass (`Screened::presolve`: its exact
    /// mixtures' battles, and in turn the Monte Carlo figures of the plans not tried exactly; the
    /// screening worked out here too: it is the same everywhere), for the worker that ranks.
    Presolve {
        /// The page's job (the ranking's).
        job: u64,
        /// The board JSON.
        board: String,
        /// The target's name.
        target: String,
        /// Only the best plan.
        best: bool,
        /// Which share.
        k: usize,
        /// Of how many.
        of: usize,
    },
    /// The other workers' shares ([`Reply::Presolved`]'s): finish the final pass.
    Finish {
        /// The page's job.
        job: u64,
        /// Each helper's share, a [`Presolved`] as JSON.
        memos: Vec<String>,
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
    /// This worker's share of the final pass's exact mixtures is solved: it waits for the
    /// others' ([`Request::Finish`]).
    Shared {
        /// The page's job.
        job: u64,
    },
    /// A helper's share worked out: a [`Presolved`] as JSON.
    Presolved {
        /// The page's job.
        job: u64,
        /// The share.
        memo: String,
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

/// A board and a target as the planner reads them: the position, and the target's area.
///
/// # Errors
/// The engine's words: a board it refuses, an area that is no target.
fn read(board: &str, target_name: &str) -> Result<(Position, Target), String> {
    let board: Board = bosworth_link::parse_board(board).map_err(|e| e.to_string())?;
    let position = Position::new(&board).map_err(|e| e.to_string())?;
    let area = area_index(target_name)
        .ok_or_else(|| format!("'{target_name}' is not an area of the map"))?;
    let t = target(&position, area)?;
    Ok((position, t))
}

/// Runs `work` with the planner's hooks telling `progress` (from nothing done): the work done,
/// the stage, the work done since it began.
fn watched<T>(
    progress: Box<dyn Fn(u64, Stage, u64)>,
    work: impl FnOnce(&Watch<'_>, &Stages<'_>) -> Result<T, PlanError>,
) -> Result<T, String> {
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
    let out = work(&hook, &stages);
    PROGRESS.with(|p| *p.borrow_mut() = None);
    match out {
        Ok(t) => Ok(t),
        Err(PlanError::Cancelled) => Err("stopped".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// A ranking whose final pass waits for the other workers' shares of its exact mixtures.
struct Waiting {
    job: u64,
    position: Position,
    screened: Screened,
    /// This worker's share, worked out.
    memo: Presolved,
    /// Where to say what it is doing.
    tell: Rc<dyn Fn(u64, Stage, u64)>,
}

/// The worker: between [`Reply::Shared`] and [`Request::Finish`] it keeps the ranking waiting.
#[derive(Default)]
pub struct Planner {
    waiting: Option<Waiting>,
}

impl Worker for Planner {
    type Message = ();
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        Planner::default()
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Request, who: HandlerId) {
        let respond = {
            let scope = scope.clone();
            move |r: Reply| scope.respond(who, r)
        };
        match msg {
            Request::Rank {
                job,
                board,
                target,
                best,
                helpers,
            } => self.rank(job, &board, &target, best, helpers, Rc::new(respond)),
            Request::Presolve {
                job,
                board,
                target,
                best,
                k,
                of,
            } => presolve(job, &board, &target, best, (k, of), Rc::new(respond)),
            Request::Finish { job, memos } => self.finish(job, &memos, Rc::new(respond)),
            Request::Odds(ask) => odds::run(&ask, |h| scope.respond(who, Reply::Odds(h))),
            Request::Turn(ask) => {
                let scope = scope.clone();
                turn::work::run(&ask, move |h| scope.respond(who, Reply::Turn(h)));
            }
        }
    }
}

/// Where a worker's answers go.
type Respond = Rc<dyn Fn(Reply)>;

/// A progress hook telling the page of `job` in `pass`.
fn teller(job: u64, pass: Pass, total: u64, respond: &Respond) -> Rc<dyn Fn(u64, Stage, u64)> {
    let respond = respond.clone();
    Rc::new(move |done, stage, since| {
        respond(Reply::Progress {
            job,
            pass,
            done,
            total,
            stage,
            since,
        })
    })
}

/// `tell` as the boxed hook [`watched`] takes.
fn boxed(tell: &Rc<dyn Fn(u64, Stage, u64)>) -> Box<dyn Fn(u64, Stage, u64)> {
    let tell = tell.clone();
    Box::new(move |d, s, n| tell(d, s, n))
}

impl Planner {
    /// A ranking (or a target's best plan): screened once, the first pass's figures, then the
    /// final pass's: at once when no other worker helps, else after this worker's share of the
    /// exact mixtures, once the page sends the others' ([`Planner::finish`]).
    fn rank(
        &mut self,
        job: u64,
        board: &str,
        target: &str,
        best: bool,
        helpers: usize,
        respond: Respond,
    ) {
        self.waiting = None;
        let failed = |message: String| respond(Reply::Failed { job, message });
        let (position, t) = match read(board, target) {
            Ok(x) => x,
            Err(e) => return failed(e),
        };
        let (quick, last) = (quick_options(), final_options());
        let tell = teller(job, Pass::Quick, expected_work(&quick, best), &respond);
        // One screening for both passes: it depends on neither's runs nor budgets.
        let first = watched(boxed(&tell), |hook, stages| {
            let screened = screen(&position, t, &last, best, hook, stages)?;
            let ranking = screened.finish(&position, &quick, &Presolved::new(), hook, stages)?;
            Ok((screened, ranking))
        });
        let (screened, ranking) = match first {
            Ok(x) => x,
            Err(e) => return failed(e),
        };
        ranked(job, Pass::Quick, &position, &ranking, &respond);
        let tell = teller(job, Pass::Final, expected_work(&last, best), &respond);
        if helpers == 0 {
            let done = watched(boxed(&tell), |hook, stages| {
                screened.finish(&position, &last, &Presolved::new(), hook, stages)
            });
            return match done {
                Ok(r) => ranked(job, Pass::Final, &position, &r, &respond),
                Err(e) => failed(e),
            };
        }
        let share = watched(boxed(&tell), |hook, stages| {
            screened.presolve(&position, &last, (0, helpers + 1), hook, stages)
        });
        match share {
            Ok(memo) => {
                self.waiting = Some(Waiting {
                    job,
                    position,
                    screened,
                    memo,
                    tell,
                });
                respond(Reply::Shared { job });
            }
            Err(e) => failed(e),
        }
    }

    /// The final pass of the ranking waiting for `job`, with the other workers' shares.
    fn finish(&mut self, job: u64, memos: &[String], respond: Respond) {
        let Some(mut w) = self.waiting.take().filter(|w| w.job == job) else {
            return;
        };
        for m in memos {
            // A share that cannot be read is worked out again here: the same figures.
            if let Ok(memo) = serde_json::from_str::<Presolved>(m) {
                w.memo.merge(memo);
            }
        }
        let done = watched(boxed(&w.tell), |hook, stages| {
            w.screened
                .finish(&w.position, &final_options(), &w.memo, hook, stages)
        });
        match done {
            Ok(r) => ranked(job, Pass::Final, &w.position, &r, &respond),
            Err(message) => respond(Reply::Failed { job, message }),
        }
    }
}

/// A pass's plans, to the page.
fn ranked(job: u64, pass: Pass, position: &Position, ranking: &Ranking, respond: &Respond) {
    let plans = TargetPlans::of(position, ranking);
    let plans = serde_json::to_string(&plans).expect("plans serialise");
    respond(Reply::Ranked { job, pass, plans });
}

/// A helper's share of a ranking's final pass ([`Request::Presolve`]).
fn presolve(job: u64, board: &str, target: &str, best: bool, share: (usize, usize), respond: Respond) {
    let (position, t) = match read(board, target) {
        Ok(x) => x,
        Err(message) => return respond(Reply::Failed { job, message }),
    };
    let options = final_options();
    let tell = teller(job, Pass::Final, expected_work(&options, best), &respond);
    let memo = watched(boxed(&tell), |hook, stages| {
        screen(&position, t, &options, best, hook, stages)?
            .presolve(&position, &options, share, hook, stages)
    });
    match memo {
        Ok(memo) => {
            let memo = serde_json::to_string(&memo).expect("a memo serialises");
            respond(Reply::Presolved { job, memo });
        }
        Err(message) => respond(Reply::Failed { job, message }),
    }
}
