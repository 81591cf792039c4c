//! One battle, die by die: every roll, where the hits went and why, for the replay and for
//! rules lawyers. Seeded: the same seed gives the same battle everywhere.

use crate::rules::action::{Action, Roll, resolve};
use crate::rules::battle::Battle;
use crate::rules::bonus::firepower;
use crate::rules::charge::counter_fire;
use crate::rules::dice::{BattleRng, rng_from_seed, roll_die};
use crate::rules::log::Event;
use crate::rules::policy;
use crate::rules::round::{Point, advance};
use crate::rules::state::State;
use crate::rules::treachery;
use crate::scenario::Side;
use serde::{Deserialize, Serialize};

/// One battle fought out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// The seed it was rolled from.
    pub seed: u64,
    /// Everything that happened, in order.
    pub events: Vec<Event>,
    /// The last round fought.
    pub last_round: u8,
    /// Who holds the area, `None` if vacant.
    pub holder: Option<Side>,
    /// Every block's strength at the end, in the scenario's order (0 = eliminated).
    pub final_strength: Vec<u8>,
    /// The battle as it stood before each turn: `(index of the turn's first event, scenario)`,
    /// the scenario written with `progress` (docs/scenario.md) so any step can be opened, solved
    /// or advised as a battle of its own.
    pub checkpoints: Vec<(usize, crate::scenario::Scenario)>,
}

fn roll(rng: &mut BattleRng, dice: u8) -> Vec<u8> {
    (0..dice).map(|_| roll_die(rng)).collect()
}

fn count_hits(dice: &[u8], firepower: u8) -> u8 {
    dice.iter().filter(|&&d| d <= firepower).count() as u8
}

/// Fights one battle from `seed` under the scenario's policy, rolling every die.
pub fn replay(battle: &Battle, seed: u64) -> Replay {
    let mut rng = rng_from_seed(seed);
    let mut events: Vec<Event> = Vec::new();
    let treason_dice = treachery::treason_roll(battle)
        .map(|(_, _, n)| roll(&mut rng, n))
        .unwrap_or_default();
    let success = !treason_dice.is_empty() && treason_dice.iter().all(|d| d % 2 == 0);
    let mut s = treachery::play_treason(battle, success, treason_dice, &mut events);
    let mut checkpoints = Vec::new();
    loop {
        let actor = match advance(battle, &mut s, &mut events) {
            Point::End(ending) => {
                events.push(Event::Ends {
                    round: ending.round,
                    holder: ending.holder,
                });
                return Replay {
                    seed,
                    events,
                    last_round: ending.round,
                    holder: ending.holder,
                    final_strength: (0..battle.slots.len()).map(|i| s.strength[i]).collect(),
                    checkpoints,
                };
            }
            Point::Act(actor) => actor,
        };
        checkpoints.push((events.len(), crate::play::resume::scenario_at(battle, &s)));
        let action = policy::choose(battle, &s, actor);
        let roll = turn(battle, &s, actor, action, &mut rng, &mut events);
        resolve(battle, &mut s, actor, action, roll, &mut events);
    }
}

/// Where a turn's dice come from: rolled by the generator (replay) or typed at the table (live).
pub(crate) trait DiceSource {
    /// `n` dice for the action itself.
    fn action(&mut self, n: u8) -> Result<Vec<u8>, String>;
    /// `n` dice for a charge target's bonus fire, or `None` when it does not fire back.
    fn counter(&mut self, n: Option<u8>) -> Result<Vec<u8>, String>;
}

impl DiceSource for BattleRng {
    fn action(&mut self, n: u8) -> Result<Vec<u8>, String> {
        Ok(roll(self, n))
    }
    fn counter(&mut self, n: Option<u8>) -> Result<Vec<u8>, String> {
        Ok(roll(self, n.unwrap_or(0)))
    }
}

/// Rolls the dice of one turn from `source` and logs them; returns the result for [`resolve`].
fn turn(
    battle: &Battle,
    s: &State,
    actor: usize,
    action: Action,
    rng: &mut BattleRng,
    events: &mut Vec<Event>,
) -> Roll {
    act(battle, s, actor, action, rng, events).expect("generated dice always fit the turn")
}

/// One turn's dice taken from `source`, logged with the rule, and reduced to the result the
/// rules apply (6.4, 6.5, 6.9).
pub(crate) fn act(
    battle: &Battle,
    s: &State,
    actor: usize,
    action: Action,
    source: &mut impl DiceSource,
    events: &mut Vec<Event>,
) -> Result<Roll, String> {
    let name = |i: usize| s.version(battle, i).id.clone();
    let rating = |st: &State, i: usize| {
        format!(
            "{}{}",
            battle.initiative(i, st.round).letter(),
            firepower(battle, st, i)
        )
    };
    let mut acts = |action: &str,
                    block: usize,
                    target: Option<usize>,
                    rating: Option<String>,
                    dice: Vec<u8>,
                    hits: u8,
                    rule: &str| {
        // Why the rating is above the printed one, when a rating is said (fire, charge,
        // counter-fire): at the instant of the roll, before its hits land.
        let bonus = if rating.is_some() {
            crate::play::order::bonus_reasons(battle, s, block)
        } else {
            Vec::new()
        };
        events.push(Event::Acts {
            round: s.round,
            block: name(block),
            side: s.side_of(block),
            action: action.into(),
            target: target.map(name),
            rating,
            dice,
            hits,
            rule: rule.into(),
            bonus,
        })
    };
    Ok(match action {
        Action::Pass => {
            acts(
                "pass",
                actor,
                None,
                None,
                vec![],
                0,
                "6.2: a block may pass",
            );
            Roll::Nothing
        }
        Action::Retreat => {
            let rule = if crate::rules::retreat::must_retreat(s, s.side_of(actor)) {
                "6.2, D12: the attacker must retreat on its turn in round 4"
            } else {
                "6.6, D12: retreat instead of firing"
            };
            acts("retreat", actor, None, None, vec![], 0, rule);
            Roll::Nothing
        }
        Action::Fire => {
            let fp = firepower(battle, s, actor);
            let dice = source.action(s.strength[actor])?;
            let hits = count_hits(&dice, fp);
            let rule = "6.4: one die per step; each die at or under the firepower hits";
            acts(
                "fire",
                actor,
                None,
                Some(rating(s, actor)),
                dice,
                hits,
                rule,
            );
            Roll::Hits(hits)
        }
        Action::Charge(target) => {
            let fp = firepower(battle, s, actor);
            let dice = source.action(s.strength[actor])?;
            let hits = count_hits(&dice, fp);
            let rule = "6.5, D9: the senior heir charges a named block";
            acts(
                "charge",
                actor,
                Some(target),
                Some(rating(s, actor)),
                dice,
                hits,
                rule,
            );
            let back = counter_fire(battle, s, target, hits);
            let dice = source.counter(back.map(|(n, _)| n))?;
            let mut counter = 0;
            if let Some((_, cfp)) = back {
                counter = count_hits(&dice, cfp);
                let r = format!("{}{}", battle.initiative(target, s.round).letter(), cfp);
                let rule = "6.5, D9: a target that survives fires back at once";
                acts(
                    "counter-fire",
                    target,
                    Some(actor),
                    Some(r),
                    dice,
                    counter,
                    rule,
                );
            }
            Roll::Charge { hits, counter }
        }
        Action::Treachery(target) => {
            let n = treachery::dice_against(battle, s, s.side_of(actor), Some(actor), target)
                .unwrap_or(0);
            let dice = source.action(n)?;
            let success = dice.iter().all(|d| d % 2 == 0);
            let rule = "6.9, D10: every die even turns the block";
            acts(
                "treachery",
                actor,
                Some(target),
                None,
                dice,
                success as u8,
                rule,
            );
            Roll::Treachery(success)
        }
    })
}
