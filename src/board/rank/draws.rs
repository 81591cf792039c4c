//! The hidden blocks drawn (R13) for the screening: each unseen enemy block a [`Slot`] with its
//! candidates (R21) and strength prior, a [`Draw`] of them all at once, and each plan's battle
//! made concrete for a draw ([`Template`]). A draw follows R13: each unseen block one of its
//! candidates, equally likely, never the same person twice, at a strength from its prior;
//! hidden blocks described alike take the blocks drawn in the tie order of R13, as the fog of
//! war's mixture has them (so a screened battle is the plan's own battle, composition for
//! composition). The seeds of the draws and of every battle on them ([`battle_seed`]) are the
//! same for every plan: common random numbers.

use crate::data::BlockData;
use crate::rules::battle::Battle;
use crate::rules::dice::{BattleRng, uniform};
use crate::scenario::{BlockEntry, HiddenBlock, Scenario, Side, StrengthPrior};

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
