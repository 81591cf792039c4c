//! Choices the policy makes that the rules will not let happen (R35): a plan `Battle::new`
//! accepts, since it names blocks and rounds that exist, but that the engine skips at the
//! round it names, as R3 skips any plan that cannot apply. Each is reported once, with the
//! field of the policy that sets it and the rule that forbids it; the figures are those of the
//! battle without that choice, as they always were.

use crate::rules::battle::{Battle, Plans, Warning};
use crate::scenario::Side;

/// Every choice of the battle's policy that the rules set aside, in the order of the policy
/// (attacker, then defender; charges, Treachery, retreats; then the Treason card). Worked out
/// once by `Battle::new` ([`Battle::warnings`]).
pub(crate) fn warnings(battle: &Battle) -> Vec<Warning> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        let path = format!("policy.{}", side.name());
        let plans = &battle.plans[side.index()];
        treachery(battle, side, plans, &path, &mut out);
        charges(battle, side, plans, &path, &mut out);
        retreats(battle, side, plans, &path, &mut out);
    }
    treason(battle, &mut out);
    out
}

fn warn(out: &mut Vec<Warning>, field: String, reason: String) {
    out.push(Warning { field, reason });
}

fn name(battle: &Battle, slot: u8) -> &str {
    battle.slots[slot as usize].name()
}

/// True if the battle starts before round 1's first action with `slot` in reserve: it neither
/// acts nor may be targeted in round 1 (6.3, D4).
fn reserve_in_round_1(battle: &Battle, slot: u8) -> bool {
    battle.initial.round == 1 && battle.initial.reserve >> slot & 1 == 1
}

/// True if a plan for `round` can still come: a battle taken up from `progress` has already
/// played the rounds before its own, and a plan for them is history, not a choice set aside.
fn to_come(battle: &Battle, round: Option<u8>) -> bool {
    round.is_none_or(|r| r >= battle.initial.round)
}

/// True if the attacker as entered might defend in round 4: control changes in round 1 when the
/// defender loses its last active block while it has reserves (D5), which needs a reserve of
/// its own or a block turned to it (6.9, D10, D11).
fn control_may_change(battle: &Battle) -> bool {
    battle.initial.round == 1
        && !battle.initial.control_changed()
        && (battle
            .slots
            .iter()
            .any(|s| s.side == Side::Defender && s.reserve)
            || battle.treason() == Some(Side::Defender)
            || !battle.plans[Side::Defender.index()].treachery.is_empty())
}

/// The side that attacks in round 4 as the battle starts (after a control change in a battle
/// taken up from `progress`, the side entered as defender), unless control may still change.
fn attacks_in_round_4(battle: &Battle, side: Side) -> bool {
    let attacker = if battle.initial.control_changed() {
        Side::Defender
    } else {
        Side::Attacker
    };
    side == attacker && !control_may_change(battle)
}

/// The round a Treachery plan rolls in if nothing is lost: its own, or for a plan without one
/// the first round both the roller and the target are on the field (6.3, D4, D10).
fn roll_round(battle: &Battle, by: u8, target: u8, round: Option<u8>) -> u8 {
    round.unwrap_or_else(|| {
        if reserve_in_round_1(battle, by) || reserve_in_round_1(battle, target) {
            2
        } else {
            battle.initial.round
        }
    })
}

/// A Treachery plan for a round in which its roller has no turn or its target cannot be
/// targeted: round 1 with either in reserve (6.3, D4, D10), round 4 for the attacker (D10).
fn treachery(battle: &Battle, side: Side, plans: &Plans, path: &str, out: &mut Vec<Warning>) {
    for (k, &(by, target, round)) in plans.treachery.iter().enumerate() {
        let field = format!("{path}.treachery[{k}].round");
        if round == Some(1) && reserve_in_round_1(battle, target) {
            warn(
                out,
                field,
                format!(
                    "{} is in reserve in round 1 and cannot be targeted before round 2 (6.3, D4, D10): {} makes no roll in round 1 under this plan",
                    name(battle, target),
                    name(battle, by)
                ),
            );
        } else if round == Some(1) && reserve_in_round_1(battle, by) {
            warn(
                out,
                field,
                format!(
                    "{} is in reserve in round 1 and has no turn before round 2 (6.3, D4): he makes no Treachery roll in round 1",
                    name(battle, by)
                ),
            );
        } else if round == Some(4) && attacks_in_round_4(battle, side) {
            warn(
                out,
                field,
                format!(
                    "the attacker may make Treachery rolls only in rounds 1-3 (D10), and retreats in round 4 (6.2, D12): {} makes no roll in round 4",
                    name(battle, by)
                ),
            );
        }
    }
}

/// A charge plan for a round in which no heir can make it: round 1 against a reserve or by a
/// reserve (6.3, D4, D9), round 4 for the attacker (D9); and a charge planned for the heir who
/// has a Treachery roll planned in the same round, which he makes instead (R3, R35).
fn charges(battle: &Battle, side: Side, plans: &Plans, path: &str, out: &mut Vec<Warning>) {
    let heirs: Vec<u8> = (0..battle.slots.len() as u8)
        .filter(|&i| {
            let s = &battle.slots[i as usize];
            s.side == side && s.versions[0].heir_rank.is_some()
        })
        .collect();
    for (k, &(target, round, by)) in plans.charges.iter().enumerate() {
        let field = format!("{path}.charges[{k}]");
        let chargers: Vec<u8> = by.map_or_else(|| heirs.clone(), |b| vec![b]);
        if round == Some(1) && reserve_in_round_1(battle, target) {
            warn(
                out,
                format!("{field}.round"),
                format!(
                    "{} is in reserve in round 1 and cannot be charged before round 2 (6.3, D4, D9)",
                    name(battle, target)
                ),
            );
            continue;
        }
        if round == Some(1) && chargers.iter().all(|&h| reserve_in_round_1(battle, h)) {
            let who = match by {
                Some(b) => format!("{} is", name(battle, b)),
                None => format!("every heir of the {} is", side.name()),
            };
            warn(
                out,
                format!("{field}.round"),
                format!(
                    "{who} in reserve in round 1 and has no turn before round 2 (6.3, D4): no charge in round 1"
                ),
            );
            continue;
        }
        if round == Some(4) && attacks_in_round_4(battle, side) {
            warn(
                out,
                format!("{field}.round"),
                "the attacker may charge only in rounds 1-3 (D9), and retreats in round 4 (6.2, D12)"
                    .to_string(),
            );
            continue;
        }
        if !to_come(battle, round) {
            continue;
        }
        // The same heir with a Treachery roll planned for a round this charge covers: he rolls
        // (R3, R35).
        let clash = plans
            .treachery
            .iter()
            .enumerate()
            .find_map(|(t, &(roller, rt, rr))| {
                let when = roll_round(battle, roller, rt, rr);
                let never = rr == Some(1)
                    && (reserve_in_round_1(battle, rt) || reserve_in_round_1(battle, roller))
                    || rr == Some(4) && attacks_in_round_4(battle, side);
                (chargers.contains(&roller)
                    && !never
                    && round.is_none_or(|r| r == when)
                    && to_come(battle, Some(when)))
                .then_some((t, roller, rt, when))
            });
        if let Some((t, roller, rt, when)) = clash {
            warn(
                out,
                field,
                format!(
                    "{} has a Treachery roll on {} planned for round {when} (treachery[{t}]): in round {when} he makes the roll, not this charge, and charges only if the roll cannot be made (R3, R35)",
                    name(battle, roller),
                    name(battle, rt),
                ),
            );
        }
    }
}

/// Retreat plans of a side that has no retreat capacity: none of its blocks can leave (D12).
fn retreats(battle: &Battle, side: Side, plans: &Plans, path: &str, out: &mut Vec<Warning>) {
    if battle.retreat_capacity(side) != Some(0) {
        return;
    }
    let field = if plans.retreat.is_some() {
        format!("{path}.retreat")
    } else if !plans.retreats.is_empty() {
        format!("{path}.retreats")
    } else {
        return;
    };
    warn(
        out,
        field,
        format!(
            "the {} has no retreat capacity (0): none of its blocks can retreat (6.6, D12), so it never retreats by choice",
            side.name()
        ),
    );
}

/// The Treason card held with no block it may be rolled at: no roll is made (D11, R2).
fn treason(battle: &Battle, out: &mut Vec<Warning>) {
    if let Some(holder) = battle.treason()
        && !battle.in_progress()
        && battle.treason_roll.is_none()
    {
        warn(
            out,
            "treason".to_string(),
            format!(
                "no active block of the {} may be the target of a Treachery roll (the King, the Pretender, rose nobles and reserves may not, 6.9, D10, D11): the {} makes no Treason roll",
                holder.other().name(),
                holder.name()
            ),
        );
    }
}
