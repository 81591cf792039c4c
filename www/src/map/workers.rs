//! The map's planner workers: up to [`MAX_WORKERS`] Web Workers (`super::planner`), each working
//! on one question at a time, the ranking the user asked for first, then each target's best plan
//! (the map's colours). A new board drops every question of the old one, terminating the workers
//! still busy with them; Cancel terminates them all. Final answers are kept for the session
//! ([`remember`]), so that a board planned before (Back from a battle opened from the map) shows
//! its plans at once; the exact reports of the plans solved exactly go to the page's battles
//! solved (`crate::shell::solved`), so that a plan opened as a battle shows its figures at once.

use super::planner::{Pass, Reply, Request};
use super::planning::{Ask, Heard, PlanningState};
use super::ranking::TargetPlans;
use crate::shell::solved;
use crate::shell::worker::RawWorker;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::{Rc, Weak};
use yew::prelude::*;

/// The most planner workers the page starts.
pub const MAX_WORKERS: usize = 4;

/// Final answers kept for the session, at most this many.
const REMEMBERED: usize = 64;

thread_local! {
    /// Final answers by board JSON and question.
    static MEMORY: RefCell<HashMap<(String, Ask), Rc<TargetPlans>>> = RefCell::new(HashMap::new());
}

/// Keeps a final answer for the session.
fn remember(board: &str, ask: &Ask, plans: Rc<TargetPlans>) {
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= REMEMBERED {
            m.clear();
        }
        m.insert((board.to_string(), ask.clone()), plans);
    });
}

/// A final answer worked out before, if any.
fn recall(board: &str, ask: &Ask) -> Option<Rc<TargetPlans>> {
    MEMORY.with(|m| m.borrow().get(&(board.to_string(), ask.clone())).cloned())
}

/// How many workers to start: `min(navigator.hardwareConcurrency, MAX_WORKERS)`, at least 1.
fn worker_count() -> usize {
    let n = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (n as usize).clamp(1, MAX_WORKERS)
}

type Worker = RawWorker<Request, Reply>;

/// One worker and the job it works on (a question, or a share of a ranking's exact mixtures).
#[derive(Default)]
struct Slot {
    worker: Option<Worker>,
    job: Option<u64>,
}

/// A ranking shared out: the slot of the worker that ranks, the helpers' slots still solving
/// their shares, their memos so far, and whether the ranking worker's own share is done.
struct Sharing {
    lead: usize,
    helping: Vec<usize>,
    memos: Vec<String>,
    shared: bool,
}

/// The planner's workers and their questions.
pub struct Pool {
    slots: Vec<Slot>,
    /// Questions waiting for a worker, the first first.
    queue: Vec<Ask>,
    /// The board the questions are about.
    board: Option<String>,
    /// Every question asked about this board (to ask again after Cancel).
    asked: Vec<Ask>,
    /// The jobs under way: their question.
    jobs: HashMap<u64, Ask>,
    /// The rankings whose exact mixtures other workers help with, by job.
    sharing: HashMap<u64, Sharing>,
    next: u64,
    dispatch: UseReducerDispatcher<PlanningState>,
    me: Weak<RefCell<Pool>>,
}

impl Pool {
    fn new(dispatch: UseReducerDispatcher<PlanningState>) -> Rc<RefCell<Pool>> {
        Rc::new_cyclic(|me| {
            RefCell::new(Pool {
                slots: (0..worker_count()).map(|_| Slot::default()).collect(),
                queue: Vec::new(),
                board: None,
                asked: Vec::new(),
                jobs: HashMap::new(),
                sharing: HashMap::new(),
                next: 0,
                dispatch,
                me: me.clone(),
            })
        })
    }

    /// Shows another board (or none): its targets' best plans are asked for at once.
    pub fn board(&mut self, board: Option<String>, targets: Vec<String>) {
        if board == self.board {
            return;
        }
        self.stop();
        self.board = board.clone();
        self.asked.clear();
        let known: Vec<(Ask, Rc<TargetPlans>)> = match &board {
            Some(b) => targets
                .iter()
                .map(|t| Ask::best(t))
                .filter_map(|a| recall(b, &a).map(|p| (a, p)))
                .collect(),
            None => Vec::new(),
        };
        self.dispatch.dispatch(Heard::Board {
            board: board.clone(),
            targets: targets.clone(),
            known: known.clone(),
        });
        if board.is_some() {
            // Every worker started now, so that a ranking asked later finds its helpers ready
            // (a worker takes about a tenth of a second to start).
            for i in 0..self.slots.len() {
                self.spawn(i);
            }
            for t in &targets {
                let ask = Ask::best(t);
                self.asked.push(ask.clone());
                if !known.iter().any(|(a, _)| *a == ask) {
                    self.dispatch.dispatch(Heard::Asked(ask.clone()));
                    self.queue.push(ask);
                }
            }
            self.run();
        }
    }

    /// Asks a question about the board on screen, before any waiting (a ranking the user wants).
    pub fn ask(&mut self, ask: Ask) {
        let Some(board) = self.board.clone() else {
            return;
        };
        if self.asked.contains(&ask) {
            return;
        }
        self.asked.push(ask.clone());
        self.dispatch.dispatch(Heard::Asked(ask.clone()));
        match recall(&board, &ask) {
            Some(plans) => self
                .dispatch
                .dispatch(Heard::Ranked(board, ask, Pass::Final, plans)),
            None => {
                self.queue.insert(0, ask);
                self.run();
            }
        }
    }

    /// Stops every job, terminating the busy workers.
    fn stop(&mut self) {
        for s in &mut self.slots {
            if s.job.take().is_some() {
                s.worker = None;
            }
        }
        self.queue.clear();
        self.jobs.clear();
        self.sharing.clear();
    }

    /// Cancel: stops the work; the figures so far stay.
    pub fn cancel(&mut self) {
        self.stop();
        self.dispatch.dispatch(Heard::Cancelled);
    }

    /// Asks again every question not answered finally (after Cancel).
    pub fn resume(&mut self, open: Vec<Ask>) {
        self.dispatch.dispatch(Heard::Resumed);
        for ask in open {
            if !self.queue.contains(&ask) && !self.jobs.values().any(|a| *a == ask) {
                self.queue.push(ask);
            }
        }
        self.run();
    }

    /// Gives waiting questions to idle workers. A ranking (not a target's best plan) takes the
    /// other idle workers too, to work out shares of its final pass (its exact mixtures, and
    /// the Monte Carlo figures of the plans not tried exactly)
    /// ([`Request::Presolve`]): the same figures, sooner.
    fn run(&mut self) {
        let Some(board) = self.board.clone() else {
            return;
        };
        for i in 0..self.slots.len() {
            if self.queue.is_empty() {
                return;
            }
            if self.slots[i].job.is_some() {
                continue;
            }
            if !self.spawn(i) {
                let ask = self.queue.remove(0);
                self.dispatch.dispatch(Heard::Failed(
                    board.clone(),
                    ask,
                    "this browser would not start a Web Worker".to_string(),
                ));
                continue;
            }
            let ask = self.queue.remove(0);
            let job = self.next;
            self.next += 1;
            self.jobs.insert(job, ask.clone());
            self.slots[i].job = Some(job);
            let helping: Vec<usize> = if ask.best {
                Vec::new()
            } else {
                (0..self.slots.len())
                    .filter(|&j| self.slots[j].job.is_none() && self.spawn(j))
                    .collect()
            };
            let of = helping.len() + 1;
            for (k, &j) in helping.iter().enumerate() {
                self.slots[j].job = Some(job);
                self.send(
                    j,
                    Request::Presolve {
                        job,
                        board: board.clone(),
                        target: ask.target.clone(),
                        best: ask.best,
                        k: k + 1,
                        of,
                    },
                );
            }
            if !helping.is_empty() {
                self.sharing.insert(
                    job,
                    Sharing {
                        lead: i,
                        helping: helping.clone(),
                        memos: Vec::new(),
                        shared: false,
                    },
                );
            }
            self.send(
                i,
                Request::Rank {
                    job,
                    board: board.clone(),
                    target: ask.target.clone(),
                    best: ask.best,
                    helpers: helping.len(),
                },
            );
        }
    }

    /// Starts slot `i`'s worker if it has none; false when the browser will not.
    fn spawn(&mut self, i: usize) -> bool {
        if self.slots[i].worker.is_some() {
            return true;
        }
        let me = self.me.clone();
        match Worker::spawn("planner.js", move |reply| {
            if let Some(pool) = me.upgrade() {
                pool.borrow_mut().heard(i, reply);
            }
        }) {
            Ok(w) => {
                self.slots[i].worker = Some(w);
                true
            }
            Err(_) => false,
        }
    }

    /// Sends slot `i`'s worker a request.
    fn send(&self, i: usize, request: Request) {
        if let Some(w) = &self.slots[i].worker {
            w.send(request);
        }
    }

    /// A helper's share is in (or it failed: the ranking worker then solves that share itself,
    /// the same figures): its slot is free; once every share and the ranking worker's own are
    /// done, the ranking worker is sent the others' memos to finish.
    fn helped(&mut self, slot: usize, job: u64, memo: Option<String>) {
        let Some(sharing) = self.sharing.get_mut(&job) else {
            return;
        };
        sharing.helping.retain(|&j| j != slot);
        sharing.memos.extend(memo);
        self.slots[slot].job = None;
        self.finish_shared(job);
        self.run();
    }

    /// Sends the ranking worker of `job` the helpers' memos once all are in and its own share is
    /// done.
    fn finish_shared(&mut self, job: u64) {
        let ready = self
            .sharing
            .get(&job)
            .is_some_and(|s| s.shared && s.helping.is_empty());
        if let Some(s) = ready.then(|| self.sharing.remove(&job)).flatten() {
            self.send(
                s.lead,
                Request::Finish {
                    job,
                    memos: s.memos,
                },
            );
        }
    }

    /// A reply from slot `slot`'s worker.
    fn heard(&mut self, slot: usize, reply: Reply) {
        let job = match &reply {
            Reply::Progress { job, .. }
            | Reply::Ranked { job, .. }
            | Reply::Failed { job, .. }
            | Reply::Shared { job }
            | Reply::Presolved { job, .. } => *job,
            // A game's odds go to the report's own worker (`rtt/report.rs`), never here.
            Reply::Odds(_) | Reply::Turn(_) => return,
        };
        let (Some(ask), Some(board)) = (self.jobs.get(&job).cloned(), self.board.clone()) else {
            return;
        };
        // A helper: its share, or its failure, counts toward the ranking; its progress is shown
        // only while the ranking worker waits for it (else the bar would follow two workers).
        let helper = self
            .sharing
            .get(&job)
            .filter(|s| s.helping.contains(&slot))
            .map(|s| s.shared);
        if let Reply::Progress {
            pass,
            done,
            total,
            stage,
            since,
            ..
        } = reply
        {
            if helper.is_none_or(|lead_waits| lead_waits) {
                self.dispatch
                    .dispatch(Heard::Progress(board, ask, pass, done, total, stage, since));
            }
            return;
        }
        if helper.is_some() {
            match reply {
                Reply::Presolved { memo, .. } => self.helped(slot, job, Some(memo)),
                Reply::Failed { .. } => self.helped(slot, job, None),
                _ => {}
            }
            return;
        }
        let finished = match reply {
            Reply::Shared { .. } => {
                if let Some(s) = self.sharing.get_mut(&job) {
                    s.shared = true;
                }
                self.finish_shared(job);
                false
            }
            Reply::Presolved { .. } | Reply::Progress { .. } => false,
            Reply::Ranked { pass, plans, .. } => {
                match serde_json::from_str::<TargetPlans>(&plans) {
                    Ok(mut p) => {
                        for plan in &mut p.plans {
                            if let Some(exact) = plan.exact.take() {
                                solved::keep(&solved::key(&plan.battle), exact);
                            }
                        }
                        let p = Rc::new(p);
                        if pass == Pass::Final {
                            remember(&board, &ask, p.clone());
                        }
                        self.dispatch.dispatch(Heard::Ranked(board, ask, pass, p));
                        pass == Pass::Final
                    }
                    Err(e) => {
                        self.dispatch.dispatch(Heard::Failed(
                            board,
                            ask,
                            format!("the planner's answer could not be read: {e}"),
                        ));
                        true
                    }
                }
            }
            Reply::Failed { message, .. } => {
                self.dispatch.dispatch(Heard::Failed(board, ask, message));
                true
            }
            Reply::Odds(_) | Reply::Turn(_) => return,
        };
        if finished {
            self.jobs.remove(&job);
            // Helpers still at work for a ranking that ended (it failed) are stopped.
            if let Some(sharing) = self.sharing.remove(&job) {
                for j in sharing.helping {
                    self.slots[j].worker = None;
                }
            }
            for s in &mut self.slots {
                if s.job == Some(job) {
                    s.job = None;
                }
            }
            self.run();
        }
    }
}

/// The planning of the board on screen and its workers: give the pool each board (`None` while
/// the board is not valid) with [`Pool::board`], ask rankings with [`Pool::ask`].
#[hook]
pub fn use_planning() -> (UseReducerHandle<PlanningState>, Rc<RefCell<Pool>>) {
    let planning = use_reducer(PlanningState::default);
    let dispatch = planning.dispatcher();
    let pool = use_memo((), move |_| Pool::new(dispatch));
    ((planning), (*pool).clone())
}
