//! The app's map (`www/src/map/geometry.rs`, drawn by `tools/mapgen`) against the game's facts
//! (`bosworth::data`, from the reference's areas and borders table): every area and border
//! drawn exactly once with its type, no two areas touching without a border of the game (the
//! estuaries of rule 5 are water), every sea link on a coast of its sea zone, arrows that stay
//! in the areas they join, and every area's icons (2.2-2.5, 2.83) in the static SVG.
//!
//! The checks read the outlines the app draws, not the generator's bookkeeping: shared
//! boundaries are found by comparing the drawn points. The borders and the areas' features are
//! also read from the reference table itself (`docs/reference/richard-iii-blocks-and-map.md`).

// The map's drawing (`www/src/map/`): its geometry and SVG, which use no web crate (the rest of
// the folder is the app's). `svg.rs` finds the geometry as its sibling, `super::geometry`.
#[allow(dead_code)]
#[rustfmt::skip]
#[path = "../www/src/map/geometry.rs"]
mod geometry;
#[allow(dead_code)]
#[path = "../www/src/map/chips.rs"]
mod chips;
#[allow(dead_code)]
#[path = "../www/src/map/svg.rs"]
mod svg;

#[path = "common/table.rs"]
mod table;

/// The drawing under the name the app gives it.
mod map {
    pub(crate) use super::{chips, geometry, svg};
}

use bosworth::data::{self, BorderKind};
use map::geometry::{self as g, Line, Point};
use std::collections::BTreeSet;

fn outline(name: &str) -> Vec<Point> {
    if let Some(a) = g::area(name) {
        return g::outline(a.outline);
    }
    let land = g::LANDS
        .iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("{name} is not drawn"));
    g::outline(land.outline)
}

/// Every drawn land shape: the areas and the unplayable lands.
fn shapes() -> Vec<&'static str> {
    g::AREAS
        .iter()
        .map(|a| a.name)
        .chain(g::LANDS.iter().map(|l| l.name))
        .collect()
}

fn seg_dist(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l2 = dx * dx + dy * dy;
    let t = if l2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / l2).clamp(0.0, 1.0)
    };
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

fn ring_dist(p: Point, ring: &[Point]) -> f32 {
    (0..ring.len())
        .map(|i| seg_dist(p, ring[i], ring[(i + 1) % ring.len()]))
        .fold(f32::INFINITY, f32::min)
}

/// The length of the boundary two drawn outlines share: segments of the first whose ends both
/// lie on the second.
fn shared_length(a: &[Point], b: &[Point]) -> f32 {
    let on_b: Vec<bool> = a.iter().map(|p| ring_dist(*p, b) < 0.05).collect();
    (0..a.len())
        .filter(|&i| on_b[i] && on_b[(i + 1) % a.len()])
        .map(|i| {
            let (p, q) = (a[i], a[(i + 1) % a.len()]);
            (q.0 - p.0).hypot(q.1 - p.1)
        })
        .sum()
}

fn gap(a: &[Point], b: &[Point]) -> f32 {
    a.iter()
        .map(|p| ring_dist(*p, b))
        .fold(f32::INFINITY, f32::min)
}

fn is_sea(name: &str) -> bool {
    g::SEAS.iter().any(|s| s.name == name)
}

fn game_border(a: &str, b: &str) -> Option<BorderKind> {
    data::BORDERS
        .iter()
        .find(|x| (x.a == a && x.b == b) || (x.a == b && x.b == a))
        .map(|x| x.kind)
}

#[test]
fn every_area_of_the_game_is_drawn_once_in_the_reference_order() {
    let drawn: Vec<&str> = g::AREAS.iter().map(|a| a.name).collect();
    let game: Vec<&str> = data::AREAS.iter().map(|a| a.name).collect();
    assert_eq!(drawn, game);
    for name in shapes() {
        assert!(outline(name).len() >= 3, "{name} has no outline");
    }
}

#[test]
fn outlines_are_closed_chains_of_their_edges() {
    for a in g::AREAS.iter() {
        let ends: Vec<(Point, Point)> = a
            .outline
            .iter()
            .map(|&(i, rev)| {
                let pts = g::EDGES[usize::from(i)].points;
                let (s, e) = (pts[0], pts[pts.len() - 1]);
                if rev { (e, s) } else { (s, e) }
            })
            .collect();
        for k in 0..ends.len() {
            assert_eq!(
                ends[k].1,
                ends[(k + 1) % ends.len()].0,
                "{}'s outline breaks after its line {k}",
                a.name
            );
        }
        for &(i, _) in a.outline {
            let e = &g::EDGES[usize::from(i)];
            assert!(
                e.a == a.name || e.b == a.name,
                "{} uses the line {} | {}",
                a.name,
                e.a,
                e.b
            );
        }
    }
}

#[test]
fn every_border_of_the_game_is_drawn_exactly_once_with_its_type() {
    assert_eq!(g::BORDERS.len(), data::BORDERS.len());
    for (drawn, game) in g::BORDERS.iter().zip(data::BORDERS.iter()) {
        assert_eq!((drawn.a, drawn.b, drawn.kind), (game.a, game.b, game.kind));
        match drawn.edge {
            Some(i) => {
                let e = &g::EDGES[usize::from(i)];
                assert_eq!(e.line, Line::Border(game.kind), "{} - {}", game.a, game.b);
                let sides: BTreeSet<&str> = [e.a, e.b].into();
                assert_eq!(sides, [game.a, game.b].into(), "{} - {}", game.a, game.b);
            }
            None => assert_eq!(
                game.kind,
                BorderKind::Sea,
                "{} - {} has no line",
                game.a,
                game.b
            ),
        }
    }
    // Every border line drawn is the line of one border of the game.
    for (i, e) in g::EDGES.iter().enumerate() {
        if let Line::Border(kind) = e.line {
            let users: Vec<_> = g::BORDERS
                .iter()
                .filter(|b| b.edge == Some(i as u16))
                .collect();
            assert_eq!(
                users.len(),
                1,
                "the line {} | {} serves {} borders",
                e.a,
                e.b,
                users.len()
            );
            assert_eq!(game_border(e.a, e.b), Some(kind));
        }
    }
}

#[test]
fn drawn_areas_touch_exactly_where_the_game_has_a_land_border() {
    let names = shapes();
    let outlines: Vec<Vec<Point>> = names.iter().map(|n| outline(n)).collect();
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            let (a, b) = (names[i], names[j]);
            let shared = shared_length(&outlines[i], &outlines[j]);
            let areas = g::area(a).is_some() && g::area(b).is_some();
            match game_border(a, b) {
                Some(kind) if areas => {
                    assert!(
                        shared > 20.0,
                        "{a} - {b} ({kind:?}) share only {shared:.1} units of line"
                    );
                }
                _ if areas => {
                    // No border: not even a point in common; water or land between.
                    let d = gap(&outlines[i], &outlines[j]).min(gap(&outlines[j], &outlines[i]));
                    assert!(
                        d > 2.0,
                        "{a} and {b} have no border but come within {d:.2} units"
                    );
                }
                _ => {
                    // An exile area and an unplayable land: a divide, no border of the game.
                    if shared > 0.0 {
                        let line = g::EDGES
                            .iter()
                            .find(|e| (e.a == a && e.b == b) || (e.a == b && e.b == a))
                            .map(|e| e.line);
                        assert_eq!(line, Some(Line::Divide), "{a} - {b}");
                    }
                }
            }
        }
    }
}

#[test]
fn drawn_shapes_do_not_overlap() {
    let names = shapes();
    let outlines: Vec<Vec<Point>> = names.iter().map(|n| outline(n)).collect();
    for i in 0..names.len() {
        for j in 0..names.len() {
            if i == j {
                continue;
            }
            for p in &outlines[i] {
                let deep = g::inside(*p, &outlines[j]) && ring_dist(*p, &outlines[j]) > 0.05;
                assert!(
                    !deep,
                    "a point of {}'s outline lies inside {}",
                    names[i], names[j]
                );
            }
        }
    }
}

#[test]
fn the_estuaries_are_water_between_the_areas_they_separate() {
    // Rule 5, Estuaries: the Bristol Channel, the Humber, the Thames.
    for (a, b) in [
        ("Glamorgan", "Somerset"),
        ("East Yorks", "Lincoln"),
        ("Kent", "Essex"),
    ] {
        assert_eq!(game_border(a, b), None);
        let d = gap(&outline(a), &outline(b));
        assert!(
            d >= 5.0,
            "{a} and {b} are {d:.1} units apart: the estuary must show"
        );
    }
    // Their heads touch water with no sea link (no Sea Move to them), and no other area does.
    let shores: BTreeSet<&str> = g::EDGES
        .iter()
        .filter(|e| e.line == Line::Shore && g::area(e.a).is_some())
        .map(|e| e.a)
        .collect();
    assert_eq!(shores, ["Gloucester", "Hereford", "South Yorks"].into());
    for area in shores {
        assert!(
            data::borders_of(area).all(|(_, k)| k != BorderKind::Sea),
            "{area}"
        );
    }
}

#[test]
fn every_sea_link_is_a_coast_on_its_sea_zone_and_every_coast_a_sea_link() {
    let mut drawn = BTreeSet::new();
    for e in g::EDGES.iter().filter(|e| e.line == Line::Coast) {
        assert!(is_sea(e.b), "the coast {} | {} faces no sea zone", e.a, e.b);
        if g::area(e.a).is_some() {
            drawn.insert((e.a, e.b));
        }
    }
    let game: BTreeSet<(&str, &str)> = data::BORDERS
        .iter()
        .filter(|b| b.kind == BorderKind::Sea)
        .map(|b| if is_sea(b.a) { (b.b, b.a) } else { (b.a, b.b) })
        .collect();
    assert_eq!(drawn, game);
}

fn bezier(c: [Point; 3], t: f32) -> Point {
    let u = 1.0 - t;
    (
        u * u * c[0].0 + 2.0 * u * t * c[1].0 + t * t * c[2].0,
        u * u * c[0].1 + 2.0 * u * t * c[1].1 + t * t * c[2].1,
    )
}

#[test]
fn arrows_cross_their_border_and_stay_in_the_areas_they_join() {
    let lands: Vec<Vec<Point>> = shapes().iter().map(|n| outline(n)).collect();
    for b in g::BORDERS.iter() {
        let c = g::curve(b, b.a).expect("a side");
        assert!((bezier(c, 0.5).0 - b.badge.0).hypot(bezier(c, 0.5).1 - b.badge.1) < 0.5);
        let (area, other) = if is_sea(b.a) { (b.b, b.a) } else { (b.a, b.b) };
        let home = outline(area);
        for i in 1..40 {
            let p = bezier(c, i as f32 / 40.0);
            let ok = if let Some(o) = g::area(other) {
                g::inside(p, &home) || g::inside(p, &g::outline(o.outline))
            } else {
                g::inside(p, &home) || !lands.iter().any(|l| g::inside(p, l))
            };
            assert!(
                ok,
                "the arrow {} - {} leaves them at ({:.0}, {:.0})",
                b.a, b.b, p.0, p.1
            );
        }
        // The badge sits on the border's line, or on the area's coast on that sea.
        let on = match b.edge {
            Some(i) => ring_dist(b.badge, g::EDGES[usize::from(i)].points) < 1.0,
            None => g::EDGES
                .iter()
                .filter(|e| e.a == area && e.b == other && e.line == Line::Coast)
                .any(|e| ring_dist(b.badge, e.points) < 1.0),
        };
        assert!(on, "the badge of {} - {} is off its line", b.a, b.b);
        if b.edge.is_none() {
            let zone = g::SEAS
                .iter()
                .find(|s| s.name == other)
                .expect("a sea zone");
            let end = if is_sea(b.a) { b.arrow[0] } else { b.arrow[2] };
            assert!(
                g::inside(end, zone.outline),
                "{area}'s arrow to the {other} ends outside it"
            );
            assert!(
                !lands.iter().any(|l| g::inside(end, l)),
                "{area}'s arrow to the {other} ends on land"
            );
        }
    }
}

#[test]
fn every_area_has_room_for_its_name_icons_and_blocks_inside_the_frame() {
    // 11 px names on a 390 px phone, the map zoomed to fit.
    const { assert!(g::LABEL_SIZE * 390.0 / g::WIDTH >= 10.9) };
    let in_frame = |p: Point| p.0 >= 0.0 && p.1 >= 0.0 && p.0 <= g::WIDTH && p.1 <= g::HEIGHT;
    for a in g::AREAS.iter() {
        let shape = g::outline(a.outline);
        let (x, y, w, h) = a.tokens;
        for p in [a.label, a.icons, a.hub, a.anchor, (x, y), (x + w, y + h)] {
            assert!(
                in_frame(p),
                "{}: ({:.0}, {:.0}) is off the map",
                a.name,
                p.0,
                p.1
            );
        }
        assert!(
            g::inside(a.hub, &shape),
            "{}'s arrows start outside it",
            a.name
        );
        assert!(
            g::inside(a.anchor, &shape),
            "{}'s anchor is outside it",
            a.name
        );
        assert!(
            w >= 2.0 * g::TILE && h >= g::TILE,
            "{}'s room holds no tiles",
            a.name
        );
        // The name sits in the area, or (a small island or exile area) beside it with a leader.
        let centre = (a.room.0 + a.room.2 / 2.0, a.room.1 + a.room.3 / 2.0);
        if !g::inside(a.label, &shape) {
            assert!(
                !g::inside(centre, &shape),
                "{}'s name is outside it",
                a.name
            );
        }
    }
}

#[test]
fn the_static_map_shows_every_area_with_its_icons() {
    let svg = map::svg::render(&map::svg::Scene::default());
    for a in data::AREAS.iter() {
        let open = format!("<g class=\"icons\" data-area=\"{}\">", a.name);
        let start = svg
            .find(&open)
            .unwrap_or_else(|| panic!("{} has no icons group", a.name));
        let group = &svg[start..start + svg[start..].find("</g>").expect("closed")];
        let count = |icon: &str| group.matches(&format!("href=\"#bwm-{icon}\"")).count();
        assert_eq!(
            count("shield"),
            usize::from(!a.shields.is_empty()),
            "{}",
            a.name
        );
        if !a.shields.is_empty() {
            assert!(
                group.contains(&format!(">{}</text>", a.shields.len())),
                "{}'s shield count",
                a.name
            );
        }
        assert_eq!(count("crown"), usize::from(a.crown), "{}", a.name);
        assert_eq!(count("city"), usize::from(a.city.is_some()), "{}", a.name);
        assert_eq!(
            count("cathedral"),
            usize::from(a.cathedral.is_some()),
            "{}",
            a.name
        );
        assert_eq!(count("port"), usize::from(a.major_port), "{}", a.name);
        assert!(
            svg.contains(&format!(">{}</text>", a.name)),
            "{} has no name on the map",
            a.name
        );
        assert!(
            svg.contains(&format!("data-area=\"{}\" href=\"#bwm-area-", a.name)),
            "{} has no shape",
            a.name
        );
    }
}

/// The rows of the reference's table under `heading`, as cells.
fn reference_table(heading: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/reference/richard-iii-blocks-and-map.md"
    ))
    .expect("the reference table");
    table::rows(&text, heading)
}

#[test]
fn the_drawn_borders_are_the_reference_tables_borders() {
    // Each type by its limit (5.21): major 4, river 3, minor 2, sea 0.
    let table: BTreeSet<(String, String, u8)> = reference_table("## Borders")
        .into_iter()
        .map(|row| {
            let kind = match row[2].split_whitespace().next() {
                Some("major") => BorderKind::Major,
                Some("river") => BorderKind::River,
                Some("minor") => BorderKind::Minor,
                Some("sea") => BorderKind::Sea,
                other => panic!("a border type {other:?}"),
            };
            (row[0].clone(), row[1].clone(), kind.limit())
        })
        .collect();
    assert_eq!(table.len(), 90);
    let drawn: BTreeSet<(String, String, u8)> = g::BORDERS
        .iter()
        .map(|b| (b.a.to_string(), b.b.to_string(), b.kind.limit()))
        .collect();
    assert_eq!(drawn, table);
}

#[test]
fn the_icons_are_the_reference_tables_features() {
    let svg = map::svg::render(&map::svg::Scene::default());
    let rows = reference_table("| area | shields |");
    assert_eq!(rows.len(), g::AREAS.len());
    for row in rows {
        let name = &row[0];
        let shields = if row[1] == "-" {
            0
        } else {
            row[1].split(',').count()
        };
        let open = format!("<g class=\"icons\" data-area=\"{name}\">");
        let start = svg
            .find(&open)
            .unwrap_or_else(|| panic!("{name} is not drawn"));
        let group = &svg[start..start + svg[start..].find("</g>").expect("closed")];
        let count = |icon: &str| group.matches(&format!("href=\"#bwm-{icon}\"")).count();
        assert_eq!(count("shield"), usize::from(shields > 0), "{name}");
        if shields > 0 {
            assert!(
                group.contains(&format!(">{shields}</text>")),
                "{name}'s shield count"
            );
        }
        assert_eq!(count("crown"), usize::from(row[2] == "yes"), "{name}");
        assert_eq!(count("city"), usize::from(row[3] != "-"), "{name}");
        assert_eq!(count("cathedral"), usize::from(row[4] != "-"), "{name}");
        assert_eq!(count("port"), usize::from(row[5] == "yes"), "{name}");
    }
}

/// The boxes of an element of the markup (`<rect` ... or `<g class="chance-chip"` then its rect)
/// as `svg.rs` draws them: x, y, width, height.
fn boxes_of(svg: &str, open: &str) -> Vec<(f32, f32, f32, f32)> {
    let attr = |s: &str, name: &str| -> f32 {
        let key = format!(" {name}=\"");
        let at = s.find(&key).unwrap_or_else(|| panic!("no {name} in {s}")) + key.len();
        s[at..].split('"').next().unwrap().parse().unwrap()
    };
    svg.match_indices(open)
        .map(|(i, _)| {
            let rest = &svg[i..];
            let rect = &rest[rest.find("<rect").unwrap()..];
            let rect = &rect[..rect.find("/>").unwrap()];
            (
                attr(rect, "x"),
                attr(rect, "y"),
                attr(rect, "width"),
                attr(rect, "height"),
            )
        })
        .collect()
}

/// What no badge or chip may cover: each area's name (as drawn, with its halo), its icons and
/// every place for its blocks, by area.
fn keep_clear(stacks: &[String]) -> Vec<(String, (f32, f32, f32, f32))> {
    let mut out = Vec::new();
    for a in g::AREAS.iter() {
        out.push((format!("{}'s name", a.name), map::chips::name_box(a)));
        if let Some(i) = map::chips::icon_box(a) {
            out.push((format!("{}'s icons", a.name), i));
        }
        if !stacks.iter().any(|s| s == a.name) {
            continue;
        }
        for (x, y) in map::svg::cells(a) {
            out.push((format!("{}'s blocks", a.name), (x, y, g::TILE, g::TILE)));
        }
    }
    out
}

fn assert_clear(
    what: &str,
    scale: f32,
    stacks: &[String],
    placed: &[(String, (f32, f32, f32, f32))],
) {
    let clear = keep_clear(stacks);
    for (i, (name, r)) in placed.iter().enumerate() {
        for (other, o) in &clear {
            assert!(
                !map::chips::overlaps(*r, *o),
                "{what} at scale {scale}: {name} {r:?} covers {other} {o:?}"
            );
        }
        for (n2, r2) in &placed[i + 1..] {
            assert!(
                !map::chips::overlaps(*r, *r2),
                "{what} at scale {scale}: {name} {r:?} covers {n2} {r2:?}"
            );
        }
        assert!(
            r.0 >= 0.0 && r.1 >= 0.0 && r.0 + r.2 <= g::WIDTH && r.1 + r.3 <= g::HEIGHT,
            "{what} at scale {scale}: {name} {r:?} is off the map"
        );
    }
}

/// Issue 36: every border's badge, with blocks in every area and every area's chance chip on
/// the map, covers no area's name, icons or blocks, nor another badge or chip; at the sizes the
/// map draws them on a desktop (scale 1) and where it is seen small (a phone's whole map needs
/// about 2 for 12 px text, `picture::tag_scale`).
#[test]
fn badges_and_chips_cover_no_name_icons_blocks_or_each_other() {
    let stacks: Vec<String> = g::AREAS.iter().map(|a| a.name.to_string()).collect();
    for scale in [1.0, 1.5, 2.0] {
        // Every border's badge alone, with every area's chip.
        for b in g::BORDERS.iter() {
            let tags = map::svg::Tags {
                badges: vec![(b.a.to_string(), b.b.to_string(), "4/4".to_string())],
                chances: Vec::new(),
                stacks: stacks.clone(),
            };
            let svg = map::svg::tags(&tags, scale);
            let placed: Vec<_> = boxes_of(&svg, "<rect class=\"badge")
                .into_iter()
                .map(|r| (format!("the badge of {}|{}", b.a, b.b), r))
                .collect();
            assert_eq!(placed.len(), 1);
            assert_clear("a badge alone", scale, &stacks, &placed);
        }
        // Every area's chip at once.
        let tags = map::svg::Tags {
            badges: Vec::new(),
            chances: g::AREAS
                .iter()
                .map(|a| (a.name.to_string(), 0.998))
                .collect(),
            stacks: stacks.clone(),
        };
        let svg = map::svg::tags(&tags, scale);
        let placed: Vec<_> = boxes_of(&svg, "<g class=\"chance-chip\"")
            .into_iter()
            .zip(g::AREAS.iter())
            .map(|(r, a)| (format!("{}'s chip", a.name), r))
            .collect();
        assert_eq!(placed.len(), g::AREAS.len());
        assert_clear("every chip", scale, &stacks, &placed);
    }
    // All at once, as the desktop draws them: every border's badge and every area's chip.
    let tags = map::svg::Tags {
        badges: g::BORDERS
            .iter()
            .map(|b| (b.a.to_string(), b.b.to_string(), "4/4".to_string()))
            .collect(),
        chances: g::AREAS
            .iter()
            .map(|a| (a.name.to_string(), 0.998))
            .collect(),
        stacks: stacks.clone(),
    };
    let svg = map::svg::tags(&tags, 1.0);
    let mut placed: Vec<_> = boxes_of(&svg, "<rect class=\"badge")
        .into_iter()
        .zip(g::BORDERS.iter())
        .map(|(r, b)| (format!("the badge of {}|{}", b.a, b.b), r))
        .collect();
    placed.extend(
        boxes_of(&svg, "<g class=\"chance-chip\"")
            .into_iter()
            .zip(g::AREAS.iter())
            .map(|(r, a)| (format!("{}'s chip", a.name), r)),
    );
    assert_eq!(placed.len(), g::BORDERS.len() + g::AREAS.len());
    assert_clear("every badge and chip at once", 1.0, &stacks, &placed);
}

/// Issue 36: the Kent board's plans (`examples/board-kent.json`: March, Hastings and Herbert in
/// Middlesex, Norfolk in Essex, three unseen blocks in Kent): the badges of the borders its plans
/// cross and the chips of the areas it can attack, together, clear of everything and each other.
#[test]
fn the_kent_boards_badges_and_chips_are_clear_at_every_scale() {
    let stacks = vec![
        "Middlesex".to_string(),
        "Essex".to_string(),
        "Kent".to_string(),
    ];
    let badges = [
        ("Middlesex", "Kent", "3/3"),
        ("Essex", "Middlesex", "1/4"),
        ("Middlesex", "Sussex", "1/3"),
        ("Sussex", "Kent", "1/4"),
        ("Essex", "Kent", "1/4"),
    ];
    let chances = [
        "Kent",
        "Oxford",
        "Sussex",
        "Surrey",
        "Middlesex",
        "East Anglia",
        "Essex",
    ];
    for scale in [1.0, 1.25, 1.5, 1.75, 2.0, 2.25] {
        let tags = map::svg::Tags {
            badges: badges
                .iter()
                .filter(|(a, b, _)| g::border(a, b).is_some())
                .map(|(a, b, t)| (a.to_string(), b.to_string(), t.to_string()))
                .collect(),
            chances: chances
                .iter()
                .filter(|a| g::area(a).is_some())
                .map(|a| (a.to_string(), 0.528))
                .collect(),
            stacks: stacks.clone(),
        };
        let svg = map::svg::tags(&tags, scale);
        let mut placed: Vec<_> = boxes_of(&svg, "<rect class=\"badge")
            .into_iter()
            .zip(&tags.badges)
            .map(|(r, b)| (format!("the badge of {}|{}", b.0, b.1), r))
            .collect();
        placed.extend(
            boxes_of(&svg, "<g class=\"chance-chip\"")
                .into_iter()
                .zip(&tags.chances)
                .map(|(r, c)| (format!("{}'s chip", c.0), r)),
        );
        assert_eq!(placed.len(), tags.badges.len() + tags.chances.len());
        assert_clear("the Kent board", scale, &stacks, &placed);
        // No chip had to shrink: its text as large as asked (a badge shrinks rather than leave
        // its border's line).
        for (name, r) in placed.iter().filter(|(n, _)| n.ends_with("chip")) {
            let full = map::chips::CHIP_HEIGHT;
            assert!(
                (r.3 - full * scale).abs() < 0.11,
                "{name} at scale {scale} is {} high, not {}",
                r.3,
                full * scale
            );
        }
    }
}

/// Issue 36: the README's 4-AP board (`scripts/screenshots.mjs`: York in Middlesex, Essex,
/// Warwick and East Anglia, Lancaster in Kent, Oxford, Leicester, Chester and Lancaster), its
/// whole map with every target planned: the badges of its best plans' borders and the chips of
/// its targets clear of everything and each other, and none smaller than
/// [`map::chips::LEAST_SHRINK`] of its size at any scale (on a phone's whole map, about 2, the
/// Essex|Middlesex badge once shrank to 7 CSS px).
#[test]
fn the_four_ap_boards_badges_stay_legible_and_clear_at_every_scale() {
    let stacks: Vec<String> = [
        "Middlesex",
        "Essex",
        "Warwick",
        "East Anglia",
        "Kent",
        "Oxford",
        "Leicester",
        "Chester",
        "Lancaster",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let badges = [
        ("Leicester", "Middlesex", "4/4"),
        ("Essex", "Middlesex", "1/4"),
        ("Leicester", "Warwick", "2/4"),
        ("East Anglia", "Rutland", "1/3"),
        ("Leicester", "Rutland", "1/4"),
    ];
    let chances = [
        ("Leicester", 1.0),
        ("Oxford", 0.999),
        ("Kent", 0.526),
        ("Lancaster", 0.165),
        ("Chester", 0.005),
    ];
    for scale in [1.0, 1.15, 1.5, 1.75, 2.0, 2.25] {
        let tags = map::svg::Tags {
            badges: badges
                .iter()
                .map(|(a, b, t)| {
                    assert!(g::border(a, b).is_some(), "{a}|{b}");
                    (a.to_string(), b.to_string(), t.to_string())
                })
                .collect(),
            chances: chances.iter().map(|(a, p)| (a.to_string(), *p)).collect(),
            stacks: stacks.clone(),
        };
        let svg = map::svg::tags(&tags, scale);
        let mut placed: Vec<_> = boxes_of(&svg, "<rect class=\"badge")
            .into_iter()
            .zip(&tags.badges)
            .map(|(r, b)| (format!("the badge of {}|{}", b.0, b.1), r))
            .collect();
        for (name, r) in &placed {
            let least = map::chips::BADGE_HEIGHT * scale * map::chips::LEAST_SHRINK;
            assert!(
                r.3 >= least - 0.05,
                "{name} at scale {scale} is {} high, under {least}",
                r.3
            );
        }
        placed.extend(
            boxes_of(&svg, "<g class=\"chance-chip\"")
                .into_iter()
                .zip(&tags.chances)
                .map(|(r, c)| (format!("{}'s chip", c.0), r)),
        );
        assert_eq!(placed.len(), tags.badges.len() + tags.chances.len());
        assert_clear("the 4-AP board", scale, &stacks, &placed);
    }
}
