//! How numbers are written on the page.

/// A probability as a percentage with one decimal: `0.296` is `29.6%`.
pub fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}
