//! A plan's battle: the plan written as an ordinary battle scenario (`docs/scenario.md`) with
//! its borders (`from`, the neighbours held), the enemy's unseen blocks as hidden blocks whose
//! candidates the board implies (R21), the enemy's reinforcements if asked (R23), and the
//! Treason card when the moving player played it (D11, R30). Anyone can
//! check it with `bosworth exact` or `bosworth simulate`: the planner's figures are the fog of
//! war's on exactly this battle.

use super::card::{Event, Played};
use super::plans::Plan;
use super::reach::Role;
use super::reinforce::Group;
use super::validate::{Position, Seen};
use crate::data::{AREAS, House};
use crate::rules::{movement, sea};
use crate::scenario::{
    Army, BlockEntry, Held, HiddenBlock, Policy, SCENARIO_VERSION, Scenario, Side, SidePolicy,
    StrengthPrior,
};
use std::collections::BTreeMap;

fn known(s: &Seen, reserve: bool, from: Option<usize>) -> BlockEntry {
    BlockEntry {
        id: Some(s.block.id.to_string()),
        custom: None,
        strength: s.strength,
        reserve,
        from: from.map(|a| sea::place_name(a).to_string()),
    }
}

fn hidden(
    candidates: &[String],
    prior: &StrengthPrior,
    reserve: bool,
    from: Option<usize>,
) -> HiddenBlock {
    HiddenBlock {
        candidates: candidates.to_vec(),
        kinds: Vec::new(),
        strength: prior.clone(),
        reserve,
        from: from.map(|a| sea::place_name(a).to_string()),
    }
}

/// The plan's battle against the enemy's blocks in the target and the reinforcement `groups`.
pub fn battle(position: &Position, plan: &Plan, groups: &[Group]) -> Scenario {
    battle_with(position, plan, groups, true)
}

/// [`battle`], its hidden blocks' candidates listed or not (the screening draws them itself).
pub(crate) fn battle_with(
    position: &Position,
    plan: &Plan,
    groups: &[Group],
    listed: bool,
) -> Scenario {
    let t = plan.target.area;
    let spot = &position.spots[t];
    let all: Vec<String> = position
        .candidates
        .iter()
        .map(|b| b.id.to_string())
        .collect();
    let candidates: Vec<String> = if listed { all.clone() } else { Vec::new() };
    // The moving player's blocks in the battle, in the board's order: those already in the
    // target, then the plan's.
    let mut own: Vec<(usize, Option<usize>)> = spot
        .own
        .iter()
        .map(|&k| (k, position.own[k].came_from))
        .collect();
    own.extend(plan.ways.iter().map(|w| (w.block, Some(w.entry()))));
    own.sort_by_key(|o| o.0);
    let own_army = |reserve: &dyn Fn(Option<usize>) -> bool| Army {
        house: position.house,
        blocks: own
            .iter()
            .map(|&(k, from)| BlockEntry {
                id: Some(position.own[k].block.id.to_string()),
                custom: None,
                strength: position.own[k].strength,
                reserve: reserve(from),
                from: from.map(|a| sea::place_name(a).to_string()),
            })
            .collect(),
        retreat_capacity: None,
        hidden: Vec::new(),
    };
    let enemy = position.enemy();
    let (attacker, defender) = match plan.target.role {
        Role::Attack | Role::Join { .. } => {
            let main = plan.main;
            let attacker = own_army(&|from| from != main);
            let mut blocks: Vec<BlockEntry> =
                spot.seen.iter().map(|s| known(s, false, None)).collect();
            let mut hide: Vec<HiddenBlock> = (0..spot.hidden)
                .map(|_| hidden(&candidates, &spot.prior, false, None))
                .collect();
            for g in groups {
                blocks.extend(g.known.iter().map(|s| known(s, true, Some(g.entry()))));
                hide.extend(
                    (0..g.hidden).map(|_| hidden(&candidates, &g.prior, true, Some(g.entry()))),
                );
            }
            let defender = Army {
                house: enemy,
                blocks,
                retreat_capacity: None,
                hidden: hide,
            };
            (attacker, defender)
        }
        Role::Reinforce => {
            // The defence: the blocks that stood here fight; those that came this turn are
            // reserves (6.3).
            let defender = own_army(&|from| from.is_some());
            // The enemy's attack, group by group, the Main Attack first: its known blocks, then
            // its unseen ones (R23).
            let mut groups_in: Vec<&super::validate::EnemyAttack> = spot.attacked.iter().collect();
            groups_in.sort_by_key(|g| g.reserve);
            let mut seen = spot.seen.iter();
            let mut blocks = Vec::new();
            let mut hide = Vec::new();
            for g in groups_in {
                for _ in 0..g.blocks {
                    match seen.next() {
                        Some(s) => blocks.push(known(s, g.reserve, g.from)),
                        None => hide.push(hidden(&candidates, &spot.prior, g.reserve, g.from)),
                    }
                }
            }
            let attacker = Army {
                house: enemy,
                blocks,
                retreat_capacity: None,
                hidden: hide,
            };
            (attacker, defender)
        }
    };
    let elsewhere = defected_elsewhere(position, &all, plan);
    // The board's other defections, whereabouts unknown (R13, R21): the hidden blocks may be
    // them, and a defected heir is no heir of his house wherever he is (9.1, R1).
    let defected: Vec<String> = position
        .defected
        .iter()
        .filter(|d| d.is_enemy_version() && !elsewhere.iter().any(|e| e == d.id))
        .map(|d| d.id.to_string())
        .collect();
    let mut sc = Scenario {
        version: SCENARIO_VERSION,
        area: Some(AREAS[t].name.to_string()),
        king: position.king,
        dead: position.board.dead.clone(),
        treason: treason(position, plan),
        attacker,
        defender,
        seen_elsewhere: Vec::new(),
        defected_elsewhere: elsewhere,
        neighbours: neighbours(position, plan, groups),
        defected,
        policy: Policy::default(),
        progress: None,
    };
    if let Some(holder) = sc.treason {
        // R45: the card's roll at the holder's best target, chosen once the blocks are revealed.
        let policy = match holder {
            Side::Attacker => &mut sc.policy.attacker,
            Side::Defender => &mut sc.policy.defender,
        };
        policy.treason_target = Some(crate::rules::treachery::BEST_TARGET.to_string());
    }
    protect_heirs(&mut sc, position.house);
    if over_printed_limit(&sc) {
        type_capacities(&mut sc);
    }
    sc
}

/// True if more of one side's blocks say they crossed one border into the battle than its
/// colour allows (5.21): only with Surprise's one more (Event Cards, R26), which the battle
/// format does not know.
fn over_printed_limit(sc: &Scenario) -> bool {
    let Some(area) = sc.area.as_deref() else {
        return false;
    };
    [&sc.attacker, &sc.defender].iter().any(|army| {
        let froms = army
            .blocks
            .iter()
            .map(|b| b.from.as_deref())
            .chain(army.hidden.iter().map(|h| h.from.as_deref()));
        let mut count: BTreeMap<&str, usize> = BTreeMap::new();
        for f in froms.flatten() {
            *count.entry(f).or_insert(0) += 1;
        }
        count.iter().any(|(n, &c)| {
            movement::land_border(n, area).is_some_and(|b| c > usize::from(b.kind.limit()))
        })
    })
}

/// Writes the battle without its borders: each side's retreat capacity worked out from the map
/// as R20 would from the borders (6.6, D12: the limits of the land borders it may use), then
/// typed, and no block's `from` nor the neighbours (R26). The figures are the same; the battle
/// no longer shows which border each block crossed.
fn type_capacities(sc: &mut Scenario) {
    let area = sc.area.clone().expect("checked by over_printed_limit");
    let houses = [sc.attacker.house, sc.defender.house];
    let entered = |army: &Army, n: &str| {
        army.blocks.iter().any(|b| b.from.as_deref() == Some(n))
            || army.hidden.iter().any(|h| h.from.as_deref() == Some(n))
    };
    let exits: Vec<movement::Exit> = movement::land_neighbours(&area)
        .map(|(n, b)| movement::Exit {
            area: n,
            kind: crate::data::BORDERS[b].kind,
            holder: match sc.neighbours.get(n.name) {
                None => movement::Holder::Vacant,
                Some(Held::York) => movement::Holder::House(House::York),
                Some(Held::Lancaster) => movement::Holder::House(House::Lancaster),
                Some(Held::Contested) => movement::Holder::Contested,
            },
            attacker_entered: entered(&sc.attacker, n.name),
            defender_entered: entered(&sc.defender, n.name),
        })
        .collect();
    sc.attacker.retreat_capacity = Some(movement::retreat_capacity(&exits, houses, true));
    sc.defender.retreat_capacity = Some(movement::retreat_capacity(&exits, houses, false));
    for army in [&mut sc.attacker, &mut sc.defender] {
        army.blocks.iter_mut().for_each(|b| b.from = None);
        army.hidden.iter_mut().for_each(|h| h.from = None);
    }
    sc.neighbours.clear();
}

/// The side holding the Treason card in the plan's battle: the moving player's, when his card
/// is Treason (Event Cards, D11). Its target is the holder's best, chosen once the blocks are
/// revealed (6.1, R30, R45): the battle's policy says `"best"`.
fn treason(position: &Position, plan: &Plan) -> Option<Side> {
    (position.card == Played::Event(Event::Treason)).then_some(match plan.target.role {
        Role::Reinforce => Side::Defender,
        Role::Attack | Role::Join { .. } => Side::Attacker,
    })
}

/// The plan's battle fought without the Treason card (R41): no holder, no target.
pub(crate) fn without_treason(sc: &mut Scenario) {
    sc.treason = None;
    sc.policy.attacker.treason_target = None;
    sc.policy.defender.treason_target = None;
}

/// Who holds each land neighbour of the target, and each area on a sea zone the plan's blocks
/// sail (R42), once the plan's blocks and the reinforcements have moved (6.6): the moving
/// player's blocks that stay, the enemy's that stay.
fn neighbours(position: &Position, plan: &Plan, groups: &[Group]) -> BTreeMap<String, Held> {
    let held = |h: House| match h {
        House::York => Held::York,
        House::Lancaster => Held::Lancaster,
    };
    let mut out = BTreeMap::new();
    // The land neighbours, and the areas on the sea zones the plan's blocks sail (R42).
    let t = plan.target.area;
    let mut around: Vec<usize> = movement::land_neighbours(AREAS[t].name)
        .map(|(n, _)| movement::area_index(n.name).expect("a map area"))
        .collect();
    for z in plan.ways.iter().filter_map(|w| w.sea) {
        around.extend(
            sea::coast(z)
                .map(|n| movement::area_index(n.name).expect("a map area"))
                .filter(|&a| a != t),
        );
    }
    around.sort_unstable();
    around.dedup();
    for a in around {
        let n = &AREAS[a];
        let spot = &position.spots[a];
        let own = spot
            .own
            .iter()
            .any(|k| !plan.ways.iter().any(|w| w.block == *k));
        let leaving: usize = groups
            .iter()
            .filter(|g| g.source == a)
            .map(Group::blocks)
            .sum();
        let enemy = spot.enemies() > leaving;
        let h = match (own, enemy) {
            (true, true) => Held::Contested,
            (true, false) => held(position.house),
            (false, true) => held(position.enemy()),
            (false, false) => continue,
        };
        out.insert(n.name.to_string(), h);
    }
    out
}

/// The board's defected heirs and Nevilles (9.1, R1) not in this battle and not possibly one of
/// its hidden blocks: listed so that the King and the Pretender are found without them.
fn defected_elsewhere(position: &Position, candidates: &[String], plan: &Plan) -> Vec<String> {
    let in_battle = |id: &str| {
        plan.ways
            .iter()
            .any(|w| position.own[w.block].block.id == id)
            || position.spots[plan.target.area]
                .own
                .iter()
                .any(|&k| position.own[k].block.id == id)
            || position.spots[plan.target.area]
                .seen
                .iter()
                .any(|s| s.block.id == id)
    };
    position
        .defected
        .iter()
        .filter(|d| {
            let heir = crate::data::BLOCKS
                .iter()
                .any(|b| b.person == d.person && b.heir_rank.is_some());
            if heir {
                d.heir_rank.is_none()
            } else {
                d.is_neville() && d.house() == Some(House::Lancaster)
            }
        })
        .filter(|d| !in_battle(d.id) && !candidates.iter().any(|c| c == d.id))
        .map(|d| d.id.to_string())
        .collect()
}

/// The moving player's tied hits go to his other blocks before his heirs (D3, the app's
/// "Protect heirs", R23).
fn protect_heirs(sc: &mut Scenario, house: House) {
    let (army, policy): (&Army, &mut SidePolicy) = if sc.attacker.house == house {
        (&sc.attacker, &mut sc.policy.attacker)
    } else {
        (&sc.defender, &mut sc.policy.defender)
    };
    let ids: Vec<&str> = army.blocks.iter().filter_map(|b| b.id.as_deref()).collect();
    let heir = |id: &&str| crate::data::block(id).is_some_and(|d| d.heir_rank.is_some());
    if ids.iter().any(heir) && !ids.iter().all(heir) {
        let mut order: Vec<String> = ids
            .iter()
            .filter(|i| !heir(i))
            .map(|i| i.to_string())
            .collect();
        order.extend(ids.iter().filter(|i| heir(i)).map(|i| i.to_string()));
        policy.hit_order = order;
    }
}
