//! The best turn off the page's thread (issue 34, R37, R38): the map's planner worker reads the
//! board and asks `bosworth::board::best_turns` for the best whole turns by the chosen objective,
//! with `bosworth plan --turn`'s own options ([`options`]: the ranking's final options, three
//! turns), so its figures are those of `bosworth plan BOARD --turn [--objective ...] --json`.
//! It says how far it has got as it works; the page stops it by terminating the worker. No
//! `Html` here.

use super::view::TurnsView;
use crate::map::planner::{PROGRESS, final_options, progress_hook};
use bosworth::board::{Board, Objective, Options, PlanError, Position, TurnOptions, best_turns};
use bosworth::rules::movement::area_index;
use serde::{Deserialize, Serialize};

/// How many turns are reported: `bosworth plan --turn`'s default `--top`.
pub const TOP: usize = 3;

/// The planner's options for the turn: `bosworth plan --turn`'s (`--top 3 --seed 1 --runs 20000
/// --budget 2000000 --exact-best 3 --best-budget 20000000 --screen 3000000`, no
/// reinforcements), the ranking's final options with three turns.
pub fn options() -> Options {
    Options {
        top: TOP,
        ..final_options()
    }
}

/// What a turn is ranked by, as the page asks it (R38).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Goal {
    /// Expected areas held.
    #[default]
    Areas,
    /// Expected enemy steps lost minus own.
    Steps,
    /// The chance to hold `area`, keeping the heir `keep` (an id) if named.
    Take {
        /// The area's name.
        area: String,
        /// The heir's id.
        keep: Option<String>,
    },
}

impl Goal {
    /// The command-line words: `areas`, `steps`, `take:Kent:March`.
    pub fn words(&self) -> String {
        match self {
            Goal::Areas => "areas".into(),
            Goal::Steps => "steps".into(),
            Goal::Take { area, keep: None } => format!("take:{area}"),
            Goal::Take {
                area,
                keep: Some(h),
            } => format!("take:{area}:{h}"),
        }
    }

    /// The `bosworth plan` command that gives the same figures.
    pub fn command(&self) -> String {
        match self {
            Goal::Areas => "bosworth plan BOARD --turn".into(),
            g => format!("bosworth plan BOARD --turn --objective \"{}\"", g.words()),
        }
    }

    /// The engine's objective, checked against the board (the CLI's `--objective` messages).
    ///
    /// # Errors
    /// An area not of the map, or an heir who is none of the moving player's blocks.
    pub fn objective(&self, position: &Position) -> Result<Objective, String> {
        Ok(match self {
            Goal::Areas => Objective::Areas,
            Goal::Steps => Objective::Steps,
            Goal::Take { area, keep } => {
                let a = area_index(area)
                    .ok_or_else(|| format!("objective: '{area}' is not an area of the map"))?;
                let keep = match keep {
                    None => None,
                    Some(h) => {
                        let own = position
                            .own
                            .iter()
                            .find(|o| o.block.id == h.as_str())
                            .ok_or_else(|| {
                                format!(
                                    "objective: '{h}' is none of {}'s blocks on the board",
                                    position.house
                                )
                            })?;
                        if own.block.heir_rank.is_none() {
                            return Err(format!("objective: {h} is not an heir (3.21)"));
                        }
                        Some(h.clone())
                    }
                };
                Objective::Take { area: a, keep }
            }
        })
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
    let position = Position::new(board).map_err(|e| e.to_string())?;
    let turn = TurnOptions {
        objective: goal.objective(&position)?,
        pins: Vec::new(),
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
    match plan_turns(&board, &ask.goal, Box::new(progress)) {
        Ok(t) => tell(TurnHeard::Turns {
            job,
            turns: serde_json::to_string(&t).expect("turns serialise"),
        }),
        Err(message) => tell(TurnHeard::Failed { job, message }),
    }
}
