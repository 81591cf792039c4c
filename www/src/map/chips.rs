//! Where the border badges ("2/3") and the chance chips ("99.8%") go (issue 36): each clear of
//! every area's name and icons, of the block stacks on the map, of the key and of each other, in
//! map units. A badge slides along its border's line from the point its arrow crosses; a chip
//! goes as near as it can to just above its area's name, inside the area when there is room.
//! Deterministic: the same board, plan and scale always place them alike. No yew, no DOM.

use super::geometry::{self as g, AreaShape, BorderShape, Point};
use bosworth::data;

/// A rectangle in map units: x, y, width, height.
pub type Rect = (f32, f32, f32, f32);

/// A badge's or chip's text size at scale 1, in map units.
pub const TEXT: f32 = 17.0;
/// A border badge's height at scale 1.
pub const BADGE_HEIGHT: f32 = 24.0;
/// A chance chip's height at scale 1.
pub const CHIP_HEIGHT: f32 = 26.0;
/// The room kept round a name, an icon row or a stack, beyond its box.
const CLEAR: f32 = 3.0;

/// A badge's size for its text at `scale`.
pub fn badge_size(text: &str, scale: f32) -> (f32, f32) {
    (
        (14.0 + 10.0 * text.chars().count() as f32) * scale,
        BADGE_HEIGHT * scale,
    )
}

/// A chip's size for its text at `scale`.
pub fn chip_size(text: &str, scale: f32) -> (f32, f32) {
    (
        (14.0 + 10.5 * text.chars().count() as f32) * scale,
        CHIP_HEIGHT * scale,
    )
}

/// A rectangle of this size centred on `c`.
pub fn around(c: Point, size: (f32, f32)) -> Rect {
    (c.0 - size.0 / 2.0, c.1 - size.1 / 2.0, size.0, size.1)
}

/// The box of an area's name as drawn at [`g::LABEL_SIZE`], its halo included (the face's
/// ascent and descent: 1.2 of its size).
pub fn name_box(a: &AreaShape) -> Rect {
    let h = g::LABEL_SIZE * 1.2;
    (
        a.label.0 - a.name_width / 2.0 - 3.0,
        a.label.1 - h / 2.0,
        a.name_width + 6.0,
        h,
    )
}

/// The box of an area's icons as `svg.rs` draws them, if it has any.
pub fn icon_box(a: &AreaShape) -> Option<Rect> {
    let f = data::area(a.name)?;
    let n = usize::from(!f.shields.is_empty())
        + usize::from(f.crown)
        + usize::from(f.city.is_some())
        + usize::from(f.cathedral.is_some())
        + usize::from(f.major_port);
    if n == 0 {
        return None;
    }
    let cols = usize::from(a.icon_columns).clamp(1, n);
    let rows = n.div_ceil(cols);
    let step = g::ICON + g::GAP;
    let (w, h) = (cols as f32 * step - g::GAP, rows as f32 * step - g::GAP);
    Some((a.icons.0 - w / 2.0, a.icons.1 - h / 2.0, w, h))
}

/// The key's box in the North Sea (`svg::legend_in_map`: one column of fifteen rows).
pub fn key_box() -> Rect {
    let w = 28.0 + 168.0;
    (g::WIDTH - w - 14.0, 14.0, w, 44.0 + 15.0 * 27.0)
}

fn grown(r: Rect, m: f32) -> Rect {
    (r.0 - m, r.1 - m, r.2 + 2.0 * m, r.3 + 2.0 * m)
}

/// True if two rectangles overlap.
pub fn overlaps(a: Rect, b: Rect) -> bool {
    a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
}

/// What a badge or chip must keep clear of: every area's name and icons, the stacks of the
/// areas named in `stacks` (their blocks' room), and the key.
pub fn obstacles(stacks: &[&str]) -> Vec<Rect> {
    let mut out = Vec::new();
    for a in g::AREAS.iter() {
        out.push(grown(name_box(a), CLEAR));
        if let Some(i) = icon_box(a) {
            out.push(grown(i, CLEAR));
        }
        if stacks.contains(&a.name) {
            out.push(grown(a.tokens, CLEAR));
        }
    }
    out.push(key_box());
    out
}

/// What is free: inside the frame, clear of the obstacles and of what was placed.
fn free(r: Rect, blocked: &[Rect]) -> bool {
    r.0 >= 8.0
        && r.1 >= 8.0
        && r.0 + r.2 <= g::WIDTH - 8.0
        && r.1 + r.3 <= g::HEIGHT - 8.0
        && !blocked.iter().any(|b| overlaps(r, *b))
}

/// Points along a polyline every `step` units.
fn along(points: &[Point], step: f32) -> Vec<Point> {
    let mut out = Vec::new();
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        let l = (b.0 - a.0).hypot(b.1 - a.1);
        let n = (l / step).ceil().max(1.0) as usize;
        for i in 0..n {
            let t = i as f32 / n as f32;
            out.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
        }
    }
    if let Some(p) = points.last() {
        out.push(*p);
    }
    out
}

fn dist(a: Point, b: Point) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// Points round `c` on a grid of `step` out to `radius`, nearest first (ties in reading order).
fn ring(c: Point, radius: f32, step: f32) -> Vec<Point> {
    let n = (radius / step).ceil() as i32;
    let mut out: Vec<Point> = (-n..=n)
        .flat_map(|j| (-n..=n).map(move |i| (c.0 + i as f32 * step, c.1 + j as f32 * step)))
        .filter(|p| dist(*p, c) <= radius)
        .collect();
    out.sort_by(|a, b| {
        dist(*a, c)
            .total_cmp(&dist(*b, c))
            .then(a.1.total_cmp(&b.1))
            .then(a.0.total_cmp(&b.0))
    });
    out
}

/// The first free spot for a box of `size` among `candidates` (in order of preference), or
/// else the one that overlaps the fewest things.
fn first_free(candidates: &[Point], size: (f32, f32), blocked: &[Rect]) -> Option<Point> {
    candidates
        .iter()
        .find(|c| free(around(**c, size), blocked))
        .copied()
}

/// Where a border's badge of this size goes: on the border's line as near as it can to where its
/// arrow crosses (for a sea link, on the link's lane out to the water), or else, with `reach`
/// over 0, as near as it can round that point within `reach`; `None` if nowhere is free.
pub fn badge_spot(
    b: &BorderShape,
    size: (f32, f32),
    blocked: &[Rect],
    reach: f32,
) -> Option<Point> {
    if reach > 0.0 {
        return first_free(&ring(b.badge, reach, 4.0), size, blocked);
    }
    let line: Vec<Point> = match b.edge {
        Some(e) => along(g::EDGES[usize::from(e)].points, 3.0),
        None => {
            let (coast, out) = if data::area(b.a).is_some() {
                (b.arrow[1], b.arrow[2])
            } else {
                (b.arrow[1], b.arrow[0])
            };
            let far = (2.0 * out.0 - coast.0, 2.0 * out.1 - coast.1);
            along(&[coast, far], 3.0)
        }
    };
    let mut on_line = line;
    on_line.sort_by(|a, c| dist(*a, b.badge).total_cmp(&dist(*c, b.badge)));
    first_free(&on_line, size, blocked)
}

/// Where an area's chip of this size goes: just above its name if free, else the nearest free
/// spot, preferring one inside the area (a chip off its area costs as much as 60 units more);
/// `None` if nowhere near is free.
pub fn chip_spot(a: &AreaShape, size: (f32, f32), blocked: &[Rect]) -> Option<Point> {
    let want = chip_wish(a, size);
    let outline = g::outline(a.outline);
    let mut best: Option<(Point, f32)> = None;
    for c in ring(want, 260.0, 4.0) {
        let d = dist(c, want);
        if best.is_some_and(|b| d >= b.1) {
            break;
        }
        if !free(around(c, size), blocked) {
            continue;
        }
        let cost = if g::inside(c, &outline) { d } else { d + 60.0 };
        if best.is_none_or(|b| cost < b.1) {
            best = Some((c, cost));
        }
    }
    best.map(|b| b.0)
}

/// The chip's wish where nothing is free: just above its name.
fn chip_wish(a: &AreaShape, size: (f32, f32)) -> Point {
    (a.label.0, name_box(a).1 - CLEAR - size.1 / 2.0 - 1.0)
}

/// The least a badge or chip shrinks to where the map has no room for it at the size asked: 11
/// twelfths, so that text asked at 12 CSS px (`picture::TAG_TEXT_PX`) never reads under 11
/// (issue 36: on a phone's whole map a badge once shrank to 7 px). Past that it goes farther
/// from its place rather than smaller.
pub const LEAST_SHRINK: f32 = 11.0 / 12.0;

/// The scales to try: `scale`, then [`LEAST_SHRINK`] of it.
fn shrinking(scale: f32) -> Vec<f32> {
    vec![scale, scale * LEAST_SHRINK]
}

/// Where nothing is free: the spot that covers the least (the first such in order).
fn least_covering(candidates: &[Point], size: (f32, f32), blocked: &[Rect]) -> Point {
    let covered = |c: Point| -> f32 {
        let r = around(c, size);
        blocked
            .iter()
            .map(|b| {
                let w = (r.0 + r.2).min(b.0 + b.2) - r.0.max(b.0);
                let h = (r.1 + r.3).min(b.1 + b.3) - r.1.max(b.1);
                if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
            })
            .sum()
    };
    candidates
        .iter()
        .copied()
        .min_by(|a, b| covered(*a).total_cmp(&covered(*b)))
        .unwrap_or(candidates[0])
}

/// A badge to place: its border and its text.
pub struct BadgeAsk<'a> {
    /// The border.
    pub border: &'a BorderShape,
    /// Its text.
    pub text: &'a str,
}

/// Every badge's and chip's box, placed in turn (badges first, in their order, then chips),
/// each clear of the obstacles and of those placed before it.
pub fn place(
    badges: &[BadgeAsk],
    chips: &[(&AreaShape, &str)],
    stacks: &[&str],
    scale: f32,
) -> (Vec<Rect>, Vec<Rect>) {
    let mut blocked = obstacles(stacks);
    let mut out_badges = Vec::new();
    for b in badges {
        // On its line at its size, then a little smaller (never under [`LEAST_SHRINK`]); then
        // near it, then farther.
        let (full, least) = (scale, scale * LEAST_SHRINK);
        let tries = [
            (0.0, full),
            (0.0, least),
            (40.0, full),
            (40.0, least),
            (100.0, least),
            (260.0, least),
        ];
        let r = tries
            .into_iter()
            .find_map(|(reach, k)| {
                let size = badge_size(b.text, k);
                badge_spot(b.border, size, &blocked, reach).map(|c| around(c, size))
            })
            .unwrap_or_else(|| {
                let size = badge_size(b.text, least);
                let c = least_covering(&ring(b.border.badge, 260.0, 4.0), size, &blocked);
                around(c, size)
            });
        blocked.push(grown(r, 2.0));
        out_badges.push(r);
    }
    let mut out_chips = Vec::new();
    for (a, text) in chips {
        // At its size or a little smaller; only where the map has no room for it even so
        // (every area's chip at once on a phone), smaller down to scale 1 rather than cover.
        let mut ks = shrinking(scale);
        let mut k = scale * LEAST_SHRINK - 0.25;
        while k > 1.0 {
            ks.push(k);
            k -= 0.25;
        }
        if scale * LEAST_SHRINK > 1.0 {
            ks.push(1.0);
        }
        let r = ks
            .into_iter()
            .find_map(|k| {
                let size = chip_size(text, k);
                chip_spot(a, size, &blocked).map(|c| around(c, size))
            })
            .unwrap_or_else(|| {
                let size = chip_size(text, scale * LEAST_SHRINK);
                let c = least_covering(&ring(chip_wish(a, size), 260.0, 4.0), size, &blocked);
                around(c, size)
            });
        blocked.push(grown(r, 2.0));
        out_chips.push(r);
    }
    (out_badges, out_chips)
}
