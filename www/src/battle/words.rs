//! The engine's messages in players' words: `attacker.blocks[1].strength` becomes "York's
//! Suffolk, strength", and the control on the page that sets the field.

use bosworth::data::House;
use bosworth::{Scenario, ScenarioError, Side};

/// What a part that plays the battle says while it cannot be fought: a battle without blocks
/// (a new one) needs them, anything else needs fixing first.
pub fn not_yet(e: &ScenarioError) -> &'static str {
    if e.reason.contains("has no blocks") { "Add blocks to both sides first." } else { "Fix the battle first." }
}

/// A message about a battle that cannot be fought, for players: where, in the page's words, then
/// the engine's reason (which already cites its rule).
pub fn message(scenario: &Scenario, e: &ScenarioError) -> String {
    let (side, rest) = split_side(&e.field);
    if let (Some(side), "blocks") = (side, rest)
        && e.reason.contains("has no blocks")
    {
        return format!(
            "{} has no blocks yet: add at least one from its roster.",
            side_words(scenario, side)
        );
    }
    if let Some(m) = border_message(scenario, e) {
        return m;
    }
    match place(scenario, &e.field) {
        Some(place) => format!("{place}: {}", e.reason),
        None => e.reason.clone(),
    }
}

/// A refusal of the battle's borders (R20), for players: the engine's reasons already begin
/// with the block's name ("Norfolk: Essex and Kent share no land border (5.2, estuary: ...)"),
/// so the page adds its house rather than repeat it, and names a block the reason gives by its
/// field (`attacker.blocks[0]`) by its name.
fn border_message(scenario: &Scenario, e: &ScenarioError) -> Option<String> {
    let (side, rest) = split_side(&e.field);
    let side = side?;
    let a = army(scenario, side);
    let (name, sub) = if let Some((i, sub)) = indexed(rest, "blocks") {
        let b = a.blocks.get(i)?;
        (b.id.clone().or_else(|| b.custom.as_ref().map(|c| c.name.clone()))?, sub)
    } else if let Some((k, sub)) = indexed(rest, "hidden") {
        (format!("hidden #{}", k + 1), sub)
    } else {
        return None;
    };
    if sub != ".from" && sub != ".reserve" {
        return None;
    }
    // "as attacker.blocks[0] came": the block's name.
    let mut reason = e.reason.clone();
    for (i, b) in a.blocks.iter().enumerate() {
        if let Some(n) = b.id.as_deref().or(b.custom.as_ref().map(|c| c.name.as_str())) {
            reason = reason.replace(&format!("{}.blocks[{i}]", side.name()), n);
        }
    }
    for k in 0..a.hidden.len() {
        reason = reason.replace(&format!("{}.hidden[{k}]", side.name()), &format!("hidden #{}", k + 1));
    }
    let (house, name) = (a.house, name.trim());
    Some(if let Some(r) = reason.strip_prefix(&format!("{name}: ")) {
        format!("{house}'s {name}: {r}")
    } else if reason.starts_with(&format!("{name} ")) {
        format!("{house}'s {reason}")
    } else {
        format!("{house}'s {name}, where it came from: {reason}")
    })
}

/// Where a field is, in the page's words; `None` for the battle as a whole.
pub fn place(scenario: &Scenario, field: &str) -> Option<String> {
    let (side, rest) = split_side(field);
    if let Some(side) = side {
        let who = side_words(scenario, side);
        let house = army(scenario, side).house;
        return Some(if rest == "house" {
            match side {
                Side::Attacker => "Attacking house".to_string(),
                Side::Defender => "Defending house".to_string(),
            }
        } else if rest == "retreat_capacity" {
            format!("{house}'s retreat limit")
        } else if let Some((i, sub)) = indexed(rest, "blocks") {
            let name = army(scenario, side).blocks.get(i).and_then(|b| {
                b.id.clone().or_else(|| b.custom.as_ref().map(|c| c.name.clone()))
            });
            let name = name.filter(|n| !n.trim().is_empty()).unwrap_or_else(|| format!("block {}", i + 1));
            let what = match sub {
                ".strength" => ", strength",
                ".custom.name" => ", name",
                ".custom.rating" => ", rating",
                ".custom.max_strength" => ", maximum strength",
                ".custom.loyalty" => ", loyalty",
                _ => "",
            };
            format!("{house}'s {name}{what}")
        } else {
            who
        });
    }
    if let Some(policy) = field.strip_prefix("policy.") {
        let (side, rest) = split_side(policy);
        let side = side?;
        let house = army(scenario, side).house;
        let what = if let Some((k, _)) = indexed(rest, "charges") {
            format!("charge {}", k + 1)
        } else if let Some((k, _)) = indexed(rest, "treachery") {
            format!("Treachery roll {}", k + 1)
        } else if rest.starts_with("treason_target") {
            "Treason card target".to_string()
        } else if rest.starts_with("fire_order") {
            "fire order".to_string()
        } else if rest.starts_with("hit_order") {
            "hit order".to_string()
        } else if rest.starts_with("retreat") {
            "retreat plan".to_string()
        } else {
            "choices".to_string()
        };
        return Some(format!("{house}'s {what}"));
    }
    if let Some((i, _)) = indexed(field, "dead") {
        let who = scenario.dead.get(i).cloned().unwrap_or_default();
        return Some(format!("Dead before the battle ({who})"));
    }
    let first = field.split(['.', '[']).next().unwrap_or_default();
    Some(
        match first {
            "" => return None,
            "area" => "Area",
            "king" => "Throne",
            "treason" => "Treason card",
            "version" => "The battle's format version",
            "progress" => "The battle in progress",
            "neighbours" => {
                return Some(match field.strip_prefix("neighbours.") {
                    Some(n) => format!("Who holds {n}"),
                    None => "Who holds the neighbours".to_string(),
                });
            }
            other => other,
        }
        .to_string(),
    )
}

/// CSS selectors of the page's controls for a field, best first: the first found takes focus.
pub fn controls(field: &str) -> Vec<String> {
    let test_id = |id: &str| format!("[data-testid=\"{id}\"]");
    let (side, rest) = split_side(field);
    if let Some(side) = side {
        let sid = side.name();
        return if rest == "house" {
            vec![test_id("attacker-house")]
        } else if rest == "retreat_capacity" {
            vec![test_id(&format!("capacity-{sid}"))]
        } else if let Some((i, sub)) = indexed(rest, "blocks") {
            let row = test_id(&format!("block-{sid}-{i}"));
            if sub == ".strength" {
                vec![format!("{row} .pip"), row]
            } else if sub == ".from" {
                vec![test_id(&format!("from-{sid}-{i}")), row]
            } else if sub == ".reserve" {
                // With borders given, the Main Attack sets the reserves (6.3).
                vec![MAIN_ATTACK.to_string(), test_id(&format!("from-{sid}-{i}")), row]
            } else {
                vec![format!("{row} button"), row]
            }
        } else if let Some((k, sub @ (".from" | ".reserve"))) = indexed(rest, "hidden") {
            let from = test_id(&format!("from-hidden-{sid}-{k}"));
            let tile = test_id(&format!("hidden-{sid}-{k}"));
            if sub == ".from" { vec![from, tile] } else { vec![MAIN_ATTACK.to_string(), from, tile] }
        } else {
            vec![test_id(&format!("search-{sid}"))]
        };
    }
    if let Some(policy) = field.strip_prefix("policy.")
        && let (Some(side), _) = split_side(policy)
    {
        let box_ = test_id(&format!("choices-{}", side.name()));
        return vec![format!("{box_} [aria-invalid=\"true\"]"), format!("{box_} summary")];
    }
    if let Some(n) = field.strip_prefix("neighbours.") {
        return vec![test_id(&format!("held-{n}")), test_id("borders-heading")];
    }
    match field.split(['.', '[']).next().unwrap_or_default() {
        "neighbours" => vec![format!("{} select", test_id("borders")), test_id("borders-heading")],
        "area" => vec![test_id("area")],
        "king" => vec![test_id("king")],
        "treason" => vec![test_id("treason")],
        "dead" => vec![test_id("dead-select")],
        _ => Vec::new(),
    }
}

/// The Main Attack's choice, by border (`components/borders.rs`).
const MAIN_ATTACK: &str = "input[name=\"main-attack\"]";

/// `"Lancaster (attacker)"`.
fn side_words(scenario: &Scenario, side: Side) -> String {
    side_label(side, army(scenario, side).house)
}

fn army(scenario: &Scenario, side: Side) -> &bosworth::scenario::Army {
    match side {
        Side::Attacker => &scenario.attacker,
        Side::Defender => &scenario.defender,
    }
}

/// `attacker.blocks[1]` is `(Some(Attacker), "blocks[1]")`.
fn split_side(field: &str) -> (Option<Side>, &str) {
    for side in Side::BOTH {
        if let Some(rest) = field.strip_prefix(side.name()) {
            if rest.is_empty() {
                return (Some(side), "");
            }
            if let Some(rest) = rest.strip_prefix('.') {
                return (Some(side), rest);
            }
        }
    }
    (None, field)
}

/// `blocks[2].strength` with `name` `blocks` is `(2, ".strength")`.
fn indexed<'a>(field: &'a str, name: &str) -> Option<(usize, &'a str)> {
    let rest = field.strip_prefix(name)?.strip_prefix('[')?;
    let (number, rest) = rest.split_once(']')?;
    Some((number.parse().ok()?, rest))
}

/// `"Lancaster (attacker)"`.
pub fn side_label(side: Side, house: House) -> String {
    format!("{house} ({})", side.name())
}

/// The area's name, or a stand-in when none is chosen.
pub fn area_label(area: Option<&str>) -> String {
    area.map(str::to_string).unwrap_or_else(|| "the area".to_string())
}
