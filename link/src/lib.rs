//! A battle as text: the scenario JSON (the CLI's format), and the `#s=` link of the app that
//! carries it as base64url without padding. One place for both directions, shared by the app
//! (`www`) and the command (`cli`), so a link copied from one opens in the other.
//!
//! ```
//! let scenario = bosworth_link::parse(r#"{"version": 1,
//!     "attacker": {"house": "Lancaster", "blocks": [{"id": "Oxford", "strength": 3}]},
//!     "defender": {"house": "York", "blocks": [{"id": "Norfolk", "strength": 4}]}}"#)?;
//! let link = bosworth_link::link("http://127.0.0.1:8080/", &scenario);
//! assert!(link.starts_with("http://127.0.0.1:8080/#s="));
//! assert_eq!(bosworth_link::read(&link)?, scenario);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use bosworth::{Scenario, ScenarioError};

/// Parses scenario JSON; a format error names the field where it was found, as the CLI does.
///
/// # Errors
/// A [`ScenarioError`] with the JSON path and serde's message.
pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        ScenarioError::new(path, e.into_inner().to_string())
    })
}

/// The scenario as compact JSON.
pub fn to_json(scenario: &Scenario) -> String {
    serde_json::to_string(scenario).expect("a scenario always serialises")
}

/// The scenario as pretty JSON, for files.
pub fn to_pretty_json(scenario: &Scenario) -> String {
    serde_json::to_string_pretty(scenario).expect("a scenario always serialises")
}

/// The `s=` value of a link: base64url (no padding) of the scenario JSON.
pub fn encode(scenario: &Scenario) -> String {
    URL_SAFE_NO_PAD.encode(to_json(scenario))
}

/// The longest `s=` value a link may carry: no real battle comes near it (32 blocks take a few
/// KB), so anything longer is refused before it is decoded.
pub const MAX_LINK_BYTES: usize = 64 * 1024;

/// Reads the `s=` value of a link.
///
/// # Errors
/// A message saying whether the link is too long, the text is not base64url, not UTF-8, or not a valid scenario.
pub fn decode(value: &str) -> Result<Scenario, String> {
    let text = decode_text(value)?;
    parse(&text).map_err(|e| format!("the link's battle is not a valid scenario: {e}"))
}

/// The scenario JSON an `s=` value carries.
fn decode_text(value: &str) -> Result<String, String> {
    if value.len() > MAX_LINK_BYTES {
        return Err(format!(
            "the link's battle is too long ({} KB; links over {} KB are refused)",
            value.len().div_ceil(1024),
            MAX_LINK_BYTES / 1024
        ));
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(value.trim().trim_end_matches('='))
        .map_err(|e| format!("the link's battle is not valid base64url ({e})"))?;
    String::from_utf8(bytes).map_err(|_| "the link's battle is not UTF-8 text".to_string())
}

/// What an address's fragment asks for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Fragment {
    /// The `s=` value, if any.
    pub scenario: Option<String>,
    /// `overlay` was present: the streamer view.
    pub overlay: bool,
    /// The `p=` value, if any: the plans pinned to compare ([`decode_pins`]).
    pub pins: Option<String>,
}

/// A plan pinned to compare with others: a name and its battle.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pin {
    /// What the user calls it (`Plan A`, `with the reserve`).
    pub label: String,
    /// The battle.
    pub scenario: Scenario,
}

/// The most plans a link carries.
pub const MAX_PINS: usize = 4;

/// The `p=` value of a link: base64url (no padding) of the pins as JSON.
pub fn encode_pins(pins: &[Pin]) -> String {
    URL_SAFE_NO_PAD.encode(serde_json::to_string(pins).expect("pins always serialise"))
}

/// Reads the `p=` value of a link: at most [`MAX_PINS`] plans, each a valid scenario.
///
/// # Errors
/// A message saying why: too long, not base64url or UTF-8, not a list of plans, too many.
pub fn decode_pins(value: &str) -> Result<Vec<Pin>, String> {
    let text = decode_text(value)
        .map_err(|e| e.replace("the link's battle is", "the link's pinned plans are"))?;
    let pins: Vec<Pin> = serde_json::from_str(&text)
        .map_err(|e| format!("the link's pinned plans are not valid: {e}"))?;
    if pins.len() > MAX_PINS {
        return Err(format!(
            "the link pins {} plans; at most {MAX_PINS} are compared",
            pins.len()
        ));
    }
    Ok(pins)
}

/// Splits `#s=...&overlay` (with or without the `#`).
pub fn fragment(hash: &str) -> Fragment {
    let mut out = Fragment::default();
    for part in hash.trim_start_matches('#').split('&') {
        if let Some(v) = part.strip_prefix("s=") {
            out.scenario = Some(v.to_string());
        } else if let Some(v) = part.strip_prefix("p=") {
            out.pins = Some(v.to_string());
        } else if part == "overlay" {
            out.overlay = true;
        }
    }
    out
}

/// The fragment for a scenario and view, with the leading `#`.
pub fn to_fragment(scenario: &Scenario, overlay: bool) -> String {
    to_fragment_with_pins(scenario, overlay, &[])
}

/// The fragment for a scenario, view and plans pinned to compare (`&p=`, only when there are
/// some), with the leading `#`.
pub fn to_fragment_with_pins(scenario: &Scenario, overlay: bool, pins: &[Pin]) -> String {
    let mut s = format!("#s={}", encode(scenario));
    if !pins.is_empty() {
        s.push_str("&p=");
        s.push_str(&encode_pins(pins));
    }
    if overlay {
        s.push_str("&overlay");
    }
    s
}

/// The address the README documents for the app (`scripts/serve`).
pub const DEFAULT_BASE: &str = "http://127.0.0.1:8080/";

/// A whole app link for a scenario: `base` (its own fragment dropped) and `#s=...`.
pub fn link(base: &str, scenario: &Scenario) -> String {
    let base = base.split('#').next().unwrap_or(base);
    format!("{base}{}", to_fragment(scenario, false))
}

/// A scenario from any of the forms a user may hold: scenario JSON, a whole app link
/// (`http://.../#s=...`), or its fragment (`#s=...`, `s=...`).
///
/// # Errors
/// For JSON, the field and the reason ([`parse`]); for a link, why its battle cannot be read
/// (too long, not base64url, not UTF-8), or the field and the reason as for JSON.
pub fn read(text: &str) -> Result<Scenario, ScenarioError> {
    let t = text.trim();
    let hash = match t.split_once('#') {
        Some((_, h)) if h.starts_with("s=") || h.contains("&s=") => h,
        _ if t.starts_with("s=") => t,
        _ => return parse(t),
    };
    match fragment(hash).scenario {
        // A scenario that is not valid gets the same named-field message as a file.
        Some(value) => parse(&decode_text(&value).map_err(|e| ScenarioError::new("", e))?),
        None => parse(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const JSON: &str = r#"{"version":1,"attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]},"defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]}}"#;

    #[test]
    fn every_form_of_a_battle_reads_the_same() {
        let sc = parse(JSON).unwrap();
        let frag = to_fragment(&sc, false);
        for text in [
            JSON.to_string(),
            link(DEFAULT_BASE, &sc),
            link("https://example.org/bosworth/#s=old&overlay", &sc),
            frag.clone(),
            frag.trim_start_matches('#').to_string(),
            format!("  {}\n", link(DEFAULT_BASE, &sc)),
        ] {
            assert_eq!(read(&text).unwrap(), sc, "{text}");
        }
        let f = fragment(&to_fragment(&sc, true));
        assert!(f.overlay);
        assert_eq!(decode(&f.scenario.unwrap()).unwrap(), sc);
        assert_eq!(
            link("https://example.org/b/#s=x", &sc),
            format!("https://example.org/b/{frag}")
        );
    }

    #[test]
    fn pinned_plans_travel_with_the_battle() {
        let sc = parse(JSON).unwrap();
        let mut other = sc.clone();
        other.attacker.blocks[0].strength = 2;
        let pins = vec![
            Pin {
                label: "Plan A".into(),
                scenario: sc.clone(),
            },
            Pin {
                label: "Oxford wounded & tired".into(),
                scenario: other,
            },
        ];
        let frag = to_fragment_with_pins(&sc, true, &pins);
        let f = fragment(&frag);
        assert!(f.overlay);
        assert_eq!(decode(&f.scenario.unwrap()).unwrap(), sc);
        assert_eq!(decode_pins(&f.pins.unwrap()).unwrap(), pins);
        // The battle alone reads the same with or without pins.
        assert_eq!(read(&frag).unwrap(), sc);
        // No pins, no `p=`: links without plans are as before.
        assert_eq!(
            to_fragment_with_pins(&sc, false, &[]),
            to_fragment(&sc, false)
        );
        assert!(!to_fragment(&sc, false).contains("p="));
        // Too many plans, or not plans at all, are refused with a reason.
        let five = vec![pins[0].clone(); MAX_PINS + 1];
        assert!(
            decode_pins(&encode_pins(&five))
                .unwrap_err()
                .contains("at most 4")
        );
        assert!(
            decode_pins("!!")
                .unwrap_err()
                .contains("pinned plans are not valid base64url")
        );
        let not_plans = URL_SAFE_NO_PAD.encode(r#"[{"label":"x"}]"#);
        assert!(decode_pins(&not_plans).unwrap_err().contains("not valid"));
    }

    #[test]
    fn broken_links_say_why() {
        let e = read("http://127.0.0.1:8080/#s=not-a-battle!!").unwrap_err();
        assert!(e.reason.contains("base64url"), "{e}");
        // A valid link to an invalid scenario: the same named field as a file.
        let bad = URL_SAFE_NO_PAD.encode(r#"{"version":1,"attacker":{}}"#);
        let e = read(&format!("#s={bad}")).unwrap_err();
        assert_eq!(e.field, "attacker", "{e}");
        assert!(decode(&bad).unwrap_err().contains("attacker"));
        // Anything else is read as JSON, with the JSON parser's message.
        let e = read("hello").unwrap_err();
        assert!(e.reason.contains("expected value"), "{e}");
        let e = read(r#"{"version": 1, "attacker": "#).unwrap_err();
        assert!(!e.reason.is_empty());
    }

    #[test]
    fn links_over_64_kb_are_refused() {
        let long = "A".repeat(MAX_LINK_BYTES + 1);
        let e = decode(&long).unwrap_err();
        assert!(
            e.contains("too long (65 KB; links over 64 KB are refused)"),
            "{e}"
        );
        assert!(
            read(&format!("#s={long}"))
                .unwrap_err()
                .reason
                .contains("too long")
        );
    }
}
