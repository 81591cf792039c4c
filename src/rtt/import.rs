//! A moment of an RTT game as one player may see it, made a board (`docs/board.md`): his own
//! blocks in full; of the enemy's, how many stand in each area and nothing more (Fog-of-War),
//! but for the blocks a battle under way has revealed (6.1); the card, the action points spent,
//! the blocks that moved, the dead, the defected, and the enemy's attacks of this turn read from
//! the log (5.22, 6.3). What the moment cannot tell is said in `notes` (and the board's `note`),
//! never guessed.

use super::format::{Paste, State};
use super::ids;
use super::log::{self, Group};
use crate::board::setup::starts_in_play;
use crate::board::{AreaEntry, Attack, BOARD_VERSION, Board, BoardKind, Known, Piece, Played};
use crate::data::{AREAS, BLOCKS, BlockData, Colour, House};
use crate::rules::movement;
use crate::scenario::ScenarioError;
use std::collections::BTreeMap;

type Result<T> = std::result::Result<T, ScenarioError>;

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T> {
    Err(ScenarioError::new(field, reason))
}

/// A board made from RTT, with what it could not know.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The board as the player may see it.
    pub board: Board,
    /// What was left out or is not known, in the player's words: one sentence each.
    pub notes: Vec<String>,
}

/// A moment of the game, whatever it came from (a view, or an export's snapshot and log): the
/// fields the importer reads.
#[derive(Debug, Clone, Default)]
pub struct Moment<'a> {
    /// The field prefix for errors: `"view"` or `"snaps[12][1]"`.
    pub path: String,
    /// Block id -> where it stands.
    pub location: Option<&'a BTreeMap<String, Option<String>>>,
    /// Block id -> strength.
    pub steps: Option<&'a BTreeMap<String, u8>>,
    /// Block id -> moved this turn.
    pub moved: Option<&'a BTreeMap<String, bool>>,
    /// The King's block id.
    pub king: Option<&'a str>,
    /// The Pretender's block id.
    pub pretender: Option<&'a str>,
    /// York's card this turn, if known to this player.
    pub y_card: Option<Played>,
    /// Lancaster's card this turn, if known to this player.
    pub l_card: Option<Played>,
    /// Whose turn it is: `"York"`, `"Lancaster"`, `"Both"`, `"None"`.
    pub active: Option<&'a str>,
    /// The phase, when known (`action_phase`, `play_card`, `battle_round`...).
    pub phase: Option<&'a str>,
    /// Action points left to the active player.
    pub ap_left: Option<u8>,
    /// Player 1 this turn, when the moment says it.
    pub p1: Option<House>,
    /// The area of a battle under way.
    pub battle: Option<&'a str>,
    /// The log up to this moment.
    pub log: &'a [String],
}

impl<'a> Moment<'a> {
    /// The moment a play page's view shows.
    ///
    /// # Errors
    /// `view` missing.
    pub fn of_paste(paste: &'a Paste) -> Result<Moment<'a>> {
        let Some(v) = &paste.view else {
            return err(
                "view",
                "missing: paste the play page's {player, view} (the bookmarklet copies both)",
            );
        };
        Ok(Moment {
            path: "view".into(),
            location: Some(&v.location).filter(|m| !m.is_empty()),
            steps: Some(&v.steps).filter(|m| !m.is_empty()),
            moved: Some(&v.moved),
            king: v.king.as_deref(),
            pretender: v.pretender.as_deref(),
            y_card: v.y_card.and_then(ids::card),
            l_card: v.l_card.and_then(ids::card),
            active: v.active.as_deref(),
            phase: None,
            ap_left: v.prompt.as_deref().and_then(log::ap_left),
            p1: None,
            battle: v.battle.as_ref().and(v.at.as_deref()),
            log: &v.log,
        })
    }

    /// The moment an export's snapshot shows, with the log up to it.
    pub fn of_state(path: String, s: &'a State, log: &'a [String]) -> Moment<'a> {
        let battle = matches!(
            s.state.as_deref(),
            Some("battle_round" | "battle_hits" | "battle_phase")
        ) && s.battle_round.unwrap_or(0) > 0;
        Moment {
            path,
            location: Some(&s.location).filter(|m| !m.is_empty()),
            steps: Some(&s.steps).filter(|m| !m.is_empty()),
            moved: Some(&s.moved),
            king: s.king.as_deref(),
            pretender: s.pretender.as_deref(),
            y_card: s.y_card.and_then(ids::card),
            l_card: s.l_card.and_then(ids::card),
            active: s.active.as_deref(),
            phase: s.state.as_deref(),
            ap_left: s.moves,
            p1: s.p1.as_deref().and_then(log::house_named),
            battle: if battle { s.at.as_deref() } else { None },
            log,
        }
    }
}

/// The side a paste is seen from: its `player`, or `side` for an Observer's (or to override).
///
/// # Errors
/// An Observer's view without `side`, or an unknown role.
pub fn side_of(paste: &Paste, side: Option<House>) -> Result<House> {
    match (paste.player.as_deref(), side) {
        (_, Some(h)) => Ok(h),
        (Some(p), None) => match log::house_named(p) {
            Some(h) => Ok(h),
            None if p == "Observer" => err(
                "player",
                "Observer: an observer plays neither house; say whose board to make (--side York \
                 or --side Lancaster)",
            ),
            None => err(
                "player",
                format!("'{p}' is not a role of Richard III (York, Lancaster or Observer)"),
            ),
        },
        (None, None) => err(
            "player",
            "missing: paste the play page's {player, view} (the bookmarklet copies both)",
        ),
    }
}

/// Imports a play page's `{player, view}` as `side`'s board (`side` needed for an Observer).
///
/// # Errors
/// A [`ScenarioError`] naming the field of the paste that cannot be read, and why.
pub fn import_view(paste: &Paste, side: Option<House>) -> Result<Imported> {
    let house = side_of(paste, side)?;
    import(&Moment::of_paste(paste)?, house)
}

/// Where a block stands, read: on the map, or off it.
enum Place {
    Area(usize),
    Pool,
    Minor,
    Gone,
}

/// Imports a moment of the game as `house`'s board.
///
/// # Errors
/// A [`ScenarioError`] naming the moment's field that cannot be read, and why.
pub fn import(m: &Moment<'_>, house: House) -> Result<Imported> {
    let p = &m.path;
    let Some(location) = m.location else {
        return err(format!("{p}.location"), "missing: where each block stands");
    };
    let Some(steps) = m.steps else {
        return err(format!("{p}.steps"), "missing: each block's strength");
    };
    let mut place: Vec<Place> = (0..BLOCKS.len()).map(|_| Place::Gone).collect();
    let mut listed = [false; 63];
    for (id, at) in location {
        let f = format!("{p}.location[\"{id}\"]");
        let Some(b) = ids::block(id) else {
            return err(
                f,
                format!(
                    "'{id}' is no block of Richard III: is this a game of another title on Rally \
                     the Troops?"
                ),
            );
        };
        let i = index(b);
        listed[i] = true;
        place[i] = match at.as_deref() {
            None => Place::Gone,
            Some(ids::POOL) => Place::Pool,
            Some(ids::MINOR) => Place::Minor,
            Some(z) if ids::SEA_ZONES.contains(&z) => {
                return err(
                    f,
                    format!(
                        "{id} is at sea in the {z}, in the middle of a sea move (5.3): import the \
                         view once the move has ended"
                    ),
                );
            }
            Some(a) => match movement::area_index(a) {
                Some(k) => Place::Area(k),
                None => return err(f, format!("'{a}' is no area of the map")),
            },
        };
    }
    if let Some(i) = listed.iter().position(|l| !l) {
        return err(
            format!("{p}.location"),
            format!(
                "{} is missing: every one of the 63 blocks has a place",
                BLOCKS[i].id
            ),
        );
    }
    let king = royal(m.king, &format!("{p}.king"))?;
    let pretender = royal(m.pretender, &format!("{p}.pretender"))?;
    let king_house = king.house().unwrap_or(House::Lancaster);
    if pretender.house() == Some(king_house) {
        return err(
            format!("{p}.pretender"),
            format!("{} and the King {} are of one house", pretender.id, king.id),
        );
    }
    let serves = |b: &BlockData| match b.colour {
        Colour::Rebel => Some(king_house.other()),
        _ => b.house(),
    };
    let strength = |b: &BlockData| -> Result<u8> {
        let f = format!("{p}.steps[\"{}\"]", b.id);
        match steps.get(b.id) {
            None => err(f, "missing: a block on the map has a strength"),
            Some(&s) if s == 0 || s > b.max_strength => err(
                f,
                format!("{s}: {}'s strength is 1 to {} (3.11)", b.id, b.max_strength),
            ),
            Some(&s) => Ok(s),
        }
    };
    let moved = |b: &BlockData| m.moved.is_some_and(|mv| mv.get(b.id) == Some(&true));
    let enemy = house.other();
    let mut notes = Vec::new();

    // The areas, in the map's order: own blocks in full, the enemy's counted.
    let mut entries: Vec<AreaEntry> = Vec::new();
    let mut own_moved: Vec<&str> = Vec::new();
    let mut hidden_where: Vec<(usize, u8)> = Vec::new();
    for (k, area) in AREAS.iter().enumerate() {
        let mut e = AreaEntry {
            area: area.name.to_string(),
            blocks: Vec::new(),
            enemy: 0,
            enemy_known: Vec::new(),
            enemy_strength: Default::default(),
            attacked_from: Vec::new(),
            main: None,
        };
        for (i, b) in BLOCKS.iter().enumerate() {
            if !matches!(place[i], Place::Area(a) if a == k) {
                continue;
            }
            match serves(b) {
                Some(h) if h == house => {
                    let mv = moved(b);
                    if mv {
                        own_moved.push(b.id);
                    }
                    e.blocks.push(Piece {
                        id: b.id.to_string(),
                        strength: strength(b)?,
                        route: Vec::new(),
                        moved: mv,
                    });
                }
                _ if m.battle == Some(area.name) => e.enemy_known.push(Known {
                    id: b.id.to_string(),
                    strength: strength(b)?,
                }),
                _ => e.enemy += 1,
            }
        }
        if e.enemy > 0 {
            hidden_where.push((k, e.enemy));
        }
        if !e.blocks.is_empty() || e.enemy > 0 || !e.enemy_known.is_empty() {
            entries.push(e);
        }
    }
    if !hidden_where.is_empty() {
        let total: usize = hidden_where.iter().map(|&(_, n)| n as usize).sum();
        let each: Vec<String> = hidden_where
            .iter()
            .map(|&(k, n)| format!("{n} in {}", AREAS[k].name))
            .collect();
        notes.push(format!(
            "{total} {enemy} block{} on the map ({}): who they are and their strengths are \
             hidden from you (Fog-of-War), so the board counts them",
            plural(total),
            each.join(", ")
        ));
    }
    if let Some(b) = m.battle {
        notes.push(format!(
            "the battle in {b} is under way: its {enemy} blocks are revealed (6.1) and shown by \
             name"
        ));
    }

    // The dead, and the nobles in play as their other version (4.6, 6.9, 9.1).
    let mut dead = Vec::new();
    let mut defected = Vec::new();
    for (i, b) in BLOCKS.iter().enumerate() {
        let other = b.other_version();
        let gone = matches!(place[i], Place::Gone)
            && other.is_none_or(|o| matches!(place[index(o)], Place::Gone));
        if gone {
            // A person once: of two versions, name the one that began the game (4.3, 4.4).
            if starts_in_play(b) || other.is_none() {
                dead.push(b.id.to_string());
            }
        } else if !matches!(place[i], Place::Gone) && !starts_in_play(b) {
            defected.push(b.id.to_string());
        }
    }

    // Enemy blocks eliminated this campaign and gone to the pool: known off the map (6.83-6.86).
    let mut enemy_pool = Vec::new();
    for name in log::eliminated_this_campaign(m.log) {
        let found = BLOCKS.iter().enumerate().find(|(i, b)| {
            serves(b) == Some(enemy)
                && b.person.eq_ignore_ascii_case(&name)
                && matches!(place[*i], Place::Pool)
        });
        if let Some((_, b)) = found
            && !enemy_pool.contains(&b.id.to_string())
        {
            enemy_pool.push(b.id.to_string());
        }
    }

    // The cards (1.1): one's own, and the enemy's once revealed.
    let (own_card, enemy_card) = match house {
        House::York => (m.y_card, m.l_card),
        House::Lancaster => (m.l_card, m.y_card),
    };
    if own_card.is_none() {
        notes.push(
            "your card this turn is not known yet (the cards are played in the Card Phase, \
             1.1): set it before planning"
                .into(),
        );
    }
    let p1 =
        m.p1.or_else(|| log::phases(m.log).first().copied())
            .or_else(|| first_player(own_card, enemy_card, house, pretender.house()));
    let player = match p1 {
        Some(h) if h == house => 1,
        Some(_) => 2,
        None => {
            notes.push(
                "who is Player 1 this turn is not known yet (1.1): set it before planning".into(),
            );
            1
        }
    };

    // The action points spent: what the prompt says is left, in the player's own phase.
    let phases = log::phases(m.log);
    let in_own_phase = m.active == Some(house_name(house))
        && phases.last() == Some(&house)
        && !matches!(m.phase, Some(ph) if ph != "action_phase");
    let spent = match (own_card, in_own_phase, m.ap_left) {
        (Some(c), true, Some(left)) if left <= c.points() => Some(c.points() - left),
        (Some(_), true, _) => {
            notes.push(
                "the action points left are not said: set those already spent this turn".into(),
            );
            None
        }
        (Some(_), false, _) if phases.contains(&house) => {
            notes.push(format!(
                "your action phase this turn is over: the board is the position now, with your \
                 card's action points as if unspent{}",
                if m.battle.is_some() {
                    ""
                } else {
                    " (plan your next turn's card instead)"
                }
            ));
            None
        }
        _ => None,
    };
    if !own_moved.is_empty() {
        notes.push(format!(
            "{} moved this turn and move no more (5.2); the view does not say which borders {} \
             crossed, so their border crossings (5.21) are not counted",
            list(&own_moved),
            if own_moved.len() == 1 { "it" } else { "they" }
        ));
    }

    // One's own moves of this turn that the log lists (a phase that has ended): each group's
    // path becomes its blocks' route (5.2, 5.21), and the Main Attack's border where an attack
    // crossed more than one (6.3).
    // An event's moves (a Force March three areas deep, a Muster's many groups) keep no route:
    // the board's routes are an action card's (5.1, 5.2).
    if matches!(own_card, Some(Played::Points(_))) {
        routes(&mut entries, &log::moves(m.log, house), &mut notes);
    }

    // The enemy's attacks of this turn as Player 1 (5.22, 6.3), from the log of his moves.
    if player == 2 {
        let groups = log::moves(m.log, enemy);
        for e in &mut entries {
            if e.blocks.is_empty() || e.enemy as usize + e.enemy_known.len() == 0 {
                continue;
            }
            attacked(e, &groups, enemy, &mut notes);
        }
    }

    let card = own_card.map(Played::card);
    let board = Board {
        kind: BoardKind::Board,
        version: BOARD_VERSION,
        house,
        king: king_house,
        player,
        card,
        spent,
        enemy_card: enemy_card.map(Played::card),
        dead,
        defected,
        enemy_pool,
        note: (!notes.is_empty()).then(|| notes.join("; ")),
        areas: entries,
    };
    Ok(Imported { board, notes })
}

/// The enemy's attack on an area of the player's this turn, border by border, from his moves.
fn attacked(e: &mut AreaEntry, groups: &[Group], enemy: House, notes: &mut Vec<String>) {
    let here = e.enemy as usize + e.enemy_known.len();
    let mut by: Vec<Attack> = Vec::new();
    for g in groups.iter().filter(|g| g.end() == e.area) {
        let Some(from) = g.from() else { continue };
        // A sea attack (5.3, Piracy) comes from its sea zone; blocks by one border or one sea
        // zone are one group.
        match by.iter_mut().find(|a| a.from == from) {
            Some(a) => {
                a.blocks += g.blocks;
                a.reserve &= !g.main;
            }
            None => by.push(Attack {
                from: from.to_string(),
                blocks: g.blocks,
                reserve: !g.main,
            }),
        }
    }
    if by.len() == 1 {
        by[0].reserve = false;
    }
    let total: usize = by.iter().map(|a| a.blocks as usize).sum();
    if by.is_empty() || total != here {
        notes.push(format!(
            "{here} {enemy} block{} stand{} in {} with yours, but the log's moves this turn \
             account for {total}: say who attacked it (attacked_from)",
            plural(here),
            if here == 1 { "s" } else { "" },
            e.area
        ));
        return;
    }
    let words: Vec<String> = by
        .iter()
        .map(|a| {
            format!(
                "{} from {}{}",
                a.blocks,
                a.from,
                if a.reserve { " (reserve)" } else { "" }
            )
        })
        .collect();
    notes.push(format!(
        "{enemy} attacked {} this turn as Player 1: {} (5.22, 6.3)",
        e.area,
        words.join(", ")
    ));
    e.attacked_from = by;
}

/// Gives one's own moved blocks the routes of the log's groups: a group of `n` blocks that
/// stopped in an area takes the first `n` blocks there that moved and have no route yet, in the
/// board's order. Sea moves keep no route (5.3: `moved`), nor a path longer than a land move's
/// two areas (5.2).
fn routes(entries: &mut [AreaEntry], groups: &[Group], notes: &mut Vec<String>) {
    for e in entries.iter_mut() {
        let into: Vec<&Group> = groups.iter().filter(|g| g.end() == e.area).collect();
        if into.is_empty() {
            continue;
        }
        let paths: Vec<&[String]> = into.iter().map(|g| &g.path[..]).collect();
        let mut free = e
            .blocks
            .iter_mut()
            .filter(|p| p.moved && p.route.is_empty());
        let mut assigned = 0;
        for g in &into {
            let before = &g.path[..g.path.len() - 1];
            if before.len() > 2 || before.iter().any(|a| ids::SEA_ZONES.contains(&a.as_str())) {
                continue;
            }
            let route = before;
            for _ in 0..g.blocks {
                if let Some(p) = free.next() {
                    p.route = route.to_vec();
                    assigned += 1;
                }
            }
        }
        if assigned > 0 && paths.windows(2).any(|w| w[0] != w[1]) {
            notes.push(format!(
                "your blocks came into {} by more than one path: the log does not say which \
                 block took which, so they are given in the order listed",
                e.area
            ));
        }
        let entries_into: Vec<&str> = into.iter().filter_map(|g| g.from()).collect();
        let mut distinct = entries_into.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() > 1
            && e.enemy as usize + e.enemy_known.len() > 0
            && let Some(main) = into.iter().find(|g| g.main).and_then(|g| g.from())
            && movement::area_index(main).is_some()
        {
            e.main = Some(main.to_string());
        }
    }
}

/// Player 1 from the two cards when both are known (1.1): the higher card; an event's player
/// always; two events by their action points; on a tie the Pretender.
fn first_player(
    own: Option<Played>,
    enemy: Option<Played>,
    house: House,
    pretender: Option<House>,
) -> Option<House> {
    let (own, enemy) = (own?, enemy?);
    let rank = |c: Played| match c {
        Played::Event(e) => (1, e.points()),
        Played::Points(p) => (0, p),
    };
    match rank(own).cmp(&rank(enemy)) {
        std::cmp::Ordering::Greater => Some(house),
        std::cmp::Ordering::Less => Some(house.other()),
        std::cmp::Ordering::Equal => pretender,
    }
}

fn royal(id: Option<&str>, field: &str) -> Result<&'static BlockData> {
    let Some(id) = id else {
        return err(field, "missing: the block id of the King or the Pretender");
    };
    match ids::block(id) {
        Some(b) if b.heir_rank.is_some() => Ok(b),
        Some(b) => err(field, format!("{} is no heir (3.21)", b.id)),
        None => err(field, format!("'{id}' is no block of Richard III")),
    }
}

fn index(b: &BlockData) -> usize {
    BLOCKS
        .iter()
        .position(|x| x.id == b.id)
        .expect("a printed block")
}

fn house_name(h: House) -> &'static str {
    match h {
        House::York => "York",
        House::Lancaster => "Lancaster",
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
