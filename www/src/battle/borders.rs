//! A battle's borders as the page edits them (issue 24, part 5; R20): where each attacking block
//! and each reinforcement came from (`from`), the Main Attack chosen by border, who holds the
//! area's neighbours. Plain functions over the scenario, no `Html`: the reducer (`state.rs`)
//! applies them and the components read them.
//!
//! The engine reads a battle's borders from its blocks (`Battle::new`, `docs/scenario.md`): the
//! Main Attack is the border of the first attacking block that fights in round 1, and with
//! borders given a block is a reserve exactly when it crossed another border (6.3). So the page
//! never asks for the reserve of a block that says where it came from: it sets it from the Main
//! Attack, whenever a border or the Main Attack changes.

use bosworth::data::{self, Area, BorderKind, House};
use bosworth::rules::movement;
use bosworth::scenario::{Army, Held};
use bosworth::{Scenario, Side};

/// A block that may say where it came from: one of a side's known blocks (`blocks[i]`) or of
/// its hidden blocks (`hidden[k]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arriving {
    /// `blocks[i]`.
    Block(usize),
    /// `hidden[k]`.
    Hidden(usize),
}

/// One land border of the battle's area, as the page shows it filling.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    /// The neighbouring area.
    pub area: &'static Area,
    /// The border's type (its limit, 5.21).
    pub kind: BorderKind,
    /// The side's blocks said to have crossed it (the attacker's blocks; the defender's
    /// reinforcements).
    pub blocks: usize,
}

impl Crossing {
    /// More blocks cross it than its limit (5.21).
    pub fn over(&self) -> bool {
        self.blocks > usize::from(self.kind.limit())
    }
}

/// A border's type in one word: major, river, minor (5.21).
pub fn kind_word(kind: BorderKind) -> &'static str {
    match kind {
        BorderKind::Major => "major",
        BorderKind::River => "river",
        BorderKind::Minor => "minor",
        BorderKind::Sea => "sea",
    }
}

/// The battle's area on the map, if it names one.
pub fn area(s: &Scenario) -> Option<&'static Area> {
    s.area.as_deref().and_then(data::area)
}

/// The area's land neighbours with their border's type, in the map's order (5.2): the only
/// areas a block can have come from, as the engine moves blocks by land only (5.2, R20).
pub fn land_neighbours(area: &str) -> Vec<(&'static Area, BorderKind)> {
    movement::land_neighbours(area)
        .map(|(a, b)| (a, data::BORDERS[b].kind))
        .collect()
}

/// The areas across an estuary from `area` (5.2): neighbours on the map that no land move
/// joins. The page offers them apart, so that a player who thinks of them hears why not.
pub fn across_estuary(area: &str) -> Vec<&'static str> {
    movement::ESTUARIES
        .iter()
        .filter_map(|&(a, b)| {
            if a == area {
                Some(b)
            } else if b == area {
                Some(a)
            } else {
                None
            }
        })
        .collect()
}

fn army(s: &Scenario, side: Side) -> &Army {
    match side {
        Side::Attacker => &s.attacker,
        Side::Defender => &s.defender,
    }
}

fn army_mut(s: &mut Scenario, side: Side) -> &mut Army {
    match side {
        Side::Attacker => &mut s.attacker,
        Side::Defender => &mut s.defender,
    }
}

/// A side's blocks in the engine's order (known, then hidden), each with where it came from
/// and whether it is a reserve.
fn arrivals(a: &Army) -> impl Iterator<Item = (Option<&str>, bool)> {
    let known = a.blocks.iter().map(|b| (b.from.as_deref(), b.reserve));
    known.chain(a.hidden.iter().map(|h| (h.from.as_deref(), h.reserve)))
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// Where a side's block came from, as the scenario says.
pub fn from_of(s: &Scenario, side: Side, which: Arriving) -> Option<&str> {
    let a = army(s, side);
    match which {
        Arriving::Block(i) => a.blocks.get(i).and_then(|b| b.from.as_deref()),
        Arriving::Hidden(k) => a.hidden.get(k).and_then(|h| h.from.as_deref()),
    }
}

/// True when some block of the side says where it came from.
pub fn side_said(s: &Scenario, side: Side) -> bool {
    arrivals(army(s, side)).any(|(f, _)| f.is_some())
}

/// True when some block of either side says where it came from.
pub fn froms_said(s: &Scenario) -> bool {
    side_said(s, Side::Attacker) || side_said(s, Side::Defender)
}

/// True when the battle says anything of its borders (a block's `from`, or who holds a
/// neighbour): the map's rules then apply (R20).
pub fn said(s: &Scenario) -> bool {
    froms_said(s) || !s.neighbours.is_empty()
}

/// The Main Attack's neighbour as the engine reads it: where the first attacking block that
/// fights in round 1 came from (6.3), when it says.
pub fn main_attack(s: &Scenario) -> Option<&str> {
    arrivals(&s.attacker)
        .find(|(_, reserve)| !reserve)
        .and_then(|(f, _)| f)
}

/// The Main Attack when the attacker's reserves agree with it: every block that says where it
/// came from is a reserve exactly when it crossed another border (6.3). `None` when they agree
/// with no border (a battle typed with other reserves, or none said yet).
pub fn agreed_main_attack(s: &Scenario) -> Option<&'static str> {
    crossing(s, Side::Attacker)
        .into_iter()
        .filter(|c| c.blocks > 0)
        .map(|c| c.area.name)
        .find(|main| {
            arrivals(&s.attacker).all(|(f, reserve)| f.is_none_or(|f| reserve != same(f, main)))
        })
}

/// How many of a side's blocks cross each land border of the battle's area: the attacker's
/// blocks, the defender's reinforcements (reserves); empty without an area.
pub fn crossing(s: &Scenario, side: Side) -> Vec<Crossing> {
    let Some(area) = area(s) else {
        return Vec::new();
    };
    let a = army(s, side);
    land_neighbours(area.name)
        .into_iter()
        .map(|(n, kind)| {
            let blocks = arrivals(a)
                .filter(|(f, reserve)| {
                    (side == Side::Attacker || *reserve) && f.is_some_and(|f| same(f, n.name))
                })
                .count();
            Crossing {
                area: n,
                kind,
                blocks,
            }
        })
        .collect()
}

/// The places a side's blocks say they came from that are no land neighbour of the area (an
/// estuary, a typo in a file), with how many say each, in the order first said: the engine
/// refuses them (5.2), and the page says them rather than hide them.
pub fn elsewhere(s: &Scenario, side: Side) -> Vec<(String, usize)> {
    let Some(area) = area(s) else { return Vec::new() };
    let mut out: Vec<(String, usize)> = Vec::new();
    for (f, reserve) in arrivals(army(s, side)) {
        let Some(f) = f.filter(|_| side == Side::Attacker || reserve) else { continue };
        if movement::land_border(area.name, data::area(f).map_or(f, |a| a.name)).is_some() {
            continue;
        }
        match out.iter_mut().find(|(n, _)| same(n, f)) {
            Some(o) => o.1 += 1,
            None => out.push((f.trim().to_string(), 1)),
        }
    }
    out
}

/// Makes the attacker's reserves follow the Main Attack: each block that says where it came
/// from fights in round 1 if it crossed `main`, else waits in reserve (6.3, D4).
fn follow_main(s: &mut Scenario, main: &str) {
    for b in &mut s.attacker.blocks {
        if let Some(f) = &b.from {
            b.reserve = !same(f, main);
        }
    }
    for h in &mut s.attacker.hidden {
        if let Some(f) = &h.from {
            h.reserve = !same(f, main);
        }
    }
}

/// After a change of the attacker's borders: the Main Attack stays where it was while a block
/// still crosses it; else it is the border of the first block in round 1 that says one; while
/// a block in round 1 says none yet, the reserves stay as they are (the Main Attack is not said
/// yet); else the border of the first block that says one. The reserves follow it.
fn resettle(s: &mut Scenario, before: Option<String>) {
    let crossed = |m: &str| arrivals(&s.attacker).any(|(f, _)| f.is_some_and(|f| same(f, m)));
    let main = before.filter(|m| crossed(m)).or_else(|| main_before(s)).or_else(|| {
        if arrivals(&s.attacker).any(|(f, reserve)| !reserve && f.is_none()) {
            None
        } else {
            arrivals(&s.attacker).find_map(|(f, _)| f).map(str::to_string)
        }
    });
    if let Some(main) = main {
        follow_main(s, &main);
    }
}

/// The attacker's Main Attack before a change: the border of the first block in round 1 that
/// says one.
fn main_before(s: &Scenario) -> Option<String> {
    arrivals(&s.attacker)
        .find(|(f, reserve)| !reserve && f.is_some())
        .and_then(|(f, _)| f.map(str::to_string))
}

/// Says where a block came from (`None`: not said). For the attacker the reserves then follow
/// the Main Attack (see [`resettle`]). The first border said drops the typed retreat limits,
/// which the map now works out (D12, R20); the last one unsaid drops who holds the neighbours,
/// which only a battle with borders reads.
pub fn set_from(s: &mut Scenario, side: Side, which: Arriving, from: Option<String>) {
    let was = froms_said(s);
    let before = main_before(s);
    let a = army_mut(s, side);
    let slot = match which {
        Arriving::Block(i) => a.blocks.get_mut(i).map(|b| &mut b.from),
        Arriving::Hidden(k) => a.hidden.get_mut(k).map(|h| &mut h.from),
    };
    let Some(slot) = slot else { return };
    *slot = from;
    if side == Side::Attacker {
        resettle(s, before);
    }
    after_change(s, was);
}

/// The borders before a block leaves the battle, for [`after_removal`]: the Main Attack, and
/// whether any block said where it came from.
pub fn before_removal(s: &Scenario) -> (Option<String>, bool) {
    (main_before(s), froms_said(s))
}

/// After a block leaves the battle: the Main Attack moves on if no block crosses it any more
/// (see [`resettle`]); with the last block that said where it came from gone, who holds the
/// neighbours goes too.
pub fn after_removal(s: &mut Scenario, (before, was): (Option<String>, bool)) {
    if side_said(s, Side::Attacker) {
        resettle(s, before);
    }
    after_change(s, was);
}

fn after_change(s: &mut Scenario, was: bool) {
    let now = froms_said(s);
    if !was && now {
        s.attacker.retreat_capacity = None;
        s.defender.retreat_capacity = None;
    }
    if was && !now {
        s.neighbours.clear();
    }
}

/// Chooses the Main Attack by border: the attacker's blocks that crossed from `main` fight in
/// round 1, the others wait in reserve (6.3). Nothing changes if none crossed from there.
pub fn set_main_attack(s: &mut Scenario, main: &str) {
    if arrivals(&s.attacker).any(|(f, _)| f.is_some_and(|f| same(f, main))) {
        follow_main(s, main);
    }
}

/// Says who holds a neighbour of the area (`None`: vacant, 6.6).
pub fn set_held(s: &mut Scenario, neighbour: &str, held: Option<Held>) {
    s.neighbours.retain(|n, _| !same(n, neighbour));
    if let Some(h) = held {
        s.neighbours.insert(neighbour.to_string(), h);
    }
}

/// Who holds a neighbour, as the scenario says (absent: vacant).
pub fn held(s: &Scenario, neighbour: &str) -> Option<Held> {
    s.neighbours
        .iter()
        .find(|(n, _)| same(n, neighbour))
        .map(|(_, h)| *h)
}

/// Forgets every border: each block's `from` and who holds the neighbours (a new area, or the
/// armies changing sides, makes them mean nothing).
pub fn clear(s: &mut Scenario) {
    for a in [&mut s.attacker, &mut s.defender] {
        a.blocks.iter_mut().for_each(|b| b.from = None);
        a.hidden.iter_mut().for_each(|h| h.from = None);
    }
    s.neighbours.clear();
}

/// A side's retreat capacity worked out from the map, when the battle's borders give it and it
/// is not typed (D12, R20), with each border open or closed to the side and why:
/// `(capacity, [(neighbour, limit, why closed)])`. `None` when the map does not give it (no
/// borders, a typed capacity, or borders the engine refuses).
#[allow(clippy::type_complexity)]
pub fn worked_out(
    s: &Scenario,
    side: Side,
) -> Option<(u8, Vec<(&'static str, u8, Option<String>)>)> {
    if army(s, side).retreat_capacity.is_some() {
        return None;
    }
    let exits = bosworth::Battle::exits(s).ok()??;
    let houses = [s.attacker.house, s.defender.house];
    let attacker = side == Side::Attacker;
    let enemy = houses[attacker as usize];
    let capacity = movement::retreat_capacity(&exits, houses, attacker);
    let each = exits
        .iter()
        .map(|e| {
            (
                e.area.name,
                e.kind.limit(),
                movement::closed(e, houses, attacker).map(|c| c.words(enemy)),
            )
        })
        .collect();
    Some((capacity, each))
}

/// Whether a side's blocks may stand in an area at all (not the enemy's exile areas, 2.7).
pub fn may_come_from(area: &Area, house: House) -> bool {
    movement::may_enter(area, house)
}
