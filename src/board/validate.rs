//! Validation: [`Position::new`], where the board meets the rules. A board is checked once,
//! here, and either becomes a [`Position`] or yields a [`ScenarioError`] that names the field and
//! the reason.

use super::card::{Event, Played};
use super::format::{BOARD_VERSION, Board};
use super::setup;
use crate::data::{self, AREAS, BLOCKS, BORDERS, BlockData, BorderKind, Colour, House};
use crate::rules::{movement, sea};
use crate::scenario::{ScenarioError, StrengthPrior};

type Result<T> = std::result::Result<T, ScenarioError>;

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T> {
    Err(ScenarioError::new(field, reason))
}

/// One of the moving player's blocks on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Own {
    /// The printed block.
    pub block: &'static BlockData,
    /// Its strength.
    pub strength: u8,
    /// Where it stands: an index into [`AREAS`].
    pub area: usize,
    /// It moved this turn and moves no more (5.2).
    pub moved: bool,
    /// It moved this turn by land into `area` from this neighbour (an index into [`AREAS`]).
    pub came_from: Option<usize>,
    /// Its field in the board (`areas[1].blocks[0]`).
    pub field: String,
}

/// An enemy block known by identity and strength.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seen {
    /// The printed block.
    pub block: &'static BlockData,
    /// Its strength.
    pub strength: u8,
}

/// A group of enemy blocks that attacked one of the moving player's areas this turn (5.22).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnemyAttack {
    /// The neighbour it came from (an index into [`AREAS`]), or `None` for a sea attack (5.3,
    /// the Piracy card): it came from a sea zone, across no land border.
    pub from: Option<usize>,
    /// How many blocks.
    pub blocks: u8,
    /// A reserve, not the Main Attack (6.3).
    pub reserve: bool,
}

/// What stands in one area of the map.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Spot {
    /// Its entry in the board's `areas`, if listed.
    pub entry: Option<usize>,
    /// The moving player's blocks here (indices into [`Position::own`]).
    pub own: Vec<usize>,
    /// Enemy blocks here unseen.
    pub hidden: u8,
    /// Enemy blocks here known.
    pub seen: Vec<Seen>,
    /// The prior of the unseen enemy blocks' strengths.
    pub prior: StrengthPrior,
    /// The enemy's attack on this area this turn, group by group.
    pub attacked: Vec<EnemyAttack>,
    /// The border of the moving player's own Main Attack on this area, made earlier this turn
    /// (an index into [`AREAS`]: the neighbour it came from).
    pub main: Option<usize>,
}

impl Spot {
    /// Enemy blocks here, seen or not.
    pub fn enemies(&self) -> usize {
        self.hidden as usize + self.seen.len()
    }
}

/// A board that obeys every rule, built by [`Position::new`].
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    pub(crate) board: Board,
    /// The moving player's house.
    pub house: House,
    /// The house holding the throne.
    pub king: House,
    /// Player 1 or 2 this turn.
    pub player: u8,
    /// The card played this turn (5.1).
    pub card: Played,
    /// Action points left to spend (5.1); an event's serve only its event.
    pub ap: u8,
    /// The enemy's card, if known (1.1).
    pub enemy_card: Option<Played>,
    /// How many areas' blocks the enemy may move by land this turn, if known: his card's action
    /// points, or his event's groups ([`Played::land_groups`], R28).
    pub enemy_ap: Option<u8>,
    /// Areas an action point has activated this turn: those a block that moved by land (its
    /// `route`) started from. Their other blocks may still move at no further cost (5.2).
    pub activated: Vec<usize>,
    /// Persons permanently dead.
    pub dead: Vec<&'static str>,
    /// Two-version blocks in play as their other version, as the board's `defected` names them.
    pub defected: Vec<&'static BlockData>,
    /// Per area of [`AREAS`], what stands there.
    pub spots: Vec<Spot>,
    /// The moving player's blocks, in the board's order.
    pub own: Vec<Own>,
    /// Per border of [`BORDERS`], the moving player's blocks that crossed it this turn (5.21).
    pub crossed: Vec<u8>,
    /// The enemy blocks any unseen enemy block may be (R21): alive, in play, not on the board
    /// by name, not in the enemy's pool.
    pub candidates: Vec<&'static BlockData>,
}

impl Position {
    /// Checks a board and builds the position.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the first field that is wrong and why.
    pub fn new(board: &Board) -> Result<Position> {
        build(board)
    }

    /// The board it was built from.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The enemy's house.
    pub fn enemy(&self) -> House {
        self.house.other()
    }

    /// The most of the moving player's blocks that may cross a border (an index into
    /// [`BORDERS`]) this turn: its colour's limit (5.21), one more with Surprise (Event Cards).
    pub fn limit(&self, border: usize) -> u8 {
        BORDERS[border].kind.limit() + self.card.limit_bonus()
    }

    /// True if an action point has already activated this area's blocks this turn (a block
    /// that moved by land started there): the others may move at no further cost (5.2).
    pub fn is_activated(&self, area: usize) -> bool {
        self.activated.contains(&area)
    }

    /// True if the card's action points are sea moves (the Piracy card, 5.3, R43): each moves
    /// one block by sea, and no block moves by land.
    pub fn sails(&self) -> bool {
        self.card == Played::Event(Event::Piracy)
    }

    /// The action points moving `blocks` blocks out of these areas costs: one for each area not
    /// already activated this turn (5.2); with Piracy one for each block, its sea move (5.3,
    /// with no port-to-port bonus, Event Cards, R43).
    pub fn moves_cost(&self, blocks: usize, areas: &[usize]) -> u8 {
        if self.sails() {
            u8::try_from(blocks).unwrap_or(u8::MAX)
        } else {
            self.cost(areas)
        }
    }

    /// The action points moving the blocks of these areas costs: one for each area not already
    /// activated this turn (5.2).
    pub fn cost(&self, areas: &[usize]) -> u8 {
        let mut fresh: Vec<usize> = areas
            .iter()
            .copied()
            .filter(|&a| !self.is_activated(a))
            .collect();
        fresh.sort_unstable();
        fresh.dedup();
        fresh.len() as u8
    }
}

/// The printed block a name means for `house`: an id, or a person's version of that house.
pub(crate) fn resolve(name: &str, house: House) -> Option<&'static BlockData> {
    data::block(name).or_else(|| {
        data::block_by_person_and_house(name.trim(), house).or_else(|| {
            BLOCKS
                .iter()
                .find(|b| b.person.eq_ignore_ascii_case(name.trim()))
        })
    })
}

/// True if the printed block can fight for `house`: its own colour, or the Rebel for the
/// Pretender's house (3.26, D14).
pub(crate) fn fights_for(d: &BlockData, house: House, king: House) -> bool {
    match d.colour {
        Colour::Rebel => house == king.other(),
        _ => d.house() == Some(house),
    }
}

/// The area a name means, with the field on error.
fn area_named(name: &str, field: &str) -> Result<usize> {
    movement::area_index(name).map_or_else(
        || err(field, format!("'{name}' is not an area of the map")),
        Ok,
    )
}

/// A block placed on the board: its field and printed block.
struct Placed {
    field: String,
    block: &'static BlockData,
}

fn build(b: &Board) -> Result<Position> {
    if b.version != BOARD_VERSION {
        return err(
            "version",
            format!(
                "{} is not supported; this engine reads version {BOARD_VERSION}",
                b.version
            ),
        );
    }
    if !(1..=2).contains(&b.player) {
        return err(
            "player",
            format!(
                "{}: the moving player is Player 1 or Player 2 (1.1)",
                b.player
            ),
        );
    }
    let card = match &b.card {
        None => {
            return err(
                "card",
                "not set: the card played this turn is not known yet; set its action points (2, \
                 3 or 4) or name its event (5.1)",
            );
        }
        Some(c) => c.read().or_else(|why| err("card", why))?,
    };
    let points = card.points();
    let enemy_card = match &b.enemy_card {
        None => None,
        Some(c) => Some(c.read().or_else(|why| err("enemy_card", why))?),
    };
    // The player of an event card is Player 1, unless both players played one (1.1).
    match (card, enemy_card, b.player) {
        (Played::Event(e), Some(Played::Points(_)), 2) => {
            return err(
                "player",
                format!(
                    "2, but {} is an event card and the enemy's card is not: the player of an \
                     event card is always Player 1 (1.1)",
                    e.name()
                ),
            );
        }
        (Played::Points(_), Some(Played::Event(e)), 1) => {
            return err(
                "player",
                format!(
                    "1, but the enemy played {}, an event card, and ours is not: the player of \
                     an event card is always Player 1 (1.1)",
                    e.name()
                ),
            );
        }
        _ => {}
    }
    let house = b.house;
    let enemy = house.other();
    let mut dead: Vec<&'static str> = Vec::new();
    for (i, name) in b.dead.iter().enumerate() {
        let Some(d) = resolve(name, house) else {
            return err(format!("dead[{i}]"), format!("unknown block '{name}'"));
        };
        if dead.contains(&d.person) {
            return err(format!("dead[{i}]"), format!("{} is named twice", d.person));
        }
        dead.push(d.person);
    }
    let mut defected: Vec<(&'static BlockData, String)> = Vec::new();
    for (i, name) in b.defected.iter().enumerate() {
        let field = format!("defected[{i}]");
        let Some(d) = data::block(name) else {
            return err(
                field,
                format!("unknown block '{name}' (name the version it plays as: Stanley/Y)"),
            );
        };
        if d.other_version().is_none() {
            return err(
                field,
                format!(
                    "{} has one version only and cannot change sides (3.22)",
                    d.id
                ),
            );
        }
        if setup::starts_in_play(d) {
            return err(
                field,
                format!(
                    "{} is the version {} begins the game as (4.3, 4.4); name the version he \
                     changed to",
                    d.id, d.person
                ),
            );
        }
        if dead.contains(&d.person) {
            return err(field, format!("{} is listed in dead", d.person));
        }
        if defected.iter().any(|(o, _)| o.person == d.person) {
            return err(field, format!("{} is named twice", d.person));
        }
        defected.push((d, field));
    }
    let mut spots: Vec<Spot> = vec![Spot::default(); AREAS.len()];
    let mut own: Vec<Own> = Vec::new();
    let mut placed: Vec<Placed> = Vec::new();
    let mut crossed = vec![0u8; BORDERS.len()];
    let mut starts: Vec<usize> = Vec::new();
    // Blocks that moved by sea this turn (5.3, R43): one action point each.
    let mut sailed = 0u8;
    // Checks a block placed on the board for either side.
    let mut place = |name: &str,
                     strength: u8,
                     side: House,
                     field: &str|
     -> Result<&'static BlockData> {
        let id_field = format!("{field}.id");
        let Some(d) = resolve(name, side) else {
            return err(
                id_field,
                format!(
                    "unknown block '{name}' (ids look like Buckingham/L, Coventry (levy), \
                     Bombard/Y, Rebel)"
                ),
            );
        };
        if !fights_for(d, side, b.king) {
            let (list, other) = if side == house {
                ("blocks", "enemy_known")
            } else {
                ("enemy_known", "blocks")
            };
            return err(
                id_field,
                match d.colour {
                    Colour::Rebel => format!(
                        "the Rebel fights for the Pretender's house, {} (3.26, D14)",
                        b.king.other()
                    ),
                    _ => format!(
                        "{} is a {} block; {list} lists {side}'s blocks, {other} {}'s",
                        d.id,
                        side.other(),
                        side.other()
                    ),
                },
            );
        }
        if dead.contains(&d.person) {
            return err(id_field, format!("{} is listed in dead", d.id));
        }
        if let Some(p) = placed.iter().find(|p| p.block.person == d.person) {
            return err(
                id_field,
                if p.block.id == d.id {
                    format!(
                        "{} is already on the board ({}); a block stands in one place",
                        d.id, p.field
                    )
                } else {
                    format!(
                        "{} and {} ({}) are two versions of one noble; only one can be in play \
                         (3.22, 4.6)",
                        p.block.id, d.id, p.field
                    )
                },
            );
        }
        if let Some((v, f)) = defected.iter().find(|(v, _)| v.person == d.person)
            && v.id != d.id
        {
            return err(
                id_field,
                format!(
                    "{} is on the board, but {f} says {} plays as {}",
                    d.id, d.person, v.id
                ),
            );
        }
        if let Some(n) = setup::minor_waiting(d, &dead) {
            return err(
                id_field,
                format!(
                    "{} is a minor heir, in play only once {n} {} heir{} died (4.5, 6.82); list \
                     the dead in dead",
                    d.id,
                    d.house().unwrap_or(side),
                    if n == 1 { " has" } else { "s have" }
                ),
            );
        }
        if strength == 0 {
            return err(
                format!("{field}.strength"),
                "must be at least 1 (a block at 0 is eliminated)",
            );
        }
        if strength > d.max_strength {
            return err(
                format!("{field}.strength"),
                format!(
                    "{strength} exceeds {}'s maximum {} (3.11)",
                    d.id, d.max_strength
                ),
            );
        }
        placed.push(Placed {
            field: field.to_string(),
            block: d,
        });
        Ok(d)
    };
    for (i, entry) in b.areas.iter().enumerate() {
        let path = format!("areas[{i}]");
        let at = area_named(&entry.area, &format!("{path}.area"))?;
        let a = &AREAS[at];
        if let Some(j) = spots[at].entry {
            return err(
                format!("{path}.area"),
                format!(
                    "{} is already listed (areas[{j}]); list each area once",
                    a.name
                ),
            );
        }
        spots[at].entry = Some(i);
        for (who, here, field) in [
            (house, !entry.blocks.is_empty(), format!("{path}.blocks")),
            (
                enemy,
                entry.enemy > 0 || !entry.enemy_known.is_empty(),
                if entry.enemy > 0 {
                    format!("{path}.enemy")
                } else {
                    format!("{path}.enemy_known")
                },
            ),
        ] {
            if here && !movement::may_enter(a, who) {
                return err(
                    field,
                    format!(
                        "{who} blocks never stand in {}, an exile area of {} (2.7)",
                        a.name,
                        who.other()
                    ),
                );
            }
        }
        for (j, p) in entry.blocks.iter().enumerate() {
            let field = format!("{path}.blocks[{j}]");
            let d = place(&p.id, p.strength, house, &field)?;
            let enemy_here = entry.enemy > 0 || !entry.enemy_known.is_empty();
            let came_from = match sea_route(p, d, at, enemy_here, &field, card)? {
                Some(zone) => {
                    sailed += 1;
                    Some(sea::sea_place(zone))
                }
                None => route(p, at, house, &field, &mut crossed, &mut starts, card)?,
            };
            own.push(Own {
                block: d,
                strength: p.strength,
                area: at,
                moved: p.moved || !p.route.is_empty(),
                came_from,
                field,
            });
            spots[at].own.push(own.len() - 1);
        }
        for (j, k) in entry.enemy_known.iter().enumerate() {
            let d = place(
                &k.id,
                k.strength,
                enemy,
                &format!("{path}.enemy_known[{j}]"),
            )?;
            spots[at].seen.push(Seen {
                block: d,
                strength: k.strength,
            });
        }
        spots[at].hidden = entry.enemy;
        check_prior(&entry.enemy_strength, &format!("{path}.enemy_strength"))?;
        spots[at].prior = entry.enemy_strength.clone();
    }
    for (i, entry) in b.areas.iter().enumerate() {
        let at = movement::area_index(&entry.area).expect("checked above");
        attacks(b, entry, i, at, &mut spots, &own)?;
    }
    // Muster's moves cost no action point per area (Event Cards: any/all friendly blocks).
    if card == Played::Event(Event::Muster) {
        starts.clear();
    }
    // A sea move costs one action point per block; two blocks from one major port to another
    // may share one, save with Piracy (5.3, 5.31, Event Cards): `spent` says it where they did.
    let least_sailed = if card == Played::Event(Event::Piracy) {
        sailed
    } else {
        sailed.div_ceil(2)
    };
    let land = starts.len() as u8;
    let spent = match b.spent {
        Some(s) if s > points => {
            return err(
                "spent",
                format!("{s} exceeds the card's {points} action points (5.1)"),
            );
        }
        Some(s) if s < land + least_sailed => {
            return err(
                "spent",
                format!(
                    "{s}, but the blocks that moved by land started from {land} areas, one \
                     action point each (5.2){}",
                    sea_words(sailed, least_sailed)
                ),
            );
        }
        Some(s) => s,
        None if land + sailed > points => {
            return err(
                "areas",
                format!(
                    "the blocks that moved by land started from {land} areas, one action point \
                     each (5.2){}, more than the card's {points}",
                    sea_words(sailed, sailed)
                ),
            );
        }
        None => land + sailed,
    };
    let defected: Vec<&'static BlockData> = defected.into_iter().map(|(d, _)| d).collect();
    let mut pool: Vec<&'static str> = Vec::new();
    for (i, name) in b.enemy_pool.iter().enumerate() {
        let field = format!("enemy_pool[{i}]");
        let Some(d) = resolve(name, enemy) else {
            return err(field, format!("unknown block '{name}'"));
        };
        if !fights_for(d, enemy, b.king) {
            return err(field, format!("{} is not a {enemy} block", d.id));
        }
        if let Some(p) = placed.iter().find(|p| p.block.person == d.person) {
            return err(
                field,
                format!("{} stands on the board ({})", p.block.id, p.field),
            );
        }
        pool.push(d.person);
    }
    let on_board: Vec<&str> = placed.iter().map(|p| p.block.person).collect();
    let candidates = candidates(enemy, b.king, &dead, &defected, &on_board, &pool);
    let mut hidden = 0usize;
    for (i, entry) in b.areas.iter().enumerate() {
        hidden += entry.enemy as usize;
        if hidden > persons(&candidates) {
            return err(
                format!("areas[{i}].enemy"),
                format!(
                    "{hidden} unseen {enemy} blocks on the board, but only {} {enemy} blocks may \
                     be them (alive, in play, not named on the board, not in enemy_pool; 4.3-4.6, \
                     R21)",
                    persons(&candidates)
                ),
            );
        }
    }
    Ok(Position {
        board: b.clone(),
        house,
        king: b.king,
        player: b.player,
        card,
        ap: points - spent,
        enemy_card,
        enemy_ap: enemy_card.map(Played::land_groups),
        activated: starts,
        dead,
        defected,
        spots,
        own,
        crossed,
        candidates,
    })
}

/// The number of different persons among blocks.
fn persons(blocks: &[&BlockData]) -> usize {
    let mut p: Vec<&str> = blocks.iter().map(|b| b.person).collect();
    p.sort_unstable();
    p.dedup();
    p.len()
}

/// The enemy blocks an unseen enemy block may be (R21): every block that fights for the enemy
/// (its colour, or the Rebel for the Pretender's house, 3.26) and is in play (the version of a
/// two-version block that began the game in play unless it defected, 4.3-4.6; a minor heir only
/// once enough heirs of his house died, 4.5), not dead, not named on the board (either version),
/// not in the enemy's pool. Every block once, in the game's block order.
pub(crate) fn candidates(
    enemy: House,
    king: House,
    dead: &[&str],
    defected: &[&BlockData],
    on_board: &[&str],
    pool: &[&str],
) -> Vec<&'static BlockData> {
    BLOCKS
        .iter()
        .filter(|d| fights_for(d, enemy, king))
        .filter(|d| !dead.contains(&d.person) && !on_board.contains(&d.person))
        .filter(|d| !pool.contains(&d.person))
        .filter(|d| {
            if d.other_version().is_none() {
                return true;
            }
            match defected.iter().find(|v| v.person == d.person) {
                Some(v) => v.id == d.id,
                None => setup::starts_in_play(d),
            }
        })
        .filter(|d| setup::minor_waiting(d, dead).is_none())
        .collect()
}

/// Checks a block's land move this turn (5.2, 5.21) and counts its crossings against each
/// border's limit: one or two areas, each step across a land border (never an estuary), no step
/// after a red border, never through an exile area of the other house (2.7). Returns the area
/// it entered its own from.
/// The words for the action points sea moves take: ", and 3 blocks moved by sea, at least 2
/// action points (5.3)", or nothing when none did.
fn sea_words(sailed: u8, least: u8) -> String {
    if sailed == 0 {
        return String::new();
    }
    format!(
        ", and {sailed} block{} moved by sea, {least} action point{} (5.3)",
        if sailed == 1 { "" } else { "s" },
        if least == 1 { "" } else { "s" }
    )
}

/// A block's sea move this turn, if its `route` says one: where it sailed from and the sea zone,
/// `["Calais", "North Sea"]` (5.3, R43). Returns the zone. Refused: a move that does not start
/// and end on the zone, a block that never sails, a card that allows no sea move (Force March,
/// Muster, Plague), and an enemy area entered by sea without Piracy (5.3).
fn sea_route(
    p: &super::format::Piece,
    block: &BlockData,
    at: usize,
    enemy_here: bool,
    field: &str,
    card: Played,
) -> Result<Option<usize>> {
    let Some(zone) = p.route.last().and_then(|n| sea::zone(n)) else {
        return Ok(None);
    };
    let f = format!("{field}.route");
    if let Some(e @ (Event::ForceMarch | Event::Muster | Event::Plague)) = card.event() {
        return err(f, format!("{} allows no sea move (Event Cards)", e.name()));
    }
    if p.route.len() != 2 {
        return err(
            f,
            "a sea move's route is where the block sailed from and the sea zone, as \
             [\"Calais\", \"North Sea\"] (5.3)",
        );
    }
    let start = area_named(&p.route[0], &format!("{f}[0]"))?;
    let (from, to) = (AREAS[start].name, AREAS[at].name);
    if start == at {
        return err(
            format!("{f}[0]"),
            format!("the block stands in {to}: a sea move goes to another area (5.3)"),
        );
    }
    for (k, area) in [(0, from), (1, to)] {
        if !sea::on(area, zone) {
            return err(
                format!("{f}[{k}]"),
                format!(
                    "a sea move goes from one area on a sea zone to another on the same zone \
                     (5.3): {area} does not lie on the {}",
                    sea::SEAS[zone]
                ),
            );
        }
    }
    if sea::never_by_sea(block) {
        return err(f, format!("{} never moves by sea (5.3)", block.id));
    }
    if enemy_here && card != Played::Event(Event::Piracy) {
        return err(
            f,
            format!(
                "a sea move never enters an enemy or contested area (5.3): only Piracy attacks by \
                 sea (Event Cards), and the card is {}",
                card.words()
            ),
        );
    }
    Ok(Some(zone))
}

fn route(
    p: &super::format::Piece,
    at: usize,
    house: House,
    field: &str,
    crossed: &mut [u8],
    starts: &mut Vec<usize>,
    card: Played,
) -> Result<Option<usize>> {
    if p.route.is_empty() {
        return Ok(None);
    }
    match card.event() {
        Some(e @ Event::Piracy) => {
            return err(
                format!("{field}.route"),
                format!(
                    "{}'s action points are sea moves only (Event Cards, 5.3): no block moves by \
                     land this turn",
                    e.name()
                ),
            );
        }
        Some(e @ Event::Plague) => {
            return err(
                format!("{field}.route"),
                format!("{} moves no block (Event Cards)", e.name()),
            );
        }
        _ => {}
    }
    if p.route.len() > card.steps() {
        return err(
            format!("{field}.route"),
            if card.steps() == 2 {
                format!(
                    "a block moves one or two areas (5.2), not {}",
                    p.route.len()
                )
            } else {
                format!(
                    "a block moves one to {} areas with {} (Event Cards), not {}",
                    card.steps(),
                    card.words(),
                    p.route.len()
                )
            },
        );
    }
    let mut path = Vec::new();
    for (k, name) in p.route.iter().enumerate() {
        path.push(area_named(name, &format!("{field}.route[{k}]"))?);
    }
    path.push(at);
    let mut previous: Option<usize> = None;
    for k in 0..path.len() - 1 {
        let (from, to) = (&AREAS[path[k]], &AREAS[path[k + 1]]);
        let f = format!("{field}.route[{k}]");
        let Some(border) = movement::land_border_index(from.name, to.name) else {
            return err(f, movement::no_land_border(from.name, to.name));
        };
        if let Some(prev) = previous.filter(|&x| BORDERS[x].kind == BorderKind::Minor) {
            let x = &BORDERS[prev];
            return err(
                format!("{field}.route"),
                format!(
                    "{} crossed the red border {}-{} and had to stop there (5.21)",
                    p.id, x.a, x.b
                ),
            );
        }
        if !movement::may_enter(to, house) {
            return err(
                f,
                format!(
                    "{house} blocks never enter {}, an exile area of {} (2.7)",
                    to.name,
                    house.other()
                ),
            );
        }
        crossed[border] = crossed[border].saturating_add(1);
        let kind = BORDERS[border].kind;
        if crossed[border] > kind.limit() + card.limit_bonus() {
            let mut why = movement::over_limit(from.name, to.name, kind, crossed[border] as usize);
            if card.limit_bonus() > 0 {
                why.push_str(&format!(
                    "; with {} one more: {}",
                    card.words(),
                    kind.limit() + card.limit_bonus()
                ));
            }
            return err(format!("{field}.route"), why);
        }
        previous = Some(border);
    }
    if !starts.contains(&path[0]) {
        starts.push(path[0]);
    }
    Ok(Some(path[path.len() - 2]))
}

/// The attacks of this turn on one area: the enemy's (`attacked_from`, Player 2 only) and the
/// moving player's (blocks that moved in), and an area where both houses stand must be one of
/// them (2.1: contested areas exist only between the moves and the battles).
fn attacks(
    b: &Board,
    entry: &super::format::AreaEntry,
    i: usize,
    at: usize,
    spots: &mut [Spot],
    own: &[Own],
) -> Result<()> {
    let path = format!("areas[{i}]");
    let a = &AREAS[at];
    let spot = &spots[at];
    let moved_in: Vec<&Own> = spot
        .own
        .iter()
        .map(|&k| &own[k])
        .filter(|o| o.came_from.is_some())
        .collect();
    // Blocks that moved here this turn with their route untold (a sea move, 5.3, or a board
    // imported from a game whose log does not say it): the moving player's own attack, its
    // borders unknown.
    let untold = spot
        .own
        .iter()
        .any(|&k| own[k].moved && own[k].came_from.is_none());
    if !entry.attacked_from.is_empty() {
        if b.player == 1 {
            return err(
                format!("{path}.attacked_from"),
                "Player 1 moves first: no enemy block has attacked yet this turn (1.2); set \
                 \"player\": 2",
            );
        }
        if spot.own.is_empty() {
            return err(
                format!("{path}.attacked_from"),
                format!(
                    "no block of {}'s stands in {} to be attacked",
                    b.house, a.name
                ),
            );
        }
        let mut total = 0usize;
        let mut borders: Vec<Option<usize>> = Vec::new();
        let mut main = None;
        for (k, g) in entry.attacked_from.iter().enumerate() {
            let f = format!("{path}.attacked_from[{k}]");
            let from = if sea_zone(&g.from, a.name).is_some() {
                None
            } else if let Some(sea) = data::BORDERS.iter().find(|b| {
                b.kind == BorderKind::Sea
                    && movement::area_index(b.b).is_none()
                    && b.b.eq_ignore_ascii_case(g.from.trim())
            }) {
                return err(
                    format!("{f}.from"),
                    format!("{} does not touch the {} (5.3)", a.name, sea.b),
                );
            } else {
                let from = area_named(&g.from, &format!("{f}.from"))?;
                if movement::land_border(AREAS[from].name, a.name).is_none() {
                    return err(
                        format!("{f}.from"),
                        movement::no_land_border(AREAS[from].name, a.name),
                    );
                }
                Some(from)
            };
            // A sea attack's limit is the sea move's (5.3): as a major border's, four.
            let limit = match from {
                Some(k) => movement::land_border(AREAS[k].name, a.name)
                    .expect("checked above")
                    .kind
                    .limit(),
                None => BorderKind::Major.limit(),
            };
            if g.blocks == 0 {
                return err(format!("{f}.blocks"), "must be at least 1");
            }
            if g.blocks > limit {
                return err(
                    format!("{f}.blocks"),
                    match from {
                        Some(k) => {
                            let kind = movement::land_border(AREAS[k].name, a.name)
                                .expect("checked above")
                                .kind;
                            movement::over_limit(AREAS[k].name, a.name, kind, g.blocks as usize)
                        }
                        None => format!(
                            "{} blocks by sea from the {}: a sea move carries at most {limit} \
                             (5.3)",
                            g.blocks, g.from
                        ),
                    },
                );
            }
            if borders.contains(&from) {
                return err(
                    format!("{f}.from"),
                    format!(
                        "{} is already listed; give each border's blocks once",
                        g.from
                    ),
                );
            }
            borders.push(from);
            if borders.len() > movement::ATTACK_BORDERS {
                return err(
                    format!("{f}.from"),
                    "a fourth border; an attack crosses at most three (6.3)",
                );
            }
            if !g.reserve {
                if main.is_some() {
                    return err(
                        format!("{f}.reserve"),
                        "a second Main Attack: the groups by other borders are reserves (6.3)",
                    );
                }
                main = Some(k);
            }
            total += g.blocks as usize;
            spots[at].attacked.push(EnemyAttack {
                from,
                blocks: g.blocks,
                reserve: g.reserve,
            });
        }
        if main.is_none() {
            return err(
                format!("{path}.attacked_from"),
                "every group is a reserve; one group is the Main Attack (6.3)",
            );
        }
        if total != spots[at].enemies() {
            return err(
                format!("{path}.attacked_from"),
                format!(
                    "{total} attacking blocks, but {} enemy blocks stand here: every enemy block \
                     here attacked this turn",
                    spots[at].enemies()
                ),
            );
        }
    }
    let contested = !spots[at].own.is_empty() && spots[at].enemies() > 0;
    if contested && entry.attacked_from.is_empty() && moved_in.is_empty() && !untold {
        return err(
            path,
            format!(
                "{}'s and {}'s blocks stand in {} together: say who attacked it this turn (a \
                 block's route or moved, or attacked_from)",
                b.house,
                b.house.other(),
                a.name
            ),
        );
    }
    if let Some(m) = &entry.main {
        let f = format!("{path}.main");
        let from = match sea::zone(m) {
            Some(z) => sea::sea_place(z),
            None => area_named(m, &f)?,
        };
        if !contested || !entry.attacked_from.is_empty() {
            return err(
                f,
                format!(
                    "{b_house} attacks no enemy block in {}",
                    a.name,
                    b_house = b.house
                ),
            );
        }
        if !moved_in.iter().any(|o| o.came_from == Some(from)) {
            return err(
                f,
                format!(
                    "none of the blocks that attacked {} came from {}",
                    a.name,
                    sea::place_name(from)
                ),
            );
        }
        spots[at].main = Some(from);
    } else if contested && entry.attacked_from.is_empty() {
        let mut from: Vec<usize> = moved_in.iter().filter_map(|o| o.came_from).collect();
        from.sort_unstable();
        from.dedup();
        if from.len() > 1 {
            return err(
                format!("{path}.main"),
                format!(
                    "missing: the blocks attacking {} came by {} borders; say which is the Main \
                     Attack (6.3)",
                    a.name,
                    from.len()
                ),
            );
        }
        spots[at].main = from.first().copied();
    }
    Ok(())
}

/// A strength prior the fog of war can read (R13).
fn check_prior(prior: &StrengthPrior, field: &str) -> Result<()> {
    match prior {
        StrengthPrior::AtMost(n) | StrengthPrior::AtLeast(n) if !(1..=4).contains(n) => {
            err(field, format!("{n} is not a strength: 1 to 4 (3.11)"))
        }
        StrengthPrior::Weights(w)
            if w.is_empty()
                || w.len() > 4
                || w.iter().any(|x| !x.is_finite() || *x < 0.0)
                || w.iter().all(|x| *x == 0.0) =>
        {
            err(
                field,
                "give 1 to 4 weights of 0 or more, for strengths 1, 2, 3, 4, not all 0",
            )
        }
        _ => Ok(()),
    }
}

/// The sea zone a name means, if it is one that touches `area` (5.3): a sea attack came from it.
fn sea_zone(name: &str, area: &str) -> Option<&'static str> {
    data::borders_of(area)
        .find(|(n, kind)| {
            *kind == BorderKind::Sea
                && movement::area_index(n).is_none()
                && n.eq_ignore_ascii_case(name.trim())
        })
        .map(|(n, _)| n)
}
