//! The fire order of each round, explained rule by rule: who acts when, at what effective
//! rating, and why (6.2, 6.3, D1, D2, and the bonuses of 2.2-2.6).
//!
//! It is the order if no block is lost, turned or withdrawn; the replay shows the order as a
//! real battle unfolds.

use crate::data::{Home, Kind};
use crate::rules::action::Action;
use crate::rules::battle::Battle;
use crate::rules::bonus::{bonus_parts, firepower, home_reason};
use crate::rules::policy::choose;
use crate::rules::retreat::must_retreat;
use crate::rules::round::next_actor;
use crate::rules::state::{State, bits};
use crate::rules::treachery::{dice_against, note_roll, treason_roll};
use crate::scenario::Side;
use serde::{Deserialize, Serialize};

/// One block's turn in the fire order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// The block.
    pub block: String,
    /// Its side.
    pub side: Side,
    /// Printed rating.
    pub printed: String,
    /// Effective rating this round, with initiative and bonus (e.g. `B3`).
    pub rating: String,
    /// Why it acts here and at this rating, each with its rule.
    pub reasons: Vec<String>,
    /// What the scenario's policy has it do instead of firing, with its rule: a Treachery roll,
    /// a charge, a retreat by choice (R3); with a charge set aside for the roll in the same
    /// round (R35). Absent when it fires.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
}

/// The turns of one battle round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundOrder {
    /// The round, 1-4.
    pub round: u8,
    /// Turns in order.
    pub turns: Vec<Turn>,
    /// Blocks present that do not act this round (reserves in round 1), with the reason.
    pub waiting: Vec<String>,
    /// Round 1 only: the Treason card's roll before the first turn, if one is played (D11, R2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treason: Option<String>,
}

/// Why a block fires above its printed firepower at this instant, each with its rule: its
/// shield, city, cathedral or Wales, the crown, the cap of +2 (2.2-2.6, D6, D7); and when its
/// side defends only because control changed in round 1, that too (6.3, D5). Empty when it has
/// no bonus (a block of the attacking side never has one, D6).
pub fn bonus_reasons(battle: &Battle, s: &State, i: usize) -> Vec<String> {
    let mut reasons = Vec::new();
    let parts = bonus_parts(battle, s, i);
    let Some(area) = battle.area() else {
        return reasons;
    };
    let v = s.version(battle, i);
    if parts.home {
        let heir_own = matches!(v.data.map(|d| d.home), Some(Home::Heir { specific: Some(k) }) if area.has_shield(k));
        reasons.push(match v.heir_rank {
            Some(_) if heir_own => {
                format!("+1 defending his own shield in {} (2.2, D7)", area.name)
            }
            Some(_) => format!(
                "+1 defending a royal shield in {}: senior heir present (2.2, D7)",
                area.name
            ),
            None => home_reason(v, area),
        });
    }
    if parts.crown {
        reasons.push(format!(
            "+1 defending the crown in {}: senior royal heir (2.3, D7)",
            area.name
        ));
    }
    if parts.total() == 2 {
        reasons.push("at most +2 in all (2.3)".to_string());
    }
    if parts.total() > 0 && s.control_changed() {
        reasons.push("its side now defends: control changed in round 1 (6.3, D5)".to_string());
    }
    reasons
}

/// How a side is named once the battle is under way: by the role it entered with, or after
/// a control change in round 1 by the role it now has (`now defending`, `now attacking`: 6.3, D5).
pub fn role(side: Side, control_changed: bool) -> &'static str {
    match (side, control_changed) {
        (Side::Attacker, false) => "attacker",
        (Side::Defender, false) => "defender",
        (Side::Attacker, true) => "now defending",
        (Side::Defender, true) => "now attacking",
    }
}

/// The fire order of rounds 1-4, assuming no block is lost, no roll turns a block and each
/// Treachery roll the policy sets is made when it first can be (R3).
pub fn fire_order(battle: &Battle) -> Vec<RoundOrder> {
    let mut rolled = battle.initial_state();
    (1..=4)
        .map(|round| round_order(battle, round, &mut rolled))
        .collect()
}

/// "1 die", "3 dice".
fn dice(n: u8) -> String {
    if n == 1 {
        "1 die".to_string()
    } else {
        format!("{n} dice")
    }
}

/// What the policy has block `i` do on its turn in `s` instead of firing, in words with its
/// rule, and the roll noted in `s` (R3). A charge the same heir would otherwise make this round
/// is named as set aside for the roll (R35).
fn plan(battle: &Battle, s: &mut State, i: usize) -> Option<String> {
    let name = |t: usize| s.version(battle, t).id.clone();
    match choose(battle, s, i) {
        Action::Treachery(t) => {
            let n = dice_against(battle, s, s.side_of(i), Some(i), t).unwrap_or(0);
            let mut text = format!(
                "Treachery roll on {} instead of firing: {}, all even to turn (6.9, D10)",
                name(t),
                dice(n)
            );
            let mut after = *s;
            note_roll(battle, &mut after, i);
            if let Action::Charge(c) = choose(battle, &after, i) {
                text.push_str(&format!(
                    "; his charge on {} planned for this round is not made: the roll comes first (R3, R35)",
                    name(c)
                ));
            }
            *s = after;
            Some(text)
        }
        Action::Charge(t) => Some(format!(
            "charges {} instead of firing: hits only it, which fires back if it survives (6.5, D9)",
            name(t)
        )),
        Action::Retreat if !must_retreat(s, s.side_of(i)) => {
            Some("retreats by the policy's plan (6.6, D12, R3)".to_string())
        }
        _ => None,
    }
}

fn round_order(battle: &Battle, round: u8, rolled: &mut State) -> RoundOrder {
    let mut s = battle.initial_state();
    s.round = round;
    s.rolled = rolled.rolled;
    s.king_rolled = rolled.king_rolled;
    s.pretender_rolled = rolled.pretender_rolled;
    if round > 1 {
        s.reserve = 0;
    }
    let mut waiting = Vec::new();
    for i in bits(s.present & s.reserve) {
        waiting.push(format!(
            "{}: in reserve, neither acts nor takes hits in round 1; arrives in round 2 (6.3, D4)",
            battle.slots[i].name()
        ));
    }
    let mut turns = Vec::new();
    while let Some(i) = next_actor(battle, &s) {
        let slot = &battle.slots[i];
        let v = &slot.versions[0];
        let side = slot.side;
        let letter = battle.initiative(i, round);
        let mut reasons = Vec::new();
        if v.kind == Kind::Bombard {
            reasons.push(if round == 1 {
                "Bombard: A3 in round 1 (6.2, D1)".to_string()
            } else {
                "Bombard: D3 from round 2 (6.2, D1)".to_string()
            });
        } else {
            reasons.push(format!("initiative {} (3.12)", letter.letter()));
        }
        let group = battle.letter_mask(round, letter) & s.side_mask(battle, side) & s.active();
        if side == s.defender() {
            reasons.push(format!(
                "the defender's {} blocks act before the attacker's (6.2, D1)",
                letter.letter()
            ));
        } else {
            reasons.push(format!(
                "the attacker's {} blocks act after the defender's (6.2, D1)",
                letter.letter()
            ));
        }
        if group.count_ones() > 1 {
            reasons.push(format!(
                "within the group, the {}'s fire order (D2)",
                side.name()
            ));
        }
        if round > 1 && slot.reserve {
            reasons.push(if round == 2 {
                "reserve: arrives at the start of round 2 (6.3, D4)".to_string()
            } else {
                "reserve: arrived in round 2 (6.3, D4)".to_string()
            });
        }
        reasons.extend(bonus_reasons(battle, &s, i));
        if round == 4 && side != s.defender() {
            reasons.push("must retreat on its turn: it does not fire (6.2, D12)".to_string());
        }
        let rating = format!("{}{}", letter.letter(), firepower(battle, &s, i));
        let plan = plan(battle, &mut s, i);
        turns.push(Turn {
            block: v.id.clone(),
            side,
            printed: v.rating.to_string(),
            rating,
            reasons,
            plan,
        });
        s.acted |= 1 << i;
    }
    (rolled.rolled, rolled.king_rolled, rolled.pretender_rolled) =
        (s.rolled, s.king_rolled, s.pretender_rolled);
    let treason = (round == 1)
        .then(|| treason_roll(battle))
        .flatten()
        .map(|(holder, target, n)| {
            format!(
                "before the first turn, the {} plays the Treason card: a Treachery roll on {}, {}, all even to turn (D11, {})",
                holder.name(),
                battle.slots[target].name(),
                dice(n),
                // R45: the holder's best target, chosen once the blocks are revealed; else the
                // target named, or R2's default.
                if battle.treason_chosen() {
                    "R45: the holder's best target"
                } else {
                    "R2"
                }
            )
        });
    RoundOrder {
        round,
        turns,
        waiting,
        treason,
    }
}
