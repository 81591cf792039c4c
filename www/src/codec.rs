//! A battle as text: the scenario JSON (exactly the CLI's format), and the `#s=` link that
//! carries it as base64url without padding.

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
    let text = String::from_utf8(bytes).map_err(|_| "the link's battle is not UTF-8 text".to_string())?;
    parse(&text).map_err(|e| format!("the link's battle is not a valid scenario: {e}"))
}

/// What an address's fragment asks for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Fragment {
    /// The `s=` value, if any.
    pub scenario: Option<String>,
    /// `overlay` was present: the streamer view.
    pub overlay: bool,
}

/// Splits `#s=...&overlay` (with or without the `#`).
pub fn fragment(hash: &str) -> Fragment {
    let mut out = Fragment::default();
    for part in hash.trim_start_matches('#').split('&') {
        if let Some(v) = part.strip_prefix("s=") {
            out.scenario = Some(v.to_string());
        } else if part == "overlay" {
            out.overlay = true;
        }
    }
    out
}

/// The fragment for a scenario and view, with the leading `#`.
pub fn to_fragment(scenario: &Scenario, overlay: bool) -> String {
    let mut s = format!("#s={}", encode(scenario));
    if overlay {
        s.push_str("&overlay");
    }
    s
}
