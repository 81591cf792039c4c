//! The enemy's reinforcements (6.3, last paragraph): when the moving player is Player 1, the
//! enemy moves after him and may send blocks into the battles he started, as reserves, across
//! at most two borders. With `Reinforce::All` a plan's battle takes the largest such group the
//! rules allow (R23): every enemy block that can reach the target as Player 2, after the plan's
//! moves, within the border limits, two borders and the enemy's card.

use super::plans::Plan;
use super::reach::{self, Field, Role};
use super::validate::{Position, Seen};
use crate::data::{AREAS, BORDERS};
use crate::rules::movement;
use crate::scenario::StrengthPrior;

/// Whether a plan's battle assumes the enemy reinforces it (6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reinforce {
    /// No enemy block joins the battle (the default).
    #[default]
    None,
    /// The enemy, moving second, sends every block it can (R23).
    All,
}

/// Enemy blocks that reinforce a battle from one area across one border.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The area they start from (an index into [`AREAS`]).
    pub source: usize,
    /// Their path: the source, the area passed through if any, the target.
    pub path: Vec<usize>,
    /// The known blocks among them.
    pub known: Vec<Seen>,
    /// How many unseen blocks.
    pub hidden: u8,
    /// The unseen blocks' strength prior (their area's).
    pub prior: StrengthPrior,
}

impl Group {
    /// The neighbour they enter the target from.
    pub fn entry(&self) -> usize {
        self.path[self.path.len() - 2]
    }

    /// How many blocks.
    pub fn blocks(&self) -> usize {
        self.known.len() + self.hidden as usize
    }
}

/// The field as the enemy sees it after the plan's moves: the plan's blocks stand in the target
/// (contested), the areas they left hold what remains.
fn field_after(position: &Position, plan: &Plan) -> Field {
    let mut friendly: Vec<bool> = position.spots.iter().map(|s| s.enemies() > 0).collect();
    let mut hostile: Vec<bool> = position
        .spots
        .iter()
        .map(|s| {
            s.own
                .iter()
                .any(|k| !plan.ways.iter().any(|w| w.block == *k))
        })
        .collect();
    let t = plan.target.area;
    friendly[t] = true;
    hostile[t] = true;
    Field {
        mover: position.enemy(),
        friendly,
        hostile,
    }
}

/// The enemy blocks of an area that may move as Player 2 (5.22): of a battle the moving player
/// started there this turn, as many as his Main Attack brought stay pinned, and the others may
/// not leave by a border he came by.
fn enemy_movable(position: &Position, area: usize) -> (usize, Vec<usize>) {
    let spot = &position.spots[area];
    let attackers: Vec<usize> = spot
        .own
        .iter()
        .copied()
        .filter(|&k| position.own[k].came_from.is_some())
        .collect();
    let pinned = attackers
        .iter()
        .filter(|&&k| position.own[k].came_from == spot.main)
        .count();
    let mut closed: Vec<usize> = attackers
        .iter()
        .filter_map(|&k| position.own[k].came_from)
        .collect();
    closed.sort_unstable();
    closed.dedup();
    (spot.enemies().saturating_sub(pinned), closed)
}

/// The largest group of enemy blocks that can reinforce the plan's battle (R23): most blocks,
/// then fewest areas activated, then the map's order; within an area its known blocks first.
/// None when the moving player is Player 2 (the enemy has moved), or the plan reinforces a
/// defence of his own.
pub fn reinforcements(position: &Position, plan: &Plan, how: Reinforce) -> Vec<Group> {
    if how == Reinforce::None || position.player != 1 || plan.target.role == Role::Reinforce {
        return Vec::new();
    }
    let t = plan.target.area;
    let field = field_after(position, plan);
    // Every (source, path) the enemy's blocks may take, with how many may leave the source.
    let mut options: Vec<(usize, Vec<usize>, usize)> = Vec::new();
    for s in 0..AREAS.len() {
        if s == t || position.spots[s].enemies() == 0 || field.hostile[s] {
            continue;
        }
        let (may, closed) = enemy_movable(position, s);
        if may == 0 {
            continue;
        }
        let steps = position.enemy_card.map_or(2, |c| c.steps());
        for p in reach::paths(&field, s, t, &closed, steps) {
            options.push((s, p, may));
        }
    }
    let mut entries: Vec<usize> = options.iter().map(|o| o.1[o.1.len() - 2]).collect();
    entries.sort_unstable();
    entries.dedup();
    let ap = position.enemy_ap.map_or(usize::MAX, usize::from);
    // The enemy's border limits: one more for each if his card is Surprise (Event Cards, R28).
    let bonus = position.enemy_card.map_or(0, |c| c.limit_bonus());
    let limits: Vec<u8> = BORDERS.iter().map(|b| b.kind.limit() + bonus).collect();
    let mut best: (usize, usize, Vec<usize>) = (0, 0, Vec::new());
    // Every choice of at most two entry borders (6.3).
    let mut sets: Vec<Vec<usize>> = entries.iter().map(|&e| vec![e]).collect();
    for (i, &a) in entries.iter().enumerate() {
        for &b in &entries[i + 1..] {
            sets.push(vec![a, b]);
        }
    }
    for set in sets {
        let usable: Vec<usize> = (0..options.len())
            .filter(|&i| set.contains(&options[i].1[options[i].1.len() - 2]))
            .collect();
        let mut counts = vec![0usize; options.len()];
        let mut used = vec![0u8; BORDERS.len()];
        search(
            &options,
            &usable,
            0,
            &mut counts,
            &mut used,
            &limits,
            ap,
            &mut best,
        );
    }
    let counts = best.2;
    let mut groups = Vec::new();
    let mut taken: Vec<usize> = vec![0; AREAS.len()];
    for (i, (s, path, _)) in options.iter().enumerate() {
        let n = counts.get(i).copied().unwrap_or(0);
        if n == 0 {
            continue;
        }
        let spot = &position.spots[*s];
        let start = taken[*s];
        taken[*s] += n;
        let known: Vec<Seen> = spot.seen.iter().skip(start).take(n).copied().collect();
        let hidden = (n - known.len()) as u8;
        groups.push(Group {
            source: *s,
            path: path.clone(),
            known,
            hidden,
            prior: spot.prior.clone(),
        });
    }
    groups
}

/// Shares blocks among the usable options (each within its source's blocks and every border's
/// limit, at most `ap` sources), keeping the best: most blocks, fewest sources, first found.
#[allow(clippy::too_many_arguments)]
fn search(
    options: &[(usize, Vec<usize>, usize)],
    usable: &[usize],
    k: usize,
    counts: &mut Vec<usize>,
    used: &mut Vec<u8>,
    limits: &[u8],
    ap: usize,
    best: &mut (usize, usize, Vec<usize>),
) {
    if k == usable.len() {
        let total: usize = counts.iter().sum();
        let mut sources: Vec<usize> = (0..options.len())
            .filter(|&i| counts[i] > 0)
            .map(|i| options[i].0)
            .collect();
        sources.sort_unstable();
        sources.dedup();
        if sources.len() > ap {
            return;
        }
        if total > best.0 || (total == best.0 && total > 0 && sources.len() < best.1) {
            *best = (total, sources.len(), counts.clone());
        }
        return;
    }
    let i = usable[k];
    let (s, path, may) = &options[i];
    let from_source: usize = (0..options.len())
        .filter(|&j| options[j].0 == *s)
        .map(|j| counts[j])
        .sum();
    let borders: Vec<usize> = path
        .windows(2)
        .map(|w| movement::land_border_index(AREAS[w[0]].name, AREAS[w[1]].name).expect("land"))
        .collect();
    let room = borders
        .iter()
        .map(|&b| limits[b].saturating_sub(used[b]) as usize)
        .min()
        .unwrap_or(0)
        .min(may.saturating_sub(from_source));
    for n in (0..=room).rev() {
        counts[i] = n;
        for &b in &borders {
            used[b] += n as u8;
        }
        search(options, usable, k + 1, counts, used, limits, ap, best);
        for &b in &borders {
            used[b] -= n as u8;
        }
    }
    counts[i] = 0;
}
