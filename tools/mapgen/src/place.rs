//! Where things go inside the drawn areas: each area's name, its row of icons and the room for
//! its blocks; a point on every border for its badge and an arrow across it; where each sea
//! link meets the water.

use crate::arrange::Arrange;
use crate::build::{Drawing, Kind};
use crate::geo::{self, P};
use crate::sketch;
use bosworth::data::{self, BorderKind};

/// Sizes in map units (the map is 1000 units wide: at 390 px on a phone, 28 units are 11 px).
pub const LABEL_SIZE: f64 = 28.5;
/// An icon's box.
pub const ICON: f64 = 20.0;
/// A block tile on the map.
pub const TILE: f64 = 20.0;
/// Gap between tiles, icons and rows.
pub const GAP: f64 = 3.0;
/// Tiles the room holds, and a count badge after them.
pub const TILES: usize = 3;

/// How far (units) a name may run over its area's edge.
pub const LABEL_OVERRUN: f64 = 16.0;

/// A rectangle: (x, y, width, height).
pub type Rect = (f64, f64, f64, f64);

/// Where an area's things go.
pub struct Layout {
    /// The centre of the name.
    pub label: P,
    /// The centre of the icon row.
    pub icons: P,
    /// The room for block tiles and the count badge.
    pub tokens: Rect,
    /// Where arrows start and end: the middle of the blocks' room.
    pub hub: P,
    /// All of it: the box around name, icons and blocks.
    pub room: Rect,
    /// How it is arranged.
    pub how: Arrange,
    /// The point farthest inside the area (for a leader line when the stack sits outside).
    pub anchor: P,
    /// How much of its box overlaps the boxes of areas placed before it (square units).
    pub crowded: f64,
    /// How well it fits: the least distance (units) from anything placed to the area's edge
    /// (negative when something sticks out).
    pub fit: f64,
}

/// A border's badge and its arrow.
pub struct Crossing {
    /// Where the border's badge sits (on the line, or on the coast for a sea link).
    pub badge: P,
    /// From the first named side's hub, across the badge, to the second's hub (a sea zone's
    /// end is a point out on the water off the coast).
    pub arrow: [P; 3],
}

/// An estimate of the width of an area's name in the map's label face (a bold serif).
pub fn label_width(name: &str) -> f64 {
    let em: f64 = name
        .chars()
        .map(|c| match c {
            ' ' => 0.28,
            'i' | 'l' | 'I' | 'f' | 't' | 'r' => 0.36,
            'm' | 'w' | 'M' | 'W' => 0.85,
            c if c.is_uppercase() => 0.7,
            _ => 0.55,
        })
        .sum();
    em * LABEL_SIZE
}

/// The number of icons an area shows: shields (one glyph with their count), crown, city,
/// cathedral, major port.
pub fn icon_count(name: &str) -> usize {
    let a = data::area(name).expect("an area of the game");
    usize::from(!a.shields.is_empty())
        + usize::from(a.crown)
        + usize::from(a.city.is_some())
        + usize::from(a.cathedral.is_some())
        + usize::from(a.major_port)
}

/// A grid of signed distances to an area's edge (and the frame's), for placement.
struct Field {
    x0: f64,
    y0: f64,
    step: f64,
    w: usize,
    h: usize,
    d: Vec<f64>,
}

impl Field {
    fn new(poly: &[P], frame_h: f64) -> Field {
        let step = 4.0;
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in poly {
            x0 = x0.min(p.0);
            y0 = y0.min(p.1);
            x1 = x1.max(p.0);
            y1 = y1.max(p.1);
        }
        // A margin round the area, so that a stack running over its edge is still measured.
        let pad = 100.0;
        let (x0, y0) = ((x0 - pad).max(-pad), (y0 - pad).max(-pad));
        let (x1, y1) = (
            (x1 + pad).min(geo::WIDTH + pad),
            (y1 + pad).min(frame_h + pad),
        );
        let w = ((x1 - x0) / step).ceil() as usize + 1;
        let h = ((y1 - y0) / step).ceil() as usize + 1;
        let mut d = vec![0.0; w * h];
        for j in 0..h {
            for i in 0..w {
                let p = (x0 + i as f64 * step, y0 + j as f64 * step);
                let inset = p.0.min(geo::WIDTH - p.0).min(p.1).min(frame_h - p.1);
                d[j * w + i] = geo::signed_dist(p, poly).min(inset);
            }
        }
        Field {
            x0,
            y0,
            step,
            w,
            h,
            d,
        }
    }
    fn at(&self, p: P) -> f64 {
        let i = ((p.0 - self.x0) / self.step).round();
        let j = ((p.1 - self.y0) / self.step).round();
        if i < 0.0 || j < 0.0 || i as usize >= self.w || j as usize >= self.h {
            return -100.0;
        }
        self.d[j as usize * self.w + i as usize]
    }
    fn points(&self) -> impl Iterator<Item = P> + '_ {
        (0..self.h).flat_map(move |j| {
            (0..self.w).map(move |i| {
                (
                    self.x0 + i as f64 * self.step,
                    self.y0 + j as f64 * self.step,
                )
            })
        })
    }
}

const ARRANGEMENTS: [Arrange; 4] = [
    Arrange::Rows,
    Arrange::Side,
    Arrange::Square,
    Arrange::RowsSquare,
];

/// The rectangles of a layout centred on `c`: name, icons, blocks' room.
fn stack(name: &str, c: P, how: Arrange) -> [Rect; 3] {
    let lw = label_width(name);
    let n = icon_count(name) as f64;
    let row_w = |k: f64| (k * ICON + (k - 1.0).max(0.0) * GAP).max(0.0);
    let ih = if n > 0.0 { ICON } else { 0.0 };
    let (tw, th) = match how {
        Arrange::Rows | Arrange::Side => (TILES as f64 * (TILE + GAP) + TILE, TILE),
        Arrange::Square | Arrange::RowsSquare => (2.0 * TILE + GAP, 2.0 * TILE + GAP),
    };
    let (iw, ihh) = match how {
        Arrange::Square => (
            row_w(n.min(2.0)),
            if n > 2.0 { 2.0 * ICON + GAP } else { ih },
        ),
        _ => (row_w(n), ih),
    };
    let (body_w, body_h) = match how {
        Arrange::Rows | Arrange::RowsSquare => {
            (iw.max(tw), if n > 0.0 { ihh + GAP } else { 0.0 } + th)
        }
        Arrange::Side | Arrange::Square => {
            (iw + if n > 0.0 { 2.0 * GAP } else { 0.0 } + tw, ihh.max(th))
        }
    };
    let total = LABEL_SIZE + GAP + body_h;
    let top = c.1 - total / 2.0;
    let label = (c.0 - lw / 2.0, top, lw, LABEL_SIZE);
    let y = top + LABEL_SIZE + GAP;
    match how {
        Arrange::Rows | Arrange::RowsSquare => {
            let icons = (c.0 - iw / 2.0, y, iw, ihh);
            let ty = if n > 0.0 { y + ihh + GAP } else { y };
            [label, icons, (c.0 - tw / 2.0, ty, tw, th)]
        }
        Arrange::Side | Arrange::Square => {
            let icons = (c.0 - body_w / 2.0, y + (body_h - ihh) / 2.0, iw, ihh);
            let tokens = (c.0 + body_w / 2.0 - tw, y + (body_h - th) / 2.0, tw, th);
            [label, icons, tokens]
        }
    }
}

fn union(rs: &[Rect]) -> Rect {
    let x0 = rs.iter().map(|r| r.0).fold(f64::INFINITY, f64::min);
    let y0 = rs.iter().map(|r| r.1).fold(f64::INFINITY, f64::min);
    let x1 = rs
        .iter()
        .map(|r| r.0 + r.2)
        .fold(f64::NEG_INFINITY, f64::max);
    let y1 = rs
        .iter()
        .map(|r| r.1 + r.3)
        .fold(f64::NEG_INFINITY, f64::max);
    (x0, y0, x1 - x0, y1 - y0)
}

fn rect_samples(r: Rect) -> Vec<P> {
    let (x, y, w, h) = r;
    let mut out = Vec::new();
    let nx = (w / 8.0).ceil().max(1.0) as usize;
    let ny = (h / 8.0).ceil().max(1.0) as usize;
    for i in 0..=nx {
        let t = x + w * i as f64 / nx as f64;
        out.push((t, y));
        out.push((t, y + h));
    }
    for j in 0..=ny {
        let t = y + h * j as f64 / ny as f64;
        out.push((x, t));
        out.push((x + w, t));
    }
    out
}

fn centre(r: Rect) -> P {
    (r.0 + r.2 / 2.0, r.1 + r.3 / 2.0)
}

fn overlap(a: Rect, b: Rect) -> f64 {
    let w = (a.0 + a.2).min(b.0 + b.2) - a.0.max(b.0);
    let h = (a.1 + a.3).min(b.1 + b.3) - a.1.max(b.1);
    if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
}

/// Lays out every area: the stack (name, icons, blocks) where it keeps farthest from the edge
/// and clear of the stacks already placed, in whichever arrangement fits best, or at the
/// sketch's chosen point. The most cramped areas choose first.
pub fn layouts(d: &Drawing) -> Vec<(&'static str, Layout)> {
    let fields: Vec<Field> = data::AREAS
        .iter()
        .map(|area| {
            let face = d
                .faces
                .iter()
                .find(|f| f.name == area.name)
                .expect("every area drawn");
            Field::new(&face.poly, d.frame.height)
        })
        .collect();
    let poles: Vec<P> = fields
        .iter()
        .map(|field| {
            field
                .points()
                .max_by(|a, b| field.at(*a).total_cmp(&field.at(*b)))
                .expect("an area has room")
        })
        .collect();
    let mut order: Vec<usize> = (0..data::AREAS.len()).collect();
    order.sort_by(|&a, &b| fields[a].at(poles[a]).total_cmp(&fields[b].at(poles[b])));
    let mut placed: Vec<Option<Layout>> = (0..data::AREAS.len()).map(|_| None).collect();
    for i in order {
        let area = &data::AREAS[i];
        let (field, pole) = (&fields[i], poles[i]);
        // Icons and blocks must stay inside; a name may run over the edge a little (its halo
        // keeps it legible), as names on maps do.
        let score = |c: P, how: Arrange| -> f64 {
            let rects = stack(area.name, c, how);
            let fit = |r: &Rect| {
                rect_samples(*r)
                    .into_iter()
                    .map(|p| field.at(p))
                    .fold(f64::INFINITY, f64::min)
            };
            let body = rects[1..]
                .iter()
                .filter(|r| r.2 > 0.0)
                .map(fit)
                .fold(f64::INFINITY, f64::min);
            // The name's middle always inside.
            let middle = if field.at(centre(rects[0])) < 4.0 {
                -1000.0
            } else {
                f64::INFINITY
            };
            body.min(fit(&rects[0]) + LABEL_OVERRUN).min(middle)
        };
        let crowding = |c: P, how: Arrange| -> f64 {
            let room = union(&stack(area.name, c, how));
            let room = (room.0 - 4.0, room.1 - 4.0, room.2 + 8.0, room.3 + 8.0);
            placed
                .iter()
                .flatten()
                .map(|l| overlap(room, l.room))
                .sum::<f64>()
        };
        let chosen = sketch::PLACES
            .iter()
            .find(|(n, _, _)| *n == area.name)
            .map(|(_, at, how)| (d.frame.project(*at), *how));
        let (best, how) = chosen.unwrap_or_else(|| {
            field
                .points()
                .filter(|p| field.at(*p) > 0.0)
                .flat_map(|p| ARRANGEMENTS.map(|how| (p, how)))
                .map(|(p, how)| {
                    // A slight preference for the rows of blocks, and for the middle.
                    let bias = match how {
                        Arrange::Rows | Arrange::Side => 1.5,
                        _ => 0.0,
                    };
                    let value = score(p, how).min(8.0) + bias
                        - 0.02 * geo::dist(p, pole)
                        - crowding(p, how) / 40.0;
                    ((p, how), value)
                })
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(p, _)| p)
                .unwrap_or((pole, Arrange::Rows))
        });
        let rects = stack(area.name, best, how);
        let [label, icons, tokens] = rects;
        // Arrows start inside the area, at its blocks, or at its deepest point when the blocks
        // sit off its coast.
        let hub = if geo::inside(
            centre(tokens),
            &d.faces
                .iter()
                .find(|f| f.name == area.name)
                .expect("drawn")
                .poly,
        ) {
            centre(tokens)
        } else {
            pole
        };
        placed[i] = Some(Layout {
            label: centre(label),
            icons: centre(icons),
            tokens,
            hub,
            room: union(&rects),
            how,
            anchor: pole,
            fit: score(best, how),
            crowded: crowding(best, how),
        });
    }
    data::AREAS
        .iter()
        .zip(placed)
        .map(|(a, l)| (a.name, l.expect("every area laid out")))
        .collect()
}

fn poly_of<'a>(d: &'a Drawing, name: &str) -> &'a [P] {
    &d.faces
        .iter()
        .find(|f| f.name == name)
        .expect("a face")
        .poly
}

/// How many of an arrow's samples lie outside the given faces (an arrow must stay in the two
/// areas it joins, or in its area and the water).
fn strays(d: &Drawing, arrow: [P; 3], allowed: &[&str]) -> usize {
    (1..40)
        .map(|i| geo::quad(arrow[0], arrow[1], arrow[2], i as f64 / 40.0))
        .filter(|p| {
            let home = allowed
                .iter()
                .filter(|n| !n.is_empty())
                .any(|n| geo::inside(*p, poly_of(d, n)));
            let land = d.faces.iter().any(|f| geo::inside(*p, &f.poly));
            !(home || (allowed.contains(&"") && !land))
        })
        .count()
}

/// The badge and arrow of every border of `bosworth::data::BORDERS`, in its order.
pub fn crossings(d: &Drawing, layouts: &[(&'static str, Layout)]) -> Vec<Crossing> {
    let hub = |n: &str| {
        layouts
            .iter()
            .find(|(a, _)| *a == n)
            .expect("an area")
            .1
            .hub
    };
    let mut out: Vec<Crossing> = Vec::new();
    for b in data::BORDERS.iter() {
        if b.kind != BorderKind::Sea {
            let e = d
                .edges
                .iter()
                .find(|e| {
                    matches!(e.kind, Kind::Land(_))
                        && ((e.a == b.a && e.b == b.b) || (e.a == b.b && e.b == b.a))
                })
                .expect("every land border drawn");
            let (ha, hb) = (hub(b.a), hub(b.b));
            let best = (20..=80)
                .map(|t| geo::along(&e.pts, t as f64 / 100.0))
                .map(|via| {
                    let arrow = [ha, via, hb];
                    // Badges keep off the names, icons and blocks.
                    let covers = layouts
                        .iter()
                        .filter(|(_, l)| {
                            let (x, y, w, h) = l.room;
                            via.0 > x - 16.0
                                && via.0 < x + w + 16.0
                                && via.1 > y - 12.0
                                && via.1 < y + h + 12.0
                        })
                        .count();
                    // And off each other: two badges of one corner side by side.
                    let near = out
                        .iter()
                        .filter(|c| geo::dist(c.badge, via) < 44.0)
                        .count();
                    let cost = strays(d, arrow, &[b.a, b.b]) as f64 * 1000.0
                        + (covers + near) as f64 * 60.0
                        + geo::dist(ha, via)
                        + geo::dist(via, hb)
                        + 1.2 * geo::dist(via, geo::along(&e.pts, 0.5));
                    (arrow, cost)
                })
                .min_by(|x, y| x.1.total_cmp(&y.1))
                .expect("points on a border");
            out.push(Crossing {
                badge: best.0[1],
                arrow: best.0,
            });
        } else {
            let (area, sea, forward) = if data::area(b.a).is_some() {
                (b.a, b.b, true)
            } else {
                (b.b, b.a, false)
            };
            out.push(sea_crossing(d, area, sea, hub(area), forward));
        }
    }
    out
}

fn sea_crossing(d: &Drawing, area: &str, sea: &str, hub: P, forward: bool) -> Crossing {
    let zone: Vec<P> = sketch::SEAS
        .iter()
        .find(|(n, _)| *n == sea)
        .expect("a sea zone")
        .1
        .iter()
        .map(|p| d.frame.project(*p))
        .collect();
    let fixed = sketch::SEA_ENDS
        .iter()
        .find(|(a, s, _)| *a == area && *s == sea)
        .map(|(_, _, at)| d.frame.project(*at));
    let mut best: Option<([P; 3], f64)> = None;
    for e in d
        .edges
        .iter()
        .filter(|e| e.a == area && matches!(e.kind, Kind::Coast(s) if s == sea))
    {
        let n = e.pts.len();
        let total: f64 = e.pts.windows(2).map(|w| geo::dist(w[0], w[1])).sum();
        for i in 1..40 {
            let t = i as f64 / 40.0;
            let p = geo::along(&e.pts, t);
            if d.frame.inset(p) < 22.0 {
                continue;
            }
            // The outward normal: away from the area.
            let q0 = geo::along(&e.pts, (t - 0.02).max(0.0));
            let q1 = geo::along(&e.pts, (t + 0.02).min(1.0));
            let tan = geo::sub(q1, q0);
            let l = geo::len(tan).max(1e-9);
            let mut nrm = (tan.1 / l, -tan.0 / l);
            if geo::inside(geo::add(p, geo::mul(nrm, 2.0)), poly_of(d, area)) {
                nrm = geo::mul(nrm, -1.0);
            }
            for reach in [34.0, 26.0, 18.0] {
                let out_pt = fixed.unwrap_or_else(|| geo::add(p, geo::mul(nrm, reach)));
                let land = d.faces.iter().any(|f| geo::inside(out_pt, &f.poly));
                if land || !geo::inside(out_pt, &zone) || d.frame.inset(out_pt) < 20.0 {
                    continue;
                }
                let arrow = [hub, p, out_pt];
                let edge_room = (total * t.min(1.0 - t)).min(60.0);
                let cost = strays(d, arrow, &[area, ""]) as f64 * 1000.0 + geo::dist(hub, p)
                    - 0.8 * edge_room
                    - reach * 0.5;
                if best.as_ref().is_none_or(|b| cost < b.1) {
                    best = Some((arrow, cost));
                }
            }
        }
        let _ = n;
    }
    let (mut arrow, _) = best.unwrap_or_else(|| panic!("no place for the sea link {area} - {sea}"));
    if !forward {
        arrow.reverse();
    }
    Crossing {
        badge: arrow[1],
        arrow,
    }
}
