//! Best play: the battle solved as a game by backward induction over the engine's states.
//! At every decision point each side picks the legal action that maximises its own objective
//! (or one side plays its best against the other side's fixed policy), and the value of every
//! legal action is known.

mod advisor;
mod certain;
mod estimate;
mod estimated;
mod here;
mod hidden;
mod memo;
mod outline;
mod solver;

pub use advisor::Advisor;
pub use estimate::{DEFAULT_SAMPLES, Sampling};
pub use estimated::{advise_or_estimate, estimate_battles, estimate_with};
pub use here::{Here, LIVE_BUDGET, best_here, here_battles};
pub use hidden::{
    DEFAULT_DRAWS, Drawing, FirstChoice, HiddenAdvice, HiddenMethod, HiddenPhase, HiddenProgress,
    PolicyFigures, Possibility, advise_hidden, advise_hidden_known,
};

use crate::rules::action::Action;
use crate::rules::battle::Battle;
use crate::rules::round::{Point, advance};
use crate::rules::state::State;
use crate::scenario::Side;
use crate::solve::error::SolveError;
use crate::solve::watch::{EVERY, UNWATCHED, Watch};
use serde::{Deserialize, Serialize};
use solver::better;

/// The default state budget of best play (`bosworth advise`, the app's advisor): the memo takes
/// some 60 bytes a state, so about 300 MB at most.
pub const DEFAULT_ADVICE_BUDGET: usize = 5_000_000;

/// What a side plays for. Each side applies it from its own point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// Hold the area at the end (default).
    #[default]
    Hold,
    /// Kill the enemy King or Pretender.
    KillRoyal,
    /// Keep every own heir alive.
    KeepHeirs,
    /// Enemy steps destroyed minus own steps lost.
    Steps,
}

/// Who plays best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Players {
    /// Both sides play their best.
    Both,
    /// Only this side plays its best; the other follows the scenario's policy.
    Only(Side),
    /// Both follow the scenario's policy (the plain exact solution).
    Neither,
}

/// Which of the choices the rules leave to a player best play decides, beyond each turn's action
/// (fire, pass, retreat, charge, Treachery), which it always does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Decisions {
    /// Which of equally strong blocks takes a fire's hits (6.4, D3, R14). Default: yes.
    pub tie_hits: bool,
    /// Which of a side's blocks in the current initiative group acts next (D2). Default: no,
    /// the fire order decides: choosing costs more states, as any subset of a group may have
    /// acted.
    pub group_order: bool,
}

impl Default for Decisions {
    fn default() -> Self {
        Decisions {
            tie_hits: true,
            group_order: false,
        }
    }
}

/// The value of one legal action at a decision point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionValue {
    /// Another block than the decision's that may act first instead (D2), when best play decides
    /// the order inside a group ([`Decisions::group_order`]); `None`: the decision's block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<String>,
    /// The action.
    pub action: Action,
    /// In words: `fire`, `charge Norfolk`, `treachery on Stanley/Y`.
    pub label: String,
    /// The acting side's objective value if it takes this action and play goes on as solved
    /// (or, estimated, as sampled: [`AdviceMethod::Estimated`]).
    pub value: f64,
    /// Estimated only: the standard error of `value`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub std_error: Option<f64>,
    /// Estimated only, and not for the best choice itself: whether this choice can be told
    /// apart from the best, its difference from the best more than [`APART`] standard errors
    /// of that difference (each sampled battle plays both on the same dice, so the difference
    /// is measured closer than either value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub apart_from_best: Option<bool>,
}

/// The decision at one point of a battle, with every legal action valued.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The round.
    pub round: u8,
    /// The block to act.
    pub block: String,
    /// Its side.
    pub side: Side,
    /// Every legal action, best first.
    pub actions: Vec<ActionValue>,
    /// What the scenario's policy would do here.
    pub policy_action: String,
}

/// An action in words.
pub fn label(battle: &Battle, state: &State, action: Action) -> String {
    let name = |i: usize| state.version(battle, i).id.clone();
    match action {
        Action::Fire => "fire".into(),
        Action::Pass => "pass".into(),
        Action::Retreat => "retreat".into(),
        Action::Charge(t) => format!("charge {}", name(t)),
        Action::Treachery(t) => format!("treachery on {}", name(t)),
    }
}

/// How far apart two estimated values must be, in standard errors of their difference, to be
/// told apart (a difference of 4 standard errors comes by chance about once in 16,000).
pub const APART: f64 = 4.0;

/// How the advice's figures were found.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AdviceMethod {
    /// Best play solved exactly: every value is exact.
    #[default]
    Exact,
    /// Past the budget of exact best play: each value estimated by sampling the rest of the
    /// battle, with its standard error.
    Estimated(Estimate),
}

/// How an estimate was made (`estimate.rs`): what it sampled, and how the later choices of the
/// sampled battles were made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// Battles sampled for each choice, for best play from the start and for the policy.
    pub samples: u64,
    /// The seed of the dice (same seed, same figures).
    pub seed: u64,
    /// Battles fought on by the scenario's policy to value each move at a later decision whose
    /// rest exact best play could not solve (0: the policy's own choice there).
    pub look_ahead: u32,
    /// The most new states one attempt at solving the rest of a sampled battle exactly could add.
    pub attempt: usize,
    /// Of the battles sampled, the share that reached a point whose rest exact best play solved
    /// (from there on, its choices are exact).
    pub settled_share: f64,
    /// Later decisions per battle sampled made by the look-ahead (or the policy) because the rest
    /// of the battle did not fit: 0 when every later choice was exact best play.
    pub guessed_per_battle: f64,
}

/// The advisor's answer for a battle from its start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    /// What each side plays for.
    pub objective: Objective,
    /// Who plays best.
    pub players: Players,
    /// Exact, or estimated by sampling (and how).
    #[serde(default)]
    pub method: AdviceMethod,
    /// The first decision point (after the Treason card, if its roll fails), every action valued.
    pub first_decision: Option<Decision>,
    /// The first decision is the one after a failed Treason roll (the battle opens with one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_treason: bool,
    /// The objective's value for (attacker, defender) under best play.
    pub best: [f64; 2],
    /// The same under the scenario's policy.
    pub policy: [f64; 2],
    /// Estimated only: the standard errors of `best`, for (attacker, defender).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_std_error: Option<[f64; 2]>,
    /// Estimated only: the standard errors of `policy`, for (attacker, defender).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy_std_error: Option<[f64; 2]>,
    /// Distinct states solved.
    pub states: usize,
    /// Best play in outline: for each round and block, how often each action is chosen where
    /// it departs from plain fire, as chances of reaching that turn under best play.
    pub outline: Vec<OutlineEntry>,
    /// Where a side playing its best lets other blocks than its hit order would take tied hits
    /// (6.4, D3), and what that is worth.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<TieEntry>,
    /// With the Treason card held by a side playing its best, the value of rolling it at each
    /// block it may target (D11), best first; best play rolls at the first. Empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treason: Vec<ActionValue>,
    /// The choices best play decided beyond each turn's action (absent: the default).
    #[serde(default, skip_serializing_if = "is_default")]
    pub decisions: Decisions,
}

fn is_default(d: &Decisions) -> bool {
    *d == Decisions::default()
}

/// A choice of which tied block takes the hits (6.4, D3) where best play departs from the
/// side's hit order, summed over the turns of a round where it happens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TieEntry {
    /// The round.
    pub round: u8,
    /// The side whose blocks take the hits.
    pub side: Side,
    /// The blocks best play has take the hits (ids, joined by " and ").
    pub hit: String,
    /// The blocks the hit order would have hit instead, which best play spares.
    pub spared: String,
    /// Chance, under best play, that such a fire comes.
    pub chance: f64,
    /// What the choice adds to the side's objective, summed over those fires (each weighted by
    /// its chance), against taking the hits by the hit order there and playing on as solved.
    pub gain: f64,
}

/// One line of the outline of best play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutlineEntry {
    /// The round.
    pub round: u8,
    /// The block whose turn it is.
    pub block: String,
    /// Its side.
    pub side: Side,
    /// The action best play takes.
    pub action: String,
    /// Chance that this turn comes and best play takes this action on it.
    pub chance: f64,
    /// Of this block's turns in this round (as far as they come), the share with this action.
    pub share: f64,
    /// Whether the scenario's policy would do something else there.
    pub departs_from_policy: bool,
}

/// The states a battle starts from, after the Treason card's roll (D11), with their chances.
pub fn openings(battle: &Battle) -> Vec<(f64, State)> {
    let play = |success| {
        crate::rules::treachery::play_treason(
            battle,
            success,
            Vec::new(),
            &mut crate::rules::log::Silent,
        )
    };
    match crate::rules::treachery::treason_roll(battle) {
        None => vec![(1.0, play(false))],
        Some((_, _, dice)) => {
            let p = crate::rules::treachery::success_chance(dice);
            vec![(p, play(true)), (1.0 - p, play(false))]
        }
    }
}

/// Solves a battle as a game from its start and values the first decision.
///
/// # Errors
/// [`SolveError::TooLarge`] past `budget` states.
pub fn advise(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
) -> Result<Advice, SolveError> {
    advise_watched(battle, objective, players, budget, UNWATCHED)
}

/// [`advise`] watched by a [`Watch`] hook: told the new states of best play every [`EVERY`]
/// (those of the policy's own solve, at most as many, are not counted, so the count ends at the
/// answer's `states`), it can stop the solve. The answer is that of [`advise`].
///
/// # Errors
/// [`SolveError::TooLarge`] past `budget` states; [`SolveError::Cancelled`] when the hook says
/// stop.
pub fn advise_watched(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
    watch: &Watch<'_>,
) -> Result<Advice, SolveError> {
    advise_with(
        battle,
        objective,
        players,
        budget,
        Decisions::default(),
        watch,
    )
}

/// [`advise_watched`], deciding the choices `decide` names beyond each turn's action.
///
/// # Errors
/// [`SolveError::TooLarge`] past `budget` states; [`SolveError::Cancelled`] when the hook says
/// stop.
pub fn advise_with(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
    decide: Decisions,
    watch: &Watch<'_>,
) -> Result<Advice, SolveError> {
    let ask = |_| watch(0);
    let policy = policy_value(battle, objective, budget, &ask)?;
    // The Treason card's target is its holder's choice (D11): played best, the best target. Each
    // is solved, and the solver of the best kept for the rest of the advice.
    let targets = treason_targets(battle, players);
    if targets.is_empty() {
        let mut best = Advisor::new(battle, objective, players, budget)
            .with_decisions(decide)
            .watched(watch);
        let advice = exact_advice(
            battle,
            &mut best,
            objective,
            players,
            decide,
            policy,
            Vec::new(),
        )?;
        watch(best.states() % EVERY);
        return Ok(advice);
    }
    let holder = battle.treason().expect("targets come with a holder");
    let mut kept: Option<(usize, Advisor<'_>, [f64; 2])> = None;
    let mut values = Vec::new();
    for (k, (b, j)) in targets.iter().enumerate() {
        let mut solver = Advisor::new(b, objective, players, budget)
            .with_decisions(decide)
            .watched(&ask);
        let v = from_openings(b, &mut solver)?;
        values.push(ActionValue {
            block: None,
            action: Action::Treachery(*j),
            label: format!("Treason card on {}", battle.slots[*j].name()),
            value: v[holder.index()],
            std_error: None,
            apart_from_best: None,
        });
        if kept.as_ref().is_none_or(|(_, _, w)| better(holder, v, *w)) {
            kept = Some((k, solver, v));
        }
    }
    values.sort_by(|x, y| y.value.total_cmp(&x.value));
    let (k, mut best, _) = kept.expect("at least one target");
    let advice = exact_advice(
        &targets[k].0,
        &mut best,
        objective,
        players,
        decide,
        policy,
        values,
    )?;
    watch(best.states());
    Ok(advice)
}

/// The value of the scenario's policy for both sides, from the start.
fn policy_value(
    battle: &Battle,
    objective: Objective,
    budget: usize,
    watch: &Watch<'_>,
) -> Result<[f64; 2], SolveError> {
    let mut plain = Advisor::new(battle, objective, Players::Neither, budget).watched(watch);
    from_openings(battle, &mut plain)
}

/// The value of a battle from its start for both sides: each opening's (D11), weighted.
fn from_openings(battle: &Battle, solver: &mut Advisor<'_>) -> Result<[f64; 2], SolveError> {
    let mut v = [0.0; 2];
    for (w, s) in openings(battle) {
        let x = solver.value(&s)?;
        v[0] += w * x[0];
        v[1] += w * x[1];
    }
    Ok(v)
}

/// The exact advice on `battle` (the Treason card's target chosen, if it was a choice) with its
/// solver: best play from the start, the first decision, the outline.
fn exact_advice(
    battle: &Battle,
    best: &mut Advisor<'_>,
    objective: Objective,
    players: Players,
    decide: Decisions,
    policy: [f64; 2],
    treason: Vec<ActionValue>,
) -> Result<Advice, SolveError> {
    let b = from_openings(battle, best)?;
    // The first decision: from the opening where the Treason roll failed (or there was none).
    let (_, mut start) = *openings(battle).last().expect("at least one opening");
    let first_decision = match advance(battle, &mut start, &mut crate::rules::log::Silent) {
        Point::Act(actor) => Some(best.decision(&start, actor)?),
        Point::End(_) => None,
    };
    let (outline, ties) = best.outline()?;
    Ok(Advice {
        objective,
        players,
        method: AdviceMethod::Exact,
        first_decision,
        // Only when the card is rolled: a holder with no enemy block to turn never rolls (D11).
        after_treason: crate::rules::treachery::treason_roll(battle).is_some(),
        best: b,
        policy,
        best_std_error: None,
        policy_std_error: None,
        states: best.states(),
        outline,
        ties,
        treason,
        decisions: decide,
    })
}

/// When the side holding the Treason card plays its best and the battle is about to begin, the
/// card's target is its choice (D11): the battle with each block it may roll at, and that
/// block's slot. Empty otherwise.
fn treason_targets(battle: &Battle, players: Players) -> Vec<(Battle, usize)> {
    let Some(holder) = battle.treason() else {
        return Vec::new();
    };
    let plays = match players {
        Players::Both => true,
        Players::Only(s) => s == holder,
        Players::Neither => false,
    };
    if plays {
        crate::solve::treason::choices(battle)
    } else {
        Vec::new()
    }
}
