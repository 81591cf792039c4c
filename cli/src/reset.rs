//! `bosworth reset FILE`: the exact odds of a Campaign Reset in the political-events variant
//! (`docs/reset.md`), as tables or JSON.

use bosworth::ScenarioError;
use bosworth::reset::{Reset, ResetOdds, ResetScenario};
use std::fmt::Write;

/// Parses reset scenario JSON; a format error names the field where it was found.
pub fn parse(text: &str) -> Result<ResetScenario, ScenarioError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        ScenarioError::new(path, e.into_inner().to_string())
    })
}

/// The odds of the reset in `text`: a table, or JSON (the engine's [`ResetOdds`] as is).
pub fn run(text: &str, as_json: bool) -> Result<String, ScenarioError> {
    let odds = Reset::new(&parse(text)?)?.odds();
    Ok(if as_json {
        crate::output::json(&odds)
    } else {
        table(&odds)
    })
}

fn pct(p: f64) -> String {
    format!("{:5.1}%", p * 100.0)
}

/// The odds as tables and sentences.
pub fn table(r: &ResetOdds) -> String {
    let mut o = String::new();
    let pretender = r.pretender.map_or("none".to_string(), |p| {
        format!("{p} ({})", r.throne.other())
    });
    let _ = writeln!(
        o,
        "Campaign Reset, political-events variant (exact, {})",
        crate::text::count(r.outcomes as u64, "outcome", "outcomes")
    );
    let _ = writeln!(
        o,
        "King {} ({}), Pretender {pretender}; Pledge of Loyalty {}",
        r.king,
        r.throne,
        if r.pledge {
            "rolled (usurpation this turn)"
        } else {
            "not rolled (no usurpation this turn)"
        }
    );
    if !r.nobles.is_empty() {
        let _ = writeln!(
            o,
            "\n{:<24} {:<10} {:>4} {:>7} {:>7} {:>9}",
            "Noble", "serves", "dice", "pledge", "turned", "executed"
        );
        for n in &r.nobles {
            let name = if n.on_map {
                n.noble.to_string()
            } else {
                format!("{} (pool)", n.noble)
            };
            let pledge = if r.pledge { pct(n.pledge) } else { "-".into() };
            let _ = writeln!(
                o,
                "{name:<24} {:<10} {:>4} {pledge:>7} {:>7} {:>9}",
                n.house.to_string(),
                n.dice,
                pct(n.turned),
                pct(n.executed)
            );
        }
    }
    let _ = writeln!(
        o,
        "\n{:<24} {:<10} {:>7} {:>7} {:>9} {:>7} {:>7}",
        "Heir", "house", "illness", "trial", "executed", "alive", "King"
    );
    for h in &r.heirs {
        let _ = writeln!(
            o,
            "{:<24} {:<10} {:>7} {:>7} {:>9} {:>7} {:>7}",
            format!("{} ({})", h.heir, h.rank),
            h.house.to_string(),
            pct(h.illness),
            pct(h.trial),
            pct(h.disgrace),
            pct(h.alive),
            pct(h.king)
        );
    }
    let _ = writeln!(o, "\nKing and Pretender after the reset");
    for c in &r.crown {
        let line = match (c.winner, c.king) {
            (Some(w), _) => format!("{w} wins at once: every {} heir is dead (9.0)", w.other()),
            (None, Some(k)) => format!(
                "King {k} ({}), Pretender {}",
                c.throne,
                c.pretender.map_or("none".to_string(), |p| format!(
                    "{p} ({})",
                    c.throne.other()
                ))
            ),
            (None, None) => "no King".to_string(),
        };
        let _ = writeln!(o, "  {}  {line}", pct(c.chance));
    }
    let _ = write!(o, "\nRebel placed by event 5: {}", pct(r.rebel_placed));
    o
}
