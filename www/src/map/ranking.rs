//! The planner's answer as the page receives it from its worker: each target's plans with their
//! figures, written from the engine's `Ranking` ([`TargetPlans::of`], the same fields `bosworth
//! plan --json` prints), and what the page draws and says of a plan (its arrows and border
//! badges on the map, its lines of words). No `Html` here.

use super::svg::Route;
use bosworth::Scenario;
use bosworth::board::{Assessed, Position, Ranking, Role, Solution, Way};
use bosworth::data::{BORDERS, House};
use bosworth::rules::{movement, sea};
use bosworth::solve::report::Method;
use serde::{Deserialize, Serialize};

/// One of the moving player's heirs in a plan's battle and the chance he dies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeirRisk {
    /// The heir's id.
    pub id: String,
    /// The chance he is eliminated.
    pub dies: f64,
}

/// One block's way into the target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WayView {
    /// The block's id.
    pub id: String,
    /// The areas it moves through: where it starts, the area it passes if any, the target.
    pub route: Vec<String>,
    /// It crosses another border than the Main Attack's: a reserve (6.3).
    pub reserve: bool,
    /// The sea zone it sails with Piracy (5.3, R43); `None` by land.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sea: Option<String>,
}

impl WayView {
    /// The border it enters the target by: the neighbour it comes from, or the sea zone it
    /// sails (R42).
    pub fn entry(&self) -> &str {
        match &self.sea {
            Some(z) => z,
            None => &self.route[self.route.len().saturating_sub(2)],
        }
    }
}

/// Enemy blocks that reinforce the battle from one area (6.3, R23).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupView {
    /// The area they start from.
    pub from: String,
    /// Their path to the target.
    pub route: Vec<String>,
    /// The known blocks among them, with their strengths.
    pub known: Vec<(String, u8)>,
    /// How many unseen blocks.
    pub unseen: u8,
}

/// One plan with its figures: the fog of war's on its battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlanView {
    /// The moving player's chance to hold the target.
    pub holds: f64,
    /// Its standard error (0 when exact).
    pub std_error: f64,
    /// The chance the target is left vacant.
    pub vacant: f64,
    /// Expected steps lost by the moving player.
    pub own_steps_lost: f64,
    /// Expected steps lost by the enemy.
    pub enemy_steps_lost: f64,
    /// The moving player's heirs in the battle and their chance to die.
    pub heirs: Vec<HeirRisk>,
    /// The chance the King dies, if he may be in the battle.
    pub king_dies: Option<f64>,
    /// The chance the Pretender dies, if he may be in the battle.
    pub pretender_dies: Option<f64>,
    /// Exact, or Monte Carlo with its battles and seed.
    pub method: Method,
    /// The Main Attack's border, by the neighbour it comes from (6.3).
    pub main: Option<String>,
    /// Each committed block's way, in the board's order of blocks.
    pub ways: Vec<WayView>,
    /// Action points spent (5.2).
    pub action_points: u8,
    /// Areas left with none of the moving player's blocks.
    pub left_empty: Vec<String>,
    /// The enemy's reinforcements the battle assumes.
    pub reinforcements: Vec<GroupView>,
    /// On the Pareto front: no other plan holds as often with no more steps lost and blocks
    /// committed.
    pub pareto: bool,
    /// Not told apart from the next plan (within 4 standard errors).
    pub tied_with_next: bool,
    /// The plan's battle: the scenario its figures are of (`bosworth plan --open N`).
    pub battle: Scenario,
    /// The exact report the figures were read from, when exact: sent by the worker with the
    /// plan, then kept by the page among the battles solved (`crate::shell::solved`, the pool
    /// takes it out) so that the plan opened as a battle shows it at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Solution>,
}

/// Every plan reported for one target, best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetPlans {
    /// The target's name.
    pub target: String,
    /// What attacking it means: `attack`, `join` (adding to one's own attack) or `reinforce`.
    pub role: String,
    /// Every distinct plan found.
    pub considered: usize,
    /// The search stopped at its limit.
    pub truncated: bool,
    /// Battles the screening fought.
    pub screened_battles: u64,
    /// The plans reported, best first.
    pub plans: Vec<PlanView>,
}

/// A place's name: an area, or a sea zone (R42).
pub(crate) fn name(place: usize) -> String {
    sea::place_name(place).to_string()
}

fn way(position: &Position, w: &Way, main: Option<usize>) -> WayView {
    WayView {
        id: position.own[w.block].block.id.to_string(),
        route: w.path.iter().map(|&a| name(a)).collect(),
        reserve: Some(w.entry()) != main,
        sea: w.sea.map(|z| sea::SEAS[z].to_string()),
    }
}

impl PlanView {
    /// A plan assessed by the engine, as the page shows it.
    pub fn of(position: &Position, a: &Assessed) -> PlanView {
        let f = &a.figures;
        PlanView {
            holds: f.hold,
            std_error: f.std_error,
            vacant: f.vacant,
            own_steps_lost: f.own_steps_lost,
            enemy_steps_lost: f.enemy_steps_lost,
            heirs: f
                .heirs
                .iter()
                .map(|h| HeirRisk {
                    id: h.id.clone(),
                    dies: h.dies,
                })
                .collect(),
            king_dies: f.king_dies,
            pretender_dies: f.pretender_dies,
            method: f.method.clone(),
            main: a.plan.main.map(name),
            ways: a
                .plan
                .ways
                .iter()
                .map(|w| way(position, w, a.plan.main))
                .collect(),
            action_points: a.plan.ap,
            left_empty: a.plan.left_empty.iter().map(|&x| name(x)).collect(),
            reinforcements: a
                .reinforcements
                .iter()
                .map(|g| GroupView {
                    from: name(g.source),
                    route: g.path.iter().map(|&x| name(x)).collect(),
                    known: g
                        .known
                        .iter()
                        .map(|s| (s.block.id.to_string(), s.strength))
                        .collect(),
                    unseen: g.hidden,
                })
                .collect(),
            pareto: a.pareto,
            tied_with_next: a.tied_with_next,
            battle: a.scenario.clone(),
            exact: a.exact.clone(),
        }
    }

    /// The blocks of the Main Attack.
    pub fn active(&self) -> impl Iterator<Item = &WayView> {
        self.ways.iter().filter(|w| !w.reserve)
    }

    /// The blocks in reserve.
    pub fn reserves(&self) -> impl Iterator<Item = &WayView> {
        self.ways.iter().filter(|w| w.reserve)
    }

    /// Monte Carlo figures (with a standard error), not exact ones.
    pub fn sampled(&self) -> bool {
        matches!(self.method, Method::MonteCarlo { .. })
    }
}

impl TargetPlans {
    /// The engine's ranking as the page shows it.
    pub fn of(position: &Position, r: &Ranking) -> TargetPlans {
        TargetPlans {
            target: name(r.target.area),
            role: match r.target.role {
                Role::Attack => "attack",
                Role::Join { .. } => "join",
                Role::Reinforce => "reinforce",
            }
            .to_string(),
            considered: r.considered,
            truncated: r.truncated,
            screened_battles: r.screened_battles,
            plans: r.plans.iter().map(|a| PlanView::of(position, a)).collect(),
        }
    }

    /// The best plan, if any block can reach the target.
    pub fn best(&self) -> Option<&PlanView> {
        self.plans.first()
    }
}

/// Every target's best plan in `bosworth plan`'s order (`bosworth::board::order_targets`): the
/// best plan's chance to hold first, then the map's order of areas.
pub fn order_targets(targets: &mut [TargetPlans]) {
    let at = |t: &TargetPlans| movement::area_index(&t.target).unwrap_or(usize::MAX);
    targets.sort_by(|a, b| {
        let h = |t: &TargetPlans| t.best().map_or(-1.0, |p| p.holds);
        h(b).total_cmp(&h(a)).then(at(a).cmp(&at(b)))
    });
}

/// An arrow of a plan across one border: from, to, whose, Main Attack or reserve.
pub type Leg = (String, String, House, Route);

/// The arrows of a plan on the map: each border a block crosses, once for each way of crossing
/// it (Main Attack or reserve), its own and the enemy's reinforcements.
pub fn legs(plan: &PlanView, house: House) -> Vec<Leg> {
    let mut out: Vec<Leg> = Vec::new();
    let mut add = |from: &str, to: &str, who: House, route: Route| {
        let leg = (from.to_string(), to.to_string(), who, route);
        if !out.contains(&leg) {
            out.push(leg);
        }
    };
    for w in &plan.ways {
        let route = if w.reserve {
            Route::Reserve
        } else {
            Route::Main
        };
        match (&w.sea, w.route.as_slice()) {
            // A sea move: out to the zone, and in from it (5.3).
            (Some(z), [from, to]) => {
                add(from, z, house, route);
                add(z, to, house, route);
            }
            _ => {
                for pair in w.route.windows(2) {
                    add(&pair[0], &pair[1], house, route);
                }
            }
        }
    }
    for g in &plan.reinforcements {
        for pair in g.route.windows(2) {
            add(&pair[0], &pair[1], house.other(), Route::Reserve);
        }
    }
    out
}

/// The borders a plan's blocks cross, each with how many of the moving player's blocks cross it
/// this turn in all (those that moved already, `crossed`, and the plan's) and its limit (5.21):
/// `(a, b, used, limit)`.
pub fn border_use(plan: &PlanView, crossed: &[u8]) -> Vec<(String, String, u8, u8)> {
    let mut out: Vec<(usize, u8)> = Vec::new();
    // A sea move crosses no land border and no limit counts it (5.3, R43).
    for w in plan.ways.iter().filter(|w| w.sea.is_none()) {
        for pair in w.route.windows(2) {
            let Some(b) = movement::land_border_index(&pair[0], &pair[1]) else {
                continue;
            };
            match out.iter_mut().find(|(x, _)| *x == b) {
                Some((_, n)) => *n += 1,
                None => out.push((b, 1)),
            }
        }
    }
    out.into_iter()
        .map(|(b, n)| {
            let border = &BORDERS[b];
            let used = n + crossed.get(b).copied().unwrap_or(0);
            (
                border.a.to_string(),
                border.b.to_string(),
                used,
                border.kind.limit(),
            )
        })
        .collect()
}

/// The block's words in a plan: `Norfolk from Essex` when it passes through another area.
fn block_way(w: &WayView) -> String {
    match (w.route.len(), &w.sea) {
        (3, _) | (_, Some(_)) => format!("{} from {}", w.id, w.route[0]),
        _ => w.id.clone(),
    }
}

/// The plan's groups by the border they cross, as `bosworth plan` writes them: the Main Attack
/// (`Middlesex: March, Norfolk from Essex`), then the reserves by border.
pub fn groups(plan: &PlanView) -> (Option<String>, Vec<String>) {
    let main: Vec<String> = plan.active().map(block_way).collect();
    let main = plan.main.as_ref().map(|m| {
        if main.is_empty() {
            format!("{m}: (those already there)")
        } else {
            format!("{m}: {}", main.join(", "))
        }
    });
    let mut reserves: Vec<(String, Vec<String>)> = Vec::new();
    for w in plan.reserves() {
        match reserves.iter_mut().find(|r| r.0 == w.entry()) {
            Some(r) => r.1.push(block_way(w)),
            None => reserves.push((w.entry().to_string(), vec![block_way(w)])),
        }
    }
    (
        main,
        reserves
            .into_iter()
            .map(|(e, b)| format!("{e}: {}", b.join(", ")))
            .collect(),
    )
}

/// Who may die in a plan's battle: `March 6.2%, the King 6.9%` (empty when nobody).
pub fn deaths(plan: &PlanView) -> String {
    let pct = crate::shell::format::pct;
    let mut parts: Vec<String> = plan
        .heirs
        .iter()
        .map(|h| format!("{} {}", h.id, pct(h.dies)))
        .collect();
    if let Some(k) = plan.king_dies.filter(|k| *k > 0.0) {
        parts.push(format!("the King {}", pct(k)));
    }
    if let Some(k) = plan.pretender_dies.filter(|k| *k > 0.0) {
        parts.push(format!("the Pretender {}", pct(k)));
    }
    parts.join(", ")
}

/// How the figures were worked out, as `bosworth plan` says it: `exact`, or `Monte Carlo 20000
/// seed 1`.
pub fn method_words(m: &Method) -> String {
    match m {
        Method::Exact { .. } => "exact".to_string(),
        Method::MonteCarlo { runs, seed } => format!("Monte Carlo {runs} seed {seed}"),
    }
}

/// The standard error as the page writes it beside a chance: ` ± 0.35%`, or ` (exact)`.
pub fn error_words(plan: &PlanView) -> String {
    if plan.std_error > 0.0 {
        format!(" ± {:.2}%", 100.0 * plan.std_error)
    } else {
        " (exact)".to_string()
    }
}
