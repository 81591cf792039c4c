//! What the page knows of the best turn: the board and objective asked, the worker's progress,
//! the turns once worked out, Cancel; final answers kept for the session, and whether the view
//! was open on a board, so that Back from a battle opened from a turn finds it as it was left.
//! Pure but for those two memories; no `Html` here.

use super::view::{PinAsk, TurnsView};
use super::work::{Goal, TurnHeard};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use yew::Reducible;

/// Final answers kept for the session, at most this many.
const REMEMBERED: usize = 32;

/// What a final answer is kept by: the board JSON, the objective, the attacks pinned.
type Key = (String, Goal, Vec<PinAsk>);

thread_local! {
    /// Final answers by board JSON, objective and pinned attacks.
    static MEMORY: RefCell<HashMap<Key, Rc<TurnsView>>> = RefCell::new(HashMap::new());
    /// The board the Best turn view was last open on, its objective, pinned attacks and the turn
    /// chosen.
    static SHOWN: RefCell<Option<(String, Shown)>> = const { RefCell::new(None) };
}

/// What the Best turn view showed on a board: the objective, the attacks pinned, the turn chosen.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    /// The objective.
    pub goal: Goal,
    /// The attacks pinned, in the order they were.
    pub pins: Vec<PinAsk>,
    /// The turn chosen (its rank from 0).
    pub chosen: usize,
}

/// Keeps a final answer for the session.
pub fn remember(board: &str, goal: &Goal, pins: &[PinAsk], turns: Rc<TurnsView>) {
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= REMEMBERED {
            m.clear();
        }
        m.insert((board.to_string(), goal.clone(), pins.to_vec()), turns);
    });
}

/// A final answer worked out before, if any.
pub fn recall(board: &str, goal: &Goal, pins: &[PinAsk]) -> Option<Rc<TurnsView>> {
    MEMORY.with(|m| {
        m.borrow()
            .get(&(board.to_string(), goal.clone(), pins.to_vec()))
            .cloned()
    })
}

/// Notes that the view is open on `board` (or closed, `None`).
pub fn set_shown(shown: Option<(String, Shown)>) {
    SHOWN.with(|s| *s.borrow_mut() = shown);
}

/// What the view showed when it was last open on `board`, if it was.
pub fn shown_on(board: &str) -> Option<Shown> {
    SHOWN.with(|s| {
        s.borrow()
            .as_ref()
            .filter(|(b, _)| b == board)
            .map(|(_, s)| s.clone())
    })
}

/// The best turn's work and answer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TurnState {
    /// The job under way (or last run).
    pub job: u64,
    /// The board asked about.
    pub board: Option<String>,
    /// The objective asked.
    pub goal: Goal,
    /// The attacks pinned.
    pub pins: Vec<PinAsk>,
    /// Work done and expected, while the worker works.
    pub progress: Option<(u64, u64)>,
    /// The turns, once worked out.
    pub turns: Option<Rc<TurnsView>>,
    /// Why there are none.
    pub failed: Option<String>,
    /// Stopped by the user.
    pub cancelled: bool,
}

/// What changes [`TurnState`].
#[derive(Debug, Clone, PartialEq)]
pub enum TurnAction {
    /// A job on a board by an objective, with the attacks pinned (if any).
    Start(u64, String, Goal, Vec<PinAsk>),
    /// The turns known already (worked out before in this session).
    Known(String, Goal, Vec<PinAsk>, Rc<TurnsView>),
    /// The worker's progress.
    Progress(u64, u64, u64),
    /// The worker's turns, read.
    Done(u64, Rc<TurnsView>),
    /// The worker failed.
    Failed(u64, String),
    /// The user stopped it.
    Cancel,
}

impl TurnAction {
    /// The worker's words as an action (the turns read from their JSON).
    pub fn heard(h: TurnHeard) -> TurnAction {
        match h {
            TurnHeard::Progress { job, done, total } => TurnAction::Progress(job, done, total),
            TurnHeard::Turns { job, turns } => match serde_json::from_str::<TurnsView>(&turns) {
                Ok(t) => TurnAction::Done(job, Rc::new(t)),
                Err(e) => {
                    TurnAction::Failed(job, format!("the planner's answer could not be read: {e}"))
                }
            },
            TurnHeard::Failed { job, message } => TurnAction::Failed(job, message),
        }
    }
}

impl TurnState {
    /// Applies an action (pure); news of another job is dropped.
    pub fn apply(mut self, action: TurnAction) -> TurnState {
        match action {
            TurnAction::Start(job, board, goal, pins) => {
                self = TurnState {
                    job,
                    board: Some(board),
                    goal,
                    pins,
                    progress: Some((0, 1)),
                    ..TurnState::default()
                };
            }
            TurnAction::Known(board, goal, pins, turns) => {
                self = TurnState {
                    job: self.job,
                    board: Some(board),
                    goal,
                    pins,
                    turns: Some(turns),
                    ..TurnState::default()
                };
            }
            TurnAction::Progress(job, done, total) if job == self.job && !self.cancelled => {
                if self.turns.is_none() && self.failed.is_none() {
                    self.progress = Some((done, total));
                }
            }
            TurnAction::Done(job, turns) if job == self.job && !self.cancelled => {
                self.turns = Some(turns);
                self.progress = None;
            }
            TurnAction::Failed(job, why) if job == self.job && !self.cancelled => {
                self.failed = Some(why);
                self.progress = None;
            }
            TurnAction::Cancel => {
                if self.turns.is_none() && self.failed.is_none() {
                    self.cancelled = true;
                    self.progress = None;
                }
            }
            _ => {}
        }
        self
    }

    /// `idle` (nothing asked), `running`, `done`, `cancelled` or `failed`, as the plans say it.
    pub fn calc(&self) -> &'static str {
        if self.board.is_none() {
            "idle"
        } else if self.turns.is_some() {
            "done"
        } else if self.failed.is_some() {
            "failed"
        } else if self.cancelled {
            "cancelled"
        } else {
            "running"
        }
    }

    /// How far the work has got, 0 to 1.
    pub fn fraction(&self) -> f64 {
        match self.progress {
            Some((d, t)) => (d as f64 / t.max(1) as f64).min(0.99),
            None => 0.0,
        }
    }
}

impl Reducible for TurnState {
    type Action = TurnAction;

    fn reduce(self: Rc<Self>, action: TurnAction) -> Rc<Self> {
        Rc::new((*self).clone().apply(action))
    }
}
