//! Fog of war: odds against blocks you cannot see. Outside a battle a block stands facing its
//! owner (rulebook, Fog-of-War), so a player planning an attack knows how many enemy blocks are
//! there, not who they are. A scenario's hidden blocks stand for "one of these candidates, at a
//! strength from this prior" (R13); the battle is then a mixture of battles, one for each thing
//! they may be.
//!
//! [`Fog::new`] lists every *composition* (an assignment of a candidate to each hidden block, no
//! person twice, interchangeable hidden blocks in the tie order of R13) and merges those that
//! behave identically in this battle (`classes.rs`): equal *behaviour classes* give the same
//! battle but for names; equal *battle classes* give the same course of battle, the King's,
//! Pretender's and heirs' figures told apart afterwards. The exact mixture (`mixture.rs`) solves
//! each distinct battle once, at weight 1, into a [`SolvedBattle`] that a [`FogMemo`] can keep
//! across edits, and adds them up weighted by each composition's chance; its cost is estimated
//! before the work ([`Fog::estimate`]). [`Fog::simulate`] draws a composition for each battle.
//! Both report the averaged figures with who the hidden blocks turned out to be, the spread
//! across compositions, and the value of scouting each one; any composition can be opened as an
//! ordinary battle, its blocks revealed ([`Fog::reveal`], `reveal.rs`).
//!
//! # How a caller uses it
//! - **Cost before work**: [`Fog::battles`] (distinct battles, known at once) and
//!   [`Fog::estimate`] (solves a small sample into the memo and extrapolates, so the sample is
//!   not wasted): compare [`Cost::estimate`] with the budget, or with the states the caller can
//!   afford in its time (natively about 5 M a second per core, a fifth of it in a browser).
//! - **Exact where it fits**: [`Fog::solve_memo`] (the memo keeps every battle solved), or the
//!   same work cut into [`Fog::pieces`] for Web Workers ([`Fog::solve_pieces`], [`Fog::assemble`]),
//!   or battle by battle ([`Fog::missing`], [`Fog::solve_battles`], [`Fog::report_from`]).
//! - **Monte Carlo otherwise**: [`Fog::simulate_watched`], which needs no listing.
//! - **Reuse across edits**: keep one [`FogMemo`] and build a new `Fog` after each edit; a
//!   battle is found again by its key (the known blocks, the area, the throne, the policy, and
//!   what each hidden block is in it), so an edit to a known block or the policy finds nothing
//!   again, and an edit to one hidden block's candidates or prior finds every battle its new
//!   compositions share with the old ones. [`FogMemo::keep`] drops what the new `Fog` no longer
//!   uses.

mod candidates;
mod classes;
mod figures;
mod mixture;
mod reveal;
mod warnings;

pub use candidates::{Availability, KIND_NAMES};
pub use figures::{Example, FogReport, HiddenReport, Identity, Royal, Scout, Spread};
pub use mixture::{Cost, FogMemo, FogPart, SolvedBattle};
pub use reveal::Pick;

use crate::rules::battle::Battle;
use crate::rules::dice::{BattleRng, rng_from_seed, uniform};
use crate::rules::log::Silent;
use crate::scenario::{BlockEntry, CustomBlock, Scenario, ScenarioError, Side};
use crate::solve::error::SolveError;
use crate::solve::monte_carlo::{MAX_RUNS, one_battle};
use crate::solve::report::Shape;
use crate::solve::report::{Method, Tally};
use crate::solve::watch::{EVERY, UNWATCHED, Watch};
use candidates::Candidate;
use classes::{Role, tie_order};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The fast hash of Monte Carlo's caches (their order is never read).
type Fx = std::hash::BuildHasherDefault<crate::solve::table::FxHasher>;

/// The most candidate assignments [`Fog::new`] lists one by one; past it, only Monte Carlo
/// (which draws them) can average over the hidden blocks.
pub const MAX_ASSIGNMENTS: usize = 300_000;

/// The most states one composition may need in an exact mixture (the browser's budget for one
/// battle): a mixture solves many battles, each of which must be small; past it, Monte Carlo.
pub const MAX_COMPOSITION_STATES: usize = 2_000_000;

/// The most distinct compositions Monte Carlo counts (its report says "at least" past it).
const MAX_DISTINCT_COUNTED: usize = 1_000_000;

/// The most composition battles kept built at once.
const BATTLE_CACHE: usize = 4_096;

/// What Monte Carlo over a mixture spends choosing a drawn battle's Treason target (R45):
/// `FOG_CHOICE_RUNS` battles per target on the same dice, never an exact solve
/// (`FOG_CHOICE_STATES` is 0), none when the card may roll at one block only. Far less than for
/// one battle (the same dice make the targets' difference far surer than either value): a mixture chooses once per distinct battle drawn, hundreds of them,
/// and a mixture small enough to solve each battle is solved exactly, choice and all.
const FOG_CHOICE_STATES: usize = 0;
const FOG_CHOICE_RUNS: u64 = 200;

/// Rejection draws Monte Carlo tries for one assignment before taking a known valid one (only
/// when the hidden blocks' candidates overlap so much that most draws repeat a person).
const DRAW_TRIES: usize = 100_000;

/// The most distinct battles [`Fog::solve`] solves exactly.
pub const MAX_EXACT_COMPOSITIONS: usize = 5_000;

/// One hidden block of the scenario, resolved.
#[derive(Debug, Clone)]
struct Hidden {
    side: Side,
    /// "hidden #2" as reports name it (numbered per side).
    label: String,
    reserve: bool,
    /// The neighbour it came from (5.2, 6.3), if the scenario says.
    from: Option<String>,
    /// Its slot in every composition's battle: after its side's known blocks.
    slot: usize,
    candidates: Vec<Candidate>,
    /// For each candidate, its behaviour class (equal classes give equal battles but names).
    class: Vec<u32>,
    /// For each candidate, its battle class (equal classes give the same course of battle;
    /// see `classes.rs`).
    dynamic: Vec<u32>,
    /// For each candidate, what it would be in royal terms.
    role: Vec<Role>,
    /// For each candidate, its place in the tie order of R13 ([`classes::tie_order`]).
    tie: Vec<(u8, u8, u8, u16)>,
    /// How many different blocks its candidates name (each equally likely, R13).
    blocks: usize,
    /// The nearest earlier hidden block of the same side described the same way: the two are
    /// interchangeable, so only assignments with this one later in the tie order of R13
    /// ([`classes::tie_order`]) are listed.
    twin: Option<usize>,
}

/// One distinct composition: its chance, a representative assignment, and the chance of each
/// candidate of each hidden block within it.
#[derive(Debug, Clone)]
struct Composition {
    chance: f64,
    /// A candidate index per hidden block.
    example: Vec<usize>,
    /// Per hidden block: (candidate, chance within the whole mixture).
    who: Vec<Vec<(usize, f64)>>,
    /// The distinct battle it is fought as (an index of [`Fog::groups`]).
    group: usize,
}

/// A composition's royal terms: the King's and the Pretender's slots if they fight, and which
/// hidden blocks are heirs of which house.
#[derive(Debug, Clone)]
struct Roles {
    king: Option<usize>,
    pretender: Option<usize>,
    /// Per hidden block.
    heirs: Vec<Option<crate::data::House>>,
}

/// One distinct battle of the exact mixture: the compositions with the same battle classes.
#[derive(Debug, Clone)]
struct Group {
    /// What finds it again in a [`FogMemo`].
    key: String,
    /// The assignment it is solved as.
    example: Vec<usize>,
}

/// A battle with hidden blocks, ready to be solved or simulated.
pub struct Fog {
    scenario: Scenario,
    hidden: Vec<Hidden>,
    /// Every distinct composition, when there are at most [`MAX_ASSIGNMENTS`] assignments.
    compositions: Option<Vec<Composition>>,
    /// The distinct battles of the compositions, in the order they are first listed.
    groups: Vec<Group>,
    /// Assignments listed (distinct candidate choices for all hidden blocks, no person twice).
    assignments: usize,
    /// Built battles, by composition class key.
    battles: RefCell<HashMap<Vec<u32>, Arc<Battle>>>,
    /// The report shape of every battle built so far, merged (who may fight in some composition).
    union: RefCell<Option<Shape>>,
    /// The shapes of the battles built to classify the candidates, merged.
    class_union: RefCell<Option<Shape>>,
    /// One valid assignment, for Monte Carlo's draws when rejection keeps failing.
    first: Vec<usize>,
    /// Per side: its hidden heirs are left out of the battle classes (`classes.rs`).
    stripped: [bool; 2],
    /// An heir serving the other house is about: roles are read from each composition's battle.
    context_roles: bool,
    /// The King's and the Pretender's slots when they are known blocks.
    known_roles: [Option<usize>; 2],
    /// The text of each battle class.
    signatures: Vec<String>,
    /// The warnings (R35) of each battle built to classify the candidates (R44).
    class_warnings: Vec<Vec<crate::rules::battle::Warning>>,
}

impl std::fmt::Debug for Fog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fog")
            .field("hidden", &self.hidden.len())
            .field("assignments", &self.assignments)
            .finish()
    }
}

/// Where `block` at `strength` stands in the tie order of R13 among hidden blocks of `side`
/// described alike in `scenario`'s area: such hidden blocks take the blocks they turn out to be
/// in this order, the lowest first (for a caller that draws them itself, as the planner's
/// screening does).
pub fn tie_place(
    scenario: &Scenario,
    side: Side,
    block: &crate::data::BlockData,
    strength: u8,
) -> (u8, u8, u8, u16) {
    let area = scenario.area.as_deref().and_then(crate::data::area);
    let home = side == Side::Defender
        && crate::rules::home::BonusRule::for_block(block, area, scenario.king).fixed;
    tie_order(block, strength, home)
}

/// True if the scenario has hidden blocks (then [`Battle::new`] refuses it and [`Fog::new`]
/// takes it).
pub fn has_hidden(scenario: &Scenario) -> bool {
    !scenario.attacker.hidden.is_empty() || !scenario.defender.hidden.is_empty()
}

/// The blocks a hidden block of `side` may be (ids, in the game's block order), as
/// [`Fog::new`] reads its description: for a picker of candidates.
///
/// # Errors
/// The same named-field errors as [`Fog::new`] for this hidden block (`field` names it).
pub fn possible_blocks(
    scenario: &Scenario,
    side: Side,
    hidden: &crate::scenario::HiddenBlock,
    field: &str,
) -> Result<Vec<&'static str>, ScenarioError> {
    let whereabouts = candidates::Whereabouts::of(scenario)?;
    let mut ids: Vec<&'static str> =
        candidates::candidates(scenario, side, hidden, &whereabouts, field)?
            .iter()
            .map(|c| c.block.id)
            .collect();
    ids.dedup();
    Ok(ids)
}

/// Every block of the game that could fight for `side`'s house, and whether a hidden block of
/// that side may be it by default (R13), and if not, why: for a picker that says why the others
/// are out. A hidden block's own `kinds` and strength prior narrow this further.
///
/// # Errors
/// A named-field error for a name in `dead`, `seen_elsewhere`, `defected_elsewhere` or `defected`
/// that is no block.
pub fn availability(
    scenario: &Scenario,
    side: Side,
) -> Result<Vec<(&'static str, Availability)>, ScenarioError> {
    let whereabouts = candidates::Whereabouts::of(scenario)?;
    let house = army(scenario, side).house;
    Ok(crate::data::BLOCKS
        .iter()
        .map(|d| (d.id, whereabouts.of_block(d, house, scenario.king)))
        .filter(|(_, a)| *a != Availability::OtherHouse)
        .collect())
}

fn army_mut(sc: &mut Scenario, side: Side) -> &mut crate::scenario::Army {
    match side {
        Side::Attacker => &mut sc.attacker,
        Side::Defender => &mut sc.defender,
    }
}

fn army(sc: &Scenario, side: Side) -> &crate::scenario::Army {
    match side {
        Side::Attacker => &sc.attacker,
        Side::Defender => &sc.defender,
    }
}

fn entry(c: &Candidate, reserve: bool, from: Option<String>) -> BlockEntry {
    BlockEntry {
        id: Some(c.block.id.to_string()),
        custom: None,
        strength: c.strength,
        reserve,
        from,
    }
}

impl Fog {
    /// Checks the hidden blocks and lists what they may be.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the field: a candidate that cannot be there, a prior no
    /// candidate can meet, hidden blocks that leave no possible composition, a policy naming a
    /// block that is not known, or a composition that is not a valid battle.
    pub fn new(scenario: &Scenario) -> Result<Fog, ScenarioError> {
        let sc = scenario;
        if sc.progress.is_some() && has_hidden(sc) {
            let side = if sc.attacker.hidden.is_empty() {
                Side::Defender
            } else {
                Side::Attacker
            };
            return Err(ScenarioError::new(
                format!("{}.hidden", side.name()),
                "in a battle under way every block has been revealed (6.1): list it as a block",
            ));
        }
        check_policy(sc)?;
        // The map's rules for the battle's borders, named by the scenario's own fields before
        // any composition is built (they hold or fail for all of them alike).
        crate::rules::validate::borders(sc)?;
        let whereabouts = candidates::Whereabouts::of(sc)?;
        let mut hidden: Vec<Hidden> = Vec::new();
        let mut offset = 0;
        for side in Side::BOTH {
            let a = army(sc, side);
            for (k, h) in a.hidden.iter().enumerate() {
                let twin = (0..k)
                    .rev()
                    .find(|&j| a.hidden[j] == *h)
                    .map(|j| hidden.len() - (k - j));
                let field = format!("{}.hidden[{k}]", side.name());
                let candidates = candidates::candidates(sc, side, h, &whereabouts, &field)?;
                let mut persons: Vec<&str> = candidates.iter().map(|c| c.block.person).collect();
                persons.dedup();
                let tie = candidates
                    .iter()
                    .map(|c| tie_place(sc, side, c.block, c.strength))
                    .collect();
                hidden.push(Hidden {
                    side,
                    label: format!("hidden #{}", k + 1),
                    reserve: h.reserve,
                    from: h.from.clone(),
                    slot: offset + a.blocks.len() + k,
                    blocks: persons.len(),
                    candidates,
                    class: Vec::new(),
                    dynamic: Vec::new(),
                    role: Vec::new(),
                    tie,
                    twin,
                });
            }
            offset += a.blocks.len() + a.hidden.len();
        }
        let mut fog = Fog {
            scenario: sc.clone(),
            hidden,
            compositions: None,
            groups: Vec::new(),
            assignments: 0,
            battles: RefCell::new(HashMap::new()),
            union: RefCell::new(None),
            class_union: RefCell::new(None),
            first: Vec::new(),
            stripped: [false; 2],
            context_roles: false,
            known_roles: [None; 2],
            signatures: Vec::new(),
            class_warnings: Vec::new(),
        };
        let Some(first) = fog.any_assignment() else {
            return Err(ScenarioError::new(
                format!("{}.hidden", fog.hidden[0].side.name()),
                "the hidden blocks cannot all be different blocks: some must share a person; \
                 widen their candidates",
            ));
        };
        fog.classify(&first)?;
        // Every composition's battle is checked when it is built; the first one now, so that a
        // battle that can never be fought (e.g. every block a reserve) is refused here.
        fog.battle_of(&first)?;
        fog.enumerate();
        fog.first = first;
        if fog.compositions.is_none() && !fog.drawable() {
            return Err(ScenarioError::new(
                format!("{}.hidden", fog.hidden[0].side.name()),
                "these hidden blocks may be too many things to list, and their candidates overlap so \
                 much that they can hardly be drawn apart: give them fewer or separate candidates",
            ));
        }
        Ok(fog)
    }

    /// The number of hidden blocks.
    pub fn hidden_blocks(&self) -> usize {
        self.hidden.len()
    }

    /// The distinct compositions (candidates merged when they behave identically), if listed.
    pub fn compositions(&self) -> Option<usize> {
        self.compositions.as_ref().map(Vec::len)
    }

    /// The assignments listed: every way to pick a candidate for each hidden block, no person
    /// twice (0 when there are more than [`MAX_ASSIGNMENTS`]).
    pub fn possibilities(&self) -> usize {
        self.assignments
    }

    /// The scenario with every hidden block replaced by `pick` (a candidate index per hidden
    /// block): a battle with every block known.
    fn concrete(&self, pick: &[usize]) -> Scenario {
        let mut sc = self.scenario.clone();
        for side in Side::BOTH {
            army_mut(&mut sc, side).hidden.clear();
        }
        for (h, &c) in self.hidden.iter().zip(pick) {
            army_mut(&mut sc, h.side).blocks.push(entry(
                &h.candidates[c],
                h.reserve,
                h.from.clone(),
            ));
        }
        sc
    }

    /// The battle of an assignment, built once per class key.
    fn battle_of(&self, pick: &[usize]) -> Result<Arc<Battle>, ScenarioError> {
        let key: Vec<u32> = self
            .hidden
            .iter()
            .zip(pick)
            .map(|(h, &c)| h.class[c])
            .collect();
        if let Some(b) = self.battles.borrow().get(&key) {
            return Ok(b.clone());
        }
        let sc = self.concrete(pick);
        let battle = Arc::new(Battle::new(&sc).map_err(|e| self.explain(e, pick))?);
        figures::widen(&mut self.union.borrow_mut(), &battle);
        let mut cache = self.battles.borrow_mut();
        // Monte Carlo over a huge mixture draws a new battle nearly every time: keep a bounded
        // number, build the rest when drawn.
        if cache.len() < BATTLE_CACHE {
            cache.insert(key, battle.clone());
        }
        Ok(battle)
    }

    /// Names a composition's error by the scenario's own fields: a hidden block's slot is
    /// `defender.hidden[k]`, not `defender.blocks[n + k]`.
    fn explain(&self, mut e: ScenarioError, pick: &[usize]) -> ScenarioError {
        for side in Side::BOTH {
            let known = army(&self.scenario, side).blocks.len();
            let prefix = format!("{}.blocks[", side.name());
            if let Some(rest) = e.field.strip_prefix(&prefix)
                && let Some((n, tail)) = rest.split_once(']')
                && let Ok(n) = n.parse::<usize>()
                && n >= known
            {
                let k = n - known;
                e.field = format!("{}.hidden[{k}]{tail}", side.name());
            }
        }
        let example: Vec<String> = self
            .hidden
            .iter()
            .zip(pick)
            .map(|(h, &c)| {
                format!(
                    "{} = {} {}",
                    h.label, h.candidates[c].block.id, h.candidates[c].strength
                )
            })
            .collect();
        e.reason = format!("{} (when {})", e.reason, example.join(", "));
        e
    }

    /// One assignment with no person twice, found depth first; `None` if there is none.
    fn any_assignment(&self) -> Option<Vec<usize>> {
        fn go(
            hidden: &[Hidden],
            i: usize,
            used: &mut Vec<&'static str>,
            pick: &mut Vec<usize>,
        ) -> bool {
            if i == hidden.len() {
                return true;
            }
            for (c, cand) in hidden[i].candidates.iter().enumerate() {
                if used.contains(&cand.block.person) {
                    continue;
                }
                used.push(cand.block.person);
                pick.push(c);
                if go(hidden, i + 1, used, pick) {
                    return true;
                }
                pick.pop();
                used.pop();
            }
            false
        }
        let mut pick = Vec::new();
        go(&self.hidden, 0, &mut Vec::new(), &mut pick).then_some(pick)
    }

    /// The place of candidate `c` of hidden block `i` in the tie order among interchangeable
    /// hidden blocks (R13, [`classes::tie_order`]).
    fn order(&self, i: usize, c: usize) -> (u8, u8, u8, u16) {
        self.hidden[i].tie[c]
    }

    /// Puts the candidates of interchangeable hidden blocks in the tie order of R13.
    fn in_tie_order(&self, pick: &mut [usize]) {
        for i in 0..pick.len() {
            let mut j = i;
            while let Some(t) = self.hidden[j].twin {
                if self.order(t, pick[t]) > self.order(j, pick[j]) {
                    pick.swap(t, j);
                }
                j = t;
            }
        }
    }

    /// `base` with candidate `c` for hidden block `i`, the others changed as little as needed
    /// to keep every person once; `None` if no assignment has `c` there.
    fn with(&self, base: &[usize], i: usize, c: usize) -> Option<Vec<usize>> {
        let person = self.hidden[i].candidates[c].block.person;
        let mut pick = base.to_vec();
        pick[i] = c;
        let clash = |pick: &[usize]| {
            let persons: Vec<&str> = self
                .hidden
                .iter()
                .zip(pick)
                .map(|(h, &c)| h.candidates[c].block.person)
                .collect();
            (0..persons.len()).any(|a| (a + 1..persons.len()).any(|b| persons[a] == persons[b]))
        };
        if !clash(&pick) {
            return Some(pick);
        }
        // Search the others afresh, with `person` taken.
        fn go(
            fog: &Fog,
            j: usize,
            fixed: usize,
            used: &mut Vec<&'static str>,
            pick: &mut Vec<usize>,
        ) -> bool {
            if j == fog.hidden.len() {
                return true;
            }
            if j == fixed {
                return go(fog, j + 1, fixed, used, pick);
            }
            for (c, cand) in fog.hidden[j].candidates.iter().enumerate() {
                if used.contains(&cand.block.person) {
                    continue;
                }
                used.push(cand.block.person);
                pick[j] = c;
                if go(fog, j + 1, fixed, used, pick) {
                    return true;
                }
                used.pop();
            }
            false
        }
        go(self, 0, i, &mut vec![person], &mut pick).then_some(pick)
    }

    /// Lists every assignment (up to [`MAX_ASSIGNMENTS`]) and merges them by class (R13: each
    /// hidden block is each of its blocks equally likely, no person twice; a strength from its
    /// prior given the block).
    fn enumerate(&mut self) {
        struct Walk<'a> {
            hidden: &'a [Hidden],
            /// The tie order of each candidate (R13).
            ties: Vec<Vec<(u8, u8, u8, u16)>>,
            used: Vec<&'static str>,
            pick: Vec<usize>,
            count: usize,
            total: f64,
            index: HashMap<Vec<u32>, usize>,
            out: Vec<(Composition, Vec<HashMap<usize, f64>>)>,
            overflow: bool,
        }
        fn go(w: &mut Walk, i: usize, chance: f64) {
            if w.overflow {
                return;
            }
            if i == w.hidden.len() {
                w.count += 1;
                if w.count > MAX_ASSIGNMENTS {
                    w.overflow = true;
                    return;
                }
                w.total += chance;
                let key: Vec<u32> = w
                    .hidden
                    .iter()
                    .zip(&w.pick)
                    .map(|(h, &c)| h.class[c])
                    .collect();
                let n = w.out.len();
                let at = *w.index.entry(key).or_insert(n);
                if at == n {
                    w.out.push((
                        Composition {
                            chance: 0.0,
                            example: w.pick.clone(),
                            who: Vec::new(),
                            group: 0,
                        },
                        vec![HashMap::new(); w.hidden.len()],
                    ));
                }
                let (comp, who) = &mut w.out[at];
                comp.chance += chance;
                for (k, &c) in w.pick.iter().enumerate() {
                    *who[k].entry(c).or_insert(0.0) += chance;
                }
                return;
            }
            let hidden = w.hidden;
            // Interchangeable hidden blocks in the tie order of R13: each after its twin.
            let after = hidden[i].twin.map(|t| w.ties[t][w.pick[t]]);
            for (c, cand) in hidden[i].candidates.iter().enumerate() {
                if w.used.contains(&cand.block.person) || after.is_some_and(|a| w.ties[i][c] <= a) {
                    continue;
                }
                w.used.push(cand.block.person);
                w.pick.push(c);
                go(w, i + 1, chance * cand.chance);
                w.pick.pop();
                w.used.pop();
            }
        }
        let ties = (0..self.hidden.len())
            .map(|i| {
                (0..self.hidden[i].candidates.len())
                    .map(|c| self.order(i, c))
                    .collect()
            })
            .collect();
        let mut w = Walk {
            hidden: &self.hidden,
            ties,
            used: Vec::new(),
            pick: Vec::new(),
            count: 0,
            total: 0.0,
            index: HashMap::new(),
            out: Vec::new(),
            overflow: false,
        };
        go(&mut w, 0, 1.0);
        if w.overflow {
            self.assignments = 0;
            return;
        }
        let total = w.total;
        let count = w.count;
        let mut comps: Vec<Composition> = w
            .out
            .into_iter()
            .map(|(mut comp, who)| {
                comp.chance /= total;
                comp.who = who
                    .into_iter()
                    .map(|m| {
                        let mut v: Vec<(usize, f64)> =
                            m.into_iter().map(|(c, p)| (c, p / total)).collect();
                        v.sort_by_key(|x| x.0);
                        v
                    })
                    .collect();
                comp
            })
            .collect();
        // The distinct battles: compositions with the same battle classes, in listing order.
        let fingerprint = self.fingerprint();
        let mut index: HashMap<Vec<u32>, usize> = HashMap::new();
        for comp in comps.iter_mut() {
            let key: Vec<u32> = self
                .hidden
                .iter()
                .zip(&comp.example)
                .map(|(h, &c)| h.dynamic[c])
                .collect();
            let n = self.groups.len();
            comp.group = *index.entry(key.clone()).or_insert(n);
            if comp.group == n {
                let mut text = fingerprint.clone();
                for k in key {
                    text.push_str(" | ");
                    text.push_str(&self.signatures[k as usize]);
                }
                self.groups.push(Group {
                    key: text,
                    example: comp.example.clone(),
                });
            }
        }
        // A block at each strength it may have counts as an assignment of its own.
        self.assignments = count;
        self.compositions = Some(comps);
    }

    /// What every battle of this mixture shares: the scenario as the rules read it, without its
    /// hidden blocks and the list of blocks seen elsewhere (which only narrows candidates).
    fn fingerprint(&self) -> String {
        let mut sc = self.scenario.clone();
        for side in Side::BOTH {
            army_mut(&mut sc, side).hidden.clear();
        }
        sc.seen_elsewhere.clear();
        let layout: Vec<String> = self
            .hidden
            .iter()
            .map(|h| format!("{}:{}", h.side.name(), h.slot))
            .collect();
        format!("{sc:?} hidden at {}", layout.join(","))
    }

    /// Monte Carlo over the mixture: each battle draws what the hidden blocks are from their
    /// prior (seeded: the same seed gives the same figures), then is fought as usual.
    pub fn simulate(&self, runs: u64, seed: u64) -> FogReport {
        self.simulate_watched(runs, seed, UNWATCHED)
            .expect("a quiet simulation fights every battle")
    }

    /// [`Fog::simulate`] watched by a [`Watch`] hook, told the battles fought every
    /// [`EVERY`] battles. When it says stop, the figures are those of the battles fought so far
    /// (their report's `runs` says how many): the same as a run of that many from the same seed.
    ///
    /// # Errors
    /// [`SolveError::Cancelled`] when the hook says stop before the first battle.
    pub fn simulate_watched(
        &self,
        runs: u64,
        seed: u64,
        watch: &Watch<'_>,
    ) -> Result<FogReport, SolveError> {
        let runs = runs.clamp(1, MAX_RUNS);
        let mut draws = Draws::new(self, seed);
        // Battles fought as last told to `watch`.
        let mut told = 0;
        while draws.runs < runs {
            let done = draws.runs;
            if done.is_multiple_of(EVERY as u64) {
                let more = (done - told) as usize;
                told = done;
                if !watch(more) {
                    break;
                }
            }
            draws.fight(self);
        }
        let report = draws.report(self).ok_or(SolveError::Cancelled)?;
        watch((draws.runs - told) as usize);
        Ok(report)
    }

    /// Draws an assignment from the prior by rejection (each hidden block each of its blocks
    /// equally likely, then a strength; again while a person is twice).
    fn draw(&self, rng: &mut BattleRng) -> Vec<usize> {
        self.try_draw(rng, DRAW_TRIES)
            .unwrap_or_else(|| self.first.clone())
    }

    /// True if rejection draws succeed often enough (at least once in [`DRAW_TRIES`] / 10).
    fn drawable(&self) -> bool {
        let mut rng = rng_from_seed(0);
        self.try_draw(&mut rng, DRAW_TRIES / 10).is_some()
    }

    /// An assignment drawn by rejection within `tries`, or `None`.
    fn try_draw(&self, rng: &mut BattleRng, tries: usize) -> Option<Vec<usize>> {
        for _ in 0..tries {
            let mut pick = Vec::with_capacity(self.hidden.len());
            let mut used: Vec<&str> = Vec::new();
            let mut ok = true;
            for h in &self.hidden {
                // A block uniformly, then its strength by its chances.
                let b = ((uniform(rng) * h.blocks as f64) as usize).min(h.blocks - 1);
                let mut persons = 0;
                let mut start = 0;
                for (c, cand) in h.candidates.iter().enumerate() {
                    if c == 0 || cand.block.person != h.candidates[c - 1].block.person {
                        if persons == b {
                            start = c;
                            break;
                        }
                        persons += 1;
                    }
                }
                let person = h.candidates[start].block.person;
                let options: Vec<(usize, f64)> = h.candidates[start..]
                    .iter()
                    .enumerate()
                    .take_while(|(_, c)| c.block.person == person)
                    .map(|(k, c)| (start + k, c.chance))
                    .collect();
                let c = pick_weighted(&options, rng);
                if used.contains(&person) {
                    ok = false;
                    break;
                }
                used.push(person);
                pick.push(c);
            }
            if ok {
                self.in_tie_order(&mut pick);
                return Some(pick);
            }
        }
        None
    }
}

/// Monte Carlo over a mixture, so far: the random stream, the battles' tally and what the
/// hidden blocks were seen to be. One battle at a time, so a run can stop and go on (the same
/// figures as one run of as many battles from the same seed).
#[derive(Debug, Clone)]
struct Draws {
    seed: u64,
    runs: u64,
    rng: BattleRng,
    /// The distinct battles drawn, by their classes.
    keys: HashSet<Vec<u32>, Fx>,
    tally: Option<Tally>,
    seen: figures::Seen,
    /// Cumulative chances of the listed compositions, when listed.
    cumulative: Option<Vec<f64>>,
    /// Per listed composition, per hidden block: the total of its candidates' chances
    /// ([`pick_weighted`]'s, worked out once).
    totals: Vec<Vec<f64>>,
    /// With the Treason card at its best target: each battle drawn with its target chosen
    /// (R45), by its classes, at most [`BATTLE_CACHE`] of them.
    chosen: HashMap<Vec<u32>, Arc<Battle>, Fx>,
    /// The battle of each listed composition drawn (by its index), at most `keep` of them:
    /// the same every time it is drawn.
    listed: HashMap<usize, Arc<Battle>, Fx>,
    /// The most battles `listed` keeps: [`BATTLE_CACHE`] (0: each worked out per draw).
    keep: usize,
    /// The assignment of the battle last drawn: a candidate index per hidden block.
    pick: Vec<usize>,
}

impl Draws {
    fn new(fog: &Fog, seed: u64) -> Draws {
        let sizes: Vec<usize> = fog.hidden.iter().map(|h| h.candidates.len()).collect();
        let cumulative = fog.compositions.as_ref().map(|comps| {
            let mut acc = 0.0;
            comps
                .iter()
                .map(|c| {
                    acc += c.chance;
                    acc
                })
                .collect()
        });
        let totals = fog.compositions.as_ref().map_or(Vec::new(), |comps| {
            comps
                .iter()
                .map(|c| c.who.iter().map(|w| total_weight(w)).collect())
                .collect()
        });
        Draws {
            totals,
            seed,
            runs: 0,
            rng: rng_from_seed(seed),
            keys: HashSet::default(),
            tally: None,
            seen: figures::Seen::new(&sizes),
            cumulative,
            chosen: HashMap::default(),
            listed: HashMap::default(),
            keep: BATTLE_CACHE,
            pick: Vec::new(),
        }
    }

    /// Draws what the hidden blocks are (R13) and fights that battle once.
    fn fight(&mut self, fog: &Fog) {
        let rng = &mut self.rng;
        let battle = match (&fog.compositions, &self.cumulative) {
            (Some(comps), Some(cum)) => {
                let u = uniform(rng) * cum.last().copied().unwrap_or(1.0);
                let at = cum.partition_point(|&x| x <= u).min(comps.len() - 1);
                // The battle is the composition's; who each hidden block is within it
                // (for the figures per candidate) is drawn from its chances there.
                self.pick.clear();
                let totals = &self.totals[at];
                self.pick.extend(
                    comps[at]
                        .who
                        .iter()
                        .zip(totals)
                        .map(|(w, &total)| pick_within(w, total, rng)),
                );
                match self.listed.get(&at) {
                    Some(b) => b.clone(),
                    None => {
                        let b = self.battle_of(fog, &comps[at].example);
                        if self.listed.len() < self.keep {
                            self.listed.insert(at, b.clone());
                        }
                        b
                    }
                }
            }
            _ => {
                self.pick = fog.draw(rng);
                let pick = std::mem::take(&mut self.pick);
                let b = self.battle_of(fog, &pick);
                self.pick = pick;
                b
            }
        };
        let (state, ending) = one_battle(&battle, &mut self.rng, &mut Silent);
        let t = self.tally.get_or_insert_with(|| Tally::new(&battle));
        t.add(&battle, &state, ending, 1.0);
        self.seen.add(fog, &battle, &self.pick, ending.holder);
        self.runs += 1;
    }

    /// The battle of assignment `example` as Monte Carlo fights it (with the Treason card at
    /// its best target, that target chosen, R45), counted among the distinct battles drawn.
    /// Every draw of one listed composition gives the same battle: it is worked out once
    /// (`listed`), so this is called once per composition, and per draw only past
    /// [`BATTLE_CACHE`] or when the compositions are not listed.
    fn battle_of(&mut self, fog: &Fog, example: &[usize]) -> Arc<Battle> {
        let key: Vec<u32> = fog
            .hidden
            .iter()
            .zip(example)
            .map(|(h, &c)| h.class[c])
            .collect();
        let mut battle = fog
            .battle_of(example)
            .expect("every composition was checked when it was classified");
        if battle.treason_best() {
            // R45: the card's target chosen once the blocks are revealed, in each battle drawn.
            battle = match self.chosen.get(&key) {
                Some(b) => b.clone(),
                None => {
                    let b = Arc::new(
                        crate::solve::monte_carlo::choose_treason_target(
                            &battle,
                            FOG_CHOICE_RUNS,
                            FOG_CHOICE_STATES,
                        )
                        .0,
                    );
                    if self.chosen.len() < BATTLE_CACHE {
                        self.chosen.insert(key.clone(), b.clone());
                    }
                    b
                }
            };
        }
        if self.keys.len() < MAX_DISTINCT_COUNTED {
            self.keys.insert(key);
        }
        battle
    }

    /// The figures of the battles fought so far; `None` before the first.
    fn report(&self, fog: &Fog) -> Option<FogReport> {
        let tally = self.tally.as_ref()?;
        let mut seen = self.seen.clone();
        seen.distinct = self.keys.len();
        Some(figures::sampled(
            fog,
            &seen,
            tally,
            Method::MonteCarlo {
                runs: self.runs,
                seed: self.seed,
            },
            self.runs,
        ))
    }
}

/// Monte Carlo over a battle with hidden blocks that can be run in steps, with its figures so
/// far after each (a Web Worker's progress): after `n` battles in all, the figures are those of
/// [`Fog::simulate`]`(n, seed)`, however the battles were split into steps.
#[derive(Debug)]
pub struct FogSimulation {
    fog: Fog,
    draws: Draws,
}

impl FogSimulation {
    /// A run of `fog` from `seed`, no battle fought yet.
    pub fn new(fog: Fog, seed: u64) -> FogSimulation {
        let draws = Draws::new(&fog, seed);
        FogSimulation { fog, draws }
    }

    /// Fights `n` more battles (none past [`MAX_RUNS`] in all).
    pub fn run(&mut self, n: u64) {
        let until = self.draws.runs.saturating_add(n).min(MAX_RUNS);
        while self.draws.runs < until {
            self.draws.fight(&self.fog);
        }
    }

    /// Battles fought so far.
    pub fn runs(&self) -> u64 {
        self.draws.runs
    }

    /// This run with each drawn composition's battle worked out again at every draw, none
    /// kept: the reference the kept battles are checked against (the same figures, bit for
    /// bit). For tests.
    #[doc(hidden)]
    pub fn one_by_one(mut self) -> FogSimulation {
        self.draws.keep = 0;
        self
    }

    /// The figures of the battles fought so far; `None` before the first.
    pub fn report(&self) -> Option<FogReport> {
        self.draws.report(&self.fog)
    }

    /// The mixture simulated.
    pub fn fog(&self) -> &Fog {
        &self.fog
    }
}

/// An index from `(index, weight)` pairs, by weight.
fn pick_weighted(options: &[(usize, f64)], rng: &mut BattleRng) -> usize {
    pick_within(options, total_weight(options), rng)
}

/// The weights of `(index, weight)` pairs added up.
fn total_weight(options: &[(usize, f64)]) -> f64 {
    options.iter().map(|o| o.1).sum()
}

/// [`pick_weighted`] with the weights' `total` ([`total_weight`]) worked out before.
fn pick_within(options: &[(usize, f64)], total: f64, rng: &mut BattleRng) -> usize {
    let mut u = uniform(rng) * total;
    for &(i, w) in options {
        if u < w {
            return i;
        }
        u -= w;
    }
    options.last().map_or(0, |o| o.0)
}

/// The players' choices may name only known blocks: a hidden block follows the defaults (R13).
fn check_policy(sc: &Scenario) -> Result<(), ScenarioError> {
    if !has_hidden(sc) {
        return Ok(());
    }
    let known: Vec<String> = [&sc.attacker, &sc.defender]
        .iter()
        .flat_map(|a| a.blocks.iter())
        .flat_map(|b| {
            let mut names = Vec::new();
            if let Some(id) = &b.id {
                names.push(id.trim().to_lowercase());
                if let Some(d) = crate::data::block(id) {
                    names.push(d.person.to_lowercase());
                    if let Some(o) = d.other_version() {
                        names.push(o.id.to_lowercase());
                    }
                }
            }
            if let Some(CustomBlock { name, .. }) = &b.custom {
                names.push(name.trim().to_lowercase());
            }
            names
        })
        .collect();
    for side in Side::BOTH {
        let p = match side {
            Side::Attacker => &sc.policy.attacker,
            Side::Defender => &sc.policy.defender,
        };
        let path = format!("policy.{}", side.name());
        let mut named: Vec<(String, &str)> = Vec::new();
        for (k, n) in p.fire_order.iter().enumerate() {
            named.push((format!("{path}.fire_order[{k}]"), n));
        }
        for (k, n) in p.hit_order.iter().enumerate() {
            named.push((format!("{path}.hit_order[{k}]"), n));
        }
        for (k, c) in p.charges.iter().enumerate() {
            named.push((format!("{path}.charges[{k}].target"), &c.target));
            if let Some(by) = &c.by {
                named.push((format!("{path}.charges[{k}].by"), by));
            }
        }
        for (k, t) in p.treachery.iter().enumerate() {
            named.push((format!("{path}.treachery[{k}].target"), &t.target));
            named.push((format!("{path}.treachery[{k}].by"), &t.by));
        }
        if let Some(t) = p
            .treason_target
            .as_ref()
            .filter(|t| !crate::rules::treachery::names_best(t))
        {
            named.push((format!("{path}.treason_target"), t));
        }
        for (k, r) in p.retreats.iter().enumerate() {
            named.push((format!("{path}.retreats[{k}].block"), &r.block));
        }
        for (field, name) in named {
            if !known.contains(&name.trim().to_lowercase()) {
                return Err(ScenarioError::new(
                    field,
                    format!(
                        "{name} is not a known block of this battle; choices name known blocks only \
                         (hidden blocks follow the defaults, R13)"
                    ),
                ));
            }
        }
    }
    Ok(())
}
