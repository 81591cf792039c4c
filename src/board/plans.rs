//! Plans (5.2, 5.21, 5.22, 6.3): every distinct way to attack a target within the card: which
//! blocks go, by which border each enters, which border is the Main Attack. Two ways that give
//! the same battle (the same blocks active in round 1, the same reserves) are one plan.
//!
//! The search assigns each block that can reach the target a role (stay, Main Attack, reserve)
//! and keeps, for each assignment so far, every distinct state of the border limits it can
//! leave (5.21): an assignment is possible when some way of moving the blocks respects every
//! limit, at most three borders (6.3; two for Player 2's reinforcements), the action points
//! (one per area the blocks leave, none for an area already activated this turn, 5.2; one per
//! block with Piracy, whose moves are by sea, R43) and the pins (5.22). Each plan then takes,
//! block by block, the first way that keeps the limits, the ways crossing fewest areas first.

use super::reach::{self, Role, Target, Way};
use super::validate::Position;
use std::collections::{HashMap, HashSet};

/// The most plans listed for one target; past it the search stops and says so.
pub const MAX_PLANS: usize = 200_000;

/// One way to attack a target this turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The target and what attacking it means.
    pub target: Target,
    /// Each committed block's way there, in the board's order of blocks.
    pub ways: Vec<Way>,
    /// The Main Attack's border: the neighbour its blocks come from (6.3); `None` when the
    /// blocks reinforce a defence (all reserves).
    pub main: Option<usize>,
    /// Action points the plan spends: one per area its blocks leave, but none for an area an
    /// action point activated already this turn (5.2).
    pub ap: u8,
    /// Areas the plan leaves with none of the moving player's blocks (indices into [`AREAS`]).
    pub left_empty: Vec<usize>,
}

impl Plan {
    /// The committed blocks (indices into [`Position::own`]) that fight in round 1: those that
    /// cross the Main Attack's border (6.3).
    pub fn active(&self) -> Vec<usize> {
        self.ways
            .iter()
            .filter(|w| Some(w.entry()) == self.main)
            .map(|w| w.block)
            .collect()
    }

    /// The committed blocks that arrive as reserves for round 2 (6.3).
    pub fn reserves(&self) -> Vec<usize> {
        self.ways
            .iter()
            .filter(|w| Some(w.entry()) != self.main)
            .map(|w| w.block)
            .collect()
    }

    /// The borders it crosses into the target, as the neighbours they lead from, in the map's
    /// order.
    pub fn entries(&self) -> Vec<usize> {
        let mut e: Vec<usize> = self.ways.iter().map(Way::entry).collect();
        e.sort_unstable();
        e.dedup();
        e
    }
}

/// The outcome of the search: the plans, and whether it stopped at [`MAX_PLANS`].
#[derive(Debug, Clone, PartialEq)]
pub struct Plans {
    /// Every distinct plan, in a fixed order (by the blocks committed, the Main Attack first).
    pub plans: Vec<Plan>,
    /// The search stopped at [`MAX_PLANS`]: more plans exist.
    pub truncated: bool,
}

/// A block's role in a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Part {
    Stay,
    Main,
    Reserve,
}

/// A state of the search: the crossings so far on each relevant border (four bits each, at most
/// 64 of them: the map has fewer land borders) and the entries used (a bit per area).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct State {
    usage: [u64; 4],
    entries: u64,
}

impl State {
    fn get(&self, b: usize) -> u8 {
        (self.usage[b / 16] >> (4 * (b % 16)) & 0xf) as u8
    }

    fn add(&mut self, b: usize) {
        self.usage[b / 16] += 1 << (4 * (b % 16));
    }
}

/// Every distinct plan to attack `target` with at most the action points left.
pub fn plans(position: &Position, target: Target) -> Plans {
    let all = reach::ways(position, target.area);
    // The blocks that can reach, each with its ways, fewest areas crossed first.
    let mut blocks: Vec<usize> = all.iter().map(|w| w.block).collect();
    blocks.sort_unstable();
    blocks.dedup();
    let ways: Vec<Vec<Way>> = blocks
        .iter()
        .map(|&b| {
            let mut w: Vec<Way> = all.iter().filter(|w| w.block == b).cloned().collect();
            w.sort_by_key(|w| (w.path.len(), w.entry(), w.path.clone()));
            w
        })
        .collect();
    // The borders that matter: every border some way crosses.
    let mut relevant: Vec<usize> = ways.iter().flatten().flat_map(|w| w.borders()).collect();
    relevant.sort_unstable();
    relevant.dedup();
    let slot: HashMap<usize, usize> = relevant.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let crossings: Vec<Vec<Vec<usize>>> = ways
        .iter()
        .map(|ws| {
            ws.iter()
                .map(|w| w.borders().iter().map(|b| slot[b]).collect())
                .collect()
        })
        .collect();
    // Entries already used this turn by the moving player's own blocks in the target.
    let existing: u64 = position.spots[target.area]
        .own
        .iter()
        .filter_map(|&k| position.own[k].came_from)
        .fold(0, |m, a| m | 1 << a);
    let mut start = State {
        usage: [0; 4],
        entries: existing,
    };
    // Each border's limit for the moving player (5.21; one more with Surprise, Event Cards).
    let limits: Vec<u8> = relevant.iter().map(|&b| position.limit(b)).collect();
    for (i, &b) in relevant.iter().enumerate() {
        for _ in 0..position.crossed[b].min(limits[i]) {
            start.add(i);
        }
    }
    let mains: Vec<Option<usize>> = match target.role {
        Role::Attack => {
            let mut e: Vec<usize> = ways.iter().flatten().map(Way::entry).collect();
            e.sort_unstable();
            e.dedup();
            e.into_iter().map(Some).collect()
        }
        Role::Join { main } => vec![Some(main)],
        Role::Reinforce => vec![None],
    };
    // Sources: how many blocks each area may still let go (5.22), and the action points.
    let may_leave: HashMap<usize, usize> = blocks
        .iter()
        .map(|&b| {
            let area = position.own[b].area;
            (area, reach::movable(position, area).1)
        })
        .collect();
    let mut search = Search {
        position,
        target,
        ways: &ways,
        crossings: &crossings,
        limits: &limits,
        start,
        seen: HashSet::new(),
        out: Vec::new(),
        truncated: false,
    };
    for main in mains {
        let states = vec![start];
        let mut parts = Vec::with_capacity(blocks.len());
        let mut leaving: HashMap<usize, usize> = HashMap::new();
        search.walk(
            0,
            main,
            &blocks,
            &may_leave,
            &mut leaving,
            &mut parts,
            &states,
        );
    }
    // A fixed order: most blocks first, most of them in the Main Attack, then the board's order.
    let mut plans = search.out;
    plans.sort_by_cached_key(|p| {
        (
            std::cmp::Reverse(p.ways.len()),
            std::cmp::Reverse(p.active().len()),
            p.ways
                .iter()
                .map(|w| (w.block, Some(w.entry()) != p.main, w.entry()))
                .collect::<Vec<_>>(),
        )
    });
    Plans {
        plans,
        truncated: search.truncated,
    }
}

struct Search<'a> {
    position: &'a Position,
    target: Target,
    ways: &'a [Vec<Way>],
    crossings: &'a [Vec<Vec<usize>>],
    limits: &'a [u8],
    /// Where the search starts: the crossings already made this turn.
    start: State,
    /// The battles found: (active blocks, reserves).
    seen: HashSet<(Vec<usize>, Vec<usize>)>,
    out: Vec<Plan>,
    truncated: bool,
}

impl Search<'_> {
    /// Assigns a role to block `k` and on; `states` are the border states reachable so far.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        k: usize,
        main: Option<usize>,
        blocks: &[usize],
        may_leave: &HashMap<usize, usize>,
        leaving: &mut HashMap<usize, usize>,
        parts: &mut Vec<Part>,
        states: &[State],
    ) {
        if self.truncated {
            return;
        }
        if k == blocks.len() {
            self.leaf(main, blocks, parts);
            return;
        }
        for part in [Part::Stay, Part::Main, Part::Reserve] {
            if part == Part::Main && main.is_none() {
                continue;
            }
            let area = self.position.own[blocks[k]].area;
            if part != Part::Stay {
                let n = leaving.get(&area).copied().unwrap_or(0);
                if n + 1 > may_leave[&area] {
                    continue;
                }
                // One action point per area left, none for an area already activated (5.2);
                // with Piracy one per block, its sea move (5.3, R43).
                let points = if self.position.sails() {
                    leaving.values().sum::<usize>() + 1
                } else {
                    let fresh = leaving
                        .keys()
                        .filter(|&&a| !self.position.is_activated(a))
                        .count();
                    fresh + (n == 0 && !self.position.is_activated(area)) as usize
                };
                if points > self.position.ap as usize {
                    continue;
                }
            }
            let next = if part == Part::Stay {
                states.to_vec()
            } else {
                self.step(k, part, main, states)
            };
            if next.is_empty() {
                continue;
            }
            if part != Part::Stay {
                *leaving.entry(area).or_insert(0) += 1;
            }
            parts.push(part);
            self.walk(k + 1, main, blocks, may_leave, leaving, parts, &next);
            parts.pop();
            if part != Part::Stay {
                let n = leaving.get_mut(&area).expect("counted");
                *n -= 1;
                if *n == 0 {
                    leaving.remove(&area);
                }
            }
        }
    }

    /// The states after block `k` takes `part` (Main or Reserve), each once, in order.
    fn step(&self, k: usize, part: Part, main: Option<usize>, states: &[State]) -> Vec<State> {
        let max = self.target.max_borders();
        let mut next: Vec<State> = Vec::new();
        for s in states {
            for (i, way) in self.ways[k].iter().enumerate() {
                let entry = way.entry();
                if (part == Part::Main) != (Some(entry) == main) {
                    continue;
                }
                let mut n = *s;
                n.entries |= 1 << entry;
                if n.entries.count_ones() as usize > max {
                    continue;
                }
                let mut ok = true;
                for &b in &self.crossings[k][i] {
                    n.add(b);
                    ok &= n.get(b) <= self.limits[b];
                }
                if ok {
                    next.push(n);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        next
    }

    /// One way of moving the blocks that takes these parts from `start`: for each block in turn
    /// its first way that keeps every limit (the ways fewest areas crossed first), backtracking
    /// where a later block would find none.
    fn routing(&self, main: Option<usize>, parts: &[Part], start: State) -> Vec<usize> {
        fn go(
            search: &Search<'_>,
            k: usize,
            main: Option<usize>,
            parts: &[Part],
            s: State,
            out: &mut Vec<usize>,
        ) -> bool {
            if k == parts.len() {
                return true;
            }
            if parts[k] == Part::Stay {
                out.push(usize::MAX);
                if go(search, k + 1, main, parts, s, out) {
                    return true;
                }
                out.pop();
                return false;
            }
            for (i, way) in search.ways[k].iter().enumerate() {
                if (parts[k] == Part::Main) != (Some(way.entry()) == main) {
                    continue;
                }
                let mut n = s;
                n.entries |= 1 << way.entry();
                if n.entries.count_ones() as usize > search.target.max_borders() {
                    continue;
                }
                let mut ok = true;
                for &b in &search.crossings[k][i] {
                    n.add(b);
                    ok &= n.get(b) <= search.limits[b];
                }
                if !ok {
                    continue;
                }
                out.push(i);
                if go(search, k + 1, main, parts, n, out) {
                    return true;
                }
                out.pop();
            }
            false
        }
        let mut out = Vec::with_capacity(parts.len());
        let found = go(self, 0, main, parts, start, &mut out);
        debug_assert!(found, "a feasible assignment has a way");
        out
    }

    /// A complete assignment: a plan if it commits a block (or joins or reinforces a battle
    /// already there), counted once per battle.
    fn leaf(&mut self, main: Option<usize>, blocks: &[usize], parts: &[Part]) {
        let committed = parts.iter().filter(|p| **p != Part::Stay).count();
        if committed == 0 && self.target.role == Role::Attack {
            return;
        }
        let active: Vec<usize> = blocks
            .iter()
            .zip(parts)
            .filter(|(_, p)| **p == Part::Main)
            .map(|(b, _)| *b)
            .collect();
        let reserves: Vec<usize> = blocks
            .iter()
            .zip(parts)
            .filter(|(_, p)| **p == Part::Reserve)
            .map(|(b, _)| *b)
            .collect();
        if self.target.role == Role::Attack && active.is_empty() {
            return;
        }
        // The same battle may come under another Main Attack's border: it is one plan.
        if !self.seen.insert((active, reserves)) {
            return;
        }
        let routing = self.routing(main, parts, self.start);
        let ways: Vec<Way> = routing
            .iter()
            .enumerate()
            .filter(|(_, i)| **i != usize::MAX)
            .map(|(k, &i)| self.ways[k][i].clone())
            .collect();
        let mut sources: Vec<usize> = ways.iter().map(Way::source).collect();
        sources.sort_unstable();
        sources.dedup();
        let left_empty = sources
            .iter()
            .copied()
            .filter(|&s| {
                let here = &self.position.spots[s].own;
                here.iter().all(|k| ways.iter().any(|w| w.block == *k))
            })
            .collect();
        let ap = self.position.moves_cost(ways.len(), &sources);
        self.out.push(Plan {
            target: self.target,
            ways,
            main,
            ap,
            left_empty,
        });
        if self.out.len() >= MAX_PLANS {
            self.truncated = true;
        }
    }
}
