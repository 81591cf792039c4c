//! The whole turn (issue 34, R37, R38): the best sets of attacks the card allows together. Every
//! target's plans are screened as `rank` screens them; the turns (at most one plan per target)
//! that share no block and keep the action points (5.2), each area's pins (5.22) and each
//! border's limit (5.21) between them are searched by branch and bound on the screening's
//! figures, and the best few get the fog of war's figures, each attack's battle once whatever
//! the number of turns it is in.

use super::card::{Event, Played};
use super::plans::{Plan, plans};
use super::rank::{
    Assessed, BATTLES_PER_DRAW, NO_STAGES, Options, Pick, PlanError, Screening, targets,
};
use super::reach::{self, Target};
use super::validate::Position;
use crate::data::AREAS;
use crate::rules::movement;
use crate::solve::watch::Watch;
use std::collections::{BTreeMap, HashMap};

/// What a turn is ranked by (R38).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Objective {
    /// Expected areas held after the turn's battles: the sum of each battle's chance to hold.
    #[default]
    Areas,
    /// Expected enemy steps lost minus own steps lost, over the turn's battles (R4).
    Steps,
    /// The chance to hold `area` and not lose the heir `keep` (his id), if one is named.
    Take {
        /// The area to take (an index into [`AREAS`]).
        area: usize,
        /// The moving player's heir who must not die, by id.
        keep: Option<String>,
    },
}

/// An attack the player has decided on: the target and exactly the blocks that go there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pin {
    /// The target (an index into [`AREAS`]).
    pub area: usize,
    /// The moving player's blocks that go (indices into [`Position::own`]), sorted.
    pub blocks: Vec<usize>,
}

/// How the turn is searched.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TurnOptions {
    /// What the turns are ranked by.
    pub objective: Objective,
    /// Attacks every turn must make.
    pub pins: Vec<Pin>,
    /// How many turns are reported (0 is taken as 1).
    pub top: usize,
}

/// One turn: its attacks, each with its battle's figures, and what it leaves behind.
#[derive(Debug, Clone)]
pub struct Turn {
    /// Its attacks, in the map's order of targets.
    pub attacks: Vec<Assessed>,
    /// Its value by the objective, from the fog of war's figures.
    pub value: f64,
    /// The value's standard error (0 when every battle is exact).
    pub std_error: f64,
    /// True when `value` is a lower bound (R38: a named heir fighting in the battle for the
    /// named area).
    pub at_least: bool,
    /// The value the branch and bound gave it: each plan by its figures plus [`OPTIMISM`]
    /// standard errors where they are Monte Carlo.
    pub screened: f64,
    /// Action points it spends.
    pub ap: u8,
    /// Areas its moves leave with none of the moving player's blocks, in the map's order.
    pub left_empty: Vec<usize>,
    /// Of those, each with the enemy's areas next to it that hold enemy blocks and whose border
    /// into it is not closed to them this turn: where a counter-attack may come from.
    pub open: Vec<(usize, Vec<usize>)>,
    /// The moving player's heirs in its battles, each with his chance to die (the King or
    /// Pretender among them).
    pub heirs_at_risk: Vec<(String, f64)>,
    /// With the Treason card: the attack (an index into `attacks`) whose battle takes its one
    /// Treachery roll (Event Cards, R41); the others' battles are fought without it.
    pub treason: Option<usize>,
}

/// The best turns, best first.
#[derive(Debug, Clone)]
pub struct Turns {
    /// The turns reported.
    pub turns: Vec<Turn>,
    /// The targets the moving player can attack this turn.
    pub targets: Vec<Target>,
    /// Plans found over every target.
    pub plans: usize,
    /// Turns the branch and bound valued on the screening's figures.
    pub searched: u64,
    /// A round of the branch and bound stopped at its limit of nodes: a better turn may exist.
    pub truncated: bool,
    /// Distinct battles given the fog of war's figures.
    pub assessed: usize,
    /// Battles the screening fought.
    pub screened_battles: u64,
}

/// How many turns, by the screening's figures, get the fog of war's figures for each turn
/// reported: enough that a turn the screening misjudged by a little is still valued.
const FINALISTS_PER_TURN: usize = 4;

/// The most nodes the branch and bound visits in one round; past it the round keeps the best
/// turns found so far and the answer says the search stopped at its limit.
const MAX_NODES: u64 = 5_000_000;

/// The fewest and most draws of the hidden blocks each plan is screened on for the turn: all
/// plans alike, as many as `Options::screen_budget` allows for the target.
const MIN_DRAWS: u64 = 4;
const MAX_DRAWS: u64 = 64;

/// Standard errors above its screened value a plan without figures is taken to be worth: the
/// screening's margin (`rank`'s `KEEP_WITHIN`).
const OPTIMISM: f64 = 3.0;

/// The most rounds of the branch and bound, each assessing the plans of the turns best by the
/// optimistic values that have no figures yet.
const MAX_ROUNDS: usize = 60;

/// One plan as the branch and bound sees it: what it uses, what it is worth.
#[derive(Debug, Clone)]
struct Choice {
    target: usize,
    candidate: usize,
    value: f64,
    blocks: u64,
    sources: u64,
    leaving: Vec<(usize, u8)>,
    crossings: Vec<(usize, u8)>,
}

impl Choice {
    fn of(position: &Position, target: usize, candidate: usize, plan: &Plan, value: f64) -> Self {
        let mut leaving: BTreeMap<usize, u8> = BTreeMap::new();
        let mut crossings: BTreeMap<usize, u8> = BTreeMap::new();
        let (mut blocks, mut sources) = (0u64, 0u64);
        for w in &plan.ways {
            blocks |= 1 << w.block;
            sources |= 1 << w.source();
            *leaving.entry(position.own[w.block].area).or_insert(0) += 1;
            for b in w.borders() {
                *crossings.entry(b).or_insert(0) += 1;
            }
        }
        Choice {
            target,
            candidate,
            value,
            blocks,
            sources,
            leaving: leaving.into_iter().collect(),
            crossings: crossings.into_iter().collect(),
        }
    }

    /// Uses no more of anything than `other`: its blocks, sources, leavers and crossings.
    fn within(&self, other: &Choice) -> bool {
        let le = |a: &[(usize, u8)], b: &[(usize, u8)]| {
            a.iter()
                .all(|(k, n)| b.iter().any(|(l, m)| l == k && n <= m))
        };
        self.blocks & !other.blocks == 0
            && self.sources & !other.sources == 0
            && le(&self.leaving, &other.leaving)
            && le(&self.crossings, &other.crossings)
    }
}

/// What the turn's attacks so far take: the branch and bound's state.
#[derive(Debug, Clone)]
struct Used {
    blocks: u64,
    sources: u64,
    leaving: Vec<u8>,
    crossings: Vec<u8>,
}

impl Used {
    fn new(position: &Position) -> Used {
        Used {
            blocks: 0,
            sources: 0,
            leaving: vec![0; AREAS.len()],
            crossings: position.crossed.clone(),
        }
    }

    /// Takes `c` if the turn can make it too: no block twice, the action points for every area
    /// left (5.2; for every block with Piracy, R43), each area's pins (5.22), each border's
    /// limit (5.21).
    fn take(&mut self, position: &Position, may_leave: &[usize], c: &Choice) -> bool {
        if self.blocks & c.blocks != 0 {
            return false;
        }
        let sources = self.sources | c.sources;
        let areas: Vec<usize> = (0..AREAS.len()).filter(|a| sources >> a & 1 == 1).collect();
        let blocks = (self.blocks | c.blocks).count_ones() as usize;
        if position.moves_cost(blocks, &areas) > position.ap {
            return false;
        }
        if c.leaving
            .iter()
            .any(|&(a, n)| usize::from(self.leaving[a] + n) > may_leave[a])
        {
            return false;
        }
        if c.crossings
            .iter()
            .any(|&(b, n)| self.crossings[b] + n > position.limit(b))
        {
            return false;
        }
        self.blocks |= c.blocks;
        self.sources = sources;
        for &(a, n) in &c.leaving {
            self.leaving[a] += n;
        }
        for &(b, n) in &c.crossings {
            self.crossings[b] += n;
        }
        true
    }
}

/// The best turns for the moving player (R37, R38).
///
/// # Errors
/// [`PlanError::Cancelled`] when `watch` says stop; [`PlanError::Turn`] when a pin names an
/// area that is no target or blocks no plan sends there.
pub fn best_turns(
    position: &Position,
    options: &Options,
    turn: &TurnOptions,
    watch: &Watch<'_>,
) -> Result<Turns, PlanError> {
    let all = targets(position);
    for (i, pin) in turn.pins.iter().enumerate() {
        if !all.iter().any(|t| t.area == pin.area) {
            return Err(PlanError::Turn(format!(
                "pins[{i}]: {} is no area the moving player can attack this turn",
                AREAS[pin.area].name
            )));
        }
    }
    // Every target's plans, screened as `rank` screens them (each on its own draws).
    let mut screened: Vec<Screening> = Vec::with_capacity(all.len());
    let mut found = 0;
    for &target in &all {
        let mut list = plans(position, target).plans;
        if let Some(pin) = turn.pins.iter().find(|p| p.area == target.area) {
            list.retain(|p| {
                let mut b: Vec<usize> = p.ways.iter().map(|w| w.block).collect();
                b.sort_unstable();
                b == pin.blocks
            });
        }
        found += list.len();
        let mut screening = Screening::new(position, target, list, options.reinforce, options.seed);
        // Every plan on the same draws (no halving: a plan second best for its target may be
        // the best beside another attack), as many as the budget allows, within bounds.
        let per_draw = (screening.candidates.len().max(1) as u64) * u64::from(BATTLES_PER_DRAW);
        let draws = (options.screen_budget / per_draw).clamp(MIN_DRAWS, MAX_DRAWS) as usize;
        screening.fight_every(position, draws, watch)?;
        screened.push(screening);
    }
    let battles = screened.iter().map(|s| s.fought).sum();
    for (i, pin) in turn.pins.iter().enumerate() {
        let s = screened.iter().find(|s| s.target.area == pin.area);
        if s.is_none_or(|s| s.candidates.is_empty()) {
            return Err(PlanError::Turn(format!(
                "pins[{i}]: no plan this turn sends exactly those blocks to {}",
                AREAS[pin.area].name
            )));
        }
    }
    // A pinned attack is in every turn, and so is the attack on the area to take, and a battle
    // that is fought whatever the turn does (one the enemy started, one already joined: with no
    // block added where that is best, R37).
    let pinned: Vec<bool> = screened
        .iter()
        .map(|s| {
            turn.pins.iter().any(|p| p.area == s.target.area)
                || matches!(turn.objective, Objective::Take { area, .. } if area == s.target.area)
                || !matches!(s.target.role, super::reach::Role::Attack)
        })
        .collect();
    let keep = turn.top.max(1) * FINALISTS_PER_TURN;
    let may_leave: Vec<usize> = (0..AREAS.len())
        .map(|a| reach::movable(position, a).1)
        .collect();
    // Rounds of the branch and bound on optimistic values (R37): a plan's figures where it has
    // them, else its screened value plus [`OPTIMISM`] standard errors. The turns best by those
    // get the fog of war's figures; once every one of them has its figures, no other turn can be
    // better by more than the screening's errors allow.
    let mut figures: HashMap<(usize, usize), Assessed> = HashMap::new();
    let mut searched = 0;
    let mut truncated = false;
    let mut rounds = 0;
    let finalists = loop {
        let choices: Vec<Vec<Choice>> = screened
            .iter()
            .enumerate()
            .map(|(t, s)| choices_for(position, t, s, &turn.objective, &figures))
            .collect();
        let search = Search::run(position, &choices, &pinned, &may_leave, keep);
        searched += search.searched;
        truncated |= search.nodes > MAX_NODES;
        let finalists = search.best;
        let mut new: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (_, picks) in &finalists {
            for &(t, c) in picks {
                if !figures.contains_key(&(t, c)) {
                    let list = new.entry(t).or_default();
                    if !list.contains(&c) {
                        list.push(c);
                    }
                }
            }
        }
        if new.is_empty() {
            break finalists;
        }
        for (t, mine) in new {
            figures.extend(assess_plans(
                position,
                &screened[t],
                t,
                mine,
                false,
                options,
                watch,
            )?);
        }
        rounds += 1;
        if rounds == MAX_ROUNDS {
            // Past the rounds allowed: the turns best by what is known, every plan assessed.
            let choices: Vec<Vec<Choice>> = screened
                .iter()
                .enumerate()
                .map(|(t, s)| {
                    choices_for(position, t, s, &turn.objective, &figures)
                        .into_iter()
                        .filter(|c| figures.contains_key(&(c.target, c.candidate)))
                        .collect()
                })
                .collect();
            let search = Search::run(position, &choices, &pinned, &may_leave, keep);
            searched += search.searched;
            truncated |= search.nodes > MAX_NODES;
            break search.best;
        }
    };
    // The Treason card's one roll goes to one battle of the turn (Event Cards, R41): a turn of
    // several battles is valued with the roll in each in turn, the others fought without it.
    let treason = position.card == Played::Event(Event::Treason);
    let mut plain: HashMap<(usize, usize), Assessed> = HashMap::new();
    if treason {
        let mut wanted: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (_, picks) in finalists.iter().filter(|(_, p)| p.len() > 1) {
            for &(t, c) in picks {
                let list = wanted.entry(t).or_default();
                if !list.contains(&c) {
                    list.push(c);
                }
            }
        }
        for (t, mine) in wanted {
            plain.extend(assess_plans(
                position,
                &screened[t],
                t,
                mine,
                true,
                options,
                watch,
            )?);
        }
    }
    let mut turns: Vec<Turn> = finalists
        .iter()
        .map(|(screened_value, picks)| {
            let with: Vec<Assessed> = picks.iter().map(|k| figures[k].clone()).collect();
            if !treason {
                return whole(position, with, *screened_value, &turn.objective);
            }
            // The roll where the turn gains most by the objective.
            (0..with.len())
                .map(|i| {
                    let attacks: Vec<Assessed> = picks
                        .iter()
                        .enumerate()
                        .map(|(j, k)| {
                            if j == i {
                                figures[k].clone()
                            } else {
                                plain[k].clone()
                            }
                        })
                        .collect();
                    let mut t = whole(position, attacks, *screened_value, &turn.objective);
                    t.treason = Some(i);
                    t
                })
                .max_by(|a, b| a.value.total_cmp(&b.value))
                .expect("a turn has a battle")
        })
        .collect();
    turns.sort_by(|a, b| {
        b.value
            .total_cmp(&a.value)
            .then(blocks(a).cmp(&blocks(b)))
            .then(own_lost(a).total_cmp(&own_lost(b)))
    });
    turns.truncate(turn.top.max(1));
    Ok(Turns {
        turns,
        targets: all,
        plans: found,
        searched,
        truncated,
        assessed: figures.len(),
        screened_battles: battles,
    })
}

/// Assessed plans, each keyed by (target, plan).
type Keyed = Vec<((usize, usize), Assessed)>;

/// The fog of war's figures for plans `mine` of target `t` (the screening's [`Screening::assess`]),
/// each keyed by (target, plan); `without_treason` fights their battles without the Treason card
/// (R41).
fn assess_plans(
    position: &Position,
    s: &Screening,
    t: usize,
    mine: Vec<usize>,
    without_treason: bool,
    options: &Options,
    watch: &Watch<'_>,
) -> Result<Keyed, PlanError> {
    let picks: Vec<Pick> = mine
        .iter()
        .map(|&c| Pick {
            candidate: c,
            runs: options.runs,
            budget: options.exact_budget,
        })
        .collect();
    let assessed = s.assess(
        position,
        &picks,
        without_treason,
        options,
        &super::rank::Presolved::new(),
        watch,
        NO_STAGES,
    )?;
    Ok(mine.into_iter().map(|c| (t, c)).zip(assessed).collect())
}

/// A target's plans the branch and bound may choose, each valued by the objective: by its
/// figures where it has them, else optimistically by the screening (R37); the plans no better
/// than one using less of everything dropped.
fn choices_for(
    position: &Position,
    t: usize,
    s: &Screening,
    objective: &Objective,
    figures: &HashMap<(usize, usize), Assessed>,
) -> Vec<Choice> {
    let steps = *objective == Objective::Steps;
    let counts = match objective {
        Objective::Take { area, .. } => *area == s.target.area,
        _ => true,
    };
    let mut all: Vec<Choice> = s
        .candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.tally.broken && !c.tally.holds.is_empty())
        .map(|(i, c)| {
            let value = if !counts {
                0.0
            } else if let Some(a) = figures.get(&(t, i)) {
                let f = &a.figures;
                if steps {
                    f.enemy_steps_lost - f.own_steps_lost
                } else {
                    f.hold + OPTIMISM * f.std_error
                }
            } else {
                let (m, se) = c
                    .tally
                    .per_draw(steps, if steps { 0.25 } else { 1.0 / 64.0 });
                let v = m + OPTIMISM * se;
                // A chance to hold is at most 1.
                if steps { v } else { v.min(1.0) }
            };
            Choice::of(position, t, i, &c.plan, value)
        })
        .collect();
    all.sort_by(|a, b| {
        b.value
            .total_cmp(&a.value)
            .then(a.candidate.cmp(&b.candidate))
    });
    let mut kept: Vec<Choice> = Vec::new();
    for c in all {
        if !kept.iter().any(|k| k.within(&c)) {
            kept.push(c);
        }
    }
    kept
}

/// The branch and bound over targets in the map's order: each target attacked by one of its
/// choices or not at all (unless pinned), the `keep` best turns by the screening kept.
struct Search<'a> {
    position: &'a Position,
    choices: &'a [Vec<Choice>],
    pinned: &'a [bool],
    may_leave: &'a [usize],
    keep: usize,
    /// The best turns so far: their screened value and their plans as (target, candidate).
    best: Vec<(f64, Vec<(usize, usize)>)>,
    searched: u64,
    /// Nodes visited, against [`MAX_NODES`].
    nodes: u64,
    picked: Vec<(usize, usize)>,
}

impl<'a> Search<'a> {
    /// The `keep` best turns of `choices`, the bound from each target's best choice.
    fn run(
        position: &'a Position,
        choices: &'a [Vec<Choice>],
        pinned: &'a [bool],
        may_leave: &'a [usize],
        keep: usize,
    ) -> Search<'a> {
        let mut search = Search {
            position,
            choices,
            pinned,
            may_leave,
            keep,
            best: Vec::new(),
            searched: 0,
            nodes: 0,
            picked: Vec::new(),
        };
        // The most each target can add from here on: the bound.
        let mut rest = vec![0.0; choices.len() + 1];
        for t in (0..choices.len()).rev() {
            let most = choices[t].iter().map(|c| c.value).fold(0.0, f64::max);
            rest[t] = rest[t + 1] + most;
        }
        search.walk(0, Used::new(position), 0.0, &rest);
        search
    }

    fn walk(&mut self, t: usize, used: Used, value: f64, rest: &[f64]) {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return;
        }
        if self.best.len() == self.keep && value + rest[t] <= self.best[self.keep - 1].0 {
            return;
        }
        if t == self.choices.len() {
            self.searched += 1;
            if self.picked.is_empty() {
                return;
            }
            let at = self.best.partition_point(|(v, _)| *v >= value);
            self.best.insert(at, (value, self.picked.clone()));
            self.best.truncate(self.keep);
            return;
        }
        for c in &self.choices[t] {
            let mut next = used.clone();
            if next.take(self.position, self.may_leave, c) {
                self.picked.push((c.target, c.candidate));
                self.walk(t + 1, next, value + c.value, rest);
                self.picked.pop();
            }
        }
        if !self.pinned[t] {
            self.walk(t + 1, used, value, rest);
        }
    }
}

/// A turn from its attacks' figures (R38).
fn whole(
    position: &Position,
    attacks: Vec<Assessed>,
    screened: f64,
    objective: &Objective,
) -> Turn {
    let se = |f: fn(&Assessed) -> f64| attacks.iter().map(f).sum::<f64>();
    let var = attacks
        .iter()
        .map(|a| a.figures.std_error.powi(2))
        .sum::<f64>();
    let (value, at_least) = match objective {
        Objective::Areas => (se(|a| a.figures.hold), false),
        Objective::Steps => (
            se(|a| a.figures.enemy_steps_lost - a.figures.own_steps_lost),
            false,
        ),
        Objective::Take { area, keep } => take(&attacks, *area, keep.as_deref()),
    };
    let mut heirs_at_risk: Vec<(String, f64)> = Vec::new();
    for a in &attacks {
        for h in &a.figures.heirs {
            heirs_at_risk.push((h.id.clone(), h.dies));
        }
    }
    let plans: Vec<&Plan> = attacks.iter().map(|a| &a.plan).collect();
    let left_empty = left_empty(position, &plans);
    let open = left_empty
        .iter()
        .map(|&a| (a, counter_attacks(position, a)))
        .collect();
    let moving = plans.iter().map(|p| p.ways.len()).sum();
    Turn {
        ap: position.moves_cost(moving, &sources(&plans)),
        attacks,
        value,
        std_error: var.sqrt(),
        at_least,
        screened,
        left_empty,
        open,
        heirs_at_risk,
        treason: None,
    }
}

/// The chance to hold `area` without losing the heir `keep` (R38): the battles are separate,
/// so over two battles the chances multiply; in one battle the two are not independent and
/// only the bound `hold - dies` is known, said as "at least".
fn take(attacks: &[Assessed], area: usize, keep: Option<&str>) -> (f64, bool) {
    let Some(there) = attacks.iter().find(|a| a.plan.target.area == area) else {
        return (0.0, false);
    };
    let hold = there.figures.hold;
    let Some(keep) = keep else {
        return (hold, false);
    };
    let dies = |a: &Assessed| {
        a.figures
            .heirs
            .iter()
            .find(|h| h.id == keep)
            .map_or(0.0, |h| h.dies)
    };
    let elsewhere: f64 = attacks
        .iter()
        .filter(|a| a.plan.target.area != area)
        .map(|a| 1.0 - dies(a))
        .product();
    let here = dies(there);
    if here > 0.0 {
        ((hold - here).max(0.0) * elsewhere, true)
    } else {
        (hold * elsewhere, false)
    }
}

/// The areas the turn's blocks move from, each once, in the map's order.
fn sources(plans: &[&Plan]) -> Vec<usize> {
    let mut sources: Vec<usize> = plans
        .iter()
        .flat_map(|p| p.ways.iter().map(|w| w.source()))
        .collect();
    sources.sort_unstable();
    sources.dedup();
    sources
}

/// The areas the turn's moves leave with none of the moving player's blocks.
fn left_empty(position: &Position, plans: &[&Plan]) -> Vec<usize> {
    sources(plans)
        .into_iter()
        .filter(|&s| {
            position.spots[s]
                .own
                .iter()
                .all(|k| plans.iter().any(|p| p.ways.iter().any(|w| w.block == *k)))
        })
        .collect()
}

/// The enemy's areas next to `area` by land (not across an estuary, 5.2) that hold enemy blocks
/// and none of the moving player's: where a counter-attack on it may come from next turn.
fn counter_attacks(position: &Position, area: usize) -> Vec<usize> {
    let name = AREAS[area].name;
    let mut out: Vec<usize> = movement::land_neighbours(name)
        .filter(|(n, _)| !movement::estuary(name, n.name))
        .filter_map(|(n, _)| movement::area_index(n.name))
        .filter(|&n| position.spots[n].enemies() > 0 && position.spots[n].own.is_empty())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn blocks(t: &Turn) -> usize {
    t.attacks.iter().map(|a| a.plan.ways.len()).sum()
}

fn own_lost(t: &Turn) -> f64 {
    t.attacks.iter().map(|a| a.figures.own_steps_lost).sum()
}
