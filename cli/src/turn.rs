//! `bosworth plan BOARD --turn`: the best whole turns (R37, R38): each a set of attacks the card
//! allows together, with each attack's figures and what the turn risks.

use crate::output::Format;
use crate::plan::{event_words, name, pct, plan_json, plan_lines};
use crate::progress::{Meter, Stop};
use bosworth::board::{
    Board, Objective, Options, Pin, PlanError, Position, Role, Turn, TurnOptions, Turns,
    best_turns, card_refusal,
};
use bosworth::rules::movement::area_index;
use serde_json::{Value, json};

/// What `bosworth plan --turn` was asked.
pub struct Ask<'a> {
    /// The planner's options (`top` is the number of turns).
    pub options: Options,
    /// `--objective`: areas, steps, or take:AREA[:HEIR].
    pub objective: Option<&'a str>,
    /// `--with AREA=ID,ID...`: attacks every turn makes.
    pub pins: &'a [String],
    /// How to print.
    pub format: Format,
    /// No progress bar.
    pub quiet: bool,
}

/// Reads `--objective`.
fn objective(position: &Position, text: Option<&str>) -> Result<Objective, String> {
    let Some(text) = text else {
        return Ok(Objective::Areas);
    };
    match text {
        "areas" => return Ok(Objective::Areas),
        "steps" => return Ok(Objective::Steps),
        _ => {}
    }
    let Some(rest) = text.strip_prefix("take:") else {
        return Err(format!(
            "--objective: '{text}' is not areas, steps or take:AREA[:HEIR]"
        ));
    };
    let (area, heir) = match rest.split_once(':') {
        Some((a, h)) => (a, Some(h)),
        None => (rest, None),
    };
    let Some(area) = area_index(area) else {
        return Err(format!("--objective: '{area}' is not an area of the map"));
    };
    let keep = match heir {
        None => None,
        Some(h) => {
            let Some(k) = own_block(position, h) else {
                return Err(format!(
                    "--objective: '{h}' is none of {}'s blocks on the board",
                    position.house
                ));
            };
            let b = position.own[k].block;
            if b.heir_rank.is_none() {
                return Err(format!("--objective: {} is not an heir (3.21)", b.id));
            }
            Some(b.id.to_string())
        }
    };
    Ok(Objective::Take { area, keep })
}

/// The moving player's block on the board named by `text`: its id, or its person's name.
fn own_block(position: &Position, text: &str) -> Option<usize> {
    let t = text.trim();
    position
        .own
        .iter()
        .position(|o| o.block.id.eq_ignore_ascii_case(t))
        .or_else(|| {
            position
                .own
                .iter()
                .position(|o| o.block.person.eq_ignore_ascii_case(t))
        })
}

/// Reads one `--with AREA=ID,ID`.
fn pin(position: &Position, text: &str) -> Result<Pin, String> {
    let Some((area, ids)) = text.split_once('=') else {
        return Err(format!(
            "--with: '{text}' is not AREA=BLOCK,BLOCK (the blocks attacking the area)"
        ));
    };
    let Some(area) = area_index(area.trim()) else {
        return Err(format!(
            "--with: '{}' is not an area of the map",
            area.trim()
        ));
    };
    let mut blocks = Vec::new();
    for id in ids.split(',') {
        let Some(k) = own_block(position, id) else {
            return Err(format!(
                "--with: '{}' is none of {}'s blocks on the board",
                id.trim(),
                position.house
            ));
        };
        blocks.push(k);
    }
    blocks.sort_unstable();
    blocks.dedup();
    Ok(Pin { area, blocks })
}

/// Runs the whole-turn search and prints it.
pub fn run(board: &Board, ask: &Ask<'_>) -> Result<String, Stop> {
    let position = Position::new(board).map_err(|e| Stop::Error(e.to_string()))?;
    let objective = objective(&position, ask.objective).map_err(Stop::Error)?;
    let mut pins = Vec::new();
    for text in ask.pins {
        let p = pin(&position, text).map_err(Stop::Error)?;
        if pins.iter().any(|q: &Pin| q.area == p.area) {
            return Err(Stop::Error(format!(
                "--with: {} is named twice",
                name(p.area)
            )));
        }
        pins.push(p);
    }
    let turn = TurnOptions {
        objective,
        pins,
        top: ask.options.top,
    };
    let estimate = ask.options.screen_budget * 6 + ask.options.runs * 4 * ask.options.top as u64;
    let meter = Meter::work(estimate, ask.quiet);
    let watch = |n: usize| meter.add(n);
    let turns = best_turns(&position, &ask.options, &turn, &watch).map_err(|e| match e {
        PlanError::Cancelled => Stop::Interrupted,
        e => Stop::Error(e.to_string()),
    })?;
    drop(meter);
    Ok(match ask.format {
        Format::Json => crate::output::json(&turns_json(&position, &turn, &turns)),
        _ => text(&position, &turn, &turns),
    })
}

/// The objective in words.
fn objective_words(o: &Objective) -> String {
    match o {
        Objective::Areas => "expected areas held".to_string(),
        Objective::Steps => "expected enemy steps lost minus own".to_string(),
        Objective::Take { area, keep: None } => format!("chance to hold {}", name(*area)),
        Objective::Take {
            area,
            keep: Some(h),
        } => format!("chance to hold {} and keep {h}", name(*area)),
    }
}

/// A turn's value in the objective's unit.
fn value_words(o: &Objective, t: &Turn) -> String {
    let se = if t.std_error > 0.0 {
        match o {
            Objective::Take { .. } => format!(" ± {:.2}%", 100.0 * t.std_error),
            _ => format!(" ± {:.3}", t.std_error),
        }
    } else {
        " (exact)".to_string()
    };
    let v = match o {
        Objective::Areas => format!("{:.3} areas", t.value),
        Objective::Steps => format!("{:+.2} steps", t.value),
        Objective::Take { .. } => pct(t.value),
    };
    format!("{}{v}{se}", if t.at_least { "at least " } else { "" })
}

/// The turns as text.
fn text(position: &Position, ask: &TurnOptions, turns: &Turns) -> String {
    let mut out = format!(
        "{}'s whole turn, Player {}, {}{} action point{} left: {} target{}, {} plans, {} turns searched; ranked by {}.\n",
        position.house,
        position.player,
        event_words(position),
        position.ap,
        if position.ap == 1 { "" } else { "s" },
        turns.targets.len(),
        if turns.targets.len() == 1 { "" } else { "s" },
        turns.plans,
        turns.searched,
        objective_words(&ask.objective),
    );
    if turns.truncated {
        out.push_str("The search stopped at its limit: a better turn may exist.\n");
    }
    if turns.turns.is_empty() {
        match card_refusal(position) {
            Some(why) => out.push_str(&format!("\nNone: {why}.\n")),
            None => out.push_str("\nNone: no block can reach an enemy area this turn.\n"),
        }
        return out;
    }
    for (i, t) in turns.turns.iter().enumerate() {
        let targets: Vec<String> = t
            .attacks
            .iter()
            .map(|a| match a.plan.target.role {
                Role::Attack => name(a.plan.target.area).to_string(),
                Role::Join { .. } => format!("{} (joined)", name(a.plan.target.area)),
                Role::Reinforce => format!("{} (defended)", name(a.plan.target.area)),
            })
            .collect();
        out.push_str(&format!(
            "\n{}. {} ({}): {}; {} AP\n",
            i + 1,
            targets.join(" + "),
            value_words(&ask.objective, t),
            if t.attacks.len() == 1 {
                "one battle".to_string()
            } else {
                format!("{} battles", t.attacks.len())
            },
            t.ap,
        ));
        if let Some(i) = t.treason.filter(|_| t.attacks.len() > 1) {
            out.push_str(&format!(
                "   the Treason card's roll in the battle for {} (R41)\n",
                name(t.attacks[i].plan.target.area)
            ));
        }
        for a in &t.attacks {
            out.push_str(&format!("   {}:\n", name(a.plan.target.area)));
            out.push_str(&plan_lines(position, "", a));
        }
        let risk: Vec<String> = t
            .heirs_at_risk
            .iter()
            .filter(|(_, d)| *d > 0.0)
            .map(|(h, d)| format!("{h} {}", pct(*d)))
            .collect();
        if !risk.is_empty() {
            out.push_str(&format!("   heirs at risk: {}\n", risk.join(", ")));
        }
        for (a, from) in &t.open {
            if from.is_empty() {
                out.push_str(&format!("   left empty: {}\n", name(*a)));
            } else {
                let f: Vec<&str> = from.iter().map(|&x| name(x)).collect();
                out.push_str(&format!(
                    "   left empty: {}, open to {} from {}\n",
                    name(*a),
                    position.enemy(),
                    f.join(", ")
                ));
            }
        }
    }
    out.push_str(
        "\nEach battle is fought apart (R37): expected areas and steps add up over them; \
         bosworth plan BOARD --target AREA ranks one target's plans.\n",
    );
    out
}

/// The turns as JSON.
fn turns_json(position: &Position, ask: &TurnOptions, turns: &Turns) -> Value {
    let objective = match &ask.objective {
        Objective::Areas => json!("areas"),
        Objective::Steps => json!("steps"),
        Objective::Take { area, keep } => json!({"take": name(*area), "keep": keep}),
    };
    json!({
        "house": position.house,
        "player": position.player,
        "action_points": position.ap,
        "card": position.card.words(),
        "objective": objective,
        "targets": turns.targets.iter().map(|t| name(t.area)).collect::<Vec<_>>(),
        "plans_considered": turns.plans,
        "turns_searched": turns.searched,
        "search_truncated": turns.truncated,
        "battles_assessed": turns.assessed,
        "screened_battles": turns.screened_battles,
        "no_attack": if turns.turns.is_empty() { card_refusal(position) } else { None },
        "turns": turns.turns.iter().enumerate().map(|(i, t)| json!({
            "rank": i + 1,
            "value": t.value,
            "std_error": t.std_error,
            "at_least": t.at_least,
            "screened_value": t.screened,
            "action_points": t.ap,
            "left_empty": t.left_empty.iter().map(|&a| name(a)).collect::<Vec<_>>(),
            "open_to_counter_attack": t.open.iter().map(|(a, f)| json!({
                "area": name(*a),
                "from": f.iter().map(|&x| name(x)).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "treason_in": t.treason.map(|i| name(t.attacks[i].plan.target.area)),
            "heirs_at_risk": t.heirs_at_risk.iter().map(|(h, d)| json!({"id": h, "dies": d})).collect::<Vec<_>>(),
            "attacks": t.attacks.iter().enumerate().map(|(j, a)| {
                let mut v = plan_json(position, j + 1, a);
                v["target"] = json!(name(a.plan.target.area));
                v
            }).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}
