//! `bosworth game`: a finished Rally the Troops game's battles, in order, each with its odds
//! before it (exact, or Monte Carlo with its standard error), who won, and each side's dice luck
//! over its fire, charge and counter-attack rolls (6.4, 6.5); then the game's totals and the
//! results least likely given their odds. `--battle N` prints battle N as a battle scenario
//! (`docs/scenario.md`) for `bosworth exact`, `replay`, `advise` or `link`.

use crate::progress::Stop;
use bosworth::data::House;
use bosworth::rtt::game::{self, GameBattle, Luck, Odds, luck_index};
use bosworth_link::Rtt;
use serde_json::{Value, json};
use std::fmt::Write;

/// What `bosworth game` was asked.
pub struct Ask {
    /// The export's text.
    pub text: String,
    /// Print JSON.
    pub json: bool,
    /// Print battle N (from 1) as a scenario.
    pub battle: Option<usize>,
    /// Exact within this many states, else Monte Carlo.
    pub budget: usize,
    /// Monte Carlo battles per battle past the budget.
    pub runs: u64,
    /// Monte Carlo seed.
    pub seed: u64,
}

fn stop(e: bosworth::ScenarioError) -> Stop {
    Stop::Error(e.to_string())
}

/// Runs `bosworth game`.
///
/// # Errors
/// The field of the export that cannot be read, or `--battle` past the game's battles.
pub fn run(ask: &Ask) -> Result<String, Stop> {
    let export = match bosworth_link::read_rtt(&ask.text).map_err(stop)? {
        Rtt::Export(e) => e,
        Rtt::View(_) => {
            return Err(Stop::Error(
                "view: this is a play page's view of a game in progress; bosworth game reads a \
                 finished game's export (/api/export/GAME_ID)"
                    .into(),
            ));
        }
    };
    let battles = game::battles(&export).map_err(stop)?;
    if let Some(n) = ask.battle {
        let Some(b) = n.checked_sub(1).and_then(|i| battles.get(i)) else {
            return Err(Stop::Error(format!(
                "--battle: {n}: the game has {} battles, 1 to {}",
                battles.len(),
                battles.len()
            )));
        };
        for note in &b.notes {
            eprintln!("note: {note}");
        }
        return Ok(bosworth_link::to_pretty_json(&b.scenario));
    }
    let odds: Vec<Odds> = battles
        .iter()
        .map(|b| game::odds(b, ask.budget, ask.runs, ask.seed))
        .collect();
    let totals = game::totals(&battles);
    Ok(if ask.json {
        serde_json::to_string_pretty(&report(&battles, &odds, &totals)).unwrap_or_default()
    } else {
        table(&battles, &odds, &totals)
    })
}

fn luck_json(l: &Luck) -> Value {
    json!({"hits": l.hits, "expected": l.expected, "variance": l.variance, "z": l.z})
}

fn lucks(l: &[Luck; 2]) -> Value {
    json!({"York": luck_json(&l[0]), "Lancaster": luck_json(&l[1])})
}

fn method(o: &Odds) -> &'static str {
    if o.exact {
        "exact"
    } else if o.attacker_holds.is_nan() {
        "refused"
    } else {
        "monte_carlo"
    }
}

fn finite(x: f64) -> Value {
    if x.is_finite() { json!(x) } else { Value::Null }
}

/// The battles least likely given their odds: (battle index, the winner's chance), lowest first.
fn least_likely(battles: &[GameBattle], odds: &[Odds]) -> Vec<(usize, f64)> {
    let mut v: Vec<(usize, f64)> = battles
        .iter()
        .zip(odds)
        .filter_map(|(b, o)| o.of_result(b).map(|p| (b.index, p)))
        .collect();
    v.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    v
}

fn report(battles: &[GameBattle], odds: &[Odds], totals: &[Luck; 2]) -> Value {
    let list: Vec<Value> = battles
        .iter()
        .zip(odds)
        .map(|(b, o)| {
            let side = |a: &bosworth::scenario::Army| -> Value {
                a.blocks
                    .iter()
                    .map(|e| {
                        json!({"id": e.id, "strength": e.strength, "reserve": e.reserve,
                               "from": e.from})
                    })
                    .collect()
            };
            json!({
                "index": b.index,
                "campaign": b.campaign,
                "turn": b.turn,
                "area": b.area,
                "attacker": b.attacker.to_string(),
                "winner": b.winner.map(|w| w.to_string()),
                "attacker_holds": b.attacker_holds,
                "method": method(o),
                "odds": finite(o.attacker_holds),
                "std_error": o.std_error,
                "winner_chance": o.of_result(b),
                "blocks": {"attacker": side(&b.scenario.attacker),
                           "defender": side(&b.scenario.defender)},
                "luck": lucks(&b.luck),
                "rolls": b.rolls,
                "notes": b.notes,
            })
        })
        .collect();
    let unlikely: Vec<Value> = least_likely(battles, odds)
        .into_iter()
        .map(|(i, p)| json!({"battle": i, "winner": battles[i - 1].winner.map(|w| w.to_string()), "chance": p}))
        .collect();
    json!({
        "battles": list,
        "totals": lucks(totals),
        "exact": odds.iter().filter(|o| o.exact).count(),
        "least_likely": unlikely,
    })
}

fn pct(o: &Odds) -> String {
    match (o.exact, o.std_error) {
        _ if o.attacker_holds.is_nan() => "refused".into(),
        (true, _) => format!("{:.1}% exact", 100.0 * o.attacker_holds),
        (false, Some(se)) => format!("{:.1}% ±{:.1}", 100.0 * o.attacker_holds, 100.0 * se),
        (false, None) => format!("{:.1}%", 100.0 * o.attacker_holds),
    }
}

fn luck_words(l: &Luck) -> String {
    format!("{} / {:.2} (z {:+.2})", l.hits, l.expected, l.z)
}

fn blocks_words(a: &bosworth::scenario::Army) -> String {
    let words: Vec<String> = a
        .blocks
        .iter()
        .map(|e| {
            format!(
                "{} {}{}",
                e.id.as_deref().unwrap_or("?"),
                e.strength,
                if e.reserve { " (reserve)" } else { "" }
            )
        })
        .collect();
    format!("{}: {}", a.house, words.join(", "))
}

fn table(battles: &[GameBattle], odds: &[Odds], totals: &[Luck; 2]) -> String {
    let mut out = String::from(
        "  #  camp turn  area           attacker   winner     attacker holds   York hits/expected (z)    Lancaster hits/expected (z)\n",
    );
    for (b, o) in battles.iter().zip(odds) {
        let _ = writeln!(
            out,
            "{:>3}  {:>4} {:>4}  {:<14} {:<10} {:<10} {:<16} {:<25} {}",
            b.index,
            b.campaign,
            b.turn,
            b.area,
            b.attacker.to_string(),
            b.winner.map_or("none".to_string(), |w| w.to_string()),
            pct(o),
            luck_words(&b.luck[luck_index(House::York)]),
            luck_words(&b.luck[luck_index(House::Lancaster)]),
        );
        let _ = writeln!(
            out,
            "     attacker {}; defender {}",
            blocks_words(&b.scenario.attacker),
            blocks_words(&b.scenario.defender)
        );
        for n in &b.notes {
            let _ = writeln!(out, "     note: {n}");
        }
    }
    let exact = odds.iter().filter(|o| o.exact).count();
    let _ = writeln!(
        out,
        "\n{} battles ({exact} solved exactly). The game's luck (6.4, 6.5; Treachery left out, R32):",
        battles.len()
    );
    for h in [House::York, House::Lancaster] {
        let _ = writeln!(
            out,
            "  {:<10} {}",
            h.to_string(),
            luck_words(&totals[luck_index(h)])
        );
    }
    let unlikely = least_likely(battles, odds);
    if !unlikely.is_empty() {
        let _ = writeln!(
            out,
            "Least likely results (the winner's chance before the battle):"
        );
        for (i, p) in unlikely.iter().take(5) {
            let b = &battles[i - 1];
            let _ = writeln!(
                out,
                "  battle {i}: {} won in {} (campaign {}, turn {}) at {:.1}%",
                b.winner.map_or("?".into(), |w| w.to_string()),
                b.area,
                b.campaign,
                b.turn,
                100.0 * p
            );
        }
    }
    let _ = write!(
        out,
        "bosworth game EXPORT --battle N prints battle N as a scenario (for exact, replay, advise, link)"
    );
    out
}
