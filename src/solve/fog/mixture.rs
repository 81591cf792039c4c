//! The exact mixture (R13): each distinct battle of the compositions solved once, at weight 1,
//! into a [`SolvedBattle`]; the figures are their sum, each composition weighted by its chance
//! and given its own King's, Pretender's and heirs' figures. What the work will cost is
//! estimated before it ([`Fog::estimate`]), solved battles are kept in a [`FogMemo`] that a
//! caller may hold across edits, and the work is spread over threads natively or cut into the
//! same pieces for Web Workers ([`Fog::pieces`], [`Fog::assemble`]).

use super::figures::{self, FogReport};
use super::{Composition, Fog, Group, MAX_COMPOSITION_STATES, MAX_EXACT_COMPOSITIONS, Roles};
use crate::data::House;
use crate::solve::error::SolveError;
use crate::solve::exact::solve_into_serial;
use crate::solve::report::{Method, Tally};
use crate::solve::watch::{UNWATCHED, Watch};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The most hidden blocks, both sides together, whose heirs the battle classes may leave out
/// (a battle's tally then counts `2^(n+2)` kinds of ending); beyond, heirs stay in the classes.
pub(super) const MAX_STRIPPED: usize = 8;

/// The pieces the battles are cut into for solving (on threads or Web Workers).
const PIECES: usize = 16;

/// The most battles [`Fog::estimate`] solves as its sample.
const SAMPLES: usize = 8;

/// One distinct battle of an exact mixture, solved at weight 1: what a [`FogMemo`] keeps.
/// Serialisable, so Web Workers can send it to the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolvedBattle {
    key: String,
    tally: Tally,
    states: usize,
    peak: usize,
}

impl SolvedBattle {
    /// The distinct states its exact solve visited.
    pub fn states(&self) -> usize {
        self.states
    }

    /// What finds it again: the scenario as the rules read it and what each hidden block is.
    pub fn key(&self) -> &str {
        &self.key
    }
}

/// Solved battles, kept across edits of a battle with hidden blocks: a [`Fog`] built after an
/// edit finds again every battle it shares with the one before (see the module's doc).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FogMemo {
    battles: HashMap<String, SolvedBattle>,
    /// Battles known to need at least this many states (a sample stopped at its cap).
    #[serde(default)]
    bounds: HashMap<String, usize>,
}

impl FogMemo {
    /// An empty memo.
    pub fn new() -> FogMemo {
        FogMemo::default()
    }

    /// The battles it holds.
    pub fn len(&self) -> usize {
        self.battles.len()
    }

    /// True if it holds none.
    pub fn is_empty(&self) -> bool {
        self.battles.is_empty()
    }

    /// Keeps a solved battle.
    pub fn insert(&mut self, battle: SolvedBattle) {
        self.battles.insert(battle.key.clone(), battle);
    }

    /// Keeps every battle another memo holds (solved by another Web Worker, say); what it knows
    /// of battles it could not solve is not taken.
    pub fn merge(&mut self, other: FogMemo) {
        for (_, b) in other.battles {
            self.insert(b);
        }
    }

    /// Keeps every battle of a part solved by a thread or a Web Worker.
    pub fn absorb(&mut self, part: FogPart) {
        for b in part.battles {
            self.insert(b);
        }
    }

    /// Forgets the battles `fog` does not use (to bound memory as edits go by).
    pub fn keep(&mut self, fog: &Fog) {
        let keys: std::collections::HashSet<&str> =
            fog.groups.iter().map(|g| g.key.as_str()).collect();
        self.battles.retain(|k, _| keys.contains(k.as_str()));
        self.bounds.retain(|k, _| keys.contains(k.as_str()));
    }

    /// The battles (and bounds) it holds that `fog` uses, copied: what [`FogMemo::keep`] would
    /// leave of a clone, without copying the rest.
    pub fn part(&self, fog: &Fog) -> FogMemo {
        let mut out = FogMemo::new();
        for g in &fog.groups {
            if let Some(b) = self.battles.get(&g.key) {
                out.battles.insert(g.key.clone(), b.clone());
            }
            if let Some(&n) = self.bounds.get(&g.key) {
                out.bounds.insert(g.key.clone(), n);
            }
        }
        out
    }

    fn get(&self, group: &Group) -> Option<&SolvedBattle> {
        self.battles.get(&group.key)
    }

    /// At least this many states are known to be needed by the battle (0: nothing known).
    fn bound(&self, group: &Group) -> usize {
        self.bounds.get(&group.key).copied().unwrap_or(0)
    }
}

/// Some pieces of an exact mixture, solved by a thread or a Web Worker, for [`Fog::assemble`]
/// (or [`FogMemo::absorb`]). Serialisable, so workers can send it to the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FogPart {
    pieces: Vec<usize>,
    battles: Vec<SolvedBattle>,
}

/// What an exact mixture costs, known before the work: its distinct battles and their states,
/// those solved counted, the rest estimated from them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Cost {
    /// Distinct battles of the mixture.
    pub battles: usize,
    /// Of them, solved already (in the memo).
    pub solved: usize,
    /// The states those solved visited.
    pub solved_states: usize,
    /// The most states one solved battle visited, or a lower bound for one that was stopped.
    pub largest: usize,
    /// The states of every battle together: counted for those solved, estimated for the rest
    /// (their mean, or a lower bound when no sample could be solved).
    pub estimate: usize,
}

impl Cost {
    /// True if the whole mixture should fit in `budget` states, no battle above
    /// [`MAX_COMPOSITION_STATES`].
    pub fn fits(&self, budget: usize) -> bool {
        self.estimate <= budget && self.largest <= MAX_COMPOSITION_STATES
    }

    /// The mean states of one battle (estimated).
    pub fn per_battle(&self) -> usize {
        self.estimate / self.battles.max(1)
    }

    /// About how many battles of this size fit in `budget` states.
    pub fn battles_within(&self, budget: usize) -> usize {
        budget / self.per_battle().max(1)
    }

    /// The states left to solve (estimated).
    pub fn left(&self) -> usize {
        self.estimate.saturating_sub(self.solved_states)
    }
}

impl Fog {
    /// The distinct battles the exact mixture solves (compositions that differ only in what
    /// cannot change the course of this battle are one battle), or 0 when there are too many
    /// compositions to list or more than [`MAX_EXACT_COMPOSITIONS`] battles: then only Monte Carlo
    /// averages over them.
    pub fn battles(&self) -> usize {
        self.exact_groups().map_or(0, <[Group]>::len)
    }

    pub(super) fn exact_groups(&self) -> Option<&[Group]> {
        self.compositions.as_ref()?;
        Some(&self.groups[..]).filter(|g| g.len() <= MAX_EXACT_COMPOSITIONS)
    }

    /// The hidden blocks whose heirs the battle classes leave out, by slot.
    fn end_slots(&self) -> Vec<usize> {
        self.hidden
            .iter()
            .filter(|h| self.stripped[h.side.index()])
            .map(|h| h.slot)
            .collect()
    }

    /// Solves battle `g` at weight 1 within `cap` states.
    fn solve_group(
        &self,
        g: usize,
        cap: usize,
        watch: &Watch<'_>,
    ) -> Result<SolvedBattle, SolveError> {
        let group = &self.groups[g];
        let battle = self
            .battle_of(&group.example)
            .expect("every composition was checked when it was classified");
        let ends = self.end_slots();
        let mut tally = if ends.is_empty() {
            Tally::new(&battle)
        } else {
            Tally::ends_over(&battle, &ends)
        };
        if !watch(0) {
            return Err(SolveError::Cancelled);
        }
        let (states, peak) = solve_into_serial(&battle, cap, 1.0, &mut tally, watch)?;
        Ok(SolvedBattle {
            key: group.key.clone(),
            tally,
            states,
            peak,
        })
    }

    /// The battles not yet in `memo` (indices below [`Fog::battles`]).
    pub fn missing(&self, memo: &FogMemo) -> Vec<usize> {
        self.exact_groups().map_or(Vec::new(), |groups| {
            (0..groups.len())
                .filter(|&g| memo.get(&groups[g]).is_none())
                .collect()
        })
    }

    /// Solves the battles `list` (indices below [`Fog::battles`]), one after another, all
    /// together within `budget` states, each within [`MAX_COMPOSITION_STATES`]; `watch` is told
    /// the states visited. For a thread or a Web Worker; put them in a [`FogMemo`].
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] past a budget or for a battle that does not exist;
    /// [`SolveError::Cancelled`] when `watch` says stop.
    pub fn solve_battles(
        &self,
        list: &[usize],
        budget: usize,
        watch: &Watch<'_>,
    ) -> Result<Vec<SolvedBattle>, SolveError> {
        let n = self.battles();
        let mut out = Vec::with_capacity(list.len());
        let mut used = 0;
        for &g in list {
            if g >= n {
                return Err(SolveError::TooLarge { budget });
            }
            let cap = budget.saturating_sub(used).min(MAX_COMPOSITION_STATES);
            let solved = self.solve_group(g, cap, watch).map_err(|e| match e {
                SolveError::TooLarge { .. } => SolveError::TooLarge { budget },
                e => e,
            })?;
            used += solved.states;
            out.push(solved);
        }
        Ok(out)
    }

    /// What the exact mixture costs, from what `memo` holds: its battles solved counted, the
    /// others estimated at their mean (no work: see [`Fog::estimate`] for a sample first).
    pub fn cost(&self, memo: &FogMemo) -> Cost {
        let groups = self.exact_groups().unwrap_or(&[]);
        let (mut solved, mut states, mut largest, mut at_least) = (0, 0, 0, 0);
        for g in groups {
            if let Some(s) = memo.get(g) {
                solved += 1;
                states += s.states;
                largest = largest.max(s.states);
            }
            at_least = at_least.max(memo.bound(g));
        }
        let largest = largest.max(at_least);
        // The others at the mean of those solved, or above a bound where one is known.
        let left = groups.len() - solved;
        let mean = if solved > 0 {
            (states as f64 / solved as f64).max(at_least as f64)
        } else {
            at_least as f64
        };
        Cost {
            battles: groups.len(),
            solved,
            solved_states: states,
            largest,
            estimate: states + (left as f64 * mean).ceil() as usize,
        }
    }

    /// The battles [`Fog::estimate`] takes as its sample, in the order it solves them (at most
    /// 8, spread over the list, by index below [`Fog::battles`]): it may stop before the last.
    pub fn sampled(&self) -> Vec<usize> {
        let n = self.battles();
        let samples = n.min(SAMPLES);
        (0..samples)
            .map(|j| (2 * j + 1) * n / (2 * samples))
            .collect()
    }

    /// Estimates what the exact mixture costs before solving it: solves a sample of its
    /// battles (at most 8, spread over the list, together within a sixteenth of `budget`,
    /// stopping as soon as the estimate clearly exceeds `budget`) into `memo`, where the full
    /// solve finds them again, and extrapolates (see [`Cost`]). `watch` is told the states.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] when the compositions cannot be listed, or there are more than
    /// [`MAX_EXACT_COMPOSITIONS`] battles; [`SolveError::Cancelled`] when `watch` says stop.
    pub fn estimate(
        &self,
        memo: &mut FogMemo,
        budget: usize,
        watch: &Watch<'_>,
    ) -> Result<Cost, SolveError> {
        let Some(groups) = self.exact_groups() else {
            return Err(SolveError::TooLarge { budget });
        };
        let allowance = (budget / 16).max(1);
        let mut spent = 0usize;
        for g in self.sampled() {
            let cost = self.cost(memo);
            if (cost.solved >= 2 && !cost.fits(budget)) || memo.bound(&groups[g]) > 0 {
                // Clearly too large, or a sample already stopped: no more work.
                break;
            }
            if memo.get(&groups[g]).is_some() {
                continue;
            }
            let cap = allowance.saturating_sub(spent).min(MAX_COMPOSITION_STATES);
            if cap == 0 {
                break;
            }
            match self.solve_group(g, cap, watch) {
                Ok(s) => {
                    spent += s.states;
                    memo.insert(s);
                }
                Err(SolveError::TooLarge { .. }) => {
                    memo.bounds.insert(groups[g].key.clone(), cap + 1);
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(self.cost(memo))
    }

    /// The exact mixture: every distinct battle solved exactly once, each composition weighted
    /// by its chance.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] when the battles together need more than `budget` states (known
    /// from [`Fog::estimate`] before the work, when it can tell), one of them more than
    /// [`MAX_COMPOSITION_STATES`], or there are more than [`MAX_EXACT_COMPOSITIONS`] of them (or
    /// too many assignments to list): Monte Carlo ([`Fog::simulate`]) then averages over them.
    pub fn solve(&self, budget: usize) -> Result<FogReport, SolveError> {
        self.solve_threads(budget, 1)
    }

    /// [`Fog::solve`] with the battles shared among `threads` threads (natively; one in
    /// WebAssembly). The figures are the same whatever the number of threads.
    ///
    /// # Errors
    /// As [`Fog::solve`]: `budget` bounds the states of all battles together.
    pub fn solve_threads(&self, budget: usize, threads: usize) -> Result<FogReport, SolveError> {
        self.solve_watched(budget, threads, UNWATCHED)
    }

    /// [`Fog::solve_threads`] watched by a [`Watch`] hook, which every thread calls with the
    /// new states its battles visited (the caller adds them up) and which can stop the solve.
    ///
    /// # Errors
    /// As [`Fog::solve`]; [`SolveError::Cancelled`] when the hook says stop.
    pub fn solve_watched(
        &self,
        budget: usize,
        threads: usize,
        watch: &Watch<'_>,
    ) -> Result<FogReport, SolveError> {
        self.solve_memo(&mut FogMemo::new(), budget, threads, watch)
    }

    /// [`Fog::solve_watched`] with a memo: battles already in it are not solved again, and
    /// every battle solved is added to it. The estimate comes first ([`Fog::estimate`]): a
    /// mixture that will not fit is refused before the rest of the work. The figures are the
    /// same whatever the memo held before.
    ///
    /// # Errors
    /// As [`Fog::solve_watched`].
    pub fn solve_memo(
        &self,
        memo: &mut FogMemo,
        budget: usize,
        threads: usize,
        watch: &Watch<'_>,
    ) -> Result<FogReport, SolveError> {
        let cost = self.estimate(memo, budget, watch)?;
        if !cost.fits(budget) {
            return Err(SolveError::TooLarge { budget });
        }
        let missing = self.missing(memo);
        let left = budget.saturating_sub(cost.solved_states);
        let threads = threads.clamp(1, missing.len().max(1));
        let shares: Vec<Vec<usize>> = (0..threads)
            .map(|t| missing.iter().skip(t).step_by(threads).copied().collect())
            .collect();
        #[cfg(not(target_arch = "wasm32"))]
        let solved: Vec<Result<Vec<SolvedBattle>, SolveError>> = if threads > 1 {
            // Each thread gets its own copy: the battle cache is not shared between threads.
            let copies: Vec<Fog> = (0..threads).map(|_| self.copy()).collect();
            std::thread::scope(|scope| {
                let handles: Vec<_> = copies
                    .into_iter()
                    .zip(&shares)
                    .map(|(fog, share)| scope.spawn(move || fog.solve_battles(share, left, watch)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a solver thread"))
                    .collect()
            })
        } else {
            vec![self.solve_battles(&shares[0], left, watch)]
        };
        #[cfg(target_arch = "wasm32")]
        let solved: Vec<Result<Vec<SolvedBattle>, SolveError>> = shares
            .iter()
            .map(|share| self.solve_battles(share, left, watch))
            .collect();
        for part in solved {
            for s in part? {
                memo.insert(s);
            }
        }
        let report = self
            .report_from(memo)
            .ok_or(SolveError::TooLarge { budget })?;
        match report.report.method {
            Method::Exact { states, .. } if states > budget => Err(SolveError::TooLarge { budget }),
            _ => Ok(report),
        }
    }

    /// A copy with an empty battle cache, for another thread.
    #[cfg(not(target_arch = "wasm32"))]
    fn copy(&self) -> Fog {
        Fog {
            scenario: self.scenario.clone(),
            hidden: self.hidden.clone(),
            compositions: self.compositions.clone(),
            groups: self.groups.clone(),
            assignments: self.assignments,
            battles: Default::default(),
            union: Default::default(),
            class_union: Default::default(),
            first: self.first.clone(),
            stripped: self.stripped,
            context_roles: self.context_roles,
            known_roles: self.known_roles,
            signatures: self.signatures.clone(),
            class_warnings: self.class_warnings.clone(),
        }
    }

    /// How many pieces an exact solve is cut into for Web Workers (0 when there are too many
    /// compositions to solve each exactly). The pieces are the same whatever solves them, and
    /// [`Fog::assemble`] adds them in order, so any split gives the same figures.
    pub fn pieces(&self) -> usize {
        self.battles().min(PIECES)
    }

    /// The pieces solver `k` of `solvers` takes (threads or Web Workers): every `solvers`-th one.
    pub fn share(&self, k: usize, solvers: usize) -> Vec<usize> {
        (k..self.pieces()).step_by(solvers.max(1)).collect()
    }

    /// The battles of piece `k`.
    fn piece_range(&self, k: usize) -> std::ops::Range<usize> {
        let n = self.battles();
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
        if pieces.iter().any(|&k| k >= self.pieces()) {
            return Err(SolveError::TooLarge { budget });
        }
        let list: Vec<usize> = pieces.iter().flat_map(|&k| self.piece_range(k)).collect();
        Ok(FogPart {
            pieces: pieces.to_vec(),
            battles: self.solve_battles(&list, budget, watch)?,
        })
    }

    /// Puts solved pieces together into the mixture's figures.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] when a piece is missing or twice, or the states of all of them
    /// exceed `budget`.
    pub fn assemble(&self, budget: usize, parts: &[FogPart]) -> Result<FogReport, SolveError> {
        let mut pieces: Vec<usize> = parts.iter().flat_map(|p| p.pieces.clone()).collect();
        pieces.sort_unstable();
        let complete =
            pieces.len() == self.pieces() && pieces.iter().enumerate().all(|(k, &p)| p == k);
        if !complete {
            return Err(SolveError::TooLarge { budget });
        }
        let mut memo = FogMemo::new();
        for p in parts {
            memo.absorb(p.clone());
        }
        let report = self
            .report_from(&memo)
            .ok_or(SolveError::TooLarge { budget })?;
        match report.report.method {
            Method::Exact { states, .. } if states > budget => Err(SolveError::TooLarge { budget }),
            _ => Ok(report),
        }
    }

    /// The exact mixture's figures from `memo`, or `None` while a battle is missing from it
    /// ([`Fog::missing`]). The figures do not depend on how or in what order the battles were
    /// solved; the report's state count is that of every battle of the mixture.
    pub fn report_from(&self, memo: &FogMemo) -> Option<FogReport> {
        let groups = self.exact_groups()?;
        let comps: &[Composition] = self.compositions.as_deref()?;
        let solved: Vec<&SolvedBattle> = groups
            .iter()
            .map(|g| memo.get(g))
            .collect::<Option<Vec<_>>>()?;
        let states = solved.iter().map(|s| s.states).sum();
        let peak = solved.iter().map(|s| s.peak).max().unwrap_or(0);
        let ends = self.end_slots();
        let mut tally: Option<Tally> = None;
        let mut holds = Vec::with_capacity(comps.len());
        let mut roles = Vec::with_capacity(comps.len());
        for comp in comps {
            let r = self.roles(comp);
            let mut t = solved[comp.group].tally.clone();
            holds.push(t.holds());
            let heirs: Vec<Option<House>> = ends
                .iter()
                .map(|&slot| {
                    let i = self
                        .hidden
                        .iter()
                        .position(|h| h.slot == slot)
                        .expect("hidden");
                    r.heirs[i]
                })
                .collect();
            t.account(r.king, r.pretender, &heirs);
            t.scale(comp.chance);
            match &mut tally {
                Some(all) => all.merge(&t),
                None => tally = Some(t),
            }
            roles.push(r);
        }
        let method = Method::Exact {
            states,
            peak_states: peak,
        };
        Some(figures::exact(
            self,
            comps,
            &roles,
            &holds,
            &tally.expect("at least one composition"),
            method,
        ))
    }

    /// A composition's royal terms: from the candidates' roles, or, when an heir serving the
    /// other house is about (his presence changes who is King or Pretender, R1), from its own
    /// battle.
    pub(super) fn roles(&self, comp: &Composition) -> Roles {
        if self.context_roles {
            let b = self
                .battle_of(&comp.example)
                .expect("every composition was checked when it was classified");
            return Roles {
                king: b.king(),
                pretender: b.pretender(),
                heirs: self
                    .hidden
                    .iter()
                    .map(|h| {
                        let v = &b.slots[h.slot].versions[0];
                        v.heir_rank.map(|_| v.house)
                    })
                    .collect(),
            };
        }
        let find = |f: fn(&super::Role) -> bool| {
            self.hidden
                .iter()
                .zip(&comp.example)
                .find(|(h, c)| f(&h.role[**c]))
                .map(|(h, _)| h.slot)
        };
        Roles {
            king: self.known_roles[0].or_else(|| find(|r| r.king)),
            pretender: self.known_roles[1].or_else(|| find(|r| r.pretender)),
            heirs: self
                .hidden
                .iter()
                .zip(&comp.example)
                .map(|(h, &c)| h.role[c].heir)
                .collect(),
        }
    }
}
