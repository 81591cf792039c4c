//! Ranking (6.3, R13, R21, R23): every plan to attack a target, screened against the hidden
//! defenders (`screen.rs`), and the best of them given the fog of war's own figures on their
//! battle: exact where the mixture fits the budget, Monte Carlo at a stated seed and count
//! otherwise, so that `bosworth exact` or `bosworth simulate` on the plan's battle gives the
//! same figures. Ranked by the chance to hold, ties said, the Pareto front marked (chance to
//! hold against own steps lost and blocks committed).

use super::battle::{battle, battle_with};
use super::plans::{Plan, plans};
use super::reach::{self, Role, Target};
use super::reinforce::{Group, Reinforce, reinforcements};
use super::screen::{self, Draw, Muster, Slot, Tally, Template};
use super::validate::Position;
use crate::data::AREAS;
use crate::rules::battle::Battle;
use crate::rules::dice::rng_from_seed;
use crate::scenario::{Scenario, ScenarioError, Side};
use crate::solve::error::SolveError;
use crate::solve::fog::{Fog, FogReport};
use crate::solve::report::{Method, Report};
use crate::solve::watch::Watch;
use std::collections::HashMap;

/// How the planner works: how many plans it reports, how hard it looks.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Whether the enemy reinforces the battle (6.3): none by default.
    pub reinforce: Reinforce,
    /// How many of the best plans get the fog of war's figures and are reported (besides the
    /// best plan for each number of blocks committed, for the Pareto front, assessed with a
    /// quarter of `runs`).
    pub top: usize,
    /// The seed of every random draw: the screening's and each reported plan's Monte Carlo.
    pub seed: u64,
    /// Battles of Monte Carlo for a reported plan whose exact mixture does not fit `exact_budget`.
    pub runs: u64,
    /// The most states an exact mixture may take for one plan.
    pub exact_budget: usize,
    /// How many of the best plans (by the screening) may take [`Options::best_budget`] states
    /// instead of [`Options::exact_budget`], so that the plans a player is choosing between get
    /// exact figures where their mixture fits.
    pub exact_best: usize,
    /// The most states an exact mixture may take for one of the [`Options::exact_best`] plans.
    pub best_budget: usize,
    /// The most battles the screening fights, over all plans.
    pub screen_budget: u64,
    /// Threads for an exact mixture and for assessing the plans (natively); the figures are the
    /// same whatever the number.
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
            exact_best: DEFAULT_EXACT_BEST,
            best_budget: DEFAULT_BEST_BUDGET,
            screen_budget: DEFAULT_SCREEN_BUDGET,
            threads: 1,
        }
    }
}

/// Monte Carlo battles for a reported plan that is not solved exactly: its chance to hold to
/// 0.35 points or better (one standard error).
pub const DEFAULT_RUNS: u64 = 20_000;

/// The most states an exact mixture may take for one reported plan.
pub const DEFAULT_EXACT_BUDGET: usize = 2_000_000;

/// How many of the best plans are solved exactly with [`DEFAULT_BEST_BUDGET`].
pub const DEFAULT_EXACT_BEST: usize = 3;

/// The most states an exact mixture may take for one of the best plans: the Kent board's best
/// plans (three unseen blocks against four, about 17 M states each) fit; a mixture this size
/// takes a few seconds natively, and little memory, as its battles are solved one at a time.
pub const DEFAULT_BEST_BUDGET: usize = 20_000_000;

/// The most battles the screening fights for one target.
pub const DEFAULT_SCREEN_BUDGET: u64 = 3_000_000;

/// Draws of the hidden blocks every plan is fought on first.
const FIRST_DRAWS: usize = 1;

/// The most draws a plan is screened on: enough to choose the plans to assess, whose figures
/// come from the fog of war.
const MAX_DRAWS: usize = 512;

/// Standard errors a plan's screened chance may lie below the threshold and still be kept.
const KEEP_WITHIN: f64 = 3.0;

/// Standard errors apart two reported plans must be to be told apart.
pub const SEPARATED: f64 = 4.0;

/// Two plans whose paired difference is known to be within this (half a point of the chance to
/// hold, [`SEPARATED`] standard errors included) are said to be tied: telling them apart would
/// take many more battles and matter little.
pub const TIED_WITHIN: f64 = 0.005;

/// The most draws the best plans are fought on to tell them apart (each
/// [`screen::BATTLES_PER_DRAW`] battles).
const MAX_SEPARATION_DRAWS: usize = 4096;

/// Why the planner stopped before its answer.
#[derive(Debug, Clone, PartialEq)]
pub enum PlanError {
    /// The caller's hook asked it to stop (Ctrl-C).
    Cancelled,
    /// A plan's battle was refused (a bug: plans obey the rules the battle checks).
    Invalid(ScenarioError),
    /// The whole turn's request cannot be met: the field and why (a pinned attack no plan makes).
    Turn(String),
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanError::Cancelled => write!(f, "interrupted: stopped before its answer"),
            PlanError::Invalid(e) => write!(f, "a plan's battle is not valid: {e}"),
            PlanError::Turn(e) => write!(f, "{e}"),
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
    /// The exact report the figures were read from, when they are exact: what `bosworth exact`
    /// (and a page's battle calculator) gives on [`Assessed::scenario`], bit for bit, for a page
    /// to show at once when the plan is opened as a battle. Not printed by `bosworth plan`.
    pub exact: Option<Solution>,
}

/// An exact report on a plan's battle, as the battle's own exact solver gives it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Solution {
    /// A battle with no hidden block (`solve::exact::solve`).
    Plain(Report),
    /// A battle with hidden blocks: the exact mixture (`Fog::solve`).
    Fog(FogReport),
}

/// What the planner is doing, told to a [`Stages`] hook as it goes (for a progress bar that
/// says what it waits on: the screening, then each reported plan assessed in turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Stage {
    /// Every plan fought against the same draws, the weakest dropped.
    Screening,
    /// The reported plans' own figures: plan `plan` (from 0) of `plans`, exactly (its mixture
    /// solved, the watch counting states) or by Monte Carlo (counting battles).
    Assessing {
        /// Which plan, in the screening's order.
        plan: usize,
        /// How many are assessed.
        plans: usize,
        /// Solved exactly.
        exact: bool,
    },
}

/// A hook told each [`Stage`] as the planner enters it.
pub type Stages<'a> = dyn Fn(Stage) + Sync + 'a;

/// A [`Stages`] hook that is told nothing.
pub const NO_STAGES: &Stages<'static> = &|_| {};

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

/// A plan with its reinforcements, ready to be screened (its battle, with the hidden blocks'
/// candidates, is written only for the plans assessed).
pub(super) struct Candidate {
    pub(super) plan: Plan,
    pub(super) groups: Vec<Group>,
    /// The slots of its battle's unseen enemy blocks, in the battle's order.
    slots: Vec<usize>,
    pub(super) tally: Tally,
}

impl Candidate {
    /// Its battle without the hidden blocks' candidates, ready to be made concrete for a draw.
    pub(super) fn template(&self, position: &Position) -> Template {
        let scenario = battle_with(position, &self.plan, &self.groups, false);
        let own = own_side(self.plan.target);
        let enemy = own.other();
        let enemy_hidden = match enemy {
            Side::Attacker => scenario.attacker.hidden.clone(),
            Side::Defender => scenario.defender.hidden.clone(),
        };
        let mut known = scenario;
        known.attacker.hidden.clear();
        known.defender.hidden.clear();
        let mut hidden: [Vec<(crate::scenario::HiddenBlock, usize)>; 2] = [Vec::new(), Vec::new()];
        hidden[enemy.index()] = enemy_hidden.into_iter().zip(self.slots.clone()).collect();
        Template { known, hidden, own }
    }
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
    rank_with(position, target, options, true, watch, NO_STAGES)
}

/// [`rank`], telling `stages` what it is doing as it goes (the same figures).
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn rank_staged(
    position: &Position,
    target: Target,
    options: &Options,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Ranking, PlanError> {
    rank_with(position, target, options, true, watch, stages)
}

/// [`rank`], with or without the best plan for each number of blocks committed (`front`).
fn rank_with(
    position: &Position,
    target: Target,
    options: &Options,
    front: bool,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Ranking, PlanError> {
    stages(Stage::Screening);
    let found = plans(position, target);
    let considered = found.plans.len();
    let (mut candidates, slots) = prepare(position, found.plans, options);
    let mut screening = Screening::new(options);
    screen_all(
        position,
        &mut candidates,
        &slots,
        options,
        &mut screening,
        watch,
    )?;
    let chosen = choose(&candidates, options.top, front);
    let top: Vec<usize> = chosen.iter().take(options.top.max(1)).copied().collect();
    separate(
        position,
        &mut candidates,
        &top,
        &slots,
        options,
        options.screen_budget,
        &mut screening,
        watch,
    )?;
    let screened = screening.fought;
    // The best plans get `runs` battles; the others, there for the Pareto front, a quarter. The
    // very best (`exact_best`, in the screening's order) may take the larger exact budget.
    let jobs: Vec<Job> = chosen
        .iter()
        .enumerate()
        .map(|(rank, &i)| {
            let c = &candidates[i];
            let runs = if rank < options.top.max(1) {
                options.runs
            } else {
                (options.runs / 4).max(1)
            };
            let budget = if rank < options.exact_best {
                options.best_budget.max(options.exact_budget)
            } else {
                options.exact_budget
            };
            Job {
                scenario: battle(position, &c.plan, &c.groups),
                template: c.template(position),
                runs,
                budget,
            }
        })
        .collect();
    let figures = assess_all(&jobs, &slots, options, watch, stages)?;
    let mut out = Vec::with_capacity(chosen.len());
    for ((&i, Job { scenario, .. }), (figures, exact)) in chosen.iter().zip(jobs).zip(figures) {
        let c = &candidates[i];
        out.push((
            i,
            Assessed {
                plan: c.plan.clone(),
                reinforcements: c.groups.clone(),
                scenario,
                figures,
                screened: (c.tally.hold(), c.tally.holds.len()),
                pareto: false,
                tied_with_next: false,
                exact,
            },
        ));
    }
    order(&mut out, &candidates);
    let out: Vec<Assessed> = out.into_iter().map(|(_, a)| a).collect();
    Ok(Ranking {
        target,
        plans: out,
        considered,
        truncated: found.truncated,
        screened_battles: screened,
    })
}

/// Every target the moving player can attack this turn, each with its best plan (`options.top`
/// is taken as 1 for each, and none takes the larger exact budget of `exact_best`: an overview
/// that comes quickly; [`rank`] on one target gives its best plans exact figures), the best
/// first.
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn every_target(
    position: &Position,
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Vec<Ranking>, PlanError> {
    let mut out = Vec::new();
    for t in targets(position) {
        out.push(best_plan(position, t, options, watch)?);
    }
    order_targets(&mut out);
    Ok(out)
}

/// One target's best plan, as [`every_target`] ranks it (`options.top` taken as 1, no best
/// plan for each number of blocks committed): what a page that works on each target apart (in
/// Web Workers) gives for it, the same figures.
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn best_plan(
    position: &Position,
    target: Target,
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Ranking, PlanError> {
    best_plan_staged(position, target, options, watch, NO_STAGES)
}

/// [`best_plan`], telling `stages` what it is doing as it goes (the same figures).
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop.
pub fn best_plan_staged(
    position: &Position,
    target: Target,
    options: &Options,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Ranking, PlanError> {
    let one = Options {
        top: 1,
        exact_best: 0,
        ..options.clone()
    };
    let mut r = rank_with(position, target, &one, false, watch, stages)?;
    if let Some(p) = r.plans.first_mut() {
        p.tied_with_next = false;
    }
    Ok(r)
}

/// Every target's ranking in [`every_target`]'s order: the best plan's chance to hold first,
/// then the map's order of areas.
pub fn order_targets(rankings: &mut [Ranking]) {
    rankings.sort_by(|a, b| {
        let h = |r: &Ranking| r.plans.first().map_or(-1.0, |p| p.figures.hold);
        h(b).total_cmp(&h(a))
            .then(a.target.area.cmp(&b.target.area))
    });
}

/// The side the moving player fights on in a plan's battle.
pub(super) fn own_side(target: Target) -> Side {
    match target.role {
        Role::Reinforce => Side::Defender,
        _ => Side::Attacker,
    }
}

/// Sets every plan up for the screening: its reinforcements, and the slots of the unseen blocks
/// its battle holds: the target's first, then each source of reinforcements' (R21, R23), so
/// that every plan is fought against the same draw of the same unseen blocks.
pub(super) fn prepare(
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
    let out = plans
        .into_iter()
        .zip(groups)
        .map(|(plan, groups)| {
            let mut plan_slots: Vec<usize> = (0..target_hidden).collect();
            let mut used: HashMap<usize, usize> = HashMap::new();
            for g in &groups {
                for _ in 0..g.hidden {
                    let u = used.entry(g.source).or_insert(0);
                    plan_slots.push(first_slot[&g.source] + *u);
                    *u += 1;
                }
            }
            Candidate {
                plan,
                groups,
                slots: plan_slots,
                tally: Tally::default(),
            }
        })
        .collect();
    (out, slots)
}

/// The one battle that serves every plan on a draw ([`Muster`]), when the plans attack, no
/// enemy reinforces them and no Treason card is played; `None` otherwise (each plan's battle is then built for each draw).
fn muster(position: &Position, candidates: &[Candidate], draw: &Draw) -> Option<Muster> {
    let first = candidates.first()?;
    // Its battles start from the muster's first state, so no Treason roll (D11, R30) is played:
    // with the Treason card every plan's battle is fought as its own.
    if own_side(first.plan.target) != Side::Attacker
        || candidates.iter().any(|c| !c.groups.is_empty())
        || first.template(position).known.treason.is_some()
    {
        return None;
    }
    let t = first.plan.target.area;
    let template = first.template(position);
    // The attacker's retreat capacity from the map: the same for every plan (R20), read from the
    // first plan's own battle.
    let capacity = template.battle(draw).ok()?.retreat_capacity(Side::Attacker);
    let mut own: Vec<usize> = candidates
        .iter()
        .flat_map(|c| c.plan.ways.iter().map(|w| w.block))
        .chain(position.spots[t].own.iter().copied())
        .collect();
    own.sort_unstable();
    own.dedup();
    let mut known = template.known.clone();
    known.neighbours.clear();
    known.attacker.retreat_capacity = capacity;
    known.attacker.blocks = own
        .iter()
        .map(|&k| crate::scenario::BlockEntry {
            id: Some(position.own[k].block.id.to_string()),
            custom: None,
            strength: position.own[k].strength,
            reserve: false,
            from: None,
        })
        .collect();
    known.policy = Default::default();
    let heir = |k: &usize| position.own[*k].block.heir_rank.is_some();
    if own.iter().any(heir) && !own.iter().all(heir) {
        // Protect heirs (R23), over every block: each plan's order is this one's, restricted.
        let mut order: Vec<usize> = own.iter().copied().filter(|k| !heir(k)).collect();
        order.extend(own.iter().copied().filter(heir));
        known.policy.attacker.hit_order = order
            .iter()
            .map(|&k| position.own[k].block.id.to_string())
            .collect();
    }
    for d in known.defender.blocks.iter_mut() {
        d.from = None;
    }
    // A defected heir or Neville of the moving player's is in this battle if any plan commits him.
    known
        .defected_elsewhere
        .retain(|d| !own.iter().any(|&k| position.own[k].block.id == d.as_str()));
    let slot_of = |k: usize| own.iter().position(|&x| x == k).expect("every block is in");
    let main = first.plan.main;
    let masks = candidates
        .iter()
        .map(|c| {
            let mut present = 0u32;
            let mut reserve = 0u32;
            for &k in &position.spots[t].own {
                present |= 1 << slot_of(k);
                if position.own[k].came_from != main {
                    reserve |= 1 << slot_of(k);
                }
            }
            for w in &c.plan.ways {
                present |= 1 << slot_of(w.block);
                if Some(w.entry()) != c.plan.main {
                    reserve |= 1 << slot_of(w.block);
                }
            }
            (present, reserve)
        })
        .collect();
    let m = Muster {
        known,
        hidden: template.hidden[Side::Defender.index()].clone(),
        own,
        masks,
    };
    // The muster must be a valid battle (it may hold more blocks than any plan: at most 32).
    m.battle(draw).ok()?;
    Some(m)
}

/// The screening under way: the draws of the hidden blocks so far (every plan is fought on the
/// same ones, in order), the one battle of the fast path when it applies, and the battles
/// fought.
pub(super) struct Screening {
    draws: Vec<Draw>,
    rng: crate::rules::dice::BattleRng,
    /// The fast path's battle (`None` inside: each plan's own battle is built per draw).
    fast: Option<Option<Muster>>,
    templates: HashMap<usize, Template>,
    /// Battles fought in all, and since `watch` was last told.
    pub(super) fought: u64,
    pending: usize,
}

impl Screening {
    pub(super) fn new(options: &Options) -> Screening {
        Screening {
            draws: Vec::new(),
            rng: rng_from_seed(screen::battle_seed(options.seed, screen::DRAWS, 0)),
            fast: None,
            templates: HashMap::new(),
            fought: 0,
            pending: 0,
        }
    }

    /// Fights the plans `alive` (all screened on the same draws so far) on the draws up to `k`;
    /// false when no more draws can be made (the hidden blocks cannot be drawn).
    pub(super) fn fight(
        &mut self,
        position: &Position,
        candidates: &mut [Candidate],
        alive: &[usize],
        slots: &[Slot],
        k: usize,
        options: &Options,
        watch: &Watch<'_>,
    ) -> Result<bool, PlanError> {
        while self.draws.len() < k {
            match screen::draw(slots, &mut self.rng) {
                Some(d) => self.draws.push(d),
                None => return Ok(false),
            }
        }
        let Some(&first) = alive.first() else {
            return Ok(true);
        };
        let draws = &self.draws;
        let fast = self
            .fast
            .get_or_insert_with(|| muster(position, candidates, &draws[0]));
        let from = candidates[first].tally.holds.len();
        match fast {
            Some(m) => {
                let mut tallies: Vec<Tally> = candidates
                    .iter_mut()
                    .map(|c| std::mem::take(&mut c.tally))
                    .collect();
                let done = m.fight(
                    &draws[..k],
                    from,
                    alive,
                    &mut tallies,
                    options.seed,
                    &mut self.pending,
                    watch,
                );
                for (c, t) in candidates.iter_mut().zip(tallies) {
                    c.tally = t;
                }
                if !done? {
                    for &i in alive {
                        candidates[i].tally.broken = true;
                    }
                }
            }
            None => {
                for &i in alive {
                    let template = self
                        .templates
                        .entry(i)
                        .or_insert_with(|| candidates[i].template(position));
                    let c = &mut candidates[i];
                    screen::fight(
                        template,
                        &draws[..k],
                        from,
                        options.seed,
                        &mut c.tally,
                        &mut self.pending,
                        watch,
                    )?;
                }
            }
        }
        self.fought += (alive.len() * (k - from)) as u64 * u64::from(screen::BATTLES_PER_DRAW);
        Ok(true)
    }

    /// Tells `watch` the battles fought since it was last told.
    pub(super) fn flush(&mut self, watch: &Watch<'_>) -> Result<(), PlanError> {
        let n = std::mem::take(&mut self.pending);
        if n > 0 && !watch(n) {
            return Err(PlanError::Cancelled);
        }
        Ok(())
    }
}

/// Screens the candidates by successive halving within the budget; returns the battles fought.
pub(super) fn screen_all(
    position: &Position,
    candidates: &mut [Candidate],
    slots: &[Slot],
    options: &Options,
    screening: &mut Screening,
    watch: &Watch<'_>,
) -> Result<u64, PlanError> {
    let mut alive: Vec<usize> = (0..candidates.len()).collect();
    let mut k = FIRST_DRAWS;
    let keep = options.top.max(1);
    loop {
        if !screening.fight(position, candidates, &alive, slots, k, options, watch)? {
            return Ok(screening.fought);
        }
        alive.retain(|&i| !candidates[i].tally.broken);
        if alive.len() <= keep || k >= MAX_DRAWS {
            break;
        }
        let next = survivors(candidates, &alive, keep);
        let next_cost = next.len() as u64 * k as u64 * u64::from(screen::BATTLES_PER_DRAW);
        if next.len() == alive.len() || screening.fought + next_cost > options.screen_budget {
            // Nothing more to drop, or no budget left: the plans left are those to assess.
            break;
        }
        alive = next;
        k *= 2;
        screening.templates.retain(|i, _| alive.contains(i));
    }
    screening.flush(watch)?;
    Ok(screening.fought)
}

/// Tells the best plans apart (issue 23): the `top` best by the screening are fought on more of
/// the same draws and dice, all together (common random numbers), until each of them and the
/// next by the screening are told apart (their paired difference more than [`SEPARATED`]
/// standard errors) or known to be within [`TIED_WITHIN`] of each other, or the draws reach
/// [`MAX_SEPARATION_DRAWS`] or the battles `budget`. Plans screened on fewer draws than the
/// best (dropped early) are left as they are.
#[allow(clippy::too_many_arguments)]
fn separate(
    position: &Position,
    candidates: &mut [Candidate],
    top: &[usize],
    slots: &[Slot],
    options: &Options,
    budget: u64,
    screening: &mut Screening,
    watch: &Watch<'_>,
) -> Result<(), PlanError> {
    let Some(&best) = top.first() else {
        return Ok(());
    };
    let mut k = candidates[best].tally.holds.len();
    let mut group: Vec<usize> = top
        .iter()
        .copied()
        .filter(|&i| candidates[i].tally.holds.len() == k && !candidates[i].tally.broken)
        .collect();
    let spent = screening.fought;
    while group.len() > 1 && k > 0 && k < MAX_SEPARATION_DRAWS {
        group.sort_by(|&a, &b| {
            candidates[b]
                .tally
                .hold()
                .total_cmp(&candidates[a].tally.hold())
                .then(a.cmp(&b))
        });
        let open = group
            .windows(2)
            .any(|w| !decided(&candidates[w[0]].tally, &candidates[w[1]].tally));
        let cost = group.len() as u64 * k as u64 * u64::from(screen::BATTLES_PER_DRAW);
        if !open || screening.fought - spent + cost > budget {
            break;
        }
        k *= 2;
        if !screening.fight(position, candidates, &group, slots, k, options, watch)? {
            break;
        }
        group.retain(|&i| !candidates[i].tally.broken);
    }
    screening.flush(watch)
}

/// True when the paired comparison of two screened plans tells them apart (more than
/// [`SEPARATED`] standard errors) or shows them within [`TIED_WITHIN`] of each other.
fn decided(a: &Tally, b: &Tally) -> bool {
    let (m, se) = screen::paired(&a.holds, &b.holds);
    m.abs() > SEPARATED * se || m.abs() + SEPARATED * se <= TIED_WITHIN
}

/// The plans that could still be among the `keep` best, by paired comparison with the
/// `keep`-th best (within [`KEEP_WITHIN`] standard errors), at most a quarter of them (the
/// draws double each round, so each round costs half the one before), and the best plan for
/// each number of blocks committed (for the Pareto front).
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
    scored.truncate((alive.len() / 4).max(keep));
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

/// Every plan's figures ([`assess`]), on `options.threads` threads natively (each plan on one
/// thread, with its own seed: the figures do not depend on the threads).
/// A reported plan to assess: its battle, the battle without its hidden blocks' candidates (for
/// a draw), its Monte Carlo battles and its exact budget.
pub(super) struct Job {
    pub(super) scenario: Scenario,
    pub(super) template: Template,
    pub(super) runs: u64,
    pub(super) budget: usize,
}

/// A plan's figures, with the exact report they were read from when they are exact.
type Assessment = (Figures, Option<Solution>);

pub(super) fn assess_all(
    jobs: &[Job],
    slots: &[Slot],
    options: &Options,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Vec<Assessment>, PlanError> {
    // In the browser the plans are assessed one after the other (a worker has one thread).
    #[cfg(not(target_arch = "wasm32"))]
    let threads = options.threads.clamp(1, jobs.len().max(1));
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 {
        let results: Vec<Vec<(usize, Result<Assessment, PlanError>)>> =
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        scope.spawn(move || {
                            (t..jobs.len())
                                .step_by(threads)
                                .map(|i| (i, assess(jobs, i, slots, options, watch, stages)))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("an assessing thread"))
                    .collect()
            });
        let mut all: Vec<(usize, Result<Assessment, PlanError>)> =
            results.into_iter().flatten().collect();
        all.sort_by_key(|r| r.0);
        return all.into_iter().map(|r| r.1).collect();
    }
    (0..jobs.len())
        .map(|i| assess(jobs, i, slots, options, watch, stages))
        .collect()
}

/// The fog of war's figures on a plan's battle: exact when the mixture is likely to fit the
/// job's budget (its compositions times the states of one of them), else Monte Carlo.
fn assess(
    jobs: &[Job],
    index: usize,
    slots: &[Slot],
    options: &Options,
    watch: &Watch<'_>,
    stages: &Stages<'_>,
) -> Result<Assessment, PlanError> {
    let job = &jobs[index];
    let stage = |exact| {
        stages(Stage::Assessing {
            plan: index,
            plans: jobs.len(),
            exact,
        })
    };
    let Job {
        scenario,
        template,
        runs,
        budget,
    } = job;
    let (runs, budget) = (*runs, *budget);
    let own = template.own;
    if !crate::solve::fog::has_hidden(scenario) {
        let battle = Battle::new(scenario).map_err(PlanError::Invalid)?;
        stage(true);
        let (report, exact) = match crate::solve::exact::solve_watched(&battle, budget, watch) {
            Ok(r) => (r.clone(), Some(Solution::Plain(r))),
            Err(SolveError::Cancelled) => return Err(PlanError::Cancelled),
            Err(SolveError::TooLarge { .. }) => (
                crate::solve::monte_carlo::simulate(&battle, runs, options.seed),
                None,
            ),
        };
        return Ok((figures(&report, own, &battle_heirs(scenario, own)), exact));
    }
    let fog = Fog::new(scenario).map_err(PlanError::Invalid)?;
    let mut rng = rng_from_seed(options.seed);
    // The distinct battles the mixture solves (compositions that make the same battle are solved
    // once, R13), none when there are too many to solve each.
    let battles = fog.battles();
    let fits = match (battles, screen::draw(slots, &mut rng)) {
        // One composition solved within its share of the budget: a probe that fails fast.
        (n, Some(d)) if n > 0 => template
            .battle(&d)
            .ok()
            .and_then(|b| crate::solve::exact::solve(&b, budget / n.max(1)).ok())
            .is_some_and(|r| match r.method {
                Method::Exact { states, .. } => states.saturating_mul(n) <= budget,
                Method::MonteCarlo { .. } => false,
            }),
        _ => false,
    };
    stage(fits);
    let report: FogReport = if fits {
        match fog.solve_watched(budget, options.threads, watch) {
            Ok(r) => r,
            Err(SolveError::Cancelled) => return Err(PlanError::Cancelled),
            Err(SolveError::TooLarge { .. }) => fog.simulate_watched(runs, options.seed, watch)?,
        }
    } else {
        fog.simulate_watched(runs, options.seed, watch)?
    };
    let f = figures(&report.report, own, &battle_heirs(scenario, own));
    let exact = matches!(report.report.method, Method::Exact { .. }).then(|| Solution::Fog(report));
    Ok((f, exact))
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

/// Sorts the assessed plans (each with its candidate) by their chance to hold, says which are
/// not told apart from the next, and marks the Pareto front.
///
/// Two plans are told apart when their figures are more than [`SEPARATED`] standard errors
/// apart, or when the screening, which fought both on the same draws and dice (common random
/// numbers), finds the first better by more than [`SEPARATED`] standard errors of their paired
/// difference: a far finer comparison than their figures' own errors allow.
fn order(plans: &mut [(usize, Assessed)], candidates: &[Candidate]) {
    plans.sort_by(|(_, a), (_, b)| {
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
            let ((ia, a), (ib, b)) = (&plans[i], &plans[i + 1]);
            let (fa, fb) = (&a.figures, &b.figures);
            let se = (fa.std_error.powi(2) + fb.std_error.powi(2)).sqrt();
            let gap = fa.hold - fb.hold;
            let (m, paired_se) =
                screen::paired(&candidates[*ia].tally.holds, &candidates[*ib].tally.holds);
            let apart = gap > SEPARATED * se || m > SEPARATED * paired_se;
            plans[i].1.tied_with_next = !apart || gap.abs() < 1e-12;
        }
        let dominated = (0..plans.len()).any(|j| {
            let (a, b) = (&plans[j].1, &plans[i].1);
            j != i
                && a.figures.hold >= b.figures.hold
                && a.figures.own_steps_lost <= b.figures.own_steps_lost
                && a.plan.ways.len() <= b.plan.ways.len()
                && (a.figures.hold > b.figures.hold
                    || a.figures.own_steps_lost < b.figures.own_steps_lost
                    || a.plan.ways.len() < b.plan.ways.len())
        });
        plans[i].1.pareto = !dominated;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::format::Board;

    fn position(json: &str) -> Position {
        let board: Board = serde_json::from_str(json).unwrap();
        Position::new(&board).unwrap()
    }

    /// The one battle of the fast path gives each plan the battles of its own battle, die for
    /// die: every plan's tallies over several draws are equal both ways.
    fn fast_path_is_each_plans_own_battle(p: &Position, area: &str) {
        let t = reach::target(p, crate::rules::movement::area_index(area).unwrap()).unwrap();
        let found = plans(p, t).plans;
        let (candidates, slots) = prepare(p, found, &Options::default());
        let mut rng = rng_from_seed(7);
        let draws: Vec<Draw> = (0..3)
            .map(|_| screen::draw(&slots, &mut rng).unwrap())
            .collect();
        let m = muster(p, &candidates, &draws[0]).expect("the fast path applies");
        let alive: Vec<usize> = (0..candidates.len()).collect();
        let mut fast = vec![Tally::default(); candidates.len()];
        let mut n = 0;
        assert!(
            m.fight(&draws, 0, &alive, &mut fast, 11, &mut n, &|_| true)
                .unwrap()
        );
        for (i, c) in candidates.iter().enumerate() {
            let mut slow = Tally::default();
            screen::fight(&c.template(p), &draws, 0, 11, &mut slow, &mut n, &|_| true).unwrap();
            assert_eq!(fast[i].holds, slow.holds, "plan {i}");
            assert_eq!(fast[i].lost, slow.lost, "plan {i}");
        }
    }

    #[test]
    fn the_fast_path_fights_each_plans_own_battle() {
        // The Kent question: March (an heir, not the Pretender) among the blocks.
        fast_path_is_each_plans_own_battle(
            &position(
                r#"{"kind":"board","version":1,"house":"York","card":3,"areas":[
                {"area":"Middlesex","blocks":[{"id":"March","strength":3},{"id":"Hastings","strength":2},
                  {"id":"Herbert","strength":3}]},
                {"area":"Essex","blocks":[{"id":"Norfolk","strength":4}]},
                {"area":"Kent","enemy":2,"enemy_known":[{"id":"Oxford","strength":2}]}]}"#,
            ),
            "Kent",
        );
        // The Pretender himself, and the King (York holds the throne: Edward is King) may stay
        // home or go; Lancaster's Henry VI may be hidden.
        fast_path_is_each_plans_own_battle(
            &position(
                r#"{"kind":"board","version":1,"house":"York","king":"York","card":2,"areas":[
                {"area":"Wilts","blocks":[{"id":"York","strength":2},{"id":"Salisbury (levy)","strength":4}]},
                {"area":"Kent","blocks":[{"id":"March","strength":3},{"id":"Norfolk","strength":1}]},
                {"area":"Sussex","enemy":2}]}"#,
            ),
            "Sussex",
        );
    }
}
