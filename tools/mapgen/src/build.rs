//! From the sketch to the drawn map: project, roughen and smooth every chain, close each face's
//! outline, and check the drawing against the game (every border once with its type, no other
//! adjacency, every sea link and no other).

use crate::geo::{self, Frame, P, Rng};
use crate::sketch::{self, Chain, LonLat, Sides, Water};
use bosworth::data::{self, BorderKind};
use std::collections::{BTreeMap, BTreeSet};

/// What a drawn line separates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A land border of the game, with its type.
    Land(BorderKind),
    /// An exile area against an unplayable land: no border.
    Divide,
    /// A coast on a sea zone: one of the game's sea links.
    Coast(&'static str),
    /// A coast on water with no sea link (an estuary's head, an unplayable island).
    Shore,
    /// Outside the frame: closes a face, never seen.
    Off,
}

/// One drawn line: a chain of the sketch, projected and smoothed.
pub struct Edge {
    /// The face on one side.
    pub a: &'static str,
    /// The face on the other side; for water, the sea zone's name or "".
    pub b: &'static str,
    pub kind: Kind,
    pub from: &'static str,
    pub to: &'static str,
    pub pts: Vec<P>,
}

/// A closed face: a game area or an unplayable land.
pub struct Face {
    pub name: &'static str,
    /// Its outline: edges in order, each reversed or not, clockwise on screen.
    pub ring: Vec<(usize, bool)>,
    pub poly: Vec<P>,
}

/// The map before placement.
pub struct Drawing {
    pub frame: Frame,
    pub edges: Vec<Edge>,
    pub faces: Vec<Face>,
}

fn node(name: &str) -> LonLat {
    sketch::NODES
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("the sketch names no node {name}"))
        .1
}

fn game_kind(a: &str, b: &str) -> Option<BorderKind> {
    data::BORDERS
        .iter()
        .find(|x| (x.a == a && x.b == b) || (x.a == b && x.b == a))
        .map(|x| x.kind)
}

fn is_area(name: &str) -> bool {
    data::area(name).is_some_and(|a| a.name == name)
}

/// How much a line of this kind wanders: (roughness, smallest segment split, Chaikin passes).
fn texture(kind: Kind) -> (f64, f64, usize) {
    match kind {
        Kind::Coast(_) | Kind::Shore => (0.13, 7.0, 2),
        Kind::Land(BorderKind::River) => (0.2, 6.0, 2),
        Kind::Land(BorderKind::Minor) => (0.13, 7.0, 2),
        Kind::Land(_) => (0.09, 8.0, 2),
        Kind::Divide => (0.05, 10.0, 1),
        Kind::Off => (0.0, 1e9, 0),
    }
}

fn edge_of(frame: &Frame, chain: &Chain) -> Result<Edge, String> {
    let (a, b, kind) = match chain.sides {
        Sides::Land(a, b) => {
            let kind = match (is_area(a), is_area(b)) {
                (true, true) => Kind::Land(game_kind(a, b).ok_or_else(|| {
                    format!(
                        "{a} and {b} are drawn touching, but the game has no border between them"
                    )
                })?),
                _ => Kind::Divide,
            };
            (a, b, kind)
        }
        Sides::Coast(a, Water::Sea(s)) => (a, s, Kind::Coast(s)),
        Sides::Coast(a, Water::Shore) => (a, "", Kind::Shore),
        Sides::Coast(a, Water::Off) => (a, "", Kind::Off),
    };
    let mut sketch: Vec<P> = vec![frame.project(node(chain.from))];
    sketch.extend(chain.via.iter().map(|&p| frame.project(p)));
    sketch.push(frame.project(node(chain.to)));
    let (rough, min, passes) = texture(kind);
    let mut rng = Rng::new(&format!("{a}|{b}|{}|{}", chain.from, chain.to));
    let wandering = geo::roughen(&sketch, &mut rng, rough, min);
    let smooth = geo::chaikin(&wandering, passes);
    let pts = geo::simplify(&smooth, 0.3)
        .into_iter()
        .map(|(x, y)| ((x * 10.0).round() / 10.0, (y * 10.0).round() / 10.0))
        .collect();
    Ok(Edge {
        a,
        b,
        kind,
        from: chain.from,
        to: chain.to,
        pts,
    })
}

/// The faces a line bounds (one for a coast, two for land).
fn faces_of(e: &Edge) -> Vec<&'static str> {
    match e.kind {
        Kind::Land(_) | Kind::Divide => vec![e.a, e.b],
        _ => vec![e.a],
    }
}

fn close(name: &'static str, edges: &[Edge]) -> Result<Face, String> {
    let mine: Vec<usize> = (0..edges.len())
        .filter(|&i| faces_of(&edges[i]).contains(&name))
        .collect();
    let mut left: BTreeSet<usize> = mine.iter().copied().collect();
    let first = *mine.first().ok_or_else(|| format!("{name} has no lines"))?;
    left.remove(&first);
    let mut ring = vec![(first, false)];
    let start = edges[first].from;
    let mut at = edges[first].to;
    while at != start {
        let next = left
            .iter()
            .copied()
            .find(|&i| edges[i].from == at || edges[i].to == at)
            .ok_or_else(|| format!("{name}'s outline is open at node {at}"))?;
        left.remove(&next);
        let rev = edges[next].to == at;
        at = if rev {
            edges[next].from
        } else {
            edges[next].to
        };
        ring.push((next, rev));
    }
    if !left.is_empty() {
        return Err(format!("{name} has lines off its outline: {left:?}"));
    }
    let mut poly = outline(&ring, edges);
    if geo::area2(&poly) < 0.0 {
        ring.reverse();
        for r in ring.iter_mut() {
            r.1 = !r.1;
        }
        poly = outline(&ring, edges);
    }
    Ok(Face { name, ring, poly })
}

/// The closed outline of a ring of edges (each shared point once).
pub fn outline(ring: &[(usize, bool)], edges: &[Edge]) -> Vec<P> {
    let mut poly = Vec::new();
    for &(i, rev) in ring {
        let pts = &edges[i].pts;
        let mut seq: Vec<P> = pts.clone();
        if rev {
            seq.reverse();
        }
        poly.extend_from_slice(&seq[..seq.len() - 1]);
    }
    poly
}

/// Draws the sketch and checks it. Every error names what is wrong.
pub fn draw() -> Result<Drawing, Vec<String>> {
    let frame = Frame::new();
    let mut errors = Vec::new();
    let mut edges = Vec::new();
    for chain in sketch::COASTS.iter().chain(sketch::LANDS) {
        match edge_of(&frame, chain) {
            Ok(e) => edges.push(e),
            Err(e) => errors.push(e),
        }
    }
    let mut names: Vec<&'static str> = data::AREAS.iter().map(|a| a.name).collect();
    names.extend_from_slice(sketch::UNPLAYABLE);
    let mut faces = Vec::new();
    for name in names {
        match close(name, &edges) {
            Ok(f) => faces.push(f),
            Err(e) => errors.push(e),
        }
    }
    errors.extend(check_borders(&edges));
    errors.extend(check_crossings(&edges));
    errors.extend(check_clearance(&edges));
    if errors.is_empty() {
        Ok(Drawing {
            frame,
            edges,
            faces,
        })
    } else {
        Err(errors)
    }
}

/// Every border of `bosworth::data::BORDERS` drawn exactly once with its type, and no other.
fn check_borders(edges: &[Edge]) -> Vec<String> {
    let mut errors = Vec::new();
    let key = |a: &'static str, b: &'static str| if a < b { (a, b) } else { (b, a) };
    let mut drawn: BTreeMap<(&str, &str), Vec<BorderKind>> = BTreeMap::new();
    for e in edges {
        match e.kind {
            Kind::Land(k) => drawn.entry(key(e.a, e.b)).or_default().push(k),
            Kind::Coast(s) if is_area(e.a) => {
                let v = drawn.entry(key(e.a, s)).or_default();
                if !v.contains(&BorderKind::Sea) {
                    v.push(BorderKind::Sea);
                }
            }
            _ => {}
        }
    }
    for b in data::BORDERS.iter() {
        match drawn.remove(&key(b.a, b.b)) {
            Some(kinds) if kinds == [b.kind] => {}
            Some(kinds) => errors.push(format!(
                "{} - {} is drawn as {kinds:?}, the game has {:?}",
                b.a, b.b, b.kind
            )),
            None => errors.push(format!("{} - {} ({:?}) is not drawn", b.a, b.b, b.kind)),
        }
    }
    for ((a, b), kinds) in drawn {
        errors.push(format!(
            "{a} - {b} is drawn ({kinds:?}) but is no border of the game"
        ));
    }
    errors
}

fn bbox(pts: &[P]) -> (f64, f64, f64, f64) {
    pts.iter().fold(
        (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, d), p| (a.min(p.0), b.min(p.1), c.max(p.0), d.max(p.1)),
    )
}

/// No two lines cross, and no line crosses itself.
fn check_crossings(edges: &[Edge]) -> Vec<String> {
    let mut errors = Vec::new();
    let boxes: Vec<_> = edges.iter().map(|e| bbox(&e.pts)).collect();
    for i in 0..edges.len() {
        for j in i..edges.len() {
            let (a, b) = (boxes[i], boxes[j]);
            if a.0 > b.2 || b.0 > a.2 || a.1 > b.3 || b.1 > a.3 {
                continue;
            }
            let (p, q) = (&edges[i].pts, &edges[j].pts);
            'outer: for s in 0..p.len() - 1 {
                for t in 0..q.len() - 1 {
                    if i == j && t <= s + 1 {
                        continue;
                    }
                    if geo::crosses(p[s], p[s + 1], q[t], q[t + 1]) {
                        errors.push(format!(
                            "the line {} | {} ({} to {}) crosses {} | {} ({} to {}) near ({:.0}, {:.0})",
                            edges[i].a, edges[i].b, edges[i].from, edges[i].to,
                            edges[j].a, edges[j].b, edges[j].from, edges[j].to,
                            p[s].0, p[s].1
                        ));
                        break 'outer;
                    }
                }
            }
        }
    }
    errors
}

/// Water between lands that do not touch stays visible: lines that share no node keep at least
/// this many units apart (the Menai Strait, the Humber, the Solent).
pub const CLEARANCE: f64 = 5.0;

fn check_clearance(edges: &[Edge]) -> Vec<String> {
    let mut errors = Vec::new();
    for i in 0..edges.len() {
        for j in i + 1..edges.len() {
            let (e, f) = (&edges[i], &edges[j]);
            if [e.from, e.to].iter().any(|n| *n == f.from || *n == f.to)
                || e.kind == Kind::Off
                || f.kind == Kind::Off
            {
                continue;
            }
            let d = e
                .pts
                .iter()
                .map(|p| {
                    f.pts
                        .windows(2)
                        .map(|w| geo::seg_dist(*p, w[0], w[1]))
                        .fold(f64::INFINITY, f64::min)
                })
                .fold(f64::INFINITY, f64::min);
            if d < CLEARANCE {
                errors.push(format!(
                    "{} | {} ({}-{}) and {} | {} ({}-{}) come within {d:.1} units",
                    e.a, e.b, e.from, e.to, f.a, f.b, f.from, f.to
                ));
            }
        }
    }
    errors
}
