//! Writes the drawing as Rust data: `www/src/map/geometry.rs`.

use crate::arrange::Arrange;
use crate::build::{Drawing, Kind};
use crate::geo::{self, P};
use crate::place::{self, Crossing, Layout};
use crate::sketch;
use bosworth::data::{self, BorderKind};
use std::fmt::Write;

const HEAD: &str = include_str!("../template/head.rs");

fn pt(p: P) -> String {
    let r = |v: f64| {
        let v = (v * 10.0).round() / 10.0;
        if v == v.trunc() {
            format!("{v:.1}")
        } else {
            format!("{v}")
        }
    };
    format!("({}, {})", r(p.0), r(p.1))
}

fn pts(ps: &[P]) -> String {
    ps.iter().map(|p| pt(*p)).collect::<Vec<_>>().join(", ")
}

fn kind(k: BorderKind) -> &'static str {
    match k {
        BorderKind::Major => "BorderKind::Major",
        BorderKind::River => "BorderKind::River",
        BorderKind::Minor => "BorderKind::Minor",
        BorderKind::Sea => "BorderKind::Sea",
    }
}

fn ring(r: &[(usize, bool)]) -> String {
    r.iter()
        .map(|(i, rev)| format!("({i}, {rev})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The whole file.
pub fn source(d: &Drawing, layouts: &[(&str, Layout)], crossings: &[Crossing]) -> String {
    let mut s = String::from(HEAD);
    let _ = writeln!(
        s,
        "\n/// The map's width in units.\npub const WIDTH: f32 = {:.1};",
        geo::WIDTH
    );
    let _ = writeln!(
        s,
        "/// The map's height in units.\npub const HEIGHT: f32 = {:.1};",
        (d.frame.height * 10.0).round() / 10.0
    );
    let _ = writeln!(
        s,
        "/// The font size of an area's name, in units (11 px at 390 px wide).\npub const LABEL_SIZE: f32 = {:.1};",
        place::LABEL_SIZE
    );
    let _ = writeln!(
        s,
        "/// An icon's size, in units.\npub const ICON: f32 = {:.1};",
        place::ICON
    );
    let _ = writeln!(
        s,
        "/// A block tile's size on the map, in units.\npub const TILE: f32 = {:.1};",
        place::TILE
    );
    let _ = writeln!(
        s,
        "/// The gap between icons, tiles and rows, in units.\npub const GAP: f32 = {:.1};",
        place::GAP
    );
    let _ = writeln!(
        s,
        "/// Block tiles the room of [`AreaShape::tokens`] holds, before the count badge.\npub const TILES: usize = {};",
        place::TILES
    );

    let _ = writeln!(
        s,
        "\n/// Every drawn line.\npub static EDGES: [Edge; {}] = [",
        d.edges.len()
    );
    for e in &d.edges {
        let line = match e.kind {
            Kind::Land(k) => format!("Line::Border({})", kind(k)),
            Kind::Divide => "Line::Divide".into(),
            Kind::Coast(_) => "Line::Coast".into(),
            Kind::Shore => "Line::Shore".into(),
            Kind::Off => "Line::Off".into(),
        };
        let _ = writeln!(
            s,
            "    Edge {{ a: {:?}, b: {:?}, line: {line}, points: &[{}] }},",
            e.a,
            e.b,
            pts(&e.pts)
        );
    }
    s.push_str("];\n");

    let _ = writeln!(
        s,
        "\n/// The areas of the game, in the order of `bosworth::data::AREAS`.\npub static AREAS: [AreaShape; {}] = [",
        data::AREAS.len()
    );
    for (name, l) in layouts {
        let f = d.faces.iter().find(|f| f.name == *name).expect("drawn");
        let (x, y, w, h) = l.tokens;
        let _ = writeln!(
            s,
            "    AreaShape {{ name: {name:?}, outline: &[{}], label: {}, icons: {}, icon_columns: {}, name_width: {:.1}, tokens: ({:.1}, {:.1}, {:.1}, {:.1}), hub: {}, room: ({:.1}, {:.1}, {:.1}, {:.1}), anchor: {} }},",
            ring(&f.ring),
            pt(l.label),
            pt(l.icons),
            if l.how == Arrange::Square { 2 } else { 8 },
            crate::place::label_width(name),
            x,
            y,
            w,
            h,
            pt(l.hub),
            l.room.0,
            l.room.1,
            l.room.2,
            l.room.3,
            pt(l.anchor)
        );
    }
    s.push_str("];\n");

    let _ = writeln!(
        s,
        "\n/// The lands no one may enter.\npub static LANDS: [LandShape; {}] = [",
        sketch::UNPLAYABLE.len()
    );
    for name in sketch::UNPLAYABLE {
        let f = d.faces.iter().find(|f| f.name == *name).expect("drawn");
        let _ = writeln!(
            s,
            "    LandShape {{ name: {name:?}, outline: &[{}] }},",
            ring(&f.ring)
        );
    }
    s.push_str("];\n");

    let _ = writeln!(
        s,
        "\n/// Every border of the game, in the order of `bosworth::data::BORDERS`.\npub static BORDERS: [BorderShape; {}] = [",
        data::BORDERS.len()
    );
    for (b, c) in data::BORDERS.iter().zip(crossings) {
        let edge = d.edges.iter().position(|e| {
            matches!(e.kind, Kind::Land(_))
                && ((e.a == b.a && e.b == b.b) || (e.a == b.b && e.b == b.a))
        });
        let _ = writeln!(
            s,
            "    BorderShape {{ a: {:?}, b: {:?}, kind: {}, edge: {}, badge: {}, arrow: [{}] }},",
            b.a,
            b.b,
            kind(b.kind),
            edge.map_or("None".to_string(), |i| format!("Some({i})")),
            pt(c.badge),
            pts(&c.arrow)
        );
    }
    s.push_str("];\n");

    let _ = writeln!(
        s,
        "\n/// The three sea zones.\npub static SEAS: [SeaShape; {}] = [",
        sketch::SEAS.len()
    );
    for (name, poly) in sketch::SEAS {
        let (_, at, angle) = sketch::SEA_LABELS
            .iter()
            .find(|(n, _, _)| n == name)
            .expect("a label");
        let poly: Vec<P> = poly.iter().map(|p| d.frame.project(*p)).collect();
        let _ = writeln!(
            s,
            "    SeaShape {{ name: {name:?}, outline: &[{}], label: {}, angle: {:.1} }},",
            pts(&poly),
            pt(d.frame.project(*at)),
            angle
        );
    }
    s.push_str("];\n");

    let _ = writeln!(
        s,
        "\n/// Where two sea zones meet on open water (Dover-Calais, the Lizard-the Cotentin).\npub static STRAITS: [[Point; 2]; {}] = [",
        sketch::STRAITS.len()
    );
    for (a, b) in sketch::STRAITS {
        let _ = writeln!(
            s,
            "    [{}, {}],",
            pt(d.frame.project(*a)),
            pt(d.frame.project(*b))
        );
    }
    s.push_str("];\n");
    s
}
