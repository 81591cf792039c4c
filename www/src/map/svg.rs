//! The map drawn as one static SVG string: the land, the seas, the borders in their types, each
//! area's icons and name, who holds it, and (for previews and the map view's first paint) blocks,
//! planned arrows and border badges. Pure string building: no yew, no DOM.
//!
//! Colours are CSS custom properties: the map's own (`--map-*`, set for both themes in [`CSS`])
//! and the app's (`--york`, `--lancaster`, `--york-face`, `--lan-face`, `--ink`, `--card`...), so
//! the drawing follows the theme like the rest of the page.

use super::chips;
use super::geometry::{self as g, AreaShape, BorderShape, Line, Point};
use bosworth::data::{self, BorderKind, House};
use std::fmt::Write;

/// Who holds an area (2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// No blocks: drawn in the land's colour.
    Vacant,
    /// Friendly to one house.
    House(House),
    /// Blocks of both houses, awaiting battle: hatched in both colours.
    Contested,
}

/// A block tile on the map.
#[derive(Clone, Debug)]
pub struct Tile {
    /// Its house (the Rebel draws as the house it serves).
    pub house: House,
    /// What the tile shows: its strength, or "?" for a block seen from behind.
    pub text: String,
    /// A block seen from behind (Fog-of-War): hatched, no face.
    pub hidden: bool,
}

/// Blocks in an area: the first few as tiles, then the count of all.
#[derive(Clone, Debug)]
pub struct Army<'a> {
    /// The area.
    pub area: &'a str,
    /// Tiles to draw (at most [`g::TILES`] are drawn).
    pub tiles: Vec<Tile>,
    /// How many blocks stand there in all (drawn as a badge after the tiles).
    pub count: usize,
}

/// How a planned move is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// Part of the Main Attack: a solid arrow.
    Main,
    /// Reserves: a dashed arrow.
    Reserve,
}

/// An arrow across one border, from one side to the other.
#[derive(Clone, Copy, Debug)]
pub struct Arrow<'a> {
    /// Where the blocks come from.
    pub from: &'a str,
    /// Where they go (an area, or a sea zone).
    pub to: &'a str,
    /// The house moving (its colour).
    pub house: House,
    /// Main Attack or reserves.
    pub route: Route,
}

/// Text on a border's badge, e.g. "2/3" (blocks used of the limit).
#[derive(Clone, Debug)]
pub struct Badge<'a> {
    /// One side of the border.
    pub a: &'a str,
    /// The other side.
    pub b: &'a str,
    /// What it says.
    pub text: String,
}

/// Everything on the map besides the land itself.
#[derive(Clone, Debug, Default)]
pub struct Scene<'a> {
    /// Who holds which area; areas not listed are vacant.
    pub holds: Vec<(&'a str, Hold)>,
    /// Blocks on the map.
    pub armies: Vec<Army<'a>>,
    /// Planned moves.
    pub arrows: Vec<Arrow<'a>>,
    /// Border badges.
    pub badges: Vec<Badge<'a>>,
    /// An area picked as the target: outlined.
    pub target: Option<&'a str>,
    /// Areas the moving player can attack, each with its best plan's chance to hold (0 to 1):
    /// filled on a scale from [`CHANCE_LOW`] to [`CHANCE_HIGH`], their holder's band kept.
    pub chances: Vec<(&'a str, f64)>,
    /// Draw the key (border types, icons, houses) in the North Sea.
    pub legend: bool,
}

/// The map's style: its palette for both themes (the same selectors as the app's `style.css`:
/// `prefers-color-scheme`, overridden by `data-theme` on the root), and its classes.
pub const CSS: &str = r#"
:root {
  --map-sea: #c6dbe0; --map-sea-line: #d9e8eb; --map-sea-ink: #24505d; --map-sea-deep: #adc7cf;
  --map-shade: rgba(94, 70, 40, .16);
  --map-land: #f3e8cf; --map-land-off: #ddd5c3; --map-wales: #5f7a3a; --map-coast: #5e4d38;
  --map-major: #a77a10; --map-river: #2764a8; --map-minor: #b3261e; --map-divide: #8b7f6c;
  --map-ink: #2a2118; --map-halo: #f7efdc; --map-icon: #4a3b2a; --map-icon-face: #fffaf0;
  --map-crown: #c08a12; --map-york-fill: color-mix(in srgb, var(--york, #466eb4) 40%, var(--map-land));
  --map-lan-fill: color-mix(in srgb, var(--lancaster, #c03028) 28%, var(--map-land));
  --map-chance-0: #e0a99c; --map-chance-h: #e8bd57; --map-chance-1: #4ea265; --map-chip-ink: #231a12;
}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) {
    --map-sea: #0f1c23; --map-sea-line: #172c36; --map-sea-deep: #09131a; --map-shade: rgba(0, 0, 0, .38); --map-sea-ink: #9cc4d0;
    --map-land: #342c23; --map-land-off: #2a2622; --map-wales: #9fbf6f; --map-coast: #b59c77;
    --map-major: #e2b44f; --map-river: #6aa6ea; --map-minor: #f0685c; --map-divide: #8d8270;
    --map-ink: #f1e8d6; --map-halo: #342c23; --map-icon: #e6d7bb; --map-icon-face: #3a3229;
    --map-crown: #e7bb52;
    --map-york-fill: color-mix(in srgb, var(--york, #6f93d6) 36%, var(--map-land));
    --map-lan-fill: color-mix(in srgb, var(--lancaster, #e0574c) 30%, var(--map-land));
    --map-chance-0: #74363f; --map-chance-h: #97711f; --map-chance-1: #2e8048; --map-chip-ink: #fbf3e2;
  }
}
:root[data-theme="dark"] {
  --map-sea: #0f1c23; --map-sea-line: #172c36; --map-sea-deep: #09131a; --map-shade: rgba(0, 0, 0, .38); --map-sea-ink: #9cc4d0;
  --map-land: #342c23; --map-land-off: #2a2622; --map-wales: #9fbf6f; --map-coast: #b59c77;
  --map-major: #e2b44f; --map-river: #6aa6ea; --map-minor: #f0685c; --map-divide: #8d8270;
  --map-ink: #f1e8d6; --map-halo: #342c23; --map-icon: #e6d7bb; --map-icon-face: #3a3229;
  --map-crown: #e7bb52;
  --map-york-fill: color-mix(in srgb, var(--york, #6f93d6) 36%, var(--map-land));
  --map-lan-fill: color-mix(in srgb, var(--lancaster, #e0574c) 30%, var(--map-land));
    --map-chance-0: #74363f; --map-chance-h: #97711f; --map-chance-1: #2e8048; --map-chip-ink: #fbf3e2;
}
.bwm { display: block; width: 100%; height: auto; font-family: Georgia, "Iowan Old Style", "Palatino Linotype", serif; }
.bwm .sea { fill: url(#bwm-deep); }
.bwm .coast-tint { fill: none; stroke: var(--map-shade); stroke-width: 16; stroke-linejoin: round; pointer-events: none; }
.bwm .shoal { fill: none; stroke-linejoin: round; stroke-linecap: round; }
.bwm .shoal.s1 { stroke: var(--map-sea-line); stroke-width: 30; }
.bwm .shoal.s2 { stroke: var(--map-sea); stroke-width: 24; }
.bwm .shoal.s3 { stroke: var(--map-sea-line); stroke-width: 16; }
.bwm .shoal.s4 { stroke: var(--map-sea); stroke-width: 11; }
.bwm .land { fill: var(--map-land); }
.bwm .land.off { fill: var(--map-land-off); }
.bwm .land.york { fill: var(--map-york-fill); }
.bwm .land.lancaster { fill: var(--map-lan-fill); }
.bwm .land.contested { fill: url(#bwm-contested); }
.bwm .wales { fill: url(#bwm-wales); pointer-events: none; }
.bwm .exile { fill: url(#bwm-exile); pointer-events: none; }
.bwm .exile-frame { fill: none; stroke-width: 7; stroke-dasharray: 12 7; pointer-events: none; }
.bwm .exile-frame.york { stroke: var(--york); }
.bwm .exile-frame.lancaster { stroke: var(--lancaster); }
.bwm .band { fill: none; stroke-width: 12; opacity: .55; pointer-events: none; }
.bwm .band.york { stroke: var(--york); }
.bwm .band.lancaster { stroke: var(--lancaster); }
.bwm .hatch-y { fill: var(--map-york-fill); }
.bwm .hatch-l { fill: var(--map-lan-fill); }
.bwm .hatch-w { stroke: var(--map-wales); stroke-width: 1.6; opacity: .45; }
.bwm .hatch-x { stroke: var(--map-divide); stroke-width: 1.4; opacity: .5; }
.bwm .coast { fill: none; stroke: var(--map-coast); stroke-width: 1.8; stroke-linejoin: round; }
.bwm .b { fill: none; stroke-linejoin: round; stroke-linecap: round; }
.bwm .b.major { stroke: var(--map-major); stroke-width: 6; }
.bwm .b.river { stroke: var(--map-river); stroke-width: 4; stroke-dasharray: 13 6; stroke-linecap: butt; }
.bwm .b.minor { stroke: var(--map-minor); stroke-width: 3.6; stroke-dasharray: 0.1 7.5; }
.bwm .b.divide { stroke: var(--map-divide); stroke-width: 2; stroke-dasharray: 3 4; }
.bwm .b.casing { stroke: var(--map-land); stroke-width: 9; opacity: .9; stroke-dasharray: none; }
.bwm .strait { stroke: var(--map-sea-ink); stroke-width: 2; stroke-dasharray: 10 8; opacity: .7; fill: none; }
.bwm .link { stroke: var(--map-sea-ink); stroke-width: 2.4; stroke-dasharray: 0.1 6; stroke-linecap: round; fill: none; }
.bwm .link-end { fill: var(--map-sea); stroke: var(--map-sea-ink); stroke-width: 2; }
.bwm .frame { fill: none; stroke: var(--map-coast); stroke-width: 3; }
.bwm .frame.inner { stroke-width: 1; }
.bwm .sea-name { fill: var(--map-sea-ink); font-style: italic; font-size: 30px; letter-spacing: .18em; text-anchor: middle; dominant-baseline: central; }
.bwm .name { fill: var(--map-ink); font-weight: 700; text-anchor: middle; dominant-baseline: central;
  paint-order: stroke; stroke: var(--map-halo); stroke-width: 5px; stroke-linejoin: round; }
.bwm .name.exile-name { font-style: italic; }
.bwm .icon-num { fill: var(--map-icon-face); font: 700 13px system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
.bwm .target { fill: none; stroke: var(--map-ink); stroke-width: 7; stroke-linejoin: round; }
.bwm .target-in { fill: none; stroke: var(--map-halo); stroke-width: 2.6; stroke-dasharray: 9 6; stroke-linejoin: round; }
.bwm .tile { stroke-width: 1; }
.bwm .tile.york { fill: var(--york-face); stroke: #8f8570; }
.bwm .tile.lancaster { fill: var(--lan-face); stroke: #5e140f; }
.bwm .tile.hidden { fill: url(#bwm-hidden); stroke-dasharray: 3 2; stroke-width: 1.6; }
.bwm .tile.hidden.york { stroke: var(--york); }
.bwm .tile.hidden.lancaster { stroke: var(--lancaster); }
.bwm .tile-text { font: 700 13px system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
.bwm .tile-text.york { fill: var(--york-text); }
.bwm .tile-text.lancaster { fill: var(--lan-text); }
.bwm .tile-text.hidden { fill: var(--ink); }
.bwm .count { fill: var(--map-ink); }
.bwm .count-text { fill: var(--map-halo); font: 700 13px system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
.bwm .arrow { fill: none; stroke-width: 7; stroke-linecap: round; }
.bwm .arrow.york { stroke: var(--york); }
.bwm .arrow.lancaster { stroke: var(--lancaster); }
.bwm .arrow.reserve { stroke-dasharray: 14 9; stroke-linecap: butt; }
.bwm .arrow-halo { fill: none; stroke: var(--map-halo); stroke-width: 12; stroke-linecap: round; opacity: .9; }
.bwm .head.york { fill: var(--york); }
.bwm .head.lancaster { fill: var(--lancaster); }
.bwm .badge { fill: var(--card, #fffdf8); stroke-width: 2.5; }
.bwm .badge.major { stroke: var(--map-major); }
.bwm .badge.river { stroke: var(--map-river); }
.bwm .badge.minor { stroke: var(--map-minor); }
.bwm .badge.sea { stroke: var(--map-sea-ink); }
.bwm .chance-chip rect { stroke: var(--map-ink); stroke-width: 1.6; }
.bwm .chance-chip text { fill: var(--map-chip-ink); font: 800 17px system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
.bwm .badge-text { fill: var(--ink, #2a2118); font: 700 17px system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
@media (max-width: 600px) { .bwm .key.in-map { display: none; } }
.bwm-key { display: block; width: 100%; height: auto; margin-top: 8px; }
@media (min-width: 601px) { .bwm-key { display: none; } }
.bwm .key-box { fill: var(--map-sea); stroke: var(--map-sea-ink); stroke-width: 1.5; opacity: .96; }
.bwm .key-text { fill: var(--map-ink); font: 600 20px system-ui, sans-serif; dominant-baseline: central; }
.bwm .key-title { fill: var(--map-sea-ink); font-size: 20px; font-style: italic; letter-spacing: .14em; dominant-baseline: central; }
.bwm .compass { fill: var(--map-sea-ink); }
.bwm .leader { stroke: var(--map-ink); stroke-width: 1.5; fill: none; }
.bwm .leader-end { fill: var(--map-ink); }
.bwm .compass-line { stroke: var(--map-sea-ink); stroke-width: 1.5; fill: none; }
"#;

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An area's name as the drawing's ids and the page's testids write it: `east-anglia`.
pub fn id(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

fn f(v: f32) -> String {
    format!("{:.1}", v)
}

fn class_of(kind: BorderKind) -> &'static str {
    match kind {
        BorderKind::Major => "major",
        BorderKind::River => "river",
        BorderKind::Minor => "minor",
        BorderKind::Sea => "sea",
    }
}

fn house_class(h: House) -> &'static str {
    match h {
        House::York => "york",
        House::Lancaster => "lancaster",
    }
}

/// The icons, 20 units square, and the patterns the key shares with the map.
const SYMBOLS: &str = concat!(
    "<symbol id=\"bwm-shield\" viewBox=\"0 0 20 20\"><path style=\"fill:var(--map-icon)\" d=\"M3 1.5H17V9C17 14 13.5 17 10 19C6.5 17 3 14 3 9Z\"/></symbol>",
    "<symbol id=\"bwm-crown\" viewBox=\"0 0 20 20\"><path style=\"fill:var(--map-crown);stroke:var(--map-icon);stroke-width:1.1;stroke-linejoin:round\" d=\"M2.5 15.5L1.5 5.5L6.3 9.5L10 3L13.7 9.5L18.5 5.5L17.5 15.5Z\"/>",
    "<rect style=\"fill:var(--map-crown);stroke:var(--map-icon);stroke-width:1.1\" x=\"2.5\" y=\"15.2\" width=\"15\" height=\"2.8\" rx=\".8\"/></symbol>",
    "<symbol id=\"bwm-city\" viewBox=\"0 0 20 20\"><path style=\"fill:var(--map-icon)\" d=\"M2 19V6H4.5V8.5H6.5V6H9V8.5H11V6H13.5V8.5H15.5V6H18V19H12V14.5A2 2 0 0 0 8 14.5V19Z\"/></symbol>",
    "<symbol id=\"bwm-cathedral\" viewBox=\"0 0 20 20\"><path style=\"fill:var(--map-icon)\" d=\"M9.2 0.5H10.8V2.5H12.6V4H10.8V6.2L14 9.5V19H6V9.5L9.2 6.2V4H7.4V2.5H9.2Z\"/>",
    "<path style=\"fill:var(--map-icon)\" d=\"M2 19V13L4.5 11L6 12.5V19ZM18 19V13L15.5 11L14 12.5V19Z\"/></symbol>",
    "<symbol id=\"bwm-port\" viewBox=\"0 0 20 20\"><circle style=\"fill:var(--map-icon-face);stroke:var(--map-sea-ink);stroke-width:1.3\" cx=\"10\" cy=\"10\" r=\"9.3\"/>",
    "<path style=\"fill:none;stroke:var(--map-sea-ink);stroke-width:2;stroke-linecap:round\" d=\"M10 6.2V16M6.5 8.8H13.5M4.8 12.5C5.5 15.2 7.8 16.3 10 16.3C12.2 16.3 14.5 15.2 15.2 12.5\"/>",
    "<circle style=\"fill:none;stroke:var(--map-sea-ink);stroke-width:1.6\" cx=\"10\" cy=\"4.8\" r=\"1.5\"/></symbol>",
    "<pattern id=\"bwm-wales\" width=\"9\" height=\"9\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(35)\">",
    "<line class=\"hatch-w\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"9\"/></pattern>",
    "<pattern id=\"bwm-exile\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(-45)\">",
    "<line class=\"hatch-x\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"7\"/></pattern>",
    "<pattern id=\"bwm-contested\" width=\"16\" height=\"16\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">",
    "<rect class=\"hatch-y\" width=\"8\" height=\"16\"/><rect class=\"hatch-l\" x=\"8\" width=\"8\" height=\"16\"/></pattern>",
);

/// Patterns, clips and the icons' symbols.
fn defs(s: &mut String) {
    s.push_str("<defs>");
    let _ = write!(
        s,
        "<clipPath id=\"bwm-frame\"><rect width=\"{}\" height=\"{}\"/></clipPath>",
        f(g::WIDTH),
        f(g::HEIGHT)
    );
    // Every shape once, used by id wherever it is drawn or clips.
    let mut all = String::new();
    for a in g::AREAS.iter() {
        let _ = write!(
            s,
            "<path id=\"bwm-area-{0}\" d=\"{1}\"/><clipPath id=\"bwm-clip-{0}\"><use href=\"#bwm-area-{0}\"/></clipPath>",
            id(a.name),
            g::path(&g::outline(a.outline), true)
        );
        let _ = write!(all, "<use href=\"#bwm-area-{}\"/>", id(a.name));
    }
    for l in g::LANDS.iter() {
        let _ = write!(
            s,
            "<path id=\"bwm-off-{}\" d=\"{}\"/>",
            id(l.name),
            g::path(&g::outline(l.outline), true)
        );
        let _ = write!(all, "<use href=\"#bwm-off-{}\"/>", id(l.name));
    }
    let _ = write!(s, "<clipPath id=\"bwm-land\">{all}</clipPath>");
    let coasts: String = g::EDGES
        .iter()
        .filter(|e| matches!(e.line, Line::Coast | Line::Shore))
        .map(|e| g::path(e.points, false))
        .collect();
    let _ = write!(s, "<path id=\"bwm-coasts\" d=\"{coasts}\"/>");
    s.push_str(concat!(
        "<radialGradient id=\"bwm-deep\" cx=\"55%\" cy=\"50%\" r=\"70%\">",
        "<stop offset=\"0.45\" style=\"stop-color:var(--map-sea)\"/>",
        "<stop offset=\"1\" style=\"stop-color:var(--map-sea-deep)\"/></radialGradient>"
    ));
    s.push_str(concat!(
        "<pattern id=\"bwm-hidden\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">",
        "<rect width=\"5\" height=\"5\" style=\"fill:var(--card, #fffdf8)\"/><rect width=\"1.6\" height=\"5\" style=\"fill:var(--line, #ded3bf)\"/></pattern>",
    ));
    s.push_str(SYMBOLS);
    s.push_str("</defs>");
}

/// The water, its lines along the coasts, the sea zones' names and the straits.
fn water(s: &mut String) {
    let _ = write!(
        s,
        "<rect class=\"sea\" width=\"{}\" height=\"{}\"/>",
        f(g::WIDTH),
        f(g::HEIGHT)
    );
    for ring in ["s1", "s2", "s3", "s4"] {
        let _ = write!(s, "<use class=\"shoal {ring}\" href=\"#bwm-coasts\"/>");
    }
    for [a, b] in g::STRAITS.iter() {
        let _ = write!(
            s,
            "<path class=\"strait\" d=\"{}\"/>",
            g::path(&[*a, *b], false)
        );
    }
    for sea in g::SEAS.iter() {
        let _ = write!(
            s,
            "<text class=\"sea-name\" x=\"{}\" y=\"{}\" transform=\"rotate({} {} {})\">{}</text>",
            f(sea.label.0),
            f(sea.label.1),
            f(sea.angle),
            f(sea.label.0),
            f(sea.label.1),
            esc(sea.name)
        );
    }
}

fn hold_of(scene: &Scene, name: &str) -> Hold {
    scene
        .holds
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(Hold::Vacant, |(_, h)| *h)
}

/// The land as no one holds it: unplayable lands, then each area (with its name as a tooltip),
/// Wales and exile areas hatched. Who holds an area is drawn over it ([`holds`]).
fn land(s: &mut String) {
    for l in g::LANDS.iter() {
        let _ = write!(
            s,
            "<use class=\"land off\" href=\"#bwm-off-{}\"><title>{} (no area of the game)</title></use>",
            id(l.name),
            esc(l.name)
        );
    }
    for a in g::AREAS.iter() {
        let _ = write!(
            s,
            "<use class=\"land\" data-area=\"{}\" href=\"#bwm-area-{}\"><title>{}</title></use>",
            esc(a.name),
            id(a.name),
            esc(&describe(a.name))
        );
        hatching(s, a);
    }
}

/// Wales hatched; an exile area hatched and framed inside in its house's colour (2.7).
fn hatching(s: &mut String, a: &AreaShape) {
    let facts = data::area(a.name).expect("an area of the game");
    let shape = format!("href=\"#bwm-area-{}\"", id(a.name));
    if facts.wales {
        let _ = write!(s, "<use class=\"wales\" {shape}/>");
    }
    if let Some(owner) = facts.exile {
        let _ = write!(
            s,
            "<use class=\"exile\" {shape}/><use class=\"exile-frame {}\" clip-path=\"url(#bwm-clip-{})\" {shape}/>",
            house_class(owner),
            id(a.name)
        );
    }
}

/// The chance to hold at which an area's fill is [`CHANCE_LOW`]'s colour.
pub const CHANCE_LOW: f64 = 0.0;
/// The chance to hold at which an area's fill is [`CHANCE_HIGH`]'s colour.
pub const CHANCE_HIGH: f64 = 1.0;

/// The fill of an area whose best plan holds with chance `p`: from `--map-chance-0` (no hope)
/// to `--map-chance-1` (certain), through `--map-chance-h` at one half.
pub fn chance_fill(p: f64) -> String {
    let t = ((p - CHANCE_LOW) / (CHANCE_HIGH - CHANCE_LOW)).clamp(0.0, 1.0);
    if t <= 0.5 {
        format!(
            "color-mix(in srgb, var(--map-chance-h) {:.0}%, var(--map-chance-0))",
            t * 200.0
        )
    } else {
        format!(
            "color-mix(in srgb, var(--map-chance-1) {:.0}%, var(--map-chance-h))",
            (t - 0.5) * 200.0
        )
    }
}

/// Who holds each area, over the land: its holder's colour and band, or for an area the moving
/// player can attack, its best plan's chance to hold with the holder's band; hatching again on
/// top.
pub fn holds(scene: &Scene) -> String {
    let mut s = String::new();
    for a in g::AREAS.iter() {
        let hold = hold_of(scene, a.name);
        let chance = scene
            .chances
            .iter()
            .find(|(n, _)| *n == a.name)
            .map(|c| c.1);
        if hold == Hold::Vacant && chance.is_none() {
            continue;
        }
        let shape = format!("href=\"#bwm-area-{}\"", id(a.name));
        match (chance, hold) {
            (Some(p), _) => {
                let _ = write!(
                    s,
                    "<use class=\"land chance\" style=\"fill:{}\" {shape}/>",
                    chance_fill(p)
                );
            }
            (None, Hold::House(h)) => {
                let _ = write!(s, "<use class=\"land {}\" {shape}/>", house_class(h));
            }
            (None, _) => {
                let _ = write!(s, "<use class=\"land contested\" {shape}/>");
            }
        }
        hatching(&mut s, a);
        if let Hold::House(h) = hold {
            let _ = write!(
                s,
                "<use class=\"band {}\" clip-path=\"url(#bwm-clip-{})\" {shape}/>",
                house_class(h),
                id(a.name)
            );
        }
    }
    s
}

/// What an area holds, in words (its tooltip).
pub fn describe(name: &str) -> String {
    let Some(a) = data::area(name) else {
        return name.to_string();
    };
    let mut parts = Vec::new();
    if let Some(h) = a.exile {
        parts.push(format!("exile area of {h}"));
    }
    if a.wales {
        parts.push("Wales".to_string());
    }
    if !a.shields.is_empty() {
        let names: Vec<String> = a
            .shields
            .iter()
            .map(|s| match *s {
                "York" | "Lancaster" => format!("{s} royal"),
                other => other.to_string(),
            })
            .collect();
        parts.push(format!(
            "{} {}: {}",
            a.shields.len(),
            if a.shields.len() == 1 {
                "shield"
            } else {
                "shields"
            },
            names.join(", ")
        ));
    }
    if a.crown {
        parts.push("crown".to_string());
    }
    if let Some(c) = a.city {
        parts.push(format!("city of {c}"));
    }
    if let Some(c) = a.cathedral {
        parts.push(format!("cathedral of {c}"));
    }
    if a.major_port {
        parts.push("major port".to_string());
    }
    if parts.is_empty() {
        name.to_string()
    } else {
        format!("{name}: {}", parts.join("; "))
    }
}

/// The lines: coasts, then each border of the game in its type (`data-border="A|B"`, the sides
/// as `bosworth::data::BORDERS` names them), the divides, and the sea links' dotted lanes.
fn lines(s: &mut String) {
    s.push_str("<use class=\"coast\" href=\"#bwm-coasts\"/>");
    let mut casing = String::new();
    let mut divides = String::new();
    for e in g::EDGES.iter() {
        match e.line {
            Line::Border(_) => casing.push_str(&g::path(e.points, false)),
            Line::Divide => divides.push_str(&g::path(e.points, false)),
            _ => {}
        }
    }
    let _ = write!(s, "<path class=\"b casing\" d=\"{casing}\"/>");
    let _ = write!(s, "<path class=\"b divide\" d=\"{divides}\"/>");
    // Major borders first, then rivers, then minor borders: the finer lines on top.
    for kind in [BorderKind::Major, BorderKind::River, BorderKind::Minor] {
        for b in g::BORDERS.iter().filter(|b| b.kind == kind) {
            let Some(e) = b.edge else { continue };
            let _ = write!(
                s,
                "<path class=\"b {}\" data-border=\"{}|{}\" d=\"{}\"/>",
                class_of(kind),
                esc(b.a),
                esc(b.b),
                g::path(g::EDGES[usize::from(e)].points, false)
            );
        }
    }
    for b in g::BORDERS.iter().filter(|b| b.kind == BorderKind::Sea) {
        let (coast, out) = if data::area(b.a).is_some() {
            (b.arrow[1], b.arrow[2])
        } else {
            (b.arrow[1], b.arrow[0])
        };
        let _ = write!(
            s,
            "<path class=\"link\" data-border=\"{}|{}\" d=\"{}\"/><circle class=\"link-end\" cx=\"{}\" cy=\"{}\" r=\"3.5\"/>",
            esc(b.a),
            esc(b.b),
            g::path(&[coast, out], false),
            f(out.0),
            f(out.1)
        );
    }
}

/// An area's icons, centred on its icon point in rows of `icon_columns`: shields (with their
/// count), crown, city, cathedral, major port.
fn icons(s: &mut String, a: &AreaShape) {
    let facts = data::area(a.name).expect("an area of the game");
    let mut list: Vec<(&str, String)> = Vec::new();
    if !facts.shields.is_empty() {
        list.push(("shield", facts.shields.len().to_string()));
    }
    if facts.crown {
        list.push(("crown", String::new()));
    }
    if facts.city.is_some() {
        list.push(("city", String::new()));
    }
    if facts.cathedral.is_some() {
        list.push(("cathedral", String::new()));
    }
    if facts.major_port {
        list.push(("port", String::new()));
    }
    let _ = write!(s, "<g class=\"icons\" data-area=\"{}\">", esc(a.name));
    if list.is_empty() {
        s.push_str("</g>");
        return;
    }
    let cols = usize::from(a.icon_columns).clamp(1, list.len());
    let rows = list.len().div_ceil(cols);
    let step = g::ICON + g::GAP;
    let height = rows as f32 * step - g::GAP;
    for (r, row) in list.chunks(cols).enumerate() {
        let width = row.len() as f32 * step - g::GAP;
        for (c, (icon, num)) in row.iter().enumerate() {
            let x = a.icons.0 - width / 2.0 + c as f32 * step;
            let y = a.icons.1 - height / 2.0 + r as f32 * step;
            let _ = write!(
                s,
                "<use href=\"#bwm-{icon}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                f(x),
                f(y),
                f(g::ICON),
                f(g::ICON)
            );
            if !num.is_empty() {
                let _ = write!(
                    s,
                    "<text class=\"icon-num\" x=\"{}\" y=\"{}\">{num}</text>",
                    f(x + g::ICON / 2.0),
                    f(y + g::ICON * 0.45)
                );
            }
        }
    }
    s.push_str("</g>");
}

/// Lines from a box set off a small island or exile area to the area itself.
fn leaders(s: &mut String) {
    for a in g::AREAS.iter() {
        let centre = (a.room.0 + a.room.2 / 2.0, a.room.1 + a.room.3 / 2.0);
        if g::inside(centre, &g::outline(a.outline)) {
            continue;
        }
        // From the box's edge towards the anchor.
        let (dx, dy) = (a.anchor.0 - centre.0, a.anchor.1 - centre.1);
        let t = (0..=100)
            .map(|i| i as f32 / 100.0)
            .find(|t| outside((centre.0 + dx * t, centre.1 + dy * t), a.room, 4.0))
            .unwrap_or(0.0);
        let start = (centre.0 + dx * t, centre.1 + dy * t);
        let _ = write!(
            s,
            "<path class=\"leader\" d=\"{}\"/><circle class=\"leader-end\" cx=\"{}\" cy=\"{}\" r=\"3\"/>",
            g::path(&[start, a.anchor], false),
            f(a.anchor.0),
            f(a.anchor.1)
        );
    }
}

/// Each area's icons and name (names at [`g::LABEL_SIZE`], the size their places were made for).
fn names(s: &mut String) {
    for a in g::AREAS.iter() {
        icons(s, a);
    }
    let _ = write!(
        s,
        "<g class=\"names\" style=\"font-size:{}px\">",
        g::LABEL_SIZE
    );
    for a in g::AREAS.iter() {
        let exile = data::area(a.name).is_some_and(|x| x.exile.is_some());
        let _ = write!(
            s,
            "<text class=\"name{}\" x=\"{}\" y=\"{}\">{}</text>",
            if exile { " exile-name" } else { "" },
            f(a.label.0),
            f(a.label.1),
            esc(a.name)
        );
    }
    s.push_str("</g>");
}

/// The cells of an area's room for blocks, in reading order: a row of tiles and the count, or a
/// square of two by two.
pub fn cells(a: &AreaShape) -> Vec<Point> {
    let (x0, y0, w, h) = a.tokens;
    let step = g::TILE + g::GAP;
    let cols = ((w + g::GAP) / step).round().max(1.0) as usize;
    let rows = ((h + g::GAP) / step).round().max(1.0) as usize;
    (0..rows * cols)
        .map(|i| (x0 + (i % cols) as f32 * step, y0 + (i / cols) as f32 * step))
        .collect()
}

fn armies(s: &mut String, scene: &Scene) {
    for army in &scene.armies {
        let Some(a) = g::area(army.area) else {
            continue;
        };
        let cells = cells(a);
        let shown = army.tiles.len().min(cells.len() - 1).min(g::TILES);
        for (t, (x, y)) in army.tiles.iter().take(shown).zip(&cells) {
            let house = house_class(t.house);
            let hidden = if t.hidden { " hidden" } else { "" };
            let _ = write!(
                s,
                "<rect class=\"tile {house}{hidden}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"/>",
                f(*x),
                f(*y),
                f(g::TILE),
                f(g::TILE)
            );
            let _ = write!(
                s,
                "<text class=\"tile-text {}\" x=\"{}\" y=\"{}\">{}</text>",
                if t.hidden { "hidden" } else { house },
                f(x + g::TILE / 2.0),
                f(y + g::TILE / 2.0 + 0.5),
                esc(&t.text)
            );
        }
        let (x, y) = cells[shown];
        let r = g::TILE / 2.0;
        let _ = write!(
            s,
            "<circle class=\"count\" cx=\"{}\" cy=\"{}\" r=\"{}\"/><text class=\"count-text\" x=\"{}\" y=\"{}\">{}</text>",
            f(x + r),
            f(y + r),
            f(r),
            f(x + r),
            f(y + r + 0.5),
            army.count
        );
    }
}

/// The point at `t` of a quadratic Bezier.
fn bezier(c: &[Point; 3], t: f32) -> Point {
    let u = 1.0 - t;
    (
        u * u * c[0].0 + 2.0 * u * t * c[1].0 + t * t * c[2].0,
        u * u * c[0].1 + 2.0 * u * t * c[1].1 + t * t * c[2].1,
    )
}

fn outside(p: Point, room: (f32, f32, f32, f32), margin: f32) -> bool {
    let (x, y, w, h) = room;
    p.0 < x - margin || p.0 > x + w + margin || p.1 < y - margin || p.1 > y + h + margin
}

/// An arrow across a border from the side named `from`, as points along its curve: from the
/// edge of its first area's blocks, across the badge, to most of the way to the second area's
/// blocks (for a sea zone, to the point on the water). `None` if `from` is neither side.
pub fn arrow_points(border: &BorderShape, from: &str) -> Option<Vec<Point>> {
    let c = g::curve(border, from)?;
    let to = if from == border.a { border.b } else { border.a };
    let n = 64;
    let pts: Vec<Point> = (0..=n).map(|i| bezier(&c, i as f32 / n as f32)).collect();
    let start = g::area(from).map_or(0, |a| {
        pts.iter()
            .position(|p| outside(*p, a.tokens, 3.0))
            .unwrap_or(0)
            .min(n / 2 - 8)
    });
    let end = g::area(to).map_or(n, |a| {
        // Past the badge by 40 units where there is room, short of the blocks.
        let edge = pts
            .iter()
            .rposition(|p| outside(*p, a.tokens, 6.0))
            .unwrap_or(n)
            .max(n / 2 + 6);
        let mut run = 0.0;
        let mut past = edge;
        for i in n / 2..edge {
            run += (pts[i + 1].0 - pts[i].0).hypot(pts[i + 1].1 - pts[i].1);
            if run >= 40.0 {
                past = i + 1;
                break;
            }
        }
        (n / 2 + (edge - n / 2) * 7 / 10).max(past).min(edge)
    });
    Some(pts[start..=end].to_vec())
}

/// The points of each arrow to draw: one per border crossed, but a sea move (Piracy, 5.3, R43),
/// which the plan gives as a leg out to its zone and a leg in from it, drawn as one arrow from
/// the area it sails from across the water to the area it attacks.
fn arrow_paths<'s, 'a>(scene: &'s Scene<'a>) -> Vec<(Vec<Point>, &'s Arrow<'a>)> {
    let sea = |name: &str| g::area(name).is_none();
    let points = |a: &Arrow<'_>| g::border(a.from, a.to).and_then(|b| arrow_points(b, a.from));
    let mut out = Vec::new();
    for arrow in &scene.arrows {
        if sea(arrow.from) {
            continue; // drawn with the legs out to its zone
        }
        let Some(first) = points(arrow) else {
            continue;
        };
        if !sea(arrow.to) {
            out.push((first, arrow));
            continue;
        }
        let ins = scene
            .arrows
            .iter()
            .filter(|i| i.from == arrow.to && i.house == arrow.house && i.route == arrow.route);
        for inward in ins {
            if let Some(second) = points(inward) {
                // One curve from where the way out leaves the port to where the way in reaches
                // the target, through the middle of the two coasts' points on the water.
                let (s, e) = (first[0], second[second.len() - 1]);
                let (a, b) = (first[first.len() - 1], second[0]);
                let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                let c = (2.0 * m.0 - (s.0 + e.0) / 2.0, 2.0 * m.1 - (s.1 + e.1) / 2.0);
                let n = 64;
                let pts = (0..=n)
                    .map(|i| bezier(&[s, c, e], i as f32 / n as f32))
                    .collect();
                out.push((pts, inward));
            }
        }
    }
    out
}

fn arrows(s: &mut String, scene: &Scene) {
    for (pts, arrow) in arrow_paths(scene) {
        if pts.len() < 2 {
            continue;
        }
        let house = house_class(arrow.house);
        let route = if arrow.route == Route::Reserve {
            " reserve"
        } else {
            ""
        };
        // Stop the shaft short of the head.
        let tip = pts[pts.len() - 1];
        let back = pts[pts.len() - 2];
        let (dx, dy) = (tip.0 - back.0, tip.1 - back.1);
        let l = dx.hypot(dy).max(1e-3);
        let (ux, uy) = (dx / l, dy / l);
        let mut shaft = pts.clone();
        let n = shaft.len();
        shaft[n - 1] = (tip.0 - ux * 12.0, tip.1 - uy * 12.0);
        let d = g::path(&shaft, false);
        let _ = write!(s, "<path class=\"arrow-halo\" d=\"{d}\"/>");
        let _ = write!(s, "<path class=\"arrow {house}{route}\" d=\"{d}\"/>");
        let (px, py) = (-uy, ux);
        let head = [
            (tip.0 + ux * 4.0, tip.1 + uy * 4.0),
            (tip.0 - ux * 16.0 + px * 11.0, tip.1 - uy * 16.0 + py * 11.0),
            (tip.0 - ux * 11.0, tip.1 - uy * 11.0),
            (tip.0 - ux * 16.0 - px * 11.0, tip.1 - uy * 16.0 - py * 11.0),
        ];
        let _ = write!(
            s,
            "<path class=\"arrow-halo\" stroke-width=\"5\" d=\"{}\"/><path class=\"head {house}\" d=\"{}\"/>",
            g::path(&head, true),
            g::path(&head, true)
        );
    }
}

/// The key's rows: what each mark means.
const KEY: [(&str, &str); 15] = [
    ("major", "Major: 4"),
    ("river", "River: 3"),
    ("minor", "Minor: 2"),
    ("link", "Sea link"),
    ("shield", "Shields"),
    ("crown", "Crown"),
    ("city", "City"),
    ("cathedral", "Cathedral"),
    ("port", "Major port"),
    ("york", "York"),
    ("lancaster", "Lancaster"),
    ("contested", "Contested"),
    ("wales", "Wales"),
    ("exile", "Exile area"),
    ("off", "Unplayable"),
];

/// Width of one column of the key, in units.
const KEY_COLUMN: f32 = 168.0;
/// Height of a row of the key, in units.
const KEY_ROW: f32 = 27.0;

/// The key at (x, y), in `columns` columns, with its box.
fn legend(s: &mut String, x: f32, y: f32, columns: usize) {
    let rows = &KEY;
    let per = rows.len().div_ceil(columns);
    let step = KEY_ROW;
    let (w, h) = (28.0 + columns as f32 * KEY_COLUMN, 44.0 + per as f32 * step);
    let _ = write!(
        s,
        "<g class=\"key{}\"><rect class=\"key-box\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"8\"/>",
        if columns == 1 { " in-map" } else { "" },
        f(x),
        f(y),
        f(w),
        f(h)
    );
    let _ = write!(
        s,
        "<text class=\"key-title\" x=\"{}\" y=\"{}\">KEY</text>",
        f(x + 14.0),
        f(y + 22.0)
    );
    for (i, (what, text)) in rows.iter().enumerate() {
        let cy = y + 50.0 + (i % per) as f32 * step;
        let sx = x + 14.0 + (i / per) as f32 * KEY_COLUMN;
        match *what {
            "major" | "river" | "minor" => {
                let _ = write!(
                    s,
                    "<path class=\"b casing\" d=\"M{} {}H{}\"/><path class=\"b {what}\" d=\"M{} {}H{}\"/>",
                    f(sx),
                    f(cy),
                    f(sx + 40.0),
                    f(sx),
                    f(cy),
                    f(sx + 40.0)
                );
            }
            "link" => {
                let _ = write!(
                    s,
                    "<path class=\"link\" d=\"M{} {}H{}\"/><circle class=\"link-end\" cx=\"{}\" cy=\"{}\" r=\"3.5\"/>",
                    f(sx + 4.0),
                    f(cy),
                    f(sx + 34.0),
                    f(sx + 36.0),
                    f(cy)
                );
            }
            "wales" | "exile" | "off" => {
                let land = if *what == "off" { "land off" } else { "land" };
                let _ = write!(
                    s,
                    "<rect class=\"{land}\" x=\"{}\" y=\"{}\" width=\"40\" height=\"19\" rx=\"3\"/>",
                    f(sx),
                    f(cy - 9.5)
                );
                if *what != "off" {
                    let _ = write!(
                        s,
                        "<rect class=\"{what}\" x=\"{}\" y=\"{}\" width=\"40\" height=\"19\" rx=\"3\"/>",
                        f(sx),
                        f(cy - 9.5)
                    );
                }
                let frame = if *what == "exile" {
                    "stroke:var(--map-ink);stroke-width:2;stroke-dasharray:5 3"
                } else {
                    "stroke-width:1"
                };
                let _ = write!(
                    s,
                    "<rect class=\"coast\" x=\"{}\" y=\"{}\" width=\"40\" height=\"19\" rx=\"3\" style=\"{frame}\"/>",
                    f(sx),
                    f(cy - 9.5)
                );
            }
            "york" | "lancaster" | "contested" => {
                let _ = write!(
                    s,
                    "<rect class=\"land {what}\" x=\"{}\" y=\"{}\" width=\"40\" height=\"19\" rx=\"3\"/>",
                    f(sx),
                    f(cy - 9.5)
                );
                if *what != "contested" {
                    let _ = write!(
                        s,
                        "<rect class=\"band {what}\" x=\"{}\" y=\"{}\" width=\"40\" height=\"19\" rx=\"3\" style=\"stroke-width:4\"/>",
                        f(sx),
                        f(cy - 9.5)
                    );
                }
            }
            icon => {
                let _ = write!(
                    s,
                    "<use href=\"#bwm-{icon}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                    f(sx + 20.0 - g::ICON / 2.0),
                    f(cy - g::ICON / 2.0),
                    f(g::ICON),
                    f(g::ICON)
                );
                if icon == "shield" {
                    let _ = write!(
                        s,
                        "<text class=\"icon-num\" x=\"{}\" y=\"{}\">2</text>",
                        f(sx + 20.0),
                        f(cy - 1.0)
                    );
                }
            }
        }
        let _ = write!(
            s,
            "<text class=\"key-text\" x=\"{}\" y=\"{}\">{}</text>",
            f(sx + 52.0),
            f(cy),
            esc(text)
        );
    }
    s.push_str("</g>");
}

/// The key alone, as its own SVG in three columns (under the map on a phone, where the key
/// inside the map would be too small to read).
pub fn key() -> String {
    let (w, h) = (28.0 + 3.0 * KEY_COLUMN, 44.0 + 5.0 * KEY_ROW);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bwm bwm-key\" viewBox=\"-2 -2 {} {}\" role=\"img\" aria-label=\"Key to the map\">",
        f(w + 4.0),
        f(h + 4.0)
    );
    s.push_str("<defs>");
    s.push_str(SYMBOLS);
    s.push_str("</defs>");
    legend(&mut s, 0.0, 0.0, 3);
    s.push_str("</svg>");
    // Its own ids, so that it can sit on the page beside the map.
    s.replace("id=\"bwm-", "id=\"bwmk-")
        .replace("#bwm-", "#bwmk-")
}

/// A small compass in the south-west approaches.
fn compass(s: &mut String) {
    let (cx, cy) = (70.0f32, g::HEIGHT - 250.0);
    let _ = write!(
        s,
        "<g class=\"compass-rose\"><circle class=\"compass-line\" cx=\"{}\" cy=\"{}\" r=\"26\"/><path class=\"compass\" d=\"M{} {}L{} {}L{} {}L{} {}Z\"/><path class=\"compass-line\" d=\"M{} {}V{}M{} {}H{}\"/><text class=\"sea-name\" x=\"{}\" y=\"{}\" style=\"letter-spacing:0\">N</text></g>",
        f(cx),
        f(cy),
        f(cx),
        f(cy - 40.0),
        f(cx + 9.0),
        f(cy),
        f(cx),
        f(cy - 8.0),
        f(cx - 9.0),
        f(cy),
        f(cx),
        f(cy + 34.0),
        f(cy),
        f(cx - 34.0),
        f(cy),
        f(cx + 34.0),
        f(cx),
        f(cy - 62.0)
    );
}

/// The map's style and definitions (patterns, clips, every shape once, the icons): the first
/// layer, which every other refers to.
pub fn definitions() -> String {
    let mut s = String::with_capacity(200_000);
    let _ = write!(s, "<style>{CSS}</style>");
    defs(&mut s);
    s
}

/// The water, the compass and the land as no one holds it: the layer under everything.
pub fn below() -> String {
    let mut s = String::with_capacity(60_000);
    water(&mut s);
    compass(&mut s);
    land(&mut s);
    s
}

/// The coasts' shade and every line: over the land and who holds it.
pub fn middle() -> String {
    let mut s = String::with_capacity(80_000);
    s.push_str("<use class=\"coast-tint\" clip-path=\"url(#bwm-land)\" href=\"#bwm-coasts\"/>");
    lines(&mut s);
    s
}

/// The target's outline and the planned arrows, over the lines and under the names.
pub fn marks(scene: &Scene) -> String {
    let mut s = String::new();
    if let Some(t) = scene.target.and_then(g::area) {
        let _ = write!(
            s,
            "<use class=\"target\" href=\"#bwm-area-{0}\"/><use class=\"target-in\" href=\"#bwm-area-{0}\"/>",
            id(t.name)
        );
    }
    arrows(&mut s, scene);
    s
}

/// The leader lines, each area's icons and name.
pub fn upper() -> String {
    let mut s = String::with_capacity(40_000);
    leaders(&mut s);
    names(&mut s);
    s
}

/// The blocks on the map (under the badges and chips, [`tags`]).
pub fn stacks(scene: &Scene) -> String {
    let mut s = String::new();
    armies(&mut s, scene);
    s
}

/// The blocks, the border badges, and each attackable area's best chance to hold: on top, at
/// scale 1 (for previews; the map view draws [`tags`] at the scale it is seen at).
pub fn pieces(scene: &Scene) -> String {
    let mut s = stacks(scene);
    s.push_str(&tags(&Tags::of(scene), 1.0));
    s
}

/// What the map writes on top of everything: the plan's border badges and each attackable area's
/// best chance to hold, owned, so that the map can place them afresh at the scale it is seen at
/// ([`tags`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tags {
    /// Each badge: one side of its border, the other, its text.
    pub badges: Vec<(String, String, String)>,
    /// Each attackable area and its best plan's chance to hold.
    pub chances: Vec<(String, f64)>,
    /// The areas with blocks drawn (their stacks stay uncovered).
    pub stacks: Vec<String>,
}

impl Tags {
    /// The badges, chips and stacks of a scene.
    pub fn of(scene: &Scene) -> Tags {
        Tags {
            badges: scene
                .badges
                .iter()
                .map(|b| (b.a.to_string(), b.b.to_string(), b.text.clone()))
                .collect(),
            chances: scene
                .chances
                .iter()
                .map(|(a, p)| (a.to_string(), *p))
                .collect(),
            stacks: scene.armies.iter().map(|a| a.area.to_string()).collect(),
        }
    }

    /// Where each badge and chip goes at `scale` (`chips::place`): the border or area, its text
    /// and its box, badges first.
    pub fn placed(&self, scale: f32) -> Placed<'_> {
        let badges: Vec<(&BorderShape, &str)> = self
            .badges
            .iter()
            .filter_map(|(a, b, t)| g::border(a, b).map(|x| (x, t.as_str())))
            .collect();
        let texts: Vec<(&AreaShape, String, f64)> = self
            .chances
            .iter()
            .filter_map(|(a, p)| g::area(a).map(|x| (x, chance_text(*p), *p)))
            .collect();
        let asks: Vec<chips::BadgeAsk> = badges
            .iter()
            .map(|(b, t)| chips::BadgeAsk { border: b, text: t })
            .collect();
        let chip_asks: Vec<(&AreaShape, &str)> =
            texts.iter().map(|(a, t, _)| (*a, t.as_str())).collect();
        let stacks: Vec<&str> = self.stacks.iter().map(String::as_str).collect();
        let (badge_boxes, chip_boxes) = chips::place(&asks, &chip_asks, &stacks, scale);
        Placed {
            badges: badges
                .into_iter()
                .zip(badge_boxes)
                .map(|((b, t), r)| (b, t, r))
                .collect(),
            chips: texts
                .into_iter()
                .zip(chip_boxes)
                .map(|((a, t, p), r)| (a, t, p, r))
                .collect(),
        }
    }
}

/// Badges and chips with their boxes (map units).
pub struct Placed<'a> {
    /// Each badge's border, text and box.
    pub badges: Vec<(&'static BorderShape, &'a str, chips::Rect)>,
    /// Each chip's area, text, chance and box.
    pub chips: Vec<(&'static AreaShape, String, f64, chips::Rect)>,
}

/// A chance as its chip writes it: `99.8%`.
pub fn chance_text(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

/// The border badges and chance chips at `scale` (1: their size in map units as drawn for the
/// whole map on a desktop; more to keep them legible where the map is seen small), each placed
/// clear of the names, icons, stacks and each other.
pub fn tags(t: &Tags, scale: f32) -> String {
    let mut s = String::new();
    let placed = t.placed(scale);
    for (b, label, r) in &placed.badges {
        // Its own scale: smaller than asked where the map had no room.
        let k = r.3 / chips::BADGE_HEIGHT;
        let _ = write!(
            s,
            "<rect class=\"badge {}\" data-border=\"{}|{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" style=\"stroke-width:{}\"/><text class=\"badge-text\" x=\"{}\" y=\"{}\" style=\"font-size:{}px\">{}</text>",
            class_of(b.kind),
            esc(b.a),
            esc(b.b),
            f(r.0),
            f(r.1),
            f(r.2),
            f(r.3),
            f(r.3 / 2.0),
            f(2.5 * k),
            f(r.0 + r.2 / 2.0),
            f(r.1 + r.3 / 2.0 + 0.5 * k),
            f(chips::TEXT * k),
            esc(label)
        );
    }
    for (a, label, p, r) in &placed.chips {
        let k = r.3 / chips::CHIP_HEIGHT;
        let _ = write!(
            s,
            "<g class=\"chance-chip\" data-area=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" style=\"fill:{};stroke-width:{}\"/><text x=\"{}\" y=\"{}\" style=\"font-size:{}px\">{}</text></g>",
            esc(a.name),
            f(r.0),
            f(r.1),
            f(r.2),
            f(r.3),
            f(r.3 / 2.0),
            chance_fill(*p),
            f(1.6 * k),
            f(r.0 + r.2 / 2.0),
            f(r.1 + r.3 / 2.0 + 0.5 * k),
            f(chips::TEXT * k),
            esc(label)
        );
    }
    s
}

/// The key in the North Sea (hidden on a phone, where [`key`] is drawn under the map).
pub fn legend_in_map() -> String {
    let mut s = String::new();
    legend(&mut s, g::WIDTH - 28.0 - KEY_COLUMN - 14.0, 14.0, 1);
    s
}

/// The frame around the map.
pub fn frame() -> String {
    format!(
        "<rect class=\"frame\" x=\"1.5\" y=\"1.5\" width=\"{}\" height=\"{}\"/><rect class=\"frame inner\" x=\"6\" y=\"6\" width=\"{}\" height=\"{}\"/>",
        f(g::WIDTH - 3.0),
        f(g::HEIGHT - 3.0),
        f(g::WIDTH - 12.0),
        f(g::HEIGHT - 12.0)
    )
}

/// The whole map as an SVG element (with its own `<style>`), sized to its container's width:
/// the layers in their order, as the map view stacks them.
pub fn render(scene: &Scene) -> String {
    let mut s = String::with_capacity(400_000);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bwm\" viewBox=\"0 0 {} {}\" role=\"img\" aria-labelledby=\"bwm-title\">",
        f(g::WIDTH),
        f(g::HEIGHT)
    );
    s.push_str("<title id=\"bwm-title\">Map of England and Wales: the areas of Richard III, their borders, the sea zones and the exile areas</title>");
    s.push_str(&definitions());
    s.push_str("<g clip-path=\"url(#bwm-frame)\">");
    s.push_str(&below());
    s.push_str(&holds(scene));
    s.push_str(&middle());
    s.push_str(&marks(scene));
    s.push_str(&upper());
    s.push_str(&pieces(scene));
    if scene.legend {
        s.push_str(&legend_in_map());
    }
    s.push_str("</g>");
    s.push_str(&frame());
    s.push_str("</svg>");
    s
}
