//! The map on the page: the drawing of `super::svg` in layers (the land, the lines and the names
//! drawn once; who holds what, the blocks, the plan's arrows and badges redrawn as they change),
//! and on top one shape per area that a click, Tab and Enter pick (in the rulebook's order of
//! areas, north to south). It zooms and pans: buttons, Ctrl+wheel, and on a phone two fingers to
//! zoom and one to pan once zoomed.

use super::geometry as g;
use super::svg::{self, Scene, Tags};
use bosworth::data::AREAS;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

thread_local! {
    /// The layers that never change, written once.
    static STATIC: [AttrValue; 6] = [
        svg::definitions().into(),
        svg::below().into(),
        svg::middle().into(),
        svg::upper().into(),
        svg::legend_in_map().into(),
        svg::frame().into(),
    ];
    /// Each area's outline as path data, in the order of `bosworth::data::AREAS`, cut to the
    /// frame (an area running off the map, Ireland or France, is a button only where it shows).
    static OUTLINES: Vec<AttrValue> = AREAS
        .iter()
        .map(|a| g::area(a.name).map_or_else(String::new, |s| g::path(&in_frame(&g::outline(s.outline)), true)).into())
        .collect();
}

/// A polygon cut to the map's frame (Sutherland-Hodgman against its four edges).
fn in_frame(points: &[g::Point]) -> Vec<g::Point> {
    let (w, h) = (g::WIDTH, g::HEIGHT);
    // Each edge: inside test and the crossing of a segment with it.
    type Edge = (
        fn(g::Point, f32, f32) -> bool,
        fn(g::Point, g::Point, f32, f32) -> g::Point,
    );
    let edges: [Edge; 4] = [
        (
            |p, _, _| p.0 >= 0.0,
            |a, b, _, _| (0.0, a.1 + (b.1 - a.1) * (0.0 - a.0) / (b.0 - a.0)),
        ),
        (
            |p, w, _| p.0 <= w,
            |a, b, w, _| (w, a.1 + (b.1 - a.1) * (w - a.0) / (b.0 - a.0)),
        ),
        (
            |p, _, _| p.1 >= 0.0,
            |a, b, _, _| (a.0 + (b.0 - a.0) * (0.0 - a.1) / (b.1 - a.1), 0.0),
        ),
        (
            |p, _, h| p.1 <= h,
            |a, b, _, h| (a.0 + (b.0 - a.0) * (h - a.1) / (b.1 - a.1), h),
        ),
    ];
    let mut out: Vec<g::Point> = points.to_vec();
    for (inside, cross) in edges {
        let input = std::mem::take(&mut out);
        for (i, &b) in input.iter().enumerate() {
            let a = input[(i + input.len() - 1) % input.len()];
            match (inside(a, w, h), inside(b, w, h)) {
                (true, true) => out.push(b),
                (true, false) => out.push(cross(a, b, w, h)),
                (false, true) => {
                    out.push(cross(a, b, w, h));
                    out.push(b);
                }
                (false, false) => {}
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// The area an arrow key moves to from `from`, by where the drawing puts their names: the nearest
/// name in that direction (within 60 degrees of it, the distance across counted twice), else the
/// nearest one at all that lies that way; none at the map's edge.
pub fn next_area(from: &str, key: &str) -> Option<&'static str> {
    let (dx, dy): (f32, f32) = match key {
        "ArrowRight" => (1.0, 0.0),
        "ArrowLeft" => (-1.0, 0.0),
        "ArrowDown" => (0.0, 1.0),
        "ArrowUp" => (0.0, -1.0),
        _ => return None,
    };
    let here = g::area(from)?.label;
    let scored = |cone: bool| {
        AREAS
            .iter()
            .filter(|a| a.name != from)
            .filter_map(|a| {
                let p = g::area(a.name)?.label;
                let (vx, vy) = (p.0 - here.0, p.1 - here.1);
                let along = vx * dx + vy * dy;
                let across = (vx * dy - vy * dx).abs();
                (along > 0.0 && (!cone || across <= along * 1.8)).then_some((along + 2.0 * across, a.name))
            })
            .min_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, n)| n)
    };
    scored(true).or_else(|| scored(false))
}

fn layer(i: usize) -> AttrValue {
    STATIC.with(|s| s[i].clone())
}

/// A layer of SVG markup (Yew parses it in the SVG namespace of the `<g>` around it).
fn raw(svg: AttrValue, class: &'static str) -> Html {
    html! { <g class={class}>{ Html::from_html_unchecked(svg) }</g> }
}

/// The part of the map in view: its top left corner and width, in map units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width (the height follows the map's proportions).
    pub w: f64,
}

/// The least width in view: a quarter of the map (four times the whole).
const MIN_WIDTH: f64 = g::WIDTH as f64 / 4.0;

impl View {
    /// The whole map.
    pub const ALL: View = View {
        x: 0.0,
        y: 0.0,
        w: g::WIDTH as f64,
    };

    fn h(&self) -> f64 {
        self.w * f64::from(g::HEIGHT) / f64::from(g::WIDTH)
    }

    /// How far it is zoomed in (1 for the whole map).
    pub fn zoom(&self) -> f64 {
        f64::from(g::WIDTH) / self.w
    }

    /// Kept inside the map.
    fn clamped(self) -> View {
        let w = self.w.clamp(MIN_WIDTH, f64::from(g::WIDTH));
        let v = View { w, ..self };
        let (mw, mh) = (f64::from(g::WIDTH), f64::from(g::HEIGHT));
        View {
            x: v.x.clamp(0.0, mw - w),
            y: v.y.clamp(0.0, mh - v.h()),
            w,
        }
    }

    /// Zoomed by `k` (over 1: in) around the map point `(cx, cy)`, which stays where it is.
    pub fn zoomed(self, k: f64, cx: f64, cy: f64) -> View {
        let w = (self.w / k).clamp(MIN_WIDTH, f64::from(g::WIDTH));
        let s = w / self.w;
        View {
            x: cx - (cx - self.x) * s,
            y: cy - (cy - self.y) * s,
            w,
        }
        .clamped()
    }

    /// Moved by `(dx, dy)` map units.
    pub fn moved(self, dx: f64, dy: f64) -> View {
        View {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
        .clamped()
    }

    /// The view that shows these areas (their names, icons and blocks) with a margin, at most
    /// three times the whole map; the whole map when there are none.
    pub fn fitting(areas: &[String]) -> View {
        // Each area's room, and round its name the room a chance chip may take beside or above
        // it (`chips::chip_spot`), so that the frame needs no change once the plans come.
        let boxes: Vec<(f32, f32, f32, f32)> = areas
            .iter()
            .filter_map(|a| g::area(a))
            .flat_map(|a| {
                let (x, y, w, h) = super::chips::name_box(a);
                let (cw, ch) = super::chips::chip_size("99.9%", 1.0);
                [a.room, (x - cw, y - 1.5 * ch, w + 2.0 * cw, h + 1.5 * ch)]
            })
            .collect();
        if boxes.is_empty() {
            return View::ALL;
        }
        let x0 = boxes.iter().map(|b| b.0).fold(f32::INFINITY, f32::min) as f64;
        let y0 = boxes.iter().map(|b| b.1).fold(f32::INFINITY, f32::min) as f64;
        let x1 = boxes
            .iter()
            .map(|b| b.0 + b.2)
            .fold(f32::NEG_INFINITY, f32::max) as f64;
        let y1 = boxes
            .iter()
            .map(|b| b.1 + b.3)
            .fold(f32::NEG_INFINITY, f32::max) as f64;
        let ratio = f64::from(g::WIDTH) / f64::from(g::HEIGHT);
        let w = ((x1 - x0).max((y1 - y0) * ratio) * 1.15 + 60.0).max(MIN_WIDTH);
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        View {
            x: cx - w / 2.0,
            y: cy - w / ratio / 2.0,
            w,
        }
        .clamped()
    }

    /// Moved so that the point `(px, py)` is in view, with a margin.
    pub fn showing(self, px: f64, py: f64) -> View {
        let m = self.w * 0.15;
        let (mut x, mut y) = (self.x, self.y);
        if px < x + m || px > x + self.w - m {
            x = px - self.w / 2.0;
        }
        if py < y + m || py > y + self.h() - m {
            y = py - self.h() / 2.0;
        }
        View { x, y, ..self }.clamped()
    }

    fn attr(&self) -> String {
        format!("{:.1} {:.1} {:.1} {:.1}", self.x, self.y, self.w, self.h())
    }

    fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h() / 2.0)
    }
}

/// Props of the map.
#[derive(Properties, PartialEq)]
pub struct PictureProps {
    /// Who holds each area, and the colours of those the moving player can attack (`svg::holds`).
    pub holds: AttrValue,
    /// The target's outline and the plan's arrows (`svg::marks`).
    pub marks: AttrValue,
    /// The blocks (`svg::stacks`).
    pub pieces: AttrValue,
    /// The border badges and chance chips, placed afresh at the scale the map is seen at
    /// (`svg::tags`).
    #[prop_or_default]
    pub tags: Rc<Tags>,
    /// The area being set up.
    pub selected: Option<String>,
    /// Each area's name for the screen reader and its tooltip, by name.
    pub labels: Rc<HashMap<String, String>>,
    /// An area was picked (clicked, or Enter on it).
    pub on_pick: Callback<String>,
    /// An area was clicked or tapped (after `on_pick`): the map ranks it if it can be attacked.
    #[prop_or_default]
    pub on_click: Callback<String>,
    /// R on an area: rank every attack on it.
    #[prop_or_default]
    pub on_rank: Callback<String>,
    /// The areas to bring into view when they change (a plan's: its target and where its blocks
    /// come from); none: the whole map.
    #[prop_or_default]
    pub frame: Vec<String>,
}

/// Where the pointers pressed on the map are, and how the view stood then.
#[derive(Default)]
struct Gesture {
    /// Pointers down: id, client x, y.
    down: Vec<(i32, f64, f64)>,
    /// The view when the gesture started (or last changed its number of pointers).
    start: Option<View>,
    /// The pointers' positions then.
    from: Vec<(i32, f64, f64)>,
    /// The pointer moved far enough to be a drag: the click that follows picks nothing.
    dragged: bool,
}

/// The map.
#[function_component]
pub fn Picture(p: &PictureProps) -> Html {
    let view = use_state_eq(|| View::ALL);
    let svg_ref = use_node_ref();
    let gesture = use_mut_ref(Gesture::default);
    // The map's width on the page in CSS pixels, measured after each drawing (and when the window
    // is resized): the badges and chips keep a legible size on screen.
    let width = use_state_eq(|| 0.0f64);
    {
        let (svg_ref, width) = (svg_ref.clone(), width.clone());
        use_effect(move || {
            if let Some(el) = svg_ref.cast::<web_sys::Element>() {
                width.set(el.get_bounding_client_rect().width().round());
            }
        });
    }
    {
        let (svg_ref, width) = (svg_ref.clone(), width.clone());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                gloo::events::EventListener::new(&w, "resize", move |_| {
                    if let Some(el) = svg_ref.cast::<web_sys::Element>() {
                        width.set(el.get_bounding_client_rect().width().round());
                    }
                })
            });
            move || drop(listener)
        });
    }
    let scale = tag_scale(view.w, *width);
    let tags = {
        let tags = p.tags.clone();
        use_memo((tags, (scale * 100.0) as i32), move |(tags, _)| {
            AttrValue::from(svg::tags(tags, scale))
        })
    };
    {
        let view = view.clone();
        use_effect_with(p.frame.clone(), move |areas| view.set(View::fitting(areas)));
    }
    // Map units per client pixel, and the map point under a client point.
    let units = {
        let svg_ref = svg_ref.clone();
        move |v: View| -> (f64, f64, f64) {
            let Some(el) = svg_ref.cast::<web_sys::Element>() else {
                return (1.0, 0.0, 0.0);
            };
            let r = el.get_bounding_client_rect();
            (v.w / r.width().max(1.0), r.left(), r.top())
        }
    };
    let at = {
        let units = units.clone();
        move |v: View, cx: f64, cy: f64| -> (f64, f64) {
            let (k, left, top) = units(v);
            (v.x + (cx - left) * k, v.y + (cy - top) * k)
        }
    };
    let zoom_by = |k: f64| {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| {
            let (cx, cy) = view.centre();
            view.set(view.zoomed(k, cx, cy));
        })
    };
    let reset = {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| view.set(View::ALL))
    };
    let onwheel = {
        let (view, at) = (view.clone(), at.clone());
        Callback::from(move |e: WheelEvent| {
            if !e.ctrl_key() && !e.meta_key() {
                return;
            }
            e.prevent_default();
            let (mx, my) = at(*view, f64::from(e.client_x()), f64::from(e.client_y()));
            let k = (-e.delta_y() / 300.0).exp();
            view.set(view.zoomed(k, mx, my));
        })
    };
    let onpointerdown = {
        let (view, gesture) = (view.clone(), gesture.clone());
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            g.down.retain(|d| d.0 != e.pointer_id());
            g.down.push((
                e.pointer_id(),
                f64::from(e.client_x()),
                f64::from(e.client_y()),
            ));
            g.start = Some(*view);
            g.from = g.down.clone();
            if g.down.len() == 1 {
                g.dragged = false;
            }
        })
    };
    let onpointermove = {
        let (view, gesture, units) = (view.clone(), gesture.clone(), units.clone());
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            let Some(i) = g.down.iter().position(|d| d.0 == e.pointer_id()) else {
                return;
            };
            g.down[i] = (
                e.pointer_id(),
                f64::from(e.client_x()),
                f64::from(e.client_y()),
            );
            let Some(start) = g.start else { return };
            let (k, left, top) = units(start);
            let (down, from) = (g.down.clone(), g.from.clone());
            match (down.as_slice(), from.as_slice()) {
                ([a], [a0]) => {
                    let (dx, dy) = (a.1 - a0.1, a.2 - a0.2);
                    if !g.dragged && dx.hypot(dy) < 6.0 {
                        return;
                    }
                    if start.zoom() <= 1.0 + 1e-9 {
                        // At the whole map a finger scrolls the page.
                        return;
                    }
                    g.dragged = true;
                    if let Some(t) = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    {
                        let _ = t.set_pointer_capture(e.pointer_id());
                    }
                    view.set(start.moved(-dx * k, -dy * k));
                }
                ([a, b], [a0, b0]) => {
                    g.dragged = true;
                    let d0 = (a0.1 - b0.1).hypot(a0.2 - b0.2).max(1.0);
                    let d1 = (a.1 - b.1).hypot(a.2 - b.2).max(1.0);
                    // The point between the fingers at the start stays under them.
                    let (mx0, my0) = ((a0.1 + b0.1) / 2.0, (a0.2 + b0.2) / 2.0);
                    let (mx1, my1) = ((a.1 + b.1) / 2.0, (a.2 + b.2) / 2.0);
                    let (px, py) = (start.x + (mx0 - left) * k, start.y + (my0 - top) * k);
                    let z = start.zoomed(d1 / d0, px, py);
                    let k1 = z.w / start.w * k;
                    view.set(z.moved(-(mx1 - mx0) * k1, -(my1 - my0) * k1));
                }
                _ => {}
            }
        })
    };
    let onpointerup = {
        let (view, gesture) = (view.clone(), gesture.clone());
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            g.down.retain(|d| d.0 != e.pointer_id());
            g.start = Some(*view);
            g.from = g.down.clone();
        })
    };
    let zoomed = view.zoom() > 1.0 + 1e-9;
    let selected = p.selected.clone();
    // One area is in the page's Tab order (a roving tabindex): the one the arrows last reached,
    // else the area being set up, else the first; the arrows move between them.
    let current = use_state(|| None::<String>);
    let tab_stop = (*current)
        .clone()
        .or_else(|| selected.clone())
        .unwrap_or_else(|| AREAS[0].name.to_string());
    let hits = OUTLINES.with(|outlines| {
        AREAS
            .iter()
            .zip(outlines.iter())
            .map(|(a, d)| {
                let name = a.name.to_string();
                let label = p.labels.get(a.name).cloned().unwrap_or_else(|| svg::describe(a.name));
                let pick = {
                    let (on_pick, on_click, name, gesture, current) =
                        (p.on_pick.clone(), p.on_click.clone(), name.clone(), gesture.clone(), current.clone());
                    Callback::from(move |_: MouseEvent| {
                        if !std::mem::take(&mut gesture.borrow_mut().dragged) {
                            current.set(Some(name.clone()));
                            on_pick.emit(name.clone());
                            on_click.emit(name.clone());
                        }
                    })
                };
                let key = {
                    let (on_pick, on_rank, name, svg_ref, current) =
                        (p.on_pick.clone(), p.on_rank.clone(), name.clone(), svg_ref.clone(), current.clone());
                    Callback::from(move |e: KeyboardEvent| {
                        let k = e.key();
                        if e.ctrl_key() || e.meta_key() || e.alt_key() {
                            return;
                        }
                        if k == "Enter" || k == " " {
                            e.prevent_default();
                            on_pick.emit(name.clone());
                            // Picked by the keyboard: on to the area's editor.
                            crate::shell::focus::focus_soon(vec!["#area-h".to_string()]);
                        } else if k == "r" || k == "R" {
                            e.prevent_default();
                            on_rank.emit(name.clone());
                        } else if let Some(to) = next_area(&name, &k) {
                            e.prevent_default();
                            current.set(Some(to.to_string()));
                            let hit = svg_ref
                                .cast::<web_sys::Element>()
                                .and_then(|svg| svg.query_selector(&format!(".hit[data-area=\"{to}\"]")).ok().flatten())
                                .and_then(|el| el.dyn_into::<web_sys::SvgElement>().ok());
                            if let Some(h) = hit {
                                let _ = h.focus();
                            }
                        }
                    })
                };
                // Tabbing to an area of a zoomed map brings it into view.
                let focus = {
                    let (view, name, current) = (view.clone(), name.clone(), current.clone());
                    Callback::from(move |e: FocusEvent| {
                        current.set(Some(name.clone()));
                        // Only for the keyboard: a click leaves the view where the user put it.
                        let keyboard = e
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                            .is_some_and(|el| el.matches(":focus-visible").unwrap_or(false));
                        if !keyboard {
                            return;
                        }
                        if let Some(s) = g::area(&name) {
                            view.set(view.showing(f64::from(s.label.0), f64::from(s.label.1)));
                        }
                    })
                };
                let on = selected.as_deref() == Some(a.name);
                let stop = tab_stop == a.name;
                let tabindex = if stop { "0" } else { "-1" };
                html! {
                    <path class={classes!("hit", on.then_some("selected"))} d={d.clone()} {tabindex} role="button"
                        aria-label={label.clone()} aria-pressed={if on { "true" } else { "false" }} data-area={name}
                        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Enter R" aria-describedby="map-hint"
                        data-landing={stop.then_some("")}
                        onclick={pick} onkeydown={key} onfocus={focus}>
                        <title>{label}</title>
                    </path>
                }
            })
            .collect::<Html>()
    });
    html! {
        <div class={classes!("map-frame", zoomed.then_some("zoomed"))} data-testid="map" data-zoom={format!("{:.2}", view.zoom())}>
            <svg ref={svg_ref} class="bwm map-svg" viewBox={view.attr()} role="group" aria-labelledby="map-title"
                {onwheel} {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup}>
                <title id="map-title">{"Map of England and Wales: each area of Richard III is a button that picks it to set up"}</title>
                { raw(layer(0), "defs") }
                <g clip-path="url(#bwm-frame)">
                    { raw(layer(1), "below") }
                    { raw(p.holds.clone(), "holds") }
                    { raw(layer(2), "middle") }
                    { raw(p.marks.clone(), "marks") }
                    { raw(layer(3), "upper") }
                    { raw(p.pieces.clone(), "pieces") }
                    { raw((*tags).clone(), "tags") }
                    { raw(layer(4), "legend") }
                    <g class="hits">{hits}</g>
                </g>
                { raw(layer(5), "frame") }
            </svg>
            <p class="small muted map-hint" id="map-hint" data-testid="map-hint">
                <kbd>{"←↑↓→"}</kbd>{" move between areas · "}<kbd>{"Enter"}</kbd>{" sets one up · "}
                <kbd>{"R"}</kbd>{" ranks every attack on it · a click on an area you can attack ranks it"}</p>
            <div class="map-zoom" role="group" aria-label="Zoom the map">
                <button class="icon" aria-label="Zoom in" title="Zoom in (Ctrl+wheel, or two fingers)" onclick={zoom_by(1.6)}
                    disabled={view.w <= MIN_WIDTH + 1e-6} data-testid="zoom-in">{"+"}</button>
                <button class="icon" aria-label="Zoom out" title="Zoom out" onclick={zoom_by(1.0 / 1.6)} disabled={!zoomed}
                    data-testid="zoom-out">{"−"}</button>
                <button class="icon" aria-label="Show the whole map" title="The whole map" onclick={reset} disabled={!zoomed}
                    data-testid="zoom-all">{"⤢"}</button>
            </div>
        </div>
    }
}

/// The dynamic layers for a scene: who holds what, the marks, the blocks (markup), and the
/// badges and chips to place at the scale the map is seen at.
pub fn layers(scene: &Scene) -> (AttrValue, AttrValue, AttrValue, Rc<Tags>) {
    (
        svg::holds(scene).into(),
        svg::marks(scene).into(),
        svg::stacks(scene).into(),
        Rc::new(Tags::of(scene)),
    )
}

/// The least size of a badge's or chip's text on screen, in CSS pixels (issue 36: legible on a
/// phone, where the whole map is some 360 px wide).
pub const TAG_TEXT_PX: f64 = 12.0;

/// The scale of the badges and chips (1: their size in map units, `svg::tags`) for a view `w`
/// map units wide drawn `width_px` CSS pixels wide: enough for [`TAG_TEXT_PX`], in steps of a
/// twentieth so that a pinch redraws them seldom; 1 before the map is measured.
pub fn tag_scale(w: f64, width_px: f64) -> f32 {
    if width_px <= 0.0 {
        return 1.0;
    }
    let px_per_unit = width_px / w;
    let k = TAG_TEXT_PX / (f64::from(super::chips::TEXT) * px_per_unit);
    ((k * 20.0).ceil() / 20.0).max(1.0) as f32
}
