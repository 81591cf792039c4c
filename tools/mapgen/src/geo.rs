//! Projection and plane geometry: degrees to map units, polygons, distances, and the
//! deterministic roughening and smoothing that turn a sketch into organic lines.

use crate::sketch::LonLat;

/// A point in map units (the SVG's user space: x right, y down).
pub type P = (f64, f64);

/// The projection's centre: an orthographic view of the globe from above (53 N, 2 W), so
/// meridians converge northwards as on an atlas page.
const LAT0: f64 = 53.0;
const LON0: f64 = -2.0;

/// The map's width in units; the height follows from the frame.
pub const WIDTH: f64 = 1000.0;

/// The frame: what is shown, in degrees (west edge at 53 N, east edge at 53 N, top and bottom
/// on the central meridian).
const WEST: f64 = -6.5;
const EAST: f64 = 2.75;
const NORTH: f64 = 56.1;
const SOUTH: f64 = 49.35;

fn ortho((lon, lat): LonLat) -> P {
    let (l, p) = ((lon - LON0).to_radians(), lat.to_radians());
    let p0 = LAT0.to_radians();
    let x = p.cos() * l.sin();
    let y = -(p0.cos() * p.sin() - p0.sin() * p.cos() * l.cos());
    (x, y)
}

/// The lens: the crowded Midlands and south-east are drawn larger than the rest, as game boards
/// do, by a smooth radial magnification around (52.0 N, 1.0 W) that fades out towards the edges
/// (at most `MAGNIFY` more at the centre; never folding, as 1 - 0.45 k > 0).
const MAGNIFY: f64 = 0.3;
const LENS: LonLat = (-1.0, 52.0);
const LENS_RADIUS: f64 = 1.7;

fn lens(p: P) -> P {
    let c = ortho(LENS);
    let r0 = LENS_RADIUS.to_radians();
    let (dx, dy) = (p.0 - c.0, p.1 - c.1);
    let k = 1.0 + MAGNIFY * (-(dx * dx + dy * dy) / (r0 * r0)).exp();
    (c.0 + dx * k, c.1 + dy * k)
}

fn place(at: LonLat) -> P {
    lens(ortho(at))
}

/// The projection onto the frame, and the frame's size.
pub struct Frame {
    x0: f64,
    y0: f64,
    scale: f64,
    /// The height in units.
    pub height: f64,
}

impl Frame {
    /// The frame of the map.
    pub fn new() -> Frame {
        let left = place((WEST, LAT0)).0;
        let right = place((EAST, LAT0)).0;
        let top = place((LON0, NORTH)).1;
        let bottom = place((LON0, SOUTH)).1;
        let scale = WIDTH / (right - left);
        Frame {
            x0: left,
            y0: top,
            scale,
            height: (bottom - top) * scale,
        }
    }

    /// A point of the sketch in map units.
    pub fn project(&self, at: LonLat) -> P {
        let (x, y) = place(at);
        ((x - self.x0) * self.scale, (y - self.y0) * self.scale)
    }

    /// How far inside the frame a point is (negative outside).
    pub fn inset(&self, p: P) -> f64 {
        p.0.min(WIDTH - p.0).min(p.1).min(self.height - p.1)
    }
}

pub fn sub(a: P, b: P) -> P {
    (a.0 - b.0, a.1 - b.1)
}
pub fn add(a: P, b: P) -> P {
    (a.0 + b.0, a.1 + b.1)
}
pub fn mul(a: P, k: f64) -> P {
    (a.0 * k, a.1 * k)
}
pub fn len(a: P) -> f64 {
    a.0.hypot(a.1)
}
pub fn dist(a: P, b: P) -> f64 {
    len(sub(a, b))
}
pub fn lerp(a: P, b: P, t: f64) -> P {
    add(a, mul(sub(b, a), t))
}

/// Distance from `p` to the segment `a`-`b`.
pub fn seg_dist(p: P, a: P, b: P) -> f64 {
    let ab = sub(b, a);
    let l2 = ab.0 * ab.0 + ab.1 * ab.1;
    let t = if l2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * ab.0 + (p.1 - a.1) * ab.1) / l2).clamp(0.0, 1.0)
    };
    dist(p, lerp(a, b, t))
}

/// Even-odd test: is `p` inside the closed ring?
pub fn inside(p: P, ring: &[P]) -> bool {
    let mut odd = false;
    let n = ring.len();
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        if (a.1 > p.1) != (b.1 > p.1) {
            let x = a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0);
            if p.0 < x {
                odd = !odd;
            }
        }
    }
    odd
}

/// Distance from `p` to the ring's outline.
pub fn ring_dist(p: P, ring: &[P]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| seg_dist(p, ring[i], ring[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}

/// Signed distance: positive inside the ring.
pub fn signed_dist(p: P, ring: &[P]) -> f64 {
    let d = ring_dist(p, ring);
    if inside(p, ring) { d } else { -d }
}

/// Twice the signed area (positive when clockwise on screen, y down).
pub fn area2(ring: &[P]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum()
}

/// True if the open segments `a`-`b` and `c`-`d` cross (touching at shared ends does not count).
pub fn crosses(a: P, b: P, c: P, d: P) -> bool {
    fn orient(a: P, b: P, c: P) -> f64 {
        (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
    }
    let (d1, d2) = (orient(c, d, a), orient(c, d, b));
    let (d3, d4) = (orient(a, b, c), orient(a, b, d));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// A small deterministic generator (SplitMix64), seeded from a chain's name.
pub struct Rng(u64);

impl Rng {
    pub fn new(key: &str) -> Rng {
        // FNV-1a of the key.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in key.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h)
    }
    /// A number in [-1, 1).
    pub fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// Midpoint displacement: each segment longer than `min` gets a midpoint pushed sideways by up
/// to `rough` of its length, recursively (halving the roughness), so a straight sketch line
/// wanders like a real boundary. The ends never move.
pub fn roughen(points: &[P], rng: &mut Rng, rough: f64, min: f64) -> Vec<P> {
    fn split(a: P, b: P, rng: &mut Rng, rough: f64, min: f64, out: &mut Vec<P>) {
        let l = dist(a, b);
        if l < min || rough < 0.01 {
            out.push(b);
            return;
        }
        let n = mul((-(b.1 - a.1) / l, (b.0 - a.0) / l), rng.next() * rough * l);
        let along = rng.next() * 0.12;
        let m = add(lerp(a, b, 0.5 + along), n);
        split(a, m, rng, rough * 0.6, min, out);
        split(m, b, rng, rough * 0.6, min, out);
    }
    let mut out = vec![points[0]];
    for w in points.windows(2) {
        split(w[0], w[1], rng, rough, min, &mut out);
    }
    out
}

/// Chaikin's corner cutting, ends kept.
pub fn chaikin(points: &[P], iterations: usize) -> Vec<P> {
    let mut pts = points.to_vec();
    for _ in 0..iterations {
        if pts.len() < 3 {
            return pts;
        }
        let mut out = vec![pts[0]];
        for (i, w) in pts.windows(2).enumerate() {
            let (a, b) = (w[0], w[1]);
            if i > 0 {
                out.push(lerp(a, b, 0.25));
            }
            if i + 2 < pts.len() {
                out.push(lerp(a, b, 0.75));
            }
        }
        out.push(*pts.last().unwrap());
        pts = out;
    }
    pts
}

/// Ramer-Douglas-Peucker simplification to `tol` units, ends kept.
pub fn simplify(points: &[P], tol: f64) -> Vec<P> {
    fn rec(pts: &[P], tol: f64, out: &mut Vec<P>) {
        let (a, b) = (pts[0], pts[pts.len() - 1]);
        let (mut best, mut at) = (0.0, 0);
        for (i, p) in pts.iter().enumerate().take(pts.len() - 1).skip(1) {
            let d = seg_dist(*p, a, b);
            if d > best {
                best = d;
                at = i;
            }
        }
        if best > tol {
            rec(&pts[..=at], tol, out);
            rec(&pts[at..], tol, out);
        } else {
            out.push(b);
        }
    }
    if points.len() < 3 {
        return points.to_vec();
    }
    let mut out = vec![points[0]];
    rec(points, tol, &mut out);
    out
}

/// The point at `t` (0..1) of arc length along a polyline.
pub fn along(points: &[P], t: f64) -> P {
    let total: f64 = points.windows(2).map(|w| dist(w[0], w[1])).sum();
    let mut left = total * t;
    for w in points.windows(2) {
        let l = dist(w[0], w[1]);
        if left <= l && l > 0.0 {
            return lerp(w[0], w[1], left / l);
        }
        left -= l;
    }
    *points.last().unwrap()
}

/// The quadratic Bezier from `a` to `b` that passes through `via` at its middle.
pub fn quad(a: P, via: P, b: P, t: f64) -> P {
    let c = sub(mul(via, 2.0), mul(add(a, b), 0.5));
    let u = 1.0 - t;
    add(add(mul(a, u * u), mul(c, 2.0 * u * t)), mul(b, t * t))
}
