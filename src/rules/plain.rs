//! The default policy's battle fought fast (a performance path, no rule of its own): where no
//! side has a plan (every block fires, bar the forced retreat in round 4: 6.2, R3), no reserve
//! is present and nobody has changed side or control, the turn order of a round is fixed (D1,
//! D2), so a round is one pass over the battle's precomputed order ([`Battle::plain_order`]).
//! Each step calls the same rule functions as the general loop (`advance`, `policy::choose`,
//! `sample`, `resolve`) in the same order and draws the same numbers from the generator: the
//! final state and ending are those of the general loop, draw for draw (checked by
//! `tests/plain_fight.rs` against the general loop).

use crate::rules::battle::{Battle, FIREPOWER_VARIES};
use crate::rules::bonus::firepower;
use crate::rules::dice::hits_of_draw;
use crate::rules::log::Silent;
use crate::rules::retreat;
use crate::rules::round::{Ending, after_round_four, over, start_round};
use crate::rules::state::State;
use crate::scenario::Side;
use rand::Rng;

/// True if the battle from `state` on may be fought by [`fight`]: neither side has a plan
/// (R3), no reserve is present (so no deployment and no control change can come, D4, D5), and
/// every block fights for the side it entered on as the version it entered as, control
/// unchanged (no Treachery can come without a plan: 6.9). These stay true to the end.
#[inline]
pub(crate) fn applies(battle: &Battle, state: &State) -> bool {
    !battle.has_plans[0]
        && !battle.has_plans[1]
        && state.present & state.reserve == 0
        && state.attacker == battle.initial.attacker
        && state.defected == 0
        && !state.swapped
}

/// Fights the battle from `state` to its end under the default policy, where [`applies`] says
/// so: the general loop's result, draw for draw. `state` may be any state between two actions
/// of such a battle (as [`to_fire`] and [`fire`] leave it, the battle not over): the round goes
/// on with its first pending block in the order, as it would have.
#[inline]
pub(crate) fn fight<R: Rng + ?Sized>(battle: &Battle, state: &mut State, rng: &mut R) -> Ending {
    let s = state;
    let n = battle.slots.len();
    let attackers = s.attacker;
    let defenders = !attackers & battle.all();
    let ending = 'battle: loop {
        // `advance`: the end of battle first (D13), then the next pending block in the round's
        // order. The pending blocks only shrink within a round (no reserve deploys, D4), so the
        // lowest pending rank (`next_actor`) is the next pending block of the order.
        if let Some(ending) = over(battle, s) {
            break ending;
        }
        let order = &battle.plain_order[(s.round > 1) as usize][..n];
        for &i in order {
            let i = i as usize;
            // Pending: present (none is in reserve) and not yet acted this round.
            if (s.present & !s.acted) >> i & 1 == 0 {
                continue;
            }
            s.acted |= 1 << i;
            let attacking = attackers >> i & 1 == 1;
            if s.round == 4 && attacking {
                // `policy::choose`: the attacker retreats, forced in round 4 (6.2, D12); no dice.
                retreat::retreat(battle, s, i, &mut Silent);
            } else {
                // Fire (R3): `sample`'s one draw at the block's firepower (`firepower`: fixed
                // here, [`Battle::plain_fp`], unless the bonus depends on the moment), then
                // `take_hits` on the enemy (6.4, D3).
                let fp = match battle.plain_fp[i] {
                    FIREPOWER_VARIES => firepower(battle, s, i),
                    fp => fp,
                };
                let hits = hits_of_draw(s.strength[i], fp, rng.next_u64());
                let enemy = if attacking {
                    (Side::Defender, defenders)
                } else {
                    (Side::Attacker, attackers)
                };
                take_hits(battle, s, enemy, hits);
            }
            // `over` (D13): one side has no block left.
            if s.present & attackers == 0 || s.present & defenders == 0 {
                break 'battle over(battle, s).expect("a side has no block left");
            }
        }
        if s.round == 4 {
            after_round_four(battle, s, &mut Silent);
            break over(battle, s).unwrap_or(Ending {
                round: 4,
                holder: None,
            });
        }
        start_round(battle, s, &mut Silent);
    };
    finish(s);
    ending
}

/// [`fight`] one fire at a time, for a table of the battle's fires (`solve::fire_table`) that
/// draws the dice itself: runs the battle from `s`, a state between two actions where
/// [`applies`] (as this and [`fire`] leave it), on to the next fire:
/// `Ok((block, firepower))` with the block's turn taken (it is to draw next, at that
/// firepower), or `Err(ending)` when the battle ends first, with the final state's flags tidied
/// ([`finish`]). The rounds' starts, round 4's forced retreats and the end of battle on the way
/// are those of the general loop (`advance`, `policy::choose`, `resolve`), in its order.
#[inline]
pub(crate) fn to_fire(battle: &Battle, s: &mut State) -> Result<(usize, u8), Ending> {
    let n = battle.slots.len();
    let attackers = s.attacker;
    let defenders = !attackers & battle.all();
    loop {
        // `advance`: the end of battle first (D13), then the next pending block in the round's
        // order. The pending blocks only shrink within a round (no reserve deploys, D4), so the
        // first pending block of the order is `next_actor`'s, the lowest pending rank.
        if let Some(ending) = over(battle, s) {
            finish(s);
            return Err(ending);
        }
        let order = &battle.plain_order[(s.round > 1) as usize][..n];
        for &i in order {
            let i = i as usize;
            // Pending: present (none is in reserve) and not yet acted this round.
            if (s.present & !s.acted) >> i & 1 == 0 {
                continue;
            }
            s.acted |= 1 << i;
            if s.round == 4 && attackers >> i & 1 == 1 {
                // `policy::choose`: the attacker retreats, forced in round 4 (6.2, D12); no dice.
                retreat::retreat(battle, s, i, &mut Silent);
                // `over` (D13): one side has no block left.
                if s.present & attackers == 0 || s.present & defenders == 0 {
                    let ending = over(battle, s).expect("a side has no block left");
                    finish(s);
                    return Err(ending);
                }
            } else {
                // Fire (R3): `sample`'s one draw at the block's firepower (`firepower`: fixed
                // here, [`Battle::plain_fp`], unless the bonus depends on the moment).
                let fp = match battle.plain_fp[i] {
                    FIREPOWER_VARIES => firepower(battle, s, i),
                    fp => fp,
                };
                return Ok((i, fp));
            }
        }
        if s.round == 4 {
            after_round_four(battle, s, &mut Silent);
            let ending = over(battle, s).unwrap_or(Ending {
                round: 4,
                holder: None,
            });
            finish(s);
            return Err(ending);
        }
        start_round(battle, s, &mut Silent);
    }
}

/// Block `i`'s fire of `hits` hits, its turn taken by [`to_fire`]: `take_hits` on the enemy
/// (6.4, D3); `Some(ending)` if that leaves a side with no block (D13), the final state's flags
/// tidied ([`finish`]).
#[inline]
pub(crate) fn fire(battle: &Battle, s: &mut State, i: usize, hits: u8) -> Option<Ending> {
    let attackers = s.attacker;
    let defenders = !attackers & battle.all();
    let enemy = if attackers >> i & 1 == 1 {
        (Side::Defender, defenders)
    } else {
        (Side::Attacker, attackers)
    };
    take_hits(battle, s, enemy, hits);
    // `over` (D13): one side has no block left.
    if s.present & attackers == 0 || s.present & defenders == 0 {
        let ending = over(battle, s).expect("a side has no block left");
        finish(s);
        return Some(ending);
    }
    None
}

/// `after`, once for all at the end: flags of blocks gone are cleared. The present blocks only
/// shrink, and nothing on the way reads these flags of a block gone, so clearing them at the end
/// leaves what clearing them after every action leaves.
#[inline]
fn finish(s: &mut State) {
    s.acted &= s.present;
    s.reserve &= s.present;
    s.fresh &= s.present;
    s.rolled &= s.present;
}

/// `hits::take_hits` on `side`, whose blocks are `mask`, where [`applies`]: every present block
/// is active (no reserve), so the strongest present block of `mask` with the earliest place in
/// the side's hit order ([`Battle::plain_hits`]) is the one `strongest` picks (6.4, D3);
/// `hit_block`'s steps follow.
#[inline(always)]
fn take_hits(battle: &Battle, s: &mut State, (side, mask): (Side, u32), mut hits: u8) {
    let order = &battle.plain_hits[side.index()];
    let order = &order.1[..order.0 as usize];
    // The first pass runs even for no hits (it then changes nothing): one branch fewer on the
    // dice, which the processor cannot guess.
    loop {
        let (mut target, mut most) = (0, 0u8);
        for &i in order {
            let i = i as usize;
            let strength = s.strength[i] * ((s.present & mask) >> i & 1) as u8;
            if strength > most {
                (target, most) = (i, strength);
            }
        }
        // No block left (`most` = 0): the hits are lost (6.4, D3/D4), nothing is taken.
        let taken = hits.min(most);
        let falls = most != 0 && taken == most;
        if falls && battle.king_may_change {
            crate::rules::royals::before_elimination(battle, s, target);
        }
        s.present &= !((falls as u32) << target);
        s.strength[target] -= taken;
        s.lost[side.index()] += taken;
        hits -= taken;
        if hits == 0 || most == 0 {
            return;
        }
    }
}

/// The order of turns in round 1 (`later` = 0) and in later rounds (1) while every block fights
/// for the side it entered on and control is unchanged: the slots by [`Battle::turn_rank`], then
/// by slot, the key `next_actor` takes the least of.
pub(crate) fn order(battle: &Battle, later: usize) -> [u8; crate::rules::state::MAX_BLOCKS] {
    let n = battle.slots.len();
    let ranks = &battle.turn_rank[later][0];
    let mut keys = [u16::MAX; crate::rules::state::MAX_BLOCKS];
    for (i, k) in keys.iter_mut().enumerate().take(n) {
        *k = u16::from(ranks[battle.slots[i].side.index()][i]) << 8 | i as u16;
    }
    keys[..n].sort_unstable();
    let mut out = [0u8; crate::rules::state::MAX_BLOCKS];
    for (o, k) in out.iter_mut().zip(&keys[..n]) {
        *o = (k & 0xff) as u8;
    }
    out
}

/// Each side's own slots (as entered: where [`applies`], every block fights for the side it
/// entered on) in its hit order (D3), their count first: the order [`take_hits`] looks for the
/// strongest in.
pub(crate) fn hit_lists(battle: &Battle) -> [(u8, [u8; crate::rules::state::MAX_BLOCKS]); 2] {
    Side::BOTH.map(|side| {
        let mut out = [0u8; crate::rules::state::MAX_BLOCKS];
        let mut len = 0;
        for &i in battle.hit_order[side.index()].iter() {
            if battle.slots[i as usize].side == side {
                out[len] = i;
                len += 1;
            }
        }
        (len as u8, out)
    })
}

/// Each slot's firepower as it entered (its first version, fighting for its own side; the
/// side defending as entered defends), from [`Battle::fixed_firepower`]: what `firepower` reads
/// where [`applies`].
pub(crate) fn firepowers(battle: &Battle) -> [u8; crate::rules::state::MAX_BLOCKS] {
    let mut out = [0u8; crate::rules::state::MAX_BLOCKS];
    for (i, slot) in battle.slots.iter().enumerate() {
        out[i] = battle.fixed_firepower[i][0][(slot.side == Side::Defender) as usize];
    }
    out
}
