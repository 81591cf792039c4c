//! How numbers (and sentences) are written on the page.

/// A probability as a percentage with one decimal: `0.296` is `29.6%`.
pub fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// A phrase as the start of a sentence: its first letter in capitals (`all levies`: `All levies`).
pub fn sentence(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
