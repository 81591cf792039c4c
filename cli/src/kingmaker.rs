//! `bosworth kingmaker`: the odds of a Kingmaker battle, siege or ambush, as text or JSON.

use crate::output::json;
use crate::progress::Stop;
use bosworth::ScenarioError;
use bosworth::kingmaker::{
    Chance, Combat, CombatKind, EncounterFigures, Game, Outcome, PieceFigures, PieceType, Ratio,
    Report, Scenario, Side,
};
use std::fmt::Write;

/// Reads, validates and resolves the scenario in `text`; the report as JSON or text.
pub fn run(text: &str, as_json: bool) -> Result<String, Stop> {
    let report = parse(text)
        .and_then(|s| Combat::new(&s))
        .map_err(|e| Stop::Error(e.to_string()))?
        .report();
    Ok(if as_json {
        json(&report)
    } else {
        table(&report)
    })
}

/// Parses a Kingmaker scenario; a format error names the field where it was found.
fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    // Say so plainly when the file is some other scenario (a Richard III battle has no kind).
    if let Ok(serde_json::Value::Object(fields)) = serde_json::from_str(text)
        && !fields.contains_key("kind")
    {
        return Err(ScenarioError::new(
            "kind",
            "missing: a Kingmaker scenario says \"kind\": \"kingmaker\" (docs/kingmaker.md); \
             a Richard III battle goes to bosworth exact",
        ));
    }
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        ScenarioError::new(path, e.into_inner().to_string())
    })
}

/// A chance as its fraction and percentage, aligned.
fn chance(c: Chance) -> String {
    let fraction = if c == Chance::ZERO {
        "0".to_string()
    } else {
        c.to_string()
    };
    format!("{fraction:>11} {:6.1}%", c.value() * 100.0)
}

/// The least width of the label column.
const LABEL: usize = 44;

/// The width of the label column: wide enough for every piece's line.
fn width(r: &Report) -> usize {
    r.pieces
        .iter()
        .map(|p| piece_label(p).chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(LABEL)
}

/// One line: a label and its chance, the chances aligned at `w`.
fn row(o: &mut String, w: usize, label: &str, c: Chance) {
    let _ = writeln!(o, "{label:<w$}{}", chance(c));
}

fn side(s: Side) -> &'static str {
    s.name()
}

/// A ratio in words: "5-4 for the attacker", "even (1-1)", "below 5-4 for the defender".
fn ratio(r: Ratio) -> String {
    match (r.larger, r.odds) {
        (None, _) => "even (1-1): no victory ratio is reached".to_string(),
        (Some(s), Some(o)) => format!("{o} for the {}", side(s)),
        (Some(s), None) => format!("below 5-4 for the {} (no victory ratio reached)", side(s)),
    }
}

/// Wraps text at 96 columns: the first line keeps the text's own indent, the others get
/// `indent`.
fn wrap(text: &str, indent: &str) -> String {
    let first = &text[..text.len() - text.trim_start().len()];
    let mut out = String::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.len() + 1 + word.len() > 96 {
            let _ = writeln!(out, "{line}");
            line = indent.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(&line);
    out
}

/// The report as text.
pub fn table(r: &Report) -> String {
    let mut o = String::new();
    let game = match r.game {
        Game::Basic => "Basic Game",
        Game::Advanced => "Advanced Game",
    };
    let combat = match r.combat {
        CombatKind::Battle => "battle",
        CombatKind::Siege => "siege",
        CombatKind::Ambush => "ambush",
    };
    let _ = writeln!(o, "Kingmaker, {game}: {combat}");
    if let Some(note) = &r.note {
        let _ = writeln!(o, "{}", wrap(note, ""));
    }
    let d = &r.deck;
    let mut results = vec![format!("{} Bad Weather", d.bad_weather)];
    results.extend(
        d.victory
            .iter()
            .map(|v| format!("{} of {}", v.cards, v.odds)),
    );
    let _ = writeln!(
        o,
        "\nDeck: {} with a combat result:",
        crate::text::count(d.cards as u64, "card", "cards")
    );
    let _ = writeln!(o, "{}", wrap(&format!("  {}.", results.join(", ")), "  "));
    let w = width(r);
    let _ = writeln!(o);
    match &r.outcome {
        Outcome::Battle {
            attacker,
            defender,
            ratio: rt,
            attacker_wins,
            defender_wins,
            indecisive,
            bad_weather,
        } => {
            let _ = writeln!(
                o,
                "Table of Odds: {attacker} to {defender} troops, {}.",
                ratio(*rt)
            );
            row(&mut o, w, "  attacker wins", *attacker_wins);
            row(&mut o, w, "  defender wins", *defender_wins);
            row(&mut o, w, "  indecisive", *indecisive);
            row(&mut o, w, "  Bad Weather: no battle", *bad_weather);
        }
        Outcome::Siege {
            besiegers,
            garrison,
            defenders,
            captured,
            under_siege,
        } => {
            let _ = writeln!(
                o,
                "Siege: {besiegers} troops against a garrison of {garrison} and the Nobles \
                 inside, {defenders} (the odds are ignored)."
            );
            row(&mut o, w, "  captured", *captured);
            row(&mut o, w, "  Bad Weather: under siege", *under_siege);
        }
        Outcome::Ambush {
            ambushers,
            target,
            ratio: rt,
            table_row,
            ambushers_captured,
            postponed,
        } => {
            let _ = writeln!(
                o,
                "Ambush: {ambushers} troops against {target}, {}.",
                ratio(*rt)
            );
            if let Some(row) = table_row {
                let row = match row {
                    bosworth::kingmaker::AmbushChoice::Each => {
                        "each of the target force, 2 or 12".to_string()
                    }
                    bosworth::kingmaker::AmbushChoice::Selected(name) => {
                        format!("{name} selected, 2, 3 or 4")
                    }
                };
                let _ = writeln!(
                    o,
                    "Nobles Killed Table row, the ambusher's choice: {row} (K12)."
                );
            }
            row(
                &mut o,
                w,
                "  takes place: ambushers captured",
                *ambushers_captured,
            );
            row(&mut o, w, "  Bad Weather: postponed", *postponed);
        }
        Outcome::Encounters {
            initiator,
            postponed,
            encounters,
        } => {
            let _ = writeln!(o, "The {} attacks.", side(*initiator));
            if let Some(p) = postponed {
                row(&mut o, w, "Step 1: Bad Weather postpones the battle", *p);
                let _ = writeln!(o, "(the encounters below assume it goes ahead)");
            }
            for e in encounters {
                encounter(&mut o, w, e);
            }
        }
    }
    pieces(&mut o, w, r);
    for note in &r.notes {
        let _ = writeln!(o, "\n{}", wrap(note, ""));
    }
    o.trim_end().to_string()
}

fn encounter(o: &mut String, w: usize, e: &EncounterFigures) {
    let names = |s: Side| {
        let v: Vec<String> = e
            .participants
            .iter()
            .filter(|p| p.side == s)
            .map(|p| format!("{} {}", p.name, p.troops))
            .collect();
        v.join(", ")
    };
    let heading = format!(
        "Encounter in column {}: {} (attacker) against {} (defender)",
        e.column,
        names(Side::Attacker),
        names(Side::Defender)
    );
    let _ = writeln!(o, "\n{}", wrap(&heading, "  "));
    let _ = writeln!(
        o,
        "  troops {} to {}: {}",
        e.attacker,
        e.defender,
        ratio(e.troop_ratio)
    );
    for m in &e.modifications {
        let line = format!("  a step for the {}: {}", side(m.side), m.reason);
        let _ = writeln!(o, "{}", wrap(&line, "      "));
    }
    match e.shift {
        Some(s) => {
            let _ = writeln!(o, "  net: one step for the {}: {}", side(s), ratio(e.ratio));
        }
        None if !e.modifications.is_empty() => {
            let _ = writeln!(o, "  net: the steps cancel: {}", ratio(e.ratio));
        }
        None => {}
    }
    row(o, w, "  attacker wins", e.attacker_wins);
    row(o, w, "  defender wins", e.defender_wins);
    row(o, w, "  indecisive", e.indecisive);
    row(o, w, "  Bad Weather: indecisive", e.bad_weather);
}

/// A piece's label: name, side, and whether a royal heir.
fn piece_label(p: &PieceFigures) -> String {
    let what = match p.piece {
        PieceType::Noble => "",
        PieceType::RoyalHeir => ", royal heir",
    };
    format!("  {} ({}{what})", p.name, side(p.side))
}

fn pieces(o: &mut String, w: usize, r: &Report) {
    let loyalty = r.pieces.iter().any(|p| p.successor_loyal.is_some());
    let _ = writeln!(o, "\n{:<w$}{:>11}", "Killed", "chance");
    for p in &r.pieces {
        row(o, w, &piece_label(p), p.killed);
        for how in &p.how {
            let _ = writeln!(o, "{}", wrap(&format!("      {how}"), "        "));
        }
        if let (Some(kept), Some(lost)) = (p.successor_loyal, p.successor_lost)
            && p.killed != Chance::ZERO
        {
            row(o, w, "      killed, successor loyal", kept);
            row(o, w, "      killed, successor lost", lost);
        }
    }
    if loyalty {
        let _ = writeln!(
            o,
            "\n{}",
            wrap(
                "The Loyalty Table is rolled for every titled Noble and crowned royal heir \
                 killed: on 2 through 7 the successor stays with the faction (K11).",
                ""
            )
        );
    }
}
