//! Fighting the screening's battles: one plan's battle on each draw, [`BATTLES_PER_DRAW`]
//! battles each with the same dice for every plan, tallied ([`fight`]); and one battle fought from
//! a given start under the battle's policy ([`fight_from`], the fast path's, `muster.rs`).

use super::draws::{Draw, Template, battle_seed};
use super::tally::{BATTLES_PER_DRAW, Tally};
use crate::rules::action::{resolve, sample};
use crate::rules::battle::Battle;
use crate::rules::dice::{BattleRng, rng_from_seed};
use crate::rules::log::Silent;
use crate::rules::round::{Ending, Point, advance};
use crate::rules::state::State;
use crate::rules::{plain, policy};
use crate::solve::error::SolveError;
use crate::solve::monte_carlo::one_battle;
use crate::solve::watch::{EVERY, Watch};

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
/// policy: the loop of [`crate::solve::monte_carlo::one_battle`] from another start, by the
/// fast loop of `rules::plain` where it applies (a plan with no reserve: the same draws and
/// the same battle, `tests/plain_fight.rs`).
pub(super) fn fight_from(battle: &Battle, mut s: State, rng: &mut BattleRng) -> (State, Ending) {
    if plain::applies(battle, &s) {
        let ending = plain::fight(battle, &mut s, rng);
        return (s, ending);
    }
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
