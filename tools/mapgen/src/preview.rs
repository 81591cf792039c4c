//! `map-preview DIR`: writes HTML pages of the drawn map (the app's `style.css`, the map's SVG
//! with a sample position: blocks of both houses, a contested area, a planned attack with its
//! arrows and border badges) for `scripts/map-preview` to photograph in Chromium, light and
//! dark, at desktop and phone sizes.

// The map's drawing (`www/src/map/`): its geometry and SVG, which use no web crate. `svg.rs`
// finds the geometry as its sibling, `super::geometry`.
#[allow(dead_code)]
#[rustfmt::skip]
#[path = "../../../www/src/map/geometry.rs"]
mod geometry;
#[allow(dead_code)]
#[path = "../../../www/src/map/chips.rs"]
mod chips;
#[allow(dead_code)]
#[path = "../../../www/src/map/svg.rs"]
mod svg;

/// The drawing under the name the app gives it.
mod map {
    pub(crate) use super::{geometry, svg};
}

use bosworth::data::House::{Lancaster, York};
use map::svg::{Army, Arrow, Badge, Hold, Route, Scene, Tile};
use std::path::PathBuf;

fn tiles(house: bosworth::data::House, strengths: &[&str]) -> Vec<Tile> {
    strengths
        .iter()
        .map(|s| Tile {
            house,
            text: s.to_string(),
            hidden: *s == "?",
        })
        .collect()
}

/// A York attack on Leicester: the Main Attack from Middlesex, reserves from Essex and Oxford;
/// Warwick contested; both houses spread over the map.
fn sample() -> Scene<'static> {
    let holds = vec![
        ("Middlesex", Hold::House(York)),
        ("Kent", Hold::House(York)),
        ("Essex", Hold::House(York)),
        ("East Anglia", Hold::House(York)),
        ("Oxford", Hold::House(York)),
        ("Sussex", Hold::House(York)),
        ("Calais", Hold::House(York)),
        ("Glamorgan", Hold::House(York)),
        ("Leicester", Hold::House(Lancaster)),
        ("Lincoln", Hold::House(Lancaster)),
        ("Northumbria", Hold::House(Lancaster)),
        ("North Yorks", Hold::House(Lancaster)),
        ("Lancaster", Hold::House(Lancaster)),
        ("Chester", Hold::House(Lancaster)),
        ("Scotland", Hold::House(Lancaster)),
        ("Cornwall", Hold::House(Lancaster)),
        ("Warwick", Hold::Contested),
    ];
    let armies = vec![
        Army {
            area: "Middlesex",
            tiles: tiles(York, &["4", "3", "3"]),
            count: 4,
        },
        Army {
            area: "Essex",
            tiles: tiles(York, &["3", "2"]),
            count: 2,
        },
        Army {
            area: "Oxford",
            tiles: tiles(York, &["3"]),
            count: 1,
        },
        Army {
            area: "Kent",
            tiles: tiles(York, &["2"]),
            count: 1,
        },
        Army {
            area: "East Anglia",
            tiles: tiles(York, &["4"]),
            count: 1,
        },
        Army {
            area: "Sussex",
            tiles: tiles(York, &["3"]),
            count: 1,
        },
        Army {
            area: "Calais",
            tiles: tiles(York, &["3"]),
            count: 1,
        },
        Army {
            area: "Glamorgan",
            tiles: tiles(York, &["3", "2"]),
            count: 2,
        },
        Army {
            area: "Leicester",
            tiles: tiles(Lancaster, &["?", "?", "?"]),
            count: 3,
        },
        Army {
            area: "Lincoln",
            tiles: tiles(Lancaster, &["?", "?"]),
            count: 2,
        },
        Army {
            area: "Northumbria",
            tiles: tiles(Lancaster, &["?"]),
            count: 1,
        },
        Army {
            area: "North Yorks",
            tiles: tiles(Lancaster, &["?", "?"]),
            count: 2,
        },
        Army {
            area: "Lancaster",
            tiles: tiles(Lancaster, &["?"]),
            count: 1,
        },
        Army {
            area: "Chester",
            tiles: tiles(Lancaster, &["?", "?", "?"]),
            count: 5,
        },
        Army {
            area: "Scotland",
            tiles: tiles(Lancaster, &["?"]),
            count: 1,
        },
        Army {
            area: "Cornwall",
            tiles: tiles(Lancaster, &["?"]),
            count: 1,
        },
        Army {
            area: "Warwick",
            tiles: vec![
                Tile {
                    house: York,
                    text: "3".into(),
                    hidden: false,
                },
                Tile {
                    house: Lancaster,
                    text: "?".into(),
                    hidden: true,
                },
                Tile {
                    house: Lancaster,
                    text: "?".into(),
                    hidden: true,
                },
            ],
            count: 3,
        },
    ];
    let arrows = vec![
        Arrow {
            from: "Middlesex",
            to: "Leicester",
            house: York,
            route: Route::Main,
        },
        Arrow {
            from: "Essex",
            to: "Leicester",
            house: York,
            route: Route::Reserve,
        },
        Arrow {
            from: "Oxford",
            to: "Leicester",
            house: York,
            route: Route::Reserve,
        },
    ];
    let badges = vec![
        Badge {
            a: "Middlesex",
            b: "Leicester",
            text: "3/4".into(),
        },
        Badge {
            a: "Essex",
            b: "Leicester",
            text: "2/3".into(),
        },
        Badge {
            a: "Oxford",
            b: "Leicester",
            text: "1/4".into(),
        },
    ];
    Scene {
        holds,
        armies,
        arrows,
        badges,
        target: Some("Leicester"),
        chances: Vec::new(),
        legend: true,
    }
}

fn page(theme: &str, svg: &str, css: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\" data-theme=\"{theme}\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Bosworth map preview</title>\
<style>{css}\nbody{{margin:0}}.stage{{display:flex;justify-content:center;align-items:flex-start;padding:12px;min-height:100vh;box-sizing:border-box}}\
.stage .card{{padding:8px;width:min(100%, calc((100vh - 40px) * {ratio:.4}))}}\
@media (max-width:600px){{.stage{{padding:0}}.stage .card{{padding:0;border-radius:0;border:0;width:100%}}}}</style></head>\
<body><main class=\"stage\"><div class=\"card\">{svg}</div></main></body></html>",
        ratio = map::geometry::WIDTH / map::geometry::HEIGHT
    )
}

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/tmp/map-preview".into()),
    );
    std::fs::create_dir_all(&dir).expect("the preview folder");
    let css = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../www/style.css"),
    )
    .expect("www/style.css");
    let svg = map::svg::render(&sample()) + &map::svg::key();
    let plain = map::svg::render(&Scene {
        legend: true,
        ..Scene::default()
    }) + &map::svg::key();
    for theme in ["light", "dark"] {
        std::fs::write(
            dir.join(format!("map-{theme}.html")),
            page(theme, &svg, &css),
        )
        .expect("write");
        std::fs::write(
            dir.join(format!("plain-{theme}.html")),
            page(theme, &plain, &css),
        )
        .expect("write");
    }
    println!("wrote previews to {}", dir.display());
}
