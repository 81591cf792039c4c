//! How numbers are written on the page.

use bosworth::Side;
use bosworth::data::House;

/// A probability as a percentage with one decimal: `0.296` is `29.6%`.
pub fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// `"Lancaster (attacker)"`.
pub fn side_label(side: Side, house: House) -> String {
    format!("{house} ({})", side.name())
}

/// The area's name, or a stand-in when none is chosen.
pub fn area_label(area: Option<&str>) -> String {
    area.map(str::to_string).unwrap_or_else(|| "the area".to_string())
}
