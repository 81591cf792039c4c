//! What a mixture's figures mean for the attack: the averaged report, who each hidden block
//! turned out to be, the spread of the chance to hold across compositions, the chance the enemy
//! King or an heir is among the hidden blocks, and how much scouting each one would tell.

use super::{Composition, Fog, Roles};
use crate::rules::battle::Battle;
use crate::scenario::Side;
use crate::solve::report::{Method, Report, Shape, Tally};
use serde::{Deserialize, Serialize};

/// The figures of a battle with hidden blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FogReport {
    /// Every figure averaged over what the hidden blocks may be. A hidden block's line is named
    /// `hidden #1` (numbered per side) with start strength 0 (unknown).
    pub report: Report,
    /// The side that cannot see the hidden blocks (the attacker when both sides hide some):
    /// spread and scouting speak of its chance to hold the area.
    pub viewer: Side,
    /// Distinct compositions solved (exact) or drawn (Monte Carlo), candidates that behave
    /// identically in this battle merged.
    pub compositions: usize,
    /// Distinct battles solved (exact; compositions that differ only in who is King,
    /// Pretender or an heir where nothing here reads it are one battle, R13); 0 for Monte Carlo.
    #[serde(default)]
    pub battles: usize,
    /// Every way the hidden blocks may be, before merging (0: too many to list).
    pub possibilities: usize,
    /// Who each hidden block may be, most likely first.
    pub hidden: Vec<HiddenReport>,
    /// The spread of the viewer's chance across compositions (exact results only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spread: Option<Spread>,
    /// The chance the viewer's enemy King, Pretender or an heir is among the hidden blocks.
    pub royal: Royal,
    /// What knowing each hidden block would change, most valuable first.
    pub scouting: Vec<Scout>,
}

/// One hidden block: who it may be.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HiddenReport {
    /// `hidden #1`.
    pub label: String,
    /// Its side.
    pub side: Side,
    /// Its slot in the report's `blocks`.
    pub slot: usize,
    /// Each block and strength it may be, most likely first.
    pub who: Vec<Identity>,
}

/// One thing a hidden block may be.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Identity {
    /// The block's id.
    pub block: String,
    /// Its strength.
    pub strength: u8,
    /// The chance it is this block at this strength.
    pub chance: f64,
    /// The viewer's chance to hold the area if it is.
    pub viewer_holds: f64,
}

/// How the viewer's chance to hold varies with what the hidden blocks are.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    /// `[q, x]`: in a share q of what they may be, the viewer holds with a chance of at most x
    /// (q = 0.1, 0.25, 0.5, 0.75, 0.9).
    pub quantiles: Vec<[f64; 2]>,
    /// The composition at the 10% point: as bad as it likely gets.
    pub worst: Example,
    /// The composition at the 90% point: as good as it likely gets.
    pub best: Example,
    /// Every distinct composition's viewer chance and weight, sorted by chance (for a chart).
    pub points: Vec<[f64; 2]>,
    /// The composition of each point ([`crate::Fog::possibility`] names what it is).
    #[serde(default)]
    pub compositions: Vec<usize>,
}

impl Spread {
    /// The composition at the share `q` of what the hidden blocks may be, worst first for the
    /// viewer (as the quantiles: `at(0.1)` is `worst`): the first whose cumulative weight
    /// reaches `q`.
    pub fn at(&self, q: f64) -> Option<usize> {
        let mut acc = 0.0;
        for (p, &k) in self.points.iter().zip(&self.compositions) {
            acc += p[1];
            if acc >= q - 1e-12 {
                return Some(k);
            }
        }
        self.compositions.last().copied()
    }
}

/// One composition, by an example of what the hidden blocks are.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Example {
    /// Each hidden block as `Norfolk 4` (one of the blocks that behave alike here).
    pub blocks: Vec<String>,
    /// The chance of this composition (all its alike blocks).
    pub chance: f64,
    /// The viewer's chance to hold against it.
    pub viewer_holds: f64,
    /// The composition ([`crate::Fog::possibility`] names what it is, [`crate::Fog::reveal`]
    /// opens it as a battle).
    #[serde(default)]
    pub composition: usize,
}

/// The chance that the viewer's enemy royals are hidden.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Royal {
    /// The enemy King is one of the hidden blocks.
    pub king: f64,
    /// The enemy Pretender is one of them.
    pub pretender: f64,
    /// At least one enemy heir is.
    pub heir: f64,
}

/// What learning one hidden block would tell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scout {
    /// `hidden #1`.
    pub label: String,
    /// Its index in [`FogReport::hidden`] (for [`crate::Fog::possibility_with`]).
    #[serde(default)]
    pub hidden: usize,
    /// Its side.
    pub side: Side,
    /// The expected change, in probability, of the viewer's chance to hold once this block is
    /// known: the sum over what it may be of chance x |holds if so - holds|.
    pub value: f64,
    /// What it may be that is worst for the viewer.
    pub worst: Identity,
    /// What it may be that is best for the viewer.
    pub best: Identity,
}

/// The viewer: the side that cannot see the hidden blocks (the attacker if both hide some).
fn viewer(fog: &Fog) -> Side {
    if fog.hidden.iter().all(|h| h.side == Side::Attacker) {
        Side::Defender
    } else {
        Side::Attacker
    }
}

/// Adds a composition's battle to the merged shape of a mixture: known blocks as in any
/// composition; a King, Pretender or heir counts if one fights in any composition.
pub(super) fn widen(union: &mut Option<Shape>, battle: &Battle) {
    let s = Shape::of(battle);
    match union {
        None => *union = Some(s),
        Some(shape) => {
            shape.start = shape.start.max(s.start);
            shape.king |= s.king;
            shape.pretender |= s.pretender;
            shape.heirs[0] |= s.heirs[0];
            shape.heirs[1] |= s.heirs[1];
        }
    }
}

impl Fog {
    /// The shape of every composition's battle merged: known blocks as in any, a King,
    /// Pretender or heir if one fights in any, the largest total strength.
    fn exact_shape(&self) -> Shape {
        let comps = self.compositions.as_deref().unwrap_or(&[]);
        if self.context_roles {
            let mut union = None;
            for c in comps {
                let b = self
                    .battle_of(&c.example)
                    .expect("every composition was checked when it was classified");
                widen(&mut union, &b);
            }
            return union.expect("a composition");
        }
        let mut shape = self
            .class_union
            .borrow()
            .clone()
            .expect("the candidates were classified");
        let known: usize = [&self.scenario.attacker, &self.scenario.defender]
            .iter()
            .flat_map(|a| &a.blocks)
            .map(|b| b.strength as usize)
            .sum();
        shape.start = comps
            .iter()
            .map(|c| {
                let hidden: usize = self
                    .hidden
                    .iter()
                    .zip(&c.example)
                    .map(|(h, &k)| h.candidates[k].strength as usize)
                    .sum();
                known + hidden
            })
            .max()
            .unwrap_or(shape.start);
        shape
    }
}

/// The mixture's shape with hidden blocks named by label, their start unknown.
fn named(fog: &Fog, mut shape: Shape) -> Shape {
    for h in &fog.hidden {
        let line = &mut shape.blocks[h.slot];
        line.name = h.label.clone();
        line.strength = 0;
        line.max = 4;
        line.if_eliminated = "depends on who it is".to_string();
    }
    shape
}

/// Hidden blocks described alike, in groups: they are interchangeable, so what each of them may be
/// is reported as if their labels were given at random (R13 orders them only to break ties).
fn twins(fog: &Fog) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, h) in fog.hidden.iter().enumerate() {
        match h
            .twin
            .and_then(|t| groups.iter().position(|g| g.contains(&t)))
        {
            Some(g) => groups[g].push(i),
            None => groups.push(vec![i]),
        }
    }
    groups
}

/// Averages per-candidate sums over each group of interchangeable hidden blocks.
fn even_out(fog: &Fog, sums: &mut [Vec<(f64, f64)>]) {
    for g in twins(fog).into_iter().filter(|g| g.len() > 1) {
        let n = g.len() as f64;
        for c in 0..sums[g[0]].len() {
            let total = g
                .iter()
                .fold((0.0, 0.0), |a, &i| (a.0 + sums[i][c].0, a.1 + sums[i][c].1));
            for &i in &g {
                sums[i][c] = (total.0 / n, total.1 / n);
            }
        }
    }
}

/// Averages the report's lines of each group of interchangeable hidden blocks.
fn even_lines(fog: &Fog, report: &mut Report) {
    for g in twins(fog).into_iter().filter(|g| g.len() > 1) {
        let slots: Vec<usize> = g.iter().map(|&i| fog.hidden[i].slot).collect();
        let n = slots.len() as f64;
        let mean = |f: &dyn Fn(&crate::solve::report::BlockReport) -> f64| {
            slots.iter().map(|&s| f(&report.blocks[s])).sum::<f64>() / n
        };
        let eliminated = mean(&|b| b.eliminated);
        let retreated = mean(&|b| b.retreated);
        let defected = mean(&|b| b.defected);
        let expected = mean(&|b| b.expected_strength);
        let len = report.blocks[slots[0]].final_strength.len();
        let finals: Vec<f64> = (0..len).map(|k| mean(&|b| b.final_strength[k])).collect();
        for &s in &slots {
            let b = &mut report.blocks[s];
            b.eliminated = eliminated;
            b.retreated = retreated;
            b.defected = defected;
            b.expected_strength = expected;
            b.final_strength = finals.clone();
        }
    }
}

fn holds_of(viewer: Side, holds: [f64; 3]) -> f64 {
    holds[viewer.index()]
}

/// Royal presence among the hidden blocks of one composition, for the viewer's enemy.
fn royal_of(fog: &Fog, roles: &Roles, enemy: Side) -> [bool; 3] {
    let hidden = |slot: Option<usize>| {
        slot.is_some_and(|s| fog.hidden.iter().any(|h| h.slot == s && h.side == enemy))
    };
    let heir = fog
        .hidden
        .iter()
        .zip(&roles.heirs)
        .any(|(h, r)| h.side == enemy && r.is_some());
    [hidden(roles.king), hidden(roles.pretender), heir]
}

/// Royal presence of one drawn composition's battle, for the viewer's enemy.
fn royal_in(fog: &Fog, battle: &Battle, enemy: Side) -> [bool; 3] {
    let hidden = |slot: Option<usize>| {
        slot.is_some_and(|s| fog.hidden.iter().any(|h| h.slot == s && h.side == enemy))
    };
    let heir = fog
        .hidden
        .iter()
        .any(|h| h.side == enemy && battle.slots[h.slot].versions[0].heir_rank.is_some());
    [hidden(battle.king()), hidden(battle.pretender()), heir]
}

/// Identities of hidden block `i` from (candidate, chance, viewer holds x chance) sums.
fn identities(fog: &Fog, i: usize, sums: &[(f64, f64)]) -> Vec<Identity> {
    let mut who: Vec<Identity> = fog.hidden[i]
        .candidates
        .iter()
        .zip(sums)
        .filter(|(_, (p, _))| *p > 0.0)
        .map(|(c, (p, h))| Identity {
            block: c.block.id.to_string(),
            strength: c.strength,
            chance: *p,
            viewer_holds: h / p,
        })
        .collect();
    who.sort_by(|a, b| b.chance.total_cmp(&a.chance).then(a.block.cmp(&b.block)));
    who
}

/// Who each hidden block may be, from per-candidate (chance, viewer holds x chance) sums.
fn hidden_reports(fog: &Fog, sums: &[Vec<(f64, f64)>]) -> Vec<HiddenReport> {
    (0..fog.hidden.len())
        .map(|i| HiddenReport {
            label: fog.hidden[i].label.clone(),
            side: fog.hidden[i].side,
            slot: fog.hidden[i].slot,
            who: identities(fog, i, &sums[i]),
        })
        .collect()
}

fn scouting(fog: &Fog, hidden: &[HiddenReport], overall: f64) -> Vec<Scout> {
    let mut out: Vec<Scout> = hidden
        .iter()
        .zip(&fog.hidden)
        .enumerate()
        .filter(|(_, (r, _))| !r.who.is_empty())
        .map(|(i, (r, h))| {
            let value = r
                .who
                .iter()
                .map(|w| w.chance * (w.viewer_holds - overall).abs())
                .sum();
            let by = |f: fn(f64, f64) -> bool| {
                r.who
                    .iter()
                    .fold(None::<&Identity>, |best, w| match best {
                        Some(b) if !f(w.viewer_holds, b.viewer_holds) => Some(b),
                        _ => Some(w),
                    })
                    .cloned()
                    .expect("not empty")
            };
            Scout {
                label: r.label.clone(),
                hidden: i,
                side: h.side,
                value,
                worst: by(|a, b| a < b),
                best: by(|a, b| a > b),
            }
        })
        .collect();
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    out
}

fn example(fog: &Fog, k: usize, comp: &Composition, viewer_holds: f64) -> Example {
    Example {
        composition: k,
        blocks: fog
            .hidden
            .iter()
            .zip(&comp.example)
            .map(|(h, &c)| format!("{} {}", h.candidates[c].block.id, h.candidates[c].strength))
            .collect(),
        chance: comp.chance,
        viewer_holds,
    }
}

/// The exact mixture's figures: `holds[k]` are composition k's own chances, `roles[k]` its
/// royal terms.
pub(super) fn exact(
    fog: &Fog,
    comps: &[Composition],
    roles: &[Roles],
    holds: &[[f64; 3]],
    tally: &Tally,
    method: Method,
) -> FogReport {
    let viewer = viewer(fog);
    let mut report = tally.report_shaped(&named(fog, fog.exact_shape()), method, 1.0);
    even_lines(fog, &mut report);
    let mut sums: Vec<Vec<(f64, f64)>> = fog
        .hidden
        .iter()
        .map(|h| vec![(0.0, 0.0); h.candidates.len()])
        .collect();
    let mut royal = [0.0; 3];
    let mut points: Vec<(f64, f64, usize)> = Vec::with_capacity(comps.len());
    for (k, comp) in comps.iter().enumerate() {
        let v = holds_of(viewer, holds[k]);
        for (i, who) in comp.who.iter().enumerate() {
            for &(c, p) in who {
                sums[i][c].0 += p;
                sums[i][c].1 += p * v;
            }
        }
        for (r, on) in royal
            .iter_mut()
            .zip(royal_of(fog, &roles[k], viewer.other()))
        {
            if on {
                *r += comp.chance;
            }
        }
        points.push((v, comp.chance, k));
    }
    even_out(fog, &mut sums);
    points.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.2.cmp(&b.2)));
    let at = |q: f64| {
        let mut acc = 0.0;
        for &(v, w, k) in &points {
            acc += w;
            if acc >= q - 1e-12 {
                return (v, k);
            }
        }
        let last = points.last().expect("a composition");
        (last.0, last.2)
    };
    let quantiles = [0.1, 0.25, 0.5, 0.75, 0.9]
        .iter()
        .map(|&q| [q, at(q).0])
        .collect();
    let (worst_v, worst_k) = at(0.1);
    let (best_v, best_k) = at(0.9);
    let spread = Spread {
        quantiles,
        worst: example(fog, worst_k, &comps[worst_k], worst_v),
        best: example(fog, best_k, &comps[best_k], best_v),
        points: points.iter().map(|&(v, w, _)| [v, w]).collect(),
        compositions: points.iter().map(|&(_, _, k)| k).collect(),
    };
    let mut f = finish(fog, report, &sums, comps.len(), Some(spread), royal);
    f.battles = fog.battles();
    f
}

/// What Monte Carlo saw of the hidden blocks: per candidate, battles and viewer holds; royal
/// presence counts; distinct battles drawn.
#[derive(Debug, Clone)]
pub(super) struct Seen {
    per: Vec<Vec<(f64, f64)>>,
    royal: [f64; 3],
    /// Distinct compositions drawn.
    pub distinct: usize,
}

impl Seen {
    pub(super) fn new(sizes: &[usize]) -> Seen {
        Seen {
            per: sizes.iter().map(|&n| vec![(0.0, 0.0); n]).collect(),
            royal: [0.0; 3],
            distinct: 0,
        }
    }

    pub(super) fn add(&mut self, fog: &Fog, battle: &Battle, pick: &[usize], holder: Option<Side>) {
        let viewer = viewer(fog);
        let won = (holder == Some(viewer)) as u8 as f64;
        for (i, &c) in pick.iter().enumerate() {
            self.per[i][c].0 += 1.0;
            self.per[i][c].1 += won;
        }
        for (r, on) in self
            .royal
            .iter_mut()
            .zip(royal_in(fog, battle, viewer.other()))
        {
            if on {
                *r += 1.0;
            }
        }
    }
}

/// The Monte Carlo mixture's figures.
pub(super) fn sampled(
    fog: &Fog,
    seen: &Seen,
    tally: &Tally,
    method: Method,
    runs: u64,
) -> FogReport {
    let union = fog.union.borrow().clone().expect("a battle was built");
    let mut report = tally.report_shaped(&named(fog, union), method, runs as f64);
    even_lines(fog, &mut report);
    let n = runs as f64;
    let mut sums: Vec<Vec<(f64, f64)>> = seen
        .per
        .iter()
        .map(|per| per.iter().map(|&(k, w)| (k / n, w / n)).collect())
        .collect();
    even_out(fog, &mut sums);
    let royal = seen.royal.map(|r| r / n);
    finish(fog, report, &sums, seen.distinct, None, royal)
}

/// The figures every mixture reports, exact or sampled, from its averaged report and the
/// per-candidate sums.
fn finish(
    fog: &Fog,
    report: Report,
    sums: &[Vec<(f64, f64)>],
    compositions: usize,
    spread: Option<Spread>,
    royal: [f64; 3],
) -> FogReport {
    let viewer = viewer(fog);
    let hidden = hidden_reports(fog, sums);
    let overall = holds_of(
        viewer,
        [report.attacker_holds, report.defender_holds, report.vacant],
    );
    FogReport {
        scouting: scouting(fog, &hidden, overall),
        viewer,
        compositions,
        battles: 0,
        possibilities: fog.assignments,
        hidden,
        spread,
        royal: Royal {
            king: royal[0],
            pretender: royal[1],
            heir: royal[2],
        },
        report,
    }
}
