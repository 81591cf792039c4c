//! Reach (5.2, 5.21, 5.22, 6.3): where blocks can go this turn. One action point activates every
//! block of one area; each moves one or two areas, passing through friendly or vacant areas
//! (R22), stopping on entering an enemy or contested area, stopping after a red border; each
//! border's limit counts every block of the player crossing it this turn; no land move crosses
//! an estuary; pinned blocks stay, and the others never leave by a border the enemy came by.
//!
//! [`ways`] lists, for a target, every way each block can reach it; [`target`] says what an
//! attack on an area is (an attack, joining one's own attack, or reinforcing one's defence);
//! [`destinations`] lists where the blocks of one area can go at all (the rulebook's Move
//! Example).

use super::card::Event;
use super::validate::Position;
use crate::data::{AREAS, BORDERS, BorderKind, House};
use crate::rules::{movement, sea};

/// Who stands where, as a mover sees it: per area, whether the mover's blocks are there and
/// whether the other house's are.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The house moving.
    pub mover: House,
    /// Per area of [`AREAS`]: the mover's blocks stand there.
    pub friendly: Vec<bool>,
    /// Per area: the other house's blocks stand there.
    pub hostile: Vec<bool>,
}

impl Field {
    /// The board as the moving player sees it.
    pub fn of(position: &Position) -> Field {
        Field {
            mover: position.house,
            friendly: position.spots.iter().map(|s| !s.own.is_empty()).collect(),
            hostile: position.spots.iter().map(|s| s.enemies() > 0).collect(),
        }
    }

    /// True if a moving block may pass through `area` on its way (5.2, R22): the mover's own
    /// area or a vacant one, never an enemy or contested area (it would have to stop) nor an
    /// exile area of the other house (2.7).
    pub fn passable(&self, area: usize) -> bool {
        !self.hostile[area] && movement::may_enter(&AREAS[area], self.mover)
    }
}

/// One way a block can reach a target: the areas it moves through, from where it stands to the
/// target, two or three of them; or, with Piracy, where it sails from and the target, across
/// one sea zone (5.3, R43).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Way {
    /// The block: an index into [`Position::own`] (or, for enemy groups, the group's area).
    pub block: usize,
    /// Areas (indices into [`AREAS`]): where it starts, the area it passes through if any, the
    /// target.
    pub path: Vec<usize>,
    /// The sea zone it sails (an index into [`sea::SEAS`]), for a sea move; `None` by land.
    pub sea: Option<usize>,
}

impl Way {
    /// The area it starts from: the one action point that activates it (5.2).
    pub fn source(&self) -> usize {
        self.path[0]
    }

    /// The border it attacks across, as a place ([`sea::place_name`]): the neighbour it enters
    /// the target from, or the sea zone it sails (R42).
    pub fn entry(&self) -> usize {
        match self.sea {
            Some(z) => sea::sea_place(z),
            None => self.path[self.path.len() - 2],
        }
    }

    /// The land borders it crosses, as indices into [`BORDERS`]: none for a sea move, which no
    /// border limit counts (5.3, 5.21).
    pub fn borders(&self) -> Vec<usize> {
        if self.sea.is_some() {
            return Vec::new();
        }
        self.path
            .windows(2)
            .map(|w| {
                movement::land_border_index(AREAS[w[0]].name, AREAS[w[1]].name)
                    .expect("a way crosses land borders only")
            })
            .collect()
    }
}

/// The paths a block standing in `from` may take to `to` this turn, crossing at most `steps`
/// borders (two, 5.2; three with Force March, Event Cards): directly across a land border, or
/// through passable areas, no border but the last red (5.21: a block stops after crossing a red
/// border), no area twice. `closed` lists the neighbours of `from` it may not leave by (5.22:
/// the borders the enemy came by into a battle it is pinned in). The shortest paths first, each
/// length in the map's order of neighbours.
pub fn paths(
    field: &Field,
    from: usize,
    to: usize,
    closed: &[usize],
    steps: usize,
) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if from == to || !movement::may_enter(&AREAS[to], field.mover) {
        return out;
    }
    fn go(
        field: &Field,
        path: &mut Vec<usize>,
        to: usize,
        closed: &[usize],
        left: usize,
        out: &mut Vec<Vec<usize>>,
    ) {
        let here = *path.last().expect("a path starts somewhere");
        let first = path.len() == 1;
        if left == 1 {
            if movement::land_border(AREAS[here].name, AREAS[to].name).is_some()
                && !(first && closed.contains(&to))
            {
                path.push(to);
                out.push(path.clone());
                path.pop();
            }
            return;
        }
        for (m, b) in movement::land_neighbours(AREAS[here].name) {
            let mid = movement::area_index(m.name).expect("a map area");
            if mid == to
                || path.contains(&mid)
                || (first && closed.contains(&mid))
                || BORDERS[b].kind == BorderKind::Minor
                || !field.passable(mid)
            {
                continue;
            }
            path.push(mid);
            go(field, path, to, closed, left - 1, out);
            path.pop();
        }
    }
    for n in 1..=steps {
        go(field, &mut vec![from], to, closed, n, &mut out);
    }
    out
}

/// What an attack on an area is for the moving player (5.22, 6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The area is the enemy's: the blocks that enter attack, across at most three borders, one
    /// of them the Main Attack (6.3).
    Attack,
    /// The moving player attacked it earlier this turn: more blocks join the attack, the Main
    /// Attack's border already chosen, at most three borders in all (6.3).
    Join {
        /// The Main Attack's border: the neighbour it came from.
        main: usize,
    },
    /// The enemy (Player 1) attacked the moving player's blocks there: Player 2's blocks
    /// reinforce the defence as reserves, across at most two borders (6.3).
    Reinforce,
}

/// An area the moving player can attack (or reinforce) this turn, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The area (an index into [`AREAS`]).
    pub area: usize,
    /// What moving blocks into it means.
    pub role: Role,
}

impl Target {
    /// The most different borders the moving player's blocks may cross into it, counting those
    /// already crossed this turn (6.3).
    pub fn max_borders(&self) -> usize {
        match self.role {
            Role::Reinforce => movement::REINFORCEMENT_BORDERS,
            _ => movement::ATTACK_BORDERS,
        }
    }
}

/// Why the card played allows no attack this turn, if it does not (5.1, Event Cards): Muster's
/// moves only reach a friendly or vacant area (R27), Plague moves no block (and the words say
/// which enemy city area holds the most enemy blocks: the one Plague hurts most). Piracy's
/// attacks are by sea ([`ways`], R43).
pub fn card_refusal(position: &Position) -> Option<String> {
    let event = position.card.event()?;
    let enemy = position.enemy();
    Some(match event {
        Event::Muster => format!(
            "Muster: no attack this turn: the card's blocks move only to reach the one friendly \
             or vacant area designated, never an enemy or contested one (Event Cards, R27)"
        ),
        Event::Plague => {
            let held: Vec<(usize, usize)> = position
                .spots
                .iter()
                .enumerate()
                .filter(|(a, s)| AREAS[*a].city.is_some() && s.own.is_empty() && s.enemies() > 0)
                .map(|(a, s)| (a, s.enemies()))
                .collect();
            let most = held.iter().map(|h| h.1).max().unwrap_or(0);
            let best: Vec<&str> = held
                .iter()
                .filter(|h| h.1 == most)
                .map(|h| AREAS[h.0].name)
                .collect();
            let where_ = match best.len() {
                0 => format!("no {enemy} city area holds an {enemy} block on the board"),
                1 => format!(
                    "of {enemy}'s city areas, {} holds the most {enemy} blocks ({most}): Plague \
                     there takes the most steps",
                    best[0]
                ),
                _ => format!(
                    "of {enemy}'s city areas, {} hold the most {enemy} blocks ({most} each): \
                     Plague on either takes the most steps",
                    best.join(", ")
                ),
            };
            format!("Plague: no block moves this turn, so no attack (Event Cards); {where_}")
        }
        Event::Piracy | Event::ForceMarch | Event::Surprise | Event::Treason => return None,
    })
}

/// What moving into `area` means, or why it is no target: the card must allow an attack
/// ([`card_refusal`]), the area must hold enemy blocks and not be an exile area of the enemy
/// (2.7).
///
/// # Errors
/// Words for the user: why blocks cannot attack there.
pub fn target(position: &Position, area: usize) -> Result<Target, String> {
    if let Some(why) = card_refusal(position) {
        return Err(why);
    }
    let a = &AREAS[area];
    let spot = &position.spots[area];
    if !movement::may_enter(a, position.house) {
        return Err(format!(
            "{} is an exile area of {} and can never be attacked (2.7)",
            a.name,
            position.enemy()
        ));
    }
    if spot.enemies() == 0 {
        return Err(format!(
            "no {} block stands in {}: there is nothing to attack",
            position.enemy(),
            a.name
        ));
    }
    if spot.attacked.is_empty()
        && spot
            .own
            .iter()
            .any(|&k| position.own[k].moved && position.own[k].came_from.is_none())
    {
        return Err(format!(
            "{} attacked {} this turn by borders the board does not tell (blocks moved there \
             with no route: by sea, 5.3, or imported): which is the Main Attack is not known, \
             so no plan can join it (6.3)",
            position.house, a.name
        ));
    }
    if position.sails() {
        if sea::zones(a.name).is_empty() {
            return Err(format!(
                "Piracy's action points are sea moves (5.3, Event Cards), and {} lies on no sea \
                 zone: no sea move reaches it",
                a.name
            ));
        }
        if !spot.attacked.is_empty() {
            return Err(format!(
                "Piracy's action points are sea moves (5.3, Event Cards), and a sea move never \
                 enters a contested area: {} attacked {} this turn, and only an attack enters \
                 by sea (R43)",
                position.enemy(),
                a.name
            ));
        }
    }
    let role = if !spot.attacked.is_empty() {
        Role::Reinforce
    } else if let Some(main) = spot.main {
        Role::Join { main }
    } else {
        Role::Attack
    };
    Ok(Target { area, role })
}

/// The blocks of an area that may move this turn, and the neighbours they may not leave by: not
/// those that moved already (5.2); of a battle the enemy started there (5.22), as many blocks as
/// the enemy's Main Attack brought stay pinned (the player chooses which), and the others may
/// not leave by a border the enemy came by.
pub fn movable(position: &Position, area: usize) -> (Vec<usize>, usize, Vec<usize>) {
    let spot = &position.spots[area];
    let free: Vec<usize> = spot
        .own
        .iter()
        .copied()
        .filter(|&k| !position.own[k].moved)
        .collect();
    let pinned: usize = spot
        .attacked
        .iter()
        .filter(|g| !g.reserve)
        .map(|g| g.blocks as usize)
        .sum();
    // The blocks that moved in (reinforcements) are not pinned: the pin falls on the others.
    let may_leave = free.len().saturating_sub(pinned);
    let closed: Vec<usize> = spot.attacked.iter().filter_map(|g| g.from).collect();
    (free, may_leave, closed)
}

/// Every way each of the moving player's blocks can reach `target` this turn: for every block
/// that may move, every path of one or two areas (three with Force March) ending there (5.2,
/// 5.22, Event Cards). A block may move if an action point is left or its area was activated
/// already this turn (5.2). Border limits and the action points of several areas are for a plan
/// to respect (`plan.rs`): a way is possible alone.
pub fn ways(position: &Position, target: usize) -> Vec<Way> {
    if position.sails() {
        return sea_ways(position, target);
    }
    let field = Field::of(position);
    let mut out = Vec::new();
    for area in 0..AREAS.len() {
        if area == target || (position.ap == 0 && !position.is_activated(area)) {
            continue;
        }
        let (free, may_leave, closed) = movable(position, area);
        if may_leave == 0 {
            continue;
        }
        let paths = paths(&field, area, target, &closed, position.card.steps());
        for &k in &free {
            for p in &paths {
                out.push(Way {
                    block: k,
                    path: p.clone(),
                    sea: None,
                });
            }
        }
    }
    out.retain(|w| {
        w.borders()
            .iter()
            .all(|&b| position.crossed[b] < position.limit(b))
    });
    out
}

/// Every way each of the moving player's blocks can sail to `target` with Piracy (5.3, Event
/// Cards, R43): from an area on a sea zone the target lies on, across that zone (Kent, Cornwall,
/// Scotland, Calais and France lie on two), for a block that may move (5.2, 5.22) and ever
/// sails (5.3). Each costs one action point; no border limit counts it.
fn sea_ways(position: &Position, target: usize) -> Vec<Way> {
    let mut out = Vec::new();
    if position.ap == 0 {
        return out;
    }
    let shared = |area: usize| -> Vec<usize> {
        sea::zones(AREAS[area].name)
            .into_iter()
            .filter(|&z| sea::on(AREAS[target].name, z))
            .collect()
    };
    for area in (0..AREAS.len()).filter(|&a| a != target) {
        let (free, may_leave, _) = movable(position, area);
        let zones = shared(area);
        if may_leave == 0 || zones.is_empty() {
            continue;
        }
        for &k in free
            .iter()
            .filter(|&&k| !sea::never_by_sea(position.own[k].block))
        {
            for &z in &zones {
                out.push(Way {
                    block: k,
                    path: vec![area, target],
                    sea: Some(z),
                });
            }
        }
    }
    out
}

/// Where the blocks of `from` may sail with Piracy (5.3, R43), with how many of them: every area
/// on a sea zone it shares with `from` that is friendly or vacant, or held by the enemy alone
/// (an attack), one block per action point left.
fn sea_destinations(position: &Position, from: usize) -> Vec<(usize, usize)> {
    let (free, may_leave, _) = movable(position, from);
    let sailors = free
        .iter()
        .filter(|&&k| !sea::never_by_sea(position.own[k].block))
        .count();
    let blocks = sailors.min(may_leave).min(usize::from(position.ap));
    let zones = sea::zones(AREAS[from].name);
    (0..AREAS.len())
        .filter(|&to| to != from && blocks > 0)
        .filter(|&to| zones.iter().any(|&z| sea::on(AREAS[to].name, z)))
        .filter(|&to| movement::may_enter(&AREAS[to], position.house))
        .filter(|&to| {
            let s = &position.spots[to];
            s.own.is_empty() || s.enemies() == 0
        })
        .map(|to| (to, blocks))
        .collect()
}

/// Every area the blocks of `from` can move to this turn for one action point (5.2; none if
/// none is left and the area was not activated already), with the most of them that can get
/// there across the border limits (5.21): each destination once, in the map's order. A
/// destination holding enemy blocks ends the move (5.2).
pub fn destinations(position: &Position, from: usize) -> Vec<(usize, usize)> {
    if position.sails() {
        return sea_destinations(position, from);
    }
    let field = Field::of(position);
    let (free, may_leave, closed) = movable(position, from);
    let blocks = free.len().min(may_leave);
    let mut out = Vec::new();
    if position.ap == 0 && !position.is_activated(from) {
        return out;
    }
    for to in 0..AREAS.len() {
        let paths = paths(&field, from, to, &closed, position.card.steps());
        if paths.is_empty() {
            continue;
        }
        out.push((to, most_across(position, &paths, blocks)));
    }
    out
}

/// The most of `blocks` blocks that can take these paths together within the limits left on
/// every border they cross (5.21): a small maximum flow, found by trying every way to share the
/// blocks among the paths.
pub fn most_across(position: &Position, paths: &[Vec<usize>], blocks: usize) -> usize {
    let borders: Vec<Vec<usize>> = paths
        .iter()
        .map(|p| {
            p.windows(2)
                .map(|w| {
                    movement::land_border_index(AREAS[w[0]].name, AREAS[w[1]].name).expect("land")
                })
                .collect()
        })
        .collect();
    let mut used = position.crossed.clone();
    let limits: Vec<u8> = (0..BORDERS.len()).map(|b| position.limit(b)).collect();
    fn go(k: usize, left: usize, borders: &[Vec<usize>], limits: &[u8], used: &mut [u8]) -> usize {
        if k == borders.len() || left == 0 {
            return 0;
        }
        let mut best = go(k + 1, left, borders, limits, used);
        let room = borders[k]
            .iter()
            .map(|&b| limits[b].saturating_sub(used[b]) as usize)
            .min()
            .unwrap_or(0)
            .min(left);
        for n in 1..=room {
            for &b in &borders[k] {
                used[b] += n as u8;
            }
            best = best.max(n + go(k + 1, left - n, borders, limits, used));
            for &b in &borders[k] {
                used[b] -= n as u8;
            }
        }
        best
    }
    go(0, blocks, &borders, &limits, &mut used)
}
