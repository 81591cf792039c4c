//! Fog of war: odds against blocks you cannot see. Outside a battle a block stands facing its
//! owner (rulebook, Fog-of-War), so a player planning an attack knows how many enemy blocks are
//! there, not who they are. A scenario's hidden blocks stand for "one of these candidates, at a
//! strength from this prior" (R13); the battle is then a mixture of battles, one for each thing
//! they may be.
//!
//! [`Fog::new`] lists every *composition* (an assignment of a candidate to each hidden block,
//! no person twice) and merges those that behave identically in this battle: two candidates
//! whose compiled blocks differ only in name (same side, version pair, rating, bonus, strength,
//! loyalty, role) give the same battle but for names. [`Fog::solve`] solves each distinct
//! composition exactly into one shared tally, weighted by its chance; [`Fog::simulate`] draws a
//! composition for each battle. Both report the averaged figures with who the hidden blocks
//! turned out to be, the spread across compositions, and the value of scouting each one.

mod candidates;
mod figures;

pub use candidates::KIND_NAMES;
pub use figures::{Example, FogReport, HiddenReport, Identity, Royal, Scout, Spread};

use crate::rules::battle::{Battle, Slot};
use crate::rules::dice::{BattleRng, rng_from_seed, uniform};
use crate::rules::log::Silent;
use crate::scenario::{BlockEntry, CustomBlock, Scenario, ScenarioError, Side};
use crate::solve::error::SolveError;
use crate::solve::exact::solve_into;
use crate::solve::monte_carlo::{MAX_RUNS, one_battle};
use crate::solve::report::Shape;
use crate::solve::report::{Method, Tally};
use crate::solve::watch::{EVERY, UNWATCHED, Watch};
use candidates::Candidate;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

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

/// Rejection draws Monte Carlo tries for one assignment before taking a known valid one (only
/// when the hidden blocks' candidates overlap so much that most draws repeat a person).
const DRAW_TRIES: usize = 100_000;

/// The pieces the compositions are cut into for solving (on threads, natively).
const PIECES: usize = 16;

/// The most distinct compositions [`Fog::solve`] solves exactly.
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
    /// How many different blocks its candidates name (each equally likely, R13).
    blocks: usize,
    /// The nearest earlier hidden block of the same side described the same way: the two are
    /// interchangeable, so only assignments with this one later in [`Fog::order`] are listed
    /// (R13: among such blocks, ties of fire and hits follow that order).
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
}

/// A battle with hidden blocks, ready to be solved or simulated.
pub struct Fog {
    scenario: Scenario,
    hidden: Vec<Hidden>,
    /// Every distinct composition, when there are at most [`MAX_ASSIGNMENTS`] assignments.
    compositions: Option<Vec<Composition>>,
    /// Assignments listed (distinct candidate choices for all hidden blocks, no person twice).
    assignments: usize,
    /// Built battles, by composition class key.
    battles: RefCell<HashMap<Vec<u32>, Arc<Battle>>>,
    /// The report shape of every battle built so far, merged (who may fight in some composition).
    union: RefCell<Option<Shape>>,
    /// One valid assignment, for Monte Carlo's draws when rejection keeps failing.
    first: Vec<usize>,
}

impl std::fmt::Debug for Fog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fog")
            .field("hidden", &self.hidden.len())
            .field("assignments", &self.assignments)
            .finish()
    }
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
    let unavailable = candidates::unavailable(scenario)?;
    let mut ids: Vec<&'static str> =
        candidates::candidates(scenario, side, hidden, &unavailable, field)?
            .iter()
            .map(|c| c.block.id)
            .collect();
    ids.dedup();
    Ok(ids)
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

/// What a slot is to the rules, without its name: its compiled versions (kind, rating, maximum,
/// loyalty, heir rank, house, bonus), side, strength, reserve, and dead-person bit. The persons
/// the rules name are kept: Warwick, Kent, Salisbury, Northumberland and Westmoreland (6.91), and
/// the heirs and Nevilles whose shields others use (D6, D7). When no Treachery roll and no
/// Treason card can reach the block's side (`unrollable`), its loyalty and its other version
/// cannot matter (6.9, D10, D11) and are left out too.
fn behaviour(battle: &Battle, slot: usize, unrollable: bool) -> String {
    let s: &Slot = &battle.slots[slot];
    let mut plain = s.clone();
    for v in plain.versions.iter_mut() {
        let person = v.person().to_string();
        let named = !unrollable
            && matches!(
                person.as_str(),
                "Warwick" | "Kent" | "Salisbury" | "Northumberland" | "Westmoreland"
            );
        v.id = if named || s.person_bit != 0 {
            person
        } else {
            String::new()
        };
        v.data = None;
        if unrollable {
            v.loyalty = None;
        }
    }
    if unrollable {
        plain.versions[1] = plain.versions[0].clone();
    }
    format!(
        "{plain:?} king={} pretender={} line={}",
        battle.king() == Some(slot),
        battle.pretender() == Some(slot),
        battle.in_pretender_line(slot)
    )
}

/// True if no Treachery roll can ever be made against `side`'s blocks: the other side holds no
/// Treason card (D11) and has no block, known or hidden, that could roll: an heir (King,
/// Pretender or one who may become Pretender) or Warwick (6.9, D10).
fn unrollable(sc: &Scenario, hidden: &[Hidden], side: Side) -> bool {
    let enemy = side.other();
    let roller = |d: &crate::data::BlockData| d.heir_rank.is_some() || d.person == "Warwick";
    let known = army(sc, enemy).blocks.iter().any(|b| {
        b.id.as_deref()
            .and_then(crate::data::block)
            .is_some_and(|d| roller(d) || d.other_version().is_some_and(roller))
    });
    let hidden = hidden
        .iter()
        .filter(|h| h.side == enemy)
        .any(|h| h.candidates.iter().any(|c| roller(c.block)));
    sc.treason != Some(enemy) && !known && !hidden
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
        let unavailable = candidates::unavailable(sc)?;
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
                let candidates = candidates::candidates(sc, side, h, &unavailable, &field)?;
                let mut persons: Vec<&str> = candidates.iter().map(|c| c.block.person).collect();
                persons.dedup();
                hidden.push(Hidden {
                    side,
                    label: format!("hidden #{}", k + 1),
                    reserve: h.reserve,
                    from: h.from.clone(),
                    slot: offset + a.blocks.len() + k,
                    blocks: persons.len(),
                    candidates,
                    class: Vec::new(),
                    twin,
                });
            }
            offset += a.blocks.len() + a.hidden.len();
        }
        let mut fog = Fog {
            scenario: sc.clone(),
            hidden,
            compositions: None,
            assignments: 0,
            battles: RefCell::new(HashMap::new()),
            union: RefCell::new(None),
            first: Vec::new(),
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

    /// Gives every candidate its behaviour class: candidate c of hidden block i is tried in
    /// `base` (a valid assignment); when it names a person that `base` uses elsewhere, another
    /// valid assignment with c in place is searched.
    fn classify(&mut self, base: &[usize]) -> Result<(), ScenarioError> {
        let mut classes: HashMap<String, u32> = HashMap::new();
        let quiet = [Side::Attacker, Side::Defender]
            .map(|side| unrollable(&self.scenario, &self.hidden, side));
        for i in 0..self.hidden.len() {
            let calm = quiet[self.hidden[i].side.index()];
            let mut class = Vec::with_capacity(self.hidden[i].candidates.len());
            for c in 0..self.hidden[i].candidates.len() {
                let pick = self.with(base, i, c);
                let sig = match pick {
                    Some(pick) => {
                        let sc = self.concrete(&pick);
                        let b = Battle::new(&sc).map_err(|e| self.explain(e, &pick))?;
                        behaviour(&b, self.hidden[i].slot, calm)
                    }
                    // Never in a valid assignment: never drawn.
                    None => format!("never {i} {c}"),
                };
                let next = classes.len() as u32;
                class.push(*classes.entry(sig).or_insert(next));
            }
            self.hidden[i].class = class;
        }
        // Number the classes in the order of their descriptions, so that the order among
        // interchangeable hidden blocks depends on what they are, not on how they were listed.
        let mut sigs: Vec<(&String, &u32)> = classes.iter().collect();
        sigs.sort();
        let mut rank = vec![0u32; classes.len()];
        for (r, (_, id)) in sigs.iter().enumerate() {
            rank[**id as usize] = r as u32;
        }
        for h in &mut self.hidden {
            for c in h.class.iter_mut() {
                *c = rank[*c as usize];
            }
        }
        Ok(())
    }

    /// The order of candidates among interchangeable hidden blocks: by behaviour class, then by
    /// the game's block order (R13).
    fn order(&self, i: usize, c: usize) -> (u32, usize) {
        (self.hidden[i].class[c], c)
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
            let after = hidden[i]
                .twin
                .map(|t| (hidden[t].class[w.pick[t]], w.pick[t]));
            for (c, cand) in hidden[i].candidates.iter().enumerate() {
                if w.used.contains(&cand.block.person)
                    || after.is_some_and(|a| (hidden[i].class[c], c) <= a)
                {
                    continue;
                }
                w.used.push(cand.block.person);
                w.pick.push(c);
                go(w, i + 1, chance * cand.chance);
                w.pick.pop();
                w.used.pop();
            }
        }
        let mut w = Walk {
            hidden: &self.hidden,
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
        let comps = w
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
        // A block at each strength it may have counts as an assignment of its own.
        self.assignments = count;
        self.compositions = Some(comps);
    }

    /// The exact mixture: every distinct composition solved exactly, weighted by its chance.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] when the compositions together need more than `budget` states,
    /// one of them more than [`MAX_COMPOSITION_STATES`], or there are more than
    /// [`MAX_EXACT_COMPOSITIONS`] of them (or too many assignments to list): Monte Carlo
    /// ([`Fog::simulate`]) then averages over them instead.
    pub fn solve(&self, budget: usize) -> Result<FogReport, SolveError> {
        self.solve_threads(budget, 1)
    }

    /// [`Fog::solve`] with the compositions shared among `threads` threads (natively; one in
    /// WebAssembly). The figures are the same whatever the number of threads.
    ///
    /// # Errors
    /// As [`Fog::solve`]: `budget` bounds the states of all compositions together.
    pub fn solve_threads(&self, budget: usize, threads: usize) -> Result<FogReport, SolveError> {
        self.solve_watched(budget, threads, UNWATCHED)
    }

    /// [`Fog::solve_threads`] watched by a [`Watch`] hook, which every thread calls with the
    /// new states its compositions visited (the caller adds them up) and which can stop the
    /// solve. The figures are those of [`Fog::solve_threads`].
    ///
    /// # Errors
    /// As [`Fog::solve`]; [`SolveError::Cancelled`] when the hook says stop.
    pub fn solve_watched(
        &self,
        budget: usize,
        threads: usize,
        watch: &Watch<'_>,
    ) -> Result<FogReport, SolveError> {
        let pieces = self.pieces();
        if pieces == 0 {
            return Err(SolveError::TooLarge { budget });
        }
        let threads = threads.clamp(1, pieces);
        #[cfg(not(target_arch = "wasm32"))]
        let parts: Vec<Result<FogPart, SolveError>> = if threads > 1 {
            // Each thread gets its own copy: the battle cache is not shared between threads.
            let copies: Vec<Fog> = (0..threads).map(|_| self.copy()).collect();
            std::thread::scope(|scope| {
                let handles: Vec<_> = copies
                    .into_iter()
                    .enumerate()
                    .map(|(t, fog)| {
                        scope.spawn(move || {
                            fog.solve_pieces_watched(budget, &fog.share(t, threads), watch)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a solver thread"))
                    .collect()
            })
        } else {
            vec![self.solve_pieces_watched(budget, &self.share(0, 1), watch)]
        };
        #[cfg(target_arch = "wasm32")]
        let parts: Vec<Result<FogPart, SolveError>> = (0..threads)
            .map(|t| self.solve_pieces_watched(budget, &self.share(t, threads), watch))
            .collect();
        let parts = parts
            .into_iter()
            .collect::<Result<Vec<FogPart>, SolveError>>()?;
        self.assemble(budget, &parts)
    }

    /// A copy with an empty battle cache, for another thread.
    #[cfg(not(target_arch = "wasm32"))]
    fn copy(&self) -> Fog {
        Fog {
            scenario: self.scenario.clone(),
            hidden: self.hidden.clone(),
            compositions: self.compositions.clone(),
            assignments: self.assignments,
            battles: RefCell::new(HashMap::new()),
            union: RefCell::new(None),
            first: self.first.clone(),
        }
    }

    /// The compositions that can be solved exactly, or `None`.
    fn exact_compositions(&self) -> Option<&[Composition]> {
        self.compositions
            .as_deref()
            .filter(|c| c.len() <= MAX_EXACT_COMPOSITIONS)
    }

    /// How many pieces an exact solve is cut into (0 when there are too many compositions to
    /// solve each exactly). The pieces are the same whatever solves them, and [`Fog::assemble`]
    /// adds them in order, so threads or Web Workers give the same figures as one.
    pub fn pieces(&self) -> usize {
        self.exact_compositions().map_or(0, |c| c.len().min(PIECES))
    }

    /// The pieces solver `k` of `solvers` takes (threads or Web Workers): every `solvers`-th one.
    pub fn share(&self, k: usize, solvers: usize) -> Vec<usize> {
        (k..self.pieces()).step_by(solvers.max(1)).collect()
    }

    /// Compositions `from..to` of piece `k`.
    fn piece_range(&self, k: usize) -> std::ops::Range<usize> {
        let n = self.exact_compositions().map_or(0, <[Composition]>::len);
        let pieces = n.min(PIECES);
        k * n / pieces..(k + 1) * n / pieces
    }

    /// Solves some pieces of the exact mixture (for a thread or a Web Worker).
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] as for [`Fog::solve`], or for a piece that does not exist.
    pub fn solve_pieces(&self, budget: usize, pieces: &[usize]) -> Result<FogPart, SolveError> {
        self.solve_pieces_watched(budget, pieces, UNWATCHED)
    }

    /// [`Fog::solve_pieces`] watched by a [`Watch`] hook (told the new states visited; it
    /// can stop the solve).
    ///
    /// # Errors
    /// As [`Fog::solve_pieces`]; [`SolveError::Cancelled`] when the hook says stop.
    pub fn solve_pieces_watched(
        &self,
        budget: usize,
        pieces: &[usize],
        watch: &Watch<'_>,
    ) -> Result<FogPart, SolveError> {
        let comps = self
            .exact_compositions()
            .ok_or(SolveError::TooLarge { budget })?;
        let mut part = FogPart {
            pieces: Vec::new(),
            states: 0,
            peak: 0,
        };
        for &k in pieces {
            if k >= self.pieces() {
                return Err(SolveError::TooLarge { budget });
            }
            let range = self.piece_range(k);
            let battles: Vec<Arc<Battle>> = comps[range.clone()]
                .iter()
                .map(|c| {
                    self.battle_of(&c.example)
                        .expect("every composition was checked when it was classified")
                })
                .collect();
            let done = solve_some(&comps[range], &battles, budget, watch)?;
            part.states += done.states;
            part.peak = part.peak.max(done.peak);
            part.pieces.push((k, done.tally, done.holds));
        }
        Ok(part)
    }

    /// Puts solved pieces together into the mixture's figures.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] when a piece is missing or twice, or the states of all of them
    /// exceed `budget`.
    pub fn assemble(&self, budget: usize, parts: &[FogPart]) -> Result<FogReport, SolveError> {
        let comps = self
            .exact_compositions()
            .ok_or(SolveError::TooLarge { budget })?;
        let mut pieces: Vec<&(usize, Tally, Vec<[f64; 3]>)> =
            parts.iter().flat_map(|p| &p.pieces).collect();
        pieces.sort_by_key(|p| p.0);
        let complete =
            pieces.len() == self.pieces() && pieces.iter().enumerate().all(|(k, p)| p.0 == k);
        let states: usize = parts.iter().map(|p| p.states).sum();
        if !complete || states > budget {
            return Err(SolveError::TooLarge { budget });
        }
        let peak = parts.iter().map(|p| p.peak).max().unwrap_or(0);
        let mut tally: Option<Tally> = None;
        let mut holds = Vec::with_capacity(comps.len());
        for (_, t, h) in pieces {
            match &mut tally {
                Some(all) => all.merge(t),
                None => tally = Some(t.clone()),
            }
            holds.extend_from_slice(h);
        }
        let battles: Vec<Arc<Battle>> = comps
            .iter()
            .map(|c| {
                self.battle_of(&c.example)
                    .expect("every composition was checked when it was classified")
            })
            .collect();
        let tally = tally.expect("at least one composition");
        let method = Method::Exact {
            states,
            peak_states: peak,
        };
        Ok(figures::exact(
            self, comps, &battles, &holds, &tally, method,
        ))
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
        let mut runs = runs.clamp(1, MAX_RUNS);
        let mut rng = rng_from_seed(seed);
        let mut keys: HashSet<Vec<u32>> = HashSet::new();
        let mut tally: Option<Tally> = None;
        let mut seen = figures::Seen::new(
            &self
                .hidden
                .iter()
                .map(|h| h.candidates.len())
                .collect::<Vec<_>>(),
        );
        // Cumulative chances of the listed compositions, when listed.
        let cumulative: Option<Vec<f64>> = self.compositions.as_ref().map(|comps| {
            let mut acc = 0.0;
            comps
                .iter()
                .map(|c| {
                    acc += c.chance;
                    acc
                })
                .collect()
        });
        // Battles fought as last told to `watch`.
        let mut told = 0;
        for done in 0..runs {
            if done.is_multiple_of(EVERY as u64) {
                let more = (done - told) as usize;
                told = done;
                if !watch(more) {
                    runs = done;
                    break;
                }
            }
            let pick = match (&self.compositions, &cumulative) {
                (Some(comps), Some(cum)) => {
                    let u = uniform(&mut rng) * cum.last().copied().unwrap_or(1.0);
                    let at = cum.partition_point(|&x| x <= u).min(comps.len() - 1);
                    // The battle is the composition's; who each hidden block is within it
                    // (for the figures per candidate) is drawn from its chances there.
                    let who: Vec<usize> = comps[at]
                        .who
                        .iter()
                        .map(|w| pick_weighted(w, &mut rng))
                        .collect();
                    (comps[at].example.clone(), who)
                }
                _ => {
                    let pick = self.draw(&mut rng);
                    (pick.clone(), pick)
                }
            };
            let (example, pick) = pick;
            if keys.len() < MAX_DISTINCT_COUNTED {
                keys.insert(
                    self.hidden
                        .iter()
                        .zip(&example)
                        .map(|(h, &c)| h.class[c])
                        .collect::<Vec<u32>>(),
                );
            }
            let battle = self
                .battle_of(&example)
                .expect("every composition was checked when it was classified");
            let (state, ending) = one_battle(&battle, &mut rng, &mut Silent);
            let t = tally.get_or_insert_with(|| Tally::new(&battle));
            t.add(&battle, &state, ending, 1.0);
            seen.add(self, &battle, &pick, ending.holder);
        }
        let Some(tally) = tally else {
            return Err(SolveError::Cancelled);
        };
        watch((runs - told) as usize);
        seen.distinct = keys.len();
        Ok(figures::sampled(
            self,
            &seen,
            &tally,
            Method::MonteCarlo { runs, seed },
            runs,
        ))
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
                // Interchangeable hidden blocks in the order of R13 (class, then block list).
                for i in 0..pick.len() {
                    let mut j = i;
                    while let Some(t) = self.hidden[j].twin {
                        if self.order(t, pick[t]) > self.order(j, pick[j]) {
                            pick.swap(t, j);
                        }
                        j = t;
                    }
                }
                return Some(pick);
            }
        }
        None
    }
}

/// Some pieces of an exact mixture, solved by a thread or a Web Worker, for [`Fog::assemble`].
/// Serialisable, so workers can send it to the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FogPart {
    /// Per piece: its index, its compositions' figures together, and each one's own chances.
    pieces: Vec<(usize, Tally, Vec<[f64; 3]>)>,
    states: usize,
    peak: usize,
}

/// Compositions solved together: their figures, and each one's own chances.
struct Part {
    tally: Tally,
    states: usize,
    peak: usize,
    /// Per composition: the chance the attacker, the defender, nobody holds the area.
    holds: Vec<[f64; 3]>,
}

/// Solves compositions exactly into one tally, each weighted by its chance; `watch` is asked
/// before each composition too, as a small one may not reach [`EVERY`] states.
fn solve_some(
    comps: &[Composition],
    battles: &[Arc<Battle>],
    budget: usize,
    watch: &Watch<'_>,
) -> Result<Part, SolveError> {
    let mut tally = Tally::new(&battles[0]);
    let (mut states, mut peak, mut holds) = (0, 0, Vec::with_capacity(comps.len()));
    for (comp, battle) in comps.iter().zip(battles) {
        let mut own = Tally::new(battle);
        let left = budget.saturating_sub(states).min(MAX_COMPOSITION_STATES);
        if !watch(0) {
            return Err(SolveError::Cancelled);
        }
        let (s, p) = solve_into(battle, left, comp.chance, &mut own, watch)?;
        states += s;
        peak = peak.max(p);
        let h = own.holds();
        holds.push(h.map(|x| x / comp.chance.max(f64::MIN_POSITIVE)));
        tally.merge(&own);
    }
    Ok(Part {
        tally,
        states,
        peak,
        holds,
    })
}

/// An index from `(index, weight)` pairs, by weight.
fn pick_weighted(options: &[(usize, f64)], rng: &mut BattleRng) -> usize {
    let total: f64 = options.iter().map(|o| o.1).sum();
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
        if let Some(t) = &p.treason_target {
            named.push((format!("{path}.treason_target"), t));
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
