//! [`Combat::new`]: every validation rule of a Kingmaker scenario and its message, and the
//! compilation into pieces, a deck and encounters. An error names the field (`field: reason`).

use super::combat::{
    AmbushRow, Combat, Fight, MAX_CARDS, MAX_HEIRS, MAX_NOBLES, MAX_STRENGTH, Participant, Piece,
    PieceKind, same_name,
};
use super::deck::{Deck, Group};
use super::format::{
    AmbushChoice, CardResult, CombatKind, Force, Game, KINGMAKER_VERSION, Line, Scenario, Side,
};
use crate::scenario::ScenarioError;

/// The longest note kept.
const MAX_NOTE: usize = 4_000;
/// The most names a card's Nobles killed section may list.
const MAX_KILLED: usize = 16;

fn err(field: impl Into<String>, reason: impl Into<String>) -> ScenarioError {
    ScenarioError::new(field, reason)
}

fn force(s: &Scenario, side: Side) -> &Force {
    match side {
        Side::Attacker => &s.attacker,
        Side::Defender => &s.defender,
    }
}

fn side_words(side: Side) -> &'static str {
    match side {
        Side::Attacker => "the attacking force",
        Side::Defender => "the force attacked",
    }
}

impl Combat {
    /// Validates a scenario and builds the combat.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the first field that breaks the format or the rules, with the
    /// reason and the rule (or decision) it breaks.
    pub fn new(s: &Scenario) -> Result<Combat, ScenarioError> {
        if s.version != KINGMAKER_VERSION {
            return Err(err(
                "version",
                format!(
                    "{} is not supported; this engine reads version {KINGMAKER_VERSION}",
                    s.version
                ),
            ));
        }
        if s.note.as_ref().is_some_and(|n| n.len() > MAX_NOTE) {
            return Err(err("note", format!("longer than {MAX_NOTE} bytes")));
        }
        let advanced_battle = s.game == Game::Advanced && s.combat == CombatKind::Battle;
        let pieces = pieces(s, advanced_battle)?;
        check_fields(s, advanced_battle)?;
        let deck = deck(s)?;
        let mut combat = Combat {
            scenario: s.clone(),
            pieces,
            deck,
            fights: Vec::new(),
            ambush: None,
        };
        match s.combat {
            CombatKind::Battle => {}
            CombatKind::Siege => check_siege(&combat)?,
            CombatKind::Ambush => combat.ambush = Some(ambush_row(&combat)?),
        }
        if advanced_battle {
            check_formation(&combat)?;
            combat.fights = fights(&combat)?;
        }
        Ok(combat)
    }
}

/// Every Noble and heir once, with a name, a strength within bounds and a place that exists.
fn pieces(s: &Scenario, advanced_battle: bool) -> Result<Vec<Piece>, ScenarioError> {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut heirs_with = Vec::new();
    for side in Side::BOTH {
        let f = force(s, side);
        let at = side.name();
        if f.nobles.len() > MAX_NOBLES {
            return Err(err(
                format!("{at}.nobles"),
                format!("more than {MAX_NOBLES} Nobles"),
            ));
        }
        if f.heirs.len() > MAX_HEIRS {
            return Err(err(
                format!("{at}.heirs"),
                format!("more than {MAX_HEIRS} royal heirs"),
            ));
        }
        let needed = side == Side::Attacker || s.combat != CombatKind::Siege;
        if needed && f.nobles.is_empty() {
            return Err(err(
                format!("{at}.nobles"),
                format!(
                    "{} needs at least one Noble (Combat; royal heirs cannot fight alone, Counter Key)",
                    side_words(side)
                ),
            ));
        }
        for (i, n) in f.nobles.iter().enumerate() {
            let field = format!("{at}.nobles[{i}]");
            check_name(&pieces, &n.name, &field)?;
            if n.strength == 0 {
                return Err(err(
                    format!("{field}.strength"),
                    "a Noble has at least 1 troop",
                ));
            }
            if n.strength > MAX_STRENGTH {
                return Err(err(
                    format!("{field}.strength"),
                    format!(
                        "{} exceeds the largest strength, {MAX_STRENGTH}",
                        n.strength
                    ),
                ));
            }
            if !advanced_battle && (n.line.is_some() || n.column.is_some()) {
                let which = if n.line.is_some() { "line" } else { "column" };
                return Err(err(
                    format!("{field}.{which}"),
                    "a battle formation is only for an Advanced Game battle (Battle Formation)",
                ));
            }
            pieces.push(Piece {
                name: n.name.trim().to_string(),
                side,
                field,
                kind: PieceKind::Noble {
                    strength: n.strength,
                    titled: n.titled,
                    line: n.line.unwrap_or(Line::Reserve),
                    column: n.column,
                },
            });
        }
        for (i, h) in f.heirs.iter().enumerate() {
            let field = format!("{at}.heirs[{i}]");
            check_name(&pieces, &h.name, &field)?;
            heirs_with.push((pieces.len(), h.with.clone()));
            pieces.push(Piece {
                name: h.name.trim().to_string(),
                side,
                field,
                kind: PieceKind::Heir {
                    with: None,
                    crowned: h.crowned,
                },
            });
        }
    }
    for (heir, with) in heirs_with {
        let side = pieces[heir].side;
        let field = format!("{}.with", pieces[heir].field);
        let noble = match with {
            None if advanced_battle => {
                return Err(err(
                    field,
                    "in an Advanced Game battle each royal heir is attached to one Noble of his \
                     force (Deployment 1d)",
                ));
            }
            None => None,
            Some(name) => Some(
                pieces
                    .iter()
                    .position(|p| p.side == side && p.is_noble() && same_name(&p.name, &name))
                    .ok_or_else(|| {
                        err(
                            &field,
                            format!("'{name}' is not a Noble of {}", side_words(side)),
                        )
                    })?,
            ),
        };
        if let PieceKind::Heir { with, .. } = &mut pieces[heir].kind {
            *with = noble;
        }
    }
    Ok(pieces)
}

fn check_name(pieces: &[Piece], name: &str, field: &str) -> Result<(), ScenarioError> {
    if name.trim().is_empty() {
        return Err(err(format!("{field}.name"), "empty"));
    }
    if let Some(other) = pieces.iter().find(|p| same_name(&p.name, name)) {
        return Err(err(
            format!("{field}.name"),
            format!(
                "'{}' is already at {}: a piece is in the combat once",
                name.trim(),
                other.field
            ),
        ));
    }
    Ok(())
}

/// Fields that belong to one type of combat only.
fn check_fields(s: &Scenario, advanced_battle: bool) -> Result<(), ScenarioError> {
    match (s.combat, s.garrison) {
        (CombatKind::Siege, None) => {
            return Err(err(
                "garrison",
                "a siege needs the permanent garrison of the place (Terrain Key: castle 100; \
                 town, open town and royal castle 200; city 300)",
            ));
        }
        (CombatKind::Siege, Some(g)) if !(1..=MAX_STRENGTH).contains(&g) => {
            return Err(err(
                "garrison",
                format!("{g} is not 1 to {MAX_STRENGTH} troops"),
            ));
        }
        (CombatKind::Battle | CombatKind::Ambush, Some(_)) => {
            return Err(err("garrison", "only a siege has a garrison"));
        }
        _ => {}
    }
    if !advanced_battle && !s.encounters.is_empty() {
        return Err(err(
            "encounters",
            "encounters are only for an Advanced Game battle (Individual Encounter)",
        ));
    }
    if !advanced_battle && s.counterattack {
        return Err(err(
            "counterattack",
            "a counter-attack is only for an Advanced Game battle (Advanced Battle 7)",
        ));
    }
    if s.combat != CombatKind::Ambush && s.ambush.is_some() {
        return Err(err("ambush", "only an ambush has the ambusher's choice"));
    }
    Ok(())
}

/// The deck: counts within bounds, at least one card, results and lists the game allows.
fn deck(s: &Scenario) -> Result<Deck, ScenarioError> {
    let mut groups = Vec::new();
    let mut total: u64 = 0;
    for (i, cards) in s.deck.iter().enumerate() {
        let field = format!("deck[{i}]");
        if cards.count > MAX_CARDS {
            return Err(err(
                format!("{field}.count"),
                format!(
                    "{} cards exceed the most a deck may hold, {MAX_CARDS}",
                    cards.count
                ),
            ));
        }
        total += cards.count as u64;
        if s.game == Game::Basic && cards.result == CardResult::Majority {
            return Err(err(
                format!("{field}.result"),
                "a Majority victory is Advanced Game only (Table of Odds): no Basic Game card \
                 prints it (K3)",
            ));
        }
        if cards.nobles_killed_table && !cards.killed.is_empty() {
            return Err(err(
                format!("{field}.killed"),
                "a card read on the Nobles Killed Table prints no list (optional Event cards)",
            ));
        }
        if cards.killed.len() > MAX_KILLED {
            return Err(err(
                format!("{field}.killed"),
                format!("more than {MAX_KILLED} names"),
            ));
        }
        if let Some(k) = cards.killed.iter().position(|n| n.trim().is_empty()) {
            return Err(err(format!("{field}.killed[{k}]"), "empty name"));
        }
        groups.push(Group {
            count: cards.count,
            result: cards.result.odds(),
            killed: cards.killed.iter().map(|n| n.trim().to_string()).collect(),
            table: cards.nobles_killed_table,
        });
    }
    if total > MAX_CARDS as u64 {
        return Err(err(
            "deck",
            format!("{total} cards exceed the most a deck may hold, {MAX_CARDS}"),
        ));
    }
    if total == 0 {
        return Err(err(
            "deck",
            "no card: an empty deck settles nothing. Count the Event cards with a combat result \
             (each victory ratio, and Bad Weather) the attacker may draw (K2)",
        ));
    }
    Ok(Deck::new(groups))
}

/// Siege 1: the besiegers match at least the garrison and the Nobles inside.
fn check_siege(c: &Combat) -> Result<(), ScenarioError> {
    let besiegers = c.nobles_strength(Side::Attacker);
    let inside = c.nobles_strength(Side::Defender);
    let defence = c.garrison() + inside;
    if besiegers < defence {
        return Err(err(
            "attacker.nobles",
            format!(
                "{besiegers} troops cannot besiege a defence of {defence} (garrison {}, Nobles \
                 inside {inside}): the besiegers need at least an equal strength (Siege 1)",
                c.garrison()
            ),
        ));
    }
    Ok(())
}

/// Ambush: the target at least 4 times stronger, and the ambusher's row (default: the first
/// royal heir of the target force, else its first Noble; K12).
fn ambush_row(c: &Combat) -> Result<AmbushRow, ScenarioError> {
    let ambushers = c.nobles_strength(Side::Attacker);
    let target = c.nobles_strength(Side::Defender);
    if (target as u64) < 4 * ambushers as u64 {
        return Err(err(
            "defender.nobles",
            format!(
                "an ambush needs a target force at least 4 times stronger (Ambush): {target} is \
                 less than 4 × {ambushers}; fight a battle instead"
            ),
        ));
    }
    let in_target = |p: &Piece| p.side == Side::Defender;
    match &c.scenario.ambush {
        Some(AmbushChoice::Each) => Ok(AmbushRow::Each),
        Some(AmbushChoice::Selected(name)) => c
            .pieces
            .iter()
            .position(|p| in_target(p) && same_name(&p.name, name))
            .map(AmbushRow::Selected)
            .ok_or_else(|| {
                err(
                    "ambush.selected",
                    format!("'{name}' is not a Noble or royal heir of the target force"),
                )
            }),
        None => {
            let first = c
                .pieces
                .iter()
                .position(|p| in_target(p) && !p.is_noble())
                .or_else(|| c.pieces.iter().position(in_target));
            // Validation above guarantees a target Noble.
            Ok(first.map_or(AmbushRow::Each, AmbushRow::Selected))
        }
    }
}

/// The place of a Noble in the formation: (line, column).
fn place(p: &Piece) -> Option<(Line, Option<u8>)> {
    match p.kind {
        PieceKind::Noble { line, column, .. } => Some((line, column)),
        PieceKind::Heir { .. } => None,
    }
}

/// Battle Formation and Deployment 1a-1b: one to three Nobles in the battle line, no stacking
/// in the lines, a secondary Noble only behind a battle-line one.
fn check_formation(c: &Combat) -> Result<(), ScenarioError> {
    for side in Side::BOTH {
        let nobles: Vec<&Piece> = c
            .pieces
            .iter()
            .filter(|p| p.side == side && p.is_noble())
            .collect();
        for (i, p) in nobles.iter().enumerate() {
            let Some((line, column)) = place(p) else {
                continue;
            };
            match (line, column) {
                (Line::Reserve, Some(_)) => {
                    return Err(err(
                        format!("{}.column", p.field),
                        "a Noble in reserve has no column (Battle Formation)",
                    ));
                }
                (Line::Battle | Line::Secondary, None) => {
                    return Err(err(
                        format!("{}.column", p.field),
                        "a Noble in the battle or secondary line needs a column, 1-3",
                    ));
                }
                (_, Some(col)) if !(1..=3).contains(&col) => {
                    return Err(err(
                        format!("{}.column", p.field),
                        format!(
                            "{col} is not a column: a formation has columns 1-3 (Battle Formation)"
                        ),
                    ));
                }
                _ => {}
            }
            if line != Line::Reserve
                && let Some(other) = nobles[..i]
                    .iter()
                    .find(|q| place(q) == Some((line, column)))
            {
                return Err(err(
                    format!("{}.column", p.field),
                    format!(
                        "column {} of the {} line already holds {}: Nobles are not stacked in \
                         the lines (Battle Formation)",
                        column.unwrap_or(0),
                        line_name(line),
                        other.name
                    ),
                ));
            }
            if line == Line::Secondary
                && !nobles
                    .iter()
                    .any(|q| place(q) == Some((Line::Battle, column)))
            {
                return Err(err(
                    format!("{}.line", p.field),
                    format!(
                        "{} stands in the secondary line of column {} with no Noble of the \
                         battle line in front of him (Deployment 1b)",
                        p.name,
                        column.unwrap_or(0)
                    ),
                ));
            }
        }
        if !nobles
            .iter()
            .any(|p| place(p).is_some_and(|(l, _)| l == Line::Battle))
        {
            return Err(err(
                format!("{}.nobles", side.name()),
                "no Noble in the battle line: at least one must be there (Deployment 1a)",
            ));
        }
    }
    Ok(())
}

fn line_name(line: Line) -> &'static str {
    match line {
        Line::Battle => "battle",
        Line::Secondary => "secondary",
        Line::Reserve => "reserve",
    }
}

/// The battle-line Noble of a side in a column.
fn front(c: &Combat, side: Side, column: u8) -> Option<usize> {
    c.pieces
        .iter()
        .position(|p| p.side == side && place(p) == Some((Line::Battle, Some(column))))
}

/// The encounters: who fights in each and with how many troops (Individual Encounter 1-4,
/// K8), and the optional rule Ambush (K5).
fn fights(c: &Combat) -> Result<Vec<Fight>, ScenarioError> {
    let s = &c.scenario;
    if s.encounters.is_empty() {
        return Err(err(
            "encounters",
            "an Advanced Game battle needs the encounters the attacking player initiates \
             (Advanced Battle 4-5)",
        ));
    }
    let initiator = c.initiator();
    let columns: Vec<u8> = s.encounters.iter().map(|e| e.column).collect();
    let mut fights: Vec<Fight> = Vec::new();
    // Principals first: the two battle-line Nobles of each encounter's column.
    for (e, enc) in s.encounters.iter().enumerate() {
        let field = format!("encounters[{e}].column");
        if !(1..=3).contains(&enc.column) {
            return Err(err(
                field,
                format!(
                    "{} is not a column: a formation has columns 1-3",
                    enc.column
                ),
            ));
        }
        if columns[..e].contains(&enc.column) {
            return Err(err(
                field,
                format!(
                    "column {} already has an encounter: each defending Noble is attacked once \
                     (Individual Encounter)",
                    enc.column
                ),
            ));
        }
        let mut participants = Vec::new();
        for side in [initiator, initiator.other()] {
            let Some(p) = front(c, side, enc.column) else {
                return Err(err(
                    field,
                    format!(
                        "no Noble of {} in the battle line of column {}: an encounter is between \
                         the Nobles facing each other there (Individual Encounter 1)",
                        side_words(side),
                        enc.column
                    ),
                ));
            };
            participants.push(Participant {
                piece: p,
                troops: c.pieces[p].strength(),
            });
        }
        fights.push(Fight {
            column: enc.column,
            participants,
        });
    }
    // Nobles joining with all their troops (Individual Encounter 2-3).
    let mut joined: Vec<(usize, usize)> = Vec::new();
    for (e, enc) in s.encounters.iter().enumerate() {
        for (j, name) in enc.join.iter().enumerate() {
            let field = format!("encounters[{e}].join[{j}]");
            let p = noble(c, name, &field)?;
            let (line, column) = place(&c.pieces[p]).unwrap_or((Line::Reserve, None));
            if let Some(f) = fights
                .iter()
                .position(|f| f.participants[..2].iter().any(|q| q.piece == p))
            {
                return Err(err(
                    field,
                    format!(
                        "{} battles in the encounter of column {}; he may only strip off troops \
                         for another (Individual Encounter 4): list him under lend",
                        c.pieces[p].name, fights[f].column
                    ),
                ));
            }
            if let Some(&(other, _)) = joined.iter().find(|(_, q)| *q == p) {
                return Err(err(
                    field,
                    format!(
                        "{} already joins the encounter of column {}",
                        c.pieces[p].name, fights[other].column
                    ),
                ));
            }
            let column = column.unwrap_or(0);
            let allowed = match line {
                Line::Secondary => column == enc.column,
                Line::Battle => {
                    !columns.contains(&column) && closest(&columns, column).contains(&enc.column)
                }
                Line::Reserve => false,
            };
            if !allowed {
                let why = match line {
                    Line::Secondary => format!(
                        "{} stands in the secondary line of column {column} and may join only \
                         that column's encounter (Individual Encounter 2)",
                        c.pieces[p].name
                    ),
                    Line::Battle => format!(
                        "{} may join only one of the closest encounters to his column {column}: \
                         column {} (Individual Encounter 3)",
                        c.pieces[p].name,
                        list(&closest(&columns, column))
                    ),
                    Line::Reserve => format!(
                        "{} is in reserve: Nobles in reserve take no part in encounters (K8)",
                        c.pieces[p].name
                    ),
                };
                return Err(err(field, why));
            }
            joined.push((e, p));
            fights[e].participants.push(Participant {
                piece: p,
                troops: c.pieces[p].strength(),
            });
        }
    }
    // Troops stripped off Nobles battling in another encounter (Individual Encounter 4).
    let own = |p: usize, fights: &[Fight]| {
        fights
            .iter()
            .position(|f| f.participants.iter().any(|q| q.piece == p))
    };
    // (encounter lent to, its home encounter, Noble, troops, field)
    let mut lent: Vec<(usize, usize, usize, u32, String)> = Vec::new();
    for (e, enc) in s.encounters.iter().enumerate() {
        for (l, lend) in enc.lend.iter().enumerate() {
            let field = format!("encounters[{e}].lend[{l}]");
            let p = noble(c, &lend.noble, &format!("{field}.noble"))?;
            let name = &c.pieces[p].name;
            let Some(home) = own(p, &fights).filter(|&h| h != e) else {
                return Err(err(
                    format!("{field}.noble"),
                    format!(
                        "{name} is not battling in another encounter: only a Noble battling in a \
                         different column may strip off troops to join (Individual Encounter 4)"
                    ),
                ));
            };
            let others: Vec<u8> = columns
                .iter()
                .copied()
                .filter(|&col| col != columns[home])
                .collect();
            if !closest(&others, columns[home]).contains(&enc.column) {
                return Err(err(
                    format!("{field}.noble"),
                    format!(
                        "the closest encounters to {name}'s (column {}) are in column {}, not {} \
                         (Individual Encounter 4a)",
                        columns[home],
                        list(&closest(&others, columns[home])),
                        enc.column
                    ),
                ));
            }
            if lent.iter().any(|(to, _, q, _, _)| *to == e && *q == p) {
                return Err(err(
                    format!("{field}.noble"),
                    format!("{name} already lends troops to this encounter"),
                ));
            }
            if lend.troops == 0 {
                return Err(err(
                    format!("{field}.troops"),
                    "at least 1 troop is stripped off",
                ));
            }
            let total: u64 = lent
                .iter()
                .filter(|(_, _, q, _, _)| *q == p)
                .map(|(_, _, _, t, _)| *t as u64)
                .sum::<u64>()
                + lend.troops as u64;
            if total > c.pieces[p].strength() as u64 {
                return Err(err(
                    format!("{field}.troops"),
                    format!(
                        "{name} would strip off {total} troops in all, more than his {}",
                        c.pieces[p].strength()
                    ),
                ));
            }
            lent.push((e, home, p, lend.troops, format!("{field}.troops")));
        }
    }
    for (to, home, p, troops, _) in &lent {
        if let Some(q) = fights[*home]
            .participants
            .iter_mut()
            .find(|q| q.piece == *p)
        {
            // At most his strength in all (checked above).
            q.troops = q.troops.saturating_sub(*troops);
        }
        fights[*to].participants.push(Participant {
            piece: *p,
            troops: *troops,
        });
    }
    // Individual Encounter 4b: a lender keeps 2 to 1 in his own encounter.
    for (_, home, p, _, field) in &lent {
        let side = c.pieces[*p].side;
        let (mine, theirs) = (
            c.troops(&fights[*home], side),
            c.troops(&fights[*home], side.other()),
        );
        if (mine as u64) < 2 * theirs as u64 {
            return Err(err(
                field,
                format!(
                    "{}'s own encounter (column {}) would be {mine} to {theirs}, short of the 2 to 1 \
                     superiority a Noble stripping off troops keeps (Individual Encounter 4b)",
                    c.pieces[*p].name, fights[*home].column
                ),
            ));
        }
    }
    // The optional rule Ambush: no battle the attacker cannot even draw (K5).
    for (e, f) in fights.iter().enumerate() {
        let (attacking, attacked) = (c.troops(f, initiator), c.troops(f, initiator.other()));
        if attacked as u64 >= 4 * attacking as u64 {
            return Err(err(
                format!("encounters[{e}]"),
                format!(
                    "the Nobles attacked have 4 to 1 or better ({attacked} to {attacking}): the \
                     optional rule Ambush forbids a battle the attacker cannot even draw (K5)"
                ),
            ));
        }
    }
    Ok(fights)
}

/// The columns among `columns` closest to `column` (Individual Encounter 3, 4a).
fn closest(columns: &[u8], column: u8) -> Vec<u8> {
    let distance = |c: u8| c.abs_diff(column);
    let best = columns.iter().map(|&c| distance(c)).min();
    columns
        .iter()
        .copied()
        .filter(|&c| Some(distance(c)) == best)
        .collect()
}

fn list(columns: &[u8]) -> String {
    let words: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
    words.join(" or ")
}

/// The Noble of that name, of either force.
fn noble(c: &Combat, name: &str, field: &str) -> Result<usize, ScenarioError> {
    c.pieces
        .iter()
        .position(|p| p.is_noble() && same_name(&p.name, name))
        .ok_or_else(|| err(field, format!("'{name}' is not a Noble of either force")))
}
