//! What the page knows of the planning under way: for the board on screen, each target's best
//! plan (the map's colours, `bosworth plan` without `--target`) and each ranking asked for (`bosworth
//! plan --target`), with their figures so far, progress and failures. Pure: the workers
//! (`super::workers`) send it what they hear, and answers for another board are dropped. No
//! `Html` here.

use super::planner::Pass;
use super::ranking::{TargetPlans, order_targets};
use std::collections::BTreeMap;
use std::rc::Rc;
use yew::Reducible;

/// A question put to the planner about the board on screen.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ask {
    /// The target's name.
    pub target: String,
    /// Only its best plan (the map's colours), or every plan ranked.
    pub best: bool,
}

impl Ask {
    /// The best plan for `target`.
    pub fn best(target: &str) -> Ask {
        Ask {
            target: target.to_string(),
            best: true,
        }
    }

    /// Every plan for `target`, ranked.
    pub fn ranking(target: &str) -> Ask {
        Ask {
            target: target.to_string(),
            best: false,
        }
    }
}

/// One question's answer so far.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Answer {
    /// The latest figures, and the pass they are from.
    pub plans: Option<(Pass, Rc<TargetPlans>)>,
    /// While the planner works: the pass, the work done and expected.
    pub progress: Option<(Pass, u64, u64)>,
    /// Why there is no answer.
    pub failed: Option<String>,
}

impl Answer {
    /// The final figures are in (`bosworth plan`'s).
    pub fn done(&self) -> bool {
        matches!(self.plans, Some((Pass::Final, _)))
    }

    /// The figures so far.
    pub fn figures(&self) -> Option<&TargetPlans> {
        self.plans.as_ref().map(|(_, p)| p.as_ref())
    }

    /// How far the work has got, 0 to 1: a finished first pass counts for a tenth.
    pub fn fraction(&self) -> f64 {
        if self.done() {
            return 1.0;
        }
        match self.progress {
            Some((Pass::Quick, d, t)) => 0.1 * (d as f64 / t.max(1) as f64).min(0.99),
            Some((Pass::Final, d, t)) => 0.1 + 0.9 * (d as f64 / t.max(1) as f64).min(0.99),
            None if self.plans.is_some() => 0.1,
            None => 0.0,
        }
    }
}

/// The planning of the board on screen.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Planning {
    /// The board's JSON (`None` while the board is not valid: nothing is planned).
    pub board: Option<String>,
    /// The areas the moving player can attack this turn, in the map's order.
    pub targets: Vec<String>,
    /// Every question asked about this board, with its answer so far.
    pub answers: BTreeMap<Ask, Answer>,
    /// The user stopped the work: unfinished answers stay as they are.
    pub cancelled: bool,
}

/// What changes the planning.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// Another board (or none): every answer of the old one is dropped; `known` are the answers
    /// already worked out for this board (Back to a board planned before).
    Board {
        /// The board JSON, if valid.
        board: Option<String>,
        /// Its targets.
        targets: Vec<String>,
        /// Final answers kept from before.
        known: Vec<(Ask, Rc<TargetPlans>)>,
    },
    /// A question is asked (its answer starts empty unless known).
    Asked(Ask),
    /// Progress on a question.
    Progress(String, Ask, Pass, u64, u64),
    /// Figures for a question.
    Ranked(String, Ask, Pass, Rc<TargetPlans>),
    /// A question failed.
    Failed(String, Ask, String),
    /// The user stopped the work.
    Cancelled,
    /// The user asked again after stopping.
    Resumed,
}

impl Planning {
    /// Applies what was heard (pure); news of another board than the one on screen is dropped.
    pub fn apply(mut self, heard: Heard) -> Planning {
        let ours = |b: &String, s: &Planning| s.board.as_ref() == Some(b);
        match heard {
            Heard::Board {
                board,
                targets,
                known,
            } => {
                self = Planning {
                    board,
                    targets,
                    ..Planning::default()
                };
                for (ask, plans) in known {
                    self.answers.insert(
                        ask,
                        Answer {
                            plans: Some((Pass::Final, plans)),
                            ..Answer::default()
                        },
                    );
                }
            }
            Heard::Asked(ask) => {
                self.answers.entry(ask).or_default();
            }
            Heard::Progress(b, ask, pass, done, total) => {
                if ours(&b, &self)
                    && !self.cancelled
                    && let Some(a) = self.answers.get_mut(&ask)
                    && !a.done()
                {
                    a.progress = Some((pass, done, total));
                }
            }
            Heard::Ranked(b, ask, pass, plans) => {
                if ours(&b, &self)
                    && !self.cancelled
                    && let Some(a) = self.answers.get_mut(&ask)
                    && !a.done()
                {
                    a.plans = Some((pass, plans));
                    a.progress = None;
                }
            }
            Heard::Failed(b, ask, why) => {
                if ours(&b, &self)
                    && !self.cancelled
                    && let Some(a) = self.answers.get_mut(&ask)
                {
                    a.failed = Some(why);
                    a.progress = None;
                }
            }
            Heard::Cancelled => {
                self.cancelled = true;
                for a in self.answers.values_mut() {
                    a.progress = None;
                }
            }
            Heard::Resumed => self.cancelled = false,
        }
        self
    }

    /// The answer to a question, if asked.
    pub fn answer(&self, ask: &Ask) -> Option<&Answer> {
        self.answers.get(ask)
    }

    /// The questions not answered finally yet, and not failed.
    pub fn open(&self) -> Vec<Ask> {
        self.answers
            .iter()
            .filter(|(_, a)| !a.done() && a.failed.is_none())
            .map(|(k, _)| k.clone())
            .collect()
    }

    /// Every target's best plan so far, in `bosworth plan`'s order (those with figures), and how
    /// many targets are still without figures.
    pub fn every_target(&self) -> (Vec<TargetPlans>, usize) {
        let mut out = Vec::new();
        let mut waiting = 0;
        for t in &self.targets {
            match self.answer(&Ask::best(t)).and_then(Answer::figures) {
                Some(p) => out.push(p.clone()),
                None => waiting += 1,
            }
        }
        order_targets(&mut out);
        (out, waiting)
    }

    /// Every target's best chance to hold so far (the map's colours): target, chance, final.
    /// Once a target's full ranking is final its best plan is the one shown (the ranking's best
    /// plans are solved exactly where they fit, `bosworth plan --target`'s `--exact-best`, where
    /// the overview of every target keeps to the smaller budget), so the map and the list agree.
    pub fn chances(&self) -> Vec<(String, f64, bool)> {
        self.targets
            .iter()
            .filter_map(|t| {
                let ranked = self.answer(&Ask::ranking(t)).filter(|a| a.done());
                let a = ranked.or_else(|| self.answer(&Ask::best(t)))?;
                let best = a.figures()?.best()?;
                Some((t.clone(), best.holds, a.done()))
            })
            .collect()
    }

    /// What the panel says it is doing, for the page and its tests (`data-calc`): `idle` with
    /// nothing to plan, `running`, `done` when every question asked has its final figures,
    /// `cancelled`, or `failed`.
    pub fn status(&self) -> &'static str {
        if self.board.is_none() || self.answers.is_empty() {
            return "idle";
        }
        if self.answers.values().all(Answer::done) {
            return "done";
        }
        if self.answers.values().any(|a| a.failed.is_some()) && self.open().is_empty() {
            return "failed";
        }
        if self.cancelled {
            return "cancelled";
        }
        "running"
    }
}

/// The planning as the page's reducer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlanningState(pub Planning);

impl Reducible for PlanningState {
    type Action = Heard;

    fn reduce(self: Rc<Self>, heard: Heard) -> Rc<Self> {
        Rc::new(PlanningState(self.0.clone().apply(heard)))
    }
}
