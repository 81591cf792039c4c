//! The screening: every plan fought against the same draws of the enemy's unseen blocks and the
//! same dice (common random numbers), so that two plans are compared on equal terms and a few
//! dozen battles tell a hopeless plan from a good one. Plans that could still be among the best
//! are fought again on more draws (successive halving); the others are dropped. The figures the
//! planner reports are not these: they are the fog of war's on each plan's battle (`rank.rs`).
//!
//! A draw follows R13: each unseen block one of its candidates (R21), equally likely, never the
//! same person twice, at a strength from its prior; hidden blocks described alike take the
//! blocks drawn in the tie order of R13, as the fog of war's mixture has them (so a screened
//! battle is the plan's own battle, composition for composition).

use crate::data::BlockData;
use crate::rules::action::{resolve, sample};
use crate::rules::battle::Battle;
use crate::rules::dice::{BattleRng, rng_from_seed, uniform};
use crate::rules::log::Silent;
use crate::rules::policy;
use crate::rules::round::{Ending, Point, advance};
use crate::rules::state::State;
use crate::scenario::{BlockEntry, HiddenBlock, Scenario, Side, StrengthPrior};
use crate::solve::error::SolveError;
use crate::solve::monte_carlo::one_battle;
use crate::solve::watch::{EVERY, Watch};

/// Battles fought on each draw of the hidden blocks for each plan (a bit each in a `u16`).
pub const BATTLES_PER_DRAW: u32 = 16;

/// One unseen enemy block of the board that some plan's battle holds: its strength prior.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// The blocks it may be, each with the chance of each strength given the block.
    pub options: Vec<(&'static BlockData, Vec<(u8, f64)>)>,
}

impl Slot {
    /// A slot for an unseen block with these candidates and prior (R13): the candidates that can
    /// have a strength the prior allows.
    pub fn new(candidates: &[&'static BlockData], prior: &StrengthPrior) -> Slot {
        Slot {
            options: candidates
                .iter()
                .filter_map(|&b| strengths(prior, b.max_strength).map(|s| (b, s)))
                .collect(),
        }
    }
}

/// The chance of each strength 1..=max under a prior, or `None` if it allows none (R13).
fn strengths(prior: &StrengthPrior, max: u8) -> Option<Vec<(u8, f64)>> {
    let weight = |s: u8| -> f64 {
        match prior {
            StrengthPrior::Full => f64::from(u8::from(s == max)),
            StrengthPrior::Any => 1.0,
            StrengthPrior::AtMost(n) => f64::from(u8::from(s <= *n)),
            StrengthPrior::AtLeast(n) => f64::from(u8::from(s >= *n)),
            StrengthPrior::Weights(w) => w.get(s as usize - 1).copied().unwrap_or(0.0),
        }
    };
    let total: f64 = (1..=max).map(weight).sum();
    (total > 0.0).then(|| {
        (1..=max)
            .filter(|&s| weight(s) > 0.0)
            .map(|s| (s, weight(s) / total))
            .collect()
    })
}

/// What every unseen block is in one draw: a block and a strength per slot.
pub type Draw = Vec<(&'static BlockData, u8)>;

/// Draws every slot at once (R13): each a candidate block, equally likely, then a strength;
/// again while a person is twice.
pub fn draw(slots: &[Slot], rng: &mut BattleRng) -> Option<Draw> {
    'again: for _ in 0..10_000 {
        let mut out: Draw = Vec::with_capacity(slots.len());
        for s in slots {
            if s.options.is_empty() {
                return None;
            }
            let k = ((uniform(rng) * s.options.len() as f64) as usize).min(s.options.len() - 1);
            let (b, chances) = &s.options[k];
            if out.iter().any(|(o, _)| o.person == b.person) {
                continue 'again;
            }
            let mut u = uniform(rng);
            let mut strength = chances[chances.len() - 1].0;
            for &(st, p) in chances {
                if u < p {
                    strength = st;
                    break;
                }
                u -= p;
            }
            out.push((b, strength));
        }
        return Some(out);
    }
    None
}

/// A plan's battle ready to be made concrete for a draw: the scenario with its hidden blocks
/// taken out, and, per side, each hidden block's description and the slot it takes.
#[derive(Debug, Clone)]
pub struct Template {
    /// The battle with no hidden block.
    pub known: Scenario,
    /// Per side: (description, slot) of each hidden block, in the scenario's order.
    pub hidden: [Vec<(HiddenBlock, usize)>; 2],
    /// The side the moving player fights on.
    pub own: Side,
}

impl Template {
    /// The battle for a draw: each hidden block the block its slot drew; hidden blocks
    /// described alike take theirs in the tie order of R13 (`fog::tie_place`).
    pub fn battle(&self, draw: &Draw) -> Result<Battle, crate::scenario::ScenarioError> {
        let mut sc = self.known.clone();
        for side in Side::BOTH {
            let list = &self.hidden[side.index()];
            let army = match side {
                Side::Attacker => &mut sc.attacker,
                Side::Defender => &mut sc.defender,
            };
            let mut done = vec![false; list.len()];
            for i in 0..list.len() {
                if done[i] {
                    continue;
                }
                let alike: Vec<usize> = (i..list.len())
                    .filter(|&j| list[j].0 == list[i].0)
                    .collect();
                let mut drawn: Vec<(&BlockData, u8)> =
                    alike.iter().map(|&j| draw[list[j].1]).collect();
                drawn.sort_by_key(|(b, s)| crate::solve::fog::tie_place(&self.known, side, b, *s));
                for (&j, (b, s)) in alike.iter().zip(drawn) {
                    done[j] = true;
                    army.blocks.push(BlockEntry {
                        id: Some(b.id.to_string()),
                        custom: None,
                        strength: s,
                        reserve: list[j].0.reserve,
                        from: list[j].0.from.clone(),
                    });
                }
            }
        }
        Battle::new(&sc)
    }
}

/// One plan's screening so far: per draw, which of its battles the moving player held (a bit per
/// battle: every plan's battle `j` on draw `c` has the same dice, so two plans are compared
/// battle by battle) and his mean steps lost.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// Per draw fought: bit `j` set if battle `j` was held.
    pub holds: Vec<u16>,
    /// Per draw fought: the mean steps lost by the moving player.
    pub lost: Vec<f32>,
    /// Per draw fought: the mean steps lost by the enemy.
    pub gained: Vec<f32>,
    /// The plan's battle could not be built for some draw (never for a valid plan).
    pub broken: bool,
}

impl Tally {
    /// The share of battles held over the draws fought.
    pub fn hold(&self) -> f64 {
        if self.holds.is_empty() {
            return 0.0;
        }
        let won: u32 = self.holds.iter().map(|m| m.count_ones()).sum();
        f64::from(won) / (self.holds.len() as f64 * f64::from(BATTLES_PER_DRAW))
    }

    /// The mean steps lost.
    pub fn lost(&self) -> f64 {
        mean(&self.lost)
    }

    /// The moving player's value of each draw fought, by `holds` (the share of its battles
    /// held) or by steps (the enemy's mean steps lost minus his own): their mean and its
    /// standard error, from the spread between draws (battles on one draw share the hidden
    /// blocks), never below `floor` per draw so that a few draws never look certain.
    pub fn per_draw(&self, steps: bool, floor: f64) -> (f64, f64) {
        let x: Vec<f64> = if steps {
            self.gained
                .iter()
                .zip(&self.lost)
                .map(|(g, l)| f64::from(*g) - f64::from(*l))
                .collect()
        } else {
            self.holds
                .iter()
                .map(|m| f64::from(m.count_ones()) / f64::from(BATTLES_PER_DRAW))
                .collect()
        };
        let n = x.len() as f64;
        if x.is_empty() {
            return (0.0, f64::INFINITY);
        }
        let m = x.iter().sum::<f64>() / n;
        let var = if x.len() < 2 {
            floor.max(0.25)
        } else {
            (x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0)).max(floor)
        };
        (m, (var / n).sqrt())
    }
}

fn mean(v: &[f32]) -> f64 {
    if v.is_empty() {
        0.0
    } else {
        v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64
    }
}

/// The mean and standard error of the paired differences `a - b` (held or not) over the
/// battles both fought, battle by battle. Battles on one draw share the hidden blocks, so this
/// understates the error while draws are few: the screening keeps a wide margin.
pub fn paired(a: &[u16], b: &[u16]) -> (f64, f64) {
    let draws = a.len().min(b.len());
    let n = draws as f64 * f64::from(BATTLES_PER_DRAW);
    if draws == 0 {
        return (0.0, f64::INFINITY);
    }
    // Each difference is -1, 0 or 1: their sum and the count of non-zero ones say it all.
    let (mut sum, mut nonzero) = (0i64, 0u32);
    for i in 0..draws {
        let (x, y) = (a[i], b[i]);
        sum += i64::from((x & !y).count_ones()) - i64::from((y & !x).count_ones());
        nonzero += (x ^ y).count_ones();
    }
    let m = sum as f64 / n;
    let var = (f64::from(nonzero) / n - m * m) * n / (n - 1.0).max(1.0);
    (m, (var.max(0.0) / n).sqrt())
}

/// The seed of battle `j` on draw `c`: the same for every plan (SplitMix64 of both). `c` is a
/// `u64`, never a `usize`, so that every platform draws the same: the draws' own stream is
/// [`DRAWS`], which as `usize::MAX` would be another number in WebAssembly (32 bits) than
/// natively.
pub fn battle_seed(seed: u64, c: u64, j: u32) -> u64 {
    let mut z = seed
        .wrapping_add(c.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_add(u64::from(j).wrapping_mul(0xd1b5_4a32_d192_ed03));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The `c` of the hidden blocks' draws themselves, apart from every battle's (`battle_seed`).
pub const DRAWS: u64 = u64::MAX;

/// Fights a plan's battle on draws `from..to`, [`BATTLES_PER_DRAW`] battles each, adding to its
/// tally; `watch` is told the battles fought every [`EVERY`] or so.
pub fn fight(
    template: &Template,
    draws: &[Draw],
    from: usize,
    seed: u64,
    tally: &mut Tally,
    fought: &mut usize,
    watch: &Watch<'_>,
) -> Result<(), SolveError> {
    let own = template.own;
    for (c, d) in draws.iter().enumerate().skip(from) {
        let Ok(battle) = template.battle(d) else {
            tally.broken = true;
            return Ok(());
        };
        let (mut held, mut lost, mut gained) = (0u16, 0u32, 0u32);
        for j in 0..BATTLES_PER_DRAW {
            let mut rng = rng_from_seed(battle_seed(seed, c as u64, j));
            let (state, ending) = one_battle(&battle, &mut rng, &mut Silent);
            held |= u16::from(ending.holder == Some(own)) << j;
            lost += u32::from(state.lost[own.index()]);
            gained += u32::from(state.lost[own.other().index()]);
        }
        tally.holds.push(held);
        tally.lost.push(lost as f32 / BATTLES_PER_DRAW as f32);
        tally.gained.push(gained as f32 / BATTLES_PER_DRAW as f32);
        *fought += BATTLES_PER_DRAW as usize;
        if *fought >= EVERY {
            let n = std::mem::take(fought);
            if !watch(n) {
                return Err(SolveError::Cancelled);
            }
        }
    }
    Ok(())
}

/// Fights one battle from `state` (no Treason card: plans play none), under the battle's
/// policy: the loop of [`crate::solve::monte_carlo::one_battle`] from another start.
fn fight_from(battle: &Battle, mut s: State, rng: &mut BattleRng) -> (State, Ending) {
    loop {
        match advance(battle, &mut s, &mut Silent) {
            Point::End(e) => return (s, e),
            Point::Act(actor) => {
                let action = policy::choose(battle, &s, actor);
                let roll = sample(battle, &s, actor, action, rng);
                resolve(battle, &mut s, actor, action, roll, &mut Silent);
            }
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{BLOCKS, House};

    /// Hidden blocks described alike take the blocks drawn in R13's tie order, whatever order
    /// they were drawn in and wherever the blocks stand in the game's block list: the screened
    /// battle is the fog of war's for that composition.
    #[test]
    fn alike_hidden_blocks_take_their_blocks_in_the_tie_order_of_r13() {
        let known: Scenario = serde_json::from_str(
            r#"{"version":1,"area":"Kent","king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]},
            "defender":{"house":"Lancaster","blocks":[]}}"#,
        )
        .unwrap();
        let hidden = HiddenBlock::default();
        let template = Template {
            known: known.clone(),
            hidden: [Vec::new(), vec![(hidden.clone(), 0), (hidden, 1)]],
            own: Side::Attacker,
        };
        let place =
            |b: &BlockData| crate::solve::fog::tie_place(&known, Side::Defender, b, b.max_strength);
        // Two Lancaster nobles that the block list and the tie order put the other way round.
        let nobles: Vec<&BlockData> = BLOCKS
            .iter()
            .filter(|b| {
                b.house() == Some(House::Lancaster)
                    && b.heir_rank.is_none()
                    && b.other_version().is_none()
            })
            .collect();
        let (first, later) = nobles
            .iter()
            .enumerate()
            .flat_map(|(i, a)| nobles[i + 1..].iter().map(move |b| (*a, *b)))
            .find(|(a, b)| place(a) > place(b))
            .expect("the tie order is not the block order");
        for draw in [
            vec![(first, first.max_strength), (later, later.max_strength)],
            vec![(later, later.max_strength), (first, first.max_strength)],
        ] {
            let battle = template.battle(&draw).unwrap();
            let ids: Vec<&str> = battle.slots[1..]
                .iter()
                .map(|s| s.versions[0].id.as_str())
                .collect();
            assert_eq!(ids, [later.id, first.id], "{draw:?}");
        }
    }
}
