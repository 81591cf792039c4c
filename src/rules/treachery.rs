//! Treachery rolls (6.9, 6.91, D10) and the Treason card (D11): roll as many dice as the
//! target's loyalty; if every die is even the block defects to the roller's reserve.

use crate::rules::battle::Battle;
use crate::rules::log::{Event, Observer};
use crate::rules::state::State;
use crate::scenario::Side;

/// The Treachery rules a policy's plan must meet, asked of the battle before it starts.
impl Battle {
    /// Dice a Treachery roll by `roller` (`None`: the Treason card) needs against `target` as the
    /// battle starts, reserves counted as if arrived; `None` if the target may not be rolled at
    /// (6.9, 6.91, 9.1, D10): the rules a policy's `target` must meet.
    pub fn treachery_dice(&self, roller: Option<usize>, target: usize) -> Option<u8> {
        if target >= self.slots.len() || roller.is_some_and(|r| r >= self.slots.len()) {
            return None;
        }
        let mut s = self.initial;
        s.reserve = 0;
        let side = match roller {
            Some(r) => self.slots[r].side,
            None => self.slots[target].side.other(),
        };
        dice_against(self, &s, side, roller, target)
    }
}

/// What a policy's `treason_target` says to roll at the holder's best target (R45).
pub const BEST_TARGET: &str = "best";

/// True if a policy's `treason_target` asks for the holder's best target (R45): `"best"`, in
/// any case.
pub fn names_best(name: &str) -> bool {
    name.trim().eq_ignore_ascii_case(BEST_TARGET)
}

/// True if this block may make a Treachery roll at all: the King now, the Pretender now (R1) or
/// Warwick of either version (6.9, D10).
pub(crate) fn is_roller(battle: &Battle, state: &State, slot: usize) -> bool {
    battle.king_now(state) == Some(slot)
        || battle.pretender_now(state) == Some(slot)
        || state.version(battle, slot).person() == "Warwick"
}

/// True if this roller has spent his roll: the King's and the Pretender's roll belong to the
/// role, one per battle, whoever holds it (6.9, R1).
fn spent(battle: &Battle, state: &State, slot: usize) -> bool {
    let own = state.rolled >> slot & 1 == 1;
    if battle.pretender_now(state) == Some(slot) {
        own || state.pretender_rolled
    } else if battle.king_now(state) == Some(slot) {
        own || state.king_rolled
    } else {
        own
    }
}

/// Records a Treachery roll by `actor`: his own, and his role's if he is King or Pretender now
/// (6.9, R1).
pub(crate) fn note_roll(battle: &Battle, state: &mut State, actor: usize) {
    if battle.pretender_now(state) == Some(actor) {
        state.pretender_rolled = true;
    }
    if battle.king_may_change && battle.king_now(state) == Some(actor) {
        state.king_rolled = true;
    }
    state.rolled |= 1 << actor;
}

/// True if `actor` may roll now: a roller who has not rolled in this battle, in round 1-3 for
/// the side now attacking or 1-4 for the side now defending (D10).
pub(crate) fn may_roll(battle: &Battle, state: &State, actor: usize) -> bool {
    let side = state.side_of(actor);
    let last_round = if side == state.defender() { 4 } else { 3 };
    state.round <= last_round && is_roller(battle, state, actor) && !spent(battle, state, actor)
}

/// Dice needed to turn `target` for a roll made for `side` (by `roller`, or by the Treason card
/// when `roller` is `None`), or `None` if it may not be targeted (6.9, 6.91, 9.1, D10, D11):
/// it must be an active enemy block with a loyalty rating, not the King or the Pretender now
/// (R1), not already turned in this battle; Warwick may not roll on Northumberland or Westmoreland and
/// needs one die for Kent or Salisbury.
pub(crate) fn dice_against(
    battle: &Battle,
    state: &State,
    side: Side,
    roller: Option<usize>,
    target: usize,
) -> Option<u8> {
    if !state.is_active(target)
        || state.side_of(target) == side
        || state.has_defected(target)
        || battle.slots[target].turned_before
        || battle.king_now(state) == Some(target)
        || battle.pretender_now(state) == Some(target)
    {
        return None;
    }
    let v = state.version(battle, target);
    let dice = v.loyalty?;
    let by_warwick = roller.is_some_and(|r| state.version(battle, r).person() == "Warwick");
    if by_warwick {
        match v.person() {
            "Northumberland" | "Westmoreland" => return None,
            "Kent" | "Salisbury" => return Some(1),
            _ => {}
        }
    }
    Some(dice)
}

/// The chance that `dice` dice all come up even: (1/2)^dice (6.9).
pub(crate) fn success_chance(dice: u8) -> f64 {
    0.5f64.powi(dice as i32)
}

/// The target changes sides: it becomes its other version at its current strength and joins
/// `to`'s reserve, acting from the next round (6.9, D10, D11, R6).
pub(crate) fn defect<O: Observer>(
    battle: &Battle,
    state: &mut State,
    target: usize,
    to: Side,
    log: &mut O,
) {
    let bit = 1u32 << target;
    let before = state.version(battle, target).id.clone();
    state.defected |= bit;
    state.reserve |= bit;
    state.acted |= bit;
    match to {
        Side::Attacker => state.attacker |= bit,
        Side::Defender => state.attacker &= !bit,
    }
    log.note(|| Event::Defects {
        block: before,
        becomes: state.version(battle, target).id.clone(),
        to,
    });
}

/// The Treason card's roll at the start of round 1 (D11, R2): (holder, target, dice), if a holder is set
/// and has a target; compiled once with the battle ([`Battle::treason_roll`]).
#[inline]
pub(crate) fn treason_roll(battle: &Battle) -> Option<(Side, usize, u8)> {
    battle.treason_roll
}

/// Works out [`treason_roll`] for a battle being built. The target is the policy's, or by
/// default the enemy block that defects most easily (fewest dice, then strongest, then first
/// listed).
pub(crate) fn compile_treason_roll(battle: &Battle) -> Option<(Side, usize, u8)> {
    if battle.in_progress() {
        return None; // the card was played before the point the scenario starts from
    }
    let holder = battle.treason()?;
    let state = &battle.initial;
    let dice = |t: usize| dice_against(battle, state, holder, None, t);
    let target = match battle.plans[holder.index()].treason_target {
        Some(t) => t as usize,
        None => (0..battle.slots.len())
            .filter(|&t| dice(t).is_some())
            .min_by_key(|&t| (dice(t), std::cmp::Reverse(state.strength[t]), t))?,
    };
    Some((holder, target, dice(target)?))
}

/// Plays the Treason card's roll (D11); returns the state after it.
pub(crate) fn play_treason<O: Observer>(
    battle: &Battle,
    success: bool,
    dice_rolled: Vec<u8>,
    log: &mut O,
) -> State {
    let mut state = battle.initial;
    if let Some((holder, target, dice)) = treason_roll(battle) {
        log.note(|| Event::Acts {
            round: 1,
            block: "Treason card".into(),
            side: holder,
            action: "treason".into(),
            target: Some(state.version(battle, target).id.clone()),
            rating: None,
            dice: dice_rolled,
            hits: success as u8,
            rule: format!(
                "D11: one Treachery roll before round 1, {}, all even to turn",
                if dice == 1 {
                    "1 die".to_string()
                } else {
                    format!("{dice} dice")
                }
            ),
            bonus: Vec::new(),
        });
        if success {
            defect(battle, &mut state, target, holder, log);
            crate::rules::reserves::after_action(battle, &mut state, log);
        }
    }
    state
}
