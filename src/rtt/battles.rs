//! A finished game's battles read from its export: where and when each was fought, who
//! attacked, the blocks of each side at its start (from the last snapshot taken before its
//! `Battle in ...` entry), its rolls and who won (from the log). Each becomes a battle scenario
//! (`docs/scenario.md`) with the default policy; what could not be read exactly is said in its
//! notes (R32-R34).

use super::export::check;
use super::format::{Export, Log, State};
use super::ids;
use super::log::{self, Group};
use super::luck::{self, Luck, Roll};
use crate::board::setup::starts_in_play;
use crate::data::{BLOCKS, BlockData, Colour, House};
use crate::rules::battle::Battle;
use crate::rules::movement;
use crate::scenario::{
    Army, BlockEntry, Held, Policy, SCENARIO_VERSION, Scenario, ScenarioError, Side,
};
use std::collections::{BTreeMap, BTreeSet};

type Result<T> = std::result::Result<T, ScenarioError>;

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T> {
    Err(ScenarioError::new(field, reason))
}

/// One battle of a finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameBattle {
    /// Its number in the game, from 1.
    pub index: usize,
    /// The campaign, from 1.
    pub campaign: u8,
    /// The turn of the campaign, 1 to 7.
    pub turn: u8,
    /// The area fought over.
    pub area: String,
    /// The house that attacked (6.1; before any control change, D5).
    pub attacker: House,
    /// The house the log says won; `None` when the log names no winner.
    pub winner: Option<House>,
    /// The attacker won.
    pub attacker_holds: bool,
    /// The battle at its start, every block known, with the default policy.
    pub scenario: Scenario,
    /// Every fire, charge and counter-attack roll, in the log's order (no Treachery, R32).
    pub rolls: Vec<Roll>,
    /// Each side's luck over its rolls: `[York, Lancaster]`.
    pub luck: [Luck; 2],
    /// What could not be read exactly, one sentence each.
    pub notes: Vec<String>,
    /// The index in the final log of its `Battle in ...` entry.
    pub entry: usize,
}

/// Every battle of the game, in order (no solving: fast).
///
/// # Errors
/// The export is not a *Richard III* game with its log and snapshots, or a battle's snapshot
/// lacks what every battle needs (the field is named).
pub fn battles(export: &Export) -> Result<Vec<GameBattle>> {
    let lines = check(export)?;
    let mut out = Vec::new();
    for (k, e) in lines.iter().enumerate() {
        let Some(area) = e
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("Battle in "))
            .map(|a| a.trim().trim_end_matches('.').to_string())
        else {
            continue;
        };
        let b = read(export, lines, k, area, out.len() + 1)?;
        out.push(b);
    }
    Ok(out)
}

/// The lines of the battle whose `Battle in ...` entry is `k`: to its winner's line, or to
/// the first entry that is no part of it (an empty one, the next battle, a regroup, a turn).
pub fn battle_lines(lines: &[String], k: usize) -> Vec<&str> {
    let mut out: Vec<&str> = lines[k].lines().skip(1).collect();
    if out.iter().any(|l| l.contains(" wins the battle in ")) {
        return out;
    }
    for e in &lines[k + 1..] {
        if e.trim().is_empty()
            || e.starts_with("Battle in ")
            || e.starts_with("Start ")
            || e.contains(" regroups:")
            || e.contains(" reduces:")
        {
            break;
        }
        out.extend(e.lines());
        if e.contains(" wins the battle in ") {
            break;
        }
    }
    out
}

/// Whom a block fights for: its house, the Rebel the Pretender's (3.26, D14).
fn serves(b: &BlockData, king: House) -> Option<House> {
    match b.colour {
        Colour::Rebel => Some(king.other()),
        _ => b.house(),
    }
}

/// A block as the log names it (`Warwick`, `York (church)`, `Bombard`) on `side`.
fn named(name: &str, side: House, king: House) -> Option<&'static BlockData> {
    let bare = |id: &'static str| {
        id.strip_suffix("/Y")
            .or_else(|| id.strip_suffix("/L"))
            .unwrap_or(id)
    };
    BLOCKS
        .iter()
        .find(|b| (bare(b.id) == name || b.person == name) && serves(b, king) == Some(side))
}

fn house_of(name: Option<&str>) -> Option<House> {
    name.and_then(log::house_named)
}

/// The last snapshot taken before log entry `k`: its index and state.
fn snapshot_before(export: &Export, k: usize) -> Option<(usize, &State)> {
    export
        .snaps
        .iter()
        .enumerate()
        .filter(|(_, (_, s))| matches!(s.log, Log::Length(n) if n <= k))
        .next_back()
        .map(|(i, (_, s))| (i, s))
}

fn read(
    export: &Export,
    lines: &[String],
    k: usize,
    area: String,
    index: usize,
) -> Result<GameBattle> {
    let here = format!("state.log[{k}]");
    let Some((turn, campaign)) = log::turn(&lines[..=k]) else {
        return err(
            here,
            format!(
                "the battle in {area} comes before any 'Start Turn' entry: its turn is unknown"
            ),
        );
    };
    let Some((i, state)) = snapshot_before(export, k) else {
        return err(
            "snaps",
            format!("no snapshot before the battle in {area} ({here}): its blocks cannot be read"),
        );
    };
    let path = format!("snaps[{i}][1]");
    let mut notes = Vec::new();
    let Log::Length(seen) = state.log else {
        unreachable!("snapshot_before keeps only lengths")
    };
    if state.campaign != Some(campaign) || state.turn != Some(turn) {
        notes.push(format!(
            "the last snapshot before the battle ({path}) is of another turn: the blocks may \
             have moved since"
        ));
    }
    let moved_in: Vec<&str> = lines[seen.min(k)..k]
        .iter()
        .flat_map(|e| e.lines())
        .filter(|l| log::group(l).is_some_and(|g| g.end() == area))
        .collect();
    if !moved_in.is_empty() {
        notes.push(format!(
            "blocks moved into {area} after the snapshot the battle is read from ({path}): {}",
            moved_in.join("; ")
        ));
    }

    // Who is King (3.21), who attacked (6.1).
    let Some(king_block) = state.king.as_deref().and_then(ids::block) else {
        return err(
            format!("{path}.king"),
            "missing or no block: the King's block id",
        );
    };
    let king = king_block.house().unwrap_or(House::Lancaster);
    let attacker = match house_of(state.attacker.get(&area).map(String::as_str)) {
        Some(h) => h,
        None => {
            let main = |h: House| {
                log::moves(&lines[..k], h)
                    .iter()
                    .any(|g| g.end() == area && g.main)
            };
            match (main(House::York), main(House::Lancaster)) {
                (true, false) => House::York,
                (false, true) => House::Lancaster,
                _ => {
                    return err(
                        format!("{path}.attacker"),
                        format!("no house is said to have attacked {area}"),
                    );
                }
            }
        }
    };

    // The blocks in the area at the snapshot, both sides.
    if state.location.is_empty() {
        return err(
            format!("{path}.location"),
            "missing: where each block stands",
        );
    }
    let mut sides: [Vec<(&'static BlockData, u8, bool)>; 2] = [Vec::new(), Vec::new()];
    for (n, rtt) in ids::RTT_BLOCKS.iter().enumerate() {
        if state.location.get(*rtt).and_then(Option::as_deref) != Some(area.as_str()) {
            continue;
        }
        let b = &BLOCKS[n];
        let f = format!("{path}.steps[\"{rtt}\"]");
        let strength = match state.steps.get(*rtt) {
            Some(&s) if (1..=b.max_strength).contains(&s) => s,
            Some(&s) => {
                return err(
                    f,
                    format!("{s}: {}'s strength is 1 to {} (3.11)", b.id, b.max_strength),
                );
            }
            None => return err(f, "missing: a block on the map has a strength"),
        };
        let reserve = state.reserves.iter().any(|r| r == rtt);
        let side = usize::from(serves(b, king) != Some(attacker));
        sides[side].push((b, strength, reserve));
    }
    for (s, side) in Side::BOTH.iter().enumerate() {
        if sides[s].is_empty() {
            return err(
                format!("{path}.location"),
                format!("the {} has no block in {area} at the snapshot", side.name()),
            );
        }
    }

    // The battle's lines: rolls, Treachery, the winner.
    let body = battle_lines(lines, k);
    let mut rolls = Vec::new();
    let mut order: Vec<&'static str> = Vec::new();
    let mut treason: Option<(House, String)> = None;
    let mut winner = None;
    let mut unread = BTreeSet::new();
    let mut mismatch = false;
    for l in &body {
        if let Some(w) = l.split_once(" wins the battle in ") {
            winner = log::house_named(w.0.trim());
            continue;
        }
        if let Some((side, roller, target, _)) = luck::treachery(l) {
            if roller == "Treason event" {
                treason = Some((side, target));
            } else {
                notes.push(format!(
                    "{side}'s Treachery roll by {roller} against {target} (6.9, D10) is not in \
                     the default policy: the odds are of the battle without it"
                ));
            }
            continue;
        }
        if let Some((side, rest)) = luck::side_of(l)
            && let Some(name) = rest.strip_suffix(" retreats.")
            && let Some(b) = named(name, side, king)
            && !order.contains(&b.id)
        {
            order.push(b.id);
        }
        let Some(r) = luck::line(l) else { continue };
        let block = match named(&r.name, r.side, king) {
            Some(b) => {
                if !order.contains(&b.id) {
                    order.push(b.id);
                }
                b.id.to_string()
            }
            None => {
                unread.insert(format!("{}: {}", r.side, r.name));
                r.name.clone()
            }
        };
        if r.dice.iter().any(|&(face, hit)| hit != (face <= r.fire)) {
            mismatch = true;
        }
        rolls.push(Roll {
            side: r.side,
            block,
            fire: r.fire,
            dice: r.dice.iter().map(|&(face, _)| face).collect(),
            hits: r.dice.iter().filter(|&&(_, hit)| hit).count() as u8,
            kind: r.kind,
        });
    }
    if !unread.is_empty() {
        notes.push(format!(
            "blocks the log names that are no block of their side: {}",
            unread.into_iter().collect::<Vec<_>>().join(", ")
        ));
    }
    if mismatch {
        notes.push(
            "some die's hit or miss disagrees with its face and the firepower the log shows \
             (6.4): hits are counted as the log marks them"
                .into(),
        );
    }
    if winner.is_none() {
        notes.push(format!("the log names no winner of the battle in {area}"));
    }

    // Each side's blocks in the order they first acted in the log (the fire order within a
    // letter, D2), then the rest in the game's block order (R33).
    for side in &mut sides {
        side.sort_by_key(|(b, _, _)| order.iter().position(|&o| o == b.id).unwrap_or(usize::MAX));
    }
    let entries = |side: &[(&'static BlockData, u8, bool)]| -> Vec<BlockEntry> {
        side.iter()
            .map(|&(b, strength, reserve)| BlockEntry {
                id: Some(b.id.to_string()),
                custom: None,
                strength,
                reserve,
                from: None,
            })
            .collect()
    };
    let mut attackers = entries(&sides[0]);
    let mut defenders = entries(&sides[1]);
    let in_battle: BTreeSet<&str> = sides.iter().flatten().map(|(b, _, _)| b.id).collect();

    // The dead and the defected, as the snapshot shows them (6.82, 6.83, 9.1).
    let gone = |b: &BlockData| {
        let rtt = ids::RTT_BLOCKS[BLOCKS.iter().position(|x| x.id == b.id).unwrap_or(0)];
        state.location.get(rtt).is_none_or(Option::is_none)
    };
    let mut dead = Vec::new();
    let mut defected = Vec::new();
    let mut defected_elsewhere = Vec::new();
    const ELSEWHERE: [&str; 5] = [
        "Clarence/L",
        "Exeter/Y",
        "Warwick/L",
        "Kent/L",
        "Salisbury/L",
    ];
    for b in BLOCKS.iter() {
        let other = b.other_version();
        if gone(b) {
            if other.is_none_or(gone) && (starts_in_play(b) || other.is_none()) {
                dead.push(b.id.to_string());
            }
        } else if !starts_in_play(b) {
            if ELSEWHERE.contains(&b.id) && !in_battle.contains(b.id) {
                defected_elsewhere.push(b.id.to_string());
            } else {
                defected.push(b.id.to_string());
            }
        }
    }

    // Where the blocks came from (6.3), when the log's moves tell it for every one (R34).
    let mut neighbours = BTreeMap::new();
    let moves = |h: House| -> Vec<Group> {
        log::moves(&lines[..k], h)
            .into_iter()
            .filter(|g| g.end() == area)
            .collect()
    };
    let attack_from = came_from(&moves(attacker), &mut attackers);
    if attack_from {
        for (nb, _) in movement::land_neighbours(&area) {
            let holders: Vec<House> = ids::RTT_BLOCKS
                .iter()
                .enumerate()
                .filter(|(_, r)| {
                    state.location.get(**r).and_then(Option::as_deref) == Some(nb.name)
                })
                .filter_map(|(n, _)| serves(&BLOCKS[n], king))
                .collect();
            let york = holders.contains(&House::York);
            let lancaster = holders.contains(&House::Lancaster);
            let held = match (york, lancaster) {
                (false, false) => continue,
                (true, false) => Held::York,
                (false, true) => Held::Lancaster,
                (true, true) => Held::Contested,
            };
            neighbours.insert(nb.name.to_string(), held);
        }
        let mut reinforcements: Vec<BlockEntry> =
            defenders.iter().filter(|b| b.reserve).cloned().collect();
        if !reinforcements.is_empty() && came_from(&moves(attacker.other()), &mut reinforcements) {
            let mut it = reinforcements.into_iter();
            for d in defenders.iter_mut().filter(|b| b.reserve) {
                d.from = it.next().and_then(|r| r.from);
            }
        }
    } else {
        notes.push(
            "the log's moves do not tell which border each attacking block crossed (a sea \
             move, a muster, or reserves over several borders): no retreat limit is set (D12)"
                .into(),
        );
    }

    let treason_side = treason.as_ref().map(|(h, _)| {
        if *h == attacker {
            Side::Attacker
        } else {
            Side::Defender
        }
    });
    let mut policy = Policy::default();
    if let (Some((h, target)), Some(side)) = (&treason, treason_side) {
        match named(target, h.other(), king) {
            Some(t) => {
                let p = match side {
                    Side::Attacker => &mut policy.attacker,
                    Side::Defender => &mut policy.defender,
                };
                p.treason_target = Some(t.id.to_string());
                notes.push(format!(
                    "{h} played the Treason card against {} before round 1 (D11): the battle \
                     holds it, with the target the log names",
                    t.id
                ));
            }
            None => notes.push(format!(
                "{h} played the Treason card against '{target}', who is no block of {}: the \
                 card is left out",
                h.other()
            )),
        }
    }

    let mut scenario = Scenario {
        version: SCENARIO_VERSION,
        area: Some(area.clone()),
        king,
        dead,
        treason: treason_side.filter(|_| {
            policy.attacker.treason_target.is_some() || policy.defender.treason_target.is_some()
        }),
        attacker: Army {
            house: attacker,
            blocks: attackers,
            retreat_capacity: None,
            hidden: Vec::new(),
        },
        defender: Army {
            house: attacker.other(),
            blocks: defenders,
            retreat_capacity: None,
            hidden: Vec::new(),
        },
        seen_elsewhere: Vec::new(),
        defected_elsewhere,
        neighbours,
        defected,
        policy,
        progress: None,
    };
    settle(&mut scenario, &mut notes);

    let luck = [
        Luck::of(&rolls, House::York),
        Luck::of(&rolls, House::Lancaster),
    ];
    Ok(GameBattle {
        index,
        campaign,
        turn,
        area,
        attacker,
        winner,
        attacker_holds: winner == Some(attacker),
        scenario,
        rolls,
        luck,
        notes,
        entry: k,
    })
}

/// Says where each of `blocks` came from, when `groups` (the moves into the area) tell it for
/// every one: one border for all, or the Main Attack's (`*`) for the blocks in the line and one
/// other border for the reserves (6.3). A sea move or a count that does not add up tells
/// nothing (R34). Returns whether it did.
fn came_from(groups: &[Group], blocks: &mut [BlockEntry]) -> bool {
    let land = |g: &&Group| g.from().is_some_and(|f| movement::area_index(f).is_some());
    if groups.is_empty() || !groups.iter().all(|g| land(&g)) {
        return false;
    }
    let total: usize = groups.iter().map(|g| g.blocks as usize).sum();
    if total != blocks.len() {
        return false;
    }
    let froms = |main: Option<bool>| -> BTreeSet<&str> {
        groups
            .iter()
            .filter(|g| main.is_none_or(|m| g.main == m))
            .filter_map(Group::from)
            .collect()
    };
    let all = froms(None);
    if all.len() == 1 {
        let f = all.first().map(|s| s.to_string());
        for b in blocks.iter_mut() {
            b.from.clone_from(&f);
        }
        return true;
    }
    let (main, rest) = (froms(Some(true)), froms(Some(false)));
    let in_line: usize = groups
        .iter()
        .filter(|g| g.main)
        .map(|g| g.blocks as usize)
        .sum();
    if main.len() != 1 || rest.len() != 1 || in_line != blocks.iter().filter(|b| !b.reserve).count()
    {
        return false;
    }
    let (m, r) = (main.first().copied(), rest.first().copied());
    for b in blocks.iter_mut() {
        b.from = if b.reserve { r } else { m }.map(str::to_string);
    }
    true
}

/// Makes the scenario one the battle calculator builds, leaving out what it refuses (the
/// borders, then the Treason card), each with a note; if it is still refused, a note says why.
fn settle(sc: &mut Scenario, notes: &mut Vec<String>) {
    let Err(e) = Battle::new(sc) else { return };
    let said_from = sc
        .attacker
        .blocks
        .iter()
        .chain(&sc.defender.blocks)
        .any(|b| b.from.is_some());
    if said_from {
        for b in sc
            .attacker
            .blocks
            .iter_mut()
            .chain(sc.defender.blocks.iter_mut())
        {
            b.from = None;
        }
        sc.neighbours.clear();
        notes.push(format!(
            "the borders read from the log are refused ({e}): left out, with no retreat limit \
             (D12)"
        ));
        if Battle::new(sc).is_ok() {
            return;
        }
    }
    if sc.treason.is_some() {
        let e = Battle::new(sc)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        sc.treason = None;
        sc.policy.attacker.treason_target = None;
        sc.policy.defender.treason_target = None;
        notes.push(format!("the Treason card is refused ({e}): left out (D11)"));
        if Battle::new(sc).is_ok() {
            return;
        }
    }
    if let Err(e) = Battle::new(sc) {
        notes.push(format!(
            "the battle calculator refuses this battle ({e}): no odds"
        ));
    }
}
