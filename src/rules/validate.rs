//! Validation: [`Battle::new`], where the rules meet the scenario. A scenario is checked once,
//! here, and either becomes a [`Battle`] or yields a [`ScenarioError`] that names the field and
//! the reason.

use crate::data::{self, Area, BlockData, Colour, House, Kind, Rating};
use crate::rules::battle::{Battle, BlockRetreat, FIREPOWER_VARIES, Plans, Slot, Version};
use crate::rules::home::{BonusRule, person_bit};
use crate::rules::movement::{self, Exit, Holder};
use crate::rules::sea::{self, SeaRetreat};
use crate::rules::state::MAX_BLOCKS;
use crate::rules::state::State;
use crate::scenario::ScenarioError;
use crate::scenario::{Army, BlockEntry, Held, SCENARIO_VERSION, Scenario, Side, SidePolicy};

type Result<T> = std::result::Result<T, ScenarioError>;

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T> {
    Err(ScenarioError::new(field, reason))
}

impl Battle {
    /// Validates a scenario once and builds the battle.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the first field that is wrong and why.
    pub fn new(scenario: &Scenario) -> Result<Battle> {
        build(scenario)
    }

    /// The land borders of a scenario's area as its blocks say they crossed them (`from`) and
    /// its `neighbours` say who holds what lies beyond, once the map's rules are checked (5.2,
    /// 5.21, 6.3; R20): each side's retreat capacity from the map is
    /// [`movement::retreat_capacity`] over them, and [`movement::closed`] says why a border is
    /// closed to a side. `None` when the battle says nothing of its borders. Hidden blocks count
    /// as blocks, so a battle with hidden blocks has its borders too.
    ///
    /// # Errors
    /// The [`ScenarioError`] [`Battle::new`] gives for the borders, naming the field.
    pub fn exits(scenario: &Scenario) -> Result<Option<Vec<Exit>>> {
        exits(scenario)
    }

    /// Where the attackers of a battle they entered by sea may retreat (the Piracy card, 5.3,
    /// R42): the zones they sailed and the friendly or vacant areas on them. `None` when no
    /// attacking block came by sea.
    ///
    /// # Errors
    /// The [`ScenarioError`] [`Battle::new`] gives for the borders, naming the field.
    pub fn sea_retreat(scenario: &Scenario) -> Result<Option<SeaRetreat>> {
        Ok(map_rules(scenario)?.and_then(|r| r.sea))
    }
}

/// Builds a battle from a scenario, or names the first thing wrong with it.
fn build(sc: &Scenario) -> Result<Battle> {
    if sc.version != SCENARIO_VERSION {
        return err(
            "version",
            format!(
                "{} is not supported; this engine reads version {SCENARIO_VERSION}",
                sc.version
            ),
        );
    }
    let area = match &sc.area {
        None => None,
        Some(name) => {
            let Some(a) = data::area(name) else {
                return err("area", format!("'{name}' is not an area of the map"));
            };
            if let Some(owner) = a.exile {
                return err(
                    "area",
                    format!(
                        "{} is a {owner} exile area and can never be attacked (2.7)",
                        a.name
                    ),
                );
            }
            Some(a)
        }
    };
    let mut dead: Vec<&'static str> = Vec::new();
    for (i, name) in sc.dead.iter().enumerate() {
        let Some(person) = data::block(name).map(|b| b.person).or_else(|| {
            data::BLOCKS
                .iter()
                .find(|b| b.person.eq_ignore_ascii_case(name.trim()))
                .map(|b| b.person)
        }) else {
            return err(format!("dead[{i}]"), format!("unknown block '{name}'"));
        };
        dead.push(person);
    }
    let away = defected_elsewhere(sc, &dead)?;
    if sc.attacker.house == sc.defender.house {
        return err(
            "defender.house",
            format!(
                "both sides are {}; a battle is between York and Lancaster",
                sc.attacker.house
            ),
        );
    }
    let mut slots: Vec<Slot> = Vec::new();
    let mut fields: Vec<String> = Vec::new();
    for side in Side::BOTH {
        let army = army(sc, side);
        if !army.hidden.is_empty() {
            return err(
                format!("{}.hidden", side.name()),
                "hidden blocks make a mixture of battles, one for each thing they may be: \
                 solve it with bosworth::Fog (bosworth exact and the app do)",
            );
        }
        if army.blocks.is_empty() {
            return err(
                format!("{}.blocks", side.name()),
                format!("the {} has no blocks", side.name()),
            );
        }
        if sc.progress.is_none() && army.blocks.iter().all(|b| b.reserve) {
            return err(
                format!("{}.blocks", side.name()),
                format!(
                    "every {} block is a reserve; at least one must fight in round 1 (6.3)",
                    side.name()
                ),
            );
        }
        for (i, entry) in army.blocks.iter().enumerate() {
            let field = format!("{}.blocks[{i}]", side.name());
            if slots.len() == MAX_BLOCKS {
                return err(
                    format!("{}.blocks", side.name()),
                    format!("more than {MAX_BLOCKS} blocks in one battle"),
                );
            }
            let slot = slot(sc, side, entry, &field, &dead, &slots, &fields)?;
            slots.push(slot);
            fields.push(field);
        }
    }
    for (k, person) in away.iter().enumerate() {
        if let Some(i) = slots.iter().position(|s| s.versions[0].person() == *person) {
            return err(
                format!("defected_elsewhere[{k}]"),
                format!(
                    "{person} fights in this battle ({}); he cannot also be elsewhere",
                    fields[i]
                ),
            );
        }
    }
    let capacity = borders(sc)?;
    let turned = defected(sc, &dead, &away, &slots, &fields)?;
    // A defected heir is no heir of his house, wherever he is (9.1, R1).
    let passed_over: Vec<&str> = away.iter().chain(&turned).copied().collect();
    let [king_line, pretender_line] = lines(sc, &dead, &passed_over, &slots);
    let king_slot = first_serving(&king_line, &slots);
    let pretender_slot = first_serving(&pretender_line, &slots);
    let mut battle = Battle {
        scenario: sc.clone(),
        area,
        houses: [sc.attacker.house, sc.defender.house],
        retreat_capacity: [
            sc.attacker.retreat_capacity.or(capacity[0]),
            sc.defender.retreat_capacity.or(capacity[1]),
        ],
        fire_order: [Vec::new(), Vec::new()],
        hit_order: [Vec::new(), Vec::new()],
        plans: [Plans::default(), Plans::default()],
        king_slot,
        pretender_slot,
        king_line,
        pretender_line,
        king_may_change: false,
        dead_before: dead.iter().fold(0, |m, p| m | person_bit(p)),
        letters: [[0; 4]; 2],
        initial: initial_state(&slots),
        turn_rank: [[[[0; MAX_BLOCKS]; 2]; 2]; 2],
        turn_table: Vec::new(),
        plain_order: [[0; MAX_BLOCKS]; 2],
        plain_hits: [(0, [0; MAX_BLOCKS]); 2],
        plain_fp: [0; MAX_BLOCKS],
        hit_rank: [[0; MAX_BLOCKS]; 2],
        fixed_firepower: [[[0; 2]; 2]; MAX_BLOCKS],
        treason_roll: None,
        has_plans: [false; 2],
        heir_slots: 0,
        person_slots: 0,
        warnings: Vec::new(),
        slots,
    };
    for slot in battle.slots.iter_mut() {
        for v in slot.versions.iter_mut() {
            if let Some(d) = v.data {
                v.bonus = BonusRule::for_block(d, area, sc.king);
            }
        }
    }
    for r in 0..2u8 {
        for i in 0..battle.slots.len() {
            let letter = battle.initiative(i, r + 1);
            battle.letters[r as usize][letter.index()] |= 1 << i;
        }
    }
    for side in Side::BOTH {
        let policy = side_policy(sc, side);
        let path = format!("policy.{}", side.name());
        battle.fire_order[side.index()] = order(
            &battle,
            side,
            &policy.fire_order,
            &format!("{path}.fire_order"),
        )?;
        battle.hit_order[side.index()] = order(
            &battle,
            side,
            &policy.hit_order,
            &format!("{path}.hit_order"),
        )?;
        battle.plans[side.index()] = plans(&battle, side, policy, &path)?;
    }
    if let Some(p) = &sc.progress {
        progress(&mut battle, p)?;
    }
    battle.king_may_change = battle.compute_king_may_change();
    if battle.king_may_change {
        // The King's spent roll belongs to the role (6.9, R1).
        let king = battle.king_slot.map_or(0, |k| 1u32 << k);
        battle.initial.king_rolled = battle.initial.rolled & king != 0;
    }
    compile_tables(&mut battle);
    battle.warnings = crate::rules::warnings::warnings(&battle);
    Ok(battle)
}

/// Fills the battle's tables for the hot paths from what is already compiled: initiative
/// letters, fire and hit orders, bonus rules (see the fields' documentation in `battle.rs`).
fn compile_tables(battle: &mut Battle) {
    let n = battle.slots.len();
    for later in 0..2 {
        for swapped in 0..2 {
            let defender = if swapped == 1 {
                Side::Attacker
            } else {
                Side::Defender
            };
            for side in Side::BOTH {
                let second = (side != defender) as usize;
                for (pos, &i) in battle.fire_order[side.index()].iter().enumerate() {
                    let i = i as usize;
                    let letter = battle.letters[later]
                        .iter()
                        .position(|m| m >> i & 1 == 1)
                        .unwrap_or(3);
                    // At most 3 * 64 + 32 + 31 = 255 with 32 slots.
                    battle.turn_rank[later][swapped][side.index()][i] =
                        (letter * 2 * n + second * n + pos) as u8;
                }
            }
        }
    }
    let chunks = n.div_ceil(8);
    battle.turn_table = vec![[u16::MAX; 256]; 4 * chunks];
    for order in 0..4 {
        let ranks = &battle.turn_rank[order / 2][order % 2];
        for chunk in 0..chunks {
            let table = &mut battle.turn_table[order * chunks + chunk];
            for byte in 1..256usize {
                let i = 8 * chunk + byte.trailing_zeros() as usize;
                let key = if i < n {
                    u16::from(ranks[battle.slots[i].side.index()][i]) << 8 | i as u16
                } else {
                    u16::MAX
                };
                table[byte] = table[byte & (byte - 1)].min(key);
            }
        }
    }
    battle.plain_order = [0, 1].map(|later| crate::rules::plain::order(battle, later));
    for side in Side::BOTH {
        for (pos, &i) in battle.hit_order[side.index()].iter().enumerate() {
            battle.hit_rank[side.index()][i as usize] = pos as u8;
        }
    }
    battle.has_plans = battle.plans.each_ref().map(|p| !p.is_empty());
    battle.treason_roll = crate::rules::treachery::compile_treason_roll(battle);
    for (i, slot) in battle.slots.iter().enumerate() {
        if slot.versions.iter().any(|v| v.heir_rank.is_some()) {
            battle.heir_slots |= 1 << i;
        }
        if slot.person_bit != 0 {
            battle.person_slots |= 1 << i;
        }
    }
    // People whose death in this battle could free a shield (D6, D7, R10).
    let may_die = battle.slots.iter().fold(0, |m, s| m | s.person_bit);
    let (dead, may_die) = (battle.dead_before, may_die & !battle.dead_before);
    for (i, slot) in battle.slots.iter().enumerate() {
        for (k, v) in slot.versions.iter().enumerate() {
            let rule = v.bonus;
            let printed = v.rating.firepower;
            battle.fixed_firepower[i][k][0] = printed.min(6);
            let heir_may_gain = rule.heir.is_some_and(|h| {
                h.royal_shield || h.crown || h.royal_if_dead & (dead | may_die) != 0
            });
            battle.fixed_firepower[i][k][1] = if heir_may_gain
                || rule.shield_if_dead & may_die != 0 && rule.shield_if_dead & dead == 0
            {
                FIREPOWER_VARIES
            } else {
                let home = rule.fixed || rule.shield_if_dead & dead != 0;
                (printed + home as u8).min(6)
            };
        }
    }
    battle.plain_hits = crate::rules::plain::hit_lists(battle);
    battle.plain_fp = crate::rules::plain::firepowers(battle);
}

fn army(sc: &Scenario, side: Side) -> &Army {
    match side {
        Side::Attacker => &sc.attacker,
        Side::Defender => &sc.defender,
    }
}

/// A block's name in messages: its id or custom name as entered.
fn entry_name(entry: &BlockEntry) -> &str {
    entry
        .id
        .as_deref()
        .or(entry.custom.as_ref().map(|c| c.name.as_str()))
        .unwrap_or("?")
        .trim()
}

/// One block that may have come into the battle across a border: which it is, where it came from
/// and whether it is a reserve (its field and name are written only for a message).
struct Arrival<'a> {
    side: Side,
    /// Its index among the side's known blocks, or among its hidden blocks.
    index: usize,
    /// The known block, `None` for a hidden one.
    known: Option<&'a BlockEntry>,
    from: Option<&'a str>,
    reserve: bool,
}

impl Arrival<'_> {
    /// `attacker.blocks[2]`, `defender.hidden[0]`.
    fn field(&self) -> String {
        let list = if self.known.is_some() {
            "blocks"
        } else {
            "hidden"
        };
        format!("{}.{list}[{}]", self.side.name(), self.index)
    }

    /// Its name as entered, or "hidden #k+1" as reports name a hidden block.
    fn name(&self) -> String {
        match self.known {
            Some(b) => entry_name(b).to_string(),
            None => format!("hidden #{}", self.index + 1),
        }
    }
}

/// A side's blocks as arrivals: the known blocks, then the hidden ones.
fn arrivals(sc: &Scenario, side: Side) -> Vec<Arrival<'_>> {
    let a = army(sc, side);
    let known = a.blocks.iter().enumerate().map(|(i, b)| Arrival {
        side,
        index: i,
        known: Some(b),
        from: b.from.as_deref(),
        reserve: b.reserve,
    });
    let hidden = a.hidden.iter().enumerate().map(|(k, h)| Arrival {
        side,
        index: k,
        known: None,
        from: h.from.as_deref(),
        reserve: h.reserve,
    });
    known.chain(hidden).collect()
}

/// Each side's retreat capacity worked out from the map (6.6, D12), or `None` for both when the
/// battle says nothing of its borders; the map's rules checked by [`exits`]. Hidden blocks
/// (`hidden[k]`) count as blocks, so a battle with hidden blocks is checked once, before its
/// compositions ([`crate::Fog::new`]).
pub(crate) fn borders(sc: &Scenario) -> Result<[Option<u8>; 2]> {
    let Some(rules) = map_rules(sc)? else {
        return Ok([None, None]);
    };
    let houses = [sc.attacker.house, sc.defender.house];
    // An attack that came by sea retreats by sea only (the Piracy card, R42).
    let attacker = match &rules.sea {
        Some(sea) => sea.capacity(),
        None => Some(movement::retreat_capacity(&rules.exits, houses, true)),
    };
    Ok([
        attacker,
        Some(movement::retreat_capacity(&rules.exits, houses, false)),
    ])
}

/// What the map says of a battle's borders: its land exits, and for an attack that came by sea
/// where its attackers may retreat (R42).
struct MapRules {
    exits: Vec<Exit>,
    sea: Option<SeaRetreat>,
}

fn exits(sc: &Scenario) -> Result<Option<Vec<Exit>>> {
    Ok(map_rules(sc)?.map(|r| r.exits))
}

/// The map's rules for a battle whose attacking blocks say where they came from (`from`):
/// each came across a land border of the area (5.2, no estuary), no border carries more of a
/// side's blocks than its limit (5.21), the attack uses at most three borders and its active
/// blocks all crossed one, the Main Attack, while the reserves crossed others (6.3); the
/// defender's reinforcements came by at most two (6.3). An attacking block may instead have
/// come by sea, its `from` the sea zone it sailed (the Piracy card, 5.3, R42): then every
/// attacking block did, each zone counts as one border for 6.3 with no limit of blocks, and
/// `neighbours` may name the areas on those zones. Returns the area's land borders with who
/// holds each neighbour and which side entered by it, and the sea retreat, or `None` when the
/// battle says nothing of its borders.
fn map_rules(sc: &Scenario) -> Result<Option<MapRules>> {
    let all = [arrivals(sc, Side::Attacker), arrivals(sc, Side::Defender)];
    // The sea zones the attackers sailed (R42).
    let mut sea_zones: Vec<usize> = all[0]
        .iter()
        .filter_map(|b| b.from.and_then(sea::zone))
        .collect();
    sea_zones.sort_unstable();
    sea_zones.dedup();
    let mut coast: Vec<(&'static str, Holder)> = Vec::new();
    let said = |side: Side| all[side.index()].iter().find(|b| b.from.is_some());
    let (attacker_said, defender_said) = (said(Side::Attacker), said(Side::Defender));
    if attacker_said.is_none() && defender_said.is_none() && sc.neighbours.is_empty() {
        return Ok(None);
    }
    let first = match (attacker_said, defender_said) {
        (Some(b), _) | (None, Some(b)) => format!("{}.from", b.field()),
        (None, None) => "neighbours".to_string(),
    };
    let Some(area) = sc.area.as_deref().and_then(data::area) else {
        return err(
            first,
            "a battle whose blocks say where they came from needs its area (5.2)",
        );
    };
    if sc.progress.is_some() {
        return err(
            first,
            "a battle under way carries its retreat capacity, not where its blocks came from: \
             give retreat_capacity instead (D12)",
        );
    }
    if attacker_said.is_none() {
        return err(
            first,
            "say where the attacking blocks came from too: the map's rules need the attack's \
             borders (6.3)",
        );
    }
    let mut exits: Vec<Exit> = movement::land_neighbours(area.name)
        .map(|(n, b)| Exit {
            area: n,
            kind: data::BORDERS[b].kind,
            holder: Holder::Vacant,
            attacker_entered: false,
            defender_entered: false,
        })
        .collect();
    for (name, held) in &sc.neighbours {
        let f = format!("neighbours.{name}");
        let Some(n) = data::area(name) else {
            return err(f, format!("'{name}' is not an area of the map"));
        };
        let holder = match held {
            Held::York => Holder::House(House::York),
            Held::Lancaster => Holder::House(House::Lancaster),
            Held::Contested => Holder::Contested,
        };
        let Some(exit) = exits.iter_mut().find(|e| e.area.name == n.name) else {
            if n.name != area.name && sea_zones.iter().any(|&z| sea::on(n.name, z)) {
                coast.push((n.name, holder));
                continue;
            }
            return err(
                f,
                format!(
                    "{} is not a land neighbour of {}: {}{}",
                    n.name,
                    area.name,
                    movement::no_land_border(n.name, area.name),
                    if sea_zones.is_empty() {
                        String::new()
                    } else {
                        " nor on a sea zone the attack sailed (R42)".to_string()
                    }
                ),
            );
        };
        exit.holder = holder;
    }
    for side in Side::BOTH {
        let blocks = &all[side.index()];
        let house = army(sc, side).house;
        if side == Side::Defender {
            if let Some(b) = blocks.iter().find(|b| b.from.is_some() && !b.reserve) {
                return err(
                    format!("{}.from", b.field()),
                    format!(
                        "{} is not a reserve: only the defender's reinforcements came into the \
                         battle (6.3); its other blocks were there",
                        b.name()
                    ),
                );
            }
            if defender_said.is_none() {
                continue;
            }
        }
        // The attacker's blocks all came in; the defender's reinforcements (reserves) came in.
        let arriving = blocks
            .iter()
            .filter(|b| side == Side::Attacker || b.reserve);
        let limit = match side {
            Side::Attacker => movement::ATTACK_BORDERS,
            Side::Defender => movement::REINFORCEMENT_BORDERS,
        };
        // The Main Attack: the border of the first block that fights in round 1 (6.3).
        let main = (side == Side::Attacker)
            .then(|| blocks.iter().find(|b| !b.reserve))
            .flatten();
        let main_from = main.and_then(|m| m.from).and_then(place);
        let mut crossed: Vec<(&'static str, usize)> = Vec::new();
        for b in arriving {
            let f = || format!("{}.from", b.field());
            let Some(from) = b.from else {
                return err(
                    f(),
                    format!(
                        "missing: where one {} says where it came from, every one must (6.3)",
                        match side {
                            Side::Attacker => "attacking block",
                            Side::Defender => "reinforcement",
                        }
                    ),
                );
            };
            if let Some(z) = sea::zone(from) {
                by_sea(sc, b, z, area, side)?;
                let at = match crossed.iter().position(|c| c.0 == sea::SEAS[z]) {
                    Some(at) => at,
                    None => {
                        crossed.push((sea::SEAS[z], 0));
                        crossed.len() - 1
                    }
                };
                crossed[at].1 += 1;
                if crossed.len() > limit {
                    return err(
                        f(),
                        format!(
                            "{}: the {} would be a fourth border; an attack crosses at most \
                             three (6.3)",
                            b.name(),
                            sea::SEAS[z]
                        ),
                    );
                }
                main_border(b, main, main_from, sea::SEAS[z], area.name)?;
                continue;
            }
            let Some(n) = data::area(from) else {
                return err(
                    f(),
                    format!(
                        "{}: '{from}' is not an area of the map nor a sea zone",
                        b.name()
                    ),
                );
            };
            if side == Side::Attacker && !sea_zones.is_empty() {
                return err(
                    f(),
                    format!(
                        "{} came by land from {}, but other attacking blocks came by sea: an \
                         attack by sea is the Piracy card's, whose action points are all sea \
                         moves (Event Cards, 5.3, R42)",
                        b.name(),
                        n.name
                    ),
                );
            }
            let Some(border) = movement::land_border(n.name, area.name) else {
                return err(
                    f(),
                    format!(
                        "{}: {}",
                        b.name(),
                        movement::no_land_border(n.name, area.name)
                    ),
                );
            };
            if !movement::may_enter(n, house) {
                return err(
                    f(),
                    format!(
                        "{}: {house} blocks never stand in {}, an exile area of {} (2.7)",
                        b.name(),
                        n.name,
                        house.other()
                    ),
                );
            }
            let at = match crossed.iter().position(|c| c.0 == n.name) {
                Some(at) => at,
                None => {
                    crossed.push((n.name, 0));
                    crossed.len() - 1
                }
            };
            crossed[at].1 += 1;
            if crossed.len() > limit {
                return err(
                    f(),
                    match side {
                        Side::Attacker => format!(
                            "{}: {} would be a fourth border; an attack crosses at most three (6.3)",
                            b.name(),
                            n.name
                        ),
                        Side::Defender => format!(
                            "{}: {} would be a third border; Player 2 reinforces a battle across \
                             at most two (6.3)",
                            b.name(),
                            n.name
                        ),
                    },
                );
            }
            if crossed[at].1 > usize::from(border.kind.limit()) {
                return err(
                    f(),
                    format!(
                        "{}: {}",
                        b.name(),
                        movement::over_limit(n.name, area.name, border.kind, crossed[at].1)
                    ),
                );
            }
            main_border(b, main, main_from, n.name, area.name)?;
            for e in exits.iter_mut().filter(|e| e.area.name == n.name) {
                match side {
                    Side::Attacker => e.attacker_entered = true,
                    Side::Defender => e.defender_entered = true,
                }
            }
        }
    }
    coast.extend(exits.iter().map(|e| (e.area.name, e.holder)));
    let sea = (!sea_zones.is_empty()).then(|| {
        SeaRetreat::new(area.name, sea_zones, sc.attacker.house, |a| {
            coast
                .iter()
                .find(|c| c.0 == a)
                .map_or(Holder::Vacant, |c| c.1)
        })
    });
    Ok(Some(MapRules { exits, sea }))
}

/// The place a block's `from` names: a map area or a sea zone (R42), by its printed name.
fn place(from: &str) -> Option<&'static str> {
    sea::zone(from)
        .map(|z| sea::SEAS[z])
        .or_else(|| data::area(from).map(|a| a.name))
}

/// A block that crossed from `crossed` (an area or a sea zone) is active only across the Main
/// Attack's border and a reserve only across another (6.3).
fn main_border(
    b: &Arrival<'_>,
    main: Option<&Arrival<'_>>,
    main_from: Option<&str>,
    crossed: &str,
    area: &str,
) -> Result<()> {
    let Some(m) = main else {
        return Ok(());
    };
    let by_main = main_from == Some(crossed);
    if !b.reserve && !by_main {
        return err(
            format!("{}.from", b.field()),
            format!(
                "{} came from {}, not across the Main Attack's border ({}-{}, as {} came): a \
                 block crossing another border is a reserve (6.3)",
                b.name(),
                crossed,
                main_from.unwrap_or("?"),
                area,
                m.field()
            ),
        );
    }
    if b.reserve && by_main {
        return err(
            format!("{}.reserve", b.field()),
            format!(
                "{} crossed {}-{}, the Main Attack's border: only blocks crossing other borders \
                 are reserves (6.3)",
                b.name(),
                crossed,
                area
            ),
        );
    }
    Ok(())
}

/// A block that came into the battle by sea (the Piracy card, 5.3, R42): an attacker, on a zone
/// the area lies on, and no block that never sails.
fn by_sea(sc: &Scenario, b: &Arrival<'_>, zone: usize, area: &Area, side: Side) -> Result<()> {
    let f = format!("{}.from", b.field());
    if side == Side::Defender {
        return err(
            f,
            format!(
                "{}: a reinforcement cannot come by sea: a sea move never enters an enemy or \
                 contested area (5.3); only Piracy's attack does (R42)",
                b.name()
            ),
        );
    }
    if !sea::on(area.name, zone) {
        return err(
            f,
            format!(
                "{}: {} does not lie on the {} (2.81): no sea move ends there (5.3)",
                b.name(),
                area.name,
                sea::SEAS[zone]
            ),
        );
    }
    let data = b
        .known
        .and_then(|k| k.id.as_deref())
        .and_then(|id| printed(sc, sc.attacker.house, id, &f).ok());
    if let Some(d) = data.filter(|d| sea::never_by_sea(d)) {
        return err(f, format!("{} never moves by sea (5.3)", d.id));
    }
    Ok(())
}

fn side_policy(sc: &Scenario, side: Side) -> &SidePolicy {
    match side {
        Side::Attacker => &sc.policy.attacker,
        Side::Defender => &sc.policy.defender,
    }
}

fn printed_version(d: &'static BlockData, house: House) -> Version {
    Version {
        id: d.id.to_string(),
        data: Some(d),
        kind: d.kind,
        rating: d.rating,
        max_strength: d.max_strength,
        loyalty: d.loyalty.dice(),
        heir_rank: d.heir_rank,
        house: d.house().unwrap_or(house),
        bonus: BonusRule::default(),
    }
}

/// Resolves one block entry into a slot.
fn slot(
    sc: &Scenario,
    side: Side,
    entry: &BlockEntry,
    field: &str,
    dead: &[&str],
    slots: &[Slot],
    fields: &[String],
) -> Result<Slot> {
    let house = army(sc, side).house;
    let (first, second) = match (&entry.id, &entry.custom) {
        (Some(_), Some(_)) => return err(field, "give either an id or a custom block, not both"),
        (None, None) => {
            return err(
                format!("{field}.id"),
                "missing: name a block by id, or describe a custom block",
            );
        }
        (Some(id), None) => {
            let d = printed(sc, house, id, &format!("{field}.id"))?;
            if dead.contains(&d.person) {
                return err(
                    format!("{field}.id"),
                    format!("{} is listed in dead and cannot fight", d.id),
                );
            }
            let first = printed_version(d, house);
            let second = d
                .other_version()
                .map_or_else(|| first.clone(), |o| printed_version(o, house.other()));
            for (other, other_field) in slots.iter().zip(fields) {
                let od = other.versions[0].data;
                if od.is_some_and(|od| od.id == d.id) {
                    let what = if other.side == side {
                        "is already in the battle"
                    } else {
                        "is already on the other side"
                    };
                    return err(
                        format!("{field}.id"),
                        format!("{} {what} ({other_field})", d.id),
                    );
                }
                if od.is_some_and(|od| od.person == d.person) {
                    return err(
                        format!("{field}.id"),
                        format!(
                            "{} and {} are two versions of one noble; only one can be in play (3.22, 4.6) ({other_field})",
                            od.map_or("", |o| o.id),
                            d.id
                        ),
                    );
                }
            }
            (first, second)
        }
        (None, Some(c)) => {
            let f = format!("{field}.custom");
            let name = c.name.trim();
            if name.is_empty() || name.len() > 40 {
                return err(format!("{f}.name"), "must be 1 to 40 characters");
            }
            if data::block(name).is_some()
                || data::BLOCKS
                    .iter()
                    .any(|b| b.person.eq_ignore_ascii_case(name))
            {
                return err(
                    format!("{f}.name"),
                    format!("'{name}' is the name of a real block; choose another"),
                );
            }
            if slots.iter().any(|s| s.name().eq_ignore_ascii_case(name)) {
                return err(
                    format!("{f}.name"),
                    format!("'{name}' is already in the battle"),
                );
            }
            let Some(rating) = Rating::parse(&c.rating) else {
                return err(
                    format!("{f}.rating"),
                    format!(
                        "'{}' is not a combat rating like B2 (A-D, then 1-6)",
                        c.rating
                    ),
                );
            };
            if !(1..=4).contains(&c.max_strength) {
                return err(
                    format!("{f}.max_strength"),
                    format!("{} is not 1 to 4 (3.11)", c.max_strength),
                );
            }
            if let Some(l) = c.loyalty
                && !(1..=3).contains(&l)
            {
                return err(format!("{f}.loyalty"), format!("{l} is not 1 to 3 (3.13)"));
            }
            // R11: a custom block is a noble with no bonus anywhere.
            let v = Version {
                id: name.to_string(),
                data: None,
                kind: Kind::Noble,
                rating,
                max_strength: c.max_strength,
                loyalty: c.loyalty,
                heir_rank: None,
                house,
                bonus: BonusRule::default(),
            };
            let mut turned = v.clone();
            turned.house = house.other();
            (v, turned)
        }
    };
    if entry.strength == 0 {
        return err(
            format!("{field}.strength"),
            "must be at least 1 (a block at 0 is eliminated)",
        );
    }
    if entry.strength > first.max_strength {
        return err(
            format!("{field}.strength"),
            format!(
                "{} exceeds {}'s maximum {}",
                entry.strength, first.id, first.max_strength
            ),
        );
    }
    let person_bit = first.data.map_or(0, |d| person_bit(d.person));
    Ok(Slot {
        versions: [first, second],
        side,
        strength: entry.strength,
        reserve: entry.reserve,
        turned_before: false,
        person_bit,
    })
}

/// Finds a printed block by id, or a noble's name alone for this house's version, and checks
/// that it may fight for `house`.
fn printed(sc: &Scenario, house: House, id: &str, field: &str) -> Result<&'static BlockData> {
    let found = data::block(id).or_else(|| {
        let id = id.trim();
        data::block_by_person_and_house(id, house).or_else(|| {
            data::BLOCKS
                .iter()
                .find(|b| b.person.eq_ignore_ascii_case(id))
        })
    });
    let Some(d) = found else {
        return err(
            field,
            format!(
                "unknown block '{id}' (ids look like Buckingham/L, Coventry (levy), Bombard/Y, Rebel)"
            ),
        );
    };
    match d.colour {
        Colour::Rebel if house != sc.king.other() => err(
            field,
            format!(
                "the Rebel fights for the Pretender's house, {}, not for {house} (3.26, D14)",
                sc.king.other()
            ),
        ),
        Colour::Rebel => Ok(d),
        _ if d.house() == Some(house) => Ok(d),
        _ => match d.other_version() {
            Some(o) => err(
                field,
                format!(
                    "{} fights for {}, not {house}; use {} (4.6)",
                    d.id,
                    house.other(),
                    o.id
                ),
            ),
            None => err(
                field,
                format!(
                    "{} is a {} block and cannot fight for {house}",
                    d.id,
                    house.other()
                ),
            ),
        },
    }
}

/// The persons of the scenario's `defected_elsewhere` list: each must be the defected version of
/// an heir who may defect (Clarence/L, Exeter/Y, 9.1) or of a Neville (Warwick/L, Kent/L,
/// Salisbury/L: they begin the game with York, 4.4), alive, and named once.
fn defected_elsewhere(sc: &Scenario, dead: &[&str]) -> Result<Vec<&'static str>> {
    let mut out: Vec<&'static str> = Vec::new();
    for (k, name) in sc.defected_elsewhere.iter().enumerate() {
        let field = format!("defected_elsewhere[{k}]");
        let Some(d) = data::block(name) else {
            return err(field, format!("unknown block '{name}'"));
        };
        let heir = data::BLOCKS
            .iter()
            .any(|b| b.person == d.person && b.heir_rank.is_some());
        let defected = if heir {
            d.heir_rank.is_none()
        } else {
            d.is_neville() && d.house() == Some(House::Lancaster)
        };
        if !defected {
            return err(
                field,
                format!(
                    "{} is not a defected heir or Neville; name one of Clarence/L, Exeter/Y, \
                     Warwick/L, Kent/L, Salisbury/L (blocks merely seen elsewhere go in seen_elsewhere)",
                    d.id
                ),
            );
        }
        if dead.contains(&d.person) {
            return err(
                field,
                format!(
                    "{} is listed in dead; a dead man cannot have defected",
                    d.person
                ),
            );
        }
        if out.contains(&d.person) {
            return err(field, format!("{} is named twice", d.person));
        }
        out.push(d.person);
    }
    Ok(out)
}

/// The persons of the scenario's `defected` list: each the enemy version of a two-version noble
/// (4.6), alive, named once, not also in `defected_elsewhere`, and not fighting here as the
/// version he left.
fn defected(
    sc: &Scenario,
    dead: &[&str],
    away: &[&str],
    slots: &[Slot],
    fields: &[String],
) -> Result<Vec<&'static str>> {
    let mut out: Vec<&'static str> = Vec::new();
    for (k, name) in sc.defected.iter().enumerate() {
        let field = format!("defected[{k}]");
        let Some(d) = data::block(name) else {
            return err(field, format!("unknown block '{name}'"));
        };
        if !d.is_enemy_version() {
            let example = d
                .other_version()
                .filter(|o| o.is_enemy_version())
                .map_or("Warwick/L or Stanley/Y".to_string(), |o| o.id.to_string());
            return err(
                field,
                format!(
                    "{} is not the version of a noble who has changed sides; name the version he \
                     changed to ({example}), as the game begins with the other (4.3, 4.4, 4.6)",
                    d.id
                ),
            );
        }
        if dead.contains(&d.person) {
            return err(
                field,
                format!(
                    "{} is listed in dead; a dead man cannot have defected",
                    d.person
                ),
            );
        }
        if out.contains(&d.person) || away.contains(&d.person) {
            return err(
                field,
                format!(
                    "{} is named twice (here or in defected_elsewhere)",
                    d.person
                ),
            );
        }
        if let Some(i) = slots.iter().position(|s| {
            s.versions[0]
                .data
                .is_some_and(|v| v.person == d.person && v.id != d.id)
        }) {
            return err(
                field,
                format!(
                    "{} fights in this battle as {} ({}); he cannot have changed sides",
                    d.person, slots[i].versions[0].id, fields[i]
                ),
            );
        }
        out.push(d.person);
    }
    Ok(out)
}

/// The lines of succession of the throne's house and of the Pretender's (3.21): the living heirs
/// of each in rank order, each with his slot if he fights here. An heir listed as defected
/// elsewhere or defected with his whereabouts unknown (`defected`, R13) is not an heir of his
/// house (9.1) and is left out; one fighting here as his other
/// version (Clarence/L, Exeter/Y) is kept, for he may turn back in this battle (9.1, R1).
fn lines(sc: &Scenario, dead: &[&str], away: &[&str], slots: &[Slot]) -> [Vec<Option<u8>>; 2] {
    let line = |house: House| -> Vec<Option<u8>> {
        let mut heirs: Vec<&BlockData> = data::BLOCKS
            .iter()
            .filter(|b| b.heir_rank.is_some() && b.house() == Some(house))
            .collect();
        heirs.sort_by_key(|b| b.heir_rank);
        heirs
            .into_iter()
            .filter(|b| !dead.contains(&b.person) && !away.contains(&b.person))
            .map(|b| {
                slots
                    .iter()
                    .position(|s| s.versions[0].data.is_some_and(|d| d.person == b.person))
                    .map(|i| i as u8)
            })
            .collect()
    };
    [line(sc.king), line(sc.king.other())]
}

/// The King or Pretender at the start of the battle, from his line: its first heir serving his
/// house as he enters, `None` if that heir is alive elsewhere (3.21, 9.1).
fn first_serving(line: &[Option<u8>], slots: &[Slot]) -> Option<u8> {
    line.iter()
        .copied()
        .find(|e| e.is_none_or(|i| slots[i as usize].versions[0].heir_rank.is_some()))
        .flatten()
}

fn initial_state(slots: &[Slot]) -> State {
    let mut s = State {
        strength: [0; MAX_BLOCKS],
        present: 0,
        reserve: 0,
        attacker: 0,
        acted: 0,
        retreated: 0,
        defected: 0,
        fresh: 0,
        pretender_rolled: false,
        king_rolled: false,
        king_fell: false,
        rolled: 0,
        round: 1,
        swapped: false,
        retreats: [0, 0],
        lost: [0, 0],
    };
    for (i, slot) in slots.iter().enumerate() {
        s.strength[i] = slot.strength;
        s.present |= 1 << i;
        if slot.reserve {
            s.reserve |= 1 << i;
        }
        if slot.side == Side::Attacker {
            s.attacker |= 1 << i;
        }
    }
    s
}

/// A block named in a policy: by its id, either version's id, or the noble's name.
fn find(battle: &Battle, name: &str, field: &str) -> Result<usize> {
    let name = name.trim();
    battle
        .slots
        .iter()
        .position(|s| {
            s.versions.iter().any(|v| v.id.eq_ignore_ascii_case(name))
                || s.versions[0]
                    .data
                    .is_some_and(|d| d.person.eq_ignore_ascii_case(name))
        })
        .map_or_else(|| err(field, format!("{name} is not in the battle")), Ok)
}

fn own(battle: &Battle, side: Side, name: &str, field: &str) -> Result<usize> {
    let i = find(battle, name, field)?;
    if battle.slots[i].side != side {
        return err(
            field,
            format!(
                "{} is not one of the {}'s blocks",
                battle.slots[i].name(),
                side.name()
            ),
        );
    }
    Ok(i)
}

fn enemy(battle: &Battle, side: Side, name: &str, field: &str) -> Result<usize> {
    let i = find(battle, name, field)?;
    if battle.slots[i].side == side {
        return err(
            field,
            format!(
                "{} is on the {}'s own side",
                battle.slots[i].name(),
                side.name()
            ),
        );
    }
    Ok(i)
}

/// A block a side's order or retreat plan may name: one of its own, or an enemy block that may
/// defect to it, named by the version it would become (6.9, R5).
fn own_or_defector(battle: &Battle, side: Side, name: &str, field: &str) -> Result<usize> {
    let i = find(battle, name, field)?;
    let slot = &battle.slots[i];
    if slot.side == side {
        return Ok(i);
    }
    let turned = &slot.versions[1];
    if slot.versions[0].loyalty.is_none() || turned == &slot.versions[0] {
        return err(
            field,
            format!(
                "{} is the {}'s and can never defect to the {} (3.13)",
                slot.name(),
                side.other().name(),
                side.name()
            ),
        );
    }
    if !turned.id.eq_ignore_ascii_case(name.trim()) {
        return err(
            field,
            format!(
                "{} fights for the {}; name it as the block it would become by defecting: {}",
                slot.name(),
                side.other().name(),
                turned.id
            ),
        );
    }
    Ok(i)
}

/// A side's fire or hit order: the named blocks first (its own, and enemy blocks that may defect
/// to it by their defected version), then its other blocks as listed, then the enemy's other
/// blocks (for blocks that defect to it unnamed, 6.9, R5).
fn order(battle: &Battle, side: Side, names: &[String], field: &str) -> Result<Vec<u8>> {
    let mut out: Vec<u8> = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let i = own_or_defector(battle, side, name, &format!("{field}[{k}]"))? as u8;
        if out.contains(&i) {
            return err(
                format!("{field}[{k}]"),
                format!("{} is named twice", battle.slots[i as usize].name()),
            );
        }
        out.push(i);
    }
    for s in [side, side.other()] {
        for (i, slot) in battle.slots.iter().enumerate() {
            if slot.side == s && !out.contains(&(i as u8)) {
                out.push(i as u8);
            }
        }
    }
    Ok(out)
}

fn round(r: Option<u8>, field: &str) -> Result<Option<u8>> {
    match r {
        Some(r) if !(1..=4).contains(&r) => {
            err(field, format!("{r} is not a battle round (1-4, 6.2)"))
        }
        _ => Ok(r),
    }
}

/// Checks that `target` can be the target of a Treachery roll at all (3.13, 6.9, 9.1).
fn turnable(battle: &Battle, target: usize, field: &str) -> Result<()> {
    let v = &battle.slots[target].versions[0];
    if battle.king() == Some(target) || battle.pretender() == Some(target) {
        let role = if battle.king() == Some(target) {
            "King"
        } else {
            "Pretender"
        };
        return err(
            field,
            format!("{} is the {role} and cannot be turned (9.1, D10)", v.id),
        );
    }
    if v.loyalty.is_none() {
        let why = if v.data.is_some_and(|d| d.loyalty == data::Loyalty::Rose) {
            "is a rose noble and never defects (3.13)"
        } else {
            "has no loyalty rating and cannot defect (3.13)"
        };
        return err(field, format!("{} {why}", v.id));
    }
    Ok(())
}

fn plans(battle: &Battle, side: Side, p: &SidePolicy, path: &str) -> Result<Plans> {
    let mut out = Plans::default();
    let heirs = battle
        .slots
        .iter()
        .any(|s| s.side == side && s.versions[0].heir_rank.is_some());
    for (k, c) in p.charges.iter().enumerate() {
        let f = format!("{path}.charges[{k}]");
        if !heirs {
            return err(
                f,
                format!(
                    "the {} has no heir; only the senior heir may charge (6.5)",
                    side.name()
                ),
            );
        }
        let target = enemy(battle, side, &c.target, &format!("{f}.target"))? as u8;
        let by = match &c.by {
            None => None,
            Some(name) => {
                let i = own(battle, side, name, &format!("{f}.by"))?;
                if battle.slots[i].versions[0].heir_rank.is_none() {
                    return err(
                        format!("{f}.by"),
                        format!(
                            "{} is not an heir; only the senior heir may charge (6.5, D8)",
                            battle.slots[i].name()
                        ),
                    );
                }
                Some(i as u8)
            }
        };
        out.charges
            .push((target, round(c.round, &format!("{f}.round"))?, by));
    }
    for (k, t) in p.treachery.iter().enumerate() {
        let f = format!("{path}.treachery[{k}]");
        let by = own(battle, side, &t.by, &format!("{f}.by"))?;
        let v = &battle.slots[by].versions[0];
        let warwick = v.person() == "Warwick";
        if battle.king() != Some(by) && !battle.in_pretender_line(by) && !warwick {
            let behind = v.heir_rank.is_some() && battle.pretender_line.contains(&Some(by as u8));
            return err(
                format!("{f}.by"),
                if behind {
                    format!(
                        "{} cannot become the Pretender in this battle: a senior heir of his house is alive elsewhere (3.21, R1)",
                        v.id
                    )
                } else {
                    format!(
                        "{} is not the King, the Pretender or Warwick; only they make Treachery rolls (6.9, D10)",
                        v.id
                    )
                },
            );
        }
        let target = enemy(battle, side, &t.target, &format!("{f}.target"))?;
        turnable(battle, target, &format!("{f}.target"))?;
        let tp = battle.slots[target].versions[0].person().to_string();
        if warwick && (tp == "Northumberland" || tp == "Westmoreland") {
            return err(
                format!("{f}.target"),
                format!("Warwick may not make a Treachery roll on {tp} (6.91)"),
            );
        }
        out.treachery.push((
            by as u8,
            target as u8,
            round(t.round, &format!("{f}.round"))?,
        ));
    }
    if let Some(name) = &p.treason_target {
        let f = format!("{path}.treason_target");
        if battle.scenario.treason != Some(side) {
            return err(
                f,
                format!(
                    "the {0} does not hold the Treason card (set \"treason\": \"{0}\")",
                    side.name()
                ),
            );
        }
        if crate::rules::treachery::names_best(name) {
            // R45: the solvers choose the target once the blocks are revealed.
            out.treason_best = true;
        } else {
            let target = enemy(battle, side, name, &f)?;
            turnable(battle, target, &f)?;
            if battle.slots[target].reserve {
                return err(
                    f,
                    format!(
                        "{} is a reserve; the Treason roll needs an active block (D11)",
                        battle.slots[target].name()
                    ),
                );
            }
            out.treason_target = Some(target as u8);
        }
    }
    if let Some(r) = &p.retreat {
        let f = format!("{path}.retreat");
        if let Some(from) = r.from_round
            && !(2..=4).contains(&from)
        {
            return err(
                format!("{f}.from_round"),
                format!("{from}: blocks may retreat only in rounds 2-4 (6.6)"),
            );
        }
        if let Some(ratio) = r.below_ratio
            && !(ratio.is_finite() && ratio > 0.0)
        {
            return err(format!("{f}.below_ratio"), "must be a positive number");
        }
        out.retreat = Some((r.from_round, r.below_ratio));
    }
    for (k, r) in p.retreats.iter().enumerate() {
        let f = format!("{path}.retreats[{k}]");
        let block = own_or_defector(battle, side, &r.block, &format!("{f}.block"))?;
        if let Some(from) = r.from_round
            && !(2..=4).contains(&from)
        {
            return err(
                format!("{f}.from_round"),
                format!("{from}: blocks may retreat only in rounds 2-4 (6.6)"),
            );
        }
        if let Some(below) = r.below_strength {
            let max = battle.slots[block]
                .versions
                .iter()
                .map(|v| v.max_strength)
                .max()
                .unwrap_or(0);
            if !(2..=max).contains(&below) {
                return err(
                    format!("{f}.below_strength"),
                    format!(
                        "{below}: {} has strength 1-{max}, so a limit must be 2-{max}",
                        battle.slots[block].name()
                    ),
                );
            }
        }
        if let Some(ratio) = r.below_ratio
            && !(ratio.is_finite() && ratio > 0.0)
        {
            return err(format!("{f}.below_ratio"), "must be a positive number");
        }
        out.retreats.push(BlockRetreat {
            slot: block as u8,
            from_round: r.from_round,
            below_strength: r.below_strength,
            below_ratio: r.below_ratio,
        });
    }
    Ok(out)
}

/// Applies a battle in progress to the starting state (docs/scenario.md, `progress`).
fn progress(battle: &mut Battle, p: &crate::scenario::Progress) -> Result<()> {
    if !(1..=4).contains(&p.round) {
        return err(
            "progress.round",
            format!("{} is not a battle round (1-4, 6.2)", p.round),
        );
    }
    let mut s = battle.initial;
    s.round = p.round;
    s.swapped = p.control_changed;
    for (k, name) in p.defected.iter().enumerate() {
        let i = find(battle, name, &format!("progress.defected[{k}]"))?;
        battle.slots[i].turned_before = true;
    }
    for (k, name) in p.rolled.iter().enumerate() {
        let f = format!("progress.rolled[{k}]");
        let i = find(battle, name, &f)?;
        let v = &battle.slots[i].versions[0];
        if battle.king() != Some(i) && !battle.in_pretender_line(i) && v.person() != "Warwick" {
            return err(
                f,
                format!(
                    "{} is not the King, the Pretender or Warwick; only they make Treachery rolls (6.9, D10)",
                    v.id
                ),
            );
        }
        s.rolled |= 1 << i;
        if battle.pretender() == Some(i) {
            s.pretender_rolled = true;
        }
    }
    for (k, name) in p.acted.iter().enumerate() {
        let f = format!("progress.acted[{k}]");
        let i = find(battle, name, &f)?;
        if battle.slots[i].reserve {
            return err(
                f,
                format!(
                    "{} is in reserve and has no turn this round",
                    battle.slots[i].name()
                ),
            );
        }
        s.acted |= 1 << i;
    }
    if p.round == 1 {
        // In round 1 a reserve is a block that crossed another border (6.3); later, only a block
        // that defected this round waits in reserve (D10).
    } else {
        for slot in &battle.slots {
            if slot.reserve && !slot.turned_before {
                return err(
                    format!("{}.blocks", slot.side.name()),
                    format!(
                        "{} is a reserve in round {}: from round 2 only a block that defected this round waits in reserve (6.3, D10)",
                        slot.name(),
                        p.round
                    ),
                );
            }
        }
    }
    for side in Side::BOTH {
        let used = p.retreats_used[side.index()];
        if let Some(cap) = battle.retreat_capacity[side.index()]
            && used > cap
        {
            return err(
                "progress.retreats_used",
                format!(
                    "the {} used {used} retreats but its capacity is {cap}",
                    side.name()
                ),
            );
        }
        if used > 0 && p.round == 1 {
            return err(
                "progress.retreats_used",
                "no block may retreat in round 1 (6.6)",
            );
        }
        // Counted only where a capacity limits it (D12), as `retreat` counts: with no limit the
        // count changes nothing and the state does not keep it.
        if battle.retreat_capacity[side.index()].is_some() {
            s.retreats[side.index()] = used;
        }
        let present = s.present & s.side_mask(battle, side);
        if present & !s.reserve == 0 {
            return err(
                format!("{}.blocks", side.name()),
                format!(
                    "the {} has no active block; the battle would be over or its reserves deployed (D4, D13)",
                    side.name()
                ),
            );
        }
    }
    battle.initial = s;
    Ok(())
}
