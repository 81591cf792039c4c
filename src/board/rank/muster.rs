//! The fast path of the screening: every plan of a target fought on one draw by one battle
//! ([`Muster`]), built once for the target's plans ([`muster`]) when they attack, no enemy
//! reinforces them and no Treason card is played.

use super::candidates::{Candidate, own_side};
use super::draws::{Draw, Template, battle_seed};
use super::fight::fight_from;
use super::tally::{BATTLES_PER_DRAW, Tally};
use crate::board::validate::Position;
use crate::rules::battle::Battle;
use crate::rules::dice::rng_from_seed;
use crate::scenario::{HiddenBlock, Scenario, Side};
use crate::solve::error::SolveError;
use crate::solve::watch::{EVERY, Watch};

/// Every plan of a target fought on one draw by one battle (the fast path of the screening):
/// the battle holds every block any plan commits, and each plan is fought from its start with
/// only its own blocks present and its reserves in reserve. A block that is not present takes
/// no part in the rules (they read only present blocks), and the blocks keep their order, so
/// each plan's battles are its own battle's, die for die (checked by a test). It serves plans
/// with no enemy reinforcement that attack (their retreat capacity is the same for all: the
/// map's, R20; the defender's never counts, as it has no reserve to change control, D5).
#[derive(Debug, Clone)]
pub struct Muster {
    /// The battle with every block any plan commits (none in reserve, no `from`: the attacker's
    /// retreat capacity typed) and the enemy's known blocks.
    pub known: Scenario,
    /// The enemy's hidden blocks: (description, slot).
    pub hidden: Vec<(HiddenBlock, usize)>,
    /// The moving player's blocks in the battle: own index for each of his slots.
    pub own: Vec<usize>,
    /// Per plan: its present slots among the moving player's, and its reserves.
    pub masks: Vec<(u32, u32)>,
}

impl Muster {
    /// The battle for a draw, and its start.
    pub fn battle(&self, draw: &Draw) -> Result<Battle, crate::scenario::ScenarioError> {
        let t = Template {
            known: self.known.clone(),
            hidden: [Vec::new(), self.hidden.clone()],
            own: Side::Attacker,
        };
        t.battle(draw)
    }

    /// Fights plans `alive` on draws `from..to`, [`BATTLES_PER_DRAW`] battles each, adding to
    /// their tallies.
    #[allow(clippy::too_many_arguments)]
    pub fn fight(
        &self,
        draws: &[Draw],
        from: usize,
        alive: &[usize],
        tallies: &mut [Tally],
        seed: u64,
        fought: &mut usize,
        watch: &Watch<'_>,
    ) -> Result<bool, SolveError> {
        let all: u32 = (0..self.own.len()).fold(0, |m, k| m | 1 << k);
        for (c, d) in draws.iter().enumerate().skip(from) {
            let Ok(battle) = self.battle(d) else {
                return Ok(false);
            };
            let base = battle.initial;
            for &p in alive {
                let (present, reserve) = self.masks[p];
                let mut start = base;
                start.present = (base.present & !all) | present;
                start.reserve = reserve;
                let (mut held, mut lost, mut gained) = (0u16, 0u32, 0u32);
                for j in 0..BATTLES_PER_DRAW {
                    let mut rng = rng_from_seed(battle_seed(seed, c as u64, j));
                    let (state, ending) = fight_from(&battle, start, &mut rng);
                    held |= u16::from(ending.holder == Some(Side::Attacker)) << j;
                    lost += u32::from(state.lost[0]);
                    gained += u32::from(state.lost[1]);
                }
                tallies[p].holds.push(held);
                tallies[p].lost.push(lost as f32 / BATTLES_PER_DRAW as f32);
                tallies[p]
                    .gained
                    .push(gained as f32 / BATTLES_PER_DRAW as f32);
                *fought += BATTLES_PER_DRAW as usize;
                if *fought >= EVERY {
                    let n = std::mem::take(fought);
                    if !watch(n) {
                        return Err(SolveError::Cancelled);
                    }
                }
            }
        }
        Ok(true)
    }
}

/// The one battle that serves every plan on a draw ([`Muster`]), when the plans attack, no
/// enemy reinforces them and no Treason card is played; `None` otherwise (each plan's battle is
/// then built for each draw).
pub(super) fn muster(position: &Position, candidates: &[Candidate], draw: &Draw) -> Option<Muster> {
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

#[cfg(test)]
mod tests {
    use super::super::candidates::prepare;
    use super::super::draws;
    use super::super::fight::fight;
    use super::*;
    use crate::board::format::Board;
    use crate::board::plans::plans;
    use crate::board::reach;
    use crate::board::reinforce::Reinforce;

    fn position(json: &str) -> Position {
        let board: Board = serde_json::from_str(json).unwrap();
        Position::new(&board).unwrap()
    }

    /// The one battle of the fast path gives each plan the battles of its own battle, die for
    /// die: every plan's tallies over several draws are equal both ways.
    fn fast_path_is_each_plans_own_battle(p: &Position, area: &str) {
        let t = reach::target(p, crate::rules::movement::area_index(area).unwrap()).unwrap();
        let found = plans(p, t).plans;
        let (candidates, slots) = prepare(p, found, Reinforce::None);
        let mut rng = rng_from_seed(7);
        let draws: Vec<Draw> = (0..3)
            .map(|_| draws::draw(&slots, &mut rng).unwrap())
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
            fight(&c.template(p), &draws, 0, 11, &mut slow, &mut n, &|_| true).unwrap();
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
