//! A battle in progress as a scenario: any state of a battle (a replay step, a point the
//! advisor explores) written back as a scenario with `progress`, to open as a new battle.

use crate::rules::battle::Battle;
use crate::rules::state::{State, bits};
use crate::scenario::{
    Army, BlockEntry, ChargePlan, CustomBlock, Policy, Progress, Scenario, Side, SidePolicy,
    TreacheryPlan,
};

/// The scenario of `battle` as it stands in `state`: current strengths and sides, the blocks
/// still present, the round, turns taken, rolls spent and defections (docs/scenario.md).
/// Policy entries that name a block no longer present are dropped. Heirs and Nevilles killed
/// so far join `dead`, so their shields serve others (D6, D7).
pub fn scenario_at(battle: &Battle, state: &State) -> Scenario {
    let sc = battle.scenario();
    let present = |i: usize| state.present >> i & 1 == 1;
    let name = |i: usize| state.version(battle, i).id.clone();
    let mut dead = sc.dead.clone();
    let fallen = fallen_king(battle, state);
    for (i, slot) in battle.slots().iter().enumerate() {
        let v = state.version(battle, i);
        // A King killed here stays King until the Supply Phase (6.81): he is not listed as dead,
        // so nobody else is King in the resumed battle. An heir killed as his defected version
        // (Clarence/L, Exeter/Y) is dead too: his line passes him by (D15, R1).
        if state.strength(i) == 0
            && fallen != Some(i)
            && (slot.versions.iter().any(|v| v.heir_rank.is_some()) || v.is_neville())
            && slot.versions[0].data.is_some()
        {
            dead.push(v.id.clone());
        }
    }
    let army = |side: Side| {
        let order = &battle.fire_order[side.index()];
        let blocks = order
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| present(i) && state.side_of(i) == side)
            .map(|i| {
                let v = state.version(battle, i);
                let (id, custom) = match v.data {
                    Some(d) => (Some(d.id.to_string()), None),
                    None => (
                        None,
                        Some(CustomBlock {
                            name: v.id.clone(),
                            rating: v.rating.to_string(),
                            max_strength: v.max_strength,
                            loyalty: v.loyalty,
                        }),
                    ),
                };
                BlockEntry {
                    id,
                    custom,
                    strength: state.strength(i),
                    reserve: state.is_reserve(i),
                    // Where it came from is carried by the retreat capacity written below.
                    from: None,
                }
            })
            .collect();
        Army {
            house: battle.house(side),
            blocks,
            retreat_capacity: battle.retreat_capacity[side.index()],
            hidden: Vec::new(),
        }
    };
    // A name in a plan is kept only while it names a block present on the expected side.
    let on = |n: &String, side: Side| {
        battle
            .slots()
            .iter()
            .enumerate()
            .any(|(i, s)| present(i) && state.side_of(i) == side && names(s, n))
    };
    // ... or names, by its defected version, an enemy block that may still defect to `side`.
    let may_join = |n: &String, side: Side| {
        battle.slots().iter().enumerate().any(|(i, s)| {
            present(i)
                && state.side_of(i) != side
                && !state.has_defected(i)
                && s.versions[1] != s.versions[0]
                && s.versions[1].id.eq_ignore_ascii_case(n.trim())
        })
    };
    let heir_present = |side: Side| {
        (0..battle.slots().len()).any(|i| {
            present(i) && state.side_of(i) == side && state.version(battle, i).heir_rank.is_some()
        })
    };
    // A side's order as it stands: its present blocks, and the enemy blocks that may still
    // defect to it where the policy named them, by the version they would become (R5).
    let order = |compiled: &[u8], named: &[String], side: Side| -> (Vec<String>, bool) {
        let mut defectors = false;
        let list = compiled
            .iter()
            .map(|&i| i as usize)
            .filter_map(|i| {
                if !present(i) {
                    None
                } else if state.side_of(i) == side {
                    Some(name(i))
                } else {
                    let slot = &battle.slots()[i];
                    let turned = &slot.versions[1];
                    let may = !state.has_defected(i)
                        && turned != &slot.versions[0]
                        && named
                            .iter()
                            .any(|n| turned.id.eq_ignore_ascii_case(n.trim()));
                    defectors |= may;
                    may.then(|| turned.id.clone())
                }
            })
            .collect();
        (list, defectors)
    };
    let side_policy = |p: &SidePolicy, side: Side| SidePolicy {
        // The blocks are listed in fire order, so it needs writing only for a named defector.
        fire_order: match order(&battle.fire_order[side.index()], &p.fire_order, side) {
            (list, true) => list,
            (_, false) => Vec::new(),
        },
        hit_order: order(&battle.hit_order[side.index()], &p.hit_order, side).0,
        charges: p
            .charges
            .iter()
            .filter(|c| {
                heir_present(side)
                    && on(&c.target, side.other())
                    && c.by.as_ref().is_none_or(|b| on(b, side))
            })
            .cloned()
            .collect::<Vec<ChargePlan>>(),
        treachery: p
            .treachery
            .iter()
            .filter(|t| {
                on(&t.by, side) && on(&t.target, side.other()) && !displaced(battle, state, &t.by)
            })
            .cloned()
            .collect::<Vec<TreacheryPlan>>(),
        treason_target: None,
        retreat: p.retreat.clone(),
        retreats: p
            .retreats
            .iter()
            .filter(|r| on(&r.block, side) || may_join(&r.block, side))
            .cloned()
            .collect(),
    };
    let in_progress = |mask: u32| bits(mask & state.present).map(name).collect::<Vec<_>>();
    let mut turned = state.defected;
    for (i, s) in battle.slots().iter().enumerate() {
        if s.turned_before {
            turned |= 1 << i;
        }
    }
    Scenario {
        version: sc.version,
        area: sc.area.clone(),
        king: sc.king,
        dead,
        treason: None,
        attacker: army(Side::Attacker),
        defender: army(Side::Defender),
        seen_elsewhere: sc.seen_elsewhere.clone(),
        defected_elsewhere: sc.defected_elsewhere.clone(),
        neighbours: Default::default(),
        defected: sc.defected.clone(),
        policy: Policy {
            attacker: side_policy(&sc.policy.attacker, Side::Attacker),
            defender: side_policy(&sc.policy.defender, Side::Defender),
        },
        progress: Some(Progress {
            round: state.round(),
            acted: in_progress(state.acted & !state.reserve),
            rolled: in_progress(rolled(battle, state)),
            defected: in_progress(turned),
            control_changed: state.control_changed(),
            retreats_used: state.retreats,
        }),
    }
}

/// The heir of the throne's house who fell here as King, if the King fell: he is left out of
/// `dead`, so that his line stops at him and nobody is King in the resumed battle (6.81, R1).
/// Where an heir ahead of the King may turn back (R1 amended), the one who fell as King is not
/// recorded; leaving out the senior heir of the line who died here stops it all the same.
fn fallen_king(battle: &Battle, state: &State) -> Option<usize> {
    if !battle.king_may_change {
        return battle.king();
    }
    if !state.king_fell {
        return None;
    }
    battle
        .king_line
        .iter()
        .map_while(|&e| e)
        .map(usize::from)
        .find(|&i| state.strength(i) == 0)
}

/// The blocks listed as having rolled: each roller's own roll, and the role's roll of the King
/// or the Pretender now, whoever spent it (6.9, R1). An heir of the throne's house who is not
/// King now (displaced by an heir turned back, R1 amended) makes no roll and is left out. If the
/// King fell here and an heir ahead of him, turned back, would be King in the resumed battle
/// (the format cannot say that nobody is King then), he is listed as having rolled: nobody may
/// make the King's roll, and having defected here he cannot be turned again (D10), so the
/// resumed battle is the same.
fn rolled(battle: &Battle, state: &State) -> u32 {
    let king = battle.king_now(state);
    let mut rolled = state.rolled;
    for i in battle.king_line.iter().flatten().map(|&i| usize::from(i)) {
        if Some(i) != king {
            rolled &= !(1 << i);
        }
    }
    if let Some(p) = battle
        .pretender_now(state)
        .filter(|_| state.pretender_rolled)
    {
        rolled |= 1 << p;
    }
    if let Some(k) = king.filter(|_| state.king_rolled) {
        rolled |= 1 << k;
    }
    if battle.king_may_change && state.king_fell {
        // The resumed battle's King: the first heir of the line present and serving his house,
        // unless one absent (fallen here, or gone) comes first.
        let present = |i: usize| state.present >> i & 1 == 1;
        let first = (battle.king_line.iter().map_while(|&e| e).map(usize::from))
            .find(|&i| !present(i) || state.version(battle, i).heir_rank.is_some());
        if let Some(r) = first.filter(|&i| present(i)) {
            rolled |= 1 << r;
        }
    }
    rolled
}

/// True if `n` names an heir of the throne's house who is not King now: displaced by an heir
/// turned back (R1 amended), he makes no Treachery roll in the resumed battle.
fn displaced(battle: &Battle, state: &State, n: &str) -> bool {
    let king = battle.king_now(state);
    battle.king_line.iter().flatten().any(|&i| {
        let i = usize::from(i);
        Some(i) != king && names(&battle.slots()[i], n)
    })
}

/// True if a policy's block name `n` names this slot (either version's id, or the person).
fn names(slot: &crate::rules::battle::Slot, n: &str) -> bool {
    slot.versions
        .iter()
        .any(|v| v.id.eq_ignore_ascii_case(n.trim()))
        || slot.versions[0]
            .data
            .is_some_and(|d| d.person.eq_ignore_ascii_case(n.trim()))
}
