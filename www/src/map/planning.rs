//! What the page knows of the planning under way: for the board on screen, each target's best
//! plan (the map's colours, `bosworth plan` without `--target`) and each ranking asked for (`bosworth
//! plan --target`), with their figures so far, progress and failures. Pure: the workers
//! (`super::workers`) send it what they hear, and answers for another board are dropped. No
//! `Html` here.
//!
//! One answer is shown everywhere (issue 35): a plan's battle may be answered by more than one
//! question (a target's best plan and its full ranking, each in two passes), and the map's chip,
//! the list and every row show the most refined figures known for that battle
//! ([`Planning::refined`]: exact before Monte Carlo, more battles before fewer).

use super::planner::{Pass, QUICK_RUNS, final_options};
use super::ranking::{PlanView, TargetPlans, order_targets};
use bosworth::board::Stage;
use bosworth::solve::report::Method;
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
    /// While the planner works: what it is doing, and the work done since it began.
    pub stage: Option<(Stage, u64)>,
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
        let stage = self.stage.unwrap_or((Stage::Screening, 0));
        match self.progress {
            Some((Pass::Quick, d, _)) => 0.1 * pass_fraction(Pass::Quick, d, stage),
            Some((Pass::Final, d, _)) => 0.1 + 0.9 * pass_fraction(Pass::Final, d, stage),
            None if self.plans.is_some() => 0.1,
            None => 0.0,
        }
    }

    /// What the planner is doing, in words, while it works.
    pub fn doing(&self) -> Option<String> {
        if self.done() || self.progress.is_none() {
            return None;
        }
        Some(match self.stage? {
            (Stage::Screening, _) => "screening every plan on the same draws".to_string(),
            (
                Stage::Assessing {
                    plan,
                    plans,
                    exact: true,
                },
                0,
            ) => format!("solving plan {} of {plans} exactly", plan + 1),
            (
                Stage::Assessing {
                    plan,
                    plans,
                    exact: true,
                },
                since,
            ) => format!(
                "solving plan {} of {plans} exactly ({} positions)",
                plan + 1,
                positions(since)
            ),
            (
                Stage::Assessing {
                    plan,
                    plans,
                    exact: false,
                },
                _,
            ) => {
                format!("fighting plan {} of {plans}'s battles", plan + 1)
            }
        })
    }
}

/// The states an exact solve has visited, in words ("640", "35 thousand", "1.2 million").
fn positions(n: u64) -> String {
    match n {
        0..10_000 => n.to_string(),
        10_000..1_000_000 => format!("{} thousand", n / 1000),
        _ => format!("{:.1} million", n as f64 / 1e6),
    }
}

/// The share of a pass the screening takes on the bar; the plans' own figures take the rest,
/// a plan each.
const SCREENING_SHARE: f64 = 0.3;

/// The states at which an exact solve counts as half done on the bar: its size is not known
/// before the end, so its part of the bar fills as `s / (s + EXACT_HALF)`, always moving.
const EXACT_HALF: f64 = 1_500_000.0;

/// How far a pass has got, 0 to 0.99: the screening by the battles it may fight, then each plan
/// assessed in turn (its Monte Carlo battles, or its exact solve's states), so the bar moves
/// through the exact solves of the best plans too.
fn pass_fraction(pass: Pass, done: u64, (stage, since): (Stage, u64)) -> f64 {
    let options = final_options();
    let f = match stage {
        Stage::Screening => {
            SCREENING_SHARE * (done as f64 / options.screen_budget.max(1) as f64).min(1.0)
        }
        Stage::Assessing { plan, plans, exact } => {
            let within = if exact {
                since as f64 / (since as f64 + EXACT_HALF)
            } else {
                let runs = if pass == Pass::Quick {
                    QUICK_RUNS
                } else {
                    options.runs
                };
                (since as f64 / runs.max(1) as f64).min(1.0)
            };
            SCREENING_SHARE + (1.0 - SCREENING_SHARE) * (plan as f64 + within) / plans.max(1) as f64
        }
    };
    f.min(0.99)
}

/// How refined a plan's figures are: exact before Monte Carlo, more battles before fewer.
fn refinement(m: &Method) -> (u8, u64) {
    match m {
        Method::Exact { .. } => (2, 0),
        Method::MonteCarlo { runs, .. } => (1, *runs),
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
    /// Progress on a question: the pass, work done and expected, the stage and the work done
    /// since it began.
    Progress(String, Ask, Pass, u64, u64, Stage, u64),
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
            Heard::Progress(b, ask, pass, done, total, stage, since) => {
                if ours(&b, &self)
                    && !self.cancelled
                    && let Some(a) = self.answers.get_mut(&ask)
                    && !a.done()
                {
                    a.progress = Some((pass, done, total));
                    a.stage = Some((stage, since));
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
                    a.stage = None;
                }
            }
            Heard::Failed(b, ask, why) => {
                if ours(&b, &self)
                    && !self.cancelled
                    && let Some(a) = self.answers.get_mut(&ask)
                {
                    a.failed = Some(why);
                    a.progress = None;
                    a.stage = None;
                }
            }
            Heard::Cancelled => {
                self.cancelled = true;
                for a in self.answers.values_mut() {
                    a.progress = None;
                    a.stage = None;
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

    /// A plan with the most refined figures known for its battle, from whichever answer has
    /// them (exact before Monte Carlo, more battles before fewer; its own on a tie), and whether
    /// they are final (`bosworth plan`'s, or exact). Every plan the page shows goes through here,
    /// so a battle has one answer on the map, in the list and in every row.
    pub fn refined(&self, plan: &PlanView) -> (PlanView, bool) {
        let mut best: Option<(&PlanView, bool)> = None;
        for a in self.answers.values() {
            let Some((pass, plans)) = &a.plans else {
                continue;
            };
            for p in plans.plans.iter().filter(|p| p.battle == plan.battle) {
                let better =
                    best.is_none_or(|(b, _)| refinement(&p.method) > refinement(&b.method));
                if better {
                    best = Some((p, *pass == Pass::Final));
                }
            }
        }
        let mut out = plan.clone();
        let mut done = false;
        if let Some((b, final_pass)) =
            best.filter(|(b, _)| refinement(&b.method) > refinement(&plan.method))
        {
            out.holds = b.holds;
            out.std_error = b.std_error;
            out.vacant = b.vacant;
            out.own_steps_lost = b.own_steps_lost;
            out.enemy_steps_lost = b.enemy_steps_lost;
            out.heirs = b.heirs.clone();
            out.king_dies = b.king_dies;
            out.pretender_dies = b.pretender_dies;
            out.method = b.method.clone();
            done = final_pass;
        }
        (
            out.clone(),
            done || matches!(out.method, Method::Exact { .. }),
        )
    }

    /// A target's best plan so far, as shown on the map and in the list of every target: its
    /// full ranking's best once that has figures (the list of its plans shows the same), else
    /// its best plan's answer; with the most refined figures known for its battle
    /// ([`Planning::refined`]), and whether they are final.
    pub fn best_of(&self, target: &str) -> Option<(PlanView, bool)> {
        let ranked = self
            .answer(&Ask::ranking(target))
            .filter(|a| a.plans.is_some());
        let a = ranked.or_else(|| self.answer(&Ask::best(target)))?;
        let best = a.figures()?.best()?;
        let (plan, final_figures) = self.refined(best);
        Some((plan, final_figures || a.done()))
    }

    /// Every target's best chance to hold so far (the map's colours): target, chance, final.
    /// The plan and figures are [`Planning::best_of`]'s: once a target's ranking has figures its
    /// best plan is the one shown, with the most refined figures known for its battle, so the
    /// map, the list of every target and the ranking's first row never say two things.
    pub fn chances(&self) -> Vec<(String, f64, bool)> {
        self.targets
            .iter()
            .filter_map(|t| {
                let (best, done) = self.best_of(t)?;
                Some((t.clone(), best.holds, done))
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
