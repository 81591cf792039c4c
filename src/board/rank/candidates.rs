//! The candidates the screening ranks: every plan to attack a target with the enemy's
//! reinforcements it meets (6.3, R23) and the slots of the unseen blocks its battle holds (R21),
//! so that every plan is fought against the same draw of the same unseen blocks ([`prepare`]).

use super::draws::{Slot, Template};
use super::tally::Tally;
use crate::board::battle::battle_with;
use crate::board::plans::Plan;
use crate::board::reach::{Role, Target};
use crate::board::reinforce::{Group, Reinforce, reinforcements};
use crate::board::validate::Position;
use crate::scenario::Side;
use std::collections::HashMap;

/// A plan with its reinforcements, ready to be screened (its battle, with the hidden blocks'
/// candidates, is written only for the plans assessed).
pub(in crate::board) struct Candidate {
    /// The plan.
    pub(in crate::board) plan: Plan,
    /// The enemy's reinforcements its battle assumes (6.3, R23).
    pub(in crate::board) groups: Vec<Group>,
    /// The slots of its battle's unseen enemy blocks, in the battle's order.
    slots: Vec<usize>,
    /// Its screening so far.
    pub(in crate::board) tally: Tally,
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
    reinforce: Reinforce,
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
                .or_insert_with(|| reinforcements(position, plan, reinforce))
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
