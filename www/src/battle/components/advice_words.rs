//! The advisor's words that its two views share (known blocks, `advisor.rs`; hidden blocks,
//! `advice_hidden.rs`): the objectives, a value in the objective's unit, and what best play does
//! to a chance to hold.

use crate::shell::format::pct;

/// The four objectives: value and words.
pub const OBJECTIVES: [(&str, &str); 4] = [
    ("hold", "hold the area"),
    ("kill-royal", "kill the enemy King or Pretender"),
    ("keep-heirs", "keep own heirs alive"),
    ("steps", "enemy steps destroyed minus own lost"),
];

/// A value in the objective's unit.
pub fn value_text(objective: &str, v: f64) -> String {
    if objective == "steps" { format!("{v:+.2} steps") } else { pct(v) }
}

/// A value with its standard error when estimated (the CLI's `text::advice` form).
pub fn value_se_text(objective: &str, v: f64, se: Option<f64>) -> String {
    match se {
        None => value_text(objective, v),
        Some(se) if objective == "steps" => format!("{v:+.2} ± {se:.2} steps"),
        Some(se) => format!("{} ± {}", pct(v), pct(se)),
    }
}

/// What best play does to a chance to hold, never "raises ... from 63.9% to 63.9%": when the
/// two round to the same figure, it says best play changes nothing that shows.
pub fn gain_sentence(by: &str, whose: &str, area: &str, policy: f64, best: f64) -> String {
    let (before, after) = (pct(policy), pct(best));
    if before == after {
        format!("Best play {by} changes nothing that shows: {whose}'s chance to hold {area} stays {after}, as with the choices as set.")
    } else {
        let verb = if best >= policy { "raises" } else { "lowers" };
        format!("Best play {by} {verb} {whose}'s chance to hold {area} from {before} to {after}.")
    }
}

