//! Best play in a battle with hidden blocks (R24). Blocks are revealed when battle is joined
//! (6.1), so every choice in the battle is made knowing what the hidden blocks are: best play
//! is each possibility's own, and the battle's value under best play is the average of the
//! possibilities' values by their chances (R13).
//!
//! The possibilities are the fog of war's compositions (`Fog::composition_battle`): distinct in
//! all that the rules read of a block but its name, so that best play's choices (a Treachery roll
//! the policy never plans, a charge) are never merged away. The likeliest are solved first, each
//! by exact best play, within the budget in all. When every one fits, the answer is exact.
//! Otherwise, once the rest would not fit (judged from the states the solved ones took), the
//! rest of the mixture is *drawn*: [`Drawing::draws`] possibilities drawn by their chances
//! (seeded), each solved by exact best play within the budget (or, past it, estimated by
//! sampling, `estimate.rs`), and the rest's value is their average, with its standard error.

use crate::rules::dice::{rng_from_seed, uniform};
use crate::scenario::Side;
use crate::solve::advice::estimate::Sampling;
use crate::solve::advice::estimated::estimate_with;
use crate::solve::advice::{Advice, Decisions, Objective, Players, advise_with};
use crate::solve::error::SolveError;
use crate::solve::fog::{Fog, FogMemo, Pick};
use crate::solve::report::{Method, Report};
use crate::solve::watch::Watch;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Possibilities drawn by default when the whole mixture does not fit (`bosworth advise`, the
/// app's advisor).
pub const DEFAULT_DRAWS: usize = 12;

/// The fewest likeliest possibilities solved before the rest's cost is judged from them.
const JUDGE_AFTER: usize = 1;

/// How the possibilities past what fits are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawing {
    /// Possibilities drawn (at least 2, for a standard error).
    pub draws: usize,
    /// The seed of the draws (and of any estimate of a drawn possibility's best play).
    pub seed: u64,
    /// Draw every possibility, solving none before (`bosworth advise --estimate`).
    #[serde(default)]
    pub draw_all: bool,
    /// Threads for the policy's exact mixture (1 in WebAssembly).
    #[serde(default = "one")]
    pub threads: usize,
}

fn one() -> usize {
    1
}

impl Default for Drawing {
    fn default() -> Self {
        Drawing {
            draws: DEFAULT_DRAWS,
            seed: 1,
            draw_all: false,
            threads: 1,
        }
    }
}

/// How the figures of best play with hidden blocks were found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HiddenMethod {
    /// Every possibility solved by exact best play: every figure is exact.
    Exact,
    /// The likeliest possibilities solved exactly, the rest of the mixture drawn.
    Drawn {
        /// Possibilities drawn from the rest.
        draws: usize,
        /// The seed of the draws.
        seed: u64,
        /// The chance of the possibilities solved exactly before drawing (0 to 1): their part
        /// of every figure is exact.
        solved_chance: f64,
        /// Distinct possibilities solved exactly before drawing.
        solved: usize,
        /// Of the possibilities drawn, how many were past the budget alone, their best play
        /// estimated by sampling.
        estimated: usize,
        /// Where the policy's figures come from.
        policy: PolicyFigures,
        /// Drawn because asked (`--estimate`), not because the whole would not fit.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        asked: bool,
    },
}

/// Where the policy's figures of a drawn answer come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PolicyFigures {
    /// The whole mixture solved exactly (as `bosworth exact` solves it): best play's figures
    /// are these plus its gain measured on the draws.
    Exact,
    /// The whole mixture by Monte Carlo (as `bosworth simulate`): best play's figures are these
    /// plus its gain measured on the draws.
    Sampled {
        /// Battles fought.
        runs: u64,
    },
    /// Only the possibilities drawn (the objective is not among the fog of war's figures).
    Drawn,
}

/// One possibility, solved: what the hidden blocks are, its chance, and best play in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Possibility {
    /// What each hidden block is, in the scenario's order of hidden blocks (attacker's first).
    pub picks: Vec<Pick>,
    /// Its chance among all possibilities (R13), when the possibilities are listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance: Option<f64>,
    /// Times drawn (0: solved before drawing, its chance counted exactly).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub drawn: usize,
    /// Best play in this battle (its outline and tied-hit lines left out).
    pub advice: Advice,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Best play's choice at the first decision, over the possibilities: whose turn it is, what best
/// play does there, and the chance of both.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FirstChoice {
    /// The side to act.
    pub side: Side,
    /// The block to act.
    pub block: String,
    /// Best play's choice there, in words (`fire`, `charge Norfolk`).
    pub action: String,
    /// The chance (estimated when drawn) that the first decision is this block's and best play
    /// makes this choice.
    pub chance: f64,
}

/// Best play in a battle with hidden blocks (R24).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HiddenAdvice {
    /// What each side plays for.
    pub objective: Objective,
    /// Who plays best.
    pub players: Players,
    /// Exact, or the rest of the mixture drawn.
    pub method: HiddenMethod,
    /// The objective's value for (attacker, defender) under best play, over the possibilities.
    pub best: [f64; 2],
    /// The same under the scenario's policy.
    pub policy: [f64; 2],
    /// Drawn only: standard errors of `best`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_std_error: Option<[f64; 2]>,
    /// Drawn only: standard errors of `policy`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy_std_error: Option<[f64; 2]>,
    /// Drawn only: standard errors of what best play gains (`best - policy`), measured on the
    /// same possibilities and so closer than either.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gain_std_error: Option<[f64; 2]>,
    /// Best play's first choices over the possibilities, likeliest first.
    pub first_choices: Vec<FirstChoice>,
    /// The possibilities solved, likeliest first (drawn ones after those solved before drawing).
    pub possibilities: Vec<Possibility>,
    /// The possibilities of the mixture, when listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compositions: Option<usize>,
    /// Distinct battle states solved in all.
    pub states: usize,
    /// The choices best play decided beyond each turn's action.
    pub decisions: Decisions,
}

impl HiddenAdvice {
    /// What the figures are, in one paragraph that the CLI and the app both show before them.
    pub fn explain(&self, budget: usize) -> String {
        let n = self
            .compositions
            .map_or_else(|| "the".to_string(), |n| n.to_string());
        match &self.method {
            HiddenMethod::Exact => format!(
                "Exact. The hidden blocks are revealed when battle is joined (6.1), so every choice is \
                 made knowing them: each of the {n} possibilities is solved by its own best play, and \
                 every figure is their average by their chances (R24)."
            ),
            HiddenMethod::Drawn {
                draws,
                seed,
                solved_chance,
                solved,
                estimated,
                policy,
                asked,
            } => {
                let why = if *asked {
                    "drawn as asked".to_string()
                } else {
                    format!(
                        "all {n} possibilities would need more than {} battle states",
                        thousands(budget)
                    )
                };
                let first = if *solved == 1 {
                    format!(
                        "The likeliest ({:.1}% of the chance) is solved exactly, and ",
                        solved_chance * 100.0
                    )
                } else if *solved > 1 {
                    format!(
                        "The {solved} likeliest ({:.1}% of the chance) are solved exactly, and ",
                        solved_chance * 100.0
                    )
                } else {
                    String::new()
                };
                let past = if *estimated > 0 {
                    format!(
                        " where it fits a quarter of the budget, else estimated by sampling ({estimated} of {draws})"
                    )
                } else {
                    String::new()
                };
                let how = match policy {
                    PolicyFigures::Exact => "The policy's figures are the whole mixture's, exact (as bosworth exact gives them); best play's are those plus what best play gains, measured on the possibilities solved".to_string(),
                    PolicyFigures::Sampled { runs } => format!("The policy's figures are the whole mixture's by Monte Carlo over {runs} battles (as bosworth simulate gives them); best play's are those plus what best play gains, measured on the possibilities solved"),
                    PolicyFigures::Drawn => "Each figure is the average over the possibilities solved".to_string(),
                };
                format!(
                    "Estimated, not exact ({why}). The hidden blocks are revealed when battle is \
                     joined (6.1), so each possibility has its own best play (R24). {first}{draws} \
                     possibilities are drawn by their chances (seed {seed}), each solved by exact \
                     best play{past}. {how}. Each figure ± its standard error."
                )
            }
        }
    }
}

/// `5000000` as `5,000,000`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What [`advise_hidden`] is doing, for its progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HiddenPhase {
    /// Solving the likeliest possibilities one by one (of all the possibilities).
    Possibilities,
    /// The policy over the whole mixture, before drawing.
    Policy,
    /// Solving the possibilities drawn (of the draws).
    Drawn,
}

/// How far [`advise_hidden`] has got: its phase, and how many of how many.
pub type HiddenProgress<'a> = &'a dyn Fn(HiddenPhase, usize, usize);

/// A value for (attacker, defender), with its standard errors when sampled.
type Figure = ([f64; 2], Option<[f64; 2]>);

/// Best play's and the policy's values for (attacker, defender) in one possibility.
type Pair = ([f64; 2], [f64; 2]);

/// The states the policy's exact mixture may take, for the drawn figures' control (beyond it,
/// Monte Carlo over the mixture, [`POLICY_RUNS`] battles).
pub const POLICY_BUDGET: usize = 20_000_000;

/// Battles of the policy's Monte Carlo over the mixture when its exact mixture does not fit.
pub const POLICY_RUNS: u64 = 400_000;

/// The policy's value over the whole mixture, for the objectives the fog of war's figures give
/// (hold; steps when exact), with its standard error when sampled; `None` for the others.
/// `known` is the mixture's exact report when the caller has it (a page that solved the battle
/// before asking): taken in place of the solve where the solve would give it, that is where the
/// estimate fits and its states do too (the figures do not depend on how the battles were
/// solved, shared out or kept before).
fn policy_mixture(
    fog: &Fog,
    objective: Objective,
    (threads, seed): (usize, u64),
    known: Option<&Report>,
    watch: &Watch<'_>,
) -> Result<Option<Figure>, SolveError> {
    if !matches!(objective, Objective::Hold | Objective::Steps) {
        return Ok(None);
    }
    let mut memo = FogMemo::new();
    let exact = match fog.estimate(&mut memo, POLICY_BUDGET, watch) {
        Ok(cost) if cost.fits(POLICY_BUDGET) => match known
            .filter(|r| matches!(r.method, Method::Exact { states, .. } if states <= POLICY_BUDGET))
        {
            Some(r) => Some(r.clone()),
            None => match fog.solve_memo(&mut memo, POLICY_BUDGET, threads.max(1), watch) {
                Ok(f) => Some(f.report),
                Err(SolveError::Cancelled) => return Err(SolveError::Cancelled),
                Err(_) => None,
            },
        },
        Err(SolveError::Cancelled) => return Err(SolveError::Cancelled),
        _ => None,
    };
    let (report, sampled) = match exact {
        Some(r) => (r, false),
        None if objective == Objective::Hold => (
            fog.simulate_watched(POLICY_RUNS, seed, &|_| watch(0))?
                .report,
            true,
        ),
        None => return Ok(None),
    };
    Ok(Some(match objective {
        Objective::Hold => (
            [report.attacker_holds, report.defender_holds],
            sampled.then(|| {
                report
                    .std_errors
                    .as_ref()
                    .map_or([0.0; 2], |e| [e.attacker_holds, e.defender_holds])
            }),
        ),
        _ => {
            let lost = |s: Side| report.sides[s.index()].expected_steps_lost;
            (
                [
                    lost(Side::Defender) - lost(Side::Attacker),
                    lost(Side::Attacker) - lost(Side::Defender),
                ],
                None,
            )
        }
    }))
}

/// Best play with hidden blocks (R24): each possibility solved by best play, the likeliest
/// first, exact when all fit `budget` states in all. Otherwise the rest of the mixture is drawn
/// as `drawing` says, each possibility drawn solved by exact best play within a quarter of the
/// budget (or, past it, estimated by sampling within as many: live play's sampling, at most
/// `sampling.samples` and 400 battles a choice); where
/// the fog of war's figures give the policy's value over the whole mixture (hold, steps), best
/// play's is that plus what best play gains on the possibilities drawn (a control variate: the
/// gain varies far less from one possibility to the next than the value), else the average of
/// the draws. `watch` is told the states solved and can stop the work; `progress` is told each
/// phase and how far it has got ([`HiddenPhase`]).
///
/// # Errors
/// [`SolveError::Cancelled`] when `watch` says stop. Fewer than 2 draws are taken as 2 (a
/// standard error needs two).
#[allow(clippy::too_many_arguments)]
pub fn advise_hidden(
    fog: &Fog,
    objective: Objective,
    players: Players,
    budget: usize,
    decide: Decisions,
    drawing: &Drawing,
    sampling: &Sampling,
    watch: &Watch<'_>,
    progress: HiddenProgress<'_>,
) -> Result<HiddenAdvice, SolveError> {
    advise_hidden_known(
        fog, objective, players, budget, decide, drawing, sampling, None, watch, progress,
    )
}

/// [`advise_hidden`] given the mixture's exact report when the caller has it (`known`: the fog
/// of war's figures on this battle, exact, as a page that solved it before keeps them): the
/// policy's value over the mixture is then not solved again where the solve would give it. The
/// same answer.
///
/// # Errors
/// As [`advise_hidden`].
#[allow(clippy::too_many_arguments)]
pub fn advise_hidden_known(
    fog: &Fog,
    objective: Objective,
    players: Players,
    budget: usize,
    decide: Decisions,
    drawing: &Drawing,
    sampling: &Sampling,
    known: Option<&Report>,
    watch: &Watch<'_>,
    progress: HiddenProgress<'_>,
) -> Result<HiddenAdvice, SolveError> {
    let draws = drawing.draws.max(2);
    let advise = |battle: &crate::rules::battle::Battle, budget: usize| {
        advise_with(battle, objective, players, budget, decide, watch).map(trim)
    };
    // The likeliest possibilities, solved exactly while the rest is judged to fit.
    let n = fog.compositions().unwrap_or(0);
    let mut order: Vec<(usize, f64)> = (0..n)
        .filter_map(|k| fog.composition_chance(k).map(|w| (k, w)))
        .collect();
    let total: f64 = order
        .iter()
        .map(|o| o.1)
        .sum::<f64>()
        .max(f64::MIN_POSITIVE);
    order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut solved: Vec<Possibility> = Vec::new();
    let mut done = vec![false; n];
    let mut states = 0usize;
    for (i, &(k, w)) in order.iter().enumerate() {
        progress(HiddenPhase::Possibilities, i, n);
        if drawing.draw_all
            || (i >= JUDGE_AFTER && states as f64 / i as f64 * n as f64 > budget as f64)
        {
            break;
        }
        let (_, battle, picks) = fog
            .composition_battle(k)
            .expect("listed compositions have battles");
        // The first within a quarter of the budget: past it, the whole is not likely to fit.
        let room = if i == 0 { budget / 4 } else { budget - states };
        match advise(&battle, room.max(1)) {
            Ok(a) => {
                states += a.states;
                done[k] = true;
                solved.push(Possibility {
                    picks,
                    chance: Some(w / total),
                    drawn: 0,
                    advice: a,
                });
            }
            Err(SolveError::TooLarge { .. }) => break,
            Err(e) => return Err(e),
        }
    }
    let exact_chance: f64 = solved.iter().filter_map(|p| p.chance).sum();
    let exact = n > 0 && solved.len() == n;
    let mut first: Vec<FirstChoice> = Vec::new();
    let mut count_first = |a: &Advice, chance: f64| {
        let Some(d) = &a.first_decision else { return };
        let Some(top) = d.actions.first() else { return };
        match first
            .iter_mut()
            .find(|f| f.side == d.side && f.block == d.block && f.action == top.label)
        {
            Some(f) => f.chance += chance,
            None => first.push(FirstChoice {
                side: d.side,
                block: d.block.clone(),
                action: top.label.clone(),
                chance,
            }),
        }
    };
    let sum = |p: &[Possibility], pick: fn(&Advice) -> [f64; 2]| {
        let mut v = [0.0; 2];
        for x in p {
            let c = x.chance.unwrap_or(0.0);
            let a = pick(&x.advice);
            v[0] += c * a[0];
            v[1] += c * a[1];
        }
        v
    };
    let (mut best, mut policy) = (sum(&solved, |a| a.best), sum(&solved, |a| a.policy));
    for p in &solved {
        count_first(&p.advice, p.chance.unwrap_or(0.0));
    }
    if exact {
        return Ok(finish(
            objective,
            players,
            decide,
            HiddenMethod::Exact,
            (best, policy, None),
            first,
            solved,
            Some(n),
            states,
        ));
    }
    progress(HiddenPhase::Policy, 0, 1);
    let control = policy_mixture(
        fog,
        objective,
        (drawing.threads, drawing.seed),
        known,
        watch,
    )?;
    // The rest of the mixture, drawn by its chances: each draw solved exactly within a quarter
    // of the budget (the same possibility drawn again is not solved again), or its best play
    // estimated past it (afresh at each draw, so that the draws stay independent).
    let rest = (1.0 - exact_chance).max(0.0);
    let each = (budget / 4).max(1);
    let mut rng = rng_from_seed(drawing.seed);
    let mut drawn: Vec<Possibility> = Vec::new();
    let mut seen: HashMap<Vec<u32>, usize> = HashMap::new();
    let mut values: Vec<Pair> = Vec::with_capacity(draws);
    // Listed possibilities are drawn systematically by their chances (one uniform start, then
    // evenly spaced along the rest's cumulative chance, in the listing order, which keeps blocks
    // described alike together): every possibility of at least 1/draws of the rest's chance is
    // drawn, so that a gain held by a few likely possibilities is not missed by chance. Others
    // are drawn independently from the prior, as Monte Carlo draws them.
    let points: Option<Vec<usize>> = (n > 0).then(|| {
        let rest: Vec<(usize, f64)> = (0..n)
            .filter(|&k| !done[k])
            .filter_map(|k| fog.composition_chance(k).map(|w| (k, w)))
            .collect();
        let whole: f64 = rest.iter().map(|r| r.1).sum();
        let start = uniform(&mut rng);
        let mut out = Vec::with_capacity(draws);
        let (mut at, mut acc) = (0, rest.first().map_or(0.0, |r| r.1));
        for d in 0..draws {
            let point = (start + d as f64) / draws as f64 * whole;
            while acc <= point && at + 1 < rest.len() {
                at += 1;
                acc += rest[at].1;
            }
            out.push(rest[at].0);
        }
        out
    });
    let (mut estimated, mut exacts) = (0, 0);
    for d in 0..draws {
        progress(HiddenPhase::Drawn, d, draws);
        let (k, key, battle, picks) = match &points {
            // Listed: the d-th point of the systematic draw.
            Some(points) => {
                let k = points[d];
                let (_, battle, picks) = fog
                    .composition_battle(k)
                    .expect("listed compositions have battles");
                (Some(k), vec![k as u32], battle, picks)
            }
            None => fog.draw_composition(&mut rng),
        };
        let at = match seen.get(&key) {
            Some(&at) => at,
            None => {
                // Once more possibilities drawn have been too large than not, the rest are
                // estimated at once, without an exact attempt first.
                let attempt = if estimated > exacts + 1 {
                    Err(SolveError::TooLarge { budget: each })
                } else {
                    advise(&battle, each)
                };
                let (a, exact) = match attempt {
                    Err(SolveError::TooLarge { .. }) => {
                        estimated += 1;
                        // Live play's sampling (the policy's choice where the rest is not solved):
                        // its noise is counted in the spread of the draws.
                        let own = Sampling {
                            samples: sampling.samples.min(ESTIMATE_SAMPLES),
                            seed: drawing.seed.wrapping_add(d as u64),
                            ..Sampling::live()
                        };
                        let a = estimate_with(
                            &battle,
                            objective,
                            players,
                            each / 2,
                            decide,
                            &own,
                            watch,
                        )
                        .map(trim)?;
                        (a, false)
                    }
                    a => {
                        exacts += 1;
                        (a?, true)
                    }
                };
                states += a.states;
                drawn.push(Possibility {
                    picks,
                    chance: k.map(|k| order.iter().find(|o| o.0 == k).map_or(0.0, |o| o.1) / total),
                    drawn: 0,
                    advice: a,
                });
                if exact {
                    seen.insert(key, drawn.len() - 1);
                }
                drawn.len() - 1
            }
        };
        drawn[at].drawn += 1;
        values.push((drawn[at].advice.best, drawn[at].advice.policy));
    }
    progress(HiddenPhase::Drawn, draws, draws);
    let k = values.len() as f64;
    let stats = |f: &dyn Fn(&Pair) -> [f64; 2]| {
        let mut m = [0.0; 2];
        let mut se = [0.0; 2];
        for s in 0..2 {
            let xs: Vec<f64> = values.iter().map(|v| f(v)[s]).collect();
            let mean = xs.iter().sum::<f64>() / k;
            let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (k - 1.0);
            m[s] = mean;
            se[s] = rest * (var / k).sqrt();
        }
        (m, se)
    };
    let (mb, seb) = stats(&|v| v.0);
    let (mp, sep) = stats(&|v| v.1);
    let (mg, seg) = stats(&|v| [v.0[0] - v.1[0], v.0[1] - v.1[1]]);
    let errors = match control {
        // The policy over the whole mixture, and best play's gain on the draws.
        Some((whole, whole_se)) => {
            let se_p = whole_se.unwrap_or([0.0; 2]);
            let mut b = [0.0; 2];
            for s in 0..2 {
                b[s] = whole[s] + (best[s] - policy[s]) + rest * mg[s];
            }
            best = b;
            policy = whole;
            let hyp = |a: [f64; 2], c: [f64; 2]| [a[0].hypot(c[0]), a[1].hypot(c[1])];
            (hyp(seg, se_p), whole_se, seg)
        }
        None => {
            for s in 0..2 {
                best[s] += rest * mb[s];
                policy[s] += rest * mp[s];
            }
            (seb, Some(sep), seg)
        }
    };
    for p in &drawn {
        count_first(&p.advice, rest * p.drawn as f64 / k);
    }
    let method = HiddenMethod::Drawn {
        draws,
        seed: drawing.seed,
        solved_chance: exact_chance,
        solved: solved.len(),
        estimated,
        asked: drawing.draw_all,
        policy: match control {
            Some((_, None)) => PolicyFigures::Exact,
            Some((_, Some(_))) => PolicyFigures::Sampled { runs: POLICY_RUNS },
            None => PolicyFigures::Drawn,
        },
    };
    drawn.sort_by(|a, b| {
        b.chance
            .unwrap_or(0.0)
            .total_cmp(&a.chance.unwrap_or(0.0))
            .then(b.drawn.cmp(&a.drawn))
    });
    solved.extend(drawn);
    Ok(finish(
        objective,
        players,
        decide,
        method,
        (best, policy, Some(errors)),
        first,
        solved,
        fog.compositions(),
        states,
    ))
}

/// Battles sampled per choice at most when a drawn possibility's best play is estimated.
const ESTIMATE_SAMPLES: u64 = 400;

/// The values and their standard errors when drawn: (best, policy, (best's, policy's, gain's)).
type Values = (
    [f64; 2],
    [f64; 2],
    Option<([f64; 2], Option<[f64; 2]>, [f64; 2])>,
);

#[allow(clippy::too_many_arguments)]
fn finish(
    objective: Objective,
    players: Players,
    decisions: Decisions,
    method: HiddenMethod,
    (best, policy, errors): Values,
    mut first_choices: Vec<FirstChoice>,
    possibilities: Vec<Possibility>,
    compositions: Option<usize>,
    states: usize,
) -> HiddenAdvice {
    first_choices.sort_by(|a, b| b.chance.total_cmp(&a.chance));
    HiddenAdvice {
        objective,
        players,
        method,
        best,
        policy,
        best_std_error: errors.map(|e| e.0),
        policy_std_error: errors.and_then(|e| e.1),
        gain_std_error: errors.map(|e| e.2),
        first_choices,
        possibilities,
        compositions,
        states,
        decisions,
    }
}

/// A possibility's advice without its outline and tied-hit lines (the answer stays small with
/// hundreds of possibilities).
fn trim(mut a: Advice) -> Advice {
    a.outline.clear();
    a.ties.clear();
    a
}
