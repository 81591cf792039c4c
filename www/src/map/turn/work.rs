//! The best turn off the page's thread (issue 34, R37, R38): the map's planner worker reads the
//! board and asks `bosworth::board::best_turns` for the best whole turns by the chosen objective,
//! with `bosworth plan --turn`'s own options ([`options`]: the ranking's final options, three
//! turns), so its figures are those of `bosworth plan BOARD --turn [--objective ...] --json`.
//! It says how far it has got as it works; the page stops it by terminating the worker. No
//! `Html` here.

pub use super::view::Goal;
use super::view::{PinAsk, TurnsView};
use bosworth::board::{Board, Options, PlanError, Position, TurnOptions, best_turns};
use serde::{Deserialize, Serialize};

/// How many turns are reported: `bosworth plan --turn`'s default `--top`.
pub const TOP: usize = 3;

/// The planner's options for the turn: `bosworth plan --turn`'s (`--top 3 --seed 1 --runs 20000
/// --budget 2000000 --exact-best 3 --best-budget 20000000 --screen 3000000`, no
/// reinforcements), the ranking's final options (`planner::final_options`, the engine's
/// defaults) with three turns. (This file uses nothing of `planner.rs`, which uses it.)
pub fn options() -> Options {
    Options {
        top: TOP,
        ..Options::default()
    }
}

thread_local! {
    /// Where the watch hook sends its progress (the hook must be `Sync`; a worker has one
    /// thread).
    static PROGRESS: std::cell::RefCell<Option<Box<dyn Fn(u64)>>> = const { std::cell::RefCell::new(None) };
}

/// A watch hook adding up the work and telling [`PROGRESS`] at each half-percent of `total`, as
/// the ranking's does. It never stops the work: the page cancels by terminating the worker.
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

/// What the page asks: the best turns on a board by an objective.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TurnAsk {
    /// The page's job.
    pub job: u64,
    /// The board JSON.
    pub board: String,
    /// What the turns are ranked by.
    pub goal: Goal,
    /// The attacks every turn makes (`--with`, once for each), those the player pinned.
    #[serde(default)]
    pub pins: Vec<PinAsk>,
}

/// What the worker says.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum TurnHeard {
    /// Work done of about `total` (the CLI's estimate, which may be passed).
    Progress {
        /// The page's job.
        job: u64,
        /// Work done.
        done: u64,
        /// Work expected.
        total: u64,
    },
    /// The turns: [`TurnsView`] as JSON.
    Turns {
        /// The page's job.
        job: u64,
        /// The turns.
        turns: String,
    },
    /// The board or the objective could not be planned (the engine's words).
    Failed {
        /// The page's job.
        job: u64,
        /// Why.
        message: String,
    },
}

/// The work the turn is expected to take, as `bosworth plan --turn`'s progress bar reckons it.
pub fn expected_work(o: &Options) -> u64 {
    o.screen_budget * 6 + o.runs * 4 * o.top as u64
}

/// The best turns on a board, as the page shows them.
///
/// # Errors
/// The engine's words: a board it refuses, an objective it cannot take.
pub fn plan_turns(
    board: &Board,
    goal: &Goal,
    progress: Box<dyn Fn(u64)>,
) -> Result<TurnsView, String> {
    plan_turns_pinned(board, goal, &[], progress)
}

/// The best turns on a board that make the pinned attacks (`bosworth plan --turn --with`, once
/// for each).
///
/// # Errors
/// The engine's words: a board it refuses, an objective it cannot take, a pin no plan makes.
pub fn plan_turns_pinned(
    board: &Board,
    goal: &Goal,
    pins: &[PinAsk],
    progress: Box<dyn Fn(u64)>,
) -> Result<TurnsView, String> {
    let position = Position::new(board).map_err(|e| e.to_string())?;
    let turn = TurnOptions {
        objective: goal.objective(&position)?,
        pins: pins
            .iter()
            .map(|p| p.pin(&position))
            .collect::<Result<_, _>>()?,
        top: TOP,
    };
    let options = options();
    PROGRESS.with(|p| *p.borrow_mut() = Some(progress));
    let hook = progress_hook(expected_work(&options));
    let turns = best_turns(&position, &options, &turn, &hook);
    PROGRESS.with(|p| *p.borrow_mut() = None);
    match turns {
        Ok(t) => Ok(TurnsView::of(&position, goal, &t)),
        Err(PlanError::Cancelled) => Err("stopped".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// Works out the turns asked, telling the progress as it goes.
pub fn run(ask: &TurnAsk, tell: impl Fn(TurnHeard) + Clone + 'static) {
    let job = ask.job;
    let board: Board = match bosworth_link::parse_board(&ask.board) {
        Ok(b) => b,
        Err(e) => {
            return tell(TurnHeard::Failed {
                job,
                message: e.to_string(),
            });
        }
    };
    let total = expected_work(&options());
    let progress = {
        let tell = tell.clone();
        move |done: u64| tell(TurnHeard::Progress { job, done, total })
    };
    match plan_turns_pinned(&board, &ask.goal, &ask.pins, Box::new(progress)) {
        Ok(t) => tell(TurnHeard::Turns {
            job,
            turns: serde_json::to_string(&t).expect("turns serialise"),
        }),
        Err(message) => tell(TurnHeard::Failed { job, message }),
    }
}
