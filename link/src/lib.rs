//! A battle as text: the scenario JSON (the CLI's format), and the `#s=` link of the app that
//! carries it as base64url without padding. One place for both directions, shared by the app
//! (`www`) and the command (`cli`), so a link copied from one opens in the other.
//!
//! The app has two more calculators, each with its own key in the address: `#r=` carries a
//! Campaign Reset of the political-events variant ([`ResetScenario`], `docs/reset.md`) and `#k=`
//! a Kingmaker combat ([`KingmakerScenario`], `docs/kingmaker.md`), the same way; `#b=` carries
//! a board for the attack planner ([`Board`], `docs/board.md`), for the map. The key says which
//! calculator a link opens ([`Fragment::calculator`]).
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
use bosworth::board::Board;
use bosworth::kingmaker::Scenario as KingmakerScenario;
use bosworth::reset::ResetScenario;
use bosworth::{Scenario, ScenarioError};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Parses scenario JSON; a format error names the field where it was found, as the CLI does.
///
/// # Errors
/// A [`ScenarioError`] with the JSON path and serde's message.
pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    parse_as(text)
}

/// Any of the three kinds from JSON, the field named on error.
fn parse_as<T: DeserializeOwned>(text: &str) -> Result<T, ScenarioError> {
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
    decode_text_of(value, "battle")
}

/// The JSON a link's value carries; `what` names it in the messages (`battle`, `reset`).
fn decode_text_of(value: &str, what: &str) -> Result<String, String> {
    if value.len() > MAX_LINK_BYTES {
        return Err(format!(
            "the link's {what} is too long ({} KB; links over {} KB are refused)",
            value.len().div_ceil(1024),
            MAX_LINK_BYTES / 1024
        ));
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(value.trim().trim_end_matches('='))
        .map_err(|e| format!("the link's {what} is not valid base64url ({e})"))?;
    String::from_utf8(bytes).map_err(|_| format!("the link's {what} is not UTF-8 text"))
}

/// What an address's fragment asks for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Fragment {
    /// The `s=` value, if any.
    pub scenario: Option<String>,
    /// `overlay` was present: the streamer view.
    pub overlay: bool,
    /// The streamer view's settings: `title=`, `bg=`, `theme=`, `seed=` ([`Stream`]).
    pub stream: Stream,
    /// The `p=` value, if any: the plans pinned to compare ([`decode_pins`]).
    pub pins: Option<String>,
    /// The `r=` value, if any: a Campaign Reset ([`decode_reset`]).
    pub reset: Option<String>,
    /// The `k=` value, if any: a Kingmaker combat ([`decode_kingmaker`]).
    pub kingmaker: Option<String>,
    /// The `b=` value, if any: a board for the attack planner ([`decode_board`]).
    pub board: Option<String>,
    /// A calculator's key alone (`r`, `k`, `b`, `s`): that calculator, with the scenario it last
    /// showed (else its first). The battle-only page links to the calculators it does not carry
    /// this way, since it cannot write their scenarios (issue 35).
    pub bare: Option<Calculator>,
}

/// The app's calculators, each with its own key in the address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Calculator {
    /// The Richard III battle (`#s=`).
    Battle,
    /// The Campaign Reset of the political-events variant (`#r=`).
    Reset,
    /// A Kingmaker battle, siege or ambush (`#k=`).
    Kingmaker,
    /// The attack planner's board (`#b=`): the map.
    Board,
}

impl Calculator {
    /// The four the app's switch shows, in its order: the Richard III battle and map, then the
    /// Campaign Reset and Kingmaker.
    pub const ALL: [Calculator; 4] = [
        Calculator::Battle,
        Calculator::Board,
        Calculator::Reset,
        Calculator::Kingmaker,
    ];

    /// The key of its scenario in a link: `s`, `r`, `k` or `b`.
    pub fn key(self) -> &'static str {
        match self {
            Calculator::Battle => "s",
            Calculator::Reset => "r",
            Calculator::Kingmaker => "k",
            Calculator::Board => "b",
        }
    }

    /// A short lowercase name, for ids: `battle`, `reset`, `kingmaker`, `board`.
    pub fn id(self) -> &'static str {
        match self {
            Calculator::Battle => "battle",
            Calculator::Reset => "reset",
            Calculator::Kingmaker => "kingmaker",
            Calculator::Board => "board",
        }
    }
}

impl Fragment {
    /// The calculator the address opens: the one whose key it carries (a reset's `r=`, a
    /// Kingmaker combat's `k=` or a board's `b=`), else the one whose key it has alone (`#b`),
    /// else the battle's, as before there were three.
    pub fn calculator(&self) -> Calculator {
        if self.reset.is_some() {
            Calculator::Reset
        } else if self.kingmaker.is_some() {
            Calculator::Kingmaker
        } else if self.board.is_some() {
            Calculator::Board
        } else {
            self.bare.unwrap_or(Calculator::Battle)
        }
    }
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

/// What the streamer view shows besides the battle, as a link carries it after `&overlay`:
/// `&title=` (percent-encoded), `&bg=`, `&theme=`, `&seed=`. Each is optional.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stream {
    /// The battle's title on screen; absent: the ready-made battle's name, or who attacks whom.
    pub title: Option<String>,
    /// The page behind the view: `green` or `magenta` (a chroma key for streaming software),
    /// `transparent`; absent: the theme's own page.
    pub background: Option<String>,
    /// `light` or `dark`: the colour scheme the page shows whatever the browser keeps
    /// (streaming software's browser keeps nothing of the user's); absent: the one kept.
    pub theme: Option<String>,
    /// The replay's seed; absent: the app's default.
    pub seed: Option<u64>,
}

/// The backgrounds `bg=` may name.
pub const BACKGROUNDS: [&str; 3] = ["green", "magenta", "transparent"];

/// Percent-encodes text for a link: every byte but ASCII letters, digits and `-._~`.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Reads percent-encoded text (`+` is a plus); `None` when it is not UTF-8 once decoded or a
/// `%` is not followed by two hexadecimal digits.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The longest title a link's `title=` gives, in characters (the rest is dropped).
pub const MAX_TITLE: usize = 80;

/// Splits `#s=...&overlay` (with or without the `#`).
pub fn fragment(hash: &str) -> Fragment {
    let mut out = Fragment::default();
    for part in hash.trim_start_matches('#').split('&') {
        if let Some(v) = part.strip_prefix("title=") {
            out.stream.title = percent_decode(v)
                .map(|t| t.trim().chars().take(MAX_TITLE).collect::<String>())
                .filter(|t| !t.is_empty());
        } else if let Some(v) = part.strip_prefix("bg=") {
            out.stream.background = BACKGROUNDS.iter().find(|b| **b == v).map(|b| b.to_string());
        } else if let Some(v) = part.strip_prefix("seed=") {
            out.stream.seed = v.parse().ok();
        } else if let Some(v) = part.strip_prefix("theme=") {
            out.stream.theme = ["light", "dark"]
                .iter()
                .find(|t| **t == v)
                .map(|t| t.to_string());
        } else if let Some(v) = part.strip_prefix("s=") {
            out.scenario = Some(v.to_string());
        } else if let Some(v) = part.strip_prefix("p=") {
            out.pins = Some(v.to_string());
        } else if let Some(v) = part.strip_prefix("r=") {
            out.reset = Some(v.to_string());
        } else if let Some(v) = part.strip_prefix("k=") {
            out.kingmaker = Some(v.to_string());
        } else if let Some(v) = part.strip_prefix("b=") {
            out.board = Some(v.to_string());
        } else if part == "overlay" {
            out.overlay = true;
        } else if let Some(c) = Calculator::ALL.into_iter().find(|c| part == c.key()) {
            out.bare = Some(c);
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
    let stream = Stream::default();
    to_fragment_with_stream(scenario, pins, overlay.then_some(&stream))
}

/// The fragment for a scenario and its pinned plans, and with `stream` the streamer view with
/// its settings (`&overlay`, then `&title=`, `&bg=`, `&theme=`, `&seed=` for those set), with the leading
/// `#`.
pub fn to_fragment_with_stream(
    scenario: &Scenario,
    pins: &[Pin],
    stream: Option<&Stream>,
) -> String {
    let mut s = format!("#s={}", encode(scenario));
    if !pins.is_empty() {
        s.push_str("&p=");
        s.push_str(&encode_pins(pins));
    }
    if let Some(stream) = stream {
        s.push_str("&overlay");
        if let Some(t) = &stream.title {
            s.push_str("&title=");
            s.push_str(&percent_encode(t));
        }
        if let Some(b) = &stream.background {
            s.push_str("&bg=");
            s.push_str(b);
        }
        if let Some(t) = &stream.theme {
            s.push_str("&theme=");
            s.push_str(t);
        }
        if let Some(seed) = stream.seed {
            s.push_str(&format!("&seed={seed}"));
        }
    }
    s
}

/// Any value as compact JSON.
fn compact<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("a scenario always serialises")
}

/// Any value as pretty JSON.
fn pretty<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("a scenario always serialises")
}

/// Parses Campaign Reset JSON (`docs/reset.md`); a format error names the field, as the CLI's
/// `bosworth reset` does.
///
/// # Errors
/// A [`ScenarioError`] with the JSON path and serde's message.
pub fn parse_reset(text: &str) -> Result<ResetScenario, ScenarioError> {
    parse_as(text)
}

/// The reset as compact JSON.
pub fn reset_to_json(reset: &ResetScenario) -> String {
    compact(reset)
}

/// The reset as pretty JSON, for files.
pub fn reset_to_pretty_json(reset: &ResetScenario) -> String {
    pretty(reset)
}

/// The `r=` value of a link: base64url (no padding) of the reset JSON.
pub fn encode_reset(reset: &ResetScenario) -> String {
    URL_SAFE_NO_PAD.encode(reset_to_json(reset))
}

/// Reads the `r=` value of a link.
///
/// # Errors
/// A message saying whether the link is too long, not base64url, not UTF-8, or not a valid
/// reset scenario (with the field).
pub fn decode_reset(value: &str) -> Result<ResetScenario, String> {
    let text = decode_text_of(value, "reset")?;
    parse_reset(&text).map_err(|e| format!("the link's reset is not a valid reset scenario: {e}"))
}

/// The fragment of a reset, with the leading `#`: `#r=...`.
pub fn reset_fragment(reset: &ResetScenario) -> String {
    format!("#r={}", encode_reset(reset))
}

/// Parses Kingmaker scenario JSON (`docs/kingmaker.md`); a format error names the field, and a
/// document with no `kind` (a Richard III battle, say) is told so, as the CLI's
/// `bosworth kingmaker` does.
///
/// # Errors
/// A [`ScenarioError`] with the JSON path and serde's message.
pub fn parse_kingmaker(text: &str) -> Result<KingmakerScenario, ScenarioError> {
    if let Ok(serde_json::Value::Object(fields)) = serde_json::from_str(text)
        && !fields.contains_key("kind")
    {
        return Err(ScenarioError::new(
            "kind",
            "missing: a Kingmaker scenario says \"kind\": \"kingmaker\" (docs/kingmaker.md)",
        ));
    }
    parse_as(text)
}

/// The Kingmaker combat as compact JSON.
pub fn kingmaker_to_json(combat: &KingmakerScenario) -> String {
    compact(combat)
}

/// The Kingmaker combat as pretty JSON, for files.
pub fn kingmaker_to_pretty_json(combat: &KingmakerScenario) -> String {
    pretty(combat)
}

/// The `k=` value of a link: base64url (no padding) of the Kingmaker scenario JSON.
pub fn encode_kingmaker(combat: &KingmakerScenario) -> String {
    URL_SAFE_NO_PAD.encode(kingmaker_to_json(combat))
}

/// Reads the `k=` value of a link.
///
/// # Errors
/// A message saying whether the link is too long, not base64url, not UTF-8, or not a valid
/// Kingmaker scenario (with the field).
pub fn decode_kingmaker(value: &str) -> Result<KingmakerScenario, String> {
    let text = decode_text_of(value, "Kingmaker combat")?;
    parse_kingmaker(&text)
        .map_err(|e| format!("the link's Kingmaker combat is not a valid scenario: {e}"))
}

/// The fragment of a Kingmaker combat, with the leading `#`: `#k=...`.
pub fn kingmaker_fragment(combat: &KingmakerScenario) -> String {
    format!("#k={}", encode_kingmaker(combat))
}

/// Parses board JSON (`docs/board.md`); a format error names the field, and a document with no
/// `kind` (a battle, say) is told so, as `bosworth plan` does.
///
/// # Errors
/// A [`ScenarioError`] with the JSON path and serde's message.
pub fn parse_board(text: &str) -> Result<Board, ScenarioError> {
    if let Ok(serde_json::Value::Object(fields)) = serde_json::from_str(text)
        && !fields.contains_key("kind")
    {
        return Err(ScenarioError::new(
            "kind",
            "missing: a board says \"kind\": \"board\" (docs/board.md)",
        ));
    }
    parse_as(text)
}

/// The board as compact JSON.
pub fn board_to_json(board: &Board) -> String {
    compact(board)
}

/// The board as pretty JSON, for files.
pub fn board_to_pretty_json(board: &Board) -> String {
    pretty(board)
}

/// The `b=` value of a link: base64url (no padding) of the board JSON.
pub fn encode_board(board: &Board) -> String {
    URL_SAFE_NO_PAD.encode(board_to_json(board))
}

/// Reads the `b=` value of a link.
///
/// # Errors
/// A message saying whether the link is too long, not base64url, not UTF-8, or not a valid
/// board (with the field).
pub fn decode_board(value: &str) -> Result<Board, String> {
    let text = decode_text_of(value, "board")?;
    parse_board(&text).map_err(|e| format!("the link's board is not a valid board: {e}"))
}

/// The fragment of a board, with the leading `#`: `#b=...`.
pub fn board_fragment(board: &Board) -> String {
    format!("#b={}", encode_board(board))
}

/// A whole app link for a board: `base` (its own fragment dropped) and `#b=...`.
pub fn board_link(base: &str, board: &Board) -> String {
    let base = base.split('#').next().unwrap_or(base);
    format!("{base}{}", board_fragment(board))
}

/// A board from any of the forms a user may hold: board JSON, a whole app link
/// (`http://.../#b=...`), or its fragment (`#b=...`, `b=...`).
///
/// # Errors
/// For JSON, the field and the reason ([`parse_board`]); for a link, why its board cannot be
/// read, or the field and the reason as for JSON.
pub fn read_board(text: &str) -> Result<Board, ScenarioError> {
    let t = text.trim();
    let hash = match t.split_once('#') {
        Some((_, h)) if h.starts_with("b=") || h.contains("&b=") => h,
        _ if t.starts_with("b=") => t,
        _ => return parse_board(t),
    };
    match fragment(hash).board {
        Some(value) => {
            parse_board(&decode_text_of(&value, "board").map_err(|e| ScenarioError::new("", e))?)
        }
        None => parse_board(t),
    }
}

/// What a JSON document is, by its shape: a Kingmaker combat says `"kind": "kingmaker"`, a board
/// `"kind": "board"`, a reset has a `king` and no armies, anything else is read as a battle. For
/// telling a user who opens a file in the wrong calculator where it belongs; `None` when it is
/// not a JSON object.
pub fn kind_of(text: &str) -> Option<Calculator> {
    let serde_json::Value::Object(fields) = serde_json::from_str(text).ok()? else {
        return None;
    };
    let kind = fields.get("kind").and_then(|k| k.as_str());
    Some(if kind == Some("kingmaker") {
        Calculator::Kingmaker
    } else if kind == Some("board") {
        Calculator::Board
    } else if fields.contains_key("king") && !fields.contains_key("attacker") {
        Calculator::Reset
    } else {
        Calculator::Battle
    })
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
    fn the_streamer_view_travels_with_its_settings() {
        let sc = parse(JSON).unwrap();
        let stream = Stream {
            title: Some("Towton, 1461 & the snow: 100% York?".into()),
            background: Some("green".into()),
            theme: Some("dark".into()),
            seed: Some(42),
        };
        let frag = to_fragment_with_stream(&sc, &[], Some(&stream));
        assert!(frag.contains("&overlay&title=Towton%2C%201461%20%26%20the%20snow%3A%20100%25%20York%3F&bg=green&theme=dark&seed=42"), "{frag}");
        let f = fragment(&frag);
        assert!(f.overlay);
        assert_eq!(f.stream, stream);
        assert_eq!(read(&frag).unwrap(), sc);
        // Unknown values are ignored, a broken title dropped, a long one cut.
        let f = fragment(&format!("{frag}&bg=blue&title=%E2%28&theme=sepia"));
        assert_eq!(
            (f.stream.background, f.stream.title, f.stream.theme),
            (None, None, None)
        );
        let long = "x".repeat(200);
        assert_eq!(
            fragment(&format!("title={long}"))
                .stream
                .title
                .unwrap()
                .len(),
            MAX_TITLE
        );
        assert_eq!(
            fragment("#s=x&theme=dark").stream.theme.as_deref(),
            Some("dark")
        );
        assert_eq!(
            percent_decode(&percent_encode("Mortimer’s Cross")).unwrap(),
            "Mortimer’s Cross"
        );
        // Without the view, nothing of it is written.
        assert_eq!(
            to_fragment_with_stream(&sc, &[], None),
            to_fragment(&sc, false)
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

    const RESET: &str = include_str!("../../examples/reset-usurpation.json");
    const KINGMAKER: &str = include_str!("../../examples/kingmaker-basic-battle.json");

    #[test]
    fn a_reset_and_a_kingmaker_combat_travel_under_their_own_keys() {
        let reset = parse_reset(RESET).unwrap();
        let combat = parse_kingmaker(KINGMAKER).unwrap();
        let r = reset_fragment(&reset);
        let k = kingmaker_fragment(&combat);
        assert!(r.starts_with("#r=") && k.starts_with("#k="), "{r} {k}");
        let fr = fragment(&r);
        assert_eq!(fr.calculator(), Calculator::Reset);
        assert_eq!(decode_reset(fr.reset.as_deref().unwrap()).unwrap(), reset);
        assert_eq!(fr.scenario, None);
        let fk = fragment(&k);
        assert_eq!(fk.calculator(), Calculator::Kingmaker);
        assert_eq!(
            decode_kingmaker(fk.kingmaker.as_deref().unwrap()).unwrap(),
            combat
        );
        // A battle's link, or none at all, opens the battle as before.
        let battle = parse(JSON).unwrap();
        assert_eq!(
            fragment(&to_fragment(&battle, false)).calculator(),
            Calculator::Battle
        );
        assert_eq!(fragment("").calculator(), Calculator::Battle);
        assert_eq!(fragment("#overlay").calculator(), Calculator::Battle);
        // A key alone opens its calculator with no scenario of the address's; one with a
        // scenario wins over it.
        for c in Calculator::ALL {
            let f = fragment(&format!("#{}", c.key()));
            assert_eq!((f.calculator(), f.bare), (c, Some(c)));
            assert_eq!(
                (f.scenario, f.reset, f.kingmaker, f.board),
                (None, None, None, None)
            );
        }
        assert_eq!(fragment("#b&theme=dark").calculator(), Calculator::Board);
        assert_eq!(fragment(&format!("{r}&b")).calculator(), Calculator::Reset);
        // Each key is its calculator's.
        let keys: Vec<&str> = Calculator::ALL.iter().map(|c| c.key()).collect();
        assert_eq!(keys, ["s", "b", "r", "k"]);
        // The JSON written back reads the same, pretty or compact.
        assert_eq!(parse_reset(&reset_to_pretty_json(&reset)).unwrap(), reset);
        assert_eq!(
            parse_kingmaker(&kingmaker_to_pretty_json(&combat)).unwrap(),
            combat
        );
    }

    #[test]
    fn broken_reset_and_kingmaker_links_say_why() {
        let e = decode_reset("not-a-reset!!").unwrap_err();
        assert!(e.contains("the link's reset is not valid base64url"), "{e}");
        let e = decode_kingmaker("!!").unwrap_err();
        assert!(
            e.contains("the link's Kingmaker combat is not valid base64url"),
            "{e}"
        );
        // Valid base64url of an invalid scenario: the field is named.
        let bad = URL_SAFE_NO_PAD.encode(r#"{"version":1,"king":"Tudor"}"#);
        let e = decode_reset(&bad).unwrap_err();
        assert!(
            e.contains("not a valid reset scenario") && e.contains("king"),
            "{e}"
        );
        let battle = URL_SAFE_NO_PAD.encode(JSON);
        let e = decode_kingmaker(&battle).unwrap_err();
        assert!(e.contains("kind: missing"), "{e}");
        let e = decode_reset(&"A".repeat(MAX_LINK_BYTES + 1)).unwrap_err();
        assert!(e.contains("the link's reset is too long"), "{e}");
        // The battle's own messages are unchanged.
        assert!(
            decode("!!")
                .unwrap_err()
                .starts_with("the link's battle is not valid base64url")
        );
    }

    const BOARD: &str = include_str!("../../examples/board-kent.json");

    #[test]
    fn a_board_travels_under_its_own_key() {
        let board = parse_board(BOARD).unwrap();
        let b = board_fragment(&board);
        assert!(b.starts_with("#b="), "{b}");
        let f = fragment(&b);
        assert_eq!(f.calculator(), Calculator::Board);
        assert_eq!(decode_board(f.board.as_deref().unwrap()).unwrap(), board);
        assert_eq!(f.scenario, None);
        for text in [
            BOARD.to_string(),
            board_link(DEFAULT_BASE, &board),
            b.clone(),
            b.trim_start_matches('#').to_string(),
        ] {
            assert_eq!(read_board(&text).unwrap(), board, "{text}");
        }
        assert_eq!(parse_board(&board_to_pretty_json(&board)).unwrap(), board);
        assert_eq!(Calculator::Board.key(), "b");
        // A battle is not a board, and is told why.
        let e = parse_board(JSON).unwrap_err();
        assert_eq!(e.field, "kind", "{e}");
        let e = decode_board("!!").unwrap_err();
        assert!(e.contains("the link's board is not valid base64url"), "{e}");
        // A board with an unknown field is refused by name.
        let e = parse_board(&BOARD.replacen("\"card\"", "\"cards\"", 1)).unwrap_err();
        assert!(e.to_string().contains("cards"), "{e}");
    }

    #[test]
    fn a_document_says_which_calculator_it_belongs_to() {
        assert_eq!(kind_of(BOARD), Some(Calculator::Board));
        assert_eq!(kind_of(RESET), Some(Calculator::Reset));
        assert_eq!(kind_of(KINGMAKER), Some(Calculator::Kingmaker));
        assert_eq!(kind_of(JSON), Some(Calculator::Battle));
        assert_eq!(kind_of("[1, 2]"), None);
        assert_eq!(kind_of("not json"), None);
    }
}

/// What a Rally the Troops file or paste holds: a game in progress (the play page's
/// `{player, view}`) or a finished game (its export).
#[derive(Debug, Clone)]
pub enum Rtt {
    /// The play page's view, copied by the bookmarklet.
    View(bosworth::rtt::Paste),
    /// A finished game's export (`/api/export/GAME_ID`).
    Export(Box<bosworth::rtt::Export>),
}

/// Reads a Rally the Troops view or export; the error names the field (`view.steps.March`) or
/// says that the JSON is cut short or is neither.
///
/// # Errors
/// A [`ScenarioError`] naming the field and the reason.
pub fn read_rtt(text: &str) -> Result<Rtt, ScenarioError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        let why = if e.is_eof() {
            format!("the JSON is cut short ({e}): copy the whole text again")
        } else {
            format!("not JSON: {e}")
        };
        ScenarioError::new("", why)
    })?;
    let serde_json::Value::Object(fields) = &value else {
        return Err(ScenarioError::new(
            "",
            "not a Rally the Troops view or export: a JSON object was expected",
        ));
    };
    if fields.contains_key("view") {
        parse_as(text).map(Rtt::View)
    } else if fields.contains_key("snaps") || fields.contains_key("replay") {
        parse_as(text).map(|e| Rtt::Export(Box::new(e)))
    } else if fields.contains_key("kind") {
        Err(ScenarioError::new(
            "kind",
            "this is a Bosworth file, not Rally the Troops': open it with bosworth plan or exact",
        ))
    } else {
        Err(ScenarioError::new(
            "",
            "neither a play page's {player, view} nor an export {setup, players, state, replay, \
             snaps} of Rally the Troops",
        ))
    }
}
