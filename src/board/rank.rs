//! Ranking (6.3, R13, R21, R23): every plan to attack a target, screened against the hidden
//! defenders (`screen.rs`), and the best of them given the fog of war's own figures on their
//! battle: exact where the mixture fits the budget, Monte Carlo at a stated seed and count
//! otherwise, so that `bosworth exact` or `bosworth simulate` on the plan's battle gives the
//! same figures. Ranked by the chance to hold, ties said, the Pareto front marked (chance to
//! hold against own steps lost and blocks committed).

use super::battle::battle;
use super::plans::{Plan, plans};
use super::reach::{self, Role, Target};
use super::reinforce::{Group, Reinforce, reinforcements};
use super::screen::{self, Draw, Slot, Tally, Template};
use super::validate::Position;
use crate::data::AREAS;
use crate::rules::battle::Battle;
use crate::rules::dice::rng_from_seed;
use crate::scenario::{Scenario, ScenarioError, Side};
use crate::solve::error::SolveError;
use crate::solve::fog::{Fog, FogReport, MAX_EXACT_COMPOSITIONS};
use crate::solve::report::{Method, Report};
use crate::solve::watch::Watch;
use std::collections::HashMap;

/// How the planner works: how many plans it reports, how hard it looks.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Whether the enemy reinforces the battle (6.3): none by default.
    pub reinforce: Reinforce,
    /// How many of the best plans get the fog of war's figures and are reported (besides the
    /// best plan for each number of blocks committed, for the Pareto front).
    pub top: usize,
    /// The seed of every random draw: the screening's and each reported plan's Monte Carlo.
    pub seed: u64,
    /// Battles of Monte Carlo for a reported plan whose exact mixture does not fit `exact_budget`.
    pub runs: u64,
    /// The most states an exact mixture may take for one plan.
    pub exact_budget: usize,
    /// The most battles the screening fights, over all plans.
    pub screen_budget: u64,
    /// Threads for an exact mixture (natively).
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            reinforce: Reinforce::None,
            top: 10,
            seed: 1,
            runs: DEFAULT_RUNS,
            exact_budget: DEFAULT_EXACT_BUDGET,
            screen_budget: DEFAULT_SCREEN_BUDGET,
            threads: 1,
        }
    }
}

/// Monte Carlo battles for a reported plan that is not solved exactly.
pub const DEFAULT_RUNS: u64 = 100_000;

/// The most states an exact mixture may take for one reported plan.
pub const DEFAULT_EXACT_BUDGET: usize = 2_000_000;

/// The most battles the screening fights for one target.
pub const DEFAULT_SCREEN_BUDGET: u64 = 3_000_000;

/// Draws of the hidden blocks every plan is fought on first.
const FIRST_DRAWS: usize = 4;

/// The most draws a plan is screened on: enough to choose the plans to assess, whose figures
/// come from the fog of war.
const MAX_DRAWS: usize = 512;

/// Standard errors a plan's screened chance may lie below the threshold and still be kept.
const KEEP_WITHIN: f64 = 3.0;

/// Standard errors apart two reported plans must be to be told apart.
pub const SEPARATED: f64 = 4.0;

/// Why the planner stopped before its answer.
#[derive(Debug, Clone, PartialEq)]
pub enum PlanError {
    /// The caller's hook asked it to stop (Ctrl-C).
    Cancelled,
    /// A plan's battle was refused (a bug: plans obey the rules the battle checks).
    Invalid(ScenarioError),
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanError::Cancelled => write!(f, "interrupted: stopped before its answer"),
            PlanError::Invalid(e) => write!(f, "a plan's battle is not valid: {e}"),
        }
    }
}

impl std::error::Error for PlanError {}

impl From<SolveError> for PlanError {
    fn from(_: SolveError) -> Self {
        PlanError::Cancelled
    }
}

/// One of the moving player's heirs in a plan's battle and the chance he dies.
#[derive(Debug, Clone, PartialEq)]
pub struct HeirRisk {
    /// The heir's id.
    pub id: String,
    /// The chance he is eliminated.
    pub dies: f64,
}

/// A plan's figures, from the fog of war on its battle.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// The moving player's chance to hold the target after the battle.
    pub hold: f64,
    /// Its standard error (0 when exact).
    pub std_error: f64,
    /// The chance the area is left vacant.
    pub vacant: f64,
    /// Expected steps lost by the moving player (R4).
    pub own_steps_lost: f64,
    /// Expected steps lost by the enemy.
    pub enemy_steps_lost: f64,
    /// The moving player's heirs in the battle, each with his chance to die.
    pub heirs: Vec<HeirRisk>,
    /// The chance the King dies, if he may be in the battle.
    pub king_dies: Option<f64>,
    /// The chance the Pretender dies, if he may be in the battle.
    pub pretender_dies: Option<f64>,
    /// Exact (with its states) or Monte Carlo (with its runs and seed).
    pub method: Method,
}

/// A plan with its battle and figures.
#[derive(Debug, Clone)]
pub struct Assessed {
    /// The plan.
    pub plan: Plan,
    /// The enemy's reinforcements its battle assumes.
    pub reinforcements: Vec<Group>,
    /// Its battle: the scenario the figures are of.
    pub scenario: Scenario,
    /// The fog of war's figures on the battle.
    pub figures: Figures,
    /// The screening's chance to hold and the draws it is over.
    pub screened: (f64, usize),
    /// No other reported plan holds at least as often, loses at most as many steps and commits
    /// at most as many blocks, and does better on one of them.
    pub pareto: bool,
    /// Within [`SEPARATED`] standard errors of the next plan's chance to hold: not told apart.
    pub tied_with_next: bool,
}

/// Every plan to attack one target, the best of them assessed.
#[derive(Debug, Clone)]
pub struct Ranking {
    /// The target.
    pub target: Target,
    /// The plans reported, best first.
    pub plans: Vec<Assessed>,
    /// Every distinct plan found.
    pub considered: usize,
    /// The search stopped at its limit: more plans exist.
    pub truncated: bool,
    /// Battles the screening fought.
    pub screened_battles: u64,
}

/// Every enemy or contested area the moving player can attack this turn (some plan reaches it),
/// in the map's order.
pub fn targets(position: &Position) -> Vec<Target> {
    (0..AREAS.len())
        .filter_map(|a| reach::target(position, a).ok())
        .filter(|t| match t.role {
            Role::Attack => !reach::ways(position, t.area).is_empty(),
            _ => true,
        })
        .collect()
}

/// A plan's battle with its reinforcements, ready to be screened.
struct Candidate {
    plan: Plan,
    groups: Vec<Group>,
    scenario: Scenario,
    template: Template,
    tally: Tally,
}

/// Ranks every plan to attack `target`.
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn rank(
    position: &Position,
    target: Target,
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Ranking, PlanError> {
    rank_with(position, target, options, true, watch)
}

/// [`rank`], with or without the best plan for each number of blocks committed (`front`).
fn rank_with(
    position: &Position,
    target: Target,
    options: &Options,
    front: bool,
    watch: &Watch<'_>,
) -> Result<Ranking, PlanError> {
    let found = plans(position, target);
    let considered = found.plans.len();
    let (mut candidates, slots) = prepare(position, found.plans, options);
    let screened = screen_all(&mut candidates, &slots, options, watch)?;
    let chosen = choose(&candidates, options.top, front);
    let mut out = Vec::with_capacity(chosen.len());
    for i in chosen {
        let c = &candidates[i];
        let figures = assess(&c.scenario, &c.template, &slots, options, watch)?;
        out.push(Assessed {
            plan: c.plan.clone(),
            reinforcements: c.groups.clone(),
            scenario: c.scenario.clone(),
            figures,
            screened: (c.tally.hold(), c.tally.holds.len()),
            pareto: false,
            tied_with_next: false,
        });
    }
    order(&mut out);
    Ok(Ranking {
        target,
        plans: out,
        considered,
        truncated: found.truncated,
        screened_battles: screened,
    })
}

/// Every target the moving player can attack this turn, each with its best plan (`options.top`
/// is taken as 1 for each), the best first.
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn every_target(
    position: &Position,
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Vec<Ranking>, PlanError> {
    let one = Options {
        top: 1,
        ..options.clone()
    };
    let mut out = Vec::new();
    for t in targets(position) {
        let mut r = rank_with(position, t, &one, false, watch)?;
        if let Some(p) = r.plans.first_mut() {
            p.tied_with_next = false;
        }
        out.push(r);
    }
    out.sort_by(|a, b| {
        let h = |r: &Ranking| r.plans.first().map_or(-1.0, |p| p.figures.hold);
        h(b).total_cmp(&h(a))
            .then(a.target.area.cmp(&b.target.area))
    });
    Ok(out)
}

/// The side the moving player fights on in a plan's battle.
fn own_side(target: Target) -> Side {
    match target.role {
        Role::Reinforce => Side::Defender,
        _ => Side::Attacker,
    }
}

/// Builds every plan's battle and template, and the slots of the unseen blocks they hold: the
/// target's first, then each source of reinforcements' (R21, R23), so that every plan is fought
/// against the same draw of the same unseen blocks.
fn prepare(
    position: &Position,
    plans: Vec<Plan>,
    options: &Options,
) -> (Vec<Candidate>, Vec<Slot>) {
    let Some(first) = plans.first() else {
        return (Vec::new(), Vec::new());
    };
    let t = first.target.area;
    let spot = &position.spots[t];
    let target_hidden = match first.target.role {
        Role::Reinforce => spot
            .attacked
            .iter()
            .map(|g| g.blocks as usize)
            .sum::<usize>()
            .saturating_sub(spot.seen.len()),
        _ => spot.hidden as usize,
    };
    // Reinforcements depend on the blocks a plan moves: worked out once per set of them.
    let mut by_moved: HashMap<Vec<usize>, Vec<Group>> = HashMap::new();
    let groups: Vec<Vec<Group>> = plans
        .iter()
        .map(|plan| {
            let moved: Vec<usize> = plan.ways.iter().map(|w| w.block).collect();
            by_moved
                .entry(moved)
                .or_insert_with(|| reinforcements(position, plan, options.reinforce))
                .clone()
        })
        .collect();
    // Each source's unseen blocks: as many slots as the most any plan takes from it.
    let mut most: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    for gs in &groups {
        let mut taken: HashMap<usize, usize> = HashMap::new();
        for g in gs {
            *taken.entry(g.source).or_insert(0) += g.hidden as usize;
        }
        for (s, n) in taken {
            let m = most.entry(s).or_insert(0);
            *m = (*m).max(n);
        }
    }
    let mut slots: Vec<Slot> = (0..target_hidden)
        .map(|_| Slot::new(&position.candidates, &spot.prior))
        .collect();
    let mut first_slot: HashMap<usize, usize> = HashMap::new();
    for (&s, &n) in &most {
        first_slot.insert(s, slots.len());
        for _ in 0..n {
            slots.push(Slot::new(&position.candidates, &position.spots[s].prior));
        }
    }
    let mut out = Vec::with_capacity(plans.len());
    for (plan, groups) in plans.into_iter().zip(groups) {
        let scenario = battle(position, &plan, &groups);
        // This plan's hidden blocks, in its scenario's order: the target's, then each group's.
        let mut plan_slots: Vec<usize> = (0..target_hidden).collect();
        let mut used: HashMap<usize, usize> = HashMap::new();
        for g in &groups {
            for _ in 0..g.hidden {
                let u = used.entry(g.source).or_insert(0);
                plan_slots.push(first_slot[&g.source] + *u);
                *u += 1;
            }
        }
        let own = own_side(plan.target);
        let enemy = own.other();
        let enemy_hidden = match enemy {
            Side::Attacker => scenario.attacker.hidden.clone(),
            Side::Defender => scenario.defender.hidden.clone(),
        };
        let mut known = scenario.clone();
        known.attacker.hidden.clear();
        known.defender.hidden.clear();
        let mut hidden: [Vec<(crate::scenario::HiddenBlock, usize)>; 2] = [Vec::new(), Vec::new()];
        hidden[enemy.index()] = enemy_hidden.into_iter().zip(plan_slots).collect();
        out.push(Candidate {
            plan,
            groups,
            scenario,
            template: Template { known, hidden, own },
            tally: Tally::default(),
        });
    }
    (out, slots)
}

/// Screens the candidates by successive halving within the budget; returns the battles fought.
fn screen_all(
    candidates: &mut [Candidate],
    slots: &[Slot],
    options: &Options,
    watch: &Watch<'_>,
) -> Result<u64, PlanError> {
    let mut draws: Vec<Draw> = Vec::new();
    let mut rng = rng_from_seed(screen::battle_seed(options.seed, usize::MAX, 0));
    let mut alive: Vec<usize> = (0..candidates.len()).collect();
    let mut k = FIRST_DRAWS;
    let mut fought_total: u64 = 0;
    let mut pending = 0usize;
    let keep = options.top.max(1);
    loop {
        while draws.len() < k {
            match screen::draw(slots, &mut rng) {
                Some(d) => draws.push(d),
                None => return Ok(fought_total),
            }
        }
        for &i in &alive {
            let c = &mut candidates[i];
            let from = c.tally.holds.len();
            let before = from;
            screen::fight(
                &c.template,
                &draws[..k],
                from,
                options.seed,
                &mut c.tally,
                &mut pending,
                watch,
            )?;
            fought_total +=
                ((c.tally.holds.len() - before) as u64) * u64::from(screen::BATTLES_PER_DRAW);
        }
        alive.retain(|&i| !candidates[i].tally.broken);
        if alive.len() <= keep || k >= MAX_DRAWS {
            break;
        }
        let next_cost = alive.len() as u64 * k as u64 * u64::from(screen::BATTLES_PER_DRAW);
        if fought_total + next_cost > options.screen_budget {
            break;
        }
        let next = survivors(candidates, &alive, keep);
        if next.len() == alive.len() {
            // Nothing more to drop: the plans left are those to assess.
            break;
        }
        alive = next;
        k *= 2;
    }
    if pending > 0 && !watch(pending) {
        return Err(PlanError::Cancelled);
    }
    Ok(fought_total)
}

/// The plans that could still be among the `keep` best, by paired comparison with the
/// `keep`-th best (within [`KEEP_WITHIN`] standard errors), at most half of them, and the best
/// plan for each number of blocks committed (for the Pareto front).
fn survivors(candidates: &[Candidate], alive: &[usize], keep: usize) -> Vec<usize> {
    let mut by_hold: Vec<usize> = alive.to_vec();
    by_hold.sort_by(|&a, &b| {
        candidates[b]
            .tally
            .hold()
            .total_cmp(&candidates[a].tally.hold())
            .then(a.cmp(&b))
    });
    let threshold = by_hold[keep.min(by_hold.len()) - 1];
    let reference = &candidates[threshold].tally.holds;
    let mut scored: Vec<(f64, usize)> = by_hold
        .iter()
        .enumerate()
        .filter_map(|(r, &i)| {
            if r < keep {
                return Some((f64::INFINITY, i));
            }
            let (m, se) = screen::paired(&candidates[i].tally.holds, reference);
            let upper = m + KEEP_WITHIN * se;
            (upper >= 0.0).then_some((upper, i))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.truncate((alive.len() / 2).max(keep));
    let mut out: Vec<usize> = scored.into_iter().map(|s| s.1).collect();
    for i in front_keepers(candidates, alive) {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out.sort_unstable();
    out
}

/// For each number of blocks committed, the plan that holds most often and the one that loses
/// fewest steps, by the screening.
fn front_keepers(candidates: &[Candidate], alive: &[usize]) -> Vec<usize> {
    let mut best: HashMap<usize, (usize, usize)> = HashMap::new();
    for &i in alive {
        let n = candidates[i].plan.ways.len();
        let e = best.entry(n).or_insert((i, i));
        let t = &candidates[i].tally;
        if t.hold() > candidates[e.0].tally.hold() {
            e.0 = i;
        }
        if t.lost() < candidates[e.1].tally.lost() {
            e.1 = i;
        }
    }
    let mut out: Vec<usize> = best.values().flat_map(|&(a, b)| [a, b]).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The plans to assess: the `top` best by the screening, then (with `front`) the best for each
/// number of blocks committed.
fn choose(candidates: &[Candidate], top: usize, front: bool) -> Vec<usize> {
    let alive: Vec<usize> = (0..candidates.len())
        .filter(|&i| !candidates[i].tally.broken && !candidates[i].tally.holds.is_empty())
        .collect();
    let mut by_hold = alive.clone();
    // Compare on the draws all of them were fought on: the most screened first.
    by_hold.sort_by(|&a, &b| {
        candidates[b]
            .tally
            .holds
            .len()
            .cmp(&candidates[a].tally.holds.len())
            .then(
                candidates[b]
                    .tally
                    .hold()
                    .total_cmp(&candidates[a].tally.hold()),
            )
            .then(a.cmp(&b))
    });
    let mut out: Vec<usize> = by_hold.into_iter().take(top.max(1)).collect();
    if !front {
        return out;
    }
    let mut per_count: HashMap<usize, usize> = HashMap::new();
    for &i in &alive {
        let n = candidates[i].plan.ways.len();
        let e = per_count.entry(n).or_insert(i);
        let (a, b) = (&candidates[i].tally, &candidates[*e].tally);
        if (a.holds.len(), a.hold()) > (b.holds.len(), b.hold()) {
            *e = i;
        }
    }
    let mut extra: Vec<usize> = per_count.into_values().collect();
    extra.sort_unstable();
    for i in extra {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// The fog of war's figures on a plan's battle: exact when the mixture is likely to fit
/// `exact_budget` (its compositions times the states of one of them), else Monte Carlo.
fn assess(
    scenario: &Scenario,
    template: &Template,
    slots: &[Slot],
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Figures, PlanError> {
    let own = template.own;
    if !crate::solve::fog::has_hidden(scenario) {
        let battle = Battle::new(scenario).map_err(PlanError::Invalid)?;
        let report = match crate::solve::exact::solve_watched(&battle, options.exact_budget, watch)
        {
            Ok(r) => r,
            Err(SolveError::Cancelled) => return Err(PlanError::Cancelled),
            Err(SolveError::TooLarge { .. }) => {
                crate::solve::monte_carlo::simulate(&battle, options.runs, options.seed)
            }
        };
        return Ok(figures(&report, own, &battle_heirs(scenario, own)));
    }
    let fog = Fog::new(scenario).map_err(PlanError::Invalid)?;
    let mut rng = rng_from_seed(options.seed);
    let fits = match (fog.compositions(), screen::draw(slots, &mut rng)) {
        (Some(n), Some(d)) if n <= MAX_EXACT_COMPOSITIONS => template
            .battle(&d)
            .ok()
            .and_then(|b| crate::solve::exact::solve(&b, options.exact_budget).ok())
            .is_some_and(|r| match r.method {
                Method::Exact { states, .. } => states.saturating_mul(n) <= options.exact_budget,
                Method::MonteCarlo { .. } => false,
            }),
        _ => false,
    };
    let report: FogReport = if fits {
        match fog.solve_watched(options.exact_budget, options.threads, watch) {
            Ok(r) => r,
            Err(SolveError::Cancelled) => return Err(PlanError::Cancelled),
            Err(SolveError::TooLarge { .. }) => {
                fog.simulate_watched(options.runs, options.seed, watch)?
            }
        }
    } else {
        fog.simulate_watched(options.runs, options.seed, watch)?
    };
    Ok(figures(&report.report, own, &battle_heirs(scenario, own)))
}

/// The moving player's heirs in a battle, by id.
fn battle_heirs(scenario: &Scenario, own: Side) -> Vec<String> {
    let army = match own {
        Side::Attacker => &scenario.attacker,
        Side::Defender => &scenario.defender,
    };
    army.blocks
        .iter()
        .filter_map(|b| b.id.as_deref())
        .filter(|id| crate::data::block(id).is_some_and(|d| d.heir_rank.is_some()))
        .map(String::from)
        .collect()
}

/// A plan's figures from its battle's report, for the moving player's side.
fn figures(r: &Report, own: Side, heirs: &[String]) -> Figures {
    let hold = match own {
        Side::Attacker => r.attacker_holds,
        Side::Defender => r.defender_holds,
    };
    Figures {
        hold,
        std_error: r.std_error(hold),
        vacant: r.vacant,
        own_steps_lost: r.sides[own.index()].expected_steps_lost,
        enemy_steps_lost: r.sides[own.other().index()].expected_steps_lost,
        heirs: heirs
            .iter()
            .filter_map(|id| {
                r.blocks
                    .iter()
                    .find(|b| b.name == *id && b.side == own)
                    .map(|b| HeirRisk {
                        id: id.clone(),
                        dies: b.eliminated,
                    })
            })
            .collect(),
        king_dies: r.king_dies,
        pretender_dies: r.pretender_dies,
        method: r.method.clone(),
    }
}

/// Sorts the assessed plans by their chance to hold, says which are not told apart from the
/// next, and marks the Pareto front.
fn order(plans: &mut [Assessed]) {
    plans.sort_by(|a, b| {
        b.figures
            .hold
            .total_cmp(&a.figures.hold)
            .then(
                a.figures
                    .own_steps_lost
                    .total_cmp(&b.figures.own_steps_lost),
            )
            .then(a.plan.ways.len().cmp(&b.plan.ways.len()))
    });
    for i in 0..plans.len() {
        if i + 1 < plans.len() {
            let (a, b) = (&plans[i].figures, &plans[i + 1].figures);
            let se = (a.std_error.powi(2) + b.std_error.powi(2)).sqrt();
            let gap = a.hold - b.hold;
            plans[i].tied_with_next = gap <= SEPARATED * se || gap.abs() < 1e-12;
        }
        let dominated = (0..plans.len()).any(|j| {
            let (a, b) = (&plans[j], &plans[i]);
            j != i
                && a.figures.hold >= b.figures.hold
                && a.figures.own_steps_lost <= b.figures.own_steps_lost
                && a.plan.ways.len() <= b.plan.ways.len()
                && (a.figures.hold > b.figures.hold
                    || a.figures.own_steps_lost < b.figures.own_steps_lost
                    || a.plan.ways.len() < b.plan.ways.len())
        });
        plans[i].pareto = !dominated;
    }
}
